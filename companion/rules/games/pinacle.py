"""Le pinacle — rules data for the rulebook. Source: seed file 000 (000_f4569ce82047918f.txt). No published rule
was found for this game (it is not pinochle); what the seed leaves open is settled by Atout's own choices
(rules-notes §21)."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import rank_name
from ..text import T, decimal

CARDS_DEALT = 36  # in all, whatever the number of players; the next card starts the discard pile
HAND_SIZES = {2: 18, 3: 12, 4: 9}
GOING_OUT_BONUS = 10
ONE_GO_BONUS = 30  # instead of 10, for laying the whole hand in a single turn
GAME_TARGET = 100
MIN_RUN = 3

# Card values by rank code (cards.Rank.code); the 2s are the pinacles. Halves are exact in binary floats.
CARD_POINTS = {
    "2": 2,
    "A": 1.5,
    **{r: 1 for r in ("K", "Q", "J", "10", "9", "8", "7")},
    **{r: 0.5 for r in ("6", "5", "4", "3")},
}
TOTAL_CARD_POINTS = int(4 * sum(CARD_POINTS.values()))  # 50 in the whole pack


INFO = GameInfo(
    slug="pinacle",
    names=T("Le pinacle", "Pinacle"),
    min_players=2,
    max_players=4,
    decks=("52",),
    family="rami",
    direction=CLOCKWISE,
    source="Seed 000 (000_f4569ce82047918f.txt); gaps filled by Atout (rules-notes §21).",
    aliases=("pinacles",),
    summary=T(
        "Rami de suites à 36 cartes où les 2, les pinacles, remplacent n'importe quelle carte de leur couleur.",
        "A 36-card rummy of runs in which the 2s, the pinacles, stand for any card of their own suit.",
    ),
    tables=(
        RuleTable(
            "card_points",
            T("Valeur des cartes", "Card values"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=(
                (T("Pinacle (les 2)", "Pinacle (the 2s)"), decimal(CARD_POINTS["2"])),
                (rank_name("A"), decimal(CARD_POINTS["A"])),
                (T("R, D, V, 10, 9, 8, 7", "K, Q, J, 10, 9, 8, 7"), decimal(CARD_POINTS["K"])),
                (T("6, 5, 4, 3", "6, 5, 4, 3"), decimal(CARD_POINTS["6"])),
            ),
        ),
        RuleTable(
            "card_order",
            T("Ordre des cartes dans une suite", "Card order in a run"),
            (T("Règle", "Rule"), T("Détail", "Detail")),
            rows=(
                (
                    T("Ordre", "Order"),
                    T("As 2 3 4 5 6 7 8 9 10 V D R As", "Ace 2 3 4 5 6 7 8 9 10 J Q K Ace"),
                ),
                (
                    T("L'as", "The ace"),
                    T(
                        "en bas (As-2-3) ou en haut (D-R-As), jamais R-As-2",
                        "low (A-2-3) or high (Q-K-A), never K-A-2",
                    ),
                ),
            ),
        ),
        RuleTable(
            "hand_sizes",
            T("Donne", "Deal"),
            (
                T("Joueurs", "Players"),
                T("Cartes chacun", "Cards each"),
                T("Talon après la carte retournée", "Stock after the turned card"),
            ),
            rows=tuple((n, size, 52 - CARDS_DEALT - 1) for n, size in HAND_SIZES.items()),
        ),
        RuleTable(
            "bonuses",
            T("Primes de fin de donne", "End-of-deal bonuses"),
            (T("Cas", "Case"), T("Points", "Points")),
            rows=(
                (T("Le joueur qui termine", "The player who goes out"), GOING_OUT_BONUS),
                (
                    T("… s'il a tout posé en un seul tour", "… if he laid his whole hand in one turn"),
                    ONE_GO_BONUS,
                ),
                (T("Partie en", "Game to"), GAME_TARGET),
            ),
        ),
    ),
)
