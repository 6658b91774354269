"""Two Pétasse deals entered on a 360 px phone, one where a player has every point, in Debian's Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_petasse_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/petasse/")
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator(".next")).to_contain_text("Bea")  # the seat after the dealer leads

    # Ana 2 hearts + the pétasse = 10, Bea 3, Cid 3, Dan 0.
    fill(page, {"hearts": [2, 3, 3, 0], "queen_of_spades": 0})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("#round-1")).to_be_visible()

    # Cid has every point: the sheet asks whether Cid took every trick too.
    fill(page, {"hearts": [0, 0, 8, 0], "queen_of_spades": 2})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form .error").first).to_contain_text("tous les plis aussi ?")
    page.get_by_label("Tous les plis — Cid").check()
    page.get_by_role("button", name="Enregistrer la donne").click()
    # Cid took every trick: 0 for Cid, 16 for each other.
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^26"), re.compile(r"^19"), re.compile(r"^3"), re.compile(r"^16")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
