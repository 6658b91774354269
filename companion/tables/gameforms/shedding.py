"""Round forms ↔ entries for L'Empereur, La petite école, Le pinacle and Le gin-rami.

A hand is typed as cards (``cards.<part>.<seat>``: API codes or ``10♥ D♠``, which the card picker fills) or as
points counted at the table (``points.<part>.<seat>``); cards win when both are filled. ``part`` is ``hand``, or
``laid`` and ``held`` at Pinacle. A seat picked as "nobody" posts ``none``. Whatever does not read is passed on as
typed, and the rules model names it with its field and seat.
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.tables import entryforms
from companion.tables.gameforms.rami import _shown, cards_from_text

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
    raw = data.get(key)
    return None if raw == NOBODY else entryforms.number(raw)


def hand_values(value, part: str, seat: int) -> dict:
    if not isinstance(value, dict):
        return {}
    if isinstance(value.get("cards"), list):
        # As the card picker writes them and French players say them (R♠ 2♥), not the API's codes (KS 2H).
        return {f"cards.{part}.{seat}": " ".join(_shown(c) for c in value["cards"])}
    if "points" in value:
        return {f"points.{part}.{seat}": str(value["points"]).replace(".", ",")}  # Pinacle's half points: 4,5
    return {}


# -- gin-rami ----------------------------------------------------------------------------------------------
def gin_rami_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    if data.get("winner") in (None, ""):
        return {}
    return {"winner": seat_or_nobody(data, "winner")}


def gin_rami_flatten(entry: dict) -> dict:
    return {"winner": NOBODY if entry.get("winner") is None else entry["winner"]}


# -- l'empereur --------------------------------------------------------------------------------------------
def empereur_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry: dict = {}
    role = sheet.role
    if data.get(role) not in (None, ""):
        entry[role] = entryforms.number(data.get(role))
    if data.get("dealer") not in (None, ""):
        entry["dealer"] = entryforms.number(data.get("dealer"))
    out = [s for s in range(sheet.n) if data.get(f"joker_out.{s}") in ("on", "true", "1")]
    if out:
        entry["joker_out"] = out
    if sheet.mode in ("elite", "miroir_elite"):
        hands = []
        for s in range(sheet.n):
            # A Subject who went out on a Joker holds nothing: an empty hand.
            empty = {"cards": []} if sheet.mode == "elite" and s in out else None
            hands.append(hand(data, "hand", s, empty))
        entry["hands"] = hands
    return entry


def empereur_flatten(entry: dict) -> dict:
    values = {k: entry[k] for k in ("emperor", "exclu", "dealer") if k in entry}
    values.update({f"joker_out.{s}": "on" for s in entry.get("joker_out", [])})
    for s, h in enumerate(entry.get("hands") or []):
        values.update(hand_values(h, "hand", s))
    return values


# -- la petite école ---------------------------------------------------------------------------------------
def petite_ecole_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry: dict = {}
    winner = entryforms.number(data.get("winner"))
    if winner is not None:
        entry["winner"] = winner
    entry["laid"] = [s == winner or data.get(f"laid.{s}") in ("on", "true", "1") for s in range(sheet.n)]
    entry["hands"] = [None if s == winner else hand(data, "hand", s) for s in range(sheet.n)]
    return entry


def petite_ecole_flatten(entry: dict) -> dict:
    values: dict = {"winner": entry.get("winner")}
    values.update({f"laid.{s}": "on" for s, v in enumerate(entry.get("laid", [])) if v})
    for s, h in enumerate(entry.get("hands", [])):
        values.update(hand_values(h, "hand", s))
    return values


# -- le pinacle --------------------------------------------------------------------------------------------
def pinacle_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry: dict = {}
    if data.get("winner") not in (None, ""):
        entry["winner"] = seat_or_nobody(data, "winner")
    winner = entry.get("winner")
    entry["in_one_go"] = data.get("in_one_go") in ("on", "true", "1")
    hands = []
    for s in range(sheet.n):
        if s == winner and winner is not None:
            hands.append({"laid": hand(data, "laid", s, {"cards": []})} if sheet.options["winner_counts_laid"] else None)
            continue
        hands.append({"laid": hand(data, "laid", s, {"cards": []}), "held": hand(data, "held", s, {"cards": []})})
    entry["hands"] = hands
    return entry


def pinacle_flatten(entry: dict) -> dict:
    values: dict = {"winner": NOBODY if entry.get("winner") is None else entry["winner"]}
    if entry.get("in_one_go"):
        values["in_one_go"] = "on"
    for s, item in enumerate(entry.get("hands", [])):
        for part in ("laid", "held"):
            if isinstance(item, dict):
                values.update(hand_values(item.get(part), part, s))
    return values


entryforms.register("gin-rami", gin_rami_parse, gin_rami_flatten)
entryforms.register("empereur", empereur_parse, empereur_flatten)
entryforms.register("petite-ecole", petite_ecole_parse, petite_ecole_flatten)
entryforms.register("pinacle", pinacle_parse, pinacle_flatten)
