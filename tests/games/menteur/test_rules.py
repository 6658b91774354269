"""Le menteur (the user's rule document « Le menteur »): a match game. Every expected number is worked out by
hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.kernel import InvalidOptions
from companion.kernel.text import name_seats
from tests.groups import legal

MENTEUR = registry.get("menteur")
NAMES = ["Ana", "Ben", "Cid", "Dan", "Eve"]


def play(entries, n=3, **options):
    sheet = MENTEUR.new_sheet(n, options)
    for entry in entries:
        sheet.apply(entry)
    return sheet


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestTheDeal:
    @pytest.mark.parametrize("n, deck, hand, aside", [
        (5, 52, 10, 2),  # five players, 52 cards: 52 = 5 × 10 + 2
        (2, 52, 26, 0),
        (3, 52, 17, 1),  # 3 × 17 = 51
        (8, 52, 6, 4),  # 8 × 6 = 48
        (3, 32, 10, 2),  # 3 × 10 = 30
        (7, 32, 4, 4),  # 7 × 4 = 28
    ])
    def test_next_gives_the_hand_and_the_cards_set_aside(self, n, deck, hand, aside):
        nxt = MENTEUR.new_sheet(n, {"deck": deck}).next_round()
        assert (nxt.dealer, nxt.first, nxt.extra) == (0, 1, {"hand": hand, "aside": aside})

    def test_two_to_eight_players_and_only_the_two_packs(self):
        assert (MENTEUR.info.min_players, MENTEUR.info.max_players) == (2, 8)
        with pytest.raises(InvalidOptions):
            MENTEUR.clean_options({"deck": 54})


class TestAMatch:
    def test_first_to_three_wins_and_the_cards_left_are_shown_not_scored(self):
        sheet = play([
            {"winner": 1, "cards_left": [4, 0, 1]},  # Ben 1
            {"winner": 0},  # Ana 1, Ben 1
            {"winner": 1, "cards_left": None},  # Ben 2
        ])
        assert sheet.totals == [1, 2, 0] and not sheet.finished and sheet.leaders == [1]
        notes = [name_seats(n.fr, NAMES) for n in sheet.rounds[0].notes]
        assert notes == ["Ben gagne la manche (1 sur 3).", "Ana finit avec 4 cartes.", "Cid finit avec 1 carte."]
        assert sheet.rounds[0].scores == [0, 1, 0]  # the cards left count for nothing
        sheet.apply({"winner": 1})  # Ben's third
        assert sheet.finished and sheet.winners == [1] and sheet.totals == [1, 3, 0]

    def test_wins_needed_changes_the_end(self):
        sheet = play([{"winner": 2}], wins_needed=1)
        assert sheet.finished and sheet.winners == [2]

    def test_without_a_limit_the_group_ends_it_and_ties_are_shared(self):
        sheet = play([{"winner": s} for s in (0, 1, 0, 1, 0, 1, 2)], wins_needed=None)
        assert not sheet.finished and sheet.totals == [3, 3, 1]  # nobody stops at three
        sheet.close()
        assert sheet.winners == [0, 1]  # three games each: shared

    def test_the_dealer_passes_on_every_game(self):
        sheet = play([{"winner": 0}, {"winner": 0}], n=3)
        assert sheet.next_round().dealer == 2 and sheet.next_round().first == 0


class TestLegality:
    def test_a_winner_is_a_seat(self):
        assert codes(MENTEUR.new_sheet(3).check({"winner": 3})) == [("winner", None, "not_seat")]
        assert codes(MENTEUR.new_sheet(3).check({})) == [("winner", None, "required")]

    def test_the_winner_holds_nothing_and_every_other_seat_something_all_reported_at_once(self):
        problems = MENTEUR.new_sheet(3).check({"winner": 0, "cards_left": [2, 0, 3]})
        assert codes(problems) == [("cards_left", 0, "winner_holds"), ("cards_left", 1, "loser_without_cards")]

    def test_together_at_most_the_dealt_cards_less_one(self):
        # 3 players, 52 cards: 17 each, 51 dealt; the winner's last card is on the pile, so 50 at most are held.
        sheet = MENTEUR.new_sheet(3)
        assert sheet.check({"winner": 0, "cards_left": [0, 25, 25]}) == []
        assert codes(sheet.check({"winner": 0, "cards_left": [0, 25, 26]})) == [("cards_left", None, "too_many_left")]
        # 32 cards at 3: 10 each, 30 dealt, 29 at most.
        assert codes(MENTEUR.new_sheet(3, {"deck": 32}).check({"winner": 0, "cards_left": [0, 15, 15]})) == [
            ("cards_left", None, "too_many_left")]

    def test_cards_left_are_whole_numbers_one_per_seat(self):
        sheet = MENTEUR.new_sheet(3)
        assert codes(sheet.check({"winner": 0, "cards_left": [0, 1]})) == [("cards_left", None, "wrong_length")]
        assert codes(sheet.check({"winner": 0, "cards_left": [0, 1.5, -1]})) == [
            ("cards_left", 1, "not_count"), ("cards_left", 2, "not_count")]
        assert codes(sheet.check({"winner": 0, "extra": 1})) == [("extra", None, "unknown_field")]

    def test_history_words(self):
        lines = MENTEUR.new_sheet(3).describe_entry({"winner": 2, "cards_left": [1, 3, 0]}, 1)
        assert [name_seats(t.en, NAMES) for t in lines] == [
            "Cid empties the hand.", "Ana finished with 1 card.", "Ben finished with 3 cards."]


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 8), deck=st.sampled_from([52, 32]),
       wins=st.sampled_from([1, 3, None]))
def test_random_legal_games_score_one_win_a_game(seed, n, deck, wins):
    rng = random.Random(seed)
    sheet = MENTEUR.new_sheet(n, {"deck": deck, "wins_needed": wins})
    for _ in range(12):
        if sheet.finished:
            break
        entry = legal.menteur(sheet, rng)
        assert sheet.check(entry) == []
        result = sheet.apply(entry)
        assert result.scores == [1 if s == entry["winner"] else 0 for s in range(n)]
    assert sum(sheet.totals) == len(sheet.rounds)  # one win a game, whatever the cards left
    if wins is not None and sheet.finished:
        assert max(sheet.totals) == wins and len(sheet.winners) == 1


def test_the_deal_line_says_the_hand_and_the_cards_set_aside():
    # 52 cards to 5 players: 10 each (50), 2 left over; 32 to 4: 8 each, none; 52 to 3: 17 each and 1.
    assert MENTEUR.new_sheet(5).deal_line().fr == "52 cartes : 10 à chacun, 2 mises de côté sans être vues."
    assert MENTEUR.new_sheet(5).deal_line().en == "52 cards: 10 each, 2 set aside unseen."
    assert MENTEUR.new_sheet(4, {"deck": 32}).deal_line().fr == "32 cartes : 8 à chacun."
    assert MENTEUR.new_sheet(3).deal_line().fr == "52 cartes : 17 à chacun, 1 mise de côté sans être vue."
