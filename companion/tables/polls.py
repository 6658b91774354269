"""The live poll's 304, from one read of one row.

Every phone asks ``…/live/`` about once a second (``static/js/atout/live.js``) and nearly every answer is a 304. The
views' own way to it (the table through the ORM, the seat's row among the table's seats, the bots moved on, the
tag) builds several queries per poll, and building them costs far more than running them. :func:`not_modified`
answers the same 304 from one query on primary keys (the table row, joined to the seat's row for a seat's page),
written once as SQL, and returns None whenever the answer is anything else, so that the view answers as it always
did (the page, 403, 404, a bot to move):

* a seat's page needs its link and the phone it is bound to. Which row a link opens is kept per process (the hash
  of the token, with the table's id → the seat row's id: :func:`remember_seat`); the poll's row brings that row's
  token and binding hashes back, and both are checked again, so a link the edit link replaced, a renewed link or a
  binding changed is never taken from the cache;
* a digital table's bots play on when a poll comes (:func:`companion.tables.digital.move_on`): the fast answer is
  given only at a ``(version, move_count)`` where a poll already found nobody waiting on a bot (:func:`move_on`
  here, which the views call instead). Every move, deal and seat changing hands bumps the move count, every event
  the version, so a table that moved on is never taken for one that did not;
* the tag is :func:`companion.tables.sync.tag_for` of the row's version, move count and names (kept per row
  value: the names only change with a rename).
"""

from __future__ import annotations

import hmac
import json
import threading
from collections import OrderedDict
from functools import lru_cache

from django.db import connection
from django.http import HttpRequest, HttpResponseNotModified

from . import digital, sync
from .lru import VersionedLRU
from .models import Seat, Table, hash_token

_T = Table._meta.db_table
_S = Seat._meta.db_table
# The table's row; with ``seat``, the seat row the link was last seen to open, on that table only.
TABLE_SQL = f"SELECT version, move_count, players, digital, edit_token_hash FROM {_T} WHERE id = %s"
SEAT_SQL = (f"SELECT t.version, t.move_count, t.players, t.digital, t.edit_token_hash, s.token_hash, s.bind_hash "
            f"FROM {_T} t LEFT JOIN {_S} s ON s.id = %s AND s.table_id = t.id WHERE t.id = %s")

#: Per process, for each digital table: the ``(version, move_count)`` at which a poll found no bot to move and
#: no deal to deal (the value is True).
settled: VersionedLRU[bool] = VersionedLRU(size=4096)


class SeatLinks:
    """Per process: ``(table id, token hash)`` → the id of the seat row that link opened, for the most recent
    ``size`` links. Only a hint: the poll's row says whether that row still has that link."""

    def __init__(self, size: int = 4096):
        self.size = size
        self._items: OrderedDict[tuple[str, str], int] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, table_id: str, token_hash: str) -> int | None:
        with self._lock:
            return self._items.get((table_id, token_hash))

    def put(self, table_id: str, token_hash: str, seat_id: int) -> None:
        with self._lock:
            self._items[(table_id, token_hash)] = seat_id
            self._items.move_to_end((table_id, token_hash))
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def forget(self, table_id: str, token_hash: str) -> None:
        with self._lock:
            self._items.pop((table_id, token_hash), None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


seat_links = SeatLinks()


@lru_cache(maxsize=8192)
def _tag(version: int, move_count: int, players: str) -> str:
    return sync.tag_for(version, move_count, json.loads(players))


def tag(version: int, move_count: int, players: str | list) -> str:
    """The live ETag of a row read raw (``players`` as the database gives a JSON column: text, or already read)."""
    return _tag(version, move_count, players if isinstance(players, str) else json.dumps(players))


def move_on(table: Table) -> None:
    """:func:`companion.tables.digital.move_on`, and when it found nothing to do (the table's version and move count
    unchanged) and nobody waiting on a bot, the table noted as settled there, so that the next polls at that point
    answer from one row. While a bot's task is pending the polls keep calling it: a task lost with its worker is
    enqueued again by the next poll."""
    if not table.digital:
        return
    before = (table.version, table.move_count)
    idle = digital.move_on(table)
    if idle and (table.version, table.move_count) == before:
        settled.keep(table.pk, before, True)


def remember_seat(table_id: str, token: str, seat_id: int) -> None:
    """The seat row ``token`` opens on that table, as the view found it (a bound seat's poll)."""
    seat_links.put(table_id, hash_token(token), seat_id)


def read_row(table_id: str, seat_id: int | None) -> tuple | None:
    """``(version, move_count, players, digital, edit_token_hash)`` of the table, then with ``seat_id`` that seat
    row's ``(token_hash, bind_hash)`` (None, None when it is no seat of the table); None for no such table."""
    with connection.cursor() as cursor:
        if seat_id is None:
            cursor.execute(TABLE_SQL, [table_id])
        else:
            cursor.execute(SEAT_SQL, [seat_id, table_id])
        return cursor.fetchone()


def not_modified(request: HttpRequest, table_id: str, *, edit_token: str | None = None, seat_token: str | None = None,
                 seat_cookie: str | None = None, digital_only: bool = False,
                 cache_control: str = "no-store") -> HttpResponseNotModified | None:
    """The 304 a poll gets when the phone shows the table as it is, or None when the view must answer (anything
    else: a change, an unknown table, a wrong link, a seat not bound to this phone, a table a bot is to move on).

    ``edit_token``: the edit link's token, checked against the table's; ``seat_token`` and ``seat_cookie`` (the name
    of the seat's phone cookie): a seat's own page, its link and the phone it is bound to checked; ``digital_only``:
    the play pages, which only a digital table has."""
    asked = request.headers.get("If-None-Match")
    if not asked:
        return None
    seat_hash = seat_id = None
    if seat_token is not None:
        seat_hash = hash_token(seat_token)
        seat_id = seat_links.get(table_id, seat_hash)
        if seat_id is None:
            return None
    row = read_row(table_id, seat_id)
    if row is None:
        return None
    version, move_count, players, is_digital, edit_hash = row[:5]
    if (digital_only and not is_digital) or (edit_token is not None
                                             and not hmac.compare_digest(edit_hash, hash_token(edit_token))):
        return None
    if seat_hash is not None:
        token_hash, bind_hash = row[5], row[6]
        if token_hash is None or not hmac.compare_digest(token_hash, seat_hash):
            seat_links.forget(table_id, seat_hash)  # a new link, or the seat is gone: the view says so
            return None
        secret = request.COOKIES.get(seat_cookie or "")
        if not bind_hash or not secret or not hmac.compare_digest(bind_hash, hash_token(secret)):
            return None
    if is_digital and settled.at(table_id, (version, move_count)) is None:
        return None
    etag = tag(version, move_count, players)
    if not sync.etag_matches(asked, etag):
        return None
    return HttpResponseNotModified(headers={"ETag": etag, "Cache-Control": cache_control})
