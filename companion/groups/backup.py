"""The restore drill: every group, player, table and event to one JSON-lines file, and back into an empty database.

It sits with the groups because it writes both apps' rows, and groups build on tables (never the reverse).

One JSON object a line, keys sorted, in a fixed order (groups, players, tables, events, then the digital tables'
seats, deals and moves; each by its key), so that export → import → export gives the same bytes — across any two
databases: text keys (ids, players' keys) are ordered by their UTF-8 bytes (:func:`_bytewise`), never by the
database's collation, which differs between SQLite (bytes) and a PostgreSQL created with a linguistic one (ICU,
en_US.UTF-8: "aB" before "Ab", "é" next to "e").

Events are the record and are copied exactly (seq, kind, target, data, time, idempotency key and the answer given to
it); so are a digital table's seats (token hashes, the hash a seat's phone is bound to, who holds it), deals (with
their seeds: the file is the server's own data, never shown to a player) and moves. What is derived from them (the
groups' table summaries, the state caches) is not exported and is worked out again after a restore. A file written
before digital tables existed restores as it did, and so does one written before seats could be bound to a phone or
handed to a bot (those fields default to a seat never bound, held by whom it was made for), or before tables kept
the id they had in an imported CSV file (``imported_from``: empty then).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator

from django.db import connection, transaction
from django.db.models import F
from django.db.models.functions import Collate

from companion.tables.models import Deal, Event, Move, Seat, Table

from .models import Group, GroupPlayer, name_key

FORMAT = "atout-backup/1"


def _time(value: dt.datetime) -> str:
    return value.astimezone(dt.UTC).isoformat()


def _line(obj: dict) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


# The collation that compares text as its UTF-8 bytes (code point order, as Python compares str), per database.
BYTEWISE = {"postgresql": "C", "sqlite": "BINARY", "mysql": "utf8mb4_bin"}


def _bytewise(field: str):
    """``field`` to order by as its UTF-8 bytes, whatever the database's or the column's collation."""
    collation = BYTEWISE.get(connection.vendor)
    return Collate(F(field), collation) if collation else F(field)


def export_lines() -> Iterator[str]:
    b = _bytewise
    yield _line({"type": "format", "format": FORMAT})
    for g in Group.objects.order_by(b("id")).iterator():
        yield _line({"type": "group", "id": g.id, "name": g.name, "created_at": _time(g.created_at)})
    for p in GroupPlayer.objects.order_by(b("group_id"), b("key")).iterator():
        yield _line({"type": "player", "group": p.group_id, "name": p.name, "created_at": _time(p.created_at)})
    for t in Table.objects.order_by(b("id")).iterator():
        yield _line({"type": "table", "id": t.id, "game": t.game, "players": t.players, "options": t.options,
                     "edit_token_hash": t.edit_token_hash, "created_at": _time(t.created_at), "version": t.version,
                     "group": t.group_id, "digital": t.digital, "move_count": t.move_count,
                     "imported_from": t.imported_from, "first_dealer": t.first_dealer, "title": t.title})
    for e in Event.objects.order_by(b("table_id"), "seq").iterator(chunk_size=2000):
        yield _line({"type": "event", "table": e.table_id, "seq": e.seq, "kind": e.kind, "target": e.target,
                     "data": e.data, "created_at": _time(e.created_at), "idempotency_key": e.idempotency_key,
                     "response": e.response})
    for st in Seat.objects.order_by(b("table_id"), "seat").iterator():
        yield _line({"type": "seat", "table": st.table_id, "seat": st.seat, "is_bot": st.is_bot,
                     "bot_level": st.bot_level, "token_hash": st.token_hash, "pass_play": st.pass_play,
                     "bind_hash": st.bind_hash, "stand_in": st.stand_in,
                     "changed_at": _time(st.changed_at) if st.changed_at else None})
    for d in Deal.objects.order_by(b("table_id"), "index").iterator():
        yield _line({"type": "deal", "table": d.table_id, "index": d.index, "round_number": d.round_number,
                     "seed": d.seed, "event_seq": d.event_seq, "created_at": _time(d.created_at)})
    for m in Move.objects.order_by(b("table_id"), "deal", "number").iterator(chunk_size=2000):
        yield _line({"type": "move", "table": m.table_id, "deal": m.deal, "number": m.number, "seat": m.seat,
                     "action": m.action, "created_at": _time(m.created_at)})


class RestoreRefused(Exception):
    pass


def is_empty() -> bool:
    return not (Group.objects.exists() or Table.objects.exists() or Event.objects.exists())


def import_lines(lines) -> dict[str, int]:
    """Restore a file made by :func:`export_lines` into an empty database, all of it or nothing."""
    counts = {"group": 0, "player": 0, "table": 0, "event": 0, "seat": 0, "deal": 0, "move": 0}
    with transaction.atomic():
        if not is_empty():
            raise RestoreRefused("The database is not empty: a backup is restored into an empty database only "
                                 "(create a new one and run migrate first).")
        batch: list = []
        kind_of_batch = None

        def flush():
            if batch:
                model = type(batch[0])
                times = [getattr(row, "created_at", None) for row in batch]
                model.objects.bulk_create(batch, batch_size=1000)
                if times[0] is not None:
                    # created_at is set on insert (auto_now_add): the record's own times go back in afterwards.
                    for row, created in zip(batch, times, strict=True):
                        row.created_at = created
                    model.objects.bulk_update(batch, ["created_at"], batch_size=1000)
                batch.clear()

        for number, raw in enumerate(lines, 1):
            if not raw.strip():
                continue
            try:
                obj = json.loads(raw)
                kind = obj.pop("type")
            except (ValueError, KeyError, AttributeError):
                raise RestoreRefused(f"line {number}: not a backup line") from None
            if number == 1:
                if kind != "format" or obj.get("format") != FORMAT:
                    raise RestoreRefused(f"line 1: not an {FORMAT} file")
                continue
            if kind not in counts:
                raise RestoreRefused(f"line {number}: unknown type {kind!r}")
            if kind != kind_of_batch or len(batch) >= 5000:  # memory holds one batch at a time
                flush()
                kind_of_batch = kind
            if kind == "seat":
                changed = obj.pop("changed_at", None)
                batch.append(Seat(table_id=obj.pop("table"), changed_at=dt.datetime.fromisoformat(changed)
                                  if changed else None, **obj))
                counts[kind] += 1
                continue
            created = dt.datetime.fromisoformat(obj.pop("created_at"))
            if kind == "group":
                row = Group(created_at=created, **obj)
            elif kind == "player":
                row = GroupPlayer(group_id=obj.pop("group"), created_at=created, key=name_key(obj["name"]), **obj)
            elif kind == "table":
                row = Table(group_id=obj.pop("group"), created_at=created, **obj)
            elif kind == "event":
                row = Event(table_id=obj.pop("table"), created_at=created, **obj)
            elif kind == "deal":
                row = Deal(table_id=obj.pop("table"), created_at=created, **obj)
            else:
                row = Move(table_id=obj.pop("table"), created_at=created, **obj)
            batch.append(row)
            counts[kind] += 1
        flush()
    return counts
