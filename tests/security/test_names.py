"""Defects 1 and 2: lone surrogates refused wherever text comes in; bidi controls refused in names; names
compared without format characters and case."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from companion.games import registry
from companion.groups import services
from companion.groups.models import Group, GroupPlayer
from companion.tables.models import Event, Table
from tests.factories import GroupFactory, TableFactory
from tests.tables.helpers import post_json

pytestmark = pytest.mark.django_db

BARBU = registry.get("barbu")


def _codes(response):
    assert response.status_code == 400, response.content[:300]
    return [(e["field"], e["seat"], e["code"]) for e in response.json()["errors"]]


# -- 1. lone surrogates -------------------------------------------------------------------------------------------
def test_a_lone_surrogate_in_a_name_is_a_400_naming_the_field(client):
    # The raw body holds the JSON escape itself, as an attacker's client sends it.
    body = '{"game": "barbu", "players": ["A\\ud800", "Bea", "Cid", "Dan"]}'
    assert json.loads(body)["players"][0] == "A\ud800"
    response = post_json(client, "/api/tables", body)
    assert _codes(response) == [("players.0", None, "surrogate")]
    assert "players.0" in response.json()["errors"][0]["message"]
    assert Table.objects.count() == 0


@pytest.mark.parametrize(("body", "field"), [
    ('{"game": "barbu", "players": ["Ana", "Bea", "Cid", "Dan"], "options": {"series": "\\udfff"}}', "options.series"),
    ('{"game": "barbu", "players": ["Ana", "Bea", "Cid", "Dan"], "options": {"\\ud83d": 1}}', "options"),
    ('{"game": "barbu\\ud800", "players": ["Ana", "Bea", "Cid", "Dan"]}', "game"),
    ('"\\ud800"', ""),
])
def test_a_lone_surrogate_anywhere_in_a_json_body_is_refused(client, body, field):
    assert _codes(post_json(client, "/api/tables", body)) == [(field, None, "surrogate")]
    assert Table.objects.count() == 0


def test_a_lone_surrogate_in_a_round_is_refused_and_nothing_is_stored(client):
    table = TableFactory()
    response = post_json(client, f"/api/tables/{table.id}/rounds", '{"tricks": [4, 3, 5, 1], "note": "\\ud800"}',
                         token=table.edit_token)
    assert _codes(response) == [("note", None, "surrogate")]
    response = post_json(client, "/api/games/rami/melds", '{"melds": [["\\ud800"]]}')
    assert _codes(response) == [("melds.0.0", None, "surrogate")]
    assert Event.objects.count() == 0


def test_a_real_astral_character_is_still_welcome(client):
    # "\ud83c\udccf" is a valid pair: 🃏 (U+1F0CF), not a lone surrogate.
    body = '{"game": "barbu", "players": ["\\ud83c\\udccf Joker", "Bea", "Cid", "Dan"]}'
    response = post_json(client, "/api/tables", body)
    assert response.status_code == 201
    assert client.get(f"/tables/{response.json()['id']}/").status_code == 200
    assert Table.objects.get().players[0] == "🃏 Joker"


def test_the_rules_model_refuses_surrogates_in_names():
    problems = BARBU.check_players(["Ana\udc00", "Bea", "Cid", "Dan"])
    assert [(p.seat, p.code) for p in problems] == [(0, "surrogate")]


def test_services_refuse_surrogates_in_group_and_player_names():
    with pytest.raises(services.GroupError) as e:
        services.create_group("Cercle \ud800", ["Ana"])
    assert e.value.problems[0][0] == "name"
    group = GroupFactory()
    with pytest.raises(services.GroupError):
        services.add_player(group, "Zoé\udfff")
    with pytest.raises(services.GroupError):
        services.rename_player(group, group.players.first().pk, "\ud800")
    assert Group.objects.count() == 1 and GroupPlayer.objects.count() == 4


HEADER = "table;game;round;seat;player;options;entry\r\n"


def _import(client, text: str):
    return client.post("/groups/import/", {"file": SimpleUploadedFile("h.csv", text.encode(), "text/csv"), "name": ""})


@pytest.mark.parametrize(("cell", "where"), [
    ('"{""tricks"":[4,3,5,1],""x"":""\\ud800""}"', "entry"),
    ('"{""tricks"":[""\\udc00"",3,5,1]}"', "entry"),
])
def test_a_lone_surrogate_in_an_imported_entry_is_refused_with_its_line(client, cell, where):
    rows = [f"t1;barbu;1;1;Ana;;{cell}"] + [f"t1;barbu;1;{s};{n};;" for s, n in ((2, "Bea"), (3, "Cid"), (4, "Dan"))]
    response = _import(client, HEADER + "\r\n".join(rows) + "\r\n")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Ligne 2" in html and "Colonne entry : caractère invalide (moitié de caractère UTF-16 isolée)" in html
    assert Group.objects.count() == 0 and Table.objects.count() == 0


def test_a_lone_surrogate_in_imported_options_is_refused_with_its_line(client):
    rows = ['t1;barbu;1;1;Ana;"{""series"":""\\ud800""}";"{""tricks"":[4,3,5,1]}"'] + [
        f"t1;barbu;1;{s};{n};;" for s, n in ((2, "Bea"), (3, "Cid"), (4, "Dan"))]
    response = _import(client, HEADER + "\r\n".join(rows) + "\r\n")
    assert response.status_code == 400
    assert "Colonne options : caractère invalide (moitié de caractère UTF-16 isolée) dans series." in response.content.decode()
    assert Group.objects.count() == 0


# -- 2. bidi controls and invisible differences -----------------------------------------------------------------
@pytest.mark.parametrize("char", ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"])
def test_bidi_controls_are_refused_in_names(client, char):
    response = post_json(client, "/api/tables", {"game": "barbu", "players": ["Ana", f"{char}Bea 47", "Cid", "Dan"]})
    assert _codes(response) == [("players", 1, "bidi_control")]
    with pytest.raises(services.GroupError):
        services.create_group(f"Les {char}amis", [])
    with pytest.raises(services.GroupError):
        services.add_player(GroupFactory(), f"Zoé{char}")


def test_a_bidi_control_in_an_imported_player_is_refused(client):
    rows = ['t1;barbu;1;1;\u202eAna;;"{""tricks"":[4,3,5,1]}"'] + [
        f"t1;barbu;1;{s};{n};;" for s, n in ((2, "Bea"), (3, "Cid"), (4, "Dan"))]
    response = _import(client, HEADER + "\r\n".join(rows) + "\r\n")
    assert response.status_code == 400
    assert "Colonne player : caractère de contrôle du sens d&#x27;écriture interdit" in response.content.decode()


@pytest.mark.parametrize("twin", ["B\u200b", "\u200bb", "B\u00ad", "b\u200d", "\ufeffB"])
def test_names_that_differ_only_by_format_characters_or_case_are_the_same(client, twin):
    response = post_json(client, "/api/tables", {"game": "barbu", "players": ["B", twin, "Cid", "Dan"]})
    assert _codes(response) == [("players", 1, "duplicate_name")]
    group = GroupFactory(players=["B"])
    with pytest.raises(services.GroupError):
        services.add_player(group, twin)
    with pytest.raises(services.GroupError):
        services.create_group("Cercle", ["B", twin])


def test_emoji_sequences_with_joiners_are_still_names(client):
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # 👨‍👩‍👧, joined by U+200D (a format character)
    response = post_json(client, "/api/tables", {"game": "barbu", "players": [family, "Bea", "Cid", "Dan"]})
    assert response.status_code == 201
    assert Table.objects.get().players[0] == family


def test_a_name_of_format_characters_only_is_no_name(client):
    response = post_json(client, "/api/tables", {"game": "barbu", "players": ["\u200b\u200d", "Bea", "Cid", "Dan"]})
    assert _codes(response) == [("players", 0, "empty_name")]
    with pytest.raises(services.GroupError):
        services.add_player(GroupFactory(), "\u200b")
    with pytest.raises(services.GroupError):
        services.create_group("\u2060", [])
