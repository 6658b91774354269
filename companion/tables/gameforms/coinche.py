"""The Coinche round form ↔ its entry.

Form fields: ``bidder`` (a seat, or ``none`` when everyone passed), ``contract`` (80 … 160, ``capot``,
``generale``), ``trump``, ``coinche`` (0, 1, 2), ``points``, ``belote`` (a seat or ``none``), ``capot`` and
``generale`` (checkboxes) and, with the ``annonces`` option, ``annonces.<seat>``. A passed deal sends
``{"bidder": null}`` only.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet

from .. import entryforms
from .belote_a_trois import NOBODY, scalar, seat_or_nobody

SLUG = "coinche"
WORDS = ("capot", "generale")


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    if (data.get("bidder") or "").strip() == NOBODY:
        return {"bidder": None}
    entry: dict = {}
    scalar(entry, "bidder", data.get("bidder"))
    contract = (data.get("contract") or "").strip()
    if contract:
        entry["contract"] = contract if contract in WORDS else entryforms.number(contract)
    trump = (data.get("trump") or "").strip()
    if trump:
        entry["trump"] = trump
    scalar(entry, "coinche", data.get("coinche"))
    scalar(entry, "points", data.get("points"))
    entry["belote"] = seat_or_nobody(data.get("belote"))
    entry["capot"] = data.get("capot") in ("on", "true", "1")
    if sheet.options.get("generale"):
        entry["generale"] = data.get("generale") in ("on", "true", "1")
    if sheet.options.get("annonces"):
        values = [entryforms.number(data.get(f"annonces.{i}")) for i in range(sheet.n)]
        if any(v is not None for v in values):
            entry["annonces"] = [0 if v is None else v for v in values]
    return entry


def flatten(entry: dict) -> dict:
    if entry.get("bidder") is None:
        return {"bidder": NOBODY}
    values = {k: entry.get(k) for k in ("bidder", "contract", "trump", "coinche", "points")}
    values["belote"] = NOBODY if entry.get("belote") is None else entry["belote"]
    values["capot"] = "on" if entry.get("capot") else ""
    values["generale"] = "on" if entry.get("generale") else ""
    for i, v in enumerate(entry.get("annonces") or []):
        values[f"annonces.{i}"] = v
    return values


entryforms.register(SLUG, parse=parse, flatten=flatten)
