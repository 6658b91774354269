"""Golf through the JSON API and the phone form. Numbers worked out by hand."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db


def test_holes_through_the_api_and_next_hole(client):
    table = create_table(client, "golf", ["Ana", "Bea"], {"holes": 2})
    url, token = f"/api/tables/{table['id']}/rounds", table["edit_token"]
    assert client.get(f"/api/tables/{table['id']}").json()["next"]["hole"] == 1
    # Ana R♠ 5♣ 2♥ / R♥ 5♦ V♣: 0 + 0 + (−2 + 10) = 8; Bea −5 counted (two 2s over the Rois Ana left, a 2 over
    # an As: −2 − 2 − 1; −6 would need a third Roi).
    entry = {"layouts": [{"rows": [["KS", "5C", "2H"], ["KH", "5D", "JC"]]}, {"points": -5}], "knocker": 1}
    assert post_json(client, url, entry, token).json()["scores"] == [8, -5]
    bad = post_json(client, url, {"layouts": [{"rows": [["KS"], ["KH"]]}, {"points": 61}]}, token)
    assert bad.status_code == 400 and {e["seat"] for e in bad.json()["errors"]} == {0, 1}
    response = post_json(client, url, {"layouts": [{"points": 3}, {"points": 4}]}, token).json()
    assert response["totals"] == [11, -1] and response["finished"] and response["winners"] == ["Bea"]


def test_the_penalty_option_only_at_four_card_golf(client):
    response = post_json(client, "/api/tables", {"game": "golf", "players": ["Ana", "Bea"], "options": {"knock_penalty": True}})
    assert response.status_code == 400


def test_the_phone_form_takes_rows(client):
    table = create_table(client, "golf", ["Ana", "Bea"], {"variant": "four", "knock_penalty": True})
    edit = f"/tables/{table['id']}/edit/{table['edit_token']}/"
    assert 'name="bottom.1"' in client.get(edit).content.decode()
    # Ana knocks with 2♠ 3♥ / 2♣ 4♦ = 0 + 7 = 7; Bea 7: not strictly lowest, 14.
    client.post(edit, {"knocker": "0", "top.0": "2S 3H", "bottom.0": "2C 4D", "points.1": "7"})
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [14, 7]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.recursive(st.none() | st.booleans() | st.integers(-10, 100) | st.text(max_size=4),
                    lambda c: st.lists(c, max_size=5) | st.dictionaries(st.sampled_from(["knocker", "layouts", "rows", "points", "x"]), c, max_size=3),
                    max_leaves=20))
def test_junk_is_a_400_never_a_500(client, body):
    table = create_table(client, "golf", ["Ana", "Bea"])
    response = post_json(client, f"/api/tables/{table['id']}/rounds", body, table["edit_token"])
    assert response.status_code in (201, 400)
