"""Eleusis — rules data for the rulebook. Source: seed file 002 (title only); completed from Robert Abbott's
New Eleusis (1977, as published by Martin Gardner and summarised by David Matuszek and Pagat) and, for the
short variant, John Golden's Eleusis Express."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import rank_name
from ..text import T

HAND_SIZE = 14  # to every player except the dealer
EXPRESS_HAND_SIZE = 12
MAX_STRING = 4  # a play is one card or a string of 2 to 4 cards

WRONG_CARD_PENALTY = 2  # penalty cards per card of a wrong play
WRONG_NO_PLAY_PENALTY = 5
FALSE_PROPHET_PENALTY = 5
NO_PLAY_REDUCTION = 4  # a correct "no play" is answered with a new hand this much smaller

MARKER_EVERY = 10  # a marker on every tenth card laid out
SUDDEN_DEATH_AFTER = 40  # cards laid out, with no prophet in office
SUDDEN_DEATH_AFTER_PROPHET = 30  # cards laid out after the prophet's marker

EMPTY_HAND_BONUS = 4
PROPHET_MAINLINE_BONUS = 1  # per mainline card laid after the prophet's marker
PROPHET_SIDELINE_BONUS = 2  # per sideline card laid after the prophet's marker

# The usual convention when a secret rule talks about numbers (odd/even, higher/lower, sums).
CARD_NUMBERS = (
    (rank_name("A"), 1),
    (T("2 à 10", "2 to 10"), T("valeur faciale", "face value")),
    (rank_name("J"), 11),
    (rank_name("Q"), 12),
    (rank_name("K"), 13),
)

INFO = GameInfo(
    slug="eleusis",
    names=T("Eleusis", "Eleusis"),
    min_players=4,
    max_players=8,
    decks=("2x52", "3x52"),
    family="deduction",
    direction=CLOCKWISE,
    source="Seed file 002 (title only); completed from Robert Abbott's New Eleusis (Gardner 1977; Matuszek's "
    "summary; Pagat) and John Golden's Eleusis Express.",
    aliases=("éleusis", "new eleusis", "nouvelle eleusis", "eleusis express"),
    summary=T(
        "Jeu de déduction : le donneur invente une règle secrète, les autres la découvrent en jouant.",
        "Deduction game: the dealer invents a secret rule, the others discover it by playing cards.",
    ),
    tables=(
        RuleTable(
            "card_numbers",
            T(
                "Nombre de chaque carte (pour les règles qui comptent)",
                "Number of each card (for rules that count)",
            ),
            (T("Carte", "Card"), T("Nombre", "Number")),
            rows=CARD_NUMBERS,
        ),
        RuleTable(
            "penalties",
            T("Cartes de pénalité", "Penalty cards"),
            (T("Faute", "Fault"), T("Cartes à prendre", "Cards drawn")),
            rows=(
                (T("Jeu refusé (par carte jouée)", "Wrong play (per card played)"), WRONG_CARD_PENALTY),
                (T("« Je ne peux pas jouer » à tort", "Wrong “no play”"), WRONG_NO_PLAY_PENALTY),
                (T("Prophète renversé", "Prophet overthrown"), FALSE_PROPHET_PENALTY),
                (
                    T("Erreur pendant la mort subite", "Error during sudden death"),
                    T("exclu de la manche", "out of the round"),
                ),
            ),
        ),
        RuleTable(
            "scoring",
            T("Marque en fin de manche", "End-of-round scoring"),
            (T("Qui", "Who"), T("Points", "Points")),
            rows=(
                (
                    T("Chaque joueur (prophète compris)", "Each player (prophet included)"),
                    T("plus grosse main − cartes en main", "largest hand − cards held"),
                ),
                (
                    T("Joueur sans carte", "Player with no cards"),
                    T(f"+{EMPTY_HAND_BONUS} de plus", f"{EMPTY_HAND_BONUS} more"),
                ),
                (
                    T(
                        "Prophète en place : carte de la ligne principale après son marqueur",
                        "Prophet in office: mainline card after his marker",
                    ),
                    T(f"+{PROPHET_MAINLINE_BONUS} chacune", f"+{PROPHET_MAINLINE_BONUS} each"),
                ),
                (
                    T(
                        "Prophète en place : carte refusée après son marqueur",
                        "Prophet in office: sideline card after his marker",
                    ),
                    T(f"+{PROPHET_SIDELINE_BONUS} chacune", f"+{PROPHET_SIDELINE_BONUS} each"),
                ),
                (
                    T("Donneur", "Dealer"),
                    T(
                        "le meilleur score des joueurs ; s'il y a un prophète, au plus 2 × les cartes posées avant son marqueur",
                        "the best player's score; with a prophet, at most 2 × the cards laid before his marker",
                    ),
                ),
            ),
        ),
    ),
)
