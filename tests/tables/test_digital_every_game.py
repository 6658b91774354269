"""Every game Atout can deal plays a whole deal through the JSON API, at each player count its deal takes.

One human (seat 0, choosing its first legal action each time) and bots in every other seat. The deal must end,
its entry be stored as round 1, and the human's answers never show a card it may not see (the engine's
``hidden_cards``: the bots' hands less a chien shown to all or a card turned up).

The deals are dealt from random seeds: a deal after the first may end as soon as it is dealt, before seat 0 sees
it (a Petit sec at the Tarot, FFT: about one deal in 150 at five players). It is stored as a round too, so the
test counts the rounds of the deals that ended, not one round in all.

Each digital game is also played to the end of a whole (short) game, and every page of the ended table must
answer: the seat's, the spectators' and pass-and-play, and the score sheet's."""

from __future__ import annotations

import secrets
from types import SimpleNamespace

import pytest

from companion.games import registry
from companion.tables import digital
from companion.tables.models import Deal, Event, Move, Table
from tests.rules.engine_helpers import strings_in

from .helpers import assert_ended_table_pages, banner_names, post_json

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


def play_first_deal(client, slug: str, n: int) -> tuple[Table, dict]:
    """Seat 0 plays the first deal through the API until a view shows a later deal (or the game over)."""
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
    return table, view


def assert_rounds_stored(table: Table) -> None:
    """Deal 1 is round 1, and every deal after it that ended (before seat 0 had a move in it) is a round too."""
    rounds = list(Event.objects.filter(table=table, kind=Event.ROUND).order_by("seq"))
    ended = list(Deal.objects.filter(table=table).exclude(event_seq=None).order_by("index"))
    assert [d.index for d in ended][:1] == [1]
    assert [d.event_seq for d in ended] == [r.seq for r in rounds]
    assert not Move.objects.filter(table=table, deal__in=[d.index for d in ended[1:]], seat=0).exists()


@pytest.mark.parametrize(("slug", "n"), list(setups()))
def test_one_human_and_bots_play_a_whole_deal(client, slug, n):
    table, view = play_first_deal(client, slug, n)
    assert_rounds_stored(table)
    assert len(view["sheet"]["totals"]) == n


def test_a_deal_ended_as_soon_as_dealt_after_the_first_is_a_round_too(client, monkeypatch):
    """Tarot at five: deal 2 is dealt from a seed that gives seat 3 the Petit sec (the Petit its only trump, no
    Excuse), so it ends at the deal, without taker, inside the request that ended deal 1; seat 0 next sees
    deal 3. Rounds 1 and 2 are stored: deal 1's and deal 2's."""
    tarot = registry.get("tarot")
    assert not tarot.new_deal(5, {}, 1, seed="deal-1").is_terminal
    assert tarot.new_deal(5, {}, 2, seed="petit-sec-89").petit_sec == 3
    # Deal 3's seed is fixed too: a random one ends at the deal itself about once in a hundred (another petit sec).
    assert not tarot.new_deal(5, {}, 3, seed="deal-3").is_terminal
    seeds = iter(["deal-1", "petit-sec-89", "deal-3"])
    monkeypatch.setattr(digital, "secrets", SimpleNamespace(
        token_hex=lambda k: next(seeds, None) or secrets.token_hex(k), randbits=secrets.randbits))
    table, view = play_first_deal(client, "tarot", 5)
    assert view["deal"] == 3
    assert_rounds_stored(table)
    deal_2 = Deal.objects.get(table=table, index=2)
    assert not Move.objects.filter(table=table, deal=2).exists()
    assert Event.objects.get(table=table, seq=deal_2.event_seq).data == {"taker": None}


# House rules that make a whole game a deal or two (one deal of a tarot, a target of 1 point), so that every
# digital game is played to its end in a few seconds all told.
SHORT_GAMES = {
    "barbu": {},  # five manches at four
    "barbu-classique": {},  # 28 deals: every declarer plays his seven contracts
    "belote": {"target": 1},
    "belote-a-trois": {"target": 1},
    "chasse-coeur": {"target": 1},
    "coinche": {"target": 1},
    "hombre": {"deals": 1},
    "motton": {"start_cards": 1},
    "petasse": {"target": 1},
    "rikiki": {"max_cards": 1},
    "tarot": {"deals": 1},
    "tarot-lorrain": {"deals": 1},
    "tarot-tare": {"deals": 1},
    "vicaire": {"races": 1},
}


def test_every_digital_game_has_a_short_game_here():
    assert set(SHORT_GAMES) == {slug for slug, game in registry.scored().items() if game.digital}


@pytest.mark.parametrize("slug", sorted(SHORT_GAMES))
def test_one_human_and_bots_play_a_whole_game_and_every_page_of_its_end_answers(client, slug):
    """Seat 0 plays its first legal action each time until the game is over; then the seat's page, the
    spectators', pass-and-play on the edit link (each with its poll) and every page of the table's sheet answer,
    naming the winners — before and after the seat moves on from the last deal's end."""
    n = registry.get(slug).info.counts[0]
    response = post_json(client, "/api/tables", {"game": slug, "players": NAMES[:n], "digital": True,
                                                 "options": SHORT_GAMES[slug], "bots": list(range(1, n)),
                                                 "bot_level": "quick"})
    assert response.status_code == 201, response.content
    created = response.json()
    tid, token = created["id"], created["seats"][0]["token"]
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    for _ in range(2000):
        view = client.get(f"/api/tables/{tid}/play", **headers).json()
        if view["finished"]:
            break
        if view["waiting_for"] != 0:
            continue
        answer = post_json(client, f"/api/tables/{tid}/play", {"action": view["legal"][0], "after": view["action_number"]},
                           token=token)
        assert answer.status_code == 200, answer.content
    else:
        raise AssertionError(f"{slug}: the game did not end in 2000 requests")
    state = client.get(f"/api/tables/{tid}").json()
    winners = state["winners"]
    assert state["finished"] and winners
    # The seat's phone takes its place on its page (the claim), as a player opening the link does.
    assert client.post(f"/tables/{tid}/seat/{token}/", {"claim": "1"}).status_code == 302
    pages = [f"/tables/{tid}/seat/{token}/", f"/tables/{tid}/seat/{token}/live/", f"/tables/{tid}/play/",
             f"/tables/{tid}/play/live/", f"/tables/{tid}/edit/{created['edit_token']}/play/",
             f"/tables/{tid}/edit/{created['edit_token']}/play/live/"]
    for url in pages:
        page = client.get(url)
        assert page.status_code == 200, (url, page.content[-3000:])
        assert banner_names(page.content.decode()) == winners, url
    # The last deal's end (its last trick, "Voir la feuille") until the seat moves on; a deal everyone passed has none.
    last_trick = view["last_trick"]
    assert ("Voir la feuille" in client.get(pages[0]).content.decode()) == (
        bool(last_trick) and last_trick.get("deal") == view["deal"])
    last_deal = Deal.objects.filter(table_id=tid).order_by("-index").first().index
    moved_on = client.post(f"/tables/{tid}/seat/{token}/", {"next": str(last_deal)})
    assert moved_on.status_code in (200, 302), moved_on.content[-3000:]
    for url in pages[:2]:
        page = client.get(url)
        assert page.status_code == 200 and banner_names(page.content.decode()) == winners, url
        assert "Voir la feuille" not in page.content.decode()
    assert_ended_table_pages(client, created, winners, len(state["rounds"]))
