"""Rami on a phone: two deals entered with the card picker, the lay checker, and the form without JavaScript."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.django_db(transaction=True)


def seat(page: Page, n: int):
    return page.locator(f'fieldset[data-seat="{n}"]')


def new_table(page: Page, live_server, names=("Ana", "Bea", "Cid")):
    page.goto(live_server.url + "/tables/new/rami/")
    for i, name in enumerate(names):
        page.locator(f'input[name="player.{i}"]').fill(name)
    page.get_by_role("button", name="Créer la table").click()
    expect(page.get_by_role("heading", name="Saisir la donne 1")).to_be_visible()


def test_two_deals_of_rami_on_a_phone(page: Page, live_server):
    new_table(page, live_server)

    # Deal 1: Ana goes out; Bea keeps 10♥ R♠ and a joker, picked with the card picker; Cid laid nothing.
    seat(page, 0).get_by_role("radio", name="A fini la donne").check()
    expect(seat(page, 0).locator(".rami-hand")).to_be_hidden()
    bea = seat(page, 1)
    expect(bea.locator(".picker")).to_be_hidden()
    bea.get_by_role("radio", name="Cartes").check()
    bea.get_by_role("button", name="cœur").click()
    bea.get_by_role("button", name="10", exact=True).click()
    bea.get_by_role("button", name="pique").click()
    bea.get_by_role("button", name="Roi").click()
    bea.get_by_role("button", name="Joker", exact=True).click()
    expect(bea.locator(".chips button")).to_have_text(["10♥ ×", "R♠ ×", "Joker ×"])
    expect(bea.locator(".picker-sum")).to_have_text("3 cartes = 70 points")
    expect(bea.locator('input[name="cards.1"]')).to_have_value("10♥ R♠ Joker")  # written as players write them, like the chips
    seat(page, 2).get_by_role("radio", name="N'a rien posé (100)").check()
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("tr.totals td")).to_have_text(["0★", "70", "100"])

    # Deal 2: a rami sec claimed while Cid is said to have counted points is refused next to Cid.
    expect(page.get_by_role("heading", name="Saisir la donne 2")).to_be_visible()
    seat(page, 1).get_by_role("radio", name="A fini la donne").check()
    seat(page, 0).get_by_role("radio", name="N'a rien posé (100)").check()
    seat(page, 2).get_by_role("radio", name="Points comptés").check()
    seat(page, 2).locator('input[name="points.2"]').fill("12")
    page.locator('input[name="rami_sec"]').check()
    # Ticking the rami sec puts every other player on "laid nothing"; put Cid back on points to see the refusal.
    expect(seat(page, 2).get_by_role("radio", name="N'a rien posé (100)")).to_be_checked()
    seat(page, 2).get_by_role("radio", name="Points comptés").check()
    page.get_by_role("button", name="Enregistrer la donne").click()
    expect(seat(page, 2).locator(".error")).to_contain_text("Avec un rami sec")
    expect(page.locator("tr.totals td")).to_have_text(["0★", "70", "100"])

    seat(page, 2).get_by_role("radio", name="N'a rien posé (100)").check()
    page.get_by_role("button", name="Enregistrer la donne").click()
    # Ana 0 + 100; Bea 70 − 50; Cid 100 + 100.
    expect(page.locator("tr.totals td")).to_have_text(["100", "20★", "200"])

    page.get_by_text("Comment ces points sont calculés").click()
    expect(page.locator(".explain")).to_contain_text("Bea : 3 cartes, 10♥ + R♠ + Joker = 70.")
    expect(page.locator(".explain")).to_contain_text("Bea : rami sec, −50.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # The lay checker, from the sheet and back.
    page.get_by_role("link", name="Vérifier une pose").click()
    expect(page.get_by_role("heading", name="Vérifier une pose")).to_be_visible()
    first = page.locator(".meld-row").nth(0)
    first.get_by_role("button", name="cœur").click()
    for rank in ("Dame", "Roi", "As"):
        first.get_by_role("button", name=rank, exact=True).click()
    second = page.locator(".meld-row").nth(1)
    second.locator("input.cards-text").fill("9♦ joker V♦")  # 31 + 9 + 0 + 10 = 50: one short
    page.get_by_role("button", name="Vérifier").click()
    expect(page.locator(".lay-verdict")).to_contain_text("Ouverture refusée")
    expect(page.locator(".lay-verdict")).to_contain_text("50 points")
    expect(page.locator(".meld-row").nth(1)).to_contain_text("Le joker remplace le 10♦")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.get_by_role("link", name="Retour à la feuille").click()
    expect(page.locator("tr.totals td")).to_have_text(["100", "20★", "200"])


def test_the_rami_form_works_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 640}, locale="fr-FR")
    page = context.new_page()
    new_table(page, live_server, ("Ana", "Bea"))
    page.locator('input[name="winner"][value="1"]').check()
    page.locator('input[name="cards.0"]').fill("As♠ 7♦ JK")
    page.get_by_role("button", name="Enregistrer la donne").click()
    # A♠ 11 + 7♦ 7 + joker 50 = 68.
    expect(page.locator("tr.totals td")).to_have_text(["68", "0★"])
    page.goto(live_server.url + "/rami/pose/")
    page.locator('input[name="meld.0"]').fill("4C 5C 6C")
    page.get_by_role("button", name="Vérifier").click()
    expect(page.locator(".lay-verdict")).to_contain_text("Ouverture refusée")
    expect(page.locator(".lay-verdict")).to_contain_text("15 points")
    context.close()
