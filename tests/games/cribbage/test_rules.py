"""Cribbage: the hand counter against known hands and a brute-force count, the impossible totals by enumeration, and
whole games worked out by hand (the order of scoring decides who reaches the target first)."""

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.cribbage import rules as cribbage
from companion.games.cribbage.rules import count_show, possible_shows
from companion.kernel import InvalidEntry
from companion.kernel.cards import Rank, cards, deck

GAME = registry.get("cribbage")
PACK = deck("52")


def show(hand, starter, crib=False):
    return count_show(cards(hand), cards(starter)[0], crib=crib).as_dict()


# -- known hands -------------------------------------------------------------------------------------------------
def test_the_29_hand():
    # 5♥ 5♠ 5♣ V♦ + 5♦: fifteens: four 5+V (4) and four triples of 5s (C(4,3) = 4): 8 × 2 = 16; six pairs of 5s: 12;
    # the Jack of the starter's suit: 1. 16 + 12 + 1 = 29.
    assert show("5H 5S 5C JD", "5D") == {"points": 29, "fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1}


def test_the_28_hand():
    # 5♥ 5♠ 5♣ 5♦ + V♣ (the Jack is the starter: no nobs): 16 + 12 = 28.
    assert show("5H 5S 5C 5D", "JC")["points"] == 28


def test_a_24_with_double_runs():
    # 7 7 8 8 + 9: fifteens 7+8 four ways: 8; two pairs: 4; run 7-8-9 four ways: 12. 8 + 4 + 12 = 24.
    assert show("7H 7S 8C 8D", "9H") == {"points": 24, "fifteens": 8, "pairs": 4, "runs": 12, "flush": 0, "nobs": 0}


def test_a_23_and_the_24_of_two_pairs_and_a_run():
    # 4 5 5 5 + 6: fifteens 5+5+5 (1) and 4+5+6 three ways (3): 4 × 2 = 8; pair royal 6; run 4-5-6 three ways: 9.
    # 8 + 6 + 9 = 23.
    assert show("4H 5S 5C 5D", "6H")["points"] == 23
    # 4 4 5 6 + 6: fifteens 4+5+6 two 4s × two 6s (4): 8; two pairs 4; run 4-5-6 four ways: 12. 8 + 4 + 12 = 24.
    assert show("4H 4S 5C 6D", "6H") == {"points": 24, "fifteens": 8, "pairs": 4, "runs": 12, "flush": 0, "nobs": 0}


def test_a_flush_of_four_in_hand_not_in_the_crib():
    # 2♥ 4♥ 6♥ 8♥ + R♠: fifteens none (2+4+... 2+4+8 = 14, 6+8 = 14; 4+... no), no pair, no run; four hearts: 4.
    assert show("2H 4H 6H 8H", "KS") == {"points": 4, "fifteens": 0, "pairs": 0, "runs": 0, "flush": 4, "nobs": 0}
    assert show("2H 4H 6H 8H", "KS", crib=True)["flush"] == 0  # the crib needs all five


def test_a_flush_of_five_in_hand_and_crib():
    # + R♥: 5 for the flush; the Roi adds no fifteen (2+4+... no 5 here): 5.
    assert show("2H 4H 6H 8H", "KH")["flush"] == 5
    assert show("2H 4H 6H 8H", "KH", crib=True)["flush"] == 5


def test_nobs_is_the_jack_of_the_starters_suit_in_hand_only():
    assert show("JH 2S 4C 6D", "9H")["nobs"] == 1
    assert show("JS 2S 4C 6D", "9H")["nobs"] == 0
    assert show("2S 4C 6D 8S", "JH")["nobs"] == 0  # a Jack starter is his heels, not nobs


def test_a_nothing_hand():
    # 2 4 6 8 + 10 of mixed suits: no fifteen (2+4+... 2+4+... none sums to 15 with even cards), no pair, no run.
    assert show("2H 4S 6C 8D", "10H")["points"] == 0


# -- brute force --------------------------------------------------------------------------------------------------
def brute_force(hand, starter, crib):
    five = [*hand, starter]
    value = [c.rank.pip for c in five]
    fifteens = 2 * sum(1 for k in range(2, 6) for idx in combinations(range(5), k) if sum(value[i] for i in idx) == 15)
    pairs = 2 * sum(1 for a, b in combinations(five, 2) if a.rank == b.rank)
    runs_found = []
    for k in (5, 4, 3):
        for idx in combinations(range(5), k):
            ranks = sorted(five[i].rank.value for i in idx)
            ordinals = sorted(r if r < 12 else r - 1 for r in ranks)  # no cavalier in a 52-card pack
            if all(b - a == 1 for a, b in zip(ordinals, ordinals[1:], strict=False)):
                if not any(set(idx) < set(big) for big in runs_found):
                    runs_found.append(idx)
    runs = sum(len(idx) for idx in runs_found)
    suits = {c.suit for c in hand}
    flush = 0
    if len(suits) == 1:
        flush = 5 if starter.suit in suits else (0 if crib else 4)
    nobs = int(any(c.rank is Rank.JACK and c.suit == starter.suit for c in hand))
    return fifteens + pairs + runs + flush + nobs


def test_the_counter_agrees_with_a_brute_force_count_over_random_hands():
    rng = random.Random(14)
    for _ in range(3000):
        five = rng.sample(PACK, 5)
        crib = rng.random() < 0.3
        assert count_show(five[:4], five[4], crib).points == brute_force(five[:4], five[4], crib), five


# -- impossible totals ----------------------------------------------------------------------------------------------
def test_no_hand_or_crib_totals_19_25_26_or_27_by_enumeration_over_ranks_and_suits():
    hands, cribs = possible_shows()
    expected = set(range(30)) - {19, 25, 26, 27}
    assert set(hands) == expected and set(cribs) == expected
    assert cribbage.IMPOSSIBLE_HANDS == (19, 25, 26, 27) and cribbage.MAX_HAND == 29


@pytest.mark.slow
def test_every_hand_of_the_pack_counted_gives_the_same_possible_totals():
    hands, cribs = set(), set()
    for five in combinations(PACK, 5):
        for i in range(5):
            starter = five[i]
            hand = five[:i] + five[i + 1:]
            hands.add(count_show(hand, starter).points)
            cribs.add(count_show(hand, starter, crib=True).points)
    assert (hands, cribs) == tuple(set(x) for x in possible_shows())


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(PACK), min_size=5, max_size=5, unique=True), st.booleans())
def test_a_show_is_always_a_possible_total(five, crib):
    points = count_show(five[:4], five[4], crib).points
    assert 0 <= points <= 29 and points not in (19, 25, 26, 27)


# -- the sheet ---------------------------------------------------------------------------------------------------
def entry(starter, pegging, hands, crib):
    return {"starter": starter, "pegging": pegging, "hands": hands, "crib": crib}


def test_a_whole_two_player_game_to_61_worked_out_by_hand():
    sheet = GAME.new_sheet(2, {"target": 61})
    # Deal 1, Anne (seat 0) deals. Starter 5♦. Pegging 4 and 6. Bruno's hand (first shown) 10 points, Anne's 29-hand
    # (5♥ 5♠ 5♣ V♦ = 29), crib 4. Anne 4 + 29 + 4 = 37, Bruno 6 + 10 = 16.
    r = sheet.apply(entry("5D", [4, 6], [{"cards": ["5H", "5S", "5C", "JD"]}, {"points": 10}], {"points": 4}))
    assert r.scores == [37, 16] and sheet.totals == [37, 16]
    # Deal 2, Bruno deals; starter V♠: his heels, 2 to Bruno (18). Pegging 3, 5: Anne 40, Bruno 23. Anne shows first
    # (the seat after the dealer): 22 → 62 ≥ 61, Anne wins; Bruno's hand and the crib are not counted.
    r = sheet.apply(entry("JS", [3, 5], [{"points": 22}, {"points": 12}], {"points": 8}))
    assert r.scores == [3 + 22, 2 + 5] and sheet.totals == [62, 23]
    assert sheet.finished and sheet.winners == [0]


def test_the_crib_wins_only_when_the_hands_before_it_did_not():
    sheet = GAME.new_sheet(2)
    sheet.totals = [100, 110]  # a game well under way (set directly: what the deal does next is the point)
    # Seat 0 deals: seat 1 shows first: 110 + 2 (pegging) + 8 = 120, not yet; seat 0: 100 + 1 + 12 = 113; crib 8: 121.
    r = sheet.apply(entry("3C", [1, 2], [{"points": 12}, {"points": 8}], {"points": 8}))
    assert r.scores == [1 + 12 + 8, 2 + 8] and sheet.winners == [0]


def test_a_hand_that_reaches_the_target_stops_the_count_and_later_ones_may_be_left_out():
    sheet = GAME.new_sheet(2)
    sheet.totals = [100, 110]
    # Seat 1 (after the dealer) pegs 2 and shows 9: 121, the end; the dealer's hand and crib are not needed.
    r = sheet.apply(entry("3C", [1, 2], [None, {"points": 9}], None))
    assert r.scores == [1, 11] and sheet.winners == [1]
    assert any("121" in n.fr for n in r.notes) and not any("Skunk" in n.fr for n in r.notes)  # 101 ≥ 91


def test_a_missing_hand_is_refused_when_the_game_is_not_over_yet():
    sheet = GAME.new_sheet(2)
    problems = sheet.check(entry("3C", [1, 2], [None, {"points": 9}], None))
    assert {(p.field, p.seat, p.code) for p in problems} == {("hands", 0, "required"), ("crib", None, "required")}


def test_his_heels_can_end_the_game_when_nobody_pegged():
    sheet = GAME.new_sheet(2)
    sheet.totals = [119, 50]
    assert [p.code for p in sheet.check(entry("JD", [1, 0], [None, None], None))] == ["heels_ended"]
    r = sheet.apply(entry("JD", [0, 0], [None, None], None))
    assert r.scores == [2, 0] and sheet.winners == [0]
    assert any("Skunk" in n.fr for n in r.notes) and sheet.skunked == [1]  # 50 < 91


def test_both_sides_cannot_reach_the_target_in_the_pegging():
    sheet = GAME.new_sheet(2)
    sheet.totals = [118, 119]
    problems = sheet.check(entry("3C", [3, 2], [None, None], None))
    assert [p.code for p in problems] == ["both_reach"]


def test_the_last_card_always_scores():
    sheet = GAME.new_sheet(2)
    problems = sheet.check(entry("3C", [0, 0], [{"points": 2}, {"points": 2}], {"points": 2}))
    assert [(p.field, p.code) for p in problems] == [("pegging", "no_last_card")]


def test_four_players_score_as_partnerships():
    sheet = GAME.new_sheet(4)
    # Seat 0 deals. Pegging 1, 2, 3, 4: side 0+2 has 1 + 3 = 4, side 1+3 has 2 + 4 = 6. Hands 4, 6, 8, 10:
    # side 0+2: 4 + 8 = 12, side 1+3: 6 + 10 = 16. Crib 2 to the dealer's side. 4 + 12 + 2 = 18; 6 + 16 = 22.
    r = sheet.apply(entry("3C", [1, 2, 3, 4], [{"points": p} for p in (4, 6, 8, 10)], {"points": 2}))
    assert r.scores == [18, 22, 18, 22] and sheet.totals == [18, 22, 18, 22]
    sheet.totals = [110, 22, 110, 22]
    # Seat 1 deals: seat 2 shows first: 110 + 0 + 12 = 122: side 0+2 wins, both partners named.
    sheet.apply(entry("3D", [0, 1, 0, 0], [{"points": 0}, {"points": 0}, {"points": 12}, {"points": 0}], {"points": 0}))
    assert sheet.winners == [0, 2]


def test_every_problem_at_once_with_its_field_and_seat():
    sheet = GAME.new_sheet(2)
    problems = sheet.check(entry("5H", [1, -1], [{"cards": ["5H", "6S", "7C"]}, {"points": 19}],
                                 {"cards": ["JK", "2S", "3S", "4S"]}))
    assert {(p.field, p.seat, p.code) for p in problems} == {
        ("pegging", 1, "not_count"), ("hands", 0, "four_cards"), ("hands", 1, "impossible_show"),
        ("crib", None, "bad_card")}


def test_a_card_twice_is_refused():
    sheet = GAME.new_sheet(2)
    # (The crib counts 2, not 0: with a 5 turned no hand or crib counts 0, see below.)
    problems = sheet.check(entry("5H", [1, 1], [{"cards": ["5H", "6S", "7C", "8D"]}, {"points": 2}], {"points": 2}))
    assert [(p.field, p.seat, p.code) for p in problems] == [("hands", 0, "card_twice")]


def test_three_players_each_play_for_themselves():
    sheet = GAME.new_sheet(3)
    # Seat 0 deals: 1 + 2 + 4 = 7, 2 + 6 = 8, 3 + 8 = 11 (no partnership at three).
    r = sheet.apply(entry("3C", [1, 2, 3], [{"points": p} for p in (2, 6, 8)], {"points": 4}))
    assert r.scores == [7, 8, 11]


def test_the_history_says_the_entry_in_words():
    sheet = GAME.new_sheet(2)
    lines = [t.fr for t in sheet.describe_entry(entry("5D", [4, 6], [{"cards": ["5H", "5S", "5C", "JD"]}, {"points": 10}],
                                                      {"points": 4}), 1)]
    assert lines == ["Carte de départ : 5♦", "Jeu des cartes : ⟨0⟩ 4, ⟨1⟩ 6", "⟨0⟩ : 5♥ 5♠ 5♣ V♦", "⟨1⟩ : 10 points",
                     "Crib : 4 points"]


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_legal_deals_keep_scores_in_range_and_partners_equal(rng):
    n = rng.choice([2, 4])
    sheet = GAME.new_sheet(n)
    while not sheet.finished:
        pack = list(PACK)
        rng.shuffle(pack)
        starter, rest = pack[0], pack[1:]
        hands = [{"cards": [c.code for c in rest[4 * s:4 * s + 4]]} for s in range(n)]
        crib = {"cards": [c.code for c in rest[4 * n:4 * n + 4]]}
        pegging = [rng.randint(0, 6) for _ in range(n)]
        pegging[rng.randrange(n)] += 1
        e = entry(starter.code, pegging, hands, crib)
        problems = sheet.check(e)
        if problems:  # near the end both sides may reach the target in the play: that cannot be, peg less
            assert {p.code for p in problems} <= {"both_reach", "heels_ended"}
            with pytest.raises(InvalidEntry):
                sheet.apply(e)
            e["pegging"] = [0] * n if "heels_ended" in {p.code for p in problems} else [1] + [0] * (n - 1)
        r = sheet.apply(e)
        # a deal scores at most its pegging, four hands of 29, a crib of 29 and his heels
        assert 0 <= sum(r.scores) <= 2 * (sum(pegging) + 29 * (n + 1) + 2)
        if n == 4:
            assert r.scores[0] == r.scores[2] and r.scores[1] == r.scores[3]
    assert sheet.finished
    assert len(sheet.winners) in (1, 2)


# -- a count in points against the deal's starter ----------------------------------------------------------------------
def show_problems(starter, points, crib=False):
    """The problems of a count given in points, as seat 1's hand (or the crib), in a deal that is otherwise fine."""
    sheet = GAME.new_sheet(2)
    hand, rest = {"points": points}, {"points": 2}
    problems = sheet.check(entry(starter, [1, 1], [rest, rest if crib else hand], hand if crib else rest))
    return {p.code for p in problems if p.field == ("crib" if crib else "hands")}


def test_29_needs_a_five_turned():
    # 29 is 5 5 5 and the Jack of the starter's suit with a 5 turned (test_the_29_hand): with a King turned, the most is
    # 5 5 5 5 + R: fifteens 5+R four ways and 5+5+5 four ways, 8 × 2 = 16, six pairs of 5s 12: 28.
    assert show_problems("KH", 29) == {"impossible_with_starter"}
    assert show_problems("KH", 28) == set()
    assert show_problems("5H", 29) == set()
    # With a Jack turned the Jack is the starter: no nobs, so 5 5 5 5 + V is 28 (test_the_28_hand) and 29 cannot be.
    assert show_problems("JC", 29) == {"impossible_with_starter"}
    assert show_problems("JC", 28) == set()


def test_with_a_five_turned_no_hand_counts_0_or_1():
    # Every 10-card (10, V, D, R) makes 15 with the 5 (2 at once), a 5 in hand pairs it (2), and the enumeration of
    # every hand below finds no four cards of A…9 without a 5 that make neither 15 nor a run with it. R 9 7 2 + 5
    # counts only R + 5 = 15: 2 (no other sum of 15, no pair, no run, no flush, no Jack).
    assert show_problems("5S", 0) == {"impossible_with_starter"}
    assert show_problems("5S", 1) == {"impossible_with_starter"}
    assert show_problems("5S", 0, crib=True) == {"impossible_with_starter"}
    assert show("KH 9S 7C 2D", "5S")["points"] == 2 and show_problems("5S", 2) == set()
    # Totals no starter allows keep their own message.
    assert show_problems("5S", 19) == {"impossible_show"}


def test_a_count_some_deal_realises_with_its_starter_is_accepted():
    # An independent judge: real deals of the pack, the hand and crib counted card by card; the sheet must take each
    # count in points with that deal's starter.
    rng = random.Random(2026)
    for _ in range(400):
        five = rng.sample(PACK, 5)
        starter, hand = five[4], five[:4]
        crib = rng.random() < 0.3
        points = brute_force(hand, starter, crib)
        assert show_problems(starter.code, points, crib) == set(), (five, crib, points)


@pytest.mark.slow
@pytest.mark.parametrize("rank", [r for r in Rank if r is not Rank.KNIGHT])
def test_the_sheet_takes_exactly_the_counts_some_hand_makes_with_that_starter(rank):
    # Every four cards of the other 51 with a starter of this rank (its suit plays no part), counted by brute force:
    # the sheet accepts a count in points exactly when some hand (or crib) makes it.
    starter = next(c for c in PACK if c.rank is rank)
    rest = [c for c in PACK if c != starter]
    hands, cribs = set(), set()
    for hand in combinations(rest, 4):
        hands.add(count_show(hand, starter).points)
        cribs.add(count_show(hand, starter, crib=True).points)
    for points in range(30):
        assert (show_problems(starter.code, points) == set()) == (points in hands), (rank, points)
        assert (show_problems(starter.code, points, crib=True) == set()) == (points in cribs), (rank, points)


# -- counts in points together, against one pack ----------------------------------------------------------------
def together_problems(starter, hands, crib):
    sheet = GAME.new_sheet(2)
    return {(p.field, p.code) for p in sheet.check(entry(starter, [1, 1], hands, crib))}


def test_two_hands_of_28_with_a_five_turned_would_need_six_fives():
    # With the 5♥ turned, 28 is 5 5 5 and a 10-card in hand (the four 5s: sixteen in fifteens, twelve in pairs), 29
    # the same with the Jack of hearts: either takes the three 5s left. Two such hands cannot both be.
    assert together_problems("5H", [{"points": 28}, {"points": 28}], {"points": 2}) == {("hands", "shows_apart")}
    assert together_problems("5H", [{"points": 29}, {"points": 2}], {"points": 28}) == {("hands", "shows_apart")}
    assert together_problems("5H", [{"points": 28}, {"points": 2}], {"points": 2}) == set()


def test_a_count_in_points_against_the_cards_another_hand_lists():
    # Seat 0 lists its cards, one of them the 5♠; the 5♥ is turned: two 5s are left, and 28 needs three.
    listed = {"cards": ["5S", "10D", "JC", "QC"]}
    assert together_problems("5H", [listed, {"points": 28}], {"points": 2}) == {("hands", "shows_apart")}
    # 24 from 4 4 6 6 with the 5 turned (fifteens 4+5+6 four ways 8, two pairs 4, the run 4-5-6 four ways 12) needs
    # no 5: it fits beside the listed hand.
    assert together_problems("5H", [listed, {"points": 24}], {"points": 2}) == set()
