"""Vicaire through the JSON API and the phone form. Expected numbers worked out by hand."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event, Table
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid"]


def vicaire(client, **options):
    return create_table(client, "vicaire", PLAYERS, options or None)


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_the_game_is_described_with_its_options_and_entry_schema(client):
    data = client.get("/api/games/vicaire").json()
    assert (data["min_players"], data["max_players"], data["direction"]) == (3, 3, "counterclockwise")
    assert {o["key"]: o["default"] for o in data["options"]} == {"target": 500, "races": None, "points_above_20": 20,
                                                                      "coupe_obligatoire": False}
    assert data["entry_schema"]["required"] == ["tricks"]


def test_a_fixed_number_of_races_ends_the_game(client):
    # Two races: Ana lands on 10 after 4 + 6 (50), then Bea's capot (50). Tied on points: both win.
    table = vicaire(client, races=2)
    answers = [post_json(client, rounds_url(table), {"tricks": t}, table["edit_token"]).json()
               for t in ([4, 3, 3], [6, 2, 2], [0, 10, 0])]
    assert [a["finished"] for a in answers] == [False, False, True]
    assert answers[-1]["totals"] == [50, 50, 0] and answers[-1]["winners"] == ["Ana", "Bea"]
    assert post_json(client, rounds_url(table), {"tricks": [4, 3, 3]}, table["edit_token"]).status_code == 409


def test_the_races_option_is_on_the_new_table_form(client):
    html = client.get("/tables/new/vicaire/").content.decode()
    assert 'name="opt_races"' in html and "Nombre de courses" in html
    data = {"player.0": "Ana", "player.1": "Bea", "player.2": "Cid", "opt_target": "500", "opt_races": "3",
            "opt_points_above_20": "20"}
    assert client.post("/tables/new/vicaire/", data).status_code == 302
    assert Table.objects.get().options == {"target": 500, "races": 3, "points_above_20": 20, "coupe_obligatoire": False}


def test_it_takes_exactly_three_players(client):
    response = post_json(client, "/api/tables", {"game": "vicaire", "players": ["Ana", "Bea"]})
    assert response.status_code == 400
    assert response.json()["errors"][0]["message"] == "Le vicaire se joue à 3 joueurs exactement (2 donnés)."


def test_next_race_says_what_each_player_needs(client):
    table = vicaire(client)
    assert post_json(client, rounds_url(table), {"tricks": [6, 3, 1]}, table["edit_token"]).json() == {
        "number": 1, "scores": [0, 0, 0], "totals": [0, 0, 0], "finished": False, "winners": []}
    post_json(client, rounds_url(table), {"tricks": [5, 2, 3]}, table["edit_token"])
    data = client.get(f"/api/tables/{table['id']}").json()
    # 11, 5, 4: Ana aims at 15 (4 tricks), Bea and Cid at 10 (5 and 6).
    assert data["next"]["race"] == [{"tricks": 11, "target": 15, "needs": 4}, {"tricks": 5, "target": 10, "needs": 5},
                                    {"tricks": 4, "target": 10, "needs": 6}]
    # Deal 3, dealt by the player on the right of deal 2's dealer. Names are in the order of play (to the right
    # at Vicaire): the dealers are seats 0, 1, 2, and the seat after Cid (Ana) leads.
    assert (data["next"]["dealer_name"], data["next"]["first_name"]) == ("Cid", "Ana")


def test_a_won_race_scores_its_points_and_totals_are_points(client):
    table = vicaire(client)
    for tricks in ([6, 3, 1], [5, 2, 3]):
        post_json(client, rounds_url(table), {"tricks": tricks}, table["edit_token"])
    response = post_json(client, rounds_url(table), {"tricks": [4, 5, 1]}, table["edit_token"])
    # Ana 15 and Bea 10 both arrive: the lowest, 10, wins 50.
    assert response.status_code == 201
    assert response.json()["scores"] == [0, 50, 0]
    assert response.json()["totals"] == [0, 50, 0]
    data = client.get(f"/api/tables/{table['id']}").json()
    assert data["rounds"][2]["details"]["race_winner"] == 1
    assert data["next"]["race"] == [{"tricks": 0, "target": 10, "needs": 10}] * 3


def test_the_game_ends_at_the_target(client):
    table = vicaire(client, target=100)
    for _ in range(2):
        response = post_json(client, rounds_url(table), {"tricks": [0, 10, 0]}, table["edit_token"])
    assert response.json() == {"number": 2, "scores": [0, 50, 0], "totals": [0, 100, 0], "finished": True,
                               "winners": ["Bea"]}
    assert post_json(client, rounds_url(table), {"tricks": [0, 10, 0]}, table["edit_token"]).status_code == 409


def test_a_wrong_trick_total_is_a_400_naming_the_field(client):
    table = vicaire(client)
    response = post_json(client, rounds_url(table), {"tricks": [4, 4, 4]}, table["edit_token"], HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "tricks", "seat": None, "code": "trick_total",
                                          "message": "There are 10 tricks a deal: 12 entered."}]
    assert Event.objects.count() == 0


def test_a_correction_replays_the_races(client):
    table = vicaire(client)
    for tricks in ([5, 5, 0], [5, 5, 0]):
        post_json(client, rounds_url(table), {"tricks": tricks}, table["edit_token"])
    # 10, 10, 0 is a tie; corrected to 5, 4, 1 → 10, 9, 1, Ana wins at 10.
    response = client.put(f"/api/tables/{table['id']}/rounds/2", json.dumps({"tricks": [5, 4, 1]}),
                          content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {table['edit_token']}")
    assert response.status_code == 200
    assert response.json()["totals"] == [50, 0, 0]


@given(st.recursive(st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=False) | st.text(max_size=4),
                    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.sampled_from(["tricks", "x"]), c, max_size=2)))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = vicaire(client)
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    if isinstance(junk, dict) and set(junk) == {"tricks"} and isinstance(junk["tricks"], list) and len(junk["tricks"]) == 3 \
            and all(type(t) is int and 0 <= t <= 10 for t in junk["tricks"]) and sum(junk["tricks"]) == 10:
        assert response.status_code == 201
    else:
        assert response.status_code == 400
        assert all(e["message"] for e in response.json()["errors"])


class TestPhoneForm:
    def test_the_generic_grid_asks_for_tricks_and_shows_the_race(self, client):
        table = vicaire(client)
        page = client.get(edit_url(table)).content.decode()
        assert 'name="tricks.2"' in page and 'inputmode="numeric"' in page
        assert "La course" in page and "Prochain total gagnant" in page

    def test_a_posted_deal_updates_the_race_panel_and_explains_it(self, client):
        table = vicaire(client)
        client.post(edit_url(table), {"tricks.0": "6", "tricks.1": "3", "tricks.2": "1"})
        response = client.post(edit_url(table), {"tricks.0": "5", "tricks.1": "2", "tricks.2": "3"})
        assert response.status_code == 302
        page = client.get(edit_url(table)).content.decode()
        assert '<td class="race-tricks">11</td>' in page and '<td class="race-target">15</td>' in page
        assert "Course : <bdi>Ana</bdi> 11, <bdi>Bea</bdi> 5, <bdi>Cid</bdi> 4." in page

    def test_a_refused_deal_comes_back_with_the_reason(self, client):
        table = vicaire(client)
        response = client.post(edit_url(table), {"tricks.0": "6", "tricks.1": "six", "tricks.2": "1"})
        assert response.status_code == 400
        assert "Nombre entier positif ou nul attendu." in response.content.decode()
        assert Event.objects.count() == 0


def test_must_trump_is_a_box_of_the_new_table_form(client):
    html = client.get("/tables/new/vicaire/").content.decode()
    assert 'name="opt_coupe_obligatoire"' in html and "Coupe obligatoire" in html
    data = {"player.0": "Ana", "player.1": "Bea", "player.2": "Cid", "opt_target": "500", "opt_races": "",
            "opt_points_above_20": "20", "opt_coupe_obligatoire": "on"}
    assert client.post("/tables/new/vicaire/", data).status_code == 302
    assert Table.objects.get().options["coupe_obligatoire"] is True
