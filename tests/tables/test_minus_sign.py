"""The free sheet's help writes "−5" (U+2212, MINUS SIGN): the phone form takes that sign as well as the hyphen."""

import re

import pytest

from companion.tables.models import Event
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db


def edit(table) -> str:
    return f"/tables/{table.id}/edit/{table.edit_token}/"


@pytest.mark.parametrize("typed", ["−5", "-5", " −5 ", "− 5"])
def test_a_negative_count_typed_with_either_minus_sign_is_stored(client, typed):
    table = TableFactory(game="libre", players=["Ana", "Bea"])
    response = client.post(edit(table), {"points.0": typed, "points.1": "12"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Event.objects.get(table=table, kind="round").data == {"points": [-5, 12]}


def test_the_form_says_and_lets_the_browser_accept_the_minus_sign(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"])
    html = client.get(edit(table)).content.decode()
    assert "−5" in html  # the help, as the page writes it
    pattern = re.search(r'name="points\.0"[^>]*pattern="([^"]*)"', html).group(1)
    # The browser checks the whole value against the pattern before it posts the form.
    for typed in ("−5", "-5", "12"):
        assert re.fullmatch(pattern, typed), typed
    assert not re.fullmatch(pattern, "5−")


def test_a_minus_sign_alone_is_still_refused_with_the_field_named(client):
    table = TableFactory(game="libre", players=["Ana", "Bea"])
    response = client.post(edit(table), {"points.0": "−", "points.1": "12"})
    assert response.status_code == 400
    assert not Event.objects.filter(table=table, kind="round").exists()
