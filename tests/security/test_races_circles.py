"""A circle's player deleted, merged and renamed by twenty phones at once, and one
history file imported into twenty new circles at once. Threads with their own connections, released by a
barrier (:func:`tests.security.test_races.at_once`), on SQLite and on PostgreSQL: never a 500, the phones that
lose get the page as it now is, and the data stays whole."""

from __future__ import annotations

import threading
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from companion.groups.models import Group, GroupPlayer, name_key
from companion.tables import ledger
from companion.tables.models import Event, Table
from tests.factories import GroupFactory, GroupTableFactory
from tests.groups.helpers import BARBU_GAME
from tests.helpers import at_once, needs_queued_writers, phone_client

PHONES = 20

pytestmark = pytest.mark.django_db(transaction=True)

GONE = "Ce joueur ne fait pas (ou plus) partie du cercle"


def _player(group, name) -> int:
    return GroupPlayer.objects.get(group=group, name=name).pk


def _every_seat_is_a_player(group) -> None:
    keys = set(GroupPlayer.objects.filter(group=group).values_list("key", flat=True))
    for players in Table.objects.filter(group=group).values_list("players", flat=True):
        assert {name_key(p) for p in players} <= keys, (players, keys)
        assert len({name_key(p) for p in players}) == len(players), players


@needs_queued_writers
def test_twenty_phones_deleting_one_player_get_one_deletion_and_the_page_as_it_now_is():
    group = GroupFactory(players=["Ana", "Bea", "Zed"])
    zed = _player(group, "Zed")
    responses = at_once(PHONES, lambda i: phone_client().post(f"/groups/{group.id}/players/{zed}/delete/"))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [302] + [404] * (PHONES - 1), statuses
    for r in responses:
        if r.status_code == 404:
            page = r.content.decode()
            assert GONE in page and "Bea" in page and "Zed" not in page  # the players page, as it now is
    assert sorted(GroupPlayer.objects.filter(group=group).values_list("name", flat=True)) == ["Ana", "Bea"]


@needs_queued_writers
def test_twenty_phones_deleting_merging_and_renaming_one_player_leave_the_circle_whole():
    # Ana played two tables; Eve never played. The phones, all at once: delete Ana (refused: she played),
    # merge Ana into Eve, merge Eve into Ana, rename Ana, delete Eve (allowed while Eve has never played).
    group = GroupFactory(players=["Ana", "Bea", "Cid", "Dan", "Eve"])
    first = GroupTableFactory(group=group, players=["Ana", "Bea", "Cid", "Dan"], rounds=BARBU_GAME[:1])
    second = GroupTableFactory(group=group, players=["Dan", "Cid", "Bea", "Ana"])
    ana, eve = _player(group, "Ana"), _player(group, "Eve")
    base = f"/groups/{group.id}/players"
    actions = [
        lambda i: phone_client().post(f"{base}/{ana}/delete/"),
        lambda i: phone_client().post(f"{base}/{ana}/merge/", {"into": eve}),
        lambda i: phone_client().post(f"{base}/{eve}/merge/", {"into": ana}),
        lambda i: phone_client().post(f"{base}/{ana}/", {"name": f"Ana {i}"}),
        lambda i: phone_client().post(f"{base}/{eve}/delete/"),
    ]
    responses = at_once(PHONES, lambda i: actions[i % len(actions)](i))
    statuses = [r.status_code for r in responses]
    assert 500 not in statuses and set(statuses) <= {302, 400, 404, 409}, statuses
    assert 302 in statuses
    for r in responses:
        if r.status_code == 404:
            assert GONE in r.content.decode()
    # Of Ana and Eve, one person is left (a merge or Eve's deletion removed the other); Bea, Cid, Dan stay.
    left = list(GroupPlayer.objects.filter(group=group).exclude(name__in=["Bea", "Cid", "Dan"]))
    assert len(left) == 1, left
    survivor = left[0].name
    assert survivor == "Eve" or survivor == "Ana" or survivor.startswith("Ana "), survivor
    assert GroupPlayer.objects.filter(group=group).count() == 4
    # Ana's seats hold the survivor's name, the other seats are untouched, and the scores stay with the seat:
    # after the first Barbu manche, by hand, 20, 15, 25 and 5.
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.players == [survivor, "Bea", "Cid", "Dan"]
    assert second.players == ["Dan", "Cid", "Bea", survivor]
    assert ledger.load(first).sheet.totals == [20, 15, 25, 5]
    _every_seat_is_a_player(group)


@needs_queued_writers
def test_a_player_deleted_while_a_phone_seats_him_leaves_no_seat_without_a_player():
    # Zed never played: his deletion is allowed until a table seats him. One phone opens a table with him and,
    # once it has read who the circle's players are, waits (a second at most) for the other phone to delete him.
    # Whichever the database lets through first, every seat of the circle names one of its players: either the
    # deletion waits for the table and is refused (409), or it comes first and the table adds Zed back.
    group = GroupFactory(players=["Ana", "Bea", "Cid", "Zed"])
    zed = _player(group, "Zed")
    bulk_create = GroupPlayer.objects.bulk_create
    seating, deleted = threading.Event(), threading.Event()

    def slow_bulk_create(*args, **kwargs):
        seating.set()
        deleted.wait(timeout=1)
        return bulk_create(*args, **kwargs)

    def act(i):
        if i == 0:
            seating.wait(timeout=10)
            try:
                return phone_client().post(f"/groups/{group.id}/players/{zed}/delete/")
            finally:
                deleted.set()
        return phone_client().post(f"/groups/{group.id}/tables/new/?game=barbu",
                              {"game": "barbu", "player.0": "Ana", "player.1": "Bea", "player.2": "Cid", "player.3": "Zed"})

    with mock.patch.object(GroupPlayer.objects, "bulk_create", slow_bulk_create):
        responses = at_once(2, act)
    assert responses[0].status_code in (302, 409), responses[0].status_code
    assert responses[1].status_code == 302
    assert Table.objects.filter(group=group).count() == 1
    _every_seat_is_a_player(group)
    assert GroupPlayer.objects.filter(group=group, key="zed").count() == 1


# -- point 3: the same history imported into twenty new circles at once -----------------------------------------

def _history_file() -> bytes:
    """A circle's export with two tables, whose ids are then renamed t1 and t2 (short ids, as a spreadsheet
    user might give); the circle is then removed, so that both ids are free."""
    source = GroupFactory(players=["Ana", "Bea", "Cid", "Dan"])
    one = GroupTableFactory(group=source, players=["Ana", "Bea", "Cid", "Dan"], rounds=BARBU_GAME[:2])
    two = GroupTableFactory(group=source, players=["Dan", "Cid", "Bea", "Ana"], rounds=BARBU_GAME[:1])
    response = phone_client().get(f"/groups/{source.id}/export.csv")
    text = b"".join(response.streaming_content).decode("utf-8")
    text = text.replace(one.id, "t1").replace(two.id, "t2")
    Table.objects.filter(group=source).delete()
    source.delete()
    return text.encode("utf-8")


@needs_queued_writers
def test_twenty_phones_importing_one_history_into_new_circles_get_twenty_whole_circles():
    data = _history_file()

    def upload(i):
        return phone_client().post("/groups/import/", {"file": SimpleUploadedFile("h.csv", data, "text/csv"),
                                                  "name": f"Cercle {i}"})

    responses = at_once(PHONES, upload)
    assert [r.status_code for r in responses] == [302] * PHONES, [r.content[:500] for r in responses if r.status_code != 302]
    assert Group.objects.count() == PHONES
    for group in Group.objects.all():
        tables = list(Table.objects.filter(group=group).order_by("created_at"))
        assert len(tables) == 2
        # Each table under the file's id, or under a new one with the file's id kept in imported_from.
        for table, key in zip(tables, ["t1", "t2"], strict=True):
            assert (table.id, table.imported_from) == (key, "") or (table.id != key and table.imported_from == key)
            assert Event.objects.filter(table=table).count() == table.version
        # By hand (the entries score seats): after two Barbu manches 20+10, 15+30, 25+0, 5+25; after one,
        # 20, 15, 25, 5.
        assert ledger.load(tables[0]).sheet.totals == [30, 45, 25, 30]
        assert ledger.load(tables[1]).sheet.totals == [20, 15, 25, 5]
        _every_seat_is_a_player(group)
    # Each id of the file was kept by exactly one circle.
    assert Table.objects.filter(pk__in=["t1", "t2"]).count() == 2
    assert Table.objects.filter(imported_from="t1").count() == PHONES - 1
    assert Table.objects.filter(imported_from="t2").count() == PHONES - 1
