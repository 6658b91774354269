"""Motton (the user's rule document « Motton », completed by Atout and from Oh Hell). Every expected number below
is worked out by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.kernel import CLOCKWISE, GameOver
from companion.kernel.text import name_seats
from tests.groups import legal

MOTTON = registry.get("motton")
NAMES = ["Ana", "Bea", "Cid"]


def play(deals, n=3, **options):
    sheet = MOTTON.new_sheet(n, options)
    for bids, tricks in deals:
        sheet.apply({"bids": bids, "tricks": tricks})
    return sheet


def nxt(sheet):
    r = sheet.next_round()
    return (r.dealer, r.first, r.extra["step"], r.extra["steps"], r.extra["hand"], r.extra["replays"])


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestTheGame:
    def test_it_takes_two_to_five_players_with_a_52_card_pack_clockwise(self):
        info = MOTTON.info
        assert (info.min_players, info.max_players, info.decks, info.direction) == (2, 5, ("52",), CLOCKWISE)
        assert MOTTON.default_options() == {"start_cards": 10, "scoring": "cards_plus_bid", "max_replays": 3,
                                            "hook": False}

    def test_the_seeds_twenty_steps_with_the_one_card_step_twice(self):
        sheet = MOTTON.new_sheet(4)
        assert [sheet.cards_for(k) for k in range(1, 21)] == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
                                                              1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        assert sheet.cards_for(21) is None
        assert nxt(sheet) == (0, 1, 1, 20, 10, 0)


class TestAWholeGame:
    # start_cards 2: steps of 2, 1, 1, 2 cards. Ana, Bea, Cid; Ana deals first.
    DEALS = [
        ([1, 0, 1], [1, 0, 1]),  # step 1, 2 cards: Ana 2 + 1 = 3, Bea 2 + 0 = 2, Cid 3
        ([1, 1, 0], [0, 0, 1]),  # step 2, 1 card: nobody made it: void, 0 each, the step is dealt again
        ([0, 0, 0], [1, 0, 0]),  # step 2 again: Bea and Cid made 0: 1 + 0 = 1 each; Ana 0
        ([0, 1, 0], [0, 1, 0]),  # step 3, 1 card: 1, 1 + 1 = 2, 1
        ([2, 0, 0], [2, 0, 0]),  # step 4, 2 cards: 2 + 2 = 4, 2, 2
    ]

    def test_scores_and_totals(self):
        sheet = play(self.DEALS, start_cards=2)
        assert [r.scores for r in sheet.rounds] == [[3, 2, 3], [0, 0, 0], [0, 1, 1], [1, 2, 1], [4, 2, 2]]
        # Ana 3 + 0 + 0 + 1 + 4 = 8; Bea 2 + 0 + 1 + 2 + 2 = 7; Cid 3 + 0 + 1 + 1 + 2 = 7.
        assert sheet.totals == [8, 7, 7]
        assert sheet.finished and sheet.winners == [0]
        with pytest.raises(GameOver):
            sheet.apply({"bids": [0, 0, 0], "tricks": [2, 0, 0]})

    def test_a_void_deal_is_dealt_again_by_the_next_dealer(self):
        sheet = play(self.DEALS[:2], start_cards=2)
        # Round 3: step 2 again (1 card), its first replay; the deal passed on to Cid (seat 2), Ana leads.
        assert nxt(sheet) == (2, 0, 2, 4, 1, 1)
        assert sheet.contract_for(3).name.fr == "1 carte, rejouée"
        text = " ".join(name_seats(n.fr, NAMES) for n in sheet.rounds[1].notes)
        assert "Personne n'a réussi son annonce : 0 pour tout le monde" in text
        # The void deal was of 1 card: "la donne de 1 carte", never "carte(s)".
        assert "la donne de 1 carte est rejouée par le donneur suivant" in text
        assert sheet.rounds[1].extra == {"step": 2, "replay": 0, "void": True}

    def test_the_schedule_moves_on_after_a_made_replay(self):
        sheet = play(self.DEALS[:3], start_cards=2)
        assert nxt(sheet) == (0, 1, 3, 4, 1, 0)
        assert sheet.rounds[2].extra == {"step": 2, "replay": 1, "void": False}

    def test_a_tie_is_shared(self):
        # start_cards 1: steps of 1 and 1 card. Ana makes 0 (1), Bea and Cid miss; then Bea and Cid make 0.
        sheet = play([([0, 1, 1], [0, 1, 0]), ([1, 0, 0], [1, 0, 0])], start_cards=1)
        # Deal 1: Ana 1 + 0 = 1, Bea 1 + 1 = 2, Cid missed 0. Deal 2: Ana 1 + 1 = 2, Bea 1, Cid 1.
        assert sheet.totals == [3, 3, 1] and sheet.winners == [0, 1]


class TestReplays:
    def void(self):
        return ([0, 1, 1], [1, 0, 0])  # 1 card: Ana bid 0 took 1, Bea and Cid bid 1 took 0: nobody

    def test_a_step_is_dealt_at_most_one_plus_max_replays_times(self):
        sheet = MOTTON.new_sheet(3, {"start_cards": 1, "max_replays": 1})  # steps: 1 card, 1 card
        bids, tricks = self.void()
        for _ in range(2):
            sheet.apply({"bids": bids, "tricks": tricks})
        # The first step was dealt twice, void twice: it counts as played (0 for all); step 2 comes.
        assert nxt(sheet)[2:] == (2, 2, 1, 0)
        assert "déjà été rejouée 1 fois" in sheet.rounds[1].notes[-1].fr
        assert "already replayed 1 time: it counts" in sheet.rounds[1].notes[-1].en  # not "time(s)"
        for _ in range(2):
            sheet.apply({"bids": bids, "tricks": tricks})
        assert sheet.finished and len(sheet.rounds) == 4 and sheet.totals == [0, 0, 0]
        assert sheet.winners == [0, 1, 2]

    def test_zero_replays_means_a_void_deal_just_counts(self):
        bids, tricks = self.void()
        sheet = play([(bids, tricks), (bids, tricks)], start_cards=1, max_replays=0)
        assert sheet.finished and len(sheet.rounds) == 2

    def test_past_rounds_keep_their_cards_for_corrections(self):
        sheet = play([([1, 0, 1], [1, 0, 1]), ([1, 1, 0], [0, 0, 1])], start_cards=2)
        # Round 2 was the 1-card step; round 3 replays it; round 4 would be step 3 if round 3 is made.
        assert [sheet.cards_for(k) for k in (1, 2, 3, 4, 5, 6)] == [2, 1, 1, 1, 2, None]


class TestScorings:
    # start_cards 7: the first deal is of 7 cards. Ana bids 2 and makes it, Bea bids 0 and makes it, Cid misses.
    DEAL = ([2, 0, 4], [2, 0, 5])

    @pytest.mark.parametrize("scoring, ana, bea", [
        ("cards_plus_bid", 9, 7),  # 7 + 2, 7 + 0
        ("ten_plus_bid", 12, 10),  # 10 + 2, 10 + 0
        ("ten_plus_bid_squared", 14, 10),  # 10 + 2², 10 + 0²
    ])
    def test_an_exact_bid_scores_by_the_option_and_a_miss_scores_nothing(self, scoring, ana, bea):
        sheet = play([self.DEAL], start_cards=7, scoring=scoring)
        assert sheet.rounds[0].scores == [ana, bea, 0]


class TestLegality:
    def test_hook_forbids_the_dealers_bid_that_makes_the_total(self):
        sheet = MOTTON.new_sheet(2, {"hook": True})  # 10 cards, Ana (seat 0) deals
        assert codes(sheet.check({"bids": [4, 6], "tricks": [4, 6]})) == [("bids", 0, "hook")]
        assert sheet.check({"bids": [5, 6], "tricks": [4, 6]}) == []

    def test_bids_tricks_cards_and_the_turned_card_are_checked(self):
        sheet = MOTTON.new_sheet(3)
        problems = sheet.check({"bids": [11, 0, 0], "tricks": [5, 5, 1], "cards": 9, "turned": "1S"})
        assert codes(problems) == [("bids", 0, "too_many"), ("cards", None, "wrong_cards"),
                                   ("tricks", None, "trick_total"), ("turned", None, "bad_card")]

    def test_a_turned_king_plays_without_trumps(self):
        sheet = MOTTON.new_sheet(3)
        result = sheet.apply({"bids": [3, 3, 4], "tricks": [3, 3, 4], "turned": "KH"})
        assert result.notes[0].fr == "Roi retourné : donne sans atout."
        assert result.scores == [13, 13, 14]  # 10 cards + the bid: 10 + 3, 10 + 3, 10 + 4


@given(seed=st.integers(0, 10**6), n=st.integers(2, 5), start=st.integers(1, 10), replays=st.integers(0, 3),
       hook=st.booleans())
@settings(max_examples=60, deadline=None)
def test_every_random_legal_game_ends_and_tricks_make_the_cards_dealt(seed, n, start, replays, hook):
    rng = random.Random(seed)
    sheet = MOTTON.new_sheet(n, {"start_cards": start, "max_replays": replays, "hook": hook})
    while not sheet.finished:
        cards = sheet.next_round().extra["hand"]
        result = sheet.apply(legal.bids_and_tricks(sheet, rng))
        assert sum(result.entry["tricks"]) == cards == result.entry["cards"]
        if result.extra["void"]:
            assert result.scores == [0] * n
    # Every step is played once, and at most max_replays more times.
    assert 2 * start <= len(sheet.rounds) <= 2 * start * (1 + replays)
