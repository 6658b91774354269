"""Two Pinacle deals entered on a 360 px phone (cards picked, points typed), in Debian's Chromium."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SHOTS")


def test_two_pinacle_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/pinacle/")
    for i, name in enumerate(["Chloé", "David", "Émile"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    if SHOTS:
        page.locator(".entry-form").screenshot(path=f"{SHOTS}/pinacle.png")
    # Chloé goes out: 10. David laid 8♥ 9♥ 10♥ 10♦ V♦ 2♦ (7) and holds 6 cards counted 3,5: 3.5. Émile holds 12 cards, 10.
    page.locator('input[name="winner"][value="0"]').check()
    page.locator('input[name="cards.laid.1"]').fill("8H 9H 10H 10D JD 2D")
    page.locator('input[name="cards.held.1"]').fill("KS 6H 5H 4S 4D 3D")
    page.locator('input[name="points.held.2"]').fill("4")  # too few for 12 cards: refused
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator('.entry-form .error[data-seat="2"]')).to_contain_text("12 cartes")
    page.locator('input[name="points.held.2"]').fill("10")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("Saisir la donne 2")
    # The stock runs out: each 5,5 laid, 5 held → 0,5 each (36 cards in all, worth 28 at least: the pack's sixteen
    # half-point cards and twenty at one point)
    page.locator('input[name="winner"][value="none"]').check()
    for seat in range(3):
        page.locator(f'input[name="points.laid.{seat}"]').fill("5,5")
        page.locator(f'input[name="points.held.{seat}"]').fill("5")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("Saisir la donne 3")
    # totals: 10 + 0.5, 3.5 + 0.5, −10 + 0.5
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^10[,.]5"), re.compile(r"^4"), re.compile(r"^−9,5")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
