import datetime as dt

import pytest
from django.utils import timezone

from companion.games import registry
from companion.groups import stats
from companion.groups.history import Filters, load_summaries, ranks

from .helpers import BARBU_GAME, add_table, make_group

pytestmark = pytest.mark.django_db


def _at(day: str) -> dt.datetime:
    return dt.datetime.fromisoformat(day + "T21:00").replace(tzinfo=timezone.get_current_timezone())


@pytest.fixture
def history():
    """Four Barbu tables worked out by hand (see helpers.BARBU_GAME for the totals by seat).

    A (March): Ana 70 (1st, wins), Bea 130 (2nd), Cid 190 and Dan 190 (3rd both).
    B (April), seats rotated: Bea 70 (wins), Cid 130, Dan 190, Ana 190 (3rd both).
    C (April): two rounds only, still going: it counts nowhere.
    D (May), ended by hand after the first round (tricks 4 3 5 1 ×5): Cid 20, Ana 15, Bea 25, Dan 5 (wins);
    ranks Dan 1, Ana 2, Cid 3, Bea 4.
    """
    group = make_group()
    add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME, created=_at("2025-03-06"))
    add_table(group, ["Bea", "Cid", "Dan", "Ana"], BARBU_GAME, created=_at("2025-04-03"))
    add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:2], created=_at("2025-04-10"))
    add_table(group, ["Cid", "Ana", "Bea", "Dan"], BARBU_GAME[:1], ended=True, created=_at("2025-05-01"))
    return group


def _row(board, name):
    return next(p for p in board if p.name == name)


def test_per_player_numbers_for_a_hand_worked_history(history):
    board = stats.by_game(load_summaries(history))["barbu"]
    ana, bea, cid, dan = (_row(board, n) for n in ("Ana", "Bea", "Cid", "Dan"))
    assert (ana.played, ana.won, ana.win_percent, ana.average_rank, ana.best, ana.worst) == (3, 1, 33, 2.0, 15, 190)
    assert (bea.played, bea.won, bea.rank_sum, bea.best, bea.worst) == (3, 1, 7, 25, 130)
    assert (cid.played, cid.won, cid.win_rate, cid.rank_sum, cid.best, cid.worst) == (3, 0, 0.0, 8, 20, 190)
    assert (dan.played, dan.won, dan.rank_sum, dan.best, dan.worst) == (3, 1, 7, 5, 190)


def test_the_leaderboard_orders_by_win_rate_then_wins_then_average_rank_then_name(history):
    board = stats.by_game(load_summaries(history))["barbu"]
    # Ana, Bea and Dan each won 1 of 3; Ana's average rank is 2.0, Bea's and Dan's 7/3; Cid won nothing.
    assert [p.name for p in board] == ["Ana", "Bea", "Dan", "Cid"]


def test_the_group_page_shows_the_leaderboard_and_the_tables_newest_first(client, history):
    html = client.get(f"/groups/{history.id}/").content.decode()
    board = html[html.index('data-game="barbu"'):]
    assert board.index("1. <bdi>Ana") < board.index("2. <bdi>Bea") < board.index("3. <bdi>Dan") < board.index("4. <bdi>Cid")
    # Played 3, won 1 (33 %), average rank 2.0, best total 15 and worst 190 under it.
    assert ('<tr data-player="Ana"><th scope="row" class="rowhead">1. <bdi>Ana</bdi></th><td>3</td><td>1<small>33&nbsp;%</small></td>'
            '<td>2,0</td><td>15<small>190</small></td></tr>') in html
    listing = html[html.index('id="tables"'):]
    assert "4 parties" in listing
    assert listing.index("1 mai 2025") < listing.index("10 avril 2025") < listing.index("3 avril 2025") < listing.index("6 mars 2025")
    assert "♛ <bdi>Dan</bdi>" in listing and "En cours · 2 donnes" in listing
    assert "<bdi>Ana</bdi> 70 · <bdi>Bea</bdi> 130 · <bdi>Cid</bdi> 190 · <bdi>Dan</bdi> 190" in listing


def test_filters_by_period_player_and_game(client, history):
    april = load_summaries(history, Filters(since=dt.date(2025, 4, 1), until=dt.date(2025, 4, 30)))
    assert [s.rounds for s in april] == [2, 5]
    board = stats.by_game(april)["barbu"]
    assert [(p.name, p.won) for p in board] == [("Bea", 1), ("Cid", 0), ("Ana", 0), ("Dan", 0)]
    page = client.get(f"/groups/{history.id}/?since=2025-04-01&until=2025-04-30&player=")
    assert page.status_code == 200 and "2 parties" in page.content.decode()
    assert len(load_summaries(history, Filters(player="DAN"))) == 4
    assert load_summaries(history, Filters(player="Eve")) == []
    assert len(load_summaries(history, Filters(game="barbu"))) == 4
    assert load_summaries(history, Filters(game="vicaire")) == []


def test_a_filter_that_cannot_be_read_is_named_and_answered_400(client, history):
    response = client.get(f"/groups/{history.id}/?since=hier&game=belote-imaginaire")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Date attendue au format AAAA-MM-JJ." in html and "Jeu inconnu : belote-imaginaire." in html
    assert "4 parties" in html  # the rest of the page is still there, unfiltered


def test_ranks_share_ties_and_follow_the_games_direction():
    barbu = registry.get("barbu").new_sheet(4)
    barbu.totals = [70, 130, 190, 190]
    assert ranks(barbu) == [1, 2, 3, 3]
    vicaire = registry.get("vicaire").new_sheet(3)  # the most points wins
    vicaire.totals = [50, 70, 70]
    assert ranks(vicaire) == [3, 1, 1]


def test_a_shared_win_counts_for_everyone_who_shares_it():
    group = make_group("Égalité")
    add_table(group, ["Ana", "Bea", "Cid", "Dan"], [{"tricks": [4, 3, 5, 1]}], ended=True)
    add_table(group, ["Ana", "Bea", "Cid", "Dan"], [{"tricks": [3, 3, 3, 4]}], ended=True)
    board = stats.by_game(load_summaries(group))["barbu"]
    # Table 1: Ana 20, Bea 15, Cid 25, Dan 5: Dan wins, then Bea, Ana, Cid.
    # Table 2: Ana, Bea and Cid on 15 share the win (all 1st); Dan on 20 is 4th.
    assert {p.name: (p.won, p.rank_sum) for p in board} == {"Ana": (1, 3 + 1), "Bea": (1, 2 + 1), "Cid": (1, 4 + 1), "Dan": (1, 1 + 4)}


def test_overall_adds_tables_played_and_won_over_games():
    boards = {"barbu": [stats.PlayerStats("Ana", played=3, won=1, rank_sum=6)],
              "vicaire": [stats.PlayerStats("ana", played=2, won=2, rank_sum=2), stats.PlayerStats("Bea", played=2, rank_sum=4)]}
    out = stats.overall(boards)
    assert [(p.name, p.played, p.won, p.win_percent) for p in out] == [("Ana", 5, 3, 60), ("Bea", 2, 0, 0)]


def test_a_table_whose_record_no_longer_replays_is_left_out_not_fatal(client, history):
    from companion.tables.models import Table

    broken = Table.objects.filter(group=history).order_by("-created_at").first()  # D, one round
    Table.objects.filter(pk=broken.pk).update(game="belote-imaginaire")
    assert client.get(f"/groups/{history.id}/").status_code == 200
    assert len(load_summaries(history)) == 3
    rows = b"".join(client.get(f"/groups/{history.id}/export.csv").streaming_content).decode("utf-8-sig").splitlines()
    assert len(rows) == 1 + 4 * (5 + 5 + 2)  # A, B and C, four players each
