"""Every game Atout can deal plays a whole deal through the JSON API, at each player count its deal takes.

One human (seat 0, choosing its first legal action each time) and bots in every other seat. The deal must end,
its entry be stored as round 1, and the human's answers never show a card it may not see (the engine's
``hidden_cards``: the bots' hands less a chien shown to all or a card turned up)."""

from __future__ import annotations

import pytest

from companion.rules import registry
from companion.tables import digital
from companion.tables.models import Event, Table
from tests.rules.engine_helpers import strings_in

from .helpers import post_json

pytestmark = pytest.mark.django_db
NAMES = ["Ana", "Bea", "Cid", "Dan", "Eve", "Fer", "Gus", "Hal"]


def setups():
    for game in registry.scored().values():
        if not game.digital:
            continue
        for n in game.info.counts:
            try:
                game.new_deal(n, {}, 1)
            except Exception:  # noqa: BLE001 — a count the sheet takes but the deal does not (refused by the API)
                continue
            yield pytest.param(game.info.slug, n, id=f"{game.info.slug}-{n}")


@pytest.mark.parametrize(("slug", "n"), list(setups()))
def test_one_human_and_bots_play_a_whole_deal(client, slug, n):
    response = post_json(client, "/api/tables", {"game": slug, "players": NAMES[:n], "digital": True,
                                                 "bots": list(range(1, n)), "bot_level": "quick"})
    assert response.status_code == 201, response.content
    created = response.json()
    (seat,) = created["seats"]
    assert seat["seat"] == 0
    headers = {"HTTP_AUTHORIZATION": f"Bearer {seat['token']}"}
    table = Table.objects.get(pk=created["id"])
    for _ in range(400):
        view = client.get(f"/api/tables/{table.id}/play", **headers).json()
        if view["deal"] > 1 or view["finished"]:
            break
        if view["waiting_for"] != 0:
            continue  # the bots used their time in that request; the next one moves them on
        assert view["legal"], view
        shown = set(strings_in(view))
        table.refresh_from_db()
        # What seat 0 must not see: the bots' hands less what it knows (a chien shown to all, a card turned up).
        hidden = digital._derive(table).state.hidden_cards(0)
        assert not shown & hidden, shown & hidden
        answer = post_json(client, f"/api/tables/{table.id}/play",
                           {"action": view["legal"][0], "after": view["action_number"]}, token=seat["token"])
        assert answer.status_code == 200, answer.content
    else:
        raise AssertionError("the deal did not end in 400 requests")
    rounds = Event.objects.filter(table=table, kind=Event.ROUND)
    assert rounds.count() == 1
    assert len(view["sheet"]["totals"]) == n
