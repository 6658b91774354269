"""Defect 6: an Idempotency-Key reused with a different body is a 422 and stores nothing; the same body still
replays the first answer."""

import pytest

from companion.tables.models import Event, Table
from tests.factories import TableFactory
from tests.tables.helpers import post_json

pytestmark = pytest.mark.django_db


def _rounds(table):
    return f"/api/tables/{table.id}/rounds"


def test_the_same_key_with_another_body_is_a_422_and_stores_nothing(client):
    table = TableFactory()
    first = post_json(client, _rounds(table), {"tricks": [4, 3, 5, 1]}, table.edit_token, HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == 201
    other = post_json(client, _rounds(table), {"tricks": [1, 5, 3, 4]}, table.edit_token, HTTP_IDEMPOTENCY_KEY="k-1")
    assert other.status_code == 422
    error = other.json()["errors"][0]
    assert (error["field"], error["code"]) == ("Idempotency-Key", "key_reused")
    assert "rien n'a été enregistré" in error["message"]
    assert list(Event.objects.values_list("seq", "data")) == [(1, {"tricks": [4, 3, 5, 1]})]
    assert Table.objects.get().version == 1
    # The same body again still replays the first answer.
    again = post_json(client, _rounds(table), {"tricks": [4, 3, 5, 1]}, table.edit_token, HTTP_IDEMPOTENCY_KEY="k-1")
    assert again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()


def test_an_invalid_body_under_a_used_key_is_a_422_too(client):
    table = TableFactory()
    post_json(client, _rounds(table), {"tricks": [4, 3, 5, 1]}, table.edit_token, HTTP_IDEMPOTENCY_KEY="k-1")
    other = post_json(client, _rounds(table), {"tricks": "junk"}, table.edit_token, HTTP_IDEMPOTENCY_KEY="k-1")
    assert other.status_code == 422
    assert Event.objects.count() == 1


def test_the_same_body_replays_even_as_the_game_normalised_it_and_after_other_changes(client):
    # Rami: the stored entry gains "rami_sec": false; the phone's retry does not carry it.
    table = TableFactory(game="rami", players=["Ana", "Bea", "Cid"])
    body = {"winner": 0, "hands": [None, {"points": 10}, {"laid_nothing": True}]}
    first = post_json(client, _rounds(table), body, table.edit_token, HTTP_IDEMPOTENCY_KEY="r-1")
    assert first.status_code == 201
    assert Event.objects.get().data == {**body, "rami_sec": False}
    second = post_json(client, _rounds(table), {"winner": 1, "hands": [{"points": 5}, None, {"points": 8}]},
                       table.edit_token, HTTP_IDEMPOTENCY_KEY="r-2")
    assert second.status_code == 201
    # Round 1 deleted from another phone: the retry of round 2 still matches what was stored under its key.
    assert client.delete(f"/api/tables/{table.id}/rounds/1", HTTP_AUTHORIZATION=f"Bearer {table.edit_token}").status_code == 200
    again = post_json(client, _rounds(table), {"winner": 1, "hands": [{"points": 5}, None, {"points": 8}]},
                      table.edit_token, HTTP_IDEMPOTENCY_KEY="r-2")
    assert again.status_code == 201 and again.json() == second.json()
    assert Event.objects.count() == 3  # two rounds and one deletion


def test_the_sheet_form_refuses_a_used_key_with_another_entry(client):
    table = TableFactory()
    edit = f"/tables/{table.id}/edit/{table.edit_token}/"
    form = {"tricks.0": "4", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1", "idempotency_key": "form-1"}
    assert client.post(edit, form).status_code == 302
    response = client.post(edit, {**form, "tricks.0": "1", "tricks.3": "4"})
    assert response.status_code == 422
    assert "déjà été enregistré avec une autre saisie" in response.content.decode()
    assert client.post(edit, form).status_code == 302  # the same submission again: shown as stored
    assert list(Event.objects.values_list("data", flat=True)) == [{"tricks": [4, 3, 5, 1]}]
