"""A group's tables with their states, read from the record in a constant number of queries.

Totals are never stored: as everywhere in Atout they come from replaying each table's events through its
game's rules model (:func:`companion.tables.ledger.load`). Here the events of *all* the tables asked for come
in one query, so a group page costs the same few queries whether the group played ten tables or ten thousand.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterator
from dataclasses import dataclass

from django.db.models import F, QuerySet
from django.utils import timezone

from companion.rules import RulesError
from companion.tables import ledger
from companion.tables.models import Event, Table

from .models import Group, name_key

log = logging.getLogger(__name__)
EVENT_FIELDS = ("id", "table_id", "seq", "kind", "target", "data")


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
    """What the group page and the summary CSV need of one table."""

    state: ledger.TableState
    ranks: list[int]  # 1 = best; ties share the better rank

    @property
    def table(self) -> Table:
        return self.state.table

    @property
    def players(self) -> list[str]:
        return self.state.players

    @property
    def totals(self) -> list[int]:
        return self.state.sheet.totals

    @property
    def finished(self) -> bool:
        return self.state.finished

    @property
    def winners(self) -> list[int]:
        return self.state.sheet.winners

    @property
    def rounds(self) -> int:
        return len(self.state.rounds)


def ranks(sheet) -> list[int]:
    keys = [sheet.ranking_key(s) for s in range(sheet.n)]
    if sheet.lowest_wins:
        return [1 + sum(1 for other in keys if other < k) for k in keys]
    return [1 + sum(1 for other in keys if other > k) for k in keys]


def summarise(state: ledger.TableState) -> Summary:
    return Summary(state, ranks(state.sheet))


def _load(table: Table, events: list[Event]) -> ledger.TableState | None:
    """The table's state, or None (logged) when its record no longer replays: a game module removed or its rules
    changed under stored rounds. One broken table must not take the group page or a whole export down."""
    try:
        return ledger.load(table, events=events)
    except RulesError:
        log.warning("table %s (%s) of group %s does not replay", table.id, table.game, table.group_id, exc_info=True)
        return None


def load_summaries(group: Group, filters: Filters = Filters()) -> list[Summary]:
    """The group's tables, newest first, with their states: two queries whatever the history's length."""
    tables = [t for t in Table.objects.filter(group=group, **filters.table_lookups()).order_by("-created_at", "-id")
              if filters.keeps(t)]
    by_table: dict[str, list[Event]] = {t.id: [] for t in tables}
    events = (Event.objects.filter(table__group=group, **filters.table_lookups("table__"))
              .only(*EVENT_FIELDS).order_by("table_id", "seq"))
    for event in events:
        bucket = by_table.get(event.table_id)
        if bucket is not None:
            bucket.append(event)
    states = (_load(t, by_table[t.id]) for t in tables)
    return [summarise(state) for state in states if state is not None]


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
