"""Two Huit américain deals with penalty points entered on a 360 px phone, with the card picker, in Chromium."""

import os

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SHOTS")


def seat(page: Page, n: int):
    return page.locator(f'fieldset[data-seat="{n}"]')


def test_two_penalty_deals_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/tables/new/huit-americain/")
    for i, name in enumerate(["Léa", "Max", "Nina"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.locator('select[name="opt_scoring"]').select_option("penalty")
    page.get_by_role("button", name="Créer la table").click()
    expect(page.get_by_role("heading", name="Saisir la donne 1")).to_be_visible()

    # Deal 1: Léa goes out; Max keeps 8♥ and A♠ (picked: 32 + 20 = 52); Nina counted 13 at the table.
    seat(page, 0).get_by_role("radio", name="A fini la donne").check()
    expect(seat(page, 0).locator(".rami-hand")).to_be_hidden()
    max_ = seat(page, 1)
    max_.get_by_role("radio", name="Cartes").check()
    max_.get_by_role("button", name="cœur").click()
    max_.get_by_role("button", name="8", exact=True).click()
    max_.get_by_role("button", name="pique").click()
    max_.get_by_role("button", name="As", exact=True).click()
    expect(max_.locator(".picker-sum")).to_have_text("2 cartes = 52 points")
    expect(max_.locator(".picker .joker")).to_be_hidden()  # no joker in this game
    seat(page, 2).get_by_role("radio", name="Points comptés").check()
    seat(page, 2).locator('input[name="points.2"]').fill("13")
    if SHOTS:  # a folder: keep a screenshot to look at
        page.screenshot(path=f"{SHOTS}/huit-form.png", full_page=True)
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("tr.totals td")).to_have_text(["0★", "52", "13"])

    # Deal 2: a counted hand of 1 point is refused next to that seat (a 2 is the cheapest card).
    expect(page.get_by_role("heading", name="Saisir la donne 2")).to_be_visible()
    seat(page, 2).get_by_role("radio", name="A fini la donne").check()
    seat(page, 0).get_by_role("radio", name="Points comptés").check()
    seat(page, 0).locator('input[name="points.0"]').fill("1")
    seat(page, 1).get_by_role("radio", name="Cartes").check()
    seat(page, 1).locator('input[name="cards.1"]').fill("KC 3H")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(seat(page, 0).locator(".error")).to_contain_text("Points comptés")
    seat(page, 0).locator('input[name="points.0"]').fill("7")
    page.get_by_role("button", name="Enregistrer la donne").click()
    # Léa 0 + 7; Max 52 + 10 + 3 = 65; Nina 13 + 0.
    expect(page.locator("tr.totals td")).to_have_text(["7★", "65", "13"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    if SHOTS:  # a folder: keep a screenshot to look at
        page.screenshot(path=f"{SHOTS}/huit.png", full_page=True)
