"""Motton played on screen (companion.games.motton.rules.MottonDeal). Expected numbers are worked out by hand.

Deals are stacked: the chance actions are listed in the order the engine deals them (its ``schedule``: one card at
a time to every seat from the dealer's left, then the card turned up, pile -1), so each seat gets the hand the
test chose. Seats: Ana 0 (the dealer), Bea 1, Cid 2.
"""

import json
import random

import pytest

from companion.games import registry
from companion.kernel import InvalidOptions
from companion.kernel.deal import CHANCE, TERMINAL
from tests.rules.engine_helpers import by_schedule, refused

MOTTON = registry.get("motton")


def stacked(piles, n=3, number=1, dealer=0, sheet=None, **options):
    """A deal where pile ``p`` gets ``piles[p]`` (codes separated by spaces; -1 is the card turned up)."""
    state = MOTTON.new_deal(n, options, number, dealer, **(MOTTON.deal_context(sheet) if sheet is not None else {}))
    return by_schedule(state, piles)


# Two cards each (start_cards 2, the first deal). Bea: A♠ D♦; Cid: R♠ 3♥; Ana: 5♠ R♦; the 7♥ turned: hearts are
# trumps.
TWO_CARDS = {1: "AS QD", 2: "KS 3H", 0: "5S KD", -1: "7H"}


class TestAWholeDeal:
    def test_bids_tricks_a_ruff_and_the_scores(self):
        state = stacked(TWO_CARDS, start_cards=2)
        assert state.current_player == 1 and state.phase == "bid"
        assert state.observation(1)["turned"] == "7H" and state.observation(1)["trump"] == "H"
        assert state.legal_actions(1) == ["bid:0", "bid:1", "bid:2"]
        for seat, bid in ((1, "bid:1"), (2, "bid:1"), (0, "bid:0")):
            state.apply(seat, bid)
        assert state.phase == "play" and state.current_player == 1  # the dealer's left leads
        # Trick 1: Bea leads the A♠; Cid holds the R♠ and must follow with it, not ruff.
        state.apply(1, "AS")
        assert refused(state, 2, "3H") == "must_follow"
        state.apply(2, "KS")
        state.apply(0, "5S")
        assert state.takers == [1]  # the ace is the highest spade
        # Trick 2: Bea leads the D♦; Cid has no diamond and ruffs with the 3♥, Ana follows with the R♦: the
        # smallest trump beats the King of the suit led.
        state.apply(1, "QD")
        state.apply(2, "3H")
        state.apply(0, "KD")
        assert state.takers == [1, 2] and state.is_terminal
        # Everybody made the bid: cards dealt + bid: Ana 2 + 0 = 2, Bea 2 + 1 = 3, Cid 2 + 1 = 3.
        entry = state.entry()
        assert entry == {"bids": [0, 1, 1], "tricks": [0, 1, 1], "cards": 2, "turned": "7H"}
        assert state.returns() == [2, 3, 3]
        assert MOTTON.new_sheet(3, {"start_cards": 2}).apply(entry).scores == [2, 3, 3]

    def test_with_the_hook_the_dealer_may_not_make_the_bids_add_up(self):
        state = stacked(TWO_CARDS, start_cards=2, hook=True)
        state.apply(1, "bid:1")
        state.apply(2, "bid:1")
        # 1 + 1 = 2 already: a bid of 0 would make 2, the number of tricks.
        assert state.legal_actions(0) == ["bid:1", "bid:2"]
        assert state.observation(0)["forbidden_bid"] == 0
        assert refused(state, 0, "bid:0") == "hook"
        assert refused(state, 0, "bid:3") == "bid_too_high"
        assert refused(state, 0, "AS") == "bid_first"
        for junk in ("bid:²", "bid:-1", "bid:", "bid:1000", "two", "bid:٣"):
            assert refused(state, 0, junk) in ("bid_first", "bid_too_high")
        state.apply(0, "2")  # a bare number is a bid
        assert state.bids == [2, 1, 1]

    def test_a_turned_king_plays_without_trumps(self):
        # Two players, one card each: Bea 2♥, Ana A♠, the R♦ turned.
        state = stacked({1: "2H", 0: "AS", -1: "KD"}, n=2, start_cards=1)
        assert state.observation(None)["no_trump"] and state.observation(None)["trump"] is None
        state.apply(1, "bid:1")
        state.apply(0, "bid:0")
        state.apply(1, "2H")
        state.apply(0, "AS")  # no heart: any card, and a spade cannot win a heart trick
        assert state.takers == [1]
        # Both made it: Bea 1 + 1 = 2, Ana 1 + 0 = 1.
        assert state.returns() == [1, 2]
        assert MOTTON.new_sheet(2, {"start_cards": 1}).apply(state.entry()).scores == [1, 2]


class TestWhatEachSeatSees:
    def test_a_seat_sees_its_hand_and_the_turned_card_never_the_others_nor_the_stock(self):
        state = stacked(TWO_CARDS, start_cards=2)
        stock = set(state.pack.codes_of(state.held[state.stock_pile]))
        assert len(stock) == 52 - 3 * 2 - 1
        text = json.dumps(state.observation(1))
        assert '"AS"' in text and '"QD"' in text and '"7H"' in text
        for code in ["KS", "3H", "5S", "KD", *stock]:
            assert f'"{code}"' not in text
        assert state.observation(1)["hand_sizes"] == [2, 2, 2]
        assert state.observation(None)["hand"] == []

    def test_determinize_deals_the_stock_and_the_other_hands_again_keeping_voids(self):
        state = stacked(TWO_CARDS, start_cards=2)
        for seat, action in ((1, "bid:1"), (2, "bid:1"), (0, "bid:0"), (1, "AS"), (2, "KS"), (0, "5S"),
                             (1, "QD"), (2, "3H")):
            state.apply(seat, action)
        # Cid showed he has no diamond. Seen from Bea: her own card stays, the others are redealt from the
        # 45 cards of the stock and the hands she cannot see.
        rng = random.Random(3)
        seen_in_cid = set()
        for _ in range(40):
            d = state.determinize(0, rng)
            assert d.hand(0) == ["KD"] and d.hand(2) == [] and d.hand(1) == []
            d = state.determinize(1, rng)
            assert d.hand(1) == [] and d.hand(0) != [] and d.turned == state.turned
        state2 = stacked(TWO_CARDS, start_cards=2)
        for seat, action in ((1, "bid:1"), (2, "bid:1"), (0, "bid:0"), (1, "QD"), (2, "3H")):
            state2.apply(seat, action)
        for _ in range(60):
            d = state2.determinize(1, rng)
            assert d.hand(1) == ["AS"]
            cid = d.hand(2)
            assert len(cid) == 1 and not cid[0].endswith("D")  # no diamond: he ruffed a diamond lead
            seen_in_cid.add(cid[0])
        assert len(seen_in_cid) > 5  # drawn from the whole stock, not only from his real R♠
        assert "7H" not in seen_in_cid and "QD" not in seen_in_cid


class TestTheScheduleComesFromTheSheet:
    def test_a_void_deal_is_dealt_again_with_the_same_cards(self):
        sheet = MOTTON.new_sheet(3, {"start_cards": 2})  # steps of 2, 1, 1 and 2 cards
        # Everybody bid 1 of 2 and Ana took both: nobody made it, the 2-card step is dealt again.
        sheet.apply({"bids": [1, 1, 1], "tricks": [2, 0, 0]})
        assert MOTTON.deal_context(sheet) == {"cards": 2}
        assert MOTTON.new_deal(3, {"start_cards": 2}, 2, **MOTTON.deal_context(sheet)).cards == 2
        assert MOTTON.new_deal(3, {"start_cards": 2}, 2).cards == 1  # without the sheet: as if nothing was void
        assert MOTTON.new_deal(3, {"start_cards": 2}, 2, **MOTTON.deal_context(sheet)).dealer == 1

    def test_player_counts_rounds_and_hand_sizes_out_of_range_are_refused(self):
        with pytest.raises(InvalidOptions):
            MOTTON.new_deal(6)
        with pytest.raises(InvalidOptions) as error:
            MOTTON.new_deal(3, {"start_cards": 2}, 1, cards=3)
        assert error.value.problems[0].field == "cards"
        with pytest.raises(ValueError):
            MOTTON.new_deal(3, {"start_cards": 2}, 5)  # 4 steps only

    def test_a_whole_game_played_by_quick_bots_fills_the_sheet(self):
        rng = random.Random(11)
        options = {"start_cards": 3, "hook": True}
        sheet = MOTTON.new_sheet(4, options)
        while not sheet.finished:
            state = MOTTON.new_deal(4, options, sheet.number, seed=rng.random(), **MOTTON.deal_context(sheet))
            assert state.cards == sheet.cards_for(sheet.number)
            while not state.is_terminal:
                seat = state.current_player
                assert seat not in (CHANCE, TERMINAL)
                state.apply(seat, state.quick_action(rng))
            assert sheet.check(state.entry()) == []
            assert list(sheet.apply(state.entry()).scores) == state.returns()
        assert len(sheet.rounds) >= 6


class TestTheQuickBot:
    def test_it_bids_its_sure_tricks(self):
        # Three cards each, three players; hearts trumps (2♥ turned). Bea: A♥ R♥ A♠: two top trumps and a plain
        # ace, 1.07 + 1.07 + 0.79 plus 0.09 a card dealt × 3 = 3.2, so 3. Cid: 2♠ 3♣ 4♦: nothing but the share
        # per card, 0.27, so 0.
        state = stacked({1: "AH KH AS", 2: "2S 3C 4D", 0: "5C 6C 7C", -1: "2H"}, start_cards=3)
        assert state.quick_action(random.Random(1)) == "bid:3"
        state.apply(1, "bid:3")
        assert state.quick_action(random.Random(1)) == "bid:0"

    @pytest.mark.parametrize(("cid_bids", "card"), [("bid:0", "KS"), ("bid:1", "3H")])
    def test_void_it_ruffs_only_when_it_wants_the_trick(self, cid_bids, card):
        state = stacked(TWO_CARDS, start_cards=2)
        for seat, action in ((1, "bid:1"), (2, cid_bids), (0, "bid:1")):
            state.apply(seat, action)
        state.apply(1, "QD")  # Bea leads the D♦; Cid (R♠ 3♥) has no diamond: any card
        assert state.legal_actions(2) == ["KS", "3H"]
        # Bid 0: the 3♥ would take the trick, the R♠ cannot: he throws the King. Bid 1: he ruffs.
        assert state.quick_action(random.Random(1)) == card
