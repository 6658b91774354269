"""What the barbus share (Barbu and Barbu classique, both played with the 52-card pack): the hand each player is
dealt, the cards their penalty contracts count, and, for their digital deals, those cards as bit sets of a
:class:`~companion.families.trickplay.Pack` and what each seat took of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.families.trickplay import HEARTS, Pack
from companion.kernel.cards import Rank

HEARTS_IN_DECK = 13
QUEENS_IN_DECK = 4
HAND_SIZE = {4: 13, 5: 10}  # at five, two cards are set aside


@dataclass(frozen=True)
class PenaltyCards:
    """The cards a barbu's penalty contracts count, as bit sets of one pack: every heart, every queen, the K♥
    (« le barbu ») and the A♥ (which Barbu classique's « pas de cœurs » counts apart)."""

    hearts: int
    queens: int
    king_of_hearts: int
    ace_of_hearts: int

    def hearts_taken(self, taken: Sequence[int]) -> list[int]:
        """Per seat, the hearts among the cards it took (``taken``: one mask a seat)."""
        return [(t & self.hearts).bit_count() for t in taken]

    def queens_taken(self, taken: Sequence[int]) -> list[int]:
        return [(t & self.queens).bit_count() for t in taken]

    @staticmethod
    def taker_of(taken: Sequence[int], card: int) -> int | None:
        """The seat that took the card of bit ``card``, or None while nobody has."""
        return next((s for s, t in enumerate(taken) if t & card), None)


def penalty_cards(pack: Pack) -> PenaltyCards:
    """The :class:`PenaltyCards` of ``pack`` (it holds every heart and queen of the 52 cards: the cards a barbu
    sets aside at five players are low clubs, diamonds or spades)."""
    queens = sum(1 << i for i, r in enumerate(pack.rank) if r == Rank.QUEEN.value)
    return PenaltyCards(pack.suit_mask[HEARTS], queens, 1 << pack.index["KH"], 1 << pack.index["AH"])
