"""The Pharaon round form ↔ its entry.

``banker`` (a seat; hidden on a correction, see :mod:`companion.web.families.banking`), ``bets.right.<seat>`` and
``bets.left.<seat>`` (blank is 0), and either the two cards ``right`` / ``left`` or ``result``. Whatever is not a
number or a card is passed on as typed, for the rules model to name with its field and seat.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.banking import banker as posted_banker
from companion.web.families.cards import cards_from_text, shown


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    banker = posted_banker(sheet, data)
    entry: dict = {}
    if banker is not None:
        entry["banker"] = banker
    bets: list = []
    for seat in range(sheet.n):
        right = entryforms.number(data.get(f"bets.right.{seat}"))
        left = entryforms.number(data.get(f"bets.left.{seat}"))
        if right is None and left is None:
            bets.append(None)  # the banker, or a ponte sitting this coup out; a bet typed for the banker is passed on
        else:
            bets.append({"right": 0 if right is None else right, "left": 0 if left is None else left})
    entry["bets"] = bets
    for side in ("right", "left"):
        typed = cards_from_text(data.get(side))
        if typed:
            entry[side] = typed[0] if len(typed) == 1 else " ".join(typed)
    result = (data.get("result") or "").strip()
    if result:
        entry["result"] = result
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {"banker": entry.get("banker")}
    for seat, bet in enumerate(entry.get("bets") or []):
        if isinstance(bet, dict):
            values[f"bets.right.{seat}"] = bet.get("right", 0)
            values[f"bets.left.{seat}"] = bet.get("left", 0)
    for side in ("right", "left"):
        if entry.get(side) is not None:
            values[side] = shown(entry[side])
    if entry.get("right") is None and entry.get("result"):
        values["result"] = entry["result"]
    return values
