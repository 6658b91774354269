"""The game list with its filters, a game's page, languages, caching and the score sheet's rule links."""

import re
from urllib.parse import quote

import pytest
from django.test import Client

from companion.games import registry
from companion.rulebook.book import anchor_title
from tests.tables.helpers import create_table

from .parsing import read

SECTION_IDS = ["section-short", "section-players", "section-cards", "section-deal", "section-play",
               "section-scoring", "section-end", "section-variants", "section-disputes"]


def listed(response):
    return re.findall(r'class="game-link" href="/rules/([a-z-]+)/"', response.content.decode())


# -- the list ---------------------------------------------------------------------------------------------------
def test_the_list_shows_every_game_with_players_decks_and_family(client):
    response = client.get("/rules/")
    assert response.status_code == 200
    assert listed(response) == list(registry.catalog())
    page = response.content.decode()
    assert "Le rami" in page and "2 à 6 joueurs" in page and "deux jeux de 52 cartes et 4 jokers" in page
    assert "Jeux de combinaisons (rami)" in page
    assert "Le vicaire" in page and "3 joueurs" in page


def test_five_players_with_a_32_card_deck(client):
    games = listed(client.get("/rules/", {"players": "5", "deck": "32"}))
    # Hand-checked: bataille 2–6 and menteur 3–8 take a 32-card deck; vicaire (3 only), pétasse (3–4) and
    # belote à trois (3) are too small; barbu and the tarots use other decks.
    assert {"bataille", "menteur"} <= set(games)
    assert not {"vicaire", "petasse", "belote-a-trois", "barbu", "tarot-lorrain", "rami"} & set(games)
    for slug in games:
        info = registry.info(slug)
        assert info.min_players <= 5 <= info.max_players and "32" in info.decks


def test_the_tarot_deck_lists_the_three_tarots(client):
    assert listed(client.get("/rules/", {"deck": "78"})) == ["tarot", "tarot-lorrain", "tarot-tare"]


def test_the_family_filter(client):
    games = listed(client.get("/rules/", {"family": "banque"}))
    assert {"baccara", "pharaon"} <= set(games)
    assert all(registry.info(slug).family == "banque" for slug in games)
    assert "barbu" not in games


def test_a_filter_matching_nothing_says_so(client):
    response = client.get("/rules/", {"players": "2", "deck": "78"})
    assert listed(response) == [] and "Aucun jeu ne correspond" in response.content.decode()


@pytest.mark.parametrize(("params", "field"), [({"players": "cinq"}, "players"), ({"players": "99"}, "players"),
                                               ({"deck": "33"}, "deck"), ({"family": "poker"}, "family")])
def test_a_filter_that_cannot_be_read_is_a_400_naming_the_field(client, params, field):
    response = client.get("/rules/", params)
    assert response.status_code == 400
    assert f'data-field="{field}"' in response.content.decode()


def test_the_list_has_a_search_box_and_plain_forms(client):
    page = client.get("/rules/").content.decode()
    assert 'action="/rules/search" method="get"' in page and 'name="q"' in page
    assert 'action="/rules/" method="get"' in page


# -- a game's page ----------------------------------------------------------------------------------------------
def test_a_game_page_has_its_sections_in_order_with_a_jump_menu(client):
    page = read(client.get("/rules/barbu/").content.decode())
    sections = [i for i in page.ids if i.startswith("section-")]
    assert sections == SECTION_IDS
    jump = [href for href, _ in page.links if href.startswith("#section-")]
    assert jump == [f"#{s}" for s in SECTION_IDS]
    h2 = [text for tag, _, text in page.headings if tag == "h2"]
    assert h2 == ["L'essentiel des points", "En bref", "Joueurs et matériel", "Ordre et valeur des cartes", "La donne", "Déroulement du jeu",
                  "Fin de donne et décompte", "Fin de partie", "Variantes et règles maison", "Points litigieux"]
    assert ("h3", "plis", "Manche 1 : les plis") in page.headings


def test_a_scored_game_links_to_a_new_table_and_an_unscored_one_does_not(client):
    assert 'href="/tables/new/barbu/"' in client.get("/rules/barbu/").content.decode()
    unscored = [slug for slug in registry.catalog() if slug not in registry.scored()]  # fewer as sheets land
    for slug in unscored[:1]:
        assert "/tables/new/" not in client.get(f"/rules/{slug}/").content.decode()


def test_an_unknown_game_is_a_404_page(client):
    response = client.get("/rules/belote-a-quatorze/")
    assert response.status_code == 404
    assert "Jeu inconnu" in response.content.decode()
    assert client.get("/rules/" + "x" * 500 + "/").status_code == 404


@pytest.mark.parametrize(("asked", "slug"), [("chasse-cœur", "chasse-coeur"), ("Barbu", "barbu"),
                                             ("dame-de-pique", "petasse"), ("le-nain-jaune", "nain-jaune")])
def test_an_accented_name_or_alias_redirects_to_the_game(client, asked, slug):
    response = client.get(f"/rules/{asked}/")
    assert response.status_code == 302
    assert response["Location"] == f"/rules/{slug}/"


def test_pages_can_be_cached_and_vary_with_the_language(client):
    for url in ("/rules/", "/rules/barbu/", "/rules/search?q=pioche"):
        response = client.get(url)
        assert response.status_code == 200
        assert "public" in response["Cache-Control"] and "max-age=300" in response["Cache-Control"]
        vary = {v.strip() for v in response["Vary"].split(",")}
        assert {"Accept-Language", "Cookie"} <= vary


# -- languages --------------------------------------------------------------------------------------------------
def test_without_any_language_header_the_rules_are_in_french():
    page = Client().get("/rules/barbu/").content.decode()
    assert "<h2>En bref</h2>" in page and '<html lang="fr">' in page


def test_accept_language_english_gives_the_english_text(client):
    page = client.get("/rules/barbu/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9").content.decode()
    assert "<h2>In short</h2>" in page and "<h1>Barbu</h1>" in page
    assert ("h3", "plis", "Manche 1: tricks") in read(page).headings


def test_the_users_choice_wins_over_the_browser(client):
    client.cookies["django_language"] = "en"
    page = client.get("/rules/barbu/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "<h2>In short</h2>" in page
    client.cookies["django_language"] = "fr"
    page = client.get("/rules/barbu/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<h2>En bref</h2>" in page


def test_the_list_speaks_the_language_of_the_model(client):
    page = client.get("/rules/", {"deck": "78"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "tarot pack (78 cards)" in page and "Trick-taking games" in page


# -- labels for links from the score sheet ----------------------------------------------------------------------
def test_anchor_title_gives_the_heading_of_an_anchor():
    assert anchor_title("barbu", "plis", "fr") == "Manche 1 : les plis"
    assert anchor_title("barbu", "plis", "en") == "Manche 1: tricks"
    assert anchor_title("Le Barbu", "section-scoring", "fr") == "Fin de donne et décompte"
    assert anchor_title("barbu", "nowhere", "fr") is None
    assert anchor_title("no-such-game", "plis", "fr") is None


@pytest.mark.django_db
def test_a_refused_entry_links_to_its_rule_by_its_title(client):
    table = create_table(client)
    url = f"/tables/{table['id']}/edit/{table['edit_token']}/"
    page = read(client.post(url, {"tricks.0": "9", "tricks.1": "3", "tricks.2": "5", "tricks.3": "1"}).content.decode())
    back = quote(url, safe="")  # the rule's page leads back to this edit page
    assert (f"/rules/barbu/?back={back}#plis", "Manche 1 : les plis") in page.links
