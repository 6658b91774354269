"""Nothing irreversible by one tap, through the API: reopen a game ended by hand, delete the last round, the
reason a middle round cannot be deleted, and the rematch."""

import pytest

from companion.tables.models import Event, Table
from tests.factories import GroupTableFactory, TableFactory

from .helpers import BARBU_FOUR, PLAYERS, create_table, post_json

pytestmark = pytest.mark.django_db


def api(table_id, action=""):
    return f"/api/tables/{table_id}{action}"


def test_a_game_ended_by_hand_is_reopened_and_the_reopening_is_kept(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}], ended=True)
    assert client.get(api(table.id)).json()["finished"] is True
    response = post_json(client, api(table.id, "/reopen"), {}, table.edit_token)
    assert response.status_code == 200
    assert response.json()["finished"] is False and response.json()["totals"] == [3, 5]
    kinds = list(Event.objects.filter(table=table).values_list("kind", flat=True))
    assert kinds == ["round", "finish", "reopen"]
    # play goes on
    assert post_json(client, api(table.id, "/rounds"), {"points": [1, 1]}, table.edit_token).status_code == 201


def test_reopen_needs_the_edit_token(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}], ended=True)
    assert post_json(client, api(table.id, "/reopen"), {}).status_code == 401
    assert post_json(client, api(table.id, "/reopen"), {}, "wrong").status_code == 403
    assert post_json(client, api("nosuchtable12345", "/reopen"), {}, table.edit_token).status_code == 404


def test_reopen_is_refused_with_409_when_the_game_ended_by_its_rules_and_nothing_is_stored(client):
    table = TableFactory(rounds=BARBU_FOUR)  # five manches: over by its rules
    before = Event.objects.filter(table=table).count()
    response = post_json(client, api(table.id, "/reopen"), {}, table.edit_token)
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "not_ended_by_hand"
    assert "supprimez sa dernière donne" in response.json()["errors"][0]["message"]
    assert Event.objects.filter(table=table).count() == before
    # …and deleting its last round takes it back
    response = client.delete(api(table.id, "/rounds/5"), HTTP_AUTHORIZATION=f"Bearer {table.edit_token}")
    assert response.status_code == 200 and response.json()["finished"] is False


def test_reopen_is_refused_with_409_while_the_game_goes_on(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}])
    response = post_json(client, api(table.id, "/reopen"), {}, table.edit_token)
    assert response.status_code == 409 and "pas terminée" in response.json()["errors"][0]["message"]


def test_ending_again_after_reopening_works(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}], ended=True)
    post_json(client, api(table.id, "/reopen"), {}, table.edit_token)
    response = post_json(client, api(table.id, "/finish"), {}, table.edit_token)
    assert response.status_code == 200 and response.json()["winners"] == ["Bea"]


def test_deleting_a_barbu_round_in_the_middle_says_the_later_manches_would_change_contract(client):
    table = TableFactory(rounds=BARBU_FOUR[:4])  # plis, cœurs, dames, roi de cœur
    response = client.delete(api(table.id, "/rounds/2"), HTTP_AUTHORIZATION=f"Bearer {table.edit_token}")
    assert response.status_code == 409
    (error,) = response.json()["errors"]
    assert error["code"] == "breaks_later_round"
    # Without round 2 (Les cœurs), round 3 (played as Les dames) would be round 2, whose manche is Les cœurs.
    assert error["message"] == ("Impossible de supprimer la donne n° 2 : les donnes suivantes changeraient de contrat : "
                                "la donne n° 3, jouée en « Les dames », deviendrait la donne n° 2, « Les cœurs ». "
                                "Corrigez-la plutôt.")
    assert "Ce champ ne compte pas" not in error["message"]
    english = client.delete(api(table.id, "/rounds/2"), HTTP_AUTHORIZATION=f"Bearer {table.edit_token}",
                            HTTP_ACCEPT_LANGUAGE="en")
    assert "would change contract" in english.json()["errors"][0]["message"]
    assert Event.objects.filter(table=table, kind="deletion").count() == 0


def test_the_last_round_is_deleted_and_the_deletion_is_kept(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}, {"points": [1, 2]}])
    response = client.delete(api(table.id, "/rounds/2"), HTTP_AUTHORIZATION=f"Bearer {table.edit_token}")
    assert response.status_code == 200 and response.json()["totals"] == [3, 5]
    assert list(Event.objects.filter(table=table).values_list("kind", flat=True)) == ["round", "round", "deletion"]


def test_a_rematch_has_the_same_players_and_options_and_the_next_dealer_first(client):
    table = create_table(client, players=PLAYERS, options={"series": False, "king_stops_play": False})
    for entry in BARBU_FOUR:
        post_json(client, api(table["id"], "/rounds"), entry, table["edit_token"])
    response = post_json(client, api(table["id"], "/rematch"), {}, table["edit_token"])
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"id", "edit_token", "view_url", "edit_url"} and body["id"] != table["id"]
    assert body["edit_url"].endswith(f"/tables/{body['id']}/edit/{body['edit_token']}/")
    new = client.get(api(body["id"])).json()
    # Ana dealt first; Barbu is played clockwise, so Bea deals first now, every player in their seat.
    assert new["players"] == ["Ana", "Bea", "Cid", "Dan"] and new["first_dealer"] == 1
    assert new["next"]["dealer_name"] == "Bea"
    assert new["options"] == client.get(api(table["id"])).json()["options"]
    assert new["rounds"] == [] and new["finished"] is False
    # The new table's edit token works.
    assert post_json(client, api(body["id"], "/rounds"), BARBU_FOUR[0], body["edit_token"]).status_code == 201


def test_a_rematch_of_a_game_played_to_the_right_keeps_the_order_of_play(client):
    # Vicaire turns to the right, but seats are entered in the order of play (Ana, then Bea, then Cid play in turn):
    # after Ana the deal goes to Bea, and Cid still plays after Bea.
    table = TableFactory(game="vicaire", players=["Ana", "Bea", "Cid"], rounds=[{"tricks": [4, 3, 3]}], ended=True)
    response = post_json(client, api(table.id, "/rematch"), {}, table.edit_token)
    new = client.get(api(response.json()["id"])).json()
    assert new["players"] == ["Ana", "Bea", "Cid"] and new["next"]["dealer_name"] == "Bea"


def test_a_rematch_in_a_circle_stays_in_the_circle(client):
    table = GroupTableFactory(game="libre", players=["Ana", "Bea", "Cid"], rounds=[{"points": [1, 2, 3]}], ended=True)
    response = post_json(client, api(table.id, "/rematch"), {}, table.edit_token)
    assert response.status_code == 201
    new = Table.objects.get(pk=response.json()["id"])
    assert new.group_id == table.group_id and new.players == ["Ana", "Bea", "Cid"] and new.first_dealer == 1
    assert post_json(client, api(new.id, "/rounds"), {"points": [0, 0, 1]}, response.json()["edit_token"]).status_code == 201


def test_a_rematch_is_refused_before_the_end_and_without_the_token(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}])
    assert post_json(client, api(table.id, "/rematch"), {}).status_code == 401
    assert post_json(client, api(table.id, "/rematch"), {}, "wrong").status_code == 403
    response = post_json(client, api(table.id, "/rematch"), {}, table.edit_token)
    assert response.status_code == 409 and response.json()["errors"][0]["code"] == "not_finished"
    assert Table.objects.count() == 1


def test_the_game_description_gives_the_nain_jaune_presets_and_the_barbu_length_choices(client):
    options = {o["key"]: o for o in client.get("/api/games/nain-jaune").json()["options"]}
    assert options["start_pions"]["default"] == 250
    assert options["start_pions"]["presets"] == [{"value": 250, "label": "Partie courte"}, {"value": 500, "label": "Partie longue"}]
    series = {o["key"]: o for o in client.get("/api/games/barbu", HTTP_ACCEPT_LANGUAGE="en").json()["options"]}["series"]
    assert series["kind"] == "bool" and [c["value"] for c in series["choices"]] == [False, True]
