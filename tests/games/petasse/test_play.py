"""La pétasse played card by card (companion.games.petasse.rules.PetasseDeal). Expected numbers worked out by hand.

Tests stack the deck: with seat 0 dealing, cards go one at a time to seats 1, 2, … 0, 1, … (the dealer's left
first), ten each at 3 players (30 cards: no 7♦ nor 7♣), eight at 4."""

import json
import random

import pytest

from companion.games import registry
from companion.kernel import IllegalAction, InvalidOptions
from companion.kernel.deal import CHANCE, TERMINAL
from tests.rules.engine_helpers import one_at_a_time, play_tricks, refused

PETASSE = registry.get("petasse")

# Three players, seat 1 leads.
HANDS = {
    1: "AS KS QS JS 10S 9S 8S 7S AD 8D",
    2: "AH KH QH JH 10H 9H 8H 7H JD 10D",
    0: "AC KC QC JC 10C 9C 8C KD QD 9D",
}
PLAYS = [
    [(1, "8D"), (2, "10D"), (0, "KD")],  # 1: diamonds; the K♦ wins                         -> 0, no points
    [(0, "AC"), (1, "QS"), (2, "AH")],  # 2: both void in clubs: the Q♠ and the A♥ go     -> 0, 8 + 1
    [(0, "9D"), (1, "AD"), (2, "JD")],  # 3: the A♦ wins                                    -> 1, no points
    [(1, "7S"), (2, "KH"), (0, "QD")],  # 4: the only spade wins                            -> 1, 1 heart
    [(1, "8S"), (2, "QH"), (0, "KC")],  # 5                                                 -> 1, 1 heart
    [(1, "9S"), (2, "JH"), (0, "QC")],  # 6                                                 -> 1, 1 heart
    [(1, "AS"), (2, "10H"), (0, "JC")],  # 7                                                -> 1, 1 heart
    [(1, "KS"), (2, "9H"), (0, "10C")],  # 8                                                -> 1, 1 heart
    [(1, "JS"), (2, "8H"), (0, "9C")],  # 9                                                 -> 1, 1 heart
    [(1, "10S"), (2, "7H"), (0, "8C")],  # 10                                               -> 1, 1 heart
]


def stacked(hands=HANDS, n=3, dealer=0, **options):
    state = PETASSE.new_deal(n, options, 1, dealer)
    return state.replay(one_at_a_time(hands, (dealer + 1) % n, n))


def played():
    return play_tricks(stacked(), PLAYS)


class TestDealing:
    @pytest.mark.parametrize(("n", "size", "pack"), [(3, 10, 30), (4, 8, 32)])
    def test_hand_sizes_and_the_two_sevens_out_at_three(self, n, size, pack):
        state = PETASSE.new_deal(n)
        left = state.legal_actions(CHANCE)
        assert len(left) == pack
        assert ("7D" in left, "7C" in left) == (n == 4, n == 4)
        state = PETASSE.new_deal(n, {}, 1, seed=2)
        assert [len(state.hand(s)) for s in range(n)] == [size] * n
        assert state.current_player == 1

    def test_it_takes_three_or_four_players(self):
        for n in (2, 5):
            with pytest.raises(InvalidOptions):
                PETASSE.new_deal(n)


class TestPlay:
    def test_who_holds_the_suit_led_must_follow(self):
        state = stacked()
        state.apply(1, "8D")
        assert state.legal_actions(2) == ["JD", "10D"]
        with pytest.raises(IllegalAction) as caught:
            state.apply(2, "AH")
        assert caught.value.code == "must_follow"
        assert "carreau" in caught.value.message.fr

    def test_a_void_player_discards_anything_there_are_no_trumps(self):
        state = stacked()
        for seat, code in PLAYS[0] + [(0, "AC")]:
            state.apply(seat, code)
        assert len(state.legal_actions(1)) == 9  # no club: any of its nine cards
        state.apply(1, "QS")
        state.apply(2, "AH")
        assert state.takers == [0, 0]  # the A♥ does not trump: the A♣ takes it

    def test_the_whole_deal_gives_the_entry_the_sheet_scores(self):
        state = played()
        assert state.takers == [0, 0] + [1] * 8
        assert state.current_player == TERMINAL
        # Seat 0: the A♥ and the Q♠ (trick 2) = 1 + 8 = 9; seat 1: K Q J 10 9 8 7♥ = 7; seat 2: nothing. 16 in all.
        entry = state.entry()
        assert entry == {"hearts": [1, 7, 0], "queen_of_spades": 0, "all_tricks": None, "tricks": [2, 8, 0]}
        assert state.returns() == [9, 7, 0]
        assert PETASSE.new_sheet(3).apply(entry).scores == [9, 7, 0]

    def test_taking_every_trick_scores_nothing_and_sixteen_to_each_other(self):
        # Four players, one suit each: seat 1 (spades) leads every trick and nobody else can follow.
        state = stacked({1: "AS KS QS JS 10S 9S 8S 7S", 2: "AH KH QH JH 10H 9H 8H 7H",
                         3: "AC KC QC JC 10C 9C 8C 7C", 0: "AD KD QD JD 10D 9D 8D 7D"}, n=4)
        while not state.is_terminal:
            seat = state.current_player
            state.apply(seat, state.legal_actions(seat)[0])
        entry = state.entry()
        assert entry == {"hearts": [0, 8, 0, 0], "queen_of_spades": 1, "all_tricks": 1, "tricks": [0, 8, 0, 0]}
        assert state.returns() == [16, 0, 16, 16]
        assert PETASSE.new_sheet(4).apply(entry).scores == [16, 0, 16, 16]


class TestWhatSeatsSee:
    def test_only_its_own_hand_and_what_was_played(self):
        state = stacked()
        for seat, code in PLAYS[0] + PLAYS[1]:
            state.apply(seat, code)
        for seat in (0, 1, 2, None):
            view = json.dumps(state.observation(seat))
            hidden = {c for s in range(3) if s != seat for c in state.hand(s)}
            assert not any(f'"{c}"' in view for c in hidden)
        view = state.observation(1)
        assert view["hearts_taken"] == [1, 0, 0] and view["queen_of_spades"] == 0
        assert view["removed"] == ["7D", "7C"]


class TestQuickBot:
    def test_void_it_sheds_the_queen_of_spades_then_its_highest_heart(self):
        state = stacked()
        for seat, code in PLAYS[0] + [(0, "AC")]:
            state.apply(seat, code)
        assert state.quick_action(random.Random(0)) == "QS"
        state.apply(1, "QS")
        assert state.quick_action(random.Random(0)) == "AH"

    def test_following_it_plays_under_the_winning_card_when_it_can(self):
        # Trick 1: seat 2 follows the 8♦ with J♦ or 10♦, both above it; not last, it plays the lower, the 10♦.
        # Seat 0, last with K♦ Q♦ 9♦, ducks under the 10♦ with the 9♦.
        state = stacked()
        state.apply(1, "8D")
        assert state.quick_action(random.Random(0)) == "10D"
        state.apply(2, "10D")
        assert state.quick_action(random.Random(0)) == "9D"
        # Had seat 2 played the J♦, seat 0's highest card under it would still be the 9♦ (the Q♦ and K♦ are over).
        state = stacked()
        state.apply(1, "8D")
        state.apply(2, "JD")
        assert state.quick_action(random.Random(0)) == "9D"

    def test_leading_it_plays_its_lowest_card(self):
        # Seat 1 holds A K Q J 10 9 8 7♠ A♦ 8♦; no heart, and the Q♠ is its own (its spades catch nobody's
        # queen): its lowest card is the 7♠.
        state = stacked()
        assert state.quick_action(random.Random(0)) == "7S"


# Four players, seat 3 deals, seat 0 leads with four spades and four hearts; seat 3 has no spade.
CLOSED = {0: "AS KS QS JS 10H 9H 8H 7H", 1: "10S 9S 8S 7S AD KD QD JD", 2: "AC KC QC JC 10C 9C 8C 7C",
          3: "AH KH QH JH 10D 9D 8D 7D"}


class TestHeartsClosed:
    def test_no_heart_led_until_one_is_discarded_on_another_suit(self):
        state = stacked(CLOSED, n=4, dealer=3, coeurs_fermes=True)
        assert state.current_player == 0 and state.observation(0)["hearts_broken"] is False
        (closed,) = [f for f in state.view_facts(0, state.observation(0)) if f.key == "closed_suit"]
        assert (closed.label.fr, closed.text.fr) == ("Entame à cœur", "fermée")
        assert state.legal_actions(0) == ["AS", "KS", "QS", "JS"]
        assert refused(state, 0, "10H") == "suit_closed"
        play_tricks(state, [[(0, "AS"), (1, "7S"), (2, "7C")]])
        state.apply(3, "AH")  # no spade: the A♥ thrown on spades opens the hearts
        # Seat 0's A♠ took the trick; it may lead any of its seven cards now.
        assert state.observation(0)["hearts_broken"] is True
        assert "closed_suit" not in [f.key for f in state.view_facts(0, state.observation(0))]
        assert state.legal_actions(0) == ["KS", "QS", "JS", "10H", "9H", "8H", "7H"]

    def test_without_the_option_hearts_may_be_led_at_once(self):
        state = stacked(CLOSED, n=4, dealer=3)
        assert len(state.legal_actions(0)) == 8 and "hearts_broken" not in state.observation(0)

    def test_a_hand_of_hearts_only_leads_one_and_opens_nothing(self):
        hands = {0: "AH KH QH JH 10H 9H 8H 7H", 1: "AS KS QS JS 10S 9S 8S 7S", 2: "AC KC QC JC 10C 9C 8C 7C",
                 3: "AD KD QD JD 10D 9D 8D 7D"}
        state = stacked(hands, n=4, dealer=3, coeurs_fermes=True)
        assert len(state.legal_actions(0)) == 8  # nothing but hearts: any of them
        play_tricks(state, [[(0, "7H"), (1, "AS"), (2, "AC"), (3, "AD")]])
        # A heart led (and nobody able to follow it) opens nothing: the hearts stay closed.
        assert state.current_player == 0 and state.observation(0)["hearts_broken"] is False

    def test_the_quick_bot_plays_legal_cards(self):
        rng = random.Random(5)
        for n in (3, 4):
            for _ in range(20):
                state = PETASSE.new_deal(n, {"coeurs_fermes": True}, 1, seed=rng.random())
                while not state.is_terminal:
                    seat = state.current_player
                    move = state.quick_action(rng)
                    assert move in state.legal_actions(seat)
                    state.apply(seat, move)
