"""The Nain Jaune phone form: who went out, a grand opéra box, what became of each board card, points in hand.

Each board card has a select whose value is ``ecart`` (null in the entry), ``claimed_by:2``, ``forgotten_by:2``
or ``held_by:2``; a blank select is left out of the entry, so the rules model asks for it. Anything else is
passed on as it is, for the rules model to refuse with the field's name.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms

from .rules import BOARD, FATES

LEFT_OVER = "ecart"


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry: dict = {}
    winner = entryforms.number(data.get("winner"))
    if winner is not None:
        entry["winner"] = winner
    entry["grand_opera"] = data.get("grand_opera") in ("on", "true", "1")
    stakes: dict = {}
    for box in BOARD:
        raw = (data.get(f"stakes_{box.key}") or "").strip()
        if raw == "":
            continue
        if raw == LEFT_OVER:
            stakes[box.key] = None
            continue
        kind, _, seat = raw.partition(":")
        stakes[box.key] = {kind: entryforms.number(seat)} if kind in FATES else raw[:40]
    entry["stakes"] = stakes
    # An empty box counts as 0 once any is filled (the winner's is usually left empty); all empty: asked for.
    remaining = entryforms.count_values(data, "remaining", sheet.n)
    entry["remaining"] = remaining if remaining is not None else [None] * sheet.n
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {"winner": entry.get("winner"), "grand_opera": bool(entry.get("grand_opera"))}
    for key, fate in (entry.get("stakes") or {}).items():
        if fate is None:
            values[f"stakes_{key}"] = LEFT_OVER
        else:
            kind, seat = next(iter(fate.items()))
            values[f"stakes_{key}"] = f"{kind}:{seat}"
    for i, points in enumerate(entry.get("remaining") or []):
        values[f"remaining.{i}"] = points
    return values


