"""The layout forms (Freeze, Golf): for each seat ``top.<seat>`` and ``bottom.<seat>``, the two lines or rows
typed as card codes or as players write them (the card picker only fills the text), or ``points.<seat>`` counted
at the table. The game's ``form.py`` adds the seat field it asks for beside the layouts (who froze, who knocked).
Whatever does not read is passed on as typed, so that the rules model names the field and the seat.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.cards import cards_from_text, shown_all


def layout(data: QueryDict, seat: int) -> dict | None:
    """One seat's layout: its points when counted, else its two rows of cards; None when nothing is filled in."""
    points = entryforms.text(data, f"points.{seat}")
    if points:
        return {"points": entryforms.number(points)}
    top, bottom = entryforms.text(data, f"top.{seat}"), entryforms.text(data, f"bottom.{seat}")
    if not top and not bottom:
        return None
    return {"rows": [cards_from_text(top), cards_from_text(bottom)]}


def parse(sheet: Sheet, data: QueryDict, seat_key: str) -> dict:
    """The layouts of every seat, and the seat ``seat_key`` names when one is picked."""
    entry: dict = {"layouts": [layout(data, s) for s in range(sheet.n)]}
    seat = entryforms.number(data.get(seat_key))
    if seat is not None:
        entry[seat_key] = seat
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {}
    for key, value in entry.items():
        if key == "layouts":
            for seat, one in enumerate(value or []):
                if isinstance(one, dict) and "points" in one:
                    values[f"points.{seat}"] = one["points"]
                elif isinstance(one, dict) and isinstance(one.get("rows"), list) and len(one["rows"]) == 2:
                    values[f"top.{seat}"] = shown_all(one["rows"][0])
                    values[f"bottom.{seat}"] = shown_all(one["rows"][1])
        elif value is not None:
            values[key] = value
    return values
