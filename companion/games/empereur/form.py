"""The L'Empereur round form ↔ its entry: the Emperor (or the Exclu of the Miroir modes, as the sheet's ``role``
says), who dealt, who went out on a Joker (``joker_out.<seat>``) and, in the Élite modes, each seat's hand
(:func:`companion.web.families.shedding.hand`)."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.shedding import hand, hand_values


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry: dict = {}
    role = sheet.role
    if data.get(role) not in (None, ""):
        entry[role] = entryforms.number(data.get(role))
    if data.get("dealer") not in (None, ""):
        entry["dealer"] = entryforms.number(data.get("dealer"))
    out = [s for s in range(sheet.n) if data.get(f"joker_out.{s}") in ("on", "true", "1")]
    if out:
        entry["joker_out"] = out
    if sheet.mode in ("elite", "miroir_elite"):
        hands = []
        for s in range(sheet.n):
            # A Subject who went out on a Joker holds nothing: an empty hand.
            empty = {"cards": []} if sheet.mode == "elite" and s in out else None
            hands.append(hand(data, "hand", s, empty))
        entry["hands"] = hands
    return entry


def flatten(entry: dict) -> dict:
    values = {k: entry[k] for k in ("emperor", "exclu", "dealer") if k in entry}
    values.update({f"joker_out.{s}": "on" for s in entry.get("joker_out", [])})
    for s, h in enumerate(entry.get("hands") or []):
        values.update(hand_values(h, "hand", s))
    return values
