"""Le pouilleux (the user's rule document « Le pouilleux »): wins or poux. Every expected number is worked out by
hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.pouilleux.rules import dealt, partner_of
from companion.kernel.text import name_seats
from tests.groups import legal

POUILLEUX = registry.get("pouilleux")
NAMES = ["Ana", "Ben", "Cid", "Dan"]


def play(entries, n=4, **options):
    sheet = POUILLEUX.new_sheet(n, options)
    for entry in entries:
        sheet.apply(entry)
    return sheet


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestTheDeal:
    def test_fifty_one_cards_one_by_one_from_the_seat_after_the_dealer(self):
        # 51 = 4 × 12 + 3: seats 1, 2, 3 are served first and get 13, the dealer 12.
        nxt = POUILLEUX.new_sheet(4).next_round()
        assert (nxt.dealer, nxt.first, nxt.extra) == (0, 1, {"hands": [12, 13, 13, 13]})

    @pytest.mark.parametrize("n, dealer, hands", [
        (3, 0, [17, 17, 17]),  # 51 = 3 × 17
        (5, 2, [10, 10, 10, 11, 10]),  # 51 = 5 × 10 + 1: only seat 3, the first served, gets 11
        (8, 7, [7, 7, 7, 6, 6, 6, 6, 6]),  # 51 = 8 × 6 + 3: seats 0, 1, 2 get 7
    ])
    def test_hands_follow_the_dealer(self, n, dealer, hands):
        assert dealt(n, dealer) == hands and sum(hands) == 51

    def test_the_second_deal_comes_from_the_next_seat(self):
        sheet = play([{"winner": 0, "pouilleux": 1}])
        assert sheet.next_round().dealer == 1 and sheet.next_round().extra["hands"] == [13, 12, 13, 13]

    def test_a_card_pairs_with_the_same_rank_in_the_other_suit_of_its_colour(self):
        assert [partner_of(c) for c in ("7H", "7D", "JS", "10C")] == ["7D", "7H", "JC", "10S"]


class TestWins:
    def test_the_first_out_wins_three_games_and_the_poux_are_shown_beside(self):
        sheet = play([
            {"winner": 0, "pouilleux": 3},
            {"winner": 2, "pouilleux": 3},
            {"winner": 0, "pouilleux": 1},
        ])
        assert sheet.totals == [2, 0, 1, 0] and not sheet.finished
        notes = [name_seats(n.fr, NAMES) for n in sheet.rounds[1].notes]
        assert notes == ["Cid gagne la manche (1 sur 3).", "Dan garde le pouilleux (2 poux en tout, non comptés)."]
        sheet.apply({"winner": 0, "pouilleux": 2})
        assert sheet.finished and sheet.winners == [0] and sheet.totals == [3, 0, 1, 0]

    def test_without_a_limit_ties_are_shared(self):
        sheet = play([{"winner": 0, "pouilleux": 1}, {"winner": 1, "pouilleux": 0}], wins_needed=None)
        sheet.close()
        assert sheet.winners == [0, 1]


class TestPoux:
    def test_one_poux_to_the_loser_the_fewest_win_at_the_target(self):
        sheet = play([
            {"winner": 0, "pouilleux": 3},  # Dan 1
            {"winner": 1, "pouilleux": 2},  # Cid 1
            {"winner": 0, "pouilleux": 3},  # Dan 2
        ], scoring="poux")
        assert sheet.totals == [0, 0, 1, 2] and not sheet.finished
        assert sheet.leaders == [0, 1]  # no poux yet: the fewest lead
        sheet.apply({"winner": 2, "pouilleux": 3})  # Dan 3: the target
        assert sheet.finished and sheet.winners == [0, 1]  # Ana and Ben have none: shared
        notes = [name_seats(n.en, NAMES) for n in sheet.rounds[3].notes]
        assert notes == ["Dan keeps the pouilleux: 3 poux of 3.", "Cid is first out (1 time, not scored)."]

    def test_the_target_changes_the_end(self):
        sheet = play([{"winner": 0, "pouilleux": 1}], scoring="poux", target=1)
        assert sheet.finished and sheet.winners == [0, 2, 3]


class TestMysterieux:
    def test_the_card_taken_out_names_the_pouilleux(self):
        sheet = play([{"winner": 0, "pouilleux": 1, "removed": "7H"}], mysterieux=True)
        assert name_seats(sheet.rounds[0].notes[-1].fr, NAMES) == "Carte retirée : 7♥ ; le pouilleux était le 7♦."
        assert sheet.rounds[0].entry == {"winner": 0, "pouilleux": 1, "removed": "7H"}

    def test_the_card_is_optional_and_any_card_but_a_joker(self):
        sheet = POUILLEUX.new_sheet(4, {"mysterieux": True})
        assert sheet.check({"winner": 0, "pouilleux": 1}) == []
        assert sheet.check({"winner": 0, "pouilleux": 1, "removed": "JC"}) == []
        for bad in ("JK", "T21", "ZZ", 7, "7♥"):
            assert codes(sheet.check({"winner": 0, "pouilleux": 1, "removed": bad})) == [("removed", None, "bad_card")]

    def test_no_card_to_enter_without_the_variant(self):
        problems = POUILLEUX.new_sheet(4).check({"winner": 0, "pouilleux": 1, "removed": "7H"})
        assert codes(problems) == [("removed", None, "not_mysterieux")]


class TestLegality:
    def test_two_different_seats_every_problem_at_once(self):
        sheet = POUILLEUX.new_sheet(3)
        assert codes(sheet.check({"winner": 1, "pouilleux": 1})) == [("pouilleux", 1, "same_seat")]
        assert codes(sheet.check({"winner": 3, "extra": 0})) == [
            ("extra", None, "unknown_field"), ("pouilleux", None, "required"), ("winner", None, "not_seat")]

    def test_three_to_eight_players(self):
        assert (POUILLEUX.info.min_players, POUILLEUX.info.max_players) == (3, 8)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(3, 8), scoring=st.sampled_from(["wins", "poux"]),
       mysterieux=st.booleans())
def test_random_legal_games_give_one_point_a_game_and_the_pouilleux_never_wins_it(seed, n, scoring, mysterieux):
    rng = random.Random(seed)
    sheet = POUILLEUX.new_sheet(n, {"scoring": scoring, "mysterieux": mysterieux})
    for _ in range(15):
        if sheet.finished:
            break
        entry = legal.pouilleux(sheet, rng)
        assert sheet.check(entry) == [] and sum(sheet.next_round().extra["hands"]) == 51
        scored = entry["winner"] if scoring == "wins" else entry["pouilleux"]
        assert sheet.apply(entry).scores == [1 if s == scored else 0 for s in range(n)]
    assert sum(sheet.totals) == len(sheet.rounds)


@pytest.mark.parametrize("scoring, points", [("wins", {"winner": 1}), ("poux", {"pouilleux": 1})])
def test_a_phone_offline_adds_up_what_the_rules_score(scoring, points):
    sheet = POUILLEUX.new_sheet(4, {"scoring": scoring})
    assert sheet.offline_points(1) == points
    entry = {"winner": 0, "pouilleux": 2}
    # What static/js/atout/pending.js does for a seat field: the chosen seat scores the points.
    offline = [sum(p for key, p in points.items() if entry[key] == s) for s in range(4)]
    assert sheet.apply(entry).scores == offline


def test_the_deal_line_says_who_gets_the_extra_cards_without_naming_them():
    # 51 cards (the V♣ is out): 3 players 17 each; 4 players 12 each and 3 over, so the first three served get 13;
    # 5 players 10 each and 1 over.
    assert POUILLEUX.new_sheet(3).deal_line().fr == "51 cartes données une à une : 17 à chacun."
    assert POUILLEUX.new_sheet(4).deal_line().fr == (
        "51 cartes données une à une depuis la gauche du donneur : 13 pour les 3 premiers servis, 12 pour le dernier.")
    assert POUILLEUX.new_sheet(5).deal_line().en == (
        "51 cards dealt one at a time from the dealer's left: 11 for the first served, 10 for the other 4.")


class TestWords:
    def test_one_pou_two_poux(self):
        # French says 1 in the singular: the first pouilleux is "1 pou", never "1 poux".
        sheet = play([{"winner": 0, "pouilleux": 3}])
        assert [name_seats(n.fr, NAMES) for n in sheet.rounds[0].notes][1] == (
            "Dan garde le pouilleux (1 pou en tout, non compté).")
        sheet = play([{"winner": 0, "pouilleux": 3}, {"winner": 0, "pouilleux": 3}], scoring="poux")
        notes = [[name_seats(n.fr, NAMES) for n in r.notes] for r in sheet.rounds]
        assert notes[0][0] == "Dan garde le pouilleux : 1 pou sur 3." and notes[1][0] == "Dan garde le pouilleux : 2 poux sur 3."
