from django.urls import include, path
from django.views.i18n import set_language

from companion.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("i18n/setlang/", set_language, name="set_language"),
    path("rules/", include("companion.rulebook.urls")),
    path("groups/", include("companion.groups.urls")),
    path("", include("companion.pwa.urls")),
    path("", include("companion.tables.urls")),
]

handler400 = "companion.errors.bad_request"
handler403 = "companion.errors.permission_denied"
handler404 = "companion.errors.not_found"
handler500 = "companion.errors.server_error"
