"""Two Empereur manches in Élite mode entered on a 360 px phone, in Debian's Chromium."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SHOTS")


def test_two_empereur_manches_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/empereur/")
    for i, name in enumerate(["Léa", "Marc", "Nina"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.locator('select[name="opt_mode"]').select_option("elite")
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator("p.next")).not_to_contain_text("donne :")  # a draw picks the dealer: none named
    if SHOTS:
        page.locator(".entry-form").screenshot(path=f"{SHOTS}/empereur.png")
    # Léa goes out; Marc R♠ 2♥ (13 + 15), Nina 5♠ 5♥ Joker (5 + 5 + 20): Léa 58. Nina dealt.
    page.locator('input[name="emperor"][value="0"]').check()
    page.locator('input[name="dealer"][value="2"]').check()
    page.locator('input[name="cards.hand.1"]').fill("KS 2H")
    page.get_by_role("button", name="Enregistrer la donne").click()  # Nina's hand is missing
    expect(page.locator('.entry-form .error[data-seat="2"]')).to_be_visible()
    page.locator('input[name="cards.hand.2"]').fill("5S 5H JK")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("Saisir la donne 2")
    # Marc Emperor; Léa 10 counted at the table; Nina went out on a Joker and lost, nothing in hand: 10
    page.locator('input[name="emperor"][value="1"]').check()
    page.locator('input[name="points.hand.0"]').fill("10")
    page.locator('input[name="joker_out.2"]').check()
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("Saisir la donne 3")
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text([re.compile(r"^58"), re.compile(r"^10"), re.compile(r"^0")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
