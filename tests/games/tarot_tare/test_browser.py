"""Two Tarot taré deals entered on a 360 px phone, in Debian's Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def enter(page: Page, points: list[str]) -> None:
    for seat, p in enumerate(points):
        page.locator(f'input[name="points.{seat}"]').fill(p)
    page.get_by_role("button", name="Enregistrer la donne").click()


def test_two_tarot_tare_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/tarot-tare/")
    for i, name in enumerate(["Ana", "Bea", "Cid"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator(".next")).to_contain_text("Bea")

    # at 3 players (tricks of 3 cards) half points come with an odd number of tricks; at 4 they never do
    page.locator('input[name="points.0"]').fill("40,5")
    page.screenshot(path="/tmp/tarot-tare-form.png", full_page=True)
    enter(page, ["40,5", "30,5", "20"])  # 91
    totals = page.locator("table.sheet tr.totals td[data-seat]")
    expect(totals).to_have_text([re.compile(r"^40,5"), re.compile(r"^30,5"), re.compile(r"^20")])

    enter(page, ["40", "30", "20"])  # 90: refused
    expect(page.locator(".entry-form .error").first).to_contain_text("font 91")

    # 40,5 + 1,5 = 42; 30,5 + 59,5 = 90; 20 + 30 = 50 (1,5: one trick of three low cards).
    enter(page, ["1,5", "59,5", "30"])
    expect(totals).to_have_text([re.compile(r"^42"), re.compile(r"^90"), re.compile(r"^50")])
    expect(page.locator("#round-2")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
