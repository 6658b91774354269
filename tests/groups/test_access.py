import re

import pytest

from companion.groups.access import table_edit_token
from companion.groups.models import Group, GroupPlayer
from companion.tables.models import Event, Table

from .helpers import make_group

pytestmark = pytest.mark.django_db


def test_it_creates_a_group_with_its_players_and_sends_to_its_secret_link(client):
    response = client.post("/groups/new/", {"name": "  Les amis   du jeudi ", "players": "Ana\nbea\n\n  Cid  \n"})
    assert response.status_code == 302
    group = Group.objects.get()
    assert response["Location"] == f"/groups/{group.id}/?created=1"
    assert group.name == "Les amis du jeudi"
    assert sorted(GroupPlayer.objects.values_list("name", flat=True)) == ["Ana", "Cid", "bea"]
    assert len(group.id) >= 22 and re.fullmatch(r"[A-Za-z0-9_-]+", group.id)
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert f"http://testserver/groups/{group.id}/" in page.content.decode()


def test_it_refuses_a_group_without_a_name_or_with_a_player_twice(client):
    response = client.post("/groups/new/", {"name": " ", "players": "Ana\nANA"})
    assert response.status_code == 400
    body = response.content.decode()
    assert "Donnez un nom au cercle." in body
    assert "Le nom « ANA » est donné deux fois." in body
    assert not Group.objects.exists()


def test_a_group_is_reached_only_through_its_link(client):
    group = make_group()
    assert client.get("/groups/").status_code == 404
    assert client.get(f"/groups/{group.id[:-1]}/").status_code == 404
    assert client.get(f"/groups/{group.id[:-1]}/export.csv").status_code == 404
    assert client.get(f"/groups/{group.id[:-1]}/players/").status_code == 404
    assert client.get(f"/groups/{group.id}/").status_code == 200
    # Nothing on the home page, nor on two groups' pages, leads to another group.
    other = make_group("Autre cercle")
    assert other.id not in client.get("/").content.decode()
    assert other.id not in client.get(f"/groups/{group.id}/").content.decode()


def test_it_creates_a_table_inside_the_group_with_its_players_picked_by_name(client):
    group = make_group(players=("Ana", "Bea", "Cid", "Dan"))
    form = client.get(f"/groups/{group.id}/tables/new/?game=barbu")
    assert form.status_code == 200
    html = form.content.decode()
    assert '<datalist id="group-players">' in html and '<option value="Bea">' in html
    response = client.post(f"/groups/{group.id}/tables/new/?game=barbu", {
        "game": "barbu", "player.0": "ana", "player.1": "Bea", "player.2": "Cid", "player.3": "Eve",
        "opt_king_stops_play": "on", "opt_five_players_removed": "2C-2D"})
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.group == group
    # Known players keep the group's spelling; a new name joins the group.
    assert table.players == ["Ana", "Bea", "Cid", "Eve"]
    assert set(GroupPlayer.objects.filter(group=group).values_list("name", flat=True)) == {"Ana", "Bea", "Cid", "Dan", "Eve"}
    token = table_edit_token(group.id, table.id)
    assert response["Location"] == f"/tables/{table.id}/edit/{token}/?created=1"
    assert table.check_token(token)
    # The edit link works like any table's.
    played = client.post(f"/tables/{table.id}/edit/{token}/", {"tricks.0": "4", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1"})
    assert played.status_code == 302
    assert Event.objects.filter(table=table).count() == 1


def test_a_new_table_starts_from_the_seats_of_the_last_one_of_that_game(client):
    group = make_group()
    client.post(f"/groups/{group.id}/tables/new/?game=barbu", {"game": "barbu", "player.0": "Dan", "player.1": "Cid",
                                                                "player.2": "Bea", "player.3": "Ana"})
    html = client.get(f"/groups/{group.id}/tables/new/?game=barbu").content.decode()
    assert html.index('value="Dan"') < html.index('value="Cid"') < html.index('value="Bea"')


def test_a_table_with_wrong_players_is_refused_and_nothing_joins_the_group(client):
    group = make_group(players=("Ana",))
    response = client.post(f"/groups/{group.id}/tables/new/?game=barbu", {"game": "barbu", "player.0": "Ana", "player.1": "Zoe"})
    assert response.status_code == 400
    assert "se joue de 4 à 5 joueurs (2 donnés)" in response.content.decode()
    assert not Table.objects.exists()
    assert list(GroupPlayer.objects.values_list("name", flat=True)) == ["Ana"]


def test_an_unknown_game_gets_the_list_of_games_and_a_400(client):
    group = make_group()
    response = client.get(f"/groups/{group.id}/tables/new/?game=belote-imaginaire")
    assert response.status_code == 400
    assert "Jeu inconnu : belote-imaginaire." in response.content.decode()
    assert client.get(f"/groups/{group.id}/tables/new/").status_code == 200


def test_the_group_page_links_to_each_table_for_reading_and_editing(client):
    group = make_group()
    client.post(f"/groups/{group.id}/tables/new/?game=barbu", {"game": "barbu", "player.0": "Ana", "player.1": "Bea",
                                                                "player.2": "Cid", "player.3": "Dan"})
    table = Table.objects.get()
    html = client.get(f"/groups/{group.id}/").content.decode()
    assert f'href="/tables/{table.id}/"' in html
    assert f'href="/tables/{table.id}/edit/{table_edit_token(group.id, table.id)}/"' in html
    assert "En cours · 0 donne" in html


def test_tables_outside_groups_stay_as_they_were(client):
    response = client.post("/api/tables", {"game": "barbu", "players": ["A", "B", "C", "D"]}, content_type="application/json")
    assert response.status_code == 201
    assert Table.objects.get().group is None


@pytest.mark.parametrize("suffix", ["", "players/", "players/1/", "tables/new/", "export.csv", "summary.csv"])
def test_a_group_id_with_a_nul_or_out_of_the_id_alphabet_is_a_404_before_any_query(client, suffix, django_assert_num_queries):
    # PostgreSQL answers a NUL in a lookup with a server error: such ids must never reach the database.
    for bad in ("ab%00cd", "ab%01cd", "ab%C3%A9cd", "a" * 33, "ab.cd"):
        with django_assert_num_queries(0):
            assert client.get(f"/groups/{bad}/{suffix}").status_code == 404
            assert client.post(f"/groups/{bad}/{suffix}", {"name": "x"}).status_code == 404


def test_a_player_id_too_long_for_the_database_is_a_404(client):
    group = make_group()
    assert client.post(f"/groups/{group.id}/players/{'9' * 19}/", {"name": "Zoé"}).status_code == 404
    assert client.post(f"/groups/{group.id}/players/{'9' * 18}/", {"name": "Zoé"}).status_code == 404


@pytest.mark.parametrize("char", ["\x00", "\x01", "\x7f", "\x9f"])
def test_control_characters_in_a_group_or_player_name_are_refused_with_the_fields_name(client, char):
    response = client.post("/groups/new/", {"name": f"Les{char}amis", "players": f"Ana\nB{char}ea"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Nom du cercle : caractère invisible (de contrôle) interdit." in html
    assert "Nom de joueur : caractère invisible (de contrôle) interdit." in html
    assert not Group.objects.exists()


def test_tabs_and_line_breaks_in_a_name_are_only_spaces(client):
    response = client.post("/groups/new/", {"name": "Les\tamis\r\ndu jeudi", "players": "Ana\tMaria"})
    assert response.status_code == 302
    assert Group.objects.get().name == "Les amis du jeudi"
    assert list(GroupPlayer.objects.values_list("name", flat=True)) == ["Ana Maria"]


def test_a_control_character_in_a_new_tables_seat_is_refused_and_nothing_is_stored(client):
    group = make_group(players=("Ana",))
    response = client.post(f"/groups/{group.id}/tables/new/?game=barbu", {
        "game": "barbu", "player.0": "Ana", "player.1": "B\x00ea", "player.2": "Cid", "player.3": "Dan"})
    assert response.status_code == 400
    assert "Caractère invisible interdit dans un nom." in response.content.decode()
    assert not Table.objects.exists()
    assert list(GroupPlayer.objects.values_list("name", flat=True)) == ["Ana"]


@pytest.mark.parametrize(("key", "value"), [("since", "0001-01-01"), ("until", "9999-12-31"), ("since", "2101-01-01")])
def test_filter_dates_beyond_the_years_of_a_table_are_named_not_a_500(client, key, value):
    group = make_group()
    response = client.get(f"/groups/{group.id}/?{key}={value}")
    assert response.status_code == 400
    label = {"since": "Du", "until": "au"}[key]
    assert f"{label} : Année attendue entre 1900 et 2100." in response.content.decode()

