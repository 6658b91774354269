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
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator(".next")).to_contain_text("Bea")

    page.locator('input[name="points.0"]').fill("20,5")
    page.screenshot(path="/tmp/tarot-tare-form.png", full_page=True)
    enter(page, ["20,5", "30", "19,5", "21"])  # 91
    totals = page.locator("table.sheet tr.totals td[data-seat]")
    expect(totals).to_have_text([re.compile(r"^20,5"), re.compile(r"^30"), re.compile(r"^19,5"), re.compile(r"^21")])

    enter(page, ["20", "30", "20", "20"])  # 90: refused
    expect(page.locator(".entry-form .error").first).to_contain_text("font 91")

    # 20,5 + 0,5 = 21; 30 + 50 = 80; 19,5 + 19,5 = 39; 21 + 21 = 42.
    enter(page, ["0,5", "50", "19,5", "21"])
    expect(totals).to_have_text([re.compile(r"^21"), re.compile(r"^80"), re.compile(r"^39"), re.compile(r"^42")])
    expect(page.locator("#round-2")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
