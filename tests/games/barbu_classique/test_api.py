"""Le barbu classique through the JSON API and the phone form. Numbers worked out by hand."""

import html
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tables.helpers import create_table, post_json

pytestmark = pytest.mark.django_db
PLAYERS = ["Ana", "Bea", "Cid", "Dom"]


def rounds_url(table):
    return f"/api/tables/{table['id']}/rounds"


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_next_gives_the_coming_dealer_s_remaining_contracts(client):
    table = create_table(client, "barbu-classique", PLAYERS)
    token = table["edit_token"]
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert (nxt["dealer"], nxt["first"], len(nxt["remaining"])) == (0, 0, 7)
    # Ana chooses « pas de dames »: −6 a queen.
    response = post_json(client, rounds_url(table), {"contract": "dames", "queens": [0, 2, 1, 1]}, token)
    assert response.status_code == 201 and response.json()["scores"] == [0, -12, -6, -6]
    # Seven deals in succession: Ana deals deal 2 too, with six contracts left.
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert (nxt["dealer"], nxt["first"]) == (0, 0) and "dames" not in nxt["remaining"] and len(nxt["remaining"]) == 6
    response = post_json(client, rounds_url(table), {"contract": "dames", "queens": [4, 0, 0, 0]}, token)
    assert response.status_code == 400 and response.json()["errors"][0]["field"] == "contract"
    for _ in range(6):  # Ana's other six: « pas de plis » once, then the rest
        left = client.get(f"/api/tables/{table['id']}").json()["next"]["remaining"]
        entry = {"plis": {"tricks": [4, 3, 3, 3]}, "coeurs": {"hearts": [1, 4, 4, 4], "ace_of_hearts": 1},
                 "roi-de-coeur": {"king_of_hearts": 2}, "deux-derniers": {"last_two": [1, 2]},
                 "atout": {"trump": "S", "tricks": [4, 3, 3, 3]}, "reussite": {"order": [0, 1, 2, 3]}}[left[0]]
        assert post_json(client, rounds_url(table), {"contract": left[0], **entry}, token).status_code == 201
    # Deal 8: Bea's first, all seven contracts hers to choose; she leads.
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert (nxt["number"], nxt["dealer"], nxt["first"], len(nxt["remaining"])) == (8, 1, 1, 7)


def test_the_refusal_of_a_contract_already_played_names_the_dealer(client):
    table = create_table(client, "barbu-classique", PLAYERS)
    token = table["edit_token"]
    assert post_json(client, rounds_url(table), {"contract": "coeurs", "hearts": [0, 13, 0, 0], "ace_of_hearts": 1},
                     token).status_code == 201
    response = post_json(client, rounds_url(table), {"contract": "coeurs", "hearts": [0, 13, 0, 0], "ace_of_hearts": 1},
                         token)
    assert response.status_code == 400
    error = next(e for e in response.json()["errors"] if e["code"] == "already_played")
    assert error["field"] == "contract"
    assert error["message"].startswith("Ana a déjà joué « Pas de cœurs »"), error["message"]
    assert "⟨" not in error["message"]
    # The phone form says it with the name too.
    page = client.post(edit_url(table), {"contract": "coeurs", "coeurs.hearts.0": "0", "coeurs.hearts.1": "13",
                                         "coeurs.hearts.2": "0", "coeurs.hearts.3": "0", "coeurs.ace_of_hearts": "1"})
    text = html.unescape(page.content.decode())
    assert page.status_code == 400 and "Ana a déjà joué « Pas de cœurs »" in text and "⟨0⟩" not in text


def test_with_the_rotation_the_deal_passes_on_after_every_deal(client):
    table = create_table(client, "barbu-classique", PLAYERS, {"dealing": "rotate"})
    token = table["edit_token"]
    assert client.get(f"/api/tables/{table['id']}").json()["options"]["dealing"] == "rotate"
    assert post_json(client, rounds_url(table), {"contract": "dames", "queens": [0, 2, 1, 1]}, token).status_code == 201
    for _ in range(3):  # Bea, Cid, Dom: « pas de plis »
        post_json(client, rounds_url(table), {"contract": "plis", "tricks": [4, 3, 3, 3]}, token)
    # Deal 5: Ana again, « dames » already hers.
    nxt = client.get(f"/api/tables/{table['id']}").json()["next"]
    assert nxt["dealer"] == 0 and "dames" not in nxt["remaining"] and len(nxt["remaining"]) == 6


def test_a_table_stored_before_the_dealing_option_keeps_the_rotation(client):
    from companion.tables.models import Table
    from tests.factories import TableFactory

    # Its stored options hold only « doubles »; its two rounds were entered under the rotation (Ana, then Bea).
    table = TableFactory(game="barbu-classique", players=PLAYERS, options={"dealing": "rotate"},
                         rounds=[{"contract": "dames", "queens": [0, 2, 1, 1]}, {"contract": "dames", "queens": [1, 1, 1, 1]}])
    Table.objects.filter(pk=table.pk).update(options={"doubles": False})
    data = client.get(f"/api/tables/{table.id}").json()
    assert [r["scores"] for r in data["rounds"]] == [[0, -12, -6, -6], [-6, -6, -6, -6]]
    # Deal 3: Cid, seven contracts left (Bea's « dames » was hers, not Ana's).
    assert (data["next"]["dealer"], len(data["next"]["remaining"])) == (2, 7)
    # Bea's « dames » again is not Cid's to refuse.
    response = post_json(client, rounds_url({"id": table.id}), {"contract": "dames", "queens": [4, 0, 0, 0]},
                         table.edit_token)
    assert response.status_code == 201


def test_the_phone_form_reads_only_the_chosen_contract(client):
    table = create_table(client, "barbu-classique", PLAYERS)
    form = {"contract": "reussite", "reussite.order.0": "2", "reussite.order.1": "0", "reussite.order.2": "3",
            "reussite.order.3": "1", "plis.tricks.0": "9"}  # a leftover of another group is ignored
    assert client.post(edit_url(table), form).status_code == 302
    # Cid first out +45, Ana +20, Dom +5, Bea −5.
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [20, -5, 45, 5]
    form = {"contract": "deux-derniers", "deux-derniers.last_two.0": "1", "deux-derniers.last_two.1": "1"}
    assert client.post(edit_url(table), form).status_code == 302
    assert client.get(f"/api/tables/{table['id']}").json()["totals"] == [20, -35, 45, 5]  # Bea −10 − 20
    page = client.get(edit_url(table)).content.decode()
    assert 'data-contract="atout"' in page and "games/barbu-classique/barbu-classique.js" in page
    # Each group says what its contract is worth, negative scores with the minus sign the pages write (U+2212),
    # not a hyphen: « −6 par dame », « +5 par pli ».
    assert "\u22126 par dame" in page and "+5 par pli" in page and "-6 par dame" not in page
    response = client.post(edit_url(table), {"contract": "coeurs", "coeurs.hearts.0": "3"})
    assert response.status_code == 400


def test_the_form_shows_each_dealer_s_remaining_contracts(client):
    table = create_table(client, "barbu-classique", PLAYERS)
    # Ana deals deals 1 and 2 (seven in succession) and chooses « réussite », then « pas de dames »; she deals next.
    for form in ({"contract": "reussite", "reussite.order.0": "0", "reussite.order.1": "1", "reussite.order.2": "2",
                  "reussite.order.3": "3"}, {"contract": "dames", "dames.queens.0": "1", "dames.queens.1": "1",
                                             "dames.queens.2": "1", "dames.queens.3": "1"}):
        assert client.post(edit_url(table), form).status_code == 302
    page = client.get(edit_url(table)).content.decode()
    start = page.index('class="remaining-contracts"')
    details = page[start:page.index("</details>", start)]
    summary = re.sub(r"<[^>]+>|\s+", " ", details)
    every = ["Pas de plis", "Pas de cœurs", "Pas de dames", "Pas de roi de cœur", "Pas les deux derniers plis", "Atout",
             "Réussite (domino)"]
    # Ana has five left (all but Réussite and Pas de dames), Bea, Cid and Dom all seven.
    for name, left in (("Ana", [c for c in every if c not in ("Réussite (domino)", "Pas de dames")]),
                       ("Bea", every), ("Cid", every), ("Dom", every)):
        assert re.search(re.escape(name) + r"\W*:\s*" + re.escape(", ".join(left)), html.unescape(summary)), (name, summary)
    assert "<strong><bdi>Ana</bdi></strong>" in details or "<strong>Ana</strong>" in details  # the coming dealer


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=5)
    | st.sampled_from(["plis", "coeurs", "dames", "roi-de-coeur", "deux-derniers", "atout", "reussite", "S"]),
    lambda c: st.lists(c, max_size=5) | st.dictionaries(
        st.sampled_from(["contract", "tricks", "hearts", "ace_of_hearts", "queens", "king_of_hearts", "last_two",
                         "trump", "order", "x"]), c, max_size=5),
    max_leaves=12,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=junk)
def test_junk_gets_a_400_never_a_500(client, body):
    table = create_table(client, "barbu-classique", PLAYERS)
    response = post_json(client, rounds_url(table), json.dumps(body), table["edit_token"])
    assert response.status_code in (201, 400), response.content


def test_doubles_through_the_api_the_sheet_and_the_phone_form(client):
    from tests.tables.helpers import conforms

    table = create_table(client, "barbu-classique", PLAYERS, {"doubles": True, "dealing": "rotate"})
    token = table["edit_token"]
    from companion.games import registry

    game = registry.get("barbu-classique")
    assert "doubles" in game.entry_schema(4, {"doubles": True})["oneOf"][0]["properties"]
    assert "doubles" not in game.entry_schema(4, {"doubles": False})["oneOf"][0]["properties"]
    # Ana declares « pas de dames »: queens [1, 0, 2, 1] → −6, 0, −12, −6. Bea doubles Ana (0 − (−6) = +6 for
    # Bea); Cid doubles Bea and Bea redoubles: (−12 − 0) × 2 = −24 for Cid, +24 for Bea.
    entry = {"contract": "dames", "queens": [1, 0, 2, 1],
             "doubles": [{"by": 1, "on": 0}, {"by": 2, "on": 1}], "redoubles": [{"by": 1, "on": 2}]}
    response = post_json(client, rounds_url(table), entry, token)
    assert response.status_code == 201, response.content
    conforms(response, "POST", "/api/tables/{table_id}/rounds")
    assert response.json()["scores"] == [-6, 0, -12, -6]
    data = client.get(f"/api/tables/{table['id']}").json()
    assert data["rounds"][0]["details"]["doubles"] == [-6, 30, -24, 0]
    assert data["totals"] == [-6, 0, -12, -6] and data["next"]["doubles_totals"] == [-6, 30, -24, 0]
    # The sheet shows the side bets apart: Bea's contracts 0, doubles +30, both +30; Cid −12, −24, −36.
    page = client.get(f"/tables/{table['id']}/").content.decode()
    assert 'id="contres"' in page
    row = page[page.index('<tr data-seat="2">', page.index('id="contres"')):]
    assert '<td class="contract-total">−12</td><td class="doubles-total">−24</td><td class="grand-total">−36</td>' in row
    # A refused double is a 400 naming the field.
    bad = post_json(client, rounds_url(table), {"contract": "plis", "tricks": [4, 3, 3, 3],
                                                "doubles": [{"by": 1, "on": 1}]}, token)
    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "doubles.0"
    # Deal 2 on the phone, Bea declares « pas de plis »: tricks 4, 3, 3, 3 → −8, −6, −6, −6. Dom doubles Ana:
    # −6 − (−8) = +2 for Dom.
    response = client.post(edit_url(table), {"contract": "plis", "plis.tricks.0": "4", "plis.tricks.1": "3",
                                             "plis.tricks.2": "3", "plis.tricks.3": "3", "double.3.0": "on"})
    assert response.status_code == 302, response.content.decode()[:3000]
    data = client.get(f"/api/tables/{table['id']}").json()
    assert data["rounds"][1]["entry"]["doubles"] == [{"by": 3, "on": 0}]
    assert data["next"]["doubles_totals"] == [-6 - 2, 30, -24, 2]
    # The correction form shows the stored doubles checked.
    from companion.tables.models import Event

    seq = Event.objects.filter(table_id=table["id"], kind="round").order_by("seq").first().seq
    form = client.get(edit_url(table) + f"rounds/{seq}/").content.decode()
    for name in ("double.1.0", "double.2.1", "redouble.1.2"):
        assert f'name="{name}" checked' in form
    assert 'name="double.3.0" checked' not in form


def test_doubles_off_refuses_them_naming_the_option(client):
    table = create_table(client, "barbu-classique", PLAYERS)
    response = post_json(client, rounds_url(table), {"contract": "plis", "tricks": [4, 3, 3, 3],
                                                     "doubles": [{"by": 1, "on": 0}]}, table["edit_token"])
    assert response.status_code == 400
    assert [(e["field"], e["code"]) for e in response.json()["errors"]] == [("doubles", "doubles_off")]


def test_a_correction_refused_for_a_contract_already_played_names_the_dealer(client):
    table = create_table(client, "barbu-classique", PLAYERS)
    token = table["edit_token"]
    for entry in ({"contract": "dames", "queens": [0, 2, 1, 1]}, {"contract": "plis", "tricks": [4, 3, 3, 3]}):
        assert post_json(client, rounds_url(table), entry, token).status_code == 201

    def put(number, entry):
        return client.put(f"{rounds_url(table)}/{number}", json.dumps(entry), content_type="application/json",
                          HTTP_AUTHORIZATION=f"Bearer {token}")

    # Deal 2 is Ana's too (seven in succession): corrected to « dames », which she played in deal 1.
    response = put(2, {"contract": "dames", "queens": [4, 0, 0, 0]})
    assert response.status_code == 400
    messages = [e["message"] for e in response.json()["errors"]]
    assert any(m.startswith("Ana a déjà joué « Pas de dames »") for m in messages) and not any("⟨" in m for m in messages)
    # Deal 1 corrected to « plis » breaks deal 2, Ana's « plis »: a conflict (409) that says why, with her name.
    response = put(1, {"contract": "plis", "tricks": [13, 0, 0, 0]})
    assert response.status_code == 409
    (message,) = [e["message"] for e in response.json()["errors"]]
    assert "Ana a déjà joué « Pas de plis »" in message and "⟨" not in message, message
