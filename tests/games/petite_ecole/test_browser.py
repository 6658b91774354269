"""Two Petite école deals entered on a 360 px phone, in Debian's Chromium."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SHOTS")


def test_two_petite_ecole_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/petite-ecole/")
    for i, name in enumerate(["Zoé", "Yann", "Xavier"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator(".entry-form")).to_contain_text("Échelon 1 : 2 brelans")
    if SHOTS:
        page.locator(".entry-form").screenshot(path=f"{SHOTS}/petite-ecole.png")
    # Zoé goes out; Yann laid and keeps As, 2, 8 (15 + 20 + 5 = 40); Xavier did not lay: 13 cards, 90 points
    page.locator('input[name="winner"][value="0"]').check()
    page.locator('input[name="laid.1"]').check()
    page.locator('input[name="cards.hand.1"]').fill("AS 2H 8D")
    page.locator('input[name="points.hand.2"]').fill("15")  # too few for 13 cards: refused
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator('.entry-form .error[data-seat="2"]')).to_contain_text("13 cartes")
    page.locator('input[name="points.hand.2"]').fill("90")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("Saisir la donne 2")
    expect(page.locator(".entry-form")).to_contain_text("Échelon 2 : 1 suite de 4 + 1 brelan")
    # Xavier goes out (and so laid échelon 1); Zoé did not lay échelon 2: 13 cards, 65; Yann laid, keeps a 5: 5
    page.locator('input[name="winner"][value="2"]').check()
    page.locator('input[name="laid.1"]').check()
    page.locator('input[name="points.hand.0"]').fill("65")
    page.locator('input[name="cards.hand.1"]').fill("5C")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("Saisir la donne 3")
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text([re.compile(r"^65"), re.compile(r"^45"), re.compile(r"^90")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
