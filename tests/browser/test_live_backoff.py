"""How often a page asks whether its table changed (static/js/atout/live.js): every second while a deal is being
played on Atout or the table moved in the last 30 s, then a second longer after each quiet check up to every 5 s,
and at once when the page comes back in sight.

Two pages open side by side in Chromium: a score sheet nobody enters a round on, and the spectators' page of a
Barbu table played on Atout whose first deal waits on Bea (a human seat: the page says a deal is live).
"""

import time

import pytest
from playwright.sync_api import expect

from tests.factories import DigitalTableFactory
from tests.pwa.helpers import new_table, view_path

pytestmark = pytest.mark.django_db(transaction=True)

BUSY_MS = 30000  # live.js: checks stay a second apart this long after the table moved (here: the page opened)
WINDOW_MS = 12000


def polls_of(page) -> list[float]:
    """The moments ``page`` asks its ``…/live/`` address, as they happen."""
    seen: list[float] = []
    page.on("request", lambda r: seen.append(time.monotonic()) if "/live/" in r.url else None)
    return seen


def test_an_idle_table_is_asked_less_often_than_a_deal_being_played_and_at_once_back_in_sight(
        browser, browser_context_args, live_server):
    sheet, _ = new_table()
    played = DigitalTableFactory()
    context = browser.new_context(**browser_context_args)
    idle, dealing = context.new_page(), context.new_page()
    idle_polls, dealing_polls = polls_of(idle), polls_of(dealing)
    idle.goto(live_server.url + view_path(sheet))
    dealing.goto(live_server.url + f"/tables/{played.id}/play/")
    expect(dealing.locator("#live")).to_have_attribute("data-deal-live", "")
    assert idle.locator("#live[data-deal-live]").count() == 0
    idle.wait_for_timeout(BUSY_MS + 1000)  # both pages open: a second apart until then

    start = time.monotonic()
    idle.wait_for_timeout(WINDOW_MS)
    end = time.monotonic()
    idle_n = sum(start <= t < end for t in idle_polls)
    dealing_n = sum(start <= t < end for t in dealing_polls)
    # Dealing: one check a second, some 11 or 12 in 12 s (each waits for the answer before the next second
    # starts; a loaded machine makes it fewer, hence 6). Idle after the half-minute: waits of 1, 2, 3, 4, 5,
    # 5 s… so at most 5 checks start in 12 s (at 0, 1, 3, 6 and 10 s).
    assert dealing_n >= 6, (dealing_n, idle_n)
    assert idle_n <= 5 and idle_n < dealing_n, (dealing_n, idle_n)

    # Back in sight: one check at once, though the next one was seconds away.
    with idle.expect_request(lambda r: "/live/" in r.url, timeout=8000):
        pass  # a check just went out: the next one is some 5 s away
    idle.wait_for_timeout(1000)
    before = len(idle_polls)
    idle.evaluate("document.dispatchEvent(new Event('visibilitychange')); window.dispatchEvent(new Event('focus'))")
    idle.wait_for_timeout(800)
    assert len(idle_polls) - before == 1
    context.close()
