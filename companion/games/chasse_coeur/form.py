"""The Chasse-cœur round form: the generic grid, plus, with the rule document's values (``dames_13``), a select per
queen under the grid (four more seat columns would not fit a phone), posted as ``queens.QS`` … and folded into the
entry's ``{"queens": {"QS": seat, …}}``."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.penalties import flatten

__all__ = ["flatten", "parse"]


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
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
