from django.urls import path

from . import views

app_name = "groups"

urlpatterns = [
    path("new/", views.new_group, name="new"),
    path("import/", views.import_history, name="import"),
    path("<str:group_id>/", views.group_page, name="group"),
    path("<str:group_id>/players/", views.players, name="players"),
    path("<str:group_id>/players/<int:player_id>/", views.rename, name="rename"),
    path("<str:group_id>/tables/new/", views.new_table, name="new-table"),
    path("<str:group_id>/export.csv", views.export_history, name="export"),
    path("<str:group_id>/summary.csv", views.export_summary, name="summary"),
]
