"""The Pouilleux round form: the generic grid (first out, pouilleux), plus, in the mystérieux, the card taken out,
typed as players write it ("7♥") or as a code ("7H"). Anything unreadable is passed on for the rules model to
refuse by name."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.cards import card_or_typed, shown


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry = entryforms.fields_parse(sheet.entry_fields(number), sheet.n, data)
    raw = (data.get("removed") or "").strip()
    if raw:
        entry["removed"] = card_or_typed(raw)
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {"winner": entry.get("winner"), "pouilleux": entry.get("pouilleux")}
    if entry.get("removed"):
        values["removed"] = shown(entry["removed"])
    return values
