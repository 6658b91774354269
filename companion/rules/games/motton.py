"""Motton — rules data for the rulebook. Source: seed file 002 (Motton); the missing scoring footnote is filled by
Atout's own formula (cards dealt + bid, honouring the seed's "depends on the cards dealt and the bid"), with the
classic Oh Hell scores (Wikipedia / Pagat "Oh Hell") offered as house rules."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import rank_name
from ..text import T

ROUNDS = 20
# Cards dealt to each player, round by round: 10 down to 1, then 1 up to 10.
ROUND_SIZES = tuple(range(10, 0, -1)) + tuple(range(1, 11))
NO_TRUMP_RANK = rank_name("K")  # a turned-up King means no trumps for the round
MAX_REPLAYS = 3  # a round nobody makes is replayed at most this many times in a row, then scores 0 for all

CARD_ORDER = (T("As", "A"), T("R", "K"), T("D", "Q"), T("V", "J"), 10, 9, 8, 7, 6, 5, 4, 3, 2)


def exact_bid_points(cards: int, bid: int) -> int:
    """Points for a bid made exactly (Atout's default); a missed bid scores 0."""
    return cards + bid


INFO = GameInfo(
    slug="motton",
    names=T("Motton", "Motton"),
    min_players=2,
    max_players=5,
    decks=("52",),
    family="levees",
    direction=CLOCKWISE,
    source="Seed file 002 (Motton); scoring footnote missing, completed with Atout's formula (cards + bid); "
    "Oh Hell references (Wikipedia, Pagat) for the house rules.",
    aliases=("le motton", "moton"),
    summary=T(
        "Vingt donnes de 10 cartes à 1 puis de 1 à 10 : annoncer exactement ses levées pour marquer.",
        "Twenty deals from 10 cards down to 1 and back up: bid your tricks exactly to score.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes (dans chaque couleur)", "Card order (in every suit)"),
            (T("Rang", "Rank"), T("Carte", "Card")),
            rows=tuple((i + 1, card) for i, card in enumerate(CARD_ORDER)),
        ),
        RuleTable(
            "rounds",
            T("Les 20 donnes et ce qu'elles rapportent", "The 20 deals and what they are worth"),
            (
                T("Donne", "Deal"),
                T("Cartes à chacun", "Cards each"),
                T("Annonce 0 réussie", "Bid of 0 made"),
                T("Toutes les levées annoncées et faites", "All tricks bid and made"),
            ),
            rows=tuple(
                (number, cards, exact_bid_points(cards, 0), exact_bid_points(cards, cards))
                for number, cards in enumerate(ROUND_SIZES, start=1)
            ),
        ),
    ),
)
