"""Shared pieces of the Vicaire, Pétasse and Rikiki engines (on :mod:`companion.families.trickplay`).

* :func:`aim_action` — the quick bots' card play, written once: a seat that *wants* the trick plays to take it
  (the lowest card that wins when it plays last, else its strongest winner); a seat that does not want it
  plays the highest card that loses (getting rid of the costliest one first when a game says what costs), and
  when it must win anyway, the card it least minds having taken.

Nothing here is a rule: the rules are in the game modules and the base.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from companion.families.trickplay import TrickDeal, bits
from companion.kernel.deal import Action


def _key(state: TrickDeal, card: int, led: int) -> int:
    """How strongly ``card`` holds a trick whose led suit is ``led``: a trump above any plain card, a card of
    another suit nowhere (-1)."""
    s = state.pack.suit[card]
    if s == state.trump:
        return 1000 + state.trump_strength[card]
    if s == led:
        return state.strength[card]
    return -1


def aim_action(state: TrickDeal, rng: random.Random, want: bool, cost: Callable[[int], int] | None = None) -> Action:
    """The card the current player plays when it does (``want``) or does not want the trick; ``cost(card)``
    says what a card costs whoever takes it (Pétasse's hearts and queen), 0 by default."""
    legal = bits(state._legal_mask(state.to_move))
    code = state.pack.code
    if len(legal) == 1:
        return code[legal[0]]
    suit, trump, st, ts = state.pack.suit, state.trump, state.strength, state.trump_strength
    value = {c: 100 + ts[c] if suit[c] == trump else st[c] for c in legal}  # trumps above every plain card
    trick = state.trick_cards
    if cost is None:
        if not trick:  # leading: the strongest card to take it, else the weakest
            if want:
                return code[max(legal, key=value.__getitem__)]
            low = min(value.values())
            return code[rng.choice([c for c in legal if value[c] == low])]
        price = dict.fromkeys(legal, 0)
    else:
        price = {c: cost(c) for c in legal}
        if not trick:
            if want:
                return code[max(legal, key=lambda c: (value[c], -price[c]))]
            cheapest = min((price[c], value[c]) for c in legal)
            return code[rng.choice([c for c in legal if (price[c], value[c]) == cheapest])]
    led = state.led
    best = max((_key(state, c, led) for c in trick), default=-1)
    winners: list[int] = []
    losers: list[int] = []
    for c in legal:
        k = 1000 + ts[c] if suit[c] == trump else st[c] if suit[c] == led else -1
        (winners if k > best else losers).append(c)
    last = len(trick) == state.n_players - 1
    if want:
        if winners:
            return code[(min if last else max)(winners, key=value.__getitem__)]
        return code[min(legal, key=lambda c: (price[c], value[c]))]
    if losers:
        return code[max(losers, key=lambda c: (price[c], value[c]))]
    if last:  # taking it anyway: shed the strongest card that costs nothing more
        return code[max(legal, key=lambda c: (-price[c], value[c]))]
    return code[min(legal, key=lambda c: (price[c], value[c]))]
