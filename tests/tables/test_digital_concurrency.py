"""Two phones of the same seat sending a move against the same action number at the same instant: exactly one is
stored, the other gets 409 and the current view. Threads with their own connections (see test_concurrency.py);
the unique key (table, deal, number) and the table row lock make it so on SQLite and on PostgreSQL."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.tables.models import Move, Table
from tests.helpers import at_once

from .helpers import PLAYERS, post_json

pytestmark = [pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("phones", [2, 4])
def test_the_same_move_twice_at_once_is_stored_once(phones):
    client = Client()
    created = post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS, "digital": True,
                                                "bots": [3]}).json()
    token = next(s["token"] for s in created["seats"] if s["seat"] == 1)  # seat 1 leads the first deal
    tid = created["id"]
    card = client.get(f"/api/tables/{tid}/play", HTTP_AUTHORIZATION=f"Bearer {token}").json()["legal"][0]

    def phone(_i):
        response = post_json(Client(), f"/api/tables/{tid}/play", {"action": card, "after": 0}, token=token)
        return response.status_code, response.json()

    results = at_once(phones, phone)
    assert sorted(status for status, _ in results) == [200] + [409] * (phones - 1)
    for status, body in results:
        if status == 409:
            assert body["errors"][0]["code"] == "stale"
            assert body["view"]["action_number"] == 1
    assert list(Move.objects.filter(table_id=tid).values_list("number", "seat", "action")) == [(1, 1, card)]
    assert Table.objects.get(pk=tid).move_count == 2  # the first deal dealt, one move


def test_two_seats_racing_only_the_one_whose_turn_it_is_plays():
    client = Client()
    created = post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS, "digital": True,
                                                "bots": [3]}).json()
    tid = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    legal = {seat: client.get(f"/api/tables/{tid}/play", HTTP_AUTHORIZATION=f"Bearer {token}").json()
             for seat, token in tokens.items()}
    cards = {seat: (view["legal"] or view["hand"])[0] for seat, view in legal.items()}

    def phone(i):
        seat = i % 3
        response = post_json(Client(), f"/api/tables/{tid}/play", {"action": cards[seat], "after": 0},
                             token=tokens[seat])
        return seat, response.status_code

    results = at_once(6, phone)
    # Seat 1 leads: one of its two phones plays, the other is stale; seats 0 and 2 are not to play (409 both).
    assert sorted(status for seat, status in results if seat == 1) == [200, 409]
    assert all(status == 409 for seat, status in results if seat != 1)
    assert list(Move.objects.filter(table_id=tid).values_list("seat", flat=True)) == [1]


def test_phones_taking_the_same_seat_at_once_only_one_gets_it():
    # A seat's link sent to a group chat and opened by four phones at the same instant: one phone holds the seat,
    # the three others are told it is taken (the conditional update of the seat's binding decides).
    from companion.tables.models import Seat
    from tests.factories import DigitalTableFactory

    table = DigitalTableFactory()
    url = f"/tables/{table.id}/seat/{table.seat_tokens[1]}/"

    def phone(_i):
        client = Client()
        taken = client.post(url, {"claim": "1"}).status_code
        return taken, client.get(url).status_code

    results = at_once(4, phone)
    assert sorted(results) == [(302, 200)] + [(403, 403)] * 3
    assert Seat.objects.get(table=table, seat=1).bind_hash
