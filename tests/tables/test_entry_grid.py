"""The generic entry grid: blank counts, the deal's totals, folded cross-checks, the compact salade layout."""

import re

import pytest

from companion.games import registry
from companion.tables.models import Event
from tests.factories import TableFactory
from tests.tables.helpers import BARBU_FOUR

pytestmark = pytest.mark.django_db

NAIN_JAUNE_PLAYERS = ["Ana", "Bea", "Cid"]


def edit_url(table):
    return f"/tables/{table.id}/edit/{table.edit_token}/"


def entry_form(page: str) -> str:
    """The form for the coming round (not the offline copies of later rounds kept in <template>s)."""
    start = page.index('<section id="entry"')
    return page[start:page.index("</form>", start)]


# -- an empty box counts as 0 --------------------------------------------------------------------------------

def test_a_blank_count_is_stored_as_zero_once_another_seat_is_filled(client):
    table = TableFactory()
    # Les plis: Ana took all 13 tricks, the others' boxes are left empty.
    response = client.post(edit_url(table), {"tricks.0": "13", "tricks.1": "", "tricks.2": " "})
    assert response.status_code == 302
    assert Event.objects.get(kind="round").data == {"tricks": [13, 0, 0, 0]}
    page = client.get(edit_url(table)).content.decode()
    # 13 tricks × 5 points = 65 for Ana, 0 for the others.
    assert re.findall(r'data-seat="\d">(\d+)', page) == ["65", "0", "0", "0"]


def test_a_seat_a_count_leaves_out_has_no_number_whatever_is_posted():
    from django.http import QueryDict

    from companion.kernel.game import EntryField
    from companion.kernel.text import T
    from companion.web.entryforms import fields_parse

    # Seat 1 sits this round out (EntryField.out): no box on the form, and a number forged for it is not read.
    field = EntryField("tricks", T("Plis", "Tricks"), "count", out=(1,))
    assert fields_parse([field], 3, QueryDict("tricks.0=4&tricks.1=7")) == {"tricks": [4, None, 0]}
    # Only the seat left out posted: the count is wholly blank, so it is still asked for.
    assert fields_parse([field], 3, QueryDict("tricks.1=7")) == {}


def test_a_count_left_wholly_blank_is_still_asked_for(client):
    table = TableFactory()
    response = client.post(edit_url(table), {"tricks.0": "", "tricks.1": "", "tricks.2": "", "tricks.3": ""})
    assert response.status_code == 400
    assert "Ce champ est obligatoire." in response.content.decode()
    assert not Event.objects.filter(kind="round").exists()


def test_blank_boxes_that_make_a_wrong_total_are_refused_with_the_total(client):
    table = TableFactory()
    response = client.post(edit_url(table), {"tricks.0": "4", "tricks.1": "3"})  # 4 + 3 + 0 + 0 = 7, not 13
    assert response.status_code == 400
    assert "13 plis en tout à 4 joueurs : 7 saisis" in response.content.decode()


def test_an_optional_cross_check_left_blank_is_left_out(client):
    table = TableFactory(rounds=BARBU_FOUR[:1])  # next: les cœurs, tricks optional
    response = client.post(edit_url(table), {"hearts.0": "13", "tricks.0": "", "tricks.1": ""})
    assert response.status_code == 302
    assert Event.objects.filter(kind="round").last().data == {"hearts": [13, 0, 0, 0]}


@pytest.mark.skipif("nain-jaune" not in registry.scored(), reason="no Nain Jaune")
def test_the_nain_jaune_winner_box_may_stay_blank_and_a_losers_blank_box_is_refused_as_zero(client):
    table = TableFactory(game="nain-jaune", players=NAIN_JAUNE_PLAYERS)
    board = {"stakes_10D": "ecart", "stakes_JC": "ecart", "stakes_QS": "ecart", "stakes_KH": "ecart", "stakes_7D": "ecart"}
    response = client.post(edit_url(table), {"winner": "0", "remaining.0": "", "remaining.1": "8", "remaining.2": "", **board})
    assert response.status_code == 400  # Cid's empty box is 0: only the winner can have emptied the hand
    assert "Seul le gagnant a vidé sa main : au moins 1 point." in response.content.decode()
    response = client.post(edit_url(table), {"winner": "0", "remaining.0": "", "remaining.1": "8", "remaining.2": "5", **board})
    assert response.status_code == 302
    assert Event.objects.filter(kind="round").last().data["remaining"] == [0, 8, 5]


# -- the deal's totals, from the rules model --------------------------------------------------------------------

def fields(game, n, number, rounds=(), **options):
    sheet = registry.get(game).replay(n, {**registry.get(game).default_options(), **options}, list(rounds))
    return {f.key: f.total for f in sheet.entry_fields(number) if f.kind == "count"}


def test_each_count_knows_what_it_adds_up_to():
    # Barbu: 52 cards dealt to 4 make 13 tricks; to 5 (two 2s set aside), 50 cards make 10 tricks. 13 hearts, 4 queens.
    assert fields("barbu", 4, 1) == {"tricks": 13}
    assert fields("barbu", 5, 1) == {"tricks": 10}
    assert fields("barbu", 4, 2, BARBU_FOUR[:1]) == {"tricks": 13, "hearts": 13}
    assert fields("barbu", 4, 5, BARBU_FOUR[:4]) == {"tricks": 13, "hearts": 13, "queens": 4}
    # Vicaire: 32 cards less a 2-card écart make 10 tricks for 3 players.
    assert fields("vicaire", 3, 1) == {"tricks": 10}


def test_no_total_when_the_rules_leave_it_open():
    # With "the king stops play", the manche of the roi de cœur may end after any number of tricks.
    assert fields("barbu", 4, 4, BARBU_FOUR[:3], king_stops_play=True) == {"tricks": None}
    assert fields("barbu", 4, 4, BARBU_FOUR[:3], king_stops_play=False) == {"tricks": 13}


def test_the_form_carries_each_total_for_the_running_sum(client):
    table = TableFactory(rounds=BARBU_FOUR[:4])  # la salade
    form = entry_form(client.get(edit_url(table)).content.decode())
    assert re.findall(r'<output data-sum="(\w+)" data-total="(\d+)"', form) == [("tricks", "13"), ("hearts", "13"), ("queens", "4")]


@pytest.mark.parametrize(("game", "players"), [("pouilleux", ["Ana", "Bea", "Cid"]), ("menteur", ["Ana", "Bea"])])
def test_no_total_line_under_a_grid_whose_counts_have_no_fixed_sum(client, game, players):
    # Pouilleux asks two seats, Menteur one count with no fixed sum (the cards left): nothing to add up.
    table = TableFactory(game=game, players=players)
    assert "count-sums" not in entry_form(client.get(edit_url(table)).content.decode())
    form = entry_form(client.get(edit_url(TableFactory())).content.decode())  # Barbu's tricks: 13 to make up
    assert form.count('<tfoot class="count-sums">') == 1


# -- the layout -----------------------------------------------------------------------------------------------

def test_the_salade_is_laid_out_one_line_of_steppers_a_player(client):
    table = TableFactory(rounds=BARBU_FOUR[:4])
    form = entry_form(client.get(edit_url(table)).content.decode())
    assert '<table class="entry-grid compact">' in form
    assert form.count('<input class="count"') == 3 * 4  # the script puts − and + around each
    assert "<details" not in form  # every count of the salade counts


def test_a_cross_check_count_is_folded_away_under_the_grid(client):
    table = TableFactory(rounds=BARBU_FOUR[:1])  # les cœurs: the tricks only as a check
    form = entry_form(client.get(edit_url(table)).content.decode())
    main, folded = form.split('<details class="optional-counts"', 1)
    assert 'name="hearts.0"' in main and 'name="tricks.0"' not in main
    assert folded.startswith(">")  # closed
    assert "<summary>Plis — facultatif</summary>" in folded and 'name="tricks.3"' in folded
    assert "{#" not in form and "{%" not in form  # no template comment or tag left in the page
    assert '<table class="entry-grid">' in main  # one count a row: the plain grid


def test_a_folded_cross_check_opens_when_it_holds_a_value_or_an_error(client):
    table = TableFactory(rounds=BARBU_FOUR[:1])
    # 13 hearts right, but 2 + 2 + 2 + 2 = 8 tricks, not 13: the error is in the folded part, which opens.
    response = client.post(edit_url(table), {f"hearts.{i}": v for i, v in enumerate(["5", "5", "2", "1"])}
                           | {f"tricks.{i}": "2" for i in range(4)})
    assert response.status_code == 400
    assert '<details class="optional-counts" open>' in entry_form(response.content.decode())


def test_the_grid_says_the_name_in_full_or_shortened_with_the_full_name_beside(client):
    long = ["Marie-Christine Dupont", "Maximilien Beauregard", "Cid", "Dan"]
    table = TableFactory(players=long)
    form = entry_form(client.get(edit_url(table)).content.decode())
    # The name column holds about 10 letters a line, two lines: "Marie-" / "Christine" / "Dupont" would take three,
    # so the name is cut after "Christine"; "Maximilien" / "Beauregard" take two and stay whole.
    assert '<abbr title="Marie-Christine Dupont"><bdi>Marie-Christine…</bdi></abbr>' in form
    assert '<th scope="row" class="name-col"><bdi>Maximilien Beauregard</bdi></th>' in form
    assert '<th scope="row" class="name-col"><bdi>Cid</bdi></th>' in form
