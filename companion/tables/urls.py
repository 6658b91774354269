from django.urls import path

from . import api, lay_checker, share, views

app_name = "tables"

urlpatterns = [
    path("", views.home, name="home"),
    path("tables/new/<slug:slug>/", views.new_table, name="new"),
    path("tables/<str:table_id>/", views.sheet, name="sheet"),
    path("tables/<str:table_id>/history/", views.history, name="history"),
    path("tables/<str:table_id>/export.csv", views.export_csv, name="export"),
    path("tables/<str:table_id>/edit/<str:token>/", views.edit, name="edit"),
    path("tables/<str:table_id>/edit/<str:token>/rounds/<int:seq>/", views.correct, name="correct"),
    path("tables/<str:table_id>/edit/<str:token>/rounds/<int:seq>/delete/", views.delete, name="delete"),
    path("tables/<str:table_id>/edit/<str:token>/finish/", views.finish, name="finish"),
    path("tables/<str:table_id>/share/", share.share, name="share-view"),
    path("tables/<str:table_id>/edit/<str:token>/share/", share.share, name="share"),
    path("rami/pose/", lay_checker.page, name="rami-melds"),
    path("api/games", api.games, name="api-games"),
    path("api/games/rami/melds", lay_checker.api_melds, name="api-rami-melds"),
    path("api/games/<str:slug>", api.game, name="api-game"),
    path("api/tables", api.tables, name="api-tables"),
    path("api/tables/<str:table_id>", api.table, name="api-table"),
    path("api/tables/<str:table_id>/rounds", api.rounds, name="api-rounds"),
    path("api/tables/<str:table_id>/rounds/<int:number>", api.round_detail, name="api-round"),
    path("api/tables/<str:table_id>/finish", api.finish, name="api-finish"),
]
