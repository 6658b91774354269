"""Several phones at the same instant, for real: threads, each with its own database connection, released
together by a barrier. On PostgreSQL the table row lock (``select_for_update``) is what makes exactly one of them
win; on SQLite every write transaction takes the database's write lock when it begins (``transaction_mode``
IMMEDIATE, a busy timeout, WAL: ``companion/settings.py``), so writers queue instead of failing with "database
is locked". The suite's SQLite test database is a file, so these threads use real connections and real locks;
CI runs this module on both databases."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from companion.tables.models import Event, Table
from tests.helpers import at_once
from tests.tables.helpers import create_table

pytestmark = [pytest.mark.django_db(transaction=True)]

PHONES = 8



def post_round(table: dict, entry: dict, **headers):
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    return client.post(f"/api/tables/{table['id']}/rounds", json.dumps(entry), content_type="application/json",
                       HTTP_AUTHORIZATION=f"Bearer {table['edit_token']}", **headers)


# Eight different readings of the first deal (13 tricks each time), one per phone.
READINGS = [[4, 3, 5, 1], [1, 5, 3, 4], [3, 3, 3, 4], [0, 6, 6, 1], [2, 2, 2, 7], [13, 0, 0, 0], [5, 5, 2, 1], [6, 1, 1, 5]]


def test_of_eight_phones_sending_round_one_at_once_exactly_one_is_stored(client):
    table = create_table(client)
    responses = at_once(PHONES, lambda i: post_round(table, {"tricks": READINGS[i]}, HTTP_X_ROUND_NUMBER="1",
                                                     HTTP_IDEMPOTENCY_KEY=f"phone-{i}"))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [201] + [409] * (PHONES - 1)
    winner = next(i for i, r in enumerate(responses) if r.status_code == 201)
    for r in responses:
        if r.status_code == 409:
            body = r.json()
            assert body["errors"][0]["code"] == "round_taken"
            assert body["stored"]["entry"] == {"tricks": READINGS[winner]}
            assert body["next_round"] == 2
    assert list(Event.objects.values_list("seq", "kind")) == [(1, "round")]
    assert Table.objects.get().version == 1


def test_the_same_request_retried_eight_times_at_once_is_stored_once(client):
    table = create_table(client)
    responses = at_once(PHONES, lambda i: post_round(table, {"tricks": [4, 3, 5, 1]}, HTTP_X_ROUND_NUMBER="1",
                                                     HTTP_IDEMPOTENCY_KEY="one-offline-round"))
    assert [r.status_code for r in responses] == [201] * PHONES
    # tricks 4, 3, 5, 1 at 5 points a trick
    assert all(r.json() == {"number": 1, "scores": [20, 15, 25, 5], "totals": [20, 15, 25, 5], "finished": False,
                            "winners": []} for r in responses)
    assert sum(r.get("Idempotent-Replayed") == "true" for r in responses) == PHONES - 1
    assert Event.objects.count() == 1


def test_rounds_without_a_number_from_several_phones_never_share_a_number(client):
    table = create_table(client)
    # Every phone sends the first manche's kind of entry; only the first stored can be round 1 (tricks), the
    # others land on later manches and are refused there with 400: never two rounds under one number.
    responses = at_once(4, lambda i: post_round(table, {"tricks": READINGS[i]}, HTTP_IDEMPOTENCY_KEY=f"k{i}"))
    assert sorted(r.status_code for r in responses) == [201, 400, 400, 400]
    assert list(Event.objects.values_list("seq", flat=True)) == [1]


def test_two_phones_correcting_one_round_from_the_same_version_one_is_refused(client):
    table = create_table(client)
    post_round(table, {"tricks": [4, 3, 5, 1]})

    def correct(i: int):
        return Client().put(f"/api/tables/{table['id']}/rounds/1", json.dumps({"tricks": READINGS[i + 1]}),
                            content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {table['edit_token']}",
                            HTTP_IF_MATCH='"v1"')

    responses = at_once(2, correct)
    assert sorted(r.status_code for r in responses) == [200, 409]
    refused = next(r for r in responses if r.status_code == 409).json()
    applied = next(i for i, r in enumerate(responses) if r.status_code == 200)
    assert refused["current"]["entry"] == {"tricks": READINGS[applied + 1]}
    assert Event.objects.filter(kind="correction").count() == 1


def test_the_plain_form_from_four_phones_at_once_stores_one_round(client):
    table = create_table(client)
    url = f"/tables/{table['id']}/edit/{table['edit_token']}/"

    def send(i: int):
        fields = {f"tricks.{seat}": str(n) for seat, n in enumerate(READINGS[i])}
        return Client(HTTP_ACCEPT_LANGUAGE="fr").post(url, {"round_number": "1", **fields})

    responses = at_once(4, send)
    assert sorted(r.status_code for r in responses) == [302, 409, 409, 409]
    assert all("La donne 1 a déjà été saisie" in r.content.decode() for r in responses if r.status_code == 409)
    assert Event.objects.count() == 1


WRITERS = 20


def test_twenty_phones_writing_on_twenty_tables_at_once_all_succeed(client):
    # The defect: on SQLite with the default settings 10 of these 20 were a 500 "database is locked".
    tables = [create_table(client) for _ in range(WRITERS)]
    responses = at_once(WRITERS, lambda i: post_round(tables[i], {"tricks": READINGS[i % len(READINGS)]},
                                                      HTTP_X_ROUND_NUMBER="1", HTTP_IDEMPOTENCY_KEY=f"w{i}"))
    assert [r.status_code for r in responses] == [201] * WRITERS, [r.content[:200] for r in responses]
    # Each table got exactly its own round: seq 1, version 1, the entry its phone sent.
    for i, t in enumerate(tables):
        assert [(e.seq, e.data) for e in Event.objects.filter(table_id=t["id"])] == [(1, {"tricks": READINGS[i % 8]})]
        assert Table.objects.get(pk=t["id"]).version == 1


def test_twenty_retries_of_one_request_at_once_store_it_once_and_all_succeed(client):
    table = create_table(client)
    responses = at_once(WRITERS, lambda i: post_round(table, {"tricks": [3, 3, 3, 4]}, HTTP_X_ROUND_NUMBER="1",
                                                      HTTP_IDEMPOTENCY_KEY="the-same-round"))
    assert [r.status_code for r in responses] == [201] * WRITERS
    # tricks 3, 3, 3, 4 at 5 points a trick: 15, 15, 15, 20
    assert all(r.json()["scores"] == [15, 15, 15, 20] for r in responses)
    assert sum(r.get("Idempotent-Replayed") == "true" for r in responses) == WRITERS - 1
    assert list(Event.objects.values_list("seq", "kind")) == [(1, "round")]


def test_twenty_phones_entering_rounds_on_one_table_in_turn_none_is_lost(client):
    # Twenty writers on one table, each sending a tricks entry with no round number: the first Barbu manche
    # takes tricks and the second another contract, so exactly one is stored (as round 1) and the other
    # nineteen, arriving after it, are refused with 400 — queued and answered, never a 500 "database is locked".
    table = create_table(client)
    responses = at_once(WRITERS, lambda i: post_round(table, {"tricks": [4, 3, 5, 1]}, HTTP_IDEMPOTENCY_KEY=f"t{i}"))
    assert sorted(r.status_code for r in responses) == [201] + [400] * (WRITERS - 1)
    assert Event.objects.count() == 1
