"""Le tarot lorrain — rules data for the rulebook. Source: seed files 000 and 001 (identical text, rule by Arno);
"le tarot normal" completed from the Règlement officiel of the Fédération française de tarot (FFT), see rules-notes
§7 and §8. The FFT numbers below are also used by the Tarot taré module."""

from ..base import COUNTERCLOCKWISE, GameInfo, RuleTable
from ..text import T

# -- FFT reference --------------------------------------------------------------------------------------------------
# Card points in half points, so that they stay whole numbers (91 points = 182 half points).
CARD_HALF_POINTS = {"bout": 9, "roi": 9, "dame": 7, "cavalier": 5, "valet": 3, "autre": 1}
TOTAL_HALF_POINTS = 182

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


def _half(h: int) -> T:
    whole, half = divmod(h, 2)
    if not half:
        return T(str(whole), str(whole))
    return T(f"{whole},5", f"{whole}.5")


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
        (T("Roi", "King"), _half(CARD_HALF_POINTS["roi"])),
        (T("Dame", "Queen"), _half(CARD_HALF_POINTS["dame"])),
        (T("Cavalier", "Knight (Cavalier)"), _half(CARD_HALF_POINTS["cavalier"])),
        (T("Valet", "Jack"), _half(CARD_HALF_POINTS["valet"])),
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
_CHIEN_FATE = {
    "prise": T("montré, pris par le preneur qui fait son écart", "shown, taken by the taker, who discards"),
    "garde": T("montré, pris par le preneur qui fait son écart", "shown, taken by the taker, who discards"),
    "garde-sans": T("non montré ; compte pour le preneur", "not shown; counts for the taker"),
    "garde-contre": T("non montré ; compte pour la défense", "not shown; counts for the defence"),
}

INFO = GameInfo(
    slug="tarot-lorrain",
    names=T("Le tarot lorrain", "Lorraine Tarot"),
    min_players=3,
    max_players=5,
    decks=("78",),
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="Fichiers sources 000 et 001 (règle d'Arno) ; tarot complété d'après le Règlement officiel de la FFT.",
    aliases=("tarot lorrain", "lorraine tarot"),
    summary=T(
        "Le tarot de la FFT, mais chacun passe sa main à gauche après chaque pli.",
        "FFT tarot, but everyone passes their hand to the left after each trick.",
    ),
    tables=(
        CARD_ORDER_TABLE,
        CARD_POINTS_TABLE,
        RuleTable(
            "deal_sizes",
            T("Donne selon le nombre de joueurs", "Deal by number of players"),
            (
                T("Joueurs", "Players"),
                T("Cartes chacun", "Cards each"),
                T("Chien", "Chien"),
                T("Poignée simple (atouts)", "Single poignée (trumps)"),
                T("Double", "Double"),
                T("Triple", "Triple"),
            ),
            rows=tuple((n, HAND_SIZE[n], CHIEN_SIZE[n], *POIGNEE_TRUMPS[n]) for n in HAND_SIZE),
        ),
        RuleTable(
            "contracts",
            T("Les contrats, du plus faible au plus fort", "Contracts, lowest first"),
            (T("Contrat", "Contract"), T("Multiplicateur", "Multiplier"), T("Le chien", "The chien")),
            rows=tuple((_CONTRACT_NAMES[k], m, _CHIEN_FATE[k]) for k, m in CONTRACTS),
        ),
        RuleTable(
            "bouts_needed",
            T("Points à faire par le preneur", "Points the taker needs"),
            (T("Bouts dans ses plis", "Bouts in his tricks"), T("Points à faire", "Points needed")),
            rows=tuple(POINTS_NEEDED.items()),
        ),
        RuleTable(
            "primes",
            T("Primes", "Bonuses"),
            (T("Prime", "Bonus"), T("Points", "Points"), T("Multipliée par le contrat ?", "Multiplied by the contract?")),
            rows=(
                (T("Petit au bout", "Petit au bout (Petit in the last trick)"), PETIT_AU_BOUT, T("oui", "yes")),
                (T("Poignée simple", "Single poignée"), POIGNEE["simple"], T("non", "no")),
                (T("Poignée double", "Double poignée"), POIGNEE["double"], T("non", "no")),
                (T("Poignée triple", "Triple poignée"), POIGNEE["triple"], T("non", "no")),
                (T("Chelem annoncé et réussi", "Slam announced and made"), CHELEM["announced_made"], T("non", "no")),
                (T("Chelem réussi sans annonce", "Slam made, not announced"), CHELEM["unannounced_made"], T("non", "no")),
                (T("Chelem annoncé et chuté", "Slam announced and failed"), CHELEM["announced_failed"], T("non", "no")),
            ),
        ),
        RuleTable(
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
        ),
    ),
)
