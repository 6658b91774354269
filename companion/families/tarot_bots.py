"""The tarots' quick bots: rule-based players for the seat to move of a :mod:`.tarot_play` deal, reading only
what that seat may know (its hand, the cards played, what was shown or announced, the voids shown by play).

One entry point per variant, each an engine's :meth:`~companion.kernel.deal.DealState.quick_action`:
:func:`quick_action` (the FFT's Tarot), :func:`lorrain_action` (the Tarot lorrain: another bidding, and the
Excuse may be kept for the last trick, where its camp keeps it) and :func:`tare_action` (the Tarot taré: every
seat for itself, losing tricks).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.families.tarot_common import (
    ABOVE,
    BID,
    BOUT_MASK,
    CALL,
    CATEGORY,
    CHELEM_PHASE,
    CHIEN_SIZE,
    CODES,
    ECART,
    ECART_PLAIN,
    EXCUSE,
    EXCUSE_BIT,
    HALF,
    HAND_SIZE,
    KING_MASK,
    PETIT,
    RANK,
    SUIT_MASK,
    TAKE,
    TRUMP,
    TRUMP_MASK,
    TWENTY_ONE,
    cards_of,
)
from companion.families.trickplay import DEAL, PLAY, bits
from companion.kernel.deal import CANCEL, CONFIRM, Action, illegal
from companion.kernel.errors import IllegalAction
from companion.kernel.text import T

if TYPE_CHECKING:  # pragma: no cover
    from companion.families.tarot_deal import TarotDeal


def quick_action(state: TarotDeal, rng: random.Random) -> Action:
    """The FFT's Tarot: bid from hand strength (bouts, trumps, kings, long suits and voids), call the king of
    one's longest suit, discard short suits, show a poignée as taker, then the obvious card (win a trick worth it
    cheaply, load points on a partner's trick, throw the cheapest card on a lost one, save the Excuse and the
    Petit)."""
    return _action(state, rng, quick_bid, excuse_lost_last=True)


def lorrain_action(state: TarotDeal, rng: random.Random) -> Action:
    """The Tarot lorrain: :func:`quick_action`'s play with :func:`lorrain_bid`, the Excuse kept for the last
    trick if need be (at the lorrain its camp keeps it even there)."""
    return _action(state, rng, lorrain_bid, excuse_lost_last=False)


def tare_action(state: TarotDeal, rng: random.Random) -> Action:
    """The Tarot taré (no bidding, every seat for itself): play to lose tricks (:func:`tare_card`)."""
    phase = state.phase
    if phase == PLAY:
        legal = cards_of(state._legal_mask(state.to_move))
        return CODES[legal[0] if len(legal) == 1 else tare_card(state, legal)]
    if phase == DEAL:
        return rng.choice(state.undealt)
    raise _over()


def _action(state: TarotDeal, rng: random.Random, bid: Callable[[TarotDeal, int], str], excuse_lost_last: bool) -> Action:
    phase = state.phase
    if phase == ECART:
        return ecart_choice(state)
    if state.selection is not None:
        return poignee_choice(state)
    if phase == PLAY:
        return quick_card(state, rng, excuse_lost_last)
    if phase == DEAL:
        return rng.choice(state.undealt)
    if phase == BID:
        hand = state.held[state.to_move]
        return bid(state, hand)
    if phase == CALL:
        return "call:" + CODES[quick_call(state, rng)]
    if phase == CHELEM_PHASE:
        return "chelem" if slam_hand(state) else "pass"
    raise _over()


def poignee_choice(state: TarotDeal) -> Action:
    """While the seat chooses its poignée's trumps: show the ones picked for it (the strongest needed, the Excuse
    only when it stands in for the missing trump) at once; a choice left unfinished (a human's seat handed over
    half way) is given up, and the poignée shown again from the start if the bot wants one."""
    selection = state.selection
    assert selection is not None  # called only while a choice is under way
    return CONFIRM if len(selection.picked) == state.poignee_need(selection.purpose[8:]) else CANCEL


def ecart_choice(state: TarotDeal) -> Action:
    """While the taker chooses his écart: pick :func:`quick_discard`'s card, then make the écart once it is full
    (the same cards as when each card counted at once)."""
    if state.ecart_picked().bit_count() >= CHIEN_SIZE[state.n_players]:
        return CONFIRM
    return "pick:" + CODES[quick_discard(state)]


def _over() -> IllegalAction:
    return illegal("deal_over", T("La donne est finie.", "The deal is over."))


# -- bidding, calling, the écart ----------------------------------------------------------------------------------
BID_THRESHOLDS = (36, 52, 68, 80)  # hand strength for a prise, garde, garde sans, garde contre at 4 players


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
            score += (2 if t >= 5 else 0.5) * (length - 4)  # a long suit is worth something with trumps to back it
        elif length == 0:
            score += 6 if t >= 4 else 2
        elif length == 1:
            score += 3 if t >= 4 else 1
    return score * 18 / HAND_SIZE[n]


def quick_bid(state: TarotDeal, hand: int) -> str:
    """The FFT's bid for ``hand``: pass without trumps, else the highest contract :func:`hand_strength` reaches
    (:data:`BID_THRESHOLDS`) if it is above the bids so far."""
    if (hand & TRUMP_MASK).bit_count() < HAND_SIZE[state.n_players] // 4:
        return "pass"  # nobody takes without trumps
    strength = hand_strength(hand, state.n_players)
    best = -1
    for i, threshold in enumerate(BID_THRESHOLDS):
        if strength >= threshold:
            best = i
    return TAKE[best] if best > state.best else "pass"


def lorrain_bid(state: TarotDeal, hand: int) -> str:
    """At the Tarot lorrain the hands go round, so a strong hand is everybody's in turn: what the taker keeps is
    his écart, and the bouts he plays himself. Take a prise only with the makings of a rich écart (the best cards
    he may discard, queens and cavaliers first) and two bouts."""
    if state.best >= 0:
        return "pass"
    discardable = sorted((HALF[c] for c in bits(hand & ECART_PLAIN)), reverse=True)[:CHIEN_SIZE[state.n_players]]
    bouts = (hand & BOUT_MASK).bit_count()
    return "take:prise" if sum(discardable) >= 30 and bouts >= 2 else "pass"


def quick_call(state: TarotDeal, rng: random.Random) -> int:
    """The card the taker calls at 5 players: one he does not hold, of the suit he holds most of."""
    hand = state.held[state.taker]
    cards = cards_of(state.callable())
    outside = [c for c in cards if not hand >> c & 1] or cards
    # the king of the suit he holds most of: his partner's king then guards it
    longest = max((hand & SUIT_MASK[CATEGORY[c]]).bit_count() for c in outside)
    return rng.choice([c for c in outside if (hand & SUIT_MASK[CATEGORY[c]]).bit_count() == longest])


def quick_discard(state: TarotDeal) -> int:
    """The taker's next card to the écart: from his shortest suit (a queen guarded by her king kept), the dearest
    first; a trump only when the rules leave nothing else. The cards picked already count as gone."""
    hand = state.held[state.taker] & ~state.ecart_picked()
    legal = cards_of(state.legal_ecart())

    def key(card: int) -> tuple[int, ...]:
        cat = CATEGORY[card]
        if cat == TRUMP:
            return (1, 99, RANK[card])
        suit = hand & SUIT_MASK[cat]
        guarded = suit & KING_MASK  # a queen with her king is worth keeping
        return (0, suit.bit_count() + (3 if guarded else 0), -HALF[card], -RANK[card])

    return min(legal, key=key)


def slam_hand(state: TarotDeal) -> bool:
    """Whether the taker announces a chelem: the 21, all but three cards trumps, and no plain card but kings."""
    hand = state.held[state.taker]
    trumps = hand & TRUMP_MASK
    plain = hand & ~TRUMP_MASK & ~EXCUSE_BIT
    return bool(hand >> TWENTY_ONE & 1) and trumps.bit_count() >= HAND_SIZE[state.n_players] - 3 and plain & ~KING_MASK == 0


# -- the card play ----------------------------------------------------------------------------------------------
def beats(state: TarotDeal, card: int) -> bool:
    """Whether ``card`` would win the trick on the table as it stands."""
    cat = CATEGORY[card]
    if cat == 5:
        return False
    if state.led < 0:
        return True
    if cat == TRUMP:
        return RANK[card] > state.top
    return cat == state.led and not state.top and RANK[card] > state.win_rank


def allies(state: TarotDeal, seat: int, other: int) -> bool:
    """Whether ``seat`` knows ``other`` plays on its side (only what it may know: the partner at 5 players is
    known to himself, and to all once the called card is played)."""
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


def quick_card(state: TarotDeal, rng: random.Random, excuse_lost_last: bool = True) -> str:
    """The card (or the poignée, shown as taker) of a tarot with a taker; ``excuse_lost_last``: the Excuse played
    to the last trick goes to that trick's winner (the FFT), so it is never kept for it."""
    seat = state.to_move
    if not len(state.log) and not state.poignee_done >> seat & 1 and seat == state.taker:
        sizes = state.poignee_sizes(seat)
        if sizes:
            return f"poignee:{sizes[-1]}"
    legal = cards_of(state._legal_mask(seat))
    if len(legal) == 1:
        return CODES[legal[0]]
    n = state.n_players
    trick = state.trick_cards
    last_to_play = len(trick) == n - 1
    tricks_left = HAND_SIZE[n] - len(state.log)
    hand = state.held[seat]
    plain = [c for c in legal if c != EXCUSE]
    if state.led < 0:  # leading
        attack = allies(state, seat, state.taker)
        foes = [s for s in range(n) if not allies(state, seat, s)]
        foe_voids = 0
        for s in foes:
            foe_voids |= state.voids[s]
        kings = [c for c in plain if (1 << c) & KING_MASK and not foe_voids >> CATEGORY[c] & 1]
        if kings:
            return CODES[kings[0]]  # a king the other side cannot trump yet
        trumps = [c for c in plain if CATEGORY[c] == TRUMP]
        outside = TRUMP_MASK & ~state.played & ~hand
        if attack and trumps and outside:
            best = max(trumps, key=RANK.__getitem__)
            if not outside & ABOVE[RANK[best]]:
                return CODES[best]  # the master trump draws theirs
            if len(trumps) * 2 >= len(plain):
                low = [c for c in trumps if c != PETIT] or trumps
                return CODES[min(low, key=RANK.__getitem__)]
        suits = [c for c in plain if CATEGORY[c] != TRUMP] or plain
        if not attack and state.taker >= 0:
            # make the taker trump: lead a suit he has shown he lacks
            forcing = [c for c in suits if CATEGORY[c] < TRUMP and state.voids[state.taker] >> CATEGORY[c] & 1]
            if forcing:
                return CODES[min(forcing, key=lambda c: (HALF[c], RANK[c]))]
        longest = max((hand & SUIT_MASK[CATEGORY[c]]).bit_count() if CATEGORY[c] < TRUMP else 0 for c in suits)
        pool = [c for c in suits if CATEGORY[c] >= TRUMP or (hand & SUIT_MASK[CATEGORY[c]]).bit_count() == longest]
        return CODES[min(pool, key=lambda c: (HALF[c], RANK[c]))]
    friend = state.winning >= 0 and allies(state, seat, state.winning)
    winners = [c for c in plain if beats(state, c)]
    points_down = sum(HALF[c] for c in trick)
    cheap = min(plain, key=lambda c: (HALF[c], RANK[c])) if plain else EXCUSE
    if friend:
        safe = last_to_play or state.top >= 15 or (state.led < TRUMP and not state.top and state.win_rank == 14)
        if safe:
            if PETIT in legal:
                return "T1"
            losers = [c for c in plain if not beats(state, c) or CATEGORY[c] != TRUMP]
            return CODES[max(losers or plain, key=lambda c: (HALF[c] if c != TWENTY_ONE else 0, -RANK[c]))]
        return CODES[cheap]
    if winners and (last_to_play or points_down >= 5 or len(trick) >= n // 2):
        if last_to_play and PETIT in winners:
            return "T1"
        cheapest = min(winners, key=lambda c: (HALF[c] if c != TWENTY_ONE else 0, RANK[c]))
        return CODES[cheapest]
    if EXCUSE in legal and tricks_left > 2 and HALF[cheap] >= 5:
        return "EX"
    if EXCUSE in legal and tricks_left == 2 and excuse_lost_last:
        return "EX"  # never keep it for the last trick, where it is lost
    return CODES[cheap]


def tare_card(state: TarotDeal, legal: list[int]) -> int:
    """Tarot taré: lose the trick if possible with the dearest card that still loses, else win it as cheaply as
    possible while shedding a high card."""
    if state.led < 0 and not state.trick_cards:
        return min(legal, key=lambda c: (RANK[c] if c != EXCUSE else -1, HALF[c]))
    if EXCUSE in legal:
        return EXCUSE
    losers = [c for c in legal if not beats(state, c)]
    if losers:
        return max(losers, key=lambda c: (HALF[c], RANK[c]))
    if len(state.trick_cards) == state.n_players - 1:
        return min(legal, key=lambda c: (HALF[c], -RANK[c]))
    return max(legal, key=lambda c: (-HALF[c], RANK[c]))
