"""Golf — the user's rule documents name it without giving its rules; played as the standard six-card and
four-card Golf (Bicycle "Six Card Golf"; Wikipedia "Golf (card game)"; pagat.com "Golf").

A round is a hole. Each seat's layout is entered row by row (column i = the i-th card of each row) or as points
counted at the table. Two cards of one rank in a column score 0 (a pair of 2s too). With the option
``knock_penalty`` (Golf 4 only), a knocker who is not strictly the lowest scores double. The game lasts ``holes``
holes; the lowest total wins. Points range from −6 to 60 at Golf 6 (three columns of a 2 over a Roi make −6) and
from 0 to 40 at Golf 4.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.families.layouts import (
    Layout,
    layout_schema,
    layouts_cards,
    over_the_packs,
    read_layouts,
    show_rows,
)
from companion.kernel import schema
from companion.kernel.cards import STANDARD_RANKS, Card, Rank, Suit, SuitCard, deck, rank_name
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import InvalidOptions, Problem
from companion.kernel.game import CLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable, Sheet
from companion.kernel.text import T, Text, count, seat_ref, signed

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


def _twos_suffice(below: list[int], columns: int, twos: int, kings: int, aces: int) -> bool:
    """Layouts ``below`` zero by these amounts can be made with the 2s, Rois and As left: a column under zero is a
    2 over a Roi (−2) or over an As (−1), the other columns pairs (0). A layout n under zero takes x columns at −2
    and n − 2x at −1, in at most ``columns`` columns (x ≥ n − columns); every Roi used saves a 2 and two As."""
    need = sum(below)
    fewest = sum(max(0, n - columns) for n in below)  # columns at −2 a layout cannot do without
    x = min(kings, sum(n // 2 for n in below))
    return x >= fewest and need - x <= twos and need - 2 * x <= aces


# Golf 6: a column neither a pair nor holding a Roi or a 2 is worth 4 at least (an As over a 3).
SMALLEST_WITHOUT_ROI_OR_TWO = ACE + 3
TEN_RANKS = (Rank.TEN, Rank.JACK, Rank.QUEEN)  # the cards worth 10: twelve a pack
BEST_WITHOUT_TEN = 9 + 8  # a column with no card worth 10: a 9 over an 8 at best (two 9s are a pair: 0)
BEST_WITH_ONE_TEN = COURT + 9
BEST_COLUMN = 2 * COURT  # two cards worth 10 of different ranks (Valet over Dame)


def _tens_needed(points: int, columns: int) -> int:
    """The fewest cards worth 10 a layout of ``points`` takes: a column of two makes 20, of one 19 (over a 9), of
    none 17 at best (9 over 8). A layout of 60 takes six, of 52 one (19 + 17 + 17 = 53)."""
    return min((2 * a + b for a in range(columns + 1) for b in range(columns + 1 - a)
                if BEST_COLUMN * a + BEST_WITH_ONE_TEN * b + BEST_WITHOUT_TEN * (columns - a - b) >= points), default=2 * columns + 1)


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
    essentials=("card_values", "ranges"),
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
        ("twos_a_pack", sum(1 for c in deck("52") if isinstance(c, SuitCard) and c.rank is Rank.TWO)),  # 4
        ("tens_a_pack", sum(1 for c in deck("52") if isinstance(c, SuitCard) and c.rank in TEN_RANKS)),  # 12
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
        if layouts is not None and over_the_packs(r, "layouts", layouts, self.packs):
            self._check_whole_hole(r, layouts)
        r.seat("knocker", required=bool(self.options["knock_penalty"]))
        return r.problems

    def _check_whole_hole(self, r: EntryReader, layouts: list[Layout | None]) -> None:
        """The layouts counted at the table hide real cards of the packs, those the listed layouts leave: below
        zero (Golf 6) a 2 for each column under zero, over a Roi (−2) or an As (−1); above it, the dearest cards
        left. Each bound is checked for the layouts that press on it most (the lowest first, the highest first),
        and a problem goes to the last seat of those that run the packs short."""
        columns = LAYOUTS[self.variant][1]
        left: Counter[Rank] = Counter({rank: 4 * self.packs for rank in STANDARD_RANKS})
        left.subtract(c.rank for c in layouts_cards(layouts))
        counted = [(seat, lay.points) for seat, lay in enumerate(layouts) if lay is not None and lay.points is not None]
        if self.variant == "six":
            below = sorted(((s, p) for s, p in counted if p < 0), key=lambda sp: sp[1])
            for k in range(1, len(below) + 1):
                if not _twos_suffice([-p for _, p in below[:k]], columns, left[Rank.TWO], left[Rank.KING], left[Rank.ACE]):
                    twos = count(left[Rank.TWO], "{n} 2", "{n} 2", "{n} 2", "{n} 2s")
                    r.add("layouts", "below_the_pack", T(
                        "Ces jeux sous zéro demandent plus de 2 que les jeux de cartes n'en laissent ({t}) : seuls les 2 "
                        "valent moins que zéro, {v} sur un Roi, {w} sur un As.",
                        "These layouts below zero need more 2s than the packs leave ({t_en} left): only the 2s are below "
                        "zero, {v} over a King, {w} over an Ace.").format(
                        t=twos.fr, t_en=twos.en, v=signed(TWO_SIX + KING), w=signed(TWO_SIX + ACE)), max(s for s, _ in below[:k]))
                    break
            else:
                # A column from 1 to 3 takes a Roi (over an As or a 3) or a 2 (over a 3, 4, 5): a layout from 1 to 3
                # takes one of the 2s and Rois the layouts below zero leave (−6, −2 and 1 do not fit in one pack).
                small = [s for s, p in counted if 0 < p < SMALLEST_WITHOUT_ROI_OR_TWO]
                need = sum(-p for _, p in below)
                if small and need + len(small) > left[Rank.TWO] + left[Rank.KING]:
                    r.add("layouts", "below_the_pack", T(
                        "Un jeu de 1 à 3 points prend un Roi ou un 2 (sur un As, un 3…), et les jeux sous zéro prennent "
                        "déjà ceux que les jeux de cartes laissent.",
                        "A layout of 1 to 3 points takes a King or a 2 (over an Ace, a 3…), and the layouts below zero "
                        "already take those the packs leave."), max(small))
        above = sorted(((s, p) for s, p in counted if p > 0), key=lambda sp: -sp[1])
        tens_left = sum(left[rank] for rank in TEN_RANKS)
        total = tens = 0
        for k, (_, p) in enumerate(above, start=1):
            seat = max(s for s, _ in above[:k])  # the problem goes to the last seat of those that run the packs short
            total, tens = total + p, tens + _tens_needed(p, columns)
            # the dearest cards left, no rank more than once a column (two of a rank in a column are a pair: 0)
            capped = sorted((v for rank, n in left.items() for v in [card_points(SuitCard(rank, Suit.SPADES), self.variant)] * min(n, columns * k)),
                            reverse=True)
            most = sum(capped[:2 * columns * k])
            if tens > tens_left:
                r.add("layouts", "over_the_pack", T(
                    "Ces jeux demandent ensemble {n} cartes à 10 points (10, Valets, Dames) : les jeux de cartes n'en "
                    "laissent que {k}.",
                    "These layouts need {n} cards worth 10 together (10s, Jacks, Queens): the packs leave only {k}.").format(
                    n=tens, k=tens_left), seat)
                break
            if total > most:
                r.add("layouts", "over_the_pack", T(
                    "Ces jeux valent ensemble {t} : les {c} cartes les plus chères que les jeux de cartes laissent n'en "
                    "font que {m}.",
                    "These layouts are worth {t} together: the {c} dearest cards the packs leave make only {m}.").format(
                    t=total, c=2 * columns * k, m=most), seat)
                break

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

    def summarise(self, result: RoundResult) -> Text | None:
        """Who won the hole (the lowest score, knock penalty included), and a knocker doubled: "⟨1⟩ gagne le trou ·
        ⟨0⟩ : score doublé"."""
        low = min(result.scores)
        best = [seat_ref(s) for s, v in enumerate(result.scores) if v == low]
        if len(best) == 1:
            line = T("{w} gagne le trou", "{w} wins the hole").format(w=best[0])
        else:
            line = T("{w} et {l} à égalité", "{w} and {l} tie").format(w=", ".join(best[:-1]), l=best[-1])
        knocker = result.entry["knocker"]
        if knocker is not None and result.scores[knocker] != self.layout_points(result.entry["layouts"][knocker]):
            return T("{l} · {k} : score doublé", "{l_en} · {k}: score doubled").format(l=line.fr, l_en=line.en, k=seat_ref(knocker))
        return line


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
