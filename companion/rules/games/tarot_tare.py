"""Le tarot taré — rules data for the rulebook. Source: seed files 000 and 001 (identical text); the play of the
cards from the Règlement officiel of the FFT (companion.rules.tarot, shared with the Tarot lorrain), the "lowest
total wins" count by analogy with the Hearts family, see rules-notes §7 and §9."""

from .. import tarot
from ..base import COUNTERCLOCKWISE, GameInfo, RuleTable
from ..text import T

DEALS_PER_PLAYER = 2  # a game is 2 deals per player, so everyone deals twice
PETIT_AU_BOUT_PENALTY = 10  # house rule only

INFO = GameInfo(
    slug="tarot-tare",
    names=T("Le tarot taré", "Tarot taré (losing tarot)"),
    min_players=3,
    max_players=5,
    decks=("78",),
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="Fichiers sources 000 et 001 ; jeu de la carte d'après le Règlement officiel de la FFT.",
    aliases=("tarot tare", "tarot taré", "qui perd gagne", "tarot qui perd gagne"),
    summary=T(
        "Le tarot à l'envers : chacun pour soi, le moins de points possible.",
        "Tarot upside down: every player for themself, take as few points as possible.",
    ),
    tables=(
        tarot.CARD_ORDER_TABLE,
        tarot.CARD_POINTS_TABLE,
        RuleTable(
            "deal_sizes",
            tarot.DEAL_SIZE_TITLE,
            (*tarot.DEAL_SIZE_COLUMNS, T("Donnes par partie", "Deals per game")),
            rows=tuple((*tarot.deal_size_row(n), DEALS_PER_PLAYER * n) for n in tarot.HAND_SIZE),
        ),
    ),
)
