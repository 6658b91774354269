"""Le tarot taré — rules data for the rulebook. Source: seed files 000 and 001 (identical text); the play of the
cards from the Règlement officiel of the FFT (numbers shared with the Tarot lorrain module), the "lowest total wins"
count by analogy with the Hearts family, see rules-notes §7 and §9."""

from ..base import COUNTERCLOCKWISE, GameInfo, RuleTable
from ..text import T
from .tarot_lorrain import (
    CARD_HALF_POINTS,
    CARD_ORDER_TABLE,
    CARD_POINTS_TABLE,
    CHIEN_SIZE,
    HAND_SIZE,
    TOTAL_HALF_POINTS,
)

__all__ = ["CARD_HALF_POINTS", "CHIEN_SIZE", "DEALS_PER_PLAYER", "HAND_SIZE", "INFO", "PETIT_AU_BOUT_PENALTY", "TOTAL_HALF_POINTS"]

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
        CARD_ORDER_TABLE,
        CARD_POINTS_TABLE,
        RuleTable(
            "deal_sizes",
            T("Donne selon le nombre de joueurs", "Deal by number of players"),
            (T("Joueurs", "Players"), T("Cartes chacun", "Cards each"), T("Chien", "Chien"), T("Donnes par partie", "Deals per game")),
            rows=tuple((n, HAND_SIZE[n], CHIEN_SIZE[n], DEALS_PER_PLAYER * n) for n in HAND_SIZE),
        ),
    ),
)
