"""Le tarot taré's score sheet (the user's rule document « Le tarot taré »): each seat scores the card points it took
(91 a deal), lowest total wins after 2 deals a player. Every expected number is worked out by hand."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.kernel import GameOver, InvalidEntry, InvalidOptions

TARE = registry.get("tarot-tare")


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestAWholeGame:
    def test_six_deals_at_three_lowest_total_wins(self):
        sheet = TARE.new_sheet(3)
        assert sheet.options["deals"] == 6  # 2 deals × 3 players
        deals = [[40, 30.5, 20.5], [0, 45, 46], [91, 0, 0], [30, 30, 31], [10.5, 60, 20.5], [20, 20, 51]]
        tricks = [[10, 8, 6], [0, 12, 12], [24, 0, 0], None, None, None]
        for points, t in zip(deals, tricks, strict=True):
            sheet.apply({"points": points, **({"tricks": t} if t else {})})
        # Ana 40 + 0 + 91 + 30 + 10.5 + 20 = 191.5; Bea 30.5 + 45 + 0 + 30 + 60 + 20 = 185.5;
        # Cid 20.5 + 46 + 0 + 31 + 20.5 + 51 = 169. 6 × 91 = 546 = 191.5 + 185.5 + 169.
        assert sheet.totals == [191.5, 185.5, 169]
        assert isinstance(sheet.totals[2], int)
        assert sheet.finished and sheet.winners == [2]
        with pytest.raises(GameOver):
            sheet.apply({"points": [91, 0, 0]})

    def test_half_points_are_kept_and_whole_totals_are_ints(self):
        sheet = TARE.new_sheet(3, {"deals": 2})
        sheet.apply({"points": [40.5, 30.5, 20.0]})
        assert sheet.rounds[0].entry == {"points": [40.5, 30.5, 20]}
        assert isinstance(sheet.rounds[0].entry["points"][2], int)
        sheet.apply({"points": [0.5, 60.5, 30]})
        # 40.5 + 0.5 = 41, 30.5 + 60.5 = 91, 20 + 30 = 50: all whole, all ints
        assert sheet.totals == [41, 91, 50] and all(isinstance(t, int) for t in sheet.totals)
        assert sheet.running_totals() == [[40.5, 30.5, 20], [41, 91, 50]]
        assert all(isinstance(t, int) for t in sheet.running_totals()[1])

    def test_a_tie_is_shared(self):
        sheet = TARE.new_sheet(3, {"deals": 1})
        sheet.apply({"points": [45.5, 45.5, 0]})
        assert sheet.winners == [2]
        sheet = TARE.new_sheet(4, {"deals": 1})
        sheet.apply({"points": [20, 20, 30, 21]})
        assert sheet.winners == [0, 1]

    def test_the_default_number_of_deals_is_twice_the_players(self):
        assert [TARE.new_sheet(n).options["deals"] for n in (3, 4, 5)] == [6, 8, 10]
        assert TARE.new_sheet(5, {"deals": 3}).options["deals"] == 3
        assert TARE.new_sheet(4, {"deals": None}).options["deals"] == 8
        with pytest.raises(InvalidOptions):
            TARE.new_sheet(4, {"deals": 0})

    def test_next_gives_dealer_first_hand_chien_deal_and_deals(self):
        sheet = TARE.new_sheet(4)
        sheet.apply({"points": [20, 20, 30, 21]})
        nxt = sheet.next_round()
        assert (nxt.dealer, nxt.first) == (1, 2)
        assert nxt.extra == {"hand": 18, "chien": 6, "deal": 2, "deals": 8}
        assert TARE.new_sheet(5).next_round().extra == {"hand": 15, "chien": 3, "deal": 1, "deals": 10}


class TestTheChienAside:
    def test_the_chien_s_points_are_entered_and_counted_for_nobody(self):
        sheet = TARE.new_sheet(4, {"chien": "aside", "deals": 1})
        # a 6-card chien worth 3 points: 91 − 3 = 88 for the players: 20 + 20 + 20 + 28.
        assert sheet.apply({"points": [20, 20, 20, 28], "chien_points": 3}).scores == [20, 20, 20, 28]
        assert sheet.rounds[0].entry == {"points": [20, 20, 20, 28], "chien_points": 3}

    def test_the_chien_s_points_must_be_those_of_its_cards(self):
        sheet = TARE.new_sheet(4, {"chien": "aside"})
        # 6 cards: 0.5 each at least (3), 4.5 each at most (27)
        assert codes(sheet.check({"points": [20, 20, 20, 28.5], "chien_points": 2.5})) == [("chien_points", None, "out_of_range")]
        assert codes(sheet.check({"points": [10, 10, 10, 33.5], "chien_points": 27.5})) == [("chien_points", None, "out_of_range")]
        assert codes(sheet.check({"points": [10, 10, 10, 34], "chien_points": 27})) == []
        assert codes(sheet.check({"points": [20, 20, 20, 28]})) == [("chien_points", None, "required")]
        assert codes(sheet.check({"points": [20, 20, 20, 28], "chien_points": 4})) == [("points", None, "point_total")]
        # 5 players: a chien of 3 cards, 1.5 to 13.5 points
        five = TARE.new_sheet(5, {"chien": "aside"})
        assert codes(five.check({"points": [20, 20, 20, 20, 9.5], "chien_points": 1.5})) == []
        assert codes(five.check({"points": [20, 20, 20, 20, 10], "chien_points": 1})) == [("chien_points", None, "out_of_range")]

    def test_with_the_chien_to_the_last_trick_its_points_are_not_entered(self):
        assert codes(TARE.new_sheet(4).check({"points": [20, 20, 20, 28], "chien_points": 3})) == [
            ("chien_points", None, "chien_counts"), ("points", None, "point_total")]


class TestThePetitAuBoutOption:
    def test_ten_more_to_whoever_won_the_last_trick_with_the_petit(self):
        sheet = TARE.new_sheet(5, {"petit_au_bout": True, "deals": 1})
        # 15 + 10 = 25 for seat 1; the deal's 91 card points are unchanged.
        assert sheet.apply({"points": [20, 15, 20, 20, 16], "petit_au_bout": 1}).scores == [20, 25, 20, 20, 16]
        assert sheet.rounds[0].entry == {"points": [20, 15, 20, 20, 16], "petit_au_bout": 1}

    def test_no_petit_au_bout_is_fine_with_the_option(self):
        sheet = TARE.new_sheet(5, {"petit_au_bout": True})
        assert sheet.apply({"points": [20, 15, 20, 20, 16]}).entry == {"points": [20, 15, 20, 20, 16], "petit_au_bout": None}

    def test_the_petit_s_taker_took_the_petit_and_a_card_from_each_other_player(self):
        sheet = TARE.new_sheet(5, {"petit_au_bout": True})
        # at 5: the Petit 4.5 and four other cards of 0.5 at least: 6.5
        assert codes(sheet.check({"points": [20, 6, 20, 20, 25], "petit_au_bout": 1})) == [("petit_au_bout", 1, "petit_points")]
        assert codes(sheet.check({"points": [20, 6.5, 20, 20, 24.5], "petit_au_bout": 1})) == []
        entry = {"points": [21, 6.5, 20, 20, 23.5], "tricks": [3, 0, 4, 4, 4], "petit_au_bout": 1}
        assert codes(sheet.check(entry)) == [("petit_au_bout", 1, "petit_without_trick"), ("points", 1, "points_without_trick")]

    def test_without_the_option_the_petit_au_bout_is_refused(self):
        assert codes(TARE.new_sheet(4).check({"points": [20, 20, 30, 21], "petit_au_bout": 0})) == [
            ("petit_au_bout", None, "no_petit_au_bout")]


class TestLegality:
    def test_the_points_add_up_to_91(self):
        assert codes(TARE.new_sheet(3).check({"points": [40, 30.5, 21]})) == [("points", None, "point_total")]

    def test_every_problem_at_once_with_its_seat(self):
        entry = {"points": [-1, "x", 30.25, 10], "tricks": [1, 2], "jokers": 1}
        assert codes(TARE.new_sheet(4).check(entry)) == [
            ("jokers", None, "unknown_field"), ("points", 0, "out_of_range"), ("points", 1, "not_half_points"),
            ("points", 2, "not_half_points"), ("tricks", None, "wrong_length")]

    def test_tricks_add_up_to_the_hand_and_hold_their_cards_points(self):
        sheet = TARE.new_sheet(4)  # 18 tricks of 4 cards: each at least 4 × 0.5 = 2 points (6 tricks: 12, 5: 10)
        assert codes(sheet.check({"points": [20, 20, 30, 21], "tricks": [4, 4, 5, 4]})) == [("tricks", None, "trick_total")]
        assert codes(sheet.check({"points": [0, 35, 35, 21], "tricks": [0, 6, 6, 6]})) == []
        assert codes(sheet.check({"points": [11.5, 34.5, 35, 10], "tricks": [6, 4, 3, 5]})) == [("points", 0, "too_few_points")]
        assert codes(sheet.check({"points": [0.5, 35, 35, 20.5], "tricks": [0, 6, 6, 6]})) == [("points", 0, "points_without_trick")]

    def test_one_number_per_player(self):
        assert codes(TARE.new_sheet(4).check({"points": [91]})) == [("points", None, "wrong_length")]
        assert codes(TARE.new_sheet(4).check({})) == [("points", None, "required")]


@st.composite
def legal_deals(draw):
    n = draw(st.sampled_from([3, 4, 5]))
    aside = draw(st.booleans())
    chien = {3: 6, 4: 6, 5: 3}[n]
    chien_half = draw(st.integers(chien, 9 * chien)) if aside else 0
    cuts = sorted(draw(st.lists(st.integers(0, 182 - chien_half), min_size=n - 1, max_size=n - 1)))
    halves = [b - a for a, b in zip([0, *cuts], [*cuts, 182 - chien_half], strict=True)]
    entry = {"points": [h // 2 if h % 2 == 0 else h / 2 for h in halves]}
    if aside:
        entry["chien_points"] = chien_half / 2
    return n, {"chien": "aside" if aside else "last_trick"}, entry


@settings(max_examples=300, deadline=None)
@given(legal_deals())
def test_every_legal_deal_hands_out_91_points(case):
    n, options, entry = case
    sheet = TARE.new_sheet(n, options)
    assert sheet.check(entry) == []
    scores = sheet.apply(entry).scores
    assert sum(scores) + entry.get("chien_points", 0) == 91


@settings(max_examples=200, deadline=None)
@given(points=st.lists(st.floats(allow_nan=True, allow_infinity=True) | st.integers(-10**6, 10**6) | st.none(), min_size=3, max_size=3))
def test_odd_point_values_are_refused_never_raised(points):
    sheet = TARE.new_sheet(3)
    if sheet.check({"points": points}):
        with pytest.raises(InvalidEntry):
            sheet.apply({"points": points})


def test_the_history_says_each_deal_in_words_with_decimal_commas():
    sheet = TARE.new_sheet(3, {"chien": "aside", "petit_au_bout": True})
    entry = {"points": [40.5, 30, 17.5], "tricks": [10, 8, 6], "chien_points": 3, "petit_au_bout": 1}
    assert [t.fr for t in sheet.describe_entry(entry, 1)] == [
        "Points : ⟨0⟩ 40,5, ⟨1⟩ 30, ⟨2⟩ 17,5", "Plis : ⟨0⟩ 10, ⟨1⟩ 8, ⟨2⟩ 6", "Chien mis de côté : 3 points.",
        "Petit au bout : ⟨1⟩."]
    assert sheet.describe_entry(entry, 1)[0].en == "Points: ⟨0⟩ 40.5, ⟨1⟩ 30, ⟨2⟩ 17.5"
