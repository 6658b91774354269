"""La bataille — rules data for the rulebook. Source: seed file 000 (« La bataille »); completed from common
French usage for the points the seed leaves open (running out of cards during a bataille, time limit)."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import rank_name
from ..text import T

BATAILLE_DOWN = 1  # face-down cards each fighter adds in a bataille…
BATAILLE_UP = 1  # …then face-up cards, which decide it
# Highest first, by ASCII code; the jokers only when the table adds them.
CARD_ORDER = ("JK", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")

_JOKER = T("Joker (si on les ajoute)", "Joker (if added)")

INFO = GameInfo(
    slug="bataille",
    names=T("La bataille", "War (La bataille)"),
    min_players=2,
    max_players=6,
    decks=("52", "32", "54"),
    family="bataille",
    direction=CLOCKWISE,
    source="Seed file 000 (« La bataille »); completed from common French usage.",
    aliases=("bataille", "la bataille", "war", "jeu de la bataille"),
    summary=T(
        "Chacun retourne sa carte du dessus ; la plus forte ramasse tout. À égalité : bataille !",
        "Everyone turns up his top card; the highest takes them all. A tie means war!",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes", "Card order"),
            (T("Force (1 = la plus forte)", "Strength (1 = highest)"), T("Carte", "Card")),
            rows=tuple((i + 1, _JOKER if code == "JK" else rank_name(code)) for i, code in enumerate(CARD_ORDER)),
        ),
    ),
)
