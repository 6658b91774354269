"""Two Motton deals entered on a 360 px phone, the second one void, in Debian's Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_deal_and_a_void_deal_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/motton/")
    for i, name in enumerate(["Ana", "Bea", "Cid"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator(".next")).to_contain_text("10 cartes")

    # 10 cards: Ana 3 of 3 = 10 + 3 = 13, Bea 3 of 3 = 13, Cid bids 3 and takes 4: 0.
    fill(page, {"bids": [3, 3, 3], "tricks": [3, 3, 4]})
    page.locator('input[name="turned"]').fill("R♠")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".next")).to_contain_text("9 cartes")

    # 9 cards, nobody makes it: 0 for all, the 9-card deal comes again.
    fill(page, {"bids": [0, 0, 0], "tricks": [3, 3, 3]})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".next")).to_contain_text("9 cartes, rejouée")
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^13"), re.compile(r"^13"), re.compile(r"^0")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
