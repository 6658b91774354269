"""Le pouilleux — rules data for the rulebook. Source: seed files 000 and 001 (same text), with the
"pouilleux mystérieux" variant; completed from Pagat (Old Maid / Pouilleux) for the deal and the turn order."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..text import T

REMOVED_CARD = "JC"  # the valet de trèfle leaves the pack…
POUILLEUX = "JS"  # …so the valet de pique can never be paired
PAIR_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}  # a pair is two cards of one rank and one colour


def hand_sizes(cards: int, players: int) -> tuple[int, int]:
    """Fewest and most cards a player receives when ``cards`` are dealt out to ``players``."""
    low, extra = divmod(cards, players)
    return low, low + (1 if extra else 0)


PLAYER_COUNTS = range(3, 9)
PACK_SIZES = {"52": 51, "32": 31}  # cards in play once the valet de trèfle is out


def _sizes(cards: int, players: int) -> str:
    low, high = hand_sizes(cards, players)
    return str(low) if low == high else f"{low}–{high}"


INFO = GameInfo(
    slug="pouilleux",
    names=T("Le pouilleux", "Pouilleux (Old Maid)"),
    min_players=3,
    max_players=8,
    decks=("52", "32"),
    family="defausse",
    direction=CLOCKWISE,
    source="Seeds 000 and 001; completed from Pagat (Old Maid).",
    aliases=("vieux garçon", "pouilleux mystérieux", "old maid", "valet puant"),
    summary=T(
        "On se débarrasse de ses cartes par paires ; celui qui garde le valet de pique a perdu.",
        "Shed your cards in pairs; whoever is left holding the Jack of spades loses.",
    ),
    tables=(
        RuleTable(
            "pairs",
            T("Ce qui fait une paire", "What makes a pair"),
            (T("Carte", "Card"), T("Se marie avec", "Pairs with")),
            rows=(
                (T("♠ pique", "♠ spades"), T("la même hauteur à ♣ trèfle", "the same rank in ♣ clubs")),
                (T("♥ cœur", "♥ hearts"), T("la même hauteur à ♦ carreau", "the same rank in ♦ diamonds")),
                (
                    T("V♠ (le pouilleux)", "J♠ (the pouilleux)"),
                    T("rien : le V♣ a été retiré", "nothing: the J♣ was taken out"),
                ),
            ),
        ),
        RuleTable(
            "hand_sizes",
            T("Cartes par joueur", "Cards per player"),
            (
                T("Joueurs", "Players"),
                T("Jeu de 52 (51 cartes)", "52-card pack (51 cards)"),
                T("Jeu de 32 (31 cartes)", "32-card pack (31 cards)"),
            ),
            rows=tuple((n, _sizes(PACK_SIZES["52"], n), _sizes(PACK_SIZES["32"], n)) for n in PLAYER_COUNTS),
        ),
    ),
)
