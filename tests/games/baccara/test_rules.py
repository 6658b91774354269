"""Le baccara (the user's rule document « Le baccara »). Every expected number below is worked out by hand: a hand
is worth the last digit of its total (A 1, 2–9 face value, 10 R D V 0); the pontes win their stakes from the
banker, or he takes them."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.baccara.rules import hand_value, ponte_of
from companion.kernel.cards import cards
from companion.kernel.text import name_seats
from tests.groups import legal

BACCARA = registry.get("baccara")
NAMES = ["Ana", "Bea", "Cid"]


def coup(banker, offer, stakes, ponte, bank):
    return {"banker": banker, "offer": offer, "stakes": stakes, "ponte_cards": ponte.split(), "banker_cards": bank.split()}


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


def test_a_hand_keeps_the_units_digit():
    assert hand_value(cards("8S 7H")) == 5  # 15
    assert hand_value(cards("KS 9H")) == 9  # 0 + 9
    assert hand_value(cards("10S QH JD")) == 0
    assert hand_value(cards("AS 2H 4D")) == 7


def test_the_ponte_is_the_largest_stake_a_tie_to_the_seat_first_after_the_banker():
    # Banker seat 2: seats after him are 0 (on his right), then 1.
    assert ponte_of([3, 3, None], 2) == 0
    assert ponte_of([None, 3, 3], 0) == 1
    assert ponte_of([2, 5, None], 2) == 1


class TestAWholeTable:
    def test_three_players_one_tour_with_an_egalite_that_keeps_the_bank_and_the_offer(self):
        sheet = BACCARA.new_sheet(3, {"tours": 1})
        nxt = sheet.next_round()
        assert (nxt.dealer, nxt.first, nxt.extra) == (0, None, {"banker": 0, "offer": None})
        # Coup 1, Ana banks 10; Bea stakes 6, Cid 4 (Bea the ponte). Ponte 7♦ K♠ = 7 stands; banker 3♥ A♠ = 4 draws
        # 4♦ = 8. The banker wins: he takes 10. Ana +10, Bea −6, Cid −4.
        r = sheet.apply(coup(0, 10, [None, 6, 4], "7D KS", "3H AS 4D"))
        assert r.scores == [10, -6, -4]
        assert sheet.next_round().extra == {"banker": 1, "offer": None}  # decided: the bank passes to Bea
        # Coup 2, Bea banks 8; Cid stakes 8 (banco). Ponte 9♣ 9♥ = 8, abattu; banker 4♣ 4♥ = 8. Égalité: nothing.
        r = sheet.apply(coup(1, 8, [0, None, 8], "9C 9H", "4C 4H"))
        assert r.scores == [0, 0, 0]
        nxt = sheet.next_round()
        assert (nxt.dealer, nxt.extra) == (1, {"banker": 1, "offer": 8})  # Bea keeps it, her 8 stays
        # The offer must stay 8, whatever the pontes matched before.
        assert ("offer", None, "offer_stays") in codes(sheet.check(coup(1, 6, [0, None, 6], "9C 9D", "4C 2H")))
        assert ("banker", None, "wrong_banker") in codes(sheet.check(coup(2, 8, [0, 8, None], "9C 9D", "4C 2H")))
        # Coup 3, Bea again with 8; Ana 4, Cid 4 (tie: Cid is first after Bea, so Cid is the ponte). Ponte 2♠ 3♠ = 5,
        # draws (his choice) 4♠ = 9; banker 6♦ 10♦ = 6 stands. The pontes win: Ana +4, Cid +4, Bea −8.
        r = sheet.apply(coup(1, 8, [4, None, 4], "2S 3S 4S", "6D 10D"))
        assert r.scores == [4, -8, 4]
        assert r.extra["ponte"] == 2
        assert not sheet.finished
        # Coup 4, Cid banks 5; Ana stakes 3 (at least half of 5), Bea 2. Points entered: ponte 2, banker 7.
        r = sheet.apply({"banker": 2, "offer": 5, "stakes": [3, 2, None], "ponte_points": 2, "banker_points": 7})
        assert r.scores == [-3, -2, 5]
        # Each has held the bank for one decided coup: the table ends. Ana 10 + 0 + 4 − 3 = 11; Bea −6 + 0 − 8 − 2 =
        # −16; Cid −4 + 0 + 4 + 5 = 5.
        assert sheet.totals == [11, -16, 5] and sum(sheet.totals) == 0
        assert sheet.finished and sheet.winners == [0]

    def test_three_tours_by_default(self):
        sheet = BACCARA.new_sheet(2)
        for k in range(6):  # 3 tours × 2 players = 6 decided coups
            assert not sheet.finished
            sheet.apply({"banker": k % 2, "offer": 2, "stakes": [None, 2] if k % 2 == 0 else [2, None],
                         "ponte_points": 9, "banker_points": 0})
        # The ponte wins every coup: each player loses 2 three times as banker and wins 2 three times as ponte.
        assert sheet.finished and sheet.totals == [0, 0] and sheet.winners == [0, 1]


class TestTheDrawingRules:
    @pytest.mark.parametrize(("ponte", "bank", "field", "code"), [
        ("9C KH 2S", "4C 4H", "ponte_cards", "natural"),  # ponte 9: nobody draws
        ("8C KH", "4C 2H 3D", "banker_cards", "natural"),  # ponte 8: the banker keeps two cards as well
        ("7C KH 2S", "4C 2H 3D", "ponte_cards", "must_stand"),  # ponte 7 stands
        ("2C KH", "4C 2H 3D", "ponte_cards", "must_draw"),  # ponte 2 draws
    ])
    def test_the_seed_rules_on_the_first_two_cards(self, ponte, bank, field, code):
        sheet = BACCARA.new_sheet(2)
        assert (field, None, code) in codes(sheet.check(coup(0, 4, [None, 4], ponte, bank)))

    def test_the_banker_follows_the_same_rules(self):
        sheet = BACCARA.new_sheet(2)
        # Banker 4♣ R♦ = 4 must draw; 6♣ R♦ = 6 must stand; 9♣ R♦ = 9 stands (only the ponte's 8–9 is abattu).
        assert ("banker_cards", None, "must_draw") in codes(sheet.check(coup(0, 4, [None, 4], "7C KH", "4C KD")))
        assert ("banker_cards", None, "must_stand") in codes(sheet.check(coup(0, 4, [None, 4], "7C KH", "6C KD 2D")))
        assert ("banker_cards", None, "must_stand") in codes(sheet.check(coup(0, 4, [None, 4], "7C KH", "9C KD 2D")))
        assert sheet.check(coup(0, 4, [None, 4], "2C KH 5S", "9C KD")) == []  # the ponte drew, the banker stands

    def test_five_is_a_free_choice_for_both(self):
        sheet = BACCARA.new_sheet(2)
        for ponte in ("5C KH", "5C KH 2D"):
            for bank in ("2C 3H", "2C 3H 4S"):
                assert sheet.check(coup(0, 4, [None, 4], ponte, bank)) == []


class TestLegality:
    def test_every_problem_at_once(self):
        sheet = BACCARA.new_sheet(3)
        problems = sheet.check({"banker": 0, "offer": 10, "stakes": [2, -1, "x"], "ponte_cards": ["ZZ", "KH"],
                                "banker_cards": ["JK", "2H"]})
        assert codes(problems) == [("banker_cards", None, "not_in_pack"), ("ponte_cards", None, "bad_card"),
                                   ("stakes", 0, "banker_stakes"), ("stakes", 1, "not_count"), ("stakes", 2, "not_count")]

    def test_stakes_at_most_the_offer_and_someone_covers_half(self):
        sheet = BACCARA.new_sheet(3)
        assert ("stakes", None, "over_offer") in codes(sheet.check(coup(0, 10, [None, 6, 5], "7D KS", "7H KH")))
        # 4 + 4 = 8 ≤ 10 but nobody covers 5
        assert ("stakes", None, "under_half") in codes(sheet.check(coup(0, 10, [None, 4, 4], "7D KS", "7H KH")))
        assert ("stakes", None, "no_stake") in codes(sheet.check(coup(0, 10, [None, 0, 0], "7D KS", "7H KH")))
        assert sheet.check(coup(0, 10, [None, 5, 0], "7D KS", "7H KH")) == []  # exactly half is enough

    def test_cards_no_more_often_than_the_packs(self):
        entry = coup(0, 2, [None, 2], "7D KS", "7D KH")
        assert ("banker_cards", None, "too_many_copies") in codes(BACCARA.new_sheet(2).check(entry))
        assert BACCARA.new_sheet(2, {"packs": 2}).check(entry) == []

    def test_two_or_three_cards_and_not_cards_with_points(self):
        sheet = BACCARA.new_sheet(2)
        assert ("ponte_cards", None, "hand_size") in codes(sheet.check(coup(0, 2, [None, 2], "7D", "7H KH")))
        mixed = {**coup(0, 2, [None, 2], "7D KS", "7H KH"), "ponte_points": 7}
        assert ("ponte_points", None, "cards_and_points") in codes(sheet.check(mixed))
        assert ("banker_points", None, "out_of_range") in codes(
            sheet.check({"banker": 0, "offer": 2, "stakes": [None, 2], "ponte_points": 7, "banker_points": 10}))

    def test_the_history_says_it_in_words(self):
        sheet = BACCARA.new_sheet(3)
        lines = [name_seats(line.fr, NAMES) for line in sheet.describe_entry(coup(0, 10, [None, 6, 4], "7D KS", "3H AS 4D"), 1)]
        assert lines == ["Banquier : Ana, banque de 10", "Mises : Bea 6, Cid 4", "Cartes du ponte : 7♦ R♠",
                         "Cartes du banquier : 3♥ A♠ 4♦"]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 8), packs=st.integers(1, 8))
def test_random_legal_coups_always_sum_to_zero(seed, n, packs):
    rng = random.Random(seed)
    sheet = BACCARA.new_sheet(n, {"packs": packs, "tours": 1})
    while not sheet.finished:
        entry = legal.entry_for(sheet, rng)
        assert sheet.check(entry) == []
        assert sum(sheet.apply(entry).scores) == 0
    assert sum(sheet.totals) == 0
