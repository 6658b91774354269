"""A trick as cards, for slow views: :attr:`companion.families.trickplay.TrickDeal.trick` and
:attr:`~companion.families.trickplay.TrickDeal.tricks` (tests and pages read them). The trick-taking mechanics
themselves (following, trumping, who wins) are written once, on bit sets, in :mod:`companion.families.trickplay`."""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.kernel.cards import Card


@dataclass
class Trick:
    """One trick: who led it and the cards played to it so far, as ``(seat, card)`` in playing order."""

    leader: int
    plays: list[tuple[int, Card]] = field(default_factory=list)

    @property
    def cards(self) -> list[Card]:
        return [c for _, c in self.plays]
