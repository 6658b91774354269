"""A name typed precomposed (NFC) or decomposed (NFD: "e" and a combining accent), "Zoé" either way, is one
player, at a table and in a circle, wherever a name comes in (new-table form, API, circle players, CSV import,
rematch); names are stored in NFC. The implicit direction marks (U+200E, U+200F, U+061C) are refused in names,
like the embeddings and isolates."""

from __future__ import annotations

import unicodedata

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from companion.games import registry
from companion.groups import services, stats
from companion.groups.history import load_summaries
from companion.groups.models import GroupPlayer
from companion.tables import ledger
from companion.tables.models import Table
from tests.factories import GroupFactory, GroupTableFactory, TableFactory
from tests.tables.helpers import post_json

ZOE_NFC = "Zo\u00e9"  # é as one code point
ZOE_NFD = "Zoe\u0301"  # e, then COMBINING ACUTE ACCENT
assert ZOE_NFC != ZOE_NFD and unicodedata.normalize("NFC", ZOE_NFD) == ZOE_NFC

pytestmark = pytest.mark.django_db


def _codes(response):
    assert response.status_code == 400, response.content[:300]
    return [(e["field"], e["seat"], e["code"]) for e in response.json()["errors"]]


# -- a table ----------------------------------------------------------------------------------------------------
def test_the_api_refuses_zoe_typed_both_ways_as_one_name_twice(client):
    response = post_json(client, "/api/tables", {"game": "barbu", "players": [ZOE_NFC, "Bea", ZOE_NFD, "Dan"]})
    assert _codes(response) == [("players", 2, "duplicate_name")]
    assert Table.objects.count() == 0


def test_the_new_table_form_refuses_zoe_typed_both_ways(client):
    response = client.post("/tables/new/barbu/", {"player.0": ZOE_NFD, "player.1": "Bea", "player.2": ZOE_NFC,
                                                  "player.3": "Dan"})
    assert response.status_code == 400
    assert "est déjà pris" in response.content.decode()
    assert Table.objects.count() == 0


def test_a_name_is_stored_in_nfc_from_the_api_and_the_form(client):
    response = post_json(client, "/api/tables", {"game": "barbu", "players": [ZOE_NFD, "Bea", "Cid", "Dan"]})
    assert response.status_code == 201
    assert Table.objects.get(pk=response.json()["id"]).players[0] == ZOE_NFC
    client.post("/tables/new/libre/", {"player.0": f" {ZOE_NFD} ", "player.1": "Bea"})
    assert Table.objects.get(game="libre").players == [ZOE_NFC, "Bea"]


def test_forty_characters_are_counted_once_composed():
    # 40 letters "é" typed decomposed are 80 code points, and 40 characters once composed: a name that fits.
    assert registry.get("libre").check_players(["e\u0301" * 40, "Bea"]) == []


def test_a_rematch_seats_names_in_nfc():
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [1, 2]}], ended=True)
    Table.objects.filter(pk=table.pk).update(players=["Ana", ZOE_NFD])  # stored before names were normalised
    made = ledger.rematch(table.id, table.edit_token)
    assert made.table.players == ["Ana", ZOE_NFC]  # in their seats, Zoé's name in NFC


# -- the implicit direction marks -----------------------------------------------------------------------------------
@pytest.mark.parametrize("mark", ["\u200e", "\u200f", "\u061c"])
def test_the_implicit_direction_marks_are_refused_in_names(client, mark):
    response = post_json(client, "/api/tables", {"game": "barbu", "players": ["Ana", f"{mark}Bea 47", "Cid", "Dan"]})
    assert _codes(response) == [("players", 1, "bidi_control")]
    assert "U+200E, U+200F, U+061C" in response.json()["errors"][0]["message"]
    with pytest.raises(services.GroupError) as e:
        services.create_group(f"Les {mark}amis", [])
    assert e.value.problems[0][0] == "name" and "Nom du cercle" in e.value.problems[0][1]
    group = GroupFactory()
    with pytest.raises(services.GroupError) as e:
        services.add_player(group, f"Zoé{mark}")
    assert e.value.problems == [("name", "Nom de joueur : caractère de contrôle du sens d'écriture interdit "
                                         "(U+200E, U+200F, U+061C, U+202A–202E, U+2066–2069).")]
    with pytest.raises(services.GroupError):
        services.rename_player(group, group.players.first().pk, f"Ana{mark}")
    assert Table.objects.count() == 0 and not GroupPlayer.objects.filter(name__contains=mark).exists()


def test_a_direction_mark_in_an_imported_player_is_refused_with_its_line(client):
    rows = ['t1;barbu;1;1;Ana\u200f;;"{""tricks"":[4,3,5,1]}"'] + [
        f"t1;barbu;1;{s};{n};;" for s, n in ((2, "Bea"), (3, "Cid"), (4, "Dan"))]
    response = _import(client, "/groups/import/", HEADER + "\r\n".join(rows) + "\r\n")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Ligne 2" in html and "Colonne player : caractère de contrôle du sens d&#x27;écriture interdit (U+200E" in html
    assert Table.objects.count() == 0


# -- a circle ---------------------------------------------------------------------------------------------------
def test_a_circle_has_one_zoe_whichever_way_she_is_typed(client):
    group = GroupFactory(players=["Ana", "Bea", "Cid", ZOE_NFC])
    response = client.post(f"/groups/{group.id}/players/", {"name": ZOE_NFD})
    assert response.status_code == 400 and "fait déjà partie du cercle" in response.content.decode()
    with pytest.raises(services.GroupError):
        services.create_group("Cercle", [ZOE_NFC, ZOE_NFD])
    ana = group.players.get(name="Ana")
    with pytest.raises(services.GroupError):
        services.rename_player(group, ana.pk, ZOE_NFD)
    assert GroupPlayer.objects.filter(group=group).count() == 4


def test_a_player_added_or_renamed_decomposed_is_stored_composed():
    group = GroupFactory(players=["Ana"])
    added = services.add_player(group, ZOE_NFD)
    assert added.name == ZOE_NFC and added.key == "zo\u00e9"
    table = GroupTableFactory(group=group, game="libre", players=["Ana", ZOE_NFC])
    services.rename_player(group, added.pk, "Chlo\u00eb".replace("\u00eb", "e\u0308"))  # Chloë, decomposed
    assert GroupPlayer.objects.get(pk=added.pk).name == "Chlo\u00eb"
    table.refresh_from_db()
    assert table.players == ["Ana", "Chlo\u00eb"]


def test_a_circle_leaderboard_has_one_zoe_after_tables_typed_both_ways(client):
    group = GroupFactory(players=["Ana", "Bea"])
    for zoe in (ZOE_NFC, ZOE_NFD):
        response = client.post(f"/groups/{group.id}/tables/new/?game=libre",
                               {"game": "libre", "player.0": "Ana", "player.1": zoe, "player.2": "Bea"})
        assert response.status_code == 302, response.content[:300]
    # A third table stored decomposed before names were normalised: compared on read, it counts for her too.
    legacy = GroupTableFactory(group=group, game="libre", players=["Ana", ZOE_NFC, "Bea"])
    Table.objects.filter(pk=legacy.pk).update(players=["Ana", ZOE_NFD, "Bea"])
    for table in Table.objects.filter(group=group):
        ledger.add_round(table.id, {"points": [1, 5, 3]})
        ledger.finish(table.id)
    assert GroupPlayer.objects.filter(group=group, key="zo\u00e9").count() == 1
    board = stats.by_game(load_summaries(group), {p.key: p.name for p in GroupPlayer.objects.filter(group=group)})
    # Free sheet, highest total wins by default: Zoé (5) wins all three, Bea (3) is second and Ana (1) third each
    # time. One row for Zoé, with her three tables.
    assert [(p.name, p.played, p.won, p.average_rank) for p in board["libre"]] == [
        (ZOE_NFC, 3, 3, 1), ("Bea", 3, 0, 2), ("Ana", 3, 0, 3)]


HEADER = "table;game;round;seat;player;options;entry\r\n"


def _import(client, url: str, text: str):
    return client.post(url, {"file": SimpleUploadedFile("h.csv", text.encode(), "text/csv"), "name": ""})


def test_a_csv_import_of_decomposed_names_joins_the_composed_player(client):
    group = GroupFactory(players=["Ana", "Bea", "Cid", ZOE_NFC])
    rows = ['t1;barbu;1;1;Ana;;"{""tricks"":[4,3,5,1]}"'] + [
        f"t1;barbu;1;{s};{n};;" for s, n in ((2, "Bea"), (3, "Cid"), (4, ZOE_NFD))]
    response = _import(client, f"/groups/{group.id}/import/", HEADER + "\r\n".join(rows) + "\r\n")
    assert response.status_code == 302, response.content[:500]
    assert GroupPlayer.objects.filter(group=group).count() == 4
    imported = Table.objects.get(group=group)
    assert imported.players == ["Ana", "Bea", "Cid", ZOE_NFC]


# -- names stored before: the migration ---------------------------------------------------------------------------
@pytest.mark.django_db(transaction=True)
def test_the_migration_puts_names_in_nfc_and_merges_zoe_typed_both_ways():
    before = [("groups", "0003_player_key_ignores_format_characters"), ("tables", "0008_event_rematch")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    Group, Player, OldTable = (apps.get_model(*m) for m in (("groups", "Group"), ("groups", "GroupPlayer"),
                                                            ("tables", "Table")))
    group = Group.objects.create(id="g" * 22, name="Cercle")
    # As the old code stored them: key = the name without format characters, stripped, case folded.
    Player.objects.create(group=group, name=ZOE_NFC, key="zo\u00e9")
    Player.objects.create(group=group, name=ZOE_NFD, key="zoe\u0301")
    Player.objects.create(group=group, name="Ana", key="ana")
    OldTable.objects.create(id="t1", game="libre", players=["Ana", ZOE_NFD], options={}, group=group,
                            edit_token_hash="x")
    OldTable.objects.create(id="t2", game="libre", players=[ZOE_NFC, "Ana"], options={}, group=group,
                            edit_token_hash="x")
    # Two seats of one lone table that would become one name: that table keeps its names.
    OldTable.objects.create(id="t3", game="libre", players=[ZOE_NFC, ZOE_NFD], options={}, edit_token_hash="x")
    OldTable.objects.create(id="t4", game="libre", players=["Chlo" + "e\u0308", "Ana"], options={},
                            edit_token_hash="x")
    # A second circle where both Zoés sat at one table: two people there, left as they were.
    other = Group.objects.create(id="h" * 22, name="Autre")
    Player.objects.create(group=other, name=ZOE_NFC, key="zo\u00e9")
    Player.objects.create(group=other, name=ZOE_NFD, key="zoe\u0301")
    OldTable.objects.create(id="t5", game="libre", players=[ZOE_NFD, ZOE_NFC], options={}, group=other,
                            edit_token_hash="x")

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    assert sorted(GroupPlayer.objects.filter(group_id=group.id).values_list("name", "key")) == [
        ("Ana", "ana"), (ZOE_NFC, "zo\u00e9")]
    players = dict(Table.objects.values_list("id", "players"))
    assert players["t1"] == ["Ana", ZOE_NFC] and players["t2"] == [ZOE_NFC, "Ana"]
    assert players["t3"] == [ZOE_NFC, ZOE_NFD]
    assert players["t4"] == ["Chlo\u00eb", "Ana"]
    assert sorted(GroupPlayer.objects.filter(group_id=other.id).values_list("name", "key")) == [
        (ZOE_NFD, "zoe\u0301"), (ZOE_NFC, "zo\u00e9")]
    assert players["t5"] == [ZOE_NFD, ZOE_NFC]
