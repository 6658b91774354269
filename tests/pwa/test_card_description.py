"""The card picker reads typed cards from the server's own description (static/js/cards/description.js,
generated from companion/kernel/cards.py): the file is up to date, and it lists every spelling read_cards
accepts — every compact token up to three characters, tried one by one, and every word — and nothing else.
The browser's reading of it is checked against read_cards in tests/browser/test_card_picker.py."""

import itertools
import json
import re
import string
import unicodedata

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from companion.kernel.cards import Card, SuitCard, read_cards, reading_description
from companion.pwa.management.commands.card_description import description_module, target

D = reading_description()


def test_the_generated_file_is_up_to_date():
    call_command("card_description", "--check")  # raises CommandError when not
    text = target().read_text(encoding="utf-8")
    assert text == description_module()
    # The module's data is the description, as JSON.
    assert json.loads(text.split("export default ", 1)[1].rstrip().rstrip(";")) == D


def test_the_check_fails_on_a_stale_file(tmp_path, monkeypatch):
    stale = tmp_path / "description.js"
    stale.write_text("export default {};\n", encoding="utf-8")
    monkeypatch.setattr("companion.pwa.management.commands.card_description.target", lambda: stale)
    with pytest.raises(CommandError, match="out of date"):
        call_command("card_description", "--check")
    call_command("card_description")
    assert stale.read_text(encoding="utf-8") == description_module()


def fold(word: str) -> str:
    word = word.casefold().replace("œ", "oe")
    return "".join(ch for ch in unicodedata.normalize("NFD", word) if not unicodedata.combining(ch))


def one_piece(token: str):
    """A single typed piece read as static/js/cards/read.js reads it from the description: a code or None."""
    w = fold(token)
    if w in D["jokerWords"]:
        return "JK"
    if w in D["suitWords"]:
        return None
    return D["tokens"].get(token.strip().upper())


def server(token: str):
    read = read_cards(token)
    assert len(read) == 1, (token, read)
    return read[0].code if isinstance(read[0], Card) else None


ALPHABET = string.ascii_uppercase + string.digits


def test_every_compact_token_of_up_to_three_characters_reads_as_the_description_says():
    # 36 + 36² + 36³ tokens: every card code, every French spelling (RH, ASH), every trump (T1, T07, T21), and
    # everything else that is no card (T0, T22, 1H, ZZ…).
    read = 0
    for size in (1, 2, 3):
        for letters in itertools.product(ALPHABET, repeat=size):
            token = "".join(letters)
            assert one_piece(token) == server(token), token
            read += server(token) is not None
    # Worked out by hand: 14 ranks × 4 suits, V D R before a suit (12), AS before a suit (4, "ASS" among them),
    # JK, JOK and EX, 21 trumps, T01…T09.
    assert read == 56 + 12 + 4 + 3 + 21 + 9


def test_longer_words_and_other_cases_read_as_the_description_says():
    longer = ["JOKER", "Joker", "jokers", "JOK", "EXCUSE", "Excuse", "excuses", "ATOUT", "T100", "T021", "ASSS",
              "10HH", "DAME", "Pique", "♠", "♡", "coeur", "Cœur", "TRÈFLE"]
    tokens = list(D["tokens"]) + [t.lower() for t in D["tokens"]] + [t.title() for t in D["tokens"]]
    for token in longer + tokens:
        assert one_piece(token) == server(token), token


CANDIDATE_WORDS = sorted({*D["rankWords"], *D["suitWords"], *D["ofWords"], *D["jokerWords"],
                          "reine", "rois", "dames", "cavaliers", "cavalière", "atout", "excuse", "tref", "pic",
                          "hearts", "club", "ace", "aces", "zero", "onze", "11", "0", "b", "x", "le", "des", "en"})


@pytest.mark.parametrize("of", ["", " de ", " of "])
def test_every_rank_and_suit_word_the_server_reads_is_in_the_description(of):
    for rank_word, suit_word in itertools.product(CANDIDATE_WORDS, repeat=2):
        read = read_cards(f"{rank_word}{of or ' '}{suit_word}")
        as_card = len(read) == 1 and isinstance(read[0], SuitCard)
        listed = rank_word in D["rankWords"] and suit_word in D["suitWords"]
        if listed:
            assert as_card and read[0].code == D["rankWords"][rank_word] + D["suitWords"][suit_word]
        else:
            assert not as_card, (rank_word, suit_word, read)


def test_the_words_between_and_the_separators_are_the_servers():
    assert D["ofWords"] == ["de", "du", "of"]
    assert read_cards("roi du cœur") == read_cards("roi de cœur") == read_cards("king of hearts")
    assert re.split(D["separators"], "a,b;c+d/e f") == ["a", "b", "c", "d", "e", "f"]


def test_every_label_the_picker_writes_reads_back_as_its_card():
    for lang in ("fr", "en"):
        for code, shown in D["labels"][lang].items():
            assert [c.code for c in read_cards(shown)] == [code], (lang, code, shown)
    # As players write them: French court letters, English ones, the symbol.
    assert D["labels"]["fr"]["QH"] == "D♥" and D["labels"]["en"]["QH"] == "Q♥" and D["labels"]["fr"]["JK"] == "Joker"
