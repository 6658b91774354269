"""The Rami lay checker: POST /api/games/rami/melds and the page "Vérifier une pose"."""

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

URL = "/api/games/rami/melds"
PAGE = "/rami/pose/"


def check(client, body, **headers):
    return post_json(client, URL, body, **headers)


class TestApi:
    def test_a_valid_opening_is_worth_its_points(self, client):
        # D♥ R♥ As♥ = 31, 8♠ 8♦ joker = 16, 4♣ 5♣ 6♣ = 15: 62.
        response = check(client, {"melds": [["QH", "KH", "AH"], ["8S", "8D", "JK"], ["4C", "5C", "6C"]], "opening": True})
        assert response.status_code == 200
        data = response.json()
        assert (data["valid"], data["points"], data["problems"]) == (True, 62, [])
        assert [m["points"] for m in data["melds"]] == [31, 16, 15]
        assert [m["kind"] for m in data["melds"]] == ["run", "set", "run"]

    def test_an_opening_under_51_points_is_refused_with_the_reason(self, client):
        data = check(client, {"melds": [["QH", "KH", "AH"], ["8S", "8D", "JK"]], "opening": True}).json()
        assert (data["valid"], data["points"]) == (False, 47)
        assert data["problems"] == [{"field": "melds", "seat": None, "code": "opening_points",
                                     "message": "Pour ouvrir il faut 51 points au moins : 47 seulement."}]

    def test_an_opening_needs_a_run_without_joker(self, client):
        data = check(client, {"melds": [["KS", "KH", "KC"], ["10D", "JK", "QD", "KD"]], "opening": True}).json()
        assert data["points"] == 60
        assert [p["code"] for p in data["problems"]] == ["no_pure_run"]

    def test_without_opening_there_is_no_minimum(self, client):
        data = check(client, {"melds": [["4C", "5C", "6C"]], "opening": False}).json()
        assert (data["valid"], data["points"]) == (True, 15)

    def test_opening_defaults_to_false(self, client):
        assert check(client, {"melds": [["4C", "5C", "6C"]]}).json()["valid"] is True

    def test_a_set_needs_different_suits(self, client):
        data = check(client, {"melds": [["7S", "7H", "7S"]]}).json()
        assert data["valid"] is False
        assert data["problems"][0]["field"] == "melds.0"
        assert data["problems"][0]["code"] == "same_suit_in_set"

    def test_the_ace_is_low_or_high_but_never_round_the_corner(self, client):
        data = check(client, {"melds": [["AH", "2H", "3H"], ["QS", "KS", "AS"], ["KD", "AD", "2D"]]}).json()
        assert [m["valid"] for m in data["melds"]] == [True, True, False]
        assert [m["points"] for m in data["melds"]] == [6, 31, 0]
        assert data["melds"][2]["problems"][0]["code"] == "round_the_corner"

    def test_a_run_holding_the_same_card_twice_is_refused_with_the_reason(self, client):
        # A♥ 2♥ … R♥ A♥: fourteen cards, ace low and high at once; the two packs do hold two A♥.
        run = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH"]
        data = check(client, {"melds": [run], "opening": True}).json()
        assert (data["valid"], data["points"]) == (False, 0)
        meld = data["melds"][0]
        assert (meld["valid"], meld["kind"]) == (False, None)
        assert [(p["field"], p["code"]) for p in meld["problems"]] == [("melds.0", "same_card_twice"),
                                                                       ("melds.0", "run_too_long")]
        assert meld["problems"][0]["message"] == (
            "Deux A♥ dans une même suite : deux cartes identiques ne vont jamais dans la même combinaison ; "
            "l'As se met en bas (As-2-3) ou en haut (D-R-As), pas aux deux bouts.")
        # Without one of the aces the run is good: As low, 1 + 2 + … + 9 + 10 + 3 × 10 = 85 for an opening.
        data = check(client, {"melds": [run[:13]], "opening": True}).json()
        assert (data["valid"], data["points"]) == (True, 85)

    def test_it_says_which_card_a_joker_in_a_run_stands_for(self, client):
        meld = check(client, {"melds": [["10D", "JK", "QD"]]}).json()["melds"][0]
        assert meld["jokers"] == [{"index": 1, "stands_for": "JD", "rank": "J", "suits": ["D"], "can_win_back": True}]
        assert meld["notes"] == ["Le joker remplace le V♦ : qui pose le V♦ à sa place reprend le joker."]

    def test_it_says_a_joker_in_a_set_cannot_be_won_back(self, client):
        meld = check(client, {"melds": [["10D", "10S", "JK"]]}, HTTP_ACCEPT_LANGUAGE="en").json()["melds"][0]
        assert meld["jokers"] == [{"index": 2, "stands_for": None, "rank": "10", "suits": ["H", "C"], "can_win_back": False}]
        assert meld["notes"] == ["The joker stands for a 10 (♥ ♣): in a set nobody can tell which one, so it cannot be won back."]

    def test_no_card_more_than_twice_over_the_lay(self, client):
        data = check(client, {"melds": [["7H", "8H", "9H"], ["7H", "7S", "7D"], ["5H", "6H", "7H"]]}).json()
        assert data["valid"] is False
        assert data["problems"] == [{"field": "melds.2", "seat": None, "code": "too_many_copies",
                                     "message": "3 fois le 7♥ : le jeu n'en a que 2."}]

    def test_no_more_than_four_jokers_over_the_lay(self, client):
        data = check(client, {"melds": [["4C", "JK", "JK"], ["9D", "JK", "JK", "QD", "JK"]]}).json()
        assert [p["code"] for p in data["problems"]] == ["too_many_jokers"]

    @pytest.mark.parametrize("body, field, code", [
        ("{not json", "", "bad_json"),
        ([["AS"]], "", "not_object"),
        ({"opening": True}, "melds", "required"),
        ({"melds": "AS KS QS"}, "melds", "not_list"),
        ({"melds": ["AS KS QS"]}, "melds.0", "not_list"),
        ({"melds": [["AS", "KX", "QS"]]}, "melds.0.1", "bad_card"),
        ({"melds": [["AS", "K♠", "QS"]]}, "melds.0.1", "bad_card"),
        ({"melds": [["CH", "CS", "CD"]]}, "melds.0.0", "bad_card"),
        ({"melds": [["T21", "JK", 7]]}, "melds.0.0", "bad_card"),
        ({"melds": [["AS"]], "opening": "yes"}, "opening", "not_bool"),
        ({"melds": [["AS"]], "jokers": 2}, "jokers", "unknown_field"),
        ({"melds": [["AS"]] * 37}, "melds", "too_many"),
        ({"melds": [["AS"] * 60, ["KS"] * 60]}, "melds", "too_many"),
    ])
    def test_an_unreadable_request_is_a_400_naming_the_field(self, client, body, field, code):
        response = check(client, body)
        assert response.status_code == 400
        errors = response.json()["errors"]
        assert (errors[0]["field"], errors[0]["code"]) == (field, code)
        assert errors[0]["message"]

    def test_every_bad_code_is_named(self, client):
        errors = check(client, {"melds": [["ZZ", "AS"], ["KS", "11H"]]}).json()["errors"]
        assert [e["field"] for e in errors] == ["melds.0.0", "melds.1.1"]

    def test_only_post_is_allowed(self, client):
        assert client.get(URL).status_code == 405


code = st.sampled_from(["AS", "2H", "10D", "JC", "QS", "KH", "JK", "AH", "3H", "KD"])
junk_value = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=4), code)
junk_body = st.one_of(
    junk_value,
    st.lists(junk_value, max_size=3),
    st.fixed_dictionaries({}, optional={
        "melds": st.one_of(junk_value, st.lists(st.one_of(junk_value, st.lists(st.one_of(code, junk_value), max_size=6)), max_size=6)),
        "opening": junk_value,
        "other": junk_value,
    }),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=junk_body)
def test_junk_gets_a_400_or_a_verdict_never_a_500(client, body):
    response = check(client, body)
    assert response.status_code in (200, 400), response.content
    data = response.json()
    if response.status_code == 200:
        assert set(data) >= {"valid", "points", "problems"}
        assert data["valid"] == (not data["problems"])
    else:
        assert all(e["field"] is not None and e["message"] for e in data["errors"])


class TestPage:
    def test_the_page_is_a_form_that_works_without_javascript(self, client):
        html = client.get(PAGE).content.decode()
        assert "<h1>Vérifier une pose</h1>" in html
        assert 'name="meld.0"' in html and 'name="opening"' in html
        assert 'method="post"' in html

    def test_a_posted_lay_shows_the_verdict(self, client):
        response = client.post(PAGE, {"meld.0": "D♥ R♥ As♥", "meld.1": "8♠ 8♦ joker", "meld.2": "4C 5C 6C", "opening": "on"})
        assert response.status_code == 200
        html = response.content.decode()
        assert "Ouverture valable" in html and "62 points" in html
        assert "Suite à ♥ : D-R-As" in html
        assert "Le joker tient la place d&#x27;un 8 (♥ ♣)" in html

    def test_a_posted_lay_that_breaks_a_rule_says_why(self, client):
        html = client.post(PAGE, {"meld.0": "R♥ As♥ 2♥", "opening": "on"}).content.decode()
        assert "Ouverture refusée" in html
        assert "On ne tourne pas le coin" in html

    def test_a_posted_run_from_ace_to_ace_says_why_it_is_refused(self, client):
        html = client.post(PAGE, {"meld.0": "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ V♥ D♥ R♥ A♥"}).content.decode()
        assert "Pose refusée" in html
        assert "pas aux deux bouts" in html and "Une suite a 13 cartes au plus (14 ici)" in html

    def test_unreadable_cards_come_back_next_to_their_meld(self, client):
        response = client.post(PAGE, {"meld.0": "4C 5C 6C", "meld.1": "", "meld.2": "7H 11Z"})
        assert response.status_code == 400
        html = response.content.decode()
        rows = re.findall(r'<div class="meld-row.*?(?=<div class="meld-row|<p class="hint">Codes)', html, re.S)
        assert "Carte inconnue : 11Z" in rows[2]
        assert "Carte inconnue" not in rows[0]

    def test_an_empty_form_asks_for_a_meld(self, client):
        response = client.post(PAGE, {"meld.0": "  "})
        assert response.status_code == 400
        assert "Saisir au moins une combinaison." in response.content.decode()

    def test_htmx_gets_only_the_checker(self, client):
        response = client.post(PAGE, {"meld.0": "4C 5C 6C"}, HTTP_HX_REQUEST="true")
        html = response.content.decode()
        assert "<html" not in html and "Pose valable" in html

    def test_a_full_form_gets_one_more_field(self, client):
        data = {f"meld.{i}": "4C 5C 6C" for i in range(5)}
        html = client.post(PAGE, data).content.decode()
        assert 'name="meld.5"' in html

    def test_junk_in_the_form_never_breaks_the_page(self, client):
        response = client.post(PAGE, {"meld.0": "x" * 5000, "meld.1": "♥♥♥ ,,, +", "opening": "maybe"})
        assert response.status_code == 400

    def test_the_back_link_only_goes_to_a_local_page(self, client):
        assert 'href="/tables/x/"' in client.get(PAGE + "?back=/tables/x/").content.decode()
        assert "Retour à la feuille" not in client.get(PAGE + "?back=//evil.example/").content.decode()
        assert "Retour à la feuille" not in client.get(PAGE + "?back=https://evil.example/").content.decode()

    @pytest.mark.django_db
    def test_the_rami_sheet_links_to_the_page(self, client):
        table = create_table(client, "rami", ["Ana", "Bea"])
        html = client.get(f"/tables/{table['id']}/").content.decode()
        assert f'href="/rami/pose/?back=/tables/{table["id"]}/"' in html


class TestJokerCounts:
    """The table option « Le joker compte à l'ouverture » in the checker: ``joker_counts`` in the API, a checkbox
    on the page, set by the sheet's link."""

    MELDS = [["10D", "JK", "QD", "KD"], ["4C", "5C", "6C"]]

    def test_the_api_counts_the_joker_as_the_card_it_stands_for_when_asked(self, client):
        # 10♦ joker D♦ R♦ with 4♣ 5♣ 6♣: 10 + 0 + 10 + 10 + 15 = 45 by default; the joker as the V♦: 40 + 15 = 55.
        off = check(client, {"melds": self.MELDS, "opening": True}).json()
        assert (off["valid"], off["points"], off["joker_counts"]) == (False, 45, False)
        on = check(client, {"melds": self.MELDS, "opening": True, "joker_counts": True}).json()
        assert (on["valid"], on["points"], on["joker_counts"]) == (True, 55, True)
        assert [m["points"] for m in on["melds"]] == [40, 15]

    def test_a_joker_counts_that_is_no_boolean_is_a_400_naming_it(self, client):
        response = check(client, {"melds": self.MELDS, "joker_counts": "yes"})
        assert response.status_code == 400
        assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("joker_counts", "not_bool")]

    def test_the_page_reads_its_checkbox(self, client):
        form = {"meld.0": "10♦ Joker D♦ R♦", "meld.1": "4♣ 5♣ 6♣", "opening": "on"}
        refused = client.post(PAGE, form).content.decode()
        assert "Ouverture refusée" in refused and "45 points" in refused
        accepted = client.post(PAGE, {**form, "joker_counts": "on"}).content.decode()
        assert "Ouverture valable" in accepted and "55 points" in accepted
        assert re.search(r'name="joker_counts" checked', accepted)

    @pytest.mark.django_db
    def test_the_sheet_links_to_the_checker_with_its_table_s_rule(self, client):
        table = create_table(client, "rami", ["Ana", "Bea"], {"joker_counts": True})
        page = client.get(f"/tables/{table['id']}/").content.decode()
        link = re.search(r'href="(/rami/pose/[^"]*)"', page).group(1).replace("&amp;", "&")
        assert "joker_counts=1" in link
        assert re.search(r'name="joker_counts" checked', client.get(link).content.decode())
        plain = create_table(client, "rami", ["Ana", "Bea"])
        link = re.search(r'href="(/rami/pose/[^"]*)"', client.get(f"/tables/{plain['id']}/").content.decode()).group(1)
        assert "joker_counts" not in link
        assert not re.search(r'name="joker_counts" checked', client.get(link.replace("&amp;", "&")).content.decode())
