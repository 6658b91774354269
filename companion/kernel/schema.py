"""The JSON Schema of a round entry, in one place: a fragment for each kind of field the sheets read through
:class:`~companion.kernel.entries.EntryReader`, and the schema a table of any house rules accepts.

Each accessor of the reader has its fragment here: :func:`counts` for :meth:`EntryReader.counts` (a whole number
≥ 0 per seat), :func:`seat` for :meth:`EntryReader.seat`, :func:`flag` for :meth:`EntryReader.boolean`,
:func:`cards` for :meth:`EntryReader.card_list`, :func:`whole` for :meth:`EntryReader.integer`, and
:func:`entry` for the object whose keys :meth:`EntryReader.only_keys` allows. A game's :meth:`Game.entry_schema`
builds its schema from them, so the bounds the reader checks (``MAX_COUNT``, the seats of the table) are the
bounds the schema states.

A game's schema is that of one table, with its house rules: a field an option turns on (Belote's ``annonces``,
Coinche's ``generale``, Barbu classique's ``doubles``) is listed only when the option is on, since the sheet
refuses it otherwise. :func:`any_table` merges the schemas of every set of house rules the game offers into the
one the API documents (``Entry.<slug>.<players>`` of ``/api/openapi.json``): every field any table accepts, each
field's description saying which option it needs.

Seats are numbered in the order of play: the deal and the lead pass from seat ``i`` to seat ``i + 1`` (at a game
played to the right, seat ``i + 1`` sits on seat ``i``'s right). An array "per seat" lists the seats in that order.
"""

from __future__ import annotations

import copy
import itertools
from typing import TYPE_CHECKING, Any

from companion.kernel.entries import MAX_COUNT
from companion.kernel.errors import InvalidOptions

if TYPE_CHECKING:  # pragma: no cover
    from companion.kernel.game import Game, Option

DIALECT = "https://json-schema.org/draft/2020-12/schema"

#: How the API says what an array "per seat" is; every per-seat description ends with it.
SEAT_ORDER = ("seats in the order of play: seat 0 first (the first table's dealer), then seat 1, who plays after "
              "seat 0 (the deal and the lead pass to seat + 1; at a game played to the right, seat + 1 is on the "
              "right)")
PER_SEAT = "one item per seat, in the order of play (seat 0, then the seat that plays after it, and so on)"


def described(schema: dict[str, Any], description: str | None) -> dict[str, Any]:
    """``schema`` with ``description`` (nothing when it is ``None`` or empty)."""
    return {**schema, "description": description} if description else dict(schema)


def seat(n_players: int, description: str | None = None) -> dict[str, Any]:
    """A seat of the table, 0 to ``n_players - 1`` (:meth:`EntryReader.seat`)."""
    return described({"type": "integer", "minimum": 0, "maximum": n_players - 1}, description)


def nullable(schema: dict[str, Any], description: str | None = None) -> dict[str, Any]:
    """``schema`` or ``null`` (an optional seat read with ``required=False``, a field left empty)."""
    inner = {k: v for k, v in schema.items() if k != "description"}
    return described({"anyOf": [inner, {"type": "null"}]}, description or schema.get("description"))


def whole(minimum: int = 0, maximum: int | None = MAX_COUNT, description: str | None = None,
          step: int | None = None) -> dict[str, Any]:
    """A whole number from ``minimum`` to ``maximum`` (:meth:`EntryReader.integer`); ``step``: a multiple of it."""
    out: dict[str, Any] = {"type": "integer", "minimum": minimum}
    if maximum is not None:
        out["maximum"] = maximum
    if step is not None and step != 1:
        out["multipleOf"] = step
    return described(out, description)


def per_seat(n_players: int, items: dict[str, Any], description: str | None = None) -> dict[str, Any]:
    """An array of one ``items`` per seat, in the order of play."""
    text = f"{description}; {PER_SEAT}" if description else PER_SEAT
    return {"type": "array", "minItems": n_players, "maxItems": n_players, "items": items, "description": text}


def counts(n_players: int, maximum: int | None = None, description: str | None = None,
           step: int | None = None) -> dict[str, Any]:
    """One whole number ≥ 0 per seat, at most ``maximum`` (the reader's ``MAX_COUNT`` by default):
    :meth:`EntryReader.counts`."""
    return per_seat(n_players, whole(0, MAX_COUNT if maximum is None else maximum, step=step), description)


def flag(description: str | None = None, default: bool = False) -> dict[str, Any]:
    """``true`` or ``false``, ``default`` when left out (:meth:`EntryReader.boolean`)."""
    return described({"type": "boolean", "default": default}, description)


CARD_CODE = "an ASCII card code: rank A 2-10 J Q K then suit S H D C (\"10H\", \"QS\"), or JK for a joker"


def card(description: str | None = None) -> dict[str, Any]:
    """One card code (:meth:`companion.kernel.cards.Card.parse_code`)."""
    return {"type": "string", "description": description or CARD_CODE}


def cards(description: str | None = None, minimum: int = 0, maximum: int | None = None) -> dict[str, Any]:
    """A list of card codes (:meth:`EntryReader.card_list`)."""
    out: dict[str, Any] = {"type": "array", "items": card()}
    if minimum:
        out["minItems"] = minimum
    if maximum is not None:
        out["maxItems"] = maximum
    return described(out, description)


def hand(cards_schema: dict[str, Any] | None, points: dict[str, Any] | None, null: str | None = None,
         more: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    """What is left in a seat's hand, as the rummies and shedding games read it: ``{"cards": [...]}`` (the sheet
    counts them) or ``{"points": n}`` (counted at the table); ``null`` (its description) for the seat that went
    out; ``more``: the game's other shapes (Rami's ``laid_nothing``)."""
    shapes: list[dict[str, Any]] = [{"type": "null", "description": null}] if null else []
    if cards_schema is not None:
        shapes.append(obj({"cards": cards_schema}, ["cards"]))
    if points is not None:
        shapes.append(obj({"points": points}, ["points"]))
    return {"oneOf": [*shapes, *more]}


def choice(values: list[Any], description: str | None = None) -> dict[str, Any]:
    """One of a few words or numbers (a contract, a trump)."""
    return described({"enum": list(values)}, description)


def obj(properties: dict[str, dict[str, Any]], required: list[str] | tuple[str, ...] = (),
        description: str | None = None, **extra: Any) -> dict[str, Any]:
    """An object with exactly these keys (:meth:`EntryReader.only_keys` of ``properties``), ``required`` ones."""
    out: dict[str, Any] = {"type": "object", "additionalProperties": False}
    if required:
        out["required"] = list(required)
    out["properties"] = properties
    out.update(extra)
    return described(out, description)


def entry(title: str, properties: dict[str, dict[str, Any]] | None = None, required: list[str] | tuple[str, ...] = (),
          *, one_of: list[dict[str, Any]] | None = None, notes: dict[str, Any] | None = None) -> dict[str, Any]:
    """A game's round entry: one object (``properties``, ``required``) or one of several shapes (``one_of``);
    ``notes``: the game's ``x-…`` annotations (Barbu's schedule of manches)."""
    out: dict[str, Any] = {"$schema": DIALECT, "title": title, "type": "object"}
    if one_of is not None:
        out["oneOf"] = one_of
    else:
        out["additionalProperties"] = False
        if required:
            out["required"] = list(required)
        out["properties"] = properties or {}
    out.update(notes or {})
    return out


def keys(schema: dict[str, Any]) -> set[str]:
    """Every key an entry may hold under ``schema``: its properties and those of its alternatives."""
    out = set(schema.get("properties", {}))
    for word in ("oneOf", "anyOf", "allOf"):
        for branch in schema.get(word, ()):
            out |= keys(branch)
    return out


# -- the schema of any table: the union of the schemas of every set of house rules --------------------------

_BOUNDS_LOW = ("minimum", "minItems", "exclusiveMinimum")
_BOUNDS_HIGH = ("maximum", "maxItems", "exclusiveMaximum")
#: Words the union keeps only when both sides agree: a narrowing that one side lacks is no narrowing of the union.
_NARROWING = ("multipleOf", "not", "const", "uniqueItems", "pattern")


def union(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """A schema that accepts what ``a`` or ``b`` accepts, shaped like them where they differ only by fields, enum
    values and bounds (the way house rules change an entry); ``{"anyOf": [a, b]}`` where they differ otherwise.
    The descriptions and annotations (``x-…``: a note on the default table, Chasse-cœur's ``x-values``) are
    ``a``'s, or ``b``'s where ``a`` has none."""
    if a == b:
        return copy.deepcopy(a)
    if _kind(a) != _kind(b):
        return {"anyOf": [copy.deepcopy(a), copy.deepcopy(b)]}
    out: dict[str, Any] = {}
    for word in dict.fromkeys([*a, *b]):
        if word not in a or word not in b:
            if word in _BOUNDS_LOW or word in _BOUNDS_HIGH or word in _NARROWING or word in ("required", "enum"):
                continue  # one side does not narrow: neither does the union
            out[word] = copy.deepcopy(a.get(word, b.get(word)))
            continue
        x, y = a[word], b[word]
        if x == y:
            out[word] = copy.deepcopy(x)
        elif word in _BOUNDS_LOW:
            out[word] = min(x, y)
        elif word in _BOUNDS_HIGH:
            out[word] = max(x, y)
        elif word == "enum":
            out[word] = [*x, *(v for v in y if v not in x)]
        elif word == "required":
            out[word] = [k for k in x if k in y]
        elif word in ("properties", "$defs"):
            out[word] = {k: union(x[k], y[k]) if k in x and k in y else copy.deepcopy(x.get(k, y.get(k)))
                         for k in dict.fromkeys([*x, *y])}
        elif word in ("items", "additionalProperties") and isinstance(x, dict) and isinstance(y, dict):
            out[word] = union(x, y)
        elif word == "additionalProperties":
            out[word] = True
        elif word in ("oneOf", "anyOf") and len(x) == len(y) and all(_alike(p, q) for p, q in zip(x, y, strict=True)):
            out[word] = [union(p, q) for p, q in zip(x, y, strict=True)]
        elif word in ("oneOf", "anyOf"):
            # other shapes (Chasse-cœur's queens by ``values``): each side's, the ones alike merged
            merged = [copy.deepcopy(p) for p in x]
            for q in y:
                i = next((i for i, p in enumerate(merged) if _alike(p, q)), None)
                if i is None:
                    merged.append(copy.deepcopy(q))
                else:
                    merged[i] = union(merged[i], q)
            out[word] = merged
        elif word in _NARROWING:
            continue
        elif word in ("description", "title", "default") or word.startswith("x-"):
            out[word] = copy.deepcopy(x)
        else:
            return {"anyOf": [copy.deepcopy(a), copy.deepcopy(b)]}
    return out


def _alike(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two alternatives are one shape that house rules widen (same kind, same required keys: Belote's
    played deal with or without ``annonces``), not two shapes (a chien to the last trick, or set aside)."""
    return _kind(a) == _kind(b) and a.get("required") == b.get("required") and a.get("title") == b.get("title")


def _kind(schema: dict[str, Any]) -> Any:
    """What sort of value a schema is about, for :func:`union`: its type, or which combinator it is."""
    if "type" in schema:
        return schema["type"]
    for word in ("oneOf", "anyOf", "enum", "const"):
        if word in schema:
            return word
    return None


def option_values(option: Option, n_players: int) -> list[Any]:
    """The values of a house rule worth a schema each: both of a yes/no, every choice, an int's bounds and
    default (the numbers an option gives an entry grow or shrink with it), and None for a nullable one."""
    if option.kind == "bool":
        values = [option.default, not option.default]
    elif option.kind == "choice":
        values = [option.default, *(c for c, _ in option.choices if c != option.default)]
    else:
        hi = option.maximum_for(n_players) if option.maximum_for is not None else option.maximum
        values = [option.default, option.minimum, hi]
    if option.nullable:
        values.append(None)
    return list(dict.fromkeys(v for v in values if v is not None or option.nullable))


def option_sets(game: Game, n_players: int, limit: int = 256) -> list[dict[str, Any]]:
    """Cleaned house rules for a table of ``game`` at ``n_players``: the defaults first, then every combination of
    the options' :func:`option_values` (when there are at most ``limit``; otherwise each option changed alone, then
    every yes/no option turned the other way at once). Combinations the game refuses are left out."""
    values = [(o.key, option_values(o, n_players)) for o in game.options]
    size = 1
    for _, vs in values:
        size *= len(vs)
    raw: list[dict[str, Any]] = []
    if size <= limit:
        raw = [dict(zip([k for k, _ in values], combo, strict=True)) for combo in itertools.product(*(vs for _, vs in values))]
    else:
        raw = [{}] + [{key: v} for key, vs in values for v in vs[1:]]
        raw.append({o.key: not o.default for o in game.options if o.kind == "bool"})
    out: list[dict[str, Any]] = []
    for options in raw:
        try:
            clean = game.clean_options(options, n_players)
        except InvalidOptions:
            continue
        if clean not in out:
            out.append(clean)
    return out


def any_table(game: Game, n_players: int) -> dict[str, Any]:
    """The round entry some table of ``game`` at ``n_players`` accepts, whatever its house rules: the
    :func:`union` of :meth:`Game.entry_schema` for every set of :func:`option_sets`."""
    sets = option_sets(game, n_players)
    schema = game.entry_schema(n_players, sets[0])
    for options in sets[1:]:
        schema = union(schema, game.entry_schema(n_players, options))
    return schema
