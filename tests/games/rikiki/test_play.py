"""Le rikiki played card by card (companion.games.rikiki.rules.RikikiDeal). Expected numbers worked out by hand,
and a differential test against OpenSpiel's ``oh_hell`` (same deals, bids and plays: same trick winners and,
where the scores coincide, the same points).

Tests stack the deck: cards go one at a time to the dealer's left first, round the table, as many each as the
deal's size; the next card is turned for trumps."""

import json
import random

import pytest

from companion.families.trickplay import PLAY
from companion.games import registry
from companion.kernel import InvalidOptions
from companion.kernel.deal import TERMINAL
from tests.rules.engine_helpers import one_at_a_time, refused

RIKIKI = registry.get("rikiki")

# Deal 3 at four players: 3 cards each, seat 2 deals (round 3), seat 3 bids and leads first. Trumps: hearts.
HANDS = {3: "AS KS 2H", 0: "AH 3C 4C", 1: "QS 5D 6D", 2: "7C 8C 9C"}
TURNED = "10H"


def stacked(hands=HANDS, turned=TURNED, n=4, number=3, **options):
    state = RIKIKI.new_deal(n, options, number)
    return state.replay(one_at_a_time(hands, (state.dealer + 1) % n, n) + turned.split())


def sheet_at(number, n=4, **options):
    """A sheet whose next round is ``number`` (earlier deals: the dealer's left takes every trick)."""
    sheet = RIKIKI.new_sheet(n, options)
    while sheet.number < number:
        cards = sheet.cards_for(sheet.number)
        sheet.apply({"bids": [0] * n, "tricks": [cards] + [0] * (n - 1)})
    return sheet


class TestDealing:
    def test_the_schedule_says_how_many_cards_and_a_card_is_turned(self):
        state = RIKIKI.new_deal(4, {}, 3, seed=1)
        assert [len(state.hand(s)) for s in range(4)] == [3, 3, 3, 3]
        assert state.turned is not None and state.observation(None)["trump"] == state.turned[-1]
        assert len(state.history) == 4 * 3 + 1  # the rest of the pack is not dealt
        assert state.phase == "bid" and state.current_player == 3  # seat 2 deals round 3

    def test_the_top_deal_and_the_way_back_down(self):
        # 4 players: 12 cards at deal 12, then 11 at deal 13, … 1 at deal 23; no deal 24.
        assert RIKIKI.new_deal(4, {}, 12).cards == 12
        assert RIKIKI.new_deal(4, {}, 13).cards == 11
        assert RIKIKI.new_deal(4, {}, 23).cards == 1
        with pytest.raises(InvalidOptions):
            RIKIKI.new_deal(4, {}, 24)

    def test_when_every_card_is_dealt_there_are_no_trumps(self):
        state = RIKIKI.new_deal(4, {"max_cards": 13}, 13, seed=4)
        assert state.turned is None and state.trump == -1
        assert len(state.history) == 52
        while not state.is_terminal:
            state.apply(state.current_player, state.quick_action(random.Random(1)))
        assert "turned" not in state.entry()
        assert sheet_at(13, max_cards=13).apply(state.entry())

    def test_player_counts_from_three_to_eight(self):
        for n in (2, 9):
            with pytest.raises(InvalidOptions):
                RIKIKI.new_deal(n)


class TestBidding:
    def test_bids_go_round_from_the_dealers_left(self):
        state = stacked()
        assert state.legal_actions(3) == ["bid:0", "bid:1", "bid:2", "bid:3"]
        assert refused(state, 0, "bid:1") == "not_your_turn"
        for seat, bid in ((3, "bid:2"), (0, "bid:1"), (1, "bid:0"), (2, "bid:0")):
            state.apply(seat, bid)
        # No hook by default: the bids may add up to the 3 tricks.
        assert state.bids == [2, 1, 0, 0]
        assert state.phase == PLAY and state.current_player == 3

    def test_a_bid_above_the_cards_or_no_bid_at_all_is_refused(self):
        state = stacked()
        assert refused(state, 3, "bid:4") == "bid_too_high"
        assert refused(state, 3, "AS") == "not_a_bid"
        state.apply(3, "2")  # a bare number is read as a bid
        assert state.history[-1] == "bid:2"

    def test_with_the_hook_the_dealer_may_not_make_the_bids_add_up(self):
        # Bids 2, 1, 0 leave the dealer (seat 2) 3 − 3 = 0: "bid:0" is the one bid it may not make.
        state = stacked(hook=True)
        for seat, bid in ((3, "bid:2"), (0, "bid:1"), (1, "bid:0")):
            state.apply(seat, bid)
        assert state.legal_actions(2) == ["bid:1", "bid:2", "bid:3"]
        assert refused(state, 2, "bid:0") == "hook"
        assert state.observation(2)["forbidden_bid"] == 0


class TestPlay:
    def bid(self, **options):
        state = stacked(**options)
        for seat, bid in ((3, "bid:2"), (0, "bid:1"), (1, "bid:0"), (2, "bid:1")):
            state.apply(seat, bid)
        return state

    def test_follow_suit_else_anything_no_duty_to_trump(self):
        state = self.bid()
        state.apply(3, "AS")
        assert state.legal_actions(0) == ["AH", "4C", "3C"]  # no spade: the A♥ need not be played
        state.apply(0, "3C")
        assert state.legal_actions(1) == ["QS"]
        assert refused(state, 1, "5D") == "must_follow"

    def test_the_whole_deal_and_its_score(self):
        state = self.bid(hook=True)
        plays = [
            (3, "AS"), (0, "3C"), (1, "QS"), (2, "7C"),  # 1: the A♠, no trump played          -> 3
            (3, "KS"), (0, "AH"), (1, "5D"), (2, "8C"),  # 2: seat 0 trumps the K♠              -> 0
            (0, "4C"), (1, "6D"), (2, "9C"), (3, "2H"),  # 3: the 2♥ trumps the clubs           -> 3
        ]
        for seat, code in plays:
            state.apply(seat, code)
        assert state.takers == [3, 0, 3]
        assert state.current_player == TERMINAL
        entry = state.entry()
        assert entry == {"bids": [1, 0, 1, 2], "tricks": [1, 0, 0, 2], "cards": 3, "turned": "10H"}
        # Seat 0: bid 1, took 1: 10 + 5 = 15. Seat 1: bid 0, took 0: 10. Seat 2: bid 1, took 0: −(10 + 5) = −15.
        # Seat 3: bid 2, took 2: 10 + 10 = 20.
        assert state.returns() == [15, 10, -15, 20]
        assert sheet_at(3, hook=True).apply(entry).scores == [15, 10, -15, 20]


class TestWhatSeatsSee:
    def test_its_hand_the_turned_card_and_the_bids_never_the_others_or_the_stock(self):
        state = stacked()
        state.apply(3, "bid:2")
        for seat in (0, 1, 2, 3, None):
            view = json.dumps(state.observation(seat))
            hidden = {c for s in range(4) if s != seat for c in state.hand(s)} | set(state.pack.codes_of(state.held[5]))
            assert not any(f'"{c}"' in view for c in hidden)
        view = state.observation(0)
        assert view["hand"] == ["AH", "4C", "3C"] and view["turned"] == "10H"
        assert view["bids"] == [None, None, None, 2] and view["cards"] == 3

    def test_determinize_keeps_the_turned_card_and_mixes_the_stock_in(self):
        state = stacked()
        rng = random.Random(5)
        seen_ace = False
        for _ in range(200):
            d = state.determinize(0, rng)
            assert d.held[0] == state.held[0] and d.turned == "10H"
            assert not any(d.held[p] & 1 << d.pack.index["10H"] for p in range(6))  # face up, in no pile
            assert [m.bit_count() for m in d.held] == [m.bit_count() for m in state.held]
            seen_ace |= "AS" in d.hand(5)  # seat 3's A♠ may as well be in the stock, for seat 0
        assert seen_ace


class TestQuickBot:
    def test_it_bids_its_high_trumps_and_aces(self):
        # Seat 3 holds A♠ K♠ 2♥: the A♠ counts 0.85, the K♠ 0.5 and the 2♥ 0.3, those two at 3 / 4 with four
        # players: 0.85 + 0.375 + 0.225 = 1.45. Then 1.09 × 1.45 + 0.29 × 3 cards / 4 players + 0.21 × 1 trump
        # − 0.28 = 1.5805 + 0.2175 + 0.21 − 0.28 = 1.728 -> the nearest bid, 2.
        state = stacked()
        assert state.estimate(3) == pytest.approx(1.728)
        assert state.quick_action(random.Random(0)) == "bid:2"
        # Seat 1 (Q♠ 5♦ 6♦, no trump): 0.2 × 0.75 = 0.15; 1.09 × 0.15 + 0.2175 − 0.28 = 0.101 -> 0.
        assert state.estimate(1) == pytest.approx(0.101)

    def test_it_plays_for_its_bid_then_ducks(self):
        state = stacked()
        for seat, bid in ((3, "bid:1"), (0, "bid:1"), (1, "bid:0"), (2, "bid:0")):
            state.apply(seat, bid)
        # Seat 3 wants a trick: it leads its strongest card, the 2♥ trump.
        assert state.quick_action(random.Random(0)) == "2H"
        state.apply(3, "AS")
        # Seat 0 wants a trick too and, void in spades, trumps with the A♥ (not last: its strongest winner).
        assert state.quick_action(random.Random(0)) == "AH"


# -- differential test against OpenSpiel's oh_hell ----------------------------------------------------------
pyspiel = pytest.importorskip("pyspiel")
OS_SUITS = "CDSH"  # oh_hell numbers a card rank × 4 + suit, ranks 2 … A, suits in this order
OS_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def os_card(code: str) -> int:
    return OS_RANKS.index(code[:-1]) * 4 + OS_SUITS.index(code[-1])


@pytest.mark.parametrize(("n", "number"), [(3, 1), (3, 17), (4, 5), (4, 12), (5, 8), (7, 7)])
def test_the_same_deals_bids_and_plays_as_openspiel_oh_hell(n, number):
    """oh_hell always has the hook (the last bidder may not make the bids add up): our hook option. It scores a
    made bid 5 × tricks + 10 with points_per_trick=5 (ours: 10 + 5 × bid, the same) and a missed one
    −5 × the difference with off_bid_penalty (ours: 10 less). It deals player 0 first whoever deals; the cards are
    handed over as each hand holds them. Its dealer is a chance action too: the same seat as ours."""
    rng = random.Random(number * 10 + n)
    for deal in range(25):
        ours = RIKIKI.new_deal(n, {"hook": True}, number, seed=f"{n}-{number}-{deal}")
        k = ours.cards
        game = pyspiel.load_game("oh_hell", {"players": n, "num_tricks_fixed": k, "off_bid_penalty": True,
                                             "points_per_trick": 5})
        theirs = game.new_initial_state()
        theirs.apply_action(k)  # number of tricks
        theirs.apply_action(ours.dealer)
        hands = [ours.hand(s) for s in range(n)]
        for i in range(n * k):
            theirs.apply_action(os_card(hands[i % n][i // n]))
        theirs.apply_action(os_card(ours.turned))
        while not ours.is_terminal:
            seat = ours.current_player
            assert theirs.current_player() == seat
            legal = ours.legal_actions(seat)
            if ours.phase == "bid":
                assert sorted(a - 52 for a in theirs.legal_actions()) == [int(a[4:]) for a in legal]
                action = ours.quick_action(rng) if deal % 2 else rng.choice(legal)
                theirs.apply_action(52 + int(action[4:]))
            else:
                assert sorted(theirs.legal_actions()) == sorted(os_card(c) for c in legal)
                action = ours.quick_action(rng) if deal % 2 else rng.choice(legal)
                theirs.apply_action(os_card(action))
            before = len(ours.log)
            ours.apply(seat, action)
            if len(ours.log) > before and not ours.is_terminal:
                assert theirs.current_player() == ours.log[-1][3]  # the trick's taker leads, in both
        assert theirs.is_terminal()
        entry = ours.entry()
        expected = [r if b == t else r - 10 for r, b, t in zip(theirs.returns(), entry["bids"], entry["tricks"], strict=True)]
        assert ours.returns() == expected


class TestMustTrumpOption:
    BIDS = [(3, "bid:1"), (0, "bid:1"), (1, "bid:0"), (2, "bid:0")]

    def test_a_player_void_in_the_suit_led_must_trump(self):
        state = stacked(coupe_obligatoire=True)
        for seat, bid in self.BIDS:
            state.apply(seat, bid)
        state.apply(3, "AS")
        # Seat 0 has no spade; its A♥ is a trump (the 10♥ was turned): it must play it.
        assert state.legal_actions(0) == ["AH"]
        assert refused(state, 0, "3C") == "must_trump"
        state.apply(0, "AH")
        assert state.legal_actions(1) == ["QS"]
        state.apply(1, "QS")
        # Seat 2 has neither a spade nor a trump: any card.
        assert state.legal_actions(2) == ["9C", "8C", "7C"]

    def test_by_default_trumping_is_free(self):
        state = stacked()
        for seat, bid in self.BIDS:
            state.apply(seat, bid)
        state.apply(3, "AS")
        assert state.legal_actions(0) == ["AH", "4C", "3C"]

    def test_the_quick_bot_plays_legal_cards(self):
        rng = random.Random(8)
        for number in range(1, 8):
            state = RIKIKI.new_deal(4, {"coupe_obligatoire": True}, number, seed=rng.random())
            while not state.is_terminal:
                seat = state.current_player
                move = state.quick_action(rng)
                assert move in state.legal_actions(seat)
                state.apply(seat, move)
