"""Two Rikiki deals entered on a 360 px phone with the dealer's hook, in Debian's Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill

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
