"""Hypothesis fuzzes every game's entry validation directly (companion.fuzz): 500 examples a game in CI.

``python -m companion.fuzz --examples 100000`` runs the long version and prints the counts per game.
"""

import pytest

from companion import fuzz
from companion.games import registry
from companion.games.barbu.rules import Barbu
from companion.kernel import Problem, Text

EXAMPLES = 500


REPORTS: dict[str, fuzz.Report] = {}


@pytest.mark.parametrize("slug", sorted(registry.scored()))
def test_junk_and_shaped_entries_never_break_a_sheet(slug):
    report = REPORTS[slug] = fuzz.fuzz_game(registry.get(slug), EXAMPLES)
    assert report.examples == EXAMPLES
    assert report.failures == 0, "\n\n".join(report.first)


def test_the_fuzzer_reaches_entries_the_sheets_accept():
    # Junk alone would prove little: shaped entries must reach scoring and replay too, in most games.
    reports = [REPORTS.get(slug) or fuzz.fuzz_game(registry.get(slug), EXAMPLES) for slug in sorted(registry.scored())]
    reached = [r.slug for r in reports if r.accepted > 0]
    assert len(reached) * 2 >= len(reports), reached


class _CrashingSheet(Barbu.sheet_class):
    def check_entry(self, entry):
        tricks = entry.get("tricks") if isinstance(entry, dict) else None
        if isinstance(tricks, list) and tricks and tricks[0] == 0:  # only this planted crash, never one of its own
            raise TypeError("boom")
        return super().check_entry(entry)


class _Crashing(Barbu):
    sheet_class = _CrashingSheet


class _WrongScoresSheet(Barbu.sheet_class):
    def score_entry(self, entry):
        result = super().score_entry(entry)
        result.scores = result.scores[:-1]  # one seat forgotten
        return result


class _WrongScores(Barbu):
    sheet_class = _WrongScoresSheet


def test_a_check_that_raises_is_counted_as_a_failure():
    report = fuzz.fuzz_game(_Crashing(), 200)
    assert report.failures > 0
    assert "boom" in report.first[0]


def test_scores_for_the_wrong_number_of_seats_are_a_failure():
    report = fuzz.fuzz_game(_WrongScores(), 300)
    assert report.failures > 0


def test_the_command_prints_a_line_per_game(capsys):
    assert fuzz.main(["--examples", "20", "vicaire", "barbu"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("vicaire: 20 examples, 0 failures")
    assert lines[1].startswith("barbu: 20 examples, 0 failures")


def test_the_command_refuses_an_unknown_game():
    with pytest.raises(SystemExit):
        fuzz.main(["--examples", "5", "belote-imaginaire"])


def test_problems_stay_plain_data():
    # What check() returns is shown and serialised: a Problem, not an exception.
    problems = registry.get("barbu").new_sheet(4).check({"tricks": "x"})
    assert problems and all(isinstance(p, Problem) and isinstance(p.message, Text) for p in problems)
