"""What a seat sees of a Chasse-cœur deal, typed: the passing asked for in words (how many, which way, to whom),
the cards set aside, then the cards passed and each seat's points. Deal stacked: seat 0 all the clubs, 1 the
spades, 2 the hearts, 3 (the dealer) the diamonds; passing to the left (the next seat)."""

from companion.games import registry
from companion.kernel.text import T, seat_ref
from companion.kernel.view import Fact, Note
from tests.rules.engine_helpers import one_at_a_time

GAME = registry.get("chasse-coeur")
SUITS = {s: " ".join(f"{r}{suit}" for r in "A K Q J 10 9 8 7 6 5 4 3 2".split()) for s, suit in enumerate("CSHD")}


def test_the_passing_then_the_play_in_words():
    state = GAME.new_deal(4, {"passing": "left"}, 1, 3).replay(one_at_a_time(SUITS, 0, 4))
    view = state.view(0)
    assert view.prompt == T(f"Choisissez 3 cartes à passer à gauche. Elles iront à {seat_ref(1)}.",
                            f"Choose 3 cards to pass to the left. They go to {seat_ref(1)}.")
    assert view.facts == () and view.notes == ((), (), (), ())  # no trump; no points while passing
    assert view.labels["pick:QC"] == T("Choisir D♣", "Pick Q♣")  # a card by its name, as players write it
    state.apply(0, "pick:AC")
    view = state.view(0)
    assert view.prompt.fr.startswith("Choisissez 2 cartes à passer à gauche.")
    assert view.selection.cards == ("AC",) and view.labels["unpick:AC"] == T("Reprendre A♣", "Put back A♣")
    assert view.aside is None  # nothing set aside before the choice is confirmed
    state.apply(0, "pick:KC")
    state.apply(0, "pick:QC")
    assert state.view(0).prompt == T(
        f"Les cartes à passer sont choisies : touchez-en une pour la reprendre, ou passez-les. Elles iront à {seat_ref(1)}.",
        f"The cards to pass are chosen: tap one to put it back, or pass them. They go to {seat_ref(1)}.")
    state.apply(0, "confirm")
    assert state.view(0).prompt is None  # seat 1 passes now
    assert state.view(0).aside == (state.view(0).aside.__class__(T("Mises de côté", "Set aside"), ("AC", "KC", "QC")))
    for seat, codes in ((1, "AS KS QS"), (2, "AH KH QH"), (3, "AD KD QD")):
        for code in codes.split():
            state.apply(seat, code)
    view = state.view(0)
    assert view.facts == (Fact("passed_cards", T("Vous avez passé", "You passed"), cards=("AC", "KC", "QC")),)
    # Nobody has taken a point: French says "0 point", English "0 points".
    assert view.notes == ((Note(T("0 point", "0 points")),),) * 4
    # Each seat is told what it passed, and only that: seat 0's cards are seat 0's to know.
    assert state.view(1).facts[0].cards == ("AS", "KS", "QS") and state.view(None).facts == ()
