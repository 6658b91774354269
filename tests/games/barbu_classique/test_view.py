"""What a seat sees of a Barbu classique deal, typed: the contracts left, then the contract named, the trump, the
réussite's start and layout, the doubles; every move in words."""

from companion.games import registry
from companion.kernel.cards import Card, display
from companion.kernel.text import Text
from companion.kernel.view import Note
from tests.rules.engine_helpers import one_at_a_time

GAME = registry.get("barbu-classique")
WHOLE_SUITS = {0: "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", 1: "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
               2: "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C", 3: "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D"}


def stacked(options=None, **context):
    return GAME.new_deal(4, options or {}, 1, 0, **context).replay(one_at_a_time(WHOLE_SUITS, 1, 4))


def test_the_declarer_is_asked_for_a_contract_among_those_he_has_left():
    state = stacked(remaining=["plis", "reussite"])
    view = state.view(0)
    assert view.prompt.fr == "Choisissez votre contrat parmi ceux qui vous restent."
    assert view.labels == {"contract:plis": Text("Pas de plis", "No tricks"),
                           "contract:reussite": Text("Réussite (domino)", "Domino (fan-tan)")}
    [fact] = view.facts
    assert fact.key == "remaining" and fact.text.fr == "Pas de plis, Réussite (domino)"
    assert fact.label.fr == "Contrats restants de ⟨0⟩"
    assert state.view(1).prompt is None and state.view(1).labels == {}  # the others wait


def test_atout_names_its_trump_and_the_contract_is_a_fact_for_all():
    state = stacked().replay(["contract:atout"])
    view = state.view(0)
    assert view.prompt.fr == "Choisissez l'atout."
    assert view.labels["trump:H"] == Text("Atout ♥", "Trumps ♥")
    state.apply(0, "trump:H")
    facts = {f.key: f for f in state.view(2).facts}
    assert facts["contract"].text == Text("Atout (⟨0⟩)", "Trumps (⟨0⟩)")
    assert facts["trump"].text == Text("♥", "♥")
    # In play, every move is a card as players write it.
    for code, label in state.view(0).labels.items():
        assert label == Text(display(Card.parse_code(code), "fr"), display(Card.parse_code(code), "en"))


def test_the_reussite_says_its_start_and_lays_out_its_rows():
    state = stacked().replay(["contract:reussite"])
    assert state.view(0).labels["start:J"] == Text("Départ : Valet", "Start: Jack")
    assert state.view(0).labels["start:A"] == Text("Départ : As", "Start: Ace")
    state.replay(["start:J", "JS", "JH"])
    facts = state.view(None).facts
    assert [f.key for f in facts] == ["contract", "start", "layout", "layout"]
    assert facts[1].text == Text("Valet", "Jack")
    assert facts[2].label == Text("Réussite ♠", "Layout ♠") and facts[2].cards == ("JS",)
    assert facts[3].label == Text("Réussite ♥", "Layout ♥") and facts[3].cards == ("JH",)
    assert state.view(2).prompt == Text("Posez une carte sur la réussite.", "Put a card on the layout.")
    state.replay(["JC", "JD", "QS", "10H"])
    # The rows in the order a hand is held (♠ ♥ ♣ ♦), each from its lowest card to its highest.
    assert [f.cards for f in state.view(None).facts if f.key == "layout"] == [("JS", "QS"), ("10H", "JH"), ("JC",), ("JD",)]


def test_a_seat_with_nothing_to_lay_is_told_to_pass():
    hands = {0: "8S 7S 6S 5S 4S 3S 2S 7H 6H 5H 4H 3H 2H", 1: "AS KS QS JS 10S 9S AH KH QH JH 10H 9H 8H",
             2: WHOLE_SUITS[2], 3: WHOLE_SUITS[3]}
    state = GAME.new_deal(4, {}, 1, 0).replay(one_at_a_time(hands, 1, 4)).replay(["contract:reussite", "start:J"])
    view = state.view(0)
    assert view.prompt == Text("Aucune carte ne se pose : passez.", "No card fits: pass.")
    assert view.labels == {"pass": Text("Passer", "Pass")}


def test_doubles_in_words():
    state = stacked({"doubles": True}).replay(["contract:dames"])
    view = state.view(1)
    assert view.prompt.fr.startswith("Contrez-vous quelqu'un ?")
    assert view.labels["double:0"] == Text("Contrer ⟨0⟩", "Double ⟨0⟩")
    assert view.labels["done"] == Text("Pas d'autre contre", "No more doubles")
    state.replay(["double:0", "done", "done", "done"])
    view = state.view(0)
    assert view.prompt.fr == "On vous a contré : surcontrez-vous ?"
    assert view.labels == {"redouble:1": Text("Surcontrer ⟨1⟩", "Redouble ⟨1⟩"),
                           "done": Text("Pas de surcontre", "No redouble")}
    state.apply(0, "redouble:1")
    facts = {f.key: f for f in state.view(3).facts}
    assert facts["doubles"].text == Text("⟨1⟩ contre ⟨0⟩, surcontré", "⟨1⟩ doubles ⟨0⟩, redoubled")


def test_what_each_seat_took_that_costs_is_said_of_it():
    # Seat 1 throws its hearts on seat 0's spades: after two tricks seat 0 has taken the A♥ and the K♥.
    state = stacked().replay(["contract:coeurs", "AS", "AH", "AC", "AD", "KS", "KH", "KC", "KD"])
    assert state.view(None).notes[0] == (Note(Text("2 ♥", "2 ♥")),) and state.view(None).notes[1] == ()
    state = stacked().replay(["contract:dames", "AS", "QH", "AC", "AD"])
    assert state.view(None).notes[0] == (Note(Text("1 dame", "1 queen")),)
    state = stacked().replay(["contract:roi-de-coeur", "AS", "KH", "AC", "AD"])
    assert state.is_terminal and state.view(None).notes[0] == (Note(Text("R♥ pris", "K♥ taken")),)
