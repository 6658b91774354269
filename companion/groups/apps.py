from django.apps import AppConfig


class GroupsConfig(AppConfig):
    name = "companion.groups"
    verbose_name = "Groups"
