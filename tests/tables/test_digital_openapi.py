"""The play endpoints' real answers, good and bad, conform to the OpenAPI document."""

import pytest

from .helpers import PLAYERS, post_json
from .test_openapi import conforms

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
