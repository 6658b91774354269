"""``manage.py import_all FILE``: restore a file made by ``export_all`` into an empty database."""

from django.core.management.base import BaseCommand, CommandError

from companion.groups.backup import RestoreRefused, import_lines


class Command(BaseCommand):
    help = "Restore a file written by export_all into an empty database (refuses a database holding anything)."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **options):
        try:
            with open(options["file"], encoding="utf-8") as f:
                counts = import_lines(f)
        except OSError as e:
            raise CommandError(f"cannot read {options['file']}: {e.strerror}") from None
        except RestoreRefused as e:
            raise CommandError(f"nothing restored: {e}") from None
        self.stdout.write("restored: " + ", ".join(f"{n} {kind}s" for kind, n in counts.items()))
