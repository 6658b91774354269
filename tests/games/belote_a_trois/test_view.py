"""What a seat sees of a belote à trois deal, typed: the prise in two rounds, the taker, the trump, the retourne,
belote said. Deal 1 of test_play's (stacked by schedule): the retourne is the V♥, Bea (1) speaks first."""

from companion.games import registry
from companion.kernel.text import T, seat_ref
from companion.kernel.view import Fact, Note
from tests.rules.engine_helpers import by_schedule

GAME = registry.get("belote-a-trois")
DEAL_1 = {1: "9H KH QH AS 10S", 2: "AH KS QS AC 10C", 0: "10H JS 9S KC JC", -1: "JH",
          3: "9C 9D QC KD QD AD 10D JD"}


def test_the_two_rounds_of_the_prise_in_words():
    state = by_schedule(GAME.new_deal(3, {}, 1, 0), DEAL_1)
    view = state.view(1)
    assert view.prompt == T("Prenez-vous à ♥, la couleur de la retournée ?", "Do you take in ♥, the suit turned up?")
    assert view.labels == {"take": T("Prendre", "Take"), "pass": T("Passer", "Pass")}
    assert view.facts == (Fact("turned", T("Retournée", "Turned up"), cards=("JH",)),)
    for seat in (1, 2, 0):
        state.apply(seat, "pass")
    view = state.view(1)
    assert view.prompt == T("Second tour : choisissez un autre atout, ou passez.",
                            "Second round: choose another trump suit, or pass.")
    assert view.labels["trump:S"] == T("Atout ♠", "Trumps ♠") and "trump:H" not in view.labels
    assert view.notes == ((Note(T("Passer", "Pass"), call=True),),) * 3
    state.apply(1, "trump:S")
    assert state.view(None).facts[:2] == (Fact("taker", T("Preneur", "Taker"), T(seat_ref(1), seat_ref(1))),
                                          Fact("trump", T("Atout", "Trumps"), T("♠", "♠")))
