"""The Pétasse round form: the generic grid, plus a "Personne" radio beside the "Tous les plis" column
(``all_tricks=none``), so that a table can say nobody took every trick when one player has all the points."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families import penalties

NOBODY = "none"


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry = entryforms.fields_parse(sheet.entry_fields(number), sheet.n, data)
    if (data.get("all_tricks") or "").strip() == NOBODY:
        entry["all_tricks"] = None
    return entry


def flatten(entry: dict) -> dict:
    values = penalties.flatten({k: v for k, v in entry.items() if k != "all_tricks"})
    if "all_tricks" in entry:
        values["all_tricks"] = NOBODY if entry["all_tricks"] is None else entry["all_tricks"]
    return values
