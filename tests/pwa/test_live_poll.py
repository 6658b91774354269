"""The live check a table page makes every second (``…/live/``): 304 while the table is as the phone shows it, else
the page itself, once — what the phone puts on screen and keeps for offline use (one request per change
and per phone)."""

import html
import json
import re
from urllib.parse import quote

import pytest

from companion.tables import ledger
from companion.tables.models import Table
from tests.factories import TableFactory
from tests.tables.helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db


def poll_url(table, token=None):
    return f"/tables/{table.id}/edit/{token}/live/" if token else f"/tables/{table.id}/live/"


def page_tag(client, path) -> str:
    page = client.get(path).content.decode()
    return html.unescape(re.search(r'<section id="sheet"[^>]* data-etag="([^"]+)"', page).group(1))


@pytest.mark.parametrize("editor", [False, True])
def test_a_table_as_the_page_shows_it_answers_304_from_one_read(client, django_assert_num_queries, editor):
    table = TableFactory(rounds=BARBU_FOUR[:1])
    token = table.edit_token if editor else None
    page = f"/tables/{table.id}/edit/{token}/" if editor else f"/tables/{table.id}/"
    tag = page_tag(client, page)
    assert re.fullmatch(r'"v1-[0-9a-f]{8}"', tag)
    with django_assert_num_queries(1):
        response = client.get(poll_url(table, token), HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 304 and response.content == b""
    assert response["ETag"] == tag
    # The edit page holds its token: not to be kept by a browser or a proxy.
    assert response["Cache-Control"] == ("no-store" if editor else "no-cache")


def test_after_a_change_the_answer_is_the_whole_page_with_the_new_sheet(client):
    table = TableFactory()
    tag = page_tag(client, f"/tables/{table.id}/")
    ledger.add_round(table.id, BARBU_FOUR[0])
    response = client.get(poll_url(table), HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 200
    body = response.content.decode()
    # The page as its own address gives it (kept as the offline copy), not the htmx partial.
    assert body.lstrip().lower().startswith("<!doctype html>") and '<main id="main">' in body
    assert 'id="live" data-version="1"' in body and 'id="round-1"' in body
    assert response["ETag"] == tag.replace('"v0-', '"v1-')
    assert html.unescape(re.search(r'data-etag="([^"]+)"', body).group(1)) == response["ETag"]
    # tricks 4, 3, 5, 1 at 5 points a trick
    assert re.search(r'data-seat="0">20', body)


def test_a_rename_without_a_new_version_is_a_change_too(client):
    table = TableFactory()
    tag = page_tag(client, f"/tables/{table.id}/")
    Table.objects.filter(pk=table.pk).update(players=["Anne", "Bea", "Cid", "Dan"])
    response = client.get(poll_url(table), HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 200 and "Anne" in response.content.decode()


def test_the_editors_answer_to_its_round_carries_the_tag_its_next_check_sends(client):
    table = TableFactory()
    edit = f"/tables/{table.id}/edit/{table.edit_token}/"
    response = client.post(edit, {"tricks.0": "4", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1", "round_number": "1"},
                           HTTP_HX_REQUEST="true", HTTP_IDEMPOTENCY_KEY="atout-test-1")
    assert response.status_code == 200
    tag = html.unescape(re.search(r'<section id="sheet"[^>]* data-etag="([^"]+)"', response.content.decode()).group(1))
    assert client.get(poll_url(table, table.edit_token), HTTP_IF_NONE_MATCH=tag).status_code == 304


def test_the_edit_check_needs_the_edit_token_and_an_unknown_table_is_a_404(client):
    table = TableFactory()
    wrong = client.get(poll_url(table, "not-the-token"))
    assert wrong.status_code == 403 and b"round-" not in wrong.content
    assert client.get("/tables/nope/live/").status_code == 404
    assert client.post(poll_url(table)).status_code == 405


def test_the_edit_page_says_what_the_coming_rounds_are(client):
    table = TableFactory(rounds=BARBU_FOUR[:1])
    edit = f"/tables/{table.id}/edit/{table.edit_token}/"
    page = client.get(edit).content.decode()
    coming = json.loads(html.unescape(re.search(r'data-upcoming="([^"]*)"', page).group(1)))
    # A game of five manches: rounds 2 to 5 are still to come. Round 2 is the hearts manche (5 points a heart;
    # tricks only a cross-check there), dealt clockwise by seat (2 - 1) % 4 = 1, Bea; Cid, on her left, leads.
    assert [r["n"] for r in coming] == [2, 3, 4, 5]
    assert coming[0] == {"n": 2, "contract": "Les cœurs", "rule": f"/rules/barbu/?back={quote(edit, safe='')}#coeurs", "dealer": "Bea",
                         "first": "Cid", "points": {"tricks": 0, "hearts": 5}}
    # Round 5, la salade: every part counts; dealt by seat 0 again.
    assert coming[3]["points"] == {"tricks": 5, "hearts": 5, "queens": 20, "king_of_hearts": 80}
    assert coming[3]["dealer"] == "Ana"


def test_the_page_polls_its_own_live_check(client):
    table = TableFactory()
    view = client.get(f"/tables/{table.id}/").content.decode()
    assert f'data-poll="/tables/{table.id}/live/"' in view
    edit = client.get(f"/tables/{table.id}/edit/{table.edit_token}/").content.decode()
    assert f'data-poll="/tables/{table.id}/edit/{table.edit_token}/live/"' in edit
