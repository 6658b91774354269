"""Two Eleusis rounds entered on a 360 px phone, in Debian's Chromium."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SCREENSHOTS")  # a folder: write a screenshot of the form there


def test_two_eleusis_rounds_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/eleusis/")
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    if SHOTS:
        page.locator(".entry-form").screenshot(path=f"{SHOTS}/eleusis-form.png")
    # Ana deals, so she is God and holds no cards: her row has no box, only a dash.
    rows = page.locator(".entry-form table.entry-grid tbody tr")
    expect(rows.nth(0).locator("input.count")).to_have_count(0)
    expect(rows.nth(0).locator(".seat-out")).to_have_text("—")
    expect(rows.nth(1).locator("input.count")).to_have_count(1)
    # High count 12: Bea 16, Cid 7, Dan 0; Ana the best, 16.
    for seat, left in ((1, 0), (2, 5), (3, 12)):
        page.locator(f'input[name="cards_left.{seat}"]').fill(str(left))
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form h2")).to_contain_text("donne 2")
    # Round 2: Bea deals and is God now; Ana has a box again.
    expect(rows.nth(1).locator("input.count")).to_have_count(0)
    expect(rows.nth(0).locator("input.count")).to_have_count(1)
    # Cid prophet: 9, 9, 0 left: Ana 0, Cid 0 + 10 + 2 × 4 = 18, Dan 13; Bea 2 × 8 = 16.
    for seat, left in ((0, 9), (2, 9), (3, 0)):
        page.locator(f'input[name="cards_left.{seat}"]').fill(str(left))
    page.locator('select[name="prophet_seat"]').select_option("2")
    page.locator('input[name="prophet_mainline"]').fill("10")
    page.locator('input[name="prophet_sideline"]').fill("4")
    page.locator('input[name="prophet_before_marker"]').fill("8")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^16"), re.compile(r"^32"), re.compile(r"^25"), re.compile(r"^13")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
