"""The refusals of the penalty-card family (companion.families.penalties) count in French words: 0 and 1 singular."""

from companion.families.penalties import check_tricks
from companion.kernel.entries import EntryReader


def messages(tricks, cards, n=4):
    r = EntryReader({}, n)
    check_tricks(r, n, tricks, cards)
    return [(p.seat, p.message.fr, p.message.en) for p in r.problems]


def test_one_card_and_one_trick_are_singular():
    # Seat 0 took no trick but 1 penalty card; seat 1 took 1 trick (4 cards) and 5 penalty cards.
    assert messages([0, 1, 2, 3], [1, 5, 0, 0]) == [
        (0, "Sans pli, on ne ramasse aucune carte : 1 carte à points saisie.",
         "With no trick, no card can be taken: 1 penalty card entered."),
        (1, "1 pli ne fait que 4 cartes : pas assez pour 5 cartes à points.",
         "1 trick holds only 4 cards: not enough for 5 penalty cards.")]
    # Two of each: the plurals.
    assert messages([0, 2, 2, 2], [2, 9, 0, 0]) == [
        (0, "Sans pli, on ne ramasse aucune carte : 2 cartes à points saisies.",
         "With no trick, no card can be taken: 2 penalty cards entered."),
        (1, "2 plis ne font que 8 cartes : pas assez pour 9 cartes à points.",
         "2 tricks hold only 8 cards: not enough for 9 penalty cards.")]
