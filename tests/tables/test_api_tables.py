import pytest

from companion.games import registry
from companion.tables.models import Table

from .helpers import PLAYERS, create_table, post_json

pytestmark = pytest.mark.django_db


def test_it_creates_a_table(client):
    data = create_table(client)
    table = Table.objects.get(pk=data["id"])
    assert table.players == PLAYERS
    assert table.options == {"king_stops_play": True, "five_players_removed": "2C-2D", "series": False}
    assert data["view_url"].endswith(f"/tables/{data['id']}/")
    assert data["edit_url"].endswith(f"/tables/{data['id']}/edit/{data['edit_token']}/")
    assert table.check_token(data["edit_token"])
    assert data["edit_token"] not in table.edit_token_hash  # stored hashed


def test_ids_and_tokens_are_unguessable_and_distinct(client):
    a, b = create_table(client), create_table(client)
    assert a["id"] != b["id"] and a["edit_token"] != b["edit_token"]
    assert len(a["id"]) >= 16 and len(a["edit_token"]) >= 24


def errors(response):
    assert response.status_code == 400, response.content
    return sorted((e["field"], e["seat"], e["code"]) for e in response.json()["errors"])


def test_it_rejects_an_unknown_game(client):
    assert errors(post_json(client, "/api/tables", {"game": "poker", "players": PLAYERS})) == [("game", None, "unknown_game")]


def test_it_rejects_a_player_count_the_game_does_not_allow(client):
    assert errors(post_json(client, "/api/tables", {"game": "barbu", "players": ["A", "B", "C"]})) == [
        ("players", None, "player_count")
    ]


@pytest.mark.parametrize("game", sorted(registry.scored()))
@pytest.mark.parametrize("count", ["none", "one", "too_many"])
def test_any_player_count_a_game_does_not_take_is_a_400_on_players(client, game, count):
    # Rikiki's default number of cards is the pack shared out (51 // n): with no player at all that was a 500.
    info = registry.info(game)
    players = {"none": [], "one": ["Ana"], "too_many": [f"P{i}" for i in range(info.max_players + 1)]}[count]
    if info.takes(len(players)):
        pytest.skip(f"{game} takes {len(players)} players")
    response = post_json(client, "/api/tables", {"game": game, "players": players})
    assert response.status_code == 400
    assert ("players", None, "player_count") in errors(response)


def test_it_rejects_empty_and_duplicate_names(client):
    assert errors(post_json(client, "/api/tables", {"game": "barbu", "players": ["Ana", "", "Bea", "ana"]})) == [
        ("players", 1, "empty_name"), ("players", 3, "duplicate_name"),
    ]


def test_it_rejects_unknown_and_invalid_options(client):
    body = {"game": "barbu", "players": PLAYERS, "options": {"series": 3, "speed": "fast"}}
    assert errors(post_json(client, "/api/tables", body)) == [
        ("options.series", None, "not_bool"), ("options.speed", None, "unknown_option"),
    ]


@pytest.mark.parametrize("body", ["not json", "[1, 2]", '{"game": "barbu"}', b"\xff\xfe", "null", '{"players": "Ana"}'])
def test_it_rejects_malformed_bodies_with_a_400(client, body):
    response = post_json(client, "/api/tables", body)
    assert response.status_code == 400
    assert response.json()["errors"]
    assert Table.objects.count() == 0


def test_it_refuses_a_huge_body(client):
    response = post_json(client, "/api/tables", '{"game": "' + "x" * 100_000 + '"}')
    assert response.status_code == 413


def test_get_is_not_allowed(client):
    assert client.get("/api/tables").status_code == 405


@pytest.mark.parametrize("name", ["Ana\x00", "B\x07b", "Cid\x1b[31m"])
def test_it_rejects_control_characters_in_names(client, name):
    assert errors(post_json(client, "/api/tables", {"game": "barbu", "players": [name, "Bea", "Cid", "Dan"]})) == [
        ("players", 0, "control_character")
    ]


@pytest.mark.parametrize("path", ["/tables/ab%00cd/", "/tables/ab%00cd/export.csv", "/tables/x%20y/history/",
                                  "/api/tables/ab%00cd", "/tables/abc/edit/t%00k/"])
def test_ids_outside_the_url_safe_alphabet_are_404_before_any_query(client, path, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert client.get(path).status_code == 404


def test_table_ids_never_start_with_a_formula_character():
    from companion.tables.models import new_table_id

    ids = [new_table_id() for _ in range(2000)]
    assert all(i[0].isalnum() and len(i) == 16 for i in ids)
    assert len(set(ids)) == 2000
