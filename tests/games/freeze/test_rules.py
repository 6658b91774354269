"""Freeze: line points, the freezer's bet, whole games worked out by hand, one test per check."""

import random

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
    # Counted layouts need not hold the red Kings: the pack's other cards are worth 318 + 2 = 320.
    assert sheet.check({"freezer": 0, "layouts": [{"points": 300}, {"points": 20}]}) == []
    assert [(p.code, p.seat) for p in sheet.check({"freezer": 0, "layouts": [{"points": 300}, {"points": 21}]})] == [
        ("over_the_pack", 1)]
    # A listed layout takes its cards out: K♠ and 5♥ leave 320 − 10 − 5 = 305.
    assert [(p.code, p.seat) for p in sheet.check({"freezer": 0, "layouts": [rows("KS", "5H"), {"points": 306}]})] == [
        ("over_the_pack", 1)]


def test_a_counted_layout_is_made_of_the_cards_left():
    # The four Aces laid out by seat 0 (two lines of one rank: 0): 1 point needs an Ace, and none is left.
    sheet = GAME.new_sheet(2)
    assert [(p.code, p.seat) for p in sheet.check({"freezer": 0, "layouts": [rows("AS AH", "AD AC"), {"points": 1}]})] == [
        ("over_the_pack", 1)]
    assert sheet.check({"freezer": 0, "layouts": [rows("AS AH", "AD AC"), {"points": 2}]}) == []  # a 2


def test_the_message_for_a_card_twice_elides_une():
    problem = GAME.new_sheet(2).check({"freezer": 0, "layouts": [rows("KS", "5H"), rows("KS", "")]})[0]
    assert problem.message.fr == "R♠ : le jeu ne l'a qu'une fois." and problem.message.en == "R♠: the pack holds it only once."


def test_below_zero_the_whole_deal_has_only_the_two_red_kings():
    # The red Kings (−1 each) are the only cards below zero: all layouts together are at least −2.
    sheet = GAME.new_sheet(3)
    assert sheet.check({"freezer": 0, "layouts": [{"points": -1}, {"points": -1}, {"points": 4}]}) == []
    problems = sheet.check({"freezer": 0, "layouts": [{"points": -2}, {"points": 3}, {"points": -2}]})
    assert [(p.code, p.seat) for p in problems] == [("below_the_pack", 2)]  # −2 − 2 = −4: four red Kings
    assert "il reste 2 Rois rouges" in problems[0].message.fr
    # A listed layout holding K♥ leaves one red King to the counted layouts: −1 at most below zero.
    assert sheet.check({"freezer": 0, "layouts": [rows("KH", "5S"), {"points": -1}, {"points": 0}]}) == []
    problems = sheet.check({"freezer": 0, "layouts": [rows("KH", "5S"), {"points": -2}, {"points": 0}]})
    assert [(p.code, p.seat) for p in problems] == [("below_the_pack", 1)]
    assert "il reste 1 Roi rouge hors" in problems[0].message.fr


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


# An independent judge: real cards for the layouts counted at the table. Card values and line points are counted
# here from the rule (Ace 1, 2 to 10 face value, Jack, Queen and black King 10, red King −1; a line of two or more
# cards of one rank scores 0, or its sum when that is below 0). A layout below zero takes one red King a point;
# one above zero takes cards above zero, the dearest first, one card of its commonest rank in a line and the rest in the other.
def value(card):
    if card.code[:-1] == "K":
        return -1 if card.code[-1] in "HD" else 10
    return {"A": 1, "J": 10, "Q": 10}.get(card.code[:-1]) or int(card.code[:-1])


def line_value(line):
    total = sum(value(c) for c in line)
    return min(0, total) if len(line) >= 2 and len({c.code[:-1] for c in line}) == 1 else total


def deal_cards_for(entry):
    listed = [c for lay in entry["layouts"] if "rows" in lay for row in lay["rows"] for c in cards(" ".join(row))]
    left = [c for c in deck("52") if c not in listed]
    if len(left) + len(listed) != 52:
        return None  # a card twice
    counted = [seat for seat, lay in enumerate(entry["layouts"]) if "points" in lay]
    # The layouts above zero take their cards in turn, the smallest first or the largest first (then a few
    # other orders), with or without first setting aside what no layout holds: the first way the cards fit is a deal.
    orders = [sorted(counted, key=lambda s: entry["layouts"][s]["points"]),
              sorted(counted, key=lambda s: -entry["layouts"][s]["points"])]
    shuffler = random.Random(len(counted))
    orders += [shuffler.sample(counted, len(counted)) for _ in range(6)]
    for order, set_aside in [(o, a) for a in (False, True) for o in orders]:
        built = deal_in_order(entry, left, order, set_aside)
        if built is not None:
            for seat, rows_ in built.items():  # count the layouts built, line by line
                assert sum(line_value(line) for line in rows_) == entry["layouts"][seat]["points"]
            return built
    return None


def deal_in_order(entry, left, order, set_aside):
    kings = [c for c in left if value(c) < 0]
    # the dearest first, ranks taking turns (10 J Q K 10 J…), so that a layout is not one rank
    dear = sorted((c for c in left if value(c) > 0), key=lambda c: (-value(c), c.code[-1], c.code[:-1]))
    # Or the cards above zero that no counted layout holds are set aside first, the fewest making what is left over.
    spare = sum(value(c) for c in dear) - sum(entry["layouts"][s]["points"] for s in order if entry["layouts"][s]["points"] > 0)
    if spare < 0:
        return None
    aside = fewest_cards_making(dear, spare) if set_aside else []
    if aside is None:
        return None
    for c in aside:
        dear.remove(c)
    built = {}
    for seat in order:
        p = entry["layouts"][seat]["points"]
        if p < 0:
            if len(kings) < -p:
                return None
            built[seat] = [[kings.pop() for _ in range(-p)], []]
        elif p > 0:
            chosen, rest = [], p
            for c in list(dear):
                if value(c) <= rest:
                    chosen.append(c)
                    dear.remove(c)
                    rest -= value(c)
            if rest:
                return None
            built[seat] = two_lines(chosen)
        else:
            built[seat] = [[], []]
    if any(sum(line_value(line) for line in rows_) != entry["layouts"][seat]["points"] for seat, rows_ in built.items()):
        return None
    return built


def two_lines(chosen):
    """The cards in two lines, neither of one rank: one card of the commonest rank alone, the rest together."""
    ranks = [c.code[:-1] for c in chosen]
    if not chosen:
        return [[], []]
    common = max(ranks, key=ranks.count)
    first = chosen[ranks.index(common)]
    return [[first], [c for c in chosen if c is not first]]


def fewest_cards_making(pile, total):
    """The fewest cards of ``pile`` worth exactly ``total`` (a search over sums), or None."""
    best = {0: []}
    for c in sorted(pile, key=value):
        for s, chosen in sorted(best.items(), reverse=True):
            t = s + value(c)
            if t <= total and (t not in best or len(best[t]) > len(chosen) + 1):
                best[t] = [*chosen, c]
    return best.get(total)


def freeze_near_the_edge(n, rng):
    """Real layouts (the red Kings often among them), some counted at the table, then a counted layout or two
    moved a point or two down, or to what the cards left are worth (often past it)."""
    pack = deck("52")
    rng.shuffle(pack)
    if rng.random() < 0.5:
        pack.sort(key=lambda c: value(c) >= 0)
    layouts, k = [], 0
    for _ in range(n):
        top, bottom = rng.randint(0, 3), rng.randint(0, 2)
        rows_ = [pack[k:k + top], pack[k + top:k + top + bottom]]
        k += top + bottom
        if rng.random() < 0.7:
            layouts.append({"points": sum(line_value(line) for line in rows_)})
        else:
            layouts.append({"rows": [[c.code for c in row] for row in rows_]})
    counted = [lay for lay in layouts if "points" in lay]
    for _ in range(rng.choice([0, 1, 1, 2]) if counted else 0):
        lay = rng.choice(counted)
        if rng.random() < 0.6:
            lay["points"] = max(-2, lay["points"] - rng.choice([1, 2]))
        else:
            listed = [c for other in layouts if "rows" in other for row in other["rows"] for c in cards(" ".join(row))]
            room = sum(value(c) for c in deck("52") if c not in listed and value(c) > 0)
            others = sum(o["points"] for o in counted if o is not lay and o["points"] > 0)
            lay["points"] = room - others + rng.choice([-1, 0, 0, 1])
    return {"freezer": 0, "layouts": layouts}


def test_the_sheet_accepts_exactly_the_layouts_real_cards_can_make():
    rng = random.Random(2026)
    seen = set()
    for _ in range(600):
        n = rng.randint(2, 8)
        entry = freeze_near_the_edge(n, rng)
        problems = GAME.new_sheet(n).check(entry)
        possible = deal_cards_for(entry) is not None
        assert (problems == []) == possible, (entry, problems)
        seen.update(p.code for p in problems)
        seen.add("accepted" if possible else "refused")
    assert {"accepted", "refused", "below_the_pack", "over_the_pack"} <= seen
