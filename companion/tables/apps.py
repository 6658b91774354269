from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "companion.tables"
    verbose_name = "Tables"

    def ready(self):
        # An error page under /tables/<id>/ leads back to that table's read-only page (companion.errors imports
        # no app: each hands in what its addresses name).
        from companion import errors

        from . import access

        errors.register_way_back(access.table_link)
