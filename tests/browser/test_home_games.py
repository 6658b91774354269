"""Finding a game on the home page of a 360 px phone: the most played first, a filter box that forgives accents
and slips as one types, this phone's recent games on top."""

import os

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def _shown(page: Page) -> list[str]:
    return page.locator("#game-lists li:visible .game-link strong").all_inner_texts()


def test_tarot_is_on_the_first_screen_and_the_filter_finds_it_as_one_types(page: Page, live_server):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server.url + "/")
    tarot = page.locator("#games-popular .game-link", has_text="Le tarot")
    expect(tarot).to_be_in_viewport()
    popular = page.locator("#games-popular .game-link strong").all_inner_texts()
    assert popular == ["Le tarot", "La belote", "La coinche", "Le rami", "Le barbu", "Feuille libre"]
    box = page.get_by_label("Trouver un jeu")
    box.press_sequentially("tarot")
    shown = _shown(page)
    assert "Le tarot" in shown and "Le tarot lorrain" in shown and "La belote" not in shown
    if os.environ.get("SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["SCREENSHOTS"], "home-filter-tarot.png"))
    box.fill("")
    box.press_sequentially("belotte")  # one letter too many: still the belotes
    shown = _shown(page)
    assert "La belote" in shown and "La belote à trois" in shown and "Le tarot" not in shown
    box.fill("chasse coeur")  # no ligature typed
    assert _shown(page) == ["Le chasse-cœur"]
    box.fill("zzzz")
    expect(page.locator("#games-none")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_without_the_script_the_filter_is_a_form(page: Page, live_server):
    page.goto(live_server.url + "/?q=belotte")
    found = page.locator(".games-found .game-link strong").all_inner_texts()
    assert "La belote" in found and "Le tarot" not in found


def test_the_games_of_this_phones_tables_come_first(page: Page, live_server):
    page.goto(live_server.url + "/")
    page.evaluate("""localStorage.setItem("atout.tables", JSON.stringify([
        {id: "a", game: "Le vicaire", slug: "vicaire", names: "A, B", at: 2, url: "/tables/a/", edit: false},
        {id: "b", game: "Golf", slug: "golf", names: "A, B", at: 1, url: "/tables/b/", edit: false}]))""")
    page.reload()
    recent = page.locator("#games-recent")
    expect(recent).to_be_visible()
    assert recent.locator(".game-link strong").all_inner_texts() == ["Le vicaire", "Golf"]
