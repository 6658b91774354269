"""Barbu classique played move by move (companion.games.barbu_classique.rules.BarbuClassiqueDeal). Expected numbers
are worked out by hand from the rulebook's scores (−2 a trick, −2 a heart and −6 the A♥, −6 a queen, −20 the K♥,
−10 and −20 the last two tricks, +5 a trick at Atout, +45 +20 +5 −5 at the réussite).

Most tests stack the deck: cards are dealt one at a time from the dealer's left, so :func:`stacked` interleaves the
chosen hands in that order. The declarer (the dealer, seat 0 at the first deal) leads. :func:`first_moves` plays
each seat's first legal move: for cards, the strongest card of the first suit in the hand's order (♠ ♥ ♣ ♦).
"""

import json
import random

import pytest

from companion.games import registry
from companion.games.barbu_classique.rules import CONTRACTS, BarbuClassiqueDeal
from companion.kernel import InvalidOptions
from companion.kernel.deal import CHANCE, play_out, random_action
from tests.rules.engine_helpers import one_at_a_time, refused, strings_in

GAME = registry.get("barbu-classique")
SPADES = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"
CLUBS = "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"
DIAMONDS = "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D"
WHOLE_SUITS = {0: SPADES, 1: HEARTS, 2: CLUBS, 3: DIAMONDS}


def stacked(hands, options=None, number=1, dealer=0, **context):
    state = GAME.new_deal(4, options or {}, number, dealer, **context)
    return state.replay(one_at_a_time(hands, (dealer + 1) % 4, 4))


def first_moves(state):
    while not state.is_terminal:
        seat = state.current_player
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def sheet_scores(state, options=None):
    sheet = GAME.new_sheet(4, options or {})
    entry = state.entry()
    assert sheet.check(entry) == []
    return sheet.apply(entry).scores


class TestTheContract:
    def test_the_declarer_chooses_among_all_seven_at_his_first_deal(self):
        state = GAME.new_deal(4, {}, 1, 0, seed=3)
        assert state.phase == "contract" and state.current_player == 0
        assert state.legal_actions(0) == [f"contract:{c.key}" for c in CONTRACTS]
        assert all(state.legal_actions(s) == [] for s in (1, 2, 3))

    def test_the_sheet_gives_the_contracts_he_has_left_and_a_played_one_is_refused(self):
        sheet = GAME.new_sheet(4, {})
        sheet.apply({"contract": "dames", "queens": [1, 1, 1, 1]})
        context = GAME.deal_context(sheet)
        assert context == {"remaining": ["plis", "coeurs", "roi-de-coeur", "deux-derniers", "atout", "reussite"],
                           "doubled": [0, 0, 0, 0]}
        state = GAME.new_deal(4, {}, 2, sheet.dealer_for(2), seed=4, **context)
        assert state.dealer == 0  # seven deals in a row for the first dealer
        assert "contract:dames" not in state.legal_actions(0) and len(state.legal_actions(0)) == 6
        assert refused(state, 0, "contract:dames") == "already_played"

    def test_the_default_dealer_is_the_sheets(self):
        # Seven deals in succession: deals 1–7 seat 0, 8–14 seat 1; with the deal passed on every deal, 1, 2, 3…
        assert [GAME.new_deal(4, {}, k).dealer for k in (1, 7, 8, 15, 28)] == [0, 0, 1, 2, 3]
        assert [GAME.new_deal(4, {"dealing": "rotate"}, k).dealer for k in (1, 2, 5)] == [0, 1, 0]

    def test_a_bad_context_is_refused_naming_its_field(self):
        with pytest.raises(InvalidOptions) as error:
            GAME.new_deal(4, {}, 1, 0, remaining=["salade"])
        assert [p.field for p in error.value.problems] == ["remaining"]
        with pytest.raises(InvalidOptions) as error:
            GAME.new_deal(4, {}, 1, 0, doubled=[0, -1, 0, 0])
        assert [p.field for p in error.value.problems] == ["doubled"]

    def test_atout_asks_for_the_trump_and_the_reussite_for_its_start(self):
        state = stacked(WHOLE_SUITS)
        state.apply(0, "contract:atout")
        assert state.legal_actions(0) == ["trump:S", "trump:H", "trump:D", "trump:C"]
        state = stacked(WHOLE_SUITS)
        state.apply(0, "contract:reussite")
        assert state.legal_actions(0)[0] == "start:2" and state.legal_actions(0)[-1] == "start:A"
        assert len(state.legal_actions(0)) == 13


class TestEachContractsScore:
    """Seat 0 (the declarer, who leads) holds every spade, seat 1 every heart, seat 2 every club, seat 3 every
    diamond: only spades are ever led until seat 0 has none, and every spade trick is seat 0's."""

    def test_pas_de_plis(self):
        state = first_moves(stacked(WHOLE_SUITS).replay(["contract:plis"]))
        # Seat 0 takes the 13 tricks: 13 × −2 = −26.
        assert state.entry() == {"contract": "plis", "tricks": [13, 0, 0, 0]}
        assert sheet_scores(state) == [-26, 0, 0, 0] == state.returns()

    def test_pas_de_coeurs(self):
        state = first_moves(stacked(WHOLE_SUITS).replay(["contract:coeurs"]))
        # Seat 1 throws a heart on each spade: seat 0 takes 13 hearts, the ace among them: 12 × −2 − 6 = −30.
        assert state.entry() == {"contract": "coeurs", "hearts": [13, 0, 0, 0], "ace_of_hearts": 0}
        assert sheet_scores(state) == [-30, 0, 0, 0]

    def test_pas_de_dames_stops_once_the_four_queens_are_down(self):
        state = first_moves(stacked(WHOLE_SUITS).replay(["contract:dames"]))
        # Trick 1 the aces, trick 2 the kings, trick 3 the four queens (Q♠ led): all seat 0's, then it stops.
        assert len(state.log) == 3
        assert state.entry() == {"contract": "dames", "queens": [4, 0, 0, 0]}
        assert sheet_scores(state) == [-24, 0, 0, 0]

    def test_pas_de_roi_de_coeur_stops_once_the_king_is_taken(self):
        state = first_moves(stacked(WHOLE_SUITS).replay(["contract:roi-de-coeur"]))
        # Seat 1 throws the A♥ on the A♠, then the K♥ on the K♠: seat 0 takes it at the second trick.
        assert len(state.log) == 2
        assert state.entry() == {"contract": "roi-de-coeur", "king_of_hearts": 0}
        assert sheet_scores(state) == [-20, 0, 0, 0]

    def test_pas_les_deux_derniers_plis(self):
        state = first_moves(stacked(WHOLE_SUITS).replay(["contract:deux-derniers"]))
        assert state.entry() == {"contract": "deux-derniers", "last_two": [0, 0]}
        assert sheet_scores(state) == [-30, 0, 0, 0]  # −10 − 20

    def test_atout_hearts(self):
        state = first_moves(stacked(WHOLE_SUITS).replay(["contract:atout", "trump:H"]))
        # Seat 1, void in spades, trumps the A♠ with its A♥ (its first card), then leads trumps nobody else has.
        assert state.log[0][3] == 1
        assert state.entry() == {"contract": "atout", "trump": "H", "tricks": [0, 13, 0, 0]}
        assert sheet_scores(state) == [0, 65, 0, 0]

    def test_the_reussite_from_the_valet(self):
        state = stacked(WHOLE_SUITS).replay(["contract:reussite", "start:J"])
        # Only the Valet of each suit opens it: each seat opens its own suit, then lays a card a turn.
        assert state.legal_actions(0) == ["JS"]
        assert refused(state, 0, "QS") == "does_not_fit"
        first_moves(state)
        # Every seat lays one card a turn: seat 0 is out first (its 13th card), then 1 and 2; seat 3 is last.
        assert state.entry() == {"contract": "reussite", "order": [0, 1, 2, 3]}
        assert sheet_scores(state) == [45, 20, 5, -5]
        assert state.layout_rows()["S"] == SPADES.split()[::-1]


class TestThePlay:
    def test_no_heart_is_led_while_the_leader_holds_another_suit(self):
        hands = {0: "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2S", 1: "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H",
                 2: CLUBS, 3: DIAMONDS}
        state = stacked(hands).replay(["contract:coeurs"])
        assert state.legal_actions(0) == ["2S"]
        assert refused(state, 0, "AH") == "no_heart_lead"
        state = stacked(hands).replay(["contract:plis"])  # no such rule in the other contracts
        assert "AH" in state.legal_actions(0)

    def test_at_atout_a_trump_led_must_be_beaten_when_one_can(self):
        hands = {0: "5H AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S",
                 1: "9H 2S AD KD QD JD 10D 9D 8D 7D 6D 5D 4D",
                 2: "10H 8H 3D 2D AC KC QC JC 10C 9C 8C 7C 6C",
                 3: "AH KH QH JH 7H 6H 4H 3H 2H 5C 4C 3C 2C"}
        state = stacked(hands).replay(["contract:atout", "trump:H", "5H", "9H"])
        assert state.legal_actions(2) == ["10H"]  # the 8♥ would not beat the 9♥
        assert refused(state, 2, "8H") == "must_overtrump"
        state.apply(2, "10H")
        assert state.legal_actions(3) == ["AH", "KH", "QH", "JH"]

    def test_at_the_reussite_one_passes_only_when_nothing_fits(self):
        # Seat 0 holds the low spades and hearts, seat 1 the high ones: from the Valet, seat 0 has nothing to lay.
        hands = {0: "8S 7S 6S 5S 4S 3S 2S 7H 6H 5H 4H 3H 2H", 1: "AS KS QS JS 10S 9S AH KH QH JH 10H 9H 8H",
                 2: CLUBS, 3: DIAMONDS}
        state = stacked(hands).replay(["contract:reussite", "start:J"])
        assert state.legal_actions(0) == ["pass"]
        state.apply(0, "pass")
        assert state.legal_actions(1) == ["JS", "JH"]
        assert refused(state, 1, "pass") == "must_play"
        state.apply(1, "js")  # a card as it may be typed
        assert state.history[-1] == "JS"
        # Seat 0 showed it holds no Valet: a world dealt again for seat 2 never gives it the J♥ or the J♦.
        for k in range(30):
            world = state.determinize(2, random.Random(k))
            assert not world.held[0] & state.pack.mask(["JH", "JD"])
        first_moves(state)
        assert sorted(state.entry()["order"]) == [0, 1, 2, 3]


class TestDoubles:
    def test_doubles_then_redoubles_are_those_the_sheet_records(self):
        options = {"doubles": True}
        state = stacked(WHOLE_SUITS, options).replay(["contract:plis"])
        assert state.phase == "double" and state.current_player == 1
        assert state.legal_actions(1) == ["double:2", "double:3", "double:0", "done"]
        state.replay(["double:0", "done"])  # seat 1 doubles the declarer
        assert "double:1" in state.legal_actions(2)
        state.replay(["double:1", "done", "done"])  # seat 2 doubles seat 1, seat 3 nobody
        # Redoubles, the declarer first: seat 0 may redouble seat 1, then seat 1 seat 2.
        assert state.phase == "redouble" and state.legal_actions(0) == ["redouble:1", "done"]
        state.replay(["redouble:1"])
        assert state.current_player == 1 and state.legal_actions(1) == ["redouble:2", "done"]
        state.apply(1, "done")
        assert state.phase == "play" and state.current_player == 0
        first_moves(state)
        entry = state.entry()
        assert entry == {"contract": "plis", "tricks": [13, 0, 0, 0], "doubles": [{"by": 1, "on": 0}, {"by": 2, "on": 1}],
                         "redoubles": [{"by": 0, "on": 1}]}
        sheet = GAME.new_sheet(4, options)
        assert sheet.check(entry) == []
        result = sheet.apply(entry)
        # Scores −26, 0, 0, 0. Seat 1 doubled seat 0, redoubled: (0 − (−26)) × 2 = 52 for seat 1, paid by seat 0;
        # seat 2 doubled seat 1: 0 − 0 = 0.
        assert result.scores == [-26, 0, 0, 0] == state.returns()
        assert sheet.doubles_totals == [-52, 52, 0, 0]
        assert state.playout_value(1) == 52 and state.playout_value(0) == -78

    def test_one_does_not_double_back_a_player_who_doubled_oneself(self):
        state = stacked(WHOLE_SUITS, {"doubles": True}).replay(["contract:plis", "double:2", "done"])
        assert "double:1" not in state.legal_actions(2)

    def test_in_a_positive_contract_only_the_declarer_may_be_doubled(self):
        state = stacked(WHOLE_SUITS, {"doubles": True}).replay(["contract:reussite", "start:J"])
        assert state.legal_actions(1) == ["double:0", "done"]

    def test_a_seat_that_still_owes_the_declarer_doubles_must_double_him_now(self):
        # The declarer's last contract: seat 1 and seat 3 doubled him once so far, seat 2 twice. Seats 1 and 3 must
        # double now (they owe 2); seat 2 may pass.
        state = stacked(WHOLE_SUITS, {"doubles": True}, remaining=["atout"], doubled=[0, 1, 2, 1])
        state.replay(["contract:atout", "trump:S"])
        assert state.legal_actions(1) == ["double:0"]
        assert refused(state, 1, "done") == "owed"
        state.apply(1, "double:0")
        assert state.legal_actions(2) == ["double:0", "done"]

    def test_a_seat_that_doubled_the_declarer_may_stop_even_if_it_cannot_pay_what_it_owes(self):
        # A context the sheet would not give (the last contract, nobody has doubled yet): one double now is all a
        # seat can do, so it may stop there.
        state = stacked(WHOLE_SUITS, {"doubles": True}, remaining=["plis"]).replay(["contract:plis"])
        assert state.legal_actions(1) == ["double:2", "double:3", "double:0"]  # no "done" before doubling him
        state.apply(1, "double:0")
        assert state.legal_actions(1) == ["double:2", "double:3", "done"]
        assert state.quick_action(random.Random(0)) == "done"

    def test_the_sheet_passes_on_who_doubled_the_declarer(self):
        sheet = GAME.new_sheet(4, {"doubles": True})
        sheet.apply({"contract": "plis", "tricks": [13, 0, 0, 0], "doubles": [{"by": 1, "on": 0}]})
        assert GAME.deal_context(sheet)["doubled"] == [0, 1, 0, 0]


class TestWhatEachSeatSees:
    def test_an_observation_holds_no_other_hand(self):
        rng = random.Random(5)
        state = GAME.new_deal(4, {"doubles": True}, 1, 0, seed=9)
        while not state.is_terminal:
            for seat in range(4):
                obs = state.observation(seat)
                json.dumps(obs)
                others = {c for s in range(4) if s != seat for c in state.hand(s)}
                assert not set(strings_in(obs)) & others
            state.apply(state.current_player, state.quick_action(rng))

    def test_bots_play_whole_deals_the_sheet_takes(self):
        rng = random.Random(2)
        for contract in CONTRACTS:
            state = GAME.new_deal(4, {}, 1, 0, seed=contract.key)
            state.apply(0, f"contract:{contract.key}")
            play_out(state, rng, {s: BarbuClassiqueDeal.quick_action for s in range(4)})
            assert GAME.new_sheet(4, {}).check(state.entry()) == []
            again = state.fresh().replay(json.loads(json.dumps(state.history)))
            assert again.entry() == state.entry()

    def test_a_random_deal_ends(self):
        state = GAME.new_deal(4, {"doubles": True}, 1, 0)
        assert state.current_player == CHANCE
        play_out(state, random.Random(1), default=random_action)
        assert GAME.new_sheet(4, {"doubles": True}).check(state.entry()) == []


class TestTheQuickBot:
    def test_void_in_pas_de_roi_de_coeur_it_throws_the_king(self):
        state = stacked(WHOLE_SUITS).replay(["contract:roi-de-coeur", "AS"])
        assert state.quick_action(random.Random(0)) == "KH"  # the K♥ costs 20: first to go on a spade trick

    def test_following_in_pas_de_plis_it_keeps_under_the_winner_with_its_highest_card(self):
        hands = {0: "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2S", 1: "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H",
                 2: CLUBS, 3: DIAMONDS}
        state = stacked(hands).replay(["contract:plis", "2S"])
        # Seat 1 must follow to the 2♠ and every spade of its beats it: it takes the trick anyway, not last to
        # play, with its lowest spade (hoping to be overtaken), the 3♠.
        assert state.quick_action(random.Random(0)) == "3S"

    def test_at_the_reussite_it_opens_the_suit_that_frees_more_of_its_own_cards(self):
        hands = {0: "8S 7S 6S 5S 4S 3S 2S 7H 6H 5H 4H 3H 2H", 1: "AS KS QS JS 10S 9S AH KH QH JH 10H 9H 8H",
                 2: CLUBS, 3: DIAMONDS}
        state = stacked(hands).replay(["contract:reussite", "start:J", "pass"])
        # The J♠ frees 5 spades of its own and 7 of seat 0's (5 − 7/2 = 1.5), the J♥ 6 hearts of its own and 6
        # of seat 0's (6 − 6/2 = 3): the J♥.
        assert state.quick_action(random.Random(0)) == "JH"
