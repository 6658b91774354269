"""Le vicaire played card by card (companion.games.vicaire.rules.VicaireDeal). Expected numbers worked out by hand.

Tests stack the deck: with seat 0 dealing, cards go one at a time to seats 1, 2, 0, 1, 2, 0… (the seat after the
dealer first: the dealer's right at the table, the game turns to the right), ten each, and the last two cards
are the écart."""

import json
import random

import pytest

from companion.games import registry
from companion.kernel import IllegalAction, InvalidOptions, RulesError
from companion.kernel.deal import CHANCE, TERMINAL
from tests.rules.engine_helpers import one_at_a_time, play_tricks, refused

VICAIRE = registry.get("vicaire")

# Seat 1 leads. Seat 1: every spade and two low hearts; seat 2: six clubs and the four top hearts; seat 0: seven
# diamonds, two hearts and the 8♣. The 7♦ and 7♣ are the écart.
HANDS = {
    1: "AS KS QS JS 10S 9S 8S 7S 7H 8H",
    2: "AC KC QC JC 10C 9C AH KH QH JH",
    0: "AD KD QD JD 10D 9D 8D 10H 9H 8C",
}
ECART = "7D 7C"

# (seat, card) for the ten tricks, the expected taker of each in the comment:
PLAYS = [
    [(1, "AS"), (2, "9C"), (0, "9H")],  # 1: seat 0 trumps the A♠ (seat 2 did not have to)  -> 0
    [(0, "AD"), (1, "7H"), (2, "JH")],  # 2: seat 1 trumps, seat 2 overtrumps               -> 2
    [(2, "AC"), (0, "8C"), (1, "KS")],  # 3: seat 0 must follow with its only club          -> 2
    [(2, "KC"), (0, "8D"), (1, "7S")],  # 4                                                  -> 2
    [(2, "QC"), (0, "9D"), (1, "8S")],  # 5                                                  -> 2
    [(2, "JC"), (0, "10D"), (1, "9S")],  # 6                                                 -> 2
    [(2, "10C"), (0, "10H"), (1, "8H")],  # 7: the 10♥ beats the 8♥                          -> 0
    [(0, "KD"), (1, "10S"), (2, "QH")],  # 8: seat 2 has only hearts left                    -> 2
    [(2, "AH"), (0, "QD"), (1, "JS")],  # 9: hearts led, nobody else has one                 -> 2
    [(2, "KH"), (0, "JD"), (1, "QS")],  # 10                                                 -> 2
]
TAKERS = [0, 2, 2, 2, 2, 2, 0, 2, 2, 2]  # seat 0: 2 tricks, seat 1: none, seat 2: 8


def stacked(hands=HANDS, ecart=ECART, race=None, dealer=0, **options):
    state = VICAIRE.new_deal(3, options, 1, dealer, race=race)
    return state.replay(one_at_a_time(hands, (dealer + 1) % 3, 3) + ecart.split())


def played(race=None, **options):
    return play_tricks(stacked(race=race, **options), PLAYS)


def sheet_after(deals):
    sheet = VICAIRE.new_sheet(3)
    for tricks in deals:
        sheet.apply({"tricks": tricks})
    return sheet


class TestDealing:
    def test_ten_cards_each_and_two_nobody_gets(self):
        state = VICAIRE.new_deal(3, {}, 1, seed=5)
        assert [len(state.hand(s)) for s in range(3)] == [10, 10, 10]
        assert state.held[3].bit_count() == 2  # the écart
        assert len(state.history) == 32

    def test_the_seat_after_the_dealer_gets_the_first_card_and_leads(self):
        state = VICAIRE.new_deal(3, {}, 2)  # round 2: seat 1 deals
        assert state.dealer == 1
        state.apply(CHANCE, "AS")
        assert state.hand(2) == ["AS"]
        assert stacked(dealer=1).current_player == 2

    def test_it_takes_three_players_and_round_numbers_from_one(self):
        with pytest.raises(InvalidOptions):
            VICAIRE.new_deal(4)
        with pytest.raises(RulesError):
            VICAIRE.new_deal(3, {}, 0)
        with pytest.raises(InvalidOptions):
            VICAIRE.new_deal(3, {}, 1, race=[1, 2])


class TestPlay:
    def test_a_void_player_may_discard_instead_of_trumping(self):
        state = stacked()
        state.apply(1, "AS")
        assert len(state.legal_actions(2)) == 10  # no spade: any card, a club as well as a heart
        state.apply(2, "9C")

    def test_a_heart_takes_a_trick_of_another_suit_and_a_higher_heart_overtrumps(self):
        state = stacked()
        for seat, code in PLAYS[0] + PLAYS[1]:
            state.apply(seat, code)
        assert state.takers == [0, 2]
        assert state.current_player == 2

    def test_who_holds_the_suit_led_must_follow(self):
        state = stacked()
        for seat, code in PLAYS[0] + PLAYS[1] + [(2, "AC")]:
            state.apply(seat, code)
        assert state.legal_actions(0) == ["8C"]
        with pytest.raises(IllegalAction) as caught:
            state.apply(0, "10H")
        assert caught.value.code == "must_follow"
        assert "trèfle" in caught.value.message.fr
        assert state.trick.cards[0].code == "AC" and len(state.trick.plays) == 1

    def test_out_of_turn_and_unheld_cards_are_refused(self):
        state = stacked()
        assert refused(state, 2, "AC") == "not_your_turn"
        assert refused(state, 1, "AC") == "not_in_hand"
        assert refused(state, 1, "7D") == "not_in_hand"  # in the écart

    def test_the_whole_deal_gives_the_tricks_entry(self):
        state = played()
        assert state.takers == TAKERS
        assert state.current_player == TERMINAL
        assert state.entry() == {"tricks": [2, 0, 8]}
        assert not VICAIRE.new_sheet(3).check_entry(state.entry())


class TestReturnsFollowTheRace:
    """The deal above gives tricks (2, 0, 8); what it is worth depends on the race before it."""

    def test_from_zero_nobody_reaches_a_winning_total(self):
        assert played().returns() == [0, 0, 0]

    def test_landing_alone_on_ten_is_worth_50(self):
        # Race (3, 5, 2) after one deal of [3, 5, 2]; + (2, 0, 8) = (5, 5, 10): seat 2 alone on 10 -> 50.
        sheet = sheet_after([[3, 5, 2]])
        state = played(race=VICAIRE.deal_context(sheet)["race"])
        assert state.returns() == [0, 0, 50]
        assert sheet.apply(state.entry()).scores == [0, 0, 50]

    def test_a_seat_that_takes_no_trick_reaches_nothing_and_fifteen_is_worth_20(self):
        # Two deals of [0, 5, 5] tie seats 1 and 2 on 10: race (0, 10, 10). + (2, 0, 8) = (2, 10, 18):
        # seat 1 stays on 10 without a trick, 18 is no winning total -> nothing.
        assert played(race=[0, 10, 10]).returns() == [0, 0, 0]
        sheet = sheet_after([[0, 5, 5], [0, 5, 5]])
        assert sheet.apply(played(race=sheet.race).entry()).scores == [0, 0, 0]
        # Race (8, 3, 7): + (2, 0, 8) = (10, 3, 15): seat 0 on 10 is the lowest winning total -> 50 to seat 0.
        assert played(race=[8, 3, 7]).returns() == [50, 0, 0]
        # Race (9, 3, 7): (11, 3, 15): only seat 2 lands, on 15 -> 20.
        assert played(race=[9, 3, 7]).returns() == [0, 0, 20]

    def test_a_tie_on_the_lowest_winning_total_wins_nothing(self):
        # Race (8, 0, 2): (10, 0, 10): seats 0 and 2 both on 10 -> nobody.
        assert played(race=[8, 0, 2]).returns() == [0, 0, 0]

    def test_above_twenty_the_option_decides(self):
        # Race (20, 1, 17): (22, 1, 25): seat 2 alone on 25 -> the points_above_20 option, here 7.
        assert played(race=[20, 1, 17], points_above_20=7).returns() == [0, 0, 7]

    def test_a_capot_wins_50_whatever_the_total(self):
        # Seat 1 holds every heart plus the A♠ and A♣: it leads all ten and takes them all. Race (0, 3, 0):
        # 3 + 10 = 13 is no winning total, but a capot wins anyway -> 50.
        state = stacked({1: "AH KH QH JH 10H 9H 8H 7H AS AC", 2: "KS QS JS 10S 9S 8S 7S KC QC JC",
                         0: "10C 9C 8C 7C AD KD QD JD 10D 9D"}, "8D 7D", race=[0, 3, 0])
        while not state.is_terminal:
            seat = state.current_player
            state.apply(seat, state.legal_actions(seat)[0])
        assert state.entry() == {"tricks": [0, 10, 0]}
        assert state.returns() == [0, 50, 0]


class TestWhatSeatsSee:
    def test_a_seat_sees_its_hand_and_the_race_never_the_others_or_the_ecart(self):
        state = stacked(race=[11, 5, 4])
        for seat, code in PLAYS[0]:
            state.apply(seat, code)
        for seat in (0, 1, 2, None):
            view = json.dumps(state.observation(seat))
            hidden = {c for s in range(3) if s != seat for c in state.hand(s)} | set(ECART.split())
            assert not any(f'"{c}"' in view for c in hidden)
        view = state.observation(2)
        assert view["hand"] == state.hand(2)
        assert view["race"] == [11, 5, 4] and view["race_now"] == [12, 5, 4]
        assert view["targets"] == [15, 10, 10]
        assert view["trump"] == "H" and view["ecart_size"] == 2

    def test_determinize_redeals_the_other_hands_and_the_ecart(self):
        state = stacked()
        for seat, code in PLAYS[0]:
            state.apply(seat, code)
        rng = random.Random(3)
        ecarts = set()
        for _ in range(100):
            d = state.determinize(1, rng)
            assert d.held[1] == state.held[1]
            assert [m.bit_count() for m in d.held] == [9, 9, 9, 2]
            # Seats 2 and 0 showed no spade: every spade left is seat 1's, none elsewhere.
            assert not any(code.endswith("S") for s in (0, 2) for code in d.hand(s))
            ecarts.add(d.held[3])
        assert len(ecarts) > 1  # the écart is not given away


class TestQuickBot:
    def test_it_wants_the_tricks_that_take_it_to_its_next_winning_total(self):
        # The rule document's example: after two deals 11, 5 and 4 -> 4, 5 and 6 tricks to 15, 10 and 10.
        state = stacked(race=[11, 5, 4])
        assert [state.aim(s) for s in range(3)] == [4, 5, 6]

    def test_once_landed_it_wants_no_more(self):
        # Race (9, 0, 0): seat 0 takes trick 1 and stands on 10; it wants nothing more.
        state = stacked(race=[9, 0, 0])
        for seat, code in PLAYS[0]:
            state.apply(seat, code)
        assert state.aim(0) == 0
        # Trick 2: seat 0 leads, ducking: the lowest card it holds (of the lowest strength: the 8♣ or 8♦).
        assert state.quick_action(random.Random(0)) in ("8C", "8D")

    def test_short_of_its_total_it_plays_to_take_the_trick(self):
        # Trick 1, seat 1 (needs 10) leads: its strongest card, the 8♥ (a trump beats any plain card).
        state = stacked()
        assert state.quick_action(random.Random(0)) == "8H"
        # Seat 2, void in spades after the A♠, wants the trick and trumps with its highest heart, not being last.
        state.apply(1, "AS")
        assert state.quick_action(random.Random(0)) == "AH"
        state.apply(2, "9C")
        # Seat 0, last, takes it with the lowest heart that wins.
        assert state.quick_action(random.Random(0)) == "9H"


class TestMustTrumpOption:
    def test_a_player_void_in_the_suit_led_must_trump_with_a_heart(self):
        # The rule document: « Coupe : à cœur, non obligatoire ». With the table's option, it is.
        state = stacked(coupe_obligatoire=True)
        state.apply(1, "AS")
        # Seat 2 has no spade and four hearts: only they may be played.
        assert state.legal_actions(2) == ["AH", "KH", "QH", "JH"]
        assert refused(state, 2, "9C") == "must_trump"
        state.apply(2, "AH")
        # Seat 0 has no spade and two hearts, both under the A♥: no duty to overtrump, either may be played.
        assert state.legal_actions(0) == ["10H", "9H"]

    def test_by_default_trumping_is_free(self):
        state = stacked()
        state.apply(1, "AS")
        assert len(state.legal_actions(2)) == 10

    def test_the_quick_bot_plays_legal_cards(self):
        rng = random.Random(6)
        for _ in range(20):
            state = VICAIRE.new_deal(3, {"coupe_obligatoire": True}, 1, seed=rng.random())
            while not state.is_terminal:
                seat = state.current_player
                move = state.quick_action(rng)
                assert move in state.legal_actions(seat)
                state.apply(seat, move)
