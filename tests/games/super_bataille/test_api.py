"""Super-bataille through the JSON API: the match sheet and the trick calculator, with its phone page. Expected
numbers worked out by hand (a loser adds n − 1: face value, V 11, D 12, R 13, A 1)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
TRICK = "/api/games/super-bataille/trick"
PAGE = "/super-bataille/pli/"


def test_a_table_deals_54_cards(client):
    table = create_table(client, "super-bataille", ["Léo", "Maé"])
    state = client.get(f"/api/tables/{table['id']}").json()
    assert state["next"]["hands"] == [27, 27]
    response = post_json(client, f"/api/tables/{table['id']}/rounds", {"cards_left": [30, 22]}, table["edit_token"])
    assert response.status_code == 400  # 52, not 54
    response = post_json(client, f"/api/tables/{table['id']}/rounds", {"cards_left": [30, 24]}, table["edit_token"])
    assert response.json()["scores"] == [1, 0]


class TestTheCalculator:
    def test_the_seed_example(self, client):
        response = post_json(client, TRICK, {"turned": ["JS", "4H", "7D"]})
        assert response.status_code == 200
        assert response.json() == {"winner": 0, "tied": [], "adds": [0, 3, 6], "won": 12}

    def test_a_pending_bataille_then_its_end(self, client):
        # R R 6: the 6 adds 5, 3 + 5 = 8 on the table; then 9 against 4: the 4 adds 3. 8 + 2 × 2 + 3 = 15.
        assert post_json(client, TRICK, {"turned": ["KS", "KH", "6D"], "batailles": []}).json() == {
            "winner": None, "tied": [0, 1], "adds": [0, 0, 5], "won": 8}
        assert post_json(client, TRICK, {"turned": ["KS", "KH", "6D"], "batailles": [["9C", "4C", None]]}).json() == {
            "winner": 0, "tied": [], "adds": [0, 3, 5], "won": 15}

    def test_an_ace_at_fourteen(self, client):
        assert post_json(client, TRICK, {"turned": ["AS", "JK"], "ace_cards": 14}).json()["adds"] == [13, 0]

    def test_refusals_name_the_field_and_seat(self, client):
        response = post_json(client, TRICK, {"turned": ["JS", "XX", None]})
        assert response.status_code == 400
        assert response.json()["errors"][0]["field"] == "turned" and response.json()["errors"][0]["seat"] == 1
        response = post_json(client, TRICK, {"turned": ["JS", "JH"], "batailles": [["2C", None]]})
        assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("batailles.0", "not_the_tied_seats")]
        # The players are named as the request numbers them, from 0 (seats 0 and 1 tied), never "joueurs 1, 2".
        assert "entre joueur 0, joueur 1 seulement" in response.json()["errors"][0]["message"]
        assert post_json(client, TRICK, {"turned": ["JS", "JS"]}).json()["errors"][0]["code"] == "too_many_copies"
        assert post_json(client, TRICK, {"cards": []}).status_code == 400
        assert post_json(client, TRICK, {"turned": ["JS", "4H"], "batailles": None}).status_code == 400
        assert post_json(client, TRICK, "not json{").status_code == 400

    def test_english_messages(self, client):
        response = post_json(client, TRICK, {"turned": ["JS", None]}, HTTP_ACCEPT_LANGUAGE="en")
        assert response.json()["errors"][0]["message"] == "At least two cards must be turned."


@given(body=st.recursive(st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(["JS", "JK", "4H", "AS", "x"]),
                         lambda c: st.lists(c, max_size=5) | st.dictionaries(
                             st.sampled_from(["turned", "batailles", "ace_cards", "other"]), c, max_size=3)))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, body):
    response = post_json(client, TRICK, body)
    assert response.status_code in (200, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


class TestThePage:
    def test_it_names_the_table_players_and_works_without_javascript(self, client):
        page = client.get(PAGE, {"p": ["Léo", "Maé", "Sam"]}).content.decode()
        assert "Léo" in page and 'name="turned.2"' in page
        response = client.post(PAGE, {"p": ["Léo", "Maé", "Sam"], "turned.0": "J", "turned.1": "4", "turned.2": "7"})
        assert response.status_code == 200
        assert "Léo</bdi> ramasse 12 cartes" in response.content.decode()

    def test_five_cards_of_one_rank_are_refused(self, client):
        response = client.post(PAGE, {"n": "5", "turned.0": "K", "turned.1": "K", "turned.2": "K", "turned.3": "K",
                                      "turned.4": "K"})
        assert response.status_code == 400
        assert "Plus de cartes de cette hauteur" in response.content.decode()

    def test_the_sheet_links_to_it(self, client):
        table = create_table(client, "super-bataille", ["Léo", "Maé"])
        page = client.get(f"/tables/{table['id']}/edit/{table['edit_token']}/").content.decode()
        assert "/super-bataille/pli/?p=L%C3%A9o&amp;p=Ma%C3%A9&amp;" in page


@given(body=st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=3),
                         lambda c: st.lists(c, max_size=4) | st.dictionaries(
                             st.sampled_from(["winner", "cards_left", "x"]), c, max_size=3), max_leaves=15))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_games_are_a_400_never_a_500(client, body):
    table = create_table(client, "super-bataille", ["Léo", "Maé"])
    response = post_json(client, f"/api/tables/{table['id']}/rounds", body, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])
