"""Cribbage through the JSON API, the hand counter endpoint and page, and the phone form. Numbers worked out by hand."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import conforms, create_table, post_json

pytestmark = pytest.mark.django_db
SHOW = "/api/games/cribbage/show"


def test_the_counter_counts_the_29_hand(client):
    # 5♥ 5♠ 5♣ V♦ + 5♦: 16 for the fifteens, 12 for the pairs, 1 for nobs.
    response = post_json(client, SHOW, {"hand": ["5H", "5S", "5C", "JD"], "starter": "5D"})
    assert response.status_code == 200
    assert response.json() == {"points": 29, "fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1}
    conforms(response, "POST", SHOW)


def test_the_crib_flush_needs_five(client):
    body = {"hand": ["2H", "4H", "6H", "8H"], "starter": "KS"}
    assert post_json(client, SHOW, body).json()["flush"] == 4
    assert post_json(client, SHOW, {**body, "crib": True}).json()["flush"] == 0


def test_a_bad_hand_is_a_400_naming_the_field(client):
    response = post_json(client, SHOW, {"hand": ["5H", "5H", "JK"], "starter": "ZZ", "crib": "yes", "extra": 1})
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"hand", "starter", "crib", "extra"}
    conforms(response, "POST", SHOW)
    response = post_json(client, SHOW, {"hand": ["5H", "6H", "7H", "8H"], "starter": "5H"})
    assert [e["code"] for e in response.json()["errors"]] == ["card_twice"]
    assert client.get(SHOW).status_code == 405


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda c: st.lists(c, max_size=6) | st.dictionaries(st.text(max_size=8), c, max_size=4), max_leaves=20))
def test_junk_to_the_counter_is_never_a_500(client, body):
    response = post_json(client, SHOW, body)
    assert response.status_code in (200, 400)


def test_the_counter_page_counts_a_hand_typed_as_players_write_it(client):
    response = client.post("/cribbage/compter/", {"hand": "5♥ 5♠ 5♣ V♦", "starter": "5♦"})
    assert response.status_code == 200
    assert "29 points" in response.content.decode()
    response = client.post("/cribbage/compter/", {"hand": "5♥ 5♠", "starter": ""})
    assert response.status_code == 400 and "Il faut 4 cartes." in response.content.decode()


def test_a_four_player_game_through_the_api(client):
    table = create_table(client, "cribbage", ["Ana", "Bea", "Cid", "Dan"], {"target": 61})
    url, token = f"/api/tables/{table['id']}/rounds", table["edit_token"]
    # Ana deals. Pegging 1 2 3 4: Ana + Cid 4, Bea + Dan 6. Hands 4 6 8 10: 12 and 16. Crib 2 to Ana's side.
    # Ana + Cid 4 + 12 + 2 = 18, Bea + Dan 6 + 16 = 22.
    entry = {"starter": "3C", "pegging": [1, 2, 3, 4], "hands": [{"points": p} for p in (4, 6, 8, 10)], "crib": {"points": 2}}
    assert post_json(client, url, entry, token).json()["scores"] == [18, 22, 18, 22]
    # Bea deals; Cid shows first after pegging 0 + 1: Ana + Cid 18 + 29 (the 29 hand) + 0 = 47; Dan 2 (with a 5 turned
    # no hand counts less): 22 + 1 + 2 = 25; Ana 14: 61, the end; Bea's hand and the crib are not counted.
    entry = {"starter": "5D", "pegging": [0, 1, 0, 0],
             "hands": [{"points": 14}, None, {"cards": ["5H", "5S", "5C", "JD"]}, {"points": 2}], "crib": None}
    response = post_json(client, url, entry, token).json()
    assert response["totals"] == [61, 25, 61, 25] and response["finished"] and response["winners"] == ["Ana", "Cid"]


def test_the_phone_form_takes_a_deal(client):
    table = create_table(client, "cribbage", ["Ana", "Bea"])
    edit = f"/tables/{table['id']}/edit/{table['edit_token']}/"
    page = client.get(edit).content.decode()
    assert 'name="starter"' in page and 'name="hand.1"' in page and 'name="crib_points"' in page
    response = client.post(edit, {"starter": "5♦", "pegging.0": "3", "pegging.1": "2", "hand.0": "5H 5S 5C JD",
                                  "hand_points.1": "8", "crib_points": "4"})
    assert response.status_code in (200, 302)
    state = client.get(f"/api/tables/{table['id']}").json()
    assert state["totals"] == [3 + 29 + 4, 2 + 8]  # Ana deals: her crib
    response = client.post(edit, {"starter": "JK", "pegging.0": "0", "pegging.1": "0", "hand_points.0": "19"})
    assert response.status_code == 400
    text = response.content.decode()
    assert "Pas de joker" in text or "Carte de départ inconnue" in text


def test_the_phone_form_takes_where_each_peg_stands(client):
    table = create_table(client, "cribbage", ["Ana", "Bea"])
    edit = f"/tables/{table['id']}/edit/{table['edit_token']}/"
    # Deal 1, Ana deals: pegs at 3 and 2 after the play (from 0): pegging 3 and 2; hands 8 and 6, crib 0.
    client.post(edit, {"starter": "3C", "peg.0": "3", "peg.1": "2", "hand_points.0": "8", "hand_points.1": "6",
                       "crib_points": "0"})
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [11, 8]
    # Deal 2, Bea deals a Jack: his heels, 2 to Bea. Pegs at 12 and 14: Ana 12 − 11 = 1, Bea 14 − 8 − 2 = 4.
    client.post(edit, {"starter": "JD", "peg.0": "12", "peg.1": "14", "hand_points.0": "0", "hand_points.1": "0",
                       "crib_points": "0"})
    state = client.get(f"/api/tables/{table['id']}").json()
    assert state["rounds"][-1]["entry"]["pegging"] == [1, 4] and state["totals"] == [12, 14]


def test_three_players_are_refused_naming_the_field(client):
    response = post_json(client, "/api/tables", {"game": "cribbage", "players": ["Ana", "Bea", "Cid"]})
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["field"], error["code"]) == ("players", "player_count")
    assert "2 ou 4" in error["message"]  # the rule document: "deux ou quatre"
    for players in (["Ana", "Bea"], ["Ana", "Bea", "Cid", "Dan"]):
        assert create_table(client, "cribbage", players)["id"]
    assert client.get("/api/games/cribbage?players=3").status_code == 400
    assert client.get("/api/games/cribbage").json()["player_counts"] == [2, 4]


def test_the_target_is_121_or_61_only_for_a_new_table(client):
    from companion.tables.models import Table

    assert Table.objects.get(pk=create_table(client, "cribbage", ["Ana", "Bea"])["id"]).options["target"] == 121
    assert Table.objects.get(pk=create_table(client, "cribbage", ["Ana", "Bea"], {"target": 61})["id"]).options["target"] == 61
    response = post_json(client, "/api/tables", {"game": "cribbage", "players": ["Ana", "Bea"], "options": {"target": 100}})
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("options.target", "bad_choice")]


def test_a_table_stored_with_another_target_or_three_players_keeps_replaying(client):
    from companion.tables.models import Table

    table = create_table(client, "cribbage", ["Ana", "Bea"])
    # A table opened when the target was a free number: 100.
    Table.objects.filter(pk=table["id"]).update(options={"target": 100})
    url, token = f"/api/tables/{table['id']}/rounds", table["edit_token"]
    # Ana deals; Bea pegs 60, Ana 40; Bea's hand 8, Ana's 6, Ana's crib 4: Bea 68, Ana 50 (below 100, going on).
    entry = {"starter": "3C", "pegging": [40, 60], "hands": [{"points": 6}, {"points": 8}], "crib": {"points": 4}}
    response = post_json(client, url, entry, token)
    assert response.status_code == 201, response.content
    assert response.json()["scores"] == [50, 68]
    # Bea deals; Ana pegs 50 and reaches 50 + 50 = 100 during the play: the game ends there, at the stored 100
    # (at 121 it would go on).
    entry = {"starter": "4D", "pegging": [50, 1], "hands": [{"points": 2}, {"points": 2}], "crib": {"points": 0}}
    response = post_json(client, url, entry, token)
    assert response.status_code == 201, response.content
    data = client.get(f"/api/tables/{table['id']}").json()
    assert data["totals"][0] == 100 and data["finished"] and data["winners"] == ["Ana"]

    three = create_table(client, "cribbage", ["Ana", "Bea"])
    Table.objects.filter(pk=three["id"]).update(players=["Ana", "Bea", "Cid"])  # opened at 3 players earlier
    url, token = f"/api/tables/{three['id']}/rounds", three["edit_token"]
    # Ana deals; pegging 1, 2, 3; hands 4, 6, 8 and Ana's crib 2: Ana 1 + 4 + 2 = 7, Bea 2 + 6 = 8, Cid 3 + 8 = 11.
    entry = {"starter": "3C", "pegging": [1, 2, 3], "hands": [{"points": p} for p in (4, 6, 8)], "crib": {"points": 2}}
    response = post_json(client, url, entry, token)
    assert response.status_code == 201, response.content
    assert response.json()["scores"] == [7, 8, 11]


def test_the_sheet_marks_a_skunk_under_91_in_a_121_game_only(client):
    # Ana deals. Bea pegs 30, Ana 1; Bea's hand 8, Ana's 6, Ana's crib 4: Bea 38, Ana 11.
    table = create_table(client, "cribbage", ["Ana", "Bea"])
    url, token = f"/api/tables/{table['id']}/rounds", table["edit_token"]
    first = {"starter": "3C", "pegging": [1, 30], "hands": [{"points": 6}, {"points": 8}], "crib": {"points": 4}}
    assert post_json(client, url, first, token).json()["totals"] == [11, 38]
    page = client.get(f"/tables/{table['id']}/").content.decode()
    assert 'class="skunk"' not in page  # nobody has won yet
    # Bea deals; Ana (after the dealer) pegs 2 and Bea 83: Bea 38 + 83 = 121 during the play, the game is over.
    # Ana 11 + 2 = 13 < 91: a skunk.
    response = post_json(client, url, {"starter": "4D", "pegging": [2, 83]}, token).json()
    assert response["totals"] == [13, 121] and response["winners"] == ["Bea"]
    page = client.get(f"/tables/{table['id']}/").content.decode()
    assert 'class="skunk"' in page and "<bdi>Ana</bdi>" in page.split('class="skunk"')[1].split("</p>")[0]
    assert "a perdu sans atteindre 91 points" in page

    # At 61 there is no skunk line: Ana 13 against 61 is only a loss.
    short = create_table(client, "cribbage", ["Ana", "Bea"], {"target": 61})
    url, token = f"/api/tables/{short['id']}/rounds", short["edit_token"]
    assert post_json(client, url, {"starter": "4D", "pegging": [13, 61]}, token).json()["finished"]
    assert 'class="skunk"' not in client.get(f"/tables/{short['id']}/").content.decode()


def test_a_skunked_partnership_is_named_whole(client):
    table = create_table(client, "cribbage", ["Ana", "Bea", "Cid", "Dan"])
    url, token = f"/api/tables/{table['id']}/rounds", table["edit_token"]
    # Ana deals; Bea + Dan peg 121 (Bea 100, Dan 21), Ana + Cid 5 (Ana 2, Cid 3): 5 < 91, both partners skunked.
    assert post_json(client, url, {"starter": "3C", "pegging": [2, 100, 3, 21]}, token).json()["winners"] == ["Bea", "Dan"]
    mark = client.get(f"/tables/{table['id']}/").content.decode().split('class="skunk"')[1].split("</p>")[0]
    assert "<bdi>Ana</bdi> + <bdi>Cid</bdi>" in mark and "ont perdu sans atteindre 91 points" in mark


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.recursive(st.none() | st.booleans() | st.integers(-3, 130) | st.sampled_from(["5H", "JD", "JK", "ZZ", ""]),
                    lambda c: st.lists(c, max_size=5) | st.dictionaries(
                        st.sampled_from(["starter", "pegging", "hands", "crib", "cards", "points", "x"]), c, max_size=4),
                    max_leaves=20))
def test_junk_deals_are_a_400_never_a_500(client, body):
    table = create_table(client, "cribbage", ["Ana", "Bea"])
    response = post_json(client, f"/api/tables/{table['id']}/rounds", body, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] and "field" in e for e in response.json()["errors"])
