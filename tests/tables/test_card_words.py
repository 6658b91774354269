"""Cards typed the way players say them (companion/kernel/cards.py: read_cards), through the Rami form and the lay
checker; one message for one bad card; a wrong count and a card over the pack said together. Points by hand."""

import html as htmllib
import re

import pytest

from companion.kernel.cards import Card, read_cards
from companion.web.families.cards import cards_from_text
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db

PLAYERS = ["Ana", "Bea", "Cid"]


def codes(text):
    return [c if isinstance(c, str) else c.code for c in read_cards(text)]


@pytest.mark.parametrize("typed, expected", [
    ("roi de cœur", ["KH"]),
    ("Roi de coeur, DAME PIQUE", ["KH", "QS"]),
    ("7 de carreau dix de trèfle as de pique", ["7D", "10C", "AS"]),
    ("valet ♦ joker", ["JD", "JK"]),
    ("king of hearts queen of spades ace of clubs jack of diamonds", ["KH", "QS", "AC", "JD"]),
    ("R♥ 7♦ Joker", ["KH", "7D", "JK"]),
    ("KH 7D JK 10h", ["KH", "7D", "JK", "10H"]),
    ("10 ♥  V♣,D♠", ["10H", "JC", "QS"]),
    ("As♠ AS", ["AS", "AS"]),
])
def test_every_way_of_typing_a_card_reads_the_same(typed, expected):
    assert codes(typed) == expected


def test_what_is_no_card_comes_back_once_per_stretch_as_typed():
    assert codes("dame de bâton 7♦") == ["dame de bâton", "7D"]
    assert codes("R♥ zut alors") == ["KH", "zut alors"]
    assert read_cards("") == []


def test_a_suit_word_in_a_bad_stretch_keeps_its_space_only_a_symbol_is_glued():
    # As typed: "zz pique" is two words (the card picker writes the stretch back into the field as it shows it),
    # "zz♠" a word and a symbol.
    assert codes("zz pique") == ["zz pique"]
    assert codes("zz ♠ 7♦") == ["zz♠", "7D"]


def test_the_old_spellings_still_parse():
    assert Card.parse("D♠").code == "QS" and Card.parse("QS").code == "QS"
    assert cards_from_text("10H QS JK") == ["10H", "QS", "JK"]


def edit_url(table):
    return f"/tables/{table.id}/edit/{table.edit_token}/"


def field_errors(html):
    return [htmllib.unescape(re.sub(r"\s+", " ", m[1])).strip()
            for m in re.findall(r'data-field="hands" data-seat="(\d)">(.*?)</p>', html, re.S)]


def test_the_rami_form_takes_cards_in_words(client):
    table = TableFactory(game="rami", players=PLAYERS)
    # Bea: Roi de cœur 10 + Dame de pique 10 + 7 de carreau 7 + Joker 50 (in hand) = 77; Cid laid nothing: 100.
    response = client.post(edit_url(table), {"winner": "0", "how.1": "cards", "cards.1": "roi de cœur, dame pique 7 de carreau joker",
                                             "how.2": "nothing"})
    assert response.status_code == 302
    state = client.get(f"/api/tables/{table.id}").json()
    assert state["rounds"][0]["entry"]["hands"][1] == {"cards": ["KH", "QS", "7D", "JK"]}
    assert state["rounds"][0]["scores"] == [0, 77, 100]


def test_one_bad_card_in_words_gives_one_message(client):
    table = TableFactory(game="rami", players=PLAYERS)
    response = client.post(edit_url(table), {"winner": "0", "how.1": "cards", "cards.1": "roi de cœur dame de bâton", "how.2": "nothing"})
    assert response.status_code == 400
    assert field_errors(response.content.decode()) == ["Carte inconnue : dame de bâton."]


def test_several_bad_cards_of_one_hand_give_one_message(client):
    table = TableFactory(game="rami", players=PLAYERS)
    response = client.post(edit_url(table), {"winner": "0", "how.1": "cards", "cards.1": "11Z R♥ 1X", "how.2": "nothing"})
    assert field_errors(response.content.decode()) == ["Cartes inconnues : 11Z, 1X."]


def test_a_wrong_count_and_a_card_over_the_pack_are_said_together(client):
    table = TableFactory(game="rami", players=PLAYERS)
    # 11 cards: whoever laid keeps 8 at most (13 + 1 taken − 5 laid to open − 1 thrown), whoever laid nothing holds
    # 13: impossible. The pack (two 52-card packs) has the A♠ twice, Bea's hand three times: both said at once.
    hand = "A♠ A♠ A♠ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥"
    response = client.post(edit_url(table), {"winner": "0", "how.1": "cards", "cards.1": hand, "how.2": "nothing"})
    assert response.status_code == 400
    (message,) = field_errors(response.content.decode())
    assert "11 cartes, c'est impossible" in message and "3 fois le A♠ : le jeu n'en a que 2." in message


def test_the_picker_and_the_hints_use_one_alphabet(client):
    table = TableFactory(game="rami", players=PLAYERS)
    page = client.get(edit_url(table)).content.decode()
    assert 'placeholder="ex. R♥ 7♦ Joker ou roi de cœur"' in page
    assert "Cartes : As A, Valet V, Dame D, Roi R, puis ♠ ♥ ♦ ♣ (R♥, 10♦) ; Joker." in page
    assert "10H" not in page and " JK" not in page.split("<main", 1)[1].replace('data-code="JK"', "")


def test_the_lay_checker_reads_words_and_brings_its_verdict_into_view(client):
    page = client.get("/rami/pose/").content.decode()
    assert 'action="/rami/pose/#verdict"' in page and 'hx-swap="innerHTML show:#verdict:top"' in page
    # Dame, Roi, As de cœur, a pure run: 10 + 10 + 11 (the ace high after the king); three 8s: 24. 55 ≥ 51: an opening.
    response = client.post("/rami/pose/", {"meld.0": "dame de cœur roi de cœur as de cœur", "meld.1": "8 de pique 8 de carreau 8 de trèfle",
                                           "opening": "on"})
    html = response.content.decode()
    assert response.status_code == 200
    assert '<div id="verdict" class="verdict-anchor">' in html and "Ouverture valable" in html and "55 points" in html


def test_the_lay_checker_page_explains_an_unknown_card_in_the_players_spelling(client):
    response = client.post("/rami/pose/", {"meld.0": "7♥ 8♥ neuf de bâton"})
    assert response.status_code == 400
    html = htmllib.unescape(response.content.decode())
    assert "Carte inconnue : neuf de bâton (par exemple 10♥, D♠, As♣, Joker ou « dame de pique »)." in html
    # The API, which takes codes only, keeps explaining codes.
    api = client.post("/api/games/rami/melds", {"melds": [["7H", "XX"]]}, content_type="application/json")
    assert api.json()["errors"][0]["message"] == "Carte inconnue : XX (codes : 10H, QS, AC, JK pour un joker)."
