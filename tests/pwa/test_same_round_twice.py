"""Two phones entering the same round: the second is told what was stored, and nothing more is stored."""

import re

import pytest

from companion.tables.models import Event
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db

FIRST = {"tricks": [4, 3, 5, 1]}
OTHER_FIRST = {"tricks": [1, 5, 3, 4]}


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_the_api_refuses_a_round_number_already_taken_and_shows_what_was_stored(client):
    table = create_table(client)
    assert post_json(client, rounds_url(table), FIRST, table["edit_token"], HTTP_X_ROUND_NUMBER="1").status_code == 201
    response = post_json(client, rounds_url(table), OTHER_FIRST, table["edit_token"], HTTP_X_ROUND_NUMBER="1")
    assert response.status_code == 409
    body = response.json()
    assert body["errors"][0]["field"] == "X-Round-Number"
    assert body["errors"][0]["code"] == "round_taken"
    assert "La donne 1 a déjà été saisie" in body["errors"][0]["message"]
    # tricks 4, 3, 5, 1 at 5 points a trick
    assert body["stored"] == {"number": 1, "entry": {"tricks": [4, 3, 5, 1]}, "scores": [20, 15, 25, 5],
                              "contract": "plis", "corrected": False}
    assert body["next_round"] == 2 and body["version"] == 1
    assert Event.objects.count() == 1


def test_the_next_round_number_is_accepted(client):
    table = create_table(client)
    post_json(client, rounds_url(table), FIRST, table["edit_token"], HTTP_X_ROUND_NUMBER="1")
    response = post_json(client, rounds_url(table), {"hearts": [2, 6, 0, 5]}, table["edit_token"], HTTP_X_ROUND_NUMBER="2")
    assert response.status_code == 201 and response.json()["number"] == 2


def test_a_round_number_ahead_of_the_table_is_refused_too(client):
    table = create_table(client)
    response = post_json(client, rounds_url(table), FIRST, table["edit_token"], HTTP_X_ROUND_NUMBER="3")
    assert response.status_code == 409
    assert response.json()["stored"] is None and response.json()["next_round"] == 1
    assert Event.objects.count() == 0


def test_without_a_round_number_there_is_no_check(client):
    table = create_table(client)
    post_json(client, rounds_url(table), FIRST, table["edit_token"])
    assert post_json(client, rounds_url(table), {"hearts": [2, 6, 0, 5]}, table["edit_token"]).status_code == 201


@pytest.mark.parametrize("bad", ["un", "0", "-1", "1.5", ""])
def test_a_round_number_that_is_not_a_whole_number_from_one_is_a_400(client, bad):
    table = create_table(client)
    response = post_json(client, rounds_url(table), FIRST, table["edit_token"], HTTP_X_ROUND_NUMBER=bad)
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "X-Round-Number"
    assert Event.objects.count() == 0


def test_a_retry_with_the_same_key_is_a_replay_not_a_conflict(client):
    table = create_table(client)
    headers = {"HTTP_X_ROUND_NUMBER": "1", "HTTP_IDEMPOTENCY_KEY": "phone-a-1"}
    first = post_json(client, rounds_url(table), FIRST, table["edit_token"], **headers)
    retry = post_json(client, rounds_url(table), FIRST, table["edit_token"], **headers)
    assert first.status_code == retry.status_code == 201
    assert retry["Idempotent-Replayed"] == "true"
    assert retry.json() == first.json()
    assert Event.objects.count() == 1


def test_the_form_refuses_a_round_already_taken_with_both_versions_side_by_side(client):
    table = create_table(client)
    post_json(client, rounds_url(table), FIRST, table["edit_token"])
    response = client.post(edit_url(table), {"round_number": "1", "tricks.0": "1", "tricks.1": "5", "tricks.2": "3",
                                             "tricks.3": "4"})
    assert response.status_code == 409
    page = response.content.decode()
    assert "La donne 1 a déjà été saisie par un autre téléphone" in page
    assert "Déjà enregistrée" in page and "Votre saisie" in page
    # The stored round's points (20 15 25 5) and the phone's would-be points (5 25 15 20) are both shown.
    assert "<strong>25</strong>" in page and "<strong>20</strong>" in page
    # Keeping mine is a correction of the stored round, made against the current version.
    stored_seq = Event.objects.get().seq
    assert f'action="{edit_url(table)}rounds/{stored_seq}/"' in page
    assert '<input type="hidden" name="version" value="1">' in page
    assert '<input type="hidden" name="tricks.1" value="5">' in page
    assert Event.objects.count() == 1


def test_keeping_my_version_replaces_the_stored_round(client):
    table = create_table(client)
    post_json(client, rounds_url(table), FIRST, table["edit_token"])
    seq = Event.objects.get().seq
    response = client.post(f"{edit_url(table)}rounds/{seq}/", {"version": "1", "tricks.0": "1", "tricks.1": "5",
                                                                "tricks.2": "3", "tricks.3": "4"})
    assert response.status_code == 302
    data = client.get(f"/api/tables/{table['id']}").json()
    assert data["rounds"][0]["entry"] == {"tricks": [1, 5, 3, 4]} and data["rounds"][0]["corrected"] is True
    assert len(data["rounds"]) == 1


def test_the_form_carries_its_round_number_and_a_fresh_key(client):
    table = create_table(client)
    page = client.get(edit_url(table)).content.decode()
    assert '<input type="hidden" name="round_number" value="1">' in page
    assert 'name="idempotency_key" value="' in page


def test_a_double_tap_on_the_plain_form_stores_the_round_once(client):
    table = create_table(client)
    form = {"round_number": "1", "idempotency_key": "form-key-1", "tricks.0": "4", "tricks.1": "3", "tricks.2": "5",
            "tricks.3": "1"}
    assert client.post(edit_url(table), form).status_code == 302
    assert client.post(edit_url(table), form).status_code == 302
    assert Event.objects.count() == 1


def test_the_idempotency_header_wins_over_the_hidden_field(client):
    table = create_table(client)
    form = {"round_number": "1", "idempotency_key": "form-key", "tricks.0": "4", "tricks.1": "3", "tricks.2": "5",
            "tricks.3": "1"}
    client.post(edit_url(table), form, HTTP_IDEMPOTENCY_KEY="queue-key")
    assert Event.objects.get().idempotency_key == "queue-key"


def test_a_form_with_a_junk_round_number_is_a_400_and_stores_nothing(client):
    table = create_table(client)
    response = client.post(edit_url(table), {"round_number": "deux", "tricks.0": "4", "tricks.1": "3", "tricks.2": "5",
                                             "tricks.3": "1"})
    assert response.status_code == 400
    assert "round_number : nombre entier attendu." in response.content.decode()
    assert Event.objects.count() == 0


def test_a_form_with_a_junk_key_is_a_400(client):
    table = create_table(client)
    response = client.post(edit_url(table), {"tricks.0": "4", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1"},
                           HTTP_IDEMPOTENCY_KEY="not a key!")
    assert response.status_code == 400
    assert "idempotency_key : clé invalide" in response.content.decode()
    assert Event.objects.count() == 0


def test_an_htmx_conflict_answers_with_the_live_partial(client):
    table = create_table(client)
    post_json(client, rounds_url(table), FIRST, table["edit_token"])
    response = client.post(edit_url(table), {"round_number": "1", "tricks.0": "4", "tricks.1": "3", "tricks.2": "5",
                                             "tricks.3": "1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    page = response.content.decode()
    assert "<html" not in page and 'id="conflict"' in page


def test_the_edit_page_keeps_the_forms_of_the_coming_rounds_for_offline_entry(client):
    table = create_table(client)
    page = client.get(edit_url(table)).content.decode()
    # Barbu at four: rounds 2 to 5 are the hearts, queens, king and salad; 1 is the form on screen.
    assert page.count('<template class="upcoming-form"') == 4
    assert 'data-rounds="2"' in page and 'data-rounds="5"' in page
    assert page.count('name="queens.0"') == 2  # the queens round and the salad


def test_a_series_reuses_one_form_per_manche(client):
    table = create_table(client, options={"series": True})
    page = client.get(edit_url(table)).content.decode()
    assert page.count('<template class="upcoming-form"') == 5
    assert 'data-rounds="2 7 12 17"' in page and 'data-rounds="6 11 16"' in page


def test_a_round_entered_ahead_of_the_table_shows_the_values_typed_with_that_rounds_fields(client):
    # The phone sent round 2 (hearts) while the table still waits for round 1 (tricks): its own grid reads as
    # the hearts it typed, not as the empty tricks column of round 1.
    table = create_table(client)
    response = client.post(edit_url(table), {"round_number": "2", "hearts.0": "2", "hearts.1": "6", "hearts.2": "0",
                                             "hearts.3": "5"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    page = response.content.decode()
    conflict = page[page.index('id="conflict"'):]
    assert "La table en est à la donne 1" in conflict
    grid = conflict[conflict.index('<table class="mini-grid">'):conflict.index("</table>")]
    assert '<th scope="col">Cœurs</th>' in grid
    rows = re.findall(r'<th scope="row"><bdi>(\w+)</bdi></th>((?:<td>[^<]*</td>)*)', grid)
    # Columns: tricks (optional in the hearts manche, left empty), hearts.
    assert rows == [("Ana", "<td></td><td>2</td>"), ("Bea", "<td></td><td>6</td>"), ("Cid", "<td></td><td>0</td>"),
                    ("Dan", "<td></td><td>5</td>")]
    assert Event.objects.count() == 0
