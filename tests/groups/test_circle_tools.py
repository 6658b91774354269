"""The circle's own tools: wins over time, each player's results, merging and deleting players, pre-filled
seats and the circle's link with a QR code."""

import datetime as dt

import pytest

from companion.groups import services, timeline
from companion.groups.history import load_summaries
from companion.groups.models import GroupPlayer
from companion.tables import ledger
from companion.tables.models import Table
from tests.factories import GroupFactory, GroupTableFactory

from .helpers import BARBU_GAME

pytestmark = pytest.mark.django_db

PARIS_EVENING = dt.time(19, 0, tzinfo=dt.UTC)  # 20:00 or 21:00 in Paris: the same local day and month


def _finished(group, players, day: dt.date):
    # The hand-worked Barbu game with the players in this order: seat 0 wins (70 against 130, 190, 190).
    return GroupTableFactory(group=group, players=players, rounds=BARBU_GAME,
                             created=dt.datetime.combine(day, PARIS_EVENING))


def test_wins_are_counted_month_by_month_with_empty_months_kept():
    group = GroupFactory(players=[])
    _finished(group, ["Ana", "Bea", "Cid", "Dan"], dt.date(2025, 1, 10))  # Ana wins
    _finished(group, ["Bea", "Ana", "Cid", "Dan"], dt.date(2025, 1, 20))  # Bea wins
    _finished(group, ["Cid", "Ana", "Bea", "Dan"], dt.date(2025, 3, 2))  # Cid wins
    GroupTableFactory(group=group, players=["Dan", "Ana", "Bea", "Cid"], rounds=BARBU_GAME[:1],
                      created=dt.datetime.combine(dt.date(2025, 4, 1), PARIS_EVENING))  # not finished: no winner
    wins = timeline.wins_by_month(load_summaries(group), {})
    assert wins.months == [dt.date(2025, 1, 1), dt.date(2025, 2, 1), dt.date(2025, 3, 1)]
    assert wins.players == ["Ana", "Bea", "Cid", "Dan"]
    # End of January: Ana 1, Bea 1; February: nothing new; March: Cid 1.
    assert wins.running == [[1, 1, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0]]


def test_no_finished_table_no_chart():
    group = GroupFactory(players=[])
    GroupTableFactory(group=group, rounds=BARBU_GAME[:1])
    assert timeline.wins_by_month(load_summaries(group), {}) is None


def test_each_players_places_table_after_table():
    group = GroupFactory(players=[])
    _finished(group, ["Ana", "Bea", "Cid", "Dan"], dt.date(2025, 1, 10))
    _finished(group, ["Bea", "Ana", "Cid", "Dan"], dt.date(2025, 2, 10))
    results = {p.name: p for p in timeline.results_by_player(load_summaries(group), {}, "fr")}
    # Totals 70, 130, 190, 190 by seat: places 1, 2, 3 and 3 (tied).
    assert [(r.rank, r.won) for r in results["Ana"].results] == [(1, True), (2, False)]
    assert [(r.rank, r.won) for r in results["Bea"].results] == [(2, False), (1, True)]
    assert [r.rank for r in results["Cid"].results] == [3, 3] and [r.rank for r in results["Dan"].results] == [3, 3]
    assert results["Ana"].played == 2 and results["Ana"].results[0].seats == 4


def test_the_circle_page_shows_the_wins_chart_and_the_results(client):
    group = GroupFactory(players=[])
    _finished(group, ["Ana", "Bea", "Cid", "Dan"], dt.date(2025, 1, 10))
    html = client.get(f"/groups/{group.id}/").content.decode()
    assert 'id="wins-chart"' in html and "Victoires cumulées, mois après mois" in html
    assert 'class="pr-place won"' in html
    assert ">jan. 25<" in html  # the month under its step (Django's French abbreviation)


def test_the_circle_link_has_a_qr_code_and_a_copy_button(client):
    group = GroupFactory()
    html = client.get(f"/groups/{group.id}/").content.decode()
    assert 'class="qr"><title>Lien du cercle</title>' in html and 'data-copy="#group-link"' in html


def test_merging_moves_every_seat_to_the_other_name():
    group = GroupFactory(players=["Ana", "Bea", "Cid", "Dan", "Anna"])
    first = GroupTableFactory(group=group, players=["Anna", "Bea", "Cid", "Dan"], rounds=BARBU_GAME[:1])
    second = GroupTableFactory(group=group, players=["Bea", "Anna", "Cid", "Dan"], rounds=BARBU_GAME[:1])
    typo = GroupPlayer.objects.get(group=group, name="Anna")
    ana = GroupPlayer.objects.get(group=group, name="Ana")
    services.merge_players(group, typo.pk, ana.pk)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.players == ["Ana", "Bea", "Cid", "Dan"] and second.players == ["Bea", "Ana", "Cid", "Dan"]
    assert not GroupPlayer.objects.filter(pk=typo.pk).exists()
    assert ledger.load(first).sheet.totals == [20, 15, 25, 5]  # the scores stay with the seat


def test_two_names_at_one_table_are_two_people(client):
    group = GroupFactory(players=["Ana", "Bea", "Cid", "Dan"])
    table = GroupTableFactory(group=group, players=["Ana", "Bea", "Cid", "Dan"])
    ana, bea = (GroupPlayer.objects.get(group=group, name=n) for n in ("Ana", "Bea"))
    response = client.post(f"/groups/{group.id}/players/{ana.pk}/merge/", {"into": bea.pk})
    assert response.status_code == 400
    assert "ont joué à la même table : ce sont deux personnes" in response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')
    table.refresh_from_db()
    assert table.players == ["Ana", "Bea", "Cid", "Dan"] and GroupPlayer.objects.filter(pk=ana.pk).exists()


def test_a_merge_needs_another_player_of_the_circle(client):
    group = GroupFactory(players=["Ana", "Bea"])
    other = GroupFactory(players=["Zoé"])
    ana = GroupPlayer.objects.get(group=group, name="Ana")
    zoe = GroupPlayer.objects.get(group=other, name="Zoé")
    assert client.post(f"/groups/{group.id}/players/{ana.pk}/merge/", {"into": ana.pk}).status_code == 400
    assert client.post(f"/groups/{group.id}/players/{ana.pk}/merge/", {"into": zoe.pk}).status_code == 400
    assert client.post(f"/groups/{group.id}/players/{ana.pk}/merge/", {"into": "x"}).status_code == 400
    assert client.post(f"/groups/{group.id}/players/{zoe.pk}/merge/", {"into": ana.pk}).status_code == 404
    assert GroupPlayer.objects.filter(group=group).count() == 2


def test_a_player_who_never_played_can_be_deleted_one_who_played_cannot(client):
    group = GroupFactory(players=["Ana", "Bea", "Cid", "Dan", "Éve"])
    GroupTableFactory(group=group, players=["Ana", "Bea", "Cid", "Dan"])
    eve = GroupPlayer.objects.get(group=group, name="Éve")
    ana = GroupPlayer.objects.get(group=group, name="Ana")
    page = client.get(f"/groups/{group.id}/players/").content.decode()
    assert f"/players/{eve.pk}/delete/" in page and f"/players/{ana.pk}/delete/" not in page
    assert client.post(f"/groups/{group.id}/players/{eve.pk}/delete/").status_code == 302
    assert not GroupPlayer.objects.filter(pk=eve.pk).exists()
    refused = client.post(f"/groups/{group.id}/players/{ana.pk}/delete/")
    assert refused.status_code == 409 and "a joué dans ce cercle" in refused.content.decode()
    assert GroupPlayer.objects.filter(pk=ana.pk).exists()


def test_a_new_circle_table_starts_from_the_last_table_or_the_circles_players(client):
    group = GroupFactory(players=["Ana", "Bea", "Cid"])
    page = client.get(f"/groups/{group.id}/tables/new/?game=barbu").content.decode()
    # No table yet: the circle's players, in its order (by name).
    assert [v in page for v in ('value="Ana"', 'value="Bea"', 'value="Cid"')] == [True, True, True]
    GroupTableFactory(group=group, game="rami", players=["Dan", "Cid", "Bea"])
    page = client.get(f"/groups/{group.id}/tables/new/?game=barbu").content.decode()
    # The last table of any game, when the circle never played this one.
    assert page.index('value="Dan"') < page.index('value="Cid"') < page.index('value="Bea"')
    assert Table.objects.filter(group=group).count() == 1
