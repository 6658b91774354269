"""Belote à trois through the JSON API and the phone form. Expected numbers worked out by hand."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_the_game_is_described_with_its_options(client):
    data = client.get("/api/games/belote-a-trois").json()
    assert {o["key"]: o["default"] for o in data["options"]} == {"target": 1000, "annonces": False, "litige": "dedans",
                                                                "couper_toujours": False}
    assert len(data["entry_schema"]["oneOf"]) == 2


def test_a_litige_with_reserve_through_the_api(client):
    table = create_table(client, "belote-a-trois", PLAYERS, {"litige": "reserve"})
    token = table["edit_token"]
    # 81 against 81: each defender 81, Ana nothing; 81 wait in the reserve.
    response = post_json(client, rounds_url(table), {"taker": 0, "trump": "S", "points": 81}, token)
    assert response.status_code == 201 and response.json()["scores"] == [0, 81, 81]
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert (nxt["dealer"], nxt["first"], nxt["reserve"]) == (1, 2, 81)
    # Bea takes and fails, 60 against 102: each defender 162 + 81 = 243.
    response = post_json(client, rounds_url(table), {"taker": 1, "trump": "D", "points": 60}, token)
    assert response.json()["scores"] == [243, 0, 243]
    assert response.json()["totals"] == [243, 81, 324]
    assert client.get(f"/api/tables/{table['id']}").json()["next"]["reserve"] == 0


def test_announcements_are_refused_without_the_option_and_counted_with_it(client):
    table = create_table(client, "belote-a-trois", PLAYERS)
    response = post_json(client, rounds_url(table), {"taker": 0, "trump": "H", "points": 90, "annonces": [20, 0, 0]},
                         table["edit_token"])
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["annonces"]
    table = create_table(client, "belote-a-trois", PLAYERS, {"annonces": True})
    # 90 + a tierce 20 = 110 against 72: made.
    response = post_json(client, rounds_url(table), {"taker": 0, "trump": "H", "points": 90, "annonces": [20, 0, 0]},
                         table["edit_token"])
    assert response.json()["scores"] == [110, 72, 72]


def test_the_phone_form_enters_a_capot_and_a_passed_deal(client):
    table = create_table(client, "belote-a-trois", PLAYERS)
    form = {"taker": "2", "trump": "C", "points": "162", "belote": "2", "capot": "on"}
    assert client.post(edit_url(table), form).status_code == 302
    # Cid's capot with his belote: 252 + 20 = 272; Ana and Bea nothing.
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [0, 0, 272]
    # « Personne » as taker: a passed deal, whatever else the form holds.
    assert client.post(edit_url(table), {"taker": "none", "points": "12", "belote": "none"}).status_code == 302
    data = client.get(f"/api/tables/{table['id']}").json()
    assert data["rounds"][1]["entry"] == {"taker": None}
    # The correction form of round 1 shows it as entered.
    seq = Event.objects.filter(kind="round").order_by("seq").first().seq
    page = client.get(f"/tables/{table['id']}/edit/{table['edit_token']}/rounds/{seq}/").content.decode()
    assert 'name="capot" checked' in page and 'value="C" checked' in page


def test_the_phone_form_shows_every_reason(client):
    table = create_table(client, "belote-a-trois", PLAYERS)
    response = client.post(edit_url(table), {"taker": "0", "points": "161"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "aucune carte ne vaut 1 point" in page and "Ce champ est obligatoire." in page


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=5) | st.sampled_from(["S", "H", "SA"]),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(
        st.sampled_from(["taker", "trump", "points", "belote", "capot", "annonces", "x"]), c, max_size=6),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=junk)
def test_junk_gets_a_400_never_a_500(client, body):
    table = create_table(client, "belote-a-trois", PLAYERS)
    response = post_json(client, rounds_url(table), json.dumps(body), table["edit_token"])
    assert response.status_code in (201, 400), response.content


def test_the_history_says_each_entry_in_words(client):
    table = create_table(client, "belote-a-trois", PLAYERS)
    post_json(client, rounds_url(table), {"taker": 1, "trump": "H", "points": 74, "belote": 1}, table["edit_token"])
    post_json(client, rounds_url(table), {"taker": None}, table["edit_token"])
    html = client.get(f"/tables/{table['id']}/history/").content.decode()
    assert "<bdi>Bea</bdi> prend à Cœur ♥ : 74 points de cartes, la défense 88." in html  # 162 − 74
    assert "Belote-rebelote : <bdi>Bea</bdi>" in html and "Tout le monde a passé deux fois." in html
    assert "None" not in html and "null" not in html
