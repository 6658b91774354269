"""Digital play of the tarots, written once for the FFT's Tarot (slug ``tarot``), the Tarot lorrain and the Tarot
taré, on the fast trick base :class:`companion.families.trickplay.TrickDeal`. The rules are the FFT's Règlement
officiel as :mod:`companion.families.tarot` and the rulebook pages state them. :class:`TarotDeal` is the FFT's deal;
:class:`TarotLorrainDeal` and :class:`TarotTareDeal` override the few steps their variant changes (the way
python-chess writes its variants). The quick bots are :mod:`companion.families.tarot_bots`; the cards' ids, masks and
half points, shared with them, :mod:`companion.families.tarot_common`.

Cards are the trick base's ids of the 78-card pack (♠ ♥ ♣ ♦ from the Roi down, the trumps 21 → 1, the Excuse),
hands are bit sets: following, trumping and overtrumping are a few bit operations, and the chien and the écart
are piles of their own (``held[n]``, ``held[n + 1]``).

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
   taker then chooses as many cards to discard, a :class:`~companion.kernel.deal.Selection` (purpose
   ``ecart``): ``"pick:5H"`` picks a card, ``"unpick:5H"`` puts it back, ``"confirm"`` makes the écart once
   its cards are picked (no ``"cancel"``: an écart must be made). No king and no bout; a trump only when the
   other cards are too few to fill it, and a trump discarded is shown to all. Nothing counts, nor is seen by the
   others, before ``"confirm"``. A bare card code (how the écart was stored when each card counted at once)
   is still read: it picks the card, and the last one makes the écart. Garde sans and garde contre: the chien
   stays unseen.
5. *Chelem*: the taker announces one, ``"chelem"``, or not, ``"pass"``; announced, he leads the first trick.
6. *The play*: one card code per action. Just before its first card, a seat holding enough trumps may show a
   poignée, ``"poignee:simple"`` (``double``, ``triple``): the thresholds of :data:`tarot.POIGNEE_TRUMPS`, the
   Excuse standing in for one trump only when the trumps alone are one short. The seat chooses which trumps it
   shows, a :class:`~companion.kernel.deal.Selection` (phase ``poignee``): the strongest needed come picked
   (the Excuse with all the trumps held when it stands in), ``"unpick:T21"`` puts one back, ``"pick:T8"`` picks
   another, ``"confirm"`` shows them once they are as many as the poignée needs, ``"cancel"`` shows none; the
   Excuse may be picked only when the trumps are too few. Nothing counts, nor is seen by the others, before
   ``"confirm"``. Follow the suit led; void, trump; with a trump already in the trick, overtrump if possible,
   else still trump; trumps led: play a higher one if possible.
   The Excuse may be played at any time and never wins, except led to the last trick by a camp that took every
   trick before (a chelem); after announcing a chelem, the taker keeps it for the last trick as long as his camp
   has taken every trick (once a trick is lost, it is played as in any deal). At 5 players the first trick may
   not be led in the called suit, but with the called card itself.

**Variants.** The Tarot lorrain passes every hand to the left after each trick (to the seat that plays before:
seat ``s`` then plays the hand dealt to seat ``s + t`` at trick ``t``), and a played bout stays with the camp of
the seat that played it (the 21 and the Petit without exchange, the Excuse with its usual exchange and even at
the last trick); its petit au bout goes to the camp that played the Petit. The Tarot taré has no bidding: each
plays for himself, the Excuse goes with the trick it is played in, and the chien goes to the winner of the last
trick (option ``chien`` = ``last_trick``) or to nobody (``aside``).

**Observation** (besides the trick base's hand, trick, tricks and counts): ``phase`` (``deal``, ``bid``, ``call``,
``ecart``, ``chelem``, ``play``, ``poignee`` to the seat choosing its poignée's trumps, ``end``), ``bids``,
``taker``, ``contract``, ``called`` (``{"rank": "K", "suit": "H"}``), ``partner`` (once the called card is
played), ``chien`` (once turned up, or at the end), ``ecart`` (to the taker; to all at the end), ``ecart_shown``,
``chelem_announced``, ``poignees`` (seat, size, trumps shown, once confirmed), ``picking`` (to the seat choosing
a poignée's trumps or its écart only: ``purpose`` and the ``cards`` picked), ``petit_sec``, and at the Tarot lorrain
``hands_passed``. The taré has only the chien's size and, at the end, the chien.

The Excuse (FFT): its camp keeps it and gives a low card in exchange, so it counts 4 points to its camp and
half a point to the camp that took the trick; played to the last trick, it goes to that trick's winner
(except in the Tarot lorrain, and in a chelem where it wins the last trick).
"""

from __future__ import annotations

from typing import Any

from companion.families.tarot import CHELEM, CONTRACT_BASE, MULTIPLIERS, PETIT_AU_BOUT, POIGNEE, POINTS_NEEDED
from companion.families.tarot_common import (
    ABOVE,
    BID,
    BOUT_MASK,
    CALL,
    CATEGORY,
    CHELEM_PHASE,
    CHIEN_SIZE,
    CODES,
    CONTRACTS,
    ECART,
    ECART_PLAIN,
    EXCUSE,
    EXCUSE_BIT,
    HALF,
    HAND_SIZE,
    INDEX,
    KING_MASK,
    PACK,
    PACKET,
    PETIT,
    POIGNEE_SIZES,
    POIGNEE_TRUMPS,
    RANK,
    SUIT_MASK,
    SUIT_NAMES,
    TAKE,
    TRUMP_MASK,
    TRUMPS_DOWN,
    TWENTY_ONE,
    codes_of,
)
from companion.families.trickplay import (
    DEAL,
    END,
    NO_SUIT,
    PLAY,
    TRUMPS,
    TrickDeal,
    bits,
    call_notes,
    taker_facts,
)
from companion.kernel.cards import Card, SuitCard
from companion.kernel.deal import (
    CANCEL,
    CONFIRM,
    PICK,
    TERMINAL,
    UNPICK,
    Action,
    Selection,
    illegal,
    selection_move,
)
from companion.kernel.errors import CardSyntaxError, IllegalAction
from companion.kernel.text import T, Text, count, seat_ref
from companion.kernel.view import Fact, Note, card_label, suit_label

# -- the deal ---------------------------------------------------------------------------------------------------
CHIEN_DEST = -1
#: The phase while a seat chooses the trumps of its poignée (a :class:`~companion.kernel.deal.Selection`); the
#: other seats' observations still say ``play``: a choice that does not count yet is nobody else's business.
POIGNEE_PHASE = "poignee"
#: The :class:`~companion.kernel.deal.Selection`'s purpose while the taker chooses his écart (phase ``ecart``).
ECART_PURPOSE = "ecart"


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
_PILE_SCHEDULES: dict[tuple[int, int], tuple[int, ...]] = {}

# -- the bidding's words ------------------------------------------------------------------------------------------
# The contracts as the players say them (the bids "take:garde", the contract "garde").
CONTRACT_LABELS = {"prise": T("Prise", "Prise"), "petite": T("Petite", "Petite"), "garde": T("Garde", "Garde"),
                   "garde_sans": T("Garde sans", "Garde sans"), "garde_contre": T("Garde contre", "Garde contre")}
POIGNEE_LABELS = {"simple": T("simple", "single"), "double": T("double", "double"), "triple": T("triple", "triple")}
_CONTRACT_FR = {"prise": "une prise", "garde": "une garde", "garde_sans": "une garde sans", "garde_contre": "une garde contre"}
_CONTRACT_EN = {"prise": "a prise", "garde": "a garde", "garde_sans": "a garde sans", "garde_contre": "a garde contre"}


class TarotDeal(TrickDeal):
    """One deal of the FFT's Tarot played move by move, on :class:`~companion.families.trickplay.TrickDeal` (see the
    module docstring for the phases and actions); each tarot's own deal, in its folder, names its game and its
    quick bot, and the Tarot lorrain's and the Tarot taré's override the steps their variants change.

    ``sheet`` is a sheet of the table, which the deal's :meth:`returns` score with (its shares and house rules).
    Piles: ``held[0 … n-1]`` the seats' hands (at the Tarot lorrain they move on after each trick, with the
    voids they showed), ``held[n]`` the chien while it is a pile of its own, ``held[n + 1]`` the écart.
    """

    extra_piles = 2
    must_trump = True
    must_overtrump = True
    _mutable = TrickDeal._mutable + ("bids", "poignees", "caps")

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int, sheet: Any = None):
        super().__init__(n_players, options, number, dealer, PACK)
        self.sheet = sheet  # a sheet of the table, read-only: its shares and house rules (none for the taré)
        self.trump = TRUMPS
        self.CHIEN = n_players
        self.ECART = n_players + 1
        self.chien = 0  # the chien as dealt (the pile itself empties when the taker takes it)
        self.ecart = 0  # the taker's écart (also pile ECART until the deal is over)
        self.ecart_shown = 0
        self.bids: list[tuple[int, str]] = []  # (seat, "pass" or a contract)
        self.best = -1  # index in CONTRACTS of the highest bid so far
        self.taker = -1
        self.contract: str | None = None
        self.called = -1  # the called card (5 players)
        self.partner = -1  # the seat dealt the called card (the taker when alone)
        self.chelem = False  # announced
        self.poignees: list[tuple[int, str, int]] = []  # (seat, size, trumps shown)
        self.poignee_done = 0  # bit set of the seats past their first card
        self.top = 0  # the best trump in the trick (0: none)
        self.winning = -1  # seat winning the trick so far
        self.win_rank = 0
        self.caps = [21] * n_players  # per seat's hand: the best trump it may still hold
        self.petit_sec = -1

    def _deal_schedule(self) -> tuple[int, ...]:
        n, dealer = self.n_players, self.dealer
        key = (n, dealer)
        if key not in _PILE_SCHEDULES:
            _PILE_SCHEDULES[key] = tuple(n if d == CHIEN_DEST else (dealer + d) % n for d in SCHEDULES[n])
        return _PILE_SCHEDULES[key]

    def _after_deal(self) -> None:
        n = self.n_players
        self.chien = self.held[n]
        first = (self.dealer + 1) % n
        for seat in range(n):
            h = self.held[seat]
            if h & TRUMP_MASK == 1 << PETIT and not h & EXCUSE_BIT:
                self.petit_sec = seat
                self._finish()
                return
        self.phase = BID
        self.to_move = first

    # -- what the players hold ----------------------------------------------------------------------------
    def hand_dealt(self, seat: int) -> int:
        """Which seat's dealt hand ``seat`` holds now: its own (at the Tarot lorrain the hands move on)."""
        return seat

    def holder(self, dealt: int) -> int:
        """The seat holding now the hand dealt to seat ``dealt`` (the inverse of :meth:`hand_dealt`)."""
        return dealt

    def camp(self, seat: int) -> bool:
        """True for the taker's camp."""
        return seat == self.taker or seat == self.partner

    # -- phases ---------------------------------------------------------------------------------------------
    def _phase_actions(self) -> list[Action]:
        phase = self.phase
        if phase == POIGNEE_PHASE:
            return self._poignee_moves()
        if phase == BID:
            return ["pass", *TAKE[self.best + 1:]]
        if phase == ECART:
            selection = self.selection
            assert selection is not None  # the écart phase always has its selection
            return selection.moves(codes_of(self.legal_ecart()),
                                   confirm=len(selection.picked) == CHIEN_SIZE[self.n_players], cancel=False)
        if phase == CALL:
            return ["call:" + c for c in codes_of(self.callable())]
        return ["pass", "chelem"]

    def _phase_normalise(self, action: str) -> Action:
        action = action.strip()
        if action in ("pass", "chelem") or action.startswith("take:"):
            return action
        head, code = selection_move(action)
        if head == PICK or head == UNPICK:
            return f"{head}:{self._card_code(code)}"
        if head:
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

    def _phase_apply(self, action: Action) -> None:
        phase = self.phase
        if phase == POIGNEE_PHASE:
            self._poignee_move(action)
        elif phase == BID:
            self._bid(action)
        elif phase == ECART:
            self._ecart_move(action)
        elif phase == CALL:
            self._call(INDEX[action[5:]])
        else:
            if action == "chelem":
                self.chelem = True
                self.start_play(self.taker)
            else:
                self.start_play((self.dealer + 1) % self.n_players)

    def ecart_picked(self) -> int:
        """The cards the taker has picked for his écart so far (a mask; 0 outside the écart)."""
        selection = self.selection
        return PACK.mask(selection.picked) if selection is not None and selection.purpose == ECART_PURPOSE else 0

    def legal_ecart(self) -> int:
        """The cards the taker may pick for his écart now: the plain cards but the kings, not picked yet; the
        trumps but the bouts too when the plain cards of his hand are too few to fill it, as many as they are
        short (FFT); none once the écart's cards are all picked."""
        need = CHIEN_SIZE[self.n_players]
        picked = self.ecart_picked()
        if picked.bit_count() >= need:
            return 0
        hand = self.held[self.taker]
        plain = hand & ECART_PLAIN
        free = plain & ~picked
        short = need - plain.bit_count()
        if short > 0 and (picked & TRUMP_MASK).bit_count() < short:
            free |= hand & TRUMP_MASK & ~BOUT_MASK & ~picked
        return free

    def _ecart_move(self, action: Action) -> None:
        """A move of the écart's :class:`~companion.kernel.deal.Selection`; ``"confirm"`` (or the last card of an
        écart stored a card at a time) puts the cards picked in the écart, the trumps among them shown."""
        selection = self.selection
        assert selection is not None  # the écart phase always has its selection
        head, code = selection_move(action)
        if head == PICK or head == UNPICK:
            self.selection = selection.toggled(code)
            return
        if not head:  # a card code stored before the écart was a selection: picked, and counted once all are
            selection = self.selection = selection.toggled(action)
            if len(selection.picked) < CHIEN_SIZE[self.n_players]:
                return
        for card in bits(PACK.mask(selection.picked)):
            self.move_card(card, self.taker, self.ECART)
        self.ecart = self.held[self.ECART]
        self.ecart_shown = self.ecart & TRUMP_MASK
        self.selection = None
        self.phase = CHELEM_PHASE

    def reads_old_move(self, action: Action) -> bool:
        """A card code in the écart, as it was stored when each card discarded counted at once."""
        return self.phase == ECART and action in INDEX and bool(self.legal_ecart() >> INDEX[action] & 1)

    def callable(self) -> int:
        """The cards the taker may call: the kings, or the queens if he holds the four kings, and so on."""
        hand = self.held[self.taker]
        for rank in "KQCJ":
            cards = PACK.mask(f"{rank}{s}" for s in "SHDC")
            if hand & cards != cards:
                return cards
        return 0

    def _bid(self, action: str) -> None:
        seat, n = self.to_move, self.n_players
        if action == "pass":
            self.bids.append((seat, "pass"))
        else:
            contract = action[5:]
            self.best = CONTRACTS.index(contract)
            self.taker = seat
            self.contract = contract
            self.bids.append((seat, contract))
        if len(self.bids) < n:
            self.to_move = (seat + 1) % n
        elif self.taker < 0:
            self._finish()
        elif n == 5:
            self.phase = CALL
            self.to_move = self.taker
        else:
            self._after_call()

    def _call(self, card: int) -> None:
        self.called = card
        bit = 1 << card
        self.partner = next((s for s in range(self.n_players) if self.held[s] & bit), self.taker)
        self._after_call()

    def _after_call(self) -> None:
        self.to_move = self.taker
        if self.contract in ("prise", "garde"):
            n = self.n_players
            self.held[self.taker] |= self.held[n]  # the chien, shown, goes into the taker's hand
            self.held[n] = 0
            self.phase = ECART
            self.selection = Selection(self.taker, ECART_PURPOSE)
        else:
            self.phase = CHELEM_PHASE

    # -- the play -------------------------------------------------------------------------------------------
    def poignee_sizes(self, seat: int) -> list[str]:
        """The poignées ``seat`` may show: before its first card only."""
        if self.log or self.poignee_done >> seat & 1:
            return []
        hand = self.held[seat]
        trumps = (hand & TRUMP_MASK).bit_count() + (1 if hand & EXCUSE_BIT else 0)
        return [s for s, th in zip(POIGNEE_SIZES, POIGNEE_TRUMPS[self.n_players], strict=True) if trumps >= th]

    def legal_actions(self, seat: int) -> list[Action]:
        to_move = self.to_move
        if seat != to_move or to_move == TERMINAL:
            return []
        return self._legal_actions()  # a new list every time (the poignées join the cards before a first card)

    def _legal_actions(self) -> list[Action]:
        if self.phase == PLAY:
            seat = self.to_move
            out = codes_of(self._legal_mask(seat))
            if not self.log and not self.poignee_done >> seat & 1:
                out += [f"poignee:{s}" for s in self.poignee_sizes(seat)]
            return out
        return super()._legal_actions()

    def _lead_mask(self, seat: int, hand: int) -> int:
        if not self.log and self.n_players == 5 and self.called >= 0:
            suit = CATEGORY[self.called]
            other = hand & ~(SUIT_MASK[suit] & ~(1 << self.called))
            if other:
                return other
        return hand

    def _legal_mask(self, seat: int) -> int:
        hand = self.held[seat]
        if self.chelem and seat == self.taker and hand & EXCUSE_BIT and hand != EXCUSE_BIT and self._slam_going():
            hand ^= EXCUSE_BIT  # an announced chelem: the taker keeps the Excuse for the last trick
        if not self.trick_cards:
            return self._lead_mask(seat, hand)
        led = self.led
        if led < 0:  # only the Excuse so far: this card sets the suit
            return hand
        exc = hand & EXCUSE_BIT
        if led != TRUMPS:
            follow = hand & SUIT_MASK[led]
            if follow:
                return follow | exc
        trumps = hand & TRUMP_MASK
        if trumps:
            return (trumps & ABOVE[self.top] or trumps) | exc
        return hand

    def _slam_going(self) -> bool:
        """Whether the taker's camp has taken every trick so far (an announced chelem still being made)."""
        taker, partner = self.taker, self.partner
        return all(w == taker or w == partner for *_, w in self.log)

    def _apply(self, action: Action) -> None:
        if self.phase == PLAY and action[0] == "p":
            self._open_poignee(self.to_move, action[8:])
        else:
            super()._apply(action)

    def normalise_action(self, action: Any) -> Action:
        if isinstance(action, str) and action.startswith("poignee:"):
            return action
        return super().normalise_action(action)

    # -- the poignée: the seat chooses the trumps it shows --------------------------------------------------
    def poignee_need(self, size: str) -> int:
        """How many cards a poignée of ``size`` shows (:data:`tarot.POIGNEE_TRUMPS`)."""
        return POIGNEE_TRUMPS[self.n_players][POIGNEE_SIZES.index(size)]

    def default_poignee(self, seat: int, size: str) -> int:
        """The trumps a poignée of ``size`` shows unless its seat chooses others, and what the bots show: the
        strongest needed; all the trumps and the Excuse when it stands in for the one missing."""
        hand = self.held[seat]
        need = self.poignee_need(size)
        trumps = hand & TRUMP_MASK
        if trumps.bit_count() < need:
            return trumps | (hand & EXCUSE_BIT)
        shown = 0
        for i in TRUMPS_DOWN:
            if trumps >> i & 1:
                shown |= 1 << i
                need -= 1
                if not need:
                    break
        return shown

    def _open_poignee(self, seat: int, size: str) -> None:
        """``"poignee:<size>"``: the seat starts choosing the trumps it shows, the default ones picked
        (:meth:`default_poignee`); nothing counts before ``"confirm"``."""
        self.selection = Selection(seat, f"poignee:{size}", tuple(codes_of(self.default_poignee(seat, size))))
        self.phase = POIGNEE_PHASE

    def poignee_pickable(self, selection: Selection) -> int:
        """The cards the seat may pick now: its trumps, and the Excuse only when its trumps are too few for the
        poignée (FFT); none once as many as the poignée shows are picked."""
        need = self.poignee_need(selection.purpose[8:])
        if len(selection.picked) >= need:
            return 0
        hand = self.held[selection.seat]
        trumps = hand & TRUMP_MASK
        return trumps | (hand & EXCUSE_BIT) if trumps.bit_count() < need else trumps

    def _poignee_moves(self) -> list[Action]:
        selection = self.selection
        assert selection is not None  # the poignée phase always has its selection
        need = self.poignee_need(selection.purpose[8:])
        return selection.moves(codes_of(self.poignee_pickable(selection)), confirm=len(selection.picked) == need)

    def _poignee_move(self, action: Action) -> None:
        selection = self.selection
        assert selection is not None  # the poignée phase always has its selection
        head, code = selection_move(action)
        if head == CONFIRM:
            seat = selection.seat
            self.poignees.append((seat, selection.purpose[8:], PACK.mask(selection.picked)))
            self.poignee_done |= 1 << seat
        elif head != CANCEL:
            self.selection = selection.toggled(code)
            return
        self.selection = None
        self.phase = PLAY

    def _on_play(self, seat: int, card: int) -> None:
        self.poignee_done |= 1 << seat
        cat = CATEGORY[card]
        if cat == NO_SUIT:
            return
        if len(self.trick_cards) == 1 or self.winning < 0:  # the first card that is not the Excuse
            self.winning = seat
            if cat == TRUMPS:
                self.top = RANK[card]
            else:
                self.win_rank = RANK[card]
        elif cat == TRUMPS:
            rank = RANK[card]
            if rank > self.top:
                self.top = rank
                self.winning = seat
            elif self.top:
                self.caps[seat] = min(self.caps[seat], self.top)  # it could not beat the best trump down
        elif cat == self.led and not self.top and RANK[card] > self.win_rank:
            self.win_rank = RANK[card]
            self.winning = seat

    def _trick_winner(self) -> int:
        cards = self.trick_cards
        if cards[0] == EXCUSE and len(self.log) == self.n_tricks - 1 and self.log:
            camp = self.camp(self.leader)
            if all(self.camp(w) == camp for *_, w in self.log):
                return 0  # the Excuse led to the last trick by a camp that took every trick wins it (chelem)
        return self.winning_position()

    def winning_position(self) -> int:
        return self.trick_seats.index(self.winning)

    def _finish(self) -> None:
        super()._finish()
        self.held[self.CHIEN] = self.held[self.ECART] = 0  # the deal is over: the chien and écart are counted

    def _on_trick(self, winner: int) -> None:
        self.top = 0
        self.winning = -1
        self.win_rank = 0

    # -- why a move is refused ------------------------------------------------------------------------------
    def _why_phase_illegal(self, action: Action) -> IllegalAction:
        seat = self._seat_or_none()
        phase = self.phase
        if phase == POIGNEE_PHASE:
            return self._why_poignee_refused(action)
        if phase == BID:
            if action.startswith("take:") and action[5:] in CONTRACTS:
                c = CONTRACTS[self.best]
                return illegal("bid_too_low", T("Il faut annoncer plus fort que {c}.", "You must bid higher than {c_en}.").format(
                    c=_CONTRACT_FR[c], c_en=_CONTRACT_EN[c]), seat)
            return illegal("not_a_bid", T("Aux enchères : « pass » ou « take:prise », « take:garde », « take:garde_sans », « take:garde_contre ».",
                                          "Bidding: “pass” or “take:prise”, “take:garde”, “take:garde_sans”, “take:garde_contre”."), seat)
        if phase == CALL:
            return illegal("must_call_king", T("Appelez un roi (une dame si vous avez les quatre rois) : « call:KH ».",
                                               "Call a king (a queen if you hold all four kings): “call:KH”."), seat)
        if phase == CHELEM_PHASE:
            return illegal("chelem_or_pass", T("Annoncez le chelem (« chelem ») ou non (« pass »).",
                                               "Announce a slam (“chelem”) or not (“pass”)."), seat)
        return self._why_ecart_refused(action)

    def _why_ecart_refused(self, action: Action) -> IllegalAction:
        """Why a move of the écart is refused: a card that may not be discarded (a king, a bout, a trump while
        other cards are enough), one not held or already picked, the wrong number of cards confirmed."""
        selection = self.selection
        assert selection is not None  # the écart phase always has its selection
        seat = selection.seat
        need = CHIEN_SIZE[self.n_players]
        head, code = selection_move(action)
        if head == CONFIRM:
            return illegal("ecart_count", count(need, "L'écart compte {n} carte : vous en avez choisi {k}.",
                                                "L'écart compte {n} cartes : vous en avez choisi {k}.",
                                                "The écart takes {n} card: you chose {k}.",
                                                "The écart takes {n} cards: you chose {k}.", k=len(selection.picked)), seat)
        if head == CANCEL:
            return illegal("ecart_due", T("Le preneur doit faire son écart.", "The taker must make his écart."), seat)
        if head == UNPICK:
            return illegal("not_picked", T("Cette carte n'est pas choisie.", "That card is not chosen."), seat)
        card = code if head else action
        if card not in INDEX or not self.held[self.taker] >> INDEX[card] & 1:
            return illegal("not_in_hand", T("Vous n'avez pas cette carte.", "You do not hold that card."), seat)
        if card in selection.picked:
            return illegal("already_picked", T("Cette carte est déjà choisie : touchez-la encore pour la reprendre.",
                                               "That card is already chosen: tap it again to put it back."), seat)
        bit = 1 << INDEX[card]
        if bit & KING_MASK:
            return illegal("king_in_ecart", T("Pas de roi à l'écart.", "No king may be discarded."), seat)
        if bit & BOUT_MASK:
            return illegal("bout_in_ecart", T("Pas de bout à l'écart (21, Petit, Excuse).",
                                              "No bout may be discarded (21, Petit, Excuse)."), seat)
        if len(selection.picked) >= need:
            return illegal("ecart_full", count(need, "La carte de l'écart est choisie : reprenez-la avant d'en choisir une autre.",
                                               "Les {n} cartes de l'écart sont choisies : reprenez-en une avant d'en choisir une autre.",
                                               "The écart's card is chosen: put it back before choosing another.",
                                               "The écart's {n} cards are chosen: put one back before choosing another."), seat)
        return illegal("trump_in_ecart", T("Un atout ne va à l'écart que s'il ne reste rien d'autre à écarter.",
                                           "A trump may be discarded only when nothing else is left to discard."), seat)

    def why_illegal(self, action: Action) -> IllegalAction:
        if self.phase != PLAY:
            return super().why_illegal(action)
        seat = self.to_move
        if action.startswith("poignee:"):
            if self.log or self.poignee_done >> seat & 1:
                return illegal("poignee_too_late", T("La poignée se montre juste avant de jouer sa première carte, une fois.",
                                                     "A poignée is shown once, just before one's first card."), seat)
            return self._why_no_poignee(seat)
        hand = self.held[seat]
        card = INDEX[action]
        if not hand >> card & 1:
            return illegal("not_in_hand", T("Vous n'avez pas cette carte.", "You do not hold that card."), seat)
        if card == EXCUSE:  # the Excuse is refused only to the taker of an announced chelem going on
            return illegal("excuse_kept_for_chelem", T("Chelem annoncé : le preneur garde l'Excuse pour le dernier pli.",
                                                       "Slam announced: the taker keeps the Excuse for the last trick."), seat)
        led = self.led
        if not self.trick_cards or led < 0:
            return illegal("called_suit_lead", T("À cinq, on n'entame pas le premier pli dans la couleur appelée, sauf avec la carte appelée.",
                                                 "At five, the first trick may not be led in the called suit, except with the called card."), seat)
        if led != TRUMPS and hand & SUIT_MASK[led]:
            fr, en = SUIT_NAMES[led]
            return illegal("must_follow", T("Il faut fournir à {s}.", "You must follow suit in {s_en}.").format(s=fr, s_en=en), seat)
        if CATEGORY[card] == TRUMPS:
            if led == TRUMPS:
                return illegal("must_play_higher_trump", T("Il faut monter : jouez un atout plus fort que le {t}.",
                                                           "You must play a higher trump than the {t}.").format(t=self.top), seat)
            return illegal("must_overtrump", T("Il faut surcouper : jouez un atout plus fort que le {t}.",
                                               "You must overtrump: play a higher trump than the {t}.").format(t=self.top), seat)
        if led == TRUMPS:
            return illegal("must_play_trump", T("Atout demandé : il faut jouer atout.", "Trumps were led: you must play a trump."), seat)
        return illegal("must_trump", T("Sans la couleur demandée, il faut couper.", "Void in the suit led, you must trump."), seat)

    def _why_poignee_refused(self, action: Action) -> IllegalAction:
        """Why a move is refused while the seat chooses the trumps of its poignée: the wrong number of cards, the
        Excuse while its trumps are enough, a card that is no trump, a card to play before the choice is done."""
        selection = self.selection
        assert selection is not None  # the poignée phase always has its selection
        seat = selection.seat
        size = selection.purpose[8:]
        need = self.poignee_need(size)
        label = POIGNEE_LABELS[size]
        picked = len(selection.picked)
        head, code = selection_move(action)
        if head == CONFIRM:
            return illegal("poignee_count", count(
                need, "Une poignée {fr} montre {n} carte : vous en avez choisi {k}.",
                "Une poignée {fr} montre {n} cartes : vous en avez choisi {k}.",
                "A {en} poignée shows {n} card: you chose {k}.", "A {en} poignée shows {n} cards: you chose {k}.",
                fr=label.fr, en=label.en, k=picked), seat)
        if head == UNPICK:
            return illegal("not_picked", T("Cette carte n'est pas choisie.", "That card is not chosen."), seat)
        if head == PICK:
            bit = 1 << INDEX[code] if code in INDEX else 0
            hand = self.held[seat]
            if not hand & bit:
                return illegal("not_in_hand", T("Vous n'avez pas cette carte.", "You do not hold that card."), seat)
            if code in selection.picked:
                return illegal("already_picked", T("Cette carte est déjà choisie : touchez-la encore pour la reprendre.",
                                                   "That card is already chosen: tap it again to put it back."), seat)
            if not bit & (TRUMP_MASK | EXCUSE_BIT):
                return illegal("poignee_trumps_only", T("Une poignée ne montre que des atouts (et l'Excuse s'il en manque un).",
                                                        "A poignée shows trumps only (and the Excuse when one is missing)."), seat)
            if bit == EXCUSE_BIT and (hand & TRUMP_MASK).bit_count() >= need:
                return illegal("poignee_excuse", T("L'Excuse ne se montre qu'à la place d'un atout qui manque : vous avez assez d'atouts pour cette poignée.",
                                                   "The Excuse is shown only in place of a missing trump: you hold enough trumps for this poignée."), seat)
            return illegal("poignee_full", count(
                need, "La carte de la poignée est choisie : reprenez-la avant d'en choisir une autre.",
                "Les {n} cartes de la poignée sont choisies : reprenez-en une avant d'en choisir une autre.",
                "The poignée's card is chosen: put it back before choosing another.",
                "The poignée's {n} cards are chosen: put one back before choosing another."), seat)
        if head == CANCEL:
            return super()._why_phase_illegal(action)
        return illegal("poignee_pending", T("Montrez votre poignée ou renoncez-y avant de jouer.",
                                            "Show your poignée or give it up before playing."), seat)

    def _why_no_poignee(self, seat: int) -> IllegalAction:
        """Why a poignée shown in time is refused."""
        return illegal("poignee_not_held", T("Pas assez d'atouts pour cette poignée.", "Not enough trumps for that poignée."), seat)

    # -- what a seat sees -----------------------------------------------------------------------------------
    def _chien_shown(self) -> bool:
        return self.phase == END or (self.contract in ("prise", "garde") and self.phase not in (BID, CALL))

    def _observe_chien(self, obs: dict[str, Any]) -> None:
        obs["chien_size"] = CHIEN_SIZE[self.n_players]
        obs["chien"] = codes_of(self.chien) if self._chien_shown() else []

    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        over = self.phase == END
        self._observe_chien(obs)
        partner_known = self.partner >= 0 and (over or self.played >> self.called & 1)
        obs.update({
            "bids": [[s, b] for s, b in self.bids],
            "taker": self.taker if self.taker >= 0 else None,
            "contract": self.contract,
            # the called card as rank and suit (its code would read as a card of somebody's hand)
            "called": {"rank": CODES[self.called][:-1], "suit": CODES[self.called][-1]} if self.called >= 0 else None,
            "partner": self.partner if partner_known else None,
            "ecart": codes_of(self.ecart) if over or seat == self.taker >= 0 else [],
            "ecart_shown": codes_of(self.ecart_shown),
            "chelem_announced": self.chelem,
            "poignees": [{"seat": s, "size": z, "cards": codes_of(m)} for s, z, m in self.poignees],
            "petit_sec": self.petit_sec if self.petit_sec >= 0 else None,
            # the trumps a seat is choosing for its poignée: to that seat only, and to the others still the play
            "picking": self.selection.observed(seat) if self.selection is not None else None,
        })
        if self.phase == POIGNEE_PHASE and obs["picking"] is None:
            obs["phase"] = PLAY

    # -- what a seat sees, for people ------------------------------------------------------------------------
    def view_facts(self, seat: int | None, obs: dict[str, Any]) -> list[Fact]:
        """The deal's public facts (:meth:`_public_facts`), then the écart, to the taker once it is made."""
        facts = self._public_facts(obs)
        if seat is not None and obs.get("ecart") and self.phase != ECART:
            facts.append(Fact("ecart", T("Votre écart", "Your écart"), cards=tuple(obs["ecart"])))
        return facts

    def _public_facts(self, obs: dict[str, Any]) -> list[Fact]:
        """The taker and contract, the king called (and his partner once known), a chelem announced, the chien
        turned up, the trumps put in the écart, the poignées shown, a petit sec."""
        contract = CONTRACT_LABELS.get(obs["contract"]) if obs["contract"] else None
        facts = taker_facts(obs["taker"], contract)
        if obs["called"]:
            king = card_label(obs["called"]["rank"] + obs["called"]["suit"])
            assert king is not None  # a king's code always names a card
            if obs["partner"] is not None:
                king = Text(f"{king.fr} · {seat_ref(obs['partner'])}", f"{king.en} · {seat_ref(obs['partner'])}")
            # Said in words, not drawn as a card: the king called is no card shown (its holder stays unknown).
            facts.append(Fact("called", T("Roi appelé", "King called"), king))
        if obs["chelem_announced"]:
            facts.append(Fact("chelem", T("Chelem", "Slam"), T("annoncé", "announced")))
        if obs["chien"]:
            facts.append(Fact("chien", T("Chien", "Chien"), cards=tuple(obs["chien"])))
        if obs["ecart_shown"]:
            facts.append(Fact("ecart_shown", T("Atouts écartés", "Trumps discarded"), cards=tuple(obs["ecart_shown"])))
        for item in obs["poignees"]:
            who = seat_ref(item["seat"])
            facts.append(Fact("poignee", T(f"Poignée de {who}", f"{who}'s poignée"), cards=tuple(item["cards"])))
        if obs["petit_sec"] is not None:
            who = seat_ref(obs["petit_sec"])
            facts.append(Fact("petit_sec", T("Petit sec", "Petit sec"), T(f"{who} : donne annulée", f"{who}: deal cancelled")))
        return facts

    def view_notes(self, seat: int | None, obs: dict[str, Any]) -> list[list[Note]]:
        """Per seat, its last bid and the poignée it showed."""
        notes = call_notes(self, obs["bids"])
        for item in obs["poignees"]:
            size = POIGNEE_LABELS[item["size"]]
            notes[item["seat"]].append(Note(T(f"Poignée {size.fr}", f"Poignée {size.en}"), call=True))
        return notes

    def view_prompt(self, seat: int, obs: dict[str, Any]) -> Text | None:
        if self.phase == POIGNEE_PHASE and self.selection is not None:
            size = POIGNEE_LABELS[self.selection.purpose[8:]]
            return count(self.poignee_need(self.selection.purpose[8:]),
                         "Poignée {fr} : choisissez la carte à montrer (choisie : {k}). Touchez un atout pour le prendre ou le reprendre ; l'Excuse seulement s'il vous manque un atout.",
                         "Poignée {fr} : choisissez les {n} cartes à montrer (choisies : {k}). Touchez un atout pour le prendre ou le reprendre ; l'Excuse seulement s'il vous manque un atout.",
                         "{En} poignée: choose the card to show ({k} chosen). Tap a trump to take it or put it back; the Excuse only when you are a trump short.",
                         "{En} poignée: choose the {n} cards to show ({k} chosen). Tap a trump to take it or put it back; the Excuse only when you are a trump short.",
                         fr=size.fr, En=size.en.capitalize(), k=len(self.selection.picked))
        if self.phase == ECART and self.selection is not None:
            return count(obs["chien_size"],
                         # Short enough for the line above the hand on a phone on its side; a refused card says why.
                         "Écart : la carte à écarter (choisie : {k}), ni roi ni bout ; touchez-la pour la reprendre.",
                         "Écart : {n} cartes à écarter (choisies : {k}), ni roi ni bout ; touchez-en une pour la reprendre.",
                         "Écart: the card to discard ({k} chosen), no king, no bout; tap it to put it back.",
                         "Écart: {n} cards to discard ({k} chosen), no king, no bout; tap one to put it back.",
                         k=len(self.selection.picked))
        if self.phase == CALL:
            return T("Appelez un roi : celui qui l'a joue avec vous.", "Call a king: whoever holds it plays with you.")
        if self.phase == CHELEM_PHASE:
            return T("Annoncez-vous le chelem ?", "Do you announce a slam?")
        if self.phase == BID:
            return T("À vous de parler.", "Your bid.")
        if any(a.startswith("poignee:") for a in self.legal_actions(seat)):
            return T("Vous pouvez montrer une poignée avant de jouer votre première carte.",
                     "You may show a poignée before playing your first card.")
        return None

    def action_label(self, action: Action) -> Text:
        """A bid by its contract ("Garde"), a king to call ("Roi ♥"), a poignée to show, the chelem's yes and no."""
        if self.phase == CHELEM_PHASE and action == "pass":
            return T("Pas de chelem", "No slam")
        if self.phase == POIGNEE_PHASE and action == CONFIRM:
            return T("Montrer ces atouts", "Show these trumps")
        if self.phase == ECART and action == CONFIRM:
            return T("Valider l'écart", "Confirm the écart")
        if self.phase == POIGNEE_PHASE and action == CANCEL:
            return T("Ne pas montrer de poignée", "Show no poignée")
        if action == "chelem":
            return T("Annoncer le chelem", "Announce a slam")
        head, _sep, rest = action.partition(":")
        if head == "poignee" and rest in POIGNEE_LABELS:
            size = POIGNEE_LABELS[rest]
            return T(f"Montrer une poignée {size.fr}", f"Show a {size.en} poignée")
        if head == "call":
            card = Card.parse_code(rest)
            suit = suit_label(rest[-1])
            if isinstance(card, SuitCard) and suit is not None:
                symbol = suit.fr
                return T(f"{card.names('fr').split()[0]} {symbol}", f"{card.names('en').split()[0]} {symbol}")
        return self.call_label(action)

    def selection_label(self, selection: Selection) -> Text:
        """The cards picked for the écart or the trumps picked for a poignée, on the seat's page."""
        if selection.purpose == ECART_PURPOSE:
            return T("Écart choisi", "Écart chosen")
        return T("Atouts choisis", "Trumps chosen")

    def call_label(self, action: Action) -> Text:
        """A bid as the table says it: "Passer", "Garde"."""
        head, _sep, rest = action.partition(":")
        if head == "take" and rest in CONTRACT_LABELS:
            return CONTRACT_LABELS[rest]
        return super().action_label(action)  # "pass": the base's word, whatever the phase

    def _shown(self) -> list[int]:
        """Per pile, what everybody knows is there: the trumps of a poignée, the trumps shown at the écart;
        everything once the deal is over. Not the chien once shown: everybody saw it, but only the taker knows
        which of its cards he put back in his écart (:meth:`_seen`)."""
        if self.phase == END:
            return list(self.held)
        shown = [0] * self.n_piles
        for s, _z, cards in self.poignees:
            holder = self.holder(s)  # the hand dealt to s, shown before trick 1
            shown[holder] |= cards & self.held[holder]
        shown[self.ECART] |= self.ecart_shown
        return shown

    def _seen(self, seat: int | None) -> int:
        """The chien once shown (prise and garde): everybody saw it, and it is now in the taker's hand or in
        his écart, which of the two only the taker knows."""
        return self.chien if self.phase != END and self._chien_shown() else 0

    def _known(self, seat: int) -> list[int]:
        """Per pile, what ``seat`` knows is there: what was shown, its hand; the taker his écart."""
        known = self._shown()
        n = self.n_players
        if self.phase == END or not 0 <= seat < n:
            return known
        known[seat] = self.held[seat]
        if seat == self.taker:  # he made the écart: he knows it, and so where each card of the chien is
            known[self.ECART] = self.held[self.ECART]
        return known

    def _allowed(self, seat: int, pile: int) -> int:
        if pile == self.ECART:
            return ECART_PLAIN  # any trump in it is shown, kings and bouts never go there
        out = super()._allowed(seat, pile)
        if pile < self.n_players and self.caps[pile] < 21:
            out &= ~ABOVE[self.caps[pile]]
        if pile < self.n_players and self.phase != END and self._chien_shown():
            if pile != self.holder(self.taker):
                out &= ~self.chien  # the chien shown is in the taker's hand or his écart, in nobody else's
            elif self.ecart_shown and self.phase != ECART:
                # a trump goes to the écart only when the plain cards left are too few to fill it, and every
                # one of them must follow it there: the taker kept none of the cards an écart is made of
                out &= ~ECART_PLAIN
        return out

    def _after_determinize(self, seat: int) -> None:
        selection = self.selection
        if selection is not None and seat != selection.seat:  # another seat's choice it cannot see: in its hand
            hand = self.held[selection.seat]
            self.selection = Selection(selection.seat, selection.purpose,
                                       tuple(c for c in selection.picked if hand >> INDEX[c] & 1))
        # what the count reads must be the redealt piles, not the real ones
        if self.phase != DEAL and not self._chien_shown():
            self.chien = self.held[self.CHIEN]
        self.ecart = self.held[self.ECART]
        if self.called >= 0 and not self.played >> self.called & 1:
            bit = 1 << self.called
            holder = next((s for s in range(self.n_players) if self.held[s] & bit), -1)
            self.partner = self.taker if holder < 0 else self.hand_dealt(holder)

    # -- the count ------------------------------------------------------------------------------------------
    def tally(self) -> tuple[int, int, str | None, bool | None]:
        """The taker's camp's half points and bouts, the petit au bout's camp and who took every trick
        (True: the taker's camp, False: the defence, None: nobody)."""
        att, att_bouts = self._tricks_tally()
        taker, partner = self.taker, self.partner
        petit: str | None = None
        log = self.log
        last = len(log) - 1
        if last >= 0:
            # the Petit au bout: in the last trick, or in the one before when a chelem's Excuse won the last
            _leader, seats, cards, winner = log[last]
            for t in ((last, last - 1) if cards[0] == EXCUSE and winner == seats[0] else (last,)):
                _ld, ss, cs, w = log[t]
                if PETIT in cs:
                    who = self._petit_owner(ss, cs, w)
                    petit = "taker" if who == taker or who == partner else "defence"
        pile = self.ecart if self.contract in ("prise", "garde") else self.chien if self.contract == "garde_sans" else 0
        for card in bits(pile):
            att += HALF[card]
            if (1 << card) & BOUT_MASK:
                att_bouts += 1
        camps = {w == taker or w == partner for *_, w in log}
        slam = camps.pop() if len(camps) == 1 else None
        return att, att_bouts, petit, slam

    def _tricks_tally(self) -> tuple[int, int]:
        """The half points and bouts of the tricks that go to the taker's camp: each trick's cards to its
        winner's camp, but the Excuse, which its camp keeps (a low card given in exchange), except at the last
        trick, where it goes to that trick's winner."""
        att = 0
        att_bouts = 0
        log = self.log
        last = len(log) - 1
        taker, partner = self.taker, self.partner
        for t, (_leader, seats, cards, winner) in enumerate(log):
            w_att = winner == taker or winner == partner
            for p, card in zip(seats, cards, strict=True):
                if card == EXCUSE:
                    camp = w_att if t == last else (p == taker or p == partner)
                    att += excuse_half(camp, w_att)
                    att_bouts += camp
                elif w_att:
                    att += HALF[card]
                    if card == PETIT or card == TWENTY_ONE:
                        att_bouts += 1
        return att, att_bouts

    def _petit_owner(self, seats: tuple[int, ...], cards: tuple[int, ...], winner: int) -> int:
        """The seat whose camp a Petit au bout counts for, in the trick ``seats`` played ``cards`` to: the
        trick's ``winner``."""
        return winner

    def _chelem(self, slam: bool | None) -> str | None:
        if self.chelem:
            return "announced_made" if slam else "announced_failed"
        return "unannounced_made" if slam else "defence" if slam is False else None

    def _entry(self) -> dict[str, Any]:
        if self.taker < 0:
            return {"taker": None}
        half, bouts, petit, slam = self.tally()
        entry: dict[str, Any] = {"taker": self.taker, "contract": self.contract}
        if self.n_players == 5:
            entry["partner"] = self.partner
        entry.update({
            "bouts": bouts,
            "points": half // 2 if half % 2 == 0 else half / 2,
            "petit_au_bout": petit,
            "poignees": [{"seat": s, "size": z} for s, z, _ in sorted(self.poignees)],
            "chelem": self._chelem(slam),
        })
        return entry

    def returns(self) -> list[float]:
        """The sheet's scores for :meth:`entry`, computed without building it."""
        n = self.n_players
        if self.taker < 0:
            return [0] * n
        half, bouts, petit, slam = self.tally()
        assert self.contract is not None  # a taker has bid one
        value = deal_value(self.contract, bouts, half, petit, [z for _, z, _ in self.poignees], self._chelem(slam),
                           self.sheet.chelem_defence())
        factors = self.sheet.factors(self.taker, self.partner if n == 5 else None)
        return [f * value if isinstance(f, int) else _whole(f * value) for f in factors]



def excuse_half(camp: bool, winner_camp: bool) -> int:
    """The half points the Excuse brings the taker's camp: ``camp`` is whether it is the taker's camp's, played to
    a trick the taker's camp wins (``winner_camp``) or not. Its camp keeps it: 9 (4.5 points) to its camp,
    or 8 (4) when the trick is the other camp's, which gets the half point of a low card in exchange."""
    if camp == winner_camp:
        return 9 if camp else 0
    return 8 if camp else 1


def _whole(x: float) -> int | float:
    return int(x) if x == int(x) else x


def deal_value(contract: str, bouts: int, half: int, petit: str | None, poignees: list[str], chelem: str | None,
               chelem_defence: int) -> int:
    """:func:`companion.families.tarot.deal_value`'s number, without its words (the playouts' fast path)."""
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




