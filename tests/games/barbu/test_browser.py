"""A whole Barbu game through the phone form, in Debian's Chromium at 360×640."""

import csv
import io

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill
from tests.tables.helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db(transaction=True)

MANCHES = BARBU_FOUR  # worked out by hand in tests/tables/helpers.py: totals 70, 130, 190, 190


def test_a_whole_barbu_game_on_a_phone(page: Page, live_server):
    page.goto(live_server.url + "/")
    page.locator('a.game-link[href="/tables/new/barbu/"]').click()  # not Le barbu classique
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator(".next")).to_contain_text("Les plis")

    # A wrong entry is refused next to its field, nothing is stored.
    fill(page, {"tricks": [4, 3, 5, 2]})
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator(".entry-form .error").first).to_contain_text("13 plis")

    expected_next = ["Les cœurs", "Les dames", "Le roi de cœur", "La salade"]
    for i, entry in enumerate(MANCHES):
        fill(page, entry)
        page.get_by_role("button", name="Enregistrer la donne").click()
        if i < 4:
            expect(page.locator(".next")).to_contain_text(expected_next[i])
    expect(page.locator(".winner-banner")).to_contain_text("Ana")
    totals = page.locator("tr.totals td")
    expect(totals).to_have_text(["70★", "130", "190", "190"])
    expect(page.locator(".entry-form")).to_have_count(0)

    # Nothing on the sheet is wider than the phone.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360

    with page.expect_download() as info:
        page.get_by_role("link", name="Exporter (CSV)").click()
    path = info.value.path()
    rows = list(csv.reader(io.StringIO(open(path, encoding="utf-8-sig").read()), delimiter=";"))
    assert len(rows) == 21
    # place, joueur, points, total: Dan takes 140 in the salade, 190 in all (the hand-worked game).
    assert rows[0][5:9] == ["place", "joueur", "points", "total"]
    assert rows[-1][5:9] == ["4", "Dan", "140", "190"]


def test_the_entry_form_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 640}, locale="fr-FR")
    page = context.new_page()
    page.goto(live_server.url + "/tables/new/barbu/")
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan", "Eve"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    page.locator('input[name="tricks.0"]').fill("10")
    for seat in range(1, 5):
        page.locator(f'input[name="tricks.{seat}"]').fill("0")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("tr.totals td").first).to_have_text("50")
    context.close()
