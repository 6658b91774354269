"""Two phones of the same seat sending a move against the same action number at the same instant: exactly one is
stored, the other gets 409 and the current view. Threads with their own connections (see test_concurrency.py);
the unique key (table, deal, number) and the table row lock make it so on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.tables.models import Move, Table

from .helpers import PLAYERS, post_json
from .test_concurrency import at_once

pytestmark = [pytest.mark.django_db(transaction=True)]


def test_the_same_move_twice_at_once_is_stored_once():
    client = Client()
    created = post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS, "digital": True,
                                                "bots": [3]}).json()
    token = next(s["token"] for s in created["seats"] if s["seat"] == 1)  # seat 1 leads the first deal
    tid = created["id"]
    card = client.get(f"/api/tables/{tid}/play", HTTP_AUTHORIZATION=f"Bearer {token}").json()["legal"][0]

    def phone(_i):
        response = post_json(Client(), f"/api/tables/{tid}/play", {"action": card, "after": 0}, token=token)
        return response.status_code, response.json()

    results = at_once(2, phone)
    assert sorted(status for status, _ in results) == [200, 409]
    loser = next(body for status, body in results if status == 409)
    assert loser["errors"][0]["code"] == "stale"
    assert loser["view"]["action_number"] == 1
    assert list(Move.objects.filter(table_id=tid).values_list("number", "seat", "action")) == [(1, 1, card)]
    assert Table.objects.get(pk=tid).move_count == 2  # the first deal dealt, one move
