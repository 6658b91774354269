"""Nain Jaune through the JSON API and the phone form. Expected numbers worked out by hand."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid", "Dan"]
NOTHING = {"10D": None, "JC": None, "QS": None, "KH": None, "7D": None}
# Four players stake 15 each (35 left; boxes 4, 8, 12, 16, 20). Bea claims the 10♦ (39), Ana the 7♦ (55);
# Cid forgot the V♣ and pays 8 into it (27); Dan kept the R♥ and pays 16 into it (19).
# Ana went out: Bea pays 5 (34), Cid 12 (15), Dan 13 (6); Ana 55 + 30 = 85. Board 0, 16, 12, 32, 0.
DEAL_ONE = {"winner": 0, "grand_opera": False,
            "stakes": {"10D": {"claimed_by": 1}, "JC": {"forgotten_by": 2}, "QS": None, "KH": {"held_by": 3},
                       "7D": {"claimed_by": 0}},
            "remaining": [0, 5, 12, 13]}
FORM_ONE = {"winner": "0", "stakes_10D": "claimed_by:1", "stakes_JC": "forgotten_by:2", "stakes_QS": "ecart",
            "stakes_KH": "held_by:3", "stakes_7D": "claimed_by:0",
            "remaining.0": "", "remaining.1": "5", "remaining.2": "12", "remaining.3": "13"}


def nain(client, players=PLAYERS, **options):
    return create_table(client, "nain-jaune", players, options or None)


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_the_game_is_described_with_its_options(client):
    data = client.get("/api/games/nain-jaune?players=8").json()
    assert (data["min_players"], data["max_players"], data["family"]) == (3, 8, "plateau")
    assert {o["key"]: o["default"] for o in data["options"]} == {
        "start_pions": 250, "restake_each_deal": True, "forgotten_stake": "double"}
    assert data["entry_schema"]["properties"]["remaining"]["items"]["maximum"] == 60  # 6 cards of 10


def test_a_bad_option_is_a_400(client):
    response = post_json(client, "/api/tables", {"game": "nain-jaune", "players": PLAYERS,
                                                 "options": {"forgotten_stake": "triple"}})
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "options.forgotten_stake"
    assert response.json()["errors"][0]["message"] == (
        "Carte du plateau jouée sans la réclamer : choisir parmi double, stays.")  # the option's label, not its key


def test_a_deal_moves_pions_and_totals_are_pions(client):
    table = nain(client, start_pions=50)  # DEAL_ONE was worked out by hand at 50 pions each
    response = post_json(client, rounds_url(table), DEAL_ONE, table["edit_token"])
    assert response.status_code == 201
    assert response.json() == {"number": 1, "scores": [35, -16, -35, -44], "totals": [85, 34, 15, 6],
                               "finished": False, "winners": []}
    data = client.get(f"/api/tables/{table['id']}").json()
    assert data["next"]["board"] == {"10D": 0, "JC": 16, "QS": 12, "KH": 32, "7D": 0}
    assert data["rounds"][0]["details"]["board"] == data["next"]["board"]
    assert data["rounds"][0]["entry"] == DEAL_ONE


def test_the_game_ends_when_a_player_has_no_pion_left(client):
    # Three players, 20 pions: stakes leave 5 each (boxes 3, 6, 9, 12, 15). Ana went out;
    # Bea owes 9 and pays her 5, Cid owes 2. Ana 5 + 5 + 2 = 12, Bea 0, Cid 3; the board keeps 45.
    table = nain(client, ["Ana", "Bea", "Cid"], start_pions=20)
    response = post_json(client, rounds_url(table), {"winner": 0, "stakes": NOTHING, "remaining": [0, 9, 2]},
                         table["edit_token"])
    assert response.json() == {"number": 1, "scores": [-8, -20, -17], "totals": [12, 0, 3], "finished": True,
                               "winners": ["Ana"]}


def test_an_impossible_deal_is_a_400_with_every_reason(client):
    table = nain(client)
    # Bea opens the first deal (Ana deals). After her grand opéra every loser still holds 12 cards, worth 24 at
    # least (four aces, four 2s, four 3s): Ana's 5 is too few; Cid cannot have played the D♠, Bea cannot hold the R♥.
    entry = {"winner": 1, "grand_opera": True, "stakes": {**NOTHING, "QS": {"claimed_by": 2}, "KH": {"held_by": 1}},
             "remaining": [5, 0, 24, 24]}
    response = post_json(client, rounds_url(table), entry, table["edit_token"])
    assert response.status_code == 400
    assert sorted((e["field"], e["seat"], e["code"]) for e in response.json()["errors"]) == [
        ("remaining", 0, "grand_opera_points"), ("stakes.KH", 1, "winner_holds"), ("stakes.QS", 2, "grand_opera_play")]
    assert Event.objects.count() == 0


def test_too_many_board_cards_left_over_and_too_many_points_are_a_400_with_the_reasons(client):
    # Four players: 52 − 4 × 12 = 4 cards left over, so at least one board card was dealt. No board card in a
    # loser's hand: they hold the other 47 cards only. The three losers were dealt 36 cards and Bea, who opens,
    # played one at least: 35 cards, worth 12 × 10 + 4 × 9 + 4 × 8 + 3 × 7 + 4 × (6 + 5 + 4) = 269 at most;
    # 110 + 99 + 61 = 270.
    table = nain(client)
    response = post_json(client, rounds_url(table), {"winner": 0, "stakes": NOTHING, "remaining": [0, 110, 99, 61]},
                         table["edit_token"], HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert {(e["field"], e["seat"], e["code"]): e["message"] for e in response.json()["errors"]} == {
        ("stakes", None, "ecart_too_small"):
            "5 board cards are marked left over (10♦, J♣, Q♠, K♥, 7♦), but with 4 players only 4 cards are left over "
            "(52 − 4 × 12): at most 4 of them can be there.",
        ("remaining", None, "losers_too_many_points"):
            "The losers' points in hand add up to 270, too many: their hands together hold 35 cards at most (3 × 12, "
            "less the cards the losers played, one at least), worth 269 at most (the highest there can be: ten-point "
            "cards, then 9s, 8s…).",
    }
    assert Event.objects.count() == 0
    # Bea eleven 10s (110); Cid a 10, four 9s, four 8s, three 7s (99); Dan four 6s, 5s and 4s (60): 269.
    fine = {"winner": 0, "stakes": {**NOTHING, "7D": {"claimed_by": 0}}, "remaining": [0, 110, 99, 60]}
    assert post_json(client, rounds_url(table), fine, table["edit_token"]).status_code == 201


fates = st.one_of(st.none(), st.text(max_size=3), st.integers(-2, 9),
                  st.dictionaries(st.sampled_from(["claimed_by", "forgotten_by", "held_by", "won"]),
                                  st.one_of(st.integers(-1, 5), st.none(), st.text(max_size=2)), max_size=2))
junk_entries = st.one_of(
    st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=3),
    st.fixed_dictionaries({}, optional={
        "winner": st.one_of(st.integers(-1, 5), st.text(max_size=2), st.none(), st.booleans()),
        "grand_opera": st.one_of(st.booleans(), st.integers(0, 2), st.none()),
        "stakes": st.one_of(st.dictionaries(st.sampled_from(["10D", "JC", "QS", "KH", "7D", "AS"]), fates, max_size=6),
                            st.lists(fates, max_size=2), st.none()),
        "remaining": st.one_of(st.lists(st.one_of(st.integers(-3, 200), st.none(), st.text(max_size=2)), max_size=5),
                               st.integers()),
        "extra": st.integers(),
    }))


@given(junk_entries)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_junk_is_a_400_never_a_500(client, junk):
    table = nain(client)
    response = post_json(client, rounds_url(table), junk, table["edit_token"])
    assert response.status_code in (201, 400)
    if response.status_code == 400:
        assert all(e["message"] for e in response.json()["errors"])


def test_a_grand_opera_is_only_for_the_seat_that_opens_the_deal(client):
    # Deal 1: Ana deals, Bea opens. A grand opéra by Ana is refused; by Bea it sweeps the board. The losers keep
    # 12 cards each (off the board: together at least 4 × (1 + … + 6) + 3 × 7 + 4 × 8 + 4 × 9 + 10 = 183): 61 each.
    table = nain(client, start_pions=100)
    entry = {"winner": 0, "grand_opera": True, "stakes": {**NOTHING, "7D": {"claimed_by": 0}}, "remaining": [0, 61, 61, 61]}
    response = post_json(client, rounds_url(table), entry, table["edit_token"], HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "grand_opera", "seat": None, "code": "grand_opera_opener", "message": (
        "Grand opéra: only whoever opens the deal, the dealer's left-hand neighbour (this deal, Bea), can lay every "
        "card before anyone else plays. Untick “Grand opéra” or correct the winner.")}]
    entry = {**entry, "winner": 1, "stakes": {**NOTHING, "7D": {"claimed_by": 1}}, "remaining": [61, 0, 61, 61]}
    response = post_json(client, rounds_url(table), entry, table["edit_token"])
    # Stakes 15 each (85); Bea takes the 7♦ box (20) and sweeps 4 + 8 + 12 + 16 = 40, then 3 × 61: 85 + 60 + 183;
    # the others 85 − 61.
    assert response.status_code == 201 and response.json()["totals"] == [24, 328, 24, 24]


class TestPhoneForm:
    def test_the_form_refuses_a_grand_opera_by_the_wrong_seat_next_to_the_box(self, client):
        table = nain(client)
        form = {**FORM_ONE, "grand_opera": "on", "stakes_10D": "claimed_by:0", "stakes_JC": "claimed_by:0",
                "stakes_KH": "claimed_by:0", "remaining.1": "61", "remaining.2": "61", "remaining.3": "61"}
        response = client.post(edit_url(table), form)
        assert response.status_code == 400
        page = response.content.decode()
        assert "seul qui ouvre la donne, le voisin de gauche du donneur (cette donne, Bea)" in page
        assert Event.objects.count() == 0


    def test_the_form_asks_who_went_out_the_board_cards_and_the_points(self, client):
        table = nain(client)
        page = client.get(edit_url(table)).content.decode()
        assert 'name="winner"' in page and 'name="grand_opera"' in page and 'name="remaining.3"' in page
        assert 'name="stakes_7D"' in page and 'value="held_by:3"' in page and 'value="ecart"' in page
        assert "Le plateau" in page

    def test_a_posted_form_is_the_same_entry_as_the_api_takes(self, client):
        table = nain(client)
        response = client.post(edit_url(table), FORM_ONE)
        assert response.status_code == 302
        assert Event.objects.get().data == DEAL_ONE
        page = client.get(edit_url(table)).content.decode()
        assert "<bdi>Dan</bdi> a gardé le R♥ en main et paie dans la case autant qu&#x27;elle contient : 16 pions." in page
        assert '<td data-box="KH">32</td>' in page

    def test_a_blank_board_card_is_asked_for_and_nothing_is_stored(self, client):
        table = nain(client)
        response = client.post(edit_url(table), {**FORM_ONE, "stakes_QS": "", "remaining.2": "douze"})
        assert response.status_code == 400
        page = response.content.decode()
        assert "Dire ce qu&#x27;est devenu le D♠" in page
        assert "Nombre entier positif ou nul attendu." in page
        assert 'value="douze"' in page
        assert 'value="held_by:3" selected' in page  # what was chosen stays chosen
        assert Event.objects.count() == 0

    def test_the_form_says_why_every_board_card_cannot_be_left_over(self, client):
        table = nain(client)  # four players: 4 cards left over
        response = client.post(edit_url(table), {**FORM_ONE, **{f"stakes_{key}": "ecart" for key in NOTHING}})
        assert response.status_code == 400
        board_cards = response.content.decode().split('<fieldset class="board-cards">')[1].split("</fieldset>")[0]
        assert ("5 cartes du plateau sont dites dans l&#x27;écart (10♦, V♣, D♠, R♥, 7♦), mais à 4 joueurs l&#x27;écart "
                "n&#x27;a que 4 cartes (52 − 4 × 12) : 4 au plus peuvent y être.") in board_cards
        assert Event.objects.count() == 0

    def test_an_english_page_names_the_board_cards_as_english_players_do(self, client):
        table = nain(client)
        client.post(edit_url(table), FORM_ONE)
        page = client.get(edit_url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert '<label for="fate-JC"><strong>J♣</strong> Jack of clubs</label>' in page
        assert '<th scope="col" title="Queen of spades">Q♠</th>' in page
        assert '<th scope="col" title="King of hearts">K♥</th>' in page
        assert [card for card in ("V♣", "D♠", "R♥") if card in page] == []
        french = client.get(edit_url(table)).content.decode()
        assert '<label for="fate-JC"><strong>V♣</strong> Valet de trèfle</label>' in french
        assert '<th scope="col" title="Dame de pique">D♠</th>' in french

    def test_a_correction_form_shows_the_stored_deal(self, client):
        table = nain(client)
        client.post(edit_url(table), FORM_ONE)
        seq = Event.objects.get().seq
        page = client.get(f"{edit_url(table)}rounds/{seq}/").content.decode()
        assert 'value="forgotten_by:2" selected' in page and 'value="ecart" selected' in page
        assert 'name="remaining.3" value="13"' in page

    @given(st.dictionaries(
        st.sampled_from(["winner", "grand_opera", "stakes_10D", "stakes_JC", "stakes_QS", "stakes_KH", "stakes_7D",
                         "remaining.0", "remaining.1", "remaining.2", "remaining.3", "remaining.9"]),
        st.one_of(st.sampled_from(["", "ecart", "claimed_by:1", "held_by:9", "held_by:x", "won:1", "on", "0", "3", "-1",
                                   "12", "1e9", "99999999999999999999", "∞"]), st.text(max_size=6)),
        max_size=12))
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    def test_junk_in_the_form_is_a_400_never_a_500(self, client, data):
        table = nain(client)
        response = client.post(edit_url(table), data)
        assert response.status_code in (302, 400)
