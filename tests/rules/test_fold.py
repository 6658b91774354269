"""The one accent fold (:func:`companion.kernel.text.fold`): game names, the rulebook search and typed cards."""

import unicodedata

import pytest

from companion.games import registry
from companion.kernel import text
from companion.kernel.cards import Card, read_cards
from companion.rulebook import search


@pytest.mark.parametrize(("typed", "folded"), [
    ("Chasse-Cœur", "chasse-coeur"),
    ("ÉCOLE", "ecole"),
    ("Trèfle", "trefle"),
    (unicodedata.normalize("NFD", "Zoé"), "zoe"),  # e and a combining accent, as some keyboards send it
    ("Æsir", "aesir"),
    ("ŒUVRE", "oeuvre"),
    ("ﬁn", "fin"),  # a ligature character
    ("Ｒoi", "roi"),  # a full-width letter
    ("Straße", "strasse"),
    ("", ""),
])
def test_fold(typed, folded):
    assert text.fold(typed) == folded


def test_every_place_that_folds_uses_the_one_fold():
    assert registry.fold is text.fold and search.fold is text.fold


def test_a_game_is_found_by_its_name_however_it_is_accented():
    assert registry.resolve("Chasse-Cœur") == registry.resolve("CHASSE-COEUR") == "chasse-coeur"


def test_typed_cards_fold_as_game_names_do():
    king_of_hearts = [Card.parse("KH")]
    assert read_cards("roi de cœur") == read_cards("ROI DE COEUR") == king_of_hearts
    assert read_cards("7 de trèfle") == read_cards("7 DE TREFLE") == [Card.parse("7C")]
    assert read_cards("Ｒoi de cœur") == king_of_hearts  # a full-width R, as a phone's keyboard may give it
