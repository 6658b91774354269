"""La belote de comptoir — rules data for the rulebook. Source: seed file 000 (« La belote de comptoir »); card play
completed from classic French belote (contree.org, jeuxdecartesinedits « La belote »); no-trump and all-trump points
from the coinche tables (exoty.com « Compter les points à la coinche »)."""

from ..base import COUNTERCLOCKWISE, GameInfo, RuleTable
from ..text import T

MIN_PLAYERS = 2
MAX_PLAYERS = 8
PACK = 32
MIN_CARDS = 1
MAX_CARDS = 5  # the dealer picks 1 to 5 cards each, as far as the pack allows
# Card points by ASCII rank code (J Q K A), highest card first.
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
NO_TRUMP_POINTS = {"A": 19, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}  # option: ace 11
ALL_TRUMP_POINTS = {"J": 14, "9": 9, "A": 6, "10": 5, "K": 3, "Q": 1, "8": 0, "7": 0}
LAST_TRICK = 10  # dix de der
BELOTE = 20  # K + Q of trumps in one hand, announced (suit contracts only)
WIN_POINTS = 1  # the bidder if he makes his bid; otherwise every other player
TARGETS = (5, 10)
DEFAULT_TARGET = 5
CARDS_PER_PLAYER = tuple((n, min(MAX_CARDS, PACK // n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))

_NAMES = {
    "J": T("Valet", "Jack"),
    "9": "9",
    "A": T("As", "Ace"),
    "10": "10",
    "K": T("Roi", "King"),
    "Q": T("Dame", "Queen"),
    "8": "8",
    "7": "7",
}


def _order(first: dict, second: dict) -> tuple:
    return tuple(
        (i + 1, _NAMES[a], first[a], _NAMES[b], second[b])
        for i, (a, b) in enumerate(zip(first, second, strict=True))
    )


INFO = GameInfo(
    slug="belote-de-comptoir",
    names=T("La belote de comptoir", "Bar-counter belote"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=("32",),
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="Seed file 000 (« La belote de comptoir »); card play from classic belote (contree.org, jeuxdecartesinedits); "
    "no-trump / all-trump points from the coinche tables (exoty.com).",
    aliases=("belote comptoir", "belote de comptoir", "comptoir"),
    summary=T(
        "Une belote éclair : 1 à 5 cartes chacun, on annonce combien de points on fera, et on tient parole… ou pas.",
        "Lightning belote: 1 to 5 cards each, bid how many points you will take, then make it… or not.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre et valeur des cartes", "Card order and points"),
            (
                T("Rang", "Rank"),
                T("Atout", "Trumps"),
                T("Points", "Points"),
                T("Autres couleurs", "Other suits"),
                T("Points", "Points"),
            ),
            rows=_order(TRUMP_POINTS, PLAIN_POINTS),
        ),
        RuleTable(
            "cards_per_player",
            T("Cartes par joueur", "Cards per player"),
            (T("Joueurs", "Players"), T("Cartes chacun (au plus)", "Cards each (at most)")),
            rows=CARDS_PER_PLAYER,
        ),
        RuleTable(
            "sa_ta_order",
            T("Sans atout et tout atout (option)", "No trumps and all trumps (option)"),
            (
                T("Rang", "Rank"),
                T("Sans atout", "No trumps"),
                T("Points", "Points"),
                T("Tout atout", "All trumps"),
                T("Points", "Points"),
            ),
            rows=_order(NO_TRUMP_POINTS, ALL_TRUMP_POINTS),
        ),
    ),
)
