"""Pharaon through the JSON API and the phone form. Expected numbers worked out by hand."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def state(client, table):
    return client.get(f"/api/tables/{table['id']}").json()


def test_a_short_evening_of_two_coups(client):
    table = create_table(client, "pharaon", PLAYERS, {"coups": 2})
    nxt = state(client, table)["next"]
    assert (nxt["dealer"], nxt["first"], nxt["banker"]) == (0, None, 0)
    entry = {"banker": 0, "bets": [None, {"right": 5, "left": 0}, {"right": 0, "left": 2}], "right": "KS", "left": "7H"}
    assert post_json(client, rounds_url(table), entry, table["edit_token"]).json()["scores"] == [-3, 5, -2]
    # Bea takes the bank; Ana 4 on the left, the left wins: Ana +4, Bea −4.
    entry = {"banker": 1, "bets": [{"right": 0, "left": 4}, None, None], "result": "left"}
    response = post_json(client, rounds_url(table), entry, table["edit_token"])
    assert response.json() == {"number": 2, "scores": [4, -4, 0], "totals": [1, 1, -2], "finished": True,
                               "winners": ["Ana", "Bea"]}


def test_a_result_that_disagrees_with_the_cards_is_refused(client):
    table = create_table(client, "pharaon", PLAYERS)
    entry = {"banker": 0, "bets": [None, {"right": 1}, None], "right": "2S", "left": "AS", "result": "right"}
    response = post_json(client, rounds_url(table), entry, table["edit_token"])
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("result", "disagrees")]


class TestPhoneForm:
    def test_the_bank_stays_when_no_banker_is_ticked(self, client):
        table = create_table(client, "pharaon", PLAYERS)
        assert client.post(edit_url(table), {"banker": "2", "bets.right.0": "3", "result": "pair"}).status_code == 302
        # No banker ticked: Cid keeps the bank. Bea 2 right; 9♥ right, V♠ left: the left wins, Bea −2, Cid +2.
        assert client.post(edit_url(table), {"bets.right.1": "2", "right": "9♥", "left": "V♠"}).status_code == 302
        assert state(client, table)["totals"] == [-3, -2, 5]

    def test_the_same_card_twice_is_refused_in_words(self, client):
        table = create_table(client, "pharaon", PLAYERS)
        response = client.post(edit_url(table), {"bets.left.1": "2", "right": "KS", "left": "R♠"})
        assert response.status_code == 400
        assert "Deux fois la même carte" in response.content.decode()


@given(junk=st.recursive(st.none() | st.booleans() | st.integers(-5, 20) | st.sampled_from(["KS", "7H", "JK", "pair"]),
                         lambda c: st.lists(c, max_size=4) | st.dictionaries(
                             st.sampled_from(["banker", "bets", "right", "left", "result"]), c, max_size=5)))
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = create_table(client, "pharaon", PLAYERS)
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


def test_a_bet_typed_for_the_banker_is_refused_not_dropped(client):
    table = create_table(client, "pharaon", PLAYERS)
    response = client.post(edit_url(table), {"banker": "0", "bets.right.0": "3", "bets.left.1": "2", "result": "left"})
    assert response.status_code == 400
    assert "Le banquier ne mise pas" in response.content.decode()


def _bet_cells(html: str) -> dict[tuple[str, int], tuple[bool, bool]]:
    """(side, seat) → (the cell is the banker's gap, its box is disabled), read from the form."""
    cells = {}
    for m in re.finditer(r'<td class="col-count( is-out)?" data-out-follows="banker" data-seat="(\d)"[^>]*>(.*?)</td>',
                         html, re.S):
        box = re.search(r'<input class="count" name="bets\.(right|left)\.\d"[^>]*>', m.group(3))
        cells[(box.group(1), int(m.group(2)))] = (m.group(1) is not None, " disabled" in box.group(0))
    return cells


def test_the_bank_holder_has_no_bet_boxes_and_a_named_banker_takes_the_gap(client):
    table = create_table(client, "pharaon", PLAYERS)
    # Ana holds the bank at the start: her row is the gap (its boxes are there, disabled, for the script to move).
    cells = _bet_cells(client.get(edit_url(table)).content.decode())
    assert cells == {(side, seat): (seat == 0, seat == 0) for side in ("right", "left") for seat in range(3)}
    # Bea takes the bank for coup 1 (Ana 3 on the right, a pair: Bea takes it). From coup 2 on, Bea's row is the gap.
    assert client.post(edit_url(table), {"banker": "1", "bets.right.0": "3", "result": "pair"}).status_code == 302
    cells = _bet_cells(client.get(edit_url(table)).content.decode())
    assert {k for k, (gap, _) in cells.items() if gap} == {("right", 1), ("left", 1)}
    # Correcting coup 1 shows its own banker's gap: Bea's, the banker that coup named.
    link = re.search(r'href="([^"]*/rounds/\d+/)" class="fix"', client.get(edit_url(table)).content.decode()).group(1)
    cells = _bet_cells(client.get(link).content.decode())
    assert {k for k, (gap, _) in cells.items() if gap} == {("right", 1), ("left", 1)}


def test_a_refused_form_keeps_the_gap_on_the_banker_it_named(client):
    table = create_table(client, "pharaon", PLAYERS)
    # Cid named banker, no result: refused, and the form shown again has Cid's row as the gap, Ana's boxes back.
    html = client.post(edit_url(table), {"banker": "2", "bets.left.0": "1"}).content.decode()
    cells = _bet_cells(html)
    assert {k for k, (gap, _) in cells.items() if gap} == {("right", 2), ("left", 2)}
    assert cells[("left", 0)] == (False, False)
