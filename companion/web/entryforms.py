"""From a posted phone form to a round entry (the same dict the JSON API takes), and back for corrections.

Field names follow the entry: ``tricks.0`` … ``tricks.4`` for a count per seat, ``king_of_hearts`` for a seat,
a checkbox for a boolean. Whatever the user typed is passed on as it is when it is not a whole number, so that
the rules model's validation names the field and the seat.

The plain grid (:func:`fields_parse`) collects the entry fields of the ``count``, ``seat`` and ``bool`` kinds. A
game whose entries it cannot collect (Rami hands, Nain Jaune stakes) has its own converter in its folder:
``companion/games/<package>/form.py``, with ``parse(sheet, number, data)`` (the entry a form posted) and
``flatten(entry)`` (form values to prefill a correction), and ``READS_ROUND_NUMBER`` (True when its template reads
the round's number for more than its heading and hidden field: :func:`reads_round_number`), each optional; :func:`parse` and :func:`flatten` find it
by the game's package (:attr:`GameInfo.package`), so that this module names no game.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType

from django.http import QueryDict
from django.utils.translation import gettext as _

from companion.kernel.game import EntryField, Game, Sheet
from companion.web import parts

NAME_FIT = 10.0  # a line of the grid's name column at 360 px, in letters (companion/tables/names.py: width)


# The minus signs a phone may type: the ASCII hyphen, and U+2212 as the pages themselves write it ("−5").
MINUS_SIGNS = ("-", "\u2212")


def number(raw: str | None):
    """``"3"`` → 3, ``"−5"`` or ``"-5"`` → -5, ``""`` → None, anything else stays a string for validation to name."""
    if raw is None:
        return None
    raw = raw.strip()
    if raw == "":
        return None
    if raw.startswith(MINUS_SIGNS):
        raw = "-" + raw[1:].lstrip()
    try:
        return int(raw)
    except ValueError:
        return raw


def text(data: QueryDict, key: str, limit: int = 200) -> str:
    """A box typed in (a hand of cards, a number), stripped and cut at ``limit`` characters; ``""`` when blank."""
    return (data.get(key) or "").strip()[:limit]


def count_values(data: QueryDict, key: str, n_players: int, out: tuple[int, ...] = ()) -> list | None:
    """A count per seat (``tricks.0`` …): an empty box counts as 0 once any seat is filled in (a player who took
    nothing is left blank at the table); None when every box is empty, so a required count is still asked for.
    A seat in ``out`` (:attr:`EntryField.out`: no box for it this round) has no number, whatever was posted."""
    values = [None if i in out else number(data.get(f"{key}.{i}")) for i in range(n_players)]
    if all(v is None for v in values):
        return None
    return [None if i in out else 0 if v is None else v for i, v in enumerate(values)]


def picked_seat(values, key: str) -> int | None:
    """The seat a ``seat`` field holds among form values (posted strings, or a correction's numbers), else None."""
    raw = values.get(key) if key else None
    value = number(None if raw is None else str(raw))
    return value if isinstance(value, int) else None


def out_seats(f: EntryField, values) -> tuple[int, ...]:
    """The seats count ``f`` leaves out as the form stands (:attr:`EntryField.out_follows`)."""
    return f.out_seats(picked_seat(values, f.out_follows)) if f.out_follows else f.out


def fields_parse(fields: list[EntryField], n_players: int, data: QueryDict) -> dict:
    """The entry for the fields the round asks for (:meth:`Sheet.entry_fields`); counts left wholly blank left out."""
    entry: dict = {}
    for f in fields:
        if f.kind == "count":
            values = count_values(data, f.key, n_players, out_seats(f, data))
            if values is not None:
                entry[f.key] = values
        elif f.kind == "seat":
            value = number(data.get(f.key))
            if value is not None:
                entry[f.key] = value
        elif f.kind == "bool":
            entry[f.key] = data.get(f.key) in ("on", "true", "1")
    return entry


def column_sum(values: dict, key: str, n_players: int) -> int:
    """What the boxes of a count add up to as the form is shown (a box that is empty or not a number counts 0)."""
    total = 0
    for i in range(n_players):
        v = number(None if values.get(f"{key}.{i}") is None else str(values.get(f"{key}.{i}")))
        total += v if isinstance(v, int) else 0
    return total


def is_optional(f: EntryField) -> bool:
    """A count the round does not need (a cross-check): folded away under the grid."""
    return f.kind == "count" and not f.required and f.fold


def grid_layout(columns: list[EntryField], values: dict, errors: dict, lang: str) -> dict:
    """How the grid is laid out: ``form_compact`` when two or more counts share a row (each player's name then
    has a line of its own above that player's steppers), and the folded section of optional counts — open when
    one of them holds a value or an error, so nothing typed is hidden."""
    shown = [f for f in columns if not is_optional(f)]
    optional = [f for f in columns if is_optional(f)]
    folded = None
    if optional:
        filled = any(str(v).strip() for k, v in values.items() if v is not None and k.split(".")[0] in {f.key for f in optional})
        wrong = any(k.split(".")[0] in {f.key for f in optional} for k in errors)
        folded = {"label": ", ".join(_("%(field)s — facultatif") % {"field": f.label.get(lang)} for f in optional),
                  "open": filled or wrong}
    # A grid shows its "Total" line only under a count whose sum the rules fix (13 tricks), not under nothing.
    sums = {"main": any(f.kind == "count" and f.total is not None for f in shown),
            "optional": any(f.total is not None for f in optional)}
    return {"form_compact": sum(f.kind == "count" for f in shown) >= 2, "form_folded": folded, "form_sums": sums}


@cache
def form_module(package: str) -> ModuleType | None:
    """The game's own form converters, ``companion.games.<package>.form``; None when the game has none (the
    plain grid collects its entries). Any other failure to import it is raised, not taken for "no converter"
    (:func:`companion.web.parts.game_module`)."""
    return parts.game_module(package, "form")


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    """The entry a form posted for round ``number`` of ``sheet``."""
    parser = getattr(form_module(sheet.game.info.package), "parse", None)
    if parser is not None:
        return parser(sheet, number, data)
    return fields_parse(sheet.entry_fields(number), sheet.n, data)


def flatten(game: Game, entry: dict) -> dict:
    """Form values for an entry, to prefill a correction form."""
    flattener = getattr(form_module(game.info.package), "flatten", None)
    if flattener is not None:
        return flattener(entry)
    values: dict = {}
    for key, value in entry.items():
        if isinstance(value, list):
            for i, v in enumerate(value):
                values[f"{key}.{i}"] = v
        else:
            values[key] = value
    return values


def reads_round_number(game: Game) -> bool:
    """Whether the game's entry form reads its round's number for more than its heading and hidden fields (Barbu
    classique's doubles name the round's declarer, its dealer, and leave him out): then a phone cannot renumber one
    form for the coming rounds, and each dealer's rounds get their own (:func:`companion.tables.sync.upcoming_forms`)."""
    return bool(getattr(form_module(game.info.package), "READS_ROUND_NUMBER", False))
