"""The restore drill: export_all → import_all into an empty database → export_all gives the same bytes."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from companion.groups import csvio
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


# -- the order of the file does not depend on the database's collation ---------------------------------------------
TABLE_IDS = ["a_", "aB", "Ab", "é", "Z1", "e"]
# By their UTF-8 bytes, worked out by hand: "A" 0x41 < "Z" 0x5A < "a" 0x61; after "a", "B" 0x42 < "_" 0x5F;
# "e" 0x65 < "é" 0xC3 0xA9. A French collation (ICU fr-FR) gives a_, aB, Ab, e, é, Z1 instead.
BYTE_ORDER = ["Ab", "Z1", "aB", "a_", "e", "é"]
# Players' keys (case folded): ana, eve, zoé, éloi by bytes; ana, éloi, eve, zoé in French.
PLAYER_ORDER = ["Ana", "eve", "Zoé", "Éloi"]
# Circles "gB" before "g_" by bytes, after it in French.
GROUP_ORDER = ["gB", "g_"]

# The text key columns, with their types.
KEY_COLUMNS = [("groups_group", "id", "varchar(32)"), ("groups_groupplayer", "group_id", "varchar(32)"),
               ("groups_groupplayer", "key", "text"), ("tables_table", "id", "varchar(32)"),
               ("tables_table", "group_id", "varchar(32)"), ("tables_event", "table_id", "varchar(32)"),
               ("tables_seat", "table_id", "varchar(32)"), ("tables_deal", "table_id", "varchar(32)"),
               ("tables_move", "table_id", "varchar(32)"), ("groups_tablesummary", "table_id", "varchar(32)")]


def _french_collation() -> bool:
    """On PostgreSQL, every text key column takes ICU's French collation, as in a database created with
    ``--locale-provider=icu --icu-locale=fr-FR`` (for this test's transaction only: it is rolled back). False on
    SQLite, whose columns compare bytes."""
    if connection.vendor != "postgresql":
        return False
    with connection.cursor() as cursor:
        for table, column, kind in KEY_COLUMNS:
            cursor.execute(f'ALTER TABLE {table} ALTER COLUMN {column} TYPE {kind} COLLATE "fr-FR-x-icu"')
    return True


def _ids(path, kind: str, field: str) -> list:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [obj[field] for obj in lines if obj["type"] == kind]


def test_the_file_is_in_byte_order_whatever_the_collation(tmp_path):
    french = _french_collation()
    for group_id in ("g_", "gB"):
        GroupFactory(group_id=group_id, players=["Zoé", "Éloi", "Ana", "eve"])
    for table_id in TABLE_IDS:
        TableFactory(table_id=table_id, game="libre", players=["Ana", "Bea"], rounds=[{"points": [1, 2]}] * 2)
    if french:  # the database's own order is not the bytes' here: the test would catch a plain order_by
        assert list(Table.objects.order_by("id").values_list("id", flat=True)) == ["a_", "aB", "Ab", "e", "é", "Z1"]
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    call_command("export_all", str(first))
    assert _ids(first, "group", "id") == GROUP_ORDER
    assert _ids(first, "player", "name") == PLAYER_ORDER * 2
    assert _ids(first, "table", "id") == BYTE_ORDER
    assert _ids(first, "event", "table") == [t for t in BYTE_ORDER for _ in range(2)]
    # And back: a file written on a database comparing bytes (SQLite) restores into this one to the same bytes.
    wipe()
    call_command("import_all", str(first))
    call_command("export_all", str(second))
    assert second.read_bytes() == first.read_bytes()


def test_a_table_imported_from_a_csv_keeps_the_id_it_had_in_the_file(tmp_path):
    # "table #1" is no id Atout gives: the table gets a new one and remembers "table #1", so the same file imported again into
    # the circle is skipped; a restored database must remember it too.
    rows = ['table #1;barbu;1;1;Ana;;"{""tricks"":[4,3,5,1]}"'] + [
        f"table #1;barbu;1;{s};{n};;" for s, n in ((2, "Bea"), (3, "Cid"), (4, "Dan"))]
    text = "table;game;round;seat;player;options;entry\r\n" + "\r\n".join(rows) + "\r\n"
    csvio.store(csvio.parse_history(text.encode()), "Cercle")
    assert Table.objects.get().imported_from == "table #1"
    backup = tmp_path / "backup.jsonl"
    call_command("export_all", str(backup))
    wipe()
    call_command("import_all", str(backup))
    assert Table.objects.get().imported_from == "table #1"
    again = csvio.store(csvio.parse_history(text.encode()), into=Group.objects.get())
    assert (again.added, again.skipped) == (0, 1) and Table.objects.count() == 1
