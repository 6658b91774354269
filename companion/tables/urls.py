from django.urls import path

from companion import converters  # noqa: F401  (registers <key:…>)
from companion.web import parts

from . import api, play_pages, share, views

app_name = "tables"

urlpatterns = [
    path("", views.home, name="home"),
    path("tables/new/<slug:slug>/", views.new_table, name="new"),
    path("tables/<key:table_id>/", views.sheet, name="sheet"),
    path("tables/<key:table_id>/history/", views.history, name="history"),
    path("tables/<key:table_id>/export.csv", views.export_csv, name="export"),
    path("tables/<key:table_id>/edit/<key:token>/", views.edit, name="edit"),
    path("tables/<key:table_id>/edit/<key:token>/history/", views.edit_history, name="edit-history"),
    path("tables/<key:table_id>/edit/<key:token>/rounds/<int:seq>/", views.correct, name="correct"),
    path("tables/<key:table_id>/edit/<key:token>/rounds/<int:seq>/delete/", views.delete, name="delete"),
    path("tables/<key:table_id>/edit/<key:token>/finish/", views.finish, name="finish"),
    path("tables/<key:table_id>/edit/<key:token>/confirm/<slug:action>/", views.confirm, name="confirm"),
    path("tables/<key:table_id>/edit/<key:token>/reopen/", views.reopen, name="reopen"),
    path("tables/<key:table_id>/edit/<key:token>/restore/", views.restore, name="restore"),
    path("tables/<key:table_id>/edit/<key:token>/rematch/", views.rematch, name="rematch"),
    path("tables/<key:table_id>/share/", share.share, name="share-view"),
    path("tables/<key:table_id>/edit/<key:token>/share/", share.share, name="share"),
    # Digital play: a seat's own page, pass-and-play on the edit link, the spectators; each with its poll.
    path("tables/<key:table_id>/seat/<key:token>/", play_pages.seat, name="seat"),
    path("tables/<key:table_id>/seat/<key:token>/live/", play_pages.seat_live, name="seat-live"),
    path("tables/<key:table_id>/edit/<key:token>/play/", play_pages.pass_play, name="pass-play"),
    path("tables/<key:table_id>/edit/<key:token>/play/live/", play_pages.pass_play_live, name="pass-play-live"),
    path("tables/<key:table_id>/play/", play_pages.spectate, name="spectate"),
    path("tables/<key:table_id>/play/live/", play_pages.spectate_live, name="spectate-live"),
    path("api/openapi.json", api.openapi_document, name="api-openapi"),
    path("api/games", api.games, name="api-games"),
    # A game folder's own pages and API routes (its tools.py), before the catch-all game route below.
    *(route for tools in parts.tools() for route in tools.urlpatterns),
    path("api/games/<str:slug>", api.game, name="api-game"),
    path("api/tables", api.tables, name="api-tables"),
    path("api/tables/<key:table_id>", api.table, name="api-table"),
    path("api/tables/<key:table_id>/rounds", api.rounds, name="api-rounds"),
    path("api/tables/<key:table_id>/rounds/<int:number>", api.round_detail, name="api-round"),
    path("api/tables/<key:table_id>/finish", api.finish, name="api-finish"),
    path("api/tables/<key:table_id>/reopen", api.reopen, name="api-reopen"),
    path("api/tables/<key:table_id>/rematch", api.rematch, name="api-rematch"),
    path("api/tables/<key:table_id>/play", api.play, name="api-play"),
    path("api/tables/<key:table_id>/seats/<int:seat>", api.seat_holder, name="api-seat"),
]
