"""Idempotency-Key: what a key may be, and whether a retried submission is the one first sent with its key.

Shared by the JSON API and the pages (a phone form carries its key in a hidden field); below both.
"""

from __future__ import annotations

import re

from companion.games import registry
from companion.kernel import GameOver, InvalidEntry
from companion.web import entryforms

from . import ledger
from .models import Event, Table

IDEMPOTENCY_KEY = re.compile(r"^[A-Za-z0-9._:-]{1,80}$")


def same_entry(table: Table, key: str, entry=None, form=None) -> bool:
    """Whether a retried submission is the one first sent with that Idempotency-Key: the same entry, or the same
    once the game has normalised it at the place that round took on the sheet (so a retry replays even after
    other changes). A phone form's ``form`` (its POST data) is parsed at that place too — the round it was first
    stored as, not the table's current one, whose fields may differ (Barbu's next manche)."""
    events = list(Event.objects.filter(table_id=table.pk).order_by("seq"))
    first = next((e for e in events if e.idempotency_key == key), None)
    if first is None or (form is None and entry == first.data):
        return True
    rounds, _closed = ledger.current_rounds([e for e in events if e.seq < first.seq])
    sheet = registry.get(table.game).new_sheet(len(table.players), table.options, table.players, stored=True)
    try:
        for _seq, data, _corrected in rounds:
            sheet.apply(data)
        if form is not None:
            entry = entryforms.parse(sheet, sheet.number, form)
            if entry == first.data:
                return True
        return sheet.apply(entry).entry == first.data
    except (InvalidEntry, GameOver, TypeError, ValueError, KeyError, IndexError, AttributeError):
        return False
