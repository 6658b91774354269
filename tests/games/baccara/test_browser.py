"""Two Baccara coups entered on a 360 px phone: cards for the first, points for an égalité."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def _shot(page: Page, name: str) -> None:
    if os.environ.get("SCREENSHOTS"):
        target = page.locator(".entry-form").first if page.locator(".entry-form").count() else page
        target.screenshot(path=os.path.join(os.environ["SCREENSHOTS"], f"{name}.png"))


def test_two_coups_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/baccara/")
    for i, name in enumerate(["Ana", "Bea", "Cid"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    _shot(page, "baccara-form")

    # Ana banks 10; Bea 6, Cid 4. Ponte 7♦ R♠ = 7 stands; banker 3♥ A♠ = 4 draws the 4♦: 8. Ana takes 10.
    page.locator('input[name="offer"]').fill("10")
    page.locator('input[aria-label="Mise — Bea"]').fill("6")
    page.locator('input[aria-label="Mise — Cid"]').fill("4")
    page.locator('input[name="ponte_cards"]').fill("7♦ R♠")
    page.locator('input[name="banker_cards"]').fill("3H AS 4D")
    page.get_by_role("button", name="Enregistrer le coup").click()
    expect(page.locator("#round-1")).to_be_visible()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^10"), re.compile(r"^−?-?6"), re.compile(r"^−?-?4")])

    # Bea banks 8, Cid 8; points 5 and 5: an égalité, nothing paid; Bea keeps the bank and the offer.
    page.locator('input[name="offer"]').fill("8")
    page.locator('input[aria-label="Mise — Cid"]').fill("8")
    page.locator('input[name="ponte_points"]').fill("5")
    page.locator('input[name="banker_points"]').fill("5")
    page.get_by_role("button", name="Enregistrer le coup").click()
    expect(page.locator("#round-2")).to_be_visible()
    expect(page.locator('input[name="offer"]')).to_have_value("8")
    _shot(page, "baccara-sheet")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
