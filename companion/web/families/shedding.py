"""The hand forms of the shedding games (L'Empereur, La petite école, Le pinacle, Le gin-rami): what each
game's ``form.py`` reads its hands with.

A hand is typed as cards (``cards.<part>.<seat>``: API codes or ``10♥ D♠``, which the card picker fills) or as
points counted at the table (``points.<part>.<seat>``); cards win when both are filled. ``part`` is ``hand``, or
``laid`` and ``held`` at Pinacle. A seat picked as "nobody" posts ``none``. Whatever does not read is passed on as
typed, and the rules model names it with its field and seat.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.web import entryforms
from companion.web.families.cards import cards_from_text, shown_all

NOBODY = "none"


def decimal_number(raw: str | None):
    """``"4,5"`` → 4.5, ``"3"`` → 3, ``""`` → None, anything else as typed."""
    value = entryforms.number(raw)
    if isinstance(value, str):
        try:
            as_float = float(value.replace(",", "."))
        except ValueError:
            return value
        return int(as_float) if as_float.is_integer() else as_float
    return value


def hand(data: QueryDict, part: str, seat: int, empty=None):
    """One hand from its two inputs; ``empty`` when neither is filled."""
    typed = (data.get(f"cards.{part}.{seat}") or "").strip()
    points = (data.get(f"points.{part}.{seat}") or "").strip()
    if typed:
        return {"cards": cards_from_text(typed)}
    if points:
        return {"points": decimal_number(points)}
    return empty


def seat_or_nobody(data: QueryDict, key: str):
    """The seat posted as ``key``; None for ``none`` ("nobody") or a blank box."""
    raw = data.get(key)
    return None if raw == NOBODY else entryforms.number(raw)


def hand_values(value, part: str, seat: int) -> dict:
    """The form values of one stored hand."""
    if not isinstance(value, dict):
        return {}
    if isinstance(value.get("cards"), list):
        # As the card picker writes them and French players say them (R♠ 2♥), not the API's codes (KS 2H).
        return {f"cards.{part}.{seat}": shown_all(value["cards"])}
    if "points" in value:
        return {f"points.{part}.{seat}": str(value["points"]).replace(".", ",")}  # Pinacle's half points: 4,5
    return {}
