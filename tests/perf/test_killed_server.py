"""A server killed mid-evening (SIGKILL, no shutdown) loses nothing it acknowledged.

gunicorn runs in its own process group on a SQLite file (WAL, synchronous=NORMAL: a commit survives the
process); rounds are posted one after the other from several phones while the server is killed. After a restart
on the same file, every round that got its 201 is there with its entry and scores, once; the phones that got no
answer resend with their Idempotency-Key, and each round is then stored exactly once."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.perf.helpers import free_port, request

ROOT = Path(__file__).resolve().parents[2]
# Rami for three players, valid at any point: Ana out; Bea 10♥ R♠ Joker = 70; Cid laid nothing, 100.
DEAL = {"winner": 0, "hands": [None, {"cards": ["10H", "KS", "JK"]}, {"laid_nothing": True}]}




def start(env: dict, port: int) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "companion.wsgi:application", "--bind",
                               f"127.0.0.1:{port}", "--workers", "2", "--worker-class", "gthread", "--threads", "4",
                               "--log-level", "critical"], cwd=ROOT, env=env, start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return server
        except OSError:
            time.sleep(0.1)
    os.killpg(server.pid, signal.SIGKILL)
    raise AssertionError("gunicorn did not start")




def call(port: int, method: str, path: str, body=None, token=None, key=None) -> tuple[int, dict]:
    status, _headers, data = request(port, method, path, body, token, key)
    return status, json.loads(data or b"{}")


def test_every_acknowledged_round_survives_a_sigkill(tmp_path):
    env = {**{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
           "DATABASE_URL": f"sqlite:///{tmp_path}/atout.sqlite3", "DEBUG": "0", "SECRET_KEY": "k" * 50,
           "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0", "STATIC_PLAIN": "1", "LOG_LEVEL": "CRITICAL",
           "PYTHONWARNINGS": "ignore"}
    subprocess.run([sys.executable, "manage.py", "migrate", "--verbosity", "0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    server = start(env, port)
    status, table = call(port, "POST", "/api/tables", {"game": "rami", "players": ["Ana", "Bea", "Cid"]})
    assert status == 201
    acknowledged: dict[str, dict] = {}  # Idempotency-Key -> the 201 answer
    sent: list[str] = []
    stop = threading.Event()
    lock = threading.Lock()

    def phone(n: int) -> None:
        i = 0
        while not stop.is_set():
            key = f"phone{n}-{i}"
            i += 1
            with lock:
                sent.append(key)
            try:
                status, body = call(port, "POST", f"/api/tables/{table['id']}/rounds", DEAL, table["edit_token"], key)
            except (OSError, http.client.HTTPException, ValueError):
                return  # the server is gone (refused, reset, cut short): this one got no answer
            if status == 201:
                with lock:
                    acknowledged[key] = body

    phones = [threading.Thread(target=phone, args=(n,)) for n in range(4)]
    for t in phones:
        t.start()
    deadline = time.monotonic() + 20
    while len(acknowledged) < 25 and time.monotonic() < deadline:
        time.sleep(0.01)
    os.killpg(server.pid, signal.SIGKILL)  # mid-request: phones are posting right now
    server.wait()
    stop.set()
    for t in phones:
        t.join(15)
    assert len(acknowledged) >= 25

    server = start(env, port)
    try:
        status, state = call(port, "GET", f"/api/tables/{table['id']}")
        assert status == 200
        stored = {r["number"]: r for r in state["rounds"]}
        for answer in acknowledged.values():
            # Each acknowledged round is stored under its number, with the scores it was acknowledged with:
            # Ana 0, Bea 70, Cid 100 (the deal above).
            assert stored[answer["number"]]["scores"] == answer["scores"] == [0, 70, 100]
        assert len(state["rounds"]) >= len(acknowledged)
        # The phones resend what got no answer, with the same keys: each round is then stored exactly once.
        for key in sent:
            status, body = call(port, "POST", f"/api/tables/{table['id']}/rounds", DEAL, table["edit_token"], key)
            assert status == 201
            if key in acknowledged:
                assert body == acknowledged[key]
        status, state = call(port, "GET", f"/api/tables/{table['id']}")
        assert len(state["rounds"]) == len(sent)
        assert state["totals"] == [0, 70 * len(sent), 100 * len(sent)]
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
