"""La belote de comptoir — rules data for the rulebook. Source: seed file 000 (« La belote de comptoir »); card play
completed from classic French belote (contree.org, jeuxdecartesinedits « La belote »); no-trump and all-trump points
from the coinche tables (exoty.com « Compter les points à la coinche »)."""

from .. import belote
from ..base import COUNTERCLOCKWISE, GameInfo, RuleTable
from ..text import T

MIN_PLAYERS = 2
MAX_PLAYERS = 8
PACK = 32
MIN_CARDS = 1
MAX_CARDS = 5  # the dealer picks 1 to 5 cards each, as far as the pack allows
# Card order and points, dix de der and belote-rebelote are classic belote's (companion.rules.belote); the
# no-trump and all-trump contracts are an option.
WIN_POINTS = 1  # the bidder if he makes his bid; otherwise every other player
TARGETS = (5, 10)
DEFAULT_TARGET = 5
CARDS_PER_PLAYER = tuple((n, min(MAX_CARDS, PACK // n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))

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
        belote.card_order_table(),
        RuleTable(
            "cards_per_player",
            T("Cartes par joueur", "Cards per player"),
            (T("Joueurs", "Players"), T("Cartes chacun (au plus)", "Cards each (at most)")),
            rows=CARDS_PER_PLAYER,
        ),
        belote.no_trump_all_trump_table(),
    ),
)
