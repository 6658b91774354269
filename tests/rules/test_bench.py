"""The benchmark script prints its figures one line a game ("<slug>: N games/s, N actions/s", "<slug>: N copies/s");
the figures themselves are not tested: the machine is shared."""

import re

import pytest

from companion import bench


def test_playouts_and_copies_print_the_issues_lines(capsys):
    assert bench.main(["playouts", "chasse-coeur", "--seconds", "0.2"]) == 0
    assert bench.main(["copies", "barbu", "--seconds", "0.1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^chasse-coeur: [\d,]+ games/s, [\d,]+ actions/s$", out, re.M)
    assert re.search(r"^barbu: [\d,]+ copies/s$", out, re.M)
    assert "shared machine" in out


def test_a_game_without_digital_play_is_refused():
    with pytest.raises(SystemExit) as stop:
        bench.main(["playouts", "baccara", "--seconds", "0.1"])
    assert "no digital play" in str(stop.value)


def test_the_ismcts_match_plays_duplicate_deals_move_for_move_in_both_engines(capsys):
    pytest.importorskip("pyspiel")
    # One deal, twice (the sides swapping seats): 52 cards a game, half of them Atout's two seats'. Every move is
    # checked legal in both engines and the points compared inside the match; here only its shape.
    result = bench.versus_ismcts("chasse-coeur", 1, 0.005)
    assert result["deals"] == 1 and result["difference"].n == 1
    out = capsys.readouterr().out
    assert re.search(r"1 duplicate deals, 0.005 s a move: ISMCTS − Atout -?[\d.]+ ± (inf|[\d.]+) points", out)
