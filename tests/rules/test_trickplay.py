"""The shared trick-taking base (companion.families.trickplay) on a toy game: 3 players, 32-card pack, optional
trumps with belote's duties. Expected legal cards and winners are worked out by hand from the hands below."""

import random

from companion.families.trickplay import (
    BELOTE_TRUMPS,
    CLUBS,
    DIAMONDS,
    END,
    HEARTS,
    NO_SUIT,
    PLAY,
    SPADES,
    TRUMPS,
    TrickDeal,
    bits,
    pack,
)
from companion.kernel.deal import CHANCE, TERMINAL
from tests.rules.engine_helpers import one_at_a_time, refused

PACK32 = pack("32")


class Toy(TrickDeal):
    """Three seats, 32 cards dealt one at a time from the dealer's left (32 = 3 × 10 + 2: the last two cards
    go to an extra pile, the "talon"); trumps and duties from the constructor."""

    extra_piles = 1

    def __init__(self, trump=-1, must_trump=False, must_overtrump=False, belote=False):
        super().__init__(3, {}, 1, 0, PACK32)
        self.trump = trump
        self.must_trump = must_trump
        self.must_overtrump = must_overtrump
        self.belote = belote
        if belote:
            self.trump_strength = PACK32.ranked(BELOTE_TRUMPS)

    def _deal_schedule(self):
        return tuple((1 + k) % 3 if k < 30 else 3 for k in range(32))

    def fresh(self):
        return Toy(self.trump, self.must_trump, self.must_overtrump, self.belote)

    def _entry(self):
        return {"tricks": list(self.won)}

    def returns(self):
        return list(self.won)


def stacked(hands, talon="7D 8D", **kw):
    state = Toy(**kw)
    return state.replay(one_at_a_time(hands, 1, 3) + talon.split())


HANDS = {
    1: "AS KS QS JS 10S 9S 8S 7S AH KH",
    2: "QH JH 10H 9H 8H 7H AC KC QC JC",
    0: "10C 9C 8C 7C AD KD QD JD 10D 9D",
}


def test_a_pack_numbers_its_cards_in_the_order_french_players_hold_them():
    # ♠ ♥ ♣ ♦, strongest first: A K Q J 10 9 8 7 of spades are ids 0 … 7, the 7♦ is the last of 32.
    assert PACK32.code[:8] == ("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S")
    assert PACK32.code[8] == "AH" and PACK32.code[16] == "AC" and PACK32.code[31] == "7D"
    assert PACK32.suit[PACK32.index["QC"]] == CLUBS and PACK32.suit[PACK32.index["9D"]] == DIAMONDS
    assert PACK32.suit_mask[HEARTS].bit_count() == 8


def test_the_tarot_pack_carries_78_cards_with_trumps_and_the_excuse():
    tarot = pack("78")
    assert len(tarot) == 78
    assert tarot.suit_mask[TRUMPS].bit_count() == 21
    assert tarot.suit[tarot.index["EX"]] == NO_SUIT
    # Tarot plain suits rank K Q C J 10 … 1 (the ace lowest); trumps by number.
    spades = tarot.codes_of(tarot.suit_mask[SPADES])
    assert spades == ["KS", "QS", "CS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AS"]
    assert tarot.strength[tarot.index["T21"]] > tarot.strength[tarot.index["T1"]]


def test_dealing_fills_hands_and_the_extra_pile_then_the_dealers_left_leads():
    state = stacked(HANDS)
    assert state.phase == PLAY and state.current_player == 1
    assert state.hand(1) == HANDS[1].split()
    assert PACK32.codes_of(state.held[3]) == ["8D", "7D"]
    assert state.n_tricks == 10


def test_without_trumps_follow_suit_and_the_highest_of_the_suit_led_wins():
    state = stacked(HANDS)
    state.apply(1, "7S")
    # Seat 2 has no spade: anything; seat 0 neither.
    assert len(state.legal_actions(2)) == 10
    state.apply(2, "AC")
    state.apply(0, "AD")
    assert state.takers == [1]  # only the 7♠ is of the suit led
    assert state.voids[2] == 1 << SPADES and state.voids[0] == 1 << SPADES


def test_must_trump_when_void_and_overtrump_what_is_down():
    # Hearts are trumps. Seat 1 leads a club? It has none: it leads the A♠; seat 2 (void in spades) must trump
    # with one of its six hearts; seat 0 has neither spades nor hearts: anything.
    state = stacked(HANDS, trump=HEARTS, must_trump=True, must_overtrump=True)
    state.apply(1, "AS")
    assert state.legal_actions(2) == "QH JH 10H 9H 8H 7H".split()
    assert refused(state, 2, "AC") == "must_trump"
    state.apply(2, "9H")
    state.apply(0, "AD")
    assert state.takers == [2]  # the 9♥ trumps the A♠
    # Seat 2 leads the 7♥ (trumps): seat 0 has none; seat 1 must overtrump with A♥ or K♥ (both beat the 7♥).
    state.apply(2, "7H")
    state.apply(0, "10C")
    assert state.legal_actions(1) == ["AH", "KH"]


def test_overtrumping_follows_the_trump_order_given():
    # Belote order: J 9 A 10 K Q 8 7. Seat 2 leads the 9♥; seat 1 holds A♥ K♥, both under the 9♥ in belote,
    # so it may play either (no higher trump held); the 9♥ wins.
    state = stacked(HANDS, trump=HEARTS, must_trump=True, must_overtrump=True, belote=True)
    state.apply(1, "7S")
    state.apply(2, "JH")  # trumps the spade with the Valet, the best trump
    state.apply(0, "AD")
    assert state.takers == [2]
    state.apply(2, "9H")
    state.apply(0, "9C")
    assert state.legal_actions(1) == ["AH", "KH"]
    state.apply(1, "AH")
    assert state.takers == [2, 2]


def test_a_refused_card_changes_nothing_and_says_why():
    state = stacked(HANDS)
    state.apply(1, "AH")
    before = state.observation(None)
    assert refused(state, 2, "AC") == "must_follow"
    assert refused(state, 2, "AS") == "not_in_hand"
    assert state.observation(None) == before


def test_a_clone_is_equal_and_independent():
    state = stacked(HANDS)
    state.apply(1, "AS")
    copy = state.clone()
    assert copy.observation(2) == state.observation(2) and copy.history == state.history
    copy.apply(2, "AC")
    assert state.current_player == 2 and len(state.trick_cards) == 1 and len(copy.trick_cards) == 2
    assert state.held[2] != copy.held[2]


def test_random_playouts_end_with_every_card_played():
    rng = random.Random(3)
    for seed in range(30):
        state = Toy(trump=seed % 4, must_trump=True, must_overtrump=True).deal(seed)
        assert state.current_player != CHANCE
        state.random_playout(rng)
        assert state.current_player == TERMINAL and state.phase == END
        assert sum(state.won) == 10 and state.played.bit_count() == 30
        again = state.fresh().replay(state.history)
        assert again.observation(0) == state.observation(0)


def test_determinize_keeps_own_hand_sizes_voids_and_the_unseen_talon():
    state = stacked(HANDS)
    # Trick 1: seat 1 leads the 7♠; seats 2 and 0 show they have no spade.
    for seat, code in ((1, "7S"), (2, "AC"), (0, "AD")):
        state.apply(seat, code)
    rng = random.Random(0)
    for _ in range(200):
        d = state.determinize(1, rng)
        assert d.held[1] == state.held[1]
        assert [m.bit_count() for m in d.held] == [9, 9, 9, 2]
        # The hidden cards are the 27 that seat 1 has not seen: all of them somewhere, none twice.
        assert d.held[0] | d.held[2] | d.held[3] == state.held[0] | state.held[2] | state.held[3]
        assert not d.held[0] & d.held[2] and not d.held[0] & d.held[3]
        # Seats 2 and 0 showed no spade, and seat 1 holds all the others: every spade left is its own.
        spades = PACK32.suit_mask[SPADES]
        assert not d.held[0] & spades and not d.held[2] & spades
    assert state.hand(1) == "AS KS QS JS 10S 9S 8S AH KH".split()


def test_determinize_with_tight_voids_still_fits():
    # Only seat 0 may hold diamonds once seat 2 shows it has none: the fill must put them all there.
    state = stacked(HANDS)
    for seat, code in ((1, "7S"), (2, "AC"), (0, "AD")):  # seat 0 void in spades, seat 2 too
        state.apply(seat, code)
    state.voids[2] |= 1 << DIAMONDS
    rng = random.Random(1)
    for _ in range(100):
        d = state.determinize(1, rng)
        assert not d.held[2] & PACK32.suit_mask[DIAMONDS]
        assert [m.bit_count() for m in d.held] == [9, 9, 9, 2]
    assert bits(0b1011) == [0, 1, 3]
