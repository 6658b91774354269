from django.urls import path

from companion import converters  # noqa: F401  (registers <key:…>)

from . import views

app_name = "pwa"

urlpatterns = [
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.service_worker, name="sw"),
    path("offline/", views.offline, name="offline"),
    path("pwa/precache.json", views.precache, name="precache"),
    path("tables/<key:table_id>/live/", views.live, name="live"),
    path("tables/<key:table_id>/edit/<key:token>/live/", views.live, name="live-edit"),
]
