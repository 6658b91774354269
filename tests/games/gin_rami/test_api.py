"""Le gin-rami through the JSON API: −50 and 100, a void deal, junk refused."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def test_a_short_game(client):
    table = create_table(client, "gin-rami", ["Ana", "Bea"], {"deals": 2})
    token = table["edit_token"]
    assert post_json(client, rounds_url(table), {"winner": None}, token).json()["scores"] == [0, 0]
    response = post_json(client, rounds_url(table), {"winner": 1}, token)
    assert response.json() == {"number": 2, "scores": [100, -50], "totals": [100, -50], "finished": True, "winners": ["Bea"]}


def test_a_missing_winner_is_named(client):
    table = create_table(client, "gin-rami", ["Ana", "Bea"])
    response = post_json(client, rounds_url(table), {}, table["edit_token"])
    assert response.status_code == 400 and [e["field"] for e in response.json()["errors"]] == ["winner"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.dictionaries(st.sampled_from(["winner", "x"]), st.none() | st.integers(-3, 3) | st.text(max_size=3) | st.booleans()))
def test_junk_gets_a_400_never_a_500(client, body):
    table = create_table(client, "gin-rami", ["Ana", "Bea"])
    assert post_json(client, rounds_url(table), body, table["edit_token"]).status_code in (201, 400)
