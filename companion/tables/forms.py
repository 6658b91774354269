"""Form helpers shared by every page that creates a table or shows entry errors (tables and groups)."""

from __future__ import annotations

from companion.kernel import Problem
from companion.kernel.game import Game
from companion.web import entryforms, http


def problems_by_field(problems: list[Problem]) -> dict[str, list[str]]:
    """Messages keyed by ``field.seat`` (``tricks.2``), ``field`` (no seat) and ``""`` (the whole entry)."""
    lang = http.lang()
    out: dict[str, list[str]] = {}
    for p in problems:
        key = f"{p.field}.{p.seat}" if p.seat is not None else p.field
        out.setdefault(key, []).append(p.message.get(lang))
    return out


def option_fields(game: Game, data, lang: str) -> list[dict]:
    fields = []
    for o in game.options:
        value = data.get(f"opt_{o.key}") if data is not None else None
        field = {"option": o, "key": o.key, "label": o.label.get(lang), "help": o.help.get(lang),
                 "kind": o.kind, "default": o.default, "value": value,
                 "choices": [(v, label.get(lang)) for v, label in o.choices],
                 "presets": [{"value": v, "label": label.get(lang)} for v, label in o.presets]}
        if o.kind == "bool" and o.choices:  # a yes/no the game names both ways: two radios, not a checkbox
            chosen = (value in ("on", "true", "1")) if value is not None else o.default
            field["radios"] = [{"value": "true" if v else "false", "label": label.get(lang), "checked": v == chosen}
                               for v, label in o.choices]
        fields.append(field)
    return fields


def options_from_post(game: Game, data) -> dict:
    options: dict = {}
    for o in game.options:
        raw = data.get(f"opt_{o.key}")
        if o.kind == "bool":
            options[o.key] = raw in ("on", "true", "1")
        elif raw is None:
            continue
        elif o.kind == "int":
            raw = raw.strip()
            if raw == "" and o.nullable:
                options[o.key] = None
            elif raw != "":
                options[o.key] = entryforms.number(raw)
        else:
            # A choice posts its value as text; a game whose choices are numbers (Menteur's 52 or 32 cards) gets
            # the number back. Anything else is passed on for the rules model to refuse by name.
            options[o.key] = next((v for v, _ in o.choices if str(v) == raw), raw)
    return options
