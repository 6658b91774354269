"""The one cache of derived state (:class:`companion.tables.lru.VersionedLRU`), on its own: no database."""

import threading

from companion.tables.lru import VersionedLRU


def test_a_value_is_found_at_its_own_version_only():
    cache = VersionedLRU(size=4)
    cache.keep("t1", 3, "sheet at 3")
    assert cache.at("t1", 3) == "sheet at 3"
    assert cache.at("t1", 2) is None and cache.at("t1", 4) is None and cache.at("t2", 3) is None
    assert cache.latest("t1") == (3, "sheet at 3") and cache.latest("t2") is None


def test_an_older_version_never_replaces_a_newer_one_and_a_newer_one_does():
    cache = VersionedLRU()
    cache.keep("t1", 5, "v5")
    cache.keep("t1", 4, "v4")  # a slow request that read the table before the last event
    assert cache.latest("t1") == (5, "v5")
    cache.keep("t1", 6, "v6")
    assert cache.latest("t1") == (6, "v6") and cache.at("t1", 5) is None and len(cache) == 1


def test_versions_may_be_tuples_compared_in_order():
    cache = VersionedLRU()
    cache.keep("t1", (2, 7), "after 7 moves")
    cache.keep("t1", (2, 6), "after 6 moves")  # older: same version, fewer moves
    cache.keep("t1", (1, 9), "older version")  # older: version 1 < 2, whatever its moves
    assert cache.latest("t1") == ((2, 7), "after 7 moves")
    cache.keep("t1", (3, 0), "next version")
    assert cache.at("t1", (3, 0)) == "next version"


def test_the_table_used_least_recently_goes_first():
    cache = VersionedLRU(size=2)
    cache.keep("a", 1, "A")
    cache.keep("b", 1, "B")
    assert cache.at("a", 1) == "A"  # a is now the most recent: b is the oldest
    assert cache.latest("b") == (1, "B")  # looking without taking does not change the order
    cache.keep("c", 1, "C")
    assert cache.latest("b") is None and cache.at("a", 1) == "A" and cache.at("c", 1) == "C" and len(cache) == 2


def test_discard_and_clear():
    cache = VersionedLRU()
    cache.keep("a", 1, "A")
    cache.keep("b", 1, "B")
    cache.hits, cache.misses = 3, 2
    cache.discard("a")
    cache.discard("nobody")
    assert cache.latest("a") is None and len(cache) == 1
    cache.clear()
    assert len(cache) == 0 and (cache.hits, cache.misses) == (0, 0)


def test_threads_storing_versions_at_once_leave_the_newest():
    cache = VersionedLRU(size=8)
    barrier = threading.Barrier(8)

    def store(version: int) -> None:
        barrier.wait(timeout=10)
        for _ in range(200):
            cache.keep("t", version, f"v{version}")

    threads = [threading.Thread(target=store, args=(v,)) for v in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert cache.latest("t") == (7, "v7") and len(cache) == 1
