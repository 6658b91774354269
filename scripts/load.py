#!/usr/bin/env python
"""Drive Atout on its production stack (gunicorn) the way real tables do, for a bounded time, and print figures.

    .venv/bin/python scripts/load.py                          # 100 tables (400 phones), 60 s, SQLite in a temp dir
    DATABASE_URL=postgres://… .venv/bin/python scripts/load.py --phones 400 --seconds 60
    .venv/bin/python scripts/load.py --phones 10 --seconds 20  # the SQLite default with 10 phones

It migrates the database, starts gunicorn on 127.0.0.1 (a free port; ``gunicorn.conf.py`` when the repository
has one — its workers and threads unless ``--workers`` / ``--threads`` say otherwise — then these flags), creates
one Rami table per four phones through the API, and runs, all at once:

* during a warm-up (``--ramp``, 10 s) the phones arrive, each at its own moment, and open their table's page once
  (two of the four with the edit link, two with the read link) — the page openings are the one figure taken from
  the warm-up; then, for ``--seconds``, the figures of the steady load:
* every phone asks every second whether its table changed as ``static/js/atout/live.js`` does: ``…/live/`` after the
  page's own address with ``If-None-Match`` and the sheet's ETag; a 304 when nothing changed, else the whole page
  once (kind ``change``), whose sheet the phone shows and keeps as its offline copy — one request per change;
* the first phone of each table enters a round every ``--round-every`` seconds through the page's form, as
  ``static/js/atout/queue.js`` sends it (an htmx POST to the edit page with ``Idempotency-Key`` and the round number; the answer
  is the sheet, which it puts on screen, so that its own next poll is a 304), at a random phase;
* now and then (``--rulebook-every`` seconds per phone on average) a phone opens the rulebook page of Rami;
* a load balancer probes ``/healthz`` every ``--probe-every`` seconds (0.1: some 600 probes a minute, so that its
  p95 is not decided by three or four slow ones);
* with ``--slow-bodies N``, N clients each announce a 100-byte body (``POST /api/tables``), send one byte and
  wait: the server answers 408 once ``--body-timeout`` is up (``REQUEST_BODY_TIMEOUT``) and closes, and the client
  starts again at once. With the shipped worker they hold no thread, and ``/healthz`` answers meanwhile
  (``--worker-class gthread`` shows the plain gthread worker, whose threads they hold).

With ``--digital-share F`` a fraction F of the tables is a Barbu table played on Atout: one human seat and three
quick bots, its human's phone on the seat's own page (it takes the seat first) and three phones on the spectators'
page. The human plays a card (or picks a contract) ``--think`` seconds after its page says it is its turn, as an
htmx POST of the hand's form (kind ``move``: the answer time, the bots' cards after it included); each spectator's
poll that brings the cards the bots played after it files the time since that answer (kind ``card_seen``). On the
Rami tables, each other phone's poll that brings a round entered files the time since the round's answer (kind
``round_seen``): entered on one phone, seen on the others.

Polls follow ``static/js/atout/live.js``: a second apart while a deal is being played or the table changed in the
last 30 s, then a second longer after each quiet check, up to 5 s (``--no-backoff``: every ``--poll-every``, as the
script did before). ``--app-dir DIR`` runs the server from another checkout (the same script and figures against
the code before a change).

Loopback only (the server it starts), and it stops by itself after the warm-up and ``--seconds``. Prints requests
per second, p50 / p95 / p99 per request kind and every error, the server's CPU over the measured seconds, then the
goals: no error; poll p95 under 50 ms; POST-round p95 at most twice the ``/healthz`` p95 of the same run; with
``--slow-bodies``, ``/healthz`` p95 under 100 ms and every slow client answered 408. Exit
status 1 when there was an error (the goals on times are reported, not enforced, so that a busy machine does not
fail a smoke run). ``--json`` prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import html
import json
import math
import os
import random
import re
import runpy
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ana", "Bea", "Cid", "Dan"]
# Rami deals for four players as the phone's form posts them, each valid at any point of the game (a player out;
# the others' hands: counted points, cards typed as French codes, or nothing laid).
DEALS = [
    {"winner": "0", "how.1": "cards", "cards.1": "10♥ R♠ Joker", "how.2": "nothing", "how.3": "points", "points.3": "12"},
    {"winner": "1", "how.0": "cards", "cards.0": "2♣ D♦", "how.2": "points", "points.2": "31", "how.3": "nothing"},
    {"winner": "2", "how.0": "points", "points.0": "23", "how.1": "cards", "cards.1": "A♠ A♦ 2♣", "how.3": "cards",
     "cards.3": "7♥"},
    {"winner": "3", "rami_sec": "on", "how.0": "nothing", "how.1": "nothing", "how.2": "nothing"},
]
ETAG_IN_PAGE = re.compile(r'id="sheet"[^>]*data-etag="([^"]+)"')
ACTION_IN_PAGE = re.compile(r'<button type="submit" name="action" value="([^"]+)"([^>]*)>')
AFTER_IN_PAGE = re.compile(r'name="after" value="(\d+)"')
NEXT_IN_PAGE = re.compile(r'<button class="primary" name="next" value="(\d+)"')
DIGITAL_GAME = "barbu"
DEAL_LIVE = " data-deal-live"
BUSY_S = 30.0  # live.js: polls stay a second apart this long after a change
IDLE_POLL_S = 5.0
CSRF_IN_PAGE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')

class Stats:
    def __init__(self):
        self.times: dict[str, list[float]] = {}
        self.errors: list[str] = []
        self.statuses: dict[str, dict[int, int]] = {}
        # Requests started before this moment (the warm-up, while the phones arrive) are not in the figures of
        # the steady load, except the page openings, which happen then; their errors always count.
        self.measure_from = 0.0
        self.cpu_at_start = (0.0, 0.0)

    def add(self, kind: str, seconds: float, status: int, started: float = math.inf) -> None:
        if started < self.measure_from and kind != "page":
            return
        self.times.setdefault(kind, []).append(seconds)
        by = self.statuses.setdefault(kind, {})
        by[status] = by.get(status, 0) + 1

    def error(self, kind: str, what: str) -> None:
        self.errors.append(f"{kind}: {what}")


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


class Connection:
    """One phone's keep-alive HTTP/1.1 connection to the server (a minimal client: Content-Length bodies)."""

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.cookies: dict[str, str] = {}

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.reader = self.writer = None

    async def request(self, method: str, path: str, headers: dict | None = None, body: bytes = b"") -> tuple[int, dict, bytes]:
        for attempt in (1, 2):
            reused = self.writer is not None
            if not reused:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", "Accept-Encoding: gzip",
                     "Accept-Language: fr", f"Content-Length: {len(body)}"]
            lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
            if self.cookies:
                lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
            try:
                self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
                await self.writer.drain()
                status_line = await self.reader.readline()
                if not status_line:
                    raise ConnectionResetError("closed by the server")
            except (ConnectionError, OSError):
                await self.close()
                if reused and attempt == 1:
                    continue  # a kept-alive connection the server had closed: open a new one, as browsers do
                raise
            status = int(status_line.split()[1])
            response_headers: dict[str, str] = {}
            while True:
                line = await self.reader.readline()
                if line in (b"\r\n", b"\n", b""):
                    break
                name, _, value = line.decode("latin-1").partition(":")
                name = name.strip().lower()
                if name == "set-cookie":  # kept, as a browser does, and sent back with every request
                    cookie_name, _, cookie_value = value.strip().split(";")[0].partition("=")
                    self.cookies[cookie_name] = cookie_value
                response_headers[name] = value.strip()
            if response_headers.get("transfer-encoding", "").lower() == "chunked":
                data = b""
                while True:
                    size = int((await self.reader.readline()).split(b";")[0], 16)
                    if size == 0:
                        await self.reader.readline()
                        break
                    data += await self.reader.readexactly(size)
                    await self.reader.readline()
            else:
                data = await self.reader.readexactly(int(response_headers.get("content-length", "0")))
            if response_headers.get("connection", "").lower() == "close":
                await self.close()
            if response_headers.get("content-encoding") == "gzip":
                data = gzip.decompress(data)
            return status, response_headers, data
        raise AssertionError("unreachable")


async def timed(stats: Stats, kind: str, conn: Connection, method: str, path: str, expect: tuple[int, ...],
                headers: dict | None = None, body: bytes = b"", kinds: dict[int, str] | None = None,
                ) -> tuple[int, dict, bytes] | None:
    """One request, timed and filed under ``kind`` (or ``kinds[status]``: a poll that brings a change)."""
    start = time.perf_counter()
    started = time.monotonic()
    try:
        status, response_headers, data = await asyncio.wait_for(conn.request(method, path, headers, body), 30)
    except TimeoutError:
        await conn.close()
        stats.error(kind, f"{method} {path}: no answer in 30 s")
        return None
    except (ConnectionError, OSError, ValueError, asyncio.IncompleteReadError) as e:
        await conn.close()
        stats.error(kind, f"{method} {path}: {type(e).__name__} {e}")
        return None
    kind = (kinds or {}).get(status, kind)
    stats.add(kind, time.perf_counter() - start, status, started)
    if status not in expect:
        stats.error(kind, f"{method} {path}: {status} {data[:200]!r}")
    return status, response_headers, data


class Table:
    def __init__(self, table_id: str, token: str, seat_token: str | None = None):
        self.id = table_id
        self.token = token
        self.seat_token = seat_token  # a digital table's human seat
        self.next_round = 1
        # The last change one of its phones made (a round, a move), when its answer came: the others' polls
        # that bring it file the time since then (once each).
        self.changed_at = 0.0
        self.changes = 0


class Backoff:
    """When a phone asks again, as static/js/atout/live.js decides it (or every ``every`` seconds without it)."""

    def __init__(self, every: float, on: bool):
        self.every = every
        self.on = on
        self.last_change = time.monotonic()  # the page just opened
        self.quiet = every

    def changed(self) -> None:
        self.last_change = time.monotonic()
        self.quiet = self.every

    def wait(self, deal_live: bool) -> float:
        if not self.on or deal_live or time.monotonic() - self.last_change < BUSY_S:
            self.quiet = self.every
            return self.every
        wait = self.quiet
        self.quiet = min(IDLE_POLL_S, self.quiet + self.every)
        return wait


def shown_etag(page: bytes) -> str | None:
    """The validator of the sheet a page or partial shows (``data-etag`` on ``#sheet``), as static/js/atout/live.js reads it."""
    found = ETAG_IN_PAGE.search(page.decode("utf-8", "replace"))
    return html.unescape(found.group(1)) if found else None


async def phone(port: int, stats: Stats, table: Table, seat: int, deadline: float, args) -> None:
    conn = Connection(port)
    rng = random.Random()
    writer = seat == 0
    # Two phones hold the edit link (the one who created the table shared it), two the read-only link.
    page_url = f"/tables/{table.id}/edit/{table.token}/" if seat < 2 else f"/tables/{table.id}/"
    # Phones arrive during the warm-up, each at its own moment, and open their page; rounds start with the
    # measured load, each table at its own phase.
    await asyncio.sleep(rng.random() * max(args.ramp, args.poll_every))
    next_round_at = stats.measure_from + rng.random() * args.round_every
    pace = Backoff(args.poll_every, args.backoff)
    seen = 0
    try:
        got = await timed(stats, "page", conn, "GET", page_url, (200,))
        etag = (got and shown_etag(got[2])) or '"v0"'
        csrf = CSRF_IN_PAGE.search(got[2].decode()).group(1) if got and writer else ""
        seen = table.changes
        while time.monotonic() < deadline:
            got = await timed(stats, "poll", conn, "GET", page_url + "live/", (200, 304), {"If-None-Match": etag},
                              kinds={200: "change"})
            if got and got[0] == 200:
                # The whole page, once: its sheet goes on screen and it is kept as the offline copy.
                etag = got[1].get("etag", etag).removeprefix("W/")
                csrf = (CSRF_IN_PAGE.search(got[2].decode()) or [None, csrf])[1] if writer else csrf
                pace.changed()
                if not writer and table.changes > seen:
                    stats.add("round_seen", time.monotonic() - table.changed_at, 200, table.changed_at)
                    seen = table.changes
            if writer and time.monotonic() >= next_round_at:
                next_round_at += args.round_every
                fields = {"csrfmiddlewaretoken": csrf, "round_number": str(table.next_round),
                          **DEALS[(table.next_round - 1) % len(DEALS)]}
                got = await timed(stats, "round", conn, "POST", page_url, (200,), {
                    "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                    "Idempotency-Key": "atout-" + uuid.uuid4().hex}, urlencode(fields).encode())
                if got and got[0] == 200:
                    # The answer is the sheet after the round: on screen at once, so the next poll is a 304.
                    table.next_round += 1
                    etag = shown_etag(got[2]) or etag
                    table.changed_at, table.changes = time.monotonic(), table.changes + 1
                    pace.changed()
            if rng.random() < args.poll_every / args.rulebook_every:
                await timed(stats, "rulebook", conn, "GET", "/rules/rami/", (200,))
            await asyncio.sleep(pace.wait(False))
    finally:
        await conn.close()


def legal_actions(page: str) -> list[str]:
    """The moves a seat's page offers now: its playable cards and its words (a contract), not the cards shown
    disabled."""
    return [code for code, rest in ACTION_IN_PAGE.findall(page) if "disabled" not in rest]


async def digital_phone(port: int, stats: Stats, table: Table, seat: int, deadline: float, args) -> None:
    """A phone at a table played on Atout: seat 0 the human's own page (it takes the seat, then plays when its page
    says so), the others the spectators' page."""
    conn = Connection(port)
    rng = random.Random()
    human = seat == 0
    page_url = f"/tables/{table.id}/seat/{table.seat_token}/" if human else f"/tables/{table.id}/play/"
    await asyncio.sleep(rng.random() * max(args.ramp, args.poll_every))
    pace = Backoff(args.poll_every, args.backoff)
    try:
        got = await timed(stats, "page", conn, "GET", page_url, (200,))
        if got and human:  # "Je suis Ana : prendre ma place", then the page itself
            csrf = CSRF_IN_PAGE.search(got[2].decode()).group(1)
            await timed(stats, "page", conn, "POST", page_url, (302,), {
                "Content-Type": "application/x-www-form-urlencoded"},
                urlencode({"csrfmiddlewaretoken": csrf, "claim": "1"}).encode())
            got = await timed(stats, "page", conn, "GET", page_url, (200,))
        if got is None:
            return
        etag = got[1].get("etag", '"v0"')
        page = got[2].decode("utf-8", "replace")
        deal_live = DEAL_LIVE in page  # said by the whole page (#live), not by the partial a move answers
        seen = table.changes
        while time.monotonic() < deadline:
            if human and (legal_actions(page) or NEXT_IN_PAGE.search(page)):
                await asyncio.sleep(args.think * (0.5 + rng.random()))
                csrf = CSRF_IN_PAGE.search(page).group(1)
                legal = legal_actions(page)
                if legal:
                    after = AFTER_IN_PAGE.search(page)
                    fields = {"csrfmiddlewaretoken": csrf, "action": rng.choice(legal),
                              "after": after.group(1) if after else ""}
                else:  # the end of a deal on screen: "Donne suivante"
                    fields = {"csrfmiddlewaretoken": csrf, "next": NEXT_IN_PAGE.search(page).group(1)}
                got = await timed(stats, "move" if legal else "next", conn, "POST", page_url, (200, 409), {
                    "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"},
                    urlencode(fields).encode())
                if got and got[0] in (200, 409):  # 409: the table moved on meanwhile; its answer is the page now
                    etag = got[1].get("etag", etag)
                    page = got[2].decode("utf-8", "replace")
                    if legal and got[0] == 200:
                        table.changed_at, table.changes = time.monotonic(), table.changes + 1
                    pace.changed()
                continue
            got = await timed(stats, "play_poll", conn, "GET", page_url + "live/", (200, 304),
                              {"If-None-Match": etag}, kinds={200: "play_change"})
            if got and got[0] == 200:
                etag = got[1].get("etag", etag)
                page = got[2].decode("utf-8", "replace")
                deal_live = DEAL_LIVE in page
                pace.changed()
                if not human and table.changes > seen:
                    stats.add("card_seen", time.monotonic() - table.changed_at, 200, table.changed_at)
                    seen = table.changes
            await asyncio.sleep(pace.wait(deal_live))
    finally:
        await conn.close()


async def prober(port: int, stats: Stats, deadline: float, every: float) -> None:
    conn = Connection(port)
    try:
        while time.monotonic() < deadline:
            await timed(stats, "healthz", conn, "GET", "/healthz", (200,))
            await asyncio.sleep(every)
    finally:
        await conn.close()


SLOW_BODY = (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             b"Content-Length: 100\r\n\r\n{")


async def slow_body(port: int, stats: Stats, deadline: float) -> None:
    """A client that announces 100 bytes and sends one, again and again: each round filed as ``slow`` with the
    status it got (408 expected) and the time it waited for it."""
    while time.monotonic() < deadline:
        start = time.perf_counter()
        started = time.monotonic()
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError as e:
            stats.error("slow", f"connect: {e}")
            return
        try:
            writer.write(SLOW_BODY)
            await writer.drain()
            line = await asyncio.wait_for(reader.readline(), max(0.1, deadline - time.monotonic()))
            if not line:
                stats.error("slow", "closed with no answer")
                continue
            status = int(line.split()[1])
            stats.add("slow", time.perf_counter() - start, status, started)
            if status != 408:
                stats.error("slow", f"{status} for a stalled body")
        except TimeoutError:
            return  # still stalled when the run ended
        except (ConnectionError, OSError, ValueError, IndexError) as e:
            stats.error("slow", f"{type(e).__name__} {e}")
        finally:
            writer.close()


async def mark_cpu(stats: Stats, server_pid: int) -> None:
    """The CPU used so far (server, this client) when the measured load begins."""
    await asyncio.sleep(max(0.0, stats.measure_from - time.monotonic()))
    stats.cpu_at_start = (cpu_seconds(server_pid), time.process_time())


async def drive(port: int, args) -> tuple[Stats, float]:
    stats = Stats()
    setup = Connection(port)
    tables = []
    n_tables = math.ceil(args.phones / 4)
    n_digital = round(n_tables * args.digital_share)
    for i in range(n_tables):
        played = i < n_digital
        body = {"game": DIGITAL_GAME, "players": PLAYERS, "digital": True, "bots": [1, 2, 3], "bot_level": "quick"} \
            if played else {"game": "rami", "players": PLAYERS}
        got = await timed(stats, "create", setup, "POST", "/api/tables", (201,), {"Content-Type": "application/json"},
                          json.dumps(body).encode())
        if got is None or got[0] != 201:
            raise SystemExit(f"could not create a table: {stats.errors[-1:]}")
        body = json.loads(got[2])
        tables.append(Table(body["id"], body["edit_token"], body["seats"][0]["token"] if played else None))
    await setup.close()
    stats.measure_from = time.monotonic() + args.ramp
    deadline = stats.measure_from + args.seconds
    tasks = [(digital_phone if tables[i // 4].seat_token else phone)(port, stats, tables[i // 4], i % 4, deadline, args)
             for i in range(args.phones)]
    tasks.append(prober(port, stats, deadline, args.probe_every))
    tasks += [slow_body(port, stats, deadline) for _ in range(args.slow_bodies)]
    tasks.append(mark_cpu(stats, args.server_pid))
    await asyncio.gather(*tasks)
    return stats, time.monotonic() - stats.measure_from


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(args) -> dict:
    env = dict(os.environ)
    if not env.get("DATABASE_URL"):
        env["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp(prefix='atout-load-')}/load.sqlite3"
    env.update({"DEBUG": "0", "SECRET_KEY": env.get("SECRET_KEY") or uuid.uuid4().hex * 2,
                "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0", "STATIC_PLAIN": "1",
                "LOG_LEVEL": env.get("LOG_LEVEL", "ERROR"), "PYTHONWARNINGS": "ignore::UserWarning"})
    if args.body_timeout is not None:
        env["REQUEST_BODY_TIMEOUT"] = str(args.body_timeout)
    return env


def start_server(port: int, env: dict, args) -> subprocess.Popen:
    root = args.app_dir
    subprocess.run([sys.executable, "manage.py", "migrate", "--verbosity", "0"], cwd=root, env=env, check=True)
    cmd = [sys.executable, "-m", "gunicorn"]
    if (root / "gunicorn.conf.py").exists():
        cmd += ["--config", str(root / "gunicorn.conf.py")]
    cmd += ["companion.wsgi:application", "--bind", f"127.0.0.1:{port}", "--worker-class", args.worker_class,
            "--workers", str(args.workers), "--threads", str(args.threads), "--keep-alive", "5",
            "--log-level", "warning", "--access-logfile", "/dev/null"]
    server = subprocess.Popen(cmd, cwd=root, env={**env, "PYTHONPATH": str(root)})
    for _ in range(200):
        if server.poll() is not None:
            raise SystemExit(f"gunicorn stopped at start ({server.returncode})")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("gunicorn did not start in 20 s")


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children (gunicorn's workers), from /proc; 0 elsewhere."""
    try:
        pids = [pid] + [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        total = 0
        for p in pids:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def report(stats: Stats, elapsed: float, args, database: str) -> dict:
    kinds = {}
    for kind, values in sorted(stats.times.items()):
        kinds[kind] = {"count": len(values), "per_s": len(values) / elapsed, "p50_ms": percentile(values, 50) * 1000,
                       "p95_ms": percentile(values, 95) * 1000, "p99_ms": percentile(values, 99) * 1000,
                       "statuses": stats.statuses[kind]}
    # Not the warm-up's (create, page), nor the stalled bodies, which are not served.
    total = sum(len(v) for k, v in stats.times.items() if k not in ("create", "page", "slow"))
    poll_p95 = kinds.get("poll", {}).get("p95_ms", float("nan"))
    round_p95 = kinds.get("round", {}).get("p95_ms", float("nan"))
    health_p95 = kinds.get("healthz", {}).get("p95_ms", float("nan"))
    goals = {"no_error": not stats.errors, "poll_p95_under_50ms": poll_p95 < 50,
             "round_p95_at_most_2x_healthz_p95": round_p95 <= 2 * health_p95}
    if args.slow_bodies:
        goals["healthz_p95_under_100ms_with_slow_bodies"] = health_p95 < 100
        goals["slow_bodies_answered_408"] = set(kinds.get("slow", {}).get("statuses", {})) == {408}
    return {"database": database, "phones": args.phones, "tables": math.ceil(args.phones / 4), "seconds": elapsed,
            "workers": args.workers, "threads": args.threads, "worker_class": args.worker_class,
            "slow_bodies": args.slow_bodies, "requests_per_s": total / elapsed, "kinds": kinds,
            "errors": stats.errors, "goals": goals, "round_to_healthz_p95": round_p95 / health_p95 if health_p95 else None}


def print_report(r: dict) -> None:
    print(f"{r['phones']} phones on {r['tables']} tables, {r['seconds']:.0f} s, {r['database']}, gunicorn "
          f"{r['workers']} workers x {r['threads']} threads ({r['worker_class']}): {r['requests_per_s']:.0f} requests/s"
          + (f"; {r['slow_bodies']} clients stalling in their body" if r["slow_bodies"] else ""))
    print(f"{'kind':<10}{'count':>8}{'per s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}  statuses")
    for kind, k in r["kinds"].items():
        print(f"{kind:<10}{k['count']:>8}{k['per_s']:>8.1f}{k['p50_ms']:>9.1f}{k['p95_ms']:>9.1f}{k['p99_ms']:>9.1f}  "
              + " ".join(f"{s}×{n}" for s, n in sorted(k["statuses"].items())))
    if r["server_cpu_ms_per_request"] is not None:
        print(f"CPU: server {r['server_cpu_s']:.1f} s ({r['server_cpu_ms_per_request']:.2f} ms a request), "
              f"this client {r['client_cpu_s']:.1f} s, over {r['seconds']:.0f} s of "
              f"{os.cpu_count()} cores; load average at the end {r['load_average']:.1f}")
    print(f"errors: {len(r['errors'])}")
    for e in r["errors"][:20]:
        print("  " + e)
    ratio = r["round_to_healthz_p95"]
    print("goals: " + "; ".join(f"{name} {'ok' if ok else 'MISSED'}" for name, ok in r["goals"].items())
          + (f" (round/healthz p95 = {ratio:.2f})" if ratio is not None else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, default=400, help="phones in all, four a table (default 400)")
    parser.add_argument("--seconds", type=float, default=60, help="how long the load runs (default 60)")
    parser.add_argument("--poll-every", type=float, default=1.0)
    parser.add_argument("--round-every", type=float, default=20.0)
    parser.add_argument("--rulebook-every", type=float, default=120.0,
                        help="seconds between two rulebook openings of one phone, on average (default 120)")
    parser.add_argument("--ramp", type=float, default=10.0,
                        help="warm-up before the measured seconds, while the phones arrive and open their pages, each "
                             "at a random moment; only the page openings are counted from it (default 10)")
    parser.add_argument("--probe-every", type=float, default=0.1,
                        help="seconds between two /healthz probes (default 0.1: enough samples for a steady p95)")
    parser.add_argument("--workers", type=int, help="gunicorn workers (default: gunicorn.conf.py's)")
    parser.add_argument("--threads", type=int, help="threads a worker (default: gunicorn.conf.py's)")
    parser.add_argument("--worker-class", help="gunicorn worker class (default: gunicorn.conf.py's; gthread to "
                                               "compare with the plain threaded worker)")
    parser.add_argument("--slow-bodies", type=int, default=0,
                        help="clients that announce a 100-byte body, send one byte and stall, again and again")
    parser.add_argument("--body-timeout", type=float,
                        help="REQUEST_BODY_TIMEOUT for the server: seconds a request's body has to arrive (default 10)")
    parser.add_argument("--digital-share", type=float, default=0.0,
                        help="the fraction of the tables played on Atout: one human, three quick bots (default 0)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds the human of a table played on Atout takes to play, on average (default 1)")
    parser.add_argument("--no-backoff", dest="backoff", action="store_false",
                        help="poll every --poll-every seconds, idle or not (as phones did before the back-off)")
    parser.add_argument("--app-dir", type=Path, default=ROOT,
                        help="the checkout the server runs from (default: this one)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    env = server_env(args)
    conf = runpy.run_path(str(args.app_dir / "gunicorn.conf.py")) if (args.app_dir / "gunicorn.conf.py").exists() else {}
    args.workers = args.workers or conf.get("workers", 1)
    args.threads = args.threads or conf.get("threads", 1)
    args.worker_class = args.worker_class or conf.get("worker_class", "gthread")
    database = env["DATABASE_URL"].split(":")[0]
    port = free_port()
    server = start_server(port, env, args)
    args.server_pid = server.pid
    try:
        stats, elapsed = asyncio.run(drive(port, args))
        server_cpu = cpu_seconds(server.pid) - stats.cpu_at_start[0]
        client_cpu = time.process_time() - stats.cpu_at_start[1]
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    r = report(stats, elapsed, args, database)
    served = sum(k["count"] for kind, k in r["kinds"].items() if kind not in ("create", "page", "slow"))
    r.update(server_cpu_s=server_cpu, client_cpu_s=client_cpu,
             server_cpu_ms_per_request=server_cpu * 1000 / served if served else None,
             load_average=os.getloadavg()[0] if hasattr(os, "getloadavg") else None)
    print(json.dumps(r, indent=1)) if args.json else print_report(r)
    return 1 if r["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
