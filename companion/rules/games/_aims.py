"""Shared pieces of the Vicaire, Pétasse and Rikiki engines (on :mod:`companion.rules.trickplay`).

* :func:`deal_setup` — the checks every ``Game.new_deal`` of these games makes (player count, round number,
  dealer), with clear messages.
* :func:`aim_action` — the quick bots' card play, written once: a seat that *wants* the trick plays to take it
  (the lowest card that wins when it plays last, else its strongest winner); a seat that does not want it
  plays the highest card that loses (getting rid of the costliest one first when a game says what costs), and
  when it must win anyway, the card it least minds having taken.

Nothing here is a rule: the rules are in the game modules and the base.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..base import Game
from ..errors import InvalidOptions, Problem, RulesError
from ..play import Action
from ..text import T
from ..trickplay import TrickDeal, bits


def deal_setup(game: Game, n_players: int, options: dict | None, number: int, dealer: int | None) -> tuple[dict, int]:
    """Clean options and the dealer of round ``number`` (the sheet's: seat 0 first, then the next seat each
    round); raises :class:`InvalidOptions` for a player count the game does not take and :class:`RulesError`
    for a bad round number or seat."""
    info = game.info
    if isinstance(n_players, bool) or not isinstance(n_players, int) or not info.min_players <= n_players <= info.max_players:
        if info.min_players == info.max_players:
            text = T("{g} se joue à {a} joueurs ({n} donnés).", "{g_en} takes {a} players ({n} given).")
        else:
            text = T("{g} se joue de {a} à {b} joueurs ({n} donnés).", "{g_en} takes {a} to {b} players ({n} given).")
        raise InvalidOptions([Problem("players", "player_count", text.format(
            g=info.names.fr, g_en=info.names.en, a=info.min_players, b=info.max_players, n=n_players))])
    opts = game.clean_options(options or {}, n_players)
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise RulesError(f"no round number {number!r}")
    if dealer is None:
        dealer = (number - 1) % n_players
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n_players:
        raise RulesError(f"no seat {dealer!r} to deal")
    return opts, dealer


def _key(state: TrickDeal, card: int, led: int) -> int:
    """How strongly ``card`` holds a trick whose led suit is ``led``: a trump above any plain card, a card of
    another suit nowhere (-1)."""
    s = state.pack.suit[card]
    if s == state.trump:
        return 1000 + state.trump_strength[card]
    if s == led:
        return state.strength[card]
    return -1


def best_on_trick(state: TrickDeal) -> int:
    """The key (:func:`_key`) of the card winning the trick on the table so far; -1 for an empty trick."""
    led = state.led
    return max((_key(state, c, led) for c in state.trick_cards), default=-1)


def beats(state: TrickDeal, card: int) -> bool:
    """Whether ``card``, played now, would be winning the trick (later players may still beat it)."""
    if not state.trick_cards:
        return True
    return _key(state, card, state.led) > best_on_trick(state)


def _value(state: TrickDeal, card: int) -> int:
    """A card's strength across suits: trumps above every plain card."""
    return 100 + state.trump_strength[card] if state.pack.suit[card] == state.trump else state.strength[card]


def aim_action(state: TrickDeal, rng: random.Random, want: bool, cost: Callable[[int], int] | None = None) -> Action:
    """The card the current player plays when it does (``want``) or does not want the trick; ``cost(card)``
    says what a card costs whoever takes it (Pétasse's hearts and queen), 0 by default."""
    seat = state.to_move
    legal = bits(state._legal_mask(seat))
    code = state.pack.code
    if len(legal) == 1:
        return code[legal[0]]
    price = cost or (lambda c: 0)
    if not state.trick_cards:  # leading
        if want:
            return code[max(legal, key=lambda c: (_value(state, c), -price(c)))]
        low = min((price(c), _value(state, c)) for c in legal)
        return code[rng.choice([c for c in legal if (price(c), _value(state, c)) == low])]
    last = len(state.trick_cards) == state.n_players - 1
    winners = [c for c in legal if beats(state, c)]
    losers = [c for c in legal if c not in winners]
    if want:
        if winners:
            pick = min if last else max
            return code[pick(winners, key=lambda c: _value(state, c))]
        return code[min(legal, key=lambda c: (price(c), _value(state, c)))]
    if losers:
        return code[max(losers, key=lambda c: (price(c), _value(state, c)))]
    if last:  # taking it anyway: shed the strongest card that costs nothing more
        return code[max(legal, key=lambda c: (-price(c), _value(state, c)))]
    return code[min(legal, key=lambda c: (price(c), _value(state, c)))]
