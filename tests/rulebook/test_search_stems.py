"""The search finds a word by its stem, and from a table (or a game's page) answers with that game first."""

import pytest
from django.urls import reverse

from companion.rulebook.search import search


def test_entamer_finds_entame_on_the_barbu_page():
    # The Barbu page says « Le joueur à la gauche du donneur entame la première levée »: no word there begins
    # with "entamer", but "entame" and "entamer" share the French stem "entam".
    found = search("peut-on entamer à cœur", "fr")
    assert "barbu" in {r.doc.slug for r in found.results}
    barbu = next(r for r in found.results if r.doc.slug == "barbu")
    assert ("entame", True) in barbu.snippet


def test_peut_and_faut_are_the_question_not_its_subject():
    # Barbu classique's play section holds "entame" and "cœur" but not "peut": it must still match fully.
    found = search("peut-on entamer à cœur", "fr")
    assert not found.partial
    assert "barbu-classique" in {r.doc.slug for r in found.results}


def test_from_a_barbu_classique_table_its_own_rule_comes_first():
    assert search("peut-on entamer à cœur", "fr", game="barbu-classique").results[0].doc.slug == "barbu-classique"
    assert search("peut-on entamer à cœur", "fr", game="barbu").results[0].doc.slug == "barbu"


def test_a_game_named_in_the_query_beats_the_game_it_was_asked_from():
    assert search("rami sec", "fr", game="tarot").results[0].doc.slug == "rami"


def test_english_is_stemmed_in_english():
    found = search("leading hearts", "en")
    assert any(("lead" in part.lower()) for r in found.results for part, hit in r.snippet if hit)


@pytest.mark.django_db
def test_the_search_page_takes_the_game_it_was_asked_from(client):
    r = client.get(reverse("rulebook:search"), {"q": "entamer cœur", "jeu": "barbu-classique", "back": "/tables/x/"})
    assert r.status_code == 200
    first = r.context["results"][0]
    assert first["url"].startswith(reverse("rulebook:game", args=["barbu-classique"]) + "?back=%2Ftables%2Fx%2F#")


@pytest.mark.django_db
def test_an_unknown_game_to_search_from_is_a_400_naming_the_field(client):
    r = client.get(reverse("rulebook:search"), {"q": "excuse", "jeu": "poker"})
    assert r.status_code == 400
    assert "Jeu" in r.content.decode() and "poker" in r.content.decode()


def test_a_game_page_opened_from_a_table_leads_back_to_it(client):
    page = client.get(reverse("rulebook:game", args=["tarot"]), {"back": "/tables/abc/edit/tok/"}).content.decode()
    assert 'href="/tables/abc/edit/tok/"' in page and "Retour à la table" in page
    assert 'name="jeu" value="tarot"' in page and 'name="back" value="/tables/abc/edit/tok/"' in page
    foreign = client.get(reverse("rulebook:game", args=["tarot"]), {"back": "//evil.example/"}).content.decode()
    assert "Retour à la table" not in foreign
