"""Le barbu classique through the JSON API and the phone form. Numbers worked out by hand."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid", "Dom"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_next_gives_the_coming_dealer_s_remaining_contracts(client):
    table = create_table(client, "barbu-classique", PLAYERS)
    token = table["edit_token"]
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert (nxt["dealer"], nxt["first"], len(nxt["remaining"])) == (0, 0, 7)
    # Ana chooses « pas de dames »: −6 a queen.
    response = post_json(client, rounds_url(table), {"contract": "dames", "queens": [0, 2, 1, 1]}, token)
    assert response.status_code == 201 and response.json()["scores"] == [0, -12, -6, -6]
    for _ in range(3):  # Bea, Cid, Dom: « pas de plis », 4 + 3 + 3 + 3 tricks, −2 each
        post_json(client, rounds_url(table), {"contract": "plis", "tricks": [4, 3, 3, 3]}, token)
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert nxt["dealer"] == 0 and "dames" not in nxt["remaining"] and len(nxt["remaining"]) == 6
    response = post_json(client, rounds_url(table), {"contract": "dames", "queens": [4, 0, 0, 0]}, token)
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "contract"


def test_the_phone_form_reads_only_the_chosen_contract(client):
    table = create_table(client, "barbu-classique", PLAYERS)
    form = {"contract": "reussite", "reussite.order.0": "2", "reussite.order.1": "0", "reussite.order.2": "3",
            "reussite.order.3": "1", "plis.tricks.0": "9"}  # a leftover of another group is ignored
    assert client.post(edit_url(table), form).status_code == 302
    # Cid first out +45, Ana +20, Dom +5, Bea −5.
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [20, -5, 45, 5]
    form = {"contract": "deux-derniers", "deux-derniers.last_two.0": "1", "deux-derniers.last_two.1": "1"}
    assert client.post(edit_url(table), form).status_code == 302
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [20, -35, 45, 5]  # Bea −10 − 20
    page = client.get(edit_url(table)).content.decode()
    assert 'data-contract="atout"' in page and "js/barbu-classique.js" in page
    response = client.post(edit_url(table), {"contract": "coeurs", "coeurs.hearts.0": "3"})
    assert response.status_code == 400


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=5)
    | st.sampled_from(["plis", "coeurs", "dames", "roi-de-coeur", "deux-derniers", "atout", "reussite", "S"]),
    lambda c: st.lists(c, max_size=5) | st.dictionaries(
        st.sampled_from(["contract", "tricks", "hearts", "ace_of_hearts", "queens", "king_of_hearts", "last_two",
                         "trump", "order", "x"]), c, max_size=5),
    max_leaves=12,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=junk)
def test_junk_gets_a_400_never_a_500(client, body):
    table = create_table(client, "barbu-classique", PLAYERS)
    response = post_json(client, rounds_url(table), json.dumps(body), table["edit_token"])
    assert response.status_code in (201, 400), response.content
