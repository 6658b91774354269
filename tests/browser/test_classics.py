"""Two deals of each classic (Belote, Coinche, Barbu classique) entered on a 360 px phone, in Debian's Chromium."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import create, save, shot

pytestmark = pytest.mark.django_db(transaction=True)
FOUR = ["Ana", "Bea", "Cid", "Dom"]


def totals(page: Page):
    return page.locator("table.sheet tr.totals td[data-seat]")


def test_two_belote_deals_on_a_phone(page: Page, live_server):
    create(page, live_server, "belote", FOUR)
    shot(page, "belote-form")
    # Deal 1: Bea takes in spades, 100 card points for Bea + Dom, 62 for Ana + Cid: made.
    page.locator('input[name="taker"][value="1"]').check()
    page.get_by_label("Pique").check()
    page.locator('input[name="points"]').fill("100")
    save(page)
    # One column a team: Ana & Cid, Bea & Dom.
    expect(totals(page)).to_have_text([re.compile(r"^62"), re.compile(r"^100")])
    # Deal 2: Cid takes with 85, Ana's belote: 85 + 20 = 105 against 77: made, Ana + Cid 62 + 105 = 167.
    page.locator('input[name="taker"][value="2"]').check()
    page.get_by_label("Trèfle").check()
    page.locator('input[name="points"]').fill("85")
    page.locator('input[name="belote"][value="0"]').check()
    save(page)
    expect(page.locator("#round-2")).to_be_visible()
    expect(totals(page)).to_have_text([re.compile(r"^167"), re.compile(r"^177")])
    shot(page, "belote-after")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_two_coinche_deals_on_a_phone(page: Page, live_server):
    create(page, live_server, "coinche", FOUR)
    shot(page, "coinche-form")
    # Impossible first: a contract of 100 made with 161 points (no card is worth 1).
    page.locator('input[name="bidder"][value="0"]').check()
    page.locator('input[name="contract"][value="100"]').check()
    page.get_by_label("Cœur").check()
    page.locator('input[name="points"]').fill("161")
    save(page)
    expect(page.locator(".entry-form .error").first).to_contain_text("aucune carte ne vaut 1 point")
    # Deal 1: Ana bids 100 in hearts, Bea coinches, Ana + Cid make 112: 100 × 2 + 110 = 310; the defence 50.
    page.locator('input[name="bidder"][value="0"]').check()
    page.locator('input[name="contract"][value="100"]').check()
    page.get_by_label("Cœur").check()
    page.locator('input[name="coinche"][value="1"]').check()
    page.locator('input[name="points"]').fill("112")
    save(page)
    expect(totals(page)).to_have_text([re.compile(r"^310"), re.compile(r"^50")])  # a column a team
    # Deal 2: everyone passed.
    page.locator('input[name="bidder"][value="none"]').check()
    save(page)
    expect(page.locator("#round-2")).to_be_visible()
    expect(totals(page)).to_have_text([re.compile(r"^310"), re.compile(r"^50")])
    shot(page, "coinche-after")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_two_barbu_classique_deals_on_a_phone(page: Page, live_server):
    create(page, live_server, "barbu-classique", FOUR)
    # Only the chosen contract's fields show once it is chosen.
    page.locator('input[name="contract"][value="dames"]').check()
    expect(page.locator('.contract-fields[data-contract="dames"]')).to_be_visible()
    expect(page.locator('.contract-fields[data-contract="plis"]')).to_be_hidden()
    shot(page, "barbu-classique-form")
    # Deal 1 (Ana deals): pas de dames, Bea 2, Cid 1, Dom 1: −12, −6, −6.
    for seat, q in enumerate([0, 2, 1, 1]):
        page.locator(f'input[name="dames.queens.{seat}"]').fill(str(q))
    save(page)
    expect(totals(page)).to_have_text([re.compile(r"^0"), re.compile(r"^−12|^-12"), re.compile(r"^−6|^-6"),
                                       re.compile(r"^−6|^-6")])
    # Deal 2 (Ana deals again: a dealer's seven deals come in succession): atout, Ana 5 tricks, Bea 8: +25, +40.
    page.locator('input[name="contract"][value="atout"]').check()
    page.locator('input[name="atout.trump"][value="S"]').check()
    for seat, t in enumerate([5, 8, 0, 0]):
        page.locator(f'input[name="atout.tricks.{seat}"]').fill(str(t))
    save(page)
    expect(page.locator("#round-2")).to_be_visible()
    expect(totals(page)).to_have_text([re.compile(r"^25"), re.compile(r"^28"), re.compile(r"^−6|^-6"),
                                       re.compile(r"^−6|^-6")])
    # Deal 3: Ana still deals and, as declarer, leads.
    expect(page.locator("#sheet p.next")).to_contain_text(re.compile(r"donne\W+Ana\W+entame\W+Ana"))
    # The new form hides every group until a contract is chosen.
    expect(page.locator('.contract-fields[data-contract="atout"]')).to_be_hidden()
    shot(page, "barbu-classique-after")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
