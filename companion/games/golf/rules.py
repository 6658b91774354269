"""Golf — the user's rule documents name it without giving its rules; played as the standard six-card and
four-card Golf (Bicycle "Six Card Golf"; Wikipedia "Golf (card game)"; pagat.com "Golf").

A round is a hole. Each seat's layout is entered row by row (column i = the i-th card of each row) or as points
counted at the table. Two cards of one rank in a column score 0 (a pair of 2s too). With the option
``knock_penalty`` (Golf 4 only), a knocker who is not strictly the lowest scores double. The game lasts ``holes``
holes; the lowest total wins. Points range from −6 to 60 at Golf 6 (three columns of a 2 over a Roi make −6) and
from 0 to 40 at Golf 4.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.families.layouts import layout_schema, over_the_packs, read_layouts, show_rows
from companion.kernel import schema
from companion.kernel.cards import STANDARD_RANKS, Card, Rank, Suit, SuitCard, deck, rank_name
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import InvalidOptions, Problem
from companion.kernel.game import CLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable, Sheet
from companion.kernel.text import T, Text, seat_ref, signed

MIN_PLAYERS, MAX_PLAYERS = 2, 8
HOLES = 9  # deals in a game ("trous")
LONG_HOLES = 18
MAX_HOLES = 99
ONE_PACK_MAX_PLAYERS = 4  # two packs from five players

# Variant -> (rows, columns) of the face-down layout, and cards turned face up (6) or peeked at (4) at the start.
LAYOUTS = {"six": (2, 3), "four": (2, 2)}
FACE_UP_AT_START = 2  # Golf 6: turned face up
PEEK_AT_START = 2  # Golf 4: looked at once, then face down again

COLUMN_PAIR = 0  # two cards of the same rank in one column score nothing
JOKER = -2  # house rule (the sheet takes no joker)
TWO_SIX = -2  # a 2 at Golf 6
KING = 0
COURT = 10  # Valet, Dame
ACE = 1
KNOCK_FACTOR = 2  # with knock_penalty, a knocker not strictly lowest scores double
RULE_SCORE = "marque"
ENTRY_KEYS = ("layouts", "knocker")  # what check_entry allows and the schema lists


def card_points(card: SuitCard, variant: str) -> int:
    if card.rank is Rank.KING:
        return KING
    if card.rank is Rank.TWO and variant == "six":
        return TWO_SIX
    return ACE if card.rank is Rank.ACE else card.rank.pip


def rows_points(rows: Sequence[Sequence[Card]], variant: str) -> int:
    """A layout's points, column by column: a pair of one rank scores ``COLUMN_PAIR``."""
    total = 0
    for column in zip(*rows, strict=True):
        if column[0].rank == column[1].rank:
            total += COLUMN_PAIR
        else:
            total += sum(card_points(c, variant) for c in column)
    return total


def column_range(variant: str) -> tuple[int, int]:
    """The least and the most one column can score: two cards of different ranks, or a pair at 0."""
    ranks = list(STANDARD_RANKS)
    sums = [card_points(SuitCard(a, Suit.SPADES), variant) + card_points(SuitCard(b, Suit.SPADES), variant)
            for i, a in enumerate(ranks) for b in ranks[i + 1:]] + [COLUMN_PAIR]
    return min(sums), max(sums)


def points_range(variant: str) -> tuple[int, int]:
    lo, hi = column_range(variant)
    columns = LAYOUTS[variant][1]
    return lo * columns, hi * columns


SIX_RANGE = points_range("six")  # a 2 over a Roi: (−2 + 0) × 3 = −6; Valet over Dame: (10 + 10) × 3 = 60
FOUR_RANGE = points_range("four")  # a pair or Roi over As… 0 at least; (10 + 10) × 2 = 40

# Rank -> (Golf 6 value, Golf 4 value).
CARD_VALUES = (
    (rank_name("A"), ACE, ACE),
    ("2", TWO_SIX, 2),
    (T("3 à 10", "3 to 10"), T("valeur faciale", "face value"), T("valeur faciale", "face value")),
    (rank_name("J"), COURT, COURT),
    (rank_name("Q"), COURT, COURT),
    (rank_name("K"), KING, KING),
    (
        T("Deux cartes de même rang dans une colonne", "Two cards of one rank in a column"),
        COLUMN_PAIR,
        COLUMN_PAIR,
    ),
    (T("Joker (règle maison, pas sur la feuille)", "Joker (house rule, not on the sheet)"), JOKER, JOKER),
)

INFO = GameInfo(
    slug="golf",
    names=T("Golf", "Golf"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=("52", "2x52"),
    family="comptage",
    direction=CLOCKWISE,
    source="Named without rules in the user's rule documents; played as standard six-card and four-card Golf (Bicycle, Wikipedia, Pagat).",
    aliases=(
        "le golf",
        "golf a six cartes",
        "golf a quatre cartes",
        "six card golf",
        "four card golf",
        "golf 6",
        "golf 4",
    ),
    summary=T(
        "En neuf « trous », faire le plus petit total avec une grille de cartes qu'on améliore carte à carte.",
        "Over nine holes, make the lowest total from a grid of cards you improve one card at a time.",
    ),
    tables=(
        RuleTable(
            "card_values",
            T("Valeur des cartes", "Card values"),
            (
                T("Carte", "Card"),
                T("Golf à 6 cartes", "Six-card Golf"),
                T("Golf à 4 cartes", "Four-card Golf"),
            ),
            rows=CARD_VALUES,
        ),
        RuleTable(
            "layouts",
            T("Les deux formes", "The two forms"),
            (
                T("Forme", "Form"),
                T("Cartes à chacun", "Cards each"),
                T("Disposition", "Layout"),
                T("Au départ", "At the start"),
            ),
            rows=(
                (
                    T("Golf à 6 cartes", "Six-card Golf"),
                    6,
                    T("2 rangées de 3", "2 rows of 3"),
                    T(f"{FACE_UP_AT_START} cartes retournées", f"{FACE_UP_AT_START} cards turned up"),
                ),
                (
                    T("Golf à 4 cartes", "Four-card Golf"),
                    4,
                    T("2 rangées de 2", "2 rows of 2"),
                    T(f"{PEEK_AT_START} cartes regardées une fois", f"{PEEK_AT_START} cards looked at once"),
                ),
            ),
        ),
        RuleTable(
            "ranges",
            T("Ce qu'un trou peut valoir", "What a hole can score"),
            (T("Forme", "Form"), T("Au moins", "Least"), T("Au plus", "Most")),
            rows=((T("Golf à 6 cartes", "Six-card Golf"), *SIX_RANGE), (T("Golf à 4 cartes", "Four-card Golf"), *FOUR_RANGE)),
        ),
    ),
    values=(
        ("pack_size", len(deck("52"))),
        ("holes", HOLES),
        ("long_holes", LONG_HOLES),
        ("one_pack_max", ONE_PACK_MAX_PLAYERS),
        ("two_packs_from", ONE_PACK_MAX_PLAYERS + 1),
        ("two_six", TWO_SIX),
        ("two_four", 2),
        ("joker", JOKER),
        ("column_pair", COLUMN_PAIR),
        ("six_least", SIX_RANGE[0]),
        ("six_most", SIX_RANGE[1]),
        ("four_least", FOUR_RANGE[0]),
        ("four_most", FOUR_RANGE[1]),
        ("two_columns_least", 2 * TWO_SIX),  # the −4 a count of two columns would give
        ("face_up", FACE_UP_AT_START),
        ("peek", PEEK_AT_START),
        ("knock_factor", KNOCK_FACTOR),
        ("double_pair", -10),  # the house rule of four of a rank, which the sheet does not score
    ),
)


class GolfSheet(Sheet):
    lowest_wins = True

    @property
    def variant(self) -> str:
        variant: str = self.options["variant"]
        return variant

    @property
    def packs(self) -> int:
        return 1 if self.n <= ONE_PACK_MAX_PLAYERS else 2

    def natural_end(self) -> bool:
        holes: int = self.options["holes"]
        return len(self.rounds) >= holes

    def next_extra(self) -> dict[str, Any]:
        return {"hole": self.number, "holes": self.options["holes"]}

    def entry_fields(self, number: int) -> list[EntryField]:
        rows, columns = LAYOUTS[self.variant]
        six = self.variant == "six"
        return [EntryField("layouts", T("Jeu de chacun", "Each layout"), "layout", maximum=rows * columns),
                EntryField("knocker", T("A fini le trou", "Ended the hole") if six else T("A frappé", "Knocked"), "seat",
                           required=bool(self.options["knock_penalty"]))]

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=RULE_SCORE)
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        rows, columns = LAYOUTS[self.variant]
        lo, hi = points_range(self.variant)
        layouts = read_layouts(r, "layouts", rows, columns, lo, hi)
        if layouts is not None:
            over_the_packs(r, "layouts", layouts, self.packs)
        r.seat("knocker", required=bool(self.options["knock_penalty"]))
        return r.problems

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        layouts = [{"points": lay["points"]} if "points" in lay else
                   {"rows": [[Card.parse_code(c).code for c in row] for row in lay["rows"]]} for lay in entry["layouts"]]
        return {"layouts": layouts, "knocker": entry.get("knocker")}

    def layout_points(self, layout: dict[str, Any]) -> int:
        if "points" in layout:
            points: int = layout["points"]  # a whole number, checked by read_layouts
            return points
        return rows_points([[Card.parse_code(c) for c in row] for row in layout["rows"]], self.variant)

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        points = [self.layout_points(lay) for lay in entry["layouts"]]
        scores = list(points)
        notes: list[Text] = []
        for seat, layout in enumerate(entry["layouts"]):
            if "rows" in layout:
                notes.append(T("{p} : {c} = {n}", "{p}: {c} = {n}").format(
                    p=seat_ref(seat), c=show_rows(layout["rows"]), n=signed(points[seat])))
        knocker = entry.get("knocker")
        if self.options["knock_penalty"] and knocker is not None:
            if not all(points[knocker] < p for s, p in enumerate(points) if s != knocker):
                scores[knocker] = points[knocker] * KNOCK_FACTOR
                notes.append(T("{p} a frappé sans avoir strictement le plus petit score : {n} × {f} = {s}.",
                               "{p} knocked without strictly the lowest score: {n} × {f} = {s}.").format(
                    p=seat_ref(knocker), n=signed(points[knocker]), f=KNOCK_FACTOR, s=signed(scores[knocker])))
        return RoundResult(0, entry, scores, notes=notes)

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or not isinstance(entry.get("layouts"), list):
            return super().describe_entry(entry, number)
        lines = []
        knocker = entry.get("knocker")
        if is_int(knocker):
            lines.append(T("{p} a fini le trou.", "{p} ended the hole.").format(p=seat_ref(knocker)) if self.variant == "six"
                         else T("{p} a frappé.", "{p} knocked.").format(p=seat_ref(knocker)))
        for seat, layout in enumerate(entry["layouts"]):
            if isinstance(layout, dict) and "rows" in layout:
                lines.append(T("{p} : {c}", "{p}: {c}").format(p=seat_ref(seat), c=show_rows(layout["rows"])))
            elif isinstance(layout, dict) and "points" in layout:
                lines.append(T("{p} : {n} points", "{p}: {n} points").format(p=seat_ref(seat), n=signed(layout["points"])))
        return lines


class Golf(Game):
    info = INFO
    sheet_class = GolfSheet
    options = (
        Option("variant", T("Forme", "Form"), "choice", "six",
               choices=(("six", T("golf à 6 cartes (2 × 3)", "six-card Golf (2 × 3)")),
                        ("four", T("golf à 4 cartes (2 × 2)", "four-card Golf (2 × 2)")))),
        Option("holes", T("Nombre de trous", "Number of holes"), "int", HOLES, minimum=1, maximum=MAX_HOLES,
               presets=((HOLES, T("9 trous", "9 holes")), (LONG_HOLES, T("18 trous", "18 holes")))),
        Option("knock_penalty", T("Pénalité du frappeur (golf à 4)", "Knocker's penalty (four-card Golf)"), "bool", False,
               help=T("Qui frappe sans avoir strictement le plus petit score du trou le voit doublé.",
                      "Whoever knocks without strictly the lowest score of the hole scores double.")),
    )

    def clean_options(self, raw: Any, n_players: int | None = None, stored: bool = False) -> dict[str, Any]:
        clean = super().clean_options(raw, n_players, stored)
        if clean["knock_penalty"] and clean["variant"] != "four":
            raise InvalidOptions([Problem("options.knock_penalty", "four_only", T(
                "La pénalité du frappeur ne se joue qu'au golf à 4 cartes.",
                "The knocker's penalty is played at four-card Golf only."))])
        return clean

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = self.clean_options(options, n_players)
        rows, columns = LAYOUTS[opts["variant"]]
        lo, hi = points_range(opts["variant"])
        knocker = schema.seat(n_players, "who ended the hole (Golf 6: first face up; Golf 4: knocked)")
        if not opts["knock_penalty"]:
            knocker = schema.nullable(knocker)
        return schema.entry("Golf round entry (a hole)", {
            "layouts": schema.per_seat(n_players, layout_schema(rows, columns, lo, hi), (
                f"each seat's layout, {rows} rows of {columns} cards (column i = the i-th card of each row), or its "
                "points")),
            "knocker": knocker,
        }, ["layouts", "knocker"] if opts["knock_penalty"] else ["layouts"])


GAME = Golf()
