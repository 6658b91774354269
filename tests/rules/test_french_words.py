"""French words around an inserted name or number: elision before a vowel, the singular of 0 and 1, and a
table's problems naming its players."""

import pytest

from companion.games import registry
from companion.kernel.errors import InvalidEntry, Problem
from companion.kernel.text import T, count, name_seats, seat_ref


@pytest.mark.parametrize(("text", "expected"), [
    ("Belote-rebelote de ⟨0⟩", "Belote-rebelote d'Alice"),
    ("Belote-rebelote de ⟨1⟩", "Belote-rebelote de Bruno"),
    ("plus que ⟨2⟩", "plus qu'Émile"),
    ("De ⟨3⟩ à ⟨0⟩", "D'Hugo à Alice"),
    ("lorsque ⟨0⟩ joue", "lorsqu'Alice joue"),
    ("le tour de ⟨4⟩", "le tour d'Yvan"),
    ("monde ⟨0⟩", "monde Alice"),  # "de" inside a word is no preposition
])
def test_de_and_que_drop_their_vowel_before_a_name_that_starts_with_one(text, expected):
    assert name_seats(text, ["Alice", "Bruno", "Émile", "Hugo", "Yvan"]) == expected


def test_french_singular_covers_0_and_1_and_english_only_1():
    words = [count(n, "{n} bout", "{n} bouts", "{n} oudler", "{n} oudlers") for n in (0, 1, 2)]
    assert [w.fr for w in words] == ["0 bout", "1 bout", "2 bouts"]
    assert [w.en for w in words] == ["0 oudlers", "1 oudler", "2 oudlers"]
    # French keeps the singular for what is under 2: « 1,5 point », « 2,5 points ».
    assert [count(n, "{n} point", "{n} points", "{n} point", "{n} points").fr for n in (1.5, 2.5)] == ["1.5 point", "2.5 points"]


def test_a_problem_named_by_a_table_shows_names_in_both_languages():
    problem = Problem("contract", "x", T(f"Le contrat de {seat_ref(0)}", f"{seat_ref(0)}'s contract"), seat=0)
    named = problem.named(["Alice", "Bruno"])
    assert named.message.fr == "Le contrat d'Alice" and named.message.en == "Alice's contract"
    assert (named.field, named.code, named.seat) == ("contract", "x", 0)
    assert problem.named(None) is problem


def test_a_sheet_of_a_table_names_the_dealer_in_a_refusal():
    # Barbu classique: each contract once per dealer; the dealer at seat 0 plays "no hearts" twice.
    game = registry.get("barbu-classique")
    sheet = game.new_sheet(4, names=["Alice", "Bruno", "Chloé", "David"])
    first = sheet.next_round()
    sheet.apply(NO_HEARTS)
    while sheet.next_round().dealer != first.dealer:
        sheet.apply({"contract": "dames", "queens": [4, 0, 0, 0]})
    with pytest.raises(InvalidEntry) as refused:
        sheet.apply(NO_HEARTS)
    messages = [p.message.fr for p in refused.value.problems]
    assert any("Alice" in m for m in messages), messages
    assert not any("⟨" in m for m in messages), messages


NO_HEARTS = {"contract": "coeurs", "hearts": [0, 13, 0, 0], "ace_of_hearts": 1}


def test_entered_agrees_with_the_number_before_it():
    from companion.kernel.text import entered
    assert [entered(n) for n in (0, 0.5, 1, 1.5, 2, 44)] == ["saisi", "saisi", "saisi", "saisi", "saisis", "saisis"]


def test_a_tarot_count_of_one_point_is_one_point_entered():
    # Tarot taré at 4, chien aside: a seat that took a trick holds at least that trick's 4 cards, 2 points; a seat
    # with 1 point entered and no tricks entered is told so, with "1 saisi" in the singular.
    sheet = registry.get("tarot-tare").new_sheet(4, {"chien": "aside"})
    messages = [p.message.fr for p in sheet.check({"points": [1, 30, 30, 27], "chien_points": 3})]
    assert "Un pli de 4 cartes vaut au moins 2 points : 1 saisi." in messages


def test_a_joker_too_many_is_said_in_the_singular_and_a_pack_without_jokers_says_so():
    from companion.families.melds import copies_problem
    from companion.kernel.cards import Joker
    assert copies_problem(Joker(), 5, 4, "hands").message.fr == "5 jokers : le jeu n'en a que 4."
    problem = copies_problem(Joker(), 1, 0, "hands")
    assert problem.message.fr == "1 joker : ce jeu n'en a pas." and problem.message.en == "1 joker: this pack has none."


def test_nain_jaune_counts_a_single_card_and_a_single_point_in_the_singular():
    from companion.games.nain_jaune.rules import _counted
    assert _counted(c=(1, "carte"), m=(1, "point"), t=(12, "point")) == {
        "c": "1 carte", "c_en": "1 card", "m": "1 point", "m_en": "1 point", "t": "12 points", "t_en": "12 points"}
