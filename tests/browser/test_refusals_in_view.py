"""A refused round is seen where the thumb is, on a 360×740 phone: the first problem scrolled into view with its
field focused, their count next to the button; a round refused when the network came back keeps the server's
reasons on its row and opens again in the form, filled in, to correct and send."""

import os

import pytest
from playwright.sync_api import expect

from companion.tables.models import Event
from tests.pwa.helpers import edit_path, fill_round, new_table, rounds
from tests.pwa.server import SwitchableServer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def server():
    s = SwitchableServer()
    s.start()
    yield s
    s.stop()


def _in_view(page, selector: str) -> bool:
    return page.evaluate("""sel => { const r = document.querySelector(sel).getBoundingClientRect();
                                     return r.top >= 0 && r.bottom <= innerHeight; }""", selector)


def test_a_refused_round_scrolls_to_its_first_problem_and_focuses_the_field(page, server):
    page.set_viewport_size({"width": 360, "height": 740})
    table, token = new_table()
    page.goto(server.url + edit_path(table, token))
    page.wait_for_function("window.Atout.loaded")
    fill_round(page, 1, {"tricks": [4, 4, 4, 2]})  # 14 tricks where the deal has 13
    page.locator("#entry button[type=submit]").scroll_into_view_if_needed()
    page.click("#entry button[type=submit]")
    summary = page.locator("#entry .error-summary")
    expect(summary).to_have_text("1 problème : voir plus haut")
    assert _in_view(page, "#first-problem")
    expect(page.locator("#first-problem")).to_contain_text("13 plis")
    assert page.evaluate("document.activeElement.name").startswith("tricks.")
    if os.environ.get("SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["SCREENSHOTS"], "refused-in-view.png"))
    assert Event.objects.count() == 0


def test_a_round_refused_after_coming_back_online_shows_why_and_opens_again_to_correct(page, server):
    page.set_viewport_size({"width": 360, "height": 740})
    table, token = new_table()
    page.goto(server.url + edit_path(table, token))
    assert page.evaluate("() => window.Atout.ready") is True
    server.stop()
    page.context.set_offline(True)
    fill_round(page, 1, {"tricks": [3, 3, 3, 3]})  # 12 tricks: the server will refuse it
    page.click("#entry button[type=submit]")
    # Queued: its send failed offline and the sheet shows it pending. (Coming back online before that failure,
    # the send reaches the server while the form is still on screen, and the refusal is shown in the form.)
    expect(page.locator("#sheet tr.pending")).to_have_count(1)
    server.start()
    page.context.set_offline(False)
    row = page.locator("#sheet tr.pending-refused")
    expect(row).to_have_count(1, timeout=10_000)
    expect(row.locator("ul.reasons li").first).to_contain_text("13 plis")
    page.reload()  # later, from the queue: the reasons are still there, and "Corriger" opens the entry
    expect(row.locator("ul.reasons li").first).to_contain_text("13 plis", timeout=10_000)
    row.get_by_role("button", name="Reprendre la saisie").click()
    expect(page.locator('#entry input[name="tricks.3"]')).to_have_value("3")
    # The reasons on top of the form (kept with the entry, or the server's own when its answer to the resend
    # after the reload lands first).
    expect(page.locator("#entry form .error").first).to_contain_text("13 plis")
    page.fill('#entry input[name="tricks.3"]', "4")  # 3 + 3 + 3 + 4 = 13
    page.click("#entry button[type=submit]")
    expect(page.locator("#round-1")).to_be_visible(timeout=10_000)
    expect(page.locator("#sheet tr.pending")).to_have_count(0)
    assert rounds(table) == [{"tricks": [3, 3, 3, 4]}]
