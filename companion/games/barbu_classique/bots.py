"""The quick Barbu classique player (the strong one is the shared search, :mod:`companion.bots.search`), on the
trick base's bit sets: what one seat sees of a :class:`~companion.games.barbu_classique.rules.BarbuClassiqueDeal`.

* **The contract**: the one this hand should play best compared with what the contract hands a seat on average
  (every declarer plays all seven, so the choice is of the moment each fits best): rough counts of the tricks the
  hand must take (its aces, kings, queens), of its dangerous hearts, queens and K♥, of its longest suit at Atout,
  and of how far its cards lie from the best starting rank at the réussite.
* **Trump**: the longest suit (the strongest on a tie); **the réussite's start**: the rank its cards lie closest
  to (fewest steps from it to each card, summed).
* **Doubles**: only when owed (the declarer would run short of contracts), or on the declarer in a negative
  contract with a hand that takes almost nothing; never a redouble.
* **The negative trick contracts**: as Barbu's quick player, on the same shared notions: lead what others can
  least duck (:func:`companion.bots.quick.lead_ids`), follow with the costliest card that stays under the winner,
  void throw the costliest card, then the biggest liability (:func:`companion.bots.quick.follow_or_shed`).
  « Pas les deux derniers plis »: get rid of the high cards while the early tricks cost nothing, duck in the
  last two.
* **Atout**: lead a master trump while trumps are out, else a master card, else a low plain card; follow with
  a card that wins (the highest of the suit while others are to play, the lowest when last), trump with the
  lowest trump that wins when void, else throw the lowest card.
* **The réussite**: the card that opens the way to most of one's own cards and least to others'.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol

from companion.bots.quick import Tables, TrickView, follow_or_shed, ids, lead_ids, tables
from companion.families.trickplay import HEARTS, Pack

PLAIN = (0, 1, 2, 3)  # ♠ ♥ ♦ ♣ as trickplay numbers them
#: Rough share of a trick each high card takes in a no-trump deal: ace, king, queen, jack.
TRICK_WEIGHT = {14: 1.0, 13: 0.7, 12: 0.4, 11: 0.2}


class ClassiqueView(TrickView, Protocol):
    """What :func:`quick_choice` reads of a Barbu classique deal (the bots import no game)."""

    @property
    def contract(self) -> str | None: ...
    @property
    def dealer(self) -> int: ...
    @property
    def trump(self) -> int: ...
    @property
    def trump_strength(self) -> tuple[int, ...]: ...
    @property
    def start(self) -> int: ...
    @property
    def low(self) -> list[int]: ...
    @property
    def high(self) -> list[int]: ...
    @property
    def n_tricks(self) -> int: ...
    def _phase_actions(self) -> list[str]: ...
    def double_targets(self, seat: int) -> list[int]: ...
    def may_stop_doubling(self, seat: int) -> bool: ...
    def domino_mask(self, seat: int) -> int: ...


_COSTS: dict[tuple[int, str], tuple[int, ...]] = {}


def costs(pack: Pack, contract: str) -> tuple[int, ...]:
    """What each card costs its taker in a negative trick contract, for ordering the cards to shed: 2 a heart
    and 6 the A♥ in « pas de cœurs », 6 a queen in « pas de dames », 20 the K♥ in « pas de roi de cœur », nothing
    elsewhere (there the tricks themselves cost)."""
    key = (id(pack), contract)
    out = _COSTS.get(key)
    if out is None:
        def cost(code: str) -> int:
            if contract == "coeurs" and code[-1] == "H":
                return 6 if code == "AH" else 2
            if contract == "dames" and code[0] == "Q":
                return 6
            return 20 if contract == "roi-de-coeur" and code == "KH" else 0
        out = _COSTS[key] = tuple(cost(c) for c in pack.code)
    return out


def _ranks_by_suit(hand: int, t: Tables) -> list[list[int]]:
    out: list[list[int]] = [[], [], [], []]
    for c in ids(hand):
        out[t.suit[c]].append(t.rank[c])
    return out


def _tricks_taken(by_suit: Sequence[Sequence[int]]) -> float:
    """The tricks a hand may have to take in a no-trump deal: its high cards, less where low cards guard them."""
    total = 0.0
    for ranks in by_suit:
        lows = sum(1 for r in ranks if r < 9)
        total += sum(TRICK_WEIGHT.get(r, 0.0) for r in ranks) * (1.0 if lows < 3 else 0.6)
    return total


def _domino_distance(by_suit: Sequence[Sequence[int]], start_rank: int) -> int:
    return sum(abs(r - start_rank) for ranks in by_suit for r in ranks)


def best_start(by_suit: Sequence[Sequence[int]]) -> int:
    """The rank (2 … 14) the hand's cards lie closest to, the Valet on a tie."""
    return min(range(2, 15), key=lambda r: (_domino_distance(by_suit, r), abs(r - 11)))


def best_trump(by_suit: Sequence[Sequence[int]]) -> int:
    return max(PLAIN, key=lambda s: (len(by_suit[s]), sum(by_suit[s])))


def estimate(contract: str, by_suit: Sequence[Sequence[int]]) -> float:
    """A rough score this hand would make in ``contract`` (seats' scores, as the sheet gives them)."""
    tricks = _tricks_taken(by_suit)
    hearts = by_suit[HEARTS]
    if contract == "plis":
        return -2 * tricks
    if contract == "coeurs":
        return -2.3 * tricks - (4 if 14 in hearts and len(hearts) < 4 else 0)
    if contract == "dames":
        return -6 * sum((0.6 if len(ranks) <= 3 else 0.3) for ranks in by_suit if 12 in ranks) - 1.5 * tricks / 3
    if contract == "roi-de-coeur":
        held = 13 in hearts
        return -20 * ((0.6 if len(hearts) <= 3 else 0.3) if held else 0.15 if 14 in hearts else 0.1)
    if contract == "deux-derniers":
        return -7.5 * (1 + (tricks - 3.25) / 6)
    if contract == "atout":
        trump = by_suit[best_trump(by_suit)]
        return 5 * (tricks + max(0, len(trump) - 3.25) * 0.8)
    return 16.25 + (45 - _domino_distance(by_suit, best_start(by_suit))) * 0.8


def quick_choice(state: ClassiqueView, rng: random.Random, averages: Mapping[str, float]) -> str:
    """The quick player's move for the seat to move (see the module docstring); ``averages``: what each contract
    hands a seat on average (its total over the players)."""
    phase = state.phase
    seat = state.to_move
    pack = state.pack
    t = tables(pack)
    if phase == "play":
        return pack.code[_card(state, t)]
    if phase == "domino":
        mask = state.domino_mask(seat)
        return pack.code[_domino_card(state, t, mask)] if mask else "pass"
    by_suit = _ranks_by_suit(state.held[seat], t)
    legal = state._phase_actions()
    if phase == "contract":
        return max(legal, key=lambda a: estimate(a[9:], by_suit) - averages[a[9:]])
    if phase == "trump":
        return f"trump:{'SHDC'[best_trump(by_suit)]}"
    if phase == "start":
        return f"start:{('2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A')[best_start(by_suit) - 2]}"
    if phase == "double":
        on_declarer = f"double:{state.dealer}"
        if on_declarer in legal and (not state.may_stop_doubling(seat) or (
                state.contract not in ("atout", "reussite") and _tricks_taken(by_suit) < 1.5)):
            return on_declarer
    return "done"


def _card(state: ClassiqueView, t: Tables) -> int:
    contract = state.contract
    seat = state.to_move
    legal = ids(state._legal_mask(seat))
    if len(legal) == 1:
        return legal[0]
    if contract == "atout":
        return _trump_card(state, t, legal)
    if contract == "deux-derniers":
        if state.n_tricks - len(state.log) > 2:
            return max(legal, key=lambda c: (t.rank[c], -t.suit[c]))
        return _dodge(state, t, legal, (0,) * state.pack.size)
    assert contract is not None  # the play comes after the contract
    return _dodge(state, t, legal, costs(state.pack, contract))


def _dodge(state: ClassiqueView, t: Tables, legal: list[int], cost: tuple[int, ...]) -> int:
    seat = state.to_move
    hand = state.held[seat]
    unseen = state.pack.all & ~hand & ~state.played
    trick = state.trick_cards
    if not trick:
        return lead_ids(legal, unseen, cost, t)
    return follow_or_shed(legal, hand, unseen, trick, state.led, state.n_players, cost, t)


def _trump_card(state: ClassiqueView, t: Tables, legal: list[int]) -> int:
    seat = state.to_move
    hand = state.held[seat]
    unseen = state.pack.all & ~hand & ~state.played
    trump, suit, rank, above = state.trump, t.suit, t.rank, t.above
    trick = state.trick_cards
    if not trick:
        masters = [c for c in legal if not unseen & above[c]]
        trumps_out = unseen & state.pack.suit_mask[trump]
        plain_masters = [c for c in masters if suit[c] != trump]
        if trumps_out and [c for c in masters if suit[c] == trump]:
            return max((c for c in masters if suit[c] == trump), key=lambda c: rank[c])
        if plain_masters and not trumps_out:
            return plain_masters[0]
        if plain_masters:
            return max(plain_masters, key=lambda c: rank[c])
        return min(legal, key=lambda c: (suit[c] == trump, rank[c]))
    led = state.led
    ts = state.trump_strength

    def power(c: int) -> int:
        return 100 + ts[c] if suit[c] == trump else rank[c] if suit[c] == led else -1

    best = max(power(c) for c in trick)
    winners = [c for c in legal if power(c) > best]
    if winners:
        last = len(trick) == state.n_players - 1
        if last or suit[winners[0]] == trump:
            return min(winners, key=power)
        return max(winners, key=power)
    return min(legal, key=lambda c: (suit[c] == trump, rank[c]))


def _domino_card(state: ClassiqueView, t: Tables, mask: int) -> int:
    seat = state.to_move
    hand = state.held[seat]
    unseen = state.pack.all & ~hand & ~state.played
    sm = state.pack.suit_mask
    below, above = t.below, t.above

    def opens(c: int) -> tuple[float, int]:
        s = t.suit[c]
        if state.low[s] < 0:  # a starting card: the whole suit both ways
            ahead = sm[s] & ~(1 << c)
        elif state.pack.strength[c] < state.low[s]:
            ahead = below[c]
        else:
            ahead = above[c]
        mine, others = (hand & ahead).bit_count(), (unseen & ahead).bit_count()
        return (mine - 0.5 * others, -others)

    return max(ids(mask), key=opens)
