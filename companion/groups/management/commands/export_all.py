"""``manage.py export_all FILE``: every group, player, table and event to one file (``-`` for stdout)."""

import sys

from django.core.management.base import BaseCommand

from companion.groups.backup import export_lines


class Command(BaseCommand):
    help = "Write every group, player, table and event (the whole record) to one JSON-lines file."

    def add_arguments(self, parser):
        parser.add_argument("file", help="where to write; - for standard output")

    def handle(self, *args, **options):
        if options["file"] == "-":
            sys.stdout.writelines(export_lines())
            return
        with open(options["file"], "w", encoding="utf-8", newline="\n") as out:
            lines = 0
            for line in export_lines():
                out.write(line)
                lines += 1
        self.stderr.write(f"{lines} lines written to {options['file']}")
