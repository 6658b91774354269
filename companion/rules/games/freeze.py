"""Freeze — rules data for the rulebook. Source: seed file 002 (Freeze: values, layout, turns, speed and faults);
its missing footnotes (card powers, what a line is, the end of a round, the length of a game) are completed from
the closest known games, Cambio and Cabo (cambio-api.fly.dev rules, chlopez.me/cambio, Wikipedia "Cabo")."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import rank_name
from ..text import T

LAYOUT_ROWS = 2
LAYOUT_COLUMNS = 2
HAND_SIZE = LAYOUT_ROWS * LAYOUT_COLUMNS

RED_KING = -1
COURT = 10  # Jacks, Queens and black Kings
ACE = 1
LINE_OF_A_KIND = 0  # a row whose cards share a rank (two red Kings excepted: they keep -2)
FREEZE_WON = -10  # the freezer's score when he has strictly the lowest total
FREEZE_LOST_PER_PLAYER = 5  # added to the freezer's total for each player at or below it
GAME_END = 100  # the game ends when a player reaches this total

CARD_VALUES = (
    (rank_name("A"), ACE),
    (T("2 à 10", "2 to 10"), T("valeur faciale", "face value")),
    (rank_name("J"), COURT),
    (rank_name("Q"), COURT),
    (T("Roi noir (♠ ♣)", "Black King (♠ ♣)"), COURT),
    (T("Roi rouge (♥ ♦)", "Red King (♥ ♦)"), RED_KING),
)

# Powers of a card drawn from the stock and discarded at once (seed footnote 7, completed from Cambio).
POWERS = (
    (T("7 ou 8", "7 or 8"), T("regarder une de ses cartes", "look at one of your own cards")),
    (T("9 ou 10", "9 or 10"), T("regarder une carte d'un adversaire", "look at one opponent's card")),
    (
        T("Valet ou Dame", "Jack or Queen"),
        T(
            "échanger à l'aveugle une de ses cartes avec celle d'un adversaire",
            "swap one of your cards blind with an opponent's",
        ),
    ),
    (
        T("Roi noir", "Black King"),
        T(
            "regarder une carte de n'importe qui, puis échanger si on veut une de ses cartes avec celle d'un adversaire",
            "look at anyone's card, then swap one of yours with an opponent's if you wish",
        ),
    ),
    (T("Autres cartes", "Other cards"), T("aucun pouvoir", "no power")),
)

INFO = GameInfo(
    slug="freeze",
    names=T("Freeze", "Freeze"),
    min_players=2,
    max_players=8,
    decks=("52",),
    family="comptage",
    direction=CLOCKWISE,
    source="Seed file 002 (Freeze); missing footnotes completed from Cambio / Cabo (cambio-api.fly.dev, "
    "chlopez.me/cambio, Wikipedia).",
    aliases=("le freeze", "freezer", "cambio", "cabo"),
    summary=T(
        "Quatre cartes cachées devant soi : échanger, mémoriser, « speeder », puis freezer avec le plus petit total.",
        "Four hidden cards in front of you: swap, remember, speed, then freeze with the lowest total.",
    ),
    tables=(
        RuleTable(
            "card_values",
            T("Valeur des cartes", "Card values"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=CARD_VALUES,
        ),
        RuleTable(
            "powers",
            T(
                "Pouvoirs (carte piochée puis défaussée aussitôt)",
                "Powers (card drawn and discarded at once)",
            ),
            (T("Carte", "Card"), T("Action", "Action")),
            rows=POWERS,
        ),
        RuleTable(
            "round_scores",
            T("Marque de la manche", "Scoring a round"),
            (T("Cas", "Case"), T("Points", "Points")),
            rows=(
                (T("Ligne de deux cartes de même rang", "Row of two cards of the same rank"), LINE_OF_A_KIND),
                (T("Ligne de deux Rois rouges", "Row of two red Kings"), 2 * RED_KING),
                (
                    T(
                        "Freezer qui a strictement le plus petit total",
                        "Freezer with strictly the lowest total",
                    ),
                    FREEZE_WON,
                ),
                (
                    T(
                        "Freezer battu ou égalé : son total, plus par joueur à égalité ou en dessous",
                        "Freezer beaten or tied: his total, plus per player level or below",
                    ),
                    FREEZE_LOST_PER_PLAYER,
                ),
                (T("Fin de partie dès qu'un joueur atteint", "Game ends when a player reaches"), GAME_END),
            ),
        ),
    ),
)
