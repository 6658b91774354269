"""Barbu through the API: the series schedule the API announces, and impossible salades it refuses.
Expected values are worked out by hand in the comments."""

import pytest

from companion.tables.models import Event
from tests.factories import TableFactory
from tests.tables.helpers import post_json

pytestmark = pytest.mark.django_db

FIVE = ["Ana", "Bea", "Cid", "Dan", "Eve"]


def leader_takes_everything(manche, leader, n=5):
    """A legal entry for ``manche`` at ``n`` players in which the seat ``leader`` takes every card."""
    only = lambda k: [k if s == leader else 0 for s in range(n)]  # noqa: E731
    hand = {4: 13, 5: 10}[n]
    full = {"tricks": only(hand), "hearts": only(13), "queens": only(4), "king_of_hearts": leader}
    fields = {"plis": ["tricks"], "coeurs": ["hearts"], "dames": ["queens"], "roi-de-coeur": ["king_of_hearts"],
              "salade": ["tricks", "hearts", "queens", "king_of_hearts"]}[manche]
    return {f: full[f] for f in fields}


def test_a_five_player_series_announces_each_series_one_manche_further(client):
    # Rounds 1–5: plis, cœurs, dames, roi, salade, dealt by Ana, Bea, Cid, Dan, Eve (the seat after leads).
    first_series = [leader_takes_everything(m, (d + 1) % 5)
                    for d, m in enumerate(["plis", "coeurs", "dames", "roi-de-coeur", "salade"])]
    table = TableFactory(players=FIVE, options={"series": True}, rounds=first_series)
    data = client.get(f"/api/tables/{table.id}").json()
    # Round 6: the deal comes back to Ana, who dealt les plis already: the second series starts with les cœurs.
    assert data["next"] == {"number": 6, "dealer": 0, "dealer_name": "Ana", "first": 1, "first_name": "Bea",
                            "contract": {"key": "coeurs", "name": "Les cœurs"}}
    # Each player led the manche that cost the leader its total: Bea 50 (plis at 5), Cid 65, Dan 80, Eve 80,
    # Ana 275 (the salade at 5).
    assert data["totals"] == [275, 50, 65, 80, 80]
    second = [leader_takes_everything(m, (d + 1) % 5)
              for d, m in enumerate(["coeurs", "dames", "roi-de-coeur", "salade", "plis"])]
    for entry in second:
        assert post_json(client, f"/api/tables/{table.id}/rounds", entry, table.edit_token).status_code == 201
    data = client.get(f"/api/tables/{table.id}", HTTP_ACCEPT_LANGUAGE="en").json()
    assert data["next"]["number"] == 11 and data["next"]["dealer_name"] == "Ana"
    assert data["next"]["contract"] == {"key": "dames", "name": "Queens"}


def test_round_six_of_a_five_player_series_takes_a_hearts_entry(client):
    rounds = [leader_takes_everything(m, (d + 1) % 5)
              for d, m in enumerate(["plis", "coeurs", "dames", "roi-de-coeur", "salade"])]
    table = TableFactory(players=FIVE, options={"series": True}, rounds=rounds)
    url = f"/api/tables/{table.id}/rounds"
    # A plis entry is not enough: round 6 is les cœurs, whose hearts are required (tricks only cross-check).
    response = post_json(client, url, {"tricks": [2, 2, 2, 2, 2]}, table.edit_token)
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("hearts", "required")]
    # Bea took every heart: 13 × 5 = 65.
    response = post_json(client, url, {"hearts": [0, 13, 0, 0, 0]}, table.edit_token)
    assert response.status_code == 201
    assert response.json()["scores"] == [0, 65, 0, 0, 0]


def salade_table():
    rounds = [{"tricks": [4, 3, 5, 1]}, {"hearts": [2, 6, 0, 5]}, {"queens": [1, 0, 2, 1]}, {"king_of_hearts": 2}]
    return TableFactory(rounds=rounds)


def test_a_salade_with_no_seat_holding_a_heart_and_a_queen_is_refused_and_nothing_is_stored(client):
    table = salade_table()
    before = Event.objects.count()
    # Ana took all 13 hearts but no queen: the Q♥, a heart and a queen, is nowhere.
    entry = {"tricks": [4, 3, 3, 3], "hearts": [13, 0, 0, 0], "queens": [0, 2, 1, 1], "king_of_hearts": 0}
    response = post_json(client, f"/api/tables/{table.id}/rounds", entry, table.edit_token)
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert (error["field"], error["seat"], error["code"]) == ("queens", None, "queen_of_hearts_nowhere")
    assert "Dame de cœur" in error["message"]
    assert Event.objects.count() == before


def test_two_seats_needing_the_queen_of_hearts_are_both_named_in_english(client):
    table = salade_table()
    # Ana and Bea: 1 trick each, 4 cards, for 3 hearts + 2 queens: each needs the Q♥ to be one of them.
    entry = {"tricks": [1, 1, 5, 6], "hearts": [3, 3, 7, 0], "queens": [2, 2, 0, 0], "king_of_hearts": 2}
    response = post_json(client, f"/api/tables/{table.id}/rounds", entry, table.edit_token, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [(e["field"], e["seat"], e["code"]) for e in errors] == [
        ("tricks", 0, "queen_of_hearts_twice"), ("tricks", 1, "queen_of_hearts_twice"),
    ]
    assert all("Queen of hearts" in e["message"] for e in errors)
