import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event

from .helpers import BARBU_FOUR, create_table, post_json

pytestmark = pytest.mark.django_db


def url(table):
    return f"/api/tables/{table['id']}/rounds"


def test_it_stores_a_round_and_answers_with_scores_and_totals(client):
    table = create_table(client)
    response = post_json(client, url(table), {"tricks": [4, 3, 5, 1]}, table["edit_token"])
    assert response.status_code == 201
    assert response.json() == {"number": 1, "scores": [20, 15, 25, 5], "totals": [20, 15, 25, 5],
                               "finished": False, "winners": []}


def test_a_whole_game_ends_with_its_winner(client):
    table = create_table(client)
    for entry in BARBU_FOUR:
        response = post_json(client, url(table), entry, table["edit_token"])
        assert response.status_code == 201
    assert response.json() == {"number": 5, "scores": [20, 85, 45, 140], "totals": [70, 130, 190, 190],
                               "finished": True, "winners": ["Ana"]}


def test_an_illegal_entry_gets_every_error_and_stores_nothing(client):
    table = create_table(client)
    response = post_json(client, url(table), {"tricks": [4, 4, 4, 2, 1]}, table["edit_token"])
    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "tricks", "seat": None, "code": "wrong_length",
                                          "message": "Il faut un nombre par joueur (4)."}]
    assert Event.objects.count() == 0


def test_errors_follow_the_language(client):
    table = create_table(client)
    response = post_json(client, url(table), {"tricks": [4, 4, 4, 2]}, table["edit_token"], HTTP_ACCEPT_LANGUAGE="en")
    assert response.json()["errors"][0]["message"] == "There are 13 tricks in all with 4 players: 14 entered."


def test_it_is_401_without_a_token_and_403_with_a_wrong_one(client):
    table = create_table(client)
    response = post_json(client, url(table), {"tricks": [4, 3, 5, 1]})
    assert response.status_code == 401 and response["WWW-Authenticate"].startswith("Bearer")
    assert response.json()["errors"][0]["field"] == "Authorization"
    assert post_json(client, url(table), {"tricks": [4, 3, 5, 1]}, "wrong").status_code == 403
    other = create_table(client)
    assert post_json(client, url(table), {"tricks": [4, 3, 5, 1]}, other["edit_token"]).status_code == 403
    assert Event.objects.count() == 0


def test_it_is_404_for_an_unknown_table(client):
    response = post_json(client, "/api/tables/nope/rounds", {"tricks": [4, 3, 5, 1]}, "x")
    assert response.status_code == 404


def test_it_is_409_once_the_table_is_finished(client):
    table = create_table(client)
    for entry in BARBU_FOUR:
        post_json(client, url(table), entry, table["edit_token"])
    response = post_json(client, url(table), {"tricks": [4, 3, 5, 1]}, table["edit_token"])
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "finished"
    assert Event.objects.count() == 5


def test_a_repeated_idempotency_key_returns_the_first_answer_and_stores_nothing_new(client):
    table = create_table(client)
    first = post_json(client, url(table), {"tricks": [4, 3, 5, 1]}, table["edit_token"], HTTP_IDEMPOTENCY_KEY="k-1")
    again = post_json(client, url(table), {"tricks": [4, 3, 5, 1]}, table["edit_token"], HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert Event.objects.count() == 1
    other = post_json(client, url(table), {"hearts": [2, 6, 0, 5]}, table["edit_token"], HTTP_IDEMPOTENCY_KEY="k-2")
    assert other.json()["number"] == 2


def test_a_bad_idempotency_key_is_refused(client):
    table = create_table(client)
    response = post_json(client, url(table), {"tricks": [4, 3, 5, 1]}, table["edit_token"], HTTP_IDEMPOTENCY_KEY="a b")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "Idempotency-Key"


def test_a_correction_recomputes_totals_and_keeps_the_history(client):
    table = create_table(client)
    for entry in BARBU_FOUR[:2]:
        post_json(client, url(table), entry, table["edit_token"])
    response = client.put(f"{url(table)}/1", json.dumps({"tricks": [1, 3, 5, 4]}), content_type="application/json",
                          HTTP_AUTHORIZATION=f"Bearer {table['edit_token']}")
    assert response.status_code == 200
    data = response.json()
    assert data["rounds"][0]["scores"] == [5, 15, 25, 20] and data["rounds"][0]["corrected"]
    assert data["totals"] == [15, 45, 25, 45]
    assert list(Event.objects.values_list("kind", flat=True)) == ["round", "round", "correction"]


def test_an_illegal_correction_is_refused(client):
    table = create_table(client)
    post_json(client, url(table), BARBU_FOUR[0], table["edit_token"])
    response = client.put(f"{url(table)}/1", json.dumps({"tricks": [9, 3, 5, 4]}), content_type="application/json",
                          HTTP_AUTHORIZATION=f"Bearer {table['edit_token']}")
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "trick_total"


def test_deleting_a_round_that_later_rounds_depend_on_is_refused(client):
    table = create_table(client)
    for entry in BARBU_FOUR[:2]:
        post_json(client, url(table), entry, table["edit_token"])
    auth = {"HTTP_AUTHORIZATION": f"Bearer {table['edit_token']}"}
    # Removing the first manche would make the hearts entry the first (tricks) manche.
    assert client.delete(f"{url(table)}/1", **auth).status_code == 409
    response = client.delete(f"{url(table)}/2", **auth)
    assert response.status_code == 200
    assert response.json()["totals"] == [20, 15, 25, 5]
    assert list(Event.objects.values_list("kind", flat=True)) == ["round", "round", "deletion"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 30) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=5),
    lambda c: st.lists(c, max_size=6) | st.dictionaries(st.sampled_from(["tricks", "hearts", "queens", "king_of_hearts", "zz"]), c, max_size=5),
    max_leaves=25,
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=json_values)
def test_random_junk_gets_a_400_never_a_500(client, body):
    table = create_table(client)
    response = post_json(client, url(table), body, table["edit_token"])
    if response.status_code == 201:  # hypothesis may build a legal first manche
        assert sum(response.json()["scores"]) == 65
    else:
        assert response.status_code == 400
        assert response.json()["errors"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=60))
def test_random_bytes_get_a_400_never_a_500(client, raw):
    table = create_table(client)
    response = post_json(client, url(table), raw, table["edit_token"])
    assert response.status_code in (201, 400)


@pytest.mark.parametrize("header", ["²", "٣", "0", "-1", "9" * 5000])
def test_a_round_number_header_that_is_not_plain_digits_is_a_400(client, header):
    table = create_table(client)
    response = post_json(client, url(table), {"tricks": [4, 3, 5, 1]}, table["edit_token"], HTTP_X_ROUND_NUMBER=header)
    assert response.status_code == 400
    assert Event.objects.count() == 0


def test_an_idempotency_key_with_a_trailing_newline_is_refused(client):
    table = create_table(client)
    response = post_json(client, url(table), {"tricks": [4, 3, 5, 1]}, table["edit_token"], HTTP_IDEMPOTENCY_KEY="k\n")
    assert response.status_code == 400
