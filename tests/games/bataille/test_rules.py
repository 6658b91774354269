"""La bataille (the user's rule document « La bataille »), a match game. Every expected number below is worked out
by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.kernel import InvalidEntry
from companion.kernel.text import name_seats
from tests.groups import legal

BATAILLE = registry.get("bataille")
NAMES = ["Ana", "Bea", "Cid", "Dan"]


def play(rounds, n=3, **options):
    sheet = BATAILLE.new_sheet(n, options)
    for entry in rounds:
        sheet.apply(entry)
    return sheet


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestTheDeal:
    def test_every_card_is_dealt_from_the_seat_after_the_dealer(self):
        # 52 cards to 3: 17 each and one left over, which goes to the seat after the dealer (seat 0 deals: seat 1).
        nxt = BATAILLE.new_sheet(3).next_round()
        assert (nxt.dealer, nxt.first) == (0, 1)
        assert nxt.extra == {"hands": [17, 18, 17]}

    def test_the_short_pack_with_jokers_is_34_cards(self):
        # 32 + 2 = 34 cards to 4: 8 each, 2 left over for seats 1 and 2. After one game seat 1 deals: seats 2 and 3.
        sheet = BATAILLE.new_sheet(4, {"deck": 32, "jokers": 2})
        assert sheet.next_round().extra == {"hands": [8, 9, 9, 8]}
        sheet.apply({"winner": 0})
        assert sheet.next_round().dealer == 1
        assert sheet.next_round().extra == {"hands": [8, 8, 9, 9]}


class TestAWholeMatch:
    def test_first_to_three_games_wins_a_stopped_game_counts_and_ties_share(self):
        sheet = play([
            {"winner": 1},  # Bea took every card: Bea 1
            {"cards_left": [30, 22, 0]},  # stopped when Cid ran out: Ana has the most, Ana 1
            {"cards_left": [26, 26, 0]},  # Ana and Bea tie on 26: both score, Ana 2, Bea 2
        ])
        assert sheet.totals == [2, 2, 0]
        assert not sheet.finished and sheet.leaders == [0, 1]
        sheet.apply({"winner": 1})  # Bea 3: the table ends
        assert sheet.totals == [2, 3, 0]
        assert sheet.finished and sheet.winners == [1]
        assert [r.scores for r in sheet.rounds] == [[0, 1, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]

    def test_two_players_reaching_the_target_together_share_the_match(self):
        sheet = play([{"winner": 0}, {"winner": 1}, {"cards_left": [26, 26]}], n=2, wins_needed=2)
        assert sheet.totals == [2, 2]  # 1 + 1 each, the shared third game taking both to 2
        assert sheet.finished and sheet.winners == [0, 1]

    def test_without_a_limit_the_group_stops_by_hand(self):
        sheet = play([{"winner": 0}] * 5, n=2, wins_needed=None)
        assert sheet.totals == [5, 0] and not sheet.finished
        sheet.close()
        assert sheet.winners == [0]

    def test_the_notes_say_who_won_in_words(self):
        sheet = play([{"cards_left": [26, 26, 0]}])
        note = name_seats(sheet.rounds[0].notes[0].fr, NAMES)
        assert "Ana, Bea" in note and "26" in note


class TestLegality:
    def test_the_counts_must_add_up_to_the_pack(self):
        sheet = BATAILLE.new_sheet(3)
        assert codes(sheet.check({"cards_left": [20, 20, 11]})) == [("cards_left", None, "wrong_total")]  # 51
        # 32 + 2 jokers = 34
        assert not BATAILLE.new_sheet(2, {"deck": 32, "jokers": 2}).check({"cards_left": [20, 14]})
        assert BATAILLE.new_sheet(2, {"deck": 32}).check({"cards_left": [20, 14]})  # 34, but only 32 in play

    def test_every_problem_is_reported_at_once(self):
        problems = BATAILLE.new_sheet(3).check({"cards_left": [-1, "x", 3], "extra": 1})
        assert codes(problems) == [("cards_left", 0, "not_count"), ("cards_left", 1, "not_count"),
                                   ("extra", None, "unknown_field")]

    def test_a_winner_and_counts_together_are_refused(self):
        problems = BATAILLE.new_sheet(2).check({"winner": 0, "cards_left": [52, 0]})
        assert ("cards_left", None, "both") in codes(problems)

    def test_the_winner_is_a_seat(self):
        assert codes(BATAILLE.new_sheet(2).check({"winner": 2})) == [("winner", None, "not_seat")]

    def test_nothing_given_is_refused(self):
        assert codes(BATAILLE.new_sheet(2).check({})) == [("winner", None, "required")]

    def test_options_are_checked(self):
        with pytest.raises(ValueError):
            BATAILLE.new_sheet(2, {"deck": 40})
        with pytest.raises(ValueError):
            BATAILLE.new_sheet(2, {"jokers": 1})

    def test_the_history_says_the_entry_in_words(self):
        sheet = BATAILLE.new_sheet(3)
        (line,) = sheet.describe_entry({"cards_left": [30, 22, 0]}, 1)
        assert name_seats(line.fr, NAMES) == "Partie arrêtée, cartes de chacun : Ana 30, Bea 22, Cid 0"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 8), short=st.booleans(), jokers=st.booleans())
def test_random_legal_games_score_one_per_game_won_or_shared(seed, n, short, jokers):
    rng = random.Random(seed)
    sheet = BATAILLE.new_sheet(n, {"deck": 32 if short else 52, "jokers": 2 if jokers else 0})
    while not sheet.finished:
        entry = legal.entry_for(sheet, rng)
        assert sheet.check(entry) == []
        result = sheet.apply(entry)
        assert set(result.scores) <= {0, 1} and sum(result.scores) >= 1
    assert max(sheet.totals) == 3 and sheet.winners


def test_junk_is_refused_whole():
    sheet = BATAILLE.new_sheet(3)
    with pytest.raises(InvalidEntry):
        sheet.apply({"cards_left": [52, 0, 0.0]})
    assert sheet.rounds == []
