"""Slow bodies, log masking and gunicorn's own refusals, against a real gunicorn started with the shipped ``gunicorn.conf.py``.

* Slow request bodies: clients that announce a body and stall hold no thread (``/healthz`` answers meanwhile),
  and are answered 408 once ``REQUEST_BODY_TIMEOUT`` is up; under a plain gthread worker the WSGI layer still
  frees the thread within that time (``companion.gunicorn_worker``, ``companion.transport``).
* The access log and Django's log mask every spelling of a token that opens the edit page (``companion.logmask``).
* gunicorn's own refusals (414, 431, a bad ``Content-Length``) are the API's JSON under ``/api/``, and an early
  413 reaches a client that sends its whole body before reading (``companion.transport``).
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BODY_TIMEOUT = 1.5
WORKERS, THREADS = 2, 2
SLOW_HEAD = (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             b"Content-Length: 100\r\n\r\n{")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Gunicorn:
    """gunicorn with the shipped gunicorn.conf.py (and ``extra`` flags after it) on a fresh SQLite file."""

    def __init__(self, tmp: Path, *extra: str):
        self.access_log, self.error_log = tmp / "access.log", tmp / "error.log"
        self.env = {**{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
                    "DATABASE_URL": f"sqlite:///{tmp}/atout.sqlite3", "DEBUG": "0", "SECRET_KEY": "k" * 50,
                    "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0", "STATIC_PLAIN": "1",
                    "LOG_LEVEL": "WARNING", "PYTHONWARNINGS": "ignore", "WEB_CONCURRENCY": str(WORKERS),
                    "GUNICORN_THREADS": str(THREADS), "GUNICORN_ACCESS_LOG": str(self.access_log),
                    "REQUEST_BODY_TIMEOUT": str(BODY_TIMEOUT)}
        subprocess.run([sys.executable, "manage.py", "migrate", "--verbosity", "0"], cwd=ROOT, env=self.env, check=True)
        self.port = free_port()
        self.stderr = self.error_log.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py", "--bind", f"127.0.0.1:{self.port}",
             "--no-control-socket", *extra], cwd=ROOT, env=self.env, start_new_session=True,
            stdout=self.stderr, stderr=self.stderr)
        for _ in range(300):
            try:
                with urllib.request.urlopen(self.url("/healthz"), timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            self.stop()
            raise AssertionError("gunicorn did not start: " + self.error_log.read_text()[-2000:])
        # Each worker's first request loads the URLconf and opens the database: done here, not in a measure.
        with ThreadPoolExecutor(4 * WORKERS) as pool:
            list(pool.map(lambda _: self.healthz_seconds(10), range(8 * WORKERS)))

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.stderr.close()

    def healthz_seconds(self, timeout: float = 5) -> float:
        start = time.monotonic()
        with urllib.request.urlopen(self.url("/healthz"), timeout=timeout) as response:
            assert response.status == 200
        return time.monotonic() - start

    def create_table(self) -> dict:
        request = urllib.request.Request(self.url("/api/tables"), method="POST",
                                         data=json.dumps({"game": "libre", "players": ["Ana", "Bea"]}).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Gunicorn(tmp_path_factory.mktemp("gunicorn"))
    yield running
    running.stop()


def read_answer(sock: socket.socket, timeout: float) -> tuple[int, dict[str, str], bytes]:
    """One HTTP answer read from ``sock`` up to its Content-Length (status, lower-cased headers, body)."""
    sock.settimeout(timeout)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise AssertionError(f"closed before an answer: {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    while len(body) < int(headers.get("content-length", "0")):
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers, body


def raw(server: Gunicorn, data: bytes, timeout: float = 5) -> tuple[int, dict[str, str], bytes]:
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        sock.sendall(data)
        return read_answer(sock, timeout)


def api_error(status_headers_body) -> dict:
    _status, headers, body = status_headers_body
    assert headers["content-type"].startswith("application/json"), (headers, body[:300])
    errors = json.loads(body)["errors"]
    assert len(errors) == 1 and set(errors[0]) == {"field", "seat", "code", "message"} and errors[0]["message"]
    return errors[0]


# -- 11: slow request bodies ----------------------------------------------------------------------------------
def test_clients_stalling_in_their_body_hold_no_thread_and_get_a_408(server):
    """Sixteen clients (four times the threads) announce 100 bytes and send one: /healthz answers at once while
    they stall, and each gets a JSON 408 once the body timeout is up."""
    slow = []
    try:
        sent_at = time.monotonic()
        for _ in range(4 * WORKERS * THREADS):
            sock = socket.create_connection(("127.0.0.1", server.port))
            sock.sendall(SLOW_HEAD)
            slow.append(sock)
        time.sleep(0.3)  # every one of them is now waiting on its body
        probes = sorted(server.healthz_seconds() for _ in range(5))
        # Without the shipped worker every thread waits on a body, and /healthz on them (urllib gives up at 5 s).
        assert probes[2] < 0.5 and probes[-1] < 2, probes
        assert time.monotonic() - sent_at < BODY_TIMEOUT  # the probes ran while the bodies were still awaited
        for sock in slow:
            answer = read_answer(sock, timeout=BODY_TIMEOUT + 3)
            assert answer[0] == 408
            assert api_error(answer)["code"] == "timeout"
            # The main loop checks the deadlines once a second.
            assert time.monotonic() - sent_at < BODY_TIMEOUT + 2
            assert sock.recv(1) == b""  # and closed
    finally:
        for sock in slow:
            sock.close()
    assert server.healthz_seconds() < 1


def test_a_request_dribbled_byte_by_byte_within_the_timeout_is_served(server):
    table = server.create_table()
    body = json.dumps({"points": [3, 5]}).encode()
    request = (f"POST /api/tables/{table['id']}/rounds HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               f"Authorization: Bearer {table['edit_token']}\r\nContent-Length: {len(body)}\r\n\r\n").encode() + body
    with socket.create_connection(("127.0.0.1", server.port)) as sock:
        for i in range(0, len(request), 16):
            sock.sendall(request[i:i + 16])
            time.sleep(0.01)
        status, _headers, answer = read_answer(sock, timeout=5)
    assert status == 201 and json.loads(answer)["totals"] == [3, 5]


def test_a_plain_gthread_worker_frees_a_stalled_thread_within_the_body_timeout(tmp_path):
    """Without the shipped worker (gthread), the WSGI layer still bounds the body's reading: the two threads
    taken by stalled bodies are free again, with a 408, once the timeout is up."""
    plain = Gunicorn(tmp_path, "--worker-class", "gthread", "--workers", "1")
    slow = []
    try:
        sent_at = time.monotonic()
        for _ in range(THREADS):
            sock = socket.create_connection(("127.0.0.1", plain.port))
            sock.sendall(SLOW_HEAD)
            slow.append(sock)
        for sock in slow:
            answer = read_answer(sock, timeout=BODY_TIMEOUT + 5)
            assert answer[0] == 408 and api_error(answer)["code"] == "timeout"
        assert time.monotonic() - sent_at < BODY_TIMEOUT + 2
        assert plain.healthz_seconds() < 1
    finally:
        for sock in slow:
            sock.close()
        plain.stop()


# -- 12: log masking ------------------------------------------------------------------------------------------
def test_every_spelling_of_an_edit_link_is_masked_in_the_access_log_and_djangos(server):
    table = server.create_table()
    tid, token = table["id"], table["edit_token"]
    encoded_token = "".join(f"%{b:02X}" for b in token.encode())
    paths = {  # each opens the edit page (gunicorn decodes the path before Django routes it), but the last
        f"/tables/{tid}/edit%2F{token}/": 200,
        f"/tables/{tid}/%65dit/{token}/": 200,
        f"/tables/{tid}/edit/{encoded_token}/": 200,
        f"/tables/{tid}/EDIT/{token}/": 404,  # not a route: Django logs "Not Found" with the path
    }
    for path, status in paths.items():
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        connection.request("GET", path, headers={"Referer": server.url(path)})
        assert connection.getresponse().status == status, path
        connection.close()
    time.sleep(0.2)
    access = server.access_log.read_text()
    errors = server.error_log.read_text()
    for logged in (access, errors):
        assert token not in logged and encoded_token not in logged
        assert token[:8] not in logged  # nor a readable part of it
    masked = f"/tables/{tid}/edit/****/"
    lines = [line for line in access.splitlines() if f"/tables/{tid}/" in line]
    assert len(lines) == 4
    for line in lines[:3]:
        assert f'"GET {masked} HTTP/1.1" 200' in line and f'"{server.url(masked)}"' in line
    assert f'"GET /tables/{tid}/EDIT/****/ HTTP/1.1" 404' in lines[3]
    assert f"Not Found: /tables/{tid}/EDIT/****/" in errors


# -- 15: gunicorn's own refusals, the early 413 ---------------------------------------------------------------
def test_gunicorns_own_refusals_are_the_apis_json_under_api(server):
    long_line = raw(server, b"GET /api/tables/" + b"a" * 5000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert long_line[0] == 414 and api_error(long_line)["code"] == "uri_too_long"
    big_field = raw(server, b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n")
    assert big_field[0] == 431 and api_error(big_field)["code"] == "headers_too_large"
    many_fields = raw(server, b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      + b"".join(b"X-F%d: %s\r\n" % (i, b"b" * 4000) for i in range(20)) + b"\r\n")
    assert many_fields[0] == 431 and api_error(many_fields)["code"] == "headers_too_large"
    for length in (b"abc", b"-5", b"1, 2"):
        bad = raw(server, b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: en\r\n"
                  b"Content-Length: " + length + b"\r\n\r\n{}")
        assert bad[0] == 400, length
        assert api_error(bad) == {"field": "Content-Length", "seat": None, "code": "bad_length",
                                  "message": "Invalid Content-Length header."}
    # Outside /api/ they stay gunicorn's pages.
    page = raw(server, b"GET /tables/" + b"a" * 5000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert page[0] == 414 and page[1]["content-type"].startswith("text/html")


def test_an_early_413_reaches_a_client_that_sends_its_whole_body_first(server):
    """4 MiB announced and sent: the 413 is written before the body is read, then the body is drained, so
    http.client (which reads only after sending) gets the JSON answer and can use the connection again."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=15)
    try:
        connection.request("POST", "/api/tables", body=b"x" * (4 * 1024 * 1024),
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        body = response.read()
        assert response.status == 413
        assert json.loads(body)["errors"][0]["code"] == "too_large"
        connection.request("GET", "/healthz")
        assert connection.getresponse().status == 200
    finally:
        connection.close()
