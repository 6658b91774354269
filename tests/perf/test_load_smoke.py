"""A few seconds of ``scripts/load.py`` (gunicorn, a few phones, SQLite in a temp dir), so the script cannot rot
and the stack it starts answers every request as ``atout.js`` makes them: the page, its ``…/live/`` poll (a 304, or
the page once after a change), rounds posted through the page's form, the rulebook and /healthz."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_load_run_gives_no_error_and_exercises_every_kind_of_request():
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}  # never the developer's database
    out = subprocess.run([sys.executable, "scripts/load.py", "--phones", "8", "--seconds", "4", "--round-every", "1.5",
                          "--rulebook-every", "2", "--ramp", "1", "--workers", "1", "--threads", "4", "--json"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    figures = json.loads(out.stdout[out.stdout.index("{"):])
    assert figures["errors"] == []
    kinds = figures["kinds"]
    assert kinds["create"]["statuses"] == {"201": 2}
    # Two writers (one a table), each with its first round due within 1.5 s of a 4 s run: at least one each
    # (more when the machine keeps up), and every one stored.
    # The form's htmx POST answers with the sheet (200).
    assert kinds["round"]["count"] >= 2 and set(kinds["round"]["statuses"]) == {"200"}
    assert kinds["page"]["statuses"] == {"200": 8}  # every phone opened its page once
    # Every round is seen by the other phones: the poll is a 304 while nothing changed, and one answer brings the
    # change (the page, 200) — no separate fetch follows it.
    assert set(kinds["poll"]["statuses"]) == {"304"}
    assert set(kinds["change"]["statuses"]) == {"200"} and kinds["change"]["count"] >= 1
    assert "refresh" not in kinds
    assert kinds["healthz"]["count"] >= 4
    assert "rulebook" in kinds
