"""French tarot as the Fédération française de tarot (FFT) plays it, written once for every tarot of the seed
documents (tarot lorrain, tarot taré). Source: the Règlement officiel of the FFT, see rules-notes §7 and §8.

The numbers here, and the tables built from them, are the FFT's; a game module adds only what it changes (the
tarot taré's deals per game, the tarot lorrain's hand passing).
"""

from __future__ import annotations

from .base import RuleTable
from .cards import Card, Excuse, Rank, SuitCard, Trump, deck, rank_name
from .text import T, Text, decimal

# The three bouts (oudlers): the 21, the Petit (trump 1) and the Excuse.
BOUTS = (Trump(21), Trump(1), Excuse())

# Card points in half points, so that they stay whole numbers (the pack's 91 points are 182 half points).
CARD_HALF_POINTS = {"bout": 9, "roi": 9, "dame": 7, "cavalier": 5, "valet": 3, "autre": 1}
_HEADS = {Rank.KING: "roi", Rank.QUEEN: "dame", Rank.KNIGHT: "cavalier", Rank.JACK: "valet"}


def half_points(card: Card) -> int:
    """What ``card`` is worth in half points (a King 9, that is 4.5 points; a low card 1, that is 0.5)."""
    if card in BOUTS:
        return CARD_HALF_POINTS["bout"]
    if isinstance(card, SuitCard) and card.rank in _HEADS:
        return CARD_HALF_POINTS[_HEADS[card.rank]]
    return CARD_HALF_POINTS["autre"]


TOTAL_HALF_POINTS = sum(half_points(c) for c in deck("78"))  # 182

# Points the taker needs, by the number of bouts in his camp's tricks at the end.
POINTS_NEEDED = {3: 36, 2: 41, 1: 51, 0: 56}

# Contracts and their multipliers, from the lowest bid.
CONTRACTS = (("prise", 1), ("garde", 2), ("garde-sans", 4), ("garde-contre", 6))
CONTRACT_BASE = 25
PETIT_AU_BOUT = 10  # multiplied by the contract
POIGNEE = {"simple": 20, "double": 30, "triple": 40}  # not multiplied
CHELEM = {"announced_made": 400, "unannounced_made": 200, "announced_failed": -200}  # not multiplied

# Per number of players: cards each, chien, trumps for a simple / double / triple poignée.
HAND_SIZE = {3: 24, 4: 18, 5: 15}
CHIEN_SIZE = {3: 6, 4: 6, 5: 3}
POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}

# How many times the deal's value each seat wins or loses: (taker, called partner, each defender).
SHARES = {3: (2, 0, 1), 4: (3, 0, 1), 5: (2, 1, 1), "5-seul": (4, 0, 1)}


def _half(h: int) -> Text:
    return decimal(h / 2)


CARD_ORDER_TABLE = RuleTable(
    "card_order",
    T("Ordre des cartes", "Card order"),
    (T("Cartes", "Cards"), T("De la plus forte à la plus faible", "Strongest first")),
    rows=(
        (T("Atouts (battent toute carte de couleur)", "Trumps (beat any suit card)"),
         T("21, 20, 19 … 3, 2, 1 (le Petit)", "21, 20, 19 … 3, 2, 1 (the Petit)")),
        (T("Chaque couleur", "Each suit"),
         T("R, D, C (Cavalier), V, 10, 9 … 2, 1", "King, Queen, Knight (Cavalier), Jack, 10, 9 … 2, 1")),
        (T("Excuse", "Excuse"), T("aucune force : ne remporte jamais le pli", "no rank: never wins the trick")),
    ),
)

CARD_POINTS_TABLE = RuleTable(
    "card_points",
    T("Points des cartes", "Card points"),
    (T("Carte", "Card"), T("Points", "Points")),
    rows=(
        (T("Bout : 21, Petit, Excuse", "Bout (oudler): 21, Petit, Excuse"), _half(CARD_HALF_POINTS["bout"])),
        (rank_name(Rank.KING), _half(CARD_HALF_POINTS["roi"])),
        (rank_name(Rank.QUEEN), _half(CARD_HALF_POINTS["dame"])),
        (T("Cavalier", "Knight (Cavalier)"), _half(CARD_HALF_POINTS["cavalier"])),
        (rank_name(Rank.JACK), _half(CARD_HALF_POINTS["valet"])),
        (T("Toute autre carte (atout ou petite carte)", "Any other card (trump or low card)"), _half(CARD_HALF_POINTS["autre"])),
        (T("Total du jeu", "Whole pack"), _half(TOTAL_HALF_POINTS)),
    ),
)

_CONTRACT_NAMES = {
    "prise": T("Prise (ou petite)", "Prise (small)"),
    "garde": T("Garde", "Garde"),
    "garde-sans": T("Garde sans (le chien)", "Garde sans (without the chien)"),
    "garde-contre": T("Garde contre (le chien)", "Garde contre (against the chien)"),
}
_CHIEN_TAKEN = T("montré, pris par le preneur qui fait son écart", "shown, taken by the taker, who discards")
_CHIEN_FATE = {
    "prise": _CHIEN_TAKEN,
    "garde": _CHIEN_TAKEN,
    "garde-sans": T("non montré ; compte pour le preneur", "not shown; counts for the taker"),
    "garde-contre": T("non montré ; compte pour la défense", "not shown; counts for the defence"),
}

CONTRACTS_TABLE = RuleTable(
    "contracts",
    T("Les contrats, du plus faible au plus fort", "Contracts, lowest first"),
    (T("Contrat", "Contract"), T("Multiplicateur", "Multiplier"), T("Le chien", "The chien")),
    rows=tuple((_CONTRACT_NAMES[k], m, _CHIEN_FATE[k]) for k, m in CONTRACTS),
)

POINTS_NEEDED_TABLE = RuleTable(
    "bouts_needed",
    T("Points à faire par le preneur", "Points the taker needs"),
    (T("Bouts dans ses plis", "Bouts in his tricks"), T("Points à faire", "Points needed")),
    rows=tuple(POINTS_NEEDED.items()),
)

_YES, _NO = T("oui", "yes"), T("non", "no")
PRIMES_TABLE = RuleTable(
    "primes",
    T("Primes", "Bonuses"),
    (T("Prime", "Bonus"), T("Points", "Points"), T("Multipliée par le contrat ?", "Multiplied by the contract?")),
    rows=(
        (T("Petit au bout", "Petit au bout (Petit in the last trick)"), PETIT_AU_BOUT, _YES),
        (T("Poignée simple", "Single poignée"), POIGNEE["simple"], _NO),
        (T("Poignée double", "Double poignée"), POIGNEE["double"], _NO),
        (T("Poignée triple", "Triple poignée"), POIGNEE["triple"], _NO),
        (T("Chelem annoncé et réussi", "Slam announced and made"), CHELEM["announced_made"], _NO),
        (T("Chelem réussi sans annonce", "Slam made, not announced"), CHELEM["unannounced_made"], _NO),
        (T("Chelem annoncé et chuté", "Slam announced and failed"), CHELEM["announced_failed"], _NO),
    ),
)

SHARES_TABLE = RuleTable(
    "score_split",
    T("Qui gagne ou paie la marque", "Who wins or pays the deal's value"),
    (
        T("Joueurs", "Players"),
        T("Preneur (× la marque)", "Taker (× the value)"),
        T("Partenaire appelé", "Called partner"),
        T("Chaque défenseur", "Each defender"),
    ),
    rows=tuple(
        (T("5, preneur seul", "5, taker alone") if k == "5-seul" else k, t, p if p else "—", d)
        for k, (t, p, d) in SHARES.items()
    ),
)

# The first columns of every tarot's « deal by number of players » table; a game adds its own columns.
DEAL_SIZE_TITLE = T("Donne selon le nombre de joueurs", "Deal by number of players")
DEAL_SIZE_COLUMNS = (T("Joueurs", "Players"), T("Cartes chacun", "Cards each"), T("Chien", "Chien"))


def deal_size_row(n_players: int) -> tuple[int, int, int]:
    """Players, cards each and the chien's size: the first cells of a row of a ``deal_sizes`` table."""
    return n_players, HAND_SIZE[n_players], CHIEN_SIZE[n_players]
