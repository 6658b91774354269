"""Trick-taking mechanics that every game of the ``levees`` family shares.

Pure functions over :class:`~companion.rules.cards.SuitCard` (jokers, tarot trumps and the excuse are a game's
own business and are not handled here):

* :func:`legal_plays` — which cards of a hand may go on a trick: follow suit when you can; optionally, when
  you cannot, trump (``must_trump``) and beat the best trump already down (``must_overtrump``).
* :func:`trick_winner` — who takes a trick: the strongest trump if any was played, else the strongest card of
  the suit led; strength follows a rank order (ace high by default, a game may give its own, and a separate
  one for trumps as in belote).
* :func:`next_seat` / :func:`play_order` — who plays after whom (clockwise is seat + 1, as in
  :mod:`companion.rules.base`); the winner of a trick leads the next, which :class:`Trick` records.

The games choose the rules (Barbu: follow suit, no trumps; Rikiki: trumps without obligation; Belote: must
trump and overtrump) by the arguments they pass: nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from .base import CLOCKWISE
from .cards import Rank, Suit, SuitCard

#: Ranks from weakest to strongest, ace high: the order of most trick-taking games.
ACE_HIGH: tuple[Rank, ...] = (
    Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
    Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE,
)

RankOrder = Sequence[Rank]


def strength(card: SuitCard, order: RankOrder = ACE_HIGH) -> int:
    """The card's place in ``order`` (weakest first); raises ``ValueError`` for a rank not in the order."""
    return list(order).index(card.rank)


def _strength_key(order: RankOrder) -> Callable[[SuitCard], int]:
    places = {rank: i for i, rank in enumerate(order)}
    return lambda c: places[c.rank]


def next_seat(seat: int, n_players: int, direction: str = CLOCKWISE) -> int:
    """The seat that plays after ``seat``: always seat + 1, since seats are numbered in the order of play
    (:meth:`companion.rules.base.Sheet.next_seat`); ``direction`` only says which way that is at a real table."""
    return (seat + 1) % n_players


def play_order(leader: int, n_players: int, direction: str = CLOCKWISE) -> list[int]:
    """Every seat once, in the order they play to a trick that ``leader`` leads."""
    seats = [leader]
    while len(seats) < n_players:
        seats.append(next_seat(seats[-1], n_players, direction))
    return seats


@dataclass
class Trick:
    """One trick: who led it and the cards played to it so far, as ``(seat, card)`` in playing order."""

    leader: int
    plays: list[tuple[int, SuitCard]] = field(default_factory=list)

    @property
    def led_suit(self) -> Suit | None:
        return self.plays[0][1].suit if self.plays else None

    @property
    def cards(self) -> list[SuitCard]:
        return [c for _, c in self.plays]

    def complete(self, n_players: int) -> bool:
        return len(self.plays) >= n_players

    def to_play(self, n_players: int, direction: str = CLOCKWISE) -> int:
        """The seat whose card comes next (the leader while the trick is empty)."""
        if not self.plays:
            return self.leader
        return next_seat(self.plays[-1][0], n_players, direction)

    def winner(self, trump: Suit | None = None, order: RankOrder = ACE_HIGH,
               trump_order: RankOrder | None = None) -> int:
        return trick_winner(self.plays, trump, order, trump_order)


def legal_plays(hand: Iterable[SuitCard], trick: Sequence[SuitCard] | Trick = (), *,
                trump: Suit | None = None, must_trump: bool = False, must_overtrump: bool = False,
                trump_order: RankOrder | None = None) -> list[SuitCard]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already on it, led card first).

    * Leading (empty trick): any card. Restrictions on leads (Barbu's hearts) are the game's to add.
    * Holding the suit led: only that suit. When the suit led is trumps and ``must_overtrump`` is set, a card
      that beats the best trump down is required if one is held.
    * Void in the suit led: any card, unless ``must_trump`` and a trump is held: then trumps only, and with
      ``must_overtrump`` only those above the best trump already played, if any is held.

    The cards come back in the hand's order.
    """
    hand = list(hand)
    played = trick.cards if isinstance(trick, Trick) else list(trick)
    if not played:
        return hand
    led = played[0].suit
    key = _strength_key(trump_order or ACE_HIGH)

    def over_trumps(candidates: list[SuitCard]) -> list[SuitCard]:
        down = [c for c in played if c.suit == trump]
        if not must_overtrump or not down:
            return candidates
        best = max(key(c) for c in down)
        higher = [c for c in candidates if key(c) > best]
        return higher or candidates

    following = [c for c in hand if c.suit == led]
    if following:
        return over_trumps(following) if trump is not None and led == trump else following
    trumps = [c for c in hand if trump is not None and c.suit == trump]
    if must_trump and trumps:
        return over_trumps(trumps)
    return hand


def trick_winner(plays: Sequence[tuple[int, SuitCard]], trump: Suit | None = None, order: RankOrder = ACE_HIGH,
                 trump_order: RankOrder | None = None) -> int:
    """The seat that takes the trick ``plays`` (``(seat, card)`` in playing order, led card first).

    The strongest trump wins if a trump was played; otherwise the strongest card of the suit led. Cards of
    any other suit never win. ``order`` ranks plain cards, weakest first; ``trump_order`` ranks trumps
    (``order`` if not given). Raises ``ValueError`` for an empty trick.
    """
    if not plays:
        raise ValueError("an empty trick has no winner")
    led = plays[0][1].suit
    plain, trumping = _strength_key(order), _strength_key(trump_order or order)
    trumps = [(s, c) for s, c in plays if trump is not None and c.suit == trump]
    if trumps:
        return max(trumps, key=lambda sc: trumping(sc[1]))[0]
    return max(((s, c) for s, c in plays if c.suit == led), key=lambda sc: plain(sc[1]))[0]


def sort_hand(hand: Iterable[SuitCard], order: RankOrder = ACE_HIGH,
              suits: Sequence[Suit] = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)) -> list[SuitCard]:
    """A hand as players hold it: by suit (alternating colours), strongest card first within a suit."""
    key = _strength_key(order)
    return sorted(hand, key=lambda c: (suits.index(c.suit), -key(c)))
