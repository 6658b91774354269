from django.urls import path, register_converter

from . import views
from .models import GROUP_ID_RE


class GroupIdConverter:
    """A group id: URL-safe base64 (``secrets.token_urlsafe``). Anything else is a 404 before any query:
    PostgreSQL answers a NUL character in a lookup with a server error, not with an empty result."""

    regex = GROUP_ID_RE

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class PlayerIdConverter:
    """A player's row id: at most 18 digits, so that it always fits a 64-bit integer column."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(GroupIdConverter, "group_id")
register_converter(PlayerIdConverter, "player_id")

app_name = "groups"

urlpatterns = [
    path("new/", views.new_group, name="new"),
    path("import/", views.import_history, name="import"),
    path("<group_id:group_id>/", views.group_page, name="group"),
    path("<group_id:group_id>/players/", views.players, name="players"),
    path("<group_id:group_id>/players/<player_id:player_id>/", views.rename, name="rename"),
    path("<group_id:group_id>/tables/new/", views.new_table, name="new-table"),
    path("<group_id:group_id>/export.csv", views.export_history, name="export"),
    path("<group_id:group_id>/summary.csv", views.export_summary, name="summary"),
]
