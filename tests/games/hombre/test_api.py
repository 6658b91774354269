"""L'hombre through the JSON API and the phone form. Expected numbers worked out by hand."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_the_game_is_described_with_its_options_and_a_schema_of_two_shapes(client):
    data = client.get("/api/games/hombre").json()
    assert (data["min_players"], data["max_players"], data["direction"]) == (3, 3, "counterclockwise")
    assert {o["key"]: o["default"] for o in data["options"]} == {"start_chips": 80, "stake": 3, "deals": None,
                                                                       "defausse_libre": False}
    assert len(data["entry_schema"]["oneOf"]) == 2


def test_chips_pot_and_stake_through_the_api(client):
    table = create_table(client, "hombre", PLAYERS)
    data = client.get(f"/api/tables/{table['id']}").json()
    assert data["totals"] == [80, 80, 80]
    assert (data["next"]["dealer"], data["next"]["first"], data["next"]["pot"], data["next"]["stake"]) == (0, 1, 0, 3)
    # All passed: 3 each into the pot (9); the next stake is 2 and Bea deals.
    response = post_json(client, rounds_url(table), {"contract": None}, table["edit_token"])
    assert response.status_code == 201
    assert response.json()["scores"] == [-3, -3, -3]
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert (nxt["dealer"], nxt["first"], nxt["pot"], nxt["stake"]) == (1, 2, 9, 2)
    # Sans prendre by Cid with 6 tricks and 2 matadors: pot 9 + 6 = 15, and 4 + 2 = 6 from each.
    # Cid −2 + 15 + 12 = +25; Ana and Bea −2 − 6 = −8.
    response = post_json(client, rounds_url(table), {"contract": "sans_prendre", "ombre": 2, "tricks": [2, 1, 6],
                                                     "matadors": 2}, table["edit_token"])
    assert response.json()["scores"] == [-8, -8, 25]
    assert response.json()["totals"] == [69, 69, 102]  # 69 + 69 + 102 = 240, the pot is empty
    assert client.get(f"/api/tables/{table['id']}").json()["next"]["pot"] == 0


def test_the_deals_option_ends_the_game(client):
    table = create_table(client, "hombre", PLAYERS, {"deals": 1})
    response = post_json(client, rounds_url(table), {"contract": "prendre", "ombre": 0, "tricks": [5, 2, 2]},
                         table["edit_token"])
    # Ana: −3 + 9 + 6 = +12 → 92; others −6 → 74.
    assert response.json() == {"number": 1, "scores": [12, -6, -6], "totals": [92, 74, 74], "finished": True,
                               "winners": ["Ana"]}
    assert client.get(f"/api/tables/{table['id']}").json()["next"] is None


def test_every_problem_is_a_400_naming_its_field(client):
    table = create_table(client, "hombre", PLAYERS)
    response = post_json(client, rounds_url(table), {"contract": "grand", "ombre": 3, "tricks": [5, 5, 5]},
                         table["edit_token"])
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"contract", "ombre", "tricks"}
    assert not Event.objects.filter(kind="round").exists()


def test_the_phone_form_enters_a_remise(client):
    table = create_table(client, "hombre", PLAYERS)
    form = {"contract": "prendre", "ombre": "0", "tricks.0": "4", "tricks.1": "4", "tricks.2": "1", "matadors": ""}
    response = client.post(edit_url(table), form)
    assert response.status_code == 302
    data = client.get(f"/api/tables/{table['id']}").json()
    # Remise: Ana pays the 9 in the pot into it again: −3 − 9 = −12; the pot holds 18.
    assert data["rounds"][0]["scores"] == [-12, -3, -3]
    assert data["next"]["pot"] == 18
    page = client.get(edit_url(table)).content.decode()
    assert "Jetons au pot : 18." in page


def test_the_phone_form_shows_the_reason_of_a_refusal(client):
    table = create_table(client, "hombre", PLAYERS)
    response = client.post(edit_url(table), {"contract": "vole", "ombre": "1", "tricks.0": "3", "tricks.1": "3"})
    assert response.status_code == 400
    assert "Il y a 9 levées par donne : 6 saisies." in response.content.decode()


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 12) | st.text(max_size=5) | st.sampled_from(["prendre", "vole"]),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.sampled_from(["contract", "ombre", "tricks", "matadors", "x"]), c, max_size=5),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=junk)
def test_junk_gets_a_400_never_a_500(client, body):
    table = create_table(client, "hombre", PLAYERS)
    response = post_json(client, rounds_url(table), json.dumps(body), table["edit_token"])
    assert response.status_code in (201, 400), response.content


def test_the_phone_form_and_the_pot_are_english_for_an_english_browser(client):
    table = create_table(client, "hombre", PLAYERS)
    page = client.get(edit_url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Chips in the pot: 0." in page and "stake for the next deal: 3." in page
    assert "matadors" in page and "All passed" in page and "Tous ont passé" not in page


def test_the_history_says_each_entry_in_words(client):
    table = create_table(client, "hombre", PLAYERS)
    post_json(client, rounds_url(table), {"contract": "vole", "ombre": 2, "tricks": [0, 0, 9], "matadors": 3},
              table["edit_token"])
    html = client.get(f"/tables/{table['id']}/history/").content.decode()
    assert "<bdi>Cid</bdi> est l&#x27;hombre, contrat « Vole »." in html or "<bdi>Cid</bdi> est l'hombre, contrat « Vole »." in html
    assert "Levées : <bdi>Ana</bdi> 0, <bdi>Bea</bdi> 0, <bdi>Cid</bdi> 9" in html and "Matadors du gagnant : 3" in html
