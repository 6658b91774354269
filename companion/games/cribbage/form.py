"""The Cribbage round form ↔ its entry: the generic grid for the counts, plus the card fields it cannot hold.

``starter``; ``pegging.<seat>`` in the grid, or ``peg.<side>`` (where the side's peg stands after the play, less
its total and his heels); ``hand.<seat>`` (four cards) or ``hand_points.<seat>``; ``crib`` or ``crib_points``. A
hand left blank is ``null``: the rules model says whether the game still needed it. Whatever does not read is
passed on as typed, so that the rules model names the field and the seat.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.cards import Rank
from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.cards import cards_from_text, shown_all

from . import rules as cribbage


def _hand(data: QueryDict, cards_key: str, points_key: str) -> dict | None:
    points = entryforms.text(data, points_key)
    if points:
        return {"points": entryforms.number(points)}
    typed = entryforms.text(data, cards_key)
    return {"cards": cards_from_text(typed)} if typed else None


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry = entryforms.fields_parse([f for f in sheet.entry_fields(number) if f.kind == "count"], sheet.n, data)
    starter = cards_from_text(entryforms.text(data, "starter"))
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


def flatten(entry: dict) -> dict:
    values: dict = {"starter": shown_all([entry.get("starter")]) if entry.get("starter") else ""}
    for seat, p in enumerate(entry.get("pegging") or []):
        values[f"pegging.{seat}"] = p
    for seat, hand in enumerate(entry.get("hands") or []):
        if isinstance(hand, dict) and "points" in hand:
            values[f"hand_points.{seat}"] = hand["points"]
        elif isinstance(hand, dict):
            values[f"hand.{seat}"] = shown_all(hand.get("cards"))
    crib = entry.get("crib")
    if isinstance(crib, dict) and "points" in crib:
        values["crib_points"] = crib["points"]
    elif isinstance(crib, dict):
        values["crib"] = shown_all(crib.get("cards"))
    return values
