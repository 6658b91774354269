"""What the sheet shows in its rows and in which order its parts come on a phone."""

import re

import pytest

from tests.factories import TableFactory

pytestmark = pytest.mark.django_db


def test_vicaire_rows_show_the_tricks_of_each_deal_next_to_the_race_points(client):
    # Deal 1: 3, 4, 3 tricks, nobody on 10: no points. Deal 2: Ana 3 + 7 = 10, exactly: the race, 50 points.
    table = TableFactory(game="vicaire", players=["Ana", "Bea", "Cid"], rounds=[{"tricks": [3, 4, 3]}, {"tricks": [7, 2, 1]}])
    page = client.get(f"/tables/{table.id}/").content.decode()
    rows = re.findall(r'<tr id="round-(\d)">(.*?)</tr>', page, re.S)
    cells = {n: re.findall(r"<td>(\d+)<small class=\"cell-detail\">([^<]+)</small><small>(\d+)</small></td>", row) for n, row in rows}
    assert cells["1"] == [("0", "3 plis", "0"), ("0", "4 plis", "0"), ("0", "3 plis", "0")]
    assert cells["2"] == [("50", "7 plis", "50"), ("0", "2 plis", "0"), ("0", "1 pli", "0")]


def test_other_games_rows_have_no_extra_line(client):
    table = TableFactory(rounds=[{"tricks": [4, 3, 5, 1]}])
    assert "cell-detail" not in client.get(f"/tables/{table.id}/").content.decode()


def test_the_entry_form_comes_before_the_game_panel_and_the_chart(client):
    table = TableFactory(game="vicaire", players=["Ana", "Bea", "Cid"], rounds=[{"tricks": [3, 4, 3]}])
    page = client.get(f"/tables/{table.id}/edit/{table.edit_token}/").content.decode()
    assert page.index("Saisir la donne 2") < page.index('id="race"')
    assert page.index('id="race"') < page.index('class="chart')
    # The race's rules are folded; its table has short heads.
    assert "<summary>Comment se gagne une course</summary>" in page


def test_the_sheet_heads_shorten_long_names_and_keep_them_whole_in_a_title(client):
    names = ["Marie-Christine", "Maximilien", "Cid", "Dan", "Eve", "Fox", "Gil", "Hugo"]
    deal = {"winner": 2, "grand_opera": False, "remaining": [5, 6, 0, 8, 9, 10, 11, 12],
            "stakes": {"10D": {"claimed_by": 2}, "JC": None, "QS": None, "KH": None, "7D": None}}
    table = TableFactory(game="nain-jaune", players=names, rounds=[deal])  # a round: the totals bar shows
    page = client.get(f"/tables/{table.id}/").content.decode()
    head = page[page.index("<thead>"):page.index("</thead>")]
    # Eight columns, two lines of about five letters (tests/tables/test_names.py): "Marie-" / "Chri…", "Max…".
    assert '<bdi class="name" title="Marie-Christine">Marie-Chri…</bdi>' in head
    assert '<bdi class="name" title="Maximilien">Max…</bdi>' in head
    assert '<bdi class="name" title="Cid">Cid</bdi>' in head
    bar = page[page.index('class="totals-bar'):page.index("</ol>")]
    assert 'title="Marie-Christine">Marie-Chri…</bdi>' in bar
