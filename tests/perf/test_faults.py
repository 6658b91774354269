"""The database stopped mid-request: a 503 with Retry-After, JSON for the API, the styled page elsewhere, and
nothing half-written."""

from __future__ import annotations

import json

import pytest
from django.db import InterfaceError, OperationalError

from companion.tables import ledger
from companion.tables.models import Event, Table
from tests.factories import TableFactory
from tests.tables.helpers import BARBU_FOUR, post_json

pytestmark = pytest.mark.django_db(transaction=True)  # real transactions: what a failed one leaves is real


def fail_after_the_event_is_written(monkeypatch, error):
    """The round's event is inserted, then the connection goes before the answer is stored with it."""
    def broken(*args, **kwargs):
        raise error

    monkeypatch.setattr(ledger, "round_payload", broken)


@pytest.mark.parametrize("error", [OperationalError("server closed the connection unexpectedly"),
                                   InterfaceError("connection already closed")])
def test_an_api_write_cut_midway_is_a_json_503_and_stores_nothing(client, monkeypatch, error):
    table = TableFactory(rounds=BARBU_FOUR[:1])
    fail_after_the_event_is_written(monkeypatch, error)
    response = post_json(client, f"/api/tables/{table.id}/rounds", BARBU_FOUR[1], table.edit_token,
                         HTTP_IDEMPOTENCY_KEY="offline-2")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json()["errors"][0]["code"] == "unavailable"
    assert "rien n'a été enregistré" in response.json()["errors"][0]["message"]
    # Nothing half-written: no event, the version as before.
    assert list(Event.objects.filter(table_id=table.id).values_list("seq", flat=True)) == [1]
    assert Table.objects.get(pk=table.id).version == 1
    # The phone's retry with the same key, once the database is back, stores the round once.
    monkeypatch.undo()
    retry = post_json(client, f"/api/tables/{table.id}/rounds", BARBU_FOUR[1], table.edit_token,
                      HTTP_IDEMPOTENCY_KEY="offline-2")
    assert retry.status_code == 201 and retry.json()["number"] == 2
    assert Event.objects.filter(table_id=table.id).count() == 2


def test_a_page_when_the_database_is_gone_is_the_styled_503_page(client, monkeypatch):
    table = TableFactory()

    def broken(*args, **kwargs):
        raise OperationalError("could not connect to server: Connection refused")

    monkeypatch.setattr(ledger, "load", broken)
    response = client.get(f"/tables/{table.id}/")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    page = response.content.decode()
    assert 'error-code" aria-hidden="true">503<' in page and "Base de données momentanément indisponible" in page
    assert 'rel="stylesheet"' in page  # the site's page, styled, not a bare text
    english = client.get(f"/tables/{table.id}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The database is unavailable for a moment" in english


def test_a_form_entry_cut_midway_stores_nothing(client, monkeypatch):
    table = TableFactory()
    fail_after_the_event_is_written(monkeypatch, OperationalError("terminating connection due to administrator command"))
    fields = {f"tricks.{seat}": str(n) for seat, n in enumerate(BARBU_FOUR[0]["tricks"])}
    response = client.post(f"/tables/{table.id}/edit/{table.edit_token}/", {"round_number": "1", **fields})
    assert response.status_code == 503
    assert not Event.objects.filter(table_id=table.id).exists()


def test_healthz_says_when_the_database_is_down(client, monkeypatch):
    assert client.get("/healthz").json()["status"] == "ok"
    from django.db.backends.utils import CursorWrapper

    def broken(self, sql, params=None):
        raise OperationalError("the database system is shutting down")

    monkeypatch.setattr(CursorWrapper, "execute", broken)
    response = client.get("/healthz")
    assert response.status_code == 503 and json.loads(response.content)["status"] != "ok"
    assert response["Retry-After"] == "5"
