"""What a person sees of "nothing irreversible by one tap" and of the free sheet, on a 360×740 phone in Chromium:
the confirmation dialog, reopening, undo, the Corriger button, the rematch, a natural end without a reload, and two
rounds of the free sheet with a negative score. Set SCREENSHOTS=<folder> to keep screenshots of each step."""

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.factories import TableFactory
from tests.tables.helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = os.environ.get("SCREENSHOTS")


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="fr-FR", device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    yield context.new_page()
    context.close()


def shot(page: Page, name: str, full_page: bool = True) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=full_page)


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def edit_url(live_server, table) -> str:
    return f"{live_server.url}/tables/{table.id}/edit/{table.edit_token}/"


def test_the_free_sheet_two_rounds_with_a_negative_score(phone: Page, live_server):
    page = phone
    page.goto(live_server.url + "/tables/new/libre/")
    for i, name in enumerate(["Ana", "Bea", "Équipe Cid et Dan"]):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.locator('input[name="opt_rounds"]').fill("2")
    shot(page, "new-libre")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Créer la table").click()
    expect(page.locator("#entry h2")).to_contain_text("Saisir la donne 1")
    page.locator('input[name="points.0"]').fill("12")
    page.locator('input[name="points.1"]').fill("5")
    page.locator('input[name="points.2"]').fill("3")
    page.get_by_role("button", name="Changer le signe — Bea").click()  # a number pad without a minus key
    expect(page.locator('input[name="points.1"]')).to_have_value("-5")
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("tr.totals td")).to_have_text(["12★", "−5", "3"])
    page.evaluate("window.__noReload = true")
    shot(page, "libre-after-one-round")
    expect(page.get_by_role("link", name="Terminer la partie maintenant")).to_be_visible()
    page.locator('input[name="points.0"]').fill("0")
    page.locator('input[name="points.1"]').fill("20")
    page.locator('input[name="points.2"]').fill("4")
    # the − stepper goes below zero on a sheet that allows it: 4 → 3, and 0 → −1 → back to 0 with +
    page.locator('input[name="points.2"]').locator("xpath=..").locator('button.step[data-step="-1"]').click()
    expect(page.locator('input[name="points.2"]')).to_have_value("3")
    page.locator('input[name="points.0"]').locator("xpath=..").locator('button.step[data-step="-1"]').click()
    expect(page.locator('input[name="points.0"]')).to_have_value("-1")
    page.locator('input[name="points.0"]').locator("xpath=..").locator('button.step[data-step="1"]').click()
    page.locator('input[name="points.2"]').fill("4")
    page.get_by_role("button", name="Enregistrer la donne").click()
    # 12 + 0 = 12, −5 + 20 = 15, 3 + 4 = 7: the second and last round makes Bea the winner, without a reload.
    expect(page.locator(".winner-banner")).to_contain_text("Bea")
    expect(page.locator("tr.totals td")).to_have_text(["12", "15★", "7"])
    expect(page.get_by_role("link", name="Terminer la partie maintenant")).to_have_count(0)
    expect(page.get_by_role("button", name="Revanche")).to_be_visible()
    assert page.evaluate("window.__noReload") is True
    no_sideways_scroll(page)
    shot(page, "libre-ended")


def test_ending_asks_first_in_a_dialog_and_an_ended_game_is_reopened(phone: Page, live_server):
    table = TableFactory(game="libre", players=["Ana", "Bea", "Cid", "Dan"], rounds=[{"points": [3, 5, 0, -2]}])
    page = phone
    page.goto(edit_url(live_server, table))
    page.get_by_role("link", name="Terminer la partie maintenant").click()
    dialog = page.locator("dialog#confirm-finish")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Terminer la partie maintenant ?")
    shot(page, "confirm-finish-dialog", full_page=False)
    dialog.get_by_role("button", name="Non, revenir à la feuille").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#entry")).to_be_visible()  # nothing ended
    page.get_by_role("link", name="Terminer la partie maintenant").click()
    dialog.get_by_role("button", name="Oui, terminer la partie").click()
    expect(page.locator(".winner-banner")).to_contain_text("Bea")
    expect(page.locator("#entry")).to_have_count(0)
    shot(page, "ended-by-hand")
    page.get_by_role("button", name="Reprendre la partie").click()
    expect(page.locator("#entry h2")).to_contain_text("Saisir la donne 2")
    page.goto(f"{live_server.url}/tables/{table.id}/history/")
    expect(page.locator(".history")).to_contain_text("Partie reprise")
    expect(page.locator(".history")).to_contain_text("Points : Ana 3, Bea 5, Cid 0, Dan −2")


def test_undo_the_last_round_after_confirming(phone: Page, live_server):
    table = TableFactory(rounds=BARBU_FOUR[:3])
    page = phone
    page.goto(edit_url(live_server, table))
    shot(page, "sheet-with-buttons")
    no_sideways_scroll(page)
    page.get_by_role("link", name="Annuler la dernière donne").click()
    dialog = page.locator("dialog#confirm-undo")
    expect(dialog).to_contain_text("La donne 3 sera retirée")
    shot(page, "confirm-undo-dialog", full_page=False)
    dialog.get_by_role("button", name="Oui, annuler la donne 3").click()
    expect(page.locator(".sheet tbody tr:not(.row-summary)")).to_have_count(2)
    expect(page.locator(".next")).to_contain_text("Les dames")


def test_every_round_has_a_corriger_button(phone: Page, live_server):
    table = TableFactory(rounds=BARBU_FOUR[:2])
    page = phone
    page.goto(edit_url(live_server, table))
    buttons = page.locator(".sheet .fix-label")
    expect(buttons).to_have_count(2)
    box = buttons.nth(0).bounding_box()
    assert box and box["width"] > 20 and box["height"] > 10  # seen, not hidden behind a title
    page.get_by_role("link", name="Corriger la donne 1").click()
    expect(page.locator(".entry-form h2")).to_contain_text("Corriger la donne 1")
    for seat, v in enumerate([5, 3, 4, 1]):
        page.locator(f'input[name="tricks.{seat}"]').fill(str(v))
    page.get_by_role("button", name="Enregistrer la correction").click()
    expect(page.locator("#round-1 td").first).to_contain_text("25")  # 5 tricks × 5


def test_a_middle_barbu_round_cannot_be_deleted_and_the_page_says_why(phone: Page, live_server):
    table = TableFactory(rounds=BARBU_FOUR[:4])
    page = phone
    page.goto(edit_url(live_server, table))
    page.get_by_role("link", name="Corriger la donne 2").click()
    page.get_by_role("link", name="Supprimer la donne 2").click()
    page.locator("dialog#confirm-delete").get_by_role("button", name="Oui, supprimer la donne 2").click()
    expect(page.locator(".entry-form .error").first).to_contain_text("les donnes suivantes changeraient de contrat")
    expect(page.locator(".entry-form h2")).to_contain_text("Corriger la donne 2")
    shot(page, "delete-middle-refused")


def test_a_rematch_in_one_tap(phone: Page, live_server):
    table = TableFactory(rounds=BARBU_FOUR)
    page = phone
    page.goto(edit_url(live_server, table))
    page.get_by_role("button", name="Revanche").click()
    expect(page.locator(".notice")).to_contain_text("Table créée")
    expect(page.locator(".next")).to_contain_text("Les plis")
    expect(page.locator(".next")).to_contain_text("donne : Bea")
    expect(page.locator(".sheet thead th .name")).to_have_text(["Ana", "Bea", "Cid", "Dan"])  # nobody moved
    assert f"/tables/{table.id}/" not in page.url


def test_without_javascript_ending_goes_through_a_confirmation_page(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740}, locale="fr-FR")
    page = context.new_page()
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [1, 2]}])
    page.goto(edit_url(live_server, table))
    page.get_by_role("link", name="Terminer la partie maintenant").click()
    expect(page.locator("h2")).to_contain_text("Terminer la partie maintenant ?")
    page.get_by_role("button", name="Oui, terminer la partie").click()
    expect(page.locator(".winner-banner")).to_contain_text("Bea")
    context.close()


def test_new_table_pages_and_the_404_page(phone: Page, live_server):
    page = phone
    page.goto(live_server.url + "/tables/new/barbu/")
    expect(page.locator(".contract-list li")).to_have_text(["Les plis", "Les cœurs", "Les dames", "Le roi de cœur", "La salade"])
    expect(page.get_by_label("Partie (5 manches)")).to_be_checked()
    page.get_by_label("Série complète (chacun donne chaque manche)").check()
    no_sideways_scroll(page)
    shot(page, "new-barbu")
    page.goto(live_server.url + "/tables/new/nain-jaune/")
    pions = page.locator('input[name="opt_start_pions"]')
    expect(pions).to_have_value("250")
    page.get_by_role("button", name="Partie longue 500").click()
    expect(pions).to_have_value("500")
    expect(page.get_by_role("button", name="Partie longue 500")).to_have_attribute("aria-pressed", "true")
    no_sideways_scroll(page)
    shot(page, "new-nain-jaune")
    page.goto(live_server.url + "/tables/nosuchtable/")
    expect(page.locator("h1")).to_have_text("Cette page n'existe pas")
    expect(page.get_by_role("link", name="Retour à l'accueil")).to_be_visible()
    no_sideways_scroll(page)
    shot(page, "404")


@pytest.mark.parametrize("n", [8, 12])
def test_many_players_with_the_corriger_buttons_fit_the_phone(phone: Page, live_server, n):
    names = [f"Joueur{i + 1}" for i in range(n)]
    table = TableFactory(game="libre", players=names, rounds=[{"points": list(range(n))}, {"points": [-3] * n}])
    page = phone
    page.goto(edit_url(live_server, table))
    expect(page.locator(".sheet .fix-label")).to_have_count(2)
    no_sideways_scroll(page)
    shot(page, f"libre-{n}-players")
    if SHOTS:
        page.locator(".sheet-scroll").screenshot(path=str(Path(SHOTS) / f"libre-{n}-players-sheet.png"))


def test_the_history_reads_in_words(phone: Page, live_server):
    deal = {"winner": 0, "stakes": {"10D": {"claimed_by": 1}, "JC": {"forgotten_by": 2}, "QS": None, "KH": {"held_by": 3},
                                    "7D": {"claimed_by": 0}}, "remaining": [None, 20, 30, 40]}
    table = TableFactory(game="nain-jaune", players=["Ana", "Bea", "Cid", "Dan"], rounds=[deal])
    page = phone
    page.goto(f"{live_server.url}/tables/{table.id}/history/")
    history = page.locator(".history")
    expect(history).to_contain_text("Ana a posé toutes ses cartes.")
    expect(history).to_contain_text("R♥ gardé en main par Dan")
    assert "claimed_by" not in history.inner_text() and "{" not in history.inner_text()
    no_sideways_scroll(page)
    shot(page, "history-nain-jaune")


def test_a_truncated_edit_link_offers_the_read_only_table(phone: Page, live_server):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [1, 2]}])
    page = phone
    response = page.goto(f"{live_server.url}/tables/{table.id}/edit/{table.edit_token[:9]}/")
    assert response.status == 403
    expect(page.locator("h1")).to_have_text("Lien de modification invalide")
    no_sideways_scroll(page)
    shot(page, "403")
    page.get_by_role("link", name="Voir la table (lecture seule)").click()
    expect(page.locator("tr.totals td")).to_have_text(["1", "2★"])
    expect(page.locator("#entry")).to_have_count(0)


def test_edit_mode_is_kept_through_the_history_and_the_rulebook(phone: Page, live_server):
    table = TableFactory(game="barbu", players=["Ana", "Bea", "Cid", "Dan"], rounds=BARBU_FOUR[:1])
    page = phone
    page.goto(edit_url(live_server, table))
    expect(page.locator("#entry")).to_have_count(1)
    page.get_by_role("link", name="Historique").click()
    expect(page.locator("h1")).to_contain_text("Historique")
    page.get_by_role("link", name="← Feuille de marque (saisie)").click()
    expect(page).to_have_url(edit_url(live_server, table))
    expect(page.locator("#entry")).to_have_count(1)  # the form is there: still in edit mode
    page.locator("nav.table-actions a", has_text="Règles").click()
    expect(page.locator("h1")).to_have_text("Le barbu")
    page.get_by_role("link", name="← Retour à la table").click()
    expect(page).to_have_url(edit_url(live_server, table))
    expect(page.locator("#entry")).to_have_count(1)
    no_sideways_scroll(page)
