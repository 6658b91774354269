"""The FFT tarot's digital deal played by hand (companion.families.tarot_deal): the Excuse of an announced chelem and
the poignée whose trumps the seat chooses. Dealer 0: seat 1 speaks first and, without a chelem, leads. Every
expected value is worked out by hand from the FFT rules and the rulebook page (companion/games/tarot/rulebook/fr.md):
4 players, 18 cards each and 6 to the chien, a poignée simple shows 10 cards, the Excuse standing in only for a
missing trump."""

import random

import pytest

from companion.bots.search import strong_action
from companion.games import registry
from companion.kernel.errors import IllegalAction
from companion.kernel.text import T
from tests.rules.engine_helpers import ALL_RANKS, FFT_CHIEN, LOW, dealt, refused, run, spades, trumps

TAROT = registry.get("tarot")


# -- an announced chelem: the taker keeps the Excuse for the last trick ---------------------------------------
# Seat 2 holds the trumps 5 to 21 and the Excuse; the defence the 1 to 4 and the plain cards.
CHELEM_HANDS = {
    2: [*trumps(*range(21, 4, -1)), "EX"],
    3: ["T1", "T2", *spades(6, 7, 8, 9, 10, "J", "C", "Q"), *run("H", LOW[:8])],
    0: ["T3", *run("H", ["9", "10", "J", "C", "Q", "K"]), *run("D", [*LOW, "J"])],
    1: ["T4", *run("D", ["C", "Q", "K"]), *run("C", ALL_RANKS)],
}


def chelem_announced(ecart):
    """Seat 2 takes a garde, puts ``ecart`` in the écart and announces a chelem: he leads the first trick."""
    state = dealt(TAROT, 4, 0, CHELEM_HANDS, FFT_CHIEN)
    for seat, bid in ((1, "pass"), (2, "take:garde"), (3, "pass"), (0, "pass")):
        state.apply(seat, bid)
    for code in ecart:
        state.apply(2, code)
    state.apply(2, "chelem")
    assert state.current_player == 2
    return state


def test_after_announcing_a_chelem_the_taker_plays_the_excuse_only_at_the_last_trick_which_it_wins():
    # Écart: the five small spades and the 5 of trumps (only 5 plain cards may go there: the 6th is a trump).
    # Seat 2 keeps the 21 … 6, the R♠ and the Excuse: 16 + 1 + 1 = 18 cards.
    state = chelem_announced([*spades("A", 2, 3, 4, 5), "T5"])
    for lead in ["T21", "T20", "KS", *trumps(*range(19, 5, -1))]:  # 17 tricks, every one his
        assert "EX" not in state.legal_actions(2)
        assert refused(state, 2, "EX") == "excuse_kept_for_chelem"
        state.apply(2, lead)
        for seat in (3, 0, 1):
            state.apply(seat, state.legal_actions(seat)[0])
        assert state.log[-1][3] == 2
    # The last trick: the Excuse is all he holds; led by the camp that took every trick, it takes the trick.
    assert state.legal_actions(2) == ["EX"]
    state.apply(2, "EX")
    for seat in (3, 0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.log[-1][3] == 2 and state.is_terminal
    # All 91 points and the 3 bouts (the Petit fell in trick 2, not at the end): 36 needed, made by 55:
    # (25 + 55) × 2 = 160; chelem announced and made +400: 560; the taker 3 × 560 = 1680, each defender −560.
    entry = state.entry()
    assert (entry["bouts"], entry["points"], entry["chelem"], entry["petit_au_bout"]) == (3, 91, "announced_made", None)
    assert TAROT.new_sheet(4).apply(entry).scores == [-560, -560, 1680, -560] == state.returns()


def test_once_the_defence_takes_a_trick_the_excuse_is_free_again():
    # Seat 2 with the 21 … 6, the Excuse and the A♣ takes a garde sans (no écart) and announces a chelem.
    hands = {2: [*trumps(*range(21, 5, -1)), "EX", "AC"], 1: ["T4", "T5", *run("D", ["C", "Q", "K"]), *run("C", ALL_RANKS[1:])],
             3: CHELEM_HANDS[3], 0: CHELEM_HANDS[0]}
    state = dealt(TAROT, 4, 0, hands, FFT_CHIEN)
    for seat, bid in ((1, "pass"), (2, "take:garde_sans"), (3, "pass"), (0, "pass")):
        state.apply(seat, bid)
    state.apply(2, "chelem")
    assert "EX" not in state.legal_actions(2)
    # The A♣: seat 3, void in clubs, trumps with the 2; seat 0 overtrumps with the 3; seat 1 follows in clubs.
    state.apply(2, "AC")
    state.apply(3, "T2")
    assert state.legal_actions(0) == ["T3"]
    state.apply(0, "T3")
    state.apply(1, "KC")
    assert state.log[-1][3] == 0  # the chelem is lost: the Excuse is played as in any deal
    state.apply(0, "9H")
    state.apply(1, "T5")  # void in hearts: a trump
    assert "EX" in state.legal_actions(2)  # he must overtrump the 5, or excuse himself
    state.apply(2, "EX")
    assert state.pack.code[state.trick_cards[-1]] == "EX"


def test_the_bots_never_play_the_excuse_before_the_last_trick_of_a_chelem_going_on():
    for seed in range(4):
        state = chelem_announced([*spades("A", 2, 3, 4, 5), "T5"])
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.current_player
            if seat == 2:
                strong = len(state.log) % 2
                action = strong_action(state, rng, budget=None, playouts=20) if strong else state.quick_action(rng)
                if action == "EX":
                    assert state.held[2] == 1 << state.pack.index["EX"] or not state._slam_going(), state.history
            else:
                action = state.quick_action(rng)
            state.apply(seat, action)


# -- the poignée: the seat chooses the trumps it shows -------------------------------------------------------
# Seat 1 holds the 1 to 9 of trumps and the Excuse (a poignée simple only with the Excuse, 9 + 1 = 10); seat 2
# the 10 to 21 (12: a simple, 13 would make a double).
POIGNEE_HANDS = {
    1: ["EX", *trumps(*range(9, 0, -1)), *run("C", LOW[:8])],
    2: [*trumps(*range(21, 9, -1)), *run("C", ["9", "10", "J", "C", "Q", "K"])],
    3: [*spades(6, 7, 8, 9, 10, "J", "C", "Q"), *run("H", LOW)],
    0: [*run("H", ["J", "C", "Q", "K"]), *run("D", ALL_RANKS)],
}
# Seat 2 with the Excuse and 12 trumps: it may never show the Excuse.
EXCUSE_HANDS = {
    1: [*trumps(*range(9, 0, -1)), *run("C", LOW[:9])],
    2: ["EX", *trumps(*range(21, 9, -1)), *run("C", ["10", "J", "C", "Q", "K"])],
    3: POIGNEE_HANDS[3],
    0: POIGNEE_HANDS[0],
}


def garde_sans(hands):
    """Seat 2 takes a garde sans (no écart) and announces no chelem: seat 1 leads the first trick."""
    state = dealt(TAROT, 4, 0, hands, FFT_CHIEN)
    for seat, bid in ((1, "pass"), (2, "take:garde_sans"), (3, "pass"), (0, "pass")):
        state.apply(seat, bid)
    state.apply(2, "pass")
    assert state.current_player == 1
    return state


def test_the_excuse_stands_in_for_the_missing_trump_and_the_choice_is_confirmed_when_complete():
    state = garde_sans(POIGNEE_HANDS)
    assert [a for a in state.legal_actions(1) if a.startswith("poignee")] == ["poignee:simple"]
    state.apply(1, "poignee:simple")
    # Nine trumps and the Excuse: all ten come picked, and nothing is shown to the others yet.
    assert state.phase == "poignee"
    assert state.observation(1)["picking"] == {"purpose": "poignee:simple", "cards": [*trumps(*range(9, 0, -1)), "EX"]}
    for seat in (None, 0, 2, 3):
        obs = state.observation(seat)
        assert obs["picking"] is None and obs["poignees"] == [] and obs["phase"] == "play"
    state.apply(1, "unpick:T1")
    # 9 picked: the one card that may be picked is the 1 again; no confirm with 9.
    assert state.legal_actions(1) == [*(f"unpick:{c}" for c in [*trumps(*range(9, 1, -1)), "EX"]), "pick:T1", "cancel"]
    with pytest.raises(IllegalAction) as refusal:
        state.apply(1, "confirm")
    assert refusal.value.code == "poignee_count" and refusal.value.seat == 1
    assert refusal.value.message == T("Une poignée simple montre 10 cartes : vous en avez choisi 9.",
                                      "A single poignée shows 10 cards: you chose 9.")
    assert refused(state, 1, "pick:3C") == "poignee_trumps_only"
    assert refused(state, 1, "pick:T21") == "not_in_hand"
    assert refused(state, 1, "AC") == "poignee_pending"  # no card played before the choice is done
    state.apply(1, "pick:T1")
    state.apply(1, "confirm")
    assert state.phase == "play" and state.selection is None
    assert state.observation(3)["poignees"] == [{"seat": 1, "size": "simple", "cards": [*trumps(*range(9, 0, -1)), "EX"]}]
    assert refused(state, 1, "poignee:simple") == "poignee_too_late"


def test_the_seat_chooses_which_trumps_it_shows():
    state = garde_sans(POIGNEE_HANDS)
    state.apply(1, "AC")  # seat 1 shows nothing
    state.apply(2, "poignee:simple")
    picked = trumps(*range(21, 11, -1))  # the strongest 10 of his 12 come picked
    assert state.observation(2)["picking"]["cards"] == picked
    assert "confirm" in state.legal_actions(2)
    assert refused(state, 2, "pick:T11") == "poignee_full"  # 10 already: one goes back first
    state.apply(2, "unpick:T21")
    state.apply(2, "unpick:T20")
    assert refused(state, 2, "unpick:T20") == "not_picked"
    state.apply(2, "pick:T11")
    assert refused(state, 2, "pick:T11") == "already_picked"
    state.apply(2, "pick:T10")
    state.apply(2, "confirm")
    # The 19 … 10 are shown; the 21 and the 20 stay hidden, in his hand.
    shown = state.observation(0)["poignees"]
    assert shown == [{"seat": 2, "size": "simple", "cards": trumps(*range(19, 9, -1))}]
    assert {"T21", "T20"} <= state.hidden_cards(0)
    assert not {"T19", "T10"} & state.hidden_cards(0)
    assert state.poignees == [(2, "simple", state.pack.mask(trumps(*range(19, 9, -1))))]


def test_a_seat_with_enough_trumps_may_not_show_the_excuse_and_may_give_up_its_poignee():
    state = garde_sans(EXCUSE_HANDS)
    state.apply(1, "AC")
    state.apply(2, "poignee:simple")
    state.apply(2, "unpick:T12")
    assert "pick:EX" not in state.legal_actions(2)
    assert refused(state, 2, "pick:EX") == "poignee_excuse"
    state.apply(2, "cancel")  # taken back before it counts: nothing shown, and it may still be shown
    assert state.phase == "play" and state.observation(0)["poignees"] == []
    assert "poignee:simple" in state.legal_actions(2)


def test_the_bots_show_the_strongest_trumps_in_two_steps_and_give_up_a_choice_left_half_made():
    state = garde_sans(POIGNEE_HANDS)
    rng = random.Random(1)
    state.apply(1, "AC")
    assert state.quick_action(rng) == "poignee:simple"  # the taker shows his poignée
    state.apply(2, "poignee:simple")
    assert state.quick_action(rng) == "confirm"
    assert strong_action(state, rng, budget=None, playouts=20) == "confirm"  # no search over single picks
    state.apply(2, "unpick:T21")
    assert state.quick_action(rng) == "cancel"  # a human's choice left at 9 cards, the seat handed to a bot
    state.apply(2, "cancel")
    state.apply(2, state.quick_action(rng))
    state.apply(2, state.quick_action(rng))
    assert state.observation(0)["poignees"] == [{"seat": 2, "size": "simple", "cards": trumps(*range(21, 11, -1))}]
