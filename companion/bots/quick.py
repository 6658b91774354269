"""The quick bots' heuristics, as pure functions of what one seat sees (no engine state, no hidden card).

Each function takes plain card codes (``"QS"``, ``"10H"``): the seat's hand, its legal moves, the trick on the
table, the cards already played, and returns the code to play. An engine's ``quick_action`` gathers those
from its own state and calls the function, so a heuristic can be checked on a position written by hand.

Shared notions, for games played with the 52-card pack, ace high, no trumps:

* *unseen* cards: those of the deal neither in the seat's hand nor played yet — what the other seats hold.
* a card's *ducks* (:func:`ducks`): how many unseen cards of its suit rank below it — the cards others
  could play under it. A lead with no ducks cannot win the trick while anyone follows suit and holds a higher
  card; a card with many ducks is a liability to be thrown away when a void allows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from companion.families.trickplay import Pack, bits

_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK = {f"{r}{s}": i + 2 for i, r in enumerate(_RANKS) for s in "SHDC"}  # 2 … 14 (ace)
SUIT = {code: code[-1] for code in RANK}
DECK_52 = frozenset(RANK)


def ducks(card: str, unseen: Iterable[str]) -> int:
    """How many of the ``unseen`` cards are of ``card``'s suit and rank below it."""
    s, r = SUIT[card], RANK[card]
    return sum(1 for u in unseen if SUIT[u] == s and RANK[u] < r)


def overs(card: str, unseen: Iterable[str]) -> int:
    """How many of the ``unseen`` cards are of ``card``'s suit and rank above it."""
    s, r = SUIT[card], RANK[card]
    return sum(1 for u in unseen if SUIT[u] == s and RANK[u] > r)


def lead_low(legal: Sequence[str], unseen: Sequence[str], cost: dict[str, int]) -> str:
    """The lead of a game where tricks cost: the card others can least duck under (fewest unseen lower cards of
    its suit), never a card nobody can beat while another is left, cheap cards before costly ones."""

    def risk(card: str) -> tuple[bool, bool, int, bool, int, int]:
        above = overs(card, unseen)
        suit_out = any(SUIT[u] == SUIT[card] for u in unseen)
        sure_win = above == 0  # nobody can beat it: the trick is ours (and others may dump on it if void)
        return (sure_win, cost[card] > 0 and not (above and ducks(card, unseen) == 0), ducks(card, unseen),
                not suit_out, -above, RANK[card])

    return min(legal, key=risk)


# -- the same players on the trick base's bit sets (what engines call: thousands of times per search) ----------
class Tables:
    """Per :class:`~companion.families.trickplay.Pack` (ace high, no trumps): for each card id, its rank (2 … 14),
    the ids of its suit below and above it, and its suit's mask."""

    def __init__(self, pack: Pack) -> None:
        n = pack.size
        self.rank = tuple(pack.strength[c] + 2 for c in range(n))
        self.suit = pack.suit
        self.same = tuple(pack.suit_mask[pack.suit[c]] for c in range(n))
        self.suit_masks = pack.suit_mask
        self.below = tuple(sum(1 << i for i in range(n) if pack.suit[i] == pack.suit[c] and pack.strength[i] < pack.strength[c])
                           for c in range(n))
        self.above = tuple(sum(1 << i for i in range(n) if pack.suit[i] == pack.suit[c] and pack.strength[i] > pack.strength[c])
                           for c in range(n))
        self.costs: dict[str | bool, tuple[int, ...]] = {}  # per Barbu manche, per Chasse-cœur count


_TABLES: dict[int, Tables] = {}


def tables(pack: Pack) -> Tables:
    t = _TABLES.get(id(pack))
    if t is None:
        t = _TABLES[id(pack)] = Tables(pack)
    return t


ids = bits  # the ids of a bit set, lowest first (one function, trickplay's)


class TrickView(Protocol):
    """What the fast players read of a :class:`~companion.families.trickplay.TrickDeal` (read-only)."""

    @property
    def pack(self) -> Pack: ...
    @property
    def n_players(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def to_move(self) -> int: ...
    @property
    def held(self) -> list[int]: ...
    @property
    def played(self) -> int: ...
    @property
    def trick_cards(self) -> list[int]: ...
    @property
    def led(self) -> int: ...
    @property
    def log(self) -> Sequence[object]: ...
    def _legal_mask(self, seat: int) -> int: ...


def lead_ids(legal: list[int], unseen: int, cost: tuple[int, ...], t: Tables) -> int:
    below, above, same, rank = t.below, t.above, t.same, t.rank

    def risk(c: int) -> tuple[int, ...]:
        over = (unseen & above[c]).bit_count()
        under = (unseen & below[c]).bit_count()
        return (over == 0, cost[c] > 0 and not (over and under == 0), under, not unseen & same[c], -over, rank[c])

    return min(legal, key=risk)




def follow_or_shed(legal: list[int], hand: int, unseen: int, trick: Sequence[int], led: int, n_players: int,
                   cost: tuple[int, ...], t: Tables, liability: Callable[[int], int] | None = None) -> int:
    """The card to play to a trick already led in a game where what one takes costs (the barbus' negative
    contracts), on ids: following, the costliest card that stays under the winning card, else the highest one
    that stays under; bound to win, last to play the cheapest and then highest card (the trick is taken anyway:
    shed a liability), not last the lowest cheap card, hoping to be overtaken. Void, the costliest card, then the
    biggest liability: most unseen cards of its suit under it (one more for a card nobody can beat), plus what
    ``liability`` adds (a game's own dangers), a short suit first, then the highest rank."""
    rank, suit, below, above = t.rank, t.suit, t.below, t.above
    winning = max(rank[c] for c in trick if suit[c] == led)
    if suit[legal[0]] == led:
        under = [c for c in legal if rank[c] < winning]
        if under:
            return max(under, key=lambda c: (cost[c], rank[c]))
        if len(trick) == n_players - 1:
            return min(legal, key=lambda c: (cost[c], -rank[c]))
        return min(legal, key=lambda c: (cost[c] > 0, rank[c]))
    length = [(hand & t.suit_masks[s]).bit_count() for s in range(4)]

    def harm(c: int) -> tuple[int, ...]:
        danger = (unseen & below[c]).bit_count()
        if not unseen & above[c] and danger:
            danger += 1
        if liability is not None:
            danger += liability(c)
        return (cost[c], danger, -length[suit[c]], rank[c])

    return max(legal, key=harm)
