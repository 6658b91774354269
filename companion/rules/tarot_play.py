"""Digital play of the tarots (:mod:`companion.rules.play`'s :class:`DealState`), written once for the FFT's
Tarot (slug ``tarot``), the Tarot lorrain and the Tarot taré. The rules are the FFT's Règlement officiel as
:mod:`companion.rules.tarot` and the rulebook pages state them; each variant's twist is a flag of the deal.

Cards are small ints (index in the 78-card pack of :func:`companion.rules.cards.deck`: the four suits ♠ ♥ ♦ ♣,
each As … Roi, then the trumps 1 … 21, then the Excuse), hands are bit sets (Python ints), so following, trumping
and overtrumping are a few bit operations and :meth:`TarotDeal.clone` copies a handful of ints and short lists.

**Phases and actions** (JSON strings; cards by their ASCII codes, ``"KS"``, ``"CH"`` the Cavalier de cœur,
``"10D"``, ``"T21"``, ``"EX"``):

1. *The deal* (chance): one card code per action, in the FFT's order: packets of 3 (4 at 3 players) starting with
   the seat after the dealer (seat numbers are the order of play: seat + 1 is on one's right at the table), the
   first packets each followed by one card to the chien (6 at 3 and 4 players, 3 at 5), so the chien never gets
   the first or last card. A player holding the Petit sec (the Petit as his only trump, without the Excuse)
   shows it and the deal ends there, entered as a deal without taker (FFT).
2. *Bidding* (not in the taré): from the seat after the dealer, each speaks once: ``"pass"`` or
   ``"take:prise"``, ``"take:garde"``, ``"take:garde_sans"``, ``"take:garde_contre"``, higher than any bid before.
   Everybody passes: the deal ends without taker.
3. *The called king* (5 players): the taker calls a king, ``"call:KH"`` (a queen when he holds the four kings,
   and so on). The seat dealt it is his partner; a king in his own hand or in the chien: he plays alone.
4. *The chien and the écart* (prise and garde): the chien is shown to all and goes into the taker's hand; the
   taker then discards as many cards, one card code per action. No king and no bout; a trump only when nothing
   else is left to discard, and a trump discarded is shown. Garde sans and garde contre: the chien stays unseen.
5. *Chelem*: the taker announces one, ``"chelem"``, or not, ``"pass"``; announced, he leads the first trick.
6. *The play*: one card code per action. Just before its first card, a seat holding enough trumps may show a
   poignée, ``"poignee:simple"`` (``double``, ``triple``): the thresholds of :data:`tarot.POIGNEE_TRUMPS`, the
   Excuse standing in for one trump only when the trumps alone are one short; the strongest trumps needed are
   shown (the Excuse with all the trumps held when it stands in). Follow the suit led; void, trump; with a trump
   already in the trick, overtrump if possible, else still trump; trumps led: play a higher one if possible.
   The Excuse may be played at any time and never wins, except led to the last trick by a camp that took every
   trick before (a chelem). At 5 players the first trick may not be led in the called suit, but with the called
   card itself.

**Variants.** The Tarot lorrain passes every hand to the left after each trick (to the seat that plays before:
seat ``s`` then plays the hand dealt to seat ``s + t`` at trick ``t``), and a played bout stays with the camp of
the seat that played it (the 21 and the Petit without exchange, the Excuse with its usual exchange and even at
the last trick); its petit au bout goes to the camp that played the Petit. The Tarot taré has no bidding: each
plays for himself, the Excuse goes with the trick it is played in, and the chien goes to the winner of the last
trick (option ``chien`` = ``last_trick``) or to nobody (``aside``).

The Excuse (FFT): its camp keeps it and gives a low card in exchange, so it counts 4 points to its camp and
half a point to the camp that took the trick; played to the last trick, it goes to that trick's winner
(except in the Tarot lorrain, and in a chelem where it wins the last trick).
"""

from __future__ import annotations

import random
from typing import Any

from .cards import Card
from .errors import CardSyntaxError, IllegalAction
from .play import CHANCE, TERMINAL, Action, DealState, illegal
from .text import T

# -- the pack as small ints -----------------------------------------------------------------------------------
SUIT_LETTERS = "SHDC"
_RANK_CODE = {1: "A", 11: "J", 12: "C", 13: "Q", 14: "K", **{r: str(r) for r in range(2, 11)}}
CODES: tuple[str, ...] = (
    *(f"{_RANK_CODE[r]}{s}" for s in SUIT_LETTERS for r in range(1, 15)),
    *(f"T{v}" for v in range(1, 22)),
    "EX",
)
INDEX: dict[str, int] = {c: i for i, c in enumerate(CODES)}
N_CARDS = 78
PETIT, TWENTY_ONE, EXCUSE = 56, 76, 77
TRUMP = 4  # the category of a trump; 0–3 are the suits, 5 the Excuse
CATEGORY = tuple([i // 14 for i in range(56)] + [TRUMP] * 21 + [5])
RANK = tuple([i % 14 + 1 for i in range(56)] + list(range(1, 22)) + [0])  # rank in its suit, or trump number
SUIT_MASK = tuple(((1 << 14) - 1) << (14 * s) for s in range(4))
TRUMP_MASK = ((1 << 21) - 1) << 56
EXCUSE_BIT = 1 << EXCUSE
BOUT_MASK = (1 << PETIT) | (1 << TWENTY_ONE) | EXCUSE_BIT
KING_MASK = sum(1 << (14 * s + 13) for s in range(4))
ALL_MASK = (1 << N_CARDS) - 1
# ABOVE[v]: the trumps stronger than trump v (ABOVE[0]: every trump).
ABOVE = tuple(TRUMP_MASK & ~((1 << (56 + v)) - 1) for v in range(22))
HALF = tuple(9 if (1 << i) & BOUT_MASK else
             ({14: 9, 13: 7, 12: 5, 11: 3}.get(RANK[i], 1) if i < 56 else 1) for i in range(N_CARDS))
ECART_PLAIN = sum(SUIT_MASK) & ~KING_MASK  # suit cards other than kings: what an écart is made of


def cards_of(mask: int) -> list[int]:
    """The card indices of a bit set, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# Codes by chunks of the pack (each suit, then the trumps 1–11, then the trumps 12–21 and the Excuse), so that
# listing a hand's codes is a few look-ups rather than a loop over its cards.
_CHUNKS = ((0, 14), (14, 14), (28, 14), (42, 14), (56, 11), (67, 11))
_CHUNK_CACHE: tuple[dict[int, tuple[str, ...]], ...] = tuple({} for _ in _CHUNKS)
_CHUNK_OF_CATEGORY = (0, 1, 2, 3)


def _chunk_codes(k: int, bits: int) -> tuple[str, ...]:
    cache = _CHUNK_CACHE[k]
    out = cache.get(bits)
    if out is None:
        shift = _CHUNKS[k][0]
        out = cache[bits] = tuple(CODES[shift + i] for i in range(_CHUNKS[k][1]) if bits >> i & 1)
    return out


def codes_of(mask: int) -> list[str]:
    """The codes of a bit set, in pack order."""
    out: list[str] = []
    if mask.bit_count() <= 6:
        while mask:
            low = mask & -mask
            out.append(CODES[low.bit_length() - 1])
            mask ^= low
        return out
    for k in range(6):
        bits = (mask >> _CHUNKS[k][0]) & 0x3FFF if k < 4 else (mask >> _CHUNKS[k][0]) & 0x7FF
        if bits:
            out += _CHUNK_CACHE[k].get(bits) or _chunk_codes(k, bits)
    return out


def mask_of(codes) -> int:
    m = 0
    for c in codes:
        m |= 1 << INDEX[c]
    return m


# How French players hold a tarot hand: the trumps from the 21 down, the Excuse, then ♠ ♥ ♣ ♦ (colours
# alternating), each from the Roi down.
_SORT_KEY = {i: (0, -RANK[i]) if CATEGORY[i] == TRUMP else (1, 0) if i == EXCUSE else
             (2 + (0, 1, 3, 2)[CATEGORY[i]], -RANK[i]) for i in range(N_CARDS)}


def sorted_codes(mask: int) -> list[str]:
    return [CODES[i] for i in sorted(cards_of(mask), key=_SORT_KEY.__getitem__)]


# -- the deal ---------------------------------------------------------------------------------------------------
HAND_SIZE = {3: 24, 4: 18, 5: 15}
CHIEN_SIZE = {3: 6, 4: 6, 5: 3}
PACKET = {3: 4, 4: 3, 5: 3}
CHIEN_DEST = -1


def deal_schedule(n: int) -> tuple[int, ...]:
    """Where each card of the deal goes, in order: an offset from the dealer (1 = the seat after him) or
    :data:`CHIEN_DEST`. Packets go round from the seat after the dealer; each of the first packets is followed
    by one card for the chien."""
    packets = HAND_SIZE[n] // PACKET[n] * n
    out: list[int] = []
    for k in range(packets):
        out += [k % n + 1] * PACKET[n]
        if k < CHIEN_SIZE[n]:
            out.append(CHIEN_DEST)
    return tuple(out)


SCHEDULES = {n: deal_schedule(n) for n in HAND_SIZE}

# -- phases ---------------------------------------------------------------------------------------------------
DEAL, BID, CALL, ECART, CHELEM_PHASE, PLAY, OVER = range(7)
PHASE_NAMES = ("deal", "bidding", "call", "ecart", "chelem", "play", "over")
CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")
TAKE = tuple(f"take:{c}" for c in CONTRACTS)
POIGNEE_SIZES = ("simple", "double", "triple")
POIGNEE_ACTIONS = tuple(f"poignee:{s}" for s in POIGNEE_SIZES)
POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}

_CONTRACT_FR = {"prise": "une prise", "garde": "une garde", "garde_sans": "une garde sans", "garde_contre": "une garde contre"}


class TarotDeal(DealState):
    """One tarot deal played move by move (see the module docstring for the phases and actions).

    ``variant`` is ``"fft"``, ``"lorrain"`` or ``"tare"``; ``game`` is the game whose sheet the entry is for.
    Hands are kept by the seat they were dealt to (:attr:`hands`); at the Tarot lorrain seat ``s`` plays hand
    ``(s + t) % n`` at trick ``t``, so passing the hands on costs nothing.
    """

    __slots__ = (
        "game", "variant", "options", "number", "dealer", "n", "sheet", "lorrain", "tare",
        "undealt", "dealt", "hands", "chien", "ecart", "ecart_shown", "phase", "turn", "bids", "best", "taker",
        "contract", "called", "partner", "chelem", "ecart_left", "poignees", "poignee_done", "trick_no",
        "leader", "trick", "led", "top", "winning", "win_rank", "tricks", "winners", "played", "voids", "caps",
        "petit_sec", "first_leader",
    )

    def __init__(self, game, variant: str, n_players: int, options: dict, number: int, dealer: int):
        super().__init__(n_players)
        self.game = game
        self.variant = variant
        self.options = options
        self.number = number
        self.dealer = dealer
        self.n = n_players
        self.sheet = game.new_sheet(n_players, options)  # read-only: its shares and house rules
        self.lorrain = variant == "lorrain"
        self.tare = variant == "tare"
        self.undealt: list[str] = list(CODES)
        self.dealt = 0
        self.hands = [0] * n_players  # by the seat dealt to
        self.chien = 0
        self.ecart = 0
        self.ecart_shown = 0
        self.phase = DEAL
        self.turn = (dealer + 1) % n_players
        self.bids: list[tuple[int, str]] = []  # (seat, "pass" or a contract)
        self.best = -1  # index in CONTRACTS of the highest bid so far
        self.taker = -1
        self.contract: str | None = None
        self.called = -1  # the called card (5 players)
        self.partner = -1  # the seat dealt the called card (the taker when alone)
        self.chelem = False  # announced
        self.ecart_left = 0
        self.poignees: list[tuple[int, str, int]] = []  # (seat, size, cards shown)
        self.poignee_done = 0  # bit set of the seats past their first card
        self.trick_no = 0
        self.leader = self.turn
        self.first_leader = self.turn
        self.trick: list[int] = []  # cards of the trick in progress, in playing order
        self.led = -1  # category led (-1: nothing but the Excuse yet)
        self.top = 0  # the best trump in the trick (0: none)
        self.winning = -1  # seat winning the trick so far
        self.win_rank = 0
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []  # (leader, cards, winner)
        self.winners: list[int] = []
        self.played = 0
        self.voids = [0] * n_players  # per hand: bit set of the categories it showed it lacks
        self.caps = [21] * n_players  # per hand: the best trump it may still hold
        self.petit_sec = -1

    # -- setup ----------------------------------------------------------------------------------------------
    def fresh(self) -> TarotDeal:
        return TarotDeal(self.game, self.variant, self.n, self.options, self.number, self.dealer)

    def clone(self) -> TarotDeal:
        c = object.__new__(TarotDeal)
        c.n_players = self.n_players
        c.history = self.history.copy()
        c.game = self.game
        c.variant = self.variant
        c.options = self.options
        c.number = self.number
        c.dealer = self.dealer
        c.n = self.n
        c.sheet = self.sheet
        c.lorrain = self.lorrain
        c.tare = self.tare
        c.undealt = self.undealt.copy() if self.undealt else self.undealt
        c.dealt = self.dealt
        c.hands = self.hands.copy()
        c.chien = self.chien
        c.ecart = self.ecart
        c.ecart_shown = self.ecart_shown
        c.phase = self.phase
        c.turn = self.turn
        c.bids = self.bids.copy()
        c.best = self.best
        c.taker = self.taker
        c.contract = self.contract
        c.called = self.called
        c.partner = self.partner
        c.chelem = self.chelem
        c.ecart_left = self.ecart_left
        c.poignees = self.poignees.copy()
        c.poignee_done = self.poignee_done
        c.trick_no = self.trick_no
        c.leader = self.leader
        c.first_leader = self.first_leader
        c.trick = self.trick.copy()
        c.led = self.led
        c.top = self.top
        c.winning = self.winning
        c.win_rank = self.win_rank
        c.tricks = self.tricks.copy()
        c.winners = self.winners.copy()
        c.played = self.played
        c.voids = self.voids.copy()
        c.caps = self.caps.copy()
        c.petit_sec = self.petit_sec
        return c

    def deal(self, seed: Any) -> TarotDeal:
        """Deal from ``random.Random(seed)``: the pack shuffled once, each card one chance action."""
        rng = random.Random(seed)
        order = list(self.undealt)
        rng.shuffle(order)
        if self.dealt:  # part dealt already: go on card by card
            for code in order:
                self._apply(code)
                self.history.append(code)
            return self
        hands = self.hands
        n, dealer = self.n, self.dealer
        seats = [CHIEN_DEST if d == CHIEN_DEST else (dealer + d) % n for d in SCHEDULES[n]]
        chien = 0
        for dest, code in zip(seats, order, strict=True):
            if dest == CHIEN_DEST:
                chien |= 1 << INDEX[code]
            else:
                hands[dest] |= 1 << INDEX[code]
        self.chien = chien
        self.undealt = []
        self.dealt = N_CARDS
        self.history.extend(order)
        self._dealt()
        return self

    # -- turns --------------------------------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == PLAY or phase == BID:
            return self.turn
        if phase == DEAL:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.taker

    def hand_of(self, seat: int) -> int:
        """Which dealt hand ``seat`` holds now (at the Tarot lorrain, the hands move on after each trick)."""
        return (seat + self.trick_no) % self.n if self.lorrain else seat

    def hand(self, seat: int) -> list[Action]:
        return sorted_codes(self.hands[self.hand_of(seat)])

    def camp(self, seat: int) -> bool:
        """True for the taker's camp."""
        return seat == self.taker or seat == self.partner

    # -- legal moves --------------------------------------------------------------------------------------
    def legal_cards(self, seat: int) -> int:
        """The cards ``seat`` may play to the trick now, as a bit set."""
        hand = self.hands[self.hand_of(seat)]
        led = self.led
        if led < 0:
            if not self.trick and self.trick_no == 0 and self.n == 5 and self.called >= 0 and not self.tare:
                suit = CATEGORY[self.called]
                if suit < TRUMP:
                    other = hand & ~(SUIT_MASK[suit] & ~(1 << self.called))
                    if other:
                        return other
            return hand
        exc = hand & EXCUSE_BIT
        if led != TRUMP:
            follow = hand & SUIT_MASK[led]
            if follow:
                return follow | exc
        trumps = hand & TRUMP_MASK
        if trumps:
            higher = trumps & ABOVE[self.top]
            return (higher or trumps) | exc
        return hand

    def legal_ecart(self) -> int:
        hand = self.hands[self.taker]
        plain = hand & ECART_PLAIN
        if plain.bit_count() >= self.ecart_left:
            return plain
        return plain | (hand & TRUMP_MASK & ~BOUT_MASK)

    def poignee_sizes(self, seat: int) -> list[str]:
        """The poignées ``seat`` may still show (before its first card only)."""
        if self.tare or self.trick_no or self.poignee_done >> seat & 1:
            return []
        hand = self.hands[self.hand_of(seat)]
        trumps = (hand & TRUMP_MASK).bit_count() + (1 if hand & EXCUSE_BIT else 0)
        return [s for s, th in zip(POIGNEE_SIZES, POIGNEE_TRUMPS[self.n], strict=True) if trumps >= th]

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            seat = self.turn
            out = codes_of(self.legal_cards(seat))
            if not self.trick_no and not self.tare and not self.poignee_done >> seat & 1:
                out += [f"poignee:{s}" for s in self.poignee_sizes(seat)]
            return out
        if phase == DEAL:
            return self.undealt
        if phase == BID:
            return ["pass", *TAKE[self.best + 1:]]
        if phase == ECART:
            return codes_of(self.legal_ecart())
        if phase == CALL:
            return codes_and(self.callable(), "call:")
        if phase == CHELEM_PHASE:
            return ["pass", "chelem"]
        return []

    def callable(self) -> int:
        """The cards the taker may call: the kings, or the queens if he holds the four kings, and so on."""
        hand = self.hands[self.taker]
        for rank in (14, 13, 12, 11):
            cards = sum(1 << (14 * s + rank - 1) for s in range(4))
            if hand & cards != cards:
                return cards
        return 0

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or seat != self.current_player:
            return []
        return list(self._legal_actions())

    # -- moves --------------------------------------------------------------------------------------------
    def normalise_action(self, action: Any) -> Action:
        if not isinstance(action, str):
            raise illegal("not_an_action", T("Action incompréhensible.", "Not an action."), self._seat_or_none())
        if action in INDEX or action in ("pass", "chelem") or action.startswith(("take:", "poignee:")):
            return action
        if action.startswith("call:"):
            return "call:" + self._card_code(action[5:])
        return self._card_code(action)

    def _card_code(self, text: str) -> str:
        try:
            return Card.parse_code(text).code
        except CardSyntaxError:
            raise illegal("not_an_action", T("Ce coup n'existe pas : ni carte, ni enchère, ni annonce.",
                                              "No such move: not a card, a bid or an announcement."),
                          self._seat_or_none()) from None

    def apply_legal(self, action: Action) -> None:
        self._apply(action)
        self.history.append(action)

    def _apply(self, action: Action) -> None:
        phase = self.phase
        if phase == PLAY:
            if action[0] == "p" and action.startswith("poignee:"):
                self._show_poignee(self.turn, action[8:])
            else:
                self._play(INDEX[action])
        elif phase == DEAL:
            self._deal_one(action)
        elif phase == BID:
            self._bid(action)
        elif phase == ECART:
            bit = 1 << INDEX[action]
            self.hands[self.taker] ^= bit
            self.ecart |= bit
            if bit & TRUMP_MASK:
                self.ecart_shown |= bit
            self.ecart_left -= 1
            if not self.ecart_left:
                self.phase = CHELEM_PHASE
        elif phase == CALL:
            self._call(INDEX[action[5:]])
        elif phase == CHELEM_PHASE:
            if action == "chelem":
                self.chelem = True
                self.turn = self.leader = self.first_leader = self.taker
            self.phase = PLAY

    def _deal_one(self, code: str) -> None:
        undealt = self.undealt
        i = undealt.index(code)
        last = undealt.pop()
        if i < len(undealt):
            undealt[i] = last
        dest = SCHEDULES[self.n][self.dealt]
        bit = 1 << INDEX[code]
        if dest == CHIEN_DEST:
            self.chien |= bit
        else:
            self.hands[(self.dealer + dest) % self.n] |= bit
        self.dealt += 1
        if not undealt:
            self._dealt()

    def _dealt(self) -> None:
        if self.tare:
            self.phase = PLAY
            return
        for seat in range(self.n):
            h = self.hands[seat]
            if h & TRUMP_MASK == 1 << PETIT and not h & EXCUSE_BIT:
                self.petit_sec = seat
                self.phase = OVER
                return
        self.phase = BID

    def _bid(self, action: str) -> None:
        seat = self.turn
        if action == "pass":
            self.bids.append((seat, "pass"))
        else:
            contract = action[5:]
            self.best = CONTRACTS.index(contract)
            self.taker = seat
            self.contract = contract
            self.bids.append((seat, contract))
        if len(self.bids) < self.n:
            self.turn = (seat + 1) % self.n
            return
        self.turn = self.first_leader
        if self.taker < 0:
            self.phase = OVER
        elif self.n == 5:
            self.phase = CALL
        else:
            self._after_call()

    def _call(self, card: int) -> None:
        self.called = card
        bit = 1 << card
        holder = next((s for s in range(self.n) if self.hands[s] & bit), self.taker)
        self.partner = holder  # the taker when the card is his or in the chien
        self._after_call()

    def _after_call(self) -> None:
        if self.contract in ("prise", "garde"):
            self.hands[self.taker] |= self.chien
            self.ecart_left = CHIEN_SIZE[self.n]
            self.phase = ECART
        else:
            self.phase = CHELEM_PHASE

    def _show_poignee(self, seat: int, size: str) -> None:
        hand = self.hands[self.hand_of(seat)]
        need = POIGNEE_TRUMPS[self.n][POIGNEE_SIZES.index(size)]
        trumps = hand & TRUMP_MASK
        if trumps.bit_count() >= need:
            shown = 0
            for i in range(TWENTY_ONE, PETIT - 1, -1):  # the strongest first
                if trumps >> i & 1:
                    shown |= 1 << i
                    need -= 1
                    if not need:
                        break
        else:
            shown = trumps | EXCUSE_BIT
        self.poignees.append((seat, size, shown))
        self.poignee_done |= 1 << seat

    def _play(self, card: int) -> None:
        seat = self.turn
        n = self.n
        h = (seat + self.trick_no) % n if self.lorrain else seat
        bit = 1 << card
        self.hands[h] ^= bit
        self.played |= bit
        self.poignee_done |= 1 << seat
        cat = CATEGORY[card]
        led = self.led
        trick = self.trick
        if cat == 5:  # the Excuse: no information, no strength
            if not trick:
                self.winning = -1
        elif led < 0:
            self.led = cat
            self.winning = seat
            if cat == TRUMP:
                self.top = RANK[card]
            else:
                self.win_rank = RANK[card]
        else:
            if cat == TRUMP:
                rank = RANK[card]
                if rank > self.top:
                    self.top = rank
                    self.winning = seat
                elif self.top:
                    self.caps[h] = min(self.caps[h], self.top)  # could not overtrump
                if led != TRUMP:
                    self.voids[h] |= 1 << led
            elif cat == led:
                if not self.top and RANK[card] > self.win_rank:
                    self.win_rank = RANK[card]
                    self.winning = seat
            else:
                self.voids[h] |= (1 << led) | (1 << TRUMP)
        trick.append(card)
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return
        # the trick is complete
        leader = self.leader
        winner = self.winning
        if trick[0] == EXCUSE and self.trick_no == HAND_SIZE[n] - 1 and not self.tare and self.winners:
            camp = self.camp(leader)
            if all(self.camp(w) == camp for w in self.winners):
                winner = leader  # the Excuse led to the last trick of a chelem wins it
        self.tricks.append((leader, tuple(trick), winner))
        self.winners.append(winner)
        self.trick = []
        self.led = -1
        self.top = 0
        self.winning = -1
        self.win_rank = 0
        self.trick_no += 1
        self.leader = self.turn = winner
        if self.trick_no == HAND_SIZE[n]:
            self.phase = OVER

    # -- why a move is refused ------------------------------------------------------------------------------
    def why_illegal(self, action: Action) -> IllegalAction:
        seat = self._seat_or_none()
        phase = self.phase
        if phase == DEAL:
            return illegal("not_in_deck", T("Cette carte n'est plus à donner.", "That card is not left to deal."))
        if phase == BID:
            if action.startswith("take:") and action[5:] in CONTRACTS:
                return illegal("bid_too_low", T("Il faut annoncer un contrat plus fort que {c}.",
                                                "You must bid higher than {c_en}.").format(
                    c=_CONTRACT_FR[CONTRACTS[self.best]], c_en=CONTRACTS[self.best].replace("_", " ")), seat)
            return illegal("not_a_bid", T("Aux enchères : « pass » ou « take:prise », « take:garde », « take:garde_sans », « take:garde_contre ».",
                                          "Bidding: “pass” or “take:prise”, “take:garde”, “take:garde_sans”, “take:garde_contre”."), seat)
        if phase == CALL:
            return illegal("must_call_king", T("Appelez un roi (une dame si vous avez les quatre rois) : « call:KH ».",
                                               "Call a king (a queen if you hold all four kings): “call:KH”."), seat)
        if phase == CHELEM_PHASE:
            return illegal("chelem_or_pass", T("Annoncez le chelem (« chelem ») ou non (« pass »).",
                                               "Announce a slam (“chelem”) or not (“pass”)."), seat)
        if phase == ECART:
            if action not in INDEX or not self.hands[self.taker] >> INDEX[action] & 1:
                return illegal("not_in_hand", T("Vous n'avez pas cette carte.", "You do not hold that card."), seat)
            card = INDEX[action]
            if (1 << card) & KING_MASK:
                return illegal("king_in_ecart", T("Pas de roi à l'écart.", "No king may be discarded."), seat)
            if (1 << card) & BOUT_MASK:
                return illegal("bout_in_ecart", T("Pas de bout à l'écart (21, Petit, Excuse).",
                                                  "No bout may be discarded (21, Petit, Excuse)."), seat)
            return illegal("trump_in_ecart", T("Un atout ne va à l'écart que s'il ne reste rien d'autre à écarter.",
                                               "A trump may be discarded only when nothing else is left to discard."), seat)
        if phase == PLAY:
            if action.startswith("poignee:"):
                if self.trick_no or self.poignee_done >> self.turn & 1:
                    return illegal("poignee_too_late", T("La poignée se montre juste avant de jouer sa première carte.",
                                                         "A poignée is shown just before one's first card."), seat)
                return illegal("poignee_not_held", T("Pas assez d'atouts pour cette poignée.",
                                                     "Not enough trumps for that poignée."), seat)
            if action not in INDEX or not self.hands[self.hand_of(self.turn)] >> INDEX[action] & 1:
                return illegal("not_in_hand", T("Vous n'avez pas cette carte.", "You do not hold that card."), seat)
            hand = self.hands[self.hand_of(self.turn)]
            card = INDEX[action]
            led = self.led
            if led < 0:
                return illegal("called_suit_lead", T("À cinq, on n'entame pas le premier pli dans la couleur appelée, sauf avec la carte appelée.",
                                                     "At five, the first trick may not be led in the called suit, except with the called card."), seat)
            if led != TRUMP and hand & SUIT_MASK[led]:
                name = ("pique", "cœur", "carreau", "trèfle")[led]
                name_en = ("spades", "hearts", "diamonds", "clubs")[led]
                return illegal("must_follow", T("Il faut fournir à {s}.", "You must follow suit in {s_en}.").format(s=name, s_en=name_en), seat)
            if CATEGORY[card] == TRUMP:
                if led == TRUMP:
                    return illegal("must_play_higher_trump", T("Il faut monter : jouez un atout plus fort que le {t}.",
                                                               "You must play a higher trump than the {t}.").format(t=self.top), seat)
                return illegal("must_overtrump", T("Il faut surcouper : jouez un atout plus fort que le {t}.",
                                                   "You must overtrump: play a higher trump than the {t}.").format(t=self.top), seat)
            if led == TRUMP:
                return illegal("must_play_trump", T("Atout demandé : il faut jouer atout.", "Trumps were led: you must play a trump."), seat)
            return illegal("must_trump", T("Sans la couleur demandée, il faut couper.", "Void in the suit led, you must trump."), seat)
        return super().why_illegal(action)

    # -- what a seat sees -----------------------------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        own = seat is not None and isinstance(seat, int) and 0 <= seat < self.n
        over = self.phase == OVER
        chien_shown = over or (self.contract in ("prise", "garde") and self.phase > CALL)
        partner_known = self.partner >= 0 and (over or self.played >> self.called & 1)
        obs: dict[str, Any] = {
            "game": self.game.info.slug,
            "number": self.number,
            "players": self.n,
            "dealer": self.dealer,
            "seat": seat if own else None,
            "phase": PHASE_NAMES[self.phase],
            "current_player": self.current_player,
            "terminal": over,
            "hand": self.hand(seat) if own else [],
            "legal": self.legal_actions(seat) if own else [],
            "hand_sizes": [self.hands[self.hand_of(s)].bit_count() for s in range(self.n)],
            "trick": {"leader": self.leader, "cards": [[(self.leader + i) % self.n, CODES[c]] for i, c in enumerate(self.trick)]},
            "tricks": [{"leader": ld, "cards": [[(ld + i) % self.n, CODES[c]] for i, c in enumerate(cs)], "taker": w}
                       for ld, cs, w in self.tricks],
            "taken": [self.winners.count(s) for s in range(self.n)],
            "chien_size": CHIEN_SIZE[self.n],
            "chien": sorted_codes(self.chien) if chien_shown else [],
        }
        if self.tare:
            return obs
        obs.update({
            "bids": [[s, b] for s, b in self.bids],
            "taker": self.taker if self.taker >= 0 else None,
            "contract": self.contract,
            "called": CODES[self.called] if self.called >= 0 else None,
            "partner": self.partner if partner_known else None,
            "ecart": sorted_codes(self.ecart) if over or (own and seat == self.taker) else [],
            "ecart_shown": sorted_codes(self.ecart_shown),
            "chelem_announced": self.chelem,
            "poignees": [{"seat": s, "size": z, "cards": sorted_codes(m)} for s, z, m in self.poignees],
            "petit_sec": self.petit_sec if self.petit_sec >= 0 else None,
        })
        if self.lorrain:
            obs["hands_passed"] = self.trick_no  # seat s plays the hand dealt to seat s + hands_passed
        return obs

    # -- the count ------------------------------------------------------------------------------------------
    def tally(self) -> tuple[int, int, str | None, bool | None]:
        """The taker's camp's half points and bouts, the petit au bout's camp and who took every trick
        (True: the taker's camp, False: the defence, None: nobody)."""
        n = self.n
        lorrain = self.lorrain
        att = 0
        att_bouts = 0
        last = len(self.tricks) - 1
        taker, partner = self.taker, self.partner
        petit: str | None = None
        for t, (leader, cards, winner) in enumerate(self.tricks):
            w_att = winner == taker or winner == partner
            for i, card in enumerate(cards):
                if card == EXCUSE:
                    p = (leader + i) % n
                    if t == last and not lorrain:
                        camp = w_att  # played to the last trick, it goes to that trick's winner
                    else:
                        camp = p == taker or p == partner
                    if camp == w_att:
                        if camp:
                            att += 9
                    elif camp:
                        att += 8
                    else:
                        att += 1
                    if camp:
                        att_bouts += 1
                elif lorrain and (card == PETIT or card == TWENTY_ONE):
                    p = (leader + i) % n
                    if p == taker or p == partner:
                        att += 9
                        att_bouts += 1
                elif w_att:
                    att += HALF[card]
                    if card == PETIT or card == TWENTY_ONE:
                        att_bouts += 1
        if last >= 0:
            # the Petit au bout: in the last trick, or in the one before when a chelem's Excuse won the last
            leader, cards, winner = self.tricks[last]
            at = (last, last - 1) if cards[0] == EXCUSE and winner == leader else (last,)
            for t in at:
                ld, cs, w = self.tricks[t]
                if PETIT in cs:
                    who = (ld + cs.index(PETIT)) % n if lorrain else w
                    petit = "taker" if who == taker or who == partner else "defence"
        pile = self.ecart if self.contract in ("prise", "garde") else self.chien if self.contract == "garde_sans" else 0
        for card in cards_of(pile):
            att += HALF[card]
            if (1 << card) & BOUT_MASK:
                att_bouts += 1
        camps = {w == taker or w == partner for w in self.winners}
        slam = camps.pop() if len(camps) == 1 else None
        return att, att_bouts, petit, slam

    def _entry(self) -> dict[str, Any]:
        if self.tare:
            return self._tare_entry()
        if self.taker < 0:
            return {"taker": None}
        half, bouts, petit, slam = self.tally()
        chelem = ("announced_made" if slam else "announced_failed") if self.chelem else \
            "unannounced_made" if slam else "defence" if slam is False else None
        entry: dict[str, Any] = {"taker": self.taker, "contract": self.contract}
        if self.n == 5:
            entry["partner"] = self.partner
        entry.update({
            "bouts": bouts,
            "points": half // 2 if half % 2 == 0 else half / 2,
            "petit_au_bout": petit,
            "poignees": [{"seat": s, "size": z} for s, z, _ in sorted(self.poignees)],
            "chelem": chelem,
        })
        return entry

    def _tare_tally(self) -> tuple[list[int], list[int], int, int]:
        """Per seat, half points and tricks taken; the chien's half points; who took the Petit au bout (−1)."""
        n = self.n
        points = [0] * n
        tricks = [0] * n
        for _leader, cards, winner in self.tricks:
            tricks[winner] += 1
            points[winner] += sum(HALF[c] for c in cards)
        chien_half = sum(HALF[c] for c in cards_of(self.chien))
        last_winner = self.winners[-1] if self.winners else -1
        if self.options.get("chien", "last_trick") == "last_trick" and last_winner >= 0:
            points[last_winner] += chien_half
        petit = last_winner if self.tricks and PETIT in self.tricks[-1][1] else -1
        return points, tricks, chien_half, petit

    def _tare_entry(self) -> dict[str, Any]:
        points, tricks, chien_half, petit = self._tare_tally()
        entry: dict[str, Any] = {"points": [p // 2 if p % 2 == 0 else p / 2 for p in points], "tricks": tricks}
        if self.options.get("chien") == "aside":
            entry["chien_points"] = chien_half // 2 if chien_half % 2 == 0 else chien_half / 2
        if self.options.get("petit_au_bout"):
            entry["petit_au_bout"] = petit if petit >= 0 else None
        return entry

    def returns(self) -> list[float]:
        """The sheet's scores for :meth:`entry`, computed without building the entry (the taré's card points
        are given negated: there the lowest score wins, and search bots maximise their returns)."""
        n = self.n
        if self.tare:
            points, _tricks, _chien, petit = self._tare_tally()
            out = [-p / 2 for p in points]
            if petit >= 0 and self.options.get("petit_au_bout"):
                out[petit] -= 10
            return out
        if self.taker < 0:
            return [0.0] * n
        half, bouts, petit, slam = self.tally()
        value = deal_value(self.contract, bouts, half, petit, [z for _, z, _ in self.poignees],
                           ("announced_made" if slam else "announced_failed") if self.chelem else
                           "unannounced_made" if slam else "defence" if slam is False else None,
                           self.sheet.chelem_defence())
        return [f * value for f in self.sheet.factors(self.taker, self.partner if self.n == 5 else None)]

    # -- what a search bot samples ------------------------------------------------------------------------------
    def determinize(self, seat: int, rng: random.Random) -> TarotDeal:
        """A clone where what ``seat`` has not seen is dealt again: the hands it has not held (voids and
        trumps it could not beat respected), the chien while unseen, the écart for all but the taker; shown
        poignées, a shown chien and trumps shown at the écart stay where they are known to be."""
        c = self.clone()
        if self.phase == DEAL or self.phase == OVER:
            return c
        n = self.n
        known_hands = {self.hand_of(seat)}
        if self.lorrain:  # a hand once held is known for good: what left it since was played for all to see
            known_hands = {(seat + k) % n for k in range(min(self.trick_no, n - 1) + 1)}
        piles = [h for h in range(n) if h not in known_hands]
        sizes = {h: self.hands[h].bit_count() for h in piles}
        fixed = {h: 0 for h in piles}
        taken_chien = self.contract in ("prise", "garde") and self.phase > CALL
        hidden_ecart = taken_chien and seat != self.taker
        if not taken_chien and self.chien:
            piles.append(CHIEN_PILE)
            sizes[CHIEN_PILE] = self.chien.bit_count()
            fixed[CHIEN_PILE] = 0
        if hidden_ecart:
            piles.append(ECART_PILE)
            sizes[ECART_PILE] = self.ecart.bit_count()
            fixed[ECART_PILE] = self.ecart_shown
        for s, _z, shown in self.poignees:  # shown before the first trick, from the hand dealt to s
            if s in fixed:
                fixed[s] |= shown & ~self.played
        taker = self.taker
        seen = self.played
        for h in known_hands:
            seen |= self.hands[h]
        if hidden_ecart:
            # the shown chien went into the taker's hand; what of it is not seen since is in his hand or his écart
            loose = self.chien & ~seen & ~fixed.get(taker, 0)
            if taker in fixed:
                for card in cards_of(loose):
                    if not _fits(card, self.voids[taker], self.caps[taker]):
                        fixed[ECART_PILE] |= 1 << card  # his hand showed it cannot hold it: discarded
                        loose &= ~(1 << card)
                room = sizes[ECART_PILE] - fixed[ECART_PILE].bit_count()
                movable = [x for x in cards_of(loose) if (1 << x) & ECART_PLAIN]
                rng.shuffle(movable)
                must = loose.bit_count() - (sizes[taker] - fixed[taker].bit_count())  # more than his hand holds
                most = min(room, len(movable))
                for x in movable[:rng.randint(min(max(must, 0), most), most)]:
                    fixed[ECART_PILE] |= 1 << x
                    loose &= ~(1 << x)
                fixed[taker] |= loose
            else:
                fixed[ECART_PILE] |= loose  # his hand is known: the rest of the chien is in the écart
        known = seen
        if not hidden_ecart:
            known |= self.ecart
            if taken_chien:
                known |= self.chien
        for h in piles:
            known |= fixed[h]
        result = _deal_constrained(cards_of(ALL_MASK & ~known), piles, sizes, fixed, self.voids, self.caps, rng)
        for h in piles:
            if h == ECART_PILE:
                c.ecart = result[h]
            elif h == CHIEN_PILE:
                c.chien = result[h]
            else:
                c.hands[h] = result[h]
        if self.called >= 0 and self.phase > CALL and not self.played >> self.called & 1:
            bit = 1 << self.called
            holder = next((h for h in range(n) if c.hands[h] & bit), taker)
            if taken_chien and c.chien & bit:
                holder = taker
            c.partner = holder
        return c

    # -- the quick bot ------------------------------------------------------------------------------------------
    def quick_action(self, rng: random.Random) -> Action:
        """A rule-based move: bid from hand strength (bouts, trumps, kings, long suits and voids), call the king
        of one's longest suit, discard short suits, show a poignée as taker, then the obvious card (win a trick
        worth it cheaply, load points on a partner's trick, throw the cheapest card on a lost one, save the
        Excuse and the Petit). The taré plays to lose tricks."""
        phase = self.phase
        if phase == PLAY:
            return _quick_card(self, rng)
        if phase == DEAL:
            return rng.choice(self.undealt)
        if phase == BID:
            return _quick_bid(self)
        if phase == CALL:
            return "call:" + CODES[_quick_call(self, rng)]
        if phase == ECART:
            return CODES[_quick_discard(self)]
        if phase == CHELEM_PHASE:
            return "chelem" if _slam_hand(self) else "pass"
        raise illegal("deal_over", T("La donne est finie.", "The deal is over."))


def codes_and(mask: int, prefix: str) -> list[str]:
    return [prefix + c for c in codes_of(mask)]


CHIEN_PILE, ECART_PILE = -3, -2


def _fits(card: int, voids: int, cap: int) -> bool:
    cat = CATEGORY[card]
    if voids >> cat & 1 and cat != 5:
        return False
    return not (cat == TRUMP and RANK[card] > cap)


def _deal_constrained(pool: list[int], piles: list[int], sizes: dict[int, int], fixed: dict[int, int],
                      voids: list[int], caps: list[int], rng: random.Random) -> dict[int, int]:
    """Deal ``pool`` into ``piles`` (hand numbers, or negative numbers for the chien and the écart) so each gets
    its size, with its fixed cards, a hand only cards its voids and cap allow, an écart only what may be
    discarded. Tries a few random orders, then loosens the constraints rather than fail."""
    def allowed(card: int, pile: int) -> bool:
        if pile >= 0:
            return _fits(card, voids[pile], caps[pile])
        if pile == ECART_PILE:
            return bool((1 << card) & ECART_PLAIN)
        return True

    need = {p: sizes[p] - fixed[p].bit_count() for p in piles}
    assert sum(need.values()) == len(pool), (need, len(pool), sizes, {p: fixed[p].bit_count() for p in piles})
    for attempt in range(20):
        strict = attempt < 19
        cards = pool[:]
        rng.shuffle(cards)
        options = [(card, [p for p in piles if not strict or allowed(card, p)]) for card in cards]
        options.sort(key=lambda co: len(co[1]))
        left = dict(need)
        out = dict(fixed)
        ok = True
        for card, ps in options:
            ps = [p for p in ps if left[p] > 0]
            if not ps:
                ok = False
                break
            # weight by room left, so piles fill evenly
            total = sum(left[p] for p in ps)
            r = rng.randrange(total)
            for p in ps:
                r -= left[p]
                if r < 0:
                    break
            left[p] -= 1
            out[p] |= 1 << card
        if ok:
            return out
    raise AssertionError("unreachable: the last attempt ignores constraints")


def deal_value(contract: str, bouts: int, half: int, petit: str | None, poignees: list[str], chelem: str | None,
               chelem_defence: int) -> int:
    """:func:`companion.rules.tarot.deal_value`'s number, without its words (the playouts' fast path)."""
    from .tarot import CHELEM, CONTRACT_BASE, MULTIPLIERS, PETIT_AU_BOUT, POIGNEE, POINTS_NEEDED  # noqa: PLC0415

    needed = 2 * POINTS_NEEDED[bouts]
    made = half >= needed
    mult = MULTIPLIERS[contract]
    value = (CONTRACT_BASE + (abs(half - needed) + 1) // 2) * mult
    if not made:
        value = -value
    if petit:
        value += PETIT_AU_BOUT * mult if petit == "taker" else -PETIT_AU_BOUT * mult
    for size in poignees:
        value += POIGNEE[size] if made else -POIGNEE[size]
    if chelem == "defence":
        value -= chelem_defence
    elif chelem:
        value += CHELEM[chelem]
    return value


# -- the quick bot ----------------------------------------------------------------------------------------------
BID_THRESHOLDS = (40, 56, 71, 81)  # hand strength for a prise, garde, garde sans, garde contre at 4 players


def hand_strength(hand: int, n: int) -> float:
    """A point count of the kind tarot books teach: bouts first (the 21 10, the Excuse 8, the Petit 6 when it
    has company), 2 a trump and 1 more for the big ones, 6 a king, 3 a queen, 2 a cavalier, 1 a jack, long suits
    and voids; scaled to an 18-card hand."""
    trumps = hand & TRUMP_MASK
    t = trumps.bit_count()
    score = 2.0 * t + (trumps & ABOVE[15]).bit_count()
    if hand >> TWENTY_ONE & 1:
        score += 10
    if hand & EXCUSE_BIT:
        score += 8
    if hand >> PETIT & 1:
        score += 6 if t >= 5 else 1
    for s in range(4):
        suit = hand & SUIT_MASK[s]
        length = suit.bit_count()
        base = 14 * s
        king, queen = suit >> (base + 13) & 1, suit >> (base + 12) & 1
        score += 6 * king + 3 * queen + 2 * (suit >> (base + 11) & 1) + (suit >> (base + 10) & 1) + 1 * (king and queen)
        if length >= 5:
            score += 2 * (length - 4)
        elif length == 0:
            score += 6 if t >= 4 else 2
        elif length == 1:
            score += 3 if t >= 4 else 1
    return score * 18 / HAND_SIZE[n]


def _quick_bid(state: TarotDeal) -> str:
    strength = hand_strength(state.hands[state.turn], state.n)
    best = -1
    for i, threshold in enumerate(BID_THRESHOLDS):
        if strength >= threshold:
            best = i
    return TAKE[best] if best > state.best else "pass"


def _quick_call(state: TarotDeal, rng: random.Random) -> int:
    hand = state.hands[state.taker]
    cards = cards_of(state.callable())
    outside = [c for c in cards if not hand >> c & 1] or cards
    # the king of the suit he holds most of: his partner's king then guards it
    longest = max((hand & SUIT_MASK[CATEGORY[c]]).bit_count() for c in outside)
    return rng.choice([c for c in outside if (hand & SUIT_MASK[CATEGORY[c]]).bit_count() == longest])


def _quick_discard(state: TarotDeal) -> int:
    hand = state.hands[state.taker]
    legal = cards_of(state.legal_ecart())

    def key(card: int) -> tuple:
        cat = CATEGORY[card]
        if cat == TRUMP:
            return (1, 99, RANK[card])
        suit = hand & SUIT_MASK[cat]
        guarded = suit & KING_MASK  # a queen with her king is worth keeping
        return (0, suit.bit_count() + (3 if guarded else 0), -HALF[card], -RANK[card])

    return min(legal, key=key)


def _slam_hand(state: TarotDeal) -> bool:
    hand = state.hands[state.taker]
    trumps = hand & TRUMP_MASK
    plain = hand & ~TRUMP_MASK & ~EXCUSE_BIT
    return bool(hand >> TWENTY_ONE & 1) and trumps.bit_count() >= HAND_SIZE[state.n] - 3 and plain & ~KING_MASK == 0


def _beats(state: TarotDeal, card: int) -> bool:
    cat = CATEGORY[card]
    if cat == 5:
        return False
    if state.led < 0:
        return True
    if cat == TRUMP:
        return RANK[card] > state.top
    return cat == state.led and not state.top and RANK[card] > state.win_rank


def _allies(state: TarotDeal, seat: int, other: int) -> bool:
    """Whether ``seat`` knows ``other`` plays on its side (only what it may know: the partner at 5 players is
    known to himself, and to all once the called card is played)."""
    if state.tare:
        return seat == other
    if seat == other:
        return True
    revealed = state.partner >= 0 and state.played >> state.called & 1
    if seat == state.taker:
        return bool(revealed) and other == state.partner
    if seat == state.partner:
        return other == state.taker
    if other == state.taker:
        return False
    return not (revealed and other == state.partner)


def _quick_card(state: TarotDeal, rng: random.Random) -> str:
    seat = state.turn
    if not state.tare and not state.trick_no and not state.poignee_done >> seat & 1 and seat == state.taker:
        sizes = state.poignee_sizes(seat)
        if sizes:
            return f"poignee:{sizes[-1]}"
    legal = cards_of(state.legal_cards(seat))
    if len(legal) == 1:
        return CODES[legal[0]]
    if state.tare:
        return CODES[_quick_tare(state, legal)]
    n = state.n
    trick = state.trick
    last_to_play = len(trick) == n - 1
    tricks_left = HAND_SIZE[n] - state.trick_no
    hand = state.hands[state.hand_of(seat)]
    plain = [c for c in legal if c != EXCUSE]
    if state.led < 0:  # leading
        kings = [c for c in plain if (1 << c) & KING_MASK]
        if kings:
            return CODES[kings[0]]
        trumps = [c for c in plain if CATEGORY[c] == TRUMP]
        attack = _allies(state, seat, state.taker)
        if attack and trumps and len(trumps) * 2 >= len(plain):
            low = [c for c in trumps if c != PETIT] or trumps
            return CODES[min(low, key=RANK.__getitem__)]
        suits = [c for c in plain if CATEGORY[c] != TRUMP] or plain
        longest = max((hand & SUIT_MASK[CATEGORY[c]]).bit_count() if CATEGORY[c] < TRUMP else 0 for c in suits)
        pool = [c for c in suits if CATEGORY[c] >= TRUMP or (hand & SUIT_MASK[CATEGORY[c]]).bit_count() == longest]
        return CODES[min(pool, key=lambda c: (HALF[c], RANK[c]))]
    friend = state.winning >= 0 and _allies(state, seat, state.winning)
    winners = [c for c in plain if _beats(state, c)]
    points_down = sum(HALF[c] for c in trick)
    cheap = min(plain, key=lambda c: (HALF[c], RANK[c])) if plain else EXCUSE
    if friend:
        safe = last_to_play or state.top >= 15 or (state.led < TRUMP and not state.top and state.win_rank == 14)
        if safe:
            if PETIT in legal:
                return "T1"
            losers = [c for c in plain if not _beats(state, c) or CATEGORY[c] != TRUMP]
            return CODES[max(losers or plain, key=lambda c: (HALF[c] if c != TWENTY_ONE else 0, -RANK[c]))]
        return CODES[cheap]
    if winners and (last_to_play or points_down >= 5 or len(trick) >= n // 2):
        if last_to_play and PETIT in winners:
            return "T1"
        cheapest = min(winners, key=lambda c: (HALF[c] if c != TWENTY_ONE else 0, RANK[c]))
        return CODES[cheapest]
    if EXCUSE in legal and tricks_left > 2 and HALF[cheap] >= 5:
        return "EX"
    if EXCUSE in legal and tricks_left == 2 and not state.lorrain:
        return "EX"  # never keep it for the last trick, where it is lost
    return CODES[cheap]


def _quick_tare(state: TarotDeal, legal: list[int]) -> int:
    """Tarot taré: lose the trick if possible with the dearest card that still loses, else win it as cheaply as
    possible while shedding a high card."""
    if state.led < 0 and not state.trick:
        return min(legal, key=lambda c: (RANK[c] if c != EXCUSE else -1, HALF[c]))
    if EXCUSE in legal:
        return EXCUSE
    losers = [c for c in legal if not _beats(state, c)]
    if losers:
        return max(losers, key=lambda c: (HALF[c], RANK[c]))
    if len(state.trick) == state.n - 1:
        return min(legal, key=lambda c: (HALF[c], -RANK[c]))
    return max(legal, key=lambda c: (-HALF[c], RANK[c]))


def new_deal(game, variant: str, n_players: int, options: dict | None, number: int, dealer: int | None,
             seed: Any) -> TarotDeal:
    """Round ``number``'s deal of ``game`` for digital play (every option of the three tarots can be played);
    ``dealer`` defaults to the sheet's (seat 0 for round 1, then the next seat each deal)."""
    from .errors import InvalidOptions, Problem, RulesError  # noqa: PLC0415

    if isinstance(n_players, bool) or n_players not in HAND_SIZE:
        raise InvalidOptions([Problem("players", "player_count", T(
            "Le tarot se joue à 3, 4 ou 5 joueurs ({n} donnés).", "Tarot takes 3, 4 or 5 players ({n} given).").format(n=n_players))])
    opts = game.clean_options(options or {}, n_players)
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise RulesError(f"no round number {number!r}")
    if dealer is None:
        dealer = (number - 1) % n_players
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n_players:
        raise RulesError(f"no seat {dealer!r} to deal")
    state = TarotDeal(game, variant, n_players, opts, number, dealer)
    if seed is not None:
        state.deal(seed)
    return state
