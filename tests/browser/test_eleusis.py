"""Two Eleusis rounds entered on a 360 px phone, in Debian's Chromium."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("ATOUT_SHOTS")  # a folder: write a screenshot of the form there


def test_two_eleusis_rounds_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/eleusis/")
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    if SHOTS:
        page.locator(".entry-form").screenshot(path=f"{SHOTS}/eleusis-form.png")
    # Ana is God: a count for her is refused.
    fill(page, {"cards_left": [3, 0, 5, 12]})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form .error").first).to_contain_text("Dieu")
    # High count 12: Bea 16, Cid 7, Dan 0; Ana the best, 16.
    page.locator('input[name="cards_left.0"]').fill("")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("donne 2")
    # Round 2, Bea is God. Cid prophet: 9, 9, 0 left: Ana 0, Cid 0 + 10 + 2 × 4 = 18, Dan 13; Bea 2 × 8 = 16.
    fill(page, {"cards_left": [9, "", 9, 0]})
    page.locator('select[name="prophet_seat"]').select_option("2")
    page.locator('input[name="prophet_mainline"]').fill("10")
    page.locator('input[name="prophet_sideline"]').fill("4")
    page.locator('input[name="prophet_before_marker"]').fill("8")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^16"), re.compile(r"^32"), re.compile(r"^25"), re.compile(r"^13")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
