"""The first load of a table page, on a phone that never saw Atout, stays within 60 KB on the wire.

Served as in production: ``collectstatic`` into a temporary folder with whitenoise's compressed, hashed storage,
and whitenoise (not Django's test static handler) answering /static/. Measured by the browser itself (Resource
Timing ``transferSize``: headers plus compressed body) for the page and everything it loads until ``load``.
"""

from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from companion.tables import ledger
from tests.pwa.helpers import edit_path, new_table, view_path
from tests.pwa.server import SwitchableServer

pytestmark = pytest.mark.django_db(transaction=True)

BUDGET = 60 * 1024
FIVE = ["Anne-Sophie", "Bérénice", "Cid", "Dan", "Éloïse"]
FIVE_ENTRIES = [{"tricks": [2, 2, 2, 2, 2]}, {"hearts": [3, 3, 3, 2, 2]}, {"queens": [1, 1, 1, 1, 0]}]


@pytest.fixture
def production_static(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path / "static"
    settings.STORAGES = {**settings.STORAGES,
                         "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"}}
    settings.WHITENOISE_USE_FINDERS = False
    settings.WHITENOISE_AUTOREFRESH = False
    call_command("collectstatic", interactive=False, verbosity=0)
    server = SwitchableServer(whitenoise=True)
    server.start()
    yield server
    server.stop()


def first_load(page, url) -> tuple[int, list[str], dict]:
    hosts: set[str] = set()
    page.context.on("request", lambda r: hosts.add(urlsplit(r.url).netloc))
    page.goto(url, wait_until="load")
    entries = page.evaluate("""() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const loaded = nav.loadEventEnd || performance.now();
        const res = performance.getEntriesByType('resource').filter((r) => r.startTime <= loaded && r.initiatorType !== 'fetch');
        return [{name: nav.name, size: nav.transferSize, type: 'navigation'}]
            .concat(res.map((r) => ({name: r.name, size: r.transferSize, type: r.initiatorType, encoding: r.encodedBodySize, decoded: r.decodedBodySize})));
    }""")
    page.evaluate("() => window.Atout.ready")  # let the script's own requests (live check, offline copy) happen too
    return sum(e["size"] for e in entries), sorted(hosts), {e["name"]: e for e in entries}


@pytest.mark.parametrize("who", ["viewer", "editor"])
def test_the_first_load_of_a_table_page_stays_within_60_kb(page, production_static, who):
    server = production_static
    table, token = new_table(FIVE)
    for entry in FIVE_ENTRIES:
        ledger.add_round(table.id, entry)
    url = server.url + (view_path(table) if who == "viewer" else edit_path(table, token))
    total, hosts, entries = first_load(page, url)
    assert hosts == [urlsplit(server.url).netloc], "no third-party request"
    assert total <= BUDGET, (total, {k: v["size"] for k, v in entries.items()})
    htmx = next(e for name, e in entries.items() if "/static/vendor/htmx" in name)
    assert ".min." in htmx["name"] and htmx["encoding"] < htmx["decoded"] / 2, "htmx is served compressed"
    expect(page.locator("#round-3")).to_be_visible()


def test_static_files_have_hashed_names_and_long_cache_headers(page, production_static):
    server = production_static
    table, _ = new_table()
    page.goto(server.url + view_path(table))
    css = page.get_attribute('link[rel="stylesheet"]', "href")
    assert css.startswith("/static/css/atout.") and css.endswith(".css") and css != "/static/css/atout.css"
    response = page.request.get(server.url + css, headers={"Accept-Encoding": "gzip"})
    assert "max-age=315360000" in response.headers["cache-control"]
    assert "immutable" in response.headers["cache-control"]


def test_the_service_worker_precaches_the_hashed_names(page, production_static):
    server = production_static
    page.goto(server.url + "/")
    listed = page.request.get(server.url + "/pwa/precache.json").json()
    css = page.get_attribute('link[rel="stylesheet"]', "href")
    assert css in listed["assets"]
    assert "/rules/barbu/" in listed["pages"]
