"""Who wins what: per player and per game, from table summaries (:mod:`companion.groups.history`).

Only finished tables count: a game still going has no winner and no final total yet. Players are told apart
by name, case ignored (the group keeps one spelling per player and renames every table with it).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .history import Summary
from .models import name_key


@dataclass
class PlayerStats:
    name: str
    lowest_wins: bool = True
    played: int = 0
    won: int = 0
    rank_sum: int = 0
    best: int | None = None
    worst: int | None = None

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def win_percent(self) -> int:
        return round(100 * self.win_rate)

    @property
    def average_rank(self) -> float:
        return self.rank_sum / self.played if self.played else 0.0

    def add(self, total: int, rank: int, won: bool) -> None:
        self.played += 1
        self.won += int(won)
        self.rank_sum += rank
        better, worse = (min, max) if self.lowest_wins else (max, min)
        self.best = total if self.best is None else better(self.best, total)
        self.worst = total if self.worst is None else worse(self.worst, total)


def _leaderboard(rows: Iterable[PlayerStats]) -> list[PlayerStats]:
    return sorted(rows, key=lambda p: (-p.win_rate, -p.won, p.average_rank, p.name.casefold()))


def by_game(summaries: Iterable[Summary], names: dict[str, str] | None = None) -> dict[str, list[PlayerStats]]:
    """``{game slug: leaderboard}``, each leaderboard best first (win rate, wins, then average rank).

    ``names`` maps a name key to the spelling to show (the group's); otherwise the latest table's spelling."""
    names = names or {}
    games: dict[str, dict[str, PlayerStats]] = {}
    for s in summaries:
        if not s.finished or not s.rounds:
            continue
        board = games.setdefault(s.game.slug, {})
        winners = set(s.winners)
        for seat, player in enumerate(s.players):
            key = name_key(player)
            stats = board.get(key)
            if stats is None:
                stats = board[key] = PlayerStats(names.get(key, player), lowest_wins=s.lowest_wins)
            stats.add(s.totals[seat], s.ranks[seat], seat in winners)
    return {slug: _leaderboard(board.values()) for slug, board in games.items()}


def overall(boards: dict[str, list[PlayerStats]]) -> list[PlayerStats]:
    """Tables played and won per player over every game (totals of different games do not add up)."""
    out: dict[str, PlayerStats] = {}
    for board in boards.values():
        for p in board:
            key = name_key(p.name)
            acc = out.setdefault(key, PlayerStats(p.name))
            acc.played += p.played
            acc.won += p.won
            acc.rank_sum += p.rank_sum
    return _leaderboard(out.values())
