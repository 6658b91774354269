"""Looking up "rami sec" on a 360 px phone: list → search → the Rami's rami-sec section."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def test_rami_sec_is_found_in_one_search_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/rules/")
    box = page.get_by_role("searchbox")
    box.fill("rami sec")
    box.press("Enter")
    expect(page).to_have_url(live_server.url + "/rules/search?q=rami+sec")
    first = page.locator("a.result").first
    expect(first).to_contain_text("Le rami")
    first.click()

    expect(page).to_have_url(live_server.url + "/rules/rami/#rami-sec")
    heading = page.locator("h3#rami-sec")
    expect(heading).to_have_text("Le rami sec")
    expect(heading).to_be_in_viewport()
    # Not hidden under the sticky header and section menu.
    top = heading.evaluate("h => h.getBoundingClientRect().top")
    covered = page.evaluate("Math.max(...[...document.querySelectorAll('.top, .jump')]"
                            ".map(e => e.getBoundingClientRect().bottom))")
    assert top >= covered - 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_filter_form_answers_what_five_can_play_with_32_cards(page: Page, live_server):
    page.goto(live_server.url + "/rules/")
    page.get_by_label("Joueurs").select_option("5")
    page.get_by_label("Cartes").select_option("32")
    page.get_by_role("button", name="Filtrer").click()
    expect(page.locator(".game-link", has_text="La bataille")).to_have_count(1)
    expect(page.locator(".game-link", has_text="Le vicaire")).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
