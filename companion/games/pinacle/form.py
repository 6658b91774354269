"""The Le pinacle round form ↔ its entry: ``winner`` (a seat, or ``none`` when the stock ran out), ``in_one_go``,
and per seat what was laid and what is held (:func:`companion.web.families.shedding.hand`, parts ``laid`` and
``held``)."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web.families.shedding import NOBODY, hand, hand_values, seat_or_nobody


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry: dict = {}
    if data.get("winner") not in (None, ""):
        entry["winner"] = seat_or_nobody(data, "winner")
    winner = entry.get("winner")
    entry["in_one_go"] = data.get("in_one_go") in ("on", "true", "1")
    hands = []
    for s in range(sheet.n):
        if s == winner and winner is not None:
            hands.append({"laid": hand(data, "laid", s, {"cards": []})} if sheet.options["winner_counts_laid"] else None)
            continue
        hands.append({"laid": hand(data, "laid", s, {"cards": []}), "held": hand(data, "held", s, {"cards": []})})
    entry["hands"] = hands
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {"winner": NOBODY if entry.get("winner") is None else entry["winner"]}
    if entry.get("in_one_go"):
        values["in_one_go"] = "on"
    for s, item in enumerate(entry.get("hands", [])):
        for part in ("laid", "held"):
            if isinstance(item, dict):
                values.update(hand_values(item.get(part), part, s))
    return values
