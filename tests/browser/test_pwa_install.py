"""Atout installs like an app: Chromium's own installability check finds nothing missing."""

import pytest

from tests.browser.helpers import CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.django_db(transaction=True)


def installability_errors(context, page) -> list[str]:
    answer = context.new_cdp_session(page).send("Page.getInstallabilityErrors")
    return [e["errorId"] for e in answer["installabilityErrors"]]


def test_chromium_finds_nothing_missing_to_install_atout(playwright, live_server, tmp_path):
    # Installing needs a real profile: Chromium refuses in incognito, which is what ordinary test contexts are.
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
        viewport={"width": 360, "height": 640}, locale="fr-FR")
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(live_server.url + "/")
        assert page.evaluate("() => window.Atout.ready") is True
        assert page.evaluate("async () => (await navigator.serviceWorker.ready).active.scriptURL") == live_server.url + "/sw.js"
        assert installability_errors(context, page) == []
    finally:
        context.close()


def test_the_check_really_runs_an_incognito_window_is_refused(page, live_server):
    page.goto(live_server.url + "/")
    page.evaluate("() => window.Atout.ready")
    assert installability_errors(page.context, page) == ["in-incognito"]


def test_the_manifest_and_its_icons_are_linked_from_every_page(page, live_server):
    page.goto(live_server.url + "/rules/")
    href = page.get_attribute('link[rel="manifest"]', "href")
    manifest = page.request.get(live_server.url + href).json()
    assert manifest["display"] == "standalone" and manifest["start_url"].startswith("/")
    for icon in manifest["icons"]:
        response = page.request.get(live_server.url + icon["src"])
        assert response.status == 200 and response.headers["content-type"] == "image/png"
