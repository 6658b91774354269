"""Chasse-cœur through the JSON API and the phone form. Expected numbers worked out by hand."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event
from tests.tables.helpers import PLAYERS, create_table, post_json

pytestmark = pytest.mark.django_db


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def state(client, table):
    return client.get(f"/api/tables/{table['id']}").json()


def test_next_has_no_first_seat_the_hand_the_removed_cards_and_the_pass(client):
    table = create_table(client, "chasse-coeur", PLAYERS + ["Eve"], {"passing": "rotate"})
    nxt = state(client, table)["next"]
    assert (nxt["dealer"], nxt["first"], nxt["first_name"]) == (0, None, None)  # the 2♣ leads
    assert (nxt["hand"], nxt["removed"], nxt["pass"]) == (10, ["2D", "2S"], "left")  # 50 cards / 5
    page = client.get(edit_url(table)).content.decode()
    assert "Le 2♣ entame le premier pli." in page and "Saisir la donne 1 · échange à gauche" in page
    assert state(client, table)["next"]["contract"] == {"key": "pass-left", "name": "échange à gauche"}
    assert "entame" not in page.split('class="next"')[1].split("</p>")[0]  # nobody named as leading


def test_a_generale_and_the_target(client):
    table = create_table(client, "chasse-coeur", PLAYERS, {"target": 30})
    token = table["edit_token"]
    assert post_json(client, rounds_url(table), {"hearts": [6, 4, 3, 0], "queen_of_spades": 0}, token).json()["scores"] == [19, 4, 3, 0]
    response = post_json(client, rounds_url(table), {"hearts": [0, 13, 0, 0], "queen_of_spades": 1, "tricks": [3, 5, 3, 2]}, token)
    # Bea took every point: 0 for Bea, 26 for each other; Ana 19 + 26 = 45 ≥ 30 ends it, Bea's 4 is lowest.
    assert response.json() == {"number": 2, "scores": [26, 0, 26, 26], "totals": [45, 4, 29, 26], "finished": True,
                               "winners": ["Bea"]}


def test_dames_13_takes_four_queens_and_the_schema_is_the_union(client):
    schema = client.get("/api/games/chasse-coeur").json()["entry_schema"]
    assert [sorted(s["required"]) for s in schema["oneOf"]] == [["hearts", "queen_of_spades"], ["hearts", "queens"]]
    table = create_table(client, "chasse-coeur", PLAYERS, {"values": "dames_13"})
    response = post_json(client, rounds_url(table), {"hearts": [3, 10, 0, 0], "queens": {"QS": 0, "QH": 0, "QD": 1, "QC": 2}},
                         table["edit_token"])
    assert response.json()["scores"] == [29, 23, 13, 0]  # 2 + 14 + 13; 10 + 13; 13; 0 — 65 in all
    response = post_json(client, rounds_url(table), {"hearts": [13, 0, 0, 0], "queen_of_spades": 0}, table["edit_token"])
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"queen_of_spades", "queens"}


def test_the_form_posts_four_queens_for_dames_13(client):
    table = create_table(client, "chasse-coeur", PLAYERS, {"values": "dames_13"})
    form = {"hearts.0": "3", "hearts.1": "10", "hearts.2": "0", "hearts.3": "0",
            "queens.QS": "0", "queens.QH": "0", "queens.QD": "1", "queens.QC": "2"}
    assert client.post(edit_url(table), form).status_code == 302
    assert state(client, table)["rounds"][0]["entry"]["queens"] == {"QS": 0, "QH": 0, "QD": 1, "QC": 2}
    seq = Event.objects.get(table_id=table["id"]).seq
    page = client.get(f"{edit_url(table)}rounds/{seq}/").content.decode()
    qd = page.split('name="queens.QD"')[1].split("</select>")[0]
    assert '<option value="1" selected>Bea</option>' in qd


def test_a_seat_with_no_trick_and_hearts_is_named_on_the_form(client):
    table = create_table(client, "chasse-coeur", PLAYERS)
    form = {"hearts.0": "6", "hearts.1": "4", "hearts.2": "3", "hearts.3": "0", "queen_of_spades": "3",
            "tricks.0": "5", "tricks.1": "4", "tricks.2": "4", "tricks.3": "0"}
    response = client.post(edit_url(table), form)
    assert response.status_code == 400
    assert "Sans pli, on ne ramasse aucune carte" in response.content.decode()


@given(junk=st.recursive(st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=4),
                         lambda c: st.lists(c, max_size=5) | st.dictionaries(
                             st.sampled_from(["hearts", "queen_of_spades", "queens", "tricks", "QS"]), c, max_size=4)))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = create_table(client, "chasse-coeur", PLAYERS, {"values": "dames_13"})
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])
