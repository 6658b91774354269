"""The Gin-rami round form ↔ its entry: ``winner``, a seat or ``none`` when the stock ran out."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web.families.shedding import NOBODY, seat_or_nobody


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    if data.get("winner") in (None, ""):
        return {}
    return {"winner": seat_or_nobody(data, "winner")}


def flatten(entry: dict) -> dict:
    return {"winner": NOBODY if entry.get("winner") is None else entry["winner"]}
