"""The group over time: wins per player month by month, and each player's results table after table.

Both read the table summaries the group page already has (:func:`companion.groups.history.load_summaries`),
so they cost no query of their own. Only finished tables count: a game still going on has no winner yet.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.utils import timezone

from .history import Summary
from .models import name_key

RESULTS_SHOWN = 12  # a player's most recent results on a 360 px row


def _month(summary: Summary) -> dt.date:
    day = timezone.localtime(summary.table.created_at).date()
    return day.replace(day=1)


def _months(first: dt.date, last: dt.date) -> list[dt.date]:
    out = [first]
    while out[-1] < last:
        y, m = divmod(out[-1].month, 12)
        out.append(dt.date(out[-1].year + y, m + 1, 1))
    return out


@dataclass
class WinsByMonth:
    months: list[dt.date]  # every month from the first finished table's to the last one's, empty months included
    players: list[str]  # everyone who played a finished table, in order of first appearance
    running: list[list[int]]  # per month, each player's wins so far


def wins_by_month(summaries: list[Summary], names: dict[str, str]) -> WinsByMonth | None:
    """Cumulative wins per player at the end of each month (ties share the win); None without a finished table.
    A table ended before its first round was not played: it counts for nobody."""
    done = sorted((s for s in summaries if s.finished and s.rounds), key=lambda s: (s.table.created_at, s.table.id))
    if not done:
        return None
    keys: list[str] = []
    for s in done:
        for p in s.players:
            if name_key(p) not in keys:
                keys.append(name_key(p))
    months = _months(_month(done[0]), _month(done[-1]))
    wins = dict.fromkeys(keys, 0)
    running: list[list[int]] = []
    i = 0
    for month in months:
        while i < len(done) and _month(done[i]) == month:
            for seat in done[i].winners:
                wins[name_key(done[i].players[seat])] += 1
            i += 1
        running.append([wins[k] for k in keys])
    players = [names.get(k) or next(p for s in done for p in s.players if name_key(p) == k) for k in keys]
    return WinsByMonth(months, players, running)


@dataclass
class Result:
    rank: int
    seats: int
    won: bool
    game: str
    date: dt.date
    table_id: str


@dataclass
class PlayerResults:
    name: str
    results: list[Result]  # oldest first, the most recent RESULTS_SHOWN
    played: int  # all finished tables, shown or not


def results_by_player(summaries: list[Summary], names: dict[str, str], lang: str) -> list[PlayerResults]:
    """Each player's place at each finished table, oldest first; players by name (not a table ended before its
    first round: nobody played it)."""
    done = sorted((s for s in summaries if s.finished and s.rounds), key=lambda s: (s.table.created_at, s.table.id))
    rows: dict[str, list[Result]] = {}
    shown: dict[str, str] = {}
    for s in done:
        for seat, player in enumerate(s.players):
            key = name_key(player)
            shown.setdefault(key, names.get(key, player))
            rows.setdefault(key, []).append(Result(
                rank=s.ranks[seat], seats=len(s.players), won=seat in s.winners, game=s.game.names.get(lang),
                date=timezone.localtime(s.table.created_at).date(), table_id=s.table.id))
    return sorted((PlayerResults(shown[k], r[-RESULTS_SHOWN:], len(r)) for k, r in rows.items()),
                  key=lambda p: p.name.casefold())
