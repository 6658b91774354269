"""The Rami round form ↔ the Rami entry.

Form fields: ``winner`` (a seat), ``rami_sec`` (a checkbox) and, for each seat, ``how.<seat>`` — ``nothing``
(laid nothing: 100), ``points`` (counted at the table) or ``cards`` — with ``points.<seat>`` and ``cards.<seat>``.
Cards are typed as French players write them (``10♥ D♠ Joker``), in words (``roi de cœur``, ``king of hearts``)
or as API codes (``10H QS JK``); the card picker writes the French spelling into that text field and only fills it, so the form works without JavaScript. A token that is not a card is passed on as it
is, and the rules model names it with the seat.
"""

from __future__ import annotations

import re

from django.http import QueryDict

from companion.kernel.cards import Card, display, read_cards
from companion.kernel.errors import CardSyntaxError
from companion.kernel.game import Sheet
from companion.tables import entryforms

SLUG = "rami"
HOW_FORM = {"nothing": "laid_nothing", "points": "points", "cards": "cards"}
MAX_TOKENS = 120  # more is refused anyway (13 cards at most); the cap keeps junk posts cheap
_SYMBOLS = "♠♥♦♣♤♡♢♧"
_SPACE_BEFORE_SUIT = re.compile(rf"\s+([{_SYMBOLS}])")
_SEPARATORS = re.compile(r"[\s,;+/]+")
_FRENCH_RANKS = {"V": "J", "D": "Q", "R": "K", "AS": "A"}


def card_code(token: str) -> str | None:
    """``"10♥"``, ``"10h"``, ``"As♠"``, ``"DH"``, ``"joker"`` → the API code; None when it is not a card.

    Suit letters are the API's (S H D C: ``C`` is clubs); French rank letters (V D R, As) are read with either
    suit spelling since no API code uses them.
    """
    t = token.replace("\ufe0f", "").strip()
    rank, suit = t[:-1].upper(), t[-1:]
    if suit and (suit in _SYMBOLS or suit.upper() in "SHDC") and rank in _FRENCH_RANKS:
        t = _FRENCH_RANKS[rank] + suit
    try:
        return Card.parse(t).code
    except CardSyntaxError:
        return None


def cards_from_text(text: str | None) -> list[str]:
    """Every card of a typed hand as its API code; each stretch that reads as no card is passed on as typed, once
    (``"dame de bâton"`` is one unknown card, not three), for the rules model to name with the seat."""
    if not text:
        return []
    return [c if isinstance(c, str) else c.code for c in read_cards(text, MAX_TOKENS)]


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
            values[f"cards.{seat}"] = " ".join(_shown(c) for c in hand["cards"])
    return values


def _shown(code: str) -> str:
    try:
        return display(Card.parse_code(code), "fr")
    except CardSyntaxError:
        return str(code)


entryforms.register(SLUG, parse=parse, flatten=flatten)
