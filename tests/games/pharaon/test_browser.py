"""Two Pharaon coups entered on a 360 px phone: two cards, then only the result."""

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
    page.goto(live_server.url + "/tables/new/pharaon/")
    for i, name in enumerate(["Ana", "Bea", "Cid"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    _shot(page, "pharaon-form")
    # Ana holds the bank: her row has no bet boxes.
    expect(page.locator('input[aria-label="À droite — Ana"]')).to_be_hidden()
    expect(page.locator('input[aria-label="À droite — Bea"]')).to_be_visible()

    # Bea 5 on the right, Cid 2 on the left; R♠ right, 7♥ left: Bea +5, Cid −2, Ana −3.
    page.locator('input[aria-label="À droite — Bea"]').fill("5")
    page.locator('input[aria-label="À gauche — Cid"]').fill("2")
    page.locator('input[name="right"]').fill("R♠")
    page.locator('input[name="left"]').fill("7H")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("#round-1")).to_be_visible()

    # Only the result: a pair, Ana takes Bea's 1 and Cid's 1.
    page.locator('input[aria-label="À droite — Bea"]').fill("1")
    page.locator('input[aria-label="À gauche — Cid"]').fill("1")
    page.get_by_label("Paire").check()
    page.get_by_role("button", name="Enregistrer la donne").click()
    # Ana −3 + 2 = −1, Bea 5 − 1 = 4, Cid −2 − 1 = −3.
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^−1"), re.compile(r"^4"), re.compile(r"^−3")])
    _shot(page, "pharaon-sheet")

    # Cid takes the bank for coup 3: his boxes go, Ana's come back. Ana 2 left, Bea 1 right, the left wins:
    # Ana +2, Bea −1, Cid −2 + 1 = −1; totals 1, 3, −4.
    page.get_by_label("Banquier — Cid").check()
    expect(page.locator('input[aria-label="À droite — Cid"]')).to_be_hidden()
    page.locator('input[aria-label="À gauche — Ana"]').fill("2")
    page.locator('input[aria-label="À droite — Bea"]').fill("1")
    _shot(page, "pharaon-bank-changes")
    page.get_by_label("La gauche gagne").check()
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^1"), re.compile(r"^3"), re.compile(r"^−4")])
    # Cid keeps the bank for the coups after: the new form has his row as the gap.
    expect(page.locator('input[aria-label="À droite — Cid"]')).to_be_hidden()
    expect(page.locator('input[aria-label="À droite — Ana"]')).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
