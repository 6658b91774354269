"""A rematch is made once. A double tap, twenty phones at once (threads, each with its own
database connection, released by a barrier, on SQLite and on PostgreSQL), a retry with the same Idempotency-Key
or another one: one new table (one set of seat links on a digital table), and every request lands on it."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.groups.models import Group
from companion.tables import ledger
from companion.tables.models import Event, Seat, Table
from tests.factories import DigitalTableFactory, GroupTableFactory, TableFactory
from tests.helpers import at_once, needs_queued_writers
from tests.tables.helpers import BARBU_FOUR, conforms, post_json

PHONES = 20


def _client() -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE="fr", raise_request_exception=False)


def _ended(**kwargs) -> Table:
    return TableFactory(game="libre", players=["Ana", "Bea", "Cid"], rounds=[{"points": [1, 2, 3]}], ended=True, **kwargs)


def _rematch_api(table: Table, client: Client | None = None, **headers):
    return post_json(client or _client(), f"/api/tables/{table.id}/rematch", {}, table.edit_token, **headers)


def _new_tables(old: Table):
    return Table.objects.exclude(pk=old.pk)


# -- twenty phones at once ------------------------------------------------------------------------------------------
@pytest.mark.django_db(transaction=True)
@needs_queued_writers
def test_twenty_api_rematches_at_once_make_one_table_and_all_get_its_links():
    old = _ended()
    responses = at_once(PHONES, lambda i: _rematch_api(old))
    statuses = sorted(r.status_code for r in responses)
    assert statuses == [200] * (PHONES - 1) + [201], [r.content[:200] for r in responses if r.status_code >= 300]
    bodies = [r.json() for r in responses]
    assert _new_tables(old).count() == 1
    new = _new_tables(old).get()
    assert {b["id"] for b in bodies} == {new.id}
    # Every phone gets the same edit link, and it opens the new table.
    assert len({b["edit_token"] for b in bodies}) == 1 and len({b["edit_url"] for b in bodies}) == 1
    assert new.check_token(bodies[0]["edit_token"])
    assert Event.objects.filter(table=old, kind=Event.REMATCH).count() == 1
    # Seat 0 dealt first (the free sheet's dealer goes round): Bea deals first now, everyone in their seat.
    assert new.players == ["Ana", "Bea", "Cid"] and new.first_dealer == 1


@pytest.mark.django_db(transaction=True)
@needs_queued_writers
def test_twenty_rematches_of_a_digital_table_make_one_set_of_seats():
    old = DigitalTableFactory(bots=[3])
    for entry in BARBU_FOUR:  # the five manches typed: the game is over
        ledger.add_round(old.id, entry)
    responses = at_once(PHONES, lambda i: _rematch_api(old))
    assert sorted(r.status_code for r in responses) == [200] * (PHONES - 1) + [201]
    new = _new_tables(old).get()
    assert new.digital
    # Four seats: three humans and the bot, once.
    assert Seat.objects.filter(table=new).count() == 4
    assert Seat.objects.filter(table=new, is_bot=True).count() == 1
    # Seat 0 dealt round 1, so Bea deals first now, everyone in their seat, the bot still in Dan's (seat 3). The
    # three human seats' links, in the one answer that made them.
    first = next(r.json() for r in responses if r.status_code == 201)
    assert [(s["seat"], s["name"]) for s in first["seats"]] == [(0, "Ana"), (1, "Bea"), (2, "Cid")]
    for r in responses:
        body = r.json()
        assert body["id"] == new.id and body["digital"] is True
        if r.status_code == 200:
            assert "seats" not in body  # stored hashed: only the answer that made them has the seats' links


@pytest.mark.django_db(transaction=True)
@needs_queued_writers
def test_twenty_taps_on_the_page_make_one_table_and_all_land_on_its_edit_page():
    old = _ended()
    url = f"/tables/{old.id}/edit/{old.edit_token}/rematch/"
    responses = at_once(PHONES, lambda i: _client().post(url))
    assert [r.status_code for r in responses] == [302] * PHONES, [r.content[:200] for r in responses]
    new = _new_tables(old).get()
    locations = {r["Location"] for r in responses}
    assert len(locations) == 1
    location = locations.pop()
    assert location.startswith(f"/tables/{new.id}/edit/") and location.endswith("?created=1")
    assert _client().get(location).status_code == 200


@pytest.mark.django_db(transaction=True)
@needs_queued_writers
def test_twenty_rematches_of_a_circle_table_make_one_table_in_the_circle():
    old = GroupTableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [1, 2]}], ended=True)
    responses = at_once(PHONES, lambda i: _rematch_api(old))
    assert sorted(r.status_code for r in responses) == [200] * (PHONES - 1) + [201]
    assert Table.objects.filter(group=old.group).count() == 2
    new = _new_tables(old).get()
    tokens = {r.json()["edit_token"] for r in responses}
    assert len(tokens) == 1 and new.check_token(tokens.pop())


# -- a double tap, retries -------------------------------------------------------------------------------------------
@pytest.mark.django_db
class TestOneRematch:
    def test_a_double_tap_on_the_page_lands_twice_on_the_same_new_table(self, client):
        old = _ended()
        url = f"/tables/{old.id}/edit/{old.edit_token}/rematch/"
        first, second = client.post(url), client.post(url)
        assert first.status_code == second.status_code == 302
        assert first["Location"] == second["Location"]
        assert _new_tables(old).count() == 1
        # Another phone holding the old edit link lands there too.
        assert Client().post(url)["Location"] == first["Location"]

    def test_the_old_edit_page_says_the_rematch_was_made_and_the_history_links_to_it(self, client):
        old = _ended()
        assert "Ouvrir la revanche" not in client.get(f"/tables/{old.id}/edit/{old.edit_token}/").content.decode()
        new = client.post(f"/tables/{old.id}/edit/{old.edit_token}/rematch/")["Location"].split("/")[2]
        page = client.get(f"/tables/{old.id}/edit/{old.edit_token}/").content.decode()
        assert "Ouvrir la revanche" in page
        history = client.get(f"/tables/{old.id}/history/").content.decode()
        assert "Revanche lancée" in history and f'href="/tables/{new}/"' in history

    def test_a_double_tap_on_a_digital_table_lands_on_one_share_screen_that_hands_each_seat_its_link(self, client):
        old = DigitalTableFactory(bots=[3])
        for entry in BARBU_FOUR:
            ledger.add_round(old.id, entry)
        url = f"/tables/{old.id}/edit/{old.edit_token}/rematch/"
        first, second = client.post(url), client.post(url)
        assert first["Location"] == second["Location"] and "/share/" in first["Location"]
        new = _new_tables(old).get()
        assert Seat.objects.filter(table=new).count() == 4
        share = client.get(second["Location"]).content.decode()
        # The three human seats' links are handed out from there, one at a time, each issued afresh.
        assert share.count('name="link" value=') == 3
        shown = client.post(second["Location"].split("?")[0], {"link": "0"}).content.decode()
        assert shown.count(f"/tables/{new.id}/seat/") >= 1

    def test_a_retry_with_the_same_key_replays_and_another_key_gets_the_same_table(self, client):
        old = _ended()
        first = _rematch_api(old, client, HTTP_IDEMPOTENCY_KEY="phone-1:rematch")
        assert first.status_code == 201 and "Idempotent-Replayed" not in first
        conforms(first, "POST", f"/api/tables/{old.id}/rematch")
        retry = _rematch_api(old, client, HTTP_IDEMPOTENCY_KEY="phone-1:rematch")
        assert retry.status_code == 201 and retry["Idempotent-Replayed"] == "true"
        assert retry.json() == first.json()
        conforms(retry, "POST", f"/api/tables/{old.id}/rematch")
        other = _rematch_api(old, client, HTTP_IDEMPOTENCY_KEY="phone-2:rematch")
        assert other.status_code == 200 and other.json() == first.json()
        conforms(other, "POST", f"/api/tables/{old.id}/rematch")
        keyless = _rematch_api(old, client)
        assert keyless.status_code == 200 and keyless.json() == first.json()
        assert _new_tables(old).count() == 1
        made = Event.objects.get(table=old, kind=Event.REMATCH)
        assert made.idempotency_key == "phone-1:rematch" and made.data == {"table": first.json()["id"]}

    def test_a_key_another_request_used_is_refused_and_nothing_is_made(self, client):
        old = TableFactory(game="libre", players=["Ana", "Bea"])
        post_json(client, f"/api/tables/{old.id}/rounds", {"points": [1, 2]}, old.edit_token,
                  HTTP_IDEMPOTENCY_KEY="round-1")
        ledger.finish(old.id)
        response = _rematch_api(old, client, HTTP_IDEMPOTENCY_KEY="round-1")
        assert response.status_code == 422 and response.json()["errors"][0]["code"] == "key_reused"
        assert _new_tables(old).count() == 0
        bad = _rematch_api(old, client, HTTP_IDEMPOTENCY_KEY="no spaces")
        assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "Idempotency-Key"
        assert _new_tables(old).count() == 0

    def test_a_rematch_key_is_no_round_key(self, client):
        old = _ended()
        _rematch_api(old, client, HTTP_IDEMPOTENCY_KEY="k-1")
        ledger.reopen(old.id)
        response = post_json(client, f"/api/tables/{old.id}/rounds", {"points": [1, 2, 3]}, old.edit_token,
                             HTTP_IDEMPOTENCY_KEY="k-1")
        assert response.status_code == 422

    def test_a_replayed_digital_rematch_conforms_without_seats(self, client):
        old = DigitalTableFactory(bots=[3])
        for entry in BARBU_FOUR:
            ledger.add_round(old.id, entry)
        first = _rematch_api(old, client)
        assert first.status_code == 201 and len(first.json()["seats"]) == 3
        again = _rematch_api(old, client)
        assert again.status_code == 200 and "seats" not in again.json() and again.json()["digital"] is True
        conforms(again, "POST", f"/api/tables/{old.id}/rematch")

    def test_the_new_edit_token_is_not_the_old_one_and_a_wrong_token_makes_nothing(self, client):
        old = _ended()
        assert _rematch_api(old, client).json()["edit_token"] != old.edit_token
        assert post_json(client, f"/api/tables/{old.id}/rematch", {}, "x" * 24).status_code == 403

    def test_when_the_circle_is_gone_a_later_rematch_request_gets_the_read_only_link(self, client):
        old = GroupTableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [1, 2]}], ended=True)
        first = _rematch_api(old, client).json()
        Group.objects.all().delete()  # the tables stay, out of any circle
        again = _rematch_api(old, client)
        assert again.status_code == 200 and again.json()["id"] == first["id"] and "edit_token" not in again.json()
        conforms(again, "POST", f"/api/tables/{old.id}/rematch")
        page = client.post(f"/tables/{old.id}/edit/{old.edit_token}/rematch/")
        assert page.status_code == 302 and page["Location"] == f"/tables/{first['id']}/"

    def test_the_old_sheet_is_unchanged_by_its_rematch(self, client):
        old = _ended()
        before = client.get(f"/api/tables/{old.id}").json()
        _rematch_api(old, client)
        ledger.cache.clear()
        after = client.get(f"/api/tables/{old.id}").json()
        assert after["totals"] == before["totals"] == [1, 2, 3] and after["finished"] is True
        assert after["rounds"] == before["rounds"]
