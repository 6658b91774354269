"""A game ended by hand before its first round: a digital table nobody played, a table opened by mistake. The end
is allowed (not a 409 "no_round"); the table ends without a winner, says "Partie terminée sans donne", and every
page, the CSV and the circle cope with it. It can be reopened (it was ended by hand) and played again as a
rematch."""

from __future__ import annotations

import pytest
from django.test import Client

from companion.tables import digital, ledger
from companion.tables.models import Event, Table
from tests.factories import DigitalTableFactory, GroupTableFactory, TableFactory
from tests.tables.helpers import post_json, take_seats

pytestmark = pytest.mark.django_db

NO_ROUND = "Partie terminée sans donne : pas de gagnant."


def edit(table):
    return f"/tables/{table.id}/edit/{table.edit_token}/"


def test_the_api_ends_a_table_without_any_round(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"])
    response = post_json(client, f"/api/tables/{table.id}/finish", {}, token=table.edit_token)
    assert response.status_code == 200
    body = response.json()
    assert body["finished"] is True and body["winners"] == [] and body["rounds"] == []
    assert list(Event.objects.filter(table=table).values_list("kind", flat=True)) == ["finish"]
    again = post_json(client, f"/api/tables/{table.id}/finish", {}, token=table.edit_token)
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "finished"


def test_every_page_of_a_table_ended_without_a_round(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"])
    confirm = client.get(edit(table) + "confirm/finish/")
    assert confirm.status_code == 200
    assert "Aucune donne n'a été jouée : la partie se terminera sans gagnant." in confirm.content.decode()
    assert client.post(edit(table) + "finish/").status_code == 302
    for url in (f"/tables/{table.id}/", edit(table)):
        page = client.get(url)
        assert page.status_code == 200
        html = page.content.decode()
        assert NO_ROUND in html and "Gagnant" not in html
    assert "Reprendre la partie" in client.get(edit(table)).content.decode()
    history = client.get(f"/tables/{table.id}/history/")
    assert history.status_code == 200
    csv = b"".join(client.get(f"/tables/{table.id}/export.csv").streaming_content).decode("utf-8-sig")
    lines = csv.splitlines()
    assert len(lines) == 3  # the header, then one row a player, no round on it
    assert lines[1].split(";")[11] == "oui" and lines[1].split(";")[3] == ""  # "terminée à la main", no round
    assert client.get(f"/api/tables/{table.id}").json()["winners"] == []


def test_a_table_ended_without_a_round_is_reopened_and_rematched(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"])
    ledger.finish(table.id)
    assert client.post(edit(table) + "reopen/").status_code == 302
    assert not ledger.load(Table.objects.get(pk=table.pk)).finished
    ledger.finish(table.id)
    rematch = client.post(edit(table) + "rematch/")
    assert rematch.status_code == 302
    new = Table.objects.exclude(pk=table.pk).get()
    # Ana dealt the (unplayed) first round: Bea deals first now, each in their seat.
    assert new.players == ["Ana", "Bea"] and new.first_dealer == 1


def test_a_digital_table_nobody_played_is_ended_from_its_edit_link():
    table = DigitalTableFactory()  # the table waits for Bea, who never came
    client = Client()
    assert "Terminer la partie maintenant" in client.get(edit(table)).content.decode()
    assert client.post(edit(table) + "finish/").status_code == 302
    table.refresh_from_db()
    view = digital.view(table, 1)
    assert view["finished"] and view["legal"] == [] and view["waiting_for"] is None
    take_seats(client, table)
    for url in (f"/tables/{table.id}/seat/{table.seat_tokens[1]}/", f"/tables/{table.id}/play/", edit(table) + "play/"):
        page = client.get(url)
        assert page.status_code == 200
        html = page.content.decode()
        assert NO_ROUND in html and "playable" not in html
    refused = post_json(client, f"/api/tables/{table.id}/play", {"action": view["hand"][0], "after": 0},
                        token=table.seat_tokens[1])
    assert refused.status_code == 403  # her seat is bound to this client's "phone": the API refuses the token alone
    # Reopened, the deal it left goes on where it stood.
    ledger.reopen(table.id)
    table.refresh_from_db()
    assert digital.view(table, None)["waiting_for"] == 1
    assert digital.view(table, 1)["hand"] == view["hand"]
    # Ended again and played again: a new digital table with its seats.
    ledger.finish(table.id)
    assert client.post(edit(table) + "rematch/").status_code == 302
    assert Table.objects.exclude(pk=table.pk).get().digital


def test_a_circle_does_not_count_a_table_ended_without_a_round(client):
    played = GroupTableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}], ended=True)
    group = played.group
    empty = GroupTableFactory(group=group, game="libre", players=["Ana", "Bea"], ended=True)
    assert ledger.load(empty).finished
    page = client.get(f"/groups/{group.id}/")
    assert page.status_code == 200
    html = page.content.decode()
    # Each player's places list the table played, not the one ended before its first round.
    assert html.count(f'href="/tables/{played.id}/" class="pr-place') == 2
    assert f'href="/tables/{empty.id}/" class="pr-place' not in html
    export = client.get(f"/groups/{group.id}/export.csv")
    assert export.status_code == 200 and b"".join(export.streaming_content)


def test_a_circle_history_with_a_table_ended_without_a_round_imports_back(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from companion.groups.models import Group

    played = GroupTableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}], ended=True)
    GroupTableFactory(group=played.group, game="libre", players=["Ana", "Bea"], ended=True)
    exported = b"".join(client.get(f"/groups/{played.group.id}/export.csv").streaming_content)
    response = client.post("/groups/import/", {"file": SimpleUploadedFile("h.csv", exported, "text/csv"), "name": ""})
    assert response.status_code == 302, response.content.decode()[:2000]
    copy = Group.objects.exclude(pk=played.group.pk).get()
    states = sorted((ledger.load(t) for t in Table.objects.filter(group=copy)), key=lambda s: len(s.rounds))
    assert [(len(s.rounds), s.finished, s.sheet.closed, s.winner_names()) for s in states] == [
        (0, True, True, []), (1, True, True, ["Bea"])]  # the free sheet: the highest total wins
