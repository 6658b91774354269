"""The free score sheet through the API, like any game: create, enter, correct, end by its options, CSV."""

import pytest

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db


def test_it_is_listed_and_describes_its_options_and_entry(client):
    games = {g["slug"]: g for g in client.get("/api/games").json()}
    assert games["libre"]["min_players"] == 2 and games["libre"]["max_players"] == 12
    body = client.get("/api/games/libre?players=3").json()
    assert [o["key"] for o in body["options"]] == ["lowest_wins", "target", "rounds"]
    points = body["entry_schema"]["properties"]["points"]
    assert points["minItems"] == points["maxItems"] == 3 and points["items"]["minimum"] < 0


def test_a_whole_game_to_a_target_with_negative_points(client):
    table = create_table(client, game="libre", players=["Équipe A", "Équipe B"], options={"target": 100})
    url = f"/api/tables/{table['id']}/rounds"
    first = post_json(client, url, {"points": [60, -20]}, table["edit_token"])
    assert first.status_code == 201 and first.json()["totals"] == [60, -20]
    last = post_json(client, url, {"points": [40, 130]}, table["edit_token"])
    # 60 + 40 = 100 reaches the target; −20 + 130 = 110 is more: Équipe B wins
    assert last.json() == {"number": 2, "scores": [40, 130], "totals": [100, 110], "finished": True, "winners": ["Équipe B"]}
    assert post_json(client, url, {"points": [1, 1]}, table["edit_token"]).status_code == 409


def test_bad_points_name_the_field_and_seat(client):
    table = create_table(client, game="libre", players=["Ana", "Bea", "Cid"])
    response = post_json(client, f"/api/tables/{table['id']}/rounds", {"points": [1, "x", 2.5]}, table["edit_token"])
    assert response.status_code == 400
    assert [(e["field"], e["seat"], e["code"]) for e in response.json()["errors"]] == [("points", 1, "not_int"), ("points", 2, "not_int")]


def test_bad_options_are_refused_with_their_field(client):
    response = post_json(client, "/api/tables", {"game": "libre", "players": ["Ana", "Bea"], "options": {"rounds": 0, "target": "x"}})
    assert response.status_code == 400
    assert {e["field"] for e in response.json()["errors"]} == {"options.rounds", "options.target"}
    too_many = post_json(client, "/api/tables", {"game": "libre", "players": [f"J{i}" for i in range(13)]})
    assert too_many.status_code == 400 and too_many.json()["errors"][0]["code"] == "player_count"


def test_the_csv_export_and_history_work_unchanged(client):
    table = create_table(client, game="libre", players=["Ana", "Bea"], options={"rounds": 1})
    post_json(client, f"/api/tables/{table['id']}/rounds", {"points": [-4, 9]}, table["edit_token"])
    csv = b"".join(client.get(f"/tables/{table['id']}/export.csv").streaming_content).decode("utf-8-sig")
    assert "-4" in csv and "Bea" in csv
    history = client.get(f"/tables/{table['id']}/history/").content.decode()
    assert "<bdi>Ana</bdi> −4, <bdi>Bea</bdi> 9" in history and "{" not in history.split("<main", 1)[-1].split("</main>")[0]


def test_a_circle_counts_free_sheet_tables_like_any_other(client):
    from tests.factories import GroupFactory, GroupTableFactory

    group = GroupFactory(players=["Ana", "Bea", "Cid"])
    # lowest wins: Ana 4 + 1 = 5, Bea 9 − 2 = 7, Cid 0 + 8 = 8 → Ana wins
    GroupTableFactory(group=group, game="libre", players=["Ana", "Bea", "Cid"], options={"lowest_wins": True, "rounds": 2},
                      rounds=[{"points": [4, 9, 0]}, {"points": [1, -2, 8]}])
    from companion.groups.history import load_summaries

    (summary,) = load_summaries(group)
    assert summary.winner_names() == ["Ana"] and summary.ranks == [1, 2, 3] and summary.lowest_wins is True
    html = client.get(f"/groups/{group.id}/").content.decode()
    assert "Feuille libre" in html
    csv = b"".join(client.get(f"/groups/{group.id}/export.csv").streaming_content).decode("utf-8-sig")
    assert "libre" in csv and "-2" in csv
