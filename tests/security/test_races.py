"""Defect 8: check-then-insert races. Twenty phones at the same instant (threads, each with its own database
connection, released by a barrier), on SQLite and on PostgreSQL: the unique constraint decides, and the
phones that lose get the answer of a duplicate, never a server error."""

from __future__ import annotations

import pytest

from companion.groups.models import GroupPlayer
from companion.tables.models import Table
from tests.factories import GroupFactory
from tests.helpers import at_once, needs_queued_writers, phone_client

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 20




@needs_queued_writers
def test_twenty_phones_adding_the_same_player_get_one_player_and_no_error():
    group = GroupFactory(players=["Ana", "Bea"])
    responses = at_once(PHONES, lambda i: phone_client().post(f"/groups/{group.id}/players/", {"name": "Zoé" if i % 2 else "zoé"}))
    statuses = sorted(r.status_code for r in responses)
    assert 500 not in statuses
    assert statuses == [302] + [400] * (PHONES - 1), statuses
    for r in responses:
        if r.status_code == 400:
            assert "fait déjà partie du cercle" in r.content.decode()
    assert GroupPlayer.objects.filter(group=group, key="zoé").count() == 1


@needs_queued_writers
def test_twenty_phones_renaming_two_players_to_one_name_keep_the_names_apart():
    group = GroupFactory(players=["Ana", "Bea"])
    ana, bea = (GroupPlayer.objects.get(group=group, name=n).pk for n in ("Ana", "Bea"))
    responses = at_once(PHONES, lambda i: phone_client().post(f"/groups/{group.id}/players/{(ana, bea)[i % 2]}/",
                                                         {"name": "Zoé"}))
    statuses = [r.status_code for r in responses]
    assert 500 not in statuses and set(statuses) <= {302, 400}, statuses
    names = sorted(GroupPlayer.objects.filter(group=group).values_list("name", flat=True))
    assert names.count("Zoé") == 1 and len(names) == 2


@needs_queued_writers
def test_twenty_phones_opening_tables_with_a_new_player_get_twenty_tables_and_one_player():
    group = GroupFactory(players=["Ana", "Bea", "Cid"])

    def open_table(i):
        return phone_client().post(f"/groups/{group.id}/tables/new/?game=barbu",
                              {"game": "barbu", "player.0": "Ana", "player.1": "Bea", "player.2": "Cid", "player.3": "Zoé"})

    responses = at_once(PHONES, open_table)
    assert sorted(r.status_code for r in responses) == [302] * PHONES, [r.content[:300] for r in responses if r.status_code != 302]
    assert Table.objects.filter(group=group).count() == PHONES
    assert GroupPlayer.objects.filter(group=group, key="zoé").count() == 1
