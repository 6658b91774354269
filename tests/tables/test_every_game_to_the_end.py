"""Every scored game played through the API to the end of a whole table, and every page of the ended table.

The class of bug: a page that asks an ended table what comes next (its next round, dealer, contract, deal line…),
which a game's rules never had to answer (La petite école: a sheet with a player past échelon 10 would look up
the eleventh). The entries come from :mod:`tests.rules.endings` (legal entries drawn from each game's own
schema, the same on every run); each is posted through the API with the edit token and must be stored (201).
Then the ended table's pages must all answer: the sheet (read-only, edit, and the htmx partial), its history, both
live polls, both share screens, the CSV export, the undo-last-round confirmation, the correction page of the last
round and ``GET /api/tables/<id>``; and undoing the last round must give back a table that goes on.

A game with no end of its own under its default rules (Rami, the tarots…) is played to the end its house rules
give (:data:`~tests.rules.endings.ENDING_OPTIONS`), and also ended by hand (``POST …/finish``) after two rounds;
so is every other game, since the page of a table ended by hand asks the same questions at another moment.
"""

from __future__ import annotations

import json

import pytest

from companion.games import registry
from companion.kernel.game import Sheet
from companion.tables.models import Event
from tests.rules.endings import ENDING_OPTIONS, setups, some_rounds, to_the_end

from .helpers import assert_ended_table_pages, banner_names, post_json

pytestmark = pytest.mark.django_db
NAMES = ["Ana", "Bea", "Cid", "Dan", "Eve", "Fer", "Gus", "Hal", "Ivo", "Jan", "Kim", "Léa"]
GAMES = list(registry.scored())


def _create(client, slug: str, n: int, options: dict | None) -> dict:
    body = {"game": slug, "players": NAMES[:n], **({"options": options} if options else {})}
    response = post_json(client, "/api/tables", body)
    assert response.status_code == 201, response.content
    return response.json()


def _post_rounds(client, table: dict, entries: list[dict]) -> None:
    for number, entry in enumerate(entries, start=1):
        response = post_json(client, f"/api/tables/{table['id']}/rounds", entry, table["edit_token"])
        assert response.status_code == 201, (number, entry, response.content)


def _assert_rematch(client, table: dict, n: int) -> None:
    """A rematch of the ended table: a new table of the same players that starts at round 1 and renders."""
    response = post_json(client, f"/api/tables/{table['id']}/rematch", {}, table["edit_token"])
    assert response.status_code == 201, response.content
    again = response.json()
    state = client.get(f"/api/tables/{again['id']}").json()
    assert not state["finished"] and state["next"]["number"] == 1 and sorted(state["players"]) == sorted(NAMES[:n])
    assert client.get(f"/tables/{again['id']}/edit/{again['edit_token']}/").status_code == 200


def _assert_undo_goes_on(client, table: dict) -> None:
    """Undoing the last round of a table its rules ended gives a table that goes on, whose pages answer."""
    tid, token = table["id"], table["edit_token"]
    last = Event.objects.filter(table_id=tid, kind=Event.ROUND).order_by("-seq").first()
    version = client.get(f"/api/tables/{tid}").json()["version"]
    response = client.post(f"/tables/{tid}/edit/{token}/rounds/{last.seq}/delete/", {"version": version})
    assert response.status_code == 302, response.content[-3000:]
    state = client.get(f"/api/tables/{tid}").json()
    assert state["finished"] is False and state["next"] is not None
    for url in (f"/tables/{tid}/", f"/tables/{tid}/edit/{token}/"):
        response = client.get(url)
        assert response.status_code == 200 and banner_names(response.content.decode()) == []


@pytest.mark.parametrize(("slug", "n"), setups())  # each game at its smallest and its largest table
def test_a_whole_table_played_to_its_natural_end_renders_every_page(client, slug, n):
    game = registry.get(slug)
    options = ENDING_OPTIONS.get(slug)
    entries, sheet = to_the_end(game, n, options)
    assert sheet.finished and not sheet.closed and sheet.winners
    table = _create(client, slug, n, options)
    _post_rounds(client, table, entries)
    winners = [NAMES[s] for s in sheet.winners]
    assert_ended_table_pages(client, table, winners, len(entries))
    # The last round corrected to what it was: the table stays ended, with the same winners.
    response = client.put(f"/api/tables/{table['id']}/rounds/{len(entries)}", json.dumps(entries[-1]),
                          content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {table['edit_token']}")
    assert response.status_code == 200, response.content
    assert response.json()["finished"] and response.json()["winners"] == winners
    _assert_rematch(client, table, n)
    _assert_undo_goes_on(client, table)


@pytest.mark.parametrize("slug", GAMES)
def test_a_table_ended_by_hand_renders_every_page(client, slug):
    game = registry.get(slug)
    n = game.info.counts[-1]
    entries = some_rounds(game, n, 2)
    assert entries, f"{slug}: no round that leaves the table going on"
    table = _create(client, slug, n, None)
    _post_rounds(client, table, entries)
    response = post_json(client, f"/api/tables/{table['id']}/finish", {}, table["edit_token"])
    assert response.status_code == 200, response.content
    sheet = game.replay(n, response.json()["options"], entries, closed=True)
    assert sheet.winners
    assert_ended_table_pages(client, table, [NAMES[s] for s in sheet.winners], len(entries))
    _assert_rematch(client, table, n)
    # Taken back up: the table goes on, its next round is the one after the rounds played, and its pages answer.
    response = post_json(client, f"/api/tables/{table['id']}/reopen", {}, table["edit_token"])
    assert response.status_code == 200, response.content
    assert not response.json()["finished"] and response.json()["next"]["number"] == len(entries) + 1
    for url in (f"/tables/{table['id']}/", f"/tables/{table['id']}/edit/{table['edit_token']}/"):
        assert client.get(url).status_code == 200, url


def test_the_pages_of_an_ended_table_never_ask_its_sheet_for_a_coming_round(client, monkeypatch):
    """The pages and the API read what comes next from :attr:`TableState.next_round`, None once the table has
    ended: a game's rules need not say what an ended table would play next."""
    game = registry.get("barbu")
    entries, _ = to_the_end(game, 4)
    table = _create(client, "barbu", 4, None)
    _post_rounds(client, table, entries)
    asked = []
    real = Sheet.next_round

    def next_round(sheet):
        if sheet.finished:
            asked.append(sheet.number)
            raise AssertionError("an ended sheet was asked for its next round")
        return real(sheet)

    monkeypatch.setattr(Sheet, "next_round", next_round)
    assert_ended_table_pages(client, table, [NAMES[s] for s in game.replay(4, None, entries).winners], len(entries))
    assert asked == []
