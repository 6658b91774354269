"""Le tarot (FFT) through the JSON API, the phone form and the CSV. Expected numbers worked out by hand."""

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
    data = client.get("/api/games/tarot").json()
    assert (data["min_players"], data["max_players"], data["direction"]) == (3, 5, "counterclockwise")
    assert {o["key"]: o["default"] for o in data["options"]} == {"deals": None, "chelem_defence": True,
                                                                 "five_players_split": "fft"}
    shapes = data["entry_schema"]["oneOf"]
    assert shapes[0]["required"] == ["taker", "contract", "bouts", "points"]
    assert shapes[1]["properties"] == {"taker": {"type": "null"}}


def test_a_deal_scores_and_next_says_who_deals_what_each_contract_is_worth_and_the_poignees(client):
    table = create_table(client, "tarot", FOUR, {"deals": 3})
    # garde, 2 bouts, 47: (25 + 6) × 2 = 62; Ana 3 × 62.
    response = post_json(client, rounds_url(table), {"taker": 0, "contract": "garde", "bouts": 2, "points": 47}, table["edit_token"])
    assert response.status_code == 201
    assert response.json() == {"number": 1, "scores": [186, -62, -62, -62], "totals": [186, -62, -62, -62],
                               "finished": False, "winners": []}
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert {k: nxt[k] for k in ("dealer", "first", "hand", "chien")} == {"dealer": 1, "first": 2, "hand": 18, "chien": 6}
    assert nxt["multipliers"] == {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
    assert nxt["poignees"] == {"simple": 10, "double": 13, "triple": 15}


def test_equal_shares_at_five_give_half_points_in_json_and_a_decimal_comma_in_the_csv(client):
    table = create_table(client, "tarot", FIVE, {"five_players_split": "egal", "deals": 1})
    # Bea prise with Dan's king, 3 bouts, 30.5: short of 36 by 5.5 → 6: −31. The three defenders +31 each;
    # Bea and Dan share the −93: −46.5 each.
    body = {"taker": 1, "partner": 3, "contract": "prise", "bouts": 3, "points": 30.5}
    response = post_json(client, rounds_url(table), body, table["edit_token"])
    assert response.json() == {"number": 1, "scores": [31, -46.5, 31, -46.5, 31], "totals": [31, -46.5, 31, -46.5, 31],
                               "finished": True, "winners": ["Ana", "Cid", "Eve"]}
    csv = b"".join(client.get(f"/tables/{table['id']}/export.csv").streaming_content).decode("utf-8-sig")
    assert "-46,5" in csv


def test_options_are_refused_with_their_field(client):
    response = post_json(client, "/api/tables", {"game": "tarot", "players": FIVE, "options": {"five_players_split": "moitie"}})
    assert response.status_code == 400
    assert [e["field"] for e in response.json()["errors"]] == ["options.five_players_split"]


def test_a_refused_deal_names_every_field_and_stores_nothing(client):
    table = create_table(client, "tarot", FOUR)
    body = {"taker": 0, "contract": "garde", "bouts": 0, "points": 80, "petit_au_bout": "taker"}
    response = post_json(client, rounds_url(table), body, table["edit_token"], HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert sorted((e["field"], e["code"]) for e in response.json()["errors"]) == [
        ("petit_au_bout", "petit_without_bout"), ("points", "points_for_bouts")]
    assert Event.objects.count() == 0


def test_a_correction_replays_the_deal(client):
    table = create_table(client, "tarot", FOUR)
    post_json(client, rounds_url(table), {"taker": 0, "contract": "garde", "bouts": 2, "points": 47}, table["edit_token"])
    # corrected to 40 points: short of 41 by 1: −26 × 2 = −52; Ana −156.
    response = client.put(f"/api/tables/{table['id']}/rounds/1",
                          json.dumps({"taker": 0, "contract": "garde", "bouts": 2, "points": 40}),
                          content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {table['edit_token']}")
    assert response.status_code == 200
    assert response.json()["totals"] == [-156, 52, 52, 52]


fields = st.sampled_from(["taker", "contract", "partner", "bouts", "points", "petit_au_bout", "poignees", "chelem", "x"])
values = st.recursive(st.none() | st.booleans() | st.integers(-5, 100) | st.floats(allow_nan=True) | st.text(max_size=6)
                      | st.sampled_from(["garde", "prise", "taker", "defence", "simple", "announced_made", "defence"]),
                      lambda c: st.lists(c, max_size=4) | st.dictionaries(st.sampled_from(["seat", "size", "y"]), c, max_size=3),
                      max_leaves=12)


@given(st.dictionaries(fields, values, max_size=8) | values)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = create_table(client, "tarot", FIVE, {"five_players_split": "egal"})
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


class TestPhoneForm:
    def test_the_form_is_the_tarot_one_without_the_lorrain_help(self, client):
        table = create_table(client, "tarot", FIVE)
        page = client.get(edit_url(table)).content.decode()
        for needle in ('name="taker" value="none"', 'name="partner"', 'name="contract" value="garde_contre"',
                       'name="bouts" value="3"', 'name="points"', 'inputmode="decimal"', 'name="poignee.4"',
                       "Simple (8)", 'name="chelem"', 'name="petit_au_bout"', "avec l'écart, ou le chien en garde sans"):
            assert needle in page, needle
        assert "mettez-le de côté" not in page  # the lorrain's count is not this game's
        lorrain = create_table(client, "tarot-lorrain", FIVE)
        assert "mettez-le de côté" in client.get(edit_url(lorrain)).content.decode()

    def test_a_posted_deal_with_half_points_and_a_poignee(self, client):
        # at 3 players (3-card tricks: half points with an odd number of them; at 4, points are whole)
        table = create_table(client, "tarot", FOUR[:3])
        # Cid garde contre, 0 bouts, 55,5: short of 56 by 0.5 → 1: −26 × 6 = −156; his double poignée to the
        # defence −30: −186. Cid 2 × −186 = −372, each defender +186.
        response = client.post(edit_url(table), {"taker": "2", "contract": "garde_contre", "bouts": "0", "points": "55,5",
                                                 "poignee.2": "double", "petit_au_bout": "", "chelem": ""})
        assert response.status_code == 302
        data = client.get(f"/api/tables/{table['id']}").json()
        assert data["rounds"][0]["entry"] == {"taker": 2, "contract": "garde_contre", "bouts": 0, "points": 55.5,
                                              "petit_au_bout": None, "poignees": [{"seat": 2, "size": "double"}], "chelem": None}
        assert data["totals"] == [186, 186, -372]

    def test_a_refused_deal_comes_back_with_the_reason_and_what_was_typed(self, client):
        table = create_table(client, "tarot", FOUR)
        response = client.post(edit_url(table), {"taker": "0", "contract": "garde", "bouts": "1", "points": "quarante"})
        assert response.status_code == 400
        page = response.content.decode()
        assert "Nombre de points attendu, par demi-points" in page
        assert 'name="taker" value="0" checked' in page and 'name="contract" value="garde" checked' in page
        assert Event.objects.count() == 0
