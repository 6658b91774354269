"""La pétasse (dame de pique) — rules data for the rulebook. Source: seed file 000 (000_f4569ce82047918f.txt);
who leads and the end of the game completed from the Hearts family (Pagat, "Hearts") as in rules-notes §17."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..text import T

# Rank codes (cards.Rank.code) from highest to lowest, the same in every suit; there are no trumps.
RANK_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7")
HEART_POINTS = 1  # each heart taken
QUEEN_OF_SPADES_POINTS = 8  # la pétasse
DEAL_TOTAL = 8 * HEART_POINTS + QUEEN_OF_SPADES_POINTS  # 16 points in every deal
CAPOT_POINTS = 16  # to each other player when one player takes every trick
LOSING_TOTAL = 51  # reaching this ends the game: that player loses
REMOVED_AT_THREE = ("7D", "7C")
HAND_SIZES = {3: 10, 4: 8}

INFO = GameInfo(
    slug="petasse",
    names=T("La pétasse", "La Pétasse (Queen of spades)"),
    min_players=3,
    max_players=4,
    decks=("32",),
    family="levees",
    direction=CLOCKWISE,
    source="Seed 000 (000_f4569ce82047918f.txt); completed from Pagat (Hearts) and rules-notes §17.",
    aliases=("dame de pique", "la dame de pique", "petasse", "pétasse"),
    summary=T(
        "Jeu de levées sans atout à 32 cartes : fuir les cœurs et la dame de pique ; 51 points, c'est perdu.",
        "No-trump trick game with 32 cards: avoid hearts and the Queen of spades; 51 points loses.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes dans chaque couleur", "Card order in every suit"),
            (T("Du plus fort au plus faible", "Highest to lowest"),),
            rows=((T("As R D V 10 9 8 7", "Ace K Q J 10 9 8 7"),),),
        ),
        RuleTable(
            "card_points",
            T("Cartes qui comptent", "Cards that score"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=(
                (T("Chaque cœur (As à 7)", "Each heart (Ace to 7)"), HEART_POINTS),
                (T("D♠, la pétasse", "Q♠, la pétasse"), QUEEN_OF_SPADES_POINTS),
                (T("Toute autre carte", "Any other card"), 0),
                (T("Total d'une donne", "Total in a deal"), DEAL_TOTAL),
                (T("Capot : à chacun des autres", "Capot: to each other player"), CAPOT_POINTS),
            ),
        ),
        RuleTable(
            "hand_sizes",
            T("Donne", "Deal"),
            (
                T("Joueurs", "Players"),
                T("Cartes retirées", "Cards taken out"),
                T("Cartes chacun", "Cards each"),
            ),
            rows=(
                (3, T("7♦ et 7♣", "7♦ and 7♣"), HAND_SIZES[3]),
                (4, T("aucune", "none"), HAND_SIZES[4]),
            ),
        ),
    ),
)
