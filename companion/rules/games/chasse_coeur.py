"""Le chasse-cœur — rules data for the rulebook. Source: seed files 000 and 001 (identical text); point values and
the end of the game from standard Hearts (thebearknowsbest.com/hearts), see rules-notes §16."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import Card
from ..text import T

MIN_PLAYERS, MAX_PLAYERS = 3, 7

# Low cards taken out so that everyone gets the same number; the 2♣ always stays (it leads).
REMOVED = {
    3: ("2D",),
    4: (),
    5: ("2D", "2S"),
    6: ("2D", "2S", "3D", "3S"),
    7: ("2D", "2S", "3D"),
}
HAND_SIZE = {n: (52 - len(cards)) // n for n, cards in REMOVED.items()}

# Atout's default (standard Hearts): every heart 1, the Queen of spades 13.
HEART_POINTS = 1
QUEEN_OF_SPADES_POINTS = 13
DEAL_TOTAL = 13 * HEART_POINTS + QUEEN_OF_SPADES_POINTS  # 26
TARGET = 100  # the game ends when someone reaches it; lowest total wins

# The seed's literal values, a house rule ("les dames à 13").
LITERAL_HEART_POINTS = 1  # hearts other than the Queen
LITERAL_QUEEN_POINTS = 13  # Queens of spades, diamonds and clubs
LITERAL_QUEEN_OF_HEARTS_POINTS = 14
LITERAL_DEAL_TOTAL = 12 * LITERAL_HEART_POINTS + 3 * LITERAL_QUEEN_POINTS + LITERAL_QUEEN_OF_HEARTS_POINTS  # 65

INFO = GameInfo(
    slug="chasse-coeur",
    names=T("Le chasse-cœur", "Chasse-cœur (Hearts)"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=("52",),
    family="levees",
    direction=CLOCKWISE,
    source="Fichiers sources 000 et 001 (texte identique) ; valeurs et fin de partie d'après le Hearts.",
    aliases=("chasse coeur", "chasse-cœur", "chassecoeur", "hearts"),
    summary=T(
        "Évitez les cœurs et la Dame de pique ; le plus petit total gagne.",
        "Avoid hearts and the Queen of spades; the lowest total wins.",
    ),
    tables=(
        RuleTable(
            "hand_sizes",
            T("Cartes retirées et cartes par joueur", "Cards removed and cards per player"),
            (T("Joueurs", "Players"), T("Cartes retirées", "Cards removed"), T("Cartes par joueur", "Cards each")),
            rows=tuple((n, " ".join(str(Card.parse(c)) for c in REMOVED[n]) or "—", HAND_SIZE[n]) for n in REMOVED),
        ),
        RuleTable(
            "card_order",
            T("Ordre des cartes", "Card order"),
            (T("Où", "Where"), T("De la plus forte à la plus faible", "Strongest first")),
            rows=(
                (T("Dans chaque couleur", "Within each suit"), T("As, R, D, V, 10, 9, 8, 7, 6, 5, 4, 3, 2", "Ace, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2")),
                (T("Atout", "Trumps"), T("aucun : seule la couleur demandée peut gagner", "none: only the suit led can win")),
            ),
        ),
        RuleTable(
            "card_points",
            T("Cartes à points", "Penalty cards"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=(
                (T("Chaque cœur, Dame de cœur comprise", "Each heart, Queen of hearts included"), HEART_POINTS),
                (T("Dame de pique (D♠)", "Queen of spades (Q♠)"), QUEEN_OF_SPADES_POINTS),
                (T("Toute autre carte", "Any other card"), 0),
                (T("Total d'une donne", "Total in a deal"), DEAL_TOTAL),
            ),
        ),
        RuleTable(
            "card_points_dames",
            T("Variante « les dames à 13 »", "House rule “queens at 13”"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=(
                (T("Chaque cœur sauf la Dame", "Each heart except the Queen"), LITERAL_HEART_POINTS),
                (T("Dame de pique, de carreau, de trèfle (chacune)", "Queen of spades, diamonds, clubs (each)"), LITERAL_QUEEN_POINTS),
                (T("Dame de cœur", "Queen of hearts"), LITERAL_QUEEN_OF_HEARTS_POINTS),
                (T("Total d'une donne", "Total in a deal"), LITERAL_DEAL_TOTAL),
            ),
        ),
    ),
)
