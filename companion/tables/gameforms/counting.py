"""Phone forms of the counting games (Freeze, Golf, Cribbage) and Eleusis: the generic grid for the counts and the
seat columns, plus card fields it cannot hold.

* Freeze and Golf: for each seat ``top.<seat>`` and ``bottom.<seat>`` (the two lines or rows, typed as card codes
  or as players write them, the card picker only fills the text), or ``points.<seat>`` counted at the table.
* Cribbage: ``starter``; ``pegging.<seat>`` in the grid, or ``peg.<side>`` (where the side's peg stands after the
  play, less its total and his heels); ``hand.<seat>`` (four cards) or ``hand_points.<seat>``;
  ``crib`` or ``crib_points``. A hand left blank is ``null``: the rules model says whether the game still needed it.
* Eleusis: ``cards_left.<seat>`` in the grid (blank at the dealer), ``all_expelled``, and the prophet's
  ``prophet_seat``, ``prophet_mainline``, ``prophet_sideline``, ``prophet_before_marker``.

Whatever does not read is passed on as typed, so that the rules model names the field and the seat.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.games.cribbage import rules as cribbage
from companion.kernel.cards import Card, Rank, display
from companion.kernel.errors import CardSyntaxError
from companion.kernel.game import Sheet

from .. import entryforms
from .rami import cards_from_text


def _text(data: QueryDict, key: str) -> str:
    return (data.get(key) or "").strip()[:200]


def _layout(data: QueryDict, seat: int) -> dict | None:
    points = _text(data, f"points.{seat}")
    if points:
        return {"points": entryforms.number(points)}
    top, bottom = _text(data, f"top.{seat}"), _text(data, f"bottom.{seat}")
    if not top and not bottom:
        return None
    return {"rows": [cards_from_text(top), cards_from_text(bottom)]}


def _shown(codes) -> str:
    out = []
    for code in codes or []:
        try:
            out.append(display(Card.parse_code(code), "fr"))
        except CardSyntaxError:
            out.append(str(code))
    return " ".join(out)


def _layouts_flatten(entry: dict) -> dict:
    values: dict = {}
    for key, value in entry.items():
        if key == "layouts":
            for seat, layout in enumerate(value or []):
                if isinstance(layout, dict) and "points" in layout:
                    values[f"points.{seat}"] = layout["points"]
                elif isinstance(layout, dict) and isinstance(layout.get("rows"), list) and len(layout["rows"]) == 2:
                    values[f"top.{seat}"] = _shown(layout["rows"][0])
                    values[f"bottom.{seat}"] = _shown(layout["rows"][1])
        elif value is not None:
            values[key] = value
    return values


def _freeze_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry: dict = {"layouts": [_layout(data, s) for s in range(sheet.n)]}
    freezer = entryforms.number(data.get("freezer"))
    if freezer is not None:
        entry["freezer"] = freezer
    return entry


def _golf_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry: dict = {"layouts": [_layout(data, s) for s in range(sheet.n)]}
    knocker = entryforms.number(data.get("knocker"))
    if knocker is not None:
        entry["knocker"] = knocker
    return entry


def _hand(data: QueryDict, cards_key: str, points_key: str) -> dict | None:
    points = _text(data, points_key)
    if points:
        return {"points": entryforms.number(points)}
    typed = _text(data, cards_key)
    return {"cards": cards_from_text(typed)} if typed else None


def _cribbage_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry = entryforms.fields_parse([f for f in sheet.entry_fields(number) if f.kind == "count"], sheet.n, data)
    starter = cards_from_text(_text(data, "starter"))
    if starter:
        entry["starter"] = starter[0] if len(starter) == 1 else " ".join(starter)
    _pegs(sheet, number, data, entry)
    entry["hands"] = [_hand(data, f"hand.{s}", f"hand_points.{s}") for s in range(sheet.n)]
    entry["crib"] = _hand(data, "crib", "crib_points")
    return entry


def _pegs(sheet: Sheet, number: int, data: QueryDict, entry: dict) -> None:
    """``peg.<side>``: where a side's front peg stands after the play. Its pegging is that minus the side's total
    before the deal and his heels (a Jack starter, to the dealer's side); it goes to the side's first seat, and only
    when no pegging was typed for that side."""
    sides = getattr(sheet, "sides", None)
    if not sides:
        return
    dealer = sheet.dealer_for(number)
    pegging = entry.get("pegging") or [None] * sheet.n
    for i, side in enumerate(sides):
        peg = entryforms.number(data.get(f"peg.{i}"))
        if peg is None or any(pegging[s] is not None for s in side):
            continue
        if isinstance(peg, int):
            starter = cribbage.parse_card(entry.get("starter"))
            heels = cribbage.HEELS if dealer in side and starter is not None and starter.rank is Rank.JACK else 0
            peg = peg - sheet.totals[side[0]] - heels
        for s in side:
            pegging[s] = peg if s == side[0] else 0
    if any(v is not None for v in pegging):
        entry["pegging"] = pegging


def _cribbage_flatten(entry: dict) -> dict:
    values: dict = {"starter": _shown([entry.get("starter")]) if entry.get("starter") else ""}
    for seat, p in enumerate(entry.get("pegging") or []):
        values[f"pegging.{seat}"] = p
    for seat, hand in enumerate(entry.get("hands") or []):
        if isinstance(hand, dict) and "points" in hand:
            values[f"hand_points.{seat}"] = hand["points"]
        elif isinstance(hand, dict):
            values[f"hand.{seat}"] = _shown(hand.get("cards"))
    crib = entry.get("crib")
    if isinstance(crib, dict) and "points" in crib:
        values["crib_points"] = crib["points"]
    elif isinstance(crib, dict):
        values["crib"] = _shown(crib.get("cards"))
    return values


PROPHET_KEYS = ("mainline", "sideline", "before_marker")


def _eleusis_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    dealer = sheet.dealer_for(number)
    left = [entryforms.number(data.get(f"cards_left.{s}")) for s in range(sheet.n)]
    entry: dict = {"cards_left": left, "all_expelled": data.get("all_expelled") in ("on", "true", "1")}
    if left[dealer] is None and all(v is None for v in left):
        entry.pop("cards_left")
    seat = entryforms.number(data.get("prophet_seat"))
    if seat is not None:
        entry["prophet"] = {"seat": seat, **{k: entryforms.number(data.get(f"prophet_{k}")) for k in PROPHET_KEYS}}
    return entry


def _eleusis_flatten(entry: dict) -> dict:
    values: dict = {"all_expelled": "on" if entry.get("all_expelled") else ""}
    for seat, v in enumerate(entry.get("cards_left") or []):
        values[f"cards_left.{seat}"] = "" if v is None else v
    p = entry.get("prophet")
    if isinstance(p, dict):
        values["prophet_seat"] = p.get("seat")
        values.update({f"prophet_{k}": p.get(k) for k in PROPHET_KEYS})
    return values


entryforms.register("freeze", parse=_freeze_parse, flatten=_layouts_flatten)
entryforms.register("golf", parse=_golf_parse, flatten=_layouts_flatten)
entryforms.register("cribbage", parse=_cribbage_parse, flatten=_cribbage_flatten)
entryforms.register("eleusis", parse=_eleusis_parse, flatten=_eleusis_flatten)
