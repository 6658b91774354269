"""Barbu as in seed 002. Every expected number below is worked out by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import Card, GameOver, InvalidEntry, deck, registry

BARBU = registry.get("barbu")


def play(n, entries, **options):
    sheet = BARBU.new_sheet(n, options)
    for e in entries:
        sheet.apply(e)
    return sheet


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestWholeGames:
    FOUR = [
        {"tricks": [4, 3, 5, 1]},  # 20 15 25 5
        {"hearts": [2, 6, 0, 5]},  # 10 30 0 25
        {"queens": [1, 0, 2, 1]},  # 20 0 40 20
        {"king_of_hearts": 2},  # 0 0 80 0
        # salade: Ana 15+5 = 20; Bea 20+25+40 = 85; Cid 10+15+20 = 45; Dan 20+20+20+80 = 140
        {"tricks": [3, 4, 2, 4], "hearts": [1, 5, 3, 4], "queens": [0, 2, 1, 1], "king_of_hearts": 3},
    ]

    def test_a_four_player_game_scores_as_worked_by_hand(self):
        sheet = play(4, self.FOUR)
        assert [r.scores for r in sheet.rounds] == [
            [20, 15, 25, 5], [10, 30, 0, 25], [20, 0, 40, 20], [0, 0, 80, 0], [20, 85, 45, 140],
        ]
        assert sheet.totals == [70, 130, 190, 190]
        assert sheet.finished
        assert sheet.winners == [0]

    def test_the_manches_come_in_the_seed_order(self):
        sheet = play(4, self.FOUR)
        assert [r.contract.key for r in sheet.rounds] == ["plis", "coeurs", "dames", "roi-de-coeur", "salade"]

    def test_who_led_a_manche_deals_the_next(self):
        sheet = BARBU.new_sheet(4)
        seen = []
        for entry in self.FOUR:
            nxt = sheet.next_round()
            seen.append((nxt.dealer, nxt.first))
            sheet.apply(entry)
        # First player listed deals first; the player on the dealer's left leads and deals next.
        assert seen == [(0, 1), (1, 2), (2, 3), (3, 0), (0, 1)]

    def test_a_five_player_game_scores_as_worked_by_hand(self):
        sheet = play(5, [
            {"tricks": [2, 2, 2, 2, 2]},
            {"tricks": [1, 1, 6, 1, 1], "hearts": [0, 0, 13, 0, 0]},
            {"queens": [1, 1, 1, 1, 0]},
            {"king_of_hearts": 4},
            # Ana 5+5 = 10; Bea 10+10+20 = 40; Cid 15+20+20 = 55; Dan 20+30+40+80 = 170; Eve 0
            {"tricks": [1, 2, 3, 4, 0], "hearts": [1, 2, 4, 6, 0], "queens": [0, 1, 1, 2, 0], "king_of_hearts": 3},
        ])
        assert sheet.totals == [40, 70, 150, 200, 90]
        assert sheet.winners == [0]
        assert sheet.rounds[1].entry == {"tricks": [1, 1, 6, 1, 1], "hearts": [0, 0, 13, 0, 0]}

    def test_equal_lowest_totals_share_the_win(self):
        sheet = play(4, [
            {"tricks": [4, 4, 4, 1]},  # 20 20 20 5
            {"hearts": [3, 3, 3, 4]},  # 15 15 15 20
            {"queens": [1, 1, 1, 1]},  # 20 20 20 20
            {"king_of_hearts": 3},  # Dan 80
            {"tricks": [3, 3, 3, 4], "hearts": [3, 3, 3, 4], "queens": [1, 1, 1, 1], "king_of_hearts": 3},
        ])
        # Ana, Bea, Cid: 20+15+20+0+(15+15+20) = 105 each; Dan: 5+20+20+80+(20+20+20+80) = 265
        assert sheet.totals == [105, 105, 105, 265]
        assert sheet.winners == [0, 1, 2]

    def test_a_finished_game_takes_no_more_rounds(self):
        sheet = play(4, self.FOUR)
        with pytest.raises(GameOver):
            sheet.apply({"tricks": [4, 3, 5, 1]})
        assert sheet.check({"tricks": [4, 3, 5, 1]})[0].code == "finished"

    def test_one_series_per_player_plays_twenty_manches_at_four(self):
        sheet = play(4, self.FOUR * 3, series=True)
        assert not sheet.finished
        assert sheet.next_round().contract.key == "plis"
        assert sheet.next_round().dealer == 3  # the 16th manche is the fourth player's series
        sheet = play(4, self.FOUR * 4, series=True)
        assert sheet.finished
        assert sheet.totals == [280, 520, 760, 760]


class TestLegality:
    def test_it_rejects_fourteen_tricks(self):
        problems = BARBU.new_sheet(4).check({"tricks": [4, 4, 4, 2]})
        assert codes(problems) == [("tricks", None, "trick_total")]
        assert "13" in problems[0].message.fr

    def test_it_wants_ten_tricks_at_five(self):
        assert codes(BARBU.new_sheet(5).check({"tricks": [3, 3, 3, 2, 2]})) == [("tricks", None, "trick_total")]
        assert BARBU.new_sheet(5).check({"tricks": [2, 2, 2, 2, 2]}) == []

    @pytest.mark.parametrize("bad", [-1, 1.5, "3", None, True])
    def test_it_names_the_seat_of_a_count_that_is_not_a_whole_number(self, bad):
        problems = BARBU.new_sheet(4).check({"tricks": [4, bad, 5, 4]})
        assert ("tricks", 1, "not_count") in codes(problems)

    def test_it_wants_one_count_per_player(self):
        assert codes(BARBU.new_sheet(4).check({"tricks": [13, 0, 0]})) == [("tricks", None, "wrong_length")]

    def test_it_rejects_twelve_hearts_and_five_queens(self):
        sheet = play(4, [{"tricks": [4, 3, 5, 1]}])
        assert codes(sheet.check({"hearts": [3, 3, 3, 3]})) == [("hearts", None, "heart_total")]
        sheet.apply({"hearts": [3, 3, 3, 4]})
        assert codes(sheet.check({"queens": [2, 1, 1, 1]})) == [("queens", None, "queen_total")]

    def test_exactly_one_seat_takes_the_king_of_hearts(self):
        sheet = play(4, TestWholeGames.FOUR[:3])
        assert codes(sheet.check({})) == [("king_of_hearts", None, "required")]
        assert codes(sheet.check({"king_of_hearts": 4})) == [("king_of_hearts", None, "not_seat")]
        assert codes(sheet.check({"king_of_hearts": [1, 2]})) == [("king_of_hearts", None, "not_seat")]

    def test_a_seat_with_no_trick_took_no_card(self):
        sheet = play(4, TestWholeGames.FOUR[:1])
        problems = sheet.check({"tricks": [0, 4, 5, 4], "hearts": [1, 4, 4, 4]})
        assert codes(problems) == [("hearts", 0, "cards_without_trick")]

    def test_a_trick_holds_only_as_many_cards_as_players(self):
        sheet = play(4, TestWholeGames.FOUR[:1])
        # one trick at four players is four cards: five hearts cannot be in it
        problems = sheet.check({"tricks": [1, 4, 4, 4], "hearts": [5, 0, 4, 4]})
        assert codes(problems) == [("tricks", 0, "too_many_cards")]

    def test_the_queen_of_hearts_counts_once_against_the_cards_taken(self):
        sheet = play(4, TestWholeGames.FOUR[:4])
        ok = {"tricks": [1, 4, 4, 4], "hearts": [4, 3, 3, 3], "queens": [1, 1, 1, 1], "king_of_hearts": 1}
        assert sheet.check(ok) == []  # 4 hearts + 1 queen fit in 4 cards only if that queen is the Q♥
        too_many = {"tricks": [1, 4, 4, 4], "hearts": [4, 3, 3, 3], "queens": [2, 0, 1, 1], "king_of_hearts": 1}
        assert codes(sheet.check(too_many)) == [("tricks", 0, "too_many_cards")]

    def test_the_king_of_hearts_taker_took_a_heart(self):
        sheet = play(4, TestWholeGames.FOUR[:4])
        entry = {"tricks": [3, 4, 2, 4], "hearts": [0, 6, 3, 4], "queens": [0, 2, 1, 1], "king_of_hearts": 0}
        assert codes(sheet.check(entry)) == [("king_of_hearts", 0, "king_without_heart")]

    def test_it_reports_every_problem_at_once(self):
        sheet = play(4, TestWholeGames.FOUR[:4])
        entry = {"tricks": [3, 4, 2, 5], "hearts": [1, 5, 3, 3], "queens": [0, 2, 1, 2], "king_of_hearts": 9, "x": 1}
        assert codes(sheet.check(entry)) == [
            ("hearts", None, "heart_total"),
            ("king_of_hearts", None, "not_seat"),
            ("queens", None, "queen_total"),
            ("tricks", None, "trick_total"),
            ("x", None, "unknown_field"),
        ]

    def test_a_field_from_another_manche_is_refused(self):
        assert codes(BARBU.new_sheet(4).check({"tricks": [4, 3, 5, 1], "queens": [1, 1, 1, 1]})) == [
            ("queens", None, "not_this_manche")
        ]

    @pytest.mark.parametrize("junk", [None, [], "plis", 3, [1, 2, 3, 4]])
    def test_an_entry_must_be_an_object(self, junk):
        assert codes(BARBU.new_sheet(4).check(junk)) == [("", None, "not_object")]

    def test_the_king_manche_may_stop_when_the_king_falls(self):
        sheet = play(4, TestWholeGames.FOUR[:3])
        assert sheet.check({"tricks": [1, 2, 2, 0], "king_of_hearts": 2}) == []
        assert codes(sheet.check({"tricks": [1, 2, 2, 0], "king_of_hearts": 3})) == [
            ("king_of_hearts", 3, "cards_without_trick")
        ]
        played_out = play(4, TestWholeGames.FOUR[:3], king_stops_play=False)
        assert codes(played_out.check({"tricks": [1, 2, 2, 0], "king_of_hearts": 2})) == [("tricks", None, "trick_total")]

    def test_an_invalid_entry_changes_nothing(self):
        sheet = play(4, TestWholeGames.FOUR[:1])
        with pytest.raises(InvalidEntry) as err:
            sheet.apply({"hearts": [1, 1, 1, 1]})
        assert err.value.problems[0].code == "heart_total"
        assert len(sheet.rounds) == 1
        assert sheet.totals == [20, 15, 25, 5]

    def test_problems_carry_both_languages_and_the_rule(self):
        (problem,) = BARBU.new_sheet(4).check({"tricks": [4, 4, 4, 2]})
        assert problem.message.fr != problem.message.en
        assert problem.rule == "plis"


class TestOptionsAndPlayers:
    def test_it_takes_four_or_five_players(self):
        assert [p.code for p in BARBU.check_players(["A", "B", "C"])] == ["player_count"]
        assert BARBU.check_players(["A", "B", "C", "D", "E"]) == []
        assert [p.code for p in BARBU.check_players(list("ABCDEF"))] == ["player_count"]

    def test_it_rejects_empty_and_duplicate_names(self):
        problems = BARBU.check_players(["Ana", " ", "ana", "Dan"])
        assert [(p.code, p.seat) for p in problems] == [("empty_name", 1), ("duplicate_name", 2)]

    def test_it_rejects_unknown_and_invalid_options(self):
        from companion.rules import InvalidOptions

        with pytest.raises(InvalidOptions) as err:
            BARBU.clean_options({"series": "yes", "five_players_removed": "2H-2D", "colour": 1})
        assert sorted(p.field for p in err.value.problems) == [
            "options.colour", "options.five_players_removed", "options.series",
        ]

    def test_defaults_follow_the_rules_notes(self):
        assert BARBU.default_options() == {"king_stops_play": True, "five_players_removed": "2C-2D", "series": False}


# -- Property tests: random real deals, counted card by card, are legal by construction -------------------

HEARTS = [c for c in deck("52") if c.suit.value == "H"]
QUEENS = [c for c in deck("52") if c.rank.value == 13]
KING_OF_HEARTS = Card.parse("KH")
FIXED_TOTALS = {4: [65, 65, 80, 80, 290], 5: [50, 65, 80, 80, 275]}


def random_manche(n: int, manche: int, rng: random.Random, stop_at_king: bool) -> dict:
    """Deal real cards, hand each trick to a random seat, and count what each seat took."""
    cards = deck("52")
    if n == 5:
        cards = [c for c in cards if c.code not in ("2C", "2D")]
    rng.shuffle(cards)
    tricks, hearts, queens, king = [0] * n, [0] * n, [0] * n, None
    for i in range(0, len(cards), n):
        trick = cards[i:i + n]
        seat = rng.randrange(n)
        tricks[seat] += 1
        hearts[seat] += sum(1 for c in trick if c.code.endswith("H"))
        queens[seat] += sum(1 for c in trick if c.code.startswith("Q"))
        if KING_OF_HEARTS in trick:
            king = seat
            if manche == 4 and stop_at_king:
                break
    entry = {1: {"tricks": tricks}, 2: {"hearts": hearts}, 3: {"queens": queens}, 4: {"king_of_hearts": king},
             5: {"tricks": tricks, "hearts": hearts, "queens": queens, "king_of_hearts": king}}[manche]
    if manche in (2, 3, 4) and rng.random() < 0.5:
        entry = {**entry, "tricks": tricks}  # the optional cross-check
    return entry


@settings(max_examples=150, deadline=None)
@given(n=st.sampled_from([4, 5]), seed=st.integers(0, 2**32), stop=st.booleans())
def test_every_random_legal_game_hands_out_the_fixed_manche_totals(n, seed, stop):
    rng = random.Random(seed)
    sheet = BARBU.new_sheet(n, {"king_stops_play": stop})
    for manche in range(1, 6):
        entry = random_manche(n, manche, rng, stop)
        assert sheet.check(entry) == [], entry
        result = sheet.apply(entry)
        assert sum(result.scores) == FIXED_TOTALS[n][manche - 1]
    assert sheet.finished
    assert sum(sheet.totals) == sum(FIXED_TOTALS[n])
    assert sheet.winners and all(sheet.totals[w] == min(sheet.totals) for w in sheet.winners)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(
        st.sampled_from(["tricks", "hearts", "queens", "king_of_hearts", "x"]), children, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(entry=json_values, manche=st.integers(1, 5), n=st.sampled_from([4, 5]))
def test_junk_entries_give_problems_never_exceptions(entry, manche, n):
    sheet = BARBU.new_sheet(n)
    for m in range(1, manche):
        sheet.apply(random_manche(n, m, random.Random(m), True))
    problems = sheet.check(entry)
    if problems:
        with pytest.raises(InvalidEntry):
            sheet.apply(entry)
    else:
        sheet.apply(entry)


def test_the_salade_explains_each_players_points():
    from companion.rules.text import name_seats

    sheet = play(4, TestWholeGames.FOUR[:4])
    result = sheet.apply(TestWholeGames.FOUR[4])
    notes = [name_seats(n.fr, ["Ana", "Bea", "Cid", "Dan"]) for n in result.notes]
    assert "Dan : 4 plis × 5 + 4 cœurs × 5 + 1 dame × 20 + R♥ 80 = 140" in notes
    assert "Ana : 3 plis × 5 + 1 cœur × 5 = 20" in notes
