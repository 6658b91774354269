"""The web app manifest and the icons it names."""

import re
import struct
from pathlib import Path

import pytest
from django.conf import settings

ICONS = Path(settings.BASE_DIR) / "static" / "icons"


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (no imaging library needed)."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_is_served_as_a_manifest_in_french_by_default(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    data = response.json()
    assert data["name"] == "Atout — feuille de scores" and data["short_name"] == "Atout"
    assert data["lang"] == "fr" and data["description"].startswith("Le compagnon de table")
    assert data["display"] == "standalone" and data["start_url"] == "/?source=pwa" and data["scope"] == "/"
    assert data["theme_color"] == "#1f5f3f" and data["background_color"]


def test_the_manifest_speaks_english_to_an_english_phone(client):
    data = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="en").json()
    assert data["lang"] == "en" and data["description"].startswith("The table companion")
    assert set(data["description_localized"]) == {"fr", "en"}


def test_the_manifest_names_192_512_and_maskable_icons(client):
    icons = client.get("/manifest.webmanifest").json()["icons"]
    assert {(i["sizes"], i["purpose"]) for i in icons} == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    assert all(i["type"] == "image/png" and i["src"].startswith("/static/icons/") for i in icons)


@pytest.mark.parametrize(("name", "size"), [("icon-192.png", (192, 192)), ("icon-512.png", (512, 512)),
                                            ("maskable-512.png", (512, 512))])
def test_each_icon_file_has_the_size_it_claims(name, size):
    assert png_size(ICONS / name) == size


def test_every_page_links_the_manifest_and_the_script(client):
    page = client.get("/rules/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<script type="module" src="/static/js/atout/main.js"></script>' in page
    # Its modules asked for while the page is read, every one that main.js imports (read from the files).
    preloaded = re.findall(r'<link rel="modulepreload" href="/static/js/atout/([\w-]+\.js)">', page)
    assert sorted(preloaded) == ["dom.js", "live.js", "outbox.js", "pending.js", "queue.js",
                                 "status.js", "steppers.js", "tables.js", "wake.js", "worker.js"]
    assert 'id="conn"' in page
