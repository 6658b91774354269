"""Pétasse through the JSON API and the phone form. Expected numbers worked out by hand."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def state(client, table):
    return client.get(f"/api/tables/{table['id']}").json()


def test_next_and_a_capot(client):
    table = create_table(client, "petasse", PLAYERS)
    nxt = state(client, table)["next"]
    assert (nxt["dealer"], nxt["first"], nxt["hand"], nxt["removed"]) == (0, 1, 10, ["7D", "7C"])
    response = post_json(client, rounds_url(table), {"hearts": [0, 8, 0], "queen_of_spades": 1, "all_tricks": 1},
                         table["edit_token"])
    assert response.json()["scores"] == [16, 0, 16]


def test_all_the_points_without_a_word_about_tricks_is_asked(client):
    table = create_table(client, "petasse", PLAYERS)
    response = post_json(client, rounds_url(table), {"hearts": [8, 0, 0], "queen_of_spades": 0}, table["edit_token"])
    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "all_tricks", "seat": 0, "code": "capot_unknown", "message":
                                          "Tous les points sont dans ces plis : tous les plis aussi ? "
                                          "Cocher « Tous les plis » ici, ou « Personne »."}]
    response = post_json(client, rounds_url(table), {"hearts": [8, 0, 0], "queen_of_spades": 0, "all_tricks": None},
                         table["edit_token"])
    assert response.json()["scores"] == [16, 0, 0]


def test_the_game_ends_at_51_and_the_lowest_wins(client):
    table = create_table(client, "petasse", PLAYERS)
    for _ in range(3):  # Ana 16 a deal: 48
        post_json(client, rounds_url(table), {"hearts": [8, 0, 0], "queen_of_spades": 0, "all_tricks": None}, table["edit_token"])
    response = post_json(client, rounds_url(table), {"hearts": [3, 5, 0], "queen_of_spades": 2}, table["edit_token"])
    # Ana 48 + 3 = 51 reaches the limit: Ana loses; Bea 5, Cid 8: Bea wins.
    assert response.json() == {"number": 4, "scores": [3, 5, 8], "totals": [51, 5, 8], "finished": True, "winners": ["Bea"]}


class TestPhoneForm:
    def test_nobody_took_every_trick_is_a_radio(self, client):
        table = create_table(client, "petasse", PLAYERS)
        form = {"hearts.0": "8", "hearts.1": "0", "hearts.2": "0", "queen_of_spades": "0"}
        response = client.post(edit_url(table), form)
        assert response.status_code == 400
        assert "tous les plis aussi ?" in response.content.decode()
        assert client.post(edit_url(table), {**form, "all_tricks": "none"}).status_code == 302
        assert state(client, table)["rounds"][0]["scores"] == [16, 0, 0]

    def test_the_every_trick_column_scores_a_capot(self, client):
        table = create_table(client, "petasse", PLAYERS)
        form = {"hearts.0": "0", "hearts.1": "0", "hearts.2": "8", "queen_of_spades": "2", "all_tricks": "2"}
        assert client.post(edit_url(table), form).status_code == 302
        assert state(client, table)["totals"] == [16, 16, 0]


@given(junk=st.recursive(st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=4),
                         lambda c: st.lists(c, max_size=4) | st.dictionaries(
                             st.sampled_from(["hearts", "queen_of_spades", "all_tricks", "tricks"]), c, max_size=4)))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = create_table(client, "petasse", PLAYERS)
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


def test_hearts_closed_is_a_table_option_the_api_stores(client):
    table = create_table(client, "petasse", PLAYERS, options={"coeurs_fermes": True})
    assert state(client, table)["options"] == {"target": 51, "coeurs_fermes": True}
    html = client.get("/tables/new/petasse/").content.decode()
    assert 'name="opt_coeurs_fermes"' in html and "Cœurs fermés" in html
