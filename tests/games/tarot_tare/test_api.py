"""Tarot taré through the JSON API and the phone form. Expected numbers worked out by hand."""

import csv
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event, Table
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
THREE = ["Ana", "Bea", "Cid"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_the_deals_option_shows_null_and_the_rule_and_the_table_stores_the_number(client):
    data = client.get("/api/games/tarot-tare").json()
    deals = next(o for o in data["options"] if o["key"] == "deals")
    assert deals["default"] is None and "deux donnes par joueur" in deals["help"]
    assert deals["default_by_players"] == {"3": 6, "4": 8, "5": 10}
    assert len(data["entry_schema"]["oneOf"]) == 2
    table = create_table(client, "tarot-tare", THREE)
    assert Table.objects.get(pk=table["id"]).options == {"chien": "last_trick", "petit_au_bout": False, "deals": 6}


def test_half_points_go_through_and_come_back_whole_when_whole(client):
    table = create_table(client, "tarot-tare", THREE, {"deals": 2})
    first = post_json(client, rounds_url(table), {"points": [40.5, 30.5, 20]}, table["edit_token"]).json()
    assert first["scores"] == [40.5, 30.5, 20]
    second = post_json(client, rounds_url(table), {"points": [1.5, 59.5, 30]}, table["edit_token"])
    assert second.content.decode().count(".0") == 0  # 42, 90, 50: never "42.0"
    # 40.5 + 1.5 = 42, 30.5 + 59.5 = 90, 20 + 30 = 50: Ana has the fewest.
    assert second.json() == {"number": 2, "scores": [1.5, 59.5, 30], "totals": [42, 90, 50], "finished": True, "winners": ["Ana"]}


def test_next_counts_the_deals(client):
    table = create_table(client, "tarot-tare", THREE)
    post_json(client, rounds_url(table), {"points": [40, 30.5, 20.5]}, table["edit_token"])
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert {k: nxt[k] for k in ("dealer", "first", "hand", "chien", "deal", "deals")} == {
        "dealer": 1, "first": 2, "hand": 24, "chien": 6, "deal": 2, "deals": 6}


def test_a_wrong_total_is_a_400_naming_the_field(client):
    table = create_table(client, "tarot-tare", THREE)
    response = post_json(client, rounds_url(table), {"points": [40, 30, 20]}, table["edit_token"], HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "points", "seat": None, "code": "point_total",
                                          "message": "A deal's points add up to 91: 90 entered."}]
    assert Event.objects.count() == 0


@given(st.recursive(st.none() | st.booleans() | st.integers(-5, 100) | st.floats(allow_nan=True) | st.text(max_size=4),
                    lambda c: st.lists(c, max_size=4) | st.dictionaries(
                        st.sampled_from(["points", "tricks", "chien_points", "petit_au_bout", "x"]), c, max_size=3)))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = create_table(client, "tarot-tare", THREE, {"chien": "aside", "petit_au_bout": True})
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


class TestPhoneForm:
    def test_the_form_asks_points_tricks_and_with_the_options_chien_and_petit(self, client):
        page = client.get(edit_url(create_table(client, "tarot-tare", THREE))).content.decode()
        assert 'name="points.2"' in page and 'name="tricks.2"' in page and 'inputmode="decimal"' in page
        assert 'name="chien_points"' not in page and 'name="petit_au_bout"' not in page
        table = create_table(client, "tarot-tare", THREE, {"chien": "aside", "petit_au_bout": True})
        page = client.get(edit_url(table)).content.decode()
        assert 'name="chien_points"' in page and 'name="petit_au_bout" value="2"' in page

    def test_french_decimal_commas_are_read(self, client):
        table = create_table(client, "tarot-tare", THREE, {"chien": "aside"})
        # a chien of 3 points aside: 88 for the players, 40,5 + 27 + 20,5.
        response = client.post(edit_url(table), {"points.0": "40,5", "points.1": "27", "points.2": "20,5", "chien_points": "3"})
        assert response.status_code == 302
        assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [40.5, 27, 20.5]

    def test_a_refused_deal_comes_back_with_the_reason(self, client):
        table = create_table(client, "tarot-tare", THREE)
        response = client.post(edit_url(table), {"points.0": "40,5", "points.1": "beaucoup", "points.2": "20,5"})
        assert response.status_code == 400
        page = response.content.decode()
        assert "Nombre de points attendu, par demi-points" in page and 'value="40,5"' in page
        assert Event.objects.count() == 0


def test_the_csv_writes_half_points_with_a_decimal_comma(client):
    table = create_table(client, "tarot-tare", THREE)
    for points in ([40.5, 30.5, 20], [1.5, 59.5, 30]):  # 1.5: one trick of three low cards
        post_json(client, rounds_url(table), {"points": points}, table["edit_token"])
    response = client.get(f"/tables/{table['id']}/export.csv")
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig")), delimiter=";"))
    # columns: … place, joueur, points, total; totals after deal 2: 42, 90, 50.
    assert [r[5:9] for r in rows[1:]] == [["1", "Ana", "40,5", "40,5"], ["2", "Bea", "30,5", "30,5"], ["3", "Cid", "20", "20"],
                                          ["1", "Ana", "1,5", "42"], ["2", "Bea", "59,5", "90"], ["3", "Cid", "30", "50"]]


def test_the_new_table_form_leaves_the_deals_empty_for_the_player_count_to_decide(client):
    html = client.get("/tables/new/tarot-tare/").content.decode()
    assert 'name="opt_deals"' in html and 'name="opt_chien"' in html
    data = {"player.0": "Ana", "player.1": "Bea", "player.2": "Cid", "player.3": "Dan", "opt_deals": "", "opt_chien": "aside"}
    assert client.post("/tables/new/tarot-tare/", data).status_code == 302
    # 4 players, deals left empty: 2 × 4 = 8
    assert Table.objects.get().options == {"chien": "aside", "petit_au_bout": False, "deals": 8}
