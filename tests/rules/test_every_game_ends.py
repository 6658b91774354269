"""Every scored game played to the end of a whole table, in the rules model alone (the same tables
tests/tables/test_every_game_to_the_end.py plays through the API): the table ends by its rules with winners, the
stored record replays to the same end, and the ended sheet — or one the group stopped — still answers everything a
page or a phone may ask a sheet (its next round, contract, deal line, form, dealer), never with an exception (a
finished Petite école must not look up an eleventh échelon)."""

from __future__ import annotations

import json

import pytest

from companion.games import registry
from companion.kernel import GameOver
from companion.kernel.game import NextRound

from .endings import ENDING_OPTIONS, setups, some_rounds, to_the_end


def assert_answers(sheet) -> None:
    """What the pages, the API and the phone's offline forms ask of a sheet, asked of this one."""
    number = sheet.number
    assert number == len(sheet.rounds) + 1
    nxt = sheet.next_round()
    assert isinstance(nxt, NextRound) and nxt.number == number
    assert nxt.dealer is None or 0 <= nxt.dealer < sheet.n
    assert isinstance(sheet.entry_fields(number), list)
    sheet.contract_for(number)
    sheet.deal_line()
    dealer = sheet.upcoming_dealer(number)
    assert dealer is None or 0 <= dealer < sheet.n
    sheet.upcoming_dealer_note(number)
    for r in sheet.rounds:
        assert isinstance(sheet.describe_entry(r.entry, r.number), list)
        sheet.cell_details(r)


@pytest.mark.parametrize(("slug", "n"), setups())
def test_a_whole_table_ends_by_its_rules_and_the_ended_sheet_still_answers(slug, n):
    game = registry.get(slug)
    entries, sheet = to_the_end(game, n, ENDING_OPTIONS.get(slug))
    assert sheet.finished and not sheet.closed
    assert sheet.winners and set(sheet.winners) <= set(range(n))
    assert_answers(sheet)
    # An ended table takes no more rounds: refused with a reason, nothing stored.
    assert [p.code for p in sheet.check(entries[-1])] == ["finished"]
    with pytest.raises(GameOver):
        sheet.apply(entries[-1])
    assert len(sheet.rounds) == len(entries)
    # The record as a table stores it (JSON) replays to the same end.
    again = game.replay(n, sheet.options, json.loads(json.dumps([r.entry for r in sheet.rounds])))
    assert again.finished and again.totals == sheet.totals and again.winners == sheet.winners


@pytest.mark.parametrize(("slug", "n"), setups())
def test_a_table_the_group_stops_still_answers(slug, n):
    game = registry.get(slug)
    entries = some_rounds(game, n, 2)
    assert entries, f"{slug}: no round that leaves the table going on"
    sheet = game.replay(n, None, entries, closed=True)  # the default rules: Rami, the tarots have no end of their own
    assert sheet.finished and sheet.closed and sheet.winners
    assert_answers(sheet)
