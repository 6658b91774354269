"""The history page in one replay, and the cap on a table's record."""

from __future__ import annotations

import pytest

from companion.kernel.game import Sheet
from companion.tables import ledger
from companion.tables.models import Event, Table
from tests.factories import TableFactory
from tests.tables.helpers import post_json

pytestmark = pytest.mark.django_db

RAMI_PLAYERS = ["Ana", "Bea", "Cid"]
# Ana out; Bea 10♥ R♠ Joker = 10 + 10 + 50 = 70; Cid laid nothing, 100.
DEAL = {"winner": 0, "hands": [None, {"cards": ["10H", "KS", "JK"]}, {"laid_nothing": True}]}
# Cid out; Ana counted 23 points; Bea A♠ A♦ 2♣ = 11 + 11 + 2 = 24.
OTHER = {"winner": 2, "hands": [{"points": 23}, {"cards": ["AS", "AD", "2C"]}, None]}


def count_applies(monkeypatch) -> list[int]:
    calls = [0]
    original = Sheet.apply

    def counting(self, entry):
        calls[0] += 1
        return original(self, entry)

    monkeypatch.setattr(Sheet, "apply", counting)
    return calls


def test_the_history_of_sixty_rounds_applies_each_round_once(monkeypatch):
    # Before: each round replayed the table from the start, 1 + 2 + … + 60 = 1,830 applies for 60 rounds.
    table = TableFactory(game="rami", players=RAMI_PLAYERS, rounds=[DEAL] * 60)
    state = ledger.load(Table.objects.get(pk=table.pk))
    calls = count_applies(monkeypatch)
    items = ledger.history(state)
    assert calls[0] == 60
    assert [number for _e, number, _n, _s in items] == list(range(1, 61))
    # Round 60's explanation, as the sheet gives it: Bea's three cards, 70.
    assert items[-1][2][1].fr.endswith("= 70.")


def test_a_correction_replays_only_what_comes_before_it(monkeypatch):
    table = TableFactory(game="rami", players=RAMI_PLAYERS, rounds=[DEAL] * 40)
    ledger.correct_round(table.pk, 40, OTHER)  # round 40 (seq 40) becomes Cid's win
    ledger.add_round(table.pk, DEAL)  # round 41
    state = ledger.load(Table.objects.get(pk=table.pk))
    calls = count_applies(monkeypatch)
    items = ledger.history(state)
    # 40 rounds once each; the correction: rounds 1-39 then its entry, 40; round 41: the 40 current rounds
    # replayed once more, then round 41: 40 + 40 + 41 = 121.
    assert calls[0] == 121
    kinds = [(e.kind, number) for e, number, _n, _s in items]
    assert kinds[-2:] == [("correction", 40), ("round", 41)]
    # The correction's own explanation: Ana's 23 counted points.
    assert items[-2][2][0].fr.endswith("23 points comptés à la table.")


def test_a_table_takes_no_entry_beyond_its_record_limit(client, monkeypatch):
    assert ledger.MAX_EVENTS == 2000
    monkeypatch.setattr(ledger, "MAX_EVENTS", 6)
    table = TableFactory(game="rami", players=RAMI_PLAYERS, rounds=[DEAL] * 5)
    url = f"/api/tables/{table.id}/rounds"
    assert post_json(client, url, DEAL, table.edit_token).status_code == 201  # the 6th event
    refused = post_json(client, url, DEAL, table.edit_token)
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert error["code"] == "record_full"
    assert "limite de 6 entrées" in error["message"]
    english = post_json(client, url, DEAL, table.edit_token, HTTP_ACCEPT_LANGUAGE="en").json()["errors"][0]
    assert "limit of 6 entries" in english["message"]
    # Corrections and deletions are entries too; ending the game stays possible.
    put = client.put(f"{url}/1", '{"winner": 1, "hands": [{"laid_nothing": true}, null, {"laid_nothing": true}]}',
                     content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {table.edit_token}")
    assert put.status_code == 400 and put.json()["errors"][0]["code"] == "record_full"
    assert client.delete(f"{url}/1", HTTP_AUTHORIZATION=f"Bearer {table.edit_token}").status_code == 400
    assert Event.objects.filter(table_id=table.id).count() == 6
    assert post_json(client, f"/api/tables/{table.id}/finish", {}, table.edit_token).status_code == 200
    assert Event.objects.filter(table_id=table.id).count() == 7
    # …but not reopening it: ending and reopening again and again would grow the record without bound.
    reopened = post_json(client, f"/api/tables/{table.id}/reopen", {}, table.edit_token)
    assert reopened.status_code == 400 and reopened.json()["errors"][0]["code"] == "record_full"
    page = client.post(f"/tables/{table.id}/edit/{table.edit_token}/reopen/")
    assert page.status_code == 400 and "limite de 6 entrées" in page.content.decode()
    assert Event.objects.filter(table_id=table.id).count() == 7


def test_the_limit_is_said_with_its_number_in_both_languages():
    problem = ledger.record_full().problems[0]
    assert "2\u202f000 entrées" in problem.message.fr
    assert "2,000 entries" in problem.message.en
