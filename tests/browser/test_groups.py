"""A group on a phone: create it, play a table inside it, see the chart and the leaderboard, CSV out and back in."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.helpers import fill
from tests.tables.helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db(transaction=True)

MANCHES = BARBU_FOUR  # worked out by hand in tests/tables/helpers.py: totals 70, 130, 190, 190


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_group_plays_a_table_sees_its_chart_and_leaderboard_and_takes_its_history_away_and_back(page: Page, live_server, tmp_path):
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Créer un cercle").click()
    page.get_by_label("Nom du cercle").fill("Les amis du jeudi")
    page.get_by_label("Joueurs, un par ligne").fill("Ana\nBea\nCid\nDan")
    page.get_by_role("button", name="Créer le cercle").click()
    expect(page.locator(".notice")).to_contain_text("Cercle créé")
    group_url = page.url.split("?")[0]
    fits_the_phone(page)

    page.get_by_label("Nouvelle table").select_option("barbu")
    page.get_by_role("button", name="Créer", exact=True).click()
    expect(page.locator("datalist#group-players option")).to_have_count(4)
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator(".next")).to_contain_text("Les plis")
    expect(page.locator("figure.chart")).to_have_count(0)

    for entry in MANCHES:
        fill(page, entry)
        page.get_by_role("button", name="Enregistrer la donne").click()
        expect(page.locator("#sheet tbody tr:not(.row-summary)")).to_have_count(MANCHES.index(entry) + 1)
    expect(page.locator(".winner-banner")).to_contain_text("Ana")

    # The chart, under the sheet: one labelled line per player, inside the phone's width.
    chart = page.locator("figure.chart svg")
    expect(chart).to_be_visible()
    expect(page.locator("g.chart-line")).to_have_count(4)
    # Each line's name, then its total at the chart's right edge.
    expect(page.locator("text.chart-label")).to_have_text(["Ana", "70", "Bea", "130", "Cid", "190", "Dan", "190"])
    box = chart.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["height"] > 150
    fits_the_phone(page)
    # Colours follow the light or dark scheme.
    stroke = "getComputedStyle(document.querySelector('g.series-1 .chart-path')).stroke"
    assert page.evaluate(stroke) == "rgb(0, 114, 178)"
    page.emulate_media(color_scheme="dark")
    assert page.evaluate(stroke) == "rgb(86, 180, 233)"
    page.emulate_media(color_scheme="light")

    page.goto(group_url)
    board = page.locator('table.stats[data-game="barbu"] tbody tr')
    expect(board.first).to_contain_text("1. Ana")
    expect(board).to_have_count(4)
    expect(page.locator(".group-tables li")).to_have_count(1)
    expect(page.locator(".group-tables li").first).to_contain_text("♛ Ana")
    fits_the_phone(page)

    with page.expect_download() as info:
        page.get_by_role("link", name="Historique (CSV)", exact=True).click()
    exported = tmp_path / "historique.csv"
    info.value.save_as(exported)
    assert len(exported.read_text(encoding="utf-8-sig").splitlines()) == 1 + 5 * 4

    # Imported back into the same circle, the file adds nothing: the circle already has that table.
    group_url = page.url
    page.get_by_role("link", name="Importer un historique dans ce cercle").click()
    page.get_by_label("Fichier CSV").set_input_files(str(exported))
    page.get_by_role("button", name="Importer").click()
    expect(page.locator(".notice")).to_contain_text("1 table du fichier était déjà dans le cercle")
    expect(page.locator(".group-tables li")).to_have_count(1)
    assert page.url.split("?")[0] == group_url.split("?")[0]

    # As a new circle, it is a copy.
    page.goto(live_server.url + "/groups/import/")
    page.get_by_label("Fichier CSV").set_input_files(str(exported))
    page.get_by_label("Nom du nouveau cercle").fill("Copie")
    page.get_by_role("button", name="Importer").click()
    expect(page.locator("h1")).to_have_text("Copie")
    expect(page.locator(".notice")).to_contain_text("Historique importé : 1 table.")
    expect(page.locator('table.stats[data-game="barbu"] tbody tr').first).to_contain_text("1. Ana")


def test_group_forms_work_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 640}, locale="fr-FR")
    page = context.new_page()
    page.goto(live_server.url + "/groups/new/")
    page.get_by_label("Nom du cercle").fill("Sans JS")
    page.get_by_role("button", name="Créer le cercle").click()
    page.get_by_label("Nouvelle table").select_option("barbu")
    page.get_by_role("button", name="Créer", exact=True).click()
    for i, name in enumerate(["Ana", "Bea", "Cid", "Dan"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    fill(page, MANCHES[0])
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("g.chart-line")).to_have_count(4)
    context.close()


def test_a_rename_in_the_group_reaches_a_phone_on_the_table_within_two_seconds(page: Page, live_server):
    from companion.groups import services
    from companion.tables import ledger

    group = services.create_group("Jeudi", ["Ana", "Bea", "Cid", "Dan"])
    table, _token = services.create_group_table(group, "barbu", ["Ana", "Bea", "Cid", "Dan"], {})
    ledger.add_round(table.id, MANCHES[0])
    page.goto(f"{live_server.url}/tables/{table.id}/")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    expect(page.locator(".sheet thead")).to_contain_text("Ana")
    services.rename_player(group, group.players.get(name="Ana").id, "Anaïs")  # no new round: same version
    expect(page.locator(".sheet thead")).to_contain_text("Anaïs", timeout=2000)


LONG_NAMES = ["Marie-Christine", "Jean-Baptiste", "Anne-Sophie", "Bartholomé"]


def test_the_leaderboards_fit_a_phone_without_scrolling_sideways(page: Page, live_server):
    from companion.groups import services
    from companion.tables import ledger

    group = services.create_group("Les amis du jeudi", LONG_NAMES)
    for shift in range(4):  # every player wins once: totals of three digits everywhere
        seats = LONG_NAMES[shift:] + LONG_NAMES[:shift]
        table, _token = services.create_group_table(group, "barbu", seats, {})
        for entry in MANCHES:
            ledger.add_round(table.id, entry)
    vicaire, _token = services.create_group_table(group, "vicaire", LONG_NAMES[:3], {})
    ledger.add_round(vicaire.id, {"tricks": [4, 3, 3]})
    ledger.finish(vicaire.id)
    page.goto(f"{live_server.url}/groups/{group.id}/")
    boards = page.locator("#leaderboards .sheet-scroll")
    expect(boards).to_have_count(3)  # Barbu, Vicaire, every game
    for i in range(3):
        # Every column, "Meilleur" and "Pire" included, is on screen: nothing to scroll to.
        assert boards.nth(i).evaluate("el => el.scrollWidth <= el.clientWidth"), boards.nth(i).inner_text()
    worst = page.locator('table.stats[data-game="barbu"] thead th').last
    expect(worst).to_contain_text("Meilleur")
    expect(worst).to_contain_text("Pire")
    box = worst.bounding_box()
    assert box["x"] + box["width"] <= 360
    fits_the_phone(page)


@pytest.mark.parametrize("game", ["nain-jaune", "barbu", "rami", "vicaire"])
def test_a_new_group_tables_form_fits_a_phone(page: Page, live_server, game):
    from companion.groups import services

    group = services.create_group("Jeudi", LONG_NAMES)
    page.goto(f"{live_server.url}/groups/{group.id}/tables/new/?game={game}")
    expect(page.get_by_role("button", name="Créer la table")).to_be_visible()
    fits_the_phone(page)
