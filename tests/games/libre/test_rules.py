"""The free score sheet: whole games worked out by hand (target, number of rounds, lowest wins, ties) and its checks."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.libre import rules as libre
from companion.kernel import GameOver, InvalidEntry, InvalidOptions

GAME = registry.get("libre")


def play(n, options, rounds):
    return GAME.replay(n, options, [{"points": p} for p in rounds])


def test_it_is_registered_with_two_to_twelve_players_and_no_rule_beyond_whole_numbers():
    assert registry.resolve("Feuille libre") == "libre"
    assert (GAME.info.min_players, GAME.info.max_players) == (2, 12)
    assert GAME.default_options() == {"lowest_wins": False, "target": None, "rounds": None}


def test_with_no_end_set_totals_add_up_and_only_the_group_ends_the_game():
    sheet = play(3, {}, [[10, -5, 0], [7, 20, -3], [-2, 1, 40]])
    # Ana 10 + 7 − 2 = 15; Bea −5 + 20 + 1 = 16; Cid 0 − 3 + 40 = 37
    assert sheet.totals == [15, 16, 37]
    assert not sheet.finished and sheet.winners == [] and sheet.leaders == [2]
    sheet.close()
    assert sheet.finished and sheet.winners == [2]


def test_a_target_ends_the_game_after_the_round_that_reaches_it_and_the_highest_wins():
    sheet = play(2, {"target": 50}, [[30, 20], [15, 25]])
    # 30 + 15 = 45, 20 + 25 = 45: nobody at 50 yet
    assert sheet.totals == [45, 45] and not sheet.finished
    sheet.apply({"points": [10, 2]})  # 55 ≥ 50 ends it; 47 for the other
    assert sheet.finished and sheet.totals == [55, 47] and sheet.winners == [0]
    with pytest.raises(GameOver):
        sheet.apply({"points": [1, 1]})


def test_a_number_of_rounds_ends_the_game_after_the_last_one():
    sheet = play(3, {"rounds": 2}, [[1, 2, 3]])
    assert not sheet.finished
    sheet.apply({"points": [4, 0, -1]})  # 1 + 4 = 5, 2 + 0 = 2, 3 − 1 = 2
    assert sheet.finished and sheet.totals == [5, 2, 2] and sheet.winners == [0]


def test_lowest_wins_reads_the_totals_the_other_way_and_ties_are_shared():
    sheet = play(4, {"lowest_wins": True, "target": 100}, [[40, 10, 60, 10], [70, 5, 30, 5]])
    # 40 + 70 = 110 ≥ 100 ends it; Bea 10 + 5 = 15, Cid 60 + 30 = 90, Dan 10 + 5 = 15: Bea and Dan share the lowest
    assert sheet.totals == [110, 15, 90, 15]
    assert sheet.finished and sheet.winners == [1, 3]


def test_a_tie_on_the_highest_total_is_shared():
    sheet = play(2, {"rounds": 1}, [[-3, -3]])
    assert sheet.finished and sheet.winners == [0, 1]


def test_twelve_players_and_teams_are_just_players():
    sheet = play(12, {}, [list(range(-6, 6))])
    assert sheet.totals == list(range(-6, 6))


@pytest.mark.parametrize(("entry", "code"), [
    ({"points": [1, 2]}, "wrong_length"),
    ({"points": [1, 2.5, 3]}, "not_int"),
    ({"points": [1, True, 3]}, "not_int"),
    ({"points": [1, None, 3]}, "required"),
    ({"points": [1, libre.MAX_POINTS + 1, 3]}, "out_of_range"),
    ({"points": [1, -libre.MAX_POINTS - 1, 3]}, "out_of_range"),
    ({}, "required"),
    ({"points": [1, 2, 3], "tricks": [1, 2, 3]}, "unknown_field"),
])
def test_it_refuses_what_is_not_one_whole_number_per_player(entry, code):
    sheet = GAME.new_sheet(3)
    problems = sheet.check(entry)
    assert code in [p.code for p in problems]
    assert all(p.field for p in problems) and all(p.rule == "points" for p in problems)
    with pytest.raises(InvalidEntry):
        sheet.apply(entry)
    assert sheet.rounds == []


def test_every_bad_seat_is_reported_at_once():
    problems = GAME.new_sheet(3).check({"points": ["x", None, 1.5]})
    assert [p.seat for p in problems] == [0, 1, 2]


@pytest.mark.parametrize("options", [{"target": 0}, {"rounds": 0}, {"lowest_wins": "yes"}, {"rounds": libre.MAX_ROUNDS + 1}])
def test_it_refuses_bad_options(options):
    with pytest.raises(InvalidOptions):
        GAME.clean_options(options)


def test_the_history_says_an_entry_in_words():
    (line,) = GAME.new_sheet(3).describe_entry({"points": [4, -2, 0]}, 1)
    assert line.fr == "Points : ⟨0⟩ 4, ⟨1⟩ −2, ⟨2⟩ 0" and line.en == "Points: ⟨0⟩ 4, ⟨1⟩ −2, ⟨2⟩ 0"


@settings(max_examples=80, deadline=None)
@given(n=st.integers(2, 12), rounds=st.lists(st.lists(st.integers(-500, 500), min_size=12, max_size=12), max_size=8))
def test_totals_are_the_sums_of_the_rounds(n, rounds):
    sheet = GAME.new_sheet(n)
    for r in rounds:
        sheet.apply({"points": r[:n]})
    assert sheet.totals == [sum(r[s] for r in rounds) for s in range(n)]
