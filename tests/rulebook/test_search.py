"""One search box across every game and section: accents and case ignored, the game's own section first."""

from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.registry import fold
from companion.rulebook import book, search

from .parsing import read


def first(query, lang="fr"):
    found = search.search(query, lang)
    assert found.results, f"nothing found for {query!r}"
    return found.results[0].doc


def marked(result):
    return [text for text, hit in result.snippet if hit]


def test_coeur_without_the_ligature_finds_coeur_with_it():
    found = search.search("coeur", "fr")
    assert found.total > 0 and not found.partial
    hits = [text for r in found.results for text in marked(r)]
    assert any("œ" in text for text in hits), hits
    assert all(fold(text).startswith("coeur") for text in hits)


def test_case_and_accents_do_not_change_the_results():
    def keys(q):
        return [(r.doc.slug, r.doc.anchor) for r in search.search(q, "fr").results]

    assert keys("Cœur") == keys("coeur") == keys("COEUR") == keys("cœur")
    assert keys("élite") == keys("Elite") == keys("ELITE")
    assert ("empereur", "mode-elite") in keys("elite")
    assert keys("écart") == keys("ecart")


def test_an_accented_query_finds_a_word_written_without_accents(tmp_path, monkeypatch):
    (tmp_path / "barbu" / "rulebook").mkdir(parents=True)
    sections = "\n\n".join(f"## {key}\nTexte de la section {key}." for key in book.SECTION_KEYS)
    body = sections.replace("Texte de la section play.", "### Le roi {#roi}\nLe roi de coeur coute 80 points.")
    (tmp_path / "barbu" / "rulebook" / "fr.md").write_text(f"# Le barbu\n\n{body}\n", encoding="utf-8")
    monkeypatch.setattr(registry, "GAMES_DIR", tmp_path)
    for query, word in (("Cœur", "coeur"), ("cœur", "coeur"), ("COEUR", "coeur"), ("coûte", "coute")):
        (roi,) = [r for r in search.search(query, "fr").results if (r.doc.slug, r.doc.anchor) == ("barbu", "roi")]
        assert marked(roi) == [word], query


def test_rami_sec_opens_the_rami_sec_section_of_the_rami_first():
    doc = first("rami sec")
    assert (doc.slug, doc.anchor) == ("rami", "rami-sec")
    doc = first("Rami Sec", "en")
    assert (doc.slug, doc.anchor) == ("rami", "rami-sec")


def test_a_query_naming_a_game_ranks_that_games_sections_first():
    found = search.search("pioche empereur", "fr")
    assert found.results[0].doc.slug == "empereur"
    assert [r.doc.slug for r in found.results[:3]] == ["empereur"] * 3
    assert first("dame de pique").slug == "petasse"  # an alias of la pétasse
    assert first("nain jaune").slug == "nain-jaune"
    assert first("excuse tarot lorrain").slug == "tarot-lorrain"


def test_a_game_name_alone_opens_the_game_at_its_top():
    doc = first("le rami")
    assert (doc.slug, doc.anchor) == ("rami", "section-short")
    doc = first("Hearts", "en")  # an alias of the chasse-cœur
    assert (doc.slug, doc.anchor) == ("chasse-coeur", "section-short")


def test_a_word_that_is_nowhere_finds_nothing():
    found = search.search("xylophone", "fr")
    assert found.total == 0 and found.results == ()


def test_stop_words_alone_are_still_searched_and_never_crash():
    assert search.search("de la", "fr").terms == ("de", "la")
    assert search.search("!!! ???", "fr").terms == ()


def test_snippets_show_the_passage_around_the_match():
    result = search.search("pioche forcée", "fr").results[0]
    text = "".join(t for t, _ in result.snippet)
    assert len(text) <= search.SNIPPET + 40
    assert any(fold(t).startswith("pioche") for t in marked(result))


# -- the page -------------------------------------------------------------------------------------------------
def test_the_search_page_links_each_result_to_its_section(client):
    response = client.get("/rules/search", {"q": "rami sec"})
    assert response.status_code == 200
    links = [href for href, _ in read(response.content.decode()).links if "#" in href]
    assert links[0] == "/rules/rami/#rami-sec"
    assert "<mark>" in response.content.decode()


def test_an_empty_query_shows_the_page_with_a_hint(client):
    for params in ({}, {"q": ""}, {"q": "   "}):
        response = client.get("/rules/search", params)
        assert response.status_code == 200
        assert "Tapez un mot" in response.content.decode()


def test_a_query_that_is_too_long_gets_a_message_and_a_400(client):
    response = client.get("/rules/search", {"q": "atout " * 40})
    assert response.status_code == 400
    assert "Recherche trop longue" in response.content.decode()


@pytest.mark.parametrize("q", ["<script>alert(1)</script>", "%", "\\", "' OR 1=1 --", "é" * 100, "🂡 ♠ ♥"])
def test_odd_queries_are_answered_and_escaped(client, q):
    response = client.get("/rules/search", {"q": q})
    assert response.status_code == 200
    assert "<script>alert(1)" not in response.content.decode()


def test_search_answers_in_english_from_the_english_text(client):
    response = client.get("/rules/search", {"q": "king of hearts"}, HTTP_ACCEPT_LANGUAGE="en")
    page = response.content.decode()
    assert "/rules/barbu/#roi-de-coeur" in page
    assert "King of hearts" in page


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=search.MAX_QUERY))
def test_any_text_is_a_query_that_answers_without_error(q):
    found = search.search(q, "fr")
    assert found.total >= len(found.results)
    for result in found.results:
        assert result.doc.anchor and result.doc.slug
        for text, _ in result.snippet:
            assert isinstance(text, str)


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=120).filter(lambda s: "/" not in s and "\x00" not in s))
def test_any_name_in_the_address_is_a_page_a_redirect_or_a_404(name):
    response = Client(HTTP_ACCEPT_LANGUAGE="fr").get("/rules/" + quote(name, safe="") + "/")
    assert response.status_code in (200, 302, 404)
