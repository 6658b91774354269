"""Two Bataille games entered on a 360 px phone, in Debian's Chromium: a winner ticked, then a stopped game counted."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill

pytestmark = pytest.mark.django_db(transaction=True)


def _shot(page: Page, name: str) -> None:
    """A screenshot to look at, when SCREENSHOTS names a folder."""
    if os.environ.get("SCREENSHOTS"):
        target = page.locator(".entry-form").first if page.locator(".entry-form").count() else page
        target.screenshot(path=os.path.join(os.environ["SCREENSHOTS"], f"{name}.png"))


def test_two_bataille_games_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/bataille/")
    for i, name in enumerate(["Ana", "Bea", "Cid"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator(".next")).to_contain_text("Ana")
    _shot(page, "bataille-form")

    fill(page, {"winner": 1})  # Bea takes every card
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("#round-1")).to_be_visible()

    # Stopped when Cid ran out: Ana 26, Bea 26 share the game.
    fill(page, {"cards_left": [26, 26, 0]})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^1"), re.compile(r"^2"), re.compile(r"^0")])
    _shot(page, "bataille-sheet")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
