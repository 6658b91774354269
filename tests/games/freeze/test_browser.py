"""Two Freeze deals entered on a 360 px phone, in Debian's Chromium."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: write a screenshot of the form there


def test_two_freeze_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/freeze/")
    for i, name in enumerate(["Ana", "Bea", "Cid"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    if SHOTS:
        page.locator(".entry-form").screenshot(path=f"{SHOTS}/freeze-form.png")
    # A card twice is refused, with its seat.
    page.locator('input[name="freezer"][value="1"]').check()
    page.locator('input[name="top.0"]').fill("10S")
    page.locator('input[name="bottom.0"]').fill("AH")
    page.locator('input[name="top.1"]').fill("KH KD")
    page.locator('input[name="bottom.1"]').fill("10S")
    page.locator('input[name="points.2"]').fill("4")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator('.entry-form .error[data-seat="1"]')).to_contain_text("10♠")
    # Bea: R♥ R♦ / 3♣ = −2 + 3 = 1, strictly lowest: −10; Ana 10 + 1 = 11; Cid 4.
    page.locator('input[name="bottom.1"]').fill("3C")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("donne 2")
    # Deal 2: Ana freezes with 6, Bea has 6 too: 6 + 5 = 11; Bea 6, Cid 9 counted.
    page.locator('input[name="freezer"][value="0"]').check()
    for seat, points in enumerate([6, 6, 9]):
        page.locator(f'input[name="points.{seat}"]').fill(str(points))
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^22"), re.compile(r"^−4"), re.compile(r"^13")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
