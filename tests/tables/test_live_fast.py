"""The live poll's 304 from one read (companion.tables.polls), with every check the views make kept.

Tables are made with DigitalTableFactory (Barbu, Ana Bea Cid and a quick bot in Dan's seat: Bea leads the first
deal, so after it is dealt the table waits on a human and no bot is to move); each phone is its own test client.
"""

from __future__ import annotations

import pytest
from django.test import Client

from companion.tables import digital, ledger, polls, sync
from companion.tables.models import Table
from tests.factories import DigitalTableFactory, TableFactory
from tests.tables.helpers import take_seat

pytestmark = pytest.mark.django_db


def live_url(table, seat):
    return f"/tables/{table.id}/seat/{table.seat_tokens[seat]}/live/"


def tag_of(response):
    assert response.status_code == 200, response.status_code
    return response["ETag"]


@pytest.fixture
def phone():
    return Client(HTTP_ACCEPT_LANGUAGE="fr")


def test_a_seats_poll_answers_304_from_one_query_once_the_link_was_checked(phone, django_assert_num_queries):
    table = DigitalTableFactory()
    take_seat(phone, table, 0)
    tag = tag_of(phone.get(live_url(table, 0)))  # the slow way: link, binding and bots checked, the row remembered
    with django_assert_num_queries(1):
        response = phone.get(live_url(table, 0), HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 304
    assert response["ETag"] == tag == sync.live_etag(Table.objects.get(pk=table.pk))
    assert response["Cache-Control"] == "no-store"


def test_a_card_played_changes_the_fast_answer(phone):
    table = DigitalTableFactory()
    take_seat(phone, table, 0)
    tag = tag_of(phone.get(live_url(table, 0)))
    assert phone.get(live_url(table, 0), HTTP_IF_NONE_MATCH=tag).status_code == 304
    view = digital.view(table, 1)  # Bea leads: her move bumps the move count, so the tag moves on
    digital.play(table, 1, view["legal"][0], view["action_number"])
    response = phone.get(live_url(table, 0), HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 200 and response["ETag"] != tag


def test_a_link_the_edit_link_replaced_is_refused_though_the_poll_knew_it(phone):
    table = DigitalTableFactory()
    take_seat(phone, table, 0)
    tag = tag_of(phone.get(live_url(table, 0)))
    assert phone.get(live_url(table, 0), HTTP_IF_NONE_MATCH=tag).status_code == 304
    digital.issue_link(table, 0)  # Ana changed phones: the old link is dead everywhere
    assert phone.get(live_url(table, 0), HTTP_IF_NONE_MATCH=tag).status_code == 403


def test_a_renewed_link_stops_the_old_one_and_the_new_one_polls(phone):
    table = DigitalTableFactory()
    url = take_seat(phone, table, 0)
    tag = tag_of(phone.get(live_url(table, 0)))
    renewed = phone.post(url, {"renew": "1"})
    assert renewed.status_code == 302
    assert phone.get(live_url(table, 0), HTTP_IF_NONE_MATCH=tag).status_code == 403
    new_live = renewed["Location"].split("?")[0] + "live/"
    new_tag = tag_of(phone.get(new_live))
    assert phone.get(new_live, HTTP_IF_NONE_MATCH=new_tag).status_code == 304


def test_another_phone_with_the_link_gets_403_from_a_warm_poll(phone):
    table = DigitalTableFactory()
    take_seat(phone, table, 0)
    tag = tag_of(phone.get(live_url(table, 0)))
    assert phone.get(live_url(table, 0), HTTP_IF_NONE_MATCH=tag).status_code == 304
    other = Client(HTTP_ACCEPT_LANGUAGE="fr")
    assert other.get(live_url(table, 0), HTTP_IF_NONE_MATCH=tag).status_code == 403
    other.cookies[digital.seat_cookie(table.seat_tokens[0])] = "not-the-secret"
    assert other.get(live_url(table, 0), HTTP_IF_NONE_MATCH=tag).status_code == 403


def test_a_seat_not_taken_yet_is_no_live_page_even_with_a_tag(phone):
    table = DigitalTableFactory()
    tag = sync.live_etag(table)
    assert phone.get(live_url(table, 2), HTTP_IF_NONE_MATCH=tag).status_code == 403


def test_the_spectators_and_pass_and_play_polls_answer_304_from_one_query(client, django_assert_num_queries):
    table = DigitalTableFactory(pass_play=True)
    spectate = f"/tables/{table.id}/play/live/"
    tag = tag_of(client.get(spectate))
    with django_assert_num_queries(1):
        assert client.get(spectate, HTTP_IF_NONE_MATCH=tag).status_code == 304
    passing = f"/tables/{table.id}/edit/{table.edit_token}/play/live/"
    with django_assert_num_queries(1):
        assert client.get(passing, HTTP_IF_NONE_MATCH=tag).status_code == 304
    wrong = f"/tables/{table.id}/edit/{'x' * len(table.edit_token)}/play/live/"
    assert client.get(wrong, HTTP_IF_NONE_MATCH=tag).status_code == 403
    assert client.get(f"/tables/{'y' * 16}/play/live/", HTTP_IF_NONE_MATCH=tag).status_code == 404


def test_a_score_sheet_with_the_edit_link_answers_304_from_one_query_and_refuses_a_wrong_token(
        client, django_assert_num_queries):
    table = TableFactory()
    url = f"/tables/{table.id}/edit/{table.edit_token}/live/"
    tag = tag_of(client.get(url))
    with django_assert_num_queries(1):
        response = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 304 and response["Cache-Control"] == "no-store"
    wrong = f"/tables/{table.id}/edit/{'x' * len(table.edit_token)}/live/"
    assert client.get(wrong, HTTP_IF_NONE_MATCH=tag).status_code == 403
    with django_assert_num_queries(1):
        api = client.get(f"/api/tables/{table.id}", HTTP_IF_NONE_MATCH=tag)
    assert api.status_code == 304 and api["Cache-Control"] == "no-cache"


def test_a_poll_still_moves_on_a_bot_the_request_before_left_to_play(phone, monkeypatch):
    # Three bots after Ana: with no time for bots in a request, each request moves one bot (at least one a
    # request), so after Ana's card the table waits on a bot that only a poll can move.
    monkeypatch.setattr(digital, "BOTS_PER_REQUEST", 0.0)
    table = DigitalTableFactory(bots=[1, 2, 3])
    take_seat(phone, table, 0)
    for _ in range(20):  # Ana plays until her card leaves a bot to move (she led the trick, or a bot took it)
        while digital.view(table, None)["waiting_for"] != 0:
            pass  # each view moves one bot on, until Ana is to play
        tag = tag_of(phone.get(live_url(table, 0)))
        assert phone.get(live_url(table, 0), HTTP_IF_NONE_MATCH=tag).status_code == 304  # settled: Ana to play
        mine = digital.view(table, 0)
        digital.play(table, 0, mine["legal"][0], mine["action_number"])
        table.refresh_from_db()
        if digital.view(table, None, move_bots=False)["waiting_for"] != 0:
            break
    assert digital.view(table, None, move_bots=False)["waiting_for"] in (1, 2, 3)
    waiting = sync.live_etag(table)
    moves = table.move_count
    response = phone.get(live_url(table, 0), HTTP_IF_NONE_MATCH=waiting)
    assert response.status_code == 200  # the poll moved the next bot: never a 304 while a bot is to play
    table.refresh_from_db()
    assert table.move_count > moves and response["ETag"] == sync.live_etag(table)
    assert polls.settled.at(table.pk, (table.version, moves)) is None


def test_the_play_page_says_a_deal_is_live_until_the_game_is_over(client):
    table = DigitalTableFactory()  # Bea is to lead the first deal
    page = f"/tables/{table.id}/play/"
    assert " data-deal-live" in client.get(page).content.decode()
    ledger.finish(table.id)  # ended by hand: nobody is to play any more, the page may ask less often
    assert " data-deal-live" not in client.get(page).content.decode()
