"""Le pharaon (the user's rule document « Le pharaon »). Every expected number below is worked out by hand: the
higher card wins its side, the banker pays the bets on it and takes the others; on a pair he takes every bet."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.kernel.text import name_seats
from tests.groups import legal

PHARAON = registry.get("pharaon")
NAMES = ["Ana", "Bea", "Cid"]


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


def bets(*pairs):
    return [None if p is None else {"right": p[0], "left": p[1]} for p in pairs]


class TestAWholeEvening:
    def test_the_bank_stays_until_another_banker_is_named_and_the_balances_sum_to_zero(self):
        sheet = PHARAON.new_sheet(3, {"coups": 4})
        nxt = sheet.next_round()
        assert (nxt.dealer, nxt.first, nxt.extra) == (0, None, {"banker": 0})
        # Coup 1: Bea 5 right, Cid 2 left. R♠ right, 7♥ left: the right wins. Bea +5, Cid −2, Ana (banker) −3.
        assert sheet.apply({"banker": 0, "bets": bets(None, (5, 0), (0, 2)), "right": "KS", "left": "7H"}).scores == [-3, 5, -2]
        # Coup 2: suits do not count, the As is high. 2♦ right, A♣ left: the left wins.
        # Bea 1 right 1 left: −1 + 1 = 0; Cid 4 left: +4; Ana −4.
        assert sheet.apply({"banker": 0, "bets": bets(None, (1, 1), (0, 4)), "right": "2D", "left": "AC"}).scores == [-4, 0, 4]
        assert sheet.next_round().extra == {"banker": 0}
        # Coup 3: a pair of 9s (9♠ 9♥): the banker takes everything. Bea 3 + 0, Cid 1 + 1: Ana +5.
        assert sheet.apply({"banker": 0, "bets": bets(None, (3, 0), (1, 1)), "right": "9S", "left": "9H"}).scores == [5, -3, -2]
        # Coup 4: Cid takes the bank; only the result is entered. Ana 2 left, Bea 6 right; the left wins: Ana +2,
        # Bea −6, Cid +4.
        assert sheet.apply({"banker": 2, "bets": bets((0, 2), (6, 0), None), "result": "left"}).scores == [2, -6, 4]
        # Ana −3 − 4 + 5 + 2 = 0; Bea 5 + 0 − 3 − 6 = −4; Cid −2 + 4 − 2 + 4 = 4.
        assert sheet.totals == [0, -4, 4] and sum(sheet.totals) == 0
        assert sheet.finished and sheet.winners == [2]

    def test_without_a_number_of_coups_the_group_stops(self):
        sheet = PHARAON.new_sheet(2)
        sheet.apply({"banker": 1, "bets": bets((1, 0), None), "result": "pair"})
        assert not sheet.finished and sheet.totals == [-1, 1]
        assert sheet.next_round().extra == {"banker": 1}  # the last banker keeps the bank
        sheet.close()
        assert sheet.winners == [1]


class TestLegality:
    def test_every_problem_at_once(self):
        problems = PHARAON.new_sheet(3).check({"banker": 0, "bets": [{"right": 1}, {"right": -1}, "x"],
                                               "right": "JK", "left": "ZZ"})
        assert codes(problems) == [("bets", 0, "banker_bets"), ("bets", 2, "not_object"), ("bets.right", 1, "not_count"),
                                   ("left", None, "bad_card"), ("right", None, "not_in_pack")]

    def test_at_least_one_bet(self):
        assert ("bets", None, "no_bet") in codes(PHARAON.new_sheet(2).check({"banker": 0, "bets": bets(None, (0, 0)),
                                                                            "result": "left"}))

    def test_two_different_cards_and_a_result_that_agrees(self):
        sheet = PHARAON.new_sheet(2)
        base = {"banker": 0, "bets": bets(None, (1, 0))}
        assert ("left", None, "same_card") in codes(sheet.check({**base, "right": "KS", "left": "KS"}))
        assert ("result", None, "disagrees") in codes(sheet.check({**base, "right": "KS", "left": "KH", "result": "right"}))
        assert sheet.check({**base, "right": "KS", "left": "KH", "result": "pair"}) == []
        assert ("left", None, "required") in codes(sheet.check({**base, "right": "KS"}))
        assert ("result", None, "required") in codes(sheet.check(base))
        assert ("result", None, "bad_choice") in codes(sheet.check({**base, "result": "middle"}))

    def test_the_history_says_it_in_words(self):
        lines = PHARAON.new_sheet(3).describe_entry(
            {"banker": 0, "bets": bets(None, (5, 0), (0, 2)), "right": "KS", "left": "7H", "result": "right"}, 1)
        assert [name_seats(line.fr, NAMES) for line in lines] == [
            "Banquier : Ana", "Mises : Bea 5 à droite, 0 à gauche · Cid 0 à droite, 2 à gauche",
            "Cartes : R♠ à droite, 7♥ à gauche", "Résultat : la droite gagne"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 8))
def test_random_legal_coups_always_sum_to_zero(seed, n):
    rng = random.Random(seed)
    sheet = PHARAON.new_sheet(n, {"coups": 20})
    while not sheet.finished:
        entry = legal.entry_for(sheet, rng)
        assert sheet.check(entry) == []
        assert sum(sheet.apply(entry).scores) == 0
    assert sum(sheet.totals) == 0
