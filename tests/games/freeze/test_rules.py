"""Freeze: line points, the freezer's bet, whole games worked out by hand, one test per check."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.freeze.rules import PACK_POINTS, line_points, rows_points
from companion.kernel.cards import cards, deck

GAME = registry.get("freeze")


def rows(top, bottom):
    return {"rows": [top.split(), bottom.split()]}


def test_card_and_line_points():
    assert line_points(cards("AS 10H")) == 11
    assert line_points(cards("QS QH")) == 0  # a line of one rank
    assert line_points(cards("7S 7H 7D")) == 0
    assert line_points(cards("KH KD")) == -2  # two red Kings keep their −1 each
    assert line_points(cards("KS KH")) == 0  # 10 − 1 = 9, one rank: 0
    assert line_points(cards("KS KC 5H")) == 25  # not one rank: 10 + 10 + 5
    assert line_points([]) == 0
    assert line_points(cards("QS")) == 10  # one card is not a line of one rank
    # The pack: 4 × (1 + 2 + … + 10) = 220, 8 Valets and Dames 80, 2 black Kings 20, 2 red Kings −2: 318.
    assert PACK_POINTS == 318 and sum(line_points([c]) for c in deck("52")) == 318


def test_a_whole_game_worked_out_by_hand():
    sheet = GAME.new_sheet(3, {"target": 30})
    # Deal 1: Anne freezes with A♠ 2♥ / R♥ 3♣ = 1 + 2 − 1 + 3 = 5; Bruno 7♠ 7♦ / 9♣ = 0 + 9 = 9; Chloé 12 counted.
    # 5 < 9 and 5 < 12: Anne −10, Bruno 9, Chloé 12.
    r = sheet.apply({"freezer": 0, "layouts": [rows("AS 2H", "KH 3C"), rows("7S 7D", "9C"), {"points": 12}]})
    assert r.scores == [-10, 9, 12]
    # Deal 2: Bruno freezes with 4; Anne has 4, Chloé 3: both at or below: 4 + 2 × 5 = 14. Totals −6, 23, 15.
    r = sheet.apply({"freezer": 1, "layouts": [{"points": 4}, {"points": 4}, {"points": 3}]})
    assert r.scores == [4, 14, 3] and sheet.totals == [-6, 23, 15] and not sheet.finished
    # Deal 3: Chloé freezes with −2 (two red Kings, an empty line); Anne 10, Bruno 8: Chloé −10. Bruno 31 ≥ 30: end.
    r = sheet.apply({"freezer": 2, "layouts": [{"points": 10}, {"points": 8}, rows("KH KD", "")]})
    assert r.scores == [10, 8, -10] and sheet.totals == [4, 31, 5]
    assert sheet.finished and sheet.winners == [0]  # lowest total


def test_a_tie_with_the_freezer_is_a_lost_freeze():
    sheet = GAME.new_sheet(2)
    r = sheet.apply({"freezer": 0, "layouts": [{"points": 6}, {"points": 6}]})
    assert r.scores == [6 + 5, 6]


def test_every_problem_at_once():
    sheet = GAME.new_sheet(3)
    problems = sheet.check({"freezer": 7, "layouts": [{"rows": [["KH"]]}, {"points": -3}, {"rows": [["JK"], ["ZZ"]]}]})
    assert {(p.field, p.seat, p.code) for p in problems} == {
        ("freezer", None, "not_seat"), ("layouts", 0, "layout_shape"), ("layouts", 1, "points_range"),
        ("layouts", 2, "not_in_pack"), ("layouts", 2, "bad_card")}


def test_a_card_twice_and_more_than_the_pack():
    sheet = GAME.new_sheet(2)
    assert [(p.seat, p.code) for p in sheet.check({"freezer": 0, "layouts": [rows("KS", "5H"), rows("KS", "")]})] == \
        [(1, "too_many_copies")]
    assert [p.code for p in sheet.check({"freezer": 0, "layouts": [{"points": 300}, {"points": 19}]})] == ["over_the_pack"]


def test_the_history_in_words():
    sheet = GAME.new_sheet(2)
    lines = [t.fr for t in sheet.describe_entry({"freezer": 1, "layouts": [rows("KH 10S", ""), {"points": 4}]}, 1)]
    assert lines == ["⟨1⟩ a freezé.", "⟨0⟩ : R♥ 10♠ / —", "⟨1⟩ : 4 points"]


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 8))
def test_random_layouts_score_the_layouts_except_the_freezer(rng, n):
    sheet = GAME.new_sheet(n)
    pack = deck("52")
    rng.shuffle(pack)
    layouts, k = [], 0
    for _ in range(n):
        top, bottom = rng.randint(0, 3), rng.randint(0, 3)
        layouts.append({"rows": [[c.code for c in pack[k:k + top]], [c.code for c in pack[k + top:k + top + bottom]]]})
        k += top + bottom
    freezer = rng.randrange(n)
    r = sheet.apply({"freezer": freezer, "layouts": layouts})
    points = [rows_points([cards(" ".join(row)) if row else [] for row in lay["rows"]]) for lay in layouts]
    for s in range(n):
        assert r.scores[s] == points[s] or s == freezer
    assert r.scores[freezer] == -10 or r.scores[freezer] >= points[freezer] + 5
