"""La petite école / le gros cochon — rules data for the rulebook. Source: seed file 000 (rule sent by Jeepy);
completed from contract rummy (bicyclecards.com) and the Rami of the same seed file (rules-notes §20)."""

from ..base import CLOCKWISE, GameInfo, RuleTable
from ..cards import rank_name
from ..text import T

HAND_SIZE = 13
MIN_NATURAL_CARDS = 2  # Atout's house rule: a combination keeps at least two natural cards besides its 2s

# Packs of 52 (no jokers) by number of players.
PACKS = {2: 2, 3: 2, 4: 2, 5: 3, 6: 3}

# Points of cards left in hand when someone goes out. The 2s are wild.
CARD_POINTS = {"2": 20, "As": 15, "R": 10, "D": 10, "V": 10, "10": 10, "9": 5, "8": 5, "7": 5, "6": 5, "5": 5, "4": 5, "3": 5}

# Runs go from 3 up to the Ace; the 2 is never a natural card.
RUN_ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R", "As")

# The ten échelons: (runs, sets) as lists of minimum lengths; a set of 3 is a brelan, of 4 a carré.
ECHELONS = (
    {"runs": (), "sets": (3, 3)},
    {"runs": (4,), "sets": (3,)},
    {"runs": (), "sets": (4, 4)},
    {"runs": (4, 4), "sets": ()},
    {"runs": (), "sets": (3, 3, 3)},
    {"runs": (4,), "sets": (3, 3)},
    {"runs": (5,), "sets": (4,)},
    {"runs": (5, 5), "sets": ()},
    {"runs": (5,), "sets": (3, 3)},
    {"runs": (7,), "sets": (4,)},
)


def _describe(echelon: dict) -> T:
    fr: list[str] = []
    en: list[str] = []
    for length in sorted(set(echelon["runs"]), reverse=True):
        k = echelon["runs"].count(length)
        fr.append(f"{k} suite{'s' if k > 1 else ''} de {length}")
        en.append(f"{k} run{'s' if k > 1 else ''} of {length}")
    for length, word in ((4, "carré"), (3, "brelan")):
        k = echelon["sets"].count(length)
        if k:
            fr.append(f"{k} {word}{'s' if k > 1 else ''}")
            en.append(f"{k} set{'s' if k > 1 else ''} of {length}")
    return T(" + ".join(fr), " + ".join(en))


def echelon_cards(echelon: dict) -> int:
    return sum(echelon["runs"]) + sum(echelon["sets"])


INFO = GameInfo(
    slug="petite-ecole",
    names=T("La petite école", "Petite École"),
    min_players=2,
    max_players=6,
    decks=tuple(f"{k}x52" for k in sorted(set(PACKS.values()))),  # two packs, three from five players
    family="rami",
    direction=CLOCKWISE,
    source="Fichier source 000 (règle envoyée par Jeepy) ; compléments d'après le rami à contrats (contract rummy) et le rami du même fichier.",
    aliases=("gros cochon", "le gros cochon", "petite ecole", "la petite école", "rami a contrats"),
    summary=T(
        "Un rami à contrats : franchissez dix échelons de brelans, carrés et suites.",
        "A contract rummy: climb ten steps of sets and runs.",
    ),
    tables=(
        RuleTable(
            "packs",
            T("Jeux de cartes selon le nombre de joueurs", "Packs by number of players"),
            (T("Joueurs", "Players"), T("Jeux de 52 cartes, sans joker", "52-card packs, no jokers"), T("Cartes", "Cards")),
            rows=((T("2 à 4", "2 to 4"), 2, 104), (T("5 ou 6", "5 or 6"), 3, 156)),
        ),
        RuleTable(
            "card_points",
            T("Cartes : rôle et points restés en main", "Cards: role and points left in hand"),
            (T("Carte", "Card"), T("Rôle", "Role"), T("Points", "Points")),
            rows=(
                ("2", T("frimé : remplace n'importe quelle carte", "wild: stands for any card"), CARD_POINTS["2"]),
                (rank_name("A"), T("haut de suite seulement (D-R-As)", "top of a run only (Q-K-A)"), CARD_POINTS["As"]),
                (T("R, D, V, 10", "K, Q, J, 10"), T("cartes naturelles", "natural cards"), CARD_POINTS["R"]),
                (T("3 à 9", "3 to 9"), T("cartes naturelles (le 3 est le bas des suites)", "natural cards (the 3 is the bottom of runs)"), CARD_POINTS["3"]),
            ),
        ),
        RuleTable(
            "echelons",
            T("Les dix échelons", "The ten steps"),
            (T("Échelon", "Step"), T("À poser", "To lay down"), T("Cartes au minimum", "Cards at least")),
            rows=tuple((i, _describe(e), echelon_cards(e)) for i, e in enumerate(ECHELONS, start=1)),
        ),
    ),
)
