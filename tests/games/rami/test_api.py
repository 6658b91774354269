"""Rami tables through the JSON API and the phone form. Expected numbers are worked out by hand."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tables.models import Event, Table
from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db

PLAYERS = ["Ana", "Bea", "Cid"]
NOTHING = {"laid_nothing": True}
DEALS = [
    # Ana out; Bea 10♥ R♠ Joker = 70; Cid laid nothing 100.
    {"winner": 0, "hands": [None, {"cards": ["10H", "KS", "JK"]}, NOTHING]},
    # Bea rami sec: −50; Ana and Cid 100.
    {"winner": 1, "rami_sec": True, "hands": [NOTHING, None, NOTHING]},
    # Cid out; Ana counted 23; Bea A♠ A♦ 2♣ = 24.
    {"winner": 2, "hands": [{"points": 23}, {"cards": ["AS", "AD", "2C"]}, None]},
]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def path(url):
    return url.split("testserver", 1)[1]


def test_the_game_is_listed_with_its_options_and_entry_schema(client):
    assert any(g["slug"] == "rami" for g in client.get("/api/games").json())
    data = client.get("/api/games/rami?players=4").json()
    assert (data["min_players"], data["max_players"], data["decks"]) == (2, 6, ["2x52+4"])
    options = {o["key"]: o for o in data["options"]}
    assert options["deals"]["default"] is None and options["deals"]["nullable"] is True
    assert options["sec_only"]["default"] is False
    assert data["entry_schema"]["properties"]["hands"]["minItems"] == 4
    counted = data["entry_schema"]["properties"]["hands"]["items"]["oneOf"][2]["properties"]["points"]
    assert (counted["minimum"], counted["maximum"]) == (2, 4 * 50 + 4 * 11)  # a lone 2; 4 jokers and 4 aces in 8 cards
    assert options["limit"]["default"] is None and options["limit"]["nullable"] is True


def test_a_whole_game_played_through_the_api_and_finished(client):
    table = create_table(client, "rami", PLAYERS)
    answers = [post_json(client, rounds_url(table), d, table["edit_token"]) for d in DEALS]
    assert [a.status_code for a in answers] == [201, 201, 201]
    assert [a.json()["scores"] for a in answers] == [[0, 70, 100], [100, -50, 100], [23, 24, 0]]
    assert answers[-1].json()["totals"] == [123, 44, 200]
    assert answers[-1].json()["finished"] is False
    state = client.get(f"/api/tables/{table['id']}").json()
    assert state["rounds"][0]["entry"] == {"winner": 0, "rami_sec": False, "hands": [None, {"cards": ["10H", "KS", "JK"]}, NOTHING]}
    response = post_json(client, f"/api/tables/{table['id']}/finish", {}, table["edit_token"])
    assert response.status_code == 200
    assert response.json()["finished"] is True and response.json()["winners"] == ["Bea"]
    assert post_json(client, rounds_url(table), DEALS[0], table["edit_token"]).status_code == 409


def test_the_deals_option_ends_the_game_by_itself(client):
    table = create_table(client, "rami", PLAYERS, {"deals": 2})
    post_json(client, rounds_url(table), DEALS[0], table["edit_token"])
    last = post_json(client, rounds_url(table), DEALS[1], table["edit_token"]).json()
    # Ana 0 + 100; Bea 70 − 50; Cid 100 + 100.
    assert last["totals"] == [100, 20, 200]
    assert last["finished"] is True and last["winners"] == ["Bea"]
    assert post_json(client, rounds_url(table), DEALS[2], table["edit_token"]).status_code == 409


def test_the_sec_only_option_refuses_a_deal_won_without_rami_sec(client):
    table = create_table(client, "rami", PLAYERS, {"sec_only": True})
    response = post_json(client, rounds_url(table), {"winner": 0, "hands": [None, NOTHING, NOTHING]}, table["edit_token"])
    assert response.status_code == 400
    assert response.json()["errors"] == [{"field": "rami_sec", "seat": None, "code": "sec_only",
                                          "message": "Règle « rami sec seulement » : une donne ne se gagne que par un rami sec."}]
    assert post_json(client, rounds_url(table), DEALS[1], table["edit_token"]).status_code == 201


@pytest.mark.parametrize("options", [{"deals": 0}, {"deals": "3"}, {"sec_only": "yes"}, {"target": 500}, {"limit": 0},
                                     {"limit": "500"}])
def test_bad_options_are_refused_when_creating_the_table(client, options):
    response = post_json(client, "/api/tables", {"game": "rami", "players": PLAYERS, "options": options})
    assert response.status_code == 400
    assert response.json()["errors"][0]["field"].startswith("options.")


def test_the_limit_option_ends_the_game_when_a_total_reaches_it(client):
    table = create_table(client, "rami", PLAYERS, {"limit": 150})
    first = post_json(client, rounds_url(table), DEALS[0], table["edit_token"]).json()
    # Ana 0, Bea 70, Cid 100: nobody on 150 yet.
    assert first["finished"] is False
    last = post_json(client, rounds_url(table), DEALS[1], table["edit_token"]).json()
    # Ana 0 + 100 = 100, Bea 70 − 50 = 20, Cid 100 + 100 = 200 ≥ 150: over, Bea lowest.
    assert last["totals"] == [100, 20, 200]
    assert last["finished"] is True and last["winners"] == ["Bea"]
    assert post_json(client, rounds_url(table), DEALS[2], table["edit_token"]).status_code == 409


def test_the_limit_option_is_on_the_new_table_form(client):
    html = client.get("/tables/new/rami/").content.decode()
    assert 'name="opt_limit"' in html and "Total limite" in html
    data = {"player.0": "Ana", "player.1": "Bea", "player.2": "Cid", "opt_deals": "", "opt_limit": "500"}
    assert client.post("/tables/new/rami/", data).status_code == 302
    assert Table.objects.get().options == {"deals": None, "limit": 500, "sec_only": False, "joker_counts": False}
    data["opt_limit"] = ""  # left empty: no limit
    assert client.post("/tables/new/rami/", data).status_code == 302
    assert [t.options["limit"] for t in Table.objects.order_by("created_at")] == [500, None]


def test_a_refused_entry_names_field_and_seat_and_stores_nothing(client):
    table = create_table(client, "rami", PLAYERS)
    entry = {"winner": 0, "rami_sec": True, "hands": [None, {"cards": ["10H", "KS", "JK"]}, {"points": 300}]}
    response = post_json(client, rounds_url(table), entry, table["edit_token"], HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert [(e["field"], e["seat"], e["code"]) for e in response.json()["errors"]] == [
        ("hands", 2, "points_range"), ("hands", 1, "rami_sec_others")]
    assert response.json()["errors"][0]["message"] == (
        "Counted points: a whole number from 2 to 244. Whoever laid keeps 8 cards at most, worth 244 at most; "
        "whoever laid nothing scores 100: choose “laid nothing”.")
    assert Event.objects.count() == 0


def test_a_third_copy_of_a_card_is_refused(client):
    table = create_table(client, "rami", PLAYERS)
    entry = {"winner": 0, "hands": [None, {"cards": ["QS", "QS"]}, {"cards": ["QS"]}]}
    response = post_json(client, rounds_url(table), entry, table["edit_token"])
    assert response.json()["errors"] == [{"field": "hands", "seat": 2, "code": "too_many_copies",
                                          "message": "3 fois le D♠ : le jeu n'en a que 2."}]


def test_a_round_can_be_corrected(client):
    table = create_table(client, "rami", PLAYERS)
    post_json(client, rounds_url(table), DEALS[0], table["edit_token"])
    fixed = {"winner": 0, "hands": [None, {"cards": ["10H", "KS"]}, NOTHING]}
    response = client.put(f"{rounds_url(table)}/1", data=fixed, content_type="application/json",
                          HTTP_AUTHORIZATION=f"Bearer {table['edit_token']}")
    assert response.status_code == 200
    assert response.json()["totals"] == [0, 20, 100]


# -- properties -------------------------------------------------------------------------------------------

junk_hand = st.one_of(
    st.none(), st.integers(-3, 500), st.text(max_size=3), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.sampled_from(["cards", "points", "laid_nothing", "x"]),
                    st.one_of(st.none(), st.booleans(), st.integers(-3, 500), st.text(max_size=3),
                              st.lists(st.sampled_from(["AS", "JK", "11Z", "C♥", "", "KD"]), max_size=14)),
                    max_size=3),
)
junk_entry = st.one_of(
    st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=3),
    st.fixed_dictionaries({}, optional={"winner": st.one_of(st.integers(-2, 5), st.text(max_size=2), st.none()),
                                        "rami_sec": st.one_of(st.booleans(), st.integers(0, 2), st.none()),
                                        "hands": st.one_of(st.lists(junk_hand, max_size=5), st.text(max_size=3)),
                                        "extra": st.integers()}),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(entry=junk_entry)
def test_junk_entries_get_a_400_naming_a_field_never_a_500(client, entry):
    table = create_table(client, "rami", PLAYERS)
    response = post_json(client, rounds_url(table), entry, table["edit_token"])
    if response.status_code == 201:  # junk that happens to be a legal deal
        return
    assert response.status_code == 400, response.content
    for error in response.json()["errors"]:
        assert error["message"]
        assert error["seat"] is None or 0 <= error["seat"] < 3


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
# Two hands that can be held together: one up to 244 (4 jokers and 4 aces), the other up to 84 (the 4 aces left
# and 4 cards of 10), whatever the first holds.
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(2, 244), st.integers(2, 84)), min_size=1, max_size=4))
def test_random_legal_deals_make_totals_that_are_the_sums_of_the_rounds(client, deals):
    table = create_table(client, "rami", PLAYERS)
    for winner, a, b in deals:
        losers = iter([a, b])
        hands = [None if s == winner else {"points": next(losers)} for s in range(3)]
        response = post_json(client, rounds_url(table), {"winner": winner, "hands": hands}, table["edit_token"])
        assert response.status_code == 201
    state = client.get(f"/api/tables/{table['id']}").json()
    assert state["totals"] == [sum(r["scores"][s] for r in state["rounds"]) for s in range(3)]
    for r in state["rounds"]:
        assert r["scores"][r["entry"]["winner"]] == 0
        assert all(score >= 1 for s, score in enumerate(r["scores"]) if s != r["entry"]["winner"])


# -- the phone form ---------------------------------------------------------------------------------------

def errors_in(html):
    return [re.sub(r"\s+", " ", m).strip() for m in re.findall(r'class="error[^"]*"[^>]*>(.*?)</p>', html, re.S)]


def test_the_form_takes_cards_in_french_or_as_codes_points_and_laid_nothing(client):
    table = create_table(client, "rami", PLAYERS)
    edit = path(table["edit_url"])
    response = client.post(edit, {"winner": "0", "how.1": "cards", "cards.1": "10♥ R♠ joker", "how.2": "nothing"})
    assert response.status_code == 302
    response = client.post(edit, {"winner": "2", "how.0": "points", "points.0": "23", "how.1": "cards", "cards.1": "as, ad 2c"})
    assert response.status_code == 302
    state = client.get(f"/api/tables/{table['id']}").json()
    assert [r["scores"] for r in state["rounds"]] == [[0, 70, 100], [23, 24, 0]]
    assert state["rounds"][1]["entry"]["hands"][1] == {"cards": ["AS", "AD", "2C"]}


def test_the_form_reads_what_was_filled_in_when_no_choice_is_ticked(client):
    table = create_table(client, "rami", PLAYERS)
    response = client.post(path(table["edit_url"]), {"winner": "1", "points.0": "12", "cards.2": "DH VH"})
    assert response.status_code == 302
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [12, 0, 20]


def test_a_rami_sec_from_the_form(client):
    table = create_table(client, "rami", PLAYERS)
    response = client.post(path(table["edit_url"]), {"winner": "1", "rami_sec": "on", "how.0": "nothing", "how.2": "nothing"})
    assert response.status_code == 302
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [100, -50, 100]


@pytest.mark.parametrize("data, expected", [
    ({"winner": "0", "how.1": "cards", "cards.1": "10♥ 11Z", "how.2": "nothing"}, "Carte inconnue : 11Z."),
    ({"winner": "0", "how.1": "points", "points.1": "beaucoup", "how.2": "nothing"}, "Points comptés : un nombre entier de 2 à 244."),
    ({"winner": "0", "how.1": "points", "points.1": "", "how.2": "nothing"}, "Points comptés : un nombre entier de 2 à 244."),
    ({"winner": "0", "how.1": "points", "points.1": "245", "how.2": "nothing"}, "qui valent au plus 244"),
    ({"winner": "0", "how.1": "cards", "cards.1": "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠", "how.2": "nothing"},
     "9 cartes, c&#x27;est impossible"),
    ({"winner": "0", "how.1": "points", "points.1": "298", "how.2": "nothing"}, "qui n&#x27;a rien posé marque 100"),
    ({"winner": "0", "how.1": "cards", "cards.1": "", "how.2": "nothing"}, "Au moins une carte"),
    ({"winner": "0", "how.2": "nothing"}, "dire ce qui reste à ce joueur."),
    ({"winner": "9", "how.1": "nothing", "how.2": "nothing"}, "Joueur inconnu"),
    ({"winner": "x", "how.1": "nothing", "how.2": "nothing"}, "Joueur inconnu"),
    ({"how.0": "nothing", "how.1": "nothing", "how.2": "nothing"}, "Ce champ est obligatoire."),
    ({"winner": "0", "rami_sec": "on", "how.1": "points", "points.1": "12", "how.2": "nothing"}, "Avec un rami sec"),
    ({"winner": "0", "how.1": "cards", "cards.1": "C♥ T5", "how.2": "nothing"}, "Pas une carte du rami : C♥ Atout 5."),
    ({"winner": "0", "how.1": "cards", "cards.1": "7H 7H", "how.2": "cards", "cards.2": "7♥ 7♥"}, "4 fois le 7♥"),
    ({"winner": "0", "how.1": "weird", "how.2": "nothing"}, "dire ce qui reste à ce joueur."),
])
def test_junk_in_the_form_comes_back_with_a_message_next_to_the_seat(client, data, expected):
    table = create_table(client, "rami", PLAYERS)
    response = client.post(path(table["edit_url"]), data)
    assert response.status_code == 400
    html = response.content.decode()
    assert any(expected in e for e in errors_in(html) + re.findall(r'role="alert"[^>]*>(.*?)</div>', html, re.S)), errors_in(html)
    assert Event.objects.count() == 0


def test_a_form_sent_back_keeps_what_was_typed(client):
    table = create_table(client, "rami", PLAYERS)
    response = client.post(path(table["edit_url"]), {"winner": "0", "how.1": "cards", "cards.1": "10♥ 11Z", "how.2": "points", "points.2": "7"})
    html = response.content.decode()
    assert 'value="10♥ 11Z"' in html
    assert re.search(r'name="how\.1" value="cards"\s+checked', html)
    assert re.search(r'name="points\.2" value="7"', html)
    assert re.search(r'name="winner" value="0" checked', html)


def test_the_sheet_explains_every_number_with_the_players_names(client):
    table = create_table(client, "rami", PLAYERS)
    post_json(client, rounds_url(table), DEALS[0], table["edit_token"])
    html = client.get(f"/tables/{table['id']}/").content.decode()
    assert "<bdi>Bea</bdi> : 3 cartes, 10♥ + R♠ + Joker = 70." in html
    assert "<bdi>Cid</bdi> : n&#x27;a rien posé, 100." in html
    assert 'href="/rami/pose/?back=' in html


def test_the_correction_form_shows_the_cards_as_players_write_them(client):
    table = create_table(client, "rami", PLAYERS)
    post_json(client, rounds_url(table), DEALS[0], table["edit_token"])
    seq = Event.objects.get().seq
    correct = path(table["edit_url"]) + f"rounds/{seq}/"
    html = client.get(correct).content.decode()
    assert 'value="10♥ R♠ Joker"' in html
    assert re.search(r'name="how\.2" value="nothing"\s+checked', html)
    response = client.post(correct, {"winner": "0", "how.1": "cards", "cards.1": "10♥ R♠", "how.2": "nothing",
                                     "version": str(client.get(f"/api/tables/{table['id']}").json()["version"])})
    assert response.status_code == 302
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [0, 20, 100]


def test_with_rami_sec_only_the_form_starts_with_rami_sec_ticked(client):
    html = client.get(path(create_table(client, "rami", PLAYERS, {"sec_only": True})["edit_url"])).content.decode()
    assert re.search(r'name="rami_sec" checked', html)
    html = client.get(path(create_table(client, "rami", PLAYERS)["edit_url"])).content.decode()
    assert not re.search(r'name="rami_sec" checked', html)
