"""Helpers every test folder shares: several phones at the same instant."""

from __future__ import annotations

import threading

import pytest
from django.db import connections
from django.test import Client


def at_once(n: int, request) -> list:
    """Run ``request(i)`` in ``n`` threads released at the same moment (a barrier), each with its own database
    connection; their results in order. A thread's exception fails the test, in the test's thread."""
    barrier = threading.Barrier(n)
    results: list = [None] * n
    errors: list[BaseException] = []

    def phone(i: int) -> None:
        try:
            barrier.wait(timeout=10)
            results[i] = request(i)
        except BaseException as e:  # noqa: BLE001 — reported below, in the test's thread
            errors.append(e)
        finally:
            connections.close_all()  # the test database cannot be dropped while a thread holds a connection

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors, errors
    assert not any(t.is_alive() for t in threads)
    return results


def phone_client() -> Client:
    """A phone's own test client: French, and a server error answered as a 500 page rather than raised."""
    return Client(HTTP_ACCEPT_LANGUAGE="fr", raise_request_exception=False)


# SQLite queues writers only with immediate transactions and a busy timeout (companion/settings.py); without them,
# simultaneous writes fail with "database table is locked" before any constraint is reached.
needs_queued_writers = pytest.mark.skipif(
    connections["default"].vendor == "sqlite" and connections["default"].settings_dict.get("OPTIONS", {}).get(
        "transaction_mode") != "IMMEDIATE", reason="SQLite without immediate transactions cannot queue writers")
