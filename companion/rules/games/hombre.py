"""L'hombre — rules data for the rulebook. Source: seed file 001 (L'hombre); completed from the classic game of
Ombre (Encyclopaedia Britannica 1911, "Ombre"; salondesjeux.fr; les4enseignes.wordpress.com) for the black plain
suits, the talon size, the trump choice, codille and remise (la bête)."""

from ..base import COUNTERCLOCKWISE, GameInfo, RuleTable
from ..text import T

PLAYERS = 3
HAND_SIZE = 9  # dealt three at a time
TALON_SIZE = 13  # 40 - 3 * 9
TRICKS = 9

CHIPS_PER_PLAYER = 20
PLAQUES_PER_PLAYER = 3
PLAQUE_VALUE = 20  # a plaque is worth twenty chips
ANTE = 3  # each player, at the start of every deal
ALL_PASS_ADD = 2  # each player's stake for the redeal after all three passed (instead of ANTE)
MATADOR_CHIPS = 1  # per matador the winner holds, from each opponent

# Contracts from lowest to highest: (key, French, English, tricks promised, the hombre exchanges, chips from/to each opponent).
CONTRACTS = (
    ("prendre", "Prendre (demander)", "Entry (prendre)", None, True, 3),
    ("sans_prendre", "Sans prendre", "Without taking (sans prendre)", 5, False, 4),
    ("vole", "Vole", "Vole (all tricks)", 9, False, 2 * PLAQUE_VALUE),
)
CONTRACT_PAYMENT = {key: pay for key, _fr, _en, _tricks, _exchange, pay in CONTRACTS}

_ESPADILLE = T("Espadille (As♠)", "Spadille (A♠)")
_BASTE = T("Baste (As♣)", "Basto (A♣)")
MATADORS = (_ESPADILLE, T("Manille", "Manille"), _BASTE)

_DASH = "—"
_K, _Q, _J, _A = T("R", "K"), T("D", "Q"), T("V", "J"), T("As", "A")

# Rank 1 is the highest card. Aces of spades and clubs are always trumps, never plain cards.
BLACK_TRUMPS = (_ESPADILLE, T("Manille (2 d'atout)", "Manille (trump 2)"), _BASTE, _K, _Q, _J, 7, 6, 5, 4, 3)
RED_TRUMPS = (
    _ESPADILLE,
    T("Manille (7 d'atout)", "Manille (trump 7)"),
    _BASTE,
    T("Ponte (As d'atout)", "Ponto (trump A)"),
    _K,
    _Q,
    _J,
    2,
    3,
    4,
    5,
    6,
)
BLACK_PLAIN = (_K, _Q, _J, 7, 6, 5, 4, 3, 2)
RED_PLAIN = (_K, _Q, _J, _A, 2, 3, 4, 5, 6, 7)


def _column(cards: tuple, length: int = 12) -> tuple:
    return cards + (_DASH,) * (length - len(cards))


_COLUMNS = [_column(BLACK_TRUMPS), _column(RED_TRUMPS), _column(BLACK_PLAIN), _column(RED_PLAIN)]

INFO = GameInfo(
    slug="hombre",
    names=T("L'hombre", "Ombre"),
    min_players=PLAYERS,
    max_players=PLAYERS,
    decks=("40",),
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="Seed file 001 (L'hombre); completed from the classic game of Ombre (Encyclopaedia Britannica 1911, "
    "salondesjeux.fr, les4enseignes.wordpress.com).",
    aliases=("ombre", "l'ombre", "hombre", "jeu de l'hombre"),
    summary=T(
        "Jeu de levées à trois du XVIIe siècle : l'hombre joue seul contre deux, avec ses matadors.",
        "Three-handed 17th-century trick-taking game: the ombre plays alone against two, with his matadors.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes (de la plus forte à la plus faible)", "Card order (highest first)"),
            (
                T("Rang", "Rank"),
                T("Atout ♠ ou ♣ (11 atouts)", "Trumps ♠ or ♣ (11 trumps)"),
                T("Atout ♥ ou ♦ (12 atouts)", "Trumps ♥ or ♦ (12 trumps)"),
                T("♠ ou ♣ hors atout", "♠ or ♣, not trumps"),
                T("♥ ou ♦ hors atout", "♥ or ♦, not trumps"),
            ),
            rows=tuple((rank + 1, *(col[rank] for col in _COLUMNS)) for rank in range(12)),
        ),
        RuleTable(
            "contracts",
            T("Contrats et paiements (en jetons)", "Contracts and payments (in chips)"),
            (
                T("Contrat", "Contract"),
                T("Rang d'enchère", "Bid rank"),
                T("Levées à faire", "Tricks needed"),
                T("L'hombre échange", "Ombre exchanges"),
                T("Reçu de chaque adversaire si gagné", "From each opponent if won"),
                T("Payé à chaque adversaire si perdu", "To each opponent if lost"),
            ),
            rows=(
                (
                    T("Prendre (demander)", "Entry (prendre)"),
                    1,
                    T("plus que chaque adversaire", "more than each opponent"),
                    T("oui", "yes"),
                    CONTRACT_PAYMENT["prendre"],
                    T("codille ou bête", "codille or bête"),
                ),
                (
                    T("Sans prendre", "Without taking"),
                    2,
                    T("5 ou plus", "5 or more"),
                    T("non", "no"),
                    CONTRACT_PAYMENT["sans_prendre"],
                    CONTRACT_PAYMENT["sans_prendre"],
                ),
                (
                    T("Vole", "Vole"),
                    3,
                    T("les 9", "all 9"),
                    T("non", "no"),
                    CONTRACT_PAYMENT["vole"],
                    CONTRACT_PAYMENT["vole"],
                ),
            ),
        ),
        RuleTable(
            "material",
            T("Jetons et mises", "Chips and stakes"),
            (T("Élément", "Item"), T("Valeur", "Value")),
            rows=(
                (T("Jetons par joueur au départ", "Chips per player at the start"), CHIPS_PER_PLAYER),
                (T("Plaques par joueur au départ", "Plaques per player at the start"), PLAQUES_PER_PLAYER),
                (T("Valeur d'une plaque (jetons)", "Value of a plaque (chips)"), PLAQUE_VALUE),
                (T("Mise de chaque joueur à chaque donne", "Each player's stake every deal"), ANTE),
                (
                    T(
                        "Mise de chacun pour une redonne (tous ont passé)",
                        "Each player's stake for a redeal (all passed)",
                    ),
                    ALL_PASS_ADD,
                ),
                (T("Par matador, de chaque adversaire", "Per matador, from each opponent"), MATADOR_CHIPS),
            ),
        ),
    ),
)
