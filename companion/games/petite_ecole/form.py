"""The La petite école round form ↔ its entry: ``winner``, who laid (``laid.<seat>``) and each other seat's hand
(:func:`companion.web.families.shedding.hand`)."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.shedding import hand, hand_values


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry: dict = {}
    winner = entryforms.number(data.get("winner"))
    if winner is not None:
        entry["winner"] = winner
    entry["laid"] = [s == winner or data.get(f"laid.{s}") in ("on", "true", "1") for s in range(sheet.n)]
    entry["hands"] = [None if s == winner else hand(data, "hand", s) for s in range(sheet.n)]
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {"winner": entry.get("winner")}
    values.update({f"laid.{s}": "on" for s, v in enumerate(entry.get("laid", [])) if v})
    for s, h in enumerate(entry.get("hands", [])):
        values.update(hand_values(h, "hand", s))
    return values
