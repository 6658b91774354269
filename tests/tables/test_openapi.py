"""The OpenAPI document at /api/openapi.json is valid OpenAPI 3.1 and tells the truth: real answers of every
endpoint, good and bad, are validated against it."""

import json

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate as validate_spec

from companion.games import registry
from companion.tables.openapi import document, entry_schema_name
from tests.tables.helpers import BARBU_FOUR, PLAYERS, conforms, create_table, openapi_pointer, post_json

pytestmark = pytest.mark.django_db








def test_the_document_is_valid_openapi_3_1(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    doc = response.json()
    assert doc["openapi"].startswith("3.1")
    validate_spec(doc)


def test_every_scored_game_has_an_entry_schema_per_player_count():
    schemas = document()["components"]["schemas"]
    for slug, game in registry.scored().items():
        for n in game.info.counts:
            assert entry_schema_name(slug, n) in schemas


def test_the_entry_schemas_are_the_games_own():
    # The round entries of a hand-worked Barbu game at four players match the Barbu schema for four players,
    # and a five-seat array does not.
    doc = document()
    schema = {**doc, "$ref": openapi_pointer("components", "schemas", entry_schema_name("barbu", 4))}
    validator = Draft202012Validator(schema)
    for entry in BARBU_FOUR:
        assert validator.is_valid(entry), entry
    assert not validator.is_valid({"tricks": [3, 3, 3, 3, 1]})


def test_games_and_a_game(client):
    conforms(client.get("/api/games"), "GET", "/api/games")
    conforms(client.get("/api/games/barbu?players=5"), "GET", "/api/games/barbu")
    conforms(client.get("/api/games/rami"), "GET", "/api/games/rami")
    conforms(client.get("/api/games/barbu?players=9"), "GET", "/api/games/barbu")
    conforms(client.get("/api/games/belote-imaginaire"), "GET", "/api/games/belote-imaginaire")


def test_a_table_from_creation_to_its_end(client):
    response = post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS})
    conforms(response, "POST", "/api/tables")
    created = response.json()
    base, token = f"/api/tables/{created['id']}", created["edit_token"]
    conforms(client.get(base), "GET", base)
    for i, entry in enumerate(BARBU_FOUR[:3]):
        conforms(post_json(client, f"{base}/rounds", entry, token, HTTP_IDEMPOTENCY_KEY=f"k{i}"), "POST", f"{base}/rounds")
    conforms(post_json(client, f"{base}/rounds", BARBU_FOUR[0], token, HTTP_IDEMPOTENCY_KEY="k0"), "POST", f"{base}/rounds")
    conforms(post_json(client, f"{base}/rounds", BARBU_FOUR[3], token, HTTP_X_ROUND_NUMBER="2"), "POST", f"{base}/rounds")
    conforms(post_json(client, f"{base}/rounds", {"tricks": [13, 0, 0, 0]}, token), "POST", f"{base}/rounds")
    conforms(post_json(client, f"{base}/rounds", BARBU_FOUR[3]), "POST", f"{base}/rounds")
    conforms(client.get(base), "GET", base)
    tag = client.get(base)["ETag"]
    conforms(client.get(base, HTTP_IF_NONE_MATCH=tag), "GET", base)
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    put = client.put(f"{base}/rounds/2", json.dumps(BARBU_FOUR[1]), content_type="application/json", **auth)
    conforms(put, "PUT", f"{base}/rounds/2")
    stale = client.put(f"{base}/rounds/2", json.dumps(BARBU_FOUR[1]), content_type="application/json",
                       HTTP_IF_MATCH='"v3"', **auth)
    conforms(stale, "PUT", f"{base}/rounds/2")
    conforms(client.put(f"{base}/rounds/9", "{}", content_type="application/json", **auth), "PUT", f"{base}/rounds/9")
    conforms(client.delete(f"{base}/rounds/3", **auth), "DELETE", f"{base}/rounds/3")
    conforms(post_json(client, f"{base}/finish", {}, token), "POST", f"{base}/finish")
    conforms(post_json(client, f"{base}/finish", {}, token), "POST", f"{base}/finish")


def test_unknown_tables_and_bad_bodies(client):
    table = create_table(client)
    base = f"/api/tables/{table['id']}"
    conforms(client.get("/api/tables/nope"), "GET", "/api/tables/nope")
    conforms(post_json(client, "/api/tables", "[1, 2"), "POST", "/api/tables")
    conforms(post_json(client, "/api/tables", {"game": "barbu"}), "POST", "/api/tables")
    conforms(post_json(client, f"{base}/rounds", "{", table["edit_token"]), "POST", f"{base}/rounds")
    conforms(post_json(client, "/api/tables/nope/rounds", {}, "x"), "POST", "/api/tables/nope/rounds")


def test_the_lay_checker(client):
    path = "/api/games/rami/melds"
    conforms(post_json(client, path, {"melds": [["10H", "JH", "QH", "KH", "AH"]], "opening": True}), "POST", path)
    conforms(post_json(client, path, {"melds": "x"}), "POST", path)


def test_reopen_and_rematch_are_documented_with_every_answer(client):
    """/reopen and /rematch are in the OpenAPI document, with every answer they give."""
    response = post_json(client, "/api/tables", {"game": "libre", "players": ["Ana", "Bea"]})
    created = response.json()
    base, token = f"/api/tables/{created['id']}", created["edit_token"]
    assert post_json(client, f"{base}/rounds", {"points": [3, 5]}, token).status_code == 201
    conforms(post_json(client, f"{base}/reopen", {}, token), "POST", f"{base}/reopen")  # 409: not over
    conforms(post_json(client, f"{base}/rematch", {}, token), "POST", f"{base}/rematch")  # 409: not over
    assert post_json(client, f"{base}/finish", {}, token).status_code == 200
    reopened = post_json(client, f"{base}/reopen", {}, token)
    assert reopened.status_code == 200 and reopened.json()["finished"] is False
    conforms(reopened, "POST", f"{base}/reopen")
    assert post_json(client, f"{base}/finish", {}, token).status_code == 200
    for path in (f"{base}/reopen", f"{base}/rematch"):
        unauthenticated = post_json(client, path, {})
        assert unauthenticated.status_code == 401 and unauthenticated["WWW-Authenticate"].startswith("Bearer")
        conforms(unauthenticated, "POST", path)
        conforms(post_json(client, path, {}, "wrong"), "POST", path)  # 403
        conforms(post_json(client, path.replace(created["id"], "nosuchtable12345"), {}, token), "POST", path)  # 404
    rematch = post_json(client, f"{base}/rematch", {}, token)
    assert rematch.status_code == 201 and rematch.json()["id"] != created["id"]
    conforms(rematch, "POST", f"{base}/rematch")


def test_every_bearer_operation_documents_401_and_403():
    doc = document()
    for template, item in doc["paths"].items():
        for method, operation in item.items():
            if method == "parameters" or {"editToken": []} not in operation.get("security", []):
                continue
            assert {"401", "403"} <= set(operation["responses"]), f"{method} {template}"
    assert {"/api/tables/{table_id}/reopen", "/api/tables/{table_id}/rematch"} <= set(doc["paths"])
