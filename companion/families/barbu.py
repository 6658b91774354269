"""What the barbus share (Barbu and Barbu classique, both played with the 52-card pack): the hand each player is
dealt and the cards their penalty contracts count."""

from __future__ import annotations

HEARTS_IN_DECK = 13
QUEENS_IN_DECK = 4
HAND_SIZE = {4: 13, 5: 10}  # at five, two cards are set aside
