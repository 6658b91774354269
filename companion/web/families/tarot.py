"""The phone forms of the tarots ↔ their entries; each tarot's ``form.py`` picks its reader here.

The taker form (every sheet built on :class:`companion.families.tarot.TakerSheet`, the Tarot and the Tarot
lorrain, one template): ``taker`` (a seat, or ``none``
for a passed deal), ``partner`` at 5 players, ``contract``, ``bouts``, ``points`` (half points, typed ``40,5`` or
``40.5``), ``petit_au_bout`` (``taker``/``defence``/blank), one ``poignee.<seat>`` select per seat and ``chelem``.

The points form (Tarot taré): ``points.<seat>`` (half points), ``tricks.<seat>`` (optional), ``chien_points`` with the chien set
aside, ``petit_au_bout`` (a seat) with that option.

What is not a number is passed on as typed, so that the rules model names the field and the seat.
"""

from __future__ import annotations

from django.http import QueryDict
from django.utils.translation import gettext as _

from companion.families import tarot
from companion.kernel.game import Sheet
from companion.web import entryforms

NOBODY = "none"


def half_number(raw: str | None):
    """``"40,5"`` → 40.5, ``"41"`` → 41, ``""`` → None; anything else stays a string for validation to name."""
    if raw is None or raw.strip() == "":
        return None
    text = raw.strip().replace(",", ".")
    try:
        value = float(text)
    except ValueError:
        return raw.strip()[:20]
    half = tarot.as_half(value)
    return tarot.from_half(half) if half is not None else raw.strip()[:20]


def show_half(value) -> str:
    """A number of points as a French form shows it: ``40,5``, ``41``."""
    if value is None or value == "":
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return tarot.decimal(value).fr
    return str(value)


def taker_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    taker = (data.get("taker") or "").strip()
    if taker == NOBODY:
        return {"taker": None}
    entry: dict = {}
    if taker:
        entry["taker"] = entryforms.number(taker)
    for key in ("contract", "petit_au_bout", "chelem"):
        value = (data.get(key) or "").strip()
        if value:
            entry[key] = value[:40]
    if sheet.n == 5 and (data.get("partner") or "").strip():
        entry["partner"] = entryforms.number(data.get("partner"))
    bouts = entryforms.number(data.get("bouts"))
    if bouts is not None:
        entry["bouts"] = bouts
    points = half_number(data.get("points"))
    if points is not None:
        entry["points"] = points
    poignees = [{"seat": s, "size": (data.get(f"poignee.{s}") or "").strip()[:20]}
                for s in range(sheet.n) if (data.get(f"poignee.{s}") or "").strip()]
    if poignees:
        entry["poignees"] = poignees
    return entry


def taker_flatten(entry: dict) -> dict:
    if entry.get("taker") is None:
        return {"taker": NOBODY}
    values = {k: entry[k] for k in ("taker", "contract", "partner", "bouts", "petit_au_bout", "chelem")
              if entry.get(k) is not None}
    values["points"] = show_half(entry.get("points"))
    for p in entry.get("poignees") or []:
        values[f"poignee.{p['seat']}"] = p["size"]
    return values


def points_parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    entry: dict = {}
    points = [half_number(data.get(f"points.{s}")) for s in range(sheet.n)]
    if any(p is not None for p in points):
        entry["points"] = points
    tricks = [entryforms.number(data.get(f"tricks.{s}")) for s in range(sheet.n)]
    if any(t is not None for t in tricks):
        entry["tricks"] = tricks
    if sheet.options.get("chien") == "aside":
        chien = half_number(data.get("chien_points"))
        if chien is not None:
            entry["chien_points"] = chien
    if sheet.options.get("petit_au_bout"):
        petit = entryforms.number(data.get("petit_au_bout"))
        if petit is not None:
            entry["petit_au_bout"] = petit
    return entry


def points_flatten(entry: dict) -> dict:
    values: dict = {}
    for s, p in enumerate(entry.get("points") or []):
        values[f"points.{s}"] = show_half(p)
    for s, t in enumerate(entry.get("tricks") or []):
        values[f"tricks.{s}"] = t
    if entry.get("chien_points") is not None:
        values["chien_points"] = show_half(entry["chien_points"])
    if entry.get("petit_au_bout") is not None:
        values["petit_au_bout"] = entry["petit_au_bout"]
    return values


def _errors(errors: dict, *keys: str) -> list[str]:
    return [m for k in keys for m in errors.get(k, [])]


def form_context(state, values: dict, errors: dict, lang: str) -> dict:
    """What a tarot entry template shows: one row per seat with its choices, and the deal's choices, each with
    what was posted and its errors (``errors`` as :func:`companion.tables.forms.problems_by_field` gives them)."""
    sheet = state.sheet
    n = sheet.n
    value = {k: str(v) for k, v in values.items()}
    seats = []
    for s, name in enumerate(state.players):
        key = str(s)
        seats.append({
            "seat": s, "name": name,
            "taker": value.get("taker") == key, "partner": value.get("partner") == key,
            "petit": value.get("petit_au_bout") == key,
            "poignee": value.get(f"poignee.{s}", ""),
            "points": value.get(f"points.{s}", ""), "tricks": value.get(f"tricks.{s}", ""),
            "errors": _errors(errors, f"points.{s}", f"tricks.{s}", f"poignees.{s}", f"petit_au_bout.{s}"),
        })
    poignee_sizes = [("simple", _("Simple")), ("double", _("Double")), ("triple", _("Triple"))]
    thresholds = dict(zip(tarot.POIGNEE_SIZES, tarot.POIGNEE_TRUMPS.get(n, (0, 0, 0)), strict=True))
    return {
        "seats": seats,
        "five": n == 5,
        "passed": value.get("taker") == NOBODY,
        "contracts": [(k, _contract_label(k, lang), value.get("contract") == k) for k in tarot.CONTRACT_KEYS],
        "bouts": [(str(b), value.get("bouts") == str(b)) for b in range(tarot.BOUT_COUNT + 1)],
        "points": value.get("points", ""),
        "petit": value.get("petit_au_bout", ""),
        "chelem": value.get("chelem", ""),
        "chien_points": value.get("chien_points", ""),
        "poignee_sizes": [(k, f"{label} ({thresholds[k]})") for k, label in poignee_sizes],
        "aside": sheet.options.get("chien") == "aside",
        "petit_option": bool(sheet.options.get("petit_au_bout")),
        "hand": tarot.HAND_SIZE.get(n), "total": tarot.TOTAL_POINTS,
        "errors": {k: _errors(errors, k) for k in ("taker", "partner", "contract", "bouts", "points", "petit_au_bout",
                                                  "chelem", "poignees", "chien_points", "tricks")},
        "poignee_errors": [m for k, ms in errors.items() if k.startswith("poignees.") for m in ms],
    }


def _contract_label(key: str, lang: str) -> str:
    return tarot._CONTRACT_NAMES[key].get(lang)
