"""Player names that fit a narrow column and still tell the players apart.

On a 360 px phone, eight columns leave about five letters a line, two lines a name. A name that does not fit
is cut, but never so short that two players look alike: Marie-Christine and Maximilien are not both "Ma…",
each keeps at least the shortest prefix no other name begins with. Every page that shows names in columns uses :func:`short_names`,
and shows the full name in a ``title`` next to it.
"""

from __future__ import annotations

import re

ELLIPSIS = "…"
LINES = 2  # a header shows a name on two lines at most
# How wide a line of a name column is at 360 px, by number of players, in widths of an average lower-case letter
# of the column's font (the sheet's CSS: 336 px of table less the row head, shared by the players' columns; the
# totals bar is about as wide a column).
_FIT = {1: 20.0, 2: 20.0, 3: 11.5, 4: 8.6, 5: 6.8, 6: 7.0, 7: 6.0, 8: 5.3}  # measured in Chromium, less a margin
_NARROW, _HALF, _WIDE = set("ijlI.,;:'!|"), set("frt-() "), set("mwMW")
_PIECES = re.compile(r"[^\s-]*-|[^\s-]+")


def fit_for(n_players: int) -> float:
    """How wide a line of a name column is at ``n_players`` on a 360 px screen (see :func:`width`)."""
    return _FIT.get(n_players, 5.0 if n_players > 8 else 20.0)


def width(text: str) -> float:
    """Roughly how wide ``text`` is, in average lower-case letters: "i" is half of one, "M" and capitals more,
    the ellipsis more still. Good enough to cut a name before the browser has to."""
    total = 0.0
    for ch in text:
        if ch in _NARROW:
            total += 0.45
        elif ch in _HALF:
            total += 0.6
        elif ch in _WIDE:
            total += 1.45
        elif ch == ELLIPSIS:
            total += 1.75
        elif ch.isupper():
            total += 1.2
        else:
            total += 1.0
    return total


def lines_needed(text: str, fit: float) -> int:
    """The lines ``text`` takes in a column ``fit`` wide (see :func:`width`), breaking only at spaces and after
    hyphens, as the browser does; a piece wider than a line counts as too many lines."""
    lines, line = 0, ""
    for piece, space in ((m.group(), text[m.start() - 1:m.start()] == " ") for m in _PIECES.finditer(text)):
        if width(piece) > fit:
            return LINES + 99
        joined = line + (" " if space and line else "") + piece
        if line and width(joined) > fit:
            lines, line = lines + 1, piece
        else:
            line = joined
    return lines + (1 if line else 0)


def _distinct_prefix(name: str, others: list[str]) -> int:
    """The length of the shortest prefix of ``name`` that no other name begins with (ignoring case); the whole
    name when another name begins with all of it."""
    low = name.casefold()
    rest = [o.casefold() for o in others]
    for k in range(1, len(low) + 1):
        if not any(o.startswith(low[:k]) for o in rest):
            return k
    return len(low)


def short_name(name: str, others: list[str], fit: float, lines: int = LINES) -> str:
    """``name`` as it fits in ``lines`` lines of ``fit`` characters: whole when it fits; otherwise the longest
    prefix that fits with its ellipsis, lengthened if needed until no other name of ``others`` begins the same way
    (Marie-Christine and Marie-Claude are "Marie-Ch…" and "Marie-Cl…", never both "Marie-…")."""
    name = name.strip()
    if lines_needed(name, fit) <= lines:
        return name
    keep = 1
    for k in range(len(name) - 1, 0, -1):
        if lines_needed(name[:k].rstrip() + ELLIPSIS, fit) <= lines:
            keep = k
            break
    keep = max(keep, _distinct_prefix(name, others))
    if keep >= len(name):
        return name
    return name[:keep].rstrip() + ELLIPSIS


def short_names(names: list[str], fit: float | None = None, lines: int = LINES) -> list[str]:
    """Each name shortened to ``lines`` lines of ``fit`` characters (default: what a sheet column holds for this
    many players), two different names never shortened alike."""
    fit = fit_for(len(names)) if fit is None else fit
    out = []
    for i, name in enumerate(names):
        others = [n.strip() for j, n in enumerate(names) if j != i and n.strip() != name.strip()]
        out.append(short_name(name, others, fit, lines))
    return out
