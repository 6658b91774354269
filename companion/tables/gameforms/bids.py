"""Rikiki and Motton phone forms: the bids and tricks grid, plus the optional turned card, typed as players write
it ("7♥", "D♠") or as a code ("7H"). Anything unreadable is passed on for the rules model to refuse by name."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.cards import Card
from companion.kernel.errors import CardSyntaxError
from companion.kernel.game import Sheet

from .. import entryforms


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    fields = sheet.entry_fields(number)
    entry = entryforms.fields_parse(fields, sheet.n, data)
    raw = (data.get("turned") or "").strip()
    if raw and any(f.key == "turned" for f in fields):
        try:
            entry["turned"] = Card.parse(raw).code
        except CardSyntaxError:
            entry["turned"] = raw[:12]
    elif raw:
        entry["turned"] = raw[:12]  # no card is turned in this deal: the rules model says so
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {}
    for key in ("bids", "tricks"):
        values.update({f"{key}.{i}": v for i, v in enumerate(entry.get(key) or [])})
    if entry.get("turned"):
        values["turned"] = str(Card.parse_code(entry["turned"]))
    return values


entryforms.register("rikiki", parse, flatten)
entryforms.register("motton", parse, flatten)
