"""Two Belote de comptoir deals entered on a 360 px phone, in Debian's Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import create, save, shot

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_belote_de_comptoir_deals_on_a_phone(page: Page, live_server):
    create(page, live_server, "belote-de-comptoir", ["Ana", "Bea", "Cid"])
    totals = page.locator("table.sheet tr.totals td[data-seat]")
    shot(page, "belote-de-comptoir-form")

    # Above the ceiling: 2 cards each at 3 players can be worth 108 at most.
    page.locator('input[name="cards"][value="2"]').check()
    page.locator('input[name="bidder"][value="0"]').check()
    page.locator('input[name="bid"]').fill("120")
    page.get_by_label("Cœur").check()
    page.locator('input[name="points"]').fill("58")
    save(page)
    expect(page.locator(".entry-form .error").first).to_contain_text("plus que ce que 6 cartes peuvent valoir")

    # Deal 1: Ana bids 30 and makes 58: 1 point for Ana.
    page.locator('input[name="cards"][value="2"]').check()
    page.locator('input[name="bidder"][value="0"]').check()
    page.locator('input[name="bid"]').fill("30")
    page.get_by_label("Cœur").check()
    page.locator('input[name="points"]').fill("58")
    save(page)
    expect(totals).to_have_text([re.compile(r"^1"), re.compile(r"^0"), re.compile(r"^0")])

    # Deal 2: Bea bids 40 at spades with 1 card each and makes 25: Ana and Cid 1 each.
    page.locator('input[name="cards"][value="1"]').check()
    page.locator('input[name="bidder"][value="1"]').check()
    page.locator('input[name="bid"]').fill("40")
    page.get_by_label("Pique").check()
    page.locator('input[name="points"]').fill("25")
    save(page)
    expect(page.locator("#round-2")).to_be_visible()
    expect(totals).to_have_text([re.compile(r"^2"), re.compile(r"^0"), re.compile(r"^1")])
    shot(page, "belote-de-comptoir-after")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
