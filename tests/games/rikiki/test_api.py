"""Rikiki through the JSON API and the phone form (Motton shares the form: tests/tables/test_motton_api.py).
Expected numbers worked out by hand."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event, Table
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid", "Dan"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def state(client, table):
    return client.get(f"/api/tables/{table['id']}").json()


class TestRikiki:
    def test_max_cards_shows_null_and_the_rule_and_the_table_stores_the_number(self, client):
        data = client.get("/api/games/rikiki").json()
        (max_cards,) = [o for o in data["options"] if o["key"] == "max_cards"]
        assert max_cards["default"] is None and max_cards["nullable"] is True
        # ⌊51 / n⌋ for 3 to 8 players.
        assert max_cards["default_by_players"] == {"3": 17, "4": 12, "5": 10, "6": 8, "7": 7, "8": 6}
        assert "51 divisé par le nombre de joueurs" in max_cards["help"]
        table = create_table(client, "rikiki", PLAYERS)
        assert state(client, table)["options"] == {"max_cards": 12, "hook": False, "coupe_obligatoire": False}
        assert Table.objects.get(pk=table["id"]).options["max_cards"] == 12

    def test_a_max_cards_the_pack_cannot_deal_is_a_400(self, client):
        response = post_json(client, "/api/tables", {"game": "rikiki", "players": PLAYERS, "options": {"max_cards": 14}})
        assert response.status_code == 400
        assert response.json()["errors"][0]["field"] == "options.max_cards"

    def test_next_says_the_deal_the_hand_and_who_bids_first(self, client):
        table = create_table(client, "rikiki", PLAYERS, {"max_cards": 2})
        nxt = state(client, table)["next"]
        assert {k: nxt[k] for k in ("dealer", "first", "deal", "deals", "hand", "no_trump")} == {
            "dealer": 0, "first": 1, "deal": 1, "deals": 3, "hand": 1, "no_trump": False}
        # Deal 1 (1 card): Ana bids 1 and takes it: 10 + 5 = 15; the others bid 0: 10 each.
        response = post_json(client, rounds_url(table), {"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}, table["edit_token"])
        assert response.status_code == 201 and response.json()["scores"] == [15, 10, 10, 10]
        data = state(client, table)
        assert data["rounds"][0]["entry"] == {"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0], "cards": 1}
        assert (data["next"]["dealer_name"], data["next"]["first_name"], data["next"]["hand"]) == ("Bea", "Cid", 2)

    def test_a_full_pack_deal_has_no_trump(self, client):
        table = create_table(client, "rikiki", PLAYERS, {"max_cards": 13})
        for k in range(1, 13):
            post_json(client, rounds_url(table), {"bids": [0] * 4, "tricks": [k, 0, 0, 0]}, table["edit_token"])
        assert state(client, table)["next"]["no_trump"] is True

    def test_every_problem_is_named_with_its_field_and_seat(self, client):
        table = create_table(client, "rikiki", PLAYERS, {"hook": True})
        response = post_json(client, rounds_url(table), {"bids": [0, 1, 0, 5], "tricks": [0, 0, 0, 0], "turned": "ZZ"},
                             table["edit_token"], HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 400
        errors = {(e["field"], e["seat"], e["code"]) for e in response.json()["errors"]}
        assert errors == {("bids", 3, "too_many"), ("tricks", None, "trick_total"), ("turned", None, "bad_card")}
        assert Event.objects.count() == 0


JUNK = st.recursive(st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=False) | st.text(max_size=4),
                    lambda c: st.lists(c, max_size=5) | st.dictionaries(st.sampled_from(["bids", "tricks", "cards", "turned", "x"]), c, max_size=4))


@pytest.mark.parametrize("game", ["rikiki", "motton"])  # one entry shape, one checker (companion.families.bids)
@given(junk=JUNK)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, game, junk):
    table = create_table(client, game, PLAYERS[:3])
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


class TestPhoneForm:
    def test_the_grid_asks_bids_tricks_and_the_turned_card(self, client):
        table = create_table(client, "rikiki", PLAYERS, {"hook": True})
        page = client.get(edit_url(table)).content.decode()
        assert 'name="bids.3"' in page and 'name="tricks.0"' in page and 'name="turned"' in page
        assert "ne peut pas faire tomber juste" in page and "js/bids.js" in page

    def test_a_refused_deal_comes_back_with_the_reason(self, client):
        table = create_table(client, "rikiki", PLAYERS)
        response = client.post(edit_url(table), {"bids.0": "0", "bids.1": "0", "bids.2": "0", "bids.3": "0",
                                                 "tricks.0": "1", "tricks.1": "1", "tricks.2": "0", "tricks.3": "0",
                                                 "turned": "11♥"})
        assert response.status_code == 400
        page = response.content.decode()
        assert "Une donne de 1 carte chacun fait 1 pli : 2 saisis." in page and "Carte retournée inconnue" in page
        assert Event.objects.count() == 0
