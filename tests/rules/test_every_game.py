"""Checks run over every game in the registry, scored or not (the open_spiel habit: one test, all games)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from companion.games import registry
from companion.kernel import DECKS, InvalidEntry
from companion.kernel.game import ANY_DIRECTION, CLOCKWISE, COUNTERCLOCKWISE, FAMILIES, RuleTable
from companion.kernel.text import Text

SLUGS = list(registry.catalog())
SCORED = list(registry.scored())


def test_every_seed_game_is_in_the_catalogue():
    expected = {
        "empereur", "super-bataille", "rikiki", "petite-ecole", "chasse-coeur", "tarot-lorrain", "tarot-tare", "rami",
        "gin-rami", "pouilleux", "pinacle", "pharaon", "petasse", "nain-jaune", "menteur", "huit-americain",
        "belote-a-trois", "belote-de-comptoir", "bataille", "baccara", "vicaire", "hombre", "barbu", "cribbage",
        "eleusis", "freeze", "golf", "motton",
    }
    assert expected <= set(SLUGS)


@pytest.mark.parametrize("slug", SLUGS)
def test_game_info_is_well_formed(slug):
    info = registry.info(slug)
    assert info.slug == slug and slug.isascii() and slug == slug.lower()
    assert info.names.fr and info.names.en
    assert 1 <= info.min_players <= info.max_players <= 12  # the free sheet takes up to 12
    assert (info.decks or info.family == "libre") and set(info.decks) <= set(DECKS)  # the free sheet names no pack
    assert info.family in FAMILIES
    assert info.direction in (CLOCKWISE, COUNTERCLOCKWISE) or (info.direction == ANY_DIRECTION and info.family == "libre")
    assert info.summary.fr and info.summary.en
    keys = [t.key for t in info.tables]
    assert len(keys) == len(set(keys))
    for table in info.tables:
        assert isinstance(table, RuleTable)
        assert table.title.fr and table.title.en
        for row in table.rows:
            assert len(row) == len(table.columns), (table.key, row)
            for cell in row:
                assert isinstance(cell, str | int | float | Text), (table.key, cell)


@pytest.mark.parametrize("slug", SLUGS)
def test_names_and_aliases_resolve_to_the_game(slug):
    info = registry.info(slug)
    assert registry.resolve(info.names.fr) == slug
    assert registry.resolve(slug.upper()) == slug
    for alias in info.aliases:
        assert registry.resolve(alias) == slug


@pytest.mark.parametrize("slug", SCORED)
def test_every_scored_game_publishes_a_valid_entry_schema_and_options(slug):
    game = registry.get(slug)
    for n in game.info.counts:
        schema = game.entry_schema(n, game.default_options())
        Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object"
    assert game.clean_options({}) == game.default_options()
    for option in game.options:
        assert option.label.fr and option.label.en
        value, problem = option.clean(option.default)
        assert problem is None and value == option.default


@pytest.mark.parametrize("slug", SCORED)
def test_an_option_whose_default_follows_the_player_count_is_resolved_for_each_count(slug):
    game = registry.get(slug)
    for option in (o for o in game.options if o.default_for is not None):
        assert option.default is None and option.nullable and option.help.fr and option.help.en
        for n in game.info.counts:
            value = game.clean_options({}, n)[option.key]
            assert value is not None and game.clean_options({option.key: value}, n)[option.key] == value
            assert game.new_sheet(n).options[option.key] == value


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-100, 100) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda c: st.lists(c, max_size=8) | st.dictionaries(st.text(max_size=12), c, max_size=6),
    max_leaves=30,
)


@pytest.mark.parametrize("slug", SCORED)
@settings(max_examples=150, deadline=None)
@given(entry=junk)
def test_junk_never_raises_anything_but_invalid_entry(slug, entry):
    game = registry.get(slug)
    sheet = game.new_sheet(game.info.min_players)
    problems = sheet.check(entry)
    for p in problems:
        assert p.message.fr and p.message.en
    try:
        sheet.apply(entry)
    except InvalidEntry as e:
        assert e.problems
    else:
        assert not problems


@pytest.mark.parametrize("slug", SCORED)
def test_an_empty_entry_names_the_missing_fields(slug):
    game = registry.get(slug)
    problems = game.new_sheet(game.info.min_players).check({})
    assert problems and all(p.field for p in problems)
