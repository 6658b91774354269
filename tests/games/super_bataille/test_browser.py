"""Two Super-bataille games entered on a 360 px phone, and a trick worked out on the "Calculer un pli" page."""

import os
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill

pytestmark = pytest.mark.django_db(transaction=True)


def _shot(page: Page, name: str) -> None:
    if os.environ.get("SCREENSHOTS"):
        target = page.locator(".entry-form").first if page.locator(".entry-form").count() else page
        target.screenshot(path=os.path.join(os.environ["SCREENSHOTS"], f"{name}.png"))


def test_two_games_and_a_trick_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/super-bataille/")
    for i, name in enumerate(["Léo", "Maé", "Sam"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    fill(page, {"winner": 0})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("#round-1")).to_be_visible()
    fill(page, {"cards_left": [10, 30, 14]})  # 54 cards, Maé has the most
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("table.sheet tr.totals td[data-seat]")).to_have_text(
        [re.compile(r"^1"), re.compile(r"^1"), re.compile(r"^0")])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # The rule document's example trick: V, 4, 7. Léo takes 12 cards; Maé adds 3, Sam 6.
    page.get_by_role("link", name=re.compile("Calculer un pli")).click()
    page.get_by_label("Carte — Léo").select_option("J")
    page.get_by_label("Carte — Maé").select_option("4")
    page.get_by_label("Carte — Sam").select_option("7")
    page.get_by_role("button", name="Calculer").click()
    expect(page.locator(".lay-verdict")).to_contain_text("Léo ramasse 12 cartes")
    expect(page.locator("tr.trick-winner")).to_contain_text("Léo")
    _shot(page, "super-bataille-trick")

    # A tie on top: Léo and Maé fight; Sam's 7 adds 6 at once.
    page.get_by_label("Carte — Maé").select_option("J")
    page.get_by_role("button", name="Calculer").click()
    expect(page.locator(".lay-verdict")).to_contain_text("Bataille")
    page.get_by_label("Bataille — Léo").select_option("2")
    page.get_by_label("Bataille — Maé").select_option("K")
    page.get_by_role("button", name="Calculer").click()
    # 3 turned + 6 + 2 × 2 (down and up) + 1 for Léo's 2 = 14.
    expect(page.locator(".lay-verdict")).to_contain_text("Maé ramasse 14 cartes")
    _shot(page, "super-bataille-bataille")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
