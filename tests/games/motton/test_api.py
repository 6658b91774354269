"""Motton through the JSON API and the phone form. Expected numbers worked out by hand; junk entries are tried
with Rikiki's, which has the same shape (tests/tables/test_rikiki_api.py)."""

import pytest

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def state(client, table):
    return client.get(f"/api/tables/{table['id']}").json()


class TestMotton:
    def test_a_void_deal_is_replayed_and_next_says_so(self, client):
        table = create_table(client, "motton", ["Ana", "Bea", "Cid"], {"start_cards": 2})
        post_json(client, rounds_url(table), {"bids": [1, 0, 1], "tricks": [1, 0, 1]}, table["edit_token"])  # 3, 2, 3
        response = post_json(client, rounds_url(table), {"bids": [1, 1, 0], "tricks": [0, 0, 1]}, table["edit_token"])
        assert response.json()["scores"] == [0, 0, 0]  # nobody made it
        nxt = state(client, table)["next"]
        assert {k: nxt[k] for k in ("dealer", "first", "step", "steps", "hand", "replays")} == {
            "dealer": 2, "first": 0, "step": 2, "steps": 4, "hand": 1, "replays": 1}
        assert state(client, table)["rounds"][1]["details"] == {"step": 2, "replay": 0, "void": True}

    def test_the_scoring_option_changes_an_exact_bid(self, client):
        table = create_table(client, "motton", ["Ana", "Bea"], {"scoring": "ten_plus_bid_squared", "start_cards": 3})
        response = post_json(client, rounds_url(table), {"bids": [2, 0], "tricks": [2, 1]}, table["edit_token"])
        assert response.json()["scores"] == [14, 0]  # 10 + 2²; Bea bid 0 and took 1

    def test_the_schedule_is_in_the_entry_schema(self, client):
        schema = client.get("/api/games/motton").json()["entry_schema"]
        assert schema["x-schedule"] == [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        assert schema["required"] == ["bids", "tricks"]

    def test_a_deal_typed_with_a_french_card_is_stored_with_its_code(self, client):
        table = create_table(client, "motton", ["Ana", "Bea", "Cid"], {"start_cards": 1})
        response = client.post(edit_url(table), {"bids.0": "1", "bids.1": "0", "bids.2": "0",
                                                 "tricks.0": "1", "tricks.1": "0", "tricks.2": "0", "turned": "R♥"})
        assert response.status_code == 302
        assert state(client, table)["rounds"][0]["entry"]["turned"] == "KH"
        page = client.get(edit_url(table)).content.decode()
        assert "Roi retourné : donne sans atout." in page
