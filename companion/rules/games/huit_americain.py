"""Le huit américain — rules data for the rulebook. Source: seed file 000 (« Le huit américain »); completed from
regledujeu.fr, trictrac.net and Wikipédia (8 américain); optional penalty points from adpoker.fr."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import rank_name
from ..text import T

HAND_SIZE = 8
ACE_DRAW = 2  # cards drawn by each player who cannot answer an Ace
KING_OF_HEARTS_DRAW = 4  # cards drawn by each player who cannot answer the K♥
FORGOT_CARTE_DRAW = 2  # penalty for not saying « Carte ! »
SPECIAL_RANKS = ("8", "10", "7", "A")  # plus the K♥; a special card is never the starting card
# House option: penalty points for the cards left in hand (adpoker.fr values); other cards count their pip value.
PENALTY_POINTS = {"8": 32, "A": 20, "K": 10, "Q": 10, "J": 10, "JK": 50}

INFO = GameInfo(
    slug="huit-americain",
    names=T("Le huit américain", "Crazy Eights (Huit américain)"),
    min_players=2,
    max_players=8,
    decks=("2x52", "52"),
    family="defausse",
    direction=CLOCKWISE,
    source="Seed file 000 (« Le huit américain »); completed from regledujeu.fr, trictrac.net, Wikipédia (8 américain); penalty points from adpoker.fr.",
    aliases=("huit americain", "8 americain", "8 américain", "crazy eights", "crazy 8", "attrape-couillon"),
    summary=T(
        "Posez une carte de même couleur ou de même hauteur ; les cartes spéciales font piocher, sauter ou rejouer.",
        "Play a card of the same suit or rank; special cards make others draw, skip or let you play again.",
    ),
    tables=(
        RuleTable(
            "special_cards",
            T("Cartes spéciales", "Special cards"),
            (T("Carte", "Card"), T("Effet", "Effect")),
            rows=(
                (
                    "8",
                    T(
                        "Se pose sur n'importe quelle carte, sauf sur un autre 8 ; son joueur annonce la couleur suivante.",
                        "Goes on any card except another 8; its player names the next suit.",
                    ),
                ),
                (
                    "10",
                    T(
                        "Son joueur doit rejouer aussitôt ; s'il ne peut pas, il pioche une carte.",
                        "Its player must play again at once; if he cannot, he draws one card.",
                    ),
                ),
                ("7", T("Le joueur suivant passe son tour.", "The next player misses his turn.")),
                (
                    rank_name("A"),
                    T(
                        f"Chaque autre joueur, à son tour, pose un As ou pioche {ACE_DRAW} cartes ; puis le dernier à avoir posé un As rejoue.",
                        f"Each other player in turn lays an Ace or draws {ACE_DRAW} cards; then whoever laid the last Ace plays again.",
                    ),
                ),
                (
                    T("R♥", "K♥"),
                    T(
                        f"Chaque autre joueur, à son tour, pose l'autre R♥ ou pioche {KING_OF_HEARTS_DRAW} cartes ; puis le dernier à avoir posé un R♥ rejoue.",
                        f"Each other player in turn lays the other K♥ or draws {KING_OF_HEARTS_DRAW} cards; then whoever laid the last K♥ plays again.",
                    ),
                ),
            ),
        ),
        RuleTable(
            "penalty_points",
            T("Points de pénalité (option)", "Penalty points (option)"),
            (T("Carte restée en main", "Card left in hand"), T("Points", "Points")),
            rows=(
                ("8", PENALTY_POINTS["8"]),
                (rank_name("A"), PENALTY_POINTS["A"]),
                (T("R, D, V", "K, Q, J"), 10),
                (T("10 à 2 (sauf 8)", "10 to 2 (except 8)"), T("leur valeur", "face value")),
                (T("Joker (si on en joue)", "Joker (if used)"), PENALTY_POINTS["JK"]),
            ),
        ),
    ),
)
