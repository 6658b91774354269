"""The per-process cache of digital play (kept once a transaction commits, so these tests commit for real) gives
the very views a replay from the stored moves gives, move after move, across the end of a deal."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.tables import digital, ledger

from .helpers import PLAYERS, post_json

pytestmark = [pytest.mark.django_db(transaction=True)]


def views(client, tid, tokens):
    out = {None: client.get(f"/api/tables/{tid}/play").json()}
    for seat, token in tokens.items():
        out[seat] = client.get(f"/api/tables/{tid}/play", HTTP_AUTHORIZATION=f"Bearer {token}").json()
    return out


def test_cached_views_are_the_replayed_ones():
    client = Client()
    created = post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS, "digital": True,
                                                "bots": [1, 3]}).json()
    tid = created["id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    moves = 0
    while True:
        misses = digital.cache.misses
        cached = views(client, tid, tokens)
        assert digital.cache.misses == misses  # the move's own request left its state in the cache
        digital.cache.clear()
        ledger.cache.clear()
        assert views(client, tid, tokens) == cached
        assert digital.cache.misses == 1  # replayed once, then kept
        if cached[None]["deal"] == 2:
            break
        seat = cached[None]["waiting_for"]
        response = post_json(client, f"/api/tables/{tid}/play",
                             {"action": cached[seat]["legal"][0], "after": cached[seat]["action_number"]},
                             token=tokens[seat])
        assert response.status_code == 200
        moves += 1
    assert moves == 26  # seats 0 and 2 played their 13 cards each
    assert cached[None]["sheet"]["rounds"][0]["number"] == 1
