"""La belote (four players, two partnerships) through the JSON API and the phone form. Numbers worked out by hand."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid", "Dom"]  # Ana and Cid against Bea and Dom


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_the_game_is_described_with_its_options(client):
    data = client.get("/api/games/belote").json()
    assert {o["key"]: o["default"] for o in data["options"]} == {"target": 1000, "annonces": False, "litige": "dedans", "capot": 252}


def test_partners_write_the_same_and_both_win(client):
    table = create_table(client, "belote", PLAYERS, {"target": 300})
    token = table["edit_token"]
    # Bea takes, 100 for Bea + Dom, 62 for Ana + Cid: made.
    response = post_json(client, rounds_url(table), {"taker": 1, "trump": "S", "points": 100}, token)
    assert response.status_code == 201 and response.json()["scores"] == [62, 100, 62, 100]
    # Dom takes every trick: capot 252. Bea and Dom 100 + 252 = 352 ≥ 300: they both win.
    response = post_json(client, rounds_url(table), {"taker": 3, "trump": "H", "points": 162, "capot": True}, token)
    assert response.json()["totals"] == [62, 352, 62, 352]
    data = client.get(f"/api/tables/{table['id']}").json()
    assert data["winners"] == ["Bea", "Dom"] and data["next"] is None


def test_the_phone_form_enters_a_deal_and_a_correction_shows_it(client):
    table = create_table(client, "belote", PLAYERS)
    form = {"taker": "2", "trump": "C", "points": "90", "belote": "1"}
    assert client.post(edit_url(table), form).status_code == 302
    # Cid takes with 90; Bea (the defence) has the belote: 90 against 72 + 20 = 92, dedans: 162 + 20 = 182.
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [0, 182, 0, 182]
    seq = Event.objects.filter(kind="round").order_by("seq").first().seq
    page = client.get(f"/tables/{table['id']}/edit/{table['edit_token']}/rounds/{seq}/").content.decode()
    assert 'value="C" checked' in page


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 300) | st.text(max_size=5) | st.sampled_from(["S", "H", "SA"]),
    lambda c: st.lists(c, max_size=5) | st.dictionaries(
        st.sampled_from(["taker", "trump", "points", "belote", "capot", "annonces", "x"]), c, max_size=6),
    max_leaves=12,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=junk)
def test_junk_gets_a_400_never_a_500(client, body):
    table = create_table(client, "belote", PLAYERS)
    response = post_json(client, rounds_url(table), json.dumps(body), table["edit_token"])
    assert response.status_code in (201, 400), response.content
