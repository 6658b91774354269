"""La super-bataille — rules data for the rulebook. Source: seed file 000 (rule by Jean-Christophe); ties and
short piles completed from the Bataille of the same seed file (rules-notes §24)."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import rank_name
from ..text import T

# Rank codes (cards.Rank.code) from weakest to strongest, then the Joker.
RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "JK")

# n: how many cards a losing card brings to the winner, itself included (the loser adds n - 1 from his pile).
# The Joker never loses on its own (a Joker tie goes to a bataille), so it has no n.
TRIBUTE = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
    "J": 11, "Q": 12, "K": 13, "A": 1,
}
ACE_HIGH_TRIBUTE = 14  # house rule "As à 14"

_JOKER = T("Joker", "Joker")

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
                (i, _JOKER if r == "JK" else rank_name(r), TRIBUTE.get(r, T("— (ne perd jamais seul)", "— (never loses on its own)")))
                for i, r in enumerate(RANK_ORDER, start=1)
            ),
        ),
    ),
)
