"""Two Chasse-cœur deals entered on a 360 px phone, the second a générale, in Debian's Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_chasse_coeur_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/chasse-coeur/")
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.locator('select[name="opt_passing"]').select_option("rotate")
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator(".entry-form h2")).to_contain_text("échange à gauche")

    # An impossible count is refused: 12 hearts.
    fill(page, {"hearts": [6, 3, 3, 0], "queen_of_spades": 0})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form .error").first).to_contain_text("13 cœurs")

    # Ana 6 hearts + the Q♠ = 19, Bea 4, Cid 3, Dan 0.
    fill(page, {"hearts": [6, 4, 3, 0], "queen_of_spades": 0})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("échange à droite")

    # Dan takes every heart and the Q♠: 0 for Dan, 26 for each other.
    fill(page, {"hearts": [0, 0, 0, 13], "queen_of_spades": 3})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^45"), re.compile(r"^30"), re.compile(r"^29"), re.compile(r"^0")])
    expect(page.locator("#round-2")).to_contain_text("0")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
