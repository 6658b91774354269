"""Gin-rami — rules data for the rulebook. Source: seed file 001 (001_7d9b1f4da3187b6a.txt), which only gives
two players, going out in one go "as in the rami sec" and free use of the discard; completed from standard Gin Rummy
(Pagat, "Gin Rummy") for the deal, knocking and scoring."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import STANDARD_RANKS, rank_name
from ..text import T

HAND_SIZE = 10  # cards dealt to each player; the 21st card starts the discard pile
KNOCK_LIMIT = 10  # most deadwood a player may knock with
GIN_BONUS = 25
BIG_GIN_BONUS = 31  # variant: 11 cards all in combinations
UNDERCUT_BONUS = 25
GAME_TARGET = 100
GAME_BONUS = 100
LINE_BONUS = 25  # per hand won, added at the end of the game
SHUTOUT_MULTIPLIER = 2  # the loser won no hand at all
STOCK_LEFT_FOR_DRAW = 2  # the hand is void when only this many stock cards remain

# Deadwood value by rank code (cards.Rank.code): the face value (Rank.pip), the ace always low.
CARD_POINTS = {r.code: r.pip for r in STANDARD_RANKS}

INFO = GameInfo(
    slug="gin-rami",
    names=T("Le gin-rami", "Gin rummy"),
    min_players=2,
    max_players=2,
    decks=("52",),
    family="rami",
    direction=CLOCKWISE,
    source="Seed 001 (001_7d9b1f4da3187b6a.txt); completed from Pagat (Gin Rummy).",
    aliases=("gin rami", "gin rummy", "gin-rummy", "gin"),
    summary=T(
        "Rami à deux, dix cartes chacun : on frappe avec peu de points morts, ou on fait gin.",
        "Two-player rummy with ten cards each: knock with little deadwood, or go gin.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes dans les suites", "Card order in runs"),
            (T("Règle", "Rule"), T("Détail", "Detail")),
            rows=(
                (
                    T("Du plus bas au plus haut", "Lowest to highest"),
                    T("As 2 3 4 5 6 7 8 9 10 V D R", "Ace 2 3 4 5 6 7 8 9 10 J Q K"),
                ),
                (
                    T("L'as", "The ace"),
                    T("toujours en bas : As-2-3, jamais D-R-As", "always low: A-2-3, never Q-K-A"),
                ),
            ),
        ),
        RuleTable(
            "card_points",
            T("Valeur des points morts", "Deadwood values"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=(
                (rank_name("A"), CARD_POINTS["A"]),
                (T("2 à 10", "2 to 10"), T("valeur du chiffre", "face value")),
                (T("V, D, R", "J, Q, K"), CARD_POINTS["K"]),
            ),
        ),
        RuleTable(
            "bonuses",
            T("Seuils et primes", "Limits and bonuses"),
            (T("Cas", "Case"), T("Points", "Points")),
            rows=(
                (T("Frapper : points morts au plus", "Knock: deadwood at most"), KNOCK_LIMIT),
                (T("Prime de gin", "Gin bonus"), GIN_BONUS),
                (T("Prime d'undercut (contre)", "Undercut bonus"), UNDERCUT_BONUS),
                (T("Big gin (variante)", "Big gin (variant)"), BIG_GIN_BONUS),
                (T("Fin de partie : score à atteindre", "Game ends at"), GAME_TARGET),
                (T("Prime de partie", "Game bonus"), GAME_BONUS),
                (T("Prime par donne gagnée", "Line bonus, per hand won"), LINE_BONUS),
                (
                    T("Partie blanche (l'autre n'a gagné aucune donne)", "Shutout (the loser won no hand)"),
                    T("total × 2", "total × 2"),
                ),
            ),
        ),
    ),
)
