"""What a seat sees of a coinche deal, typed: the auction in words, the contract to beat, coinche and
surcoinche, then the taker, his partner, the contract and the trump. The belote tests' deal A (stacked by
schedule, every card dealt): Bea (1) speaks first; Bea and Dan (3) against Ana (0) and Cid (2)."""

from companion.games import registry
from companion.kernel.text import T, seat_ref
from companion.kernel.view import Fact, Note
from tests.rules.engine_helpers import by_schedule

GAME = registry.get("coinche")
DEAL_A = {1: "JH 9H KH QH AS 10S AC 9C", 2: "10H 8H KD QD JD 8S 7S 10C",
          3: "AH AD 10D 7D KS 9S 8C 7C", 0: "7H 9D 8D QS JS KC QC JC"}


def test_the_auction_in_words():
    state = by_schedule(GAME.new_deal(4, {"sans_atout": True, "tout_atout": True}, 1, 0), DEAL_A)
    view = state.view(1)
    assert view.prompt == T("Annoncez un contrat, ou passez.", "Bid a contract, or pass.")
    assert view.labels["bid:80:H"] == T("80 ♥", "80 ♥")
    assert view.labels["bid:90:SA"] == T("90 sans atout", "90 no trumps")
    assert view.labels["bid:capot:TA"] == T("capot tout atout", "capot all trumps")
    assert view.labels["pass"] == T("Passer", "Pass")
    assert view.facts == ()
    state.apply(1, "bid:80:H")
    view = state.view(2)
    assert view.prompt == T("À battre : 80 ♥. Montez, coinchez ou passez.", "To beat: 80 ♥. Bid higher, double or pass.")
    assert view.labels["coinche"] == T("Coincher", "Coinche (double)")
    assert view.facts == (Fact("contract", T("Contrat", "Contract"), T(f"80 ♥ · {seat_ref(1)}", f"80 ♥ · {seat_ref(1)}")),)
    state.apply(2, "coinche")
    view = state.view(3)
    assert view.prompt == T("Votre camp est coinché : surcoinchez-vous ?", "Your side is doubled: do you redouble?")
    assert view.labels == {"surcoinche": T("Surcoincher", "Surcoinche (redouble)"), "pass": T("Passer", "Pass")}
    assert view.notes[1] == (Note(T("80 ♥", "80 ♥"), call=True),)
    assert view.notes[2] == (Note(T("Coincher", "Coinche (double)"), call=True),)
    state.apply(3, "pass")
    state.apply(1, "pass")
    # Bea took 80 ♥ coinché; Dan, facing her, is her partner.
    assert state.view(None).facts == (
        Fact("taker", T("Preneur", "Taker"), T(f"{seat_ref(1)} · 80 ♥ coinché", f"{seat_ref(1)} · 80 ♥ doubled (coinche)")),
        Fact("partner", T("Avec", "With"), T(seat_ref(3), seat_ref(3))),
        Fact("trump", T("Atout", "Trumps"), T("♥", "♥")),
    )


def test_tout_atout_is_said_as_the_trump():
    state = by_schedule(GAME.new_deal(4, {"tout_atout": True}, 1, 0), DEAL_A)
    for seat, action in ((1, "bid:100:TA"), (2, "pass"), (3, "pass"), (0, "pass")):
        state.apply(seat, action)
    assert state.view(0).facts[-1] == Fact("trump", T("Atout", "Trumps"), T("tout atout", "all trumps"))
