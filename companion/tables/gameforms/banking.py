"""The Baccara and Pharaon round forms ↔ their entries.

Baccara: ``banker`` (hidden, on a correction only: a new coup is the bank's holder when it is stored, so a coup
queued offline follows the bank), ``offer``, ``stakes.<seat>`` (the banker's left out), and
either ``ponte_cards`` / ``banker_cards`` (typed codes or French spellings, the card picker filling them) or
``ponte_points`` / ``banker_points``. Pharaon: ``banker`` (a seat), ``bets.right.<seat>`` and ``bets.left.<seat>``
(blank is 0), and either the two cards ``right`` / ``left`` or ``result``. Whatever is not a number or a card is
passed on as typed, for the rules model to name with its field and seat.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.cards import Card
from companion.kernel.errors import CardSyntaxError
from companion.kernel.game import Sheet

from .. import entryforms
from .rami import cards_from_text


def _shown(code) -> str:
    try:
        return str(Card.parse_code(code))
    except (CardSyntaxError, TypeError):
        return str(code)


def _banker(sheet: Sheet, data: QueryDict):
    """The posted banker; for a new round without one, the seat holding the bank now (``next.banker``)."""
    banker = entryforms.number(data.get("banker"))
    return getattr(sheet, "banker", None) if banker is None else banker


def baccara_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    banker = _banker(sheet, data)
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


def baccara_flatten(entry: dict) -> dict:
    values: dict = {"banker": entry.get("banker"), "offer": entry.get("offer")}
    for seat, stake in enumerate(entry.get("stakes") or []):
        if stake is not None:
            values[f"stakes.{seat}"] = stake
    for key in ("ponte_cards", "banker_cards"):
        if isinstance(entry.get(key), list):
            values[key] = " ".join(_shown(c) for c in entry[key])
    for key in ("ponte_points", "banker_points"):
        if entry.get(key) is not None:
            values[key] = entry[key]
    return values


def pharaon_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    banker = _banker(sheet, data)
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


def pharaon_flatten(entry: dict) -> dict:
    values: dict = {"banker": entry.get("banker")}
    for seat, bet in enumerate(entry.get("bets") or []):
        if isinstance(bet, dict):
            values[f"bets.right.{seat}"] = bet.get("right", 0)
            values[f"bets.left.{seat}"] = bet.get("left", 0)
    for side in ("right", "left"):
        if entry.get(side) is not None:
            values[side] = _shown(entry[side])
    if entry.get("right") is None and entry.get("result"):
        values["result"] = entry["result"]
    return values


entryforms.register("baccara", parse=baccara_parse, flatten=baccara_flatten)
entryforms.register("pharaon", parse=pharaon_parse, flatten=pharaon_flatten)
