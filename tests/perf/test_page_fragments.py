"""The parts of a table's pages that grow with it are rendered once per version and kept in Django's cache
(companion.tables.fragments): a correction, a deletion or a renaming never shows a stale row, and no edit token
is written into the cache."""

import pickle
from unittest import mock

import pytest
from django.core.cache import cache

from companion.groups import services
from companion.tables import pages_common
from tests.factories import GroupTableFactory, TableFactory
from tests.tables.helpers import BARBU_FOUR, post_json

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def edit(table) -> str:
    return f"/tables/{table.id}/edit/{table.edit_token}/"


def page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_a_page_read_again_at_the_same_version_renders_no_row(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}, {"points": [1, 1]}])
    first = page(client, f"/tables/{table.id}/")
    with mock.patch.object(pages_common, "sheet_rows", wraps=pages_common.sheet_rows) as rows:
        again = page(client, f"/tables/{table.id}/")
    assert rows.call_count == 0

    def body(html):
        return html[html.index("<tbody>"):html.index("</tbody>")]
    assert body(again) == body(first) and "<td>1<small>6</small></td>" in body(again)  # Bea: 5 + 1


@pytest.mark.parametrize("url", ["view", "edit"])
def test_a_corrected_round_is_never_shown_stale(client, url):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}, {"points": [1, 1]}])
    address = f"/tables/{table.id}/" if url == "view" else edit(table)
    before = page(client, address)
    assert "<td>3<small>3</small></td>" in before and "<td>1<small>6</small></td>" in before  # Bea: 5 + 1
    response = client.put(f"/api/tables/{table.id}/rounds/1", '{"points": [10, 0]}', content_type="application/json",
                          HTTP_AUTHORIZATION=f"Bearer {table.edit_token}")
    assert response.status_code == 200
    after = page(client, address)
    # Round 1 now 10 / 0; round 2 runs on from it: Ana 10 + 1 = 11, Bea 0 + 1 = 1.
    assert "<td>10<small>10</small></td>" in after and "<td>0<small>0</small></td>" in after
    assert "<td>1<small>11</small></td>" in after and "<td>1<small>1</small></td>" in after
    assert "<td>3<small>3</small></td>" not in after and "<td>1<small>6</small></td>" not in after


def test_a_deleted_round_is_never_shown_stale(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}, {"points": [1, 2]}])
    before = page(client, edit(table))
    assert 'id="round-2"' in before
    response = client.delete(f"/api/tables/{table.id}/rounds/1", HTTP_AUTHORIZATION=f"Bearer {table.edit_token}")
    assert response.status_code == 200
    after = page(client, edit(table))
    # What was round 2 (1 and 2) is now round 1 and the only one: its running totals are its own points.
    assert 'id="round-2"' not in after and 'id="round-1"' in after
    assert "<td>1<small>1</small></td>" in after and "<td>2<small>2</small></td>" in after
    assert "<td>3<small>3</small></td>" not in after
    history = page(client, f"/tables/{table.id}/history/")
    assert "Donne 1 supprimée" in history


def test_the_history_follows_every_new_event(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}])
    assert "Donne 1 saisie" in page(client, f"/tables/{table.id}/history/")
    post_json(client, f"/api/tables/{table.id}/rounds", {"points": [2, 2]}, table.edit_token)
    history = page(client, f"/tables/{table.id}/history/")
    assert "Donne 2 saisie" in history and "Donne 1 saisie" in history


def test_a_renamed_player_shows_at_once_without_a_new_version(client):
    table = GroupTableFactory(rounds=BARBU_FOUR[:2])
    old = table.players[0]
    before = page(client, f"/tables/{table.id}/")
    assert f"{old} " in before
    group = table.group
    player = group.players.get(name=old)
    services.rename_player(group, player.id, "Zoé")
    table.refresh_from_db()
    after = page(client, f"/tables/{table.id}/")
    chart_desc = after[after.index('-desc">'):after.index("</desc>")]
    assert "Zoé" in chart_desc and old not in chart_desc


def test_the_edit_links_are_right_and_the_cache_never_holds_a_token(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [3, 5]}])
    html = page(client, edit(table))
    assert f'href="{edit(table)}rounds/1/" class="fix"' in html
    assert "atout-edit-base:" not in html
    # The read-only page at the same version has no correction link at all.
    assert 'class="fix"' not in page(client, f"/tables/{table.id}/")
    kept = [pickle.loads(v) for v in cache._cache.values()]  # noqa: S301 — our own test cache
    assert kept and any("<tr id=\"round-1\">" in str(v) for v in kept)
    assert not any(table.edit_token in str(v) for v in kept)


def test_each_language_has_its_own_rows(client):
    table = TableFactory(rounds=BARBU_FOUR[:1])
    assert "Les plis" in page(client, f"/tables/{table.id}/")
    english = client.get(f"/tables/{table.id}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    rows = english[english.index("<tbody>"):english.index("</tbody>")]
    assert "Les plis" not in rows
