"""Player names that fit a narrow column and still tell the players apart.

On a 360 px phone, eight columns leave about six characters a name. Cutting every name at six would make
"Marie-Christine" and "Marie-Claude" both "Marie-…"; cutting at the shortest prefix no other name starts with
keeps them apart ("Marie-Ch…", "Marie-Cl…"). Every page that shows names in columns uses :func:`short_names`,
and shows the full name in a ``title`` next to it.
"""

from __future__ import annotations

ELLIPSIS = "…"
# Characters a column shows on one line at 360 px, by number of players (sheet headers, totals bar).
_FIT = {1: 20, 2: 20, 3: 16, 4: 11, 5: 9, 6: 7, 7: 6, 8: 6}


def fit_for(n_players: int) -> int:
    """How many characters a name column holds at ``n_players`` on a 360 px screen."""
    return _FIT.get(n_players, 5 if n_players > 8 else 20)


def _distinct_prefix(name: str, others: list[str]) -> int:
    """The length of the shortest prefix of ``name`` that no other name begins with (case and accents kept:
    what the reader sees is compared); the whole name when another name begins with all of it."""
    low = name.casefold()
    rest = [o.casefold() for o in others]
    for k in range(1, len(low) + 1):
        if not any(o.startswith(low[:k]) for o in rest):
            return k
    return len(low)


def short_name(name: str, others: list[str], fit: int) -> str:
    """``name`` as it fits in ``fit`` characters: whole when it fits; otherwise as long a prefix as fits (the
    ellipsis takes one place), lengthened if needed until no other name of ``others`` begins the same way."""
    name = name.strip()
    if len(name) <= fit:
        return name
    distinct = _distinct_prefix(name, others)
    keep = max(fit - 1, distinct, 1)
    if keep >= len(name):
        return name
    prefix = name[:keep]
    stripped = prefix.rstrip(" -")  # "Marie-…" reads better than "Marie--…", unless the dash is what differs
    return (stripped if len(stripped) >= distinct else prefix) + ELLIPSIS


def short_names(names: list[str], fit: int | None = None) -> list[str]:
    """Each name shortened to ``fit`` characters (default: what a sheet column holds for this many players),
    two different names never shortened alike."""
    fit = fit_for(len(names)) if fit is None else fit
    out = []
    for i, name in enumerate(names):
        others = [n.strip() for j, n in enumerate(names) if j != i and n.strip() != name.strip()]
        out.append(short_name(name, others, fit))
    return out
