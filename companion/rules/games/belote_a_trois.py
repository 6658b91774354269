"""La belote à trois — rules data for the rulebook. Source: seed file 000 (« La belote à trois »); completed from
classic French belote (contree.org « La marque », exoty.com « Les règles de la belote à 3 », jeuxdecartesinedits
« La belote »)."""

from ..base import COUNTERCLOCKWISE, GameInfo, RuleTable
from ..text import T

PLAYERS = 3
RANKS_REMOVED = ("7", "8")  # from the 32-card pack: 24 cards are played
HAND_SIZE = 8
TRICKS = 8

# Card points by ASCII rank code (J Q K A), highest card first.
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3}
PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
LAST_TRICK = 10  # dix de der
DEAL_TOTAL = 162  # 62 + 3 * 30 + 10: removing the 7s and 8s removes no points
BELOTE = 20  # K + Q of trumps in one hand, announced
CAPOT = 252  # all eight tricks
TARGET = 1000
# Optional announcements (classic belote), declared during the first trick.
ANNOUNCEMENTS = (
    ("tierce", T("Tierce (3 cartes qui se suivent)", "Tierce (3 in sequence)"), 20),
    ("cinquante", T("Cinquante (4 qui se suivent)", "Fifty (4 in sequence)"), 50),
    ("cent", T("Cent (5 qui se suivent)", "Hundred (5 in sequence)"), 100),
    ("carre_valets", T("Carré de Valets", "Four Jacks"), 200),
    ("carre_neuf", T("Carré de 9", "Four 9s"), 150),
    ("carre_as_10_r_d", T("Carré d'As, de 10, de Rois ou de Dames", "Four Aces, 10s, Kings or Queens"), 100),
)

_NAMES = {
    "J": T("Valet", "Jack"),
    "9": "9",
    "A": T("As", "Ace"),
    "10": "10",
    "K": T("Roi", "King"),
    "Q": T("Dame", "Queen"),
}

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
            rows=tuple(
                (i + 1, _NAMES[t], TRUMP_POINTS[t], _NAMES[p], PLAIN_POINTS[p])
                for i, (t, p) in enumerate(zip(TRUMP_POINTS, PLAIN_POINTS, strict=True))
            ),
        ),
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
