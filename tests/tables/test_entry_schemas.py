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


# -- the published document: what the issue's client could not send --------------------------------------------

def _published(slug: str, n: int) -> dict:
    from companion.tables.openapi import document, entry_schema_name

    doc = document()
    return {**doc, "$ref": f"#/components/schemas/{entry_schema_name(slug, n)}"}


@pytest.mark.parametrize(("slug", "n", "entry"), [
    # announcements (option annonces) at the belotes and Coinche
    ("belote", 4, {"taker": 0, "trump": "H", "points": 100, "annonces": [20, 0, 50, 0]}),
    ("belote-a-trois", 3, {"taker": 1, "trump": "S", "points": 90, "annonces": [0, 100, 0]}),
    ("coinche", 4, {"bidder": 2, "contract": 100, "trump": "D", "points": 110, "annonces": [0, 0, 20, 0]}),
    # the générale (option generale), sans atout and tout atout (options sans_atout, tout_atout)
    ("coinche", 4, {"bidder": 0, "contract": "generale", "trump": "SA", "points": 162, "capot": True, "generale": True}),
    ("coinche", 4, {"bidder": 1, "contract": 90, "trump": "TA", "points": 100}),
    # doubles and redoubles (option doubles) at Barbu classique
    ("barbu-classique", 4, {"contract": "dames", "queens": [1, 0, 2, 1], "doubles": [{"by": 1, "on": 0}],
                            "redoubles": [{"by": 0, "on": 1}]}),
])
def test_the_document_lists_the_fields_house_rules_turn_on(slug, n, entry):
    assert Draft202012Validator(_published(slug, n)).is_valid(entry)


def test_a_field_an_option_turns_on_says_so():
    schemas = {slug: registry.get(slug).any_table_schema(n) for slug, n in
               [("belote", 4), ("coinche", 4), ("barbu-classique", 4)]}
    played = schemas["coinche"]["oneOf"][0]["properties"]
    assert "option annonces" in schemas["belote"]["oneOf"][0]["properties"]["annonces"]["description"]
    assert "option generale" in played["generale"]["description"]
    assert "sans_atout" in played["trump"]["description"] and "tout_atout" in played["trump"]["description"]
    assert "option doubles" in schemas["barbu-classique"]["oneOf"][0]["properties"]["doubles"]["description"]


@pytest.mark.django_db
def test_a_generale_sans_atout_the_document_allows_is_stored(client):
    from tests.tables.helpers import create_table, post_json

    table = create_table(client, "coinche", ["Ana", "Bea", "Cid", "Dan"], {"generale": True, "sans_atout": True})
    entry = {"bidder": 0, "contract": "generale", "trump": "SA", "points": 162, "capot": True, "generale": True}
    assert Draft202012Validator(_published("coinche", 4)).is_valid(entry)
    response = post_json(client, f"/api/tables/{table['id']}/rounds", entry, table["edit_token"])
    assert response.status_code == 201, response.json()
    # A table without the option refuses the same entry, naming the field.
    plain = create_table(client, "coinche", ["Ana", "Bea", "Cid", "Dan"])
    response = post_json(client, f"/api/tables/{plain['id']}/rounds", entry, plain["edit_token"])
    assert response.status_code == 400
    assert {"contract", "trump", "generale"} <= {e["field"] for e in response.json()["errors"]}


def _per_seat_arrays(node: Any, n: int, said: str = ""):
    """Every array of ``n`` items in a schema that is neither a permutation of the seats nor cards nor rows of
    them (Cribbage's four cards at four players), with the description it (or the anyOf/oneOf around it) gives."""
    if isinstance(node, dict):
        said = node.get("description", said) if isinstance(node.get("description"), str) else said
        if node.get("type") == "array" and node.get("minItems") == node.get("maxItems") == n \
                and not node.get("uniqueItems") and node.get("items", {}).get("type") not in ("string", "array"):
            yield node, said
        for key, value in node.items():
            inherit = said if key in ("anyOf", "oneOf") else ""
            yield from _per_seat_arrays(value, n, inherit)
    elif isinstance(node, list):
        for value in node:
            yield from _per_seat_arrays(value, n, said)


def test_every_array_per_seat_says_it_is_in_the_order_of_play():
    games_with_some = set()
    for slug, game in registry.scored().items():
        for n in game.info.counts:
            for _, said in _per_seat_arrays(game.any_table_schema(n), n):
                assert "order of play" in said, (slug, n, said)
                games_with_some.add(slug)
    # a game whose entry only names seats (Gin-rami, Pouilleux) has none; these have some
    assert {"barbu", "belote", "coinche", "tarot-tare", "rami", "libre", "vicaire", "pharaon"} <= games_with_some


def test_the_document_says_seats_are_in_the_order_of_play():
    from companion.tables.openapi import document

    text = document()["info"]["description"]
    assert "order of play" in text and "seat i + 1" in text and "right" in text


# -- the union of two schemas, by hand -------------------------------------------------------------------------

def test_the_union_adds_the_fields_and_values_one_side_has():
    a = entry_schema.obj({"trump": entry_schema.choice(["S", "H"]), "points": entry_schema.whole(0, 52)}, ["trump"])
    b = entry_schema.obj({"trump": entry_schema.choice(["S", "SA"]), "points": entry_schema.whole(0, 54),
                          "annonces": entry_schema.flag()}, ["trump", "annonces"])
    assert entry_schema.union(a, b) == {
        "type": "object", "additionalProperties": False,
        "required": ["trump"],  # annonces is required on one side only
        "properties": {"trump": {"enum": ["S", "H", "SA"]}, "points": {"type": "integer", "minimum": 0, "maximum": 54},
                       "annonces": {"type": "boolean", "default": False}}}


def test_the_union_of_unlike_schemas_is_either_and_a_narrowing_on_one_side_only_is_dropped():
    assert entry_schema.union({"type": "integer"}, {"type": "null"}) == {"anyOf": [{"type": "integer"}, {"type": "null"}]}
    # one side steps by 10, the other does not: the union takes any whole number
    assert entry_schema.union(entry_schema.whole(0, 100, step=10), entry_schema.whole(0, 100)) == \
        {"type": "integer", "minimum": 0, "maximum": 100}


def test_the_option_sets_start_with_the_defaults_and_cover_each_choice():
    game = registry.get("coinche")
    sets = entry_schema.option_sets(game, 4)
    assert sets[0] == game.default_options()
    assert {"generale", "sans_atout", "tout_atout", "annonces"} <= {k for s in sets for k, v in s.items() if v is True}


def test_the_union_keeps_two_shapes_apart_and_merges_one_shape_widened():
    last_trick = entry_schema.obj({"points": entry_schema.whole()}, ["points"])
    aside = entry_schema.obj({"points": entry_schema.whole(), "chien": entry_schema.whole()}, ["points", "chien"])
    # two shapes (other required keys): both, side by side
    assert entry_schema.union({"oneOf": [last_trick]}, {"oneOf": [aside]}) == {"oneOf": [last_trick, aside]}
    # one shape that an option widens (same required keys): merged
    widened = entry_schema.obj({"points": entry_schema.whole(), "tricks": entry_schema.whole()}, ["points"])
    assert entry_schema.union({"oneOf": [last_trick]}, {"oneOf": [widened]}) == {"oneOf": [widened]}


def test_a_table_schema_is_its_own_shape_and_the_document_has_every_one():
    game = registry.get("tarot-tare")
    own = game.entry_schema(4, game.clean_options({"chien": "aside"}, 4))["oneOf"]
    assert [s["required"] for s in own] == [["points", "chien_points"]]
    assert [s["required"] for s in game.any_table_schema(4)["oneOf"]] == [["points"], ["points", "chien_points"]]
