"""Le huit américain through the JSON API and the phone form. Expected numbers worked out by hand."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Léa", "Max", "Nina"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def state(client, table):
    return client.get(f"/api/tables/{table['id']}").json()


def test_a_match_to_two_through_the_api(client):
    table = create_table(client, "huit-americain", PLAYERS, {"wins_needed": 2})
    token = table["edit_token"]
    assert state(client, table)["options"] == {"packs": 2, "scoring": "wins", "wins_needed": 2, "target": 200}
    assert post_json(client, rounds_url(table), {"winner": 1}, token).json()["scores"] == [0, 1, 0]
    nxt = state(client, table)["next"]
    assert (nxt["dealer"], nxt["first"]) == (1, 2)
    response = post_json(client, rounds_url(table), {"winner": 1, "hands": [{"cards": ["8H"]}, None, {"points": 4}]}, token)
    assert response.json() == {"number": 2, "scores": [0, 1, 0], "totals": [0, 2, 0], "finished": True, "winners": ["Max"]}


def test_penalty_points_and_the_form_with_cards_and_points(client):
    table = create_table(client, "huit-americain", PLAYERS, {"scoring": "penalty", "target": 60})
    # Léa out; Max keeps 8♥ A♠ 5♦ = 32 + 20 + 5 = 57 (typed as players write them); Nina counted 13.
    form = {"winner": "0", "how.1": "cards", "cards.1": "8♥ As♠ 5D", "how.2": "points", "points.2": "13"}
    assert client.post(edit_url(table), form).status_code == 302
    s = state(client, table)
    assert s["rounds"][0]["entry"] == {"winner": 0, "hands": [None, {"cards": ["8H", "AS", "5D"]}, {"points": 13}]}
    assert s["totals"] == [0, 57, 13] and not s["finished"]
    seq = Event.objects.get(table_id=table["id"]).seq
    page = client.get(f"{edit_url(table)}rounds/{seq}/").content.decode()
    assert 'value="8♥ A♠ 5♦"' in page or 'value="8♥ As♠ 5♦"' in page
    # Nina out; Léa 2♣ = 2; Max 3♥ = 3: Max 60 reaches the target, Léa's 2 is lowest.
    response = post_json(client, rounds_url(table), {"winner": 2, "hands": [{"cards": ["2C"]}, {"cards": ["3H"]}, None]},
                         table["edit_token"])
    assert response.json() == {"number": 2, "scores": [2, 3, 0], "totals": [2, 60, 13], "finished": True,
                               "winners": ["Léa"]}


def test_the_form_names_the_seat_of_every_bad_hand(client):
    table = create_table(client, "huit-americain", PLAYERS, {"scoring": "penalty"})
    response = client.post(edit_url(table), {"winner": "0", "how.1": "cards", "cards.1": "JK", "points.2": ""})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Pas de joker" in page and 'data-field="hands" data-seat="1"' in page
    assert 'data-field="hands" data-seat="2"' in page  # Nina's hand is missing
    assert Event.objects.filter(table_id=table["id"]).count() == 0


def test_one_pack_is_refused_at_seven(client):
    response = post_json(client, "/api/tables", {"game": "huit-americain", "players": [f"P{i}" for i in range(7)],
                                                 "options": {"packs": 1}})
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["options.packs"]


@given(junk=st.recursive(st.none() | st.booleans() | st.integers(-5, 600) | st.text(max_size=4),
                         lambda c: st.lists(c, max_size=5) | st.dictionaries(
                             st.sampled_from(["winner", "hands", "cards", "points"]), c, max_size=3)))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = create_table(client, "huit-americain", PLAYERS, {"scoring": "penalty"})
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])
