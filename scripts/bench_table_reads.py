#!/usr/bin/env python
"""Time a table's reads and writes at round 5 and at round 500, with the kept state and with a full replay.

    .venv/bin/python scripts/bench_table_reads.py [--rounds 500] [--repeat 30]

Builds a throwaway SQLite database (or uses DATABASE_URL), two three-player Rami tables (5 and --rounds deals,
entered through the ledger), and times through Django's test client, in this one process: the table's API
answer, its 304 poll, its page, its history page, and a new round (POST). Each is timed twice: with the state
kept by version (what the app does) and with the kept state dropped before every request, i.e. a full replay of
the record as every read did before. Prints the median of --repeat tries in milliseconds, and the best one (on
a shared machine, the best is the closer to what the request costs). Not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

import scratch_django

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

PLAYERS = ["Ana", "Bea", "Cid"]
DEALS = [
    {"winner": 0, "hands": [None, {"cards": ["10H", "KS", "JK"]}, {"laid_nothing": True}]},
    {"winner": 1, "hands": [{"cards": ["2C", "QD", "7H"]}, None, {"points": 31}]},
    {"winner": 2, "hands": [{"points": 23}, {"cards": ["AS", "AD", "2C"]}, None]},
]


def build(rounds: int):
    from companion.tables import ledger

    table, token = ledger.create_table("rami", PLAYERS, {})
    for i in range(rounds):
        ledger.add_round(table.id, DEALS[i % len(DEALS)])
    return table.id, token


def timed(fn, repeat: int, before=None) -> float:
    samples = []
    for _ in range(repeat):
        if before:
            before()
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000, min(samples) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()

    scratch_django.setup()
    from django.test import Client

    from companion.tables import ledger
    from companion.tables.models import Table

    sizes = {5: build(5), args.rounds: build(args.rounds)}
    client = Client(HTTP_ACCEPT_LANGUAGE="fr", HTTP_HOST="127.0.0.1")

    def check(response, status=200):
        assert response.status_code == status, (response.status_code, response.content[:300])
        return response

    rows = []
    for label, make in [
        ("API read (GET /api/tables/<id>)", lambda tid, tok: lambda: check(client.get(f"/api/tables/{tid}"))),
        ("poll, nothing new (304)", lambda tid, tok: (lambda etag: lambda: check(
            client.get(f"/api/tables/{tid}", HTTP_IF_NONE_MATCH=etag), 304))(client.get(f"/api/tables/{tid}")["ETag"])),
        ("page (GET /tables/<id>/)", lambda tid, tok: lambda: check(client.get(f"/tables/{tid}/"))),
        ("edit page (GET …/edit/<token>/)", lambda tid, tok: lambda: check(client.get(f"/tables/{tid}/edit/{tok}/"))),
        ("history page", lambda tid, tok: lambda: check(client.get(f"/tables/{tid}/history/"))),
        ("new round (POST …/rounds)", lambda tid, tok: lambda: check(client.post(
            f"/api/tables/{tid}/rounds", json.dumps(DEALS[0]), content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {tok}"), 201)),
    ]:
        row = [label]
        for n in sizes:
            tid, tok = sizes[n]
            ledger.load(Table.objects.get(pk=tid))  # warm: this process holds the table's current version
            row.append(timed(make(tid, tok), args.repeat))
        tid, tok = sizes[args.rounds]
        row.append(timed(make(tid, tok), args.repeat, before=ledger.cache.clear))
        rows.append(row)

    head = ["", "round 5", f"round {args.rounds}", f"round {args.rounds}, full replay"]
    width = max(len(r[0]) for r in rows) + 2
    print(f"{head[0]:<{width}}" + "".join(f"{h:>28}" for h in head[1:]))
    for r in rows:
        print(f"{r[0]:<{width}}" + "".join(f"{f'{m:.1f} ms ({b:.1f})':>28}" for m, b in r[1:]))
    print(f"(median of {args.repeat}, best in brackets; database {os.environ['DATABASE_URL'].split(':')[0]}; rounds grow by "
          f"{args.repeat} per table during the POST rows)")


if __name__ == "__main__":
    main()
