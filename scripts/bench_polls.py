#!/usr/bin/env python
"""Time the live poll's 304 (the answer every phone gets about once a second), the way it was and the way it is.

    .venv/bin/python scripts/bench_polls.py [--polls 300] [--rounds 4]

Builds a throwaway SQLite database (or uses DATABASE_URL): a Barbu table played on Atout (three humans, a bot; the
first seat taken by this process's phone) and a Rami score sheet. Then, through Django's test client in this one
process, times ``--polls`` polls that answer 304 for each way and each page, the ways interleaved (A, B, C, A, B,
C… ``--rounds`` times) so that a machine shared with others slows each alike:

* ``before``: the views' own way (the ORM: the table, the seat's row among the table's seats, the deal's view built
  on a seat's poll, then the tag) — :func:`companion.tables.polls.not_modified` turned off;
* ``values_list``: the fast answer with its one row read by ``.values_list`` built for each poll (the query built
  by the ORM each time);
* ``raw``: the fast answer as shipped (SQL written once, one cursor call).

A ``.values_list`` query compiled once and kept is the same SQL text executed the same way as ``raw``: what
differs is building it, which is what ``values_list`` measures. Also times the row read alone (raw and
values_list). Prints the median microseconds per poll over the rounds, and the best round. Not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import scratch_django

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--polls", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()

    scratch_django.setup()
    from django.test import Client

    from companion.tables import digital, ledger, polls
    from companion.tables.models import Seat, Table

    table, _ = ledger.create_table("barbu", ["Ana", "Bea", "Cid", "Dan"], {})
    tokens = digital.enable(table, [3], "quick")
    sheet, edit_token = ledger.create_table("rami", ["Ana", "Bea", "Cid"], {})
    phone = Client(HTTP_ACCEPT_LANGUAGE="fr", HTTP_HOST="127.0.0.1")
    seat_page = f"/tables/{table.id}/seat/{tokens[0]}/"
    assert phone.post(seat_page, {"claim": "1"}).status_code == 302
    pages = {
        "seat page poll": seat_page + "live/",
        "spectators' poll": f"/tables/{table.id}/play/live/",
        "score sheet poll (edit link)": f"/tables/{sheet.id}/edit/{edit_token}/live/",
        "API poll": f"/api/tables/{sheet.id}",
    }
    tags = {}
    for label, url in pages.items():
        response = phone.get(url)
        assert response.status_code == 200, (label, response.status_code)
        tags[label] = response["ETag"]

    fast_answer = polls.not_modified
    fast_move_on = polls.move_on
    raw_read = polls.read_row

    def orm_read(table_id, seat_id):
        # No .first(): it would add the table's ORDER BY. Two reads on primary keys for a seat's poll.
        row = next(iter(Table.objects.filter(pk=table_id).values_list(
            "version", "move_count", "players", "digital", "edit_token_hash")), None)
        if row is None or seat_id is None:
            return row
        seat = next(iter(Seat.objects.filter(pk=seat_id, table_id=table_id).values_list("token_hash", "bind_hash")), None)
        return (*row, *(seat or (None, None)))

    def old_move_on(t):  # what a play page's poll did before: the spectators' view built, bots moved on in it
        if t.digital:
            digital.view(t, None)

    def way(name):
        polls.not_modified = (lambda *a, **k: None) if name == "before" else fast_answer
        polls.move_on = old_move_on if name == "before" else fast_move_on
        polls.read_row = orm_read if name == "values_list" else raw_read

    ways = ["before", "values_list", "raw"]
    results: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.rounds):
        for name in ways:
            way(name)
            for label, url in pages.items():
                start = time.perf_counter()
                for _ in range(args.polls):
                    response = phone.get(url, HTTP_IF_NONE_MATCH=tags[label])
                    assert response.status_code == 304, (name, label, response.status_code)
                results.setdefault((label, name), []).append((time.perf_counter() - start) / args.polls * 1e6)
    way("raw")

    seat_id = Seat.objects.get(table=table, seat=0).pk
    reads = {}
    for _ in range(args.rounds):
        for name, read in (("values_list", orm_read), ("raw", raw_read)):
            start = time.perf_counter()
            for _ in range(args.polls):
                read(table.id, seat_id)
            reads.setdefault(name, []).append((time.perf_counter() - start) / args.polls * 1e6)

    width = max(len(label) for label in pages) + 2
    print(f"{'':<{width}}" + "".join(f"{w:>22}" for w in ways) + f"{'raw vs before':>16}")
    for label in pages:
        cells = [results[(label, w)] for w in ways]
        gain = statistics.median(cells[0]) / statistics.median(cells[2])
        print(f"{label:<{width}}" + "".join(f"{f'{statistics.median(c):.0f} µs ({min(c):.0f})':>22}" for c in cells)
              + f"{f'{gain:.1f}× faster':>16}")
    print(f"{'the row read alone (seat)':<{width}}{'':>22}"
          + "".join(f"{f'{statistics.median(reads[w]):.0f} µs ({min(reads[w]):.0f})':>22}" for w in ("values_list", "raw")))
    print(f"(µs per 304 through the test client, median of {args.rounds} interleaved rounds of {args.polls} polls, best "
          f"round in brackets; database {os.environ['DATABASE_URL'].split(':')[0]})")


if __name__ == "__main__":
    main()
