"""The Huit américain round form ↔ its entry.

Form fields: ``winner`` (a seat) and, for each other seat, ``how.<seat>`` — ``points`` (counted at the table) or
``cards`` — with ``points.<seat>`` and ``cards.<seat>``, read as at Rami (the card picker only fills the text
field, so the form works without JavaScript). With the wins count a form whose hands are all blank posts no
``hands``; with penalty points a blank hand is posted as missing, for the rules model to name the seat.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.cards import cards_from_text, shown_all


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    winner = entryforms.number(data.get("winner"))
    hands: list = []
    for seat in range(sheet.n):
        if winner == seat:
            hands.append(None)
            continue
        points = (data.get(f"points.{seat}") or "").strip()
        typed = (data.get(f"cards.{seat}") or "").strip()
        how = data.get(f"how.{seat}") or ""
        if how not in ("points", "cards") or (how == "points" and not points) or (how == "cards" and not typed):
            how = "points" if points else "cards" if typed else ""  # what was filled in says it
        if how == "points":
            hands.append({"points": entryforms.number(points)})
        elif how == "cards":
            hands.append({"cards": cards_from_text(typed)})
        else:
            hands.append(None)
    entry: dict = {}
    if winner is not None:
        entry["winner"] = winner
    if any(h is not None for h in hands) or sheet.options.get("scoring") == "penalty":
        entry["hands"] = hands
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {"winner": entry.get("winner")}
    for seat, hand in enumerate(entry.get("hands") or []):
        if not isinstance(hand, dict):
            continue
        if "points" in hand:
            values[f"how.{seat}"] = "points"
            values[f"points.{seat}"] = hand["points"]
        elif "cards" in hand:
            values[f"how.{seat}"] = "cards"
            values[f"cards.{seat}"] = shown_all(hand["cards"])
    return values
