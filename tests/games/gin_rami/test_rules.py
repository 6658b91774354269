"""Le gin-rami: the rule document's two-player rami sec; games worked out by hand."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.kernel import InvalidEntry

GAME = registry.get("gin-rami")


def test_a_whole_game_by_hand_with_a_void_deal_and_a_tie():
    sheet = GAME.new_sheet(2, {"deals": 4})
    sheet.apply({"winner": 0})  # Anne lays all 13 at once: −50; Bruno laid nothing: 100
    sheet.apply({"winner": None})  # the stock ran out: nothing
    assert sheet.totals == [-50, 100]
    sheet.apply({"winner": 1})  # Bruno −50, Anne 100: totals 50, 50
    assert sheet.totals == [50, 50] and not sheet.finished
    sheet.apply({"winner": None})
    assert sheet.finished and sheet.winners == [0, 1]  # 50 each: a shared win


def test_the_lowest_total_wins_and_the_deal_alternates():
    sheet = GAME.new_sheet(2, {"deals": 2})
    assert (sheet.next_round().dealer, sheet.next_round().first) == (0, 1)
    sheet.apply({"winner": 1})
    assert (sheet.next_round().dealer, sheet.next_round().first) == (1, 0)
    assert sheet.next_round().extra == {"deals_left": 1}
    sheet.apply({"winner": 1})
    assert sheet.totals == [200, -100] and sheet.winners == [1]  # 100 + 100; −50 − 50


def test_without_a_number_of_deals_the_group_finishes():
    sheet = GAME.new_sheet(2)
    for _ in range(30):
        sheet.apply({"winner": 0})
    assert not sheet.finished
    sheet.close()
    assert sheet.winners == [0]


@pytest.mark.parametrize("entry, field", [({}, "winner"), ({"winner": 2}, "winner"), ({"winner": True}, "winner"),
                                          ({"winner": 0, "rami_sec": True}, "rami_sec"), ("x", "")])
def test_what_cannot_be_is_refused_with_its_field(entry, field):
    problems = GAME.new_sheet(2).check(entry)
    assert [p.field for p in problems] == [field]
    with pytest.raises(InvalidEntry):
        GAME.new_sheet(2).apply(entry)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([None, 0, 1]), min_size=1, max_size=20))
def test_every_deal_won_moves_the_scores_by_fifty(winners):
    sheet = GAME.new_sheet(2)
    for w in winners:
        sheet.apply({"winner": w})
    won = sum(w is not None for w in winners)
    assert sum(sheet.totals) == 50 * won  # −50 + 100 a deal won, 0 otherwise
