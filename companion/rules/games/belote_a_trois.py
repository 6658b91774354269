"""La belote à trois — rules data for the rulebook. Source: seed file 000 (« La belote à trois »); completed from
classic French belote (contree.org « La marque », exoty.com « Les règles de la belote à 3 », jeuxdecartesinedits
« La belote »)."""

from .. import belote
from ..base import COUNTERCLOCKWISE, GameInfo, RuleTable
from ..belote import ANNOUNCEMENTS, BELOTE
from ..text import T

PLAYERS = 3
RANKS_REMOVED = ("7", "8")  # from the 32-card pack: 24 cards are played
HAND_SIZE = 8
TRICKS = 8

# Classic belote's card order and points (companion.rules.belote) without the 7s and 8s.
TRUMP_POINTS = belote.without(belote.TRUMP_POINTS, RANKS_REMOVED)
PLAIN_POINTS = belote.without(belote.PLAIN_POINTS, RANKS_REMOVED)
DEAL_TOTAL = belote.deal_total(TRUMP_POINTS, PLAIN_POINTS)  # 162: the 7s and 8s are worth nothing
CAPOT = 252  # all eight tricks
TARGET = 1000

INFO = GameInfo(
    slug="belote-a-trois",
    names=T("La belote à trois", "Three-handed belote"),
    min_players=PLAYERS,
    max_players=PLAYERS,
    decks=("32",),
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="Seed file 000 (« La belote à trois »); completed from classic belote (contree.org, exoty.com, jeuxdecartesinedits).",
    aliases=("belote a trois", "belote a 3", "belote à 3", "belote 3 joueurs", "three-handed belote"),
    summary=T(
        "La belote sans les 7 ni les 8 : le preneur joue seul contre les deux autres.",
        "Belote without the 7s and 8s: the taker plays alone against the other two.",
    ),
    tables=(
        belote.card_order_table(TRUMP_POINTS, PLAIN_POINTS),
        RuleTable(
            "scores",
            T("Marque d'une donne", "Scoring a deal"),
            (T("Résultat", "Outcome"), T("Preneur", "Taker"), T("Chaque défenseur", "Each defender")),
            rows=(
                (
                    T("Contrat rempli (preneur > défense)", "Contract made (taker > defence)"),
                    T("ses points", "his points"),
                    T("les points des deux défenseurs réunis", "the two defenders' pooled points"),
                ),
                (T("Dedans (preneur ≤ défense)", "Contract lost (taker ≤ defence)"), 0, DEAL_TOTAL),
                (T("Capot du preneur", "Taker wins every trick"), CAPOT, 0),
                (T("Capot de la défense", "Defence wins every trick"), 0, CAPOT),
                (
                    T("Belote-rebelote annoncée", "Belote-rebelote announced"),
                    T(f"+{BELOTE} s'il l'a", f"+{BELOTE} if he holds it"),
                    T(f"+{BELOTE} si un défenseur l'a", f"+{BELOTE} if a defender holds it"),
                ),
            ),
        ),
        RuleTable(
            "announcements",
            T("Annonces (variante)", "Announcements (variant)"),
            (T("Annonce", "Announcement"), T("Points", "Points")),
            rows=tuple((name, points) for _key, name, points in ANNOUNCEMENTS),
        ),
    ),
)
