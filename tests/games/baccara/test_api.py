"""Baccara through the JSON API and the phone form. Expected numbers worked out by hand."""

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


def test_next_names_the_banker_and_the_offer_left_by_an_egalite(client):
    table = create_table(client, "baccara", PLAYERS)
    nxt = state(client, table)["next"]
    assert (nxt["dealer"], nxt["first"], nxt["first_name"], nxt["banker"], nxt["offer"]) == (0, None, None, 0, None)
    # Ana banks 6, Bea stakes 6; 4 against 4 in points: égalité, nothing paid.
    entry = {"banker": 0, "offer": 6, "stakes": [None, 6, 0], "ponte_points": 4, "banker_points": 4}
    assert post_json(client, rounds_url(table), entry, table["edit_token"]).json()["scores"] == [0, 0, 0]
    nxt = state(client, table)["next"]
    assert (nxt["dealer"], nxt["banker"], nxt["offer"]) == (0, 0, 6)
    # Another offer is refused; the same one with fresh stakes (Cid 3, Bea 3: Bea is first after Ana, the ponte).
    response = post_json(client, rounds_url(table), {**entry, "offer": 5}, table["edit_token"])
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("offer", "offer_stays")]
    entry = {"banker": 0, "offer": 6, "stakes": [None, 3, 3], "ponte_points": 9, "banker_points": 2}
    assert post_json(client, rounds_url(table), entry, table["edit_token"]).json()["scores"] == [-6, 3, 3]
    nxt = state(client, table)["next"]
    assert (nxt["dealer"], nxt["banker"], nxt["offer"]) == (1, 1, None)


def test_the_sheet_page_says_who_holds_the_bank(client):
    table = create_table(client, "baccara", PLAYERS)
    page = client.get(edit_url(table)).content.decode()
    assert "banque" in page and "entame" not in page


class TestPhoneForm:
    def test_cards_typed_as_players_say_them(self, client):
        table = create_table(client, "baccara", PLAYERS)
        form = {"banker": "0", "offer": "10", "stakes.1": "6", "stakes.2": "4", "ponte_cards": "7♦ R♠",
                "banker_cards": "3H AS 4D"}
        assert client.post(edit_url(table), form).status_code == 302
        assert state(client, table)["totals"] == [10, -6, -4]  # 8 beats 7: Ana takes 6 + 4

    def test_a_drawing_mistake_is_refused_in_words(self, client):
        table = create_table(client, "baccara", PLAYERS)
        form = {"banker": "0", "offer": "10", "stakes.1": "10", "ponte_cards": "2D KS", "banker_cards": "7H KH"}
        response = client.post(edit_url(table), form)
        assert response.status_code == 400
        assert "il doit tirer une troisième carte" in response.content.decode()

    def test_a_correction_keeps_that_coups_banker(self, client):
        table = create_table(client, "baccara", PLAYERS)
        client.post(edit_url(table), {"banker": "0", "offer": "4", "stakes.1": "4", "ponte_points": "9",
                                      "banker_points": "0"})
        page = client.get(f"/tables/{table['id']}/edit/{table['edit_token']}/rounds/1/").content.decode()
        assert 'name="banker" value="0"' in page and 'name="stakes.1" value="4"' in page


@given(junk=st.recursive(st.none() | st.booleans() | st.integers(-5, 20) | st.sampled_from(["7D", "KS", "JK", "x"]),
                         lambda c: st.lists(c, max_size=4) | st.dictionaries(
                             st.sampled_from(["banker", "offer", "stakes", "ponte_cards", "banker_cards",
                                              "ponte_points", "banker_points"]), c, max_size=5)))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = create_table(client, "baccara", PLAYERS)
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


def test_a_stake_typed_for_the_banker_is_refused_not_dropped(client):
    table = create_table(client, "baccara", PLAYERS)
    response = client.post(edit_url(table), {"offer": "4", "stakes.0": "4", "stakes.1": "4", "ponte_points": "9",
                                             "banker_points": "0"})
    assert response.status_code == 400
    assert "Le banquier ne mise pas contre lui-même" in response.content.decode()
