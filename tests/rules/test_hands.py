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


def test_counts_fit_decides_what_the_share_by_share_search_gave_up_on():
    # Worked by hand: the 21 cards are worth 196; the seven counts add up to 189, so the cards out of every hand are
    # worth 7 and the eight shares are 7, 8, 10, 20, 28, 38, 41, 44. The 50 is dearer than every share: no fit.
    # Made share by share, smallest first, the search ran out of its 20,000 steps on this entry and took it.
    cards = [50, 25, 11, 10, 10, 10, 9, 9, 8, 7, 7, 7, 6, 6, 5, 4, 4, 4, 2, 1, 1]
    assert counts_fit(cards, [20, 28, 10, 8, 44, 41, 38]) is False
    # The 50 as a 44 and a 6 (196 still, the same shares): 44 | 25 10 6 | 11 10 10 7 | 9 9 6 4 | 7 7 6 | 8 2 | 4 4 |
    # 5 1 1 uses every card once.
    fits = [44, 25, 11, 10, 10, 10, 9, 9, 8, 7, 7, 7, 6, 6, 6, 5, 4, 4, 4, 2, 1, 1]
    assert counts_fit(fits, [20, 28, 10, 8, 44, 41, 38]) is True


def test_counts_fit_with_many_cards_of_few_kinds():
    # Ten 10s and ten 1s, 110. Four hands of 21: each a pair of 10s and a 1 (a 21 without two 10s needs eleven 1s or
    # more); the 26 left is the last two 10s and six 1s.
    cards = [10] * 10 + [1] * 10
    assert counts_fit(cards, [21, 21, 21, 21]) is True
    # Two hands of 19: each needs nine 1s (one 10 and nine 1s, the only way), eighteen 1s of ten.
    assert counts_fit(cards, [19, 19]) is False
