"""La petite école through the JSON API: échelons in next, refused hands, junk refused."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Zoé", "Yann", "Xavier"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def test_a_deal_and_the_echelons_in_next(client):
    table = create_table(client, "petite-ecole", PLAYERS)
    assert client.get(f"/api/tables/{table['id']}").json()["options"]["packs"] == 2
    response = post_json(client, rounds_url(table), {"winner": 0, "laid": [True, True, False], "hands": [
        None, {"cards": ["AS", "2H", "8D"]}, {"points": 90}]}, table["edit_token"])
    assert response.json()["scores"] == [0, 40, 90]  # 15 + 20 + 5; 13 cards counted at the table
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert nxt["echelons"] == [2, 2, 1] and nxt["echelon_figures"][2] == "2 brelans"
    assert client.get(f"/tables/{table['id']}/").status_code == 200


def test_a_player_who_did_not_lay_holds_thirteen_cards(client):
    table = create_table(client, "petite-ecole", PLAYERS)
    response = post_json(client, rounds_url(table), {"winner": 0, "laid": [True, False, False], "hands": [
        None, {"cards": ["KS", "4H"]}, {"points": 60}]}, table["edit_token"])
    assert response.status_code == 400
    assert {(e["field"], e["seat"]) for e in response.json()["errors"]} == {("hands", 1), ("hands", 2)}


def test_two_packs_are_refused_at_eight(client):
    # 8 × 13 = 104 cards: the whole of two packs, with no card to turn up and no stock to draw from
    response = post_json(client, "/api/tables", {"game": "petite-ecole", "players": [f"P{i}" for i in range(8)],
                                                 "options": {"packs": 2}})
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("options.packs", "too_few_cards")]
    # seven players leave 104 − 7 × 13 − 1 = 12 cards of stock
    assert post_json(client, "/api/tables", {"game": "petite-ecole", "players": [f"P{i}" for i in range(7)],
                                             "options": {"packs": 2}}).status_code == 201


junk = st.recursive(st.none() | st.booleans() | st.integers(-5, 300) | st.floats(allow_nan=False) | st.text(max_size=4),
                    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.sampled_from(["cards", "points", "winner", "laid", "hands"]), c, max_size=4),
                    max_leaves=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk)
def test_junk_gets_a_400_never_a_500(client, body):
    table = create_table(client, "petite-ecole", PLAYERS)
    assert post_json(client, rounds_url(table), body, table["edit_token"]).status_code in (201, 400)


@pytest.mark.parametrize("names", [["Zoé"], [f"J{k}" for k in range(9)]])
def test_a_player_count_outside_two_to_eight_is_refused_by_name(client, names):
    # 2 to 8 players: one or nine get a 400 on "players" (the default number of packs used to fail first: a 500)
    response = post_json(client, "/api/tables", {"game": "petite-ecole", "players": names})
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["players"]
