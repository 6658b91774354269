from django.urls import path

from . import views

app_name = "rulebook"

urlpatterns = [
    path("", views.index, name="index"),
    path("search", views.search, name="search"),
    path("comment-atout-compte/", views.guide, name="guide"),
    # Any text, so that accented names and aliases ("chasse-cœur", "dame-de-pique") reach the view and redirect.
    path("<str:slug>/", views.game, name="game"),
]
