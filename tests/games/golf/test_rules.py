"""Golf: column pairs, both forms, the knocker's penalty, whole games worked out by hand, the ranges."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.golf.rules import FOUR_RANGE, SIX_RANGE
from companion.kernel import InvalidOptions
from companion.kernel.cards import deck

GAME = registry.get("golf")


def lay(top, bottom):
    return {"rows": [top.split(), bottom.split()]}


def test_the_ranges_worked_out_by_hand():
    # Golf 6: a 2 (−2) over a Roi (0) in each of three columns: −6; Valet over Dame (10 + 10) three times: 60.
    assert SIX_RANGE == (-6, 60)
    # Golf 4: the least a column makes is 0 (a pair, or a Roi over a Roi… any pair); Valet over Dame twice: 40.
    assert FOUR_RANGE == (0, 40)


def test_a_whole_six_card_game_worked_out_by_hand():
    sheet = GAME.new_sheet(2, {"holes": 2})
    # Hole 1: Anne R♠ 5♣ 2♥ / R♥ 5♦ V♣: pairs 0, 0; 2♥ + V♣ = −2 + 10 = 8. Bruno 2♠ 2♣ A♦ / R♦ 3♥ 9♠:
    # 2♠ + R♦ = −2, 2♣ + 3♥ = 1, A♦ + 9♠ = 10: 9.
    r = sheet.apply({"layouts": [lay("KS 5C 2H", "KH 5D JC"), lay("2S 2C AD", "KD 3H 9S")], "knocker": 0})
    assert r.scores == [8, 9] and sheet.next_round().extra["hole"] == 2
    # Hole 2: a pair of 2s in a column is 0 too: 2♠ / 2♦, Q♥ / Q♣, R / A = 1: 1. Bruno −6 counted at the table.
    r = sheet.apply({"layouts": [lay("2S QH KC", "2D QC AS"), {"points": -6}]})
    assert r.scores == [1, -6] and sheet.totals == [9, 3]
    assert sheet.finished and sheet.winners == [1]


def test_four_card_golf_with_the_knockers_penalty():
    sheet = GAME.new_sheet(3, {"variant": "four", "knock_penalty": True, "holes": 1})
    # 2 is worth 2 here. Anne knocks with 2♠ 3♥ / 2♣ 4♦: pair of 2s 0, 3 + 4 = 7. Bruno 7, Chloé 12: Anne ties, 7 × 2.
    r = sheet.apply({"layouts": [lay("2S 3H", "2C 4D"), {"points": 7}, {"points": 12}], "knocker": 0})
    assert r.scores == [14, 7, 12] and sheet.winners == [1]


def test_the_knocker_strictly_lowest_keeps_the_score():
    sheet = GAME.new_sheet(2, {"variant": "four", "knock_penalty": True})
    assert sheet.apply({"layouts": [{"points": 3}, {"points": 4}], "knocker": 0}).scores == [3, 4]
    assert [p.code for p in sheet.check({"layouts": [{"points": 3}, {"points": 4}]})] == ["required"]


def test_the_penalty_is_four_card_golf_only():
    with pytest.raises(InvalidOptions):
        GAME.clean_options({"knock_penalty": True})


def test_every_problem_at_once_and_the_packs():
    sheet = GAME.new_sheet(2)
    problems = sheet.check({"layouts": [lay("KS 5C", "KH 5D"), {"points": -7}], "knocker": 5})
    assert {(p.field, p.seat, p.code) for p in problems} == {
        ("layouts", 0, "layout_shape"), ("layouts", 1, "points_range"), ("knocker", None, "not_seat")}
    # One pack up to 4 players: a second R♠ is refused; two packs from 5: accepted, a third is not.
    assert [p.code for p in sheet.check({"layouts": [lay("KS 5C 2H", "KH 5D JC"), lay("KS 6C 3H", "7H 8D 9C")]})] == \
        ["too_many_copies"]
    five = GAME.new_sheet(5)
    same = lay("KS 5C 2H", "KH 5D JC")
    assert five.check({"layouts": [same, same, {"points": 0}, {"points": 0}, {"points": 0}]}) == []
    assert five.check({"layouts": [same, same, same, {"points": 0}, {"points": 0}]})


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 8), st.sampled_from(["six", "four"]))
def test_random_layouts_stay_in_range(rng, n, variant):
    sheet = GAME.new_sheet(n, {"variant": variant})
    pack = deck("52") * (1 if n <= 4 else 2)
    rng.shuffle(pack)
    columns = 3 if variant == "six" else 2
    layouts = []
    for s in range(n):
        hand = [c.code for c in pack[2 * columns * s:2 * columns * (s + 1)]]
        layouts.append({"rows": [hand[:columns], hand[columns:]]})
    r = sheet.apply({"layouts": layouts})
    lo, hi = SIX_RANGE if variant == "six" else FOUR_RANGE
    assert all(lo <= x <= hi for x in r.scores)
