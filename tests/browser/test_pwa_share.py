"""On a 360 px phone: a share button right after a table is created (Web Share API where the phone has
it, copy and a QR code otherwise), a marker on every <details>, and "Garder l'écran allumé" (Screen Wake Lock)."""

import re

import pytest
from playwright.sync_api import expect

from tests.factories import GroupFactory, TableFactory
from tests.tables.helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db(transaction=True)

# A phone with the Web Share API: what it is asked to share is recorded.
WITH_SHARE = """Object.defineProperty(Navigator.prototype, 'share', {configurable: true, value(data) {
    window.__shared = (window.__shared || []).concat([data]); return Promise.resolve(); }});"""
WITHOUT_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
# A phone with the Screen Wake Lock API: requests and releases are recorded.
WITH_WAKE_LOCK = """(() => {
    window.__wake = [];
    const wakeLock = {request(type) {
        window.__wake.push('request:' + type);
        const sentinel = new EventTarget();
        sentinel.released = false;
        sentinel.release = () => { window.__wake.push('release'); sentinel.released = true;
                                    sentinel.dispatchEvent(new Event('release')); return Promise.resolve(); };
        return Promise.resolve(sentinel);
    }};
    Object.defineProperty(Navigator.prototype, 'wakeLock', {configurable: true, get: () => wakeLock});
})();"""
WITHOUT_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"


def create_table(page, live_server):
    page.goto(live_server.url + "/tables/new/barbu/")
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan"]):
        page.fill(f'input[name="player.{i}"]', name)
    page.get_by_role("button", name="Créer la table").click()
    expect(page).to_have_url(re.compile(r"/edit/.+\?created=1"))
    return page.url.split("/tables/")[1].split("/")[0]


def test_right_after_creating_a_table_a_share_button_sends_the_read_only_link(page, live_server):
    page.add_init_script(WITH_SHARE)
    table_id = create_table(page, live_server)
    view_url = f"{live_server.url}/tables/{table_id}/"
    notice = page.locator(".notice.created")
    button = notice.get_by_role("button", name="Partager le lien de lecture")
    expect(button).to_be_visible()
    assert button.bounding_box()["y"] + button.bounding_box()["height"] <= 640, "on screen without scrolling"
    button.click()
    page.wait_for_function("() => (window.__shared || []).length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["url"] == view_url and "Le barbu" in shared["title"]
    # The QR code is on screen too, for the others to scan from this phone.
    expect(notice.locator("svg.qr")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path="/tmp/atout-shots/share-created-web-share.png")


def test_without_the_web_share_api_the_link_is_copied_or_scanned(page, live_server):
    page.add_init_script(WITHOUT_SHARE)
    table_id = create_table(page, live_server)
    notice = page.locator(".notice.created")
    expect(notice.locator("button[data-share]")).to_be_hidden()
    expect(notice.get_by_role("button", name="Copier")).to_be_visible()
    expect(notice.locator("svg.qr")).to_be_visible()
    expect(notice.locator("input")).to_have_value(f"{live_server.url}/tables/{table_id}/")
    expect(notice.get_by_role("link", name=re.compile("QR codes"))).to_be_visible()
    page.screenshot(path="/tmp/atout-shots/share-created-fallback.png", full_page=True)
    # Shown once: reloading the page without ?created leaves the notice out.
    page.goto(page.url.split("?")[0])
    expect(page.locator(".notice.created")).to_have_count(0)


def marker(page, selector):
    return page.eval_on_selector(selector, """(s) => { const m = getComputedStyle(s, '::before');
        return {content: m.content, width: parseFloat(m.width), transform: m.transform}; }""")


def test_every_details_section_shows_a_disclosure_marker_that_turns_when_open(page, live_server):
    table = TableFactory(rounds=BARBU_FOUR[:1])
    page.goto(live_server.url + f"/tables/{table.id}/edit/{table.edit_token}/")
    for selector in ("details.share > summary", "details.explain > summary"):
        closed = marker(page, selector)
        assert closed["content"] != "none" and closed["width"] > 0, (selector, closed)
        page.click(selector)
        page.wait_for_timeout(300)  # the marker turns in 0.15 s
        opened = marker(page, selector)
        assert opened["transform"] != closed["transform"], selector
    group = GroupFactory(name="Les amis", players=["Ana", "Bea"])
    page.goto(live_server.url + f"/groups/{group.id}/")
    summary = page.locator("summary", has_text="Lien du cercle")
    expect(summary).to_be_visible()
    closed = page.evaluate("(s) => getComputedStyle(s, '::before').content", summary.element_handle())
    assert closed != "none"


def test_the_screen_stays_awake_only_when_asked(page, live_server):
    page.add_init_script(WITH_WAKE_LOCK)
    table = TableFactory()
    page.goto(live_server.url + f"/tables/{table.id}/")
    toggle = page.get_by_role("switch", name="Garder l’écran allumé")
    expect(toggle).to_be_visible()
    expect(toggle).not_to_be_checked()  # off by default
    assert page.evaluate("window.__wake") == []
    toggle.check()
    page.wait_for_function("() => window.__wake.length === 1")
    assert page.evaluate("window.__wake") == ["request:screen"]

    page.reload()  # the choice is kept on the phone: the next table asks again by itself
    expect(toggle).to_be_checked()
    page.wait_for_function("() => window.__wake.length === 1")
    toggle.uncheck()
    page.wait_for_function("() => window.__wake.includes('release')")
    page.reload()
    expect(toggle).not_to_be_checked()
    assert page.evaluate("window.__wake") == []


def test_without_the_wake_lock_api_there_is_no_toggle(page, live_server):
    page.add_init_script(WITHOUT_WAKE_LOCK)
    table = TableFactory()
    page.goto(live_server.url + f"/tables/{table.id}/")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    expect(page.locator("label.wake")).to_be_hidden()


def test_the_share_screen_and_the_sheets_share_section_have_the_share_button_too(page, live_server):
    page.add_init_script(WITH_SHARE)
    table = TableFactory(rounds=BARBU_FOUR[:2])
    view_url = f"{live_server.url}/tables/{table.id}/"
    page.goto(live_server.url + f"/tables/{table.id}/edit/{table.edit_token}/share/")
    page.get_by_role("button", name="Partager le lien de lecture").click()
    page.wait_for_function("() => (window.__shared || []).length === 1")
    assert page.evaluate("window.__shared[0].url") == view_url
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.screenshot(path="/tmp/atout-shots/share-screen.png", full_page=True)

    page.goto(live_server.url + f"/tables/{table.id}/edit/{table.edit_token}/")
    page.click("details.share > summary")
    section = page.locator("details.share")
    section.get_by_role("button", name="Partager le lien de lecture").click()
    page.wait_for_function("() => (window.__shared || []).length === 1")
    assert page.evaluate("window.__shared[0].url") == view_url
    section.scroll_into_view_if_needed()
    page.screenshot(path="/tmp/atout-shots/share-section.png")
