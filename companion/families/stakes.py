"""Pions on a board of boxes: the mechanics of board-and-stake games (Nain Jaune and its family).

A :class:`Pool` holds each player's pions (their purse) and the boxes of the board. Every movement goes
through it and is recorded as a :class:`Movement`, so a sheet can explain each one. Two rules hold for every
game built on it:

* pions are conserved: purses plus boxes never change in sum;
* nobody pays more than they have: a payment that cannot be made in full takes what the payer holds and
  leaves them on zero, never below (the :class:`Movement` keeps both what was due and what was paid).
"""

from __future__ import annotations

from dataclasses import dataclass

Party = int | str  # a seat, or the key of a box


@dataclass(frozen=True)
class Movement:
    """``amount`` pions went from ``payer`` to ``payee`` (a seat or a box key) because of ``reason``.

    ``due`` is what the rules asked for; ``amount < due`` when the payer ran out of pions.
    """

    reason: str
    payer: Party
    payee: Party
    due: int
    amount: int
    box: str | None = None  # the box the movement is about, when there is one

    @property
    def short(self) -> bool:
        return self.amount < self.due


class Pool:
    def __init__(self, purses: list[int], boxes: dict[str, int]):
        if any(p < 0 for p in purses) or any(v < 0 for v in boxes.values()):
            raise ValueError("pions cannot be negative")
        self.purses = list(purses)
        self.boxes = dict(boxes)
        self.movements: list[Movement] = []

    @property
    def total(self) -> int:
        return sum(self.purses) + sum(self.boxes.values())

    def _record(self, reason: str, payer: Party, payee: Party, due: int, amount: int, box: str | None) -> Movement:
        movement = Movement(reason, payer, payee, due, amount, box)
        self.movements.append(movement)
        return movement

    def pay_box(self, seat: int, box: str, due: int, reason: str) -> Movement:
        """``seat`` puts ``due`` pions into ``box``, or all it has if that is less."""
        amount = min(max(due, 0), self.purses[seat])
        self.purses[seat] -= amount
        self.boxes[box] += amount
        return self._record(reason, seat, box, due, amount, box)

    def pay_seat(self, seat: int, to: int, due: int, reason: str) -> Movement:
        """``seat`` pays ``due`` pions to the player ``to``, or all it has if that is less."""
        amount = min(max(due, 0), self.purses[seat])
        self.purses[seat] -= amount
        self.purses[to] += amount
        return self._record(reason, seat, to, due, amount, None)

    def take_box(self, seat: int, box: str, reason: str) -> Movement:
        """``seat`` takes everything in ``box``."""
        amount = self.boxes[box]
        self.boxes[box] = 0
        self.purses[seat] += amount
        return self._record(reason, box, seat, amount, amount, box)
