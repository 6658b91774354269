"""Classic French belote, written once for every belote Atout scores (Belote, Belote à trois, Belote de comptoir,
Coinche).

Scoring is written once here for every belote with a taker and a defence (:func:`outcome`: made, dedans, capot,
litige with or without reserve, belote-rebelote never lost), and the ceiling of what a bidder can count with few
cards (:func:`ceiling`).

Sources: contree.org « La marque » and jeuxdecartesinedits « La belote » for the card order and points, the dix de
der and belote-rebelote; exoty.com « Compter les points à la coinche » for the no-trump and all-trump values.

Card points are dicts keyed by ASCII rank code (:attr:`companion.kernel.cards.Rank.code`), strongest card first,
so that one dict gives both the order and the points. A game that plays with fewer cards derives its own with
:func:`without` (the belote à trois drops the 7s and 8s) rather than typing them again.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Self

from companion.families.trickplay import (
    BELOTE_PLAIN,
    BELOTE_TRUMPS,
    DEAL,
    END,
    PLAY,
    SUIT_BY_LETTER,
    SUIT_LETTER,
    Pack,
    TrickDeal,
    bits,
    call_notes,
    taker_facts,
    trump_facts,
    turned_facts,
)
from companion.families.trickplay import pack as trick_pack
from companion.kernel import schema
from companion.kernel.cards import SUITS, Suit, SuitCard, rank_name
from companion.kernel.deal import Action, illegal
from companion.kernel.errors import IllegalAction
from companion.kernel.game import RuleTable
from companion.kernel.text import T, Text, count, seat_ref
from companion.kernel.view import Fact, Note, suit_label

# Strongest first.
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
# Coinche contracts: every suit plain (no trumps), or every suit trump (all trumps). Each suit is worth 38, so a
# deal keeps its 162 points.
NO_TRUMP_POINTS = {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}  # option: ace 11
ALL_TRUMP_POINTS = {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0}

LAST_TRICK = 10  # dix de der: the last trick's bonus
BELOTE = 20  # belote-rebelote: King + Queen of trumps in one hand, announced (suit contracts only)
CAPOT = 252  # every trick to one side: 162 + 90 (contree.org « La marque »), scored instead of the card points
ANNOUNCE_STEP = 10  # every announcement is worth a multiple of ten

# Contracts by key, as entries name them: a suit (its ASCII code) is trump, or sans atout, or tout atout.
SUIT_TRUMPS = tuple(s.value for s in SUITS)  # "S", "H", "D", "C"
NO_TRUMP = "SA"
ALL_TRUMP = "TA"
TRUMP_NAMES = {
    "S": T("Pique ♠", "Spades ♠"),
    "H": T("Cœur ♥", "Hearts ♥"),
    "D": T("Carreau ♦", "Diamonds ♦"),
    "C": T("Trèfle ♣", "Clubs ♣"),
    NO_TRUMP: T("Sans atout", "No trumps"),
    ALL_TRUMP: T("Tout atout", "All trumps"),
}

# Optional announcements, declared during the first trick.
ANNOUNCEMENTS = (
    ("tierce", T("Tierce (3 cartes qui se suivent)", "Tierce (3 in sequence)"), 20),
    ("cinquante", T("Cinquante (4 qui se suivent)", "Fifty (4 in sequence)"), 50),
    ("cent", T("Cent (5 qui se suivent)", "Hundred (5 in sequence)"), 100),
    ("carre_valets", T("Carré de Valets", "Four Jacks"), 200),
    ("carre_neuf", T("Carré de 9", "Four 9s"), 150),
    ("carre_as_10_r_d", T("Carré d'As, de 10, de Rois ou de Dames", "Four Aces, 10s, Kings or Queens"), 100),
)


def without(points: Mapping[str, int], codes: Iterable[str]) -> dict[str, int]:
    """``points`` without the ranks ``codes``, order kept: ``without(TRUMP_POINTS, ("7", "8"))``."""
    removed = set(codes)
    return {code: value for code, value in points.items() if code not in removed}


def deal_total(trump: Mapping[str, int] = TRUMP_POINTS, plain: Mapping[str, int] = PLAIN_POINTS) -> int:
    """Points in one deal: the trump suit, the other suits, and the dix de der (162 in classic belote)."""
    return sum(trump.values()) + (len(SUITS) - 1) * sum(plain.values()) + LAST_TRICK


DEAL_TOTAL = deal_total()  # 162


def card_points(card: SuitCard, trump: Suit | None) -> int:
    """The points ``card`` is worth when ``trump`` is the trump suit. Raises ``KeyError`` for a rank belote does
    not play (2 to 6)."""
    return (TRUMP_POINTS if card.suit is trump else PLAIN_POINTS)[card.rank.code]


def suit_values(trump: str, ranks: Iterable[str] | None = None) -> list[list[int]]:
    """The card points of each of the four suits under the contract ``trump`` (a suit code, ``"SA"`` or ``"TA"``),
    keeping only the rank codes ``ranks`` (every rank of the 32-card pack when ``None``)."""
    kept = None if ranks is None else set(ranks)

    def values(points: Mapping[str, int]) -> list[int]:
        return [v for code, v in points.items() if kept is None or code in kept]

    if trump == NO_TRUMP:
        return [values(NO_TRUMP_POINTS) for _ in SUITS]
    if trump == ALL_TRUMP:
        return [values(ALL_TRUMP_POINTS) for _ in SUITS]
    if trump not in SUIT_TRUMPS:
        raise KeyError(trump)
    return [values(TRUMP_POINTS if code == trump else PLAIN_POINTS) for code in SUIT_TRUMPS]


def contract_total(trump: str, ranks: Iterable[str] | None = None) -> int:
    """Points in a deal played under ``trump``, dix de der included: 162 under any of the six contracts."""
    return sum(sum(v) for v in suit_values(trump, ranks)) + LAST_TRICK


def ceiling(trump: str, cards: int, players: int, ranks: Iterable[str] | None = None) -> int:
    """The most a bidder could count when ``players`` players hold ``cards`` cards each: the sum of the
    ``cards × players`` highest card values of the pack under ``trump``, + the dix de der, + belote-rebelote with a
    suit trump when a hand holds two cards or more. A ceiling, not the exact best a deal allows: the highest cards
    need not all be dealt, nor fall in one player's tricks."""
    pack = sorted((v for suit in suit_values(trump, ranks) for v in suit), reverse=True)
    top = sum(pack[:cards * players])
    belote = BELOTE if trump in SUIT_TRUMPS and cards >= 2 else 0
    return top + LAST_TRICK + belote


@cache
def _sums_by_count(values: tuple[int, ...]) -> tuple[frozenset[int], ...]:
    """``out[c]``: every total of ``c`` distinct cards of a pack whose cards are worth ``values``."""
    sums: list[set[int]] = [set() for _ in range(len(values) + 1)]
    sums[0].add(0)
    for v in values:
        for c in range(len(values) - 1, -1, -1):
            if sums[c]:
                sums[c + 1].update(s + v for s in sums[c])
    return tuple(frozenset(s) for s in sums)


@cache
def _reachable(trump: str, tricks: int, players: int, ranks: tuple[str, ...] | None, belote: bool) -> frozenset[int]:
    pack = [v for suit in suit_values(trump, ranks) for v in suit]
    honours = (TRUMP_POINTS["K"], TRUMP_POINTS["Q"])
    if belote:  # the King and the Queen of trumps leave the pack: they are placed by hand below
        for v in honours:
            pack.remove(v)  # values are a multiset: any card worth as much stands for it
    sums = _sums_by_count(tuple(sorted(pack)))
    out: set[int] = set()
    for k in range(tricks + 1):  # the side takes k tricks: k × players cards
        size = k * players
        totals: set[int] = set()
        if belote:
            # The holder played K and Q in two different tricks: j of them are in the side's tricks, so it won
            # at least j tricks and lost at least 2 − j.
            for j, extra in ((0, (0,)), (1, honours), (2, (sum(honours),))):
                if k < j or tricks - k < 2 - j or size - j < 0 or size - j >= len(sums):
                    continue
                totals.update(s + e for s in sums[size - j] for e in extra)
        elif size < len(sums):
            totals.update(sums[size])
        if k == 0:
            out.update(totals)
        else:  # the last trick is the side's when it took every trick, and may be otherwise
            out.update(t + LAST_TRICK for t in totals)
            if k < tricks:
                out.update(totals)
    return frozenset(out)


def reachable(trump: str, tricks: int, players: int, ranks: Iterable[str] | None = None, *,
              belote: bool = False) -> frozenset[int]:
    """Every card-point total (dix de der included, belote not) one side can end a deal with, when ``players``
    players play ``tricks`` tricks of one card each under ``trump``, from the pack's card values alone: the side
    takes ``k`` tricks, so ``k × players`` distinct cards of the pack (kept to ``ranks``), and the dix de der when
    it took the last one — always when it took them all, never when it took none. With ``belote``, a player of the
    side held the King and the Queen of trumps and played them in two different tricks: as many of the two as lie
    in the side's tricks, it won at least that many tricks and lost the others' (a suit contract only).

    Not every total so reached is a deal real play allows (the duties to follow and trump are not followed), but
    every total real play gives is in the set: a total outside it cannot happen."""
    kept = None if ranks is None else tuple(ranks)
    if belote and (trump not in SUIT_TRUMPS or (kept is not None and not {"K", "Q"} <= set(kept))):
        return frozenset()
    return _reachable(trump, tricks, players, kept, belote)


def counted(trump: str, tricks: int, players: int, ranks: Iterable[str] | None = None) -> frozenset[int]:
    """Every total a side can count with its own belote-rebelote, if any: :func:`reachable` without the belote,
    and :data:`BELOTE` more than :func:`reachable` with it (a suit contract, two cards each or more)."""
    kept = None if ranks is None else tuple(ranks)
    with_belote = reachable(trump, tricks, players, kept, belote=True)
    return reachable(trump, tricks, players, kept) | {p + BELOTE for p in with_belote}


def unreachable(trump: str, tricks: int, players: int, ranks: Iterable[str] | None = None) -> tuple[int, ...]:
    """The totals from 0 to the deal's whole that a side can never end a deal with (:func:`reachable`)."""
    kept = None if ranks is None else tuple(ranks)
    can = reachable(trump, tricks, players, kept)
    return tuple(p for p in range(contract_total(trump, kept) + 1) if p not in can)


PASSED_DEAL = T("Donne passée : rien d'autre à saisir.", "Passed deal: nothing else is entered.")


def announcements_schema(n_players: int) -> dict[str, Any]:
    """The entry's ``annonces`` (with the option ``annonces``): the points of each seat's announcements that
    counted, multiples of :data:`ANNOUNCE_STEP` (the sheets read it with :meth:`EntryReader.counts`)."""
    return schema.counts(n_players, step=ANNOUNCE_STEP, description=(
        "with the option annonces only (a table without it refuses the field): the points of each seat's "
        f"announcements that counted, in multiples of {ANNOUNCE_STEP}"))


def passed_schema(key: str, description: str = "everybody passed") -> dict[str, Any]:
    """A passed deal: ``key`` (the taker or the bidder) null and nothing else (:meth:`EntryReader.nothing_else`)."""
    return schema.obj({key: {"type": "null"}}, [key], description)
TAKER = "taker"
DEFENCE = "defence"


@dataclass(frozen=True)
class Outcome:
    """What one deal of a two-sided belote gives each side (the taker's side and the defence).

    ``result`` is ``"made"``, ``"dedans"`` or ``"litige"`` (equal totals with the reserve rule: the taker's card
    points wait in ``reserve``). ``taker_total`` and ``defence_total`` are what each side counted for the contract
    (card points or capot, + announcements, + belote); ``taker_score`` and ``defence_score`` what each writes."""

    result: str
    taker_total: int
    defence_total: int
    taker_score: int
    defence_score: int
    capot: str | None = None  # TAKER or DEFENCE when one side took every trick
    reserve: int = 0


def outcome(
    taker_points: int,
    *,
    taker_announces: int = 0,
    defence_announces: int = 0,
    belote: str | None = None,
    capot: bool = False,
    litige: str = "dedans",
    total: int = DEAL_TOTAL,
    capot_value: int = CAPOT,
) -> Outcome:
    """Score a belote deal between a taking side and a defence (any number of players on each).

    ``taker_points``: the taker's side card points with the dix de der (0 … ``total``); the defence has the rest.
    ``belote``: the side that announced belote-rebelote (``TAKER``, ``DEFENCE`` or ``None``), worth
    :data:`BELOTE` to that side whatever happens. ``capot``: one side took every trick (the taker's when
    ``taker_points == total``, else the defence's): it counts ``capot_value`` instead of its card points, and
    the other side keeps only its belote.

    The contract is made when the taker's total is higher than the defence's. Otherwise *dedans*: the defence
    scores ``total`` (or the capot value) + every announcement + its belote; the taker only his belote. Equal
    totals are dedans, unless ``litige == "reserve"``: the defence scores its own total, the taker his belote,
    and his card points wait in ``reserve`` for the next deal that is not a litige."""
    if capot and taker_points not in (0, total):
        raise ValueError(f"a capot leaves the taker {total} points or none, not {taker_points}")
    taker_belote = BELOTE if belote == TAKER else 0
    defence_belote = BELOTE if belote == DEFENCE else 0
    if capot and taker_points == total:
        taker_total = capot_value + taker_announces + taker_belote
        return Outcome("made", taker_total, defence_belote, taker_total, defence_belote, capot=TAKER)
    if capot:
        defence_total = capot_value + taker_announces + defence_announces + defence_belote
        return Outcome("dedans", taker_belote, defence_total, taker_belote, defence_total, capot=DEFENCE)
    taker_total = taker_points + taker_announces + taker_belote
    defence_total = total - taker_points + defence_announces + defence_belote
    if taker_total > defence_total:
        return Outcome("made", taker_total, defence_total, taker_total, defence_total)
    if taker_total == defence_total and litige == "reserve":
        return Outcome("litige", taker_total, defence_total, taker_belote, defence_total, reserve=taker_points)
    dedans = total + taker_announces + defence_announces + defence_belote
    return Outcome("dedans", taker_total, defence_total, taker_belote, dedans)


_RANK = T("Rang", "Rank")
_POINTS = T("Points", "Points")
TRUMPS = T("Atout", "Trumps")
OTHER_SUITS = T("Autres couleurs", "Other suits")


def order_table(
    key: str,
    title: Text,
    first: tuple[Text, Mapping[str, int]],
    second: tuple[Text, Mapping[str, int]],
) -> RuleTable:
    """Two card orders side by side, strongest first, each card with its points: row ``i`` holds the ``i``-th
    card of each. ``first`` and ``second`` are (column title, points by rank code) and must be as long."""
    (first_name, first_points), (second_name, second_points) = first, second
    return RuleTable(
        key,
        title,
        (_RANK, first_name, _POINTS, second_name, _POINTS),
        rows=tuple(
            (i, rank_name(a), first_points[a], rank_name(b), second_points[b])
            for i, (a, b) in enumerate(zip(first_points, second_points, strict=True), start=1)
        ),
    )


def card_order_table(trump: Mapping[str, int] = TRUMP_POINTS, plain: Mapping[str, int] = PLAIN_POINTS) -> RuleTable:
    """The « card order and points » table every belote shows (key ``card_order``)."""
    title = T("Ordre et valeur des cartes", "Card order and points")
    return order_table("card_order", title, (TRUMPS, trump), (OTHER_SUITS, plain))


def no_trump_all_trump_table() -> RuleTable:
    """The coinche no-trump and all-trump orders and points (key ``sa_ta_order``)."""
    return order_table(
        "sa_ta_order",
        T("Sans atout et tout atout (option)", "No trumps and all trumps (option)"),
        (T("Sans atout", "No trumps"), NO_TRUMP_POINTS),
        (T("Tout atout", "All trumps"), ALL_TRUMP_POINTS),
    )


# -- Coinche (belote contrée): a contract bid in points, doubled and redoubled ---------------------------------
COINCHE_CONTRACTS = tuple(range(80, 161, 10))  # 80, 90 … 160
CAPOT_CONTRACT = "capot"
GENERALE_CONTRACT = "generale"
CONTRACT_VALUES = {CAPOT_CONTRACT: 250, GENERALE_CONTRACT: 500}  # what a capot or a générale bid is worth
ROUNDED_TOTAL = 160  # card points are written to the ten: 162 becomes 160
MULTIPLIERS = (1, 2, 4)  # by ``coinche``: 0 none, 1 coinché (contré), 2 surcoinché (surcontré)
CONTRAT_PLUS_POINTS = "contrat_plus_points"
CONTRAT_SEUL = "contrat_seul"
ROUND_COMPLEMENT = "complement"  # the defence writes 160 less the bidders' rounded points
ROUND_EACH = "chacun"  # each side's card points rounded on their own
FAILED_CAPOT_FLAT = 500  # what a failed capot bid gives the defence at some tables, instead of 160 + 250


def round_to_ten(points: int) -> int:
    """Card points as a coinche sheet writes them: to the nearest ten, a 5 rounding up (85 → 90, 84 → 80), never
    above :data:`ROUNDED_TOTAL` (162 → 160)."""
    return min(ROUNDED_TOTAL, (points + 5) // 10 * 10)


UNBID_CAPOT = 250  # a table variant (contree.net « Score »): a numbered contract made with every trick scores 250


def contract_value(contract: int | str, capot_value: int = CONTRACT_VALUES[CAPOT_CONTRACT]) -> int:
    """What a contract is worth before coinche: its number, or 250 for a capot (``capot_value`` where a table
    bids it higher), 500 for a générale."""
    if contract == CAPOT_CONTRACT:
        return capot_value
    return CONTRACT_VALUES[contract] if isinstance(contract, str) else contract


@dataclass(frozen=True)
class CoincheOutcome:
    """One coinche deal: ``made``, what the bidding side counted for its contract (card points + its
    announcements + its belote), the contract's worth after coinche (``value``) and what each side writes."""

    made: bool
    bidder_total: int
    value: int
    bidder_score: int
    defence_score: int


def coinche_outcome(
    points: int,
    contract: int | str,
    *,
    coinche: int = 0,
    bidder_announces: int = 0,
    defence_announces: int = 0,
    belote: str | None = None,
    capot: bool = False,
    generale: bool = False,
    counting: str = CONTRAT_PLUS_POINTS,
    coinche_all: bool = False,
    belote_counts: bool = True,
    unbid_capot: int | None = None,
    capot_value: int = CONTRACT_VALUES[CAPOT_CONTRACT],
    must_beat_defence: bool = False,
    rounding: str = ROUND_COMPLEMENT,
    failed_capot: int | None = None,
) -> CoincheOutcome:
    """Score a coinche deal. ``points``: the bidding side's card points with the dix de der (the defence has
    the rest of :data:`DEAL_TOTAL`); ``contract``: a number of :data:`COINCHE_CONTRACTS`, ``"capot"`` or
    ``"generale"``; ``coinche``: 0, 1 (×2) or 2 (×4), applied to the contract's worth for whichever side scores
    it; ``belote``: ``TAKER`` (the bidding side), ``DEFENCE`` or ``None``, never lost; ``capot``: the bidding
    side took every trick; ``generale``: the bidder took every trick alone.

    Made: a numbered contract when the bidding side's total reaches it; a capot when it took every trick; a
    générale when the bidder took them alone. Failed: the defence writes 160 + the contract's worth + every
    announcement + its belote, the bidding side only its belote.

    Made, ``counting="contrat_plus_points"``: the bidding side writes the contract's worth + its card points to
    the ten + its announcements + its belote, the defence the rest of 160 + its own announcements and belote (a
    capot or générale bid scores its worth instead of card points, and the defence only its belote).
    ``counting="contrat_seul"``: the bidding side writes the contract's worth + its belote, the defence its belote.

    ``coinche_all`` (a table variant): once coinched, the side that wins the deal writes (160 + the contract) ×
    coinche + every announcement + its belote, whatever the counting; the other side only its belote.

    Four more table variants: ``must_beat_defence``, a numbered contract is made only if the bidding side also
    counts more than the defence (card points, announcements and belote); ``belote_counts=False``, the belote does
    not help to make the contract (it is still written); ``unbid_capot`` (250), a numbered contract made with every
    trick scores that instead of its card points, in the « contrat plus points » counting, and the defence only its
    belote; ``capot_value``, what a capot bid is worth (250, or 500 at some tables).

    And two more: ``rounding`` (« contrat plus points », made): :data:`ROUND_COMPLEMENT`, the defence writes 160 less
    the bidders' rounded points, or :data:`ROUND_EACH`, each side's card points rounded on their own (85 and 77
    become 90 and 80); ``failed_capot``, a flat worth of a failed capot bid to the defence (500 at some tables),
    multiplied by the coinche, instead of 160 + the capot's worth.
    """
    bidder_belote = BELOTE if belote == TAKER else 0
    defence_belote = BELOTE if belote == DEFENCE else 0
    worth = contract_value(contract, capot_value)
    value = worth * MULTIPLIERS[coinche]
    bidder_total = points + bidder_announces + bidder_belote
    if contract == CAPOT_CONTRACT:
        made = capot
    elif contract == GENERALE_CONTRACT:
        made = generale
    else:
        made = (bidder_total if belote_counts else bidder_total - bidder_belote) >= worth  # a number's worth is itself
        if must_beat_defence:
            made = made and bidder_total > DEAL_TOTAL - points + defence_announces + defence_belote
    flat = failed_capot is not None and contract == CAPOT_CONTRACT and not made
    if coinche and coinche_all:
        whole = failed_capot if flat and failed_capot is not None else ROUNDED_TOTAL + worth
        pot = whole * MULTIPLIERS[coinche] + bidder_announces + defence_announces
        if made:
            return CoincheOutcome(True, bidder_total, pot, pot + bidder_belote, defence_belote)
        return CoincheOutcome(False, bidder_total, pot, bidder_belote, pot + defence_belote)
    if not made:
        if flat and failed_capot is not None:
            value = failed_capot * MULTIPLIERS[coinche]
            defence = value + bidder_announces + defence_announces + defence_belote
        else:
            defence = ROUNDED_TOTAL + value + bidder_announces + defence_announces + defence_belote
        return CoincheOutcome(False, bidder_total, value, bidder_belote, defence)
    if counting == CONTRAT_SEUL:
        return CoincheOutcome(True, bidder_total, value, value + bidder_belote, defence_belote)
    if contract in CONTRACT_VALUES:
        return CoincheOutcome(True, bidder_total, value, value + bidder_announces + bidder_belote, defence_belote)
    if capot and unbid_capot:
        return CoincheOutcome(True, bidder_total, value, value + unbid_capot + bidder_announces + bidder_belote,
                              defence_belote)
    rounded = round_to_ten(points)
    theirs = round_to_ten(DEAL_TOTAL - points) if rounding == ROUND_EACH else ROUNDED_TOTAL - rounded
    return CoincheOutcome(True, bidder_total, value, value + rounded + bidder_announces + bidder_belote,
                          theirs + defence_announces + defence_belote)


# -- Digital play: the belote deal written once (Belote à trois, Belote; the Coinche replaces the prise) -------

BELOTE_WORD = "belote"  # the action that announces belote-rebelote, just before playing the first of K and Q
TAKE_WORD = "take"  # first round of the prise: take the retourne's suit
PASS_WORD = "pass"
TRUMP_WORDS = {s: f"trump:{s}" for s in SUIT_TRUMPS}  # second round: name another suit
BELOTE_LABELS = {"take": T("Prendre", "Take"), "belote": T("Annoncer « Belote »", "Say “Belote”"),
                 "announce": T("Déclarer mes annonces", "Declare my announcements")}
ANNOUNCE_WORD = "announce"  # option « annonces »: declare one's sequences and carrés before one's first card
FIRST_PACKETS = (3, 2)  # the first deal, in two passes
TAKER_GETS = 2  # besides the retourne; every other player gets 3
OTHERS_GET = 3


def belote_pack(removed_ranks: Iterable[str] = ()) -> Pack:
    """The trick base's pack for a belote: 32 cards less ``removed_ranks`` (belote à trois: ``("7", "8")``), in
    the plain order A 10 K Q J 9 8 7 (trumps are ranked by :data:`~companion.families.trickplay.BELOTE_TRUMPS`)."""
    gone = tuple(f"{r}{s}" for r in removed_ranks for s in SUIT_TRUMPS)
    return trick_pack("32", removed=gone, order=BELOTE_PLAIN)


NATURAL_ORDER = ("7", "8", "9", "10", "J", "Q", "K", "A")  # sequences run in this order, lowest first
CARRE_POINTS = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}  # fours of 8s and 7s: nothing
SEQUENCE_POINTS = {3: 20, 4: 50}  # five cards or more: 100


def _subset_sums(values: Iterable[int]) -> frozenset[int]:
    out = {0}
    for v in values:
        out |= {s + v for s in out}
    return frozenset(out)


def _run_values(held: set[int]) -> list[int]:
    """The value of each maximal run of three or more among the places ``held`` (of :data:`NATURAL_ORDER`)."""
    runs: list[int] = []
    length = 0
    for place in range(len(NATURAL_ORDER) + 1):
        if place in held:
            length += 1
            continue
        if length >= 3:
            runs.append(SEQUENCE_POINTS.get(length, 100))
        length = 0
    return runs


@cache
def _pair_suit_options(ranks: tuple[str, ...]) -> tuple[tuple[int, int, int, int, frozenset[int], frozenset[int]], ...]:
    """Every way one suit's ranks go to two hands (or neither): (A's mask, B's mask, A's count, B's count, A's run
    totals, B's run totals)."""
    places = [NATURAL_ORDER.index(r) for r in ranks]
    out = []
    for code in range(3 ** len(ranks)):
        a = b = 0
        for i in range(len(ranks)):
            code, who = divmod(code, 3)
            if who == 1:
                a |= 1 << i
            elif who == 2:
                b |= 1 << i
        held_a = {places[i] for i in range(len(ranks)) if a >> i & 1}
        held_b = {places[i] for i in range(len(ranks)) if b >> i & 1}
        out.append((a, b, len(held_a), len(held_b), _subset_sums(_run_values(held_a)),
                    _subset_sums(_run_values(held_b))))
    return tuple(out)


@cache
def announcement_pair_possible(a: int, b: int, hand_size: int, ranks: tuple[str, ...] = NATURAL_ORDER) -> bool:
    """Whether two players (two hands of ``hand_size`` cards of one pack of the four suits in ``ranks``) can
    declare announcement totals ``a`` and ``b`` together: the carrés each announces (one carré of each rank: not
    both), then suit by suit the ranks each holds, their runs announced or kept quiet (:func:`announcement_totals`
    for one hand). Two suits at a time, met in the middle."""
    kept = tuple(r for r in NATURAL_ORDER if r in ranks)
    scoring = [i for i, r in enumerate(kept) if CARRE_POINTS.get(r, 0)]
    options = _pair_suit_options(kept)
    sets: list[tuple[int, ...]] = [()]
    for i in scoring:
        sets += [(*c, i) for c in sets if len(c) < 2]
    for fours_a in sets:
        left_a = a - sum(CARRE_POINTS[kept[i]] for i in fours_a)
        if left_a < 0:
            continue
        for fours_b in sets:
            left_b = b - sum(CARRE_POINTS[kept[i]] for i in fours_b)
            if left_b < 0 or set(fours_a) & set(fours_b):
                continue
            need_a = sum(1 << i for i in fours_a)
            need_b = sum(1 << i for i in fours_b)
            one = {(na, nb, x, y) for ma, mb, na, nb, sa, sb in options if ma & need_a == need_a and mb & need_b == need_b
                   for x in sa if x <= left_a for y in sb if y <= left_b}
            two = {(n1 + n2, m1 + m2, x1 + x2, y1 + y2) for n1, m1, x1, y1 in one for n2, m2, x2, y2 in one
                   if n1 + n2 <= hand_size and m1 + m2 <= hand_size and x1 + x2 <= left_a and y1 + y2 <= left_b}
            if any((hand_size - n, hand_size - m, left_a - x, left_b - y) in two for n, m, x, y in two):
                return True
    return False


@cache
def announcement_totals(hand_size: int, ranks: tuple[str, ...] = NATURAL_ORDER, without: str | None = None) -> frozenset[int]:
    """Every total of announcements one player can declare from a hand of ``hand_size`` cards of a pack of the
    four suits in ``ranks``: the runs of three cards or more in a suit (20, 50, 100 from five cards on) and the
    carrés that score (:data:`CARRE_POINTS`), any of them announced or kept quiet; a card may count in a carré and
    in a run. ``without``: a rank whose carré is not announced (to tell a total that needs it: there is one carré
    of each rank, so two players cannot both need the same). Worked out over every hand, suit by suit."""
    kept = [r for r in NATURAL_ORDER if r in ranks]
    places = [NATURAL_ORDER.index(r) for r in kept]
    suit_options: list[tuple[int, int, frozenset[int]]] = []  # (cards, mask of ranks held, run totals)
    for mask in range(1 << len(kept)):
        held = {places[i] for i in range(len(kept)) if mask >> i & 1}
        suit_options.append((len(held), mask, _subset_sums(_run_values(held))))
    # Suit by suit: (cards so far, ranks held in every suit so far) → the run totals possible.
    states: dict[tuple[int, int], frozenset[int]] = {(0, (1 << len(kept)) - 1): frozenset({0})}
    for _suit in SUITS:
        nxt: dict[tuple[int, int], set[int]] = {}
        for (n, common), sums in states.items():
            for k, mask, run_sums in suit_options:
                if n + k > hand_size:
                    continue
                key = (n + k, common & mask)
                nxt.setdefault(key, set()).update(a + b for a in sums for b in run_sums)
        states = {key: frozenset(v) for key, v in nxt.items()}
    out: set[int] = set()
    for (n, common), sums in states.items():
        if n != hand_size:
            continue
        fours = _subset_sums(CARRE_POINTS.get(kept[i], 0) for i in range(len(kept))
                             if common >> i & 1 and kept[i] != without)
        out.update(a + b for a in sums for b in fours)
    return frozenset(out)


def combinations(pk: Pack, hand: int, trump: int) -> list[tuple[int, bool, int, int]]:
    """The announcements in ``hand`` (a bit set of ``pk``'s ids): for every carré worth something and every run
    of three cards or more in a suit (in the order A K Q J 10 9 8 7), ``(points, in_trumps, head, cards)`` where
    ``head`` is the place of the run's top card in :data:`NATURAL_ORDER` (-1 for a carré) and ``cards`` a bit
    set. A card may count in a carré and in a sequence."""
    ranks: dict[str, int] = {}
    suits: dict[int, dict[int, int]] = {}
    for c in bits(hand):
        code = pk.card[c].rank.code  # type: ignore[attr-defined]
        ranks[code] = ranks.get(code, 0) | 1 << c
        suits.setdefault(pk.suit[c], {})[NATURAL_ORDER.index(code)] = c
    out = [(CARRE_POINTS[r], False, -1, m) for r, m in ranks.items() if m.bit_count() == 4 and r in CARRE_POINTS]
    for suit, places in suits.items():
        run = 0
        length = 0
        for i in range(len(NATURAL_ORDER) + 1):
            if i in places:
                run |= 1 << places[i]
                length += 1
                continue
            if length >= 3:
                out.append((SEQUENCE_POINTS.get(length, 100), suit == trump, i - 1, run))
            run, length = 0, 0
    return out


_POINTS_BY_ID: dict[tuple[int, int], tuple[int, ...]] = {}


def points_by_id(pk: Pack, trump: int) -> tuple[int, ...]:
    """Per card id of ``pk``, its card points when suit number ``trump`` is trumps (cached)."""
    key = (id(pk), trump)
    if key not in _POINTS_BY_ID:
        _POINTS_BY_ID[key] = tuple((TRUMP_POINTS if pk.suit[c] == trump else PLAIN_POINTS)[pk.card[c].rank.code]  # type: ignore[attr-defined]
                                   for c in range(len(pk)))
    return _POINTS_BY_ID[key]


# Quick bot: how much a card helps a taker, roughly (trumps by rank code, then plain aces and guarded tens).
QUICK_TRUMP_WORTH = {"J": 3.0, "9": 2.5, "A": 1.5, "10": 1.2, "K": 0.8, "Q": 0.7}
QUICK_TAKE_AT = 5.5  # taking alone (Belote à trois): about 3 in 5 contracts made among quick bots
QUICK_SECOND_ROUND = 0.5  # naming a suit of one's own at the second round asks this much more


_CONTRACT_POINTS_BY_ID: dict[tuple[int, str], tuple[int, ...]] = {}


def contract_points_by_id(pk: Pack, contract: str) -> tuple[int, ...]:
    """Per card id of ``pk``, its card points under a coinche contract without a trump suit, :data:`NO_TRUMP` or
    :data:`ALL_TRUMP` (cached)."""
    key = (id(pk), contract)
    if key not in _CONTRACT_POINTS_BY_ID:
        table = NO_TRUMP_POINTS if contract == NO_TRUMP else ALL_TRUMP_POINTS
        _CONTRACT_POINTS_BY_ID[key] = tuple(table[pk.card[c].rank.code] for c in range(len(pk)))  # type: ignore[attr-defined]
    return _CONTRACT_POINTS_BY_ID[key]


class BeloteDeal(TrickDeal):
    """A belote deal with a prise, on the trick base: what Belote à trois, the classic Belote and the Coinche share
    (the Coinche replaces the prise by its auction, and the retourne by a deal of every card).

    * **Deal** (chance actions, one card each): 3 then 2 cards to each seat from the dealer's right (the next
      seat: seats are numbered in the order of play), then the **retourne** (face up, in no pile until the taker
      picks it up), then the rest of the pack face down (pile ``n``, in the order it will be given out).
    * **Prise** (phase ``"bid"``), from the dealer's right: first round ``"take"`` (the retourne's suit) or
      ``"pass"``; second round ``"trump:S"`` / ``"trump:H"``… (any other suit) or ``"pass"``. Everybody passing
      twice ends the deal (nothing is played). The taker gets the retourne and 2 cards, the others 3 each, from
      the dealer's right, in the pack's order.
    * **Play**: the dealer's right leads. Follow suit; when trumps are led, go higher if you can; void, trump
      unless your partner holds the trick (always, with :attr:`always_trump`: then as if nobody were partners),
      and overtrump a trump already down if you can (else any trump).
      Partners are the seats of one side (:meth:`sides`; :attr:`partnerships` for two fixed pairs). At a
      coinche's tout atout (:meth:`set_contract`) one follows and goes higher in the suit led when one can.
    * **Scores**: :meth:`entry` is the prise sheet's round, :meth:`returns` its scores (the reserve of earlier
      litiges included); :meth:`quick_action` the rule-based bot.
    * **Belote-rebelote**: a player holding K and Q of trumps may play ``"belote"`` just before the first of the
      two (then only that King or Queen may follow); the second one is the rebelote. Not announced, not counted.
    * **Announcements** (option ``annonces``): in the first trick, just before his card, a player may say
      ``"announce"``: every sequence and carré in his hand (:func:`combinations`) is declared, and shown. After the
      first trick the best announcement wins — more points; at equal points one in trumps; then the higher head of
      a sequence; then the seat that played first — and its side alone counts its announcements.
    """

    must_follow = True
    must_trump = True
    must_overtrump = True
    always_trump = False  # void: trump (and overtrump) even when a partner holds the trick; a game's option sets it
    extra_piles = 1
    removed_ranks: tuple[str, ...] = ()
    take_at = QUICK_TAKE_AT  # the quick bot takes at the first round with a hand worth this much
    partnerships = False  # four players, two fixed partnerships of facing seats (:meth:`sides`)
    _mutable = TrickDeal._mutable + ("stock_order", "calls", "side", "declared", "declared_key", "declared_mask")
    _SCHEDULES: dict[tuple[int, int, int], tuple[int, ...]] = {}

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int, reserve: int = 0):
        super().__init__(n_players, options, number, dealer, belote_pack(self.removed_ranks))
        self.reserve = reserve  # the taker's card points of earlier litiges (option litige = "reserve")
        self.total = deal_total(without(TRUMP_POINTS, self.removed_ranks), without(PLAIN_POINTS, self.removed_ranks))
        self.stock_pile = n_players
        self.first = (dealer + 1) % n_players
        self.stock_order: list[int] = []
        self.retourne = -1
        self.bid_round = 1
        self.calls: list[str] = []  # the prise, word by word, from the first seat
        self.taker = -1
        self.side = [0] * n_players  # side number of each seat (partners share one)
        self.points = self.pack.strength  # replaced by the trump's points when the trump is known
        self.belote_mask = 0  # K and Q of trumps
        self.belote_seat = -1
        self.announcing = False  # "belote" said, its King or Queen not yet played
        self.rebelote = False
        self.rollout = False  # inside random_playout
        self.with_annonces = bool(options.get("annonces"))
        self.declared = [0] * n_players  # points each seat declared (option « annonces »)
        self.declared_key: list[tuple[int, int, int] | None] = [None] * n_players  # its best announcement, for the comparison
        self.declared_mask = [0] * n_players  # the cards it showed
        self.annonces: list[int] | None = None  # what counts for each seat, once the first trick is over
        self.trump_strength = self.pack.ranked(BELOTE_TRUMPS)
        self.all_trump = False  # a coinche contract « tout atout »: every suit ranks and is followed as trumps
        # The base counts tricks from the schedule's seat cards: only the first deal is scheduled; 8 tricks.
        self.n_tricks = len(self.pack) // n_players

    # -- what a game gives ------------------------------------------------------------------------------
    def sides(self, taker: int) -> list[int]:
        """The side of each seat once ``taker`` took: the taker alone against everybody else, or with
        :attr:`partnerships` the taker and the seat facing him (two seats away) against the other two."""
        if self.partnerships:
            return [0 if (s - taker) % 2 == 0 else 1 for s in range(self.n_players)]
        return [0 if s == taker else 1 for s in range(self.n_players)]

    # -- the deal ---------------------------------------------------------------------------------------
    def _deal_schedule(self) -> tuple[int, ...]:
        n, size = self.n_players, len(self.pack)
        key = (n, self.dealer, size)
        if key not in self._SCHEDULES:
            first = (self.dealer + 1) % n
            out: list[int] = []
            for packet in FIRST_PACKETS:
                for k in range(n * packet):
                    out.append((first + k // packet) % n)
            out.append(-1)  # the retourne
            out.extend([n] * (size - len(out)))
            self._SCHEDULES[key] = tuple(out)
        return self._SCHEDULES[key]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == PLAY and seat == self.to_move:
            return self._legal_actions()  # the cards, and "belote" when it may be said
        return super().legal_actions(seat)

    def _legal_actions(self) -> list[Action]:
        if self.phase == DEAL:
            return self.undealt  # not copied: legal_actions() copies, playouts only read it
        if self.phase == PLAY:
            seat = self.to_move
            mask = self._legal_mask(seat)
            words = self.pack.codes_of(mask)
            if self._may_announce(seat, mask):
                words.append(BELOTE_WORD)
            if self.with_annonces and self._may_declare(seat):
                words.append(ANNOUNCE_WORD)
            return words
        return super()._legal_actions()

    def _place(self, cid: int, pile: int) -> None:
        if pile < 0:
            self.retourne = cid
        else:
            self.held[pile] |= 1 << cid
            if pile == self.stock_pile:
                self.stock_order.append(cid)

    _deal_rest = TrickDeal._deal_rest_placed

    def _after_deal(self) -> None:
        self.phase = "bid"
        self.to_move = self.first

    # -- the prise --------------------------------------------------------------------------------------
    def _phase_actions(self) -> list[Action]:
        if self.bid_round == 1:
            return [TAKE_WORD, PASS_WORD]
        turned = SUIT_LETTER[self.pack.suit[self.retourne]]
        return [w for s, w in TRUMP_WORDS.items() if s != turned] + [PASS_WORD]

    def _phase_apply(self, action: Action) -> None:
        seat = self.to_move
        self.calls.append(action)
        if action == PASS_WORD:
            nxt = (seat + 1) % self.n_players
            if nxt != self.first:
                self.to_move = nxt
            elif self.bid_round == 1:
                self.bid_round = 2
                self.to_move = nxt
            else:
                self._finish()  # passed twice by everybody: nothing is played
            return
        suit = self.pack.suit[self.retourne] if action == TAKE_WORD else SUIT_BY_LETTER[action[-1]]
        self._take(seat, suit)

    def _take(self, taker: int, suit: int) -> None:
        self.taker = taker
        self.set_trump(suit)
        self.side = self.sides(taker)
        self.held[taker] |= 1 << self.retourne
        order, k = self.stock_order, 0
        for i in range(self.n_players):
            seat = (self.first + i) % self.n_players
            for _ in range(TAKER_GETS if seat == taker else OTHERS_GET):
                self.move_card(order[k], self.stock_pile, seat)
                k += 1
        self.stock_order = order[k:]
        self.start_play(self.first)

    def set_trump(self, suit: int) -> None:
        self.trump = suit
        self.points = points_by_id(self.pack, suit)
        pk = self.pack
        self.belote_mask = (1 << pk.index["K" + SUIT_LETTER[suit]]) | (1 << pk.index["Q" + SUIT_LETTER[suit]])

    def set_contract(self, contract: str) -> None:
        """The trump of a contract: a suit code (:meth:`set_trump`), :data:`NO_TRUMP` (no trump, every suit in
        the plain order) or :data:`ALL_TRUMP` (no trump suit, every suit in the trumps' order and points, and one
        goes higher in the suit led when one can). Neither has a belote."""
        if contract in SUIT_BY_LETTER:
            self.set_trump(SUIT_BY_LETTER[contract])
            return
        self.trump = -1
        self.belote_mask = 0
        self.points = contract_points_by_id(self.pack, contract)
        if contract == ALL_TRUMP:
            self.all_trump = True
            self.strength = self.trump_strength

    def _phase_normalise(self, action: str) -> Action:
        word = action.strip().lower()
        if word.startswith("trump:"):
            return "trump:" + word[6:].strip().upper()
        return word

    def _why_phase_illegal(self, action: Action) -> IllegalAction:
        seat = self.to_move
        if self.bid_round == 1:
            return illegal("first_round", T("Premier tour : « je prends » (take) la couleur de la retourne, ou « je passe » (pass).",
                                            "First round: take the retourne's suit (take) or pass."), seat)
        turned = SUIT_LETTER[self.pack.suit[self.retourne]]
        if action == TRUMP_WORDS.get(turned):
            return illegal("retourne_suit", T("Au second tour, on nomme une autre couleur que celle de la retourne.",
                                              "In the second round, name a suit other than the retourne's."), seat)
        return illegal("second_round", T("Second tour : nommez l'atout (trump:S, trump:H, trump:D, trump:C) ou passez.",
                                         "Second round: name the trump (trump:S, trump:H, trump:D, trump:C) or pass."), seat)

    # -- the play: duties and belote-rebelote ------------------------------------------------------------------
    def _must_trump(self, seat: int) -> bool:
        """Void in the suit led: trump, unless a partner holds the trick (always, with :attr:`always_trump`)."""
        if self.always_trump:
            return True
        holder = self.trick_seats[self._trick_winner()]
        return holder == seat or self.side[holder] != self.side[seat]

    def _legal_mask(self, seat: int) -> int:
        mask = super()._legal_mask(seat)
        if self.all_trump and self.trick_cards:
            mask = self._over_led(mask)
        if self.announcing:
            return mask & self.belote_mask or mask
        return mask

    def _over_led(self, mask: int) -> int:
        """At tout atout, following suit: the cards of ``mask`` above the best card of the suit led on the trick,
        or all of them if none is (a seat that cannot follow keeps ``mask``)."""
        led, sm, st = self.led, self.pack.suit_mask, self.strength
        if led < 0 or mask & ~sm[led]:
            return mask
        best = max(st[c] for c in self.trick_cards if self.pack.suit[c] == led)
        higher = 0
        for c in bits(mask):
            if st[c] > best:
                higher |= 1 << c
        return higher or mask

    def _may_announce(self, seat: int, mask: int) -> bool:
        bm = self.belote_mask
        return (self.belote_seat < 0 and bm != 0 and self.held[seat] & bm == bm and bool(mask & bm))

    def _may_declare(self, seat: int) -> bool:
        """Whether ``seat`` may declare its announcements now: first trick, before its card, something to say."""
        return (not self.log and self.declared_key[seat] is None and seat not in self.trick_seats
                and bool(combinations(self.pack, self.held[seat], self.trump)))

    def _declare(self, seat: int, hand: int) -> None:
        found = combinations(self.pack, hand, self.trump)
        self.declared[seat] = sum(points for points, *_ in found)
        self.declared_key[seat] = max((points, trumps, head) for points, trumps, head, _ in found)
        mask = 0
        for *_, cards in found:
            mask |= cards
        self.declared_mask[seat] = mask

    def _apply(self, action: Action) -> None:
        if action == BELOTE_WORD:
            self.belote_seat = self.to_move
            self.announcing = True
            return
        if action == ANNOUNCE_WORD:
            self._declare(self.to_move, self.held[self.to_move])
            return
        super()._apply(action)

    def normalise_action(self, action: Any) -> Action:
        if isinstance(action, str):
            word = action.strip().lower()
            if word == BELOTE_WORD:
                return BELOTE_WORD
            if word in (ANNOUNCE_WORD, "annonce", "annonces"):
                return ANNOUNCE_WORD
        return super().normalise_action(action)

    def why_illegal(self, action: Action) -> IllegalAction:
        seat = self.to_move
        if self.phase == PLAY and action == ANNOUNCE_WORD:
            if not self.with_annonces:
                return illegal("annonces_off", T("Les annonces ne comptent pas à cette table (option « annonces »).",
                                                 "Announcements do not count at this table (option “annonces”)."), seat)
            return illegal("no_announcement", T(
                "Les annonces se font au premier pli, juste avant de poser sa carte, avec une suite de trois cartes "
                "au moins ou un carré.",
                "Announcements are made in the first trick, just before playing one's card, with a sequence of three "
                "cards or more or four of a kind."), seat)
        if self.phase == PLAY and action == BELOTE_WORD:
            return illegal("no_belote", T("Belote : il faut tenir le Roi et la Dame d'atout, et l'annoncer en posant le "
                                          "premier des deux.",
                                          "Belote: you must hold the King and Queen of trumps, and announce it as you play "
                                          "the first of them."), seat)
        if self.phase == PLAY and self.announcing and self.held[seat] >> self.pack.index[action] & 1:
            return illegal("belote_card", T("Vous avez annoncé belote : posez le Roi ou la Dame d'atout.",
                                            "You announced belote: play the King or the Queen of trumps."), seat)
        if (self.phase == PLAY and self.all_trump and self.trick_cards and self.held[seat] >> self.pack.index[action] & 1
                and self.pack.suit[self.pack.index[action]] == self.led):
            return illegal("must_overtrump", T("Tout atout : il faut monter dans la couleur demandée quand on le peut.",
                                               "All trumps: you must go higher in the suit led when you can."), seat)
        if self.phase == PLAY and self.trick_cards and self.held[seat] >> self.pack.index[action] & 1:
            cid, trump, sm = self.pack.index[action], self.trump, self.pack.suit_mask
            hand, led = self.held[seat], self.led
            if not hand & sm[led] and self.pack.suit[cid] != trump and hand & sm[trump] and self._must_trump(seat):
                holder = self.trick_seats[self._trick_winner()]
                if self.always_trump and self.side[holder] == self.side[seat]:
                    return illegal("must_trump", T(
                        "Vous n'avez pas de {s} : il faut couper, même quand votre partenaire tient le pli (on coupe toujours).",
                        "You have no {s_en}: you must trump, even when your partner holds the trick (always trump).").format(
                        s=SUITS[led].names["fr"], s_en=SUITS[led].names["en"]), seat)
                return illegal("must_trump", T("Vous n'avez pas de {s} : il faut couper, votre partenaire ne tient pas le pli.",
                                               "You have no {s_en}: you must trump, your partner does not hold the trick.").format(
                    s=SUITS[led].names["fr"], s_en=SUITS[led].names["en"]), seat)
            if self.pack.suit[cid] == trump and (led == trump or not hand & sm[led]):
                return illegal("must_overtrump", T("Il faut monter : vous avez un atout plus fort que ceux du pli.",
                                                   "You must go higher: you hold a trump above those on the trick."), seat)
        return super().why_illegal(action)

    def _on_play(self, seat: int, card: int) -> None:
        if (self.rollout and self.with_annonces and not self.log and self.declared_key[seat] is None
                and combinations(self.pack, self.held[seat] | 1 << card, self.trump)):
            # A random playout declares its player's announcements (the word goes before the card).
            self._declare(seat, self.held[seat] | 1 << card)
            self.history.append(ANNOUNCE_WORD)
        bm = self.belote_mask
        if not bm >> card & 1:
            return
        if seat == self.belote_seat:
            if self.announcing:
                self.announcing = False
            else:
                self.rebelote = True
        elif self.rollout and self.belote_seat < 0 and (self.held[seat] | 1 << card) & bm == bm:
            # A random playout says belote for its player (nobody gives away twenty points): the word goes into
            # the history before the card, so the playout still replays.
            self.belote_seat = seat
            self.history.append(BELOTE_WORD)

    def _on_trick(self, winner: int) -> None:
        if self.with_annonces and len(self.log) == 1:  # the first trick is over: whose announcements count
            n, first = self.n_players, self.log[0][0]
            seats = [s for s in range(n) if self.declared_key[s] is not None]
            if not seats:
                self.annonces = [0] * n
                return
            best = max(seats, key=lambda s: (self.declared_key[s], -((s - first) % n)))
            side = self.side[best]
            self.annonces = [self.declared[s] if self.side[s] == side else 0 for s in range(n)]

    def side_announces(self, side: int) -> int:
        """The announcement points that count for a side (0 without the option)."""
        if not self.annonces:
            return 0
        return sum(a for s, a in enumerate(self.annonces) if self.side[s] == side)

    def random_playout(self, rng: random.Random) -> Self:
        """The base's random playout, in which a player holding K and Q of trumps announces belote."""
        self.rollout = True
        try:
            super().random_playout(rng)
        finally:
            self.rollout = False
        return self

    def card_points(self, seat_or_side_mask: int) -> int:
        """Card points of a bit set of cards under the trump (no dix de der)."""
        pts = self.points
        return sum(pts[c] for c in bits(seat_or_side_mask))

    def side_points(self, side: int) -> int:
        """Card points a side took, dix de der included."""
        taken = 0
        for s in range(self.n_players):
            if self.side[s] == side:
                taken |= self.taken[s]
        last = self.log[-1][3] if self.log else -1
        return self.card_points(taken) + (LAST_TRICK if last >= 0 and self.side[last] == side else 0)

    # -- what seats know --------------------------------------------------------------------------------
    def _shown(self) -> list[int]:
        shown = super()._shown()
        if self.taker >= 0 and self.retourne >= 0:
            shown[self.taker] |= self.held[self.taker] & (1 << self.retourne)  # everybody saw it go to the taker
        if self.belote_seat >= 0:
            shown[self.belote_seat] |= self.held[self.belote_seat] & self.belote_mask  # the rebelote to come
        for s, mask in enumerate(self.declared_mask):
            if mask:
                shown[s] |= self.held[s] & mask  # announced, hence shown
        return shown

    def determinize(self, seat: int, rng: random.Random) -> Self:
        new = super().determinize(seat, rng)
        if self.stock_order:
            order = bits(new.held[self.stock_pile])
            rng.shuffle(order)
            new.stock_order = order
        return new

    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        obs["turned"] = self.pack.code[self.retourne] if self.retourne >= 0 else None  # seen by all, taken or not
        obs["bid_round"] = self.bid_round
        obs["bids"] = [[(self.first + i) % self.n_players, w] for i, w in enumerate(self.calls)]
        obs["taker"] = self.taker if self.taker >= 0 else None
        obs["belote"] = self.belote_seat if self.belote_seat >= 0 else None
        obs["rebelote"] = self.rebelote
        obs["passed"] = self.phase == END and self.taker < 0
        if self.with_annonces:
            obs["announcements"] = [{"seat": s, "points": self.declared[s], "cards": self.pack.codes_of(self.declared_mask[s])}
                                    for s in range(self.n_players) if self.declared_key[s] is not None]
            obs["annonces"] = list(self.annonces) if self.annonces is not None else None

    # -- what a seat sees, for people ------------------------------------------------------------------------
    def view_facts(self, seat: int | None, obs: dict[str, Any]) -> list[Fact]:
        """The taker (and his partner, when the game has partnerships), the trump, the retourne, the
        announcements shown."""
        facts = taker_facts(obs["taker"], None) + self.partner_facts(obs)
        facts += trump_facts(obs) + turned_facts(obs["turned"])
        return facts + self.announcement_facts(obs)

    def partner_facts(self, obs: dict[str, Any]) -> list[Fact]:
        """"Avec : Dan", the taker's partner, once there is a taker and the game has partnerships."""
        taker = obs["taker"]
        partners = [s for s in range(self.n_players) if taker is not None and s != taker and self.side[s] == self.side[taker]]
        if not partners:
            return []
        names = ", ".join(seat_ref(s) for s in partners)
        return [Fact("partner", T("Avec", "With"), T(names, names))]

    def announcement_facts(self, obs: dict[str, Any]) -> list[Fact]:
        """Each announcement declared (option ``annonces``): its seat, its points, its cards."""
        return [Fact("announcement", T(f"Annonce de {seat_ref(item['seat'])}", f"{seat_ref(item['seat'])}'s announcement"),
                     count(item["points"], "{n} point", "{n} points", "{n} point", "{n} points"), tuple(item["cards"]))
                for item in obs.get("announcements") or []]

    def view_notes(self, seat: int | None, obs: dict[str, Any]) -> list[list[Note]]:
        """Per seat, its last call of the prise; "Belote" (then "Rebelote") said by whoever holds them."""
        notes = call_notes(self, obs["bids"])
        if obs["belote"] is not None:
            notes[obs["belote"]].append(Note(T("Rebelote", "Rebelote") if obs["rebelote"] else T("Belote", "Belote")))
        return notes

    def view_prompt(self, seat: int, obs: dict[str, Any]) -> Text | None:
        if self.phase == "bid":
            if obs["bid_round"] == 1:
                suit = suit_label(obs["turned"][-1]) if obs["turned"] else None
                symbol = suit.fr if suit else ""
                return T(f"Prenez-vous à {symbol}, la couleur de la retournée ?", f"Do you take in {symbol}, the suit turned up?")
            return T("Second tour : choisissez un autre atout, ou passez.", "Second round: choose another trump suit, or pass.")
        legal = self.legal_actions(seat)
        if BELOTE_WORD in legal or ANNOUNCE_WORD in legal:
            return T("Vous pouvez annoncer avant de jouer la carte.", "You may announce before playing the card.")
        return None

    def action_label(self, action: Action) -> Text:
        """``"take"`` (the retourne's suit): "Prendre"; ``"belote"``, ``"announce"`` as a player says them."""
        if action in BELOTE_LABELS:
            return BELOTE_LABELS[action]
        return super().action_label(action)

    # -- the sheet's round and its scores -------------------------------------------------------------
    def _facts(self) -> tuple[int, str | None, bool]:
        """The taking side's card points (dix de der included), the side of the belote, capot (one side took
        every trick)."""
        side = self.side
        points = self.side_points(0)
        belote = None if self.belote_seat < 0 else TAKER if side[self.belote_seat] == 0 else DEFENCE
        tricks = sum(w for s, w in enumerate(self.won) if side[s] == 0)
        return points, belote, tricks in (0, self.n_tricks)

    def _entry(self) -> dict[str, Any]:
        """The round as the prise sheet takes it: ``{"taker", "trump", "points", "belote", "capot"}`` (and
        ``"annonces"`` with the option), or ``{"taker": None}`` when everybody passed twice."""
        if self.taker < 0:
            return {"taker": None}
        points, _side, capot = self._facts()
        entry = {"taker": self.taker, "trump": SUIT_LETTER[self.trump], "points": points,
                 "belote": self.belote_seat if self.belote_seat >= 0 else None, "capot": capot}
        if self.with_annonces:
            entry["annonces"] = list(self.annonces or [0] * self.n_players)
        return entry

    def returns(self) -> list[float]:
        """The sheet's scores of :meth:`entry`, the reserve of earlier litiges included (option ``capot``: the
        capot's value where the game has it)."""
        if self.taker < 0:
            return [0.0] * self.n_players
        points, side, capot = self._facts()
        out = outcome(points, taker_announces=self.side_announces(0), defence_announces=self.side_announces(1),
                      belote=side, capot=capot, litige=self.options["litige"], total=self.total,
                      capot_value=self.options.get("capot", CAPOT))
        taker, defence = out.taker_score, out.defence_score
        if self.reserve and out.result != "litige":
            if out.result == "made":
                taker += self.reserve
            else:
                defence += self.reserve
        return [taker if self.side[s] == 0 else defence for s in range(self.n_players)]

    # -- the quick bot ---------------------------------------------------------------------------------
    def worth(self, seat: int, suit: int, with_retourne: bool) -> float:
        """What ``seat``'s hand (and the retourne) would be worth to a taker at trump ``suit``."""
        pk = self.pack
        hand = self.held[seat] | ((1 << self.retourne) if with_retourne else 0)
        total = 0.0
        for c in bits(hand):
            rank = pk.card[c].rank.code  # type: ignore[attr-defined]  # a belote pack: SuitCards only
            if pk.suit[c] == suit:
                total += QUICK_TRUMP_WORTH.get(rank, 0.5)
            elif rank == "A":
                total += 1.0
            elif rank == "10" and (hand & pk.suit_mask[pk.suit[c]]).bit_count() >= 2:
                total += 0.5
        return total

    def quick_action(self, rng: random.Random) -> Action:
        """Take from the hand's :meth:`worth` (:attr:`take_at`); say belote and the announcements; then
        :meth:`quick_card`."""
        seat = self.to_move
        if self.phase == "bid":
            turned = self.pack.suit[self.retourne]
            if self.bid_round == 1:
                return TAKE_WORD if self.worth(seat, turned, True) >= self.take_at else PASS_WORD
            best = max((s for s in SUIT_BY_LETTER.values() if s != turned), key=lambda s: self.worth(seat, s, False))
            return (TRUMP_WORDS[SUIT_LETTER[best]] if self.worth(seat, best, False) >= self.take_at + QUICK_SECOND_ROUND
                    else PASS_WORD)
        if self.phase != PLAY:
            return rng.choice(self._legal_actions())
        mask = self._legal_mask(seat)
        if self.with_annonces and self._may_declare(seat):
            return ANNOUNCE_WORD
        if self._may_announce(seat, mask):
            return BELOTE_WORD  # twenty points never lost
        return self.pack.code[self.quick_card(seat, bits(mask))]

    def quick_card(self, seat: int, legal: list[int]) -> int:
        """The quick bot's card: the taker pulls trumps with the master Jack, anybody cashes aces; a partner's
        trick gets points, a trick one can win is taken with the cheapest winning card, a lost one gets the
        fewest points."""
        pk, st, ts, trump, pts = self.pack, self.strength, self.trump_strength, self.trump, self.points
        if len(legal) == 1:
            return legal[0]
        if not self.trick_cards:
            trumps = [c for c in legal if pk.suit[c] == trump]
            if seat == self.taker and trumps and max(ts[c] for c in trumps) == max(
                    ts[c] for c in bits(pk.suit_mask[trump] & ~self.played)):
                return max(trumps, key=lambda c: ts[c])
            aces = [c for c in legal if pk.suit[c] != trump and pk.card[c].rank.code == "A"]  # type: ignore[attr-defined]  # SuitCards
            if aces:
                return aces[0]
            return min(legal, key=lambda c: (pk.suit[c] == trump, pts[c], st[c]))
        led = self.led

        def key(c: int) -> int:
            s = pk.suit[c]
            return 1000 + ts[c] if s == trump else st[c] if s == led else -1

        best_at = self._trick_winner()
        holder = self.trick_seats[best_at]
        best = key(self.trick_cards[best_at])
        last = len(self.trick_cards) == self.n_players - 1
        if self.side[holder] == self.side[seat] and (
                last or best >= 1000 or pk.card[self.trick_cards[best_at]].rank.code == "A"):  # type: ignore[attr-defined]  # SuitCards
            return max(legal, key=lambda c: (pk.suit[c] != trump, pts[c], -st[c]))
        winners = [c for c in legal if key(c) > best]
        if winners:
            return min(winners, key=key) if last or min(winners, key=key) >= 1000 else max(winners, key=key)
        return min(legal, key=lambda c: (pts[c], pk.suit[c] == trump, st[c]))
