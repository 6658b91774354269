"""A search with a typo suggests the nearest words and games ("Vouliez-vous dire…"), accents and case ignored,
in French and English; the unknown-game page does the same for a mistyped address."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.rulebook import search

from .parsing import read


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("barbou", "barbu", 1),  # one letter too many (the o)
    ("tarrot", "tarot", 1),  # one r too many
    ("ecxuse", "excuse", 1),  # two neighbours swapped count as one slip
    ("belotte", "belote", 1),
    ("empreur", "empereur", 1),  # one e missing
    ("pioche", "pioche", 0),
    ("chat", "chien", 3),  # h kept; a→i, t→e, +n: three slips, more than the 2 allowed, reported as 3
])
def test_distance_counts_the_slips_worked_out_by_hand(a, b, expected):
    assert search.distance(a, b, 2) == min(expected, 3)


def test_short_words_and_numbers_are_never_corrected():
    assert [search.max_typos(w) for w in ("roi", "as", "121", "dame", "tarrot", "empereurs")] == [0, 0, 0, 1, 1, 2]


def suggested(query, lang="fr"):
    return [(s.query, s.games) for s in search.search(query, lang).suggestions]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_barbou_suggests_barbu_and_the_barbu(lang):
    # Both Barbus answer to "barbu": the five-manche Barbu of the rule document and the
    # seven-contract classic.
    assert suggested("barbou", lang)[0] == ("barbu", ("barbu", "barbu-classique"))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_tarrot_suggests_tarot_and_every_tarot(lang):
    query, games = suggested("tarrot", lang)[0]
    assert query == "tarot"
    assert set(games) == {slug for slug in registry.catalog() if slug == "tarot" or slug.startswith("tarot-")}


def test_accents_and_case_do_not_change_the_suggestion():
    assert suggested("BÂRBOU") == suggested("barbou") == suggested("Barbou")
    assert suggested("Tarrôt", "en") == suggested("tarrot", "en")


def test_only_the_mistyped_word_is_replaced():
    assert suggested("pioche barbou")[0] == ("pioche barbu", ("barbu", "barbu-classique"))  # both Barbus
    assert suggested("nain jeune")[0] == ("nain jaune", ("nain-jaune",))


def test_known_words_get_no_suggestion_and_nonsense_gets_none_either():
    assert suggested("pioche") == [] and suggested("rami sec") == []
    assert suggested("xylophone") == []  # nothing in the rulebook is within two slips of it


def test_the_search_page_says_did_you_mean_with_links(client):
    page = client.get("/rules/search", {"q": "barbou"}).content.decode()
    assert "Vouliez-vous dire :" in page
    links = read(page).links
    assert ("/rules/search?q=barbu", "barbu") in links
    assert ("/rules/barbu/", "Le barbu") in links


def test_the_search_page_in_english(client):
    page = client.get("/rules/search", {"q": "tarrot"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Did you mean:" in page
    links = read(page).links
    assert ("/rules/search?q=tarot", "tarot") in links
    assert ("/rules/tarot-lorrain/", registry.info("tarot-lorrain").names.en) in links


def test_no_did_you_mean_when_every_word_is_known(client):
    assert "Vouliez-vous dire" not in client.get("/rules/search", {"q": "pioche"}).content.decode()


def test_a_mistyped_game_address_suggests_the_game(client):
    response = client.get("/rules/barbou/")
    assert response.status_code == 404
    assert ("/rules/barbu/", "Le barbu") in read(response.content.decode()).links


def _edit(word, ops):
    """Apply slips to a word: ("sub", i, c), ("ins", i, c), ("del", i, _), ("swap", i, _)."""
    w = list(word)
    for op, i, c in ops:
        if not w:
            break
        i %= len(w)
        if op == "sub":
            w[i] = c
        elif op == "ins":
            w.insert(i, c)
        elif op == "del" and len(w) > 1:
            del w[i]
        elif op == "swap" and i + 1 < len(w):
            w[i], w[i + 1] = w[i + 1], w[i]
    return "".join(w)


@settings(max_examples=400, deadline=None)
@given(word=st.text(alphabet="abcde", min_size=4, max_size=10),
       ops=st.lists(st.tuples(st.sampled_from(["sub", "ins", "del", "swap"]), st.integers(0, 20),
                              st.sampled_from("abcdef")), max_size=2))
def test_the_letter_pair_filter_never_drops_a_word_within_reach(word, ops):
    # nearest() only measures words sharing all but 3 × most of the term's letter pairs; that must never drop a
    # word the distance would have accepted: each slip breaks at most three pairs.
    typed = _edit(word, ops)
    d = search.distance(typed, word, 2)
    if d <= 2:
        assert len(search.bigrams(typed) & search.bigrams(word)) >= len(search.bigrams(typed)) - 3 * d


def test_a_game_name_misspelt_with_known_words_is_suggested_whole():
    # "jeune" is a word of the rulebook ("le plus jeune"), so only the whole name is near: one slip (e → a).
    assert suggested("nain jeune") == [("nain jaune", ("nain-jaune",))]
    assert suggested("super batail") == [("super bataille", ("super-bataille",))]  # two letters missing
    assert suggested("chasse coeur") == []  # a name spelt right


@pytest.mark.parametrize(("query", "lang"), [("premier donneur", "fr"), ("first dealer", "en")])
def test_the_common_page_is_searched_too(client, query, lang):
    page = client.get("/rules/search", {"q": query}, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    links = [href for href, _ in read(page).links if "#" in href]
    assert links[0] == "/rules/comment-atout-compte/#premier-donneur"
