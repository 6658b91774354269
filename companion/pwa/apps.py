from django.apps import AppConfig


class PwaConfig(AppConfig):
    name = "companion.pwa"
    label = "pwa"
    verbose_name = "Installable app and offline use"
