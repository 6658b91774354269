"""The play endpoints' real answers, good and bad, conform to the OpenAPI document."""

from types import SimpleNamespace

import pytest

from tests.tables.helpers import conforms

from .helpers import PLAYERS, post_json, take_seat

pytestmark = pytest.mark.django_db


def test_digital_creation_and_play_conform(client):
    response = post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS, "digital": True, "bots": [3]})
    conforms(response, "POST", "/api/tables")
    created = response.json()
    conforms(post_json(client, "/api/tables", {"game": "belote", "players": PLAYERS, "digital": True}), "POST",
             "/api/tables")
    path = f"/api/tables/{created['id']}/play"
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    conforms(client.get(path), "GET", path)
    mine = client.get(path, HTTP_AUTHORIZATION=f"Bearer {tokens[1]}")
    conforms(mine, "GET", path)
    conforms(client.get(path, HTTP_AUTHORIZATION=f"Bearer {created['edit_token']}"), "GET", path)
    card = mine.json()["legal"][0]
    conforms(post_json(client, path, {"action": "ZZ", "after": 0}, tokens[1]), "POST", path)  # 400 with the view
    conforms(post_json(client, path, {"action": card}, tokens[1]), "POST", path)  # 400, no view
    conforms(post_json(client, path, {"action": card, "after": 0}, tokens[2]), "POST", path)  # 409 not your turn
    conforms(post_json(client, path, {"action": card, "after": 0}, tokens[1]), "POST", path)  # 200
    conforms(post_json(client, path, {"action": card, "after": 0}, tokens[1]), "POST", path)  # 409 stale
    conforms(post_json(client, path, {"action": card, "after": 1}, created["edit_token"]), "POST", path)  # 403
    conforms(post_json(client, path, {"action": card, "after": 1}), "POST", path)  # 401
    conforms(client.get("/api/tables/nope0000nope0000/play"), "GET", "/api/tables/nope0000nope0000/play")
    plain = post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS}).json()
    conforms(client.get(f"/api/tables/{plain['id']}/play"), "GET", f"/api/tables/{plain['id']}/play")


def test_one_phone_tables_bound_seats_and_hand_overs_conform(client):
    response = post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS, "digital": True, "bots": [3],
                                                 "pass_and_play": True})
    conforms(response, "POST", "/api/tables")
    assert response.json()["seats"] == []
    conforms(post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS, "pass_and_play": 1}), "POST",
             "/api/tables")  # 400
    created = post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS, "digital": True,
                                                "bots": [3]}).json()
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    seats = f"/api/tables/{created['id']}/seats/1"
    conforms(post_json(client, seats, {"bot": True}, tokens[0]), "POST", seats)  # 409 not absent
    conforms(post_json(client, seats, {"bot": "x"}, tokens[1]), "POST", seats)  # 400
    conforms(post_json(client, seats, {"bot": True}), "POST", seats)  # 403
    conforms(post_json(client, seats, {"bot": True}, tokens[1]), "POST", seats)  # 200
    play = f"/api/tables/{created['id']}/play"
    view = client.get(play, HTTP_AUTHORIZATION=f"Bearer {tokens[1]}").json()
    conforms(client.get(play, HTTP_AUTHORIZATION=f"Bearer {tokens[1]}"), "GET", play)
    conforms(post_json(client, play, {"action": view["hand"][0], "after": view["action_number"]}, tokens[1]), "POST",
             play)  # 409 held_by_bot
    conforms(post_json(client, seats, {"bot": False}, created["edit_token"]), "POST", seats)  # 403 not your seat
    conforms(post_json(client, f"/api/tables/{created['id']}/seats/3", {"bot": True}, tokens[1]), "POST", seats)
    conforms(post_json(client, "/api/tables/nope0000nope0000/seats/1", {"bot": True}, tokens[1]), "POST", seats)
    take_seat(client, SimpleNamespace(id=created["id"], seat_tokens=tokens), 2)  # a phone takes Cid's seat
    conforms(client.get(play, HTTP_AUTHORIZATION=f"Bearer {tokens[2]}"), "GET", play)  # 403 seat_bound
