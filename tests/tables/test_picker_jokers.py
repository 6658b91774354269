"""The phone form's card picker offers a Joker only where the game holds one."""

import pytest

from .helpers import create_table

pytestmark = pytest.mark.django_db
JOKER_BUTTON = 'data-code="JK"'


def form(client, slug, options=None):
    table = create_table(client, slug, ["Léa", "Marc", "Nina"], options or {})
    page = client.get(f"/tables/{table['id']}/edit/{table['edit_token']}/")
    assert page.status_code == 200
    return page.content.decode()


@pytest.mark.parametrize("slug, options", [
    ("pinacle", {}),  # one 52-card pack, the 2s are the wild cards
    ("petite-ecole", {}),  # two packs of 52 without jokers
    ("huit-americain", {"scoring": "penalty"}),  # no joker in the rule document's game
    ("empereur", {"mode": "elite", "jokers": 0}),  # the joker-free variant
])
def test_no_joker_button_nor_joker_code_where_the_game_has_none(client, slug, options):
    html = form(client, slug, options)
    assert 'class="cards-text"' in html  # the card field and its picker are there…
    assert JOKER_BUTTON not in html  # …without a Joker key
    assert "joker JK" not in html


def test_the_empereur_with_its_two_jokers_keeps_the_joker_key(client):
    html = form(client, "empereur", {"mode": "elite"})
    pickers = html.count("data-card-picker")
    assert pickers >= 3 and html.count(JOKER_BUTTON) == pickers and "joker JK" in html  # a Joker key in every picker


# The 52-card counting and banking sheets refuse a joker too: Freeze, Golf, Cribbage (and its hand counter), Baccara.
@pytest.mark.parametrize(("game", "players"), [("freeze", ["Ana", "Bea"]), ("golf", ["Ana", "Bea"]),
                                               ("cribbage", ["Ana", "Bea"]), ("baccara", ["Ana", "Bea"])])
def test_no_joker_key_on_the_counting_and_banking_forms(client, game, players):
    table = create_table(client, game, players)
    page = client.get(f"/tables/{table['id']}/edit/{table['edit_token']}/").content.decode()
    assert "data-card-picker" in page and JOKER_BUTTON not in page


def test_no_joker_key_on_the_hand_counter_but_still_one_at_rami(client):
    assert JOKER_BUTTON not in client.get("/cribbage/compter/").content.decode()
    table = create_table(client, "rami", ["Ana", "Bea"])
    page = client.get(f"/tables/{table['id']}/edit/{table['edit_token']}/").content.decode()
    assert JOKER_BUTTON in page  # Rami is played with jokers
