"""La super-bataille — rules data for the rulebook. Source: seed file 000 (rule by Jean-Christophe); ties and
short piles completed from the Bataille of the same seed file (rules-notes §24)."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..text import T

# Ranks from weakest to strongest.
RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R", "As", "Joker")

# n: how many cards a losing card brings to the winner, itself included (the loser adds n - 1 from his pile).
# The Joker never loses on its own (a Joker tie goes to a bataille), so it has no n.
TRIBUTE = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
    "V": 11, "D": 12, "R": 13, "As": 1,
}
ACE_HIGH_TRIBUTE = 14  # house rule "As à 14"

_NAMES = {
    "V": T("Valet", "Jack"),
    "D": T("Dame", "Queen"),
    "R": T("Roi", "King"),
    "As": T("As", "Ace"),
    "Joker": T("Joker", "Joker"),
}

INFO = GameInfo(
    slug="super-bataille",
    names=T("La super-bataille", "Super War"),
    min_players=2,
    max_players=6,
    decks=("54", "52"),
    family="bataille",
    direction=CLOCKWISE,
    source="Fichier source 000 (règle de Jean-Christophe) ; égalités d'après la bataille du même fichier.",
    aliases=("super bataille", "superbataille", "super war"),
    summary=T(
        "Une bataille express : chaque carte perdante coûte autant de cartes que sa valeur.",
        "A fast War: every losing card costs as many cards as its value.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes et cartes apportées", "Card order and cards brought in"),
            (
                T("Force (1 = la plus faible)", "Strength (1 = lowest)"),
                T("Carte", "Card"),
                T("Cartes apportées par un perdant (n, carte comprise)", "Cards a loser brings in (n, card included)"),
            ),
            rows=tuple(
                (i, _NAMES.get(r, r), TRIBUTE.get(r, T("— (ne perd jamais seul)", "— (never loses on its own)")))
                for i, r in enumerate(RANK_ORDER, start=1)
            ),
        ),
    ),
)
