"""Running totals as an inline SVG line chart, drawn on the server (no JavaScript, no library).

Readable on a 360 px phone: the view box is about as wide as the screen, so text keeps its size. Each player has
a colour from the Okabe–Ito palette (CSS variables ``--series-N`` with light and dark values, see atout.css),
*and* a dash pattern and a marker shape, so the lines stay apart without colour; each line ends with a label
(the marker, the name and the total). This module only computes geometry; ``tables/_chart_svg.html`` draws it,
for a table's running totals (``tables/_chart.html``) and a group's wins month by month alike.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

WIDTH = 340
HEIGHT = 210
LEFT = 38  # y-axis numbers
RIGHT = 104  # line-end labels
TOP = 10
BOTTOM = 24  # x-axis numbers
LABEL_GAP = 14
LABEL_CHARS = 8
MARKERS_UP_TO = 30  # beyond this many rounds, markers only at the ends of lines
SERIES = 8
DASHES = ("", "7 3", "2 3", "9 3 2 3", "4 4", "12 4", "1 3", "6 2 2 2")
SHAPES = ("circle", "square", "triangle", "diamond", "triangle-down", "cross", "plus", "bar")


def _fmt(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


def marker_path(shape: str, x: float, y: float, r: float = 3.2) -> str:
    """An SVG path centred on (x, y); crosses and pluses have no area and are drawn by their stroke."""
    f = _fmt
    if shape == "circle":
        return f"M{f(x - r)},{f(y)}a{f(r)},{f(r)} 0 1,0 {f(2 * r)},0a{f(r)},{f(r)} 0 1,0 {f(-2 * r)},0Z"
    if shape == "square":
        return f"M{f(x - r)},{f(y - r)}h{f(2 * r)}v{f(2 * r)}h{f(-2 * r)}Z"
    if shape == "triangle":
        return f"M{f(x)},{f(y - 1.25 * r)}L{f(x + 1.15 * r)},{f(y + 0.85 * r)}L{f(x - 1.15 * r)},{f(y + 0.85 * r)}Z"
    if shape == "triangle-down":
        return f"M{f(x)},{f(y + 1.25 * r)}L{f(x + 1.15 * r)},{f(y - 0.85 * r)}L{f(x - 1.15 * r)},{f(y - 0.85 * r)}Z"
    if shape == "diamond":
        return f"M{f(x)},{f(y - 1.35 * r)}L{f(x + 1.35 * r)},{f(y)}L{f(x)},{f(y + 1.35 * r)}L{f(x - 1.35 * r)},{f(y)}Z"
    if shape == "cross":
        return f"M{f(x - r)},{f(y - r)}L{f(x + r)},{f(y + r)}M{f(x + r)},{f(y - r)}L{f(x - r)},{f(y + r)}"
    if shape == "plus":
        return f"M{f(x - 1.2 * r)},{f(y)}h{f(2.4 * r)}M{f(x)},{f(y - 1.2 * r)}v{f(2.4 * r)}"
    return f"M{f(x - 0.55 * r)},{f(y - 1.3 * r)}h{f(1.1 * r)}v{f(2.6 * r)}h{f(-1.1 * r)}Z"  # bar


def nice_ticks(lo: int, hi: int, target: int = 4) -> list[int]:
    """Round numbers covering [lo, hi], about ``target`` steps apart."""
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    raw = (hi - lo) / target
    magnitude = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = magnitude
    for m in (1, 2, 5, 10):
        step = max(1, int(m * magnitude))
        if (hi - lo) / step <= target:
            break
    start = math.floor(lo / step) * step
    end = math.ceil(hi / step) * step
    return list(range(start, end + step, step))


def _round_step(rounds: int, most: int = 6) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000):
        if rounds / step <= most:
            return step
    return math.ceil(rounds / most)


def short_name(name: str) -> str:
    return name if len(name) <= LABEL_CHARS else name[: LABEL_CHARS - 1] + "…"


def spread(positions: list[float], gap: float, lo: float, hi: float) -> list[float]:
    """Move label positions apart by at least ``gap``, within [lo, hi], keeping their order."""
    order = sorted(range(len(positions)), key=lambda i: positions[i])
    ys = [min(max(positions[i], lo), hi) for i in order]
    for k in range(1, len(ys)):
        ys[k] = max(ys[k], ys[k - 1] + gap)
    if ys and ys[-1] > hi:
        ys[-1] = hi
        for k in range(len(ys) - 2, -1, -1):
            ys[k] = min(ys[k], ys[k + 1] - gap)
    out = [0.0] * len(positions)
    for k, i in enumerate(order):
        out[i] = ys[k]
    return out


@dataclass
class Line:
    seat: int
    name: str
    label: str
    total: int
    series: int  # 1 … SERIES, the CSS colour
    dash: str
    shape: str
    path: str
    markers: str
    end: tuple[str, str]
    label_y: str
    label_marker: str  # only when the label had to move away from the line's end
    connector: bool


@dataclass
class Chart:
    width: int
    height: int
    rounds: int
    lines: list[Line] = field(default_factory=list)
    y_ticks: list[tuple[str, int]] = field(default_factory=list)  # (y, value)
    x_ticks: list[tuple[str, int | str]] = field(default_factory=list)  # (x, round number or label)
    zero_y: str | None = None
    plot: tuple[int, int, int, int] = (LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM)
    connector_x: str = ""
    label_text_x: str = ""
    total_x: str = ""  # where the line-end totals end (text-anchor end): the chart's right edge


def build(players: list[str], running: list[list[int]], initial: int | list[int] = 0,
          x_labels: list[str] | None = None) -> Chart | None:
    """The chart of ``running`` (totals after each round, one list per round) or None without any round.

    ``x_labels`` names the steps (``x_labels[i]`` is shown under step ``i + 1``) instead of their numbers: the
    group's chart counts months, not rounds."""
    if not running or not players:
        return None
    n, rounds = len(players), len(running)
    start = initial if isinstance(initial, list) else [initial] * n
    series = [[start[s]] + [row[s] for row in running] for s in range(n)]
    values = [v for line in series for v in line]
    ticks = nice_ticks(min(values), max(values))
    lo, hi = ticks[0], ticks[-1]
    x0, y0, x1, y1 = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM

    def x(i: int) -> float:
        return x0 + (x1 - x0) * i / rounds

    def y(v: float) -> float:
        return y1 - (y1 - y0) * (v - lo) / (hi - lo)

    chart = Chart(WIDTH, HEIGHT, rounds)
    chart.y_ticks = [(_fmt(y(t)), t) for t in ticks]
    chart.zero_y = _fmt(y(0)) if lo < 0 < hi else None
    step = _round_step(rounds, 6 if x_labels is None else 3)
    if x_labels is None:
        chart.x_ticks = [(_fmt(x(i)), i) for i in range(0, rounds + 1, step)]
    else:
        chart.x_ticks = [(_fmt(x(i)), x_labels[i - 1]) for i in range(step, rounds + 1, step)]
    chart.connector_x = _fmt(x1 + 5)
    chart.label_text_x = _fmt(x1 + 17)
    chart.total_x = _fmt(WIDTH - 1)
    ends = [y(line[-1]) for line in series]
    label_ys = spread(ends, LABEL_GAP, y0 + 4, y1)
    every_point = rounds <= MARKERS_UP_TO
    for s, line in enumerate(series):
        style = s % SERIES
        shape = SHAPES[style]
        points = [(x(i), y(v)) for i, v in enumerate(line)]
        path = "M" + " L".join(f"{_fmt(px)},{_fmt(py)}" for px, py in points)
        marked = points[1:] if every_point else points[-1:]
        chart.lines.append(Line(
            seat=s, name=players[s], label=short_name(players[s]), total=line[-1], series=style + 1,
            dash=DASHES[style], shape=shape, path=path,
            markers="".join(marker_path(shape, px, py) for px, py in marked),
            end=(_fmt(points[-1][0]), _fmt(points[-1][1])), label_y=_fmt(label_ys[s]),
            label_marker=marker_path(shape, x1 + 10, label_ys[s]) if abs(label_ys[s] - ends[s]) > 1 else "",
            connector=abs(label_ys[s] - ends[s]) > 1,
        ))
    return chart
