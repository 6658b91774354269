from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from companion.groups import history
from companion.tables import ledger

from .helpers import BARBU_GAME, add_table, bulk_history, make_group

pytestmark = pytest.mark.django_db


def _count(client, url) -> tuple[int, object]:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
        if response.streaming:
            b"".join(response.streaming_content)
    return len(ctx.captured_queries), response


def _event_reads(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        client.get(url)
    return sum(1 for q in ctx.captured_queries if q["sql"].lstrip().upper().startswith("SELECT") and "tables_event" in q["sql"])


def test_the_group_page_costs_three_queries_whatever_the_history_length(client):
    small, large = make_group("Petit"), make_group("Grand")
    bulk_history(small, 3)
    bulk_history(large, 400)
    for group in (small, large):
        client.get(f"/groups/{group.id}/")  # the first view keeps each table's summary
    # The group, its players, and its tables joined with their kept summaries: no event is read.
    few, response = _count(client, f"/groups/{small.id}/")
    many, response = _count(client, f"/groups/{large.id}/")
    assert few == many == 3
    html = response.content.decode()
    assert "400 parties" in html
    # Every table ends Ana 70, Bea 130, Cid 190, Dan 190: Ana won all 400 (100 %), always first.
    assert '<td>400</td><td>400<small>100&nbsp;%</small></td><td>1,0</td><td>70<small>70</small></td>' in html


def test_the_first_view_reads_the_events_once_whatever_the_history_length(client):
    small, large = make_group("Petit"), make_group("Grand")
    bulk_history(small, 3)
    bulk_history(large, 400)
    assert _event_reads(client, f"/groups/{small.id}/") == _event_reads(client, f"/groups/{large.id}/") == 1
    assert _event_reads(client, f"/groups/{large.id}/") == 0


def test_after_a_new_round_only_that_table_is_replayed_at_the_same_cost_for_any_history(client):
    costs = []
    for size in (3, 400):
        group = make_group(f"Cercle de {size}")
        bulk_history(group, size)
        going = add_table(group, ["Ana", "Bea", "Cid", "Dan"], BARBU_GAME[:2])
        client.get(f"/groups/{group.id}/")
        ledger.add_round(going.id, BARBU_GAME[2])
        with mock.patch.object(history, "_load", wraps=history._load) as replay:
            count, response = _count(client, f"/groups/{group.id}/")
        assert [c.args[0].id for c in replay.call_args_list] == [going.id]
        assert "En cours · 3 donnes" in response.content.decode()
        costs.append(count)
    # Three reads, the changed table's events, and its new summary written (within a savepoint).
    assert costs[0] == costs[1] == 3 + 1 + 3


def test_the_filtered_page_costs_the_same(client):
    group = make_group()
    bulk_history(group, 250)
    client.get(f"/groups/{group.id}/")
    count, response = _count(client, f"/groups/{group.id}/?game=barbu&player=cid&since=2000-01-01&page=2")
    assert count == 3 and response.status_code == 200


def test_exports_cost_a_constant_number_of_queries(client):
    small, large = make_group("Petit"), make_group("Grand")
    bulk_history(small, 2)
    bulk_history(large, 300)
    assert _count(client, f"/groups/{small.id}/export.csv")[0] == _count(client, f"/groups/{large.id}/export.csv")[0] == 3
    assert _count(client, f"/groups/{small.id}/summary.csv")[0] == _count(client, f"/groups/{large.id}/summary.csv")[0] == 4
