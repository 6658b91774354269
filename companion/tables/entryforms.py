"""From a posted phone form to a round entry (the same dict the JSON API takes), and back for corrections.

Field names follow the entry: ``tricks.0`` … ``tricks.4`` for a count per seat, ``king_of_hearts`` for a seat,
a checkbox for a boolean. Whatever the user typed is passed on as it is when it is not a whole number, so that
the rules model's validation names the field and the seat.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import QueryDict

from companion.rules.base import EntryField, Game, Sheet

Parser = Callable[[Sheet, int, QueryDict], dict]
PARSERS: dict[str, Parser] = {}
FLATTENERS: dict[str, Callable[[dict], dict]] = {}


def register(slug: str, parse: Parser | None = None, flatten: Callable[[dict], dict] | None = None) -> None:
    """Games whose entries are nested (Rami hands, Nain Jaune stakes) register their own converters,
    from a module of :mod:`companion.tables.gameforms` (imported by the app at start-up)."""
    if parse:
        PARSERS[slug] = parse
    if flatten:
        FLATTENERS[slug] = flatten


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


def fields_parse(fields: list[EntryField], n_players: int, data: QueryDict) -> dict:
    """The entry for the fields the round asks for (:meth:`Sheet.entry_fields`); blank optional ones left out."""
    entry: dict = {}
    for f in fields:
        if f.kind == "count":
            values = [number(data.get(f"{f.key}.{i}")) for i in range(n_players)]
            if any(v is not None for v in values):
                entry[f.key] = values
        elif f.kind == "seat":
            value = number(data.get(f.key))
            if value is not None:
                entry[f.key] = value
        elif f.kind == "bool":
            entry[f.key] = data.get(f.key) in ("on", "true", "1")
    return entry


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    """The entry a form posted for round ``number`` of ``sheet``."""
    parser = PARSERS.get(sheet.game.slug)
    if parser is not None:
        return parser(sheet, number, data)
    return fields_parse(sheet.entry_fields(number), sheet.n, data)


def flatten(game: Game, entry: dict) -> dict:
    """Form values for an entry, to prefill a correction form."""
    if game.slug in FLATTENERS:
        return FLATTENERS[game.slug](entry)
    values: dict = {}
    for key, value in entry.items():
        if isinstance(value, list):
            for i, v in enumerate(value):
                values[f"{key}.{i}"] = v
        else:
            values[key] = value
    return values
