"""What the hands left at the end of a deal can be worth together (companion.families.hands.counts_fit), by hand."""

from companion.families.hands import counts_fit


def test_counts_fit_leaves_one_card_out():
    # 3 + 4 + 5 = 12: a count of 12 would take every card, and the last card laid is in no hand.
    assert counts_fit([3, 4, 5], [12]) is False
    assert counts_fit([3, 4, 5], [9]) is True  # 4 + 5, the 3 left out
    assert counts_fit([3, 4, 5], [8]) is True  # 3 + 5, the 4 left out
    assert counts_fit([3, 4, 5], [10]) is False  # 10 from 3, 4, 5 leaves 2: no card is worth 2


def test_counts_fit_needs_the_counts_apart():
    # Two hands of 6 from 3, 3, 6, 8: 3 + 3 and 6, the 8 left out; two hands of 7: none.
    assert counts_fit([3, 3, 6, 8], [6, 6]) is True
    assert counts_fit([3, 3, 6, 8], [7, 7]) is False
    assert counts_fit([3, 3, 6, 8], []) is True  # no count: the cards are somewhere


def test_counts_fit_gives_up_rather_than_search_long():
    # A budget of 1 step is spent before anything is found: no verdict.
    assert counts_fit([3, 4, 5, 6, 7], [7, 6], budget=1) is None
