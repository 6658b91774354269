"""Fuzz every scored game's entry validation directly, with Hypothesis.

    python -m companion.fuzz --examples 100000          # every game
    python -m companion.fuzz --examples 2000 barbu rami  # some games

prints, per game, how many examples ran and how many failed, and the first failures. An example is a random
table (player count and house rules drawn from the game's own options) and a sequence of round entries:
entries shaped by the game's JSON Schema (:meth:`Game.entry_schema`, through hypothesis-jsonschema), the same
with one value replaced by junk, and plain junk (any JSON, NaN, huge numbers, lone surrogates). A failure is
any of:

* :meth:`Sheet.check` raising instead of returning problems (junk must be refused, never crash);
* an entry it accepted that :meth:`Sheet.apply` cannot score, or scores with the wrong number of seats or with a
  number that is not finite;
* a stored entry (as JSON, the way a table keeps it) that a replay of the record refuses or scores differently.

``tests/fuzz/test_entries.py`` runs this for every game with 500 examples in CI. Needs the test extras
(``pip install -e .[test]``): Hypothesis is not a run-time dependency of Atout.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
import traceback
from dataclasses import dataclass, field

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.kernel import InvalidEntry, InvalidOptions
from companion.kernel.cards import deck
from companion.kernel.game import Game, Option

MAX_ROUNDS = 6
CARD_CODES = sorted({c.code for name in ("54", "78") for c in deck(name)} | {"JK"})


@st.composite
def _partition(draw, size: int, total: int) -> list[int]:
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=size - 1, max_size=size - 1)))
    bounds = [0, *cuts, total]
    return [bounds[i + 1] - bounds[i] for i in range(size)]


def from_schema(schema: dict) -> st.SearchStrategy:
    """Values that match the subset of JSON Schema the entry schemas use (types, const, enum, anyOf/oneOf,
    properties and required, items and their count, numeric bounds). Strings are mostly card codes."""
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return st.one_of([from_schema(s) for s in schema[key]])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([from_schema({**schema, "type": k}) for k in kind])
    if kind == "null":
        return st.none()
    if kind == "boolean":
        return st.booleans()
    if kind in ("integer", "number"):
        lo, hi = schema.get("minimum"), schema.get("maximum")
        # half-point bounds (a tarot chien of 3 cards: 1.5 to 13.5 points) drawn as whole numbers inside them
        lo, hi = (math.ceil(lo) if lo is not None else None), (math.floor(hi) if hi is not None else None)
        ints = st.integers(min_value=lo, max_value=hi)
        if kind == "number":
            return ints | ints.map(lambda i: i + 0.5)
        return ints
    if kind == "string":
        return st.sampled_from(CARD_CODES) | st.text(max_size=6)
    if kind == "array":
        lo = schema.get("minItems", 0)
        hi = schema.get("maxItems", lo + 8)
        items = schema.get("items", {})
        plain = st.lists(from_schema(items), min_size=lo, max_size=hi)
        if lo == hi and lo > 0 and items.get("type") == "integer" and items.get("minimum") == 0 and items.get("maximum"):
            # Counts per seat most often add up to the deal's total (tricks, hearts…): reach legal entries too.
            return plain | _partition(lo, items["maximum"])
        return plain
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        required = [k for k in schema.get("required", []) if k in props]
        optional = [k for k in props if k not in required]
        return st.fixed_dictionaries({k: from_schema(props[k]) for k in required},
                                     optional={k: from_schema(props[k]) for k in optional})
    return JUNK_LEAF


def _junk() -> st.SearchStrategy:
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**30), max_value=10**30),
        st.integers(min_value=-3, max_value=60),
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from([0.5, -1, 1.0, 13.0, 2**63, "", "0", "1", "10H", "QS", "JK", "A\ud800", "\u202e7", "\x00"]),
        st.text(max_size=12),
    )
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=6) | st.dictionaries(
        st.text(max_size=10) | st.sampled_from(["tricks", "hearts", "queens", "winner", "points", "cards", "hands"]),
        inner, max_size=5), max_leaves=20)


JUNK = _junk()
JUNK_LEAF = st.none() | st.integers(-3, 60) | st.booleans()


def _option_value(option: Option) -> st.SearchStrategy:
    if option.kind == "bool":
        values = st.booleans()
    elif option.kind == "int":
        lo = option.minimum if option.minimum is not None else 0
        hi = option.maximum if option.maximum is not None else lo + 60
        values = st.integers(min_value=lo, max_value=hi)
    else:
        values = st.sampled_from([c for c, _ in option.choices])
    if option.nullable:
        values = st.none() | values
    return st.just(option.default) | values


@st.composite
def tables(draw, game: Game):
    """A player count and cleaned house rules for ``game``."""
    n = draw(st.sampled_from(game.info.counts))
    raw = {o.key: draw(_option_value(o)) for o in game.options}
    try:
        options = game.clean_options(raw, n)
    except InvalidOptions:
        options = game.clean_options({}, n)
    return n, options


def _mutate(entry, junk):
    """``entry`` with one value (at any depth) replaced by ``junk``."""
    if isinstance(entry, dict) and entry:
        key = sorted(entry)[hash(repr(junk)) % len(entry)]
        return {**entry, key: junk if not isinstance(entry[key], dict | list) else _mutate(entry[key], junk)}
    if isinstance(entry, list) and entry:
        i = hash(repr(junk)) % len(entry)
        return entry[:i] + [junk] + entry[i + 1:]
    return junk


@st.composite
def examples(draw, game: Game):
    n, options = draw(tables(game))
    shaped = from_schema(game.entry_schema(n, options))
    one = st.one_of(shaped, shaped, st.tuples(shaped, JUNK).map(lambda p: _mutate(*p)), JUNK)
    entries = draw(st.lists(one, min_size=1, max_size=MAX_ROUNDS))
    return n, options, entries


@dataclass
class Report:
    slug: str
    examples: int = 0
    failures: int = 0
    accepted: int = 0  # entries the sheet accepted and scored (shows the fuzzer reaches legal entries too)
    first: list[str] = field(default_factory=list)
    seconds: float = 0.0


def check_example(game: Game, n: int, options: dict, entries: list) -> int:
    """Apply ``entries`` as a table would; raise AssertionError (or anything) on a failure. Returns how many
    entries were accepted."""
    sheet = game.new_sheet(n, options)
    for entry in entries:
        problems = sheet.check(entry)
        assert isinstance(problems, list), "check() must return a list of problems"
        if problems or sheet.finished:
            continue
        result = sheet.apply(entry)
        assert len(result.scores) == n, f"{len(result.scores)} scores for {n} seats"
        assert all(isinstance(s, int | float) and not isinstance(s, bool) and math.isfinite(s) for s in result.scores), result.scores
        sheet.next_round()  # what comes next must always be computable
    stored = [json.loads(json.dumps(r.entry, allow_nan=False)) for r in sheet.rounds]
    try:
        again = game.replay(n, options, stored)
    except InvalidEntry as e:  # pragma: no cover - a failure
        raise AssertionError(f"the stored record does not replay: {e}") from e
    assert again.totals == sheet.totals, (again.totals, sheet.totals)
    return len(sheet.rounds)


def fuzz_game(game: Game, max_examples: int, seed: int | None = None, keep: int = 3) -> Report:
    report = Report(game.slug)
    started = time.perf_counter()

    @settings(max_examples=max_examples, phases=[Phase.generate], database=None, deadline=None,
              suppress_health_check=list(HealthCheck), derandomize=seed is None)
    @given(examples(game))
    def run(example):
        n, options, entries = example
        report.examples += 1
        try:
            report.accepted += check_example(game, n, options, entries)
        except Exception:  # every failure is counted and the run goes on
            report.failures += 1
            if len(report.first) < keep:
                report.first.append(f"{n} players, options {options!r}, entries {entries!r}\n{traceback.format_exc(limit=4)}")

    if seed is not None:
        from hypothesis import seed as hypothesis_seed

        run = hypothesis_seed(seed)(run)
    run()
    report.seconds = time.perf_counter() - started
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game slugs (default: every game with a score sheet)")
    parser.add_argument("--examples", type=int, default=1000, help="examples per game (default 1000)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: derandomised, repeatable)")
    args = parser.parse_args(argv)
    scored = registry.scored()
    slugs = args.games or sorted(scored)
    unknown = [s for s in slugs if s not in scored]
    if unknown:
        parser.error(f"no score sheet for: {', '.join(unknown)}")
    total_failures = 0
    for slug in slugs:
        report = fuzz_game(scored[slug], args.examples, args.seed)
        total_failures += report.failures
        print(f"{slug}: {report.examples} examples, {report.failures} failures "
              f"({report.accepted} entries accepted, {report.seconds:.1f} s)", flush=True)
        for text in report.first:
            print("  " + text.replace("\n", "\n  "))
    return 1 if total_failures else 0


if __name__ == "__main__":
    sys.exit(main())
