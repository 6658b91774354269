#!/usr/bin/env python
"""What a phone that never saw Atout downloads in its first seconds, on the production stack, and print figures.

    .venv/bin/python scripts/first_load.py                 # 12 s after each page, Debian's Chromium
    .venv/bin/python scripts/first_load.py --seconds 20 --save-data

It collects the static files as production does (minified, hashed: ``collectstatic`` into a temporary folder),
migrates a throwaway SQLite database, starts gunicorn on 127.0.0.1, makes a Tarot table through the API (with a few
rounds), then opens, each in a fresh browser profile at 360 × 740 (no cache, no service worker yet): the home page,
the table's read-only page and its edit page. For each it counts every answer the browser received in the first
``--seconds`` seconds — the page, what it links, the script's own requests and the service worker's downloads
(gunicorn's access log: body bytes as sent, compressed where they are) — and prints requests and bytes,
split into the page itself, the rulebook pages kept for offline use and the other files. ``--save-data`` asks as a
phone with the data saver on (``navigator.connection.saveData``). Loopback only; it stops by itself.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
PLAYERS = ["Ana", "Bea", "Cid", "Dan"]
# Tarot at four: the taker and what his camp took (whole points at four players).
ROUNDS = [{"taker": 0, "contract": "garde", "bouts": 2, "points": 44},
          {"taker": 1, "contract": "prise", "bouts": 1, "points": 55},
          {"taker": 2, "contract": "garde", "bouts": 3, "points": 40}]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def api(base: str, path: str, body: dict, token: str | None = None) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json",
                                              **({"Authorization": f"Bearer {token}"} if token else {})})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def start(env: dict, port: int, log: Path) -> subprocess.Popen:
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"], cwd=ROOT, env=env,
                   check=True)
    subprocess.run([sys.executable, "manage.py", "migrate", "--verbosity", "0"], cwd=ROOT, env=env, check=True)
    cmd = [sys.executable, "-m", "gunicorn", *(["--config", str(ROOT / "gunicorn.conf.py")]
                                               if (ROOT / "gunicorn.conf.py").exists() else []),
           "companion.wsgi:application", "--bind", f"127.0.0.1:{port}", "--log-level", "warning",
           "--access-logfile", str(log), "--access-logformat", "%(U)s %(B)s",  # path, body bytes
           "--no-sendfile"]  # so that the log counts the bytes of the files whitenoise sends too
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


def measure(browser, url: str, seconds: float, save_data: bool, log: Path) -> list[tuple[str, int]]:
    """(path, body bytes as sent) of every answer the server gave in the first ``seconds`` after opening ``url`` in
    a new browser profile: the page, its files, its script's requests and its service worker's downloads alike
    (read from gunicorn's access log, which sees them all)."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="allow")
    if save_data:
        context.add_init_script("Object.defineProperty(navigator, 'connection', {value: {saveData: true}});")
    start_at = log.stat().st_size if log.exists() else 0
    page = context.new_page()
    began = time.monotonic()
    page.goto(url, wait_until="load")
    while time.monotonic() - began < seconds:
        page.wait_for_timeout(200)
    context.close()
    time.sleep(0.3)  # the last lines of the log
    with log.open(encoding="utf-8") as f:
        f.seek(start_at)
        lines = f.read().split("\n")
    out = []
    for line in lines:
        parts = line.split()
        if len(parts) == 2:
            out.append((parts[0].lstrip("/"), int(parts[1]) if parts[1].isdigit() else 0))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--save-data", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="atout-first-load-"))
    port = free_port()
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": uuid.uuid4().hex * 2, "ALLOWED_HOSTS": "127.0.0.1",
           "SECURE_SSL_REDIRECT": "0", "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3", "STATIC_ROOT": str(tmp / "static"),
           "LOG_LEVEL": "ERROR", "PYTHONWARNINGS": "ignore::UserWarning"}
    log = tmp / "access.log"
    server = start(env, port, log)
    base = f"http://127.0.0.1:{port}"
    try:
        table = api(base, "/api/tables", {"game": "tarot", "players": PLAYERS})
        for entry in ROUNDS:
            api(base, f"/api/tables/{table['id']}/rounds", entry, table["edit_token"])
        pages = [("home", "/"), ("table (read-only)", f"/tables/{table['id']}/"),
                 ("table (edit)", f"/tables/{table['id']}/edit/{table['edit_token']}/")]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            print(f"First {args.seconds:g} s of a first visit, 360 × 740, gunicorn + whitenoise, "
                  f"{'data saver on' if args.save_data else 'data saver off'}")
            print(f"{'page':<20} {'requests':>8} {'KiB':>7} │ {'page':>6} {'rulebook':>14} {'other files':>16}")
            for name, path in pages:
                answers = measure(browser, base + path, args.seconds, args.save_data, log)
                rules = [(u, n) for u, n in answers if u.startswith("rules/")]
                logged = re.sub(r"/edit/[^/]+/", "/edit/****/", path)  # the log hides edit tokens
                own = [(u, n) for u, n in answers if "/" + u == logged]
                other = [a for a in answers if a not in rules and a not in own]
                kib = lambda xs: sum(n for _, n in xs) / 1024  # noqa: E731
                print(f"{name:<20} {len(answers):>8} {kib(answers):>7.1f} │ {kib(own):>6.1f} "
                      f"{len(rules):>3} × {kib(rules):>7.1f} {len(other):>4} × {kib(other):>8.1f}")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
