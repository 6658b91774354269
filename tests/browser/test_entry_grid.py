"""Faster entry on a 360×740 phone: running sums, the last seat filled in, steppers on one line, folded cross-checks,
the Rami card picker in French and in words, the lay checker's verdict in view, the Vicaire sheet."""

import pytest
from playwright.sync_api import Page, expect

from tests.factories import TableFactory
from tests.tables.helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db(transaction=True)

IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
                       return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""


@pytest.fixture
def phone(page: Page) -> Page:
    page.set_viewport_size({"width": 360, "height": 740})
    return page


def edit(live_server, table) -> str:
    return f"{live_server.url}/tables/{table.id}/edit/{table.edit_token}/"


def test_a_count_column_sums_as_you_type_and_the_last_seat_gets_what_remains(phone: Page, live_server):
    table = TableFactory()
    phone.goto(edit(live_server, table))
    total = phone.locator('#entry output[data-sum="tricks"]')
    expect(total).to_have_text("0 / 13")
    phone.locator('input[name="tricks.0"]').fill("4")
    phone.locator('input[name="tricks.1"]').fill("3")
    expect(total).to_have_text("7 / 13")  # 4 + 3, the empty boxes count 0
    phone.locator('input[name="tricks.2"]').fill("5")
    # Three seats filled: Dan gets 13 − (4 + 3 + 5) = 1.
    expect(phone.locator('input[name="tricks.3"]')).to_have_value("1")
    expect(total).to_have_text("13 / 13")
    # Still editable: 2 makes 14, shown as too many; the server refuses it the same way.
    phone.locator('input[name="tricks.3"]').fill("2")
    expect(total).to_have_text("14 / 13")
    expect(total).to_have_class("sum-over")
    # Cid changes his mind: Dan's box was typed by hand, so it is left as it is.
    phone.locator('input[name="tricks.2"]').fill("4")
    expect(phone.locator('input[name="tricks.3"]')).to_have_value("2")
    expect(total).to_have_text("13 / 13")
    phone.get_by_role("button", name="Enregistrer la donne").click()
    expect(phone.locator(".next")).to_contain_text("Les cœurs")
    # 4, 3, 4, 2 tricks × 5 = 20, 15, 20, 10.
    expect(phone.locator("tr.totals td")).to_have_text(["20", "15", "20", "10★"])


def test_a_filled_in_remainder_goes_away_when_it_no_longer_is_one(phone: Page, live_server):
    table = TableFactory()
    phone.goto(edit(live_server, table))
    for seat, v in enumerate(["4", "3", "5"]):
        phone.locator(f'input[name="tricks.{seat}"]').fill(v)
    expect(phone.locator('input[name="tricks.3"]')).to_have_value("1")
    phone.locator('input[name="tricks.1"]').fill("")  # two seats empty again: nothing to guess
    expect(phone.locator('input[name="tricks.3"]')).to_have_value("")
    expect(phone.locator('#entry output[data-sum="tricks"]')).to_have_text("9 / 13")


def test_steppers_sit_on_one_line_and_feed_the_sum(phone: Page, live_server):
    table = TableFactory(rounds=BARBU_FOUR[:2])  # les dames: 4 queens
    phone.goto(edit(live_server, table))
    box = phone.locator('#entry .stepper:has(input[name="queens.0"])')
    plus, minus = box.locator('button[data-step="1"]'), box.locator('button[data-step="-1"]')
    assert len({round(b.bounding_box()["y"]) for b in (plus, minus, box.locator("input"))}) == 1  # − value +
    assert minus.bounding_box()["x"] < box.locator("input").bounding_box()["x"] < plus.bounding_box()["x"]
    minus.click()
    expect(phone.locator('input[name="queens.0"]')).to_have_value("0")  # never below 0
    for _ in range(5):
        plus.click()
    expect(phone.locator('#entry output[data-sum="queens"]')).to_have_text("5 / 4")  # one too many: said at once
    expect(phone.locator('#entry output[data-sum="queens"]')).to_have_class("sum-over")
    minus.click()
    expect(phone.locator('#entry output[data-sum="queens"]')).to_have_text("4 / 4")


def test_a_four_player_salade_fits_one_screen_with_one_line_a_player(phone: Page, live_server):
    table = TableFactory(rounds=BARBU_FOUR[:4])
    phone.goto(edit(live_server, table))
    form = phone.locator("#entry form")
    form.scroll_into_view_if_needed()
    box = form.bounding_box()
    assert box["height"] <= 740 and box["width"] <= 360, box
    phone.evaluate("(y) => window.scrollTo(0, y)", box["y"] + phone.evaluate("scrollY") - 4)
    assert phone.locator("#entry button[type=submit]").evaluate(IN_VIEW)
    assert phone.locator('#entry input[name="tricks.0"]').evaluate(IN_VIEW)
    for seat in range(4):
        row = phone.locator("#entry .entry-grid tbody tr").nth(seat)
        tops = row.locator("td").evaluate_all("tds => tds.map(td => Math.round(td.getBoundingClientRect().top))")
        assert len(set(tops)) == 1, tops  # tricks, hearts, queens and K♥ on one line
        sizes = row.locator("button.step").evaluate_all("bs => bs.map(b => b.getBoundingClientRect().height)")
        assert len(sizes) == 6 and min(sizes) >= 44
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_cross_check_is_folded_until_opened(phone: Page, live_server):
    table = TableFactory(rounds=BARBU_FOUR[:1])  # les cœurs
    phone.goto(edit(live_server, table))
    folded = phone.locator("#entry details.optional-counts")
    expect(folded.locator("summary")).to_have_text("Plis — facultatif")
    expect(phone.locator('input[name="tricks.0"]')).to_be_hidden()
    marker = folded.locator("summary").evaluate("s => getComputedStyle(s).display")
    assert marker == "list-item"  # the disclosure triangle shows
    folded.locator("summary").click()
    expect(phone.locator('input[name="tricks.0"]')).to_be_visible()
    expect(folded.locator('output[data-sum="tricks"]')).to_have_text("0 / 13")


def rami_seat(page, seat):
    return page.locator(f'fieldset[data-seat="{seat}"]')


def test_the_card_picker_writes_cards_as_players_write_them_and_reads_words(phone: Page, live_server):
    table = TableFactory(game="rami", players=["Ana", "Bea", "Cid"])
    phone.goto(edit(live_server, table))
    bea = rami_seat(phone, 1)
    bea.get_by_role("radio", name="Cartes").check()
    bea.get_by_role("button", name="cœur").click()
    bea.get_by_role("button", name="Roi").click()
    bea.get_by_role("button", name="carreau").click()
    bea.get_by_role("button", name="7", exact=True).click()
    bea.get_by_role("button", name="Joker", exact=True).click()
    text = bea.locator('input[name="cards.1"]')
    expect(text).to_have_value("R♥ 7♦ Joker")
    expect(text).to_have_attribute("placeholder", "ex. R♥ 7♦ Joker ou roi de cœur")
    text.fill("roi de cœur, dame pique 7 de carreau")
    expect(bea.locator(".chips button")).to_have_text(["R♥ ×", "D♠ ×", "7♦ ×"])
    # Roi 10 + Dame 10 + 7 = 27 points in hand.
    expect(bea.locator(".picker-sum")).to_have_text("3 cartes = 27 points")
    text.fill("roi de cœur dame de bâton")
    expect(bea.locator(".chips button")).to_have_text(["R♥ ×", "dame de bâton ×"])
    expect(bea.locator(".chips button.bad")).to_have_count(1)
    bea.locator(".chips button.bad").click()  # taking the bad one away leaves the card, in the picker's spelling
    expect(text).to_have_value("R♥")
    # One card, in the singular (French 0 and 1): Roi 10.
    expect(bea.locator(".picker-sum")).to_have_text("1 carte = 10 points")


def test_the_lay_checker_brings_its_verdict_into_view(phone: Page, live_server):
    phone.goto(live_server.url + "/rami/pose/")
    for i, meld in enumerate(["dame de cœur roi de cœur as de cœur", "8♠ 8♦ 8♣", "4C 5C 6C"]):
        phone.locator(f'input[name="meld.{i}"]').fill(meld)
    phone.get_by_role("button", name="Vérifier").click()
    verdict = phone.locator(".lay-verdict")
    expect(verdict).to_contain_text("Ouverture valable")
    expect(verdict).to_be_in_viewport()
    assert verdict.evaluate(IN_VIEW)
    assert phone.evaluate("scrollY") > 0  # it scrolled up from the button, not left at the top by chance


def test_the_lay_checker_shows_its_verdict_without_javascript(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740}, locale="fr-FR")
    page = context.new_page()
    page.goto(live_server.url + "/rami/pose/")
    page.locator('input[name="meld.0"]').fill("2♥ 3♥ 4♥")
    page.get_by_role("button", name="Vérifier").click()
    assert page.url.endswith("#verdict")
    expect(page.locator(".lay-verdict")).to_be_in_viewport()
    context.close()


def test_vicaire_rows_show_each_deals_tricks_and_the_form_is_on_the_first_screen(phone: Page, live_server):
    table = TableFactory(game="vicaire", players=["Ana", "Bea", "Cid"], rounds=[{"tricks": [3, 4, 3]}, {"tricks": [7, 2, 1]}])
    phone.goto(edit(live_server, table))
    expect(phone.locator("#round-2 td").first).to_contain_text("7 plis")
    expect(phone.locator("#round-2 td").last).to_contain_text("1 pli")
    heading = phone.get_by_role("heading", name="Saisir la donne 3")
    assert heading.evaluate(IN_VIEW)
    expect(phone.locator("#race")).to_be_attached()
