#!/usr/bin/env python
"""Print runs of ``scripts/load.py --json`` side by side: requests per second, the server's CPU a request and in
all, and p50 / p95 (ms) of each kind of request.

    .venv/bin/python scripts/load.py --json --phones 100 … > before.json
    .venv/bin/python scripts/load.py --json --phones 100 … > after.json
    .venv/bin/python scripts/load_side_by_side.py before=before.json after=after.json

Each argument is ``label=file`` (or a file, labelled by its name). Not a test.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

KINDS = ["poll", "change", "round", "round_seen", "play_poll", "play_change", "move", "card_seen", "healthz", "page"]


def main(argv: list[str]) -> int:
    runs = []
    for arg in argv:
        label, _, name = arg.rpartition("=")
        text = Path(name).read_text()
        runs.append((label or Path(name).stem, json.loads(text[text.index("{"):])))
    width = 16
    print(f"{'':<24}" + "".join(f"{label:>{width}}" for label, _ in runs))

    def row(title: str, cell) -> None:
        print(f"{title:<24}" + "".join(f"{cell(r):>{width}}" for _, r in runs))

    row("phones · tables", lambda r: f"{r['phones']} · {r['tables']}")
    row("seconds", lambda r: f"{r['seconds']:.0f}")
    row("requests/s", lambda r: f"{r['requests_per_s']:.0f}")
    row("server CPU s", lambda r: f"{r['server_cpu_s']:.1f}")
    row("server CPU ms/request", lambda r: f"{r['server_cpu_ms_per_request']:.2f}")
    row("load average", lambda r: f"{r['load_average']:.1f}")
    row("errors", lambda r: str(len(r["errors"])))
    for kind in KINDS:
        if not any(kind in r["kinds"] for _, r in runs):
            continue
        row(f"{kind} count", lambda r, k=kind: str(r["kinds"].get(k, {}).get("count", "–")))
        row(f"{kind} p50 / p95 ms", lambda r, k=kind: (f"{r['kinds'][k]['p50_ms']:.1f} / {r['kinds'][k]['p95_ms']:.1f}"
                                                       if k in r["kinds"] else "–"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
