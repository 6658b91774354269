"""The fast shared base of trick-taking deals: :class:`TrickDeal` (a :class:`~companion.kernel.deal.DealState`).

Every digital trick-taking engine (Barbu, Chasse-cœur, Vicaire, Rikiki, Belote à trois, L'Hombre, the tarots…)
is a subclass of :class:`TrickDeal`. The base deals, plays tricks (follow suit, trumps, must-trump,
must-overtrump, who wins) and keeps what search bots need fast (``clone``, ``apply_legal``, ``determinize``);
a game adds its phases (bids, passing, trump choice, chien/écart), its lead restrictions, its end and its
scores through the hooks below. Read this docstring before writing an engine; :mod:`companion.games.barbu.rules`
(no phases) and :mod:`companion.games.chasse_coeur.rules` (a passing phase) are the worked examples.

Cards: the :class:`Pack`
------------------------
A :class:`Pack` numbers a game's cards ``0 … len-1`` (small ints, "card ids") and precomputes tuples indexed by
id: ``code`` (the ASCII code of :mod:`companion.kernel.cards`: ``"QS"``, ``"10H"``, ``"CC"`` for a tarot
cavalier, ``"T1"``…``"T21"``, ``"EX"``, ``"JK"``), ``suit`` (:data:`SPADES` 0, :data:`HEARTS` 1,
:data:`DIAMONDS` 2, :data:`CLUBS` 3, :data:`TRUMPS` 4 for the tarot trumps, :data:`NO_SUIT` 5 for the excuse
and jokers), ``rank`` (:class:`~companion.kernel.cards.Rank` value, the trump's number, 0 for the excuse),
``strength`` (place in the game's rank order, weakest 0; tarot trumps by number), ``card`` (the
:class:`~companion.kernel.cards.Card`, for slow views) and ``suit_mask`` (one bit mask per suit). ``index``
maps a code to its id. Ids follow the order French players sort a hand (:func:`pack`: ♠ ♥ ♣ ♦, then tarot trumps
21 → 1 and the excuse; strongest first in a suit), so a mask read bit by bit is already sorted.
``deal_order`` is the order of the chance actions (the physical pack order of :func:`companion.kernel.cards.deck`).
Build packs once at import time with :func:`pack` (``pack("52")``, ``pack("32", order=BELOTE_PLAIN)``,
``pack("78")``, ``pack("52", removed=("2C", "2D"))``); they are immutable and shared.

Sets of cards are Python ints used as bit sets (bit ``i`` = card id ``i``): ``held[p]`` is pile ``p``.
:func:`bits` lists a mask's ids, ``mask.bit_count()`` counts it, ``pack.codes_of(mask)`` gives its codes.

State
-----
Piles: ``held[0 … n-1]`` are the seats' hands, ``held[n …]`` the extra piles a game declares with
``extra_piles`` (a chien, a talon, an écart: ``CHIEN = n`` by convention). Dealing is chance actions (one card
each, the code), card ``k`` going to pile ``schedule[k]`` (:meth:`TrickDeal._deal_schedule`; by default one at a
time to every seat from the dealer's left). Other attributes the base keeps (read them, do not rebuild them):

* ``phase`` — :data:`DEAL`, :data:`PLAY`, :data:`END` or a game's own phase names (``"pass"``, ``"bid"``…);
  ``to_move`` — the seat to move, :data:`~companion.kernel.deal.CHANCE` or :data:`~companion.kernel.deal.TERMINAL`.
* ``trump`` — the trump suit (a suit number) or -1; ``strength`` / ``trump_strength`` — per-id tuples the winner
  is decided with (set ``trump_strength`` for belote's J 9 A 10 K Q 8 7).
* the trick on the table: ``leader``, ``trick_cards`` and ``trick_seats`` (ids and seats in playing order),
  ``led`` (suit led or -1); completed tricks: ``log`` (tuples ``(leader, seats, cards, winner)``),
  ``won`` (tricks per seat), ``taken`` (mask of cards each seat took), ``played`` (mask of every card played).
* ``voids`` — per seat, a bit set of suits (``1 << suit``) it showed it lacks (failed to follow; failed to trump
  where trumping is compulsory): :meth:`determinize` respects them.

``hidden_cards(seat)`` (on every :class:`~companion.kernel.deal.DealState`) is the set of codes ``seat`` (or a
spectator, ``None``) must never be shown: leak tests search observations and pages for them.
Slow views for tests and pages: :attr:`TrickDeal.hands` (lists of Card), :attr:`TrickDeal.trick`
(a :class:`~companion.families.tricks.Trick`), :attr:`TrickDeal.tricks`, :attr:`TrickDeal.takers`.

Hooks (override what your game needs; everything else is written once here)
-------------------------------------------------------------------------
* ``__init__``: call ``super().__init__(n_players, options, number, dealer, pack)``, then set your own
  attributes. **Every mutable attribute you add must be listed in** ``_mutable`` (a class tuple:
  ``_mutable = TrickDeal._mutable + ("bids",)``), holding a flat list/dict/set of immutable values, so that
  :meth:`clone` copies it; or override :meth:`_clone_extra`.
* The constructor's arguments are the deal's setup: the game's :meth:`~companion.kernel.game.Game.new_deal` builds
  ``deal_class(n_players, options, number, dealer, **deal_arguments)`` (what the game's ``deal_arguments`` adds:
  Vicaire's race, Rikiki's card count), and :meth:`~companion.kernel.deal.DealState.fresh` builds it again with the
  same arguments.
* :meth:`_after_deal`: called once the last card is dealt. Default: :meth:`start_play` with the dealer's left
  leading. A game with bids/passing sets ``self.phase = "bid"`` and ``self.to_move = seat`` instead.
* :meth:`_phase_actions` / :meth:`_phase_apply` / :meth:`_phase_normalise`: the legal actions (strings) and
  their effect in the game's own phases (bids, passing, trump choice, écart…). When the phase is over, call
  :meth:`start_play(leader)` (or set the next phase). Cards moved between piles in a phase: use
  :meth:`move_card`. A phase action that is a card (a card passed, a card put in the écart) is a card code.
* :meth:`_lead_mask(seat, hand)`: the cards ``seat`` may lead (default: all); :meth:`_why_lead_illegal` says
  why another is refused (Barbu's and Chasse-cœur's hearts).
* :meth:`_legal_mask(seat)`: the cards that may be played now — follow suit (``must_follow``), else trump
  (``must_trump`` or :meth:`_must_trump(seat)`, e.g. "not when the partner wins"), overtrump
  (``must_overtrump``: beat the best trump down when able, also when trumps are led). Tarot adds the excuse here.
* ``discard_ban`` (a mask, 0 by default): cards a seat that can neither follow nor has to trump may not
  throw while it holds anything else (Chasse-cœur's "no points on the first trick": set it when the play
  starts, clear it in :meth:`_on_trick`). ``follow_ban`` (a mask, 0 by default): cards a seat following suit
  may not play while it holds another card of the suit led (the same rule's Q♣ with Chasse-cœur's queens at 13).
* :class:`ClosedSuitDeal` (a subclass to derive from): a suit that may not be led until a card of it has been
  thrown on another suit, unless the leader holds nothing else (hearts "closed": Chasse-cœur, Pétasse).
* :meth:`_on_play(seat, card)`: after a card is put on the trick (hearts broken…).
* :meth:`_trick_winner`: the position in the trick of the winning card (highest trump, else highest of the suit
  led; a ``NO_SUIT`` card never wins). Tarot's excuse: override :meth:`_on_trick` to move it.
* :meth:`_on_trick(winner)`: after a trick is stored (a king that stops play, tricks that score…; hands
  passed on to the next seat, as in the Tarot lorrain: move ``voids`` with them, since voids belong to hands).
* :meth:`_deal_over`: whether the deal ends after the current trick (default: when every trick is played,
  ``n_tricks``). Then :meth:`_finish` sets :data:`END`.
* :meth:`returns` (required for bots): per seat, the sheet's score of :meth:`entry`, from ``won``/``taken``.
* :meth:`_entry` (required), :meth:`_observe(obs, seat)` (add your public fields to the base observation).
* :meth:`_known(seat)` / :meth:`_shown` / :meth:`_seen(seat)` / :meth:`_allowed(seat, pile)` / :meth:`_after_determinize`:
  for :meth:`determinize`: what ``seat`` knows exactly of each pile (default: its own hand; add cards it passed,
  its own écart; :meth:`_shown` is what everybody knows is in a given pile, such as a card turned up or trumps
  shown: observations may show exactly these cards of other piles, ``tests/rules/test_engines.py`` checks it);
  :meth:`_seen` the cards ``seat`` saw without knowing which pile holds them now (a chien shown, then taken into
  the hand an écart was made from: it may be in either): they are not hidden from it, but :meth:`determinize`
  deals them again, so say in :meth:`_allowed` where they may be; and which cards a pile may hold (default:
  every card, less the voids of a seat). Never put in :meth:`_known` a card the seat only knows to be in one
  of several piles: its determinized worlds would all put it where it really is.

Actions stay strings at the interface (card codes, the game's words). Inside, ``_play(card_id)`` and
``_legal_mask`` are the fast paths; :meth:`TrickDeal.random_playout` plays a deal to the end at random on them
(dealing what is left in one go, then an inlined card loop when the game overrides neither ``_play`` nor
``_legal_mask``: prefer the smaller hooks — ``_lead_mask``, ``discard_ban``, ``_must_trump``, ``_on_play`` — to
keep it). ``deal(seed)`` draws each card with ``rng.choice`` over ``undealt`` (in ``pack.deal_order``), so a seed
always gives the same hands (a stored deal replays the same from its seed).

Search bots: ``clone()`` (a shallow copy of ``__dict__`` plus ``_mutable``'s lists: about a microsecond),
``determinize(seat, rng)``, ``apply_legal(action)``, ``random_playout(rng)``, ``returns()`` and
:attr:`~companion.kernel.deal.DealState.lowest_wins`. Measure with ``python -m companion.bench``;
``tests/rules/test_engines.py`` checks every engine with ``digital = True`` against this contract.

A minimal engine::

    class MyDeal(TrickDeal):
        slug = "my-game"
        must_trump = True

        def __init__(self, n_players, options, number, dealer):
            super().__init__(n_players, options, number, dealer, pack("32"))
            self.trump = SUIT_BY_LETTER[options["trump"]]

        def _entry(self):
            return {"tricks": list(self.won)}

        def returns(self):
            return [5 * w for w in self.won]

and on the game, ``deal_class = MyDeal``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Self

from companion.families.tricks import Trick
from companion.kernel.cards import SUITS, Card, Suit, SuitCard, Trump, deck
from companion.kernel.deal import CHANCE, TERMINAL, UNPICK, Action, DealState, illegal
from companion.kernel.errors import CardSyntaxError, IllegalAction
from companion.kernel.text import T, Text, count, seat_ref
from companion.kernel.view import Fact, Note, suit_label

SPADES, HEARTS, DIAMONDS, CLUBS, TRUMPS, NO_SUIT = 0, 1, 2, 3, 4, 5
SUIT_NUMBER = {Suit.SPADES: SPADES, Suit.HEARTS: HEARTS, Suit.DIAMONDS: DIAMONDS, Suit.CLUBS: CLUBS}
SUIT_LETTER = ("S", "H", "D", "C", "T", "")
SUIT_BY_LETTER = {"S": SPADES, "H": HEARTS, "D": DIAMONDS, "C": CLUBS}
#: How French players hold a hand: alternating colours.
DISPLAY_SUITS = (SPADES, HEARTS, CLUBS, DIAMONDS)

DEAL, PLAY, END = "deal", "play", "end"

#: Rank orders, weakest first, as rank codes.
ACE_HIGH = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TAROT_PLAIN = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
BELOTE_PLAIN = ("7", "8", "9", "J", "Q", "K", "10", "A")
BELOTE_TRUMPS = ("7", "8", "Q", "K", "10", "A", "9", "J")


def bits(mask: int) -> list[int]:
    """The ids of a bit set, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _suit_of(c: Card) -> int:
    if isinstance(c, SuitCard):
        return SUIT_NUMBER[c.suit]
    return TRUMPS if isinstance(c, Trump) else NO_SUIT


class Pack:
    """A game's cards as small ints, with per-id tables (see the module docstring)."""

    def __init__(self, cards: Sequence[Card], deal_order: Sequence[str], order: Sequence[str] = ACE_HIGH,
                 suit_order: Sequence[int] = DISPLAY_SUITS):
        places = {r: i for i, r in enumerate(order)}

        def strength(c: Card) -> int:
            if isinstance(c, SuitCard):
                return places[c.rank.code]
            if isinstance(c, Trump):
                return c.number
            return -1

        def key(c: Card) -> tuple[int, ...]:
            s = _suit_of(c)
            rank = suit_order.index(s) if s in suit_order else len(suit_order) + s
            return (rank, -strength(c))

        cards = sorted(cards, key=key)
        self.card: tuple[Card, ...] = tuple(cards)
        self.code: tuple[str, ...] = tuple(c.code for c in cards)
        self.index: dict[str, int] = {code: i for i, code in enumerate(self.code)}
        self.suit: tuple[int, ...] = tuple(_suit_of(c) for c in cards)
        self.rank: tuple[int, ...] = tuple(c.rank.value if isinstance(c, SuitCard) else c.number if isinstance(c, Trump)
                                           else 0 for c in cards)
        self.strength: tuple[int, ...] = tuple(strength(c) for c in cards)
        self.suit_mask: tuple[int, ...] = tuple(sum(1 << i for i, s in enumerate(self.suit) if s == k) for k in range(6))
        self.all: int = (1 << len(cards)) - 1
        self.deal_order: tuple[str, ...] = tuple(deal_order)
        self.size = len(cards)

    def __len__(self) -> int:
        return self.size

    def mask(self, codes: Iterable[str]) -> int:
        """The bit set of some codes."""
        m = 0
        for code in codes:
            m |= 1 << self.index[code]
        return m

    def codes_of(self, mask: int) -> list[str]:
        """The codes of a bit set, in the pack's (display) order."""
        code = self.code
        out = []
        while mask:
            low = mask & -mask
            out.append(code[low.bit_length() - 1])
            mask ^= low
        return out

    def ranked(self, order: Sequence[str]) -> tuple[int, ...]:
        """A strength table for another rank order (belote's trumps): per id, the place of its rank code."""
        places = {r: i for i, r in enumerate(order)}
        return tuple(places.get(c.rank.code, -1) if isinstance(c, SuitCard) else s
                     for c, s in zip(self.card, self.strength, strict=True))


_PACKS: dict[tuple[str, tuple[str, ...], tuple[str, ...], tuple[int, ...]], Pack] = {}


def pack(name: str, removed: Iterable[str] = (), order: Sequence[str] | None = None,
         suit_order: Sequence[int] = DISPLAY_SUITS) -> Pack:
    """The (cached) :class:`Pack` of deck ``name`` of :mod:`companion.kernel.cards` without the ``removed`` codes.
    ``order`` is the plain rank order, weakest first (ace high by default; tarot's for ``"78"``)."""
    removed = tuple(removed)
    if order is None:
        order = TAROT_PLAIN if name == "78" else ACE_HIGH
    key = (name, removed, tuple(order), tuple(suit_order))
    if key not in _PACKS:
        cards = [c for c in deck(name) if c.code not in removed]
        if len({c.code for c in cards}) != len(cards):
            raise ValueError(f"deck {name!r} repeats cards: the trick base takes single packs")
        _PACKS[key] = Pack(cards, [c.code for c in cards], order, suit_order)
    return _PACKS[key]


_SCHEDULES: dict[tuple[int, int, int], tuple[int, ...]] = {}


class TrickDeal(DealState):
    """One trick-taking deal on the fast base (see the module docstring for the hooks)."""

    #: Trick rules (class defaults; a game may set them per deal on ``self``).
    must_follow = True
    must_trump = False
    must_overtrump = False
    #: Extra piles after the seats' hands (a chien, a talon).
    extra_piles = 0
    slug = ""
    #: Attributes that :meth:`clone` copies (flat lists); a subclass extends the tuple for its own.
    _mutable: tuple[str, ...] = ("held", "trick_cards", "trick_seats", "won", "taken", "voids", "log", "history",
                                 "undealt")
    #: A trick deal always has a dealer (never the base's ``None``).
    dealer: int

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int, pack: Pack):
        super().__init__(n_players)
        self.options = options
        self.number = number
        self.dealer = dealer
        self.pack = pack
        self.n_piles = n_players + self.extra_piles
        self.held = [0] * self.n_piles
        self.undealt: list[str] = list(pack.deal_order)
        self.schedule = self._deal_schedule()
        self.dealt = 0
        self.n_tricks = sum(1 for p in self.schedule if p < n_players) // n_players
        self.phase = DEAL
        self.to_move = CHANCE
        self.trump = -1
        self.strength = pack.strength
        self.trump_strength = pack.strength
        self.leader = (dealer + 1) % n_players
        self.trick_cards: list[int] = []
        self.trick_seats: list[int] = []
        self.led = -1
        self.log: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = []
        self.won = [0] * n_players
        self.taken = [0] * n_players
        self.voids = [0] * n_players
        self.played = 0
        self.discard_ban = 0
        self.follow_ban = 0

    # -- setup hooks ----------------------------------------------------------------------------------
    def _deal_schedule(self) -> tuple[int, ...]:
        """Pile of each card dealt, in order: by default one at a time to every seat from the dealer's left.
        Cached per setup; override for a chien or packets (return a tuple)."""
        key = (self.n_players, self.dealer, len(self.pack))
        if key not in _SCHEDULES:
            first = (self.dealer + 1) % self.n_players
            _SCHEDULES[key] = tuple((first + k) % self.n_players for k in range(len(self.pack)))
        return _SCHEDULES[key]

    def _after_deal(self) -> None:
        """The last card is dealt: by default the dealer's left leads the first trick."""
        self.start_play((self.dealer + 1) % self.n_players)

    def start_play(self, leader: int) -> None:
        """Begin the card play, ``leader`` leading."""
        self.phase = PLAY
        self.leader = leader
        self.to_move = leader

    # -- the DealState interface ------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.to_move

    @property
    def is_terminal(self) -> bool:
        return self.to_move == TERMINAL

    def legal_actions(self, seat: int) -> list[Action]:
        to_move = self.to_move
        if seat != to_move or to_move == TERMINAL:
            return []
        if self.phase == PLAY:
            return self.pack.codes_of(self._legal_mask(seat))
        return self._legal_actions()

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            return self.pack.codes_of(self._legal_mask(self.to_move))
        if phase == DEAL:
            return list(self.undealt)
        if phase == END:
            return []
        return self._phase_actions()

    def _apply(self, action: Action) -> None:
        phase = self.phase
        if phase == PLAY:
            self._play(self.pack.index[action])
        elif phase == DEAL:
            self._deal_card(action)
        else:
            self._phase_apply(action)

    def deal(self, seed: Any) -> Self:
        """Deal from ``random.Random(seed)``: each card drawn with ``rng.choice`` from the cards left, in
        ``pack.deal_order`` (so a seed always gives the same hands). Returns ``self``."""
        rng = random.Random(seed)
        choice = rng.choice
        while self.phase == DEAL:
            code = choice(self.undealt)
            self._deal_card(code)
            self.history.append(code)
        while self.to_move == CHANCE:  # a game's own chance phase, if any
            self.apply_legal(choice(self._legal_actions()))
        return self

    def _deal_card(self, code: str) -> None:
        self._place(self.pack.index[code], self.schedule[self.dealt])
        self.undealt.remove(code)
        self.dealt += 1
        if not self.undealt:
            self._after_deal()

    def _place(self, cid: int, pile: int) -> None:
        """Card ``cid`` dealt to pile ``pile``; override for a card turned up or a pile kept in its order."""
        self.held[pile] |= 1 << cid

    def normalise_action(self, action: Any) -> Action:
        if isinstance(action, str):
            if action in self.pack.index:
                return action
            if self.phase in (PLAY, DEAL):
                try:
                    code = Card.parse_code(action).code
                except CardSyntaxError:
                    code = None
                if code is None or code not in self.pack.index:
                    raise illegal("not_a_card", T("Ce n'est pas une carte de ce jeu.", "That is not a card of this game."),
                                  self._seat_or_none())
                return code
            return self._phase_normalise(action)
        return super().normalise_action(action)

    def why_illegal(self, action: Action) -> IllegalAction:
        seat = self.to_move
        if self.phase == DEAL:
            return illegal("not_in_deck", T("Cette carte n'est plus à donner.", "That card is not left to deal."))
        if self.phase != PLAY:
            return self._why_phase_illegal(action)
        cid = self.pack.index[action]
        hand = self.held[seat]
        if not hand >> cid & 1:
            return illegal("not_in_hand", T("Vous n'avez pas cette carte.", "You do not hold that card."), seat)
        if not self.trick_cards:
            return self._why_lead_illegal(seat, cid)
        led, trump = self.led, self.trump
        sm, suit = self.pack.suit_mask, self.pack.suit[cid]
        if led >= 0 and hand & sm[led] and suit != led:
            return _must_follow(led, seat)
        if (trump >= 0 and led >= 0 and suit != trump and not hand & sm[led] and hand & sm[trump]
                and self._must_trump(seat)):
            return illegal("must_trump", T("Il faut couper (jouer atout).", "You must trump."), seat)
        if trump >= 0 and suit == trump and self.must_overtrump:
            return illegal("must_overtrump", T("Il faut monter à l'atout.", "You must play a higher trump."), seat)
        return super().why_illegal(action)

    # -- the play, written once -----------------------------------------------------------------------
    def _must_trump(self, seat: int) -> bool:
        """Whether ``seat``, void in the suit led, must trump (default: the ``must_trump`` rule)."""
        return self.must_trump

    def _lead_mask(self, seat: int, hand: int) -> int:
        """The cards ``seat`` may lead from ``hand`` (default: all)."""
        return hand

    def _why_lead_illegal(self, seat: int, card: int) -> IllegalAction:
        return super().why_illegal(self.pack.code[card])

    def _legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play to the trick now, as a bit set."""
        hand = self.held[seat]
        if not self.trick_cards:
            return self._lead_mask(seat, hand)
        led = self.led
        if led < 0:
            return hand
        sm = self.pack.suit_mask
        follow = hand & sm[led]
        trump = self.trump
        if follow:
            if not self.must_follow:
                return hand
            if led == trump and self.must_overtrump:
                return self._over(follow)
            fban = self.follow_ban
            if fban:
                return follow & ~fban or follow
            return follow
        if trump >= 0 and self._must_trump(seat):
            trumps = hand & sm[trump]
            if trumps:
                return self._over(trumps) if self.must_overtrump else trumps
        ban = self.discard_ban
        if ban:
            return hand & ~ban or hand
        return hand

    def _over(self, trumps: int) -> int:
        """The trumps of ``trumps`` above the best trump on the trick, or all of them if none is."""
        suit, ts, trump = self.pack.suit, self.trump_strength, self.trump
        best = -1
        for c in self.trick_cards:
            if suit[c] == trump and ts[c] > best:
                best = ts[c]
        if best < 0:
            return trumps
        higher = 0
        m = trumps
        while m:
            low = m & -m
            if ts[low.bit_length() - 1] > best:
                higher |= low
            m ^= low
        return higher or trumps

    def _play(self, card: int) -> None:
        """Put ``card`` (an id, legal) from the current player's hand on the trick; completes the trick."""
        seat = self.to_move
        self.held[seat] ^= 1 << card
        suit = self.pack.suit[card]
        if self.trick_cards:
            led = self.led
            if led < 0:
                if suit != NO_SUIT:
                    self.led = suit
            elif suit != led and suit != NO_SUIT and self.must_follow:
                v = 1 << led
                trump = self.trump
                if trump >= 0 and suit != trump and self._must_trump(seat):
                    v |= 1 << trump
                self.voids[seat] |= v
        else:
            self.led = suit if suit != NO_SUIT else -1
        self.trick_cards.append(card)
        self.trick_seats.append(seat)
        self.played |= 1 << card
        self._on_play(seat, card)
        if len(self.trick_cards) == self.n_players:
            self._end_trick()
        else:
            self.to_move = (seat + 1) % self.n_players

    def _on_play(self, seat: int, card: int) -> None:
        """After ``seat`` put ``card`` on the trick (before a full trick is gathered)."""

    def _trick_winner(self) -> int:
        """The position in ``trick_cards`` of the card that takes the trick."""
        suit, st, ts = self.pack.suit, self.strength, self.trump_strength
        trump, led = self.trump, self.led
        best, best_key = 0, -1
        for i, c in enumerate(self.trick_cards):
            s = suit[c]
            if s == trump:
                k = 1000 + ts[c]
            elif s == led:
                k = st[c]
            else:
                continue
            if k > best_key:
                best, best_key = i, k
        return best

    def _end_trick(self) -> None:
        cards, seats = self.trick_cards, self.trick_seats
        winner = seats[self._trick_winner()]
        m = 0
        for c in cards:
            m |= 1 << c
        self.taken[winner] |= m
        self.won[winner] += 1
        self.log.append((self.leader, tuple(seats), tuple(cards), winner))
        self._on_trick(winner)
        if self._deal_over():
            self._finish()
            return
        self.leader = winner
        self.to_move = winner
        self.trick_cards = []
        self.trick_seats = []
        self.led = -1

    def _on_trick(self, winner: int) -> None:
        """After a trick is stored in ``log`` and credited to ``winner`` (``trick_cards`` still hold it)."""

    def _deal_over(self) -> bool:
        """Whether the deal ends after the trick just taken (default: every trick played)."""
        return len(self.log) >= self.n_tricks

    def _finish(self) -> None:
        """End the deal: the last trick stays in ``log``, the table is cleared."""
        self.phase = END
        self.to_move = TERMINAL
        self.trick_cards = []
        self.trick_seats = []
        self.led = -1

    # -- game phases (bids, passing…): games override ----------------------------------------------------
    def _phase_actions(self) -> list[Action]:
        """The current player's legal actions in the game's own phase, as a new list (callers may keep it)."""
        raise NotImplementedError(f"phase {self.phase!r} has no actions")

    def _phase_apply(self, action: Action) -> None:
        raise NotImplementedError(f"phase {self.phase!r} has no actions")

    def _phase_normalise(self, action: str) -> Action:
        return action.strip()

    def _why_phase_illegal(self, action: Action) -> IllegalAction:
        return super().why_illegal(action)

    def move_card(self, card: int, source: int, target: int) -> None:
        """Move card id ``card`` from pile ``source`` to pile ``target`` (passing, écart, talon)."""
        bit = 1 << card
        self.held[source] &= ~bit
        self.held[target] |= bit

    # -- copies, playouts, determinization ----------------------------------------------------------------
    def clone(self) -> Self:
        new = object.__new__(self.__class__)
        d = self.__dict__.copy()
        for name in self._mutable:
            d[name] = d[name].copy()
        new.__dict__ = d
        self._clone_extra(new)
        return new

    def _clone_extra(self, new: TrickDeal) -> None:
        """Copy into ``new`` what ``_mutable``'s shallow copies do not cover (nested structures)."""

    def random_playout(self, rng: random.Random) -> Self:
        """Play to the end at random (chance included) on the fast int paths; the history is kept. Returns
        ``self``. What the benchmark and search rollouts use. A :class:`~companion.kernel.deal.Selection` is made
        with random picks and never a card put back (a walk back and forth would only cost time)."""
        randbelow = rng._randbelow  # type: ignore[attr-defined]  # CPython's unbiased randrange(n), not in the stubs
        codes = self.pack.code
        append = self.history.append
        if self.phase == DEAL:
            self._deal_rest(rng)
        cls = type(self)
        if (cls._play is TrickDeal._play and cls._legal_mask is TrickDeal._legal_mask and self.must_follow
                and self.phase != END):
            self._fast_playout(randbelow)
        legal_mask, play = self._legal_mask, self._play
        while self.to_move != TERMINAL:
            if self.phase == PLAY:
                m = legal_mask(self.to_move)
                if m & (m - 1):  # more than one card: drop k of the lowest, keep the next
                    k = randbelow(m.bit_count())
                    while k:
                        m &= m - 1
                        k -= 1
                    m &= -m
                card = m.bit_length() - 1
                play(card)
                append(codes[card])
            else:
                legal = self._legal_actions()
                if self.selection is not None:  # a choice of several cards: made at random, never taken back
                    legal = [a for a in legal if not a.startswith(UNPICK)]
                self.apply_legal(legal[randbelow(len(legal))])
                if self.phase == PLAY and cls._play is TrickDeal._play and cls._legal_mask is TrickDeal._legal_mask:
                    self._fast_playout(randbelow)
        return self

    def _fast_playout(self, randbelow: Callable[[int], int]) -> None:
        """The card play of :meth:`random_playout` with :meth:`_legal_mask` and :meth:`_play` inlined (used
        only when a game overrides neither); hooks are still called. Stops when the phase is no longer PLAY."""
        cls = type(self)
        pack = self.pack
        codes, suit, sm = pack.code, pack.suit, pack.suit_mask
        held, voids, n = self.held, self.voids, self.n_players
        append = self.history.append
        lead_mask = self._lead_mask if cls._lead_mask is not TrickDeal._lead_mask else None
        on_play = self._on_play if cls._on_play is not TrickDeal._on_play else None
        legal_mask = self._legal_mask
        while self.phase == PLAY:
            seat = self.to_move
            hand = held[seat]
            tc = self.trick_cards
            led = self.led
            if not tc:
                m = lead_mask(seat, hand) if lead_mask else hand
            elif self.trump < 0 and led >= 0:
                m = hand & sm[led]
                if not m:
                    ban = self.discard_ban
                    m = (hand & ~ban or hand) if ban else hand
                elif self.follow_ban:
                    m = m & ~self.follow_ban or m
            else:
                m = legal_mask(seat)
            if m & (m - 1):
                k = randbelow(m.bit_count())
                while k:
                    m &= m - 1
                    k -= 1
                m &= -m
            card = m.bit_length() - 1
            held[seat] = hand ^ m
            s = suit[card]
            if tc:
                if s != led:
                    if led < 0:
                        if s != NO_SUIT:
                            self.led = s
                    elif s != NO_SUIT:
                        v = 1 << led
                        trump = self.trump
                        if trump >= 0 and s != trump and self._must_trump(seat):
                            v |= 1 << trump
                        voids[seat] |= v
            else:
                self.led = s if s != NO_SUIT else -1
            tc.append(card)
            self.trick_seats.append(seat)
            self.played |= m
            if on_play is not None:
                on_play(seat, card)
            if len(tc) == n:
                self._end_trick()
                held, voids = self.held, self.voids  # a hook may have rebound them (hands passed on)
            else:
                self.to_move = (seat + 1) % n
            append(codes[card])

    def _deal_rest(self, rng: random.Random) -> None:
        """Deal every card left at random in one go (a random order of the cards left, then the schedule)."""
        index, schedule, held = self.pack.index, self.schedule, self.held
        ids = [index[code] for code in self.undealt]
        random_ = rng.random
        keys = [random_() for _ in ids]
        order = [ids[i] for i in sorted(range(len(ids)), key=keys.__getitem__)]
        k = self.dealt
        for c in order:
            held[schedule[k]] |= 1 << c
            k += 1
        codes = self.pack.code
        self.history.extend([codes[c] for c in order])
        self.dealt = k
        self.undealt = []
        self._after_deal()

    def _deal_rest_placed(self, rng: random.Random) -> None:
        """A fast deal for games that override :meth:`_place`: the cards still to deal in a random order
        (``rng.shuffle``), each placed as :meth:`_deal_card` does."""
        index, codes, schedule, place = self.pack.index, self.pack.code, self.schedule, self._place
        ids = [index[code] for code in self.undealt]
        rng.shuffle(ids)
        k = self.dealt
        for c in ids:
            place(c, schedule[k])
            k += 1
        self.history.extend([codes[c] for c in ids])
        self.dealt = k
        self.undealt = []
        self._after_deal()

    def _shown(self) -> list[int]:
        """Per pile, the cards everybody knows are there (a card turned up, a chien shown before it was taken;
        default: none). Observations, spectators' included, may show them; :meth:`_known` starts from it."""
        return [0] * self.n_piles

    def _known(self, seat: int) -> list[int]:
        """Per pile, the cards ``seat`` knows are there: :meth:`_shown` plus its own hand (a game adds the cards
        the seat passed, its own écart…). Observations may show them; :meth:`determinize` leaves them in place."""
        known = self._shown()
        if 0 <= seat < self.n_players:
            known[seat] = self.held[seat]
        return known

    def _seen(self, seat: int | None) -> int:
        """The cards (a mask) ``seat`` (``None``: a spectator) has seen but does not know the pile of (a chien
        shown, then taken into a hand and partly put back in an écart; default: none). They are not hidden from
        it (:meth:`hidden_cards`), but :meth:`determinize` deals them again among the piles :meth:`_allowed`
        lets them go to."""
        return 0

    def _allowed(self, seat: int, pile: int) -> int:
        """The cards pile ``pile`` may hold in a determinization for ``seat`` (default: all but the suits a seat
        showed void in)."""
        if pile < self.n_players:
            v = self.voids[pile]
            if v:
                sm = self.pack.suit_mask
                out = self.pack.all
                for s in range(6):
                    if v >> s & 1:
                        out &= ~sm[s]
                return out
        return self.pack.all

    def _after_determinize(self, seat: int) -> None:
        """Fix derived attributes of a determinized clone (``held`` has been redealt)."""

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A clone where every card hidden from ``seat`` is dealt again among the piles that hold hidden cards,
        pile sizes kept, voids shown in play (and :meth:`_allowed`) respected, :meth:`_known` cards kept. The
        clone's ``history`` is the real one and does not replay to it. While dealing, the cards not yet dealt
        stay to be dealt."""
        new = self.clone()
        known = self._known(seat)
        held = self.held
        hidden = [held[p] & ~known[p] for p in range(self.n_piles)]
        piles = [p for p in range(self.n_piles) if hidden[p]]
        if len(piles) < 2:
            return new
        pool = 0
        for p in piles:
            pool |= hidden[p]
        allowed = [self._allowed(seat, p) for p in piles]
        sizes = [hidden[p].bit_count() for p in piles]
        assigned = _assign(bits(pool), sizes, allowed, rng)
        for p, m in zip(piles, assigned, strict=True):
            new.held[p] = known[p] | m
        new._after_determinize(seat)
        return new

    # -- views ---------------------------------------------------------------------------------------
    def hand(self, seat: int) -> list[Action]:
        return self.pack.codes_of(self.held[seat])

    def hidden_cards(self, seat: int | None) -> set[Action]:
        """Every card in a pile other than ``seat``'s hand, less what :meth:`_known` says ``seat`` knows and
        what it has :meth:`_seen`."""
        known = self._known(seat) if seat is not None else self._shown()
        hidden = 0
        for pile in range(self.n_piles):
            if pile != seat:
                hidden |= self.held[pile] & ~known[pile]
        return set(self.pack.codes_of(hidden & ~self._seen(seat)))

    @property
    def hands(self) -> list[list[Card]]:
        """The seats' hands as cards (a slow view)."""
        card = self.pack.card
        return [[card[i] for i in bits(self.held[s])] for s in range(self.n_players)]

    @property
    def trick(self) -> Trick:
        """The trick on the table (a slow view)."""
        card = self.pack.card
        return Trick(self.leader, [(s, card[c]) for s, c in zip(self.trick_seats, self.trick_cards, strict=True)])

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order (a slow view)."""
        card = self.pack.card
        return [Trick(lead, [(s, card[c]) for s, c in zip(seats, cards, strict=True)]) for lead, seats, cards, _ in self.log]

    @property
    def takers(self) -> list[int]:
        return [w for *_, w in self.log]

    def observation(self, seat: int | None) -> dict[str, Any]:
        """The public state, plus ``seat``'s own hand and legal actions (none for ``None``); a game adds its own
        public fields in :meth:`_observe`."""
        own = seat is not None and isinstance(seat, int) and 0 <= seat < self.n_players
        code = self.pack.code
        obs = {
            "game": self.slug,
            "number": self.number,
            "players": self.n_players,
            "dealer": self.dealer,
            "seat": seat if own else None,
            "phase": self.phase,
            "current_player": self.to_move,
            "terminal": self.to_move == TERMINAL,
            "hand": self.pack.codes_of(self.held[seat]) if own and seat is not None else [],
            "legal": self.legal_actions(seat) if own and seat is not None else [],
            "hand_sizes": [self.held[s].bit_count() for s in range(self.n_players)],
            "trump": SUIT_LETTER[self.trump] if self.trump >= 0 else None,
            "trick": {"leader": self.leader, "cards": [[s, code[c]] for s, c in zip(self.trick_seats, self.trick_cards, strict=True)]},
            "tricks": [{"leader": lead, "cards": [[s, code[c]] for s, c in zip(seats, cards, strict=True)], "taker": w}
                       for lead, seats, cards, w in self.log],
            "taken": list(self.won),
        }
        self._observe(obs, seat if own else None)
        return obs

    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        """Add the game's own public fields (and ``seat``'s private ones) to ``obs``."""

    # -- what a seat sees, for people (companion.kernel.view) ----------------------------------------------
    def view_facts(self, seat: int | None, obs: dict[str, Any]) -> list[Fact]:
        """The trump, when the deal has one: what every trick game says. Games add theirs around it."""
        return trump_facts(obs)

    def action_label(self, action: Action) -> Text:
        """Besides the cards and ``"pass"``: ``"trump:S"`` (a trump named), "Atout ♠"."""
        head, _sep, rest = action.partition(":")
        if head == "trump" and (suit := suit_label(rest)) is not None:
            return T(f"Atout {suit.fr}", f"Trumps {suit.en}")
        return super().action_label(action)


class ClosedSuitDeal(TrickDeal):
    """A trick deal that may keep one suit *closed* (hearts, with Chasse-cœur's and Pétasse's « cœurs fermés »):
    while it is, no card of it may be led unless the leader holds nothing else. It opens once a card of it is
    thrown on a trick of another suit (:meth:`suit_broken`); a card of it led from a hand of nothing else, or
    following it, opens nothing. A game sets ``closed_suit`` (a suit number) in its ``__init__``, when its option
    says so; -1, the default, closes nothing. Games that restrict the lead further call ``super()._lead_mask``.
    Nothing is done card by card (no :meth:`_on_play`): the tricks played say whether the suit is open, read only
    when a seat leads, so the fast playouts keep their pace."""

    closed_suit = -1
    broken = False  # known open (once found, it stays so)

    def suit_broken(self) -> bool:
        """Whether the closed suit is open: a card of it thrown on a trick of another suit, this trick included."""
        if self.broken:
            return True
        closed = self.closed_suit
        if closed < 0 or not self.played & self.pack.suit_mask[closed]:
            return False
        suit = self.pack.suit
        for _leader, _seats, cards, _winner in self.log:
            if suit[cards[0]] != closed and any(suit[c] == closed for c in cards[1:]):
                self.broken = True
                return True
        tc = self.trick_cards
        return bool(tc) and suit[tc[0]] != closed and any(suit[c] == closed for c in tc[1:])

    def _lead_mask(self, seat: int, hand: int) -> int:
        closed = self.closed_suit
        if closed >= 0 and not self.suit_broken():
            return hand & ~self.pack.suit_mask[closed] or hand
        return hand

    def _why_lead_illegal(self, seat: int, card: int) -> IllegalAction:
        closed = self.closed_suit
        if closed >= 0 and self.pack.suit[card] == closed and not self.suit_broken():
            names = SUITS[closed].names
            return illegal("suit_closed", T(
                "Pas d'entame à {s} tant qu'aucun {s} n'a été défaussé sur une autre couleur (seul qui n'a plus que "
                "du {s} peut en entamer).",
                "No {s_en} may be led until one has been discarded on another suit (only a hand holding nothing "
                "else may lead them).").format(s=names["fr"], s_en=names["en"]), seat)
        return super()._why_lead_illegal(seat, card)

    def closed_facts(self) -> list[Fact]:
        """While the suit is closed, a fact that says so ("Entame à cœur : fermée")."""
        closed = self.closed_suit
        if closed < 0 or self.suit_broken():
            return []
        names = SUITS[closed].names
        return [Fact("closed_suit", T(f"Entame à {names['fr']}", f"Leading {names['en']}"), T("fermée", "closed"))]


TRUMP_LABEL = T("Atout", "Trumps")


def trump_facts(obs: dict[str, Any]) -> list[Fact]:
    """The trump fact of a trick deal's observation (its ``trump`` letter), or none; "sans atout" when the deal
    says ``no_trump``."""
    if obs.get("no_trump"):
        return [Fact("trump", TRUMP_LABEL, T("sans atout", "no trumps"))]
    suit = suit_label(obs["trump"]) if isinstance(obs.get("trump"), str) else None
    return [Fact("trump", TRUMP_LABEL, suit)] if suit is not None else []


def taker_facts(taker: int | None, contract: Text | None) -> list[Fact]:
    """The taker (and the contract taken): "Preneur : Ben · Garde"; the contract alone before a taker is known."""
    if taker is not None:
        text = Text(seat_ref(taker), seat_ref(taker))
        if contract is not None:
            text = Text(f"{text.fr} · {contract.fr}", f"{text.en} · {contract.en}")
        return [Fact("taker", T("Preneur", "Taker"), text)]
    if contract is not None:
        return [Fact("contract", T("Contrat", "Contract"), contract)]
    return []


def turned_facts(code: str | None) -> list[Fact]:
    """The card turned up for trumps, for all to see."""
    return [Fact("turned", T("Retournée", "Turned up"), cards=(code,))] if code else []


def call_notes(state: DealState, calls: Iterable[tuple[int, str]]) -> list[list[Note]]:
    """Per seat, its last call of ``(seat, action)`` pairs, in the engine's words (:meth:`DealState.call_label`)."""
    last: dict[int, str] = {}
    for seat, action in calls:
        last[seat] = action
    return [[Note(state.call_label(last[s]), call=True)] if s in last else [] for s in range(state.n_players)]


def bid_of_tricks_label(action: Action) -> Text | None:
    """``"bid:3"`` (a number of tricks, Rikiki, Motton) on its button: "3 plis"; None for another move."""
    head, _sep, rest = action.partition(":")
    if head == "bid" and rest.isdigit():
        return count(int(rest), "{n} pli", "{n} plis", "{n} trick", "{n} tricks")
    return None


class TrickBidsView(DealState):
    """The view of a deal where each seat bids a number of tricks before the play (Rikiki, Motton): a mixin
    before :class:`TrickDeal`. Reads the observation's ``cards`` (the hand size), ``turned`` and ``bids`` (one
    entry a seat, ``None`` before it speaks)."""

    def view_facts(self, seat: int | None, obs: dict[str, Any]) -> list[Fact]:
        facts = trump_facts(obs) + turned_facts(obs.get("turned"))
        bids = [b for b in obs.get("bids") or [] if isinstance(b, int)]
        if bids:
            facts.append(Fact("bids", T("Annonces", "Bids"), count(
                obs["cards"], "{bid} pour {n} pli", "{bid} pour {n} plis", "{bid} for {n} trick", "{bid} for {n} tricks",
                bid=sum(bids))))
        return facts

    def view_notes(self, seat: int | None, obs: dict[str, Any]) -> list[list[Note]]:
        return [[Note(self.call_label(f"bid:{b}"), call=True)] if isinstance(b, int) else [] for b in obs["bids"]]

    def view_prompt(self, seat: int, obs: dict[str, Any]) -> Text | None:
        if self.phase == "bid":
            return count(obs["cards"], "Combien de plis ferez-vous, avec {n} carte ?",
                         "Combien de plis ferez-vous, avec {n} cartes ?",
                         "How many tricks will you take, with {n} card?", "How many tricks will you take, with {n} cards?")
        return None

    def action_label(self, action: Action) -> Text:
        return bid_of_tricks_label(action) or super().action_label(action)

    def call_label(self, action: Action) -> Text:
        """A seat's bid as the table says it: "Annonce 3"."""
        number = action.partition(":")[2]
        return T(f"Annonce {number}", f"Bid {number}")


def _must_follow(led: int, seat: int) -> IllegalAction:
    suit = SUITS[led] if led < 4 else None
    if suit is None:
        return illegal("must_follow", T("Il faut fournir à l'atout.", "You must follow with a trump."), seat)
    return illegal("must_follow", T("Il faut fournir à {s}.", "You must follow suit in {s_en}.").format(
        s=suit.names["fr"], s_en=suit.names["en"]), seat)


def _assign(cards: list[int], sizes: list[int], allowed: list[int], rng: random.Random) -> list[int]:
    """Deal ``cards`` into piles of ``sizes``, each card only where ``allowed[pile]`` has its bit: uniform when
    nothing constrains, else a random greedy fill repaired by augmenting paths (always succeeds when some
    assignment exists, as the real deal is one)."""
    rng.shuffle(cards)
    n = len(sizes)
    if all(not any(not a >> c & 1 for c in cards) for a in allowed):
        out, k = [], 0
        for size in sizes:
            m = 0
            for c in cards[k:k + size]:
                m |= 1 << c
            out.append(m)
            k += size
        return out
    slots = [p for p in range(n) for _ in range(sizes[p])]
    rng.shuffle(slots)
    options = {c: [i for i, p in enumerate(slots) if allowed[p] >> c & 1] for c in cards}
    cards.sort(key=lambda c: len(options[c]))
    owner: list[int | None] = [None] * len(slots)

    def place(c: int, seen: set[int]) -> bool:
        for i in options[c]:
            if i in seen:
                continue
            seen.add(i)
            held_by = owner[i]
            if held_by is None or place(held_by, seen):
                owner[i] = c
                return True
        return False

    for c in cards:
        if not place(c, set()):
            raise ValueError("no deal fits what was seen")
    out = [0] * n
    for i, placed in enumerate(owner):
        assert placed is not None  # as many slots as cards, and every card was placed
        out[slots[i]] |= 1 << placed
    return out


__all__ = [
    "ACE_HIGH", "BELOTE_PLAIN", "BELOTE_TRUMPS", "CLUBS", "DEAL", "DIAMONDS", "DISPLAY_SUITS", "END", "HEARTS",
    "ClosedSuitDeal", "NO_SUIT", "PLAY", "SPADES", "SUIT_BY_LETTER", "SUIT_LETTER", "SUIT_NUMBER", "TAROT_PLAIN", "TRUMPS", "Pack",
    "TRUMP_LABEL", "TrickBidsView", "TrickDeal", "bid_of_tricks_label", "bits", "call_notes", "pack", "taker_facts",
    "trump_facts", "turned_facts",
]
