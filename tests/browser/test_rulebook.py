"""Looking up "rami sec" on a 360 px phone: list → search → the Rami's rami-sec section."""

import re

import pytest
from playwright.sync_api import Page, expect

from companion.games import registry

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


def _overflow(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_a_wide_table_scrolls_in_its_box_with_a_cue_and_the_page_does_not_overflow(page: Page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/rules/hombre/")
    assert _overflow(page) <= 360
    wide = page.locator(".table-wide.overflows")
    expect(wide.first).to_be_attached()
    # Every table wider than its box says so; every table that fits says nothing.
    for box in page.locator(".table-wide").all():
        scroll = box.locator(".table-scroll")
        too_wide = scroll.evaluate("s => s.scrollWidth > s.clientWidth + 1")
        assert ("overflows" in box.get_attribute("class")) is too_wide
        if too_wide:
            expect(box.locator(".scroll-cue")).to_be_visible()
            expect(box.locator(".scroll-cue")).to_have_text("Faites défiler →")
        else:
            expect(box.locator(".scroll-cue")).to_be_hidden()
    first = wide.first
    first.scroll_into_view_if_needed()
    scroll = first.locator(".table-scroll")
    assert scroll.evaluate("s => s.getBoundingClientRect().right") <= 360
    # Scrolled to its end, the table stops pointing further; the page itself never moved sideways.
    scroll.evaluate("s => { s.scrollLeft = s.scrollWidth; s.dispatchEvent(new Event('scroll')); }")
    expect(first).to_have_class(re.compile(r"\bat-end\b"))
    expect(first.locator(".scroll-cue")).to_be_hidden()
    assert page.evaluate("window.scrollX") == 0 and _overflow(page) <= 360


def test_a_typo_in_the_search_offers_the_game(page: Page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/rules/")
    box = page.get_by_role("searchbox")
    box.fill("barbou")
    box.press("Enter")
    expect(page.locator(".did-you-mean")).to_contain_text("Vouliez-vous dire")
    page.locator('.did-you-mean a[href="/rules/barbu/"]').click()
    expect(page).to_have_url(live_server.url + "/rules/barbu/")
    assert _overflow(page) <= 360


def test_the_list_marks_the_score_sheets_on_a_phone(page: Page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/rules/")
    expect(page.locator(".game-link .has-sheet")).to_have_count(len(registry.scored()))
    expect(page.locator('.game-link[href="/rules/barbu/"]').locator(".has-sheet")).to_have_text("Feuille de marque")
    assert _overflow(page) <= 360


def test_each_game_s_scoring_at_a_glance_fits_one_phone_screen(browser, live_server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR", is_mobile=True)
    page = context.new_page()
    tall, wide = [], []
    for slug, info in registry.catalog().items():
        if not info.essentials:
            continue
        page.goto(f"{live_server.url}/rules/{slug}/")
        box = page.locator("section.essentials").bounding_box()
        assert box is not None, slug
        if box["height"] > 740:
            tall.append(f"{slug}: {box['height']:.0f}px")
        if page.evaluate("document.documentElement.scrollWidth") > 360:
            wide.append(slug)
    context.close()
    assert tall == [], tall
    assert wide == [], wide
