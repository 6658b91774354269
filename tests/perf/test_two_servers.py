"""Two app servers on one database (PostgreSQL in CI's second pass, a SQLite file in the first), and a bots'
worker: what one server stores, a phone polling the other sees within 2 s, and neither server's derived-state
cache (kept per process, keyed by the table's version) ever answers from before the other's write.

Each server is gunicorn in its own process group, on the test database (the test commits: ``transaction=True``).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import _database_url
from tests.perf.helpers import free_port, request

pytestmark = [pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
# Rami for three players: Ana out; Bea 10♥ R♠ Joker = 10 + 10 + 50 = 70; Cid laid nothing, 100.
DEAL = {"winner": 0, "hands": [None, {"cards": ["10H", "KS", "JK"]}, {"laid_nothing": True}]}
SEEN_WITHIN = 2.0  # seconds: a change made on one server is seen through the other


def _env() -> dict:
    return {**{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
            "DATABASE_URL": _database_url(), "DEBUG": "0", "SECRET_KEY": "k" * 50, "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "0", "STATIC_PLAIN": "1", "LOG_LEVEL": "CRITICAL", "PYTHONWARNINGS": "ignore",
            "ATOUT_TASKS": "db", "ATOUT_BOT_BUDGET": "0.05", "PYTHONPATH": str(ROOT)}


@pytest.fixture
def servers(workers):
    """Two gunicorn servers on the test database and one bots' worker; their ports."""
    started = []
    ports = []
    for _ in range(2):
        port = free_port()
        started.append(subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "companion.wsgi:application", "--bind", f"127.0.0.1:{port}",
             "--workers", "1", "--worker-class", "gthread", "--threads", "4", "--log-level", "critical"],
            cwd=ROOT, env=_env(), start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        ports.append(port)
    for port in ports:
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("gunicorn did not start")
    workers()
    yield ports
    for server in started:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)


def call(port, method, path, body=None, token=None, headers=None):
    status, answer_headers, data = request(port, method, path, body, token, headers=headers)
    return status, answer_headers, json.loads(data) if data else {}


def seen_on(port, path, tag, what, token=None, timeout: float = SEEN_WITHIN + 3) -> float:
    """Poll ``path`` as a phone does (If-None-Match) until its answer satisfies ``what``; seconds it took."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        status, headers, body = call(port, "GET", path, token=token, headers={"If-None-Match": tag} if tag else None)
        if status == 200 and what(body):
            return time.monotonic() - started
        if status == 200:
            tag = headers.get("ETag", tag)
        time.sleep(0.05)
    raise AssertionError(f"never seen on port {port}")


def test_a_round_entered_on_one_server_is_live_on_the_other_and_no_cache_is_stale(servers):
    a, b = servers
    status, _h, table = call(a, "POST", "/api/tables", {"game": "rami", "players": ["Ana", "Bea", "Cid"]})
    assert status == 201
    path = f"/api/tables/{table['id']}"
    for n in range(1, 5):
        writer, reader = (a, b) if n % 2 else (b, a)
        # The reader's process has the table as it was (its cache warm at the version before this round).
        status, headers, before = call(reader, "GET", path)
        assert status == 200 and len(before["rounds"]) == n - 1
        started = time.monotonic()
        status, _h, _body = call(writer, "POST", f"{path}/rounds", DEAL, table["edit_token"])
        assert status == 201
        took = seen_on(reader, path, headers["ETag"], lambda body, n=n: len(body["rounds"]) == n)
        assert time.monotonic() - started < SEEN_WITHIN, took
        # Its totals are the table after this round, on both servers: n deals of 0, 70 and 100.
        for port in (a, b):
            assert call(port, "GET", path)[2]["totals"] == [0, 70 * n, 100 * n]


def test_the_bots_cards_reach_a_phone_polling_the_other_server(servers):
    a, b = servers
    status, _h, created = call(a, "POST", "/api/tables", {"game": "barbu", "players": ["Ana", "Bea", "Cid", "Dan"],
                                                         "digital": True, "bots": [1, 2, 3]})
    assert status == 201
    token = created["seats"][0]["token"]
    path = f"/api/tables/{created['id']}/play"
    # Ana deals: the three bots play the first trick's first three cards in the worker (which may still be
    # starting: the first wait is generous), and Ana, polling server B, sees her turn come.
    seen_on(b, path, None, lambda view: view["waiting_for"] == 0, token, timeout=30)
    status, _h, view = call(b, "GET", path, token=token)
    assert [seat for seat, _card in view["trick"]["cards"]] == [1, 2, 3]
    for turn in range(3):
        # Ana plays on one server and polls the other: the bots' cards up to her next turn (none when she took
        # the trick and leads) are stored by the worker and seen there within 2 s and three bots' budgets.
        here, there = (b, a) if turn % 2 == 0 else (a, b)
        status, headers, after = call(here, "POST", path, {"action": view["legal"][0], "after": view["action_number"]},
                                      token)
        assert status == 200
        took = seen_on(there, path, None, lambda v, after=after: v["waiting_for"] == 0
                       and v["action_number"] >= after["action_number"], token)
        assert took < SEEN_WITHIN + 3 * 0.05, took
        view = call(there, "GET", path, token=token)[2]
        assert view["action_number"] >= after["action_number"] and view["waiting_for"] == 0
