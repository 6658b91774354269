import pytest

from companion.groups import services
from companion.groups.access import table_edit_token
from companion.groups.models import GroupPlayer
from companion.tables.models import Table

from .helpers import BARBU_GAME, add_table, make_group

pytestmark = pytest.mark.django_db


def _player(group, name):
    return GroupPlayer.objects.get(group=group, name=name)


def test_renaming_a_player_renames_them_in_every_table_of_the_group_only(client):
    group = make_group()
    first = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME)
    second = add_table(group, ["Dan", "Ana", "Cid", "Bea"], BARBU_GAME[:2])
    without_ana = add_table(make_group("Autres", ("Ana",)), ["Ana", "Xavier", "Yves", "Zoe"], [])
    response = client.post(f"/groups/{group.id}/players/{_player(group, 'Ana').id}/", {"name": "Anaïs"})
    assert response.status_code == 302
    assert Table.objects.get(pk=first.pk).players == ["Anaïs", "Bea", "Cid", "Dan"]
    assert Table.objects.get(pk=second.pk).players == ["Dan", "Anaïs", "Cid", "Bea"]
    assert Table.objects.get(pk=without_ana.pk).players == ["Ana", "Xavier", "Yves", "Zoe"]
    assert _player(group, "Anaïs").key == "anaïs"
    # The API and the sheet show the new name; the rounds and totals are untouched.
    api = client.get(f"/api/tables/{first.id}").json()
    assert api["players"] == ["Anaïs", "Bea", "Cid", "Dan"] and api["totals"] == [70, 130, 190, 190]


def test_a_rename_to_another_players_name_is_refused_and_changes_nothing(client):
    group = make_group()
    table = add_table(group, ["Ana", "Bea", "Cid", "Dan"], [])
    response = client.post(f"/groups/{group.id}/players/{_player(group, 'Ana').id}/", {"name": " bea "})
    assert response.status_code == 400
    assert "« bea » fait déjà partie du cercle." in response.content.decode()
    assert Table.objects.get(pk=table.pk).players == ["Ana", "Bea", "Cid", "Dan"]


def test_a_rename_that_only_changes_case_is_allowed():
    group = make_group()
    table = add_table(group, ["Ana", "Bea", "Cid", "Dan"], [])
    services.rename_player(group, _player(group, "Ana").id, "ANA")
    assert Table.objects.get(pk=table.pk).players == ["ANA", "Bea", "Cid", "Dan"]


def test_an_empty_or_too_long_name_is_refused(client):
    group = make_group()
    url = f"/groups/{group.id}/players/{_player(group, 'Ana').id}/"
    assert client.post(url, {"name": "  "}).status_code == 400
    response = client.post(url, {"name": "x" * 41})
    assert response.status_code == 400 and "Nom trop long (40 caractères au plus)." in response.content.decode()
    assert _player(group, "Ana")


def test_a_player_of_another_group_is_404(client):
    group, other = make_group(), make_group("Autres", ("Zoe",))
    assert client.post(f"/groups/{group.id}/players/{_player(other, 'Zoe').id}/", {"name": "Z"}).status_code == 404


def test_it_adds_a_player_once(client):
    group = make_group(players=())
    assert client.post(f"/groups/{group.id}/players/", {"name": "Ana"}).status_code == 302
    again = client.post(f"/groups/{group.id}/players/", {"name": "ana"})
    assert again.status_code == 400 and "« ana » fait déjà partie du cercle." in again.content.decode()
    assert list(GroupPlayer.objects.filter(group=group).values_list("name", flat=True)) == ["Ana"]
    assert client.get(f"/groups/{group.id}/players/").status_code == 200


def test_a_name_that_case_folds_three_times_longer_is_kept_whole(client):
    # "ﬃ" (one character, the ffi ligature) folds to "ffi": forty of them make a 120-character key.
    group = make_group(players=())
    assert client.post(f"/groups/{group.id}/players/", {"name": "ﬃ" * 40}).status_code == 302
    player = GroupPlayer.objects.get(group=group)
    assert (len(player.name), player.key) == (40, "ffi" * 40)
    # The same name again is recognised by the whole key.
    again = client.post(f"/groups/{group.id}/players/", {"name": "  " + "ﬃ" * 40 + " "})
    assert again.status_code == 400 and "fait déjà partie du cercle" in again.content.decode()
    assert GroupPlayer._meta.get_field("key").max_length is None  # a text column: no length to overflow


def test_a_rename_to_a_name_that_folds_longer_renames_every_table(client):
    group = make_group()
    table = add_table(group, ["Ana", "Bea", "Cid", "Dan"], [])
    assert client.post(f"/groups/{group.id}/players/{_player(group, 'Ana').id}/", {"name": "ß" * 40}).status_code == 302
    assert Table.objects.get(pk=table.pk).players == ["ß" * 40, "Bea", "Cid", "Dan"]
    assert GroupPlayer.objects.get(group=group, name="ß" * 40).key == "ss" * 40


@pytest.mark.parametrize("name", ["A\x00na", "\x07", "Zo\x1be", "Eve\x9f"])
def test_control_characters_are_refused_when_adding_or_renaming(client, name):
    group = make_group()
    added = client.post(f"/groups/{group.id}/players/", {"name": name})
    assert added.status_code == 400
    assert "Nom de joueur : caractère invisible (de contrôle) interdit." in added.content.decode()
    renamed = client.post(f"/groups/{group.id}/players/{_player(group, 'Ana').id}/", {"name": name})
    assert renamed.status_code == 400
    assert "Nom de joueur : caractère invisible (de contrôle) interdit." in renamed.content.decode()
    assert sorted(GroupPlayer.objects.filter(group=group).values_list("name", flat=True)) == ["Ana", "Bea", "Cid", "Dan"]


def test_after_a_rename_a_phones_old_etag_gets_the_new_names(client):
    group = make_group()
    table = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:1])
    before = client.get(f"/api/tables/{table.id}")
    assert client.get(f"/api/tables/{table.id}", HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 304
    services.rename_player(group, _player(group, "Ana").id, "Anaïs")
    after = client.get(f"/api/tables/{table.id}", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after.json()["players"] == ["Anaïs", "Bea", "Cid", "Dan"]
    # Still version 1 (one round): the version counts events, and If-Match takes the new tag as version 1.
    assert before["ETag"].startswith('"v1-') and after["ETag"].startswith('"v1-') and after["ETag"] != before["ETag"]
    assert client.get(f"/api/tables/{table.id}", HTTP_IF_NONE_MATCH=after["ETag"]).status_code == 304
    token = table_edit_token(group.id, table.id)
    corrected = client.put(f"/api/tables/{table.id}/rounds/1", {"tricks": [3, 4, 5, 1]}, content_type="application/json",
                           HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_IF_MATCH=after["ETag"])
    assert corrected.status_code == 200 and corrected.json()["totals"] == [15, 20, 25, 5]
