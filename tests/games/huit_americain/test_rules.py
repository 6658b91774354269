"""Le huit américain (the user's rule document « Le huit américain », adpoker.fr's penalty points). Every expected
number is worked out by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.huit_americain.rules import PACK_POINTS
from companion.kernel import InvalidOptions
from companion.kernel.text import name_seats
from tests.groups import legal

HUIT = registry.get("huit-americain")
NAMES = ["Léa", "Max", "Nina", "Oscar"]
PENALTY = {"scoring": "penalty"}


def play(entries, n=3, **options):
    sheet = HUIT.new_sheet(n, options)
    for entry in entries:
        sheet.apply(entry)
    return sheet


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestOptions:
    def test_two_packs_by_default_one_up_to_six_players(self):
        assert HUIT.new_sheet(8).options["packs"] == 2
        assert HUIT.new_sheet(6, {"packs": 1}).options["packs"] == 1  # 6 × 8 = 48 of 52 cards
        with pytest.raises(InvalidOptions) as e:
            HUIT.new_sheet(7, {"packs": 1})  # 7 × 8 = 56: more than one pack
        assert [(p.field, p.code) for p in e.value.problems] == [("options.packs", "out_of_range")]
        with pytest.raises(InvalidOptions) as e:
            HUIT.clean_options({"packs": 3, "scoring": "x"}, 4)
        assert sorted(p.field for p in e.value.problems) == ["options.packs", "options.scoring"]

    def test_next_has_the_dealer_and_the_first_player(self):
        sheet = play([{"winner": 0}])
        nxt = sheet.next_round()
        assert (nxt.dealer, nxt.first, nxt.extra) == (1, 2, {})


class TestWins:
    def test_first_to_three_deals_hands_checked_and_shown_not_scored(self):
        sheet = play([
            {"winner": 1, "hands": [{"cards": ["8H", "AS"]}, None, {"points": 7}]},
            {"winner": 1},
            {"winner": 2},
        ])
        assert sheet.totals == [0, 2, 1] and not sheet.finished
        assert sheet.rounds[0].scores == [0, 1, 0]
        assert [name_seats(n.fr, NAMES) for n in sheet.rounds[0].notes] == [
            "Max gagne la manche (1 sur 3).",
            "Léa : 2 cartes, 8♥ + A♠ = 52 (non compté).",  # 32 + 20
            "Nina : 7 points comptés à la table (non compté).",
        ]
        sheet.apply({"winner": 1})
        assert sheet.finished and sheet.winners == [1]

    def test_a_phone_offline_counts_a_win_but_not_penalty_points(self):
        assert HUIT.new_sheet(3).offline_points(1) == {"winner": 1}
        assert HUIT.new_sheet(3, PENALTY).offline_points(1) is None  # cards to count: the stored totals only

    def test_wins_needed_null_leaves_the_end_to_the_group(self):
        sheet = play([{"winner": 0}] * 5 + [{"winner": 1}] * 5, wins_needed=None)
        assert not sheet.finished
        sheet.close()
        assert sheet.winners == [0, 1]  # five each: shared


class TestPenalty:
    def test_losers_pay_their_cards_and_the_lowest_total_wins_at_the_target(self):
        sheet = play([
            # Léa goes out; Max keeps 8♥ A♠ 5♦ = 32 + 20 + 5 = 57; Nina K♣ 3♥ = 10 + 3 = 13.
            {"winner": 0, "hands": [None, {"cards": ["8H", "AS", "5D"]}, {"cards": ["KC", "3H"]}]},
            # Nina goes out; Léa counted 40 at the table; Max J♥ Q♥ 10♠ 2♣ = 10 + 10 + 10 + 2 = 32.
            {"winner": 2, "hands": [{"points": 40}, {"cards": ["JH", "QH", "10S", "2C"]}, None]},
        ], target=100, **PENALTY)
        assert [r.scores for r in sheet.rounds] == [[0, 57, 13], [40, 32, 0]]
        assert sheet.totals == [40, 89, 13] and not sheet.finished and sheet.leaders == [2]
        # Max goes out; Léa keeps both 8♠ of the two packs: 64, 104 ≥ 100 ends it; Nina keeps 9♦: 22.
        sheet.apply({"winner": 1, "hands": [{"cards": ["8S", "8S"]}, None, {"cards": ["9D"]}]})
        assert sheet.totals == [104, 89, 22] and sheet.finished and sheet.winners == [2]
        assert name_seats(sheet.rounds[2].notes[-1].fr, NAMES) == "Léa atteint 100 : la partie s'arrête."

    def test_a_tie_for_the_lowest_total_is_shared(self):
        # Deal 1: Nina out, Léa 10, Max 10. Deal 2: Léa out, Max 200, Nina 10: Max 210 ≥ 200; Léa and Nina 10 each.
        sheet = play([{"winner": 2, "hands": [{"points": 10}, {"points": 10}, None]},
                      {"winner": 0, "hands": [None, {"points": 200}, {"points": 10}]}], **PENALTY)
        assert sheet.totals == [10, 210, 10] and sheet.finished and sheet.winners == [0, 2]

    def test_hands_are_required(self):
        sheet = HUIT.new_sheet(3, PENALTY)
        assert codes(sheet.check({"winner": 0})) == [("hands", None, "required")]


class TestLegality:
    def test_the_winner_holds_nothing_every_loser_something(self):
        sheet = HUIT.new_sheet(3)
        problems = sheet.check({"winner": 0, "hands": [{"points": 5}, None, {"cards": []}]})
        assert codes(problems) == [("hands", 0, "winner_hand"), ("hands", 1, "missing_hand"), ("hands", 2, "no_cards")]

    def test_points_at_least_a_two(self):
        sheet = HUIT.new_sheet(3)
        assert codes(sheet.check({"winner": 0, "hands": [None, {"points": 1}, {"points": 2.5}]})) == [
            ("hands", 1, "points_range"), ("hands", 2, "points_range")]
        assert sheet.check({"winner": 0, "hands": [None, {"points": 2}, {"points": 3}]}) == []

    def test_no_joker_and_no_card_more_often_than_the_packs(self):
        sheet = HUIT.new_sheet(3)
        assert codes(sheet.check({"winner": 0, "hands": [None, {"cards": ["JK"]}, {"cards": ["AS", "AS", "AS"]}]})) == [
            ("hands", 1, "no_joker"), ("hands", 2, "too_many_copies")]
        one = HUIT.new_sheet(3, {"packs": 1})
        assert codes(one.check({"winner": 0, "hands": [None, {"cards": ["AS"]}, {"cards": ["AS"]}]})) == [
            ("hands", 2, "too_many_copies")]

    def test_all_hands_together_fewer_cards_than_the_packs(self):
        # One pack, 2 players: the loser can hold 51 cards at most, the top of the discard pile being out.
        pack = [r + s for s in "SHDC" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]]
        sheet = HUIT.new_sheet(2, {"packs": 1})
        assert sheet.check({"winner": 0, "hands": [None, {"cards": pack[:51]}]}) == []
        assert codes(sheet.check({"winner": 0, "hands": [None, {"cards": pack}]})) == [("hands", 1, "too_many_cards")]

    def test_counted_points_cannot_pass_what_the_pack_is_worth(self):
        # A pack is worth 4 × (20 + 2+3+4+5+6+7 + 32 + 9 + 10 + 3 × 10) = 4 × 128 = 512.
        assert PACK_POINTS == 512
        sheet = HUIT.new_sheet(3, {"packs": 1})
        assert codes(sheet.check({"winner": 0, "hands": [None, {"points": 300}, {"points": 300}]})) == [
            ("hands", None, "too_many_points")]

    def test_shape_problems_name_the_field(self):
        sheet = HUIT.new_sheet(3)
        assert codes(sheet.check({"winner": 0, "hands": [None, None]})) == [("hands", None, "wrong_length")]
        assert codes(sheet.check({"winner": 0, "hands": [None, "x", {"cards": ["AS"], "points": 20}]})) == [
            ("hands", 1, "hand_kind"), ("hands", 2, "hand_kind")]
        assert codes(sheet.check({"winner": 0, "hands": [None, {"cards": ["ZZ"]}, {"cards": "AS"}]})) == [
            ("hands", 1, "bad_card"), ("hands", 2, "not_list")]

    def test_history_words(self):
        lines = HUIT.new_sheet(3).describe_entry({"winner": 0, "hands": [None, {"cards": ["QH", "8S"]}, {"points": 9}]}, 1)
        assert [name_seats(t.fr, NAMES) for t in lines] == ["Léa finit la donne.", "Max : en main D♥ 8♠",
                                                            "Nina : 9 points en main"]


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 8), scoring=st.sampled_from(["wins", "penalty"]),
       one_pack=st.booleans())
def test_random_legal_deals_keep_the_count(seed, n, scoring, one_pack):
    rng = random.Random(seed)
    packs = 1 if one_pack and n <= 6 else 2
    sheet = HUIT.new_sheet(n, {"scoring": scoring, "packs": packs, "target": 150})
    for _ in range(10):
        if sheet.finished:
            break
        entry = legal.huit_americain(sheet, rng)
        assert sheet.check(entry) == []
        result = sheet.apply(entry)
        if scoring == "wins":
            assert result.scores == [1 if s == entry["winner"] else 0 for s in range(n)]
        else:
            assert result.scores[entry["winner"]] == 0 and all(p >= 2 for s, p in enumerate(result.scores)
                                                                if s != entry["winner"])
    if scoring == "wins":
        assert sum(sheet.totals) == len(sheet.rounds)


# -- the whole entry: what the cards left in hand can be --------------------------------------------------------------
TWOS = ["2S", "2H", "2D", "2C"]


def test_counts_leave_the_winners_last_card_on_the_pile():
    # One pack is worth 512 (above); the winner's last card, a 2 at the cheapest, is on the pile: 510 at most. 511
    # would leave out a card worth 1: there is none.
    sheet = HUIT.new_sheet(2, {"packs": 1})
    assert codes(sheet.check({"winner": 0, "hands": [None, {"points": 511}]})) == [("hands", 1, "points_range")]
    sheet = HUIT.new_sheet(3, {"packs": 1})
    assert codes(sheet.check({"winner": 0, "hands": [None, {"points": 500}, {"points": 11}]})) == [
        ("hands", None, "too_many_points")]
    assert sheet.check({"winner": 0, "hands": [None, {"points": 500}, {"points": 10}]}) == []
    assert HUIT.new_sheet(2, {"packs": 1}).check({"winner": 0, "hands": [None, {"points": 510}]}) == []
    # Two packs: 2 × 512 − 2 = 1022.
    sheet = HUIT.new_sheet(3)
    assert codes(sheet.check({"winner": 0, "hands": [None, {"points": 1000}, {"points": 23}]})) == [
        ("hands", None, "too_many_points")]
    assert sheet.check({"winner": 0, "hands": [None, {"points": 1000}, {"points": 22}]}) == []


def test_a_count_is_made_of_the_cards_the_listed_hands_leave():
    # Seat 1 holds the four 2s (8 points): no 2 is left for seat 2's count of 2; the rest is worth 512 − 8 = 504, the
    # cheapest card now a 3 which may be the one on the pile: 501 at most, 502 would leave 2 points out.
    sheet = HUIT.new_sheet(3, {"packs": 1})
    assert codes(sheet.check({"winner": 0, "hands": [None, {"cards": TWOS}, {"points": 2}]})) == [
        ("hands", 2, "no_such_count")]
    assert sheet.check({"winner": 0, "hands": [None, {"cards": TWOS}, {"points": 3}]}) == []
    assert sheet.check({"winner": 0, "hands": [None, {"cards": TWOS}, {"points": 501}]}) == []
    assert codes(sheet.check({"winner": 0, "hands": [None, {"cards": TWOS}, {"points": 502}]})) == [
        ("hands", None, "too_many_points")]
    # Three 2s listed: one 2 is left, for one of two hands counted at 2 (2 points is one 2).
    sheet = HUIT.new_sheet(4, {"packs": 1})
    assert codes(sheet.check({"winner": 0, "hands": [None, {"cards": TWOS[:3]}, {"points": 2}, {"points": 2}]})) == [
        ("hands", None, "counts_apart")]
    assert sheet.check({"winner": 0, "hands": [None, {"cards": TWOS[:3]}, {"points": 2}, {"points": 3}]}) == []


# An independent judge: it deals real cards. It looks for actual cards of the packs (less the listed hands) that make
# each count exactly, one hand after another, and leave one card at least on the pile; the sheet must accept the
# entry exactly when the judge finds them.
JUDGE_VALUE = {"A": 20, "8": 32, "K": 10, "Q": 10, "J": 10, **{str(k): k for k in (2, 3, 4, 5, 6, 7, 9, 10)}}


def judge_value(code):
    return JUDGE_VALUE[code[:-1]]


def judge_realises(pool, counts):
    """Hands of ``pool`` cards worth ``counts``, disjoint, with one card at least left over; None when there are none.
    The cards left over are one more share; the shares are filled smallest first and the largest takes the rest."""
    leftover = sum(judge_value(c) for c in pool) - sum(counts)
    if leftover <= 0:
        return None
    order = sorted([*range(len(counts)), None], key=lambda i: leftover if i is None else counts[i])
    targets = [leftover if i is None else counts[i] for i in order]
    free = sorted(pool, key=judge_value, reverse=True)
    failed = set()

    def share(i, free, target, start, hand):
        if target == 0:
            if i + 2 == len(targets):
                return [hand, free]
            rest = share(i + 1, free, targets[i + 1], 0, [])
            return None if rest is None else [hand, *rest]
        key = (i, tuple(judge_value(c) for c in free), target, start)
        if key in failed:
            return None
        last = None
        for j in range(start, len(free)):
            v = judge_value(free[j])
            if v > target or v == last:
                continue  # too big, or the same value as a card just tried in this place
            last = v
            found = share(i, free[:j] + free[j + 1:], target - v, j, [*hand, free[j]])
            if found is not None:
                return found
        failed.add(key)
        return None

    made = share(0, free, targets[0], 0, [])
    return None if made is None else [made[order.index(i)] for i in range(len(counts))]


def test_the_sheet_takes_exactly_the_counts_real_cards_make_near_the_bounds():
    rng = random.Random(8)
    for case in range(300):
        packs = rng.choice([1, 2])
        n = rng.randint(2, 6 if packs == 1 else 8)
        sheet = HUIT.new_sheet(n, {"packs": packs, "scoring": "penalty", "target": 100_000})
        pack = [r + s for s in "SHDC" for r in JUDGE_VALUE] * packs
        rng.shuffle(pack)
        if rng.random() < 0.3:  # the cheap cards first: the counts then compete for the few left
            pack.sort(key=judge_value, reverse=True)
        winner = rng.randrange(n)
        losers = [s for s in range(n) if s != winner]
        listed = {s: [pack.pop() for _ in range(rng.randint(1, 9))] for s in losers if rng.random() < 0.3}
        counted = [s for s in losers if s not in listed]
        if not counted:
            continue
        worth = sum(judge_value(c) for c in pack)
        if rng.random() < 0.5:  # near the top: every card left but a few points
            total = worth - rng.randint(0, 6)
            cuts = sorted(rng.randint(2, max(2, total - 2)) for _ in range(len(counted) - 1))
            counts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        else:  # near the bottom: a card or two each
            counts = [rng.choice([2, 2, 3, 3, 4, 5, 6, 7, 9, 12, 22, 32, 34]) for _ in counted]
        if any(c < 2 for c in counts):
            continue
        hands = [None] * n
        for s, cards in listed.items():
            hands[s] = {"cards": cards}
        for s, points in zip(counted, counts, strict=True):
            hands[s] = {"points": points}
        realised = judge_realises(pack, counts)
        if realised is not None:
            assert [sum(judge_value(c) for c in h) for h in realised] == counts
        accepted = sheet.check({"winner": winner, "hands": hands}) == []
        assert accepted == (realised is not None), (case, packs, n, counts, {s: len(c) for s, c in listed.items()})
