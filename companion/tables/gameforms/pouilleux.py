"""The Pouilleux round form: the generic grid (first out, pouilleux), plus, in the mystérieux, the card taken out,
typed as players write it ("7♥") or as a code ("7H"). Anything unreadable is passed on for the rules model to
refuse by name."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.cards import Card
from companion.kernel.errors import CardSyntaxError
from companion.kernel.game import Sheet

from .. import entryforms


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry = entryforms.fields_parse(sheet.entry_fields(number), sheet.n, data)
    raw = (data.get("removed") or "").strip()
    if raw:
        try:
            entry["removed"] = Card.parse(raw).code
        except CardSyntaxError:
            entry["removed"] = raw[:12]
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {"winner": entry.get("winner"), "pouilleux": entry.get("pouilleux")}
    if entry.get("removed"):
        try:
            values["removed"] = str(Card.parse_code(entry["removed"]))
        except CardSyntaxError:
            values["removed"] = entry["removed"]
    return values


entryforms.register("pouilleux", parse, flatten)
