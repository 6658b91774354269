"""Whole tables of every scored game, played to their end: legal round entries found without knowing the game.

A round's entry is drawn at random from the game's own JSON Schema (:meth:`Game.entry_schema`), with a few hints
the sheet gives (what ``next`` says for a field of the same name — Baccara's banker and offer —, and what the
counts of a round add up to — Rikiki's hand of the round), until :meth:`Sheet.check` finds nothing wrong with it;
it is applied, and so on until the sheet says the game is over. The random numbers come from a generator seeded
with the game and the player count, so that a table is the same on every run and on every machine; a game that
does not end within :data:`MAX_ROUNDS` rounds, or whose round no draw gets right, fails loudly with its name.

A new game is covered as soon as it is registered. One whose entries the random draws cannot get right gets
hints here, not a hand-written sequence, so that the test keeps covering the whole class of tables.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from companion.games import registry
from companion.kernel.cards import deck
from companion.kernel.game import Game, Sheet

MAX_ROUNDS = 200  # the longest default table (Vicaire to 500 points) is about 160 deals
TRIES = 5000  # checks of entries drawn for one round before giving up on it
RESTART = 60  # checks before the search for a round's entry starts again from a fresh draw
CARD_CODES = sorted({c.code for name in ("54", "78") for c in deck(name)} | {"JK"})

# House rules that give a game with no end of its own (played until the group stops) a natural end. A game
# listed here is also played with its default options, ended by hand.
ENDING_OPTIONS: dict[str, dict] = {
    "libre": {"target": 100},
    "gin-rami": {"deals": 3},
    "pharaon": {"coups": 3},
    "rami": {"deals": 3},
    "tarot": {"deals": 3},
    "tarot-lorrain": {"deals": 3},
}


class NoEnd(AssertionError):
    """The table did not end: no legal entry was found for a round, or it went on past :data:`MAX_ROUNDS`."""


def _partition(rng: random.Random, size: int, total: int) -> list[int]:
    cuts = sorted(rng.randint(0, total) for _ in range(size - 1))
    bounds = [0, *cuts, total]
    return [bounds[i + 1] - bounds[i] for i in range(size)]


def draw(schema: dict, rng: random.Random, hints: dict, key: str | None = None) -> Any:
    """A value that matches ``schema`` (the subset of JSON Schema the entry schemas use), ``key`` being the name
    of the property it is drawn for."""
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return rng.choice(schema["enum"])
    for word in ("anyOf", "oneOf"):
        if word in schema:
            rest = {k: v for k, v in schema.items() if k != word}
            return draw({**rest, **rng.choice(schema[word])}, rng, hints, key)
    hint = hints.get(key)
    if hint is not None and not isinstance(hint, dict | list) and rng.random() < 0.8:
        return hint
    kind = schema.get("type")
    if isinstance(kind, list):
        return draw({**schema, "type": rng.choice(kind)}, rng, hints, key)
    if kind == "null":
        return None
    if kind == "boolean":
        return rng.random() < 0.5
    if kind in ("integer", "number"):
        step = schema.get("multipleOf", 1 if kind == "integer" else rng.choice((1, 0.5)))
        lo = schema.get("minimum", 0)
        hi = schema.get("maximum", lo + 100)
        low, high = math.ceil(lo / step), math.floor(hi / step)
        if high - low > 20 and rng.random() < 0.9:  # small numbers most of the time: most rounds score little
            low = min(max(low, 0), high - 20)
            high = low + 20
        value = rng.randint(low, high) * step
        return int(value) if float(value).is_integer() else value
    if kind == "string":
        return rng.choice(CARD_CODES)
    if kind == "array":
        lo = schema.get("minItems", 0)
        hi = schema.get("maxItems", lo + 8)
        items = schema.get("items", {})
        if lo == hi > 0 and items.get("type") == "integer" and items.get("minimum") == 0 and items.get("maximum") \
                and rng.random() < 0.7:
            # counts per seat most often add up to the round's total (tricks, hearts…)
            return _partition(rng, lo, hints.get(("total", key), items["maximum"]))
        return [draw(items, rng, hints) for _ in range(rng.randint(lo, min(hi, lo + 13)))]
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        required = [k for k in schema.get("required", []) if k in props]
        out = {k: draw(props[k], rng, hints, k) for k in required}
        for k in props:
            if k not in required and rng.random() < 0.3:
                out[k] = draw(props[k], rng, hints, k)
        return out
    return None


def _hints(sheet: Sheet) -> dict:
    hints: dict = dict(sheet.next_round().extra)
    for f in sheet.entry_fields(sheet.number):
        total = f.total if f.total is not None else f.maximum if f.kind == "count" else None
        if total is not None:
            hints[("total", f.key)] = total
    return hints


def _one_branch(schema: dict, rng: random.Random) -> dict:
    """``schema`` with its top-level ``anyOf``/``oneOf`` resolved to one of its objects (Baccara's cards or
    points, the tarot tare's chien)."""
    for word in ("anyOf", "oneOf"):
        if word in schema:
            rest = {k: v for k, v in schema.items() if k != word}
            return _one_branch({**rest, **rng.choice(schema[word])}, rng)
    return schema


def _items(schema: dict) -> dict | None:
    """The schema of an array's items, when ``schema`` (or one of its alternatives) is an array."""
    for alternative in (schema, *schema.get("anyOf", ()), *schema.get("oneOf", ())):
        if alternative.get("type") == "array" and "items" in alternative:
            return alternative["items"]
    return None


def _tarot_tare_deal(sheet: Sheet, rng: random.Random) -> dict:
    """A Tarot taré round dealt with real cards: each seat's points must be what its tricks' cards can hold (an
    odd number of half points a card), which random numbers that add up to 91 seldom are."""
    from companion.families import tarot

    n, hand, chien = sheet.n, tarot.HAND_SIZE[sheet.n], tarot.CHIEN_SIZE[sheet.n]
    tricks = _partition(rng, n, hand)
    cards = list(deck("78"))
    rng.shuffle(cards)
    aside = sheet.options["chien"] == "aside"
    last = rng.choice([s for s in range(n) if tricks[s]])
    sizes = [n * tricks[s] + (chien if s == last and not aside else 0) for s in range(n)]
    piles, i = [], 0
    for size in sizes:
        piles.append(cards[i:i + size])
        i += size
    entry: dict = {"points": [tarot.from_half(sum(tarot.half_points(c) for c in p)) for p in piles]}
    if rng.random() < 0.5:
        entry["tricks"] = tricks
    if aside:
        entry["chien_points"] = tarot.from_half(sum(tarot.half_points(c) for c in cards[i:]))
    return entry


# Rounds the draws cannot get right, dealt instead (still at random).
DEALT: dict[str, Any] = {"tarot-tare": _tarot_tare_deal}


def legal_entry(game: Game, sheet: Sheet, rng: random.Random, ending: bool = True) -> dict:
    """A legal entry for ``sheet``'s coming round; with ``ending=False``, one that does not end the game.

    A local search: each problem :meth:`Sheet.check` reports names a field, and often a seat; that seat's value
    (or the whole field, or the whole entry for a problem with no field) is drawn again, until nothing is wrong.
    The search starts again from a fresh entry every :data:`RESTART` checks, so that it cannot stay stuck."""
    schema = game.entry_schema(sheet.n, sheet.options)
    hints = _hints(sheet)
    entry: Any = None
    if game.slug in DEALT:
        for _ in range(TRIES):
            entry = DEALT[game.slug](sheet, rng)
            if not sheet.check(entry) and (ending or not _ends(game, sheet, entry)):
                return entry
    for attempt in range(TRIES):
        if attempt % RESTART == 0 or entry is None:
            branch = _one_branch(schema, rng)
            entry = draw(branch, rng, hints)
        problems = sheet.check(entry)
        if not problems:
            if ending or not _ends(game, sheet, entry):
                return entry
            entry = None
            continue
        props = branch.get("properties", {})
        for problem in problems:
            key = problem.field.split(".")[0]
            if key not in props:
                entry = None
                break
            items = _items(props[key])
            value = entry.get(key)
            if problem.seat is not None and items is not None and isinstance(value, list) \
                    and 0 <= problem.seat < len(value):
                value[problem.seat] = draw(items, rng, hints)
            elif key not in branch.get("required", ()) and rng.random() < 0.5:
                entry.pop(key, None)
            else:
                entry[key] = draw(props[key], rng, hints, key)
    raise NoEnd(f"{game.slug}, {sheet.n} players: no legal entry found for round {sheet.number} in {TRIES} checks")


def _ends(game: Game, sheet: Sheet, entry: dict) -> bool:
    after = game.replay(sheet.n, sheet.options, [r.entry for r in sheet.rounds])
    after.apply(entry)
    return after.finished


def to_the_end(game: Game, n: int, options: dict | None = None) -> tuple[list[dict], Sheet]:
    """Entries that play a table of ``game`` at ``n`` players to its natural end, and the finished sheet."""
    rng = random.Random(f"{game.slug}/{n}")
    sheet = game.new_sheet(n, options)
    entries: list[dict] = []
    while not sheet.finished:
        if len(entries) >= MAX_ROUNDS:
            raise NoEnd(f"{game.slug}, {n} players, options {options}: not over after {MAX_ROUNDS} rounds")
        entry = legal_entry(game, sheet, rng)
        sheet.apply(entry)
        entries.append(entry)
    return entries, sheet


def some_rounds(game: Game, n: int, count: int, options: dict | None = None) -> list[dict]:
    """Up to ``count`` legal entries that leave the table going on (fewer when every entry would end it)."""
    rng = random.Random(f"{game.slug}/{n}/by-hand")
    sheet = game.new_sheet(n, options)
    entries: list[dict] = []
    for _ in range(count):
        try:
            entry = legal_entry(game, sheet, rng, ending=False)
        except NoEnd:
            break
        sheet.apply(entry)
        entries.append(entry)
    return entries


def setups() -> list:
    """``(slug, players)`` pytest parameters: every scored game at its smallest and its largest table."""
    return [pytest.param(slug, n, id=f"{slug}-{n}") for slug, game in registry.scored().items()
            for n in sorted({game.info.counts[0], game.info.counts[-1]})]
