"""Le menteur through the JSON API and the phone form (the generic grid)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Ben", "Cid", "Dan", "Eve"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def state(client, table):
    return client.get(f"/api/tables/{table['id']}").json()


def test_next_gives_the_hand_and_the_cards_aside(client):
    table = create_table(client, "menteur", PLAYERS)
    nxt = state(client, table)["next"]
    assert (nxt["dealer"], nxt["first"], nxt["hand"], nxt["aside"]) == (0, 1, 10, 2)  # 52 = 5 × 10 + 2
    table = create_table(client, "menteur", PLAYERS[:3], {"deck": 32})
    assert state(client, table)["next"]["hand"] == 10 and state(client, table)["next"]["aside"] == 2  # 32 = 3 × 10 + 2


def test_a_match_with_cards_left_from_the_form(client):
    table = create_table(client, "menteur", PLAYERS[:3], {"wins_needed": 2})
    form = {"winner": "1", "cards_left.0": "4", "cards_left.1": "0", "cards_left.2": "1"}
    assert client.post(edit_url(table), form).status_code == 302
    s = state(client, table)
    assert s["rounds"][0]["entry"] == {"winner": 1, "cards_left": [4, 0, 1]} and s["totals"] == [0, 1, 0]
    page = client.get(f"/tables/{table['id']}/").content.decode()
    assert "finit avec 4 cartes." in page and "finit avec 1 carte." in page
    assert client.post(edit_url(table), {"winner": "1"}).status_code == 302  # cards left are optional
    s = state(client, table)
    assert s["finished"] and s["winners"] == ["Ben"] and s["next"] is None


def test_a_winner_with_cards_is_refused_by_seat(client):
    table = create_table(client, "menteur", PLAYERS[:3])
    response = post_json(client, rounds_url(table), {"winner": 0, "cards_left": [1, 0, 3]}, table["edit_token"])
    assert response.status_code == 400
    assert sorted((e["field"], e["seat"]) for e in response.json()["errors"]) == [("cards_left", 0), ("cards_left", 1)]


@given(junk=st.recursive(st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=4),
                         lambda c: st.lists(c, max_size=5) | st.dictionaries(
                             st.sampled_from(["winner", "cards_left"]), c, max_size=3)))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = create_table(client, "menteur", PLAYERS[:3])
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


def test_the_form_says_how_the_cards_are_dealt(client):
    table = create_table(client, "menteur", PLAYERS)
    assert ('<p class="hint deal-line">52 cartes : 10 à chacun, 2 mises de côté sans être vues.</p>'
            in client.get(edit_url(table)).content.decode())
    assert "52 cards: 10 each, 2 set aside unseen." in client.get(edit_url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
