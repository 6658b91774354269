"""The Rami round form ↔ the Rami entry.

Form fields: ``winner`` (a seat), ``rami_sec`` (a checkbox) and, for each seat, ``how.<seat>`` — ``nothing``
(laid nothing: 100), ``points`` (counted at the table) or ``cards`` — with ``points.<seat>`` and ``cards.<seat>``.
Cards are read by :func:`companion.web.families.cards.cards_from_text` (codes, the French display or words); a token
that is not a card is passed on as it is, and the rules model names it with the seat.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.cards import cards_from_text, shown_all

HOW_FORM = {"nothing": "laid_nothing", "points": "points", "cards": "cards"}


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    winner = entryforms.number(data.get("winner"))
    hands: list = []
    for seat in range(sheet.n):
        if winner == seat:
            hands.append(None)
            continue
        points = (data.get(f"points.{seat}") or "").strip()
        typed = (data.get(f"cards.{seat}") or "").strip()
        how = HOW_FORM.get(data.get(f"how.{seat}") or "")
        if how is None:  # no choice ticked: what was filled in says it
            how = "points" if points else "cards" if typed else None
        if how == "laid_nothing":
            hands.append({"laid_nothing": True})
        elif how == "points":
            hands.append({"points": entryforms.number(points)})
        elif how == "cards":
            hands.append({"cards": cards_from_text(typed)})
        else:
            hands.append(None)
    entry: dict = {"hands": hands, "rami_sec": data.get("rami_sec") in ("on", "true", "1")}
    if winner is not None:
        entry["winner"] = winner
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {"winner": entry.get("winner"), "rami_sec": "on" if entry.get("rami_sec") else ""}
    for seat, hand in enumerate(entry.get("hands") or []):
        if not isinstance(hand, dict):
            continue
        if "laid_nothing" in hand:
            values[f"how.{seat}"] = "nothing"
        elif "points" in hand:
            values[f"how.{seat}"] = "points"
            values[f"points.{seat}"] = hand["points"]
        elif "cards" in hand:
            values[f"how.{seat}"] = "cards"
            values[f"cards.{seat}"] = shown_all(hand["cards"])
    return values
