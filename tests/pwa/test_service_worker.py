"""The service worker script: served from the root, never cached stale, listing what a phone keeps offline."""

import json
import re

from companion.rules import registry


def test_it_is_served_from_the_root_with_the_headers_a_service_worker_needs(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert response["Cache-Control"] == "no-cache"


def listed(text: str, name: str) -> list[str]:
    return json.loads(re.search(rf"const {name} = (\[.*?\]);", text).group(1))


def test_it_precaches_the_home_the_offline_page_and_the_rulebook_of_every_game(client):
    text = client.get("/sw.js").content.decode()
    pages = listed(text, "SHELL_PAGES")
    assert pages[:3] == ["/", "/offline/", "/rules/"]
    assert sorted(pages[3:]) == sorted(f"/rules/{slug}/" for slug in registry.catalog())
    assert len(pages) == 3 + len(registry.catalog())


def test_it_precaches_the_static_files_every_page_uses(client):
    assets = listed(client.get("/sw.js").content.decode(), "ASSETS")
    assert "/static/css/atout.css" in assets and "/static/js/atout.js" in assets
    assert "/static/vendor/htmx-2.0.11.min.js" in assets
    assert "/static/icons/maskable-512.png" in assets


def test_its_text_names_a_version_that_follows_the_files(client, settings, tmp_path):
    first = re.search(r'const VERSION = "([0-9a-f]{16})"', client.get("/sw.js").content.decode()).group(1)
    again = re.search(r'const VERSION = "([0-9a-f]{16})"', client.get("/sw.js").content.decode()).group(1)
    assert first == again
    settings.STATIC_URL = "/assets/"  # other URLs for the same files: another service worker
    other = re.search(r'const VERSION = "([0-9a-f]{16})"', client.get("/sw.js").content.decode()).group(1)
    assert other != first


def test_the_json_list_matches_the_script(client):
    data = client.get("/pwa/precache.json").json()
    text = client.get("/sw.js").content.decode()
    assert data["pages"] == listed(text, "SHELL_PAGES") and data["assets"] == listed(text, "ASSETS")


def test_the_offline_page_explains_what_still_works(client):
    page = client.get("/offline/").content.decode()
    assert "Pas de réseau" in page and 'id="my-tables"' in page


def test_every_precached_rulebook_page_exists(client):
    for url in listed(client.get("/sw.js").content.decode(), "SHELL_PAGES"):
        assert client.get(url).status_code == 200, url
