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
