"""Le baccara — rules data for the rulebook. Source: seed file 000 (« Le baccara »); completed from casino
chemin de fer rules (casinocampione.it, casinosanremo.it) and the standard punto banco drawing table
(canadiancasinoservice.com) for the banker's tableau offered as a variant."""

from ..base import COUNTERCLOCKWISE, GameInfo, RuleTable
from ..cards import STANDARD_RANKS, rank_name
from ..text import T

# Points by ASCII rank code: the face value (Rank.pip) without its tens, so the 10 and the court cards are worth 0;
# only the units digit of a hand's sum counts.
CARD_VALUES = {r.code: r.pip % 10 for r in STANDARD_RANKS}
NATURALS = (8, 9)  # shown at once, nobody draws
STANDS = (6, 7)
OPTIONAL_DRAW = (5,)
DRAWS = (0, 1, 2, 3, 4)
MIN_PARTIAL_STAKE = 0.5  # with no « banco », one player must cover at least half the bank

INFO = GameInfo(
    slug="baccara",
    names=T("Le baccara", "Baccarat"),
    min_players=2,
    max_players=10,
    decks=("52",),
    family="banque",
    direction=COUNTERCLOCKWISE,
    source="Seed file 000 (« Le baccara »); completed from chemin de fer rules (casinocampione.it, casinosanremo.it) "
    "and the punto banco drawing table (canadiancasinoservice.com).",
    aliases=("baccara", "baccarat", "chemin de fer", "chemin-de-fer"),
    summary=T(
        "Banquier contre ponte : deux ou trois cartes, seul compte le chiffre des unités, 9 est le meilleur.",
        "Banker against punter: two or three cards, only the units digit counts, 9 is best.",
    ),
    tables=(
        RuleTable(
            "card_values",
            T("Valeur des cartes", "Card values"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=(
                (rank_name("A"), CARD_VALUES["A"]),
                *((str(n), CARD_VALUES[str(n)]) for n in range(2, 10)),
                (T("10, V, D, R", "10, J, Q, K"), CARD_VALUES["K"]),
            ),
        ),
        RuleTable(
            "drawing",
            T("Tirer ou non une troisième carte", "Drawing a third card"),
            (
                T("Total des deux cartes", "Two-card total"),
                T("Ponte (et banquier, règle simple)", "Punter (and banker, simple rule)"),
            ),
            rows=(
                ("8–9", T("Naturel : on abat, personne ne tire", "Natural: cards shown, nobody draws")),
                ("6–7", T("Reste (« non »)", "Stands (« non »)")),
                ("5", T("Au choix", "Own choice")),
                ("0–4", T("Tire une carte (« carte »)", "Draws one card (« carte »)")),
            ),
        ),
        RuleTable(
            "banker_tableau",
            T("Tableau du banquier (variante casino)", "Banker's table (casino variant)"),
            (
                T("Total du banquier", "Banker's total"),
                T("Il tire si la 3e carte du ponte vaut", "He draws if the punter's third card is worth"),
                T("Si le ponte n'a pas tiré", "If the punter stood"),
            ),
            rows=(
                ("0–2", T("toujours", "always"), T("tire", "draws")),
                ("3", T("tout sauf 8", "anything but 8"), T("tire", "draws")),
                ("4", "2–7", T("tire", "draws")),
                ("5", "4–7", T("tire", "draws")),
                ("6", "6–7", T("reste", "stands")),
                ("7", T("jamais", "never"), T("reste", "stands")),
            ),
        ),
    ),
)
