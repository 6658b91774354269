"""Le pouilleux through the JSON API and the phone form."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Ben", "Cid", "Dan"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def state(client, table):
    return client.get(f"/api/tables/{table['id']}").json()


def test_next_gives_each_seat_its_cards(client):
    table = create_table(client, "pouilleux", PLAYERS)
    nxt = state(client, table)["next"]
    assert (nxt["dealer"], nxt["first"], nxt["hands"]) == (0, 1, [12, 13, 13, 13])  # 51 = 4 × 12 + 3


def test_poux_to_two_with_the_mysterieux_card_from_the_form(client):
    table = create_table(client, "pouilleux", PLAYERS, {"mysterieux": True, "scoring": "poux", "target": 2})
    assert client.post(edit_url(table), {"winner": "0", "pouilleux": "3", "removed": "7♥"}).status_code == 302
    s = state(client, table)
    assert s["rounds"][0]["entry"] == {"winner": 0, "pouilleux": 3, "removed": "7H"} and s["totals"] == [0, 0, 0, 1]
    assert "le pouilleux était le 7♦" in client.get(f"/tables/{table['id']}/").content.decode()
    response = post_json(client, rounds_url(table), {"winner": 1, "pouilleux": 3}, table["edit_token"])
    assert response.json() == {"number": 2, "scores": [0, 0, 0, 1], "totals": [0, 0, 0, 2], "finished": True,
                               "winners": ["Ana", "Ben", "Cid"]}


def test_the_same_seat_twice_and_a_bad_card_are_both_named(client):
    table = create_table(client, "pouilleux", PLAYERS, {"mysterieux": True})
    response = client.post(edit_url(table), {"winner": "2", "pouilleux": "2", "removed": "Joker"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Le pouilleux ne se marie pas" in page and "Carte inconnue" in page


@given(junk=st.recursive(st.none() | st.booleans() | st.integers(-5, 10) | st.text(max_size=4),
                         lambda c: st.lists(c, max_size=5) | st.dictionaries(
                             st.sampled_from(["winner", "pouilleux", "removed"]), c, max_size=3)))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = create_table(client, "pouilleux", PLAYERS, {"mysterieux": True})
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


def test_the_form_says_how_the_cards_are_dealt(client):
    table = create_table(client, "pouilleux", PLAYERS)
    page = client.get(edit_url(table)).content.decode()
    assert ('<p class="hint deal-line">51 cartes données une à une depuis la gauche du donneur : 13 pour les 3 '
            'premiers servis, 12 pour le dernier.</p>') in page
    assert "deal-line" not in client.get(f"/tables/{table['id']}/").content.decode()  # no form, no line
