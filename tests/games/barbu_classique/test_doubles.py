"""Barbu classique doubles (option ``doubles``): side bets on the difference between two players' scores, worked
out by hand from the rules (Wikipedia « Barbu (card game) »), kept apart from the contract scores."""

import pytest

from companion.games import registry
from companion.kernel.errors import InvalidEntry

GAME = registry.get("barbu-classique")


def sheet(doubles=True, dealing="seven"):
    return GAME.new_sheet(4, {"doubles": doubles, "dealing": dealing})


def codes(s, entry):
    return {(p.field, p.code) for p in s.check(entry)}


def test_a_double_and_a_redouble_settle_the_difference_apart_from_the_contract():
    s = sheet()
    # Deal 1, Ana (seat 0) declares « pas de dames »: queens [1, 0, 2, 1] → Ana −6, Bea 0, Cid −12, Dan −6.
    # Bea doubles Ana: Bea's 0 against Ana's −6, Bea wins 0 − (−6) = 6, Ana pays 6.
    # Cid doubles Bea, Bea redoubles: Cid's −12 against Bea's 0, (−12 − 0) × 2 = −24: Cid pays 24 to Bea.
    # Side bets: Ana −6, Bea +6 + 24 = +30, Cid −24, Dan 0 (they sum to 0).
    entry = {"contract": "dames", "queens": [1, 0, 2, 1],
             "doubles": [{"by": 1, "on": 0}, {"by": 2, "on": 1}], "redoubles": [{"by": 1, "on": 2}]}
    result = s.apply(entry)
    assert result.scores == [-6, 0, -12, -6]  # the contract alone: 4 × −6 = −24, as without doubles
    assert result.extra["doubles"] == [-6, 30, -24, 0]
    assert s.totals == [-6, 0, -12, -6] and s.doubles_totals == [-6, 30, -24, 0]
    # The ranking counts both: Ana −12, Bea +30, Cid −36, Dan −6.
    assert [s.ranking_key(p) for p in range(4)] == [-12, 30, -36, -6]
    assert s.leaders == [1]
    assert s.next_round().extra["doubles_totals"] == [-6, 30, -24, 0]
    assert any("surcontré" in n.fr for n in result.notes)


def test_in_a_positive_contract_only_the_declarer_may_be_doubled():
    s = sheet()
    # Deal 1, Ana declares atout (spades), takes 6 tricks (+30), Bea 3 (+15), Cid 2, Dan 2 (+10 each).
    entry = {"contract": "atout", "trump": "S", "tricks": [6, 3, 2, 2], "doubles": [{"by": 2, "on": 1}]}
    assert ("doubles.0", "positive_declarer_only") in codes(s, entry)
    # Cid doubles Ana: Cid's 10 against Ana's 30: Cid pays 20.
    result = s.apply({**entry, "doubles": [{"by": 2, "on": 0}]})
    assert result.scores == [30, 15, 10, 10] and result.extra["doubles"] == [20, 0, -20, 0]


def test_the_checks_name_each_impossible_double():
    s = sheet()
    base = {"contract": "plis", "tricks": [4, 3, 3, 3]}
    assert ("doubles.0", "self") in codes(s, {**base, "doubles": [{"by": 1, "on": 1}]})
    assert ("doubles.0.on", "not_seat") in codes(s, {**base, "doubles": [{"by": 1, "on": 4}]})
    assert ("doubles.0", "declarer_doubles") in codes(s, {**base, "doubles": [{"by": 0, "on": 1}]})  # Ana declares
    assert ("doubles.1", "both_ways") in codes(s, {**base, "doubles": [{"by": 1, "on": 2}, {"by": 2, "on": 1}]})
    assert ("doubles.1", "twice") in codes(s, {**base, "doubles": [{"by": 1, "on": 2}, {"by": 1, "on": 2}]})
    # Ana redoubles Bea, whom nobody doubled… by Bea: refused.
    assert ("redoubles.0", "no_double") in codes(s, {**base, "redoubles": [{"by": 0, "on": 1}]})
    assert ("doubles", "not_list") in codes(s, {**base, "doubles": {"by": 1}})
    assert ("doubles.0", "not_pair") in codes(s, {**base, "doubles": [[1, 0]]})
    off = sheet(doubles=False)
    assert ("doubles", "doubles_off") in codes(off, {**base, "doubles": [{"by": 1, "on": 0}]})
    assert off.check(base) == []


def test_each_other_player_must_double_the_declarer_twice_over_the_declarer_s_seven_contracts():
    s = sheet(dealing="rotate")
    # With the deal passing on every deal, Ana (seat 0) deals 1, 5, 9, 13, 17, 21 and 25: her seven contracts. Bea, Cid and Dan double her in the
    # first two (deals 1 and 5). Deals 2-4 and 6-8 are the others' first two contracts, without doubles.
    everyone = [{"by": b, "on": 0} for b in (1, 2, 3)]
    plain = [{"contract": k, **f} for k, f in (
        ("plis", {"tricks": [4, 3, 3, 3]}), ("dames", {"queens": [1, 1, 1, 1]}),
        ("roi-de-coeur", {"king_of_hearts": 2}), ("deux-derniers", {"last_two": [3, 3]}),
        ("coeurs", {"hearts": [0, 13, 0, 0], "ace_of_hearts": 1}),
        ("atout", {"trump": "S", "tricks": [13, 0, 0, 0]}), ("reussite", {"order": [1, 2, 3, 0]}))]
    s.apply({**plain[0], "doubles": everyone})  # deal 1, Ana
    for _deal in range(2, 5):
        s.apply(plain[0])
    s.apply({**plain[1], "doubles": everyone})  # deal 5, Ana
    for _deal in range(6, 9):
        s.apply(plain[1])
    assert s.doubles_of(0) == {1: 2, 2: 2, 3: 2}  # Ana's due: two doubles from each, in her first two contracts
    # Then everyone plays on without doubles: deals 9-12 roi de cœur, 13-16 deux derniers, 17-20 cœurs, 21 atout
    # (Ana's sixth). Nobody has doubled Bea yet, but until her sixth contract two chances are left for two doubles.
    for _deal in range(9, 13):
        s.apply(plain[2])
    for _deal in range(13, 17):
        s.apply(plain[3])
    for _deal in range(17, 21):
        s.apply(plain[4])
    s.apply(plain[5])  # deal 21, Ana, atout
    # Deal 22 is Bea's sixth contract (atout): after it only one is left, and Ana, Cid and Dan each still owe her
    # 2 − 0 = 2 doubles: not doubling her now is refused for all three.
    assert s.number == 22
    problems = {(p.code, p.seat) for p in s.check(plain[5])}
    assert problems == {("owed", 0), ("owed", 2), ("owed", 3)}
    # With each doubling Bea now, one more is still owed from each in her last contract: accepted.
    bea = [{"by": b, "on": 1} for b in (0, 2, 3)]
    assert s.check({**plain[5], "doubles": bea}) == []


def test_without_the_option_nothing_changes():
    s = sheet(doubles=False)
    s.apply({"contract": "dames", "queens": [1, 0, 2, 1]})
    assert "doubles" not in s.rounds[0].extra and s.ranking_key(0) == -6
    with pytest.raises(InvalidEntry):
        s.apply({"contract": "plis", "tricks": [4, 3, 3, 3], "doubles": [{"by": 2, "on": 1}]})


def test_a_whole_28_deal_game_with_doubles_keeps_both_balances_at_zero():
    import random

    from tests.groups.legal import barbu_classique as legal_entry

    for seed in range(5):
        rng = random.Random(seed)
        s = sheet()
        while not s.finished:
            s.apply(legal_entry(s, rng))
        # The seven contracts of four declarers cancel out (4 × 0), and every side bet is paid by one to the other.
        assert sum(s.totals) == 0 and sum(s.doubles_totals) == 0
        # Every other player doubled each declarer at least twice over his seven contracts.
        for dealer in range(4):
            assert min(s.doubles_of(dealer).values()) >= 2
