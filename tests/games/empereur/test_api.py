"""L'Empereur through the JSON API and the sheet page: a null dealer, the exchanges, refused entries."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Léa", "Marc", "Nina"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def test_next_has_no_dealer_and_the_sheet_page_copes(client):
    table = create_table(client, "empereur", PLAYERS, {"mode": "elite", "target": 60})
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert (nxt["dealer"], nxt["dealer_name"], nxt["first"], nxt["first_name"], nxt["exchanges"]) == (None, None, None, None, [])
    response = post_json(client, rounds_url(table), {"emperor": 0, "dealer": 2, "hands": [
        None, {"cards": ["KS", "2H"]}, {"cards": ["5S", "5H", "JK"]}]}, table["edit_token"])
    # 13 + 15 for Marc, 5 + 5 + 20 for Nina: Léa 58
    assert response.json() == {"number": 1, "scores": [58, 0, 0], "totals": [58, 0, 0], "finished": False, "winners": []}
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert nxt["dealer"] is None and nxt["exchanges"][0] == {"from": 1, "to": 0, "card": "highest"}
    for url in (f"/tables/{table['id']}/", f"/tables/{table['id']}/edit/{table['edit_token']}/"):
        page = client.get(url)
        assert page.status_code == 200
        assert "Marc" in page.content.decode()
    csv = client.get(f"/tables/{table['id']}/export.csv")
    assert csv.status_code == 200 and "58" in b"".join(csv.streaming_content).decode()


def test_the_last_emperor_wins_through_the_api(client):
    table = create_table(client, "empereur", PLAYERS)
    for seat in (1, 1):
        post_json(client, rounds_url(table), {"emperor": seat}, table["edit_token"])
    response = post_json(client, rounds_url(table), {"emperor": 0}, table["edit_token"])
    assert response.json()["finished"] and response.json()["winners"] == ["Léa"]  # 1 manche against Marc's 2


def test_a_bad_entry_names_every_problem_and_stores_nothing(client):
    table = create_table(client, "empereur", PLAYERS, {"mode": "miroir_elite"})
    response = post_json(client, rounds_url(table), {"exclu": 2, "hands": [{"points": 3}, None, None]}, table["edit_token"])
    assert response.status_code == 400
    assert {(e["field"], e["seat"]) for e in response.json()["errors"]} == {("hands", 0), ("hands", 2)}
    assert not Event.objects.filter(table_id=table["id"], kind="round").exists()


junk = st.recursive(st.none() | st.booleans() | st.integers(-5, 600) | st.floats(allow_nan=False) | st.text(max_size=4)
                    | st.sampled_from(["JK", "2H", "AS"]),
                    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.sampled_from(["cards", "points", "emperor", "exclu", "hands", "joker_out", "dealer"]), c, max_size=4),
                    max_leaves=12)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["normal", "elite", "miroir_normal", "miroir_elite"]), junk)
def test_junk_gets_a_400_never_a_500(client, mode, body):
    table = create_table(client, "empereur", PLAYERS, {"mode": mode})
    response = post_json(client, rounds_url(table), body, table["edit_token"])
    assert response.status_code in (201, 400), response.content


def test_the_form_reminds_the_coming_exchanges_by_name(client):
    table = create_table(client, "empereur", PLAYERS, {"mode": "elite"})
    edit = f"/tables/{table['id']}/edit/{table['edit_token']}/"
    assert "Échange avant de jouer" not in client.get(edit).content.decode()  # first manche: nothing to exchange
    post_json(client, rounds_url(table), {"emperor": 0, "hands": [None, {"points": 3}, {"points": 4}]}, table["edit_token"])
    html = client.get(edit).content.decode()
    # Léa is Emperor: Marc and Nina each give her their highest card, she gives each one back a card of her choice.
    assert ("Échange avant de jouer : <bdi>Marc</bdi> et <bdi>Nina</bdi> donnent chacun sa plus haute carte à "
            "<bdi>Léa</bdi> (le joker bat le 2) ; <bdi>Léa</bdi> rend à chacun une carte de son choix.") in html


def test_in_miroir_the_exclu_gives_to_every_elu(client):
    table = create_table(client, "empereur", PLAYERS, {"mode": "miroir_normal"})
    post_json(client, rounds_url(table), {"exclu": 1}, table["edit_token"])
    html = client.get(f"/tables/{table['id']}/edit/{table['edit_token']}/").content.decode()
    # Marc is the Exclu: his highest card to Léa and to Nina, each gives him one of her choice.
    assert ("<bdi>Marc</bdi> donne sa plus haute carte à <bdi>Léa</bdi> et <bdi>Nina</bdi> (le joker bat le 2) ; "
            "chacun lui rend une carte de son choix.") in html
    normal = create_table(client, "empereur", PLAYERS)
    post_json(client, rounds_url(normal), {"emperor": 1}, normal["edit_token"])
    assert "Échange" not in client.get(f"/tables/{normal['id']}/edit/{normal['edit_token']}/").content.decode()
