"""The bidding-game forms (Rikiki, Motton): the bids and tricks grid, plus the optional turned card, typed as
players write it ("7♥", "D♠") or as a code ("7H"). Anything unreadable is passed on for the rules model to refuse
by name."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.cards import MAX_TYPED, card_or_typed, shown


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    fields = sheet.entry_fields(number)
    entry = entryforms.fields_parse(fields, sheet.n, data)
    raw = (data.get("turned") or "").strip()
    if raw and any(f.key == "turned" for f in fields):
        entry["turned"] = card_or_typed(raw)
    elif raw:
        entry["turned"] = raw[:MAX_TYPED]  # no card is turned in this deal: the rules model says so
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {}
    for key in ("bids", "tricks"):
        values.update({f"{key}.{i}": v for i, v in enumerate(entry.get(key) or [])})
    if entry.get("turned"):
        values["turned"] = shown(entry["turned"])
    return values
