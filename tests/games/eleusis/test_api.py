"""Eleusis through the JSON API and the phone form. Numbers worked out by hand."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import PLAYERS, create_table, post_json

pytestmark = pytest.mark.django_db


def test_next_names_no_first_player_and_a_round_scores(client):
    table = create_table(client, "eleusis", PLAYERS)
    state = client.get(f"/api/tables/{table['id']}").json()
    assert state["next"]["dealer"] == 0 and state["next"]["first"] is None and state["options"]["rounds"] == 4
    # High count 12: Bea 12 + 4 = 16, Cid 7, Dan 0; Ana (God) the best: 16.
    response = post_json(client, f"/api/tables/{table['id']}/rounds", {"cards_left": [None, 0, 5, 12]}, table["edit_token"])
    assert response.json()["scores"] == [16, 16, 7, 0]
    # Round 2: Bea is God; a null for Ana and a count for Bea are both wrong.
    bad = post_json(client, f"/api/tables/{table['id']}/rounds", {"cards_left": [None, 0, 1, 2]}, table["edit_token"])
    assert bad.status_code == 400 and {e["code"] for e in bad.json()["errors"]} == {"dealer_plays", "required"}


def test_the_phone_form_with_a_prophet(client):
    table = create_table(client, "eleusis", PLAYERS)
    edit = f"/tables/{table['id']}/edit/{table['edit_token']}/"
    assert 'name="prophet_seat"' in client.get(edit).content.decode()
    # Ana is God. Left 9, 9, 0: high 9; Bea 0, Cid 0 + 10 + 2 × 4 = 18, Dan 9 + 4 = 13; 2 × 8 = 16 < 18: Ana 16.
    client.post(edit, {"cards_left.1": "9", "cards_left.2": "9", "cards_left.3": "0", "prophet_seat": "2",
                       "prophet_mainline": "10", "prophet_sideline": "4", "prophet_before_marker": "8"})
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [16, 0, 18, 13]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.recursive(st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=4),
                    lambda c: st.lists(c, max_size=5) | st.dictionaries(
                        st.sampled_from(["cards_left", "prophet", "seat", "mainline", "all_expelled", "x"]), c, max_size=3),
                    max_leaves=20))
def test_junk_is_a_400_never_a_500(client, body):
    table = create_table(client, "eleusis", PLAYERS)
    response = post_json(client, f"/api/tables/{table['id']}/rounds", body, table["edit_token"])
    assert response.status_code in (201, 400)
