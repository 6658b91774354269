"""Le cribbage — rules data for the rulebook. Source: seed file 002 (Cribbage: players, material and the 121-point
target only); completed from the standard English rules (Bicycle "Four-Hand Cribbage", sac-irca.com,
games.quiltt.com) for the deal, crib, starter, play and show."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import STANDARD_RANKS, rank_name
from ..text import T

TARGET = 121
SHORT_TARGET = 61
SKUNK_LINE = 91  # the loser has fewer than this when the winner reaches 121
PLAY_LIMIT = 31

# Players -> (cards dealt to each, cards each lays away to the crib).
HAND_SIZES = {2: (6, 2), 3: (5, 1), 4: (5, 1)}  # at 3 (a variant) one card from the pack completes the crib

# Count value of each rank (ace low; court cards 10). Runs use the natural order A 2 … 10 V D R, no wrap.
CARD_VALUES = tuple((rank_name(r), r.pip) for r in STANDARD_RANKS)

FIFTEEN = 2
THIRTY_ONE = 2
PAIR = 2
PAIR_ROYAL = 6  # three of a kind
DOUBLE_PAIR_ROYAL = 12  # four of a kind
RUN_PER_CARD = 1
GO = 1
LAST_CARD = 1
FLUSH_HAND = 4  # four hand cards of one suit; 5 if the starter matches too
FLUSH_CRIB = 5  # the crib scores a flush only with all five cards
NOBS = 1  # Jack of the starter's suit in hand or crib
HEELS = 2  # dealer, when the starter is a Jack

MAX_HAND = 29
IMPOSSIBLE_HANDS = (19, 25, 26, 27)  # show totals no five cards can make

_ANY = T("—", "—")

INFO = GameInfo(
    slug="cribbage",
    names=T("Le cribbage", "Cribbage"),
    min_players=2,
    max_players=4,
    decks=("52",),
    family="comptage",
    direction=CLOCKWISE,
    source="Seed file 002 (Cribbage: players, material, 121 points); completed from the standard English rules "
    "(Bicycle Four-Hand Cribbage, sac-irca.com, games.quiltt.com).",
    aliases=("crib", "cribbage a deux", "cribbage a quatre"),
    summary=T(
        "Jeu de comptage anglais : quinzes, paires et suites, marqués sur une planchette jusqu'à 121.",
        "English counting game: fifteens, pairs and runs, pegged on a board up to 121.",
    ),
    tables=(
        RuleTable(
            "card_values",
            T("Valeur des cartes (pour 15 et 31)", "Card values (for 15 and 31)"),
            (T("Carte", "Card"), T("Valeur", "Value")),
            rows=CARD_VALUES,
        ),
        RuleTable(
            "hand_sizes",
            T("Donne selon le nombre de joueurs", "Deal by number of players"),
            (
                T("Joueurs", "Players"),
                T("Cartes à chacun", "Cards each"),
                T("Au crib, par joueur", "To the crib, each"),
                T("Cartes gardées", "Cards kept"),
            ),
            rows=tuple(
                (n if n != 3 else T("3 (variante)", "3 (variant)"), dealt, away, dealt - away)
                for n, (dealt, away) in HAND_SIZES.items()
            ),
        ),
        RuleTable(
            "scoring",
            T("Combinaisons et points", "Combinations and points"),
            (
                T("Combinaison", "Combination"),
                T("Pendant le jeu", "During the play"),
                T("Au compte des mains", "In the show"),
            ),
            rows=(
                (T("Total de 15", "Fifteen"), FIFTEEN, T("2 par combinaison", "2 per combination")),
                (T("Total de 31", "Thirty-one"), THIRTY_ONE, _ANY),
                (T("Paire", "Pair"), PAIR, PAIR),
                (T("Brelan (paire royale)", "Three of a kind (pair royal)"), PAIR_ROYAL, PAIR_ROYAL),
                (
                    T("Carré (double paire royale)", "Four of a kind (double pair royal)"),
                    DOUBLE_PAIR_ROYAL,
                    DOUBLE_PAIR_ROYAL,
                ),
                (
                    T("Suite de 3 cartes ou plus", "Run of 3 or more cards"),
                    T("1 par carte", "1 per card"),
                    T("1 par carte", "1 per card"),
                ),
                (T("Go (l'adversaire ne peut plus jouer)", "Go (opponent cannot play)"), GO, _ANY),
                (T("Dernière carte jouée", "Last card played"), LAST_CARD, _ANY),
                (T("Couleur : 4 cartes de la main", "Flush: 4 hand cards"), _ANY, FLUSH_HAND),
                (T("Couleur : main + carte de départ", "Flush: hand and starter"), _ANY, FLUSH_HAND + 1),
                (T("Couleur au crib (5 cartes)", "Flush in the crib (5 cards)"), _ANY, FLUSH_CRIB),
                (
                    T("Valet de la couleur de départ (« nobs »)", "Jack of the starter's suit (nobs)"),
                    _ANY,
                    NOBS,
                ),
                (
                    T("Départ = un Valet (au donneur)", "Starter is a Jack (to dealer)"),
                    T(f"{HEELS}, dès la coupe", f"{HEELS}, at the cut"),
                    _ANY,
                ),
            ),
        ),
    ),
)
