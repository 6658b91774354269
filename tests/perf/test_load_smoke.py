"""A few seconds of ``scripts/load.py`` (gunicorn, a few phones, SQLite in a temp dir), so the script cannot rot
and the stack it starts answers every request: polls, refreshes, rounds, the rulebook and /healthz."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_load_run_gives_no_error_and_exercises_every_kind_of_request():
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}  # never the developer's database
    out = subprocess.run([sys.executable, "scripts/load.py", "--phones", "8", "--seconds", "4", "--round-every", "1.5",
                          "--rulebook-every", "2", "--workers", "1", "--threads", "4", "--json"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    figures = json.loads(out.stdout[out.stdout.index("{"):])
    assert figures["errors"] == []
    kinds = figures["kinds"]
    assert kinds["create"]["statuses"] == {"201": 2}
    # Two writers (one a table), each with its first round due within 1.5 s of a 4 s run: at least one each
    # (more when the machine keeps up), and every one stored.
    assert kinds["round"]["count"] >= 2 and set(kinds["round"]["statuses"]) == {"201"}
    # Every round is seen by the other phones: some polls answer 200, the others 304, and refreshes follow.
    assert {"200", "304"} <= set(kinds["poll"]["statuses"])
    assert kinds["refresh"]["count"] >= 1 and kinds["healthz"]["count"] >= 4
    assert "rulebook" in kinds
