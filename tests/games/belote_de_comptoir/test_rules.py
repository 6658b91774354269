"""Belote de comptoir score sheet: whole games and ceilings worked out by hand from the rules."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.families import belote
from companion.games import registry
from companion.games.belote_de_comptoir import rules as comptoir
from companion.kernel import InvalidEntry
from companion.kernel.cards import deck

GAME = registry.get("belote-de-comptoir")


def sheet(n=3, **options):
    return GAME.new_sheet(n, options)


def bid(cards, bidder, amount, points, trump="H"):
    return {"cards": cards, "bidder": bidder, "bid": amount, "trump": trump, "points": points}


def codes(s, entry):
    return {(p.field, p.code, p.seat) for p in s.check(entry)}


@pytest.mark.parametrize("n, expected", [(2, 5), (3, 5), (6, 5), (7, 4), (8, 4)])
def test_the_dealer_gives_at_most_five_cards_as_far_as_the_pack_allows(n, expected):
    # 32 // 6 = 5, 32 // 7 = 4, 32 // 8 = 4.
    assert comptoir.max_cards(n) == expected


def test_suit_trump_ceilings_at_three_players():
    # The pack's values with a suit trump, highest first: J 20, 9 14, then four aces at 11, four 10s at 10, four kings
    # at 4, four queens at 3, three plain jacks at 2.
    # 1 card × 3 players: 20 + 14 + 11 + 10 de der = 55 (no belote with one card).
    # 2 cards: 6 cards: 20 + 14 + 4 × 11 = 78, + 10 + 20 belote = 108.
    # 3 cards: 9 cards: 78 + 3 × 10 = 108, + 30 = 138. 4 cards: 12 cards: 108 + 10 + 2 × 4 = 126, + 30 = 156.
    # 5 cards: 15 cards: 126 + 2 × 4 + 3 = 137, + 30 = 167.
    s = sheet()
    assert s.next_round().extra == {"max_cards": 5, "max_bids": [55, 108, 138, 156, 167]}
    # 2 players, 1 card each: 20 + 14 + 10 = 44.
    assert sheet(2).next_round().extra["max_bids"][0] == 44


def test_no_trump_and_all_trump_ceilings():
    # Sans atout at 3 players with 1 card: three aces at 19 = 57, + 10 = 67 (no belote without a trump suit).
    # Tout atout, 1 card: three jacks at 14 = 42 + 10 = 52.
    s = sheet(sans_atout=True, tout_atout=True)
    assert not s.check(bid(1, 0, 67, 67, "SA"))
    assert ("bid", "over_ceiling", None) in codes(s, bid(1, 0, 68, 0, "SA"))
    assert not s.check(bid(1, 0, 52, 0, "TA"))
    assert ("points", "over_ceiling", None) in codes(s, bid(1, 0, 40, 53, "TA"))


def test_an_evening_to_five():
    s = sheet()
    # Deal 1 (Ana deals, Bea bids first): Ana bids 30 with 2 cards and makes 58: made, Ana 1.
    assert s.apply(bid(2, 0, 30, 58)).scores == [1, 0, 0]
    # Deal 2: Bea bids 60 and makes 59: failed, Ana and Cid 1 each.
    assert s.apply(bid(3, 1, 60, 59, "S")).scores == [1, 0, 1]
    # Deal 3: all passed: nothing; deal 4 is Ana's deal again.
    assert s.apply({"bidder": None}).scores == [0, 0, 0]
    assert (s.next_round().dealer, s.next_round().first) == (0, 1)
    # Deal 4: Cid bids exactly what he makes (enough: « atteindre »).
    assert s.apply(bid(1, 2, 25, 25, "C")).scores == [0, 0, 1]
    assert s.totals == [2, 0, 2] and s.leaders == [0, 2]


def test_a_failed_bid_can_bring_several_players_to_the_target_together():
    s = sheet(target=2)
    s.apply(bid(1, 0, 40, 10))  # Bea 1, Cid 1
    assert not s.finished
    s.apply(bid(1, 0, 40, 10))  # Bea 2, Cid 2: both reach 2
    assert s.finished and s.winners == [1, 2]


def test_sans_atout_and_tout_atout_only_with_their_options():
    s = sheet()
    assert ("trump", "trump_off", None) in codes(s, bid(2, 0, 30, 30, "SA"))
    assert ("trump", "trump_off", None) in codes(s, bid(2, 0, 30, 30, "TA"))
    assert ("trump", "bad_trump", None) in codes(s, bid(2, 0, 30, 30, "X"))
    assert not sheet(tout_atout=True).check(bid(2, 0, 30, 30, "TA"))


def test_every_problem_is_reported_at_once():
    s = sheet(7)
    found = codes(s, {"cards": 5, "bidder": 7, "bid": 0, "trump": "SA", "points": -1, "x": 1})
    assert found == {("cards", "cards_range", None), ("bidder", "not_seat", None), ("bid", "out_of_range", None),
                     ("trump", "trump_off", None), ("points", "out_of_range", None), ("x", "unknown_field", None)}


def test_the_message_says_it_is_a_ceiling():
    s = sheet()
    [problem] = s.check(bid(2, 0, 109, 50))
    assert "plus que ce que 6 cartes peuvent valoir" in problem.message.fr


def test_with_one_card_each_the_bidder_has_nothing_or_the_last_trick():
    # One card each: the only trick is the last, so the bidder has 0 or the trick's cards + 10 de der. Two players,
    # hearts trump: the trick holds two cards of J 20, 9 14, A 11 (×4), 10 10 (×4), K 4 (×4), Q 3 (×4), plain J 2
    # (×3), and 11 cards worth 0. Two cards make 0, 2, 3, 4, 5 (2 + 3), 6 (2 + 4, 3 + 3), 7, 8, 10, 11, 12, 13, 14,
    # 15 (11 + 4), 16 (14 + 2), 17, 18, 20, 21, 22, 23, 24, 25 (14 + 11), 30, 31, 34 (20 + 14); never 1, 9 (no 9
    # from two of those), 19, 26–29, 32, 33. Plus 10: the list below. No belote with one card each.
    expected = {0} | {10 + t for t in (0, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 21, 22, 23,
                                       24, 25, 30, 31, 34)}
    assert comptoir.possible_points("H", 1, 2) == expected
    s = sheet(2)
    for points in range(0, 45):
        found = codes(s, bid(1, 0, 10, points))
        assert (("points", "unreachable_points", None) in found) == (points not in expected), points
    # 1 to 9 points: nothing below the dix de der but 0.
    assert all(p not in expected for p in range(1, 10))


def test_unreachable_counts_at_other_card_counts():
    s = sheet(3)
    # Three players, one card each: 0, or three cards + 10. 11 would be three cards worth 1: no card is worth 1.
    assert ("points", "unreachable_points", None) in codes(s, bid(1, 0, 10, 11))
    assert not s.check(bid(1, 0, 10, 12))  # plain J 2 + two cards worth 0, + 10
    # Three players, two cards each: a trick is three cards. 21 = 11 + 10 (an ace and two blanks in the last
    # trick): taken. 1 point: never.
    assert not s.check(bid(2, 0, 10, 21))
    assert ("points", "unreachable_points", None) in codes(s, bid(2, 0, 10, 1))
    # With the belote, two cards each: the bidder held K and Q of trumps and played them in his two tricks or
    # lost them: belote 20 + nothing (both tricks lost) = 20; 20 + 10 + the six cards of both tricks, K Q among
    # them: at least 4 + 3 + 10 + 20 = 37. So 28 = 20 + 8 (one trick of 3 cards worth 8, not the last: 4 + 4 + 0,
    # taken: the K of trumps is his and a king of another suit fell on it) is taken.
    assert not s.check(bid(2, 0, 10, 28))
    # Two players, five cards each: the best is the 10 highest cards (J 20 + 9 14 + 4 aces 44 + 4 tens 40 = 118)
    # + 10 = 128, or with the belote (K and Q in his tricks: 7 + the 8 highest others 98 = 105, + 10 + 20 = 135):
    # 135 is taken, 136 to the bid ceiling 148 (118 + 10 + 20) refused. 134 is taken too: an ace swapped for a ten
    # (eight others 97). Without the belote, 127 would need ten cards worth 117 (the ten best less 1: no).
    two = sheet(2)
    assert not two.check(bid(5, 0, 10, 135))
    assert not two.check(bid(5, 0, 10, 134))
    assert all(("points", "unreachable_points", None) in codes(two, bid(5, 0, 10, p)) for p in range(136, 149))
    assert 127 not in belote.reachable("H", 5, 2)
    assert comptoir.max_bid("H", 5, 2) == 148


@pytest.mark.parametrize("entry, code", [
    ({"bidder": None, "cards": 2}, "passed_deal"),
    ({"cards": 2, "bidder": 0, "trump": "H", "points": 3}, "required"),
    (bid(0, 0, 10, 10), "cards_range"),
    (bid(2, 0, 10.5, 10), "not_int"),
])
def test_impossible_entries_are_refused(entry, code):
    s = sheet()
    assert code in {c for _f, c, _s in codes(s, entry)}
    with pytest.raises(InvalidEntry):
        s.apply(entry)


@settings(max_examples=200, deadline=None)
@given(n=st.integers(2, 8), data=st.data())
def test_every_bid_up_to_the_ceiling_is_taken_and_one_more_is_refused(n, data):
    s = sheet(n, sans_atout=True, tout_atout=True, target=1_000)
    cards = data.draw(st.integers(1, comptoir.max_cards(n)))
    trump = data.draw(st.sampled_from(["S", "H", "D", "C", "SA", "TA"]))
    top = comptoir.max_bid(trump, cards, n)
    # The ceiling never exceeds a deal's 162 + 20 and grows with the cards dealt.
    assert top <= 182
    if cards > 1:
        assert top >= comptoir.max_bid(trump, cards - 1, n)
    amount = data.draw(st.integers(1, top))
    points = data.draw(st.sampled_from(sorted(comptoir.possible_points(trump, cards, n))))
    assert not s.check(bid(cards, 0, amount, points, trump))
    assert ("bid", "over_ceiling", None) in codes(s, bid(cards, 0, top + 1, points, trump))
    r = s.apply(bid(cards, 0, amount, points, trump))
    # One point changes hands: to the bidder, or to each of the others.
    assert sum(r.scores) == (1 if points >= amount else n - 1)


# An independent judge of a bidder's count: lay out real cards. The bidder wins k of the deal's tricks (the last
# one or not); the cards of his tricks are chosen by value class (how many of the 20s, 14s, 11s… of the pack's
# real cards), then dealt into real tricks of n cards, his K and Q of trumps (when he counts the belote) in two
# different tricks of his own play; the tricks are then counted card by card.
POINTS = {
    "trump": {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0},
    "plain": {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0},
    "SA": {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0},
    "TA": {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0},
}


def worth(card, trump):
    if trump in ("SA", "TA"):
        return POINTS[trump][card.rank.code]
    return POINTS["trump" if card.suit.value == trump else "plain"][card.rank.code]


def choose(classes, size, target):
    """Counts per value class making ``size`` cards worth ``target``, or None (a depth-first search)."""
    values = sorted(classes, reverse=True)

    def go(i, size, target):
        if size == 0 or i == len(values):
            return {} if size == 0 and target == 0 else None
        v = values[i]
        for k in range(min(len(classes[v]), size), -1, -1):
            if k * v > target:
                continue
            rest = go(i + 1, size - k, target - k * v)
            if rest is not None:
                return {v: k, **rest}
        return None

    return go(0, size, target)


def judge(trump, cards, n, points):
    pack = deck("32")
    for k in range(cards + 1):
        for last in ([False] if k == 0 else [True] if k == cards else [True, False]):
            for with_belote in ([False, True] if trump in "SHDC" and cards >= 2 else [False]):
                honours = [c for c in pack if with_belote and c.suit.value == trump and c.rank.code in ("K", "Q")]
                for mine in ([()] if not with_belote else [(), (0,), (1,), (0, 1)]):
                    won = [honours[i] for i in mine]  # of K and Q, those lying in his tricks
                    if len(won) > k or len(honours) - len(won) > cards - k:
                        continue  # two different tricks: as many won as lie in his, as many lost as do not
                    target = points - 10 * last - 20 * with_belote - sum(worth(c, trump) for c in won)
                    others = [c for c in pack if c not in honours]
                    classes = {}
                    for c in others:
                        classes.setdefault(worth(c, trump), []).append(c)
                    counts = choose(classes, k * n - len(won), target) if target >= 0 else None
                    if counts is None:
                        continue
                    chosen = [c for v, m in counts.items() for c in classes[v][:m]]
                    gone = [h for h in honours if h not in won]
                    spare = [c for c in others if c not in chosen]
                    # each honour heads a trick of its own: the won ones his first tricks, the lost ones the others
                    his_tricks = [[h] for h in won] + [[] for _ in range(k - len(won))]
                    for c in chosen:
                        next(t for t in his_tricks if len(t) < n).append(c)
                    lost_tricks = [[h] for h in gone] + [[] for _ in range(cards - k - len(gone))]
                    for t in lost_tricks:
                        while len(t) < n:
                            t.append(spare.pop())
                    tricks = his_tricks + lost_tricks
                    assert all(len(t) == n for t in tricks) and len({c for t in tricks for c in t}) == cards * n
                    if with_belote:  # K and Q in two different tricks
                        assert len({i for i, t in enumerate(tricks) for c in t if c in honours}) == 2
                    his = tricks[:k]
                    counted = sum(worth(c, trump) for t in his for c in t) + 10 * last + 20 * with_belote
                    assert counted == points
                    return tricks
    return None


def near_the_bounds(rng):
    n = rng.choice(range(2, 9))
    cards = rng.randint(1, comptoir.max_cards(n))
    trump = rng.choice(["H", "S", "SA", "TA"])
    top = comptoir.max_bid(trump, cards, n)
    pick = rng.random()
    if pick < 0.3:
        points = rng.randint(0, 25)
    elif pick < 0.6:
        points = rng.randint(max(0, top - 30), top)
    else:  # a real deal's count, nudged by a point or two
        dealt = rng.sample(deck("32"), cards * n)
        k = rng.randint(0, cards)
        points = sum(worth(c, trump) for c in dealt[:k * n]) + (10 if k == cards or (k and rng.random() < 0.5) else 0)
        points += rng.choice([0, 0, -1, 1, 2, -2, 20])
    return n, cards, trump, max(0, points)


def test_the_sheet_takes_exactly_the_counts_real_cards_can_make():
    rng = random.Random(2026)
    seen = set()
    for _ in range(400):
        n, cards, trump, points = near_the_bounds(rng)
        s = sheet(n, sans_atout=True, tout_atout=True)
        refused = ("points", "unreachable_points", None) in codes(s, bid(cards, 0, 1, points, trump)) or (
            ("points", "over_ceiling", None) in codes(s, bid(cards, 0, 1, points, trump)))
        possible = judge(trump, cards, n, points) is not None
        assert refused != possible, (n, cards, trump, points)
        seen.add((cards == 1, possible))
    assert seen == {(True, True), (True, False), (False, True), (False, False)}


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.floats(allow_nan=False) | st.text(max_size=4)
    | st.sampled_from(["S", "H", "SA", "TA", "prendre", "vole", "none"]),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.sampled_from(["cards", "bidder", "bid", "trump", "points", "x"]), c, max_size=6),
    max_leaves=14,
)


@settings(max_examples=300, deadline=None)
@given(entry=junk, options=st.sampled_from([{}, {"annonces": True, "litige": "reserve"}, {"sans_atout": True, "tout_atout": True}]))
def test_junk_with_the_entry_s_own_keys_never_raises(entry, options):
    options = {k: v for k, v in options.items() if k in {o.key for o in GAME.options}}
    s = GAME.new_sheet(3, options)
    problems = s.check(entry)
    if not problems:
        s.apply(entry)  # what the check lets through scores without an error
    else:
        with pytest.raises(InvalidEntry):
            s.apply(entry)


@settings(max_examples=200, deadline=None)
@given(entry=junk)
def test_the_history_words_never_raise_on_junk(entry):
    lines = GAME.new_sheet(3, {}).describe_entry(entry, 1)
    assert all(line.fr and line.en for line in lines)
