"""Phones ask "anything new?" every second: GET /api/tables/<id> answers 304 from the version and names alone."""

import re

import pytest

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db


def test_an_unchanged_table_answers_304_with_its_etag(client):
    table = create_table(client)
    first = client.get(f"/api/tables/{table['id']}")
    # "v<version>-<hash of the names>": a group's rename changes the names, not the version.
    assert first.status_code == 200 and re.fullmatch(r'"v0-[0-9a-f]{8}"', first["ETag"])
    again = client.get(f"/api/tables/{table['id']}", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]


def test_a_new_round_changes_the_etag_and_the_answer(client):
    table = create_table(client)
    before = client.get(f"/api/tables/{table['id']}")["ETag"]
    post_json(client, f"/api/tables/{table['id']}/rounds", {"tricks": [4, 3, 5, 1]}, table["edit_token"])
    response = client.get(f"/api/tables/{table['id']}", HTTP_IF_NONE_MATCH=before)
    assert response.status_code == 200
    assert response["ETag"] == before.replace('"v0-', '"v1-')
    assert response.json()["totals"] == [20, 15, 25, 5]


def test_a_weak_or_listed_etag_matches_too(client):
    table = create_table(client)
    tag = client.get(f"/api/tables/{table['id']}")["ETag"]
    assert client.get(f"/api/tables/{table['id']}", HTTP_IF_NONE_MATCH=f"W/{tag}").status_code == 304
    assert client.get(f"/api/tables/{table['id']}", HTTP_IF_NONE_MATCH=f'"v7", {tag}').status_code == 304
    # A bare version does not say which names the phone shows: the full answer.
    assert client.get(f"/api/tables/{table['id']}", HTTP_IF_NONE_MATCH='"v0"').status_code == 200


def test_a_garbled_if_none_match_gets_the_full_answer(client):
    table = create_table(client)
    assert client.get(f"/api/tables/{table['id']}", HTTP_IF_NONE_MATCH="v0 nonsense").status_code == 200


def test_the_check_costs_one_query(client, django_assert_num_queries):
    table = create_table(client)
    tag = client.get(f"/api/tables/{table['id']}")["ETag"]
    with django_assert_num_queries(1):
        assert client.get(f"/api/tables/{table['id']}", HTTP_IF_NONE_MATCH=tag).status_code == 304


def test_the_answer_asks_browsers_to_revalidate(client):
    table = create_table(client)
    assert client.get(f"/api/tables/{table['id']}")["Cache-Control"] == "no-cache"


def test_an_unknown_table_is_still_a_404(client):
    response = client.get("/api/tables/nope", HTTP_IF_NONE_MATCH='"v0"')
    assert response.status_code == 404
    assert response.json()["errors"][0]["code"] == "not_found"


def test_the_sheet_carries_the_version_for_the_page_script(client):
    table = create_table(client)
    post_json(client, f"/api/tables/{table['id']}/rounds", {"tricks": [4, 3, 5, 1]}, table["edit_token"])
    page = client.get(f"/tables/{table['id']}/").content.decode()
    assert 'id="live" data-version="1"' in page
    assert f'data-api="/api/tables/{table["id"]}"' in page
    assert re.search(r'<section id="sheet" aria-live="polite" data-version="1" data-etag="&quot;v1-[0-9a-f]{8}&quot;">', page)
