"""A human's seat handed to a bot, and taken back: a digital table whose human never plays is not stuck.

The rule (companion.tables.digital.hand_to_bot): a seat's own phone hands it at any time ("Je m'absente"), and so
does the edit link for a seat it plays (pass-and-play); anyone else — another seat's phone, the edit link for a seat
with its own link — only once the table has waited ABSENT_AFTER seconds for that seat to play. The human takes the
seat back at any time, on their own page (or on the edit link for a pass-and-play seat); nobody else can.

Tables are made with DigitalTableFactory (Barbu; Ana, Bea, Cid and a quick bot in Dan's seat: Bea leads the first
deal, so the table waits for her first). The waiting is made by moving the table's last move and deal back in time.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.utils import timezone

from companion.tables import digital, ledger
from companion.tables.models import Deal, Move, Seat, Table
from tests.factories import DigitalTableFactory, TableFactory
from tests.tables.helpers import post_json, take_seat

pytestmark = pytest.mark.django_db

BEA = 1


def waited(table, seconds=digital.ABSENT_AFTER + 1):
    """The table has waited ``seconds`` for the seat to play: its last move, its deal, its seats' last change
    that long ago."""
    past = timezone.now() - dt.timedelta(seconds=seconds)
    Move.objects.filter(table=table).update(created_at=past)
    Deal.objects.filter(table=table).update(created_at=past)
    Seat.objects.filter(table=table).exclude(changed_at=None).update(changed_at=past)


def row(table, seat):
    return Seat.objects.get(table=table, seat=seat)


def phones(table):
    """Each human seat's phone, its seat taken."""
    out = {}
    for seat in sorted(table.seat_tokens):
        out[seat] = Client()
        take_seat(out[seat], table, seat)
    return out


def url(table, seat):
    return f"/tables/{table.id}/seat/{table.seat_tokens[seat]}/"


def text(response):
    return response.content.decode()


def test_a_seat_hands_itself_to_a_bot_and_play_goes_on():
    table = DigitalTableFactory()
    phone = phones(table)
    assert digital.view(table, None)["waiting_for"] == BEA
    assert "Je m'absente : confier ma place à un robot" in text(phone[BEA].get(url(table, BEA)))
    handed = phone[BEA].post(url(table, BEA), {"bot": str(BEA)})
    assert handed.status_code == 302
    seat = row(table, BEA)
    assert seat.is_bot and seat.stand_in and seat.bot_level == "quick"  # the table's bots' level
    table.refresh_from_db()
    view = digital.view(table, None)
    # The bot played Bea's card at once; the table waits for Cid now.
    assert list(Move.objects.filter(table=table).values_list("seat", flat=True)) == [BEA]
    assert view["waiting_for"] == 2 and view["stand_ins"] == [BEA] and BEA in view["bots"]
    # Every phone says so plainly; Bea's own page offers her seat back and no card to tap.
    for seat in (0, 2):
        assert "Place de <bdi>Bea</bdi> tenue par un robot." in text(phone[seat].get(url(table, seat)))
    assert "Place de <bdi>Bea</bdi> tenue par un robot." in text(Client().get(f"/tables/{table.id}/play/"))
    own = text(phone[BEA].get(url(table, BEA)))
    assert "Votre place est tenue par un robot : il joue pour vous." in own
    assert 'name="back"' in own and "Reprendre ma place" in own
    assert "playable" not in own.split('class="hand')[1].split("</div>")[0]


def test_the_human_takes_the_seat_back_and_plays_again():
    table = DigitalTableFactory()
    phone = phones(table)
    phone[BEA].post(url(table, BEA), {"bot": str(BEA)})
    live = f"{url(table, 0)}live/"
    tag = phone[0].get(live)["ETag"]
    back = phone[BEA].post(url(table, BEA), {"back": str(BEA)})
    assert back.status_code == 302
    seat = row(table, BEA)
    assert not seat.is_bot and not seat.stand_in and seat.bot_level == ""
    # The others' pages see the change (their poll is no 304), and no longer say a bot holds the seat.
    answer = phone[0].get(live, HTTP_IF_NONE_MATCH=tag)
    assert answer.status_code == 200 and "tenue par un robot" not in text(answer)
    table.refresh_from_db()
    assert digital.view(table, None)["stand_ins"] == []


def test_another_phone_hands_an_absent_seat_only_once_the_table_waited_for_it():
    table = DigitalTableFactory()
    phone = phones(table)
    page = text(phone[0].get(url(table, 0)))
    assert "Confier la place de Bea à un robot" in page  # the seat the table waits for
    assert 'name="bot"' not in text(Client().get(f"/tables/{table.id}/play/"))  # the spectators hand nothing over
    early = phone[0].post(url(table, 0), {"bot": str(BEA)})
    assert early.status_code == 409
    assert "La table n&#x27;attend Bea que depuis" in text(early)
    assert not row(table, BEA).is_bot
    # Cid is not to play: the table does not wait for him, his seat is not "absent".
    waited(table)
    not_turn = phone[0].post(url(table, 0), {"bot": "2"})
    assert not_turn.status_code == 409 and "Cid n&#x27;a pas la main" in text(not_turn)
    assert phone[0].post(url(table, 0), {"bot": str(BEA)}).status_code == 302
    assert row(table, BEA).stand_in


def test_only_the_seats_own_phone_takes_it_back():
    table = DigitalTableFactory()
    phone = phones(table)
    waited(table)
    assert phone[0].post(url(table, 0), {"bot": str(BEA)}).status_code == 302
    # Ana's page says the seat is held, with no button to take it back for Bea.
    assert 'name="back"' not in text(phone[0].get(url(table, 0)))
    refused = phone[0].post(url(table, 0), {"back": str(BEA)})
    assert refused.status_code == 403 and "Seul le téléphone de Bea peut reprendre sa place." in text(refused)
    edit = Client().post(f"/tables/{table.id}/edit/{table.edit_token}/play/", {"back": str(BEA)})
    assert edit.status_code == 403
    assert row(table, BEA).stand_in
    assert phone[BEA].post(url(table, BEA), {"back": ""}).status_code == 302  # her own seat, said by her page
    assert not row(table, BEA).is_bot


def test_the_edit_link_hands_a_seat_it_plays_at_any_time_and_gives_it_back():
    table = DigitalTableFactory(pass_play=True)
    base = f"/tables/{table.id}/edit/{table.edit_token}/"
    client = Client()
    page = text(client.get(base + "play/"))
    assert "Passez le téléphone à Bea" in page and "Confier la place de Bea à un robot" in page
    assert client.post(base + "play/", {"bot": str(BEA)}).status_code == 302
    assert row(table, BEA).stand_in
    shown = text(client.get(base + "play/"))
    assert "Place de <bdi>Bea</bdi> tenue par un robot." in shown and "Rendre sa place à Bea" in shown
    share = text(client.get(base + "share/"))
    assert "Tenue par un robot pour l'instant." in share
    back = client.post(base + "share/", {"back": str(BEA)})
    assert back.status_code == 302 and back["Location"] == base + f"share/#seat-link-{BEA}"
    assert not row(table, BEA).is_bot
    # The share page hands one too (any seat it plays, at any time).
    assert client.post(base + "share/", {"bot": "2"}).status_code == 302 and row(table, 2).stand_in


def test_the_edit_link_hands_a_seat_with_its_own_link_only_once_the_table_waited():
    table = DigitalTableFactory()
    play = f"/tables/{table.id}/edit/{table.edit_token}/play/"
    client = Client()
    assert "Confier la place de Bea à un robot" in text(client.get(play))
    assert client.post(play, {"bot": str(BEA)}).status_code == 409
    waited(table)
    assert client.post(play, {"bot": str(BEA)}).status_code == 302
    assert row(table, BEA).stand_in


def test_a_table_whose_only_human_never_plays_moves_on_once_the_seat_is_handed():
    table = DigitalTableFactory(bots=[1, 2, 3])  # Ana alone with three bots; the table waits for her
    assert digital.view(table, None)["waiting_for"] == 0
    spectators = Client()
    live = f"/tables/{table.id}/play/live/"
    tag = spectators.get(live)["ETag"]
    assert spectators.get(live, HTTP_IF_NONE_MATCH=tag).status_code == 304  # stuck: nothing ever changes
    waited(table)
    assert Client().post(f"/tables/{table.id}/edit/{table.edit_token}/play/", {"bot": "0"}).status_code == 302
    # Polls move the bots on (each request at most BOTS_PER_REQUEST of bot thinking) until the deal is scored.
    for _ in range(60):
        table.refresh_from_db()
        if ledger.load(table).rounds:
            break
        spectators.get(live)
    table.refresh_from_db()
    state = ledger.load(table)
    assert len(state.rounds) >= 1
    # La manche des plis: 5 points a trick taken, 13 tricks: 65 in all.
    assert sum(state.rounds[0].result.scores) == 65
    # Ana comes back: her seat is hers again.
    ana = Client()
    take_seat(ana, table, 0)
    assert ana.post(url(table, 0), {"back": "0"}).status_code == 302
    assert not row(table, 0).is_bot


def test_a_seat_held_by_a_bot_makes_no_move_for_its_human(client):
    table = DigitalTableFactory()
    token = table.seat_tokens[BEA]
    digital.hand_to_bot(table, BEA, BEA)
    table.refresh_from_db()
    view = digital.view(table, BEA)
    assert view["legal"] == []
    card = view["hand"][0]
    refused = post_json(client, f"/api/tables/{table.id}/play", {"action": card, "after": view["action_number"]},
                        token=token)
    assert refused.status_code == 409 and refused.json()["errors"][0]["code"] == "held_by_bot"


def test_a_stand_in_plays_at_strong_level_when_the_table_has_no_bot():
    table = DigitalTableFactory(bots=[])
    digital.hand_to_bot(table, BEA, BEA)
    assert row(table, BEA).bot_level == "strong"


def test_no_hand_over_without_a_post_and_its_csrf_token():
    table = DigitalTableFactory()
    phone = phones(table)
    assert phone[BEA].get(url(table, BEA), {"bot": str(BEA)}).status_code == 200
    assert not row(table, BEA).is_bot
    strict = Client(enforce_csrf_checks=True)
    take_seat(phone[0], table, 0)
    strict.cookies = phone[0].cookies
    assert strict.post(url(table, 0), {"bot": "0"}).status_code == 403
    assert not row(table, 0).is_bot


def test_no_hand_over_once_the_game_is_over():
    table = DigitalTableFactory()
    ledger.finish(table.id)
    with pytest.raises(digital.SeatRefused) as refused:
        digital.hand_to_bot(table, BEA, BEA)
    assert refused.value.status == 409 and refused.value.problem.code == "finished"


# -- the API ---------------------------------------------------------------------------------------------------
def seat_api(client, table, seat, body, token):
    return post_json(client, f"/api/tables/{table.id}/seats/{seat}", body, token=token)


def test_the_api_hands_a_seat_to_a_bot_and_takes_it_back(client):
    table = DigitalTableFactory()
    bea = table.seat_tokens[BEA]
    handed = seat_api(client, table, BEA, {"bot": True}, bea)
    assert handed.status_code == 200
    assert handed["Cache-Control"] == "no-store"  # her view, her hand
    body = handed.json()
    assert body["seat"] == BEA and body["stand_ins"] == [BEA] and body["waiting_for"] == 2
    back = seat_api(client, table, BEA, {"bot": False}, bea)
    assert back.status_code == 200 and back.json()["stand_ins"] == []


@pytest.mark.parametrize(("seat", "body", "who", "status", "code"), [
    (BEA, {"bot": True}, 0, 409, "not_absent"),  # Ana, right away
    (BEA, {"bot": True}, "edit", 409, "not_absent"),  # a seat with its own link, right away
    (3, {"bot": True}, BEA, 400, "bot_seat"),  # Dan's seat is a bot's from the start
    (9, {"bot": True}, BEA, 400, "bad_seat"),
    (BEA, {"bot": "yes"}, BEA, 400, "bad_bot"),
    (BEA, {}, BEA, 400, "required"),
    (BEA, {"bot": True, "seat": 1}, BEA, 400, "unknown_field"),
    (BEA, {"bot": True}, None, 401, "unauthenticated"),  # no Authorization header at all
    (BEA, {"bot": True}, "wrong", 403, "forbidden"),
])
def test_the_api_refuses_a_hand_over_with_the_reason(client, seat, body, who, status, code):
    table = DigitalTableFactory()
    token = {None: None, "edit": table.edit_token, "wrong": "nope"}.get(who, table.seat_tokens.get(who))
    response = seat_api(client, table, seat, body, token)
    assert response.status_code == status
    assert code in [e["code"] for e in response.json()["errors"]]
    assert not Seat.objects.filter(table=table, stand_in=True).exists()


def test_the_api_lets_only_the_seat_take_itself_back(client):
    table = DigitalTableFactory()
    waited(table)
    assert seat_api(client, table, BEA, {"bot": True}, table.seat_tokens[0]).status_code == 200
    for token in (table.seat_tokens[0], table.edit_token):
        refused = seat_api(client, table, BEA, {"bot": False}, token)
        assert refused.status_code == 403 and refused.json()["errors"][0]["code"] == "not_your_seat"
    assert seat_api(client, table, BEA, {"bot": False}, table.seat_tokens[BEA]).status_code == 200


def test_the_api_seat_route_is_for_tables_played_on_atout(client):
    table = TableFactory()
    response = seat_api(client, table, 0, {"bot": True}, table.edit_token)
    assert response.status_code == 404 and response.json()["errors"][0]["code"] == "not_digital"
    assert Table.objects.count() == 1
