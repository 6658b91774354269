from urllib.parse import quote

import pytest

from companion.tables.models import Event

from .helpers import create_table

pytestmark = pytest.mark.django_db


def edit_url(table):
    return f"/tables/{table['id']}/edit/{table['edit_token']}/"


def test_the_sheet_shows_contract_dealer_and_first_player(client):
    table = create_table(client)
    page = client.get(edit_url(table)).content.decode()
    assert "Les plis" in page
    assert "donne</span>" not in page  # plain text, no stray markup
    # Ana (seat 0) deals round 1 and Bea, the next seat, leads; each name marked with its role for the page script.
    assert '<strong data-next="dealer"><bdi>Ana</bdi></strong>' in page
    assert '<strong data-next="first"><bdi>Bea</bdi></strong>' in page
    assert 'name="tricks.3"' in page and 'inputmode="numeric"' in page


def test_a_plain_post_enters_a_round_and_redirects(client):
    table = create_table(client)
    response = client.post(edit_url(table), {"tricks.0": "4", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1"})
    assert response.status_code == 302
    page = client.get(edit_url(table)).content.decode()
    assert "Les cœurs" in page  # the next manche
    assert Event.objects.get().data == {"tricks": [4, 3, 5, 1]}


def test_an_htmx_post_answers_with_the_sheet_partial_only(client):
    table = create_table(client)
    response = client.post(edit_url(table), {"tricks.0": "4", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1"},
                           HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<html" not in page and 'id="sheet"' in page and "Les cœurs" in page


def test_errors_are_shown_next_to_their_field_with_a_400(client):
    table = create_table(client)
    response = client.post(edit_url(table), {"tricks.0": "4", "tricks.1": "trois", "tricks.2": "5", "tricks.3": "1"})
    assert response.status_code == 400
    page = response.content.decode()
    assert 'aria-invalid="true"' in page
    assert "Nombre entier positif ou nul attendu." in page
    assert 'value="trois"' in page
    assert Event.objects.count() == 0


def test_the_form_asks_only_for_the_current_manche(client):
    table = create_table(client)
    client.post(edit_url(table), {"tricks.0": "4", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1"})
    # a stray field from another manche in the form is ignored, the hearts are read
    client.post(edit_url(table), {"hearts.0": "2", "hearts.1": "6", "hearts.2": "0", "hearts.3": "5", "queens.0": "9"})
    assert Event.objects.last().data == {"hearts": [2, 6, 0, 5]}


def test_a_refused_entry_links_to_the_rule(client):
    table = create_table(client)
    page = client.post(edit_url(table), {"tricks.0": "9", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1"}).content.decode()
    # The rule's section, with the way back to this edit page (quoted in the address, the &amp; of HTML aside).
    assert f"/rules/barbu/?back={quote(edit_url(table), safe='')}#plis" in page


def test_a_wrong_token_is_403(client):
    table = create_table(client)
    assert client.get(f"/tables/{table['id']}/edit/wrong/").status_code == 403
    assert client.post(f"/tables/{table['id']}/edit/wrong/", {"tricks.0": "13"}).status_code == 403


def test_the_read_only_sheet_has_no_form(client):
    table = create_table(client)
    page = client.get(f"/tables/{table['id']}/").content.decode()
    assert "tricks.0" not in page and table["edit_token"] not in page


def test_an_unknown_table_is_404(client):
    assert client.get("/tables/unknown/").status_code == 404


def test_finishing_early_names_the_winner(client):
    table = create_table(client)
    client.post(edit_url(table), {"tricks.0": "4", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1"})
    assert client.post(edit_url(table) + "finish/").status_code == 302
    page = client.get(f"/tables/{table['id']}/").content.decode()
    assert "Gagnant" in page and "<strong><bdi>Dan</bdi></strong>" in page
    response = client.post(edit_url(table), {"hearts.0": "13", "hearts.1": "0", "hearts.2": "0", "hearts.3": "0"})
    assert response.status_code == 409
    assert Event.objects.filter(kind="round").count() == 1


def test_the_rules_link_opens_the_coming_contract(client):
    table = create_table(client)
    back = quote(edit_url(table), safe="")  # the rulebook page leads back to this edit page
    page = client.get(edit_url(table)).content.decode()
    assert f'href="/rules/barbu/?back={back}#plis"><strong>' in page
    client.post(edit_url(table), {"tricks.0": "4", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1"})
    page = client.get(edit_url(table)).content.decode()
    assert f'href="/rules/barbu/?back={back}#coeurs"><strong>' in page
    assert f'href="/rules/barbu/?back={back}#coeurs">Règles</a>' in page  # the menu's "Règles" too


def test_english_pages_use_english_punctuation(client):
    table = create_table(client)
    page = client.get(edit_url(table), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "deals: <strong data-next=\"dealer\"><bdi>Ana</bdi></strong>" in page
    page = client.get(edit_url(table), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "donne : <strong data-next=\"dealer\"><bdi>Ana</bdi></strong>" in page


def test_a_round_number_that_is_not_plain_digits_is_a_400(client):
    table = create_table(client)
    data = {"tricks.0": "4", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1", "round_number": "²"}
    assert client.post(edit_url(table), data).status_code == 400
    assert Event.objects.count() == 0


def test_a_correction_version_that_is_not_plain_digits_is_a_400(client):
    table = create_table(client)
    client.post(edit_url(table), {"tricks.0": "4", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1"})
    seq = Event.objects.get().seq
    data = {"tricks.0": "1", "tricks.1": "3", "tricks.2": "5", "tricks.3": "4", "version": "²"}
    assert client.post(edit_url(table) + f"rounds/{seq}/", data).status_code == 400
    assert Event.objects.count() == 1
