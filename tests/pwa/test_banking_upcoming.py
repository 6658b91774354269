"""The offline preview of the banking games names the banker as the game's ``next`` does.

The phone entering coups offline reads the coming rounds from the edit page (``data-upcoming``). Baccara's bank
passes to the next seat after a decided coup and stays after an égalité, so only the coming coup's banker is
known; Pharaon's bank does not rotate. A rotating dealer would name the wrong banker.
"""

import html
import json
import re

import pytest

from tests.factories import TableFactory

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid"]


def coming(client, table):
    page = client.get(f"/tables/{table.id}/edit/{table.edit_token}/").content.decode()
    return json.loads(html.unescape(re.search(r'data-upcoming="([^"]*)"', page).group(1)))


def test_baccara_names_the_coming_banker_and_says_the_later_ones_depend_on_the_coup(client):
    # Coup 1: Ana (seat 0) holds the first bank and offers 10; Bea stakes 6 (at least half), Cid 4. The ponte,
    # Bea, has 7 against the banker's 3: a decided coup, so the bank passes to the next seat, Bea.
    decided = {"banker": 0, "offer": 10, "stakes": [None, 6, 4], "ponte_points": 7, "banker_points": 3}
    table = TableFactory(game="baccara", players=PLAYERS, rounds=[decided])
    rounds = coming(client, table)
    assert (rounds[0]["n"], rounds[0]["dealer"], rounds[0]["first"]) == (2, "Bea", "")  # nobody leads
    # Coup 3's banker is Cid after a decided coup 2, Bea again after an égalité: not named, said why.
    assert rounds[1]["n"] == 3 and rounds[1]["dealer"] is None
    assert "égalité" in rounds[1]["dealer_note"]
    # Coup 2, Bea's bank of 8: Cid stakes 8, an égalité at 5 against 5; Bea keeps the bank for coup 3.
    tie = {"banker": 1, "offer": 8, "stakes": [0, None, 8], "ponte_points": 5, "banker_points": 5}
    table = TableFactory(game="baccara", players=PLAYERS, rounds=[decided, tie])
    rounds = coming(client, table)
    assert (rounds[0]["n"], rounds[0]["dealer"]) == (3, "Bea")  # not Cid, as seat order (3 - 1) % 3 = 2 would say


def test_pharaon_keeps_the_last_banker_for_every_coming_coup(client):
    table = TableFactory(game="pharaon", players=PLAYERS)
    # No coup yet: seat 0, Ana, holds the bank, and keeps it (the rule document never rotates it), not Ana, Bea, Cid.
    rounds = coming(client, table)
    assert len(rounds) >= 3 and {r["dealer"] for r in rounds} == {"Ana"} and {r["first"] for r in rounds} == {""}
    # Coup 1 names Cid as banker: Bea bets 5 on the right, the R♠ falls right: Cid pays 5. He keeps the bank.
    coup = {"banker": 2, "bets": [{"right": 0, "left": 0}, {"right": 5, "left": 0}, None], "right": "KS", "left": "7H"}
    table = TableFactory(game="pharaon", players=PLAYERS, rounds=[coup])
    rounds = coming(client, table)
    assert rounds[0]["n"] == 2 and {r["dealer"] for r in rounds} == {"Cid"}
    assert "dealer_note" not in rounds[0]
