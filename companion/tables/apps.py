from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "companion.tables"
    verbose_name = "Tables"
