"""The match-game mechanics shared by every game whose deal only has a winner (companion.families.matches)."""

from companion.families.matches import WINS_NEEDED, match_over, match_scores, win_note, wins_needed_option
from companion.kernel.text import name_seats


def test_a_round_scores_one_for_its_winner_and_nothing_for_the_others():
    assert match_scores(4, 2) == [0, 0, 1, 0]


def test_the_table_ends_when_a_seat_reaches_wins_needed_and_never_without_a_limit():
    assert WINS_NEEDED == 3  # the default: first to three wins
    assert not match_over([2, 2, 0], 3)
    assert match_over([3, 2, 0], 3)
    assert not match_over([40, 2, 0], None)


def test_the_option_takes_null_for_no_limit_and_refuses_zero():
    option = wins_needed_option()
    assert option.default == 3 and option.nullable
    assert option.clean(None) == (None, None)
    assert option.clean(5) == (5, None)
    assert option.clean(0)[1].code == "out_of_range"
    assert option.clean(True)[1].code == "not_int"


def test_the_note_counts_the_wins():
    names = ["Ana", "Bea"]
    assert name_seats(win_note(1, 2, 3).fr, names) == "Bea gagne la manche (2 sur 3)."
    assert name_seats(win_note(1, 3, 3).en, names) == "Bea wins the round (3 of 3): the table is won."
    assert name_seats(win_note(0, 4, None).fr, names) == "Ana gagne la manche (4 gagnées)."
