"""A game's one-line summary of a deal (Sheet.summarise) is shown under its row on the sheet, next to the round
in the history, and in the CSV's contrat column, with the players named."""

import csv
import io

import pytest
from django.urls import reverse

from companion.games import registry
from companion.kernel.text import T, seat_ref
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db

BARBU_ROUND = {"tricks": [4, 3, 5, 1]}


@pytest.fixture
def summarised(monkeypatch):
    """The Barbu's sheet saying each deal as "<who took most tricks> · N plis" (a stand-in for the game's own)."""
    sheet_class = type(registry.get("barbu").new_sheet(4))

    def summarise(self, result):
        tricks = result.entry["tricks"]
        most = max(range(4), key=lambda s: tricks[s])
        return T(f"{seat_ref(most)} · {tricks[most]} plis", f"{seat_ref(most)} · {tricks[most]} tricks")

    monkeypatch.setattr(sheet_class, "summarise", summarise)


def test_the_sheet_the_history_and_the_csv_say_the_deal_in_one_line(client, summarised):
    table = TableFactory(rounds=[BARBU_ROUND])  # Cid (seat 2) took the most: 5 tricks
    sheet = client.get(reverse("tables:sheet", args=[table.id])).content.decode()
    assert 'id="round-1-summary"' in sheet and "<bdi>Cid</bdi> · 5 plis" in sheet
    history = client.get(reverse("tables:history", args=[table.id])).content.decode()
    assert "<bdi>Cid</bdi> · 5 plis" in history
    rows = list(csv.reader(io.StringIO(b"".join(client.get(reverse("tables:export", args=[table.id])).streaming_content)
                                       .decode("utf-8-sig")), delimiter=";"))
    contract = rows[0].index("contrat")
    assert {r[contract] for r in rows[1:]} == {"Cid · 5 plis"}
    api = client.get(reverse("tables:api-table", args=[table.id])).json()
    assert api["rounds"][0]["summary"] == "Cid · 5 plis"


@pytest.fixture
def unsummarised(monkeypatch):
    """The Barbu's sheet saying no deal in one line (the Sheet's default), whatever the game's own says."""
    monkeypatch.setattr(type(registry.get("barbu").new_sheet(4)), "summarise", lambda self, result: None)


def test_without_a_summary_the_row_keeps_the_contract_name_only(client, unsummarised):
    table = TableFactory(rounds=[BARBU_ROUND])
    sheet = client.get(reverse("tables:sheet", args=[table.id])).content.decode()
    assert "row-summary" not in sheet
    rows = list(csv.reader(io.StringIO(b"".join(client.get(reverse("tables:export", args=[table.id])).streaming_content)
                                       .decode("utf-8-sig")), delimiter=";"))
    contract = rows[0].index("contrat")
    assert {r[contract] for r in rows[1:]} == {"Les plis"}
    assert "summary" not in client.get(reverse("tables:api-table", args=[table.id])).json()["rounds"][0]
