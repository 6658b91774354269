"""The quick Barbu player (the strong one is the shared search, :mod:`companion.bots.search`): pure functions of
what one seat sees, and the same player on the engine's bit sets."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import Protocol

from companion.bots.quick import (
    DECK_52,
    RANK,
    SUIT,
    TrickView,
    ducks,
    follow_or_shed,
    ids,
    lead_ids,
    lead_low,
    overs,
    tables,
)


# -- Barbu ------------------------------------------------------------------------------------------------------
def barbu_cost(manche: str, card: str) -> int:
    """The points ``card`` costs whoever takes it in ``manche`` (the manche keys of
    :data:`companion.games.barbu.rules.MANCHES`): 5 a heart in les cœurs and la salade, 20 a queen in les
    dames and la salade, 80 for the K♥ in le roi de cœur and la salade (both counts add up in la salade)."""
    cost = 0
    if manche in ("coeurs", "salade") and SUIT[card] == "H":
        cost += 5
    if manche in ("dames", "salade") and RANK[card] == 12:
        cost += 20
    if manche in ("roi-de-coeur", "salade") and card == "KH":
        cost += 80
    return cost


def barbu_choice(manche: str, n_players: int, hand: Collection[str], legal: Sequence[str], trick: Sequence[str],
                 played: Collection[str], deck: Collection[str] = DECK_52,
                 rng: random.Random | None = None) -> str:
    """The quick Barbu player's card, from one seat's view: its ``hand``, its ``legal`` cards, the ``trick``
    on the table (codes in the order played, led card first), every card ``played`` before in the deal
    (tricks taken and the trick on the table) and the cards of the ``deck`` (less those set aside at five).

    * **Leading**: the card others can least duck under (fewest unseen lower cards of its suit), never a
      card nobody can beat while another is left (unless nothing else is legal); cheap cards before costly
      ones. In le roi de cœur, while the K♥ is out and not in hand, a heart nobody can duck flushes it.
    * **Following, able to lose**: the costliest card that stays under the winning card (dump a queen under a
      king), else the highest one that stays under.
    * **Following, bound to win**: last to play, the cheapest and then highest card (the trick is taken anyway:
      shed a liability); not last, the lowest cheap card, hoping to be overtaken.
    * **Void**: throw away the costliest card; among cards that cost nothing, the biggest liability (most
      unseen cards of its suit under it, a short suit first, then the highest rank); in le roi de cœur the A♥
      counts as a liability while the K♥ is out, in les dames so do the K and A of a suit whose queen is out.
    Ties are broken in ``legal`` order (``rng`` is accepted for the bot signature and not needed).
    """
    del rng
    if len(legal) == 1:
        return legal[0]
    hand_set = set(hand)
    unseen = [c for c in deck if c not in hand_set and c not in played]
    cost = {c: barbu_cost(manche, c) for c in legal}
    if not trick:
        return _barbu_lead(manche, legal, unseen, cost)
    led = SUIT[trick[0]]
    winning = max(RANK[c] for c in trick if SUIT[c] == led)
    following = SUIT[legal[0]] == led
    if following:
        under = [c for c in legal if RANK[c] < winning]
        if under:
            return max(under, key=lambda c: (cost[c], RANK[c]))
        last = len(trick) == n_players - 1
        if last:
            return min(legal, key=lambda c: (cost[c], -RANK[c]))
        return min(legal, key=lambda c: (cost[c] > 0, RANK[c]))
    return _barbu_discard(manche, hand, legal, unseen, cost)


def _barbu_lead(manche: str, legal: Sequence[str], unseen: Sequence[str], cost: dict[str, int]) -> str:
    if manche == "roi-de-coeur" and "KH" in unseen:
        flush = [c for c in legal if SUIT[c] == "H" and ducks(c, unseen) == 0]
        if flush:
            return min(flush, key=lambda c: RANK[c])
    return lead_low(legal, unseen, cost)


def _barbu_discard(manche: str, hand: Collection[str], legal: Sequence[str], unseen: Sequence[str],
                   cost: dict[str, int]) -> str:
    length = {s: sum(1 for c in hand if SUIT[c] == s) for s in "SHDC"}

    def harm(card: str) -> tuple[int, ...]:
        liability = ducks(card, unseen)
        if overs(card, unseen) == 0 and liability:
            liability += 1  # a master card takes every trick of its suit it is played to
        if manche == "roi-de-coeur" and "KH" in unseen and SUIT[card] == "H" and RANK[card] > 13:
            liability += 13
        if manche == "dames" and RANK[card] > 12 and f"Q{SUIT[card]}" in unseen:
            liability += 13
        return (cost[card], liability, -length[SUIT[card]], RANK[card])

    return max(legal, key=harm)


class _Manche(Protocol):
    @property
    def key(self) -> str: ...


class _BarbuView(TrickView, Protocol):
    """A Barbu deal, as :func:`barbu_fast` reads it (the bots import no game)."""

    @property
    def manche(self) -> _Manche: ...
    @property
    def queens_mask(self) -> int: ...


def barbu_fast(state: _BarbuView) -> str:
    """:func:`barbu_choice` for the seat to move of a :class:`~companion.games.barbu.rules.BarbuDeal`, on bit
    sets: the same card (a test checks it position by position), several times faster."""
    pack = state.pack
    t = tables(pack)
    manche = state.manche.key
    cost = t.costs.get(manche)
    if cost is None:
        cost = t.costs[manche] = tuple(barbu_cost(manche, code) for code in pack.code)
    seat = state.to_move
    hand = state.held[seat]
    legal = ids(state._legal_mask(seat))
    if len(legal) == 1:
        return pack.code[legal[0]]
    unseen = pack.all & ~hand & ~state.played
    rank, below = t.rank, t.below
    trick = state.trick_cards
    if not trick:
        kh = pack.index["KH"]
        if manche == "roi-de-coeur" and unseen >> kh & 1:
            flush = [c for c in legal if t.suit[c] == 1 and not unseen & below[c]]
            if flush:
                return pack.code[min(flush, key=lambda c: rank[c])]
        return pack.code[lead_ids(legal, unseen, cost, t)]
    suit = t.suit
    kh_out = unseen >> pack.index["KH"] & 1
    queen_out = {s: unseen & pack.suit_mask[s] & state.queens_mask for s in range(4)}

    def liability(c: int) -> int:
        if manche == "roi-de-coeur" and kh_out and suit[c] == 1 and rank[c] > 13:
            return 13
        if manche == "dames" and rank[c] > 12 and queen_out[suit[c]]:
            return 13
        return 0

    return pack.code[follow_or_shed(legal, hand, unseen, trick, state.led, state.n_players, cost, t, liability)]
