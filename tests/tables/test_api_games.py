import pytest


def test_it_lists_the_scored_games(client):
    games = client.get("/api/games").json()
    barbu = next(g for g in games if g["slug"] == "barbu")
    assert barbu == {"slug": "barbu", "name": "Le barbu", "min_players": 4, "max_players": 5}


def test_names_follow_the_language(client):
    games = client.get("/api/games", HTTP_ACCEPT_LANGUAGE="en").json()
    assert next(g for g in games if g["slug"] == "barbu")["name"] == "Barbu"


def test_it_describes_a_game_with_options_and_entry_schema(client):
    data = client.get("/api/games/barbu").json()
    assert data["min_players"] == 4 and data["max_players"] == 5
    assert {o["key"]: o["default"] for o in data["options"]} == {
        "king_stops_play": True, "five_players_removed": "2C-2D", "series": False,
    }
    schema = data["entry_schema"]
    assert schema["type"] == "object"
    assert schema["properties"]["tricks"]["minItems"] == 4
    assert schema["properties"]["king_of_hearts"]["maximum"] == 3


def test_the_schema_follows_the_player_count(client):
    schema = client.get("/api/games/barbu?players=5").json()["entry_schema"]
    assert schema["properties"]["tricks"]["maxItems"] == 5
    assert schema["properties"]["tricks"]["items"]["maximum"] == 10


@pytest.mark.parametrize("players", ["3", "x", "9", "²", "4" * 5000])
def test_it_rejects_a_player_count_the_game_does_not_take(client, players):
    response = client.get(f"/api/games/barbu?players={players}")
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "players"


def test_an_unknown_game_is_404(client):
    response = client.get("/api/games/belote-coinchee")
    assert response.status_code == 404
    assert response.json()["errors"][0]["field"] == "slug"
