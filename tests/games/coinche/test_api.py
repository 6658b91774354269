"""La coinche through the JSON API and the phone form. Numbers worked out by hand."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid", "Dom"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_the_game_is_described_with_its_options_and_next_contracts(client):
    data = client.get("/api/games/coinche").json()
    assert {o["key"]: o["default"] for o in data["options"]} == {
        "target": 2000, "counting": "contrat_plus_points", "coinche_scope": "contrat", "bat_la_defense": False, "belote_compte": True,
        "capot_non_annonce": "points", "capot": 250, "capot_chute": "plus_160", "arrondi": "complement", "generale": False, "sans_atout": False, "tout_atout": False,
        "annonces": False}
    table = create_table(client, "coinche", PLAYERS, {"generale": True})
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert nxt["contracts"] == [80, 90, 100, 110, 120, 130, 140, 150, 160, "capot", "generale"]
    assert (nxt["dealer"], nxt["first"]) == (0, 1)


def test_the_capot_options_through_the_api_and_a_bad_one_named(client):
    # A capot bid worth 500 at this table, and the bonus for a capot not bid: 120 made with every trick is
    # 120 + 250 = 370 for seats 0 + 2, nothing for the defence.
    table = create_table(client, "coinche", PLAYERS, {"capot": 500, "capot_non_annonce": "prime"})
    response = post_json(client, rounds_url(table), {"bidder": 0, "contract": 120, "trump": "S", "points": 162,
                                                     "capot": True}, table["edit_token"])
    assert response.status_code == 201 and response.json()["totals"] == [370, 0, 370, 0]
    bad = post_json(client, "/api/tables", {"game": "coinche", "players": PLAYERS, "options": {"capot": 300}})
    assert bad.status_code == 400 and "options.capot" in bad.content.decode()


def test_a_coinche_and_a_failed_contract_through_the_api(client):
    table = create_table(client, "coinche", PLAYERS)
    token = table["edit_token"]
    # Ana bids 100 in spades, coinched; Ana + Cid make 112: 100 × 2 + 110 = 310; the defence 160 − 110 = 50.
    response = post_json(client, rounds_url(table), {"bidder": 0, "contract": 100, "trump": "S", "coinche": 1,
                                                     "points": 112}, token)
    assert response.status_code == 201 and response.json()["scores"] == [310, 50, 310, 50]
    # Bea bids 130, makes 100: failed; Ana + Cid write 160 + 130 = 290.
    response = post_json(client, rounds_url(table), {"bidder": 1, "contract": 130, "trump": "D", "points": 100}, token)
    assert response.json()["totals"] == [600, 50, 600, 50]
    # A contract of 85 and an unknown trump: both named.
    response = post_json(client, rounds_url(table), {"bidder": 1, "contract": 85, "trump": "X", "points": 100}, token)
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"contract", "trump"}


def test_the_phone_form_enters_a_surcoinche(client):
    table = create_table(client, "coinche", PLAYERS)
    form = {"bidder": "3", "contract": "90", "trump": "H", "coinche": "2", "points": "95", "belote": "none"}
    assert client.post(edit_url(table), form).status_code == 302
    # Dom bids 90, surcoinched (×4), makes 95: 90 × 4 + 100 (95 to the ten) = 460; Ana + Cid 160 − 100 = 60.
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [60, 460, 60, 460]
    # A capot bid through the form.
    form = {"bidder": "0", "contract": "capot", "trump": "S", "coinche": "0", "points": "162", "capot": "on"}
    assert client.post(edit_url(table), form).status_code == 302
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [310, 460, 310, 460]  # + 250
    response = client.post(edit_url(table), {"bidder": "0", "contract": "85", "trump": "S", "points": "1"})
    assert response.status_code == 400


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 600) | st.text(max_size=5)
    | st.sampled_from(["S", "H", "SA", "capot", "generale"]),
    lambda c: st.lists(c, max_size=5) | st.dictionaries(
        st.sampled_from(["bidder", "contract", "trump", "coinche", "points", "belote", "capot", "generale", "x"]),
        c, max_size=7),
    max_leaves=12,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=junk)
def test_junk_gets_a_400_never_a_500(client, body):
    table = create_table(client, "coinche", PLAYERS)
    response = post_json(client, rounds_url(table), json.dumps(body), table["edit_token"])
    assert response.status_code in (201, 400), response.content


def test_a_generale_without_its_flag_is_a_400_naming_it_and_the_options_of_rounding_and_capot(client):
    table = create_table(client, "coinche", PLAYERS, {"generale": True, "capot_chute": "forfait", "arrondi": "chacun"})
    token = table["edit_token"]
    # Bea bids a générale with her side's capot, but says nothing of who took the tricks: refused, nothing stored.
    response = post_json(client, rounds_url(table), {"bidder": 1, "contract": "generale", "trump": "H", "points": 162,
                                                     "capot": True}, token)
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["generale"]
    # Said: she took them alone, 500 to Bea + Dom.
    response = post_json(client, rounds_url(table), {"bidder": 1, "contract": "generale", "trump": "H", "points": 162,
                                                     "capot": True, "generale": True}, token)
    assert response.status_code == 201 and response.json()["scores"] == [0, 500, 0, 500]
    # Ana bids 80 and makes 85: 80 + 90 = 170; each side rounds its own, the defence's 77 is 80.
    response = post_json(client, rounds_url(table), {"bidder": 0, "contract": 80, "trump": "S", "points": 85}, token)
    assert response.json()["scores"] == [170, 80, 170, 80]
    # Cid bids capot and misses a trick: the flat 500 to Bea + Dom.
    response = post_json(client, rounds_url(table), {"bidder": 2, "contract": "capot", "trump": "S", "points": 150},
                         token)
    assert response.json()["scores"] == [0, 500, 0, 500]
    # Totals: Ana + Cid 170; Bea + Dom 500 + 80 + 500 = 1080.
    assert response.json()["totals"] == [170, 1080, 170, 1080]
