"""Each table's summary is kept (TableSummary), keyed by the table's version, so a group page replays only the
tables that changed. The kept numbers must always be those a fresh replay of the events gives."""

import random
from unittest import mock

import pytest
from django.db import DatabaseError

from companion.games import registry
from companion.groups import history, services
from companion.groups.history import load_summaries, summarise
from companion.groups.models import TableSummary
from companion.tables import ledger
from companion.tables.models import Table

from . import legal
from .helpers import BARBU_GAME, add_table, make_group

pytestmark = pytest.mark.django_db


def _numbers(s) -> tuple:
    return (s.table.id, s.game.slug, s.players, s.totals, s.ranks, s.winners, s.finished, s.lowest_wins, s.rounds)


def _fresh_replay(group) -> list[tuple]:
    """Every table replayed from its events, newest first, without any kept summary."""
    tables = Table.objects.filter(group=group).order_by("-created_at", "-id")
    return [_numbers(summarise(ledger.load(t))) for t in tables]


def _play(group, game, rng, tables=4) -> None:
    counts = game.info.counts  # the player counts the game takes (Cribbage: 2 or 4, not 3)
    for t in range(tables):
        n = counts[t % len(counts)]
        table, _token = services.create_group_table(group, game.slug, [f"J{i}" for i in range(n)], {})
        sheet = game.new_sheet(n, table.options)
        for _ in range(rng.randint(1, 8)):
            if sheet.finished:
                break
            entry = legal.entry_for(sheet, rng)
            if entry is None:
                pytest.skip(f"no generator of legal entries for {game.slug}")
            sheet.apply(entry)
            ledger.add_round(table.id, entry)
        if sheet.rounds and not sheet.finished and t % 2:
            ledger.finish(table.id)


def test_kept_summaries_equal_a_fresh_replay_of_the_events_for_every_scored_game():
    group = make_group("Tous les jeux", players=())
    rng = random.Random("summaries")
    for game in registry.scored().values():
        _play(group, game, rng)
    expected = _fresh_replay(group)
    assert TableSummary.objects.count() == 0
    cold = [_numbers(s) for s in load_summaries(group)]  # replays and keeps
    assert TableSummary.objects.count() == len(expected)
    with mock.patch.object(history, "_load", side_effect=AssertionError("replayed")):
        warm = [_numbers(s) for s in load_summaries(group)]  # read back, nothing replayed
    assert cold == warm == expected


def test_the_kept_row_holds_the_hand_worked_numbers():
    group = make_group()
    table = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME)
    load_summaries(group)
    row = TableSummary.objects.get(table=table)
    # helpers.BARBU_GAME: Ana 70, Bea 130, Cid 190, Dan 190; Ana wins; Cid and Dan share third.
    assert (row.version, row.rounds, row.totals, row.ranks, row.winners, row.finished, row.lowest_wins) == (
        5, 5, [70, 130, 190, 190], [1, 2, 3, 3], [0], True, True)


def test_a_stale_summary_is_made_again_after_a_new_round_a_correction_or_a_deletion(client):
    group = make_group()
    table = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:2])
    client.get(f"/groups/{group.id}/")
    row = TableSummary.objects.get(table=table)
    # Tricks 4 3 5 1 (×5: 20 15 25 5), then hearts 2 6 0 5 (×5: 10 30 0 25): 30 45 25 30.
    assert (row.version, row.rounds, row.totals) == (2, 2, [30, 45, 25, 30])

    ledger.add_round(table.id, BARBU_GAME[2])  # queens 1 0 2 1 (×20): 50 45 65 50
    html = client.get(f"/groups/{group.id}/").content.decode()
    assert "<bdi>Ana</bdi> 50 · <bdi>Bea</bdi> 45 · <bdi>Cid</bdi> 65 · <bdi>Dan</bdi> 50" in html
    row.refresh_from_db()
    assert (row.version, row.rounds, row.totals) == (3, 3, [50, 45, 65, 50])

    first = ledger.load(Table.objects.get(pk=table.pk)).rounds[0]
    ledger.correct_round(table.id, first.seq, {"tricks": [3, 4, 5, 1]})  # 15 20 25 5 instead of 20 15 25 5
    assert "<bdi>Ana</bdi> 45 · <bdi>Bea</bdi> 50 · <bdi>Cid</bdi> 65 · <bdi>Dan</bdi> 50" in client.get(f"/groups/{group.id}/").content.decode()
    row.refresh_from_db()
    assert (row.version, row.totals) == (4, [45, 50, 65, 50])

    third = ledger.load(Table.objects.get(pk=table.pk)).rounds[2]
    ledger.delete_round(table.id, third.seq)
    client.get(f"/groups/{group.id}/")
    row.refresh_from_db()
    assert (row.version, row.rounds, row.totals) == (5, 2, [25, 50, 25, 30])


def test_a_rename_shows_at_once_without_a_replay(client):
    group = make_group()
    add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME)
    client.get(f"/groups/{group.id}/")
    ana = group.players.get(name="Ana")
    services.rename_player(group, ana.id, "Anaïs")
    with mock.patch.object(history, "_load", side_effect=AssertionError("replayed")):
        html = client.get(f"/groups/{group.id}/").content.decode()
    assert "<bdi>Anaïs</bdi> 70 · <bdi>Bea</bdi> 130" in html and "♛ <bdi>Anaïs</bdi>" in html and '<tr data-player="Anaïs">' in html


def test_a_summary_kept_in_an_older_format_is_made_again():
    group = make_group()
    table = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME)
    load_summaries(group)
    TableSummary.objects.filter(table=table).update(format=0, totals=[0, 0, 0, 0])
    assert load_summaries(group)[0].totals == [70, 130, 190, 190]
    assert TableSummary.objects.get(table=table).format == TableSummary.FORMAT


def test_a_table_whose_game_is_gone_is_left_out_even_with_a_kept_summary(client):
    group = make_group()
    gone = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME)
    add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:1])
    client.get(f"/groups/{group.id}/")
    Table.objects.filter(pk=gone.pk).update(game="belote-imaginaire")
    response = client.get(f"/groups/{group.id}/")
    assert response.status_code == 200 and "1 partie" in response.content.decode()


def test_a_failed_write_of_the_summaries_does_not_fail_the_page(client):
    group = make_group()
    add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME)
    with mock.patch.object(TableSummary.objects, "bulk_create", side_effect=DatabaseError("disk full")):
        response = client.get(f"/groups/{group.id}/")
    assert response.status_code == 200 and "<bdi>Ana</bdi> 70 · <bdi>Bea</bdi> 130 · <bdi>Cid</bdi> 190 · <bdi>Dan</bdi> 190" in response.content.decode()
    assert not TableSummary.objects.exists()
    client.get(f"/groups/{group.id}/")
    assert TableSummary.objects.count() == 1


def test_a_deleted_table_takes_its_summary_with_it():
    group = make_group()
    table = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME)
    load_summaries(group)
    Table.objects.filter(pk=table.pk).delete()
    assert not TableSummary.objects.exists()
