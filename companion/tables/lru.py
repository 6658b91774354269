"""The one per-process cache of derived state: for each table, the value of its latest version known.

A table's version names its record for good (every event bumps it; a digital table's moves bump its move count
too), so a value kept under ``(table id, version)`` never goes stale: a reader at that version takes it, a reader
ahead of it may bring it forward, and an older version never replaces a newer one. The tables used least recently
go beyond ``size``. The ledger keeps sheets in it (:class:`companion.tables.ledger.StateCache`), digital play its
deals (:class:`companion.tables.digital.PlayCache`). Pure Python, thread-safe; values are shared between
requests, so they are never changed in place.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class VersionedLRU(Generic[V]):
    """For each key, one ``(version, value)``: the latest version stored. Versions are compared with ``<``
    (numbers, or tuples such as ``(version, move_count)``). ``hits`` and ``misses`` are counted by the caller."""

    def __init__(self, size: int = 256):
        self.size = size
        self._items: OrderedDict[Any, tuple[Any, V]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def at(self, key, version) -> V | None:
        """The value stored for exactly ``version`` (and the key becomes the most recently used), else None."""
        with self._lock:
            item = self._items.get(key)
            if item is None or item[0] != version:
                return None
            self._items.move_to_end(key)
            return item[1]

    def latest(self, key) -> tuple[Any, V] | None:
        """The ``(version, value)`` stored for the key, whatever its version; the order of use is left alone."""
        with self._lock:
            return self._items.get(key)

    def keep(self, key, version, value: V) -> None:
        """Store ``value`` as the key's ``version``, unless a newer version is stored already."""
        with self._lock:
            item = self._items.get(key)
            if item is not None and item[0] > version:
                return
            self._items[key] = (version, value)
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def discard(self, key) -> None:
        with self._lock:
            self._items.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._items)
