"""Reading a layout of cards laid out in front of a player (Freeze, Golf): ``{"rows": [[codes], [codes]]}``, the
cards row by row, or ``{"points": n}``, the layout counted at the table.

:func:`read_layouts` reads one layout per seat through an :class:`~.entries.EntryReader`, reporting every problem
with its field and seat; the game then scores the cards its own way and checks its own ranges.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.kernel.cards import Card, Joker, SuitCard
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import CardSyntaxError
from companion.kernel.text import T, count

MAX_CARDS_IN_ROW = 60  # more than a pack: refused at once, so that junk stays cheap


@dataclass(frozen=True)
class Layout:
    """A seat's layout: ``rows`` of cards (``None`` when counted at the table) or its ``points``."""

    rows: tuple[tuple[SuitCard, ...], ...] | None
    points: int | None = None

    @property
    def cards(self) -> list[SuitCard]:
        return [c for row in self.rows or () for c in row]


def read_layouts(r: EntryReader, key: str, n_rows: int, row_length: int | None, lo: int, hi: int,
                 rule: str | None = None) -> list[Layout | None] | None:
    """One layout per seat from ``r.entry[key]``: exactly ``n_rows`` rows, each of ``row_length`` cards (any length
    when ``None``), no joker, counted points whole numbers from ``lo`` to ``hi``. A seat whose layout does not read
    is ``None`` (its problems are in ``r``); the whole list is ``None`` when it is missing or of the wrong length."""
    if not r.has(key):
        r.missing(key)
        return None
    raw = r.entry[key]
    if not isinstance(raw, list) or len(raw) != r.n:
        r.add(key, "wrong_length", T("Il faut un jeu par joueur ({n}).", "One layout per player is needed ({n}).").format(n=r.n),
              rule=rule)
        return None
    return [read_layout(r, key, seat, value, n_rows, row_length, lo, hi, rule) for seat, value in enumerate(raw)]


def read_layout(r: EntryReader, key: str, seat: int, value: Any, n_rows: int, row_length: int | None, lo: int, hi: int,
                rule: str | None = None) -> Layout | None:
    shape = T("{k} rangées", "{k} rows").format(k=n_rows) if row_length is None else \
        T("{k} rangées de {m} cartes", "{k} rows of {m} cards").format(k=n_rows, m=row_length)
    if not isinstance(value, dict) or len(value) != 1 or not ({"rows", "points"} & set(value)):
        r.add(key, "not_layout", T("Jeu illisible : ses cartes ({{\"rows\": …}}, {s}) ou ses points ({{\"points\": n}}).",
                                   "Unreadable layout: its cards ({{\"rows\": …}}, {s_en}) or its points ({{\"points\": n}}).").format(
            s=shape.fr, s_en=shape.en), seat, rule)
        return None
    if "points" in value:
        points = value["points"]
        if not is_int(points):
            r.add(key, "not_int", T("Points : nombre entier attendu.", "Points: expected a whole number."), seat, rule)
            return None
        if not lo <= points <= hi:
            r.add(key, "points_range", T("Un jeu vaut de {lo} à {hi} points ({p} donnés).",
                                         "A layout is worth {lo} to {hi} points ({p} given).").format(lo=lo, hi=hi, p=points),
                  seat, rule)
            return None
        return Layout(None, points)
    rows = value["rows"]
    if not isinstance(rows, list) or len(rows) != n_rows or not all(isinstance(row, list) for row in rows):
        r.add(key, "layout_shape", T("Il faut {s}.", "Expected {s_en}.").format(s=shape.fr, s_en=shape.en), seat, rule)
        return None
    out: list[tuple[SuitCard, ...]] = []
    good = True
    for row in rows:
        if len(row) > MAX_CARDS_IN_ROW or (row_length is not None and len(row) != row_length):
            r.add(key, "layout_shape", T("Il faut {s}.", "Expected {s_en}.").format(s=shape.fr, s_en=shape.en), seat, rule)
            return None
        cards: list[SuitCard] = []
        for code in row:
            try:
                card = Card.parse_code(code)
            except CardSyntaxError:
                r.add(key, "bad_card", T("Carte inconnue : {c}.", "Unknown card: {c}.").format(c=str(code)[:12]), seat, rule)
                good = False
                continue
            if not isinstance(card, SuitCard) or card.rank.code == "C":
                what = T("pas de joker", "no joker") if isinstance(card, Joker) else T("pas une carte du jeu de 52", "not a 52-card pack card")
                r.add(key, "not_in_pack", T("{c} : {w}.", "{c}: {w_en}.").format(c=str(card), w=what.fr, w_en=what.en), seat, rule)
                good = False
                continue
            cards.append(card)
        out.append(tuple(cards))
    return Layout(tuple(out)) if good else None


def over_the_packs(r: EntryReader, key: str, layouts: list[Layout | None], packs: int, rule: str | None = None) -> bool:
    """A problem for each card laid out more often than ``packs`` packs hold it, at the seat where it goes over;
    True when there was none."""
    seen: Counter[SuitCard] = Counter()
    fine = True
    for seat, layout in enumerate(layouts):
        if layout is None:
            continue
        for card in layout.cards:
            seen[card] += 1
            if seen[card] == packs + 1:
                times = count(packs, "qu'une fois", "que {n} fois", "once", "{n} times")  # "ne l'a qu'une fois"
                r.add(key, "too_many_copies", T("{c} : le jeu ne l'a {t}.", "{c}: the pack holds it only {t_en}.").format(
                    c=str(card), t=times.fr, t_en=times.en), seat, rule)
                fine = False
    return fine


def layouts_cards(layouts: list[Layout | None]) -> list[SuitCard]:
    """Every card the layouts list (those counted at the table hide theirs)."""
    return [c for layout in layouts if layout is not None for c in layout.cards]


def layout_points(layout: Layout, score: Callable[[tuple[tuple[SuitCard, ...], ...]], int]) -> int:
    if layout.rows is None:
        assert layout.points is not None  # a layout counted at the table has its points (read_layouts)
        return layout.points
    return score(layout.rows)


def show_rows(rows: Any) -> str:
    """Stored rows in words: ``[["KH", "5S"], ["2D"]]`` → "R♥ 5♠ / 2♦" (an empty row is "—")."""
    def word(code: Any) -> str:
        try:
            return str(Card.parse_code(code))
        except (CardSyntaxError, TypeError):
            return str(code)
    if not isinstance(rows, list):
        return str(rows)
    return " / ".join(" ".join(word(c) for c in row) or "—" if isinstance(row, list) else str(row) for row in rows)




def layout_schema(rows: int, columns: int | None, lo: int, hi: int) -> dict[str, Any]:
    row: dict[str, Any] = {"type": "array", "items": {"type": "string"}, "description": "card codes (10H, QS, KD)"}
    if columns is not None:
        row = {**row, "minItems": columns, "maxItems": columns}
    return {"oneOf": [
        {"type": "object", "additionalProperties": False, "required": ["rows"],
         "properties": {"rows": {"type": "array", "minItems": rows, "maxItems": rows, "items": row}}},
        {"type": "object", "additionalProperties": False, "required": ["points"],
         "properties": {"points": {"type": "integer", "minimum": lo, "maximum": hi}}},
    ]}
