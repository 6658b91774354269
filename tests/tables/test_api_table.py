import pytest

from .helpers import BARBU_FOUR, create_table, post_json

pytestmark = pytest.mark.django_db


def test_it_shows_the_table_with_rounds_totals_and_what_comes_next(client):
    table = create_table(client)
    for entry in BARBU_FOUR[:2]:
        post_json(client, f"/api/tables/{table['id']}/rounds", entry, table["edit_token"])
    data = client.get(f"/api/tables/{table['id']}").json()
    assert data["game"] == "barbu"
    assert data["players"] == ["Ana", "Bea", "Cid", "Dan"]
    assert data["rounds"] == [
        # Each with the deal in one line: who took the most tricks (Cid, 5), the most hearts (Bea, 6).
        {"number": 1, "entry": {"tricks": [4, 3, 5, 1]}, "scores": [20, 15, 25, 5], "contract": "plis", "corrected": False,
         "summary": "Les plis · Cid : 5 plis"},
        {"number": 2, "entry": {"hearts": [2, 6, 0, 5]}, "scores": [10, 30, 0, 25], "contract": "coeurs", "corrected": False,
         "summary": "Les cœurs · Bea : 6 cœurs"},
    ]
    assert data["totals"] == [30, 45, 25, 30]
    assert data["finished"] is False and data["winners"] == []
    assert data["next"] == {"number": 3, "dealer": 2, "dealer_name": "Cid", "first": 3, "first_name": "Dan",
                            "contract": {"key": "dames", "name": "Les dames"}}


def test_a_finished_table_has_winners_and_no_next(client):
    table = create_table(client)
    for entry in BARBU_FOUR:
        post_json(client, f"/api/tables/{table['id']}/rounds", entry, table["edit_token"])
    data = client.get(f"/api/tables/{table['id']}").json()
    assert data["finished"] is True and data["winners"] == ["Ana"] and data["next"] is None


def test_an_unknown_table_is_404_json(client):
    response = client.get("/api/tables/doesnotexist")
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


def test_an_early_finish_is_kept_and_names_the_leader(client):
    table = create_table(client)
    post_json(client, f"/api/tables/{table['id']}/rounds", BARBU_FOUR[0], table["edit_token"])
    response = client.post(f"/api/tables/{table['id']}/finish", HTTP_AUTHORIZATION=f"Bearer {table['edit_token']}")
    assert response.status_code == 200
    assert response.json()["winners"] == ["Dan"]
    again = client.post(f"/api/tables/{table['id']}/finish", HTTP_AUTHORIZATION=f"Bearer {table['edit_token']}")
    assert again.status_code == 409
