"""The Belote de comptoir round form ↔ its entry.

Form fields: ``cards`` (cards each), ``bidder`` (a seat, or ``none`` when everyone passed), ``bid``, ``trump``
(S H D C, SA and TA when the table allows them) and ``points``. A passed deal sends ``{"bidder": null}`` only.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web.families.belote import NOBODY, scalar


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    if (data.get("bidder") or "").strip() == NOBODY:
        return {"bidder": None}
    entry: dict = {}
    for key in ("cards", "bidder", "bid"):
        scalar(entry, key, data.get(key))
    trump = (data.get("trump") or "").strip()
    if trump:
        entry["trump"] = trump
    scalar(entry, "points", data.get("points"))
    return entry


def flatten(entry: dict) -> dict:
    if entry.get("bidder") is None:
        return {"bidder": NOBODY}
    return {k: entry.get(k) for k in ("cards", "bidder", "bid", "trump", "points")}
