"""The restore drill: export_all → import_all into an empty database → export_all gives the same bytes."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from companion.groups.models import Group, GroupPlayer
from companion.tables import ledger
from companion.tables.models import Event, Table
from tests.factories import GroupFactory, GroupTableFactory, TableFactory
from tests.tables.helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db

RAMI = {"winner": 0, "hands": [None, {"cards": ["10H", "KS", "JK"]}, {"laid_nothing": True}]}


def every_state():
    """A database holding what the app allows: a circle with its tables, a lone table with a correction, a
    deletion and a retried round (Idempotency-Key and stored answer), an ended game, an empty table."""
    group = GroupFactory(name="Les « amis » ♥", players=["Ana", "Bea", "Cid", "Dan", "Éloi"])
    GroupTableFactory(group=group, rounds=BARBU_FOUR)  # played to its end
    GroupTableFactory(group=group, rounds=BARBU_FOUR[:2], ended=True)  # ended early
    lone = TableFactory(game="rami", players=["Zoé", "Yann", "Xavier"], rounds=[RAMI] * 3)
    ledger.correct_round(lone.id, 2, {"winner": 1, "hands": [{"points": 12}, None, {"laid_nothing": True}]})
    ledger.delete_round(lone.id, 1)
    ledger.add_round(lone.id, RAMI, idempotency_key="phone-1:42")
    TableFactory(game="vicaire", players=["Ana", "Bea", "Cid"])


def wipe():
    Event.objects.all().delete()
    Table.objects.all().delete()
    GroupPlayer.objects.all().delete()
    Group.objects.all().delete()


def test_export_import_export_gives_the_same_bytes(tmp_path):
    every_state()
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    call_command("export_all", str(first))
    before = {t.id: ledger.load(t).sheet.totals for t in Table.objects.all()}
    wipe()
    call_command("import_all", str(first))
    call_command("export_all", str(second))
    assert second.read_bytes() == first.read_bytes()
    # 1 format line, 1 group, 5 players, 4 tables, events: 5, 2 + 1 (end), 3 + correction + deletion + 1, none.
    assert len(first.read_bytes().splitlines()) == 1 + 1 + 5 + 4 + 5 + 3 + 6
    # The restored record replays to the same totals, and keeps its retried round's key and answer.
    ledger.cache.clear()
    assert {t.id: ledger.load(t).sheet.totals for t in Table.objects.all()} == before
    retried = Event.objects.get(idempotency_key="phone-1:42")
    assert retried.response["number"] == 3


def test_import_refuses_a_database_that_is_not_empty(tmp_path):
    every_state()
    backup = tmp_path / "backup.jsonl"
    call_command("export_all", str(backup))
    count = Event.objects.count()
    with pytest.raises(CommandError, match="not empty"):
        call_command("import_all", str(backup))
    assert Event.objects.count() == count


def test_import_refuses_a_file_that_is_not_a_backup(tmp_path):
    junk = tmp_path / "junk.jsonl"
    junk.write_text('{"type": "table"}\n', encoding="utf-8")
    with pytest.raises(CommandError, match="line 1"):
        call_command("import_all", str(junk))
    assert not Table.objects.exists()
