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


def test_the_sheet_writes_negative_scores_and_totals_with_the_minus_sign(client):
    # Two free-sheet rounds: Ana −5 then +2 (total −3), Bea 12 then −20 (total −8).
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [-5, 12]}, {"points": [2, -20]}])
    html = client.get(f"/tables/{table.id}/").content.decode()
    bar = re.search(r'<ol class="totals-bar.*?</ol>', html, re.S).group(0)
    assert re.findall(r"<strong>([^<]*)</strong>", bar) == ["−3", "−8"]
    totals = re.search(r'<tr class="totals">.*?</tr>', html, re.S).group(0)
    assert re.findall(r'data-seat="\d">([^<]*)', totals) == ["−3", "−8"]
    row2 = re.search(r'<tr id="round-2">.*?</tr>', html, re.S).group(0)
    # Each cell: the round's points, then the running total under it.
    assert re.findall(r"<td>([^<]*)<small>([^<]*)</small>", row2) == [("2", "−3"), ("−20", "−8")]
    chart = re.search(r'<figure class="chart".*?</figure>', html, re.S).group(0)
    assert 'text-anchor="end">−3</text>' in chart and 'text-anchor="end">−8</text>' in chart
    assert "-3" not in bar + totals + row2 and "−" in chart
    # What machines read keeps the hyphen.
    assert client.get(f"/api/tables/{table.id}").json()["totals"] == [-3, -8]
    csv = b"".join(client.get(f"/tables/{table.id}/export.csv").streaming_content).decode()
    assert "-20" in csv and "\u2212" not in csv


@pytest.mark.parametrize(("value", "lang", "shown"), [
    (-12, "fr", "−12"), (12, "fr", "12"), (0, "fr", "0"), (-40.5, "fr", "−40,5"), (40.5, "en", "40.5"),
    ("abc", "fr", "abc"), (None, "fr", None), (True, "fr", True),
])
def test_the_num_filter(value, lang, shown):
    from django.utils import translation

    from companion.typography import num
    with translation.override(lang):
        assert num(value) == shown


def test_the_rami_form_writes_the_rami_sec_score_with_the_minus_sign(client):
    # Rami sec scores −50 for the winner (the rule document), 100 for each of the others.
    table = TableFactory(game="rami", players=["Ana", "Bea"])
    html = client.get(edit(table)).content.decode()
    assert "Rami sec : le gagnant a tout posé d'un coup (−50, les autres 100)" in html
