"""L'empereur — rules data for the rulebook. Source: seed file 000 (rule by Florent Peyrusse); gaps filled by
Atout's choices listed in rules-notes §18 (no outside reference: an invented game of the climbing family)."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import rank_name
from ..text import T, Text

HAND_SIZE = 7

# Rank codes (cards.Rank.code) from weakest to strongest; the Joker ("JK") stands for the rank its player names.
RANK_ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")

# Points of cards left in hand, used by the Elite and Mirror Elite modes.
CARD_POINTS = {
    "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
    "J": 11, "Q": 12, "K": 13, "A": 14, "2": 15, "JK": 20,
}

# For the dealer draw and for "the highest card" given at the exchange, the Joker beats everything.
EXCHANGE_ORDER = ("JK", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")

MODES = ("normal", "elite", "miroir-normal", "miroir-elite")
DEFAULT_MANCHES = {"short": 3, "long": 6}  # Normal and Mirror Normal
DEFAULT_TARGETS = {"short": 500, "long": 1000}  # Elite and Mirror Elite

_JOKER = T("Joker", "Joker")


def _name(code: str) -> Text:
    return _JOKER if code == "JK" else rank_name(code)


INFO = GameInfo(
    slug="empereur",
    names=T("L'empereur", "Emperor"),
    min_players=2,
    max_players=6,
    decks=("54", "52"),
    family="defausse",
    direction=CLOCKWISE,
    source="Fichier source 000 (règle de Florent Peyrusse) ; points laissés ouverts tranchés par Atout.",
    aliases=("empereur", "l'empereur", "emperor", "jeu de l'empereur"),
    summary=T(
        "Posez des cartes de même valeur, toujours plus haut, pour vider votre main le premier.",
        "Play sets of equal cards, never lower, to be the first to empty your hand.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes", "Card order"),
            (T("Force (1 = la plus faible)", "Strength (1 = lowest)"), T("Carte", "Card")),
            rows=tuple((i, _name(r)) for i, r in enumerate(RANK_ORDER, start=1))
            + ((T("au choix", "as named"), T("Joker (prend la valeur annoncée)", "Joker (takes the rank its player names)")),),
        ),
        RuleTable(
            "card_points",
            T("Points des cartes restées en main (modes Élite)", "Points of cards left in hand (Elite modes)"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=tuple((_name(r), CARD_POINTS[r]) for r in (*RANK_ORDER, "JK")),
        ),
        RuleTable(
            "modes",
            T("Les quatre modes", "The four modes"),
            (T("Mode", "Mode"), T("Durée", "Length"), T("Qui marque", "Who scores"), T("Échange de cartes", "Card exchange"), T("Résultat", "Result")),
            rows=(
                (
                    T("Normal", "Normal"),
                    T(f"{DEFAULT_MANCHES['short']} manches (courte) ou {DEFAULT_MANCHES['long']} (longue)",
                      f"{DEFAULT_MANCHES['short']} rounds (short) or {DEFAULT_MANCHES['long']} (long)"),
                    T("personne", "nobody"),
                    T("aucun", "none"),
                    T("l'Empereur de la dernière manche gagne", "the Emperor of the last round wins"),
                ),
                (
                    T("Élite", "Elite"),
                    T(f"cible de {DEFAULT_TARGETS['short']} points (courte) ou {DEFAULT_TARGETS['long']} (longue)",
                      f"target of {DEFAULT_TARGETS['short']} points (short) or {DEFAULT_TARGETS['long']} (long)"),
                    T("l'Empereur, la valeur des mains des Sujets", "the Emperor, the value of the Subjects' hands"),
                    T("Sujets → Empereur", "Subjects → Emperor"),
                    T("le premier à atteindre la cible gagne", "the first to reach the target wins"),
                ),
                (
                    T("Miroir Normal", "Mirror Normal"),
                    T("comme Normal", "as Normal"),
                    T("personne", "nobody"),
                    T("Exclu → Élus", "Outcast → Chosen"),
                    T("l'Exclu de la dernière manche perd, tous les autres gagnent", "the Outcast of the last round loses, all others win"),
                ),
                (
                    T("Miroir Élite", "Mirror Elite"),
                    T("comme Élite", "as Elite"),
                    T("l'Exclu, la valeur des cartes restées en main (points de pénalité)", "the Outcast, the value of the cards left in hand (penalty points)"),
                    T("Sujets → Empereur, puis Exclu → Élus", "Subjects → Emperor, then Outcast → Chosen"),
                    T("le premier à atteindre la cible perd, les autres gagnent", "the first to reach the target loses, the others win"),
                ),
            ),
        ),
    ),
)
