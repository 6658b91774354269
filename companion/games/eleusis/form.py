"""The Eleusis round form ↔ its entry: ``cards_left.<seat>`` in the grid (blank at the dealer), ``all_expelled``,
and the prophet's ``prophet_seat``, ``prophet_mainline``, ``prophet_sideline``, ``prophet_before_marker``.
Whatever does not read is passed on as typed, so that the rules model names the field and the seat."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms

PROPHET_KEYS = ("mainline", "sideline", "before_marker")


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    dealer = sheet.dealer_for(number)
    left = [entryforms.number(data.get(f"cards_left.{s}")) for s in range(sheet.n)]
    entry: dict = {"cards_left": left, "all_expelled": data.get("all_expelled") in ("on", "true", "1")}
    if left[dealer] is None and all(v is None for v in left):
        entry.pop("cards_left")
    seat = entryforms.number(data.get("prophet_seat"))
    if seat is not None:
        entry["prophet"] = {"seat": seat, **{k: entryforms.number(data.get(f"prophet_{k}")) for k in PROPHET_KEYS}}
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {"all_expelled": "on" if entry.get("all_expelled") else ""}
    for seat, v in enumerate(entry.get("cards_left") or []):
        values[f"cards_left.{seat}"] = "" if v is None else v
    p = entry.get("prophet")
    if isinstance(p, dict):
        values["prophet_seat"] = p.get("seat")
        values.update({f"prophet_{k}": p.get(k) for k in PROPHET_KEYS})
    return values
