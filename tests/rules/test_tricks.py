"""Shared trick-taking mechanics, one rule at a time. Every expected value is worked out by hand."""

import pytest

from companion.rules import COUNTERCLOCKWISE, Rank, cards
from companion.rules.cards import Suit
from companion.rules.tricks import (
    ACE_HIGH,
    Trick,
    legal_plays,
    next_seat,
    play_order,
    sort_hand,
    strength,
    trick_winner,
)

# Belote's trump order, weakest first: 7 8 D R 10 A 9 V.
BELOTE_TRUMPS = (Rank.SEVEN, Rank.EIGHT, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE, Rank.NINE, Rank.JACK)
BELOTE_PLAIN = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)


def codes(cs):
    return [c.code for c in cs]


def plays(*pairs):
    """``plays((0, "5S"), (1, "KS"))`` → [(0, 5♠), (1, K♠)]."""
    return [(seat, cards(code)[0]) for seat, code in pairs]


class TestTurnOrder:
    def test_clockwise_play_passes_to_the_next_seat_and_wraps(self):
        assert next_seat(0, 4) == 1
        assert next_seat(3, 4) == 0
        assert next_seat(4, 5) == 0

    def test_seats_are_in_the_order_of_play_whichever_way_the_game_turns(self):
        # Counter-clockwise games take the names in that order (to the right), so seat + 1 still plays next.
        assert next_seat(0, 4, COUNTERCLOCKWISE) == 1
        assert next_seat(3, 4, COUNTERCLOCKWISE) == 0

    def test_the_play_order_starts_with_the_leader(self):
        assert play_order(2, 4) == [2, 3, 0, 1]
        assert play_order(2, 4, COUNTERCLOCKWISE) == [2, 3, 0, 1]
        assert play_order(4, 5) == [4, 0, 1, 2, 3]


class TestFollowSuit:
    HAND = cards("AS 3S 4H QH 9C")

    def test_the_leader_may_play_any_card(self):
        assert codes(legal_plays(self.HAND, [])) == ["AS", "3S", "4H", "QH", "9C"]

    def test_a_player_holding_the_suit_led_must_follow(self):
        assert codes(legal_plays(self.HAND, cards("5S"))) == ["AS", "3S"]
        assert codes(legal_plays(self.HAND, cards("2H KH"))) == ["4H", "QH"]

    def test_only_the_led_card_sets_the_suit_to_follow(self):
        # Diamonds were led; the club discarded after it changes nothing: void in diamonds, anything goes.
        assert codes(legal_plays(self.HAND, cards("5D 9C"))) == ["AS", "3S", "4H", "QH", "9C"]

    def test_a_void_player_may_play_any_card_without_trump_obligation(self):
        assert codes(legal_plays(self.HAND, cards("5D"), trump=Suit.HEARTS)) == ["AS", "3S", "4H", "QH", "9C"]

    def test_a_trick_object_is_read_like_its_cards(self):
        trick = Trick(1, plays((1, "5C")))
        assert codes(legal_plays(self.HAND, trick)) == ["9C"]


class TestTrumpObligations:
    HAND = cards("AS 7H JH 9C")

    def test_must_trump_leaves_only_trumps_when_void(self):
        assert codes(legal_plays(self.HAND, cards("KD"), trump=Suit.HEARTS, must_trump=True)) == ["7H", "JH"]

    def test_must_trump_without_a_trump_leaves_any_card(self):
        hand = cards("AS 9C")
        assert codes(legal_plays(hand, cards("KD"), trump=Suit.HEARTS, must_trump=True)) == ["AS", "9C"]

    def test_must_overtrump_keeps_only_the_trumps_that_beat_the_best_one_down(self):
        # Belote trumps: 7 < 8 < D < R < 10 < A < 9 < V. A 10♥ was played on the K♦: only the V♥ beats it.
        legal = legal_plays(self.HAND, cards("KD 10H"), trump=Suit.HEARTS, must_trump=True, must_overtrump=True,
                            trump_order=BELOTE_TRUMPS)
        assert codes(legal) == ["JH"]

    def test_a_player_who_cannot_overtrump_still_trumps(self):
        # The V♥ is down: neither the 7♥ nor the 8♥ beats it, so either trump may go.
        hand = cards("AS 7H 8H")
        legal = legal_plays(hand, cards("KD JH"), trump=Suit.HEARTS, must_trump=True, must_overtrump=True,
                            trump_order=BELOTE_TRUMPS)
        assert codes(legal) == ["7H", "8H"]

    def test_following_a_trump_lead_must_go_higher_when_possible(self):
        # Trumps led with the A♥; the 9♥ and V♥ beat it in the belote order, the 7♥ does not.
        hand = cards("7H 9H JH 8S")
        legal = legal_plays(hand, cards("AH"), trump=Suit.HEARTS, must_overtrump=True, trump_order=BELOTE_TRUMPS)
        assert codes(legal) == ["9H", "JH"]


class TestTrickWinner:
    def test_the_highest_card_of_the_suit_led_wins_ace_high(self):
        assert trick_winner(plays((1, "5S"), (2, "KS"), (3, "AS"), (0, "2S"))) == 3

    def test_a_card_of_another_suit_never_wins_without_trumps(self):
        # The A♥ is the highest card on the table, but spades were led: the 7♠ takes it.
        assert trick_winner(plays((1, "5S"), (2, "AH"), (3, "7S"), (0, "KD"))) == 3

    def test_the_leader_wins_when_nobody_follows(self):
        assert trick_winner(plays((2, "3C"), (3, "AH"), (0, "AS"), (1, "AD"))) == 2

    def test_any_trump_beats_the_suit_led(self):
        assert trick_winner(plays((0, "AS"), (1, "2H"), (2, "KS")), trump=Suit.HEARTS) == 1

    def test_the_highest_trump_wins_among_several(self):
        assert trick_winner(plays((0, "AS"), (1, "2H"), (2, "QH"), (3, "5H")), trump=Suit.HEARTS) == 2

    def test_a_game_may_rank_trumps_and_plain_cards_its_own_way(self):
        # Belote: the V♥ is the highest trump; in plain suits the 10 beats the K.
        assert trick_winner(plays((0, "AH"), (1, "JH"), (2, "9H")), trump=Suit.HEARTS, order=BELOTE_PLAIN,
                            trump_order=BELOTE_TRUMPS) == 1
        assert trick_winner(plays((0, "KS"), (1, "10S"), (2, "QS")), trump=Suit.HEARTS, order=BELOTE_PLAIN,
                            trump_order=BELOTE_TRUMPS) == 1

    def test_with_an_ace_low_order_the_king_beats_the_ace(self):
        ace_low = (Rank.ACE, *ACE_HIGH[:-1])
        assert trick_winner(plays((0, "AS"), (1, "KS")), order=ace_low) == 1

    def test_an_empty_trick_has_no_winner(self):
        with pytest.raises(ValueError):
            trick_winner([])


class TestTrick:
    def test_a_trick_knows_its_suit_its_next_player_and_when_it_is_complete(self):
        trick = Trick(3)
        assert trick.led_suit is None
        assert trick.to_play(4) == 3
        trick.plays.extend(plays((3, "9D"), (0, "QD")))
        assert trick.led_suit == Suit.DIAMONDS
        assert trick.to_play(4) == 1
        assert not trick.complete(4)
        trick.plays.extend(plays((1, "2C"), (2, "10D")))
        assert trick.complete(4)

    def test_the_winner_of_a_trick_is_who_leads_the_next(self):
        trick = Trick(3, plays((3, "9D"), (0, "QD"), (1, "2C"), (2, "10D")))
        assert trick.winner() == 0  # the D♦ is the highest diamond
        assert Trick(trick.winner()).to_play(4) == 0

    def test_strength_follows_the_order_given(self):
        assert strength(cards("2S")[0]) == 0
        assert strength(cards("AS")[0]) == 12
        assert strength(cards("JH")[0], BELOTE_TRUMPS) == 7


def test_a_sorted_hand_groups_suits_in_alternating_colours_highest_first():
    hand = cards("2D AS 10H 3S KC QH 5D")
    assert codes(sort_hand(hand)) == ["AS", "3S", "QH", "10H", "KC", "5D", "2D"]
