"""The L'hombre round form ↔ its entry.

Form fields: ``contract`` (``prendre``, ``sans_prendre``, ``vole``, or ``passe`` when all three passed), ``ombre``
(a seat), ``tricks.<seat>`` and ``matadors``. A passed deal sends ``{"contract": null}`` only.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.belote import scalar

PASSED = "passe"


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    contract = (data.get("contract") or "").strip()
    if contract == PASSED:
        return {"contract": None}
    entry: dict = {}
    if contract:
        entry["contract"] = contract
    scalar(entry, "ombre", data.get("ombre"))
    tricks = [entryforms.number(data.get(f"tricks.{i}")) for i in range(sheet.n)]
    if any(t is not None for t in tricks):
        entry["tricks"] = [0 if t is None else t for t in tricks]  # a blank box is a player without a trick
    scalar(entry, "matadors", data.get("matadors"))
    return entry


def flatten(entry: dict) -> dict:
    if entry.get("contract") is None:
        return {"contract": PASSED}
    values = {"contract": entry["contract"], "ombre": entry.get("ombre"), "matadors": entry.get("matadors") or 0}
    for i, t in enumerate(entry.get("tricks") or []):
        values[f"tricks.{i}"] = t
    return values
