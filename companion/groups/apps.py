from django.apps import AppConfig


class GroupsConfig(AppConfig):
    name = "companion.groups"
    verbose_name = "Groups"

    def ready(self):
        # Tables know nothing of groups: a group's table is made, and its edit token worked out, by what this
        # app hands in (the rematch of a group's table needs both).
        from companion.tables import ledger

        from . import access, services

        ledger.register_group_tables(ledger.GroupTables(edit_token=access.table_edit_token,
                                                        create=services.create_group_table))
