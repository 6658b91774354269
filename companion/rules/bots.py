"""Bots for digital play: who chooses a seat's move when no human holds it.

:func:`choose` is the one entry point tables use: ``choose(state, rng, level)`` returns the action of
:attr:`~companion.rules.play.DealState.current_player`.

* ``"quick"`` — the game's rule-based player (:meth:`DealState.quick_action`: ducking penalty cards,
  bidding from hand strength).
* ``"strong"`` — a search over deals consistent with what the seat has seen (determinized Monte Carlo);
  until a game's engine supports it, the quick player.
"""

from __future__ import annotations

import random

from .play import Action, DealState

LEVELS = ("quick", "strong")


def choose(state: DealState, rng: random.Random, level: str = "quick", budget: float = 0.3) -> Action:
    """The bot's action for the current player of ``state`` (never a chance node or a finished deal),
    within about ``budget`` seconds."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    return state.quick_action(rng)
