"""The service worker script: served from the root, never cached stale, listing what a phone keeps offline."""

import json
import re

import pytest

from companion.games import registry


def test_it_is_served_from_the_root_with_the_headers_a_service_worker_needs(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"


def listed(text: str, name: str) -> list[str]:
    return json.loads(re.search(rf"const {name}\s*=\s*(\[.*?\]);", text).group(1))


def test_it_precaches_the_home_the_offline_page_and_knows_every_games_rulebook_page(client):
    text = client.get("/sw.js").content.decode()
    pages = listed(text, "SHELL_PAGES")
    # The common page every game's rules link ("la convention d'Atout") is kept too; a game's own page only for
    # the games the phone plays (the precache message names them), from the list of every game's page.
    assert pages == ["/", "/offline/", "/rules/", "/rules/comment-atout-compte/"]
    # A game's page is the rules' address and its slug: the worker builds it from the slugs it is given.
    assert re.search(r'const RULES\s*=\s*"/rules/";', text)


def test_it_precaches_the_static_files_every_page_uses_when_it_installs(client):
    assets = listed(client.get("/sw.js").content.decode(), "ASSETS")
    # The page script is main.js and the modules it imports: every one of them, or the page has no script offline.
    modules = ["dom", "live", "outbox", "pending", "queue", "status", "steppers", "tables", "wake",
               "worker"]
    assert sorted(assets) == sorted(["/static/css/atout.css", "/static/icons/icon-192.png",
                                     "/static/vendor/htmx-2.0.11.min.js", "/static/js/atout/main.js",
                                     *(f"/static/js/atout/{m}.js" for m in modules)])


def test_the_modules_kept_are_those_the_page_script_imports_read_from_its_files():
    """Derived, not hand-copied: every import of every module kept, and every module of the folder imported."""
    from pathlib import Path

    from django.conf import settings

    from companion.pwa.views import every_page_static_files

    kept = set(every_page_static_files())
    folder = Path(settings.BASE_DIR) / "static" / "js" / "atout"
    lazy = set()  # loaded by import("./x.js") where a page needs them: kept with the files after the first load
    for module in folder.glob("*.js"):
        text = module.read_text(encoding="utf-8")
        for name in re.findall(r'^(?:import|export) .*? from "\./([\w-]+\.js)";', text, re.MULTILINE | re.DOTALL):
            assert f"js/atout/{name}" in kept, (module.name, name)
        lazy |= {f"js/atout/{name}" for name in re.findall(r'import\("\./([\w-]+\.js)"\)', text)}
    assert lazy == {"js/atout/games.js", "js/atout/teams.js", "js/atout/problems.js", "js/atout/table.js"}
    assert {f"js/atout/{m.name}" for m in folder.glob("*.js")} <= kept | lazy
    assert not kept & lazy


def test_it_keeps_every_other_stylesheet_script_and_icon_after_the_first_load(client):
    later = listed(client.get("/sw.js").content.decode(), "LATER_ASSETS")
    # The rulebook's stylesheet, the card picker of Rami pages, the icons of the installed app.
    for path in ("/static/css/rulebook.css", "/static/css/card-picker.css", "/static/js/card-picker.js",
                 "/static/icons/icon-512.png", "/static/icons/maskable-512.png",
                 "/static/js/atout/games.js", "/static/js/atout/problems.js"):  # modules pages load when needed
        assert path in later, path
    assert not set(later) & set(listed(client.get("/sw.js").content.decode(), "ASSETS"))


@pytest.mark.django_db
def test_every_static_file_a_page_links_is_kept(client):
    text = client.get("/sw.js").content.decode()
    kept = set(listed(text, "ASSETS")) | set(listed(text, "LATER_ASSETS"))
    pages = ["/", "/rules/", "/rules/barbu/", "/rami/pose/"]
    table = client.post("/api/tables", {"game": "rami", "players": ["Ana", "Bea"]}, content_type="application/json").json()
    pages.append(table["edit_url"])
    for url in pages:
        page = client.get(url).content.decode()
        linked = set(re.findall(r'(?:href|src)="(/static/[^"]+)"', page))
        assert linked and linked <= kept, (url, linked - kept)


def test_its_text_names_a_version_that_follows_the_files(client, settings, tmp_path):
    first = re.search(r'const VERSION\s*=\s*"([0-9a-f]{16})"', client.get("/sw.js").content.decode()).group(1)
    again = re.search(r'const VERSION\s*=\s*"([0-9a-f]{16})"', client.get("/sw.js").content.decode()).group(1)
    assert first == again
    settings.STATIC_URL = "/assets/"  # other URLs for the same files: another service worker
    other = re.search(r'const VERSION\s*=\s*"([0-9a-f]{16})"', client.get("/sw.js").content.decode()).group(1)
    assert other != first


def test_the_json_list_matches_the_script(client):
    data = client.get("/pwa/precache.json").json()
    text = client.get("/sw.js").content.decode()
    assert data["pages"] == listed(text, "SHELL_PAGES") and data["assets"] == listed(text, "ASSETS")
    assert data["later_assets"] == listed(text, "LATER_ASSETS")


def test_the_offline_page_explains_what_still_works(client):
    page = client.get("/offline/").content.decode()
    assert "Pas de réseau" in page and 'id="my-tables"' in page


def test_every_precached_rulebook_page_exists(client):
    text = client.get("/sw.js").content.decode()
    games = [f"/rules/{slug}/" for slug in registry.catalog()]  # what the worker builds from a slug
    for url in listed(text, "SHELL_PAGES") + games:
        assert client.get(url).status_code == 200, url


def table_page_pattern(text: str) -> re.Pattern:
    """The service worker's TABLE_PAGE (a JavaScript regex literal, read as Python's: the same syntax here)."""
    return re.compile(re.search(r"const TABLE_PAGE\s*=\s*/(.*?)/;", text).group(1).replace("\\/", "/"))


@pytest.mark.django_db
def test_the_only_pages_of_a_table_it_keeps_are_its_read_only_and_edit_pages(client):
    from tests.factories import DigitalTableFactory

    pattern = table_page_pattern(client.get("/sw.js").content.decode())
    table = DigitalTableFactory()
    t, token, seat = table.id, table.edit_token, next(iter(table.seat_tokens.values()))
    assert pattern.fullmatch(f"/tables/{t}/") and pattern.fullmatch(f"/tables/{t}/edit/{token}/")
    for path in (f"/tables/{t}/seat/{seat}/", f"/tables/{t}/edit/{token}/play/", f"/tables/{t}/play/",
                 f"/tables/{t}/edit/{token}/share/", f"/tables/{t}/share/", f"/tables/{t}/history/",
                 f"/tables/{t}/edit/{token}/confirm/finish/", f"/tables/{t}/edit/{token}/rounds/1/",
                 "/tables/new/barbu/", "/groups/abc/", f"/tables/{t}/export.csv"):
        assert not pattern.fullmatch(path), path


@pytest.mark.django_db
def test_a_table_page_offers_its_offline_copy_and_says_when_its_game_is_over(client):
    from tests.factories import DigitalTableFactory, TableFactory

    playing = TableFactory(rounds=[{"tricks": [4, 3, 5, 1]}])
    ended = TableFactory(rounds=[{"tricks": [4, 3, 5, 1]}], ended=True)
    for table, over in ((playing, False), (ended, True)):
        for url in (f"/tables/{table.id}/", f"/tables/{table.id}/edit/{table.edit_token}/"):
            page = client.get(url).content.decode()
            live = re.search(r'<div id="live"[^>]*>', page).group(0)
            sheet = re.search(r'<section id="sheet"[^>]*>', page).group(0)
            assert " data-offline" in live, url
            assert (" data-finished" in sheet) is over, url
        # The partial an htmx request (and the phone's own round) gets carries the same mark.
        partial = client.get(f"/tables/{table.id}/", headers={"HX-Request": "true"}).content.decode()
        assert (" data-finished" in re.search(r'<section id="sheet"[^>]*>', partial).group(0)) is over
    # A digital table's pages (seat, pass-and-play, spectators) need the server: no offline copy offered.
    dealt = DigitalTableFactory()
    seat = next(iter(dealt.seat_tokens.values()))
    client.post(f"/tables/{dealt.id}/seat/{seat}/", {"claim": "1"})  # this phone takes the seat, as its player does
    for url in (f"/tables/{dealt.id}/seat/{seat}/", f"/tables/{dealt.id}/edit/{dealt.edit_token}/play/",
                f"/tables/{dealt.id}/play/"):
        live = re.search(r'<div id="live"[^>]*>', client.get(url).content.decode()).group(0)
        assert "data-offline" not in live, url
