"""Two Belote à trois deals entered on a 360 px phone, in Debian's Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import create, save, shot

pytestmark = pytest.mark.django_db(transaction=True)








def test_two_belote_a_trois_deals_on_a_phone(page: Page, live_server):
    create(page, live_server, "belote-a-trois", ["Ana", "Bea", "Cid"])
    expect(page.locator(".next")).to_contain_text("Bea")  # Ana deals, Bea on her right speaks first
    shot(page, "belote-a-trois-form")

    # Impossible: 161 points (no card is worth 1).
    page.locator('input[name="taker"][value="0"]').check()
    page.get_by_label("Cœur").check()
    page.locator('input[name="points"]').fill("161")
    save(page)
    expect(page.locator(".entry-form .error").first).to_contain_text("aucune carte ne vaut 1 point")

    # Deal 1: Ana takes at hearts with 74 card points and her belote: 94 against 88, made.
    page.locator('input[name="taker"][value="0"]').check()
    page.get_by_label("Cœur").check()
    page.locator('input[name="points"]').fill("74")
    page.locator('input[name="belote"][value="0"]').check()
    save(page)
    totals = page.locator("table.sheet tr.totals td[data-seat]")
    expect(totals).to_have_text([re.compile(r"^94"), re.compile(r"^88"), re.compile(r"^88")])

    # Deal 2: everyone passed twice: nothing changes, the deal passes to Bea.
    page.locator('input[name="taker"][value="none"]').check()
    save(page)
    expect(page.locator("#round-2")).to_be_visible()
    expect(totals).to_have_text([re.compile(r"^94"), re.compile(r"^88"), re.compile(r"^88")])
    shot(page, "belote-a-trois-after")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
