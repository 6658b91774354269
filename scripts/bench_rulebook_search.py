#!/usr/bin/env python
"""Time the rulebook search: index build, then queries through the function and through the whole Django view.

    .venv/bin/python scripts/bench_rulebook_search.py [--rounds N]

Prints the cold index build per language and, per query, the median and worst time over N rounds; ends with
"OK" when every warm request answers under the 100 ms budget, "SLOW" otherwise (exit status 1).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "companion.settings")

BUDGET_MS = 100.0
QUERIES = [
    ("fr", "rami sec"), ("fr", "coeur"), ("fr", "Cœur"), ("fr", "pioche forcée empereur"), ("fr", "excuse"),
    ("fr", "dame de pique"), ("fr", "que vaut le valet à la belote"), ("fr", "a"), ("fr", "xylophone"),
    ("fr", "nain jaune grand opéra"), ("en", "rami sec"), ("en", "king of hearts"), ("en", "trumps"),
    ("fr", "é" * 100),
]


def ms(seconds: float) -> float:
    return seconds * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()

    import django

    django.setup()
    from django.test import Client

    from companion.rulebook import book, search

    book._entry.cache_clear()
    search._index.cache_clear()
    for lang in ("fr", "en"):
        t = time.perf_counter()
        idx = search.index(lang)
        print(f"index {lang}: built in {ms(time.perf_counter() - t):6.1f} ms "
              f"({len(idx.docs)} passages, {len(idx.vocab)} words)")

    print(f"\n{'query':<34} {'lang':<4} {'hits':>5} {'search() median/max':>22} {'GET /rules/search median/max':>30}")
    client = Client(HTTP_HOST="localhost")
    for lang in ("fr", "en"):  # the first request compiles the templates: not what a user waits for
        client.get("/rules/search", {"q": "atout"}, HTTP_ACCEPT_LANGUAGE=lang)
    worst = 0.0
    for lang, q in QUERIES:
        fn_times, view_times = [], []
        hits = 0
        for _ in range(args.rounds):
            t = time.perf_counter()
            hits = search.search(q, lang).total
            fn_times.append(ms(time.perf_counter() - t))
            t = time.perf_counter()
            response = client.get("/rules/search", {"q": q}, HTTP_ACCEPT_LANGUAGE=lang)
            view_times.append(ms(time.perf_counter() - t))
            assert response.status_code == 200, (q, response.status_code)
        worst = max(worst, max(view_times))
        label = q if len(q) <= 32 else q[:29] + "…"
        print(f"{label:<34} {lang:<4} {hits:>5} {statistics.median(fn_times):>9.2f} /{max(fn_times):>7.2f} ms"
              f" {statistics.median(view_times):>14.2f} /{max(view_times):>7.2f} ms")
    verdict = "OK" if worst < BUDGET_MS else "SLOW"
    print(f"\nworst warm request: {worst:.1f} ms (budget {BUDGET_MS:.0f} ms): {verdict}")
    return 0 if verdict == "OK" else 1


if __name__ == "__main__":
    sys.exit(main())
