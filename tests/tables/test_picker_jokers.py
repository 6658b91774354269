"""The card picker offers a Joker key only where the game's pack has jokers: the 52-card counting and banking
sheets (Freeze, Golf, Cribbage and its hand counter, Baccara) refuse a joker, so their pickers do not offer one."""

import pytest

from .helpers import create_table

pytestmark = pytest.mark.django_db
JOKER_KEY = 'data-code="JK"'


@pytest.mark.parametrize(("game", "players"), [("freeze", ["Ana", "Bea"]), ("golf", ["Ana", "Bea"]),
                                               ("cribbage", ["Ana", "Bea"]), ("baccara", ["Ana", "Bea"])])
def test_no_joker_key_where_the_sheet_refuses_jokers(client, game, players):
    table = create_table(client, game, players)
    page = client.get(f"/tables/{table['id']}/edit/{table['edit_token']}/").content.decode()
    assert "data-card-picker" in page and JOKER_KEY not in page


def test_no_joker_key_on_the_hand_counter_but_still_one_at_rami(client):
    assert JOKER_KEY not in client.get("/cribbage/compter/").content.decode()
    table = create_table(client, "rami", ["Ana", "Bea"])
    page = client.get(f"/tables/{table['id']}/edit/{table['edit_token']}/").content.decode()
    assert JOKER_KEY in page  # Rami is played with jokers
