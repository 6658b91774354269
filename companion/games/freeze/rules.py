"""Freeze — the user's rule document « Freeze » (values, layout, turns, speed and faults); its missing footnotes
(card powers, what a line is, the end of a round, the length of a game) are completed from the closest known games,
Cambio and Cabo (cambio-api.fly.dev rules, chlopez.me/cambio, Wikipedia "Cabo").

The score sheet takes each seat's layout at the end of a deal — its two lines ("lignes") of cards, or the points
counted at the table — and who froze. A line of two or more cards of one rank scores 0, or its sum when that is
negative (two red Kings keep −2: cancelling them would cost their owner points). The freezer scores −10 when his
layout is strictly below every other, otherwise his layout + 5 for each player at or below it. The game ends after
the deal in which a total reaches the option ``target`` (100, as in Cabo); the lowest total wins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
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
from companion.kernel.cards import Card, Rank, SuitCard, deck, rank_name
from companion.kernel.entries import EntryReader
from companion.kernel.errors import Problem
from companion.kernel.game import CLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable, Sheet
from companion.kernel.text import T, Text, count, seat_ref, signed

MIN_PLAYERS, MAX_PLAYERS = 2, 8
DECK = "52"
LAYOUT_ROWS = 2
LAYOUT_COLUMNS = 2
HAND_SIZE = LAYOUT_ROWS * LAYOUT_COLUMNS
ENTRY_KEYS = ("freezer", "layouts")  # what check_entry allows and the schema lists

RED_KING = -1
COURT = 10  # Jacks, Queens and black Kings
ACE = 1
LINE_OF_A_KIND = 0  # a line whose cards share a rank scores this, or its sum when negative (two red Kings: -2)
FREEZE_WON = -10  # the freezer's score when his layout is strictly the lowest
FREEZE_LOST_PER_PLAYER = 5  # added to the freezer's layout for each player at or below it
GAME_END = 100  # default target: the game ends after a deal in which a total reaches it
TARGET = GAME_END
MAX_TARGET = 10_000
RULE_SCORE = "marque"
RULE_LAYOUT = "lignes"


def card_points(card: SuitCard) -> int:
    if card.rank is Rank.KING:
        return RED_KING if card.suit.is_red else COURT
    if card.rank is Rank.ACE:
        return ACE
    return card.rank.pip


def line_points(line: Sequence[SuitCard]) -> int:
    """A line's points: its cards added up, except a line of two or more cards of one rank, which scores
    ``LINE_OF_A_KIND`` or its sum when that is lower (two red Kings keep −2)."""
    total = sum(card_points(c) for c in line)
    if len(line) >= 2 and len({c.rank for c in line}) == 1:
        return min(LINE_OF_A_KIND, total)
    return total


def rows_points(rows: Iterable[Sequence[SuitCard]]) -> int:
    return sum(line_points(row) for row in rows)


PACK_POINTS = sum(card_points(c) for c in deck(DECK) if isinstance(c, SuitCard))  # 4 × 55 (A to 10) + 8 × 10 (V, D) + 2 × 10 − 2 = 318
LEAST_LAYOUT = 2 * RED_KING  # the two red Kings are the only cards below zero: all layouts together, not each
MOST_LAYOUT = PACK_POINTS - LEAST_LAYOUT  # every card but the red Kings: 318 + 2 = 320, all layouts together

CARD_VALUES = (
    (rank_name("A"), ACE),
    (T("2 à 10", "2 to 10"), T("valeur faciale", "face value")),
    (rank_name("J"), COURT),
    (rank_name("Q"), COURT),
    (T("Roi noir (♠ ♣)", "Black King (♠ ♣)"), COURT),
    (T("Roi rouge (♥ ♦)", "Red King (♥ ♦)"), RED_KING),
)

# Powers of a card drawn from the stock and discarded at once (the rule document's footnote 7, whose text is
# missing: completed from Cambio).
POWERS = (
    (T("7 ou 8", "7 or 8"), T("regarder une de ses cartes", "look at one of your own cards")),
    (T("9 ou 10", "9 or 10"), T("regarder une carte d'un adversaire", "look at one opponent's card")),
    (
        T("Valet ou Dame", "Jack or Queen"),
        T(
            "échanger à l'aveugle une de ses cartes avec celle d'un adversaire",
            "swap one of your cards blind with an opponent's",
        ),
    ),
    (
        T("Roi noir", "Black King"),
        T(
            "regarder une carte de n'importe qui, puis échanger si on veut une de ses cartes avec celle d'un adversaire",
            "look at anyone's card, then swap one of yours with an opponent's if you wish",
        ),
    ),
    (T("Autres cartes", "Other cards"), T("aucun pouvoir", "no power")),
)

INFO = GameInfo(
    essentials=("card_values", "round_scores"),
    slug="freeze",
    names=T("Freeze", "Freeze"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=(DECK,),
    family="comptage",
    direction=CLOCKWISE,
    source="The user's rule document « Freeze »; missing footnotes completed from Cambio / Cabo (cambio-api.fly.dev, "
    "chlopez.me/cambio, Wikipedia).",
    aliases=("le freeze", "freezer", "cambio", "cabo"),
    summary=T(
        "Quatre cartes cachées devant soi : échanger, mémoriser, « speeder », puis freezer avec le plus petit total.",
        "Four hidden cards in front of you: swap, remember, speed, then freeze with the lowest total.",
    ),
    tables=(
        RuleTable(
            "card_values",
            T("Valeur des cartes", "Card values"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=CARD_VALUES,
        ),
        RuleTable(
            "powers",
            T(
                "Pouvoirs (carte piochée puis défaussée aussitôt)",
                "Powers (card drawn and discarded at once)",
            ),
            (T("Carte", "Card"), T("Action", "Action")),
            rows=POWERS,
        ),
        RuleTable(
            "round_scores",
            T("Marque de la manche", "Scoring a round"),
            (T("Cas", "Case"), T("Points", "Points")),
            rows=(
                (T("Ligne de deux cartes ou plus, toutes de même rang", "Line of two or more cards, all of one rank"), LINE_OF_A_KIND),
                (T("Ligne de deux Rois rouges", "Line of two red Kings"), 2 * RED_KING),
                (T("Ligne vide", "Empty line"), 0),
                (
                    T(
                        "Freezer qui a strictement le plus petit total",
                        "Freezer with strictly the lowest total",
                    ),
                    FREEZE_WON,
                ),
                (
                    T(
                        "Freezer battu ou égalé : son jeu, plus par joueur à égalité ou en dessous",
                        "Freezer beaten or tied: the layout's points, plus per player level or below",
                    ),
                    FREEZE_LOST_PER_PLAYER,
                ),
                (T("Fin de partie après la manche où un total atteint", "The game ends after the deal in which a total reaches"), GAME_END),
            ),
        ),
    ),
    values=(
        ("pack_size", len(deck("52"))),
        ("hand_size", HAND_SIZE),
        ("rows", LAYOUT_ROWS),
        ("columns", LAYOUT_COLUMNS),
        ("red_king", RED_KING),
        ("court", COURT),
        ("line_of_a_kind", LINE_OF_A_KIND),
        ("two_red_kings", 2 * RED_KING),
        ("freeze_won", FREEZE_WON),
        ("freeze_lost", FREEZE_LOST_PER_PLAYER),
        ("target", TARGET),
        ("pack_points", PACK_POINTS),
        ("least_layout", LEAST_LAYOUT),
        ("most_layout", MOST_LAYOUT),
        ("example_freezer", 4),  # the worked example: a layout of 4 points
        ("example_lost", 4 + FREEZE_LOST_PER_PLAYER),  # one player level with it: 4 + 5
        ("kings_and_five", 2 * COURT + 5),  # K♠ K♣ 5♥ is not a line of one rank: 10 + 10 + 5
    ),
)


class FreezeSheet(Sheet):
    lowest_wins = True

    def natural_end(self) -> bool:
        return bool(self.rounds) and max(self.totals) >= self.options["target"]

    def entry_fields(self, number: int) -> list[EntryField]:
        return [EntryField("freezer", T("A freezé", "Froze"), "seat"),
                EntryField("layouts", T("Jeu de chacun", "Each layout"), "layout", maximum=HAND_SIZE)]

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=RULE_SCORE)
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        r.seat("freezer")
        layouts = read_layouts(r, "layouts", LAYOUT_ROWS, None, LEAST_LAYOUT, MOST_LAYOUT, rule=RULE_LAYOUT)
        if layouts is not None and over_the_packs(r, "layouts", layouts, 1, rule=RULE_LAYOUT):
            self._check_whole_deal(r, layouts)
        return r.problems

    @staticmethod
    def _check_whole_deal(r: EntryReader, layouts: list[Layout | None]) -> None:
        """The layouts counted at the table hide real cards of the one pack, which the listed layouts do not hold:
        below zero only with the red Kings left (one point a King), above it only with the other cards left. The
        problem goes to the seat where the sum goes past the pack."""
        left: Counter[SuitCard] = Counter(c for c in deck(DECK) if isinstance(c, SuitCard))
        left.subtract(layouts_cards(layouts))
        kings = sum(k for c, k in left.items() if card_points(c) < 0)
        dear = [card_points(c) for c, k in left.items() for _ in range(k) if card_points(c) > 0]
        sums = 1  # bit s set: some of the cards above zero left make exactly s
        for v in dear:
            sums |= sums << v
        below = above = 0
        for seat, layout in enumerate(layouts):
            if layout is None or layout.points is None:
                continue
            if layout.points < 0:
                below -= layout.points
                if below > kings >= below + layout.points:
                    still = count(kings, "il reste {n} Roi rouge hors des jeux listés", "il reste {n} Rois rouges hors des jeux listés",
                                  "{n} red King is left outside the listed layouts", "{n} red Kings are left outside the listed layouts")
                    r.add("layouts", "below_the_pack", T(
                        "Les jeux comptés en points descendent ensemble à {s} : seuls les Rois rouges valent moins que zéro ({v} "
                        "chacun), et {k}.",
                        "The layouts counted in points go down to {s} together: only the red Kings are below zero ({v} each), "
                        "and {k_en}.").format(s=signed(-below), v=signed(RED_KING), k=still.fr, k_en=still.en), seat, RULE_LAYOUT)
            elif layout.points > 0:
                before, above = above, above + layout.points
                if above > sum(dear) >= before:
                    r.add("layouts", "over_the_pack", T(
                        "Les jeux comptés en points font {s} ensemble : les cartes restées hors des jeux listés ne valent que {d}.",
                        "The layouts counted in points make {s} together: the cards left outside the listed layouts are worth "
                        "only {d}.").format(s=above, d=sum(dear)), seat, RULE_LAYOUT)
                elif above <= sum(dear) and not (sums >> layout.points & 1 and sums >> above & 1):
                    # e.g. 1 point with no Ace left, or all the cards left but one point with no Ace left
                    r.add("layouts", "over_the_pack", T(
                        "Les jeux comptés en points font {s} ensemble : aucune partie des cartes restées hors des jeux listés "
                        "ne fait exactement {p}.",
                        "The layouts counted in points make {s} together: no part of the cards left outside the listed "
                        "layouts makes exactly {p}.").format(s=above, p=layout.points if not sums >> layout.points & 1 else above),
                        seat, RULE_LAYOUT)
                    return

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        layouts = []
        for layout in entry["layouts"]:
            if "points" in layout:
                layouts.append({"points": layout["points"]})
            else:
                layouts.append({"rows": [[_code(c) for c in row] for row in layout["rows"]]})
        return {"freezer": entry["freezer"], "layouts": layouts}

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        freezer = entry["freezer"]
        points = [_stored_points(layout) for layout in entry["layouts"]]
        scores = list(points)
        mine = points[freezer]
        others = [p for s, p in enumerate(points) if s != freezer]
        notes: list[Text] = []
        for seat, layout in enumerate(entry["layouts"]):
            if "rows" in layout:
                notes.append(T("{p} : {c} = {n}", "{p}: {c} = {n}").format(
                    p=seat_ref(seat), c=show_rows(layout["rows"]), n=signed(points[seat])))
        if all(mine < p for p in others):
            scores[freezer] = FREEZE_WON
            notes.append(T("{p} freeze avec {m}, strictement le plus bas : {w}.",
                           "{p} froze with {m}, strictly the lowest: {w}.").format(
                p=seat_ref(freezer), m=signed(mine), w=signed(FREEZE_WON)))
        else:
            beaten_by = sum(1 for p in others if p <= mine)
            scores[freezer] = mine + FREEZE_LOST_PER_PLAYER * beaten_by
            notes.append(T("Freeze raté pour {p} : {m} + {k} × {f} (joueurs à {m} ou moins) = {s}.",
                           "Failed freeze for {p}: {m} + {k} × {f} (players at {m} or below) = {s}.").format(
                p=seat_ref(freezer), m=signed(mine), k=beaten_by, f=FREEZE_LOST_PER_PLAYER, s=signed(scores[freezer])))
        return RoundResult(0, entry, scores, notes=notes)

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or not isinstance(entry.get("layouts"), list):
            return super().describe_entry(entry, number)
        freezer = entry.get("freezer")
        lines = [T("{p} a freezé.", "{p} froze.").format(p=seat_ref(freezer) if isinstance(freezer, int) else "?")]
        lines += describe_layouts(entry["layouts"])
        return lines

    def summarise(self, result: RoundResult) -> Text | None:
        """Who froze and whether it held: "⟨2⟩ · freeze réussi" or "⟨2⟩ · freeze raté"."""
        freezer = result.entry["freezer"]
        points = [_stored_points(layout) for layout in result.entry["layouts"]]
        if all(points[freezer] < p for s, p in enumerate(points) if s != freezer):
            return T("{p} · freeze réussi", "{p} · freeze made").format(p=seat_ref(freezer))
        return T("{p} · freeze raté", "{p} · failed freeze").format(p=seat_ref(freezer))


def describe_layouts(layouts: list[Any]) -> list[Text]:
    """Each seat's layout in words: its cards line by line, or its points."""
    lines = []
    for seat, layout in enumerate(layouts):
        if isinstance(layout, dict) and "rows" in layout:
            lines.append(T("{p} : {c}", "{p}: {c}").format(p=seat_ref(seat), c=show_rows(layout["rows"])))
        elif isinstance(layout, dict) and "points" in layout:
            lines.append(T("{p} : {n} points", "{p}: {n} points").format(p=seat_ref(seat), n=signed(layout["points"])))
    return lines


def _code(code: str) -> str:
    return Card.parse_code(code).code


def _stored_card(code: str) -> SuitCard:
    card = Card.parse_code(code)
    assert isinstance(card, SuitCard)  # a stored layout's card: check_entry (read_layout) took no other
    return card


def _stored_points(layout: dict[str, Any]) -> int:
    if "points" in layout:
        points: int = layout["points"]  # a whole number, checked by check_entry (read_layout)
        return points
    return rows_points([[_stored_card(c) for c in row] for row in layout["rows"]])


class Freeze(Game):
    info = INFO
    sheet_class = FreezeSheet
    options = (
        Option("target", T("Partie en combien de points", "Game to how many points"), "int", TARGET, minimum=1,
               maximum=MAX_TARGET, help=T("La partie s'arrête après la manche où un total l'atteint ; le plus petit total gagne.",
                                          "The game ends after the deal in which a total reaches it; the lowest total wins.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        return schema.entry("Freeze round entry", {
            "freezer": schema.seat(n_players, "who froze"),
            "layouts": schema.per_seat(n_players, layout_schema(LAYOUT_ROWS, None, LEAST_LAYOUT, PACK_POINTS),
                                       "each seat's layout: its two lines of cards, or its points"),
        }, ENTRY_KEYS)


GAME = Freeze()
