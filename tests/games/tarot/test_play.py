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


# -- the écart: a choice of six cards taken back before it counts ----------------------------------------------
def garde_with_chelem_hands():
    """Seat 2 takes a garde with :data:`CHELEM_HANDS`: the chien (A♠ … 5♠ and the R♠) goes into his hand."""
    state = dealt(TAROT, 4, 0, CHELEM_HANDS, FFT_CHIEN)
    for seat, bid in ((1, "pass"), (2, "take:garde"), (3, "pass"), (0, "pass")):
        state.apply(seat, bid)
    return state


def test_the_ecart_is_picked_taken_back_refused_with_its_reason_and_confirmed():
    state = garde_with_chelem_hands()
    assert state.phase == "ecart" and state.selection.purpose == "ecart"
    # His plain cards but the R♠ are the five small spades: one short of the 6 to discard (4 players, chien of 6),
    # so one trump must go, any but the 21 (a bout): the 5 … 20 may be picked, nothing may be confirmed yet.
    picks = [*spades("A", 2, 3, 4, 5), *trumps(*range(5, 21))]
    assert sorted(state.legal_actions(2)) == sorted(f"pick:{c}" for c in picks)
    # A king, a bout: refused on the spot, with the reason, and nothing changes.
    with pytest.raises(IllegalAction) as error:
        state.apply(2, "pick:KS")
    assert error.value.code == "king_in_ecart" and error.value.message == T("Pas de roi à l'écart.", "No king may be discarded.")
    assert refused(state, 2, "pick:T21") == "bout_in_ecart"
    assert refused(state, 2, "pick:EX") == "bout_in_ecart"
    assert refused(state, 2, "pick:QH") == "not_in_hand"
    assert state.selection.picked == ()
    # The A♠ picked, then tapped again: it goes back.
    state.apply(2, "pick:AS")
    assert state.selection.picked == ("AS",) and "unpick:AS" in state.legal_actions(2)
    assert refused(state, 2, "pick:AS") == "already_picked"
    state.apply(2, "unpick:AS")
    assert state.selection.picked == () and "AS" in state.hand(2)
    # One card of six: "confirm" is refused with the count.
    state.apply(2, "pick:2S")
    with pytest.raises(IllegalAction) as error:
        state.apply(2, "confirm")
    assert error.value.code == "ecart_count"
    assert error.value.message == T("L'écart compte 6 cartes : vous en avez choisi 1.", "The écart takes 6 cards: you chose 1.")
    # One trump picked: the plain cards left fill the rest, so a second trump is refused.
    state.apply(2, "pick:T5")
    assert refused(state, 2, "pick:T6") == "trump_in_ecart"
    for code in spades("A", 3, 4, 5):
        state.apply(2, f"pick:{code}")
    # Six picked: nothing more may be picked; until confirmed the others see neither the écart nor the choice.
    assert refused(state, 2, "pick:T6") == "ecart_full"
    assert state.observation(3)["picking"] is None and state.observation(3)["ecart_shown"] == []
    assert state.observation(2)["picking"] == {"purpose": "ecart", "cards": ["2S", "T5", "AS", "3S", "4S", "5S"]}
    assert state.view(2).labels["confirm"] == T("Valider l'écart", "Confirm the écart")
    assert len(state.hand(2)) == 24  # 18 dealt + 6 of the chien, nothing discarded yet
    state.apply(2, "confirm")
    # The écart counts: out of his hand, the trump in it shown to all (FFT), the chelem question next.
    assert state.phase == "chelem" and state.selection is None and len(state.hand(2)) == 18
    assert sorted(state.observation(2)["ecart"]) == sorted([*spades("A", 2, 3, 4, 5), "T5"])
    assert state.observation(3)["ecart"] == [] and state.observation(3)["ecart_shown"] == ["T5"]
    assert [f.cards for f in state.view(None).facts if f.key == "ecart_shown"] == [("T5",)]


def test_an_ecart_stored_a_card_at_a_time_replays_to_the_same_state():
    # Before the écart was a choice, each card counted at once, stored as its bare code: such a stored deal still
    # replays, to the state the new words reach (same hands, écart, trumps shown, phase).
    old = garde_with_chelem_hands()
    for code in [*spades("A", 2, 3, 4, 5), "T5"]:
        old.apply(2, code)
    old.apply(2, "chelem")
    new = garde_with_chelem_hands()
    for code in [*spades("A", 2, 3), "T6"]:
        new.apply(2, f"pick:{code}")
    new.apply(2, "unpick:T6")
    for code in ["T5", *spades(4, 5)]:
        new.apply(2, f"pick:{code}")
    new.apply(2, "confirm")
    new.apply(2, "chelem")
    replayed = old.fresh().replay(old.history)
    for state in (replayed, new):
        assert state.held == old.held and state.ecart == old.ecart and state.ecart_shown == old.ecart_shown
        assert state.phase == old.phase == "play" and state.current_player == old.current_player == 2
        assert state.observation(2) == old.observation(2) and state.observation(None) == old.observation(None)


def test_the_quick_bot_makes_the_ecart_it_made_a_card_at_a_time():
    # quick_discard's cards, one pick each, then "confirm": the five small spades (shortest suit first, the dearest
    # first) and, the 6th having to be a trump, the lowest one he may discard, the 5.
    state = garde_with_chelem_hands()
    moves = []
    while state.phase == "ecart":
        moves.append(state.quick_action(random.Random(1)))
        state.apply(2, moves[-1])
    assert sorted(moves[:-1]) == sorted(f"pick:{c}" for c in [*spades("A", 2, 3, 4, 5), "T5"]) and moves[-1] == "confirm"
    assert strong_action(garde_with_chelem_hands(), random.Random(2), "search", playouts=4).startswith("pick:")


def test_a_bot_taking_over_a_half_made_ecart_finishes_it_with_the_cards_picked():
    # The person picked the A♠ and the 10 of trumps (the one trump the écart needs), then a bot took the seat:
    # it keeps both and adds the four plain cards left that may go there, the 2♠ … 5♠, then validates.
    state = garde_with_chelem_hands()
    state.apply(2, "pick:AS")
    state.apply(2, "pick:T10")
    moves = []
    while state.phase == "ecart":
        moves.append(state.quick_action(random.Random(3)))
        state.apply(2, moves[-1])
    assert sorted(moves[:-1]) == sorted(f"pick:{c}" for c in spades(2, 3, 4, 5)) and moves[-1] == "confirm"
    assert state.observation(0)["ecart_shown"] == ["T10"]
