import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.web import charts

from .helpers import BARBU_GAME, add_table, make_group


def test_ticks_are_round_numbers_covering_the_range():
    assert charts.nice_ticks(0, 190) == [0, 50, 100, 150, 200]
    assert charts.nice_ticks(-30, 45) == [-40, -20, 0, 20, 40, 60]
    assert charts.nice_ticks(0, 3) == [0, 1, 2, 3]
    assert charts.nice_ticks(5, 5) == [4, 5, 6]


def test_labels_are_moved_apart_but_keep_their_order():
    assert charts.spread([50, 52, 51, 120], 14, 10, 186) == [50, 78, 64, 120]
    # Pushed against the bottom, they climb back up.
    assert charts.spread([186, 186, 186], 14, 10, 186) == [158, 172, 186]


def test_long_names_are_shortened_on_the_label_only():
    assert charts.short_name("Ana") == "Ana"
    assert charts.short_name("Marie-Christine") == "Marie-C…"


def test_no_chart_before_the_first_round():
    assert charts.build(["A", "B"], []) is None


def test_one_line_per_player_from_the_start_to_the_last_round():
    chart = charts.build(["Ana", "Bea"], [[20, 15], [30, 45]])
    assert chart.rounds == 2 and [line.total for line in chart.lines] == [30, 45]
    # Ticks 0, 20, 40, 60 over the plot from y=186 (0) to y=10 (60): y(v) = 186 - 176 v / 60.
    # Rounds 0, 1, 2 from x=38 to x=236. Ana: 0, 20, 30 → 186, 127.3, 98. Bea: 0, 15, 45 → 186, 142, 54.
    assert [v for _y, v in chart.y_ticks] == [0, 20, 40, 60]
    assert chart.lines[0].path == "M38,186 L137,127.3 L236,98"
    assert chart.lines[1].path == "M38,186 L137,142 L236,54"
    # Different colours, dashes and markers.
    assert [(line.series, line.dash, line.shape) for line in chart.lines] == [(1, "", "circle"), (2, "7 3", "square")]


@pytest.mark.django_db
def test_every_sheet_shows_a_chart_with_one_labelled_line_per_player(client):
    table = add_table(make_group(), ["Ana", "Bea", "Marie-Christine", "Dan"], BARBU_GAME)
    html = client.get(f"/tables/{table.id}/").content.decode()
    svg = html[html.index('<figure class="chart"'):html.index("</figure>")]
    assert 'role="img"' in svg and '<title id="chart-title">' in svg
    assert "Après 5 donnes : Ana 70, Bea 130, Marie-Christine 190, Dan 190." in svg
    lines = re.findall(r'<g class="chart-line series-(\d)" data-seat="(\d)" data-player="([^"]+)">', svg)
    assert lines == [("1", "0", "Ana"), ("2", "1", "Bea"), ("3", "2", "Marie-Christine"), ("4", "3", "Dan")]
    names = re.findall(r'<text class="chart-label"[^>]*><tspan class="chart-name">([^<]+)</tspan></text>', svg)
    # Each total stands apart, ending at the chart's right edge: never cut off by a long name.
    totals = re.findall(r'<text class="chart-label chart-total" x="339" [^>]*text-anchor="end">(-?\d+)</text>', svg)
    assert list(zip(names, totals, strict=True)) == [("Ana", "70"), ("Bea", "130"), ("Marie-C…", "190"), ("Dan", "190")]
    assert svg.count('stroke-dasharray=') == 3  # the first line is solid, the others dashed


@pytest.mark.django_db
def test_the_chart_is_under_the_sheet_on_the_edit_page_too_and_absent_before_any_round(client):
    group = make_group()
    empty = add_table(group, ["Ana", "Bea", "Cid", "Dan"], [])
    assert 'class="chart"' not in client.get(f"/tables/{empty.id}/").content.decode()
    response = client.post(f"/groups/{group.id}/tables/new/?game=barbu", {"game": "barbu", "player.0": "Ana", "player.1": "Bea",
                                                                           "player.2": "Cid", "player.3": "Dan"})
    edit = response["Location"].split("?")[0]
    client.post(edit, {"tricks.0": "4", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1"})
    html = client.get(edit).content.decode()
    # The coming deal's form stays close to the sheet; the chart comes after it.
    assert html.index('class="sheet"') < html.index('id="entry"') < html.index('class="chart"')
    assert "Après 1 donne : Ana 20, Bea 15, Cid 25, Dan 5." in html


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=-50, max_value=250, allow_nan=False), min_size=1, max_size=8))
def test_spread_labels_never_overlap_stay_inside_and_keep_their_order(ends):
    out = charts.spread(ends, 14, 14, 186)
    order = sorted(range(len(ends)), key=lambda i: ends[i])
    placed = [out[i] for i in order]
    assert all(b - a >= 14 - 1e-9 for a, b in zip(placed, placed[1:], strict=False))
    assert all(14 - 1e-9 <= y <= 186 + 1e-9 for y in out)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.integers(-500, 500), min_size=3, max_size=3), min_size=1, max_size=60))
def test_every_point_of_every_line_is_inside_the_plot(rounds):
    running, acc = [], [0, 0, 0]
    for scores in rounds:
        acc = [a + s for a, s in zip(acc, scores, strict=True)]
        running.append(acc)
    chart = charts.build(["A", "B", "C"], running)
    x0, y0, x1, y1 = chart.plot
    for line in chart.lines:
        for point in line.path[1:].split(" L"):
            x, y = (float(v) for v in point.split(","))
            assert x0 - 0.05 <= x <= x1 + 0.05 and y0 - 0.05 <= y <= y1 + 0.05


def _luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance."""
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_is_worked_out_as_wcag_does():
    assert round(_contrast("#000000", "#ffffff"), 2) == 21.0
    assert round(_contrast("#777777", "#ffffff"), 2) == 4.48  # the usual "just under AA" grey


def test_every_chart_colour_stands_out_three_to_one_on_its_card_in_light_and_dark_mode():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static/css/atout.css").read_text(encoding="utf-8")
    blocks = re.findall(r":root \{ (--series-1:.*?)\}", css, re.S)
    assert len(blocks) == 2  # light, then dark
    light, dark = ({int(n): c for n, c in re.findall(r"--series-(\d): (#[0-9A-Fa-f]{6})", b)} for b in blocks)
    assert sorted(light) == sorted(dark) == list(range(1, charts.SERIES + 1))
    cards = {"light": "#ffffff", "dark": "#1d201d"}  # --card in each mode: the chart's background
    low = [(mode, n, c, round(_contrast(c, cards[mode]), 2)) for mode, colours in (("light", light), ("dark", dark))
           for n, c in colours.items() if _contrast(c, cards[mode]) < 3]
    assert low == []
    assert len({c.lower() for c in light.values()}) == len({c.lower() for c in dark.values()}) == charts.SERIES
