"""Two Menteur games entered on a 360 px phone (the generic grid), in Debian's Chromium."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SHOTS")


def test_two_menteur_games_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/menteur/")
    for i, name in enumerate(["Ana", "Ben", "Cid"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.locator('select[name="opt_deck"]').select_option("32")
    page.locator('input[name="opt_wins_needed"]').fill("2")
    page.get_by_role("button", name="Créer la table").click()
    expect(page.get_by_role("heading", name="Saisir la donne 1")).to_be_visible()
    if SHOTS:  # a folder: keep a screenshot to look at
        page.locator(".entry-form").screenshot(path=f"{SHOTS}/menteur-form.png")

    # The winner still holding cards is refused beside that seat.
    fill(page, {"winner": 1, "cards_left": [3, 2, 1]})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form .error").first).to_contain_text("dernière carte")

    fill(page, {"winner": 1, "cards_left": [3, 0, 1]})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.get_by_role("heading", name="Saisir la donne 2")).to_be_visible()
    expect(page.locator("details.explain li").first).to_contain_text("finit avec 3 cartes")

    # Ben wins a second game: two wins end the table.
    fill(page, {"winner": 1})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^0"), re.compile(r"^2"), re.compile(r"^0")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    if SHOTS:  # a folder: keep a screenshot to look at
        page.screenshot(path=f"{SHOTS}/menteur.png", full_page=True)
