"""The banking-game forms (Baccara, Pharaon): what both read the same way. ``banker`` is a hidden field on a
correction only; a new coup is the bank's holder when it is stored, so that a coup queued offline follows the bank."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms


def banker(sheet: Sheet, data: QueryDict):
    """The posted banker; for a new round without one, the seat holding the bank now (``next.banker``)."""
    seat = entryforms.number(data.get("banker"))
    return getattr(sheet, "banker", None) if seat is None else seat
