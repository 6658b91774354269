"""The Coinche round form ↔ its entry.

Form fields: ``bidder`` (a seat, or ``none`` when everyone passed), ``contract`` (80 … 160, ``capot``,
``generale``), ``trump``, ``coinche`` (0, 1, 2), ``points``, ``belote`` (a seat or ``none``), ``capot`` and
``generale`` (checkboxes) and, with the ``annonces`` option, ``annonces.<seat>``. A passed deal sends
``{"bidder": null}`` only.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.belote import NOBODY, annonces, annonces_values, scalar, seat_or_nobody

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
    announced = annonces(sheet, data)
    if announced is not None:
        entry["annonces"] = announced
    return entry


def flatten(entry: dict) -> dict:
    if entry.get("bidder") is None:
        return {"bidder": NOBODY}
    values = {k: entry.get(k) for k in ("bidder", "contract", "trump", "coinche", "points")}
    values["belote"] = NOBODY if entry.get("belote") is None else entry["belote"]
    values["capot"] = "on" if entry.get("capot") else ""
    values["generale"] = "on" if entry.get("generale") else ""
    values.update(annonces_values(entry))
    return values
