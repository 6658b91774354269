from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "companion.tables"
    verbose_name = "Tables"

    def ready(self) -> None:
        import importlib
        import pkgutil

        from . import gameforms

        for mod in pkgutil.iter_modules(gameforms.__path__):
            importlib.import_module(f"{gameforms.__name__}.{mod.name}")
