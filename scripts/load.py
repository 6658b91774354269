#!/usr/bin/env python
"""Drive Atout on its production stack (gunicorn) the way real tables do, for a bounded time, and print figures.

    .venv/bin/python scripts/load.py                          # 100 tables (400 phones), 60 s, SQLite in a temp dir
    DATABASE_URL=postgres://… .venv/bin/python scripts/load.py --phones 400 --seconds 60
    .venv/bin/python scripts/load.py --phones 10 --seconds 20  # the SQLite default with 10 phones

It migrates the database, starts gunicorn on 127.0.0.1 (a free port; ``gunicorn.conf.py`` when the repository
has one, then these flags), creates one Rami table per four phones through the API, and runs, all at once:

* every phone polls its table's API every second as ``static/js/atout.js`` does (``If-None-Match`` with the last
  ETag; a 304 when nothing changed) and, when the version changed, fetches the live fragment of the page once;
* the first phone of each table enters a round every ``--round-every`` seconds (``X-Round-Number`` and an
  ``Idempotency-Key``, as the phone does), at a random phase;
* now and then (``--rulebook-every`` seconds per phone on average) a phone opens the rulebook page of Rami;
* a load balancer probes ``/healthz`` every half second.

Loopback only (the server it starts), and it stops by itself after ``--seconds``. Prints requests per second,
p50 / p95 / p99 per request kind and every error, then the goals: no error; poll p95 under 50 ms; POST-round p95
at most twice the ``/healthz`` p95 of the same run. Exit status 1 when there was an error (the goals on times are
reported, not enforced, so that a busy machine does not fail a smoke run). ``--json`` prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import math
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["Ana", "Bea", "Cid", "Dan"]
# Rami deals for four players, each valid at any point of the game (a player out; the others' hands).
DEALS = [
    {"winner": 0, "hands": [None, {"cards": ["10H", "KS", "JK"]}, {"laid_nothing": True}, {"points": 12}]},
    {"winner": 1, "hands": [{"cards": ["2C", "QD"]}, None, {"points": 31}, {"laid_nothing": True}]},
    {"winner": 2, "hands": [{"points": 23}, {"cards": ["AS", "AD", "2C"]}, None, {"cards": ["7H"]}]},
    {"winner": 3, "rami_sec": True, "hands": [{"laid_nothing": True}] * 3 + [None]},
]


class Stats:
    def __init__(self):
        self.times: dict[str, list[float]] = {}
        self.errors: list[str] = []
        self.statuses: dict[str, dict[int, int]] = {}

    def add(self, kind: str, seconds: float, status: int) -> None:
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
                response_headers[name.strip().lower()] = value.strip()
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
                headers: dict | None = None, body: bytes = b"") -> tuple[int, dict, bytes] | None:
    start = time.perf_counter()
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
    stats.add(kind, time.perf_counter() - start, status)
    if status not in expect:
        stats.error(kind, f"{method} {path}: {status} {data[:200]!r}")
    return status, response_headers, data


class Table:
    def __init__(self, table_id: str, token: str):
        self.id = table_id
        self.token = token
        self.next_round = 1


async def phone(port: int, stats: Stats, table: Table, writer: bool, deadline: float, args) -> None:
    conn = Connection(port)
    rng = random.Random()
    etag = '"v0"'
    await asyncio.sleep(rng.random() * args.poll_every)  # phones do not start in step
    next_round_at = time.monotonic() + rng.random() * args.round_every
    try:
        while time.monotonic() < deadline:
            got = await timed(stats, "poll", conn, "GET", f"/api/tables/{table.id}", (200, 304),
                              {"If-None-Match": etag, "Accept": "application/json"})
            if got and got[0] == 200:
                etag = got[1].get("etag", etag).removeprefix("W/")
                # The version changed: the phone fetches the live part of its page once (atout.js refresh()).
                await timed(stats, "refresh", conn, "GET", f"/tables/{table.id}/", (200,), {"HX-Request": "true"})
            if writer and time.monotonic() >= next_round_at:
                next_round_at += args.round_every
                deal = DEALS[(table.next_round - 1) % len(DEALS)]
                got = await timed(stats, "round", conn, "POST", f"/api/tables/{table.id}/rounds", (201,), {
                    "Content-Type": "application/json", "Authorization": f"Bearer {table.token}",
                    "Idempotency-Key": uuid.uuid4().hex, "X-Round-Number": str(table.next_round)},
                    json.dumps(deal).encode())
                if got and got[0] == 201:
                    table.next_round = json.loads(got[2])["number"] + 1
            if rng.random() < args.poll_every / args.rulebook_every:
                await timed(stats, "rulebook", conn, "GET", "/rules/rami/", (200,))
            await asyncio.sleep(args.poll_every)
    finally:
        await conn.close()


async def prober(port: int, stats: Stats, deadline: float) -> None:
    conn = Connection(port)
    try:
        while time.monotonic() < deadline:
            await timed(stats, "healthz", conn, "GET", "/healthz", (200,))
            await asyncio.sleep(0.5)
    finally:
        await conn.close()


async def drive(port: int, args) -> tuple[Stats, float]:
    stats = Stats()
    setup = Connection(port)
    tables = []
    for _ in range(math.ceil(args.phones / 4)):
        got = await timed(stats, "create", setup, "POST", "/api/tables", (201,), {"Content-Type": "application/json"},
                          json.dumps({"game": "rami", "players": PLAYERS}).encode())
        if got is None or got[0] != 201:
            raise SystemExit(f"could not create a table: {stats.errors[-1:]}")
        body = json.loads(got[2])
        tables.append(Table(body["id"], body["edit_token"]))
    await setup.close()
    start = time.monotonic()
    deadline = start + args.seconds
    tasks = [phone(port, stats, tables[i // 4], i % 4 == 0, deadline, args) for i in range(args.phones)]
    tasks.append(prober(port, stats, deadline))
    await asyncio.gather(*tasks)
    return stats, time.monotonic() - start


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
    return env


def start_server(port: int, env: dict, args) -> subprocess.Popen:
    subprocess.run([sys.executable, "manage.py", "migrate", "--verbosity", "0"], cwd=ROOT, env=env, check=True)
    cmd = [sys.executable, "-m", "gunicorn"]
    if (ROOT / "gunicorn.conf.py").exists():
        cmd += ["--config", str(ROOT / "gunicorn.conf.py")]
    cmd += ["companion.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", str(args.workers),
            "--worker-class", "gthread", "--threads", str(args.threads), "--keep-alive", "5",
            "--log-level", "warning", "--access-logfile", "/dev/null"]
    server = subprocess.Popen(cmd, cwd=ROOT, env=env)
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
    total = sum(len(v) for k, v in stats.times.items() if k != "create")
    poll_p95 = kinds.get("poll", {}).get("p95_ms", float("nan"))
    round_p95 = kinds.get("round", {}).get("p95_ms", float("nan"))
    health_p95 = kinds.get("healthz", {}).get("p95_ms", float("nan"))
    goals = {"no_error": not stats.errors, "poll_p95_under_50ms": poll_p95 < 50,
             "round_p95_at_most_2x_healthz_p95": round_p95 <= 2 * health_p95}
    return {"database": database, "phones": args.phones, "tables": math.ceil(args.phones / 4), "seconds": elapsed,
            "workers": args.workers, "threads": args.threads, "requests_per_s": total / elapsed, "kinds": kinds,
            "errors": stats.errors, "goals": goals, "round_to_healthz_p95": round_p95 / health_p95 if health_p95 else None}


def print_report(r: dict) -> None:
    print(f"{r['phones']} phones on {r['tables']} tables, {r['seconds']:.0f} s, {r['database']}, gunicorn "
          f"{r['workers']} workers x {r['threads']} threads: {r['requests_per_s']:.0f} requests/s")
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
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    env = server_env(args)
    database = env["DATABASE_URL"].split(":")[0]
    port = free_port()
    server = start_server(port, env, args)
    try:
        server_cpu, client_cpu = cpu_seconds(server.pid), time.process_time()
        stats, elapsed = asyncio.run(drive(port, args))
        server_cpu, client_cpu = cpu_seconds(server.pid) - server_cpu, time.process_time() - client_cpu
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    r = report(stats, elapsed, args, database)
    served = sum(k["count"] for k in r["kinds"].values())
    r.update(server_cpu_s=server_cpu, client_cpu_s=client_cpu,
             server_cpu_ms_per_request=server_cpu * 1000 / served if served else None,
             load_average=os.getloadavg()[0] if hasattr(os, "getloadavg") else None)
    print(json.dumps(r, indent=1)) if args.json else print_report(r)
    return 1 if r["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
