"""A correction carries the table version it was made against; if that round changed since, it is refused."""

import pytest

from companion.tables.models import Event
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(client):
    t = create_table(client)
    for entry in ({"tricks": [4, 3, 5, 1]}, {"hearts": [2, 6, 0, 5]}):
        post_json(client, f"/api/tables/{t['id']}/rounds", entry, t["edit_token"])
    return t  # version 2


def put(client, table, number, entry, if_match=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {table['edit_token']}"}
    if if_match is not None:
        headers["HTTP_IF_MATCH"] = if_match
    import json
    return client.put(f"/api/tables/{table['id']}/rounds/{number}", json.dumps(entry),
                      content_type="application/json", **headers)


def delete(client, table, number, if_match=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {table['edit_token']}"}
    if if_match is not None:
        headers["HTTP_IF_MATCH"] = if_match
    return client.delete(f"/api/tables/{table['id']}/rounds/{number}", **headers)


def test_a_correction_against_the_current_version_is_applied(client, table):
    response = put(client, table, 2, {"hearts": [3, 5, 0, 5]}, '"v2"')
    assert response.status_code == 200
    assert response["ETag"] == '"v3"'
    assert response.json()["rounds"][1]["entry"] == {"hearts": [3, 5, 0, 5]}


def test_a_stale_correction_is_refused_with_the_current_values(client, table):
    assert put(client, table, 2, {"hearts": [3, 5, 0, 5]}, '"v2"').status_code == 200  # phone A, now v3
    response = put(client, table, 2, {"hearts": [1, 7, 0, 5]}, '"v2"')  # phone B saw v2 too
    assert response.status_code == 409
    body = response.json()
    assert body["errors"][0]["code"] == "stale" and body["errors"][0]["field"] == "If-Match"
    # hearts 3, 5, 0, 5 at 5 points each
    assert body["current"] == {"number": 2, "entry": {"hearts": [3, 5, 0, 5]}, "scores": [15, 25, 0, 25],
                               "contract": "coeurs", "corrected": True}
    assert body["version"] == 3
    assert Event.objects.filter(kind="correction").count() == 1


def test_a_round_added_elsewhere_does_not_make_a_correction_stale(client, table):
    post_json(client, f"/api/tables/{table['id']}/rounds", {"queens": [1, 0, 2, 1]}, table["edit_token"])  # v3
    assert put(client, table, 1, {"tricks": [3, 4, 5, 1]}, '"v2"').status_code == 200


def test_the_number_is_read_as_it_was_at_that_version(client, table):
    # Phone A deletes round 2 and a new round 2 is entered: v4. Phone B, still at v2, corrects "round 2".
    assert delete(client, table, 2, '"v2"').status_code == 200
    post_json(client, f"/api/tables/{table['id']}/rounds", {"hearts": [1, 1, 6, 5]}, table["edit_token"])
    response = put(client, table, 2, {"hearts": [2, 6, 0, 5]}, '"v2"')
    assert response.status_code == 409
    assert response.json()["current"] is None  # the round B meant was deleted
    assert "supprimée" in response.json()["errors"][0]["message"]


def test_a_stale_deletion_is_refused(client, table):
    assert put(client, table, 2, {"hearts": [3, 5, 0, 5]}, '"v2"').status_code == 200
    assert delete(client, table, 2, '"v2"').status_code == 409
    assert Event.objects.filter(kind="deletion").count() == 0


@pytest.mark.parametrize("bad", ['"v99"', "v2", '"2"', '"v1", "v2"'])
def test_a_bad_if_match_is_a_400(client, table, bad):
    response = put(client, table, 2, {"hearts": [3, 5, 0, 5]}, bad)
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "If-Match"


def test_without_if_match_the_correction_applies_as_before(client, table):
    put(client, table, 2, {"hearts": [3, 5, 0, 5]})
    assert put(client, table, 2, {"hearts": [1, 7, 0, 5]}).status_code == 200


def correct_url(table, seq):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/rounds/{seq}/"


def round_seq(number):
    return Event.objects.filter(kind="round").order_by("seq")[number - 1].seq


def test_the_correction_form_carries_the_version(client, table):
    page = client.get(correct_url(table, round_seq(2))).content.decode()
    assert '<input type="hidden" name="version" value="2">' in page
    assert page.count('name="version"') == 2  # the correction and the deletion


def test_a_stale_correction_form_shows_the_current_values_and_applies_nothing(client, table):
    seq = round_seq(2)
    other_phone = {"version": "2", "hearts.0": "3", "hearts.1": "5", "hearts.2": "0", "hearts.3": "5"}
    assert client.post(correct_url(table, seq), other_phone).status_code == 302
    mine = {"version": "2", "hearts.0": "1", "hearts.1": "7", "hearts.2": "0", "hearts.3": "5"}
    response = client.post(correct_url(table, seq), mine)
    assert response.status_code == 409
    page = response.content.decode()
    assert "La donne 2 a changé entre-temps" in page
    assert 'name="hearts.0" value="3"' in page  # the form now holds the current values
    assert '<input type="hidden" name="version" value="3">' in page
    assert Event.objects.filter(kind="correction").count() == 1


def test_a_stale_deletion_form_is_refused(client, table):
    seq = round_seq(2)
    client.post(correct_url(table, seq), {"version": "2", "hearts.0": "3", "hearts.1": "5", "hearts.2": "0", "hearts.3": "5"})
    response = client.post(correct_url(table, seq) + "delete/", {"version": "2"})
    assert response.status_code == 409
    assert Event.objects.filter(kind="deletion").count() == 0


def test_correcting_a_round_deleted_meanwhile_says_so(client, table):
    seq = round_seq(2)
    assert client.post(correct_url(table, seq) + "delete/", {"version": "2"}).status_code == 302
    response = client.post(correct_url(table, seq), {"version": "2", "hearts.0": "3", "hearts.1": "5", "hearts.2": "0",
                                                     "hearts.3": "5"})
    assert response.status_code == 409
    assert "Cette donne a été supprimée par un autre téléphone" in response.content.decode()
