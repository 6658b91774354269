"""Le rikiki — rules data for the rulebook. Source: seed file 000; completed from the usual Oh Hell rules
(Pagat, the Oh Hell family) as summarised in rules-notes §19 and §2."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..text import T

MIN_PLAYERS, MAX_PLAYERS = 3, 7

# One card is always left to turn up for trumps, hence 51 and not 52.
MAX_HAND = {n: 51 // n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def deal_sizes(n_players: int) -> list[int]:
    """Cards dealt at each deal: 1, 2 … max … 2, 1 (the top deal once)."""
    top = MAX_HAND[n_players]
    return [*range(1, top + 1), *range(top - 1, 0, -1)]


BASE_POINTS = 10  # for a made bid, and lost on a failed one
POINTS_PER_TRICK = 5  # per trick bid when made, per trick of difference when failed


def score(bid: int, tricks: int) -> int:
    if bid == tricks:
        return BASE_POINTS + POINTS_PER_TRICK * bid
    return -(BASE_POINTS + POINTS_PER_TRICK * abs(bid - tricks))


INFO = GameInfo(
    slug="rikiki",
    names=T("Le rikiki", "Rikiki (Oh Hell)"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=("52",),
    family="levees",
    direction=CLOCKWISE,
    source="Fichier source 000 ; compléments d'après les règles usuelles de l'Oh Hell (Pagat).",
    aliases=("riki-ki", "rikiki", "oh hell"),
    summary=T(
        "Annoncez exactement vos plis, de 1 carte au maximum et retour.",
        "Bid your exact number of tricks, from 1 card up to the maximum and back.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes", "Card order"),
            (T("Où", "Where"), T("De la plus forte à la plus faible", "Strongest first")),
            rows=(
                (T("Dans chaque couleur", "Within each suit"), T("As, R, D, V, 10, 9, 8, 7, 6, 5, 4, 3, 2", "Ace, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2")),
                (T("Entre couleurs", "Between suits"), T("l'atout bat tout ; puis la couleur demandée ; les autres couleurs ne gagnent jamais",
                                                           "a trump beats everything; then the suit led; other suits never win")),
            ),
        ),
        RuleTable(
            "hand_sizes",
            T("Cartes par donne", "Cards per deal"),
            (T("Joueurs", "Players"), T("Donne la plus grosse", "Largest deal"), T("Nombre de donnes", "Number of deals")),
            rows=tuple((n, top, 2 * top - 1) for n, top in MAX_HAND.items()),
        ),
        RuleTable(
            "scoring",
            T("Marque d'une donne", "Score of a deal"),
            (T("Résultat", "Result"), T("Points", "Points")),
            rows=(
                (T("Annonce réussie (plis faits = plis annoncés)", "Bid made (tricks won = tricks bid)"),
                 T(f"+{BASE_POINTS} + {POINTS_PER_TRICK} × plis annoncés", f"+{BASE_POINTS} + {POINTS_PER_TRICK} × tricks bid")),
                (T("Annonce chutée (en plus ou en moins)", "Bid missed (over or under)"),
                 T(f"−({BASE_POINTS} + {POINTS_PER_TRICK} × écart)", f"−({BASE_POINTS} + {POINTS_PER_TRICK} × difference)")),
            ),
        ),
    ),
)
