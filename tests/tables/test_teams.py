"""Teams are teams: at Belote, Coinche, Pinacle and Cribbage at four, the sheet has one column per partnership
("Alice & Chloé", "Bruno & David"), the new-table form says where partners sit, the CSV and the API keep a row
and a score per seat plus the team."""

import csv
import io

import pytest
from django.urls import reverse

from companion.games import registry
from companion.kernel.game import FACING
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db

PLAYERS = ["Alice", "Bruno", "Chloé", "David"]  # in the order of play: Alice and Chloé face each other


@pytest.mark.parametrize(("slug", "n", "teams"), [
    ("belote", 4, FACING), ("coinche", 4, FACING), ("pinacle", 4, FACING), ("cribbage", 4, FACING),
    ("pinacle", 3, None), ("cribbage", 2, None), ("barbu", 4, None), ("tarot", 4, None),
])
def test_which_games_are_played_in_teams(slug, n, teams):
    assert registry.get(slug).new_sheet(n).teams() == teams


def test_the_belote_sheet_has_a_column_per_team(client):
    # Alice takes at hearts with 98 card points: Alice & Chloé 98, Bruno & David 162 − 98 = 64.
    table = TableFactory(game="belote", players=PLAYERS,
                         rounds=[{"taker": 0, "trump": "H", "points": 98, "belote": None, "capot": False}])
    page = client.get(reverse("tables:sheet", args=[table.id]))
    html = page.content.decode()
    assert [p["name"] for p in page.context["players"]] == ["Alice & Chloé", "Bruno & David"]
    assert [p["total"] for p in page.context["players"]] == [98, 64]
    assert page.context["rows"]()[0]["cells"] == [(98, 98), (64, 64)]
    assert html.count('<th scope="col" class="') == 3  # the round's number, then two columns, not four
    assert 'title="Alice &amp; Chloé"' in html and 'title="Alice"' not in html
    api = client.get(reverse("tables:api-table", args=[table.id])).json()
    assert api["teams"] == [[0, 2], [1, 3]] and api["rounds"][0]["scores"] == [98, 64, 98, 64]
    raw = b"".join(client.get(reverse("tables:export", args=[table.id])).streaming_content).decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(raw), delimiter=";"))
    team = rows[0].index("équipe")
    assert [(r[rows[0].index("joueur")], r[team]) for r in rows[1:]] == [
        ("Alice", "Alice & Chloé"), ("Bruno", "Bruno & David"), ("Chloé", "Alice & Chloé"), ("David", "Bruno & David")]


def test_a_game_without_teams_keeps_a_column_per_player(client):
    table = TableFactory(rounds=[{"tricks": [4, 3, 5, 1]}])
    page = client.get(reverse("tables:sheet", args=[table.id]))
    assert [p["name"] for p in page.context["players"]] == ["Ana", "Bea", "Cid", "Dan"]
    assert client.get(reverse("tables:api-table", args=[table.id])).json()["teams"] == []


def test_the_new_table_form_says_where_partners_sit(client):
    page = client.get(reverse("tables:new", args=["coinche"])).content.decode()
    assert "les places 1 et 3 contre les places 2 et 4" in page
    assert 'data-teams="{&quot;4&quot;:[[0,2],[1,3]]}"' in page
    assert "places 1 et 3" not in client.get(reverse("tables:new", args=["tarot"])).content.decode()
