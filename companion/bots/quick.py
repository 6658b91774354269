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

import random
from collections.abc import Collection, Iterable, Sequence
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

    def risk(card: str) -> tuple[int, ...]:
        above = overs(card, unseen)
        suit_out = any(SUIT[u] == SUIT[card] for u in unseen)
        sure_win = above == 0  # nobody can beat it: the trick is ours (and others may dump on it if void)
        return (sure_win, cost[card] > 0 and not (above and ducks(card, unseen) == 0), ducks(card, unseen),
                not suit_out, -above, RANK[card])

    return min(legal, key=risk)


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


# -- Chasse-cœur ------------------------------------------------------------------------------------------------
def chasse_coeur_cost(card: str, literal: bool = False) -> int:
    """The points ``card`` costs whoever takes it: a heart 1, the Q♠ 13 (standard values); with the seed's
    ``dames_13`` values (``literal``) every queen 13 and the Q♥ 14."""
    if literal:
        if card == "QH":
            return 14
        if RANK[card] == 12:
            return 13
    elif card == "QS":
        return 13
    return 1 if SUIT[card] == "H" else 0


def chasse_coeur_pass(hand: Collection[str], literal: bool = False) -> str:
    """The next card to pass: the Q♠ (every queen with ``dames_13``), then the A♠ and K♠ that would catch it,
    then the high hearts (J♥ and up), then the high cards of a short suit (two cards or fewer: passing them
    makes a void), then the highest card. Low hearts stay: they rarely take a trick."""
    length = {s: sum(1 for c in hand if SUIT[c] == s) for s in "SHDC"}
    queens = ("QS", "QH", "QD", "QC") if literal else ("QS",)

    def urge(card: str) -> tuple[int, ...]:
        rank, suit = RANK[card], SUIT[card]
        if card in queens:
            score = 100
        elif suit == "S" and rank > 12 and "QS" not in hand:
            score = 60 + rank
        elif suit == "H":
            score = 30 + rank if rank >= 11 else rank - 10
        else:
            score = rank + (10 if length[suit] <= 2 else 0)
        return (score, rank)

    return max(hand, key=urge)


def chasse_coeur_choice(n_players: int, hand: Collection[str], legal: Sequence[str], trick: Sequence[str],
                        played: Collection[str], first_trick: bool, deck: Collection[str] = DECK_52,
                        literal: bool = False) -> str:
    """The quick Chasse-cœur player's card (the play; :func:`chasse_coeur_pass` passes), from one seat's view:
    its ``hand``, ``legal`` cards, the ``trick`` on the table (codes, led card first), the cards ``played``
    before, whether this is the ``first_trick`` (no points may fall on it) and the ``deck``.

    * **First trick**: follow with the highest club (nothing that scores can fall on it); void, throw the
      biggest liability allowed.
    * **Leading**: a spade under the Q♠ while the Q♠ is out and no A♠/K♠ is in hand (it flushes the queen);
      else the card others can least duck under, never a sure winner while another card is left, cheap cards
      first.
    * **Following, able to lose**: the costliest card that stays under (the Q♠ under the A♠ or K♠, a high heart
      under a higher one), else the highest that stays under.
    * **Following, bound to win**: last to play, the cheapest and then highest card; not last, the lowest cheap
      card.
    * **Void**: the costliest card (the Q♠ first), then the A♠ and K♠ while the Q♠ is out, then the biggest
      liability (most unseen cards under it, a short suit first).
    """
    if len(legal) == 1:
        return legal[0]
    hand_set = set(hand)
    unseen = [c for c in deck if c not in hand_set and c not in played]
    cost = {c: chasse_coeur_cost(c, literal) for c in legal}
    queen_out = "QS" in unseen
    if not trick:
        if queen_out and "AS" not in hand_set and "KS" not in hand_set:
            flush = [c for c in legal if SUIT[c] == "S" and RANK[c] < 12]
            if flush:
                return max(flush, key=lambda c: RANK[c])
        return _barbu_lead("", legal, unseen, cost)
    led = SUIT[trick[0]]
    winning = max(RANK[c] for c in trick if SUIT[c] == led)
    if SUIT[legal[0]] == led and all(SUIT[c] == led for c in legal):
        if first_trick:
            return max(legal, key=lambda c: (cost[c] == 0, RANK[c]))
        under = [c for c in legal if RANK[c] < winning]
        if under:
            return max(under, key=lambda c: (cost[c], RANK[c]))
        if len(trick) == n_players - 1:
            return min(legal, key=lambda c: (cost[c], -RANK[c]))
        return min(legal, key=lambda c: (cost[c] > 0, RANK[c]))
    length = {s: sum(1 for c in hand if SUIT[c] == s) for s in "SHDC"}

    def harm(card: str) -> tuple[int, ...]:
        catcher = queen_out and SUIT[card] == "S" and RANK[card] > 12
        liability = ducks(card, unseen) + (overs(card, unseen) == 0)
        return (cost[card], catcher, liability, -length[SUIT[card]], RANK[card])

    return max(legal, key=harm)


# -- the same players on the trick base's bit sets (what engines call: thousands of times per search) ----------
class _Tables:
    """Per :class:`~companion.families.trickplay.Pack` (ace high, no trumps): for each card id, its rank (2 … 14),
    the ids of its suit below and above it, and its suit's mask."""

    def __init__(self, pack: Pack) -> None:
        n = pack.size
        self.rank = tuple(pack.strength[c] + 2 for c in range(n))
        self.suit = pack.suit
        self.same = tuple(pack.suit_mask[pack.suit[c]] for c in range(n))
        self.below = tuple(sum(1 << i for i in range(n) if pack.suit[i] == pack.suit[c] and pack.strength[i] < pack.strength[c])
                           for c in range(n))
        self.above = tuple(sum(1 << i for i in range(n) if pack.suit[i] == pack.suit[c] and pack.strength[i] > pack.strength[c])
                           for c in range(n))
        self.costs: dict[str | bool, tuple[int, ...]] = {}  # per Barbu manche, per Chasse-cœur count


_TABLES: dict[int, _Tables] = {}


def _tables(pack: Pack) -> _Tables:
    t = _TABLES.get(id(pack))
    if t is None:
        t = _TABLES[id(pack)] = _Tables(pack)
    return t


_ids = bits  # the ids of a bit set, lowest first (one function, trickplay's)


class _TrickView(Protocol):
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


class _Manche(Protocol):
    @property
    def key(self) -> str: ...


class _BarbuView(_TrickView, Protocol):
    """A Barbu deal, as :func:`barbu_fast` reads it (the bots import no game)."""

    @property
    def manche(self) -> _Manche: ...
    @property
    def queens_mask(self) -> int: ...


class _ChasseCoeurView(_TrickView, Protocol):
    """A Chasse-cœur deal, as :func:`chasse_coeur_fast` reads it."""

    @property
    def literal(self) -> bool: ...


def _lead_ids(legal: list[int], unseen: int, cost: tuple[int, ...], t: _Tables) -> int:
    below, above, same, rank = t.below, t.above, t.same, t.rank

    def risk(c: int) -> tuple[int, ...]:
        over = (unseen & above[c]).bit_count()
        under = (unseen & below[c]).bit_count()
        return (over == 0, cost[c] > 0 and not (over and under == 0), under, not unseen & same[c], -over, rank[c])

    return min(legal, key=risk)


def barbu_fast(state: _BarbuView) -> str:
    """:func:`barbu_choice` for the seat to move of a :class:`~companion.games.barbu.rules.BarbuDeal`, on bit
    sets: the same card (a test checks it position by position), several times faster."""
    pack = state.pack
    t = _tables(pack)
    manche = state.manche.key
    cost = t.costs.get(manche)
    if cost is None:
        cost = t.costs[manche] = tuple(barbu_cost(manche, code) for code in pack.code)
    seat = state.to_move
    hand = state.held[seat]
    legal = _ids(state._legal_mask(seat))
    if len(legal) == 1:
        return pack.code[legal[0]]
    unseen = pack.all & ~hand & ~state.played
    rank, below, above = t.rank, t.below, t.above
    trick = state.trick_cards
    if not trick:
        kh = pack.index["KH"]
        if manche == "roi-de-coeur" and unseen >> kh & 1:
            flush = [c for c in legal if t.suit[c] == 1 and not unseen & below[c]]
            if flush:
                return pack.code[min(flush, key=lambda c: rank[c])]
        return pack.code[_lead_ids(legal, unseen, cost, t)]
    led = state.led
    suit = t.suit
    winning = max(rank[c] for c in trick if suit[c] == led)
    if suit[legal[0]] == led:
        under = [c for c in legal if rank[c] < winning]
        if under:
            return pack.code[max(under, key=lambda c: (cost[c], rank[c]))]
        if len(trick) == state.n_players - 1:
            return pack.code[min(legal, key=lambda c: (cost[c], -rank[c]))]
        return pack.code[min(legal, key=lambda c: (cost[c] > 0, rank[c]))]
    sm = pack.suit_mask
    length = [(hand & sm[s]).bit_count() for s in range(4)]
    kh_out = unseen >> pack.index["KH"] & 1
    queen_out = {s: unseen & sm[s] & state.queens_mask for s in range(4)}

    def harm(c: int) -> tuple[int, ...]:
        liability = (unseen & below[c]).bit_count()
        if not unseen & above[c] and liability:
            liability += 1
        if manche == "roi-de-coeur" and kh_out and suit[c] == 1 and rank[c] > 13:
            liability += 13
        if manche == "dames" and rank[c] > 12 and queen_out[suit[c]]:
            liability += 13
        return (cost[c], liability, -length[suit[c]], rank[c])

    return pack.code[max(legal, key=harm)]


def chasse_coeur_fast(state: _ChasseCoeurView) -> str:
    """:func:`chasse_coeur_pass` / :func:`chasse_coeur_choice` for the seat to move of a
    :class:`~companion.games.chasse_coeur.rules.ChasseCoeurDeal`, on bit sets: the same card, faster."""
    pack = state.pack
    t = _tables(pack)
    literal = state.literal
    cost = t.costs.get(literal)
    if cost is None:
        cost = t.costs[literal] = tuple(chasse_coeur_cost(code, literal) for code in pack.code)
    seat = state.to_move
    hand = state.held[seat]
    rank, suit, below, above = t.rank, t.suit, t.below, t.above
    sm = pack.suit_mask
    code = pack.code
    length = [(hand & sm[s]).bit_count() for s in range(4)]
    qs = pack.index["QS"]
    if state.phase != "play":
        has_qs = hand >> qs & 1

        def urge(c: int) -> tuple[int, ...]:
            r, s = rank[c], suit[c]
            if c == qs or (literal and r == 12):
                score = 100
            elif s == 0 and r > 12 and not has_qs:
                score = 60 + r
            elif s == 1:
                score = 30 + r if r >= 11 else r - 10
            else:
                score = r + (10 if length[s] <= 2 else 0)
            return (score, r)

        return code[max(_ids(hand), key=urge)]
    legal = _ids(state._legal_mask(seat))
    if len(legal) == 1:
        return code[legal[0]]
    unseen = pack.all & ~hand & ~state.played
    queen_out = unseen >> qs & 1
    trick = state.trick_cards
    if not trick:
        if queen_out and not hand & (1 << pack.index["AS"] | 1 << pack.index["KS"]):
            flush = [c for c in legal if suit[c] == 0 and rank[c] < 12]
            if flush:
                return code[max(flush, key=lambda c: rank[c])]
        return code[_lead_ids(legal, unseen, cost, t)]
    led = state.led
    winning = max(rank[c] for c in trick if suit[c] == led)
    if all(suit[c] == led for c in legal):
        if not state.log:
            return code[max(legal, key=lambda c: (cost[c] == 0, rank[c]))]
        under = [c for c in legal if rank[c] < winning]
        if under:
            return code[max(under, key=lambda c: (cost[c], rank[c]))]
        if len(trick) == state.n_players - 1:
            return code[min(legal, key=lambda c: (cost[c], -rank[c]))]
        return code[min(legal, key=lambda c: (cost[c] > 0, rank[c]))]

    def harm(c: int) -> tuple[int, ...]:
        catcher = bool(queen_out) and suit[c] == 0 and rank[c] > 12
        liability = (unseen & below[c]).bit_count() + (not unseen & above[c])
        return (cost[c], catcher, liability, -length[suit[c]], rank[c])

    return code[max(legal, key=harm)]
