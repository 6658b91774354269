"""What a seat sees of a deal of la belote, typed: the prise in two rounds, the taker and his partner, the trump,
the retourne, belote said. Deal A of test_play's (stacked by schedule): the retourne is the V♥, Bea (1) speaks
first; Bea and Dan (3) against Ana (0) and Cid (2)."""

from companion.games import registry
from companion.kernel.text import T, seat_ref
from companion.kernel.view import Fact, Note
from tests.rules.engine_helpers import by_schedule, play

GAME = registry.get("belote")
DEAL_A = {1: "9H KH QH AS 9C", 2: "10H 8H KD QD JD", 3: "AH KS 9S AD 10D", 0: "7H 9D 8D QS JS", -1: "JH",
          4: "10S AC 8S 7S 10C 7D 8C 7C KC QC JC"}


def test_the_two_rounds_of_the_prise_in_words():
    state = by_schedule(GAME.new_deal(4, {}, 1, 0), DEAL_A)
    view = state.view(1)
    assert view.prompt == T("Prenez-vous à ♥, la couleur de la retournée ?", "Do you take in ♥, the suit turned up?")
    assert view.labels == {"take": T("Prendre", "Take"), "pass": T("Passer", "Pass")}
    assert view.facts == (Fact("turned", T("Retournée", "Turned up"), cards=("JH",)),)
    for seat in (1, 2, 3, 0):
        state.apply(seat, "pass")
    view = state.view(1)
    assert view.prompt == T("Second tour : choisissez un autre atout, ou passez.",
                            "Second round: choose another trump suit, or pass.")
    assert view.labels["trump:S"] == T("Atout ♠", "Trumps ♠") and "trump:H" not in view.labels
    assert view.notes == ((Note(T("Passer", "Pass"), call=True),),) * 4
    state.apply(1, "trump:S")
    # The taker, then his partner facing him (Dan), then the trump and the retourne he picked up.
    assert state.view(None).facts == (
        Fact("taker", T("Preneur", "Taker"), T(seat_ref(1), seat_ref(1))),
        Fact("partner", T("Avec", "With"), T(seat_ref(3), seat_ref(3))),
        Fact("trump", T("Atout", "Trumps"), T("♠", "♠")),
        Fact("turned", T("Retournée", "Turned up"), cards=("JH",)),
    )


def test_belote_then_rebelote_said_at_the_table():
    state = by_schedule(GAME.new_deal(4, {}, 1, 0), DEAL_A)
    play(state, [(1, "take"), (1, "AS"), (2, "7S"), (3, "9S"), (0, "JS")])
    view = state.view(1)
    assert view.labels["belote"] == T("Annoncer « Belote »", "Say “Belote”")
    assert view.prompt == T("Vous pouvez annoncer avant de jouer la carte.", "You may announce before playing the card.")
    state.apply(1, "belote")
    assert Note(T("Belote", "Belote")) in state.view(2).notes[1]
    play(state, [(1, "KH"), (2, "10H"), (3, "AH"), (0, "7H")])  # Dan's A♥ takes it: he leads
    play(state, [(3, "AD"), (0, "8D"), (1, "QH")])  # Bea, void in diamonds, plays the rebelote
    assert Note(T("Rebelote", "Rebelote")) in state.view(0).notes[1]
