"""Two Tarot lorrain deals entered on a 360 px phone, in Debian's Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_tarot_lorrain_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/tarot-lorrain/")
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan", "Eve"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator(".next")).to_contain_text("Bea")  # Ana deals, Bea on her right speaks first

    # Deal 1: Cid garde with Eve's king, 2 bouts, 47 points: (25 + 6) × 2 = 62; Cid 124, Eve 62, the others −62.
    page.locator('input[name="taker"][value="2"]').check()
    page.locator('input[name="partner"][value="4"]').check()
    page.locator('input[name="contract"][value="garde"]').check()
    page.locator('input[name="bouts"][value="2"]').check()
    page.locator('input[name="points"]').fill("47")
    page.screenshot(path="/tmp/tarot-lorrain-form.png", full_page=True)
    page.get_by_role("button", name="Enregistrer la donne").click()
    totals = page.locator("table.sheet tr.totals td[data-seat]")
    expect(totals).to_have_text([re.compile(r"^−62"), re.compile(r"^−62"), re.compile(r"^124"), re.compile(r"^−62"),
                                 re.compile(r"^62")])

    # An impossible deal is refused with its reason: 0 bouts and the Petit au bout for the attack.
    page.locator('input[name="taker"][value="0"]').check()
    page.locator('input[name="partner"][value="0"]').check()
    page.locator('input[name="contract"][value="prise"]').check()
    page.locator('input[name="bouts"][value="0"]').check()
    page.locator('input[name="points"]').fill("40,5")
    page.locator('select[name="petit_au_bout"]').select_option("taker")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form .error").first).to_contain_text("Le Petit est un bout")

    # Deal 2: Ana alone, prise, 1 bout, 40,5 points: short of 51 by 10.5 → 11: −36; the defence's Petit au bout
    # −10: −46. Ana 4 × −46 = −184, each other +46.
    page.locator('input[name="bouts"][value="1"]').check()
    page.locator('select[name="petit_au_bout"]').select_option("defence")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(totals).to_have_text([re.compile(r"^−246"), re.compile(r"^−16"), re.compile(r"^170"), re.compile(r"^−16"),
                                 re.compile(r"^108")])
    expect(page.locator("#round-2")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
