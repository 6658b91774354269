"""La super-bataille (the user's rule document « La super-bataille »): the match sheet and the trick calculator.
Every expected number below is worked out by hand from the rule: a loser adds n − 1 cards (n = face value, V 11,
D 12, R 13, A 1 or 14)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.super_bataille.rules import trick
from companion.kernel import InvalidEntry

SUPER = registry.get("super-bataille")


def problems(*args, **kwargs):
    with pytest.raises(InvalidEntry) as e:
        trick(*args, **kwargs)
    return sorted((p.field, p.seat, p.code) for p in e.value.problems)


class TestTheTrick:
    def test_the_seed_example(self):
        # V, 4, 7: the Valet wins; the 4 adds 3, the 7 adds 6; 3 cards turned + 3 + 6 = 12.
        assert trick(["JS", "4H", "7D"]).as_dict() == {"winner": 0, "tied": [], "adds": [0, 3, 6], "won": 12}

    def test_an_ace_adds_nothing_or_thirteen_against_a_joker(self):
        # Joker against an As: n = 1 adds 0, won 2; with "As à 14" adds 13, won 15.
        assert trick(["AS", "JK"]).as_dict() == {"winner": 1, "tied": [], "adds": [0, 0], "won": 2}
        assert trick(["AS", "JK"], ace_cards=14).as_dict() == {"winner": 1, "tied": [], "adds": [13, 0], "won": 15}

    def test_an_ace_beats_a_king_and_the_king_pays_twelve(self):
        # A over R: the Roi adds 13 − 1 = 12; 2 turned + 12 = 14.
        assert trick(["KH", "AC"]).as_dict() == {"winner": 1, "tied": [], "adds": [12, 0], "won": 14}

    def test_a_pending_bataille_says_who_plays_it(self):
        # V V 7: the 7 loses at once and adds 6; seats 0 and 1 go to a bataille. On the table: 3 + 6 = 9.
        assert trick(["JS", "JH", "7D"]).as_dict() == {"winner": None, "tied": [0, 1], "adds": [0, 0, 6], "won": 9}

    def test_a_bataille_decided(self):
        # Then 2 against R face up: seat 1 wins; the 2 adds 1. 3 turned + 6 + 2 × (1 down + 1 up) + 1 = 14.
        result = trick(["JS", "JH", "7D"], [["2C", "KD", None]])
        assert result.as_dict() == {"winner": 1, "tied": [], "adds": [1, 0, 6], "won": 14}

    def test_a_double_bataille_and_a_seat_out_of_the_game(self):
        # Seat 1 is out. 5 5 5: three-way tie. Bataille 1: 9 9 3 — the 3 adds 2; seats 0 and 2 again.
        # Bataille 2: 4 against 10: seat 3 wins; the 4 adds 3.
        # won = 3 turned + (3 × 2) + 2 + (2 × 2) + 3 = 18.
        result = trick(["5S", None, "5H", "5D"], [["9S", None, "3H", "9D"], ["4C", None, None, "10C"]])
        assert result.as_dict() == {"winner": 3, "tied": [], "adds": [3, None, 2, 0], "won": 18}

    def test_two_jokers_tie_and_fight(self):
        # JK JK 2: the 2 adds 1, the jokers fight; still pending: 3 + 1 = 4 on the table.
        assert trick(["JK", "JK", "2S"]).as_dict() == {"winner": None, "tied": [0, 1], "adds": [0, 0, 1], "won": 4}


class TestRefusals:
    def test_a_bad_code(self):
        assert problems(["JS", "ZZ"]) == [("turned", 1, "bad_card")]

    def test_fewer_than_two_cards(self):
        assert problems(["JS", None]) == [("turned", None, "too_few")]

    def test_a_bataille_at_the_wrong_seats(self):
        assert problems(["JS", "JH", "7D"], [["2C", None, "KD"]]) == [("batailles.0", 1, "not_the_tied_seats")]
        # The tied seats 0 and 1 are named by the page (seat references), not numbered from 1.
        with pytest.raises(InvalidEntry) as e:
            trick(["JS", "JH", "7D"], [["2C", None, "KD"]])
        assert "entre ⟨0⟩, ⟨1⟩ seulement" in e.value.problems[0].message.fr

    def test_a_bataille_after_the_trick_is_won(self):
        assert problems(["JS", "4H"], [["2C", "3C"]]) == [("batailles.0", None, "no_bataille")]

    def test_more_of_a_card_than_the_pack(self):
        assert problems(["JS", "JS"]) == [("", None, "too_many_copies")]
        assert problems(["JK", "JK", "JK"]) == [("", None, "too_many_copies")]

    def test_junk(self):
        assert problems("JS") == [("turned", None, "wrong_length")]
        assert problems(["JS", "4H"], "x") == [("batailles", None, "not_list")]
        assert ("ace_cards", None, "bad_choice") in problems(["JS", "4H"], ace_cards=7)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(2, 8))
def test_a_decided_trick_gives_the_winner_every_card_on_the_table(seed, n):
    rng = random.Random(seed)
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    pack = [r + s for r in ranks for s in "SHDC"] + ["JK", "JK"]
    rng.shuffle(pack)
    turned = [pack.pop() for _ in range(n)]
    result = trick(turned)
    if result.winner is not None:
        # Each card brings n cards; a Joker never loses: won = sum of the losers' n + the winner's card.
        value = {**{r: int(r) for r in ranks[:9]}, "J": 11, "Q": 12, "K": 13, "A": 1}
        expected = 1 + sum(value[c[:-1]] for s, c in enumerate(turned) if s != result.winner)
        assert result.won == expected


class TestTheSheet:
    def test_it_is_bataille_with_54_cards(self):
        sheet = SUPER.new_sheet(4)
        assert sheet.next_round().extra == {"hands": [13, 14, 14, 13]}  # 54 = 4 × 13 + 2, seats 1 and 2
        assert [p.code for p in sheet.check({"cards_left": [13, 13, 13, 13]})] == ["wrong_total"]
        sheet.apply({"cards_left": [20, 20, 14, 0]})
        sheet.apply({"winner": 2})
        sheet.apply({"winner": 0})
        assert sheet.totals == [2, 1, 1, 0] and not sheet.finished
        sheet.apply({"winner": 0})
        assert sheet.finished and sheet.winners == [0]
