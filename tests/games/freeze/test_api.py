"""Freeze through the JSON API and the phone form. Numbers worked out by hand."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db


def test_a_deal_through_the_api_and_a_bad_one(client):
    table = create_table(client, "freeze", ["Ana", "Bea", "Cid"])
    url, token = f"/api/tables/{table['id']}/rounds", table["edit_token"]
    # Bea freezes with R♥ R♦ / 3♣ = −2 + 3 = 1; Ana 10♠ / A♥ = 11; Cid 4: Bea strictly lowest, −10.
    entry = {"freezer": 1, "layouts": [{"rows": [["10S"], ["AH"]]}, {"rows": [["KH", "KD"], ["3C"]]}, {"points": 4}]}
    assert post_json(client, url, entry, token).json()["scores"] == [11, -10, 4]
    bad = post_json(client, url, {"freezer": 1, "layouts": [{"rows": [["10S"]]}, {"points": -5}, {"rows": [["JK"], []]}]}, token)
    assert bad.status_code == 400
    assert {(e["field"], e["seat"]) for e in bad.json()["errors"]} == {("layouts", 0), ("layouts", 1), ("layouts", 2)}


def test_the_phone_form_takes_lines_and_points(client):
    table = create_table(client, "freeze", ["Ana", "Bea"])
    edit = f"/tables/{table['id']}/edit/{table['edit_token']}/"
    assert 'name="top.0"' in client.get(edit).content.decode()
    # Ana freezes with D♠ D♥ (one rank: 0) / 2♣ = 2; Bea 2: a tie, 2 + 5 = 7.
    client.post(edit, {"freezer": "0", "top.0": "D♠ D♥", "bottom.0": "2♣", "points.1": "2"})
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [7, 2]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.recursive(st.none() | st.booleans() | st.integers(-5, 400) | st.text(max_size=4),
                    lambda c: st.lists(c, max_size=5) | st.dictionaries(st.sampled_from(["freezer", "layouts", "rows", "points", "x"]), c, max_size=3),
                    max_leaves=20))
def test_junk_is_a_400_never_a_500(client, body):
    table = create_table(client, "freeze", ["Ana", "Bea"])
    response = post_json(client, f"/api/tables/{table['id']}/rounds", body, table["edit_token"])
    assert response.status_code in (201, 400)
