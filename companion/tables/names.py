"""Player names that fit a narrow column and still tell the players apart.

On a 360 px phone, eight columns leave about six characters a line, two lines a name. A name that does not fit
is cut, but never so short that two players look alike: Marie-Christine and Maximilien are not both "Ma…",
each keeps at least the shortest prefix no other name begins with. Every page that shows names in columns uses :func:`short_names`,
and shows the full name in a ``title`` next to it.
"""

from __future__ import annotations

import re

ELLIPSIS = "…"
LINES = 2  # a header shows a name on two lines at most
# Characters a column's line holds at 360 px, by number of players (sheet headers, totals bar).
_FIT = {1: 20, 2: 20, 3: 14, 4: 10, 5: 8, 6: 7, 7: 6, 8: 6}
_PIECES = re.compile(r"[^\s-]*-|[^\s-]+")


def fit_for(n_players: int) -> int:
    """How many characters a line of a name column holds at ``n_players`` on a 360 px screen."""
    return _FIT.get(n_players, 5 if n_players > 8 else 20)


def lines_needed(text: str, fit: int) -> int:
    """The lines ``text`` takes in a column ``fit`` characters wide, breaking only at spaces and after hyphens
    (as the browser does); a piece longer than a line counts as too many lines."""
    lines, line = 0, ""
    for piece, space in ((m.group(), text[m.start() - 1:m.start()] == " ") for m in _PIECES.finditer(text)):
        if len(piece) > fit:
            return LINES + 99
        joined = line + (" " if space and line else "") + piece
        if line and len(joined) > fit:
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


def short_name(name: str, others: list[str], fit: int, lines: int = LINES) -> str:
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


def short_names(names: list[str], fit: int | None = None, lines: int = LINES) -> list[str]:
    """Each name shortened to ``lines`` lines of ``fit`` characters (default: what a sheet column holds for this
    many players), two different names never shortened alike."""
    fit = fit_for(len(names)) if fit is None else fit
    out = []
    for i, name in enumerate(names):
        others = [n.strip() for j, n in enumerate(names) if j != i and n.strip() != name.strip()]
        out.append(short_name(name, others, fit, lines))
    return out
