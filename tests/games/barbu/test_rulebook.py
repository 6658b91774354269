"""The Barbu rulebook page says what the sheet and the digital deal do, and cites only what a player can find."""

import re

import pytest

from companion.rulebook import book

LANGS = ["fr", "en"]


def text_of(lang):
    entry = book.entry("barbu", lang)
    assert entry.content_lang == lang and not entry.problems
    return " ".join(" ".join(re.sub(r"<[^>]+>", " ", s.html).split()) for s in entry.sections)


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_cites_public_references_and_no_private_file(lang):
    text = text_of(lang)
    for private in ("fichier source", "seed file", "notes de recherche", "research notes", "la source renvoie",
                    "the source refers", "(§", "note 2", "note 3", "note 5", "notes 1"):
        assert private not in text.lower(), private
    assert "pagat.com" in text
    assert ("règle d'usage" if lang == "fr" else "common practice") in text


@pytest.mark.parametrize(("lang", "says"), [
    ("fr", ["n'ouvre pas le cœur pour les autres", "Seul un cœur défaussé sur une autre couleur ouvre le cœur"]),
    ("en", ["does not open hearts for the others", "Only a heart discarded on another suit opens hearts"]),
])
def test_the_page_says_a_heart_led_from_a_hand_of_hearts_opens_nothing(lang, says):
    # As the digital deal does (tests/rules/test_barbu_play.py, TestOnlyADiscardOpensHearts).
    text = text_of(lang)
    for sentence in says:
        assert sentence in text


@pytest.mark.parametrize(("lang", "says"), [
    ("fr", ["donne chacune des cinq manches une fois", "une manche plus loin", "la deuxième par les cœurs"]),
    ("en", ["deals each of the five manches once", "one manche further on", "the second with hearts"]),
])
def test_the_page_describes_the_series_the_sheet_schedules(lang, says):
    # As the sheet schedules it (tests/rules/test_barbu.py, TestSeries).
    text = text_of(lang)
    for sentence in says:
        assert sentence in text


@pytest.mark.parametrize(("lang", "says"), [
    ("fr", ["à la fois un cœur et une dame", "au moins deux cœurs si cette personne a aussi le Roi de cœur"]),
    ("en", ["both a heart and a Queen", "at least two hearts if that person also took the King of hearts"]),
])
def test_the_page_explains_the_salade_crossings_the_sheet_checks(lang, says):
    text = text_of(lang)
    for sentence in says:
        assert sentence in text
