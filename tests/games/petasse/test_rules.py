"""La pétasse (the user's rule document « La pétasse ou dame de pique »). Every expected number below is worked out
by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.kernel.text import name_seats
from tests.groups import legal

PETASSE = registry.get("petasse")
NAMES = ["Ana", "Bea", "Cid", "Dan"]


def play(deals, n=4, **options):
    sheet = PETASSE.new_sheet(n, options)
    for entry in deals:
        sheet.apply(entry)
    return sheet


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestTheDeal:
    def test_three_players_get_ten_cards_without_two_sevens_four_get_eight(self):
        three, four = PETASSE.new_sheet(3).next_round(), PETASSE.new_sheet(4).next_round()
        assert three.extra == {"hand": 10, "removed": ["7D", "7C"]}  # 30 / 3
        assert four.extra == {"hand": 8, "removed": []}  # 32 / 4
        assert (four.dealer, four.first) == (0, 1)


class TestAWholeGame:
    def test_to_51_the_first_to_reach_it_loses(self):
        sheet = play([
            {"hearts": [2, 3, 3, 0], "queen_of_spades": 0},  # Ana 2 + 8 = 10, Bea 3, Cid 3, Dan 0: 16
            {"hearts": [0, 8, 0, 0], "queen_of_spades": 1, "all_tricks": 1},  # Bea took every trick: 16 to each other
            {"hearts": [8, 0, 0, 0], "queen_of_spades": 0, "all_tricks": None},  # every point, not every trick: 16
            {"hearts": [1, 2, 0, 5], "queen_of_spades": 3},  # 1, 2, 0, 5 + 8 = 13
            {"hearts": [5, 1, 1, 1], "queen_of_spades": 0},  # 5 + 8 = 13, 1, 1, 1
        ])
        assert [r.scores for r in sheet.rounds] == [[10, 3, 3, 0], [16, 0, 16, 16], [16, 0, 0, 0], [1, 2, 0, 13],
                                                    [13, 1, 1, 1]]
        # Ana 10 + 16 + 16 + 1 + 13 = 56 ≥ 51: Ana loses and the game ends; Bea 3 + 0 + 0 + 2 + 1 = 6 wins.
        assert sheet.totals == [56, 6, 20, 30]
        assert sheet.finished and sheet.winners == [1]
        text = " ".join(name_seats(n.fr, NAMES) for n in sheet.rounds[1].notes)
        assert "Bea a fait tous les plis : 0 pour Bea, 16 pour chacun des autres." in text

    def test_a_tie_for_the_lowest_is_shared(self):
        sheet = play([{"hearts": [8, 0, 0, 0], "queen_of_spades": 1}], target=8)  # 8, 8, 0, 0
        assert sheet.finished and sheet.winners == [2, 3]

    def test_tricks_alone_say_who_took_every_trick(self):
        sheet = play([{"hearts": [8, 0, 0, 0], "queen_of_spades": 0, "tricks": [8, 0, 0, 0]}])
        assert sheet.totals == [0, 16, 16, 16]
        assert sheet.rounds[0].entry["all_tricks"] == 0

    def test_at_three_a_capot_is_ten_tricks(self):
        sheet = play([{"hearts": [0, 0, 8], "queen_of_spades": 2, "tricks": [0, 0, 10]}], n=3)
        assert sheet.totals == [16, 16, 0]


class TestEveryTrick:
    def test_all_the_points_and_nothing_said_about_tricks_is_asked(self):
        sheet = PETASSE.new_sheet(4)
        problems = sheet.check({"hearts": [0, 0, 8, 0], "queen_of_spades": 2})
        assert codes(problems) == [("all_tricks", 2, "capot_unknown")]
        assert "tous les plis aussi ?" in problems[0].message.fr

    def test_the_every_trick_seat_has_every_point(self):
        sheet = PETASSE.new_sheet(4)
        problems = sheet.check({"hearts": [7, 1, 0, 0], "queen_of_spades": 0, "all_tricks": 0})
        assert codes(problems) == [("all_tricks", 0, "capot_without_points")]

    def test_tricks_and_all_tricks_agree(self):
        sheet = PETASSE.new_sheet(4)
        problems = sheet.check({"hearts": [8, 0, 0, 0], "queen_of_spades": 0, "all_tricks": 0, "tricks": [7, 1, 0, 0]})
        assert codes(problems) == [("all_tricks", 0, "capot_disagrees")]
        problems = sheet.check({"hearts": [8, 0, 0, 0], "queen_of_spades": 0, "all_tricks": None, "tricks": [8, 0, 0, 0]})
        assert codes(problems) == [("all_tricks", 0, "capot_disagrees")]


class TestLegality:
    def test_eight_hearts_and_one_queen_of_spades(self):
        sheet = PETASSE.new_sheet(3)
        problems = sheet.check({"hearts": [3, 3, 3], "queen_of_spades": -1})
        assert codes(problems) == [("hearts", None, "heart_total"), ("queen_of_spades", None, "not_seat")]

    @pytest.mark.parametrize("n, tricks", [(3, [4, 4, 1]), (4, [4, 4, 1, 0])])
    def test_tricks_add_up_to_the_hand_size(self, n, tricks):
        sheet = PETASSE.new_sheet(n)
        hearts = [2, 3, 3, 0][:n]
        problems = sheet.check({"hearts": hearts, "queen_of_spades": 1, "tricks": tricks})
        assert ("tricks", None, "trick_total") in codes(problems)

    def test_no_trick_no_card_and_no_more_than_players_times_tricks(self):
        sheet = PETASSE.new_sheet(4)
        # Dan took a heart without a trick; Ana's 7 hearts and the Q♠ are 8 cards in 1 trick of 4.
        problems = sheet.check({"hearts": [7, 0, 0, 1], "queen_of_spades": 0, "tricks": [1, 4, 3, 0]})
        assert codes(problems) == [("tricks", 0, "too_many_cards"), ("tricks", 3, "cards_without_trick")]


@given(seed=st.integers(0, 10**6), n=st.integers(3, 4))
@settings(max_examples=80, deadline=None)
def test_every_random_deal_hands_out_16_points(seed, n):
    rng = random.Random(seed)
    sheet = PETASSE.new_sheet(n, {"target": 10**5})
    for _ in range(5):
        result = sheet.apply(legal.petasse(sheet, rng))
        # 16 to their takers, or a capot: 0 for one seat and 16 to each other.
        assert sum(result.scores) in (16, 16 * (n - 1))
