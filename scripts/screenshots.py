"""Screenshots of Atout's main pages on a 360 px phone, to look at before calling a change to a page done.

    .venv/bin/python scripts/screenshots.py OUT_DIR [--lang fr|en] [--chromium /usr/bin/chromium]

Starts its own server (``manage.py runserver`` on a free port, on a throwaway SQLite database), creates the data
through the JSON API and the pages' own forms, and writes one full-page PNG per page into OUT_DIR: the new-table
page, the sheet at eight players with long names, the entry forms of every scored game (the free sheet too, when
the game ``libre`` exists), a circle, the rulebook and the Rami lay checker. It prints each file it writes and
reports any page wider than the screen.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WIDTH, HEIGHT = 360, 740
LONG_NAMES = ["Marie-Christine Dupont", "Maximilien Beauregard", "Jean-Baptiste Leclerc", "Jean-Philippe Moreau",
              "Anne-Sophie Delacroix", "Alexandre Fontaine", "Bérénice Chaumont", "Christophe Lambert"]
FOUR = ["Ana", "Béa", "Cid", "Dan"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(url: str, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.3)
    raise SystemExit(f"the server did not answer at {url}")


def _post(base: str, path: str, body: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read() or b"{}")


def _table(base: str, game: str, players: list[str], rounds: list[dict] = (), options: dict | None = None) -> dict:
    body = {"game": game, "players": players}
    if options:
        body["options"] = options
    t = _post(base, "/api/tables", body)
    for entry in rounds:
        _post(base, f"/api/tables/{t['id']}/rounds", entry, t["edit_token"])
    return t


def _games(base: str) -> set[str]:
    with urllib.request.urlopen(base + "/api/games", timeout=10) as r:
        return {g["slug"] for g in json.loads(r.read())}


def _nain_jaune_round(winner: int, n: int) -> dict:
    rest = [0 if s == winner else 5 + s for s in range(n)]
    return {"winner": winner, "grand_opera": False, "remaining": rest,
            "stakes": {"10D": {"claimed_by": winner}, "JC": None, "QS": None, "KH": None, "7D": None}}


def pages(base: str) -> list[tuple[str, str, str | None]]:
    """(file name, URL, element to scroll to) for every page to shoot; the data is made here."""
    games = _games(base)
    out = [("01-home", "/", None), ("02-new-table-barbu", "/tables/new/barbu/", None)]
    barbu = _table(base, "barbu", FOUR, [{"tricks": [4, 3, 5, 1]}, {"hearts": [2, 6, 0, 5]},
                                         {"queens": [1, 0, 2, 1]}, {"king_of_hearts": 2}])
    out.append(("03-barbu-salade-form", barbu["edit_url"], "#entry"))
    nj8 = _table(base, "nain-jaune", LONG_NAMES)
    try:
        _post(base, f"/api/tables/{nj8['id']}/rounds", _nain_jaune_round(2, 8), nj8["edit_token"])
    except urllib.error.HTTPError as e:  # the board's keys may change: the sheet is still worth a look
        print("nain-jaune round refused:", e.read()[:300], file=sys.stderr)
    out += [("04-sheet-8-players", nj8["view_url"], None), ("05-nain-jaune-form-8-players", nj8["edit_url"], "#entry")]
    rami = _table(base, "rami", FOUR[:3], [{"winner": 0, "rami_sec": False,
                                            "hands": [None, {"cards": ["KH", "7D", "JK"]}, {"laid_nothing": True}]}])
    out.append(("06-rami-form", rami["edit_url"], "#entry"))
    vic = _table(base, "vicaire", FOUR[:3], [{"tricks": [3, 4, 3]}, {"tricks": [7, 2, 1]}])
    out.append(("07-vicaire-sheet-and-form", vic["edit_url"], None))
    if "libre" in games:
        libre = _table(base, "libre", LONG_NAMES, [{"points": [10, -5, 0, 3, 7, 2, 1, 4]}])
        out.append(("08-free-sheet", libre["edit_url"], None))
    out += [("09-lay-checker", "/rami/pose/", None), ("10-rulebook", "/rules/", None), ("11-rule-barbu", "/rules/barbu/", None)]
    return out


def shoot(base: str, folder: Path, chromium: str, lang: str) -> list[str]:
    from playwright.sync_api import sync_playwright

    wide = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"], headless=True)
        context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, device_scale_factor=1, is_mobile=True,
                                      has_touch=True, locale="fr-FR" if lang == "fr" else "en-GB")
        page = context.new_page()
        if lang == "en":
            page.goto(base + "/")
            page.locator(".lang button").first.click()
        shots = pages(base)
        # A circle of eight, made through its own form.
        page.goto(base + "/groups/new/")
        page.locator("#group-name").fill("Les jeudis de la rue des Acacias")
        page.locator("#group-players").fill("\n".join(LONG_NAMES))
        page.locator("form.group-form button[type=submit]").click()
        page.wait_for_load_state()
        circle = page.url.split("?")[0]
        # One circle table of eight, with two deals, so that the circle has standings and a chart.
        page.goto(circle + "tables/new/?game=nain-jaune")
        for seat, name in enumerate(LONG_NAMES):
            page.locator(f'input[name="player.{seat}"]').fill(name)
        page.locator("form.stack button[type=submit]").click()
        page.wait_for_load_state()
        table_id, token = page.url.split("/tables/", 1)[1].split("/edit/")
        for winner in (2, 5):
            try:
                _post(base, f"/api/tables/{table_id}/rounds", _nain_jaune_round(winner, 8), token.split("/")[0])
            except urllib.error.HTTPError as e:
                print("circle round refused:", e.read()[:300], file=sys.stderr)
        shots.append(("12-circle", circle, None))
        for name, url, anchor in shots:
            page.goto(url if url.startswith("http") else base + url)
            page.wait_for_load_state("networkidle")
            path = folder / f"{name}.png"
            if anchor:  # the part a player looks at, as the phone shows it
                page.locator(anchor).scroll_into_view_if_needed()
                page.screenshot(path=str(folder / f"{name}-screen.png"))
            page.screenshot(path=str(path), full_page=True)
            width = page.evaluate("document.documentElement.scrollWidth")
            print(f"{path}  width {width}px")
            if width > WIDTH:
                wide.append(f"{name}: {width}px")
        browser.close()
    return wide


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder the PNG files go to (created if needed)")
    parser.add_argument("--lang", choices=("fr", "en"), default="fr")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "DEBUG": "1", "DATABASE_URL": f"sqlite:///{tmp}/screens.sqlite3"}
        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
        server = subprocess.Popen([*manage, "runserver", "--noreload", f"127.0.0.1:{port}"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            _wait(base + "/")
            wide = shoot(base, args.out, args.chromium, args.lang)
        finally:
            server.terminate()
            server.wait(timeout=10)
    if wide:
        print("wider than the screen:", ", ".join(wide), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
