"""Le pharaon — rules data for the rulebook. Source: seed file 000 (000_f4569ce82047918f.txt), a two-sided
version of the game; the classic 18th-century game (bets on ranks, doublets) is described as a variant from
Wikipédia "Pharaon (jeu)" and salondesjeux.fr."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..text import T

# Rank codes (cards.Rank.code) from lowest to highest; suits do not matter.
RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
COUPS_PER_PACK = 26  # two cards per coup
PAYOUT = 1  # the winning side is paid even money

INFO = GameInfo(
    slug="pharaon",
    names=T("Le pharaon", "Pharaon"),
    min_players=2,
    max_players=10,
    decks=("52",),
    family="banque",
    direction=CLOCKWISE,
    source="Seed 000 (000_f4569ce82047918f.txt); classic variant from Wikipédia (Pharaon) and salondesjeux.fr.",
    aliases=("pharao", "faro"),
    summary=T(
        "Jeu de banque : on mise à droite ou à gauche, la plus forte des deux cartes tirées désigne le côté gagnant.",
        "Banking game: stake on the right or the left; the higher of two cards drawn picks the winning side.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes (la couleur ne compte pas)", "Card order (suits do not matter)"),
            (T("Du plus faible au plus fort", "Lowest to highest"),),
            rows=((T("2 3 4 5 6 7 8 9 10 V D R As", "2 3 4 5 6 7 8 9 10 J Q K Ace"),),),
        ),
        RuleTable(
            "outcomes",
            T("Ce que rapporte un coup", "What a coup pays"),
            (
                T("Cartes tirées", "Cards drawn"),
                T("Mises à droite", "Stakes on the right"),
                T("Mises à gauche", "Stakes on the left"),
            ),
            rows=(
                (
                    T("Droite plus forte", "Right card higher"),
                    T("payées 1 pour 1", "paid 1 for 1"),
                    T("perdues", "lost"),
                ),
                (
                    T("Gauche plus forte", "Left card higher"),
                    T("perdues", "lost"),
                    T("payées 1 pour 1", "paid 1 for 1"),
                ),
                (T("Même hauteur (paire)", "Same rank (a pair)"), T("perdues", "lost"), T("perdues", "lost")),
            ),
        ),
    ),
)
