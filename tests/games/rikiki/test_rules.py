"""Le rikiki (the user's rule document « Le rikiki », completed from Oh Hell). Every expected number below is
worked out by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.families.bids import forbidden_bid
from companion.games import registry
from companion.kernel import GameOver, InvalidEntry, InvalidOptions
from companion.kernel.text import name_seats
from tests.groups import legal

RIKIKI = registry.get("rikiki")
NAMES = ["Ana", "Bea", "Cid"]


def play(deals, n=3, **options):
    sheet = RIKIKI.new_sheet(n, options)
    for bids, tricks in deals:
        sheet.apply({"bids": bids, "tricks": tricks})
    return sheet


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestSchedule:
    @pytest.mark.parametrize("n, top", [(3, 17), (4, 12), (5, 10), (6, 8), (7, 7), (8, 6)])
    def test_the_largest_deal_leaves_a_card_to_turn(self, n, top):
        # ⌊51 / n⌋: 51/3 = 17, 51/4 = 12.75, 51/5 = 10.2, 51/6 = 8.5, 51/7 = 7.3, 51/8 = 6.4.
        sheet = RIKIKI.new_sheet(n)
        assert sheet.options["max_cards"] == top
        assert sheet.next_round().extra == {"deal": 1, "deals": 2 * top - 1, "hand": 1, "no_trump": False}

    def test_the_option_shows_null_and_the_table_stores_the_number(self):
        assert RIKIKI.default_options() == {"max_cards": None, "hook": False, "coupe_obligatoire": False}
        assert RIKIKI.clean_options({}, 5) == {"max_cards": 10, "hook": False, "coupe_obligatoire": False}
        assert RIKIKI.clean_options({"max_cards": None}, 4) == {"max_cards": 12, "hook": False, "coupe_obligatoire": False}

    def test_every_card_may_be_dealt_but_no_more(self):
        # 52 / 4 = 13 each: accepted; 14 × 4 = 56 cards is more than the pack.
        assert RIKIKI.clean_options({"max_cards": 13}, 4)["max_cards"] == 13
        with pytest.raises(InvalidOptions) as e:
            RIKIKI.clean_options({"max_cards": 14}, 4)
        assert [(p.field, p.code) for p in e.value.problems] == [("options.max_cards", "out_of_range")]
        assert "entre 1 et 13 à 4 joueurs" in e.value.problems[0].message.fr

    def test_up_to_the_top_once_and_back_down_to_one(self):
        sheet = RIKIKI.new_sheet(3, {"max_cards": 3})
        hands = []
        while not sheet.finished:
            hands.append(sheet.next_round().extra["hand"])
            cards = hands[-1]
            sheet.apply({"bids": [0, 0, 0], "tricks": [cards, 0, 0]})
        assert hands == [1, 2, 3, 2, 1]

    def test_a_deal_of_every_card_has_no_trumps_and_no_turned_card(self):
        sheet = play([([0] * 4, [k, 0, 0, 0]) for k in range(1, 13)], n=4, max_cards=13)
        assert sheet.next_round().extra == {"deal": 13, "deals": 25, "hand": 13, "no_trump": True}
        problems = sheet.check({"bids": [0] * 4, "tricks": [13, 0, 0, 0], "turned": "7H"})
        assert codes(problems) == [("turned", None, "nothing_turned")]
        assert not [f for f in sheet.entry_fields(13) if f.key == "turned"]

    def test_the_seat_after_the_dealer_bids_first_and_the_deal_passes_on(self):
        sheet = RIKIKI.new_sheet(3)
        assert (sheet.next_round().dealer, sheet.next_round().first) == (0, 1)
        sheet.apply({"bids": [0, 0, 1], "tricks": [0, 0, 1]})
        assert (sheet.next_round().dealer, sheet.next_round().first) == (1, 2)


class TestScores:
    def test_a_whole_game_of_five_deals(self):
        deals = [
            ([1, 0, 0], [1, 0, 0]),  # 1 card: Ana 10 + 5 = 15, Bea 10, Cid 10
            ([1, 1, 1], [0, 1, 1]),  # 2 cards: Ana misses by 1: −(10 + 5) = −15; Bea 15; Cid 15
            ([0, 2, 0], [0, 3, 0]),  # 3 cards: Ana 10, Bea over by 1: −15, Cid 10
            ([2, 0, 0], [2, 0, 0]),  # 2 cards: Ana 10 + 10 = 20, Bea 10, Cid 10
            ([0, 0, 1], [0, 0, 1]),  # 1 card: 10, 10, 15
        ]
        sheet = play(deals, max_cards=3)
        assert [r.scores for r in sheet.rounds] == [[15, 10, 10], [-15, 15, 15], [10, -15, 10], [20, 10, 10], [10, 10, 15]]
        # Ana 15 − 15 + 10 + 20 + 10 = 40; Bea 10 + 15 − 15 + 10 + 10 = 30; Cid 10 + 15 + 10 + 10 + 15 = 60.
        assert sheet.totals == [40, 30, 60]
        assert sheet.finished and sheet.winners == [2]
        with pytest.raises(GameOver):
            sheet.apply({"bids": [0, 0, 1], "tricks": [0, 0, 1]})

    def test_a_miss_costs_five_a_trick_of_difference_either_way(self):
        sheet = play([([0, 1, 1], [1, 0, 0])], max_cards=1)  # a one-deal game
        # Ana bid 0 took 1: −15; Bea and Cid bid 1 took 0: −15 each. Nobody gains: a three-way tie.
        assert sheet.totals == [-15, -15, -15] and sheet.winners == [0, 1, 2]

    def test_a_tie_is_shared(self):
        sheet = play([([0, 0, 0], [1, 0, 0])], max_cards=1)
        assert sheet.totals == [-15, 10, 10] and sheet.winners == [1, 2]

    def test_the_bids_may_add_up_to_anything_without_the_hook(self):
        sheet = RIKIKI.new_sheet(3)
        assert sheet.check({"bids": [1, 1, 1], "tricks": [1, 0, 0]}) == []  # the rule document's "everyone bids one"
        assert sheet.check({"bids": [0, 1, 0], "tricks": [0, 1, 0]}) == []

    def test_the_notes_explain_each_score(self):
        sheet = play([([1, 1, 0], [1, 0, 0])])
        text = " ".join(name_seats(n.fr, NAMES) for n in sheet.rounds[0].notes)
        assert "Ana : annonce 1, 1 pli, réussi : 10 + 5 × 1 = 15." in text
        assert "Bea : annonce 1, 0 pli, chuté : −(10 + 5 × 1) = −15." in text


class TestHook:
    def test_the_dealer_may_not_make_the_bids_add_up(self):
        sheet = RIKIKI.new_sheet(3, {"hook": True})
        # Deal 1, 1 card, dealt by Ana (seat 0): Bea 1 and Cid 0, so Ana may not bid 0.
        problems = sheet.check({"bids": [0, 1, 0], "tricks": [0, 1, 0]})
        assert codes(problems) == [("bids", 0, "hook")]
        assert "annoncer 0 est interdit au donneur" in problems[0].message.fr
        assert sheet.check({"bids": [1, 1, 0], "tricks": [0, 1, 0]}) == []

    def test_the_forbidden_bid_is_what_the_others_leave(self):
        assert forbidden_bid([1, 2], 5) == 2  # 5 − 3
        assert forbidden_bid([3, 3], 5) is None  # the others already bid 6 of 5: anything goes

    def test_the_form_says_so(self):
        sheet = RIKIKI.new_sheet(3, {"hook": True})
        assert sheet.entry_fields(1)[0].help.fr == "Le donneur ne peut pas faire tomber juste."


class TestLegality:
    def test_tricks_add_up_to_the_cards_dealt(self):
        sheet = play([([0, 0, 1], [0, 0, 1])])  # deal 2: 2 cards
        assert codes(sheet.check({"bids": [0, 1, 1], "tricks": [1, 0, 0]})) == [("tricks", None, "trick_total")]

    def test_bids_and_tricks_are_whole_numbers_up_to_the_cards(self):
        sheet = RIKIKI.new_sheet(3)
        problems = sheet.check({"bids": [2, -1, "1"], "tricks": [1, 0, 1.5]})
        assert codes(problems) == [("bids", 0, "too_many"), ("bids", 1, "not_count"), ("bids", 2, "not_count"),
                                   ("tricks", 2, "not_count")]

    def test_cards_if_given_must_be_the_schedules(self):
        sheet = RIKIKI.new_sheet(3)
        assert sheet.check({"bids": [0, 0, 1], "tricks": [0, 0, 1], "cards": 1}) == []
        assert codes(sheet.check({"bids": [0, 0, 1], "tricks": [0, 0, 1], "cards": 2})) == [("cards", None, "wrong_cards")]

    @pytest.mark.parametrize("turned", ["XX", "7♥", "CS", "JK", 7, "T1"])
    def test_the_turned_card_is_a_card_of_the_52_pack(self, turned):
        sheet = RIKIKI.new_sheet(3)
        problems = sheet.check({"bids": [0, 0, 1], "tricks": [0, 0, 1], "turned": turned})
        assert codes(problems) == [("turned", None, "bad_card")]

    def test_it_is_stored_with_the_cards_dealt_and_the_turned_code(self):
        sheet = RIKIKI.new_sheet(3)
        result = sheet.apply({"bids": [0, 0, 1], "tricks": [0, 0, 1], "turned": "10h"})
        assert result.entry == {"bids": [0, 0, 1], "tricks": [0, 0, 1], "cards": 1, "turned": "10H"}

    def test_every_problem_at_once(self):
        sheet = RIKIKI.new_sheet(4, {"hook": True})
        problems = sheet.check({"bids": [1, 0, 0, 0], "tricks": [0, 0, 0, 0], "cards": 3, "turned": "ZZ", "x": 1})
        assert codes(problems) == [("bids", 0, "hook"), ("cards", None, "wrong_cards"), ("tricks", None, "trick_total"),
                                   ("turned", None, "bad_card"), ("x", None, "unknown_field")]


@given(seed=st.integers(0, 10**6), n=st.integers(3, 8), hook=st.booleans())
@settings(max_examples=60, deadline=None)
def test_every_random_legal_deal_is_taken_and_tricks_make_the_cards_dealt(seed, n, hook):
    rng = random.Random(seed)
    sheet = RIKIKI.new_sheet(n, {"max_cards": rng.randint(1, 52 // n), "hook": hook})
    while not sheet.finished:
        cards = sheet.next_round().extra["hand"]
        entry = legal.bids_and_tricks(sheet, rng)
        result = sheet.apply(entry)
        assert sum(result.entry["tricks"]) == cards == result.entry["cards"]
        for bid, took, score in zip(entry["bids"], entry["tricks"], result.scores, strict=True):
            assert score == (10 + 5 * bid if bid == took else -(10 + 5 * abs(bid - took)))
    assert len(sheet.rounds) == 2 * sheet.options["max_cards"] - 1


@given(seed=st.integers(0, 10**6))
@settings(max_examples=40, deadline=None)
def test_a_trick_too_many_or_too_few_is_always_refused(seed):
    rng = random.Random(seed)
    sheet = RIKIKI.new_sheet(4, {"max_cards": 5})
    for _ in range(rng.randint(0, 8)):
        sheet.apply(legal.bids_and_tricks(sheet, rng))
    entry = legal.bids_and_tricks(sheet, rng)
    seat = rng.randrange(4)
    entry["tricks"][seat] += rng.choice([-1, 1]) if entry["tricks"][seat] else 1
    with pytest.raises(InvalidEntry) as e:
        sheet.apply(entry)
    assert {p.code for p in e.value.problems} & {"trick_total", "too_many"}  # one seat over the cards dealt: too_many
