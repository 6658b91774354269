"""A real PostgreSQL server stopped under a running gunicorn: clean 503s, nothing half-written, nothing lost.

The mocked faults of ``test_faults.py`` say what each view does with a database error; this test stops a real
server. It starts its own throwaway PostgreSQL cluster (never the one the suite runs on), gunicorn on it, and
phones posting rounds with their Idempotency-Keys. The server is stopped with ``pg_ctl -m immediate`` (a crash:
no goodbye to the clients) while rounds are being posted, then started again:

* while it is down, the API answers a JSON 503 with ``Retry-After``, pages the styled 503, ``/healthz`` a 503;
* once it is back, each phone resends what got no 201 with the same key: every round is then stored exactly
  once, including those acknowledged before the stop and those whose transaction the crash cut midway.

Skipped when PostgreSQL's server binaries are not installed (CI installs them)."""

from __future__ import annotations

import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from tests.perf.helpers import free_port, request

ROOT = Path(__file__).resolve().parents[2]
PG_BINS = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name))
# Rami for three players, valid at any point of a game: Ana out; Bea 10♥ R♠ Joker; Cid laid nothing.
DEAL = {"winner": 0, "hands": [None, {"cards": ["10H", "KS", "JK"]}, {"laid_nothing": True}]}

pytestmark = [
    pytest.mark.skipif(not PG_BINS or not shutil.which("su"), reason="PostgreSQL server binaries not installed"),
]


class Cluster:
    """A throwaway PostgreSQL cluster on a free port (run as ``postgres`` when the suite runs as root, since
    PostgreSQL refuses to run as root)."""

    def __init__(self):
        self.bin = PG_BINS[-1]
        self.dir = tempfile.mkdtemp(prefix="atout-pgstop-")
        self.port = free_port()
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
        self.run(f"{self.bin}/initdb -D {self.dir}/data -A trust -U postgres --no-sync")

    def run(self, command: str) -> None:
        argv = ["su", "postgres", "-s", "/bin/sh", "-c", command] if os.geteuid() == 0 else ["sh", "-c", command]
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)

    def start(self) -> None:
        self.run(f"{self.bin}/pg_ctl -D {self.dir}/data -l {self.dir}/log -w -o "
                 f"'-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off' start")

    def crash(self) -> None:
        self.run(f"{self.bin}/pg_ctl -D {self.dir}/data -m immediate -w stop")

    def remove(self) -> None:
        try:
            self.crash()
        except subprocess.CalledProcessError:
            pass  # already stopped
        shutil.rmtree(self.dir, ignore_errors=True)

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"


def call(port: int, method: str, path: str, body=None, token=None, key=None) -> tuple[int, dict, str]:
    """(status, headers, body text) of one request; status 0 when the server gave no answer."""
    try:
        status, headers, data = request(port, method, path, body, token, key, timeout=20)
    except OSError:
        return 0, {}, ""
    return status, headers, data.decode()


@pytest.fixture
def stack():
    cluster = Cluster()
    server = None
    try:
        cluster.start()
        env = dict(os.environ, DATABASE_URL=cluster.url, DEBUG="0", SECRET_KEY="x" * 50, ALLOWED_HOSTS="127.0.0.1",
                   SECURE_SSL_REDIRECT="0", STATIC_PLAIN="1", LOG_LEVEL="CRITICAL")
        subprocess.run([sys.executable, "manage.py", "migrate", "--verbosity", "0"], cwd=ROOT, env=env, check=True,
                       timeout=120)
        port = free_port()
        server = subprocess.Popen([sys.executable, "-m", "gunicorn", "companion.wsgi:application", "--bind",
                                   f"127.0.0.1:{port}", "--workers", "2", "--worker-class", "gthread", "--threads", "4",
                                   "--log-level", "critical"], cwd=ROOT, env=env, start_new_session=True,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(300):
            if call(port, "GET", "/healthz")[0] == 200:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("gunicorn did not start")
        yield cluster, port
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        cluster.remove()


def test_a_real_database_stop_gives_503s_and_loses_nothing(stack):
    cluster, port = stack
    status, _, text = call(port, "POST", "/api/tables", {"game": "rami", "players": ["Ana", "Bea", "Cid"]})
    assert status == 201, text
    created = json.loads(text)
    table, token = created["id"], created["edit_token"]

    # Three phones post rounds one after the other with their own keys; the server is crashed meanwhile.
    acked: dict[str, int] = {}  # key -> round number the server acknowledged
    unanswered: list[str] = []  # keys that got a 503 or no answer
    lock = threading.Lock()
    stop = threading.Event()

    def phone(name: str) -> None:
        for i in range(60):
            if stop.is_set():
                return
            key = f"{name}-{i}"
            status, headers, text = call(port, "POST", f"/api/tables/{table}/rounds", DEAL, token, key)
            with lock:
                if status == 201:
                    acked[key] = json.loads(text)["number"]
                else:
                    assert status in (0, 503), (status, text)  # a crash is a 503 or a cut line, never a 500
                    if status == 503:
                        assert headers.get("Retry-After") == "5"
                        assert json.loads(text)["errors"][0]["code"] == "unavailable"
                    unanswered.append(key)
            if status != 201:
                time.sleep(0.05)

    phones = [threading.Thread(target=phone, args=(f"p{n}",)) for n in range(3)]
    for t in phones:
        t.start()
    while len(acked) < 6:  # rounds are going through
        time.sleep(0.02)
    cluster.crash()  # mid-request: the phones are posting right now
    time.sleep(0.5)
    stop.set()
    for t in phones:
        t.join()
    assert unanswered, "the stop happened after every phone had finished"
    print(f"acknowledged before the stop: {len(acked)}, unanswered: {len(unanswered)}")

    # While the database is down: JSON 503 for the API, the styled page for a page, 503 for the load balancer.
    status, headers, text = call(port, "GET", f"/api/tables/{table}")
    assert status == 503 and headers.get("Retry-After") == "5" and json.loads(text)["errors"][0]["code"] == "unavailable"
    status, headers, text = call(port, "GET", f"/tables/{table}/")
    assert status == 503 and headers.get("Retry-After") == "5"
    assert "Base de données momentanément indisponible" in text and 'rel="stylesheet"' in text
    assert call(port, "GET", "/healthz")[0] == 503

    # The database is back: each phone resends what got no 201, with the same key.
    cluster.start()

    def resend(key: str) -> int:
        """The round number the server answers for ``key``, resent as a phone does while it gets 503s: each of the
        server's threads may still hold a connection the stop killed, which answers 503 once, then reconnects."""
        for _ in range(50):
            status, _, text = call(port, "POST", f"/api/tables/{table}/rounds", DEAL, token, key)
            if status in (200, 201):
                return json.loads(text)["number"]
            assert status in (0, 503), (status, text)  # no answer yet, or the stale connection's 503: never a 500
            time.sleep(0.1)
        raise AssertionError(f"{key} never went through after the restart")

    for key in unanswered:
        acked[key] = resend(key)
        # A second resend of the same key replays: still the same round.
        assert resend(key) == acked[key]

    status, _, text = call(port, "GET", f"/api/tables/{table}")
    assert status == 200
    rounds = json.loads(text)["rounds"]
    # Every key is one round, each stored once: as many rounds as keys, numbered 1..n, each key on its own round.
    assert len(rounds) == len(acked)
    assert sorted(acked.values()) == list(range(1, len(acked) + 1))
