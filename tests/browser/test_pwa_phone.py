"""One thumb on a 360×640 screen: steppers, 44 px targets, eight players in view, dark mode, "Mes tables"."""

import re

import pytest
from playwright.sync_api import expect

from companion.rules import registry
from companion.tables import ledger
from tests.pwa.helpers import edit_path, new_table, view_path

pytestmark = pytest.mark.django_db(transaction=True)


def boxes(page, selector):
    return page.eval_on_selector_all(selector, "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })")


def test_counts_have_steppers_and_a_numeric_keypad_with_44_px_targets(page, live_server):
    table, token = new_table()
    ledger.add_round(table.id, {"tricks": [4, 3, 5, 1]})  # round 2 asks two counts a seat: stacked steppers
    page.goto(live_server.url + edit_path(table, token))
    steps = boxes(page, "#entry button.step")
    assert len(steps) == 2 * 2 * 4  # + and − for tricks and hearts, four players
    assert all(w >= 44 and h >= 44 for w, h in steps), steps
    assert all(w >= 44 and h >= 44 for w, h in boxes(page, "#entry button[type=submit], .top nav a"))
    assert page.eval_on_selector_all("#entry input.count", "els => els.every(e => e.inputMode === 'numeric')")
    page.click('#entry .stepper:has(input[name="hearts.1"]) button[data-step="1"]')
    page.click('#entry .stepper:has(input[name="hearts.1"]) button[data-step="1"]')
    page.click('#entry .stepper:has(input[name="hearts.1"]) button[data-step="-1"]')
    expect(page.locator('#entry input[name="hearts.1"]')).to_have_value("1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.skipif("nain-jaune" not in registry.scored(), reason="no eight-player game registered")
def test_eight_players_fit_the_screen_with_totals_in_view(page, live_server):
    players = ["Anne-Sophie", "Bérénice", "Cid", "Dan", "Éloïse", "Fanny", "Gustave", "Hugo"]
    table, _ = ledger.create_table("nain-jaune", players, {})
    page.goto(live_server.url + view_path(table))
    scroll = page.evaluate("(() => { const s = document.querySelector('.sheet-scroll'); return [s.scrollWidth, s.clientWidth]; })()")
    assert scroll[0] <= scroll[1] + 1, scroll
    expect(page.locator("table.sheet").first.locator(".totals td")).to_have_count(8)
    assert page.evaluate("getComputedStyle(document.querySelector('.sheet .rowhead')).position") == "sticky"


def test_dark_mode_follows_the_system(browser, browser_context_args, live_server):
    context = browser.new_context(**browser_context_args, color_scheme="dark")
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        red, green, blue = (int(v) for v in re.findall(r"\d+", background)[:3])
        assert red + green + blue < 3 * 64, background
    finally:
        context.close()


def test_mes_tables_lists_the_tables_this_phone_opened_newest_first(page, live_server):
    older, older_token = new_table(["Ana", "Bea", "Cid", "Dan"])
    newer, _ = new_table(["Eve", "Fil", "Gus", "Hal"])
    page.goto(live_server.url + edit_path(older, older_token))
    page.goto(live_server.url + view_path(newer))
    page.goto(live_server.url + view_path(older))  # the read link again: the edit link is not forgotten
    page.goto(live_server.url + "/")
    links = page.locator("#my-tables a")
    expect(links).to_have_count(2)
    expect(links.nth(0)).to_have_attribute("href", edit_path(older, older_token))
    expect(links.nth(0)).to_contain_text("Ana, Bea, Cid, Dan")
    expect(links.nth(1)).to_have_attribute("href", view_path(newer))
