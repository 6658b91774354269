"""The belote round forms: one entry reader for the belotes (Belote, Belote à trois), and the helpers Coinche,
Belote de comptoir and L'hombre read their own forms with.

Form fields of a belote deal: ``taker`` (a seat, or ``none`` when everyone passed twice), ``trump`` (S H D C),
``points`` (the taker's card points), ``belote`` (a seat, or ``none``), ``capot`` (a checkbox) and, with the
``annonces`` option, ``annonces.<seat>``. A passed deal sends ``{"taker": null}`` only, whatever else the form holds.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms

NOBODY = "none"


def seat_or_nobody(raw: str | None):
    """``"2"`` → 2, ``"none"`` or blank → None; anything else is passed on for the rules model to name."""
    if raw is None or raw.strip() in ("", NOBODY):
        return None
    return entryforms.number(raw)


def scalar(entry: dict, key: str, raw: str | None) -> None:
    """``entry[key]`` set to the number typed, left out when the box is blank."""
    value = entryforms.number(raw)
    if value is not None:
        entry[key] = value


def annonces(sheet: Sheet, data: QueryDict) -> list | None:
    """With the ``annonces`` option, the points announced per seat (``annonces.<seat>``, a blank box 0); None
    without the option or when every box is blank."""
    if not sheet.options.get("annonces"):
        return None
    values = [entryforms.number(data.get(f"annonces.{i}")) for i in range(sheet.n)]
    if all(v is None for v in values):
        return None
    return [0 if v is None else v for v in values]


def annonces_values(entry: dict) -> dict:
    return {f"annonces.{i}": v for i, v in enumerate(entry.get("annonces") or [])}


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
    announced = annonces(sheet, data)
    if announced is not None:
        entry["annonces"] = announced
    return entry


def flatten(entry: dict) -> dict:
    if entry.get("taker") is None:
        return {"taker": NOBODY}
    values = {"taker": entry["taker"], "trump": entry.get("trump"), "points": entry.get("points"),
              "belote": NOBODY if entry.get("belote") is None else entry["belote"],
              "capot": "on" if entry.get("capot") else ""}
    values.update(annonces_values(entry))
    return values
