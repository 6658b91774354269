"""Golf — rules data for the rulebook. Source: seed file 002 (title only); completed from the standard
six-card and four-card Golf (Bicycle "Six Card Golf"; Wikipedia "Golf (card game)"; Pagat "Golf")."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import rank_name
from ..text import T

HOLES = 9  # deals in a game ("trous")
LONG_HOLES = 18
ONE_PACK_MAX_PLAYERS = 4  # two packs from five players

# Variant -> (rows, columns) of the face-down layout, and cards turned face up (6) or peeked at (4) at the start.
LAYOUTS = {"golf6": (2, 3), "golf4": (2, 2)}
FACE_UP_AT_START = 2  # Golf 6: turned face up
PEEK_AT_START = 2  # Golf 4: looked at once, then face down again

COLUMN_PAIR = 0  # two cards of the same rank in one column score nothing
JOKER = -2  # house rule

# Rank -> (Golf 6 value, Golf 4 value).
CARD_VALUES = (
    (rank_name("A"), 1, 1),
    ("2", -2, 2),
    (T("3 à 10", "3 to 10"), T("valeur faciale", "face value"), T("valeur faciale", "face value")),
    (rank_name("J"), 10, 10),
    (rank_name("Q"), 10, 10),
    (rank_name("K"), 0, 0),
    (
        T("Deux cartes de même rang dans une colonne", "Two cards of one rank in a column"),
        COLUMN_PAIR,
        COLUMN_PAIR,
    ),
    (T("Joker (règle maison)", "Joker (house rule)"), JOKER, JOKER),
)

INFO = GameInfo(
    slug="golf",
    names=T("Golf", "Golf"),
    min_players=2,
    max_players=8,
    decks=("52", "2x52"),
    family="comptage",
    direction=CLOCKWISE,
    source="Seed file 002 (title only); completed from standard six-card and four-card Golf (Bicycle, Wikipedia, Pagat).",
    aliases=(
        "le golf",
        "golf a six cartes",
        "golf a quatre cartes",
        "six card golf",
        "four card golf",
        "golf 6",
        "golf 4",
    ),
    summary=T(
        "En neuf « trous », faire le plus petit total avec une grille de cartes qu'on améliore carte à carte.",
        "Over nine holes, make the lowest total from a grid of cards you improve one card at a time.",
    ),
    tables=(
        RuleTable(
            "card_values",
            T("Valeur des cartes", "Card values"),
            (
                T("Carte", "Card"),
                T("Golf à 6 cartes", "Six-card Golf"),
                T("Golf à 4 cartes", "Four-card Golf"),
            ),
            rows=CARD_VALUES,
        ),
        RuleTable(
            "layouts",
            T("Les deux formes", "The two forms"),
            (
                T("Forme", "Form"),
                T("Cartes à chacun", "Cards each"),
                T("Disposition", "Layout"),
                T("Au départ", "At the start"),
            ),
            rows=(
                (
                    T("Golf à 6 cartes", "Six-card Golf"),
                    6,
                    T("2 rangées de 3", "2 rows of 3"),
                    T(f"{FACE_UP_AT_START} cartes retournées", f"{FACE_UP_AT_START} cards turned up"),
                ),
                (
                    T("Golf à 4 cartes", "Four-card Golf"),
                    4,
                    T("2 rangées de 2", "2 rows of 2"),
                    T(f"{PEEK_AT_START} cartes regardées une fois", f"{PEEK_AT_START} cards looked at once"),
                ),
            ),
        ),
    ),
)
