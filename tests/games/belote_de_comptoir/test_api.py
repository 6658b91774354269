"""Belote de comptoir through the JSON API and the phone form. Expected numbers worked out by hand."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
SEVEN = ["Ana", "Bea", "Cid", "Dan", "Eve", "Fay", "Gus"]
THREE = SEVEN[:3]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_the_game_is_described_with_its_options(client):
    data = client.get("/api/games/belote-de-comptoir").json()
    assert (data["min_players"], data["max_players"]) == (2, 8)
    assert {o["key"]: o["default"] for o in data["options"]} == {"target": 5, "sans_atout": False, "tout_atout": False}


def test_next_gives_the_most_cards_and_the_ceilings_at_seven_players(client):
    table = create_table(client, "belote-de-comptoir", SEVEN)
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    # 32 // 7 = 4 cards each. Highest values with a suit trump: J 20, 9 14, four aces 11, four 10s, four kings 4,
    # four queens 3, three plain jacks 2.
    # 1 card each, 7 cards: 20 + 14 + 44 + 10 = 88, + 10 de der = 98.
    # 2 cards, 14 cards: 20 + 14 + 44 + 40 + 16 = 134, + 10 + 20 belote = 164.
    # 3 cards, 21 cards: 134 + 12 + 6 = 152 (every point of the pack), + 30 = 182; 4 cards: the same 182.
    assert (nxt["dealer"], nxt["first"], nxt["max_cards"]) == (0, 1, 4)
    assert nxt["max_bids"] == [98, 164, 182, 182]


def test_an_evening_through_the_api(client):
    table = create_table(client, "belote-de-comptoir", THREE, {"target": 2, "tout_atout": True})
    token = table["edit_token"]
    # Ana bids 40 at tout atout with 2 cards and makes 45: Ana 1.
    r = post_json(client, rounds_url(table), {"cards": 2, "bidder": 0, "bid": 40, "trump": "TA", "points": 45}, token)
    assert r.status_code == 201 and r.json()["scores"] == [1, 0, 0]
    # All passed.
    assert post_json(client, rounds_url(table), {"bidder": None}, token).json()["scores"] == [0, 0, 0]
    # Cid bids 30 and makes 12: Ana and Bea 1 each: Ana reaches 2 and wins.
    r = post_json(client, rounds_url(table), {"cards": 1, "bidder": 2, "bid": 30, "trump": "S", "points": 12}, token)
    assert r.json() == {"number": 3, "scores": [1, 1, 0], "totals": [2, 1, 0], "finished": True, "winners": ["Ana"]}


def test_a_bid_over_the_ceiling_is_a_400_that_says_it_is_a_ceiling(client):
    table = create_table(client, "belote-de-comptoir", THREE)
    r = post_json(client, rounds_url(table), {"cards": 2, "bidder": 0, "bid": 109, "trump": "H", "points": 200,
                                              "x": 1}, table["edit_token"])
    assert r.status_code == 400
    errors = {e["field"]: e["message"] for e in r.json()["errors"]}
    assert set(errors) == {"bid", "points", "x"}
    assert errors["bid"].startswith("109, c'est plus que ce que 6 cartes peuvent valoir")


def test_the_phone_form_enters_a_deal_and_a_passed_one(client):
    table = create_table(client, "belote-de-comptoir", THREE)
    form = {"cards": "3", "bidder": "1", "bid": "50", "trump": "D", "points": "49"}
    assert client.post(edit_url(table), form).status_code == 302
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [1, 0, 1]
    assert client.post(edit_url(table), {"bidder": "none", "bid": "20"}).status_code == 302
    assert client.get(f"/api/tables/{table['id']}").json()["rounds"][1]["entry"] == {"bidder": None}
    page = client.get(edit_url(table)).content.decode()
    assert 'name="trump" value="SA"' not in page  # not allowed at this table


def test_the_phone_form_offers_sans_atout_when_allowed(client):
    table = create_table(client, "belote-de-comptoir", THREE, {"sans_atout": True})
    page = client.get(edit_url(table)).content.decode()
    assert 'name="trump" value="SA"' in page and 'name="trump" value="TA"' not in page


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=5) | st.sampled_from(["S", "SA", "TA"]),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(
        st.sampled_from(["cards", "bidder", "bid", "trump", "points", "x"]), c, max_size=6),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=junk)
def test_junk_gets_a_400_never_a_500(client, body):
    table = create_table(client, "belote-de-comptoir", THREE)
    response = post_json(client, rounds_url(table), json.dumps(body), table["edit_token"])
    assert response.status_code in (201, 400), response.content


def test_the_history_says_each_entry_in_words(client):
    table = create_table(client, "belote-de-comptoir", THREE)
    post_json(client, rounds_url(table), {"cards": 2, "bidder": 0, "bid": 30, "trump": "S", "points": 58},
              table["edit_token"])
    post_json(client, rounds_url(table), {"bidder": None}, table["edit_token"])
    html = client.get(f"/tables/{table['id']}/history/").content.decode()
    assert "2 cartes chacun ; <bdi>Ana</bdi> annonce 30 à Pique ♠ et fait 58." in html
    assert "Tout le monde a passé." in html and "None" not in html


def test_a_count_no_cards_make_is_a_400_naming_the_points(client):
    table = create_table(client, "belote-de-comptoir", THREE)
    url = f"/api/tables/{table['id']}/rounds"
    # One card each at three players: the bidder has nothing, or the trick's three cards + 10 de der. 5 points
    # cannot happen (more than nothing, less than the dix de der).
    response = post_json(client, url, {"cards": 1, "bidder": 0, "bid": 5, "trump": "H", "points": 5},
                         table["edit_token"])
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("points", "unreachable_points")]
    assert client.get(f"/api/tables/{table['id']}").json()["rounds"] == []
