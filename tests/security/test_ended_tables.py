"""Defect 7: an ended table cannot lose its last round (an ended game without rounds is no state a game can
be in, and its export could not be imported); and export → import → export gives the same file for every
state the app's own operations can leave a table in."""

import csv
import io
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from companion.games import registry
from companion.groups.models import Group
from companion.kernel import GameOver, InvalidEntry
from companion.tables import ledger
from companion.tables.models import Event, Table
from tests.factories import GroupFactory, GroupTableFactory, TableFactory
from tests.groups import legal
from tests.tables.helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db


def test_the_last_round_of_an_ended_table_cannot_be_deleted_through_the_api(client):
    table = TableFactory(rounds=BARBU_FOUR[:1], ended=True)
    response = client.delete(f"/api/tables/{table.id}/rounds/1", HTTP_AUTHORIZATION=f"Bearer {table.edit_token}")
    assert response.status_code == 409
    error = response.json()["errors"][0]
    assert error["code"] == "ended_last_round"
    assert "Rouvrez" in error["message"]
    assert list(Event.objects.values_list("kind", flat=True)) == ["round", "finish"]


def test_the_last_round_of_an_ended_table_cannot_be_deleted_from_the_page(client):
    table = TableFactory(rounds=BARBU_FOUR[:2], ended=True)
    base = f"/tables/{table.id}/edit/{table.edit_token}/rounds"
    seqs = [r.seq for r in ledger.load(table).rounds]
    assert client.post(f"{base}/{seqs[1]}/delete/").status_code == 302  # one of two rounds: allowed
    response = client.post(f"{base}/{seqs[0]}/delete/")
    assert response.status_code == 409
    assert "sa dernière donne ne peut pas être supprimée" in response.content.decode()
    state = ledger.load(Table.objects.get())
    assert len(state.rounds) == 1 and state.sheet.closed


def test_an_open_table_may_still_lose_its_only_round(client):
    table = TableFactory(rounds=BARBU_FOUR[:1])
    response = client.delete(f"/api/tables/{table.id}/rounds/1", HTTP_AUTHORIZATION=f"Bearer {table.edit_token}")
    assert response.status_code == 200
    assert response.json()["rounds"] == []


def _export(client, group) -> bytes:
    response = client.get(f"/groups/{group.id}/export.csv")
    assert response.status_code == 200
    return b"".join(response.streaming_content)


def _without_ids(data: bytes) -> list[list[str]]:
    return [row[1:] for row in csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";")]


def _play(table: Table, game, rng: random.Random, steps: int) -> None:
    """What phones can do to a table, at random: enter, correct, delete rounds, end the game. Every refused
    change (a correction breaking a later round, the last round of an ended game…) is refused by the ledger."""
    for _ in range(steps):
        state = ledger.load(Table.objects.get(pk=table.pk))
        action = rng.choice(["add", "add", "add", "correct", "delete", "finish"])
        try:
            if action == "add" and not state.finished:
                entry = legal.entry_for(state.sheet, rng)
                if entry is not None and not state.sheet.check(entry):
                    ledger.add_round(table.id, entry)
            elif action == "correct" and state.rounds:
                target = rng.choice(state.rounds)
                sheet = state.game.replay(len(state.players), state.table.options,
                                          [r.result.entry for r in state.rounds[: target.number - 1]])
                entry = legal.entry_for(sheet, rng)
                if entry is not None:
                    ledger.correct_round(table.id, target.seq, entry)
            elif action == "delete" and state.rounds:
                ledger.delete_round(table.id, rng.choice(state.rounds).seq)
            elif action == "finish":
                ledger.finish(table.id)
        except (InvalidEntry, GameOver):
            pass


@pytest.mark.parametrize("slug", list(registry.scored()))
def test_export_import_export_gives_the_same_file_after_any_sequence_of_changes(client, slug):
    game = registry.get(slug)
    rng = random.Random(f"ended-{slug}")
    group = GroupFactory(name="Le cercle", players=[])
    names = ["Ana", "=Bea", "Cid;D", 'E "e"', "'+F", "Gu", "Hé", "Io", "Jo", "Ka", "Lé", "Mo"]  # up to 12 (free sheet)
    for t in range(8):
        n = game.info.counts[t % len(game.info.counts)]  # each player count the game takes, in turn
        table = GroupTableFactory(group=group, game=slug, players=rng.sample(names, n))
        _play(table, game, rng, steps=t * 3)
    # The state that used to break the import, reached the only way it still can be: ended with rounds.
    table = GroupTableFactory(group=group, game=slug, players=names[: game.info.min_players])
    _play(table, game, rng, steps=2)
    exported = _export(client, group)
    response = client.post("/groups/import/", {"file": SimpleUploadedFile("h.csv", exported, "text/csv")})
    assert response.status_code == 302, response.content.decode()[:2000]
    copy = Group.objects.get(pk=response["Location"].split("/")[2])
    assert _without_ids(_export(client, copy)) == _without_ids(exported)
