"""Two Vicaire deals entered on a 360 px phone, in Debian's Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def enter(page: Page, tricks: list[int]) -> None:
    for seat, t in enumerate(tricks):
        page.locator(f'input[name="tricks.{seat}"]').fill(str(t))
    page.get_by_role("button", name="Enregistrer la donne").click()


def test_two_vicaire_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/vicaire/")
    for i, name in enumerate(["Ana", "Bea", "Cid"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    # Names are given in the order of play (to the right at Vicaire): Ana deals, Bea on her right leads.
    expect(page.locator(".next")).to_contain_text("Bea")

    enter(page, [6, 3, 1])
    race = page.locator("table.race")
    expect(race.locator("tr[data-seat='0'] td.race-needs")).to_have_text("4")

    # An impossible deal is refused with its reason.
    enter(page, [5, 2, 4])
    expect(page.locator(".entry-form .error").first).to_contain_text("10 plis par donne")

    # Ana 6 + 5 = 11: aims at 15 with 4 tricks; Bea 5 and Cid 4 aim at 10.
    enter(page, [5, 2, 3])
    expect(race.locator("td.race-tricks")).to_have_text(["11", "5", "4"])
    expect(race.locator("td.race-target")).to_have_text(["15", "10", "10"])
    expect(race.locator("td.race-needs")).to_have_text(["4", "5", "6"])
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text([re.compile(r"^0")] * 3)
    expect(page.locator("#round-2")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
