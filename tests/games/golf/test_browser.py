"""Two Golf holes entered on a 360 px phone, in Debian's Chromium."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: write a screenshot of the form there


def test_two_golf_holes_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/golf/")
    for i, name in enumerate(["Ana", "Bea"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    if SHOTS:
        page.locator(".entry-form").screenshot(path=f"{SHOTS}/golf-form.png")
    # A row of two cards is not Golf 6's layout.
    page.locator('input[name="top.0"]').fill("KS 5C")
    page.locator('input[name="bottom.0"]').fill("KH 5D")
    page.locator('input[name="points.1"]').fill("9")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator('.entry-form .error[data-seat="0"]')).to_contain_text("3 cartes")
    # Ana R♠ 5♣ 2♥ / R♥ 5♦ V♣: pairs 0, 0, then −2 + 10 = 8; Bea 9.
    page.locator('input[name="top.0"]').fill("R♠ 5♣ 2♥")
    page.locator('input[name="bottom.0"]').fill("R♥ 5♦ V♣")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("donne 2")
    # Hole 2: Ana −4 counted (the two 2s Bea leaves, over Rois; −6 would take three), Bea 2♠ 2♣ A♦ / R♦ 3♥ 9♠
    # = −2 + 1 + 10 = 9.
    page.locator('input[name="points.0"]').fill("-4")
    page.locator('input[name="top.1"]').fill("2S 2C AD")
    page.locator('input[name="bottom.1"]').fill("KD 3H 9S")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text([re.compile(r"^4"), re.compile(r"^18")])  # 8 − 4, 9 + 9
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
