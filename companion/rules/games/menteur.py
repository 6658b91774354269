"""Le menteur — rules data for the rulebook. Source: seed file 000 (« Le menteur »); completed from published
French rules (pickpocketcards.com « Menteur », fetedujeu.org, Wikipédia « Menteur (jeu) »)."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..text import T

PACK_SIZES = (52, 32)
MIN_PLAYERS = 3
MAX_PLAYERS = 8
# Every player gets the same number of cards; the remainder is set aside face down, unseen.
HAND_SIZES = tuple((n, 52 // n, 52 % n, 32 // n, 32 % n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))

INFO = GameInfo(
    slug="menteur",
    names=T("Le menteur", "Cheat (Le menteur)"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=("52", "32"),
    family="defausse",
    direction=CLOCKWISE,
    source="Seed file 000 (« Le menteur »); completed from pickpocketcards.com, fetedujeu.org and Wikipédia (Menteur).",
    aliases=("menteur", "le menteur", "cheat", "liar", "i doubt it", "bullshit"),
    summary=T(
        "Videz votre main en posant vos cartes face cachée… et en mentant sur leur couleur si besoin.",
        "Empty your hand by laying cards face down… and lying about their suit when you must.",
    ),
    tables=(
        RuleTable(
            "hand_sizes",
            T("Cartes par joueur", "Cards per player"),
            (
                T("Joueurs", "Players"),
                T("Chacun (52 cartes)", "Each (52 cards)"),
                T("De côté (52)", "Set aside (52)"),
                T("Chacun (32 cartes)", "Each (32 cards)"),
                T("De côté (32)", "Set aside (32)"),
            ),
            rows=HAND_SIZES,
        ),
    ),
)
