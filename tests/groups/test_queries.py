import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from .helpers import bulk_history, make_group

pytestmark = pytest.mark.django_db


def _count(client, url) -> tuple[int, object]:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
        if response.streaming:
            b"".join(response.streaming_content)
    return len(ctx.captured_queries), response


def test_the_group_page_costs_four_queries_whatever_the_history_length(client):
    small, large = make_group("Petit"), make_group("Grand")
    bulk_history(small, 3)
    bulk_history(large, 400)
    # The group, its players, its tables, and all their events at once.
    few, response = _count(client, f"/groups/{small.id}/")
    many, response = _count(client, f"/groups/{large.id}/")
    assert few == many == 4
    html = response.content.decode()
    assert "400 parties" in html
    # Every table ends Ana 70, Bea 130, Cid 190, Dan 190: Ana won all 400.
    assert '<td>400</td><td>400</td><td>100</td><td>1,0</td><td>70</td><td>70</td>' in html


def test_the_filtered_page_costs_the_same(client):
    group = make_group()
    bulk_history(group, 250)
    count, response = _count(client, f"/groups/{group.id}/?game=barbu&player=cid&since=2000-01-01&page=2")
    assert count == 4 and response.status_code == 200


def test_exports_cost_a_constant_number_of_queries(client):
    small, large = make_group("Petit"), make_group("Grand")
    bulk_history(small, 2)
    bulk_history(large, 300)
    assert _count(client, f"/groups/{small.id}/export.csv")[0] == _count(client, f"/groups/{large.id}/export.csv")[0] == 3
    assert _count(client, f"/groups/{small.id}/summary.csv")[0] == _count(client, f"/groups/{large.id}/summary.csv")[0] == 4
