"""Django on a throwaway SQLite database, migrated, for the benchmark scripts that time the app in-process
(bench_polls.py, bench_table_reads.py): what a fresh ``make run`` would serve, nothing kept afterwards."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup() -> None:
    """Settings for a scratch database (unless DATABASE_URL names one), Django set up, the schema migrated."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")
    tmp = tempfile.mkdtemp(prefix="atout-bench-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{tmp}/bench.sqlite3")
    os.environ.setdefault("DEBUG", "1")
    os.environ.setdefault("LOG_LEVEL", "ERROR")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
