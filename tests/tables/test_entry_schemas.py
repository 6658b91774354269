"""Every game's entry schema tells the truth about its sheet, for every player count and every set of house rules
that changes an entry's shape (:func:`companion.kernel.schema.option_sets`):

(a) every key the sheet's check reads, while it validates many legal entries, is a property of the schema a table
    of any house rules accepts (the one ``/api/openapi.json`` publishes), and every key of a legal entry is a
    property of the table's own schema;
(b) ``additionalProperties: false`` is true of the sheet: a legal entry with one more key is refused for that key;
(c) every legal entry validates against the table's own schema and against the published one.

The legal entries come from the games' own generators (``tests/groups/legal.py``), which know nothing of the
schemas, and from the search of ``tests/rules/endings.py`` for a game or a round they do not cover.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from companion.games import registry
from companion.kernel import schema as entry_schema
from tests.groups.legal import entry_for
from tests.rules.endings import NoEnd, legal_entry

ROUNDS = 4  # rounds played for each table: games whose entry changes with the round (Barbu) show several shapes
UNKNOWN = "zz_not_a_field"


class Reading(dict):
    """An entry that records the keys the sheet looks up in it (``[key]``, ``get``, ``in``)."""

    def __init__(self, data: dict, seen: set):
        super().__init__(data)
        self.seen = seen

    def __getitem__(self, key: Any) -> Any:
        self.seen.add(key)
        return super().__getitem__(key)

    def get(self, key: Any, default: Any = None) -> Any:
        self.seen.add(key)
        return super().get(key, default)

    def __contains__(self, key: Any) -> bool:
        self.seen.add(key)
        return super().__contains__(key)


def _legal_entries(game, n: int, options: dict, rng: random.Random):
    """``(sheet before the round, entry)`` for a few rounds of a table, each entry legal there."""
    sheet = game.new_sheet(n, options)
    for _ in range(ROUNDS):
        if sheet.finished:
            return
        entry = entry_for(sheet, rng)
        if entry is None or sheet.check(entry):
            try:
                entry = legal_entry(game, sheet, rng, ending=False)
            except NoEnd:
                return
        yield sheet, entry
        sheet.apply(entry)


def _probes(n: int) -> list:
    """Values a field the schema does not list is tried with: a seat, a count per seat, a flag, a word, a card."""
    return [0, 1, n - 1, True, False, [0] * n, [1] * n, "S", "AS", [], {}]


def _setups() -> list:
    return [pytest.param(slug, n, id=f"{slug}-{n}") for slug, game in sorted(registry.scored().items())
            for n in game.info.counts]


@pytest.mark.parametrize(("slug", "n"), _setups())
def test_the_schema_is_the_sheets(slug, n):
    game = registry.get(slug)
    published = game.any_table_schema(n)
    Draft202012Validator.check_schema(published)
    any_table = Draft202012Validator(published)
    documented = entry_schema.keys(published)
    read: set = set()
    legal: list = []  # (sheet, entry) pairs, to try the undocumented keys the sheet reads on
    checked = 0
    for options in entry_schema.option_sets(game, n):
        own_schema = game.entry_schema(n, options)
        Draft202012Validator.check_schema(own_schema)
        own = Draft202012Validator(own_schema)
        rng = random.Random(f"{slug}/{n}/{sorted(options.items())!r}")
        for sheet, entry in _legal_entries(game, n, options, rng):
            where = f"{slug} at {n}, options {options}, round {sheet.number}: {entry}"
            seen: set = set()
            assert sheet.check(Reading(entry, seen)) == [], where
            read |= seen
            legal.append((game.replay(n, options, [r.entry for r in sheet.rounds]), entry))
            # (c) the legal entry is one the schemas describe
            assert not (errors := [e.message for e in own.iter_errors(entry)]), f"{where} — table's schema: {errors}"
            assert not (errors := [e.message for e in any_table.iter_errors(entry)]), f"{where} — published: {errors}"
            assert set(entry) <= entry_schema.keys(own_schema), where
            # (b) one key more is refused, for that key
            problems = sheet.check({**entry, UNKNOWN: 1})
            assert {p.code for p in problems if p.field == UNKNOWN} & {"unknown_field", "passed_deal"}, where
            assert not own.is_valid({**entry, UNKNOWN: 1}), where
            checked += 1
    assert checked, f"{slug} at {n}: no legal entry checked"
    # (a) every key the sheet reads is documented, unless it reads it only to refuse it (Tarot's partner at
    # fewer than five): no legal entry takes it with any plausible value
    for key in sorted(map(str, read - documented - {UNKNOWN})):
        for sheet, entry in legal:
            for value in _probes(n):
                assert sheet.check({**entry, key: value}), f"{slug} at {n} accepts {key}={value!r}, not in its schema"
