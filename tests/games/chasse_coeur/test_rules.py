"""Le chasse-cœur (the user's rule document « Le chasse-cœur », completed from standard Hearts). Every expected
number is worked out by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.chasse_coeur.rules import pass_for
from companion.kernel.text import name_seats
from tests.groups import legal

HEARTS = registry.get("chasse-coeur")
NAMES = ["Ana", "Bea", "Cid", "Dan"]
DAMES = {"values": "dames_13"}


def play(deals, n=4, **options):
    sheet = HEARTS.new_sheet(n, options)
    for entry in deals:
        sheet.apply(entry)
    return sheet


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestTheDeal:
    @pytest.mark.parametrize("n, hand, removed", [
        (3, 17, ["2D"]),  # 51 / 3
        (4, 13, []),
        (5, 10, ["2D", "2S"]),  # 50 / 5
        (6, 8, ["2D", "2S", "3D", "3S"]),  # 48 / 6
        (7, 7, ["2D", "2S", "3D"]),  # 49 / 7
        (8, 6, ["2D", "2S", "3D", "3S"]),  # 48 / 8
    ])
    def test_equal_hands_never_without_the_two_of_clubs(self, n, hand, removed):
        r = HEARTS.new_sheet(n).next_round()
        assert (r.first, r.extra["hand"], r.extra["removed"]) == (None, hand, removed)
        assert "2C" not in removed

    def test_the_two_of_clubs_leads_so_next_has_no_first_seat(self):
        sheet = HEARTS.new_sheet(4)
        assert (sheet.next_round().dealer, sheet.next_round().first) == (0, None)

    @pytest.mark.parametrize("n, passing, expected", [
        (4, "rotate", ["left", "right", "across", None, "left"]),
        (3, "rotate", ["left", "right", None, "left", "right"]),
        (5, "left", ["left"] * 5),
        (4, "none", [None] * 5),
    ])
    def test_passing(self, n, passing, expected):
        assert [pass_for(d, n, passing) for d in range(1, 6)] == expected
        sheet = HEARTS.new_sheet(n, {"passing": passing})
        assert sheet.next_round().extra["pass"] == expected[0]


class TestStandardValues:
    def test_a_game_to_30_with_a_generale(self):
        sheet = play([
            {"hearts": [6, 4, 3, 0], "queen_of_spades": 0},  # Ana 6 + 13 = 19, Bea 4, Cid 3, Dan 0: 26
            {"hearts": [0, 13, 0, 0], "queen_of_spades": 1},  # Bea took every point: 0 for Bea, 26 for each other
        ], target=30)
        assert [r.scores for r in sheet.rounds] == [[19, 4, 3, 0], [26, 0, 26, 26]]
        assert sheet.totals == [45, 4, 29, 26]  # Ana reached 30: the game ends, Bea has the fewest
        assert sheet.finished and sheet.winners == [1]
        text = " ".join(name_seats(n.fr, NAMES) for n in sheet.rounds[1].notes)
        assert "Bea a ramassé toutes les cartes à points : c'est la générale" in text

    def test_a_tie_for_the_lowest_is_shared(self):
        sheet = play([{"hearts": [13, 0, 0, 0], "queen_of_spades": 1}], target=10)  # 13, 13, 0, 0
        assert sheet.totals == [13, 13, 0, 0] and sheet.winners == [2, 3]

    def test_all_hearts_without_the_queen_is_no_generale(self):
        sheet = play([{"hearts": [13, 0, 0, 0], "queen_of_spades": 2}])
        assert sheet.totals == [13, 0, 13, 0]

    def test_the_game_goes_on_below_the_target(self):
        sheet = play([{"hearts": [6, 4, 3, 0], "queen_of_spades": 0}])  # 19 of 100
        assert not sheet.finished


class TestDames13:
    def test_every_queen_costs_13_and_the_queen_of_hearts_14(self):
        sheet = play([{"hearts": [3, 10, 0, 0], "queens": {"QS": 0, "QH": 0, "QD": 1, "QC": 2}}], **DAMES)
        # Ana: 2 plain hearts + Q♥ 14 + Q♠ 13 = 29; Bea: 10 hearts + Q♦ 13 = 23; Cid: Q♣ 13; Dan 0. 29+23+13 = 65.
        assert sheet.totals == [29, 23, 13, 0]

    def test_the_generale_takes_every_heart_and_all_four_queens_and_pays_65(self):
        sheet = play([{"hearts": [0, 0, 13, 0], "queens": {"QS": 2, "QH": 2, "QD": 2, "QC": 2}}], **DAMES)
        assert sheet.totals == [65, 65, 0, 65]

    def test_all_hearts_and_the_queen_of_spades_is_not_enough(self):
        sheet = play([{"hearts": [13, 0, 0, 0], "queens": {"QS": 0, "QH": 0, "QD": 1, "QC": 0}}], **DAMES)
        # Ana: 12 + 14 + 13 (Q♠) + 13 (Q♣) = 52; Bea: Q♦ 13. 65 in all, no générale.
        assert sheet.totals == [52, 13, 0, 0]

    def test_the_queen_of_hearts_goes_with_a_heart(self):
        sheet = HEARTS.new_sheet(4, DAMES)
        problems = sheet.check({"hearts": [0, 13, 0, 0], "queens": {"QS": 0, "QH": 0, "QD": 1, "QC": 1}})
        assert codes(problems) == [("queens.QH", 0, "queen_of_hearts_without_heart")]

    def test_each_variant_takes_its_own_shape(self):
        standard = HEARTS.new_sheet(4)
        problems = standard.check({"hearts": [13, 0, 0, 0], "queens": {"QS": 0}, "queen_of_spades": 0})
        assert codes(problems) == [("queens", None, "other_values")]
        literal = HEARTS.new_sheet(4, DAMES)
        problems = literal.check({"hearts": [13, 0, 0, 0], "queen_of_spades": 0, "queens": {"QS": 0, "QH": 9, "QX": 1}})
        assert codes(problems) == [("queen_of_spades", None, "other_values"), ("queens.QC", None, "required"),
                                   ("queens.QD", None, "required"), ("queens.QH", None, "not_seat"),
                                   ("queens.QX", None, "unknown_field")]


class TestLegality:
    def test_thirteen_hearts_and_one_queen_of_spades(self):
        sheet = HEARTS.new_sheet(4)
        problems = sheet.check({"hearts": [5, 5, 5, 0], "queen_of_spades": 4})
        assert codes(problems) == [("hearts", None, "heart_total"), ("queen_of_spades", None, "not_seat")]
        assert codes(sheet.check({"hearts": [13, 0, 0, 0]})) == [("queen_of_spades", None, "required")]

    def test_tricks_add_up_to_the_hand_size(self):
        sheet = HEARTS.new_sheet(4)
        problems = sheet.check({"hearts": [6, 4, 3, 0], "queen_of_spades": 0, "tricks": [4, 4, 4, 4]})
        assert codes(problems) == [("tricks", None, "trick_total")]

    def test_no_trick_no_card(self):
        sheet = HEARTS.new_sheet(4)
        problems = sheet.check({"hearts": [6, 4, 3, 0], "queen_of_spades": 3, "tricks": [5, 4, 4, 0]})
        assert codes(problems) == [("tricks", 3, "cards_without_trick")]

    def test_no_more_penalty_cards_than_players_times_tricks(self):
        sheet = HEARTS.new_sheet(4)
        # Ana: 13 hearts + Q♠ = 14 cards in 3 tricks of 4 cards (12): impossible.
        problems = sheet.check({"hearts": [13, 0, 0, 0], "queen_of_spades": 0, "tricks": [3, 4, 3, 3]})
        assert codes(problems) == [("tricks", 0, "too_many_cards")]
        assert sheet.check({"hearts": [13, 0, 0, 0], "queen_of_spades": 0, "tricks": [4, 3, 3, 3]}) == []

    def test_no_more_players_with_penalty_cards_than_tricks(self):
        # At eight players each holds (52 − 4) / 8 = 6 cards: 6 tricks, so at most 6 players take any card.
        sheet = HEARTS.new_sheet(8)
        problems = sheet.check({"hearts": [2, 2, 2, 2, 2, 1, 1, 1], "queen_of_spades": 0})
        assert codes(problems) == [("hearts", None, "more_takers_than_tricks")]
        assert "Il n'y a que 6 plis : 8 joueurs" in problems[0].message.fr
        # Seven players with cards (the Q♠ to an eighth who has no heart) is still one too many.
        assert codes(sheet.check({"hearts": [3, 3, 3, 2, 1, 1, 0, 0], "queen_of_spades": 7})) == [
            ("hearts", None, "more_takers_than_tricks")]
        # Six of them, the Q♠ with a heart taker: possible.
        assert sheet.check({"hearts": [3, 3, 3, 2, 1, 1, 0, 0], "queen_of_spades": 0}) == []
        # With the queens at 13 each queen counts: the Q♦ and Q♣ to the two players with no heart make eight.
        literal = HEARTS.new_sheet(8, DAMES)
        queens = {"QS": 0, "QH": 0, "QD": 6, "QC": 7}
        assert codes(literal.check({"hearts": [3, 3, 3, 2, 1, 1, 0, 0], "queens": queens})) == [
            ("hearts", None, "more_takers_than_tricks")]
        # At four players, 13 tricks: four players with cards is fine.
        assert HEARTS.new_sheet(4).check({"hearts": [4, 3, 3, 3], "queen_of_spades": 0}) == []


@given(seed=st.integers(0, 10**6), n=st.integers(3, 8), literal=st.booleans())
@settings(max_examples=80, deadline=None)
def test_every_random_deal_hands_out_26_or_65_points(seed, n, literal):
    rng = random.Random(seed)
    sheet = HEARTS.new_sheet(n, {"values": "dames_13" if literal else "standard", "target": 10**5})
    total = 65 if literal else 26
    for _ in range(5):
        entry = legal.chasse_coeur(sheet, rng)
        result = sheet.apply(entry)
        # Every point to its takers, or a générale: 0 for one seat and the deal's total to each other.
        assert sum(result.scores) in (total, total * (n - 1))


def test_with_passing_each_deal_names_where_the_cards_go():
    sheet = HEARTS.new_sheet(4, {"passing": "rotate"})
    assert [sheet.contract_for(d).key for d in range(1, 6)] == ["pass-left", "pass-right", "pass-across", "pass-none",
                                                                "pass-left"]
    assert sheet.contract_for(3).name.fr == "échange en face"
    assert HEARTS.new_sheet(4).contract_for(1) is None
