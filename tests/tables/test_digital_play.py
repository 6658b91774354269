"""Digital play through the JSON API: a Barbu table dealt by Atout, three phones and a bot play a whole manche.

Every move goes through ``POST /api/tables/<id>/play`` with the seat's own token; the actions are chosen from the
``legal`` lists the answers give. Expected scores are worked out from the tricks the answers show, by the rule
(les plis: 5 points a trick taken), not read from the sheet.
"""

from __future__ import annotations

import json

import pytest

from companion.games import registry
from companion.kernel import InvalidOptions, Problem, T
from companion.tables import digital, ledger
from companion.tables.models import Deal, Event, Move, Seat, Table
from tests.factories import DigitalTableFactory
from tests.rules.engine_helpers import strings_in

from .helpers import BARBU_FOUR, PLAYERS, post_json

pytestmark = pytest.mark.django_db


def new_digital(client, bots, players=PLAYERS, game="barbu"):
    response = post_json(client, "/api/tables", {"game": game, "players": players, "digital": True, "bots": bots})
    assert response.status_code == 201, response.content
    assert response["Cache-Control"] == "no-store"
    return response.json()


def get_view(client, table_id, token=None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    response = client.get(f"/api/tables/{table_id}/play", **headers)
    assert response.status_code == 200, response.content
    return response.json()


def play(client, table_id, token, action, after):
    return post_json(client, f"/api/tables/{table_id}/play", {"action": action, "after": after}, token=token)


def play_deal(client, created, deal=1):
    """Play deal ``deal`` to its end with the human seats' tokens, each time the first legal card. Returns the last
    view of the deal's final trick seen by a human (the answer to the move that ended it)."""
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    table_id = created["id"]
    view = get_view(client, table_id)
    played = 0
    while view["deal"] == deal and not view["finished"]:
        seat = view["waiting_for"]
        if seat not in tokens:  # the bots thought their time for one request: the next one moves them on
            view = get_view(client, table_id)
            continue
        mine = get_view(client, table_id, tokens[seat])
        assert mine["legal"], mine
        response = play(client, table_id, tokens[seat], mine["legal"][0], mine["action_number"])
        assert response.status_code == 200, response.content
        view = response.json()
        played += 1
    return view, played


def test_a_whole_manche_with_three_phones_and_a_bot(client):
    created = new_digital(client, bots=[3])
    assert [s["seat"] for s in created["seats"]] == [0, 1, 2]
    assert [s["name"] for s in created["seats"]] == ["Ana", "Bea", "Cid"]
    assert all(s["url"].endswith(f"/tables/{created['id']}/seat/{s['token']}/") for s in created["seats"])
    assert len({s["token"] for s in created["seats"]}) == 3

    first = get_view(client, created["id"])
    assert first["deal"] == 1 and first["action_number"] == 0
    assert first["bots"] == [3]
    # Round 1 is dealt by seat 0; seat 1, on its left, leads.
    assert first["dealer"] == 0 and first["waiting_for"] == 1

    view, played = play_deal(client, created)
    # 13 tricks of 4 cards: the three phones played 3 × 13 = 39 of the 52 cards, the bot the other 13.
    assert played == 39
    assert Move.objects.filter(table_id=created["id"], deal=1).count() == 52
    assert view["deal"] == 2 and view["manche"] == "coeurs"  # the next deal was dealt at once

    # What the deal showed: the last trick is still there for everybody, and the 13 tricks' takers.
    last = view["last_trick"]
    assert last["deal"] == 1 and len(last["cards"]) == 4
    table = Table.objects.get(pk=created["id"])
    deal1 = Deal.objects.get(table=table, index=1)
    actions = list(Move.objects.filter(table=table, deal=1).values_list("action", flat=True))
    state = registry.get("barbu").new_deal(4, table.options, 1, seed=deal1.seed).replay(actions)
    takers = [t["taker"] for t in state.observation(None)["tricks"]]
    assert len(takers) == 13 and last["taker"] == takers[-1]
    # Les plis: 5 points a trick taken.
    expected = [5 * takers.count(s) for s in range(4)]
    assert sum(expected) == 65  # 13 tricks × 5

    events = list(Event.objects.filter(table=table))
    assert [e.kind for e in events] == [Event.ROUND]
    assert events[0].data == {"tricks": [takers.count(s) for s in range(4)]}  # the deal's entry, as stored
    assert deal1.event_seq == events[0].seq
    sheet = ledger.load(table).sheet
    assert sheet.totals == expected
    assert view["sheet"]["rounds"] == [{"number": 1, "scores": expected}]
    assert view["sheet"]["totals"] == expected
    # The public sheet says the same as a typed round would.
    assert client.get(f"/api/tables/{created['id']}").json()["totals"] == expected


def test_stale_illegal_and_wrong_tokens(client):
    created = new_digital(client, bots=[3])
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    tid = created["id"]
    leader = get_view(client, tid, tokens[1])
    assert leader["waiting_for"] == 1 and leader["action_number"] == 0
    # A card of the 52 this seat was not dealt (its 13 are random: any short list could all be in its hand).
    other = next(c for c in (r + s for s in "CDHS" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                                              "K", "A"]) if c not in leader["hand"])

    # Not a card this seat holds: 400 with the reason, in the request's language.
    response = play(client, tid, tokens[1], other, 0)
    assert response.status_code == 400
    body = response.json()
    assert body["errors"][0]["code"] == "not_in_hand"
    assert body["errors"][0]["message"] == "Vous n'avez pas cette carte."
    assert body["view"]["action_number"] == 0 and body["view"]["hand"] == leader["hand"]
    response = post_json(client, f"/api/tables/{tid}/play", {"action": other, "after": 0}, token=tokens[1],
                         HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400 and response.json()["errors"][0]["message"] == "You do not hold that card."
    assert response["Cache-Control"] == "no-store"

    # Not this seat's turn: 409.
    response = play(client, tid, tokens[2], get_view(client, tid, tokens[2])["hand"][0], 0)
    assert response.status_code == 409 and response.json()["errors"][0]["code"] == "not_your_turn"

    # A good move, then the same move sent again against action 0: stale, 409 with the current view.
    card = leader["legal"][0]
    assert play(client, tid, tokens[1], card, 0).status_code == 200
    response = play(client, tid, tokens[1], card, 0)
    assert response.status_code == 409
    assert response.json()["errors"][0]["code"] == "stale"
    assert response.json()["view"]["action_number"] == 1
    assert Move.objects.filter(table_id=tid).count() == 1

    # Seat 2 follows suit or gets told so.
    view = get_view(client, tid, tokens[2])
    led = card[-1]
    off = [c for c in view["hand"] if c[-1] != led]
    if off and len(off) < len(view["hand"]):
        response = play(client, tid, tokens[2], off[0], 1)
        assert response.status_code == 400 and response.json()["errors"][0]["code"] == "must_follow"

    # The edit token plays for no seat; a made-up token neither; no token cannot play.
    for token in (created["edit_token"], "x" * 24):
        response = play(client, tid, token, view["legal"][0], 1)
        assert response.status_code == 403, token
        assert client.get(f"/api/tables/{tid}/play", HTTP_AUTHORIZATION=f"Bearer {token}").status_code == 403
    response = post_json(client, f"/api/tables/{tid}/play", {"action": view["legal"][0], "after": 1})
    assert response.status_code == 401 and response["WWW-Authenticate"].startswith("Bearer")
    assert Move.objects.filter(table_id=tid).count() == 1

    # Bad bodies name their field.
    for body, field in (({"action": "QS"}, "after"), ({"after": 1}, "action"), ({"action": "QS", "after": "1"}, "after"),
                        ({"action": "QS", "after": 1, "x": 1}, "x")):
        response = post_json(client, f"/api/tables/{tid}/play", body, token=tokens[2])
        assert response.status_code == 400, body
        assert response.json()["errors"][0]["field"] == field
    response = play(client, tid, tokens[2], "ZZ", 1)
    assert response.status_code == 400 and response.json()["errors"][0]["code"] == "not_a_card"


def test_views_hold_no_hidden_card(client):
    created = new_digital(client, bots=[3])
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    tid = created["id"]
    for _ in range(6):  # a few cards played, so that tricks are on the table
        view = get_view(client, tid)
        seat = view["waiting_for"]
        mine = get_view(client, tid, tokens[seat])
        assert play(client, tid, tokens[seat], mine["legal"][0], mine["action_number"]).status_code == 200
    table = Table.objects.get(pk=tid)
    state = digital._derive(table).state
    hands = {s: set(state.hand(s)) for s in range(4)}
    assert all(len(h) >= 10 for h in hands.values())  # two tricks played, a third perhaps led
    spectator = get_view(client, tid)
    assert spectator["hand"] == [] and spectator["legal"] == []
    assert not set(strings_in(spectator)) & set().union(*hands.values())
    for seat, token in tokens.items():
        body = get_view(client, tid, token)
        assert set(body["hand"]) == hands[seat]
        others = set().union(*(h for s, h in hands.items() if s != seat))
        assert not set(strings_in(body)) & others, seat
    # Nor the seed, anywhere.
    seed = Deal.objects.get(table=table, index=1).seed
    for token in [None, *tokens.values()]:
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
        assert seed not in client.get(f"/api/tables/{tid}/play", **headers).content.decode()
    assert seed not in b"".join(client.get(f"/tables/{tid}/export.csv").streaming_content).decode()
    assert seed not in client.get(f"/api/tables/{tid}").content.decode()


def test_restart_resumes_where_the_game_is(client):
    created = new_digital(client, bots=[3])
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    tid = created["id"]
    for _ in range(5):
        view = get_view(client, tid)
        mine = get_view(client, tid, tokens[view["waiting_for"]])
        assert play(client, tid, tokens[view["waiting_for"]], mine["legal"][0], mine["action_number"]).status_code == 200
    before = {seat: get_view(client, tid, token) for seat, token in tokens.items()}
    digital.cache.clear()  # a restarted process: nothing kept
    ledger.cache.clear()
    after = {seat: get_view(client, tid, token) for seat, token in tokens.items()}
    assert after == before
    # And the game goes on from there.
    seat = after[0]["waiting_for"]
    response = play(client, tid, tokens[seat], after[seat]["legal"][0], after[seat]["action_number"])
    assert response.status_code == 200 and response.json()["action_number"] > after[seat]["action_number"]


def test_one_human_and_three_bots_finish_a_manche(client):
    created = new_digital(client, bots=[1, 2, 3])
    assert [s["seat"] for s in created["seats"]] == [0]
    view, played = play_deal(client, created)
    assert played == 13  # seat 0 played its 13 cards, the bots the rest
    table = Table.objects.get(pk=created["id"])
    assert Move.objects.filter(table=table, deal=1).count() == 52
    rounds = Event.objects.filter(table=table, kind=Event.ROUND)
    assert rounds.count() == 1
    tricks = rounds[0].data["tricks"]
    assert sum(tricks) == 13
    assert view["sheet"]["totals"] == [5 * t for t in tricks]  # les plis: 5 a trick
    assert view["deal"] == 2


def test_every_move_changes_the_live_etag(client):
    created = new_digital(client, bots=[3])
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    tid = created["id"]
    tag = client.get(f"/api/tables/{tid}")["ETag"]
    assert client.get(f"/api/tables/{tid}", HTTP_IF_NONE_MATCH=tag).status_code == 304
    mine = get_view(client, tid, tokens[1])
    assert play(client, tid, tokens[1], mine["legal"][0], 0).status_code == 200
    assert client.get(f"/api/tables/{tid}", HTTP_IF_NONE_MATCH=tag).status_code == 200
    # The play view answers 304 to its own tag until the next move.
    path = f"/api/tables/{tid}/play"
    auth = {"HTTP_AUTHORIZATION": f"Bearer {tokens[2]}"}
    tag = client.get(path, **auth)["ETag"]
    assert client.get(path, HTTP_IF_NONE_MATCH=tag, **auth).status_code == 304
    assert client.get(path, HTTP_IF_NONE_MATCH=tag, **auth)["Cache-Control"] == "no-store"
    assert client.get(path, HTTP_IF_NONE_MATCH=tag).status_code == 304  # the spectators' view: the same record
    live = f"/tables/{tid}/live/"
    tag = client.get(live)["ETag"]
    mine = get_view(client, tid, tokens[2])
    assert play(client, tid, tokens[2], mine["legal"][0], 1).status_code == 200
    assert client.get(live, HTTP_IF_NONE_MATCH=tag).status_code == 200
    assert client.get(path, HTTP_IF_NONE_MATCH=tag, **auth).status_code == 200


@pytest.mark.parametrize(("body", "field"), [
    ({"game": "rami", "players": ["A", "B", "C", "D"], "digital": True}, "digital"),
    ({"game": "barbu", "players": PLAYERS, "digital": True, "bots": [4]}, "bots"),
    ({"game": "barbu", "players": PLAYERS, "digital": True, "bots": [1, 1]}, "bots"),
    ({"game": "barbu", "players": PLAYERS, "digital": True, "bots": ["1"]}, "bots"),
    ({"game": "barbu", "players": PLAYERS, "digital": True, "bots": [0, 1, 2, 3]}, "bots"),
    ({"game": "barbu", "players": PLAYERS, "digital": "yes"}, "digital"),
    ({"game": "barbu", "players": PLAYERS, "bots": [1]}, "bots"),
    ({"game": ["barbu"], "players": PLAYERS, "digital": True}, "game"),
    ({"game": {"x": 1}, "players": PLAYERS, "digital": True, "bots": [1]}, "game"),
    ({"game": "barbu", "players": "Ana", "digital": True, "bots": [1]}, "players"),
    ({"game": "barbu", "players": PLAYERS, "digital": True, "bots": {"1": 1}}, "bots"),
    ({"game": "barbu", "players": PLAYERS, "digital": True, "bots": [1], "bot_level": "genius"}, "bot_level"),
    ({"game": "barbu", "players": PLAYERS, "digital": True, "bots": [1], "bot_level": ["quick"]}, "bot_level"),
    ({"game": "barbu", "players": PLAYERS, "bot_level": "quick"}, "bot_level"),
])
def test_bad_digital_requests_name_the_field(client, body, field):
    response = post_json(client, "/api/tables", body)
    assert response.status_code == 400, response.content
    assert field in [e["field"] for e in response.json()["errors"]]
    assert not Table.objects.exists()


def test_a_table_not_played_on_atout_has_no_play(client):
    response = post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS})
    tid = response.json()["id"]
    assert "seats" not in response.json()
    assert client.get(f"/api/tables/{tid}/play").status_code == 404
    assert json.loads(client.get("/api/tables/nope0000nope0000/play").content)["errors"][0]["code"] == "not_found"


def test_the_last_deal_ends_the_game_and_no_deal_follows(client):
    # Four rounds typed by hand (the record changes under the first deal, which is left: a deal is dealt for
    # round 5), then round 5 — la salade, the last of the game's 5 manches — played on Atout.
    table = DigitalTableFactory(bots=[1, 2, 3])
    for entry in BARBU_FOUR[:4]:
        ledger.add_round(table.id, entry)
    created = {"id": table.id, "seats": [{"seat": 0, "token": table.seat_tokens[0]}]}
    view = get_view(client, table.id)
    assert view["deal"] == 5 and view["manche"] == "salade" and not view["finished"]
    view, played = play_deal(client, created, deal=5)
    assert view["finished"] and view["waiting_for"] is None and view["legal"] == []
    assert view["deal"] == 5 and view["terminal"]  # the last deal stays on view, over
    assert Deal.objects.filter(table=table).count() == 2  # the abandoned first deal, and round 5's
    assert Event.objects.filter(table=table, kind=Event.ROUND).count() == 5
    last = Event.objects.filter(table=table).last()
    # La salade: 5 a trick, 5 a heart, 20 a queen, 80 for the K♥ (the K♥ is a heart too: 85 in all); the totals
    # are the 5 rounds' sums: the 4 typed ones plus the salade's scores.
    salade = [5 * last.data["tricks"][s] + 5 * last.data["hearts"][s] + 20 * last.data["queens"][s]
              + (80 if last.data["king_of_hearts"] == s else 0) for s in range(4)]
    assert sum(salade) == 13 * 5 + 13 * 5 + 4 * 20 + 80
    assert view["sheet"]["rounds"][-1] == {"number": 5, "scores": salade}
    typed = [r["scores"] for r in view["sheet"]["rounds"][:4]]
    assert view["sheet"]["totals"] == [sum(col) for col in zip(*typed, salade, strict=True)]
    response = play(client, table.id, table.seat_tokens[0], "2C", view["action_number"])
    assert response.status_code == 409 and response.json()["errors"][0]["code"] == "finished"


def test_a_player_count_the_deal_does_not_take_is_refused_by_name(client, monkeypatch):
    # A game's digital play may take fewer player counts than its sheet: here Barbu's deal is made to refuse 5.
    game = registry.get("barbu")
    original = game.new_deal

    def four_only(n_players, *args, **kwargs):
        if n_players != 4:
            raise InvalidOptions([Problem("players", "player_count", T("À 4 seulement.", "At 4 only."))])
        return original(n_players, *args, **kwargs)

    monkeypatch.setattr(game, "new_deal", four_only)
    response = post_json(client, "/api/tables", {"game": "barbu", "players": [*PLAYERS, "Eve"], "digital": True},
                         HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "digital", "seat": None, "code": "player_count", "message": "At 4 only."}]
    assert not Table.objects.exists()


def test_a_round_typed_under_a_deal_deals_the_next_one_once(client):
    created = new_digital(client, bots=[3])
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    tid = created["id"]
    mine = get_view(client, tid, tokens[1])
    assert play(client, tid, tokens[1], mine["legal"][0], 0).status_code == 200
    # Round 1 typed with the edit link while its deal is being played: that deal is left, round 2 is dealt.
    typed = post_json(client, f"/api/tables/{tid}/rounds", {"tricks": [4, 3, 5, 1]}, created["edit_token"])
    assert typed.status_code == 201
    # A move sent against the old deal is stale; the view it gets is the new deal's, for good.
    response = play(client, tid, tokens[2], "2C", 1)
    assert response.status_code == 409
    refused = response.json()["view"]
    # The table's number goes on from deal 1's: its 1 move, and deal 2 dealt: 1 + 1 = 2 (never 0 again).
    assert refused["deal"] == 2 and refused["action_number"] == 2
    assert get_view(client, tid, tokens[2])["hand"] == refused["hand"]
    assert list(Deal.objects.filter(table_id=tid).values_list("index", "round_number", "event_seq")) == [
        (1, 1, None), (2, 2, None)]


@pytest.mark.parametrize("action", [{"a": 1}, ["QS"], 12, None, True, "", "x" * 5000, "Q\u0000S"])
def test_junk_actions_are_a_400_naming_the_action(client, action):
    created = new_digital(client, bots=[3])
    token = created["seats"][1]["token"]  # seat 1 leads
    response = play(client, created["id"], token, action, 0)
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "action"
    assert not Move.objects.filter(table_id=created["id"]).exists()


def test_a_rematch_of_a_digital_table_is_digital_with_the_same_bots(client):
    table = DigitalTableFactory(bots=[1, 2, 3])
    for entry in BARBU_FOUR:  # the game's 5 manches, typed: the game is over
        ledger.add_round(table.id, entry)
    response = post_json(client, f"/api/tables/{table.id}/rematch", {}, table.edit_token)
    assert response.status_code == 201, response.content
    created = response.json()
    # Seat 0 dealt round 1, so Bea (seat 1) deals first now, every player in their seat. The bots still hold
    # Bea's, Cid's and Dan's seats; Ana, the one human, is seat 0.
    new = Table.objects.get(pk=created["id"])
    assert new.players == ["Ana", "Bea", "Cid", "Dan"] and new.digital and new.first_dealer == 1
    assert [(s["seat"], s["name"]) for s in created["seats"]] == [(0, "Ana")]
    assert get_view(client, new.id)["bots"] == [1, 2, 3]
    assert get_view(client, new.id, created["seats"][0]["token"])["seat"] == 0
    assert get_view(client, new.id)["dealer"] == 1  # Bea deals the first deal
    # A table not played on Atout rematches as before, without seats.
    plain = post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS}).json()
    for entry in BARBU_FOUR:
        post_json(client, f"/api/tables/{plain['id']}/rounds", entry, plain["edit_token"])
    response = post_json(client, f"/api/tables/{plain['id']}/rematch", {}, plain["edit_token"])
    assert response.status_code == 201 and "seats" not in response.json()


def test_a_request_waits_for_one_bot_at_least_and_the_next_request_moves_them_on(client, monkeypatch):
    monkeypatch.setattr(digital, "BOTS_PER_REQUEST", 0)  # every bot over its time: one bot move a request
    created = new_digital(client, bots=[1, 2, 3])
    tid = created["id"]
    token = created["seats"][0]["token"]
    # Round 1: seat 0 deals, seat 1 (a bot) leads: creating the table moved that one bot only.
    view = get_view(client, tid)  # ... and this request the second one
    assert Move.objects.filter(table_id=tid).count() == 2 and view["action_number"] == 2
    assert view["waiting_for"] == 3
    view = get_view(client, tid, token)  # the third bot
    assert view["waiting_for"] == 0 and view["action_number"] == 3 and view["legal"]
    response = play(client, tid, token, view["legal"][0], 3)
    assert response.status_code == 200
    after = response.json()
    # Seat 0 completed the trick; if a bot took it, that bot led the next one in the same request, and no more.
    taker = after["last_trick"]["taker"]
    if taker == 0:
        assert after["action_number"] == 4 and after["waiting_for"] == 0
    else:
        assert after["action_number"] == 5
        assert [seat for seat, _card in after["trick"]["cards"]] == [taker]
        assert after["waiting_for"] == (taker + 1) % 4


def test_a_phone_still_on_an_earlier_deal_is_stale_even_at_the_same_move_of_the_deal(client):
    # Ana alone with three bots. Round 1: Ana deals, Bea (a bot) leads, Cid and Dan follow: Ana's phone sees deal 1
    # with 3 moves made in it. Rounds 1 to 4 are then typed by hand: deal 1 is left, and the deal for round 5 has
    # Ana dealing again, the bots playing first again: 3 moves in, it is Ana's turn again. The phone, which never
    # saw that deal, posts against the number it saw: it must be told where the table is, and nothing is played.
    table = DigitalTableFactory(bots=[1, 2, 3])
    token = table.seat_tokens[0]
    seen = get_view(client, table.id, token)
    while seen["waiting_for"] != 0:  # the bots' moves are spread over requests (digital.BOTS_PER_REQUEST)
        seen = get_view(client, table.id, token)
    assert seen["deal"] == 1 and len(seen["trick"]["cards"]) == 3
    for entry in BARBU_FOUR[:4]:
        ledger.add_round(table.id, entry)
    now = get_view(client, table.id, token)
    while now["waiting_for"] != 0:
        now = get_view(client, table.id, token)
    assert now["deal"] == 5 and len(now["trick"]["cards"]) == 3
    assert Move.objects.filter(table=table, deal=2).count() == 3  # the same 3 moves into its deal
    response = play(client, table.id, token, now["legal"][0], seen["action_number"])  # a card Ana may play now
    assert response.status_code == 409
    body = response.json()
    assert body["errors"][0]["code"] == "stale" and body["errors"][0]["field"] == "after"
    assert body["view"] == get_view(client, table.id, token)
    assert body["view"]["deal"] == 5 and body["view"]["hand"] == now["hand"]
    assert Move.objects.filter(table=table, deal=2).count() == 3
    # Counted over the table: deal 1's 3 moves and the one deal dealt after the first (round 5's) since then.
    assert now["action_number"] == seen["action_number"] + 3 + 1


def test_a_vicaire_deal_starts_from_the_race_going_on(client):
    # Vicaire's deal needs the race from the sheet (Game.deal_context): after a typed deal of 4, 3, 3 tricks
    # nobody has reached a winning total (10 is the first), so the race goes on with those counts.
    created = new_digital(client, bots=[2], players=["Ana", "Bea", "Cid"], game="vicaire")
    tid = created["id"]
    assert get_view(client, tid)["race"] == [0, 0, 0]
    typed = post_json(client, f"/api/tables/{tid}/rounds", {"tricks": [4, 3, 3]}, created["edit_token"])
    assert typed.status_code == 201
    view = get_view(client, tid)
    assert view["deal"] == 2
    assert view["race"] == [4, 3, 3]
    # The next winning total of each seat, from 4 and 3: 10 for everyone (10, 15, 20 are the winning totals).
    assert view["targets"] == [10, 10, 10]


@pytest.mark.parametrize("poll", ["play", "table", "live"])
def test_a_poll_answered_304_still_moves_the_bots_on(client, monkeypatch, poll):
    # One bot move at a time. Creating the table moved the first bot (seat 1 leads round 1); the phones' polls
    # carry the ETag they last saw: if a poll answered 304 without letting the bots play, the table would wait
    # forever. Every poll while a bot is to play must move a bot on and answer 200 with a new ETag; once seat 0
    # (the human) is to play, after the bots of seats 1, 2 and 3, the poll answers 304 and writes nothing.
    monkeypatch.setattr(digital, "BOTS_PER_REQUEST", 0)
    created = new_digital(client, bots=[1, 2, 3])
    tid = created["id"]
    url = {"play": f"/api/tables/{tid}/play", "table": f"/api/tables/{tid}", "live": f"/tables/{tid}/live/"}[poll]
    tag = client.get(url)["ETag"]
    for _ in range(3):
        moves = Move.objects.filter(table_id=tid).count()
        if moves == 3:
            break
        answer = client.get(url, HTTP_IF_NONE_MATCH=tag)
        assert answer.status_code == 200 and answer["ETag"] != tag
        assert Move.objects.filter(table_id=tid).count() > moves
        tag = answer["ETag"]
    assert Move.objects.filter(table_id=tid).count() == 3
    assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 304
    assert Move.objects.filter(table_id=tid).count() == 3


def test_the_bots_play_at_the_level_asked(client):
    created = new_digital(client, bots=[2, 3])
    assert dict(Seat.objects.filter(table_id=created["id"], is_bot=True).values_list("seat", "bot_level")) == {
        2: "strong", 3: "strong"}  # the default: bots that search
    response = post_json(client, "/api/tables", {"game": "barbu", "players": PLAYERS, "digital": True, "bots": [1],
                                                 "bot_level": "quick"})
    assert response.status_code == 201
    assert list(Seat.objects.filter(table_id=response.json()["id"], is_bot=True).values_list("bot_level", flat=True)) == [
        "quick"]
