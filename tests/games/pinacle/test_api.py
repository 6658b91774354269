"""Le pinacle through the JSON API: half points as JSON numbers, partnerships, junk refused."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import PLAYERS, create_table, post_json

pytestmark = pytest.mark.django_db


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def test_half_points_and_partners(client):
    table = create_table(client, "pinacle", PLAYERS)
    response = post_json(client, rounds_url(table), {"winner": 0, "in_one_go": True, "hands": [
        None, {"laid": {"points": 4.5}, "held": {"points": 2}}, {"laid": {"points": 1}, "held": {"points": 5.5}},
        {"laid": {"cards": ["3S", "4S", "5S"]}, "held": {"cards": ["AH", "AD", "7C", "8C", "9C", "10C"]}}]}, table["edit_token"])
    # 30 − 4.5 = 25.5 for Ana and Cid; (4.5 − 2) + (1.5 − (1.5 + 1.5 + 4)) = 2.5 − 5.5 = −3 for Bea and Dan
    assert response.status_code == 201, response.content
    assert response.json()["scores"] == [25.5, -3, 25.5, -3]
    assert response.content.count(b"25.5") == 4 and b"-3.0" not in response.content
    page = client.get(f"/tables/{table['id']}/")
    assert page.status_code == 200


def test_the_stock_running_out_and_a_bad_count(client):
    table = create_table(client, "pinacle", ["Ana", "Bea", "Cid"])
    response = post_json(client, rounds_url(table), {"winner": None, "in_one_go": True, "hands": [
        {"laid": {"points": 6.5}, "held": {"points": 0.5}}, {"laid": {"points": 1}, "held": {"points": 5}},
        {"laid": {"cards": ["3S"]}, "held": {"points": 4}}]}, table["edit_token"])
    assert response.status_code == 400
    # in_one_go without a winner; seat 2 lists 1 card of 12, so 4 points for the other 11: at least 11 × 0.5 = 5.5
    # (seat 0 keeps a card: 0.5 in hand, never 0, for a player who did not go out)
    assert {(e["field"], e["seat"]) for e in response.json()["errors"]} == {("in_one_go", None), ("hands", 2)}


junk = st.recursive(st.none() | st.booleans() | st.integers(-5, 60) | st.floats(allow_nan=False) | st.text(max_size=4),
                    lambda c: st.lists(c, max_size=5) | st.dictionaries(st.sampled_from(["laid", "held", "cards", "points", "winner", "hands", "in_one_go"]), c, max_size=4),
                    max_leaves=14)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(junk)
def test_junk_gets_a_400_never_a_500(client, body):
    table = create_table(client, "pinacle", PLAYERS)
    assert post_json(client, rounds_url(table), body, table["edit_token"]).status_code in (201, 400)


def test_the_csv_writes_half_points_with_a_decimal_comma(client):
    table = create_table(client, "pinacle", ["Ana", "Bea"])
    post_json(client, rounds_url(table), {"winner": None, "hands": [
        {"laid": {"points": 15}, "held": {"points": 5.5}}, {"laid": {"points": 2.5}, "held": {"points": 11.5}}]}, table["edit_token"])
    csv = b"".join(client.get(f"/tables/{table['id']}/export.csv").streaming_content).decode()
    assert ";Ana;9,5;9,5;" in csv and ";Bea;-9;-9;" in csv  # Ana 15 − 5.5, Bea 2.5 − 11.5 (the JSON entry column keeps 5.5)
