"""The restore drill with digital tables: export_all → import_all into an empty database → export_all gives the same
bytes, and the restored table plays on from the same deal, hands and turn."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from companion.groups.models import Group, GroupPlayer
from companion.tables import digital, ledger
from companion.tables.models import Deal, Event, Move, Seat, Table
from tests.factories import DigitalTableFactory, TableFactory
from tests.tables.helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db


def wipe():
    for model in (Move, Deal, Seat, Event, Table, GroupPlayer, Group):
        model.objects.all().delete()


def test_digital_tables_round_trip_byte_for_byte(tmp_path):
    # 60 human moves at 3 humans and a bot: past the 52 cards of the first deal, into the second.
    played = DigitalTableFactory(moves=60)
    fresh = DigitalTableFactory(bots=[1, 2, 3])
    TableFactory(rounds=BARBU_FOUR[:2])  # a table not played on Atout beside them
    assert Event.objects.filter(table=played).count() == 1
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    call_command("export_all", str(first))
    views = {t.pk: [digital.view(t, s) for s in (None, 0, 1, 2, 3)] for t in (played, fresh)}
    wipe()
    call_command("import_all", str(first))
    call_command("export_all", str(second))
    assert second.read_bytes() == first.read_bytes()
    kinds = [json.loads(line)["type"] for line in first.read_text().splitlines()]
    # 2 digital tables × 4 seats; deals: 2 + 1; moves: 52 + those of the second deal, and the fresh table's bots.
    assert kinds.count("seat") == 8 and kinds.count("deal") == 3
    assert kinds.count("move") == Move.objects.count() > 52
    digital.cache.clear()
    ledger.cache.clear()
    for pk, before in views.items():
        table = Table.objects.get(pk=pk)
        assert table.digital
        assert [digital.view(table, s) for s in (None, 0, 1, 2, 3)] == before
    restored = Table.objects.get(pk=played.pk)
    for seat, token in played.seat_tokens.items():
        assert digital.seat_for_token(restored, token) == seat


def test_who_holds_each_seat_survives_the_restore(tmp_path):
    from django.test import Client

    from tests.tables.helpers import take_seat

    table = DigitalTableFactory()
    bea = Client()
    take_seat(bea, table, 1)  # Bea's phone holds her seat
    digital.hand_to_bot(table, 2, 2)  # Cid left his seat to a bot
    one_phone = DigitalTableFactory(pass_play=True)
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    call_command("export_all", str(first))
    wipe()
    call_command("import_all", str(first))
    call_command("export_all", str(second))
    assert second.read_bytes() == first.read_bytes()
    digital.cache.clear()
    ledger.cache.clear()
    url = f"/tables/{table.id}/seat/{table.seat_tokens[1]}/"
    assert bea.get(url).status_code == 200 and Client().get(url).status_code == 403
    cid = Seat.objects.get(table_id=table.id, seat=2)
    assert cid.stand_in and cid.is_bot and cid.changed_at is not None
    assert list(Seat.objects.filter(table_id=one_phone.id, pass_play=True).values_list("seat", flat=True)) == [0, 1, 2]


def test_a_backup_from_before_seat_binding_restores_its_seats_unbound(tmp_path):
    table = DigitalTableFactory()
    call_command("export_all", str(tmp_path / "new.jsonl"))
    old_fields = ("pass_play", "bind_hash", "stand_in", "changed_at")
    lines = []
    for line in (tmp_path / "new.jsonl").read_text().splitlines():
        obj = json.loads(line)
        if obj["type"] == "seat":
            obj = {k: v for k, v in obj.items() if k not in old_fields}
        lines.append(json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
    (tmp_path / "old.jsonl").write_text("\n".join(lines) + "\n")
    wipe()
    call_command("import_all", str(tmp_path / "old.jsonl"))
    rows = list(Seat.objects.filter(table_id=table.id).values_list("seat", "is_bot", "pass_play", "bind_hash",
                                                                   "stand_in"))
    assert rows == [(0, False, False, "", False), (1, False, False, "", False), (2, False, False, "", False),
                    (3, True, False, "", False)]
