"""The card picker in Chromium reads a typed hand exactly as the server does (read_cards): its reader
(static/js/cards/read.js) runs on the page over hundreds of typings — every spelling the server's description
lists, words, symbols, separators, bad stretches, random mixtures — and gives the same cards and the same bad
stretches. Then what a player sees: cards typed every way shown as chips, a tarot card, a bad stretch removed."""

import random

import pytest
from playwright.sync_api import Page, expect

from companion.kernel.cards import Card, read_cards, reading_description
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db(transaction=True)

D = reading_description()
PIECES = [*D["tokens"], *D["rankWords"], *D["suitWords"], *D["ofWords"], *D["jokerWords"], "zut", "bâton", "T22",
          "Cœur", "TRÈFLE", "Dame", "♥\ufe0f", "1H", "atout", "10", "de"]
SEPARATORS = [" ", "  ", ",", ", ", ";", "+", "/", "\u00a0"]


def corpus() -> list[str]:
    rng = random.Random(20250)
    typed = [*D["tokens"], *(t.lower() for t in D["tokens"]), *(t.title() for t in D["tokens"])]
    typed += ["dame de cœur", "Dame de Cœur", "roi pique", "king of hearts", "7 de carreau dix de trèfle",
              "10♥ D♠ Joker", "R♥7♦", "As♠ AS", "zz pique", "zz ♠ 7♦", "dame de bâton 7♦", "roi de", "de cœur",
              "C♥ cavalier de pique T21 EX", "  ", "", "10 ♥  V♣,D♠", "JOKERS jok", "♥\ufe0f7"]
    for _ in range(400):
        words = [rng.choice(PIECES) for _ in range(rng.randint(1, 6))]
        text = words[0]
        for w in words[1:]:
            text += rng.choice(SEPARATORS) + w
        typed.append(text)
    return typed


def as_items(text: str) -> list[dict]:
    return [{"code": c.code} if isinstance(c, Card) else {"bad": c} for c in read_cards(text)]


def rami_edit_page(page: Page, live_server) -> None:
    table = TableFactory(game="rami", players=["Ana", "Bea", "Cid"])
    page.goto(f"{live_server.url}/tables/{table.id}/edit/{table.edit_token}/")
    page.wait_for_function("() => window.atoutCardPicker")


def test_the_browser_reads_every_typing_as_the_server_does(page: Page, live_server):
    rami_edit_page(page, live_server)
    typed = corpus()
    read = page.evaluate("""async (typed) => {
        const {readCards} = await import("/static/js/cards/read.js");
        return typed.map(readCards);
    }""", typed)
    differ = [(t, js, as_items(t)) for t, js in zip(typed, read, strict=True) if js != as_items(t)]
    assert not differ, differ[:10]
    # The picker's own entry point reads with the same reader.
    assert page.evaluate("() => window.atoutCardPicker.items('RH T21')") == [{"code": "KH"}, {"code": "T21"}]


def test_cards_typed_every_way_show_as_chips_and_a_bad_stretch_goes_with_one_tap(page: Page, live_server):
    rami_edit_page(page, live_server)
    bea = page.locator('fieldset[data-seat="1"]')
    bea.get_by_role("radio", name="Cartes").check()
    field = bea.locator('input[name="cards.1"]')
    field.fill("dame de cœur zz pique 10H rs Joker")
    chips = bea.locator(".chips button")
    expect(chips).to_have_text(["D♥ ×", "zz pique ×", "10♥ ×", "R♠ ×", "Joker ×"])
    expect(chips.nth(0)).to_have_class("suit-red")
    expect(chips.nth(1)).to_have_class("bad")
    chips.nth(1).click()
    # Written back as players write them, the cards the server reads: D♥ 10♥ R♠ Joker.
    expect(field).to_have_value("D♥ 10♥ R♠ Joker")
    assert [c.code for c in read_cards(field.input_value())] == ["QH", "10H", "KS", "JK"]
