"""The Belote à trois round form ↔ its entry.

Form fields: ``taker`` (a seat, or ``none`` when everyone passed twice), ``trump`` (S H D C), ``points`` (the
taker's card points), ``belote`` (a seat, or ``none``), ``capot`` (a checkbox) and, with the ``annonces`` option,
``annonces.<seat>``. A passed deal sends ``{"taker": null}`` only, whatever else the form holds.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet

from .. import entryforms

SLUG = "belote-a-trois"
NOBODY = "none"


def seat_or_nobody(raw: str | None):
    """``"2"`` → 2, ``"none"`` or blank → None; anything else is passed on for the rules model to name."""
    if raw is None or raw.strip() in ("", NOBODY):
        return None
    return entryforms.number(raw)


def scalar(entry: dict, key: str, raw: str | None) -> None:
    value = entryforms.number(raw)
    if value is not None:
        entry[key] = value


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    if (data.get("taker") or "").strip() == NOBODY:
        return {"taker": None}
    entry: dict = {}
    scalar(entry, "taker", data.get("taker"))
    trump = (data.get("trump") or "").strip()
    if trump:
        entry["trump"] = trump
    scalar(entry, "points", data.get("points"))
    entry["belote"] = seat_or_nobody(data.get("belote"))
    entry["capot"] = data.get("capot") in ("on", "true", "1")
    if sheet.options.get("annonces"):
        values = [entryforms.number(data.get(f"annonces.{i}")) for i in range(sheet.n)]
        if any(v is not None for v in values):
            entry["annonces"] = [0 if v is None else v for v in values]
    return entry


def flatten(entry: dict) -> dict:
    if entry.get("taker") is None:
        return {"taker": NOBODY}
    values = {"taker": entry["taker"], "trump": entry.get("trump"), "points": entry.get("points"),
              "belote": NOBODY if entry.get("belote") is None else entry["belote"],
              "capot": "on" if entry.get("capot") else ""}
    for i, v in enumerate(entry.get("annonces") or []):
        values[f"annonces.{i}"] = v
    return values


entryforms.register(SLUG, parse=parse, flatten=flatten)
