"""Tarot lorrain through the JSON API and the phone form. Expected numbers worked out by hand (FFT count)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
FOUR = ["Ana", "Bea", "Cid", "Dan"]
FIVE = ["Ana", "Bea", "Cid", "Dan", "Eve"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_the_game_is_described_with_its_options_and_entry_schema(client):
    data = client.get("/api/games/tarot-lorrain").json()
    assert (data["min_players"], data["max_players"], data["direction"]) == (3, 5, "counterclockwise")
    assert {o["key"]: o["default"] for o in data["options"]} == {"deals": None}
    shapes = data["entry_schema"]["oneOf"]
    assert shapes[0]["required"] == ["taker", "contract", "bouts", "points"]
    assert shapes[1]["properties"] == {"taker": {"type": "null"}}


def test_a_deal_scores_and_next_says_who_deals_and_speaks(client):
    table = create_table(client, "tarot-lorrain", FOUR, {"deals": 3})
    # garde, 2 bouts, 47: (25 + 6) × 2 = 62; Ana 3 × 62.
    response = post_json(client, rounds_url(table), {"taker": 0, "contract": "garde", "bouts": 2, "points": 47}, table["edit_token"])
    assert response.status_code == 201
    assert response.json() == {"number": 1, "scores": [186, -62, -62, -62], "totals": [186, -62, -62, -62],
                               "finished": False, "winners": []}
    data = client.get(f"/api/tables/{table['id']}").json()
    assert {k: data["next"][k] for k in ("dealer", "first", "hand", "chien")} == {"dealer": 1, "first": 2, "hand": 18, "chien": 6}
    assert data["rounds"][0]["entry"]["points"] == 47


def test_a_passed_deal_then_a_half_point_miss_at_five_with_a_partner(client):
    table = create_table(client, "tarot-lorrain", FIVE, {"deals": 2})
    assert post_json(client, rounds_url(table), {"taker": None}, table["edit_token"]).json()["scores"] == [0] * 5
    # prise, 1 bout, 50.5: short of 51 by 0.5 → 1: −26. Eve took with Bea: Eve −52, Bea −26, the three others +26.
    body = {"taker": 4, "partner": 1, "contract": "prise", "bouts": 1, "points": 50.5}
    response = post_json(client, rounds_url(table), body, table["edit_token"])
    assert response.json() == {"number": 2, "scores": [26, -26, 26, 26, -52], "totals": [26, -26, 26, 26, -52],
                               "finished": True, "winners": ["Ana", "Cid", "Dan"]}
    assert client.get(f"/api/tables/{table['id']}").json()["next"] is None


def test_a_refused_deal_names_every_field(client):
    table = create_table(client, "tarot-lorrain", FOUR)
    body = {"taker": 0, "contract": "garde", "bouts": 0, "points": 80, "petit_au_bout": "taker"}
    response = post_json(client, rounds_url(table), body, table["edit_token"], HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert sorted((e["field"], e["code"]) for e in response.json()["errors"]) == [
        ("petit_au_bout", "petit_without_bout"), ("points", "points_for_bouts")]
    assert Event.objects.count() == 0


def test_a_correction_replays_the_deal(client):
    table = create_table(client, "tarot-lorrain", FOUR)
    post_json(client, rounds_url(table), {"taker": 0, "contract": "garde", "bouts": 2, "points": 47}, table["edit_token"])
    # corrected to 40.5 points: short of 41 by 0.5 → 1: −26 × 2 = −52; Ana −156.
    response = client.put(f"/api/tables/{table['id']}/rounds/1",
                          json.dumps({"taker": 0, "contract": "garde", "bouts": 2, "points": 40.5}),
                          content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {table['edit_token']}")
    assert response.status_code == 200
    assert response.json()["totals"] == [-156, 52, 52, 52]


fields = st.sampled_from(["taker", "contract", "partner", "bouts", "points", "petit_au_bout", "poignees", "chelem", "x"])
values = st.recursive(st.none() | st.booleans() | st.integers(-5, 100) | st.floats(allow_nan=True) | st.text(max_size=6)
                      | st.sampled_from(["garde", "prise", "taker", "defence", "simple", "announced_made"]),
                      lambda c: st.lists(c, max_size=4) | st.dictionaries(st.sampled_from(["seat", "size", "y"]), c, max_size=3),
                      max_leaves=12)


@given(st.dictionaries(fields, values, max_size=8) | values)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = create_table(client, "tarot-lorrain", FIVE)
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


class TestPhoneForm:
    def test_the_form_asks_taker_contract_bouts_points_and_primes(self, client):
        table = create_table(client, "tarot-lorrain", FIVE)
        page = client.get(edit_url(table)).content.decode()
        for needle in ('name="taker" value="none"', 'name="partner"', 'name="contract" value="garde_sans"', 'name="bouts" value="3"',
                       'name="points"', 'inputmode="decimal"', 'name="poignee.4"', 'name="chelem"', 'name="petit_au_bout"',
                       "Roi appelé</legend>", "Qui l'avait au départ ?", "mettez-le de côté"):
            assert needle in page, needle
        assert 'name="partner"' not in client.get(edit_url(create_table(client, "tarot-lorrain", FOUR))).content.decode()

    def test_a_posted_deal_with_half_points_and_a_poignee(self, client):
        table = create_table(client, "tarot-lorrain", FOUR)
        # Dan garde contre, 0 bouts, 55,5: −26 × 6 = −156; his double poignée to the defence −30: −186.
        response = client.post(edit_url(table), {"taker": "3", "contract": "garde_contre", "bouts": "0", "points": "55,5",
                                                 "poignee.3": "double", "petit_au_bout": "", "chelem": ""})
        assert response.status_code == 302
        data = client.get(f"/api/tables/{table['id']}").json()
        assert data["rounds"][0]["entry"] == {"taker": 3, "contract": "garde_contre", "bouts": 0, "points": 55.5,
                                              "petit_au_bout": None, "poignees": [{"seat": 3, "size": "double"}], "chelem": None}
        assert data["totals"] == [186, 186, 186, -558]

    def test_a_passed_deal_from_the_form(self, client):
        table = create_table(client, "tarot-lorrain", FOUR)
        assert client.post(edit_url(table), {"taker": "none", "petit_au_bout": "", "chelem": ""}).status_code == 302
        assert client.get(f"/api/tables/{table['id']}").json()["rounds"][0]["entry"] == {"taker": None}

    def test_a_refused_deal_comes_back_with_the_reason_and_what_was_typed(self, client):
        table = create_table(client, "tarot-lorrain", FOUR)
        response = client.post(edit_url(table), {"taker": "0", "contract": "garde", "bouts": "1", "points": "quarante"})
        assert response.status_code == 400
        page = response.content.decode()
        assert "Nombre de points attendu, par demi-points" in page
        assert 'name="taker" value="0" checked' in page and 'name="contract" value="garde" checked' in page
        assert Event.objects.count() == 0


def test_the_form_speaks_english_to_an_english_browser(client):
    table = create_table(client, "tarot-lorrain", FIVE)
    page = client.get(edit_url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for needle in ("Taker", "Nobody (passed deal)", "Called king", "Who was dealt it?", "Garde sans (without the chien)",
                   "Each bout counts for the camp that played it", "Single (8)", "made by the defence"):
        assert needle in page, needle
