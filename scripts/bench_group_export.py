#!/usr/bin/env python
"""Stream a large group's history CSV and report time to first byte, total time and peak memory; time its page.

    .venv/bin/python scripts/bench_group_export.py [--rows 100000] [--keep]

Builds a throwaway SQLite database (or uses DATABASE_URL if set — then the group is left in it only with
--keep), fills one group with finished four-player Barbu tables (20 rows each) up to --rows history rows, and
calls the export view twice: once for timings, once under tracemalloc for the peak of Python memory while the
whole file is streamed. The same is done for a tenth of the rows: a flat peak means memory does not grow with
the history. The group page is then timed on its first view (every table replayed, its summary kept) and on the
next one (summaries read back, nothing replayed). Not a test: it prints numbers.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

ROWS_PER_TABLE = 20  # five rounds, four players
ENTRIES = [
    {"tricks": [4, 3, 5, 1]},
    {"hearts": [2, 6, 0, 5]},
    {"queens": [1, 0, 2, 1]},
    {"king_of_hearts": 2},
    {"tricks": [3, 4, 2, 4], "hearts": [1, 5, 3, 4], "queens": [0, 2, 1, 1], "king_of_hearts": 3},
]


def build_group(name: str, rows: int):
    from companion.groups.models import Group
    from companion.groups.services import create_group
    from companion.tables.models import Event, Table, new_table_id

    group: Group = create_group(name, ["Ana", "Bea", "Cid", "Dan"])
    options = {"king_stops_play": True, "five_players_removed": "2C-2D", "series": False}
    for start in range(0, rows // ROWS_PER_TABLE, 1000):
        count = min(1000, rows // ROWS_PER_TABLE - start)
        tables = [Table(id=new_table_id(), game="barbu", players=["Ana", "Bea", "Cid", "Dan"], options=options,
                        edit_token_hash="-", group=group, version=len(ENTRIES)) for _ in range(count)]
        Table.objects.bulk_create(tables)
        Event.objects.bulk_create([Event(table=t, seq=i + 1, kind=Event.ROUND, data=e)
                                   for t in tables for i, e in enumerate(ENTRIES)], batch_size=2000)
    return group


def stream(group_id: str, trace: bool) -> dict:
    from django.test import RequestFactory

    from companion.groups.views import export_history

    request = RequestFactory().get(f"/groups/{group_id}/export.csv")
    if trace:
        tracemalloc.start()
    started = time.perf_counter()
    response = export_history(request, group_id)
    chunks = iter(response.streaming_content)
    first = next(chunks)
    first_at = time.perf_counter() - started
    size, lines = len(first), 1
    for chunk in chunks:
        size += len(chunk)
        lines += 1
    total = time.perf_counter() - started
    peak = 0
    if trace:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    response.close()
    return {"first": first_at, "total": total, "bytes": size, "lines": lines, "peak": peak}


def page(group_id: str) -> tuple[float, int]:
    from django.db import connection
    from django.test import RequestFactory
    from django.test.utils import CaptureQueriesContext

    from companion.groups.views import group_page

    request = RequestFactory(HTTP_HOST="localhost").get(f"/groups/{group_id}/")
    started = time.perf_counter()
    with CaptureQueriesContext(connection) as queries:
        response = group_page(request, group_id)
    assert response.status_code == 200, response.status_code
    return time.perf_counter() - started, len(queries)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000, help="history rows of the large group")
    parser.add_argument("--keep", action="store_true", help="keep the groups (with DATABASE_URL)")
    args = parser.parse_args()
    tmp = None
    if "DATABASE_URL" not in os.environ:
        tmp = tempfile.TemporaryDirectory()
        os.environ["DATABASE_URL"] = f"sqlite:///{tmp.name}/bench.sqlite3"
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    from companion.groups.models import Group

    made = []
    try:
        for rows in (args.rows // 10, args.rows):
            t0 = time.perf_counter()
            group = build_group(f"Banc d'essai {rows}", rows)
            made.append(group.pk)
            print(f"{rows:>8} rows: group built in {time.perf_counter() - t0:.1f} s")
            timed = stream(group.pk, trace=False)
            traced = stream(group.pk, trace=True)
            print(f"{'':>8}       first byte after {timed['first'] * 1000:.1f} ms, whole file in {timed['total']:.2f} s, "
                  f"{timed['bytes'] / 1e6:.1f} MB in {timed['lines']} lines")
            print(f"{'':>8}       peak Python memory while streaming: {traced['peak'] / 1e6:.2f} MB")
            (cold, cold_q), (warm, warm_q) = page(group.pk), page(group.pk)
            print(f"{'':>8}       group page: first view {cold:.2f} s ({cold_q} queries), next view {warm:.2f} s "
                  f"({warm_q} queries)")
    finally:
        if not args.keep:
            Group.objects.filter(pk__in=made).delete()  # tables stay ungrouped only if kept: drop them too
            from companion.tables.models import Table

            Table.objects.filter(group__isnull=True, edit_token_hash="-").delete()
        if tmp is not None:
            tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
