"""Two Rikiki deals entered on a 360 px phone with the dealer's hook, in Debian's Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_rikiki_deals_on_a_phone_with_the_hook(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/rikiki/")
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.locator('input[name="opt_hook"]').check()
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator(".next")).to_contain_text("1 carte")

    # Deal 1, 1 card, dealt by Ana: once Bea, Cid and Dan bid 0, 1, 0 the form says Ana may not bid 0.
    fill(page, {"bids": ["", 0, 1, 0]})
    expect(page.locator(".hook-bid")).to_have_text("Le donneur (Ana) ne peut pas annoncer 0.")
    fill(page, {"bids": [0, 0, 1, 0], "tricks": [0, 0, 1, 0]})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form .error").first).to_contain_text("ne peut pas faire tomber juste")

    # Ana bids 1 and takes nothing: −(10 + 5) = −15; Bea 10; Cid 10 + 5 = 15; Dan 10.
    fill(page, {"bids": [1, 0, 1, 0], "tricks": [0, 0, 1, 0]})
    page.locator('input[name="turned"]').fill("7♥")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".next")).to_contain_text("2 cartes")

    # Deal 2, 2 cards, dealt by Bea: Ana 2 of 2 = 20, Bea 0 = 10, Cid misses by 1 = −15, Dan 10.
    fill(page, {"bids": [2, 0, 1, 0], "tricks": [2, 0, 0, 0]})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("#round-2")).to_be_visible()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^5"), re.compile(r"^20"), re.compile(r"^0"), re.compile(r"^20")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def _hook_table():
    return TableFactory(game="rikiki", players=["Ana", "Bea", "Cid", "Dan"], options={"hook": True})


def test_a_box_tapped_while_the_page_loads_keeps_what_is_typed(page: Page, live_server):
    """A player taps a bid box before the page's scripts ran (a slow phone), and types once they did: the
    steppers that the page script (static/js/atout/steppers.js) puts around every box must not take the focus away, or the bid typed goes nowhere
    and the hook hint never shows. Playwright's ``fill`` does the same: it focuses, then types in a second step.
    The table's page is the context's first page, so no service worker serves the script past ``page.route``."""
    table = _hook_table()
    held = []
    page.route("**/js/atout/main.js", lambda route: held.append(route))
    page.goto(f"{live_server.url}/tables/{table.id}/edit/{table.edit_token}/", wait_until="commit")
    expect(page.locator(".next")).to_contain_text("1 carte")
    fill(page, {"bids": ["", 0, 1]})
    box = page.locator('input[name="bids.3"]')
    box.focus()
    expect(box).to_be_focused()
    while not held:
        page.wait_for_timeout(20)
    held[0].continue_()
    page.wait_for_function("() => document.querySelector('.stepper input[name=\"bids.3\"]')")
    page.keyboard.insert_text("0")
    expect(box).to_have_value("0")
    # Bea, Cid and Dan bid 0 + 1 + 0 = 1 of the 1 trick: Ana, the dealer, may not bid 1 − 1 = 0.
    expect(page.locator(".hook-bid")).to_have_text("Le donneur (Ana) ne peut pas annoncer 0.")


def test_bids_typed_before_the_hint_script_runs_show_the_hint(page: Page, live_server):
    """bids.js held back until every bid is typed: it works the hint out from the values it finds."""
    table = _hook_table()
    held = []
    page.route("**/js/bids.js", lambda route: held.append(route))
    page.goto(f"{live_server.url}/tables/{table.id}/edit/{table.edit_token}/", wait_until="commit")
    expect(page.locator(".next")).to_contain_text("1 carte")
    fill(page, {"bids": ["", 0, 1, 0]})
    expect(page.locator(".hook-bid")).to_have_text("")
    while not held:
        page.wait_for_timeout(20)
    held[0].continue_()
    # 0 + 1 + 0 = 1 of the 1 trick: Ana may not bid 0.
    expect(page.locator(".hook-bid")).to_have_text("Le donneur (Ana) ne peut pas annoncer 0.")


def test_the_hint_follows_the_form_after_a_refused_and_a_stored_deal(page: Page, live_server):
    """The offline queue (static/js/atout/queue.js) sends the round and puts the form the server answers on the page, without
    htmx: the hint of that new form must work too, after a refused deal (values put back) and for deal 2."""
    table = _hook_table()
    page.goto(f"{live_server.url}/tables/{table.id}/edit/{table.edit_token}/")
    page.wait_for_function("() => window.Atout && window.Atout.loaded")
    page.evaluate("() => window.Atout.loaded")  # the queue's database is open: it, not htmx, sends the round

    # Refused: 0 + 0 + 1 + 0 = 1 bid of the 1 trick. The form comes back with the bids; the hint says it again.
    fill(page, {"bids": [0, 0, 1, 0], "tricks": [0, 0, 1, 0]})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form .error").first).to_contain_text("ne peut pas faire tomber juste")
    expect(page.locator('input[name="bids.2"]')).to_have_value("1")
    expect(page.locator(".hook-bid")).to_have_text("Le donneur (Ana) ne peut pas annoncer 0.")
    # Cid now bids 0: 0 + 0 + 0 = 0 of 1, Ana may not bid 1 − 0 = 1.
    fill(page, {"bids": ["", 0, 0, 0]})
    expect(page.locator(".hook-bid")).to_have_text("Le donneur (Ana) ne peut pas annoncer 1.")

    fill(page, {"bids": [0, 0, 0, 0], "tricks": [0, 0, 1, 0]})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".next")).to_contain_text("2 cartes")
    # Deal 2, 2 cards, dealt by Bea: Ana 1 + Cid 0 + Dan 0 = 1, Bea may not bid 2 − 1 = 1.
    fill(page, {"bids": [1, "", 0, 0]})
    expect(page.locator(".hook-bid")).to_have_text("Le donneur (Bea) ne peut pas annoncer 1.")
