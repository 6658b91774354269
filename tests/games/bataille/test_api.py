"""La bataille through the JSON API and the phone form (the generic grid). Expected numbers worked out by hand."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Table
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def state(client, table):
    return client.get(f"/api/tables/{table['id']}").json()


def test_a_match_to_two_with_a_shared_game(client):
    table = create_table(client, "bataille", PLAYERS, {"wins_needed": 2})
    nxt = state(client, table)["next"]
    assert (nxt["dealer"], nxt["first"], nxt["hands"]) == (0, 1, [17, 18, 17])  # 52 = 3 × 17 + 1, to seat 1
    assert post_json(client, rounds_url(table), {"winner": 2}, table["edit_token"]).json()["scores"] == [0, 0, 1]
    # Stopped with Ana and Cid on 26 each: both score; Cid reaches 2 and the match ends, Cid alone on top.
    response = post_json(client, rounds_url(table), {"cards_left": [26, 0, 26]}, table["edit_token"])
    assert response.json() == {"number": 2, "scores": [1, 0, 1], "totals": [1, 0, 2], "finished": True,
                               "winners": ["Cid"]}


def test_counts_that_are_not_the_pack_are_refused_naming_the_field(client):
    table = create_table(client, "bataille", PLAYERS, {"deck": 32})
    response = post_json(client, rounds_url(table), {"cards_left": [20, 10, 10]}, table["edit_token"])
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("cards_left", "wrong_total")]


def test_the_deck_option_from_the_new_table_form_is_a_number(client):
    response = client.post("/tables/new/bataille/", {"player.0": "Ana", "player.1": "Bea", "opt_deck": "32", "opt_jokers": "2",
                                                     "opt_wins_needed": "3"})
    assert response.status_code in (200, 302)
    table = Table.objects.get()
    assert table.options == {"deck": 32, "jokers": 2, "wins_needed": 3}


class TestPhoneForm:
    def test_a_winner_ticked_or_each_ones_cards(self, client):
        table = create_table(client, "bataille", PLAYERS)
        assert client.post(edit_url(table), {"winner": "1"}).status_code == 302
        assert client.post(edit_url(table), {"cards_left.0": "40", "cards_left.1": "12", "cards_left.2": "0"}).status_code == 302
        assert state(client, table)["totals"] == [1, 1, 0]

    def test_both_at_once_is_refused_in_words(self, client):
        table = create_table(client, "bataille", PLAYERS)
        response = client.post(edit_url(table), {"winner": "1", "cards_left.0": "52", "cards_left.1": "0",
                                                 "cards_left.2": "0"})
        assert response.status_code == 400
        assert "pas les deux" in response.content.decode()


@given(junk=st.recursive(st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=4),
                         lambda c: st.lists(c, max_size=4) | st.dictionaries(
                             st.sampled_from(["winner", "cards_left"]), c, max_size=3)))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = create_table(client, "bataille", PLAYERS)
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])
