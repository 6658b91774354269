"""Every JSON endpoint reads its body the same way: never a 500, whatever arrives."""

import pytest

from companion.tables.models import Event, Table

from .helpers import create_table, post_json

pytestmark = pytest.mark.django_db

DEEP = "[" * 5000 + "]" * 5000  # parses past Python's recursion limit, well under the size cap
UNCLOSED = "[" * 5000


@pytest.mark.parametrize("body", [DEEP, UNCLOSED, '{"a":' * 3000 + "1" + "}" * 3000])
def test_deeply_nested_json_is_a_400_on_table_creation(client, body):
    response = post_json(client, "/api/tables", body)
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_json"
    assert Table.objects.count() == 0


@pytest.mark.parametrize("body", [DEEP, UNCLOSED])
def test_deeply_nested_json_is_a_400_on_rounds_and_corrections(client, body):
    table = create_table(client)
    assert post_json(client, f"/api/tables/{table['id']}/rounds", body, table["edit_token"]).status_code == 400
    post_json(client, f"/api/tables/{table['id']}/rounds", {"tricks": [4, 3, 5, 1]}, table["edit_token"])
    response = client.put(f"/api/tables/{table['id']}/rounds/1", body, content_type="application/json",
                          HTTP_AUTHORIZATION=f"Bearer {table['edit_token']}")
    assert response.status_code == 400
    assert Event.objects.count() == 1


@pytest.mark.parametrize("body", [DEEP, UNCLOSED])
def test_deeply_nested_json_is_a_400_at_the_lay_checker(client, body):
    response = post_json(client, "/api/games/rami/melds", body)
    assert response.status_code == 400
    assert response.json()["errors"][0]["code"] == "bad_json"
