"""The quick Chasse-cœur player (the strong one is the shared search, :mod:`companion.bots.search`): pure functions
of what one seat sees, and the same player on the engine's bit sets."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from companion.bots.quick import DECK_52, RANK, SUIT, TrickView, ducks, ids, lead_ids, lead_low, overs, tables


# -- Chasse-cœur ------------------------------------------------------------------------------------------------
def chasse_coeur_cost(card: str, literal: bool = False) -> int:
    """The points ``card`` costs whoever takes it: a heart 1, the Q♠ 13 (standard values); with the rule document's
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
        return lead_low(legal, unseen, cost)
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


class _ChasseCoeurView(TrickView, Protocol):
    """A Chasse-cœur deal, as :func:`chasse_coeur_fast` reads it."""

    @property
    def literal(self) -> bool: ...

    def choice_hand(self) -> int: ...


def chasse_coeur_fast(state: _ChasseCoeurView) -> str:
    """:func:`chasse_coeur_pass` / :func:`chasse_coeur_choice` for the seat to move of a
    :class:`~companion.games.chasse_coeur.rules.ChasseCoeurDeal`, on bit sets: the same card, faster."""
    pack = state.pack
    t = tables(pack)
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
    if state.phase != "play":  # passing: the cards not picked yet
        hand = state.choice_hand()
        length = [(hand & sm[s]).bit_count() for s in range(4)]
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

        return code[max(ids(hand), key=urge)]
    legal = ids(state._legal_mask(seat))
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
        return code[lead_ids(legal, unseen, cost, t)]
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
