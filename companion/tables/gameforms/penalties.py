"""Phone forms of the penalty-card games: the generic grid, plus what it cannot say on its own.

* Chasse-cœur with the seed's values (``dames_13``): a select per queen under the grid (four more seat columns
  would not fit a phone), posted as ``queens.QS`` … and folded into the entry's ``{"queens": {"QS": seat, …}}``.
* Pétasse: a "Personne" radio beside the "Tous les plis" column (``all_tricks=none``), so that a table can say
  nobody took every trick when one player has all the points.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet

from .. import entryforms

NOBODY = "none"


def _chasse_coeur_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    fields = sheet.entry_fields(number)
    entry = entryforms.fields_parse(fields, sheet.n, data)
    for f in fields:
        if f.kind == "seat_select":  # queens.QS … : one select per queen
            value = entryforms.number(data.get(f.key))
            if value is not None:
                entry.setdefault("queens", {})[f.key.split(".", 1)[1]] = value
    if any(f.kind == "seat_select" for f in fields):
        entry.setdefault("queens", {})  # an empty one: the rules model names each queen missing
    return entry


def _chasse_coeur_flatten(entry: dict) -> dict:
    values: dict = {}
    for key, value in entry.items():
        if isinstance(value, dict):
            values.update({f"{key}.{k}": v for k, v in value.items()})
        elif isinstance(value, list):
            values.update({f"{key}.{i}": v for i, v in enumerate(value)})
        else:
            values[key] = value
    return values


def _petasse_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry = entryforms.fields_parse(sheet.entry_fields(number), sheet.n, data)
    if (data.get("all_tricks") or "").strip() == NOBODY:
        entry["all_tricks"] = None
    return entry


def _petasse_flatten(entry: dict) -> dict:
    values = _chasse_coeur_flatten({k: v for k, v in entry.items() if k != "all_tricks"})
    if "all_tricks" in entry:
        values["all_tricks"] = NOBODY if entry["all_tricks"] is None else entry["all_tricks"]
    return values


entryforms.register("chasse-coeur", _chasse_coeur_parse, _chasse_coeur_flatten)
entryforms.register("petasse", _petasse_parse, _petasse_flatten)
