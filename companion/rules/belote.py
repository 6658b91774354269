"""Classic French belote, written once for every belote of the seed documents (belote à trois, belote de comptoir).

Scoring is written once here for every belote with a taker and a defence (:func:`outcome`: made, dedans, capot,
litige with or without reserve, belote-rebelote never lost), and the ceiling of what a bidder can count with few
cards (:func:`ceiling`).

Sources: contree.org « La marque » and jeuxdecartesinedits « La belote » for the card order and points, the dix de
der and belote-rebelote; exoty.com « Compter les points à la coinche » for the no-trump and all-trump values.

Card points are dicts keyed by ASCII rank code (:attr:`companion.rules.cards.Rank.code`), strongest card first,
so that one dict gives both the order and the points. A game that plays with fewer cards derives its own with
:func:`without` (the belote à trois drops the 7s and 8s) rather than typing them again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .base import RuleTable
from .cards import SUITS, Suit, SuitCard, rank_name
from .text import T, Text

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
    return CONTRACT_VALUES.get(contract, contract) if isinstance(contract, str) else contract


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
    belote; ``capot_value``, what a capot
    bid is worth (250, or 500 at some tables).
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
        made = (bidder_total if belote_counts else bidder_total - bidder_belote) >= contract
        if must_beat_defence:
            made = made and bidder_total > DEAL_TOTAL - points + defence_announces + defence_belote
    if coinche and coinche_all:
        pot = (ROUNDED_TOTAL + worth) * MULTIPLIERS[coinche] + bidder_announces + defence_announces
        if made:
            return CoincheOutcome(True, bidder_total, pot, pot + bidder_belote, defence_belote)
        return CoincheOutcome(False, bidder_total, pot, bidder_belote, pot + defence_belote)
    if not made:
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
    return CoincheOutcome(True, bidder_total, value, value + rounded + bidder_announces + bidder_belote,
                          ROUNDED_TOTAL - rounded + defence_announces + defence_belote)
