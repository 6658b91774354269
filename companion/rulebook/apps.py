from django.apps import AppConfig


class RulebookConfig(AppConfig):
    name = "companion.rulebook"
    verbose_name = "Rulebook"
