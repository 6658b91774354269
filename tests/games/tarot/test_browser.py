"""Two Tarot deals entered on a 360 px phone, in Debian's Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_tarot_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/tarot/")
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator(".next")).to_contain_text("Bea")  # Ana deals, Bea on her right speaks first

    # Deal 1: Bea garde sans, 2 bouts, 53 points: made by 12: (25 + 12) × 4 = 148; Bea 3 × 148.
    page.locator('input[name="taker"][value="1"]').check()
    page.locator('input[name="contract"][value="garde_sans"]').check()
    page.locator('input[name="bouts"][value="2"]').check()
    page.locator('input[name="points"]').fill("53")
    page.screenshot(path="/tmp/tarot-form.png", full_page=True)
    page.get_by_role("button", name="Enregistrer la donne").click()
    totals = page.locator("table.sheet tr.totals td[data-seat]")
    expect(totals).to_have_text([re.compile(r"^−148"), re.compile(r"^444"), re.compile(r"^−148"), re.compile(r"^−148")])

    # An impossible deal is refused with its reason: 87,5 points with 2 bouts (the defence's bout is 4 at least).
    page.locator('input[name="taker"][value="2"]').check()
    page.locator('input[name="contract"][value="prise"]').check()
    page.locator('input[name="bouts"][value="2"]').check()
    page.locator('input[name="points"]').fill("87,5")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form .error").first).to_contain_text("de 13 à 87 points")

    # Deal 2: Cid prise, 2 bouts, 87 with every trick, unannounced (the defence kept the Excuse, 4 points):
    # made by 46: 71; +200: 271. Cid 3 × 271 = 813; the others −271.
    page.locator('input[name="points"]').fill("87")
    page.locator('select[name="chelem"]').select_option("unannounced_made")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(totals).to_have_text([re.compile(r"^−419"), re.compile(r"^173"), re.compile(r"^665"), re.compile(r"^−419")])
    expect(page.locator("#round-2")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
