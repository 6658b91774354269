"""Le pinacle: laid minus held, the 10 (or 30) for going out, half points and partnerships; worked out by hand."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.pinacle import rules as pinacle

GAME = registry.get("pinacle")
CHLOE_LAID = ["QH", "KH", "AH", "5S", "6S", "7S", "8S", "3C", "4C", "5C", "6C", "9D"]
DAVID = {"laid": {"cards": ["8H", "9H", "10H", "10D", "JD", "2D"]}, "held": {"cards": ["KS", "6H", "5H", "4S", "4D", "3D"]}}
EMILE = {"laid": {"cards": []}, "held": {"points": 10}}


def test_the_pack_is_worth_fifty():
    # 4 × (pinacle 2 + ace 1.5 + seven cards at 1 + four at 0.5) = 4 × 12.5 = 50
    assert pinacle.TOTAL_CARD_POINTS == 50


def test_a_deal_at_three_by_hand():
    sheet = GAME.new_sheet(3)
    result = sheet.apply({"winner": 0, "hands": [None, DAVID, EMILE]})
    # Chloé 10; David 1+1+1+1+1+2 = 7 laid − (1 + 5 × 0.5 = 3.5) held = 3.5; Émile 0 − 10 = −10
    assert result.scores == [10, 3.5, -10]
    assert [type(s) for s in result.scores] == [int, float, int]


def test_the_house_rule_counts_the_winners_laid_cards():
    sheet = GAME.new_sheet(3, {"winner_counts_laid": True})
    result = sheet.apply({"winner": 0, "hands": [{"laid": {"cards": CHLOE_LAID}}, DAVID, EMILE]})
    # Chloé 10 + (1 + 1 + 1.5) + (0.5 + 0.5 + 1 + 1) + 4 × 0.5 + 1 = 10 + 9.5 = 19.5
    assert result.scores == [19.5, 3.5, -10]
    # Without the option the winner's cards are not asked for.
    assert [p.code for p in GAME.new_sheet(3).check({"winner": 0, "hands": [{"laid": {"cards": CHLOE_LAID}}, DAVID, EMILE]})] == ["winner_hand"]


def test_partners_show_their_sides_sum_and_the_target_ends_the_game():
    sheet = GAME.new_sheet(4, {"target": 26})
    sheet.apply({"winner": 0, "in_one_go": True, "hands": [
        None,
        {"laid": {"points": 4.5}, "held": {"points": 2}},  # 2.5
        {"laid": {"points": 0}, "held": {"points": 4.5}},  # −4.5
        {"laid": {"points": 3}, "held": {"points": 2}},  # 1
    ]})
    # sides: 30 − 4.5 = 25.5 for seats 0 and 2; 2.5 + 1 = 3.5 for seats 1 and 3
    assert sheet.totals == [25.5, 3.5, 25.5, 3.5] and not sheet.finished
    sheet.apply({"winner": None, "hands": [
        {"laid": {"points": 5}, "held": {"points": 0}},  # 5
        {"laid": {"points": 0}, "held": {"points": 5}},  # −5
        {"laid": {"points": 0}, "held": {"points": 4.5}},  # −4.5
        {"laid": {"points": 4.5}, "held": {"points": 0}},  # 4.5
    ]})
    # stock out, nobody gets the 10: sides 5 − 4.5 = 0.5 and −5 + 4.5 = −0.5; totals 26 and 3
    assert sheet.totals == [26, 3, 26, 3] and isinstance(sheet.totals[0], int)
    assert sheet.finished and sheet.winners == [0, 2]


def test_a_tie_at_the_target_is_shared():
    sheet = GAME.new_sheet(2, {"target": 10})
    sheet.apply({"winner": None, "hands": [{"laid": {"points": 10}, "held": {"points": 0}}, {"laid": {"points": 10}, "held": {"points": 0}}]})
    assert sheet.finished and sheet.winners == [0, 1]  # 10 − 0 each


def codes(problems):
    return sorted(p.code for p in problems)


@pytest.mark.parametrize("entry, expected", [
    ({"winner": None, "in_one_go": True, "hands": [{"laid": {"points": 9}, "held": {"points": 0}}] * 2}, ["no_winner"]),
    ({"hands": [None, {"laid": {"points": 9}, "held": {"points": 0}}]}, ["missing_hand", "required"]),  # no winner: a hand each
    ({"winner": 0, "hands": [None, {"laid": {"cards": ["3S"]}, "held": {"cards": ["4S"]}}]}, ["card_count"]),  # 2 of 18
    ({"winner": 0, "hands": [None, {"laid": {"points": 0}, "held": {"points": 8.5}}]}, ["points_range"]),  # < 0.5 × 18 = 9
    ({"winner": 0, "hands": [None, {"laid": {"points": 24.5}, "held": {"points": 0}}]}, ["points_range"]),  # > best(18) = 24
    ({"winner": 0, "hands": [None, {"laid": {"points": 0.3}, "held": {"points": 9}}]}, ["not_points"]),
    ({"winner": 0, "hands": [None, {"laid": {"cards": ["JK"]}, "held": {"points": 9}}]}, ["no_joker"]),
    ({"winner": 0, "hands": [None, {"laid": {"points": 9}}]}, ["not_pair"]),
    ({"winner": 0, "hands": [None]}, ["wrong_length"]),
])
def test_what_cannot_be_is_refused(entry, expected):
    assert codes(GAME.new_sheet(2).check(entry)) == expected


def test_a_card_twice_and_more_than_fifty_points_over_the_whole_entry():
    eighteen = [r + s for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J") for s in "SH"]
    problems = GAME.new_sheet(2).check({"winner": None, "hands": [
        {"laid": {"cards": eighteen}, "held": {"cards": []}}, {"laid": {"cards": []}, "held": {"cards": eighteen}}]})
    assert {(p.code, p.seat) for p in problems} >= {("too_many_copies", 1)}
    # three players, stock out, each at the most twelve cards can be worth (18): 54 > 50
    most = {"laid": {"points": 18}, "held": {"points": 0}}
    assert codes(GAME.new_sheet(3).check({"winner": None, "hands": [most] * 3})) == ["over_total"]


def test_the_winners_laid_cards_are_his_hand_or_one_more():
    sheet = GAME.new_sheet(4, {"winner_counts_laid": True})
    rest = [{"laid": {"points": 0}, "held": {"points": 4.5}}] * 3
    nine = ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    assert sheet.check({"winner": 0, "hands": [{"laid": {"cards": nine}}, *rest]}) == []
    assert sheet.check({"winner": 0, "hands": [{"laid": {"cards": [*nine, "QS"]}}, *rest]}) == []
    assert codes(sheet.check({"winner": 0, "hands": [{"laid": {"cards": nine[:8]}}, *rest]})) == ["card_count"]
    assert codes(sheet.check({"winner": 0, "hands": [None, *rest]})) == ["winner_laid"]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.randoms(use_true_random=False))
def test_a_random_real_deal_keeps_the_fifty_points(n, rng):
    pack = [c.code for c in pinacle.PACK]
    rng.shuffle(pack)
    h = pinacle.HAND_SIZES[n]
    hands, dealt = [], 0
    for s in range(n):
        cards = pack[s * h:(s + 1) * h]
        k = rng.randint(0, h)
        hands.append({"laid": {"cards": cards[:k]}, "held": {"cards": cards[k:]}})
        dealt += sum(pinacle.card_halves(pinacle.Card.parse_code(c)) for c in cards)
    rest = sum(pinacle.card_halves(pinacle.Card.parse_code(c)) for c in pack[n * h:])
    assert dealt + rest == 2 * 50  # in half points
    sheet = GAME.new_sheet(n)
    result = sheet.apply({"winner": None, "hands": hands})
    held = sum(pinacle.card_halves(pinacle.Card.parse_code(c)) for hand in hands for c in hand["held"]["cards"])
    own = sum(result.scores) / (2 if n == 4 else 1)  # partners both show their side's sum
    assert 2 * own + 2 * held == dealt  # laid − held + 2 × held = laid + held = the dealt cards
