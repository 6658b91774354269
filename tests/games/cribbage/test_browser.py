"""Two cribbage deals entered on a 360 px phone, and the hand counter page, in Debian's Chromium."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: write a screenshot of the form there


def test_two_cribbage_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/cribbage/")
    for i, name in enumerate(["Ana", "Bea"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    # An impossible count is refused.
    fill(page, {"pegging": [3, 2]})
    page.locator('input[name="starter"]').fill("5♦")
    page.locator('input[name="hand.0"]').fill("5H 5S 5C JD")
    page.locator('input[name="hand_points.1"]').fill("19")
    page.locator('input[name="crib_points"]').fill("4")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator('.entry-form .error[data-seat="1"]')).to_contain_text("19")
    # Ana deals: Bea 2 + 8 = 10; Ana 3 + 29 + 4 (her crib) = 36.
    page.locator('input[name="hand_points.1"]').fill("8")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("donne 2")
    if SHOTS:
        page.locator(".entry-form").screenshot(path=f"{SHOTS}/cribbage-form.png")
    # Bea deals, starter V♠: his heels, 2 to Bea. Pegging 1, 1. Ana 6, Bea 4, crib 2: Ana 36 + 7, Bea 10 + 2 + 1 + 4 + 2.
    fill(page, {"pegging": [1, 1]})
    page.locator('input[name="starter"]').fill("JS")
    page.locator('input[name="hand_points.0"]').fill("6")
    page.locator('input[name="hand_points.1"]').fill("4")
    page.locator('input[name="crib_points"]').fill("2")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text([re.compile(r"^43"), re.compile(r"^19")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_hand_counter_page_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/cribbage/compter/")
    page.locator('input[name="hand"]').fill("4♣ 5♥ 5♠ 6♦")
    page.locator('input[name="starter"]').fill("10♣")
    page.get_by_role("button", name="Compter").click()
    # 8 for the fifteens, 2 for the pair, 6 for the double run: 16.
    expect(page.locator(".lay-verdict")).to_contain_text("16 points")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/cribbage-show.png")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
