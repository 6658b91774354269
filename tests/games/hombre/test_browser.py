"""Two L'hombre deals entered on a 360 px phone, in Debian's Chromium; the sheet counts chips."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import create, save, shot

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_hombre_deals_on_a_phone(page: Page, live_server):
    create(page, live_server, "hombre", ["Ana", "Bea", "Cid"])
    totals = page.locator("table.sheet tr.totals td[data-seat]")
    shot(page, "hombre-form")

    # Tricks that do not add up to 9 are refused.
    page.get_by_label("Prendre", exact=True).check()
    page.locator('input[name="ombre"][value="1"]').check()
    for seat, t in enumerate([3, 4, 3]):
        page.locator(f'input[name="tricks.{seat}"]').fill(str(t))
    save(page)
    expect(page.locator(".entry-form .error").first).to_contain_text("9 levées par donne")

    # Deal 1: Bea at prendre, 4 tricks against 3 and 2, 1 matador: pot 9 + 4 from each.
    # Bea 80 − 3 + 9 + 8 = 94; Ana and Cid 80 − 3 − 4 = 73.
    page.get_by_label("Prendre", exact=True).check()
    page.locator('input[name="ombre"][value="1"]').check()
    for seat, t in enumerate([3, 4, 2]):
        page.locator(f'input[name="tricks.{seat}"]').fill(str(t))
    page.locator('input[name="matadors"]').fill("1")
    save(page)
    expect(totals).to_have_text([re.compile(r"^73"), re.compile(r"^94"), re.compile(r"^73")])

    # Deal 2: all passed: 3 each into the pot (70, 91, 70), the next stake is 2.
    page.get_by_label("Tous ont passé").check()
    save(page)
    expect(page.locator("#round-2")).to_be_visible()
    expect(totals).to_have_text([re.compile(r"^70"), re.compile(r"^91"), re.compile(r"^70")])
    shot(page, "hombre-after")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
