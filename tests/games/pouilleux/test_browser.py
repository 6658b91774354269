"""Two Pouilleux games entered on a 360 px phone, the mystérieux with its card taken out, in Debian's Chromium."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SHOTS")


def test_two_pouilleux_games_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/pouilleux/")
    for i, name in enumerate(["Ana", "Ben", "Cid", "Dan"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.locator('input[name="opt_mysterieux"]').check()
    page.locator('select[name="opt_scoring"]').select_option("poux")
    page.locator('input[name="opt_target"]').fill("2")
    page.get_by_role("button", name="Créer la table").click()
    expect(page.get_by_role("heading", name="Saisir la donne 1")).to_be_visible()
    if SHOTS:  # a folder: keep a screenshot to look at
        page.screenshot(path=f"{SHOTS}/pouilleux-form.png", full_page=True)

    # The same player first out and left with the pouilleux is refused.
    fill(page, {"winner": 2, "pouilleux": 2})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form .error").first).to_contain_text("ne se marie pas")

    fill(page, {"winner": 0, "pouilleux": 3})
    page.locator('input[name="removed"]').fill("7♥")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.get_by_role("heading", name="Saisir la donne 2")).to_be_visible()
    expect(page.locator("details.explain li").first).to_contain_text("le pouilleux était le 7♦")

    # Dan keeps the pouilleux again: two poux end it, the three others share the win.
    fill(page, {"winner": 1, "pouilleux": 3})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^0"), re.compile(r"^0"), re.compile(r"^0"), re.compile(r"^2")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    if SHOTS:  # a folder: keep a screenshot to look at
        page.screenshot(path=f"{SHOTS}/pouilleux.png", full_page=True)
