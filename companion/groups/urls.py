from django.urls import path, register_converter

from companion import converters  # noqa: F401  (registers <key:…>)

from . import views


class PlayerIdConverter:
    """A player's row id: at most 18 digits, so that it always fits a 64-bit integer column."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(PlayerIdConverter, "player_id")

app_name = "groups"

urlpatterns = [
    path("new/", views.new_group, name="new"),
    path("import/", views.import_history, name="import"),
    path("<key:group_id>/", views.group_page, name="group"),
    path("<key:group_id>/players/", views.players, name="players"),
    path("<key:group_id>/players/<player_id:player_id>/", views.rename, name="rename"),
    path("<key:group_id>/players/<player_id:player_id>/merge/", views.merge, name="merge"),
    path("<key:group_id>/players/<player_id:player_id>/delete/", views.delete_player, name="delete-player"),
    path("<key:group_id>/tables/new/", views.new_table, name="new-table"),
    path("<key:group_id>/import/", views.import_into, name="import-into"),
    path("<key:group_id>/export.csv", views.export_history, name="export"),
    path("<key:group_id>/summary.csv", views.export_summary, name="summary"),
]
