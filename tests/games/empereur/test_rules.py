"""L'empereur: the four modes, the card values, Joker finishes, exchanges and the null dealer; by hand."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.empereur import rules as empereur

GAME = registry.get("empereur")


def test_card_values_as_the_seed_lists_them():
    # 3 to 10 face value, V 11, D 12, R 13, A 14, 2 15, Joker 20; the whole pack without jokers 4 × (3 + … + 15) = 468
    assert [empereur.CARD_POINTS[r] for r in ("3", "10", "J", "Q", "K", "A", "2", "JK")] == [3, 10, 11, 12, 13, 14, 15, 20]
    assert empereur.most_points(2) == 4 * sum(range(3, 16)) + 2 * 20 == 508


def test_normal_the_last_emperor_wins_whatever_the_tally():
    sheet = GAME.new_sheet(3)
    assert sheet.options["mode"] == "normal" and sheet.options["manches"] == 3
    for seat in (1, 1, 0):
        sheet.apply({"emperor": seat})
    assert sheet.totals == [1, 2, 0] and sheet.finished
    assert sheet.winners == [0]  # Emperor of the last manche, with fewer manches won than seat 1


def test_miroir_normal_all_but_the_last_exclu_win():
    sheet = GAME.new_sheet(3, {"mode": "miroir_normal", "manches": 3})
    for seat in (2, 0, 1):
        sheet.apply({"exclu": seat})
    assert sheet.finished and sheet.winners == [0, 2]


def test_elite_by_hand():
    sheet = GAME.new_sheet(3, {"mode": "elite", "target": 60})
    # Léa (0) goes out; Marc R♠ 2♥ = 13 + 15 = 28; Nina 5♠ 5♥ Joker = 5 + 5 + 20 = 30: Léa 58
    r = sheet.apply({"emperor": 0, "dealer": 2, "hands": [None, {"cards": ["KS", "2H"]}, {"cards": ["5S", "5H", "JK"]}]})
    assert r.scores == [58, 0, 0] and r.dealer == 2
    # Marc Emperor: Léa 10 counted at the table, Nina A♠ 14: 24
    sheet.apply({"emperor": 1, "hands": [{"points": 10}, None, {"cards": ["AS"]}]})
    assert sheet.totals == [58, 24, 0] and not sheet.finished
    # Léa again: Marc 3♣ = 3; Nina went out on a Joker and lost, her hand is empty: 0. Léa 61 ≥ 60
    sheet.apply({"emperor": 0, "joker_out": [2], "hands": [None, {"cards": ["3C"]}, {"cards": []}]})
    assert sheet.totals == [61, 24, 0] and sheet.finished and sheet.winners == [0]


def test_miroir_elite_the_exclu_scores_and_the_first_at_the_target_loses():
    sheet = GAME.new_sheet(3, {"mode": "miroir_elite", "target": 50})
    sheet.apply({"exclu": 2, "hands": [None, None, {"cards": ["QS", "KD"]}]})  # 12 + 13 = 25
    # Nina goes out on a Joker: Exclu, and the others' cards count for her: 14 + (15 + 3) = 32; 25 + 32 = 57
    sheet.apply({"exclu": 2, "joker_out": [2], "hands": [{"points": 14}, {"cards": ["2S", "3S"]}, None]})
    assert sheet.totals == [0, 0, 57] and sheet.finished and sheet.winners == [0, 1]


def test_next_names_no_dealer_and_lists_the_exchanges():
    sheet = GAME.new_sheet(3, {"mode": "elite"})
    nxt = sheet.next_round()
    assert (nxt.dealer, nxt.first, nxt.extra) == (None, None, {"exchanges": []})
    sheet.apply({"emperor": 0, "hands": [None, {"points": 3}, {"points": 4}]})
    assert sheet.next_round().extra["exchanges"] == [
        {"from": 1, "to": 0, "card": "highest"}, {"from": 2, "to": 0, "card": "highest"},
        {"from": 0, "to": 1, "card": "choice"}, {"from": 0, "to": 2, "card": "choice"}]
    miroir = GAME.new_sheet(3, {"mode": "miroir_elite"})
    miroir.apply({"exclu": 2, "hands": [None, None, {"points": 5}]})
    assert miroir.next_round().extra["exchanges"] == [  # only the Miroir exchange
        {"from": 2, "to": 0, "card": "highest"}, {"from": 2, "to": 1, "card": "highest"},
        {"from": 0, "to": 2, "card": "choice"}, {"from": 1, "to": 2, "card": "choice"}]
    normal = GAME.new_sheet(3)
    normal.apply({"emperor": 1})
    assert normal.next_round().extra["exchanges"] == []


def codes(sheet, entry):
    return sorted((p.code, p.seat) for p in sheet.check(entry))


def test_what_cannot_be_is_refused_with_field_and_seat():
    normal = GAME.new_sheet(3)
    assert codes(normal, {"emperor": 0, "joker_out": [0]}) == [("emperor_out", 0)]
    assert codes(normal, {"exclu": 0}) == [("required", None), ("unknown_field", None)]
    assert codes(GAME.new_sheet(3, {"jokers": 0}), {"emperor": 0, "joker_out": [1]}) == [("no_jokers", None)]
    assert codes(GAME.new_sheet(3, {"mode": "miroir_normal"}), {"exclu": 0, "joker_out": [1]}) == [("not_exclu", 1)]
    elite = GAME.new_sheet(3, {"mode": "elite"})
    assert codes(elite, {"emperor": 0, "hands": [{"points": 3}, {"cards": []}, None]}) == [
        ("emperor_hand", 0), ("missing_hand", 2), ("subject_empty", 1)]
    assert codes(elite, {"emperor": 0, "joker_out": [1], "hands": [None, {"points": 5}, {"cards": ["JK", "JK", "JK"]}]}) == [
        ("joker_out_holds", 1), ("too_many_jokers", 2)]
    assert codes(GAME.new_sheet(3, {"mode": "elite", "jokers": 0}), {"emperor": 0, "hands": [None, {"cards": ["JK"]}, {"points": 3}]}) == [
        ("no_joker", 1), ("subject_empty", 1)]
    assert codes(elite, {"emperor": 0, "hands": [None, {"points": 500}, {"points": 9}]}) == [("over_total", None)]  # > 508
    miroir = GAME.new_sheet(3, {"mode": "miroir_elite"})
    assert codes(miroir, {"exclu": 2, "hands": [{"points": 3}, None, None]}) == [("elu_holds", 0), ("exclu_empty", 2)]
    assert codes(miroir, {"exclu": 2, "joker_out": [2], "hands": [None, None, {"points": 3}]}) == [("exclu_holds", 2), ("nobody_holds", None)]


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 6), st.randoms(use_true_random=False))
def test_the_emperor_scores_exactly_the_values_of_the_subjects_cards(n, rng):
    pack = [c.code for c in GAME.new_sheet(n, {"mode": "elite"}).pack.elements()]
    rng.shuffle(pack)
    emperor = rng.randrange(n)
    hands = [None if s == emperor else {"cards": [pack.pop() for _ in range(rng.randint(1, 7))]} for s in range(n)]
    sheet = GAME.new_sheet(n, {"mode": "elite", "target": 100_000})
    result = sheet.apply({"emperor": emperor, "hands": hands})
    value = {**{str(k): k for k in range(3, 11)}, "J": 11, "Q": 12, "K": 13, "A": 14, "2": 15}
    expected = sum(20 if c == "JK" else value[c[:-1]] for h in hands if h for c in h["cards"])
    assert result.scores == [expected if s == emperor else 0 for s in range(n)]


def test_a_hand_counted_at_the_table_is_worth_three_at_least():
    # The cheapest card, a 3, is worth 3: a Subject (Élite) or the Exclu (Miroir Élite) who holds something holds
    # 3 points or more; 1 or 2 points cannot be, 0 is an empty hand (refused for a Subject who did not go out).
    elite = GAME.new_sheet(3, {"mode": "elite"})
    assert codes(elite, {"emperor": 0, "hands": [None, {"points": 2}, {"points": 3}]}) == [("points_too_low", 1)]
    assert codes(elite, {"emperor": 0, "hands": [None, {"points": 1}, {"points": 0}]}) == [
        ("points_too_low", 1), ("subject_empty", 2)]
    miroir = GAME.new_sheet(3, {"mode": "miroir_elite"})
    assert codes(miroir, {"exclu": 0, "hands": [{"points": 2}, None, None]}) == [("points_too_low", 0)]
    # After the Exclu's Joker finish, another player still holds cards: 2 points there cannot be either.
    assert codes(miroir, {"exclu": 0, "joker_out": [0], "hands": [None, {"points": 2}, None]}) == [("points_too_low", 1)]


def test_the_exchange_reminder_follows_next_exchanges():
    # Two players, Élite, Marc (1) Emperor: Léa (0) gives him her highest card, he gives her one of his choice.
    sheet = GAME.new_sheet(2, {"mode": "elite"})
    assert sheet.exchange_lines() == []
    sheet.apply({"emperor": 1, "hands": [{"points": 3}, None]})
    assert [line.en for line in sheet.exchange_lines()] == [
        "Exchange before play: ⟨0⟩ gives ⟨1⟩ his highest card (the joker beats the 2); ⟨1⟩ gives him back a card of his choice."]
    normal = GAME.new_sheet(2)
    normal.apply({"emperor": 0})
    assert normal.exchange_lines() == []  # Normal mode: no exchange


# -- the whole entry: what the cards left in hand can be --------------------------------------------------------------
def test_one_card_at_least_is_in_no_hand():
    # Two players, no joker: the pack is worth 4 × (3 + … + 15) = 468. The Emperor laid his last card, so one card at
    # least is in no hand: the Subject holds 468 − 3 = 465 at most (every card but a 3). 466 or 467 would leave out a
    # card worth 2 or 1: there is none.
    elite = GAME.new_sheet(2, {"mode": "elite", "jokers": 0})
    for points in (468, 467, 466):
        assert codes(elite, {"emperor": 0, "hands": [None, {"points": points}]}) == [("over_total", None)], points
    assert codes(elite, {"emperor": 0, "hands": [None, {"points": 465}]}) == []
    # With the two jokers the pack is worth 468 + 2 × 20 = 508: 505 at most, shared between the Subjects.
    elite = GAME.new_sheet(3, {"mode": "elite", "jokers": 2})
    assert codes(elite, {"emperor": 0, "hands": [None, {"points": 400}, {"points": 106}]}) == [("over_total", None)]
    assert codes(elite, {"emperor": 0, "hands": [None, {"points": 400}, {"points": 105}]}) == []
    # Miroir Élite: only the Exclu holds cards, the last Élu's card is out.
    miroir = GAME.new_sheet(2, {"mode": "miroir_elite", "jokers": 0})
    assert codes(miroir, {"exclu": 1, "hands": [None, {"points": 466}]}) == [("over_total", None)]
    assert codes(miroir, {"exclu": 1, "hands": [None, {"points": 465}]}) == []


def test_a_count_is_made_of_the_cards_the_listed_hands_leave():
    # Seat 1 lists the four 3s and the four 4s: no card worth 3 or 4 is left for seat 2's count; 5 is a 5, 6 a 6.
    elite = GAME.new_sheet(3, {"mode": "elite", "jokers": 0})
    low = ["3S", "3H", "3D", "3C", "4S", "4H", "4D", "4C"]
    for points, expected in ((3, [("no_such_count", 2)]), (4, [("no_such_count", 2)]), (5, []), (6, []), (8, [])):
        assert codes(elite, {"emperor": 0, "hands": [None, {"cards": low}, {"points": points}]}) == expected, points
    # Those eight cards are worth 4 × 3 + 4 × 4 = 28: the rest 468 − 28 = 440, of which the cheapest, a 5, may be the
    # one left out: 435 at most; 436 would leave out 4 points (no such card now), 437 3 points.
    assert codes(elite, {"emperor": 0, "hands": [None, {"cards": low}, {"points": 435}]}) == []
    for points in (436, 437, 440):
        assert codes(elite, {"emperor": 0, "hands": [None, {"cards": low}, {"points": points}]}) == [("over_total", None)]
    # A count of 3, 4 or 5 is one card (two cards are worth 6 at least): with three 3s listed, one 3 is left, for one
    # of two Subjects counted at 3.
    elite = GAME.new_sheet(4, {"mode": "elite", "jokers": 0})
    threes = ["3S", "3H", "3D"]
    assert codes(elite, {"emperor": 0, "hands": [None, {"cards": threes}, {"points": 3}, {"points": 3}]}) == [
        ("no_such_count", 3)]
    assert codes(elite, {"emperor": 0, "hands": [None, {"cards": threes}, {"points": 3}, {"points": 4}]}) == []
    # 7 points are a 7, or a 3 and a 4. Seat 1 lists three 7s and the four 4s: one 7 is left, no 4. Each count of 7
    # can be made, and 14 too (an Ace), but not two hands of 7 at once.
    sevens = ["7S", "7H", "7D", "4S", "4H", "4D", "4C"]
    assert codes(elite, {"emperor": 0, "hands": [None, {"cards": sevens}, {"points": 7}, {"points": 7}]}) == [
        ("counts_apart", None)]
    assert codes(elite, {"emperor": 0, "hands": [None, {"cards": sevens}, {"points": 7}, {"points": 8}]}) == []  # 7, 8


# An independent judge: it deals real cards. For the Subjects' counts it looks for actual cards of the pack (less the
# listed hands), one hand after another, that make each count exactly and leave one card at least in no hand; the
# sheet must accept the entry exactly when the judge finds such cards.
JUDGE_VALUE = {**{str(k): k for k in range(3, 11)}, "J": 11, "Q": 12, "K": 13, "A": 14, "2": 15, "JK": 20}


def judge_value(card):
    return JUDGE_VALUE["JK" if card.code == "JK" else card.code[:-1]]


def judge_realises(pool, counts):
    """Cards of ``pool`` for each count, disjoint, with one card at least left over; None when there are none.

    The cards left over are one more share, worth what the counts leave: every share is worth something, so each
    holds a card at least. The shares are made smallest first, and the largest takes whatever is left."""
    leftover = sum(judge_value(c) for c in pool) - sum(counts)
    if leftover <= 0:
        return None  # nothing, or less than nothing, for the card that was laid last
    shares = sorted([*range(len(counts)), None], key=lambda i: leftover if i is None else counts[i])
    targets = [leftover if i is None else counts[i] for i in shares]
    by_value = {}
    for card in pool:
        by_value.setdefault(judge_value(card), []).append(card)
    kinds = sorted(by_value, reverse=True)
    failed = set()

    def fill(i, left, kind, target, taken):
        # share i, the cards still free (count per value), the value tried next, what share i still needs
        if target == 0:
            if i + 2 == len(targets):  # the largest share takes the rest, worth what it needs
                rest = [c for v in kinds for c in by_value[v][:left[v]]]
                return taken + [rest]
            return fill(i + 1, left, 0, targets[i + 1], taken + [[]])
        key = (i, tuple(sorted(left.items())), kind, target)
        if kind == len(kinds) or key in failed:
            return None
        v = kinds[kind]
        for k in range(min(left[v], target // v), -1, -1):
            hand = taken[-1] + by_value[v][left[v] - k:left[v]]
            found = fill(i, {**left, v: left[v] - k}, kind + 1, target - k * v, taken[:-1] + [hand])
            if found is not None:
                return found
        failed.add(key)
        return None

    made = fill(0, {v: len(by_value[v]) for v in kinds}, 0, targets[0], [[]])
    if made is None:
        return None
    return [made[shares.index(i)] for i in range(len(counts))]


def test_the_sheet_takes_exactly_the_counts_real_cards_make_near_the_bounds():
    rng = random.Random(1729)
    for case in range(400):
        n, jokers = rng.randint(2, 6), rng.randint(0, 2)
        sheet = GAME.new_sheet(n, {"mode": "elite", "jokers": jokers, "target": 100_000})
        pack = list(sheet.pack.elements())
        rng.shuffle(pack)
        emperor = rng.randrange(n)
        subjects = [s for s in range(n) if s != emperor]
        if rng.random() < 0.3:  # the low cards first: the counts then compete for the few left
            pack.sort(key=judge_value, reverse=True)
        listed = {s: [pack.pop() for _ in range(rng.randint(1, 9))] for s in subjects if rng.random() < 0.3}
        counted = [s for s in subjects if s not in listed]
        if not counted:
            continue
        worth = sum(judge_value(c) for c in pack)
        if rng.random() < 0.5:  # near the top: every card left but a few points
            total = worth - rng.randint(0, 8)
            cuts = sorted(rng.randint(3, max(3, total - 3)) for _ in range(len(counted) - 1))
            counts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        else:  # near the bottom: a card or two each
            counts = [rng.choice([3, 3, 4, 4, 5, 6, 7, 8, 9, 15, 18, 20, 23]) for _ in counted]
        if any(c < 3 for c in counts):
            continue
        hands = [None] * n
        for s, cards in listed.items():
            hands[s] = {"cards": [c.code for c in cards]}
        for s, points in zip(counted, counts, strict=True):
            hands[s] = {"points": points}
        realised = judge_realises(pack, counts)
        if realised is not None:  # the judge's cards do make the counts
            assert [sum(judge_value(c) for c in h) for h in realised] == counts
        accepted = sheet.check({"emperor": emperor, "hands": hands}) == []
        assert accepted == (realised is not None), (case, n, jokers, counts, {s: len(c) for s, c in listed.items()})
