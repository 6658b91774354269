"""Pharaon through the JSON API and the phone form. Expected numbers worked out by hand."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def state(client, table):
    return client.get(f"/api/tables/{table['id']}").json()


def test_a_short_evening_of_two_coups(client):
    table = create_table(client, "pharaon", PLAYERS, {"coups": 2})
    nxt = state(client, table)["next"]
    assert (nxt["dealer"], nxt["first"], nxt["banker"]) == (0, None, 0)
    entry = {"banker": 0, "bets": [None, {"right": 5, "left": 0}, {"right": 0, "left": 2}], "right": "KS", "left": "7H"}
    assert post_json(client, rounds_url(table), entry, table["edit_token"]).json()["scores"] == [-3, 5, -2]
    # Bea takes the bank; Ana 4 on the left, the left wins: Ana +4, Bea −4.
    entry = {"banker": 1, "bets": [{"right": 0, "left": 4}, None, None], "result": "left"}
    response = post_json(client, rounds_url(table), entry, table["edit_token"])
    assert response.json() == {"number": 2, "scores": [4, -4, 0], "totals": [1, 1, -2], "finished": True,
                               "winners": ["Ana", "Bea"]}


def test_a_result_that_disagrees_with_the_cards_is_refused(client):
    table = create_table(client, "pharaon", PLAYERS)
    entry = {"banker": 0, "bets": [None, {"right": 1}, None], "right": "2S", "left": "AS", "result": "right"}
    response = post_json(client, rounds_url(table), entry, table["edit_token"])
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("result", "disagrees")]


class TestPhoneForm:
    def test_the_bank_stays_when_no_banker_is_ticked(self, client):
        table = create_table(client, "pharaon", PLAYERS)
        assert client.post(edit_url(table), {"banker": "2", "bets.right.0": "3", "result": "pair"}).status_code == 302
        # No banker ticked: Cid keeps the bank. Bea 2 right; 9♥ right, V♠ left: the left wins, Bea −2, Cid +2.
        assert client.post(edit_url(table), {"bets.right.1": "2", "right": "9♥", "left": "V♠"}).status_code == 302
        assert state(client, table)["totals"] == [-3, -2, 5]

    def test_the_same_card_twice_is_refused_in_words(self, client):
        table = create_table(client, "pharaon", PLAYERS)
        response = client.post(edit_url(table), {"bets.left.1": "2", "right": "KS", "left": "R♠"})
        assert response.status_code == 400
        assert "Deux fois la même carte" in response.content.decode()


@given(junk=st.recursive(st.none() | st.booleans() | st.integers(-5, 20) | st.sampled_from(["KS", "7H", "JK", "pair"]),
                         lambda c: st.lists(c, max_size=4) | st.dictionaries(
                             st.sampled_from(["banker", "bets", "right", "left", "result"]), c, max_size=5)))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = create_table(client, "pharaon", PLAYERS)
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


def test_a_bet_typed_for_the_banker_is_refused_not_dropped(client):
    table = create_table(client, "pharaon", PLAYERS)
    response = client.post(edit_url(table), {"banker": "0", "bets.right.0": "3", "bets.left.1": "2", "result": "left"})
    assert response.status_code == 400
    assert "Le banquier ne mise pas" in response.content.decode()
