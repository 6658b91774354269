"""A group's tables with their totals, winners and ranks, in a constant number of queries.

Totals come from replaying each table's events through its game's rules model
(:func:`companion.tables.ledger.load`), as everywhere in Atout. The group page would replay every table of the
group on every view, so the outcome of each replay is kept (:class:`~companion.groups.models.TableSummary`,
keyed by the table and its version, which every new event changes): a view replays only the tables that
changed since, and reads the events of those tables alone, in one query.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterator
from dataclasses import dataclass

from django.db import DatabaseError, transaction
from django.db.models import F, QuerySet
from django.utils import timezone

from companion.games import registry
from companion.kernel import RulesError
from companion.kernel.game import Game
from companion.tables import ledger
from companion.tables.models import Event, Table

from .models import Group, TableSummary, name_key

log = logging.getLogger(__name__)
EVENT_FIELDS = ("id", "table_id", "seq", "kind", "target", "data")
# Up to this many changed tables, their events are asked for by table id; beyond, the group's events are read
# and sorted here (a long IN list would exceed what some databases take in one query).
BY_ID_UP_TO = 500
SUMMARY_FIELDS = ["version", "format", "totals", "ranks", "winners", "finished", "lowest_wins", "rounds"]


@dataclass(frozen=True)
class Filters:
    game: str = ""
    player: str = ""  # a name; case ignored
    since: dt.date | None = None
    until: dt.date | None = None

    def table_lookups(self, prefix: str = "") -> dict:
        out: dict = {}
        if self.game:
            out[f"{prefix}game"] = self.game
        tz = timezone.get_current_timezone()
        if self.since:
            out[f"{prefix}created_at__gte"] = dt.datetime.combine(self.since, dt.time.min, tzinfo=tz)
        if self.until:
            out[f"{prefix}created_at__lt"] = dt.datetime.combine(self.until + dt.timedelta(days=1), dt.time.min, tzinfo=tz)
        return out

    def keeps(self, table: Table) -> bool:
        # Table.players is JSON: "contains" is not portable (SQLite), so the player filter runs here.
        return not self.player or name_key(self.player) in {name_key(p) for p in table.players}


@dataclass
class Summary:
    """What the group page, its leaderboards and the summary CSV need of one table."""

    table: Table
    game: Game
    totals: list[int]
    ranks: list[int]  # 1 = best; ties share the better rank
    winners: list[int]  # seats; empty while the game goes on
    finished: bool
    lowest_wins: bool
    rounds: int

    @property
    def players(self) -> list[str]:
        return self.table.players  # names as they are now (a rename changes no summary)

    def winner_names(self) -> list[str]:
        return [self.players[s] for s in self.winners]


def ranks(sheet) -> list[int]:
    keys = [sheet.ranking_key(s) for s in range(sheet.n)]
    if sheet.lowest_wins:
        return [1 + sum(1 for other in keys if other < k) for k in keys]
    return [1 + sum(1 for other in keys if other > k) for k in keys]


def summarise(state: ledger.TableState) -> Summary:
    sheet = state.sheet
    return Summary(table=state.table, game=state.game, totals=list(sheet.totals), ranks=ranks(sheet),
                   winners=list(sheet.winners), finished=state.finished, lowest_wins=sheet.lowest_wins,
                   rounds=len(state.rounds))


def _load(table: Table, events: list[Event]) -> ledger.TableState | None:
    """The table's state, or None (logged) when its record no longer replays: a game module removed or its rules
    changed under stored rounds. One broken table must not take the group page or a whole export down."""
    try:
        return ledger.load(table, events=events)
    except RulesError:
        log.warning("table %s (%s) of group %s does not replay", table.id, table.game, table.group_id, exc_info=True)
        return None


def _stored(table: Table) -> TableSummary | None:
    try:
        return table.group_summary
    except TableSummary.DoesNotExist:
        return None


def _from_row(table: Table, game: Game, row: TableSummary) -> Summary:
    return Summary(table=table, game=game, totals=row.totals, ranks=row.ranks, winners=row.winners,
                   finished=row.finished, lowest_wins=row.lowest_wins, rounds=row.rounds)


def _to_row(s: Summary) -> TableSummary:
    return TableSummary(table=s.table, version=s.table.version, format=TableSummary.FORMAT, totals=s.totals,
                        ranks=s.ranks, winners=s.winners, finished=s.finished, lowest_wins=s.lowest_wins,
                        rounds=s.rounds)


def _events_of(group: Group, tables: list[Table], filters: Filters) -> dict[str, list[Event]]:
    """The events of ``tables`` (all of the group), by table, in one query."""
    by_table: dict[str, list[Event]] = {t.id: [] for t in tables}
    if len(tables) <= BY_ID_UP_TO:
        events = Event.objects.filter(table_id__in=list(by_table))
    else:
        events = Event.objects.filter(table__group=group, **filters.table_lookups("table__"))
    for event in events.only(*EVENT_FIELDS).order_by("table_id", "seq"):
        bucket = by_table.get(event.table_id)
        if bucket is not None:
            bucket.append(event)
    return by_table


def _keep(rows: list[TableSummary]) -> None:
    """Store new summaries, replacing stale ones. Only a cache: if the write fails (a table deleted meanwhile),
    the page is still right and the next view tries again."""
    try:
        with transaction.atomic():
            TableSummary.objects.bulk_create(rows, update_conflicts=True, unique_fields=["table"],
                                             update_fields=SUMMARY_FIELDS)
    except DatabaseError:
        log.warning("could not store %d table summaries", len(rows), exc_info=True)


def load_summaries(group: Group, filters: Filters = Filters()) -> list[Summary]:
    """The group's tables, newest first, with their summaries.

    One query reads the tables with their stored summaries. Tables whose summary is missing or older than the
    table (its version) are replayed: one more query for their events, and one bulk write of their new
    summaries. So a view costs the same whatever the history's length, and replays only what changed.
    """
    tables = [t for t in Table.objects.filter(group=group, **filters.table_lookups()).select_related("group_summary")
              .order_by("-created_at", "-id") if filters.keeps(t)]
    games = registry.scored()
    stale = []
    for t in tables:
        row = _stored(t)
        if t.game in games and (row is None or not row.is_fresh(t)):
            stale.append(t)
    replayed: dict[str, Summary] = {}
    if stale:
        events = _events_of(group, stale, filters)
        for t in stale:
            state = _load(t, events[t.id])
            if state is not None:
                replayed[t.id] = summarise(state)
        if replayed:
            _keep([_to_row(s) for s in replayed.values()])
    out: list[Summary] = []
    for t in tables:
        if t.id in replayed:
            out.append(replayed[t.id])
        elif t.game not in games:
            log.warning("table %s of group %s: unknown game %s", t.id, t.group_id, t.game)
        elif (row := _stored(t)) is not None and row.is_fresh(t):
            out.append(_from_row(t, games[t.game], row))
        # else: its record does not replay (logged by _load)
    return out


def chronological_tables(group: Group, upto: dt.datetime) -> QuerySet:
    return Table.objects.filter(group=group, created_at__lte=upto).order_by("created_at", "id")


def iter_states(group: Group) -> Iterator[ledger.TableState]:
    """Every table of the group, oldest first, with its state; for streaming exports.

    Two queries read with ``.iterator()`` in the same order (table creation time, then id), so memory holds
    one table's events at a time. Both stop at the same instant, so a table created meanwhile is in neither.
    """
    upto = timezone.now()
    events = (Event.objects.filter(table__group=group, table__created_at__lte=upto)
              .annotate(table_created=F("table__created_at")).only(*EVENT_FIELDS)
              .order_by("table_created", "table_id", "seq").iterator(chunk_size=2000))
    pending = next(events, None)
    for table in chronological_tables(group, upto).iterator(chunk_size=500):
        mine: list[Event] = []
        while pending is not None and pending.table_id == table.id:
            mine.append(pending)
            pending = next(events, None)
        state = _load(table, mine)
        if state is not None:
            yield state
