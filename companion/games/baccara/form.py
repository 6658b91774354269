"""The Baccara round form ↔ its entry.

``banker`` (hidden, on a correction only: see :mod:`companion.web.families.banking`), ``offer``, ``stakes.<seat>``
(the banker's left out), and either ``ponte_cards`` / ``banker_cards`` (typed codes or French spellings, the card
picker filling them) or ``ponte_points`` / ``banker_points``. Whatever is not a number or a card is passed on as
typed, for the rules model to name with its field and seat.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms
from companion.web.families.banking import banker as posted_banker
from companion.web.families.cards import cards_from_text, shown_all


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    banker = posted_banker(sheet, data)
    entry: dict = {}
    if banker is not None:
        entry["banker"] = banker
    offer = entryforms.number(data.get("offer"))
    if offer is not None:
        entry["offer"] = offer
    stakes = []
    for seat in range(sheet.n):
        value = entryforms.number(data.get(f"stakes.{seat}"))
        if seat == banker:
            stakes.append(value)  # blank; a stake typed for the banker is passed on, for the rules to refuse
        else:
            stakes.append(0 if value is None else value)  # a blank box is a player who did not stake
    entry["stakes"] = stakes
    ponte, bank = (data.get("ponte_cards") or "").strip(), (data.get("banker_cards") or "").strip()
    if ponte or bank:
        entry["ponte_cards"] = cards_from_text(ponte)
        entry["banker_cards"] = cards_from_text(bank)
    else:
        for key in ("ponte_points", "banker_points"):
            value = entryforms.number(data.get(key))
            if value is not None:
                entry[key] = value
    return entry


def flatten(entry: dict) -> dict:
    values: dict = {"banker": entry.get("banker"), "offer": entry.get("offer")}
    for seat, stake in enumerate(entry.get("stakes") or []):
        if stake is not None:
            values[f"stakes.{seat}"] = stake
    for key in ("ponte_cards", "banker_cards"):
        if isinstance(entry.get(key), list):
            values[key] = shown_all(entry[key])
    for key in ("ponte_points", "banker_points"):
        if entry.get(key) is not None:
            values[key] = entry[key]
    return values
