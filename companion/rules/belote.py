"""Classic French belote, written once for every belote of the seed documents (belote à trois, belote de comptoir).

Sources: contree.org « La marque » and jeuxdecartesinedits « La belote » for the card order and points, the dix de
der and belote-rebelote; exoty.com « Compter les points à la coinche » for the no-trump and all-trump values.

Card points are dicts keyed by ASCII rank code (:attr:`companion.rules.cards.Rank.code`), strongest card first,
so that one dict gives both the order and the points. A game that plays with fewer cards derives its own with
:func:`without` (the belote à trois drops the 7s and 8s) rather than typing them again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

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
