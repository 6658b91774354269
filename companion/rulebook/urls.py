from django.urls import path

from . import views

app_name = "rulebook"

urlpatterns = [
    path("", views.index, name="index"),
    path("search", views.search, name="search"),
    path("<slug:slug>/", views.game, name="game"),
]
