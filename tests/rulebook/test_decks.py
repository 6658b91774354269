"""Every game's decks agree with what its page tells the players to bring ("Joueurs et matériel").

The "players" section of each page, in French and in English, is read as a player reads it: the packs it names
(how many, of how many cards) and whether it puts jokers on the table. Each deck a game lists in the rules model
must be named there, each pack named there must be a listed deck, and jokers are asked for exactly when a listed
deck has some. Jokers that only a variant adds do not count (the list filter is about the rules as written).
"""

import re

import pytest

from companion.games import registry
from companion.kernel.cards import DECK_MAKE, DECK_NAMES, DECKS, Joker, deck
from companion.rulebook import book

LANGS = ["fr", "en"]
GAMES = list(registry.catalog())

# "Sans joker", "jokers retirés", "without its jokers"… say there are none: they are not a joker on the table.
NO_JOKER = re.compile(r"sans (ses )?jokers?|jokers? retir\w*|without (its |the )?jokers|no jokers?|jokers removed"
                      r"|jokers? (can|may) be left out|retirer les jokers")
PACK_SIZES = (32, 40, 52, 54, 78)
# Words that say how many packs are shuffled together.
TWO = re.compile(r"\bdeux jeux\b|\btwo\b[^.;:]*\bpacks\b|\b104\b")
THREE = re.compile(r"\btrois jeux\b|\btroisième\b|\bthree\b[^.;:]*\bpacks\b|\ba third\b|\b156\b")


def players_text(slug, lang):
    entry = book.entry(slug, lang)
    return " ".join(p.text for p in entry.passages if p.section == "players").lower()


def says_jokers(text):
    return "joker" in NO_JOKER.sub(" ", text)


# A pack cut down to the game's deck ("un jeu de 52 dont on enlève les 8, les 9 et les 10") names the deck it
# becomes, not a second deck.
CUT_DOWN = re.compile(r"un jeu de \d+ dont on (?:enlève|retire|ôte)|a \d+-card pack without its")


def sizes_named(text):
    """The pack sizes the text names as a pack: "jeu de 52", "52-card pack", "52 cartes" (not "51 cartes")."""
    text = CUT_DOWN.sub(" ", text)
    return {int(n) for n in re.findall(r"\b(\d+)(?:[- ]card|\s+cartes)", text) if int(n) in PACK_SIZES} | {
        int(n) for n in re.findall(r"\bjeux? de (?:tarot de )?(\d+)", text) if int(n) in PACK_SIZES}


@pytest.mark.parametrize("key", list(DECKS))
def test_each_deck_is_made_of_the_packs_and_jokers_it_says(key):
    make = DECK_MAKE[key]
    cards = deck(key)
    # A k-pack deck holds k copies of each card of one pack, plus its jokers: len = k × size + jokers.
    assert len(cards) == make.packs * make.pack_size + make.jokers
    assert sum(isinstance(c, Joker) for c in cards) == make.jokers
    assert key in DECK_NAMES
    name = DECK_NAMES[key]["en"]
    # The list names the jokers a deck holds, and says "without jokers" of a multi-pack deck that has none.
    assert (f"{make.jokers} jokers" in name) if make.jokers else ("joker" not in name or "without jokers" in name)


def test_two_and_three_packs_hold_each_card_twice_and_three_times():
    # 2 × 52 = 104 cards, each of the 52 twice; 3 × 52 = 156, each three times; no joker in either.
    for key, copies in (("2x52", 2), ("3x52", 3)):
        cards = deck(key)
        assert len(cards) == 52 * copies and len(set(cards)) == 52
        assert all(cards.count(c) == copies for c in set(cards))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", GAMES)
def test_jokers_are_asked_for_exactly_when_a_deck_has_some(slug, lang):
    info = registry.info(slug)
    with_jokers = [d for d in info.decks if DECK_MAKE[d].jokers]
    text = players_text(slug, lang)
    assert says_jokers(text) == bool(with_jokers), (
        f"{slug}/{lang}: the page {'asks for' if says_jokers(text) else 'asks for no'} jokers, decks {info.decks}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", GAMES)
def test_every_listed_deck_is_named_on_the_page_and_every_named_pack_is_listed(slug, lang):
    info = registry.info(slug)
    text = players_text(slug, lang)
    makes = [DECK_MAKE[d] for d in info.decks]
    for key, make in zip(info.decks, makes, strict=True):
        assert make.pack_size in sizes_named(text) or make.packs > 1, f"{slug}/{lang}: {key} not named"
        if make.packs == 2:
            assert TWO.search(text), f"{slug}/{lang}: {key} needs two packs, the page does not say so"
        if make.packs == 3:
            assert THREE.search(text), f"{slug}/{lang}: {key} needs three packs, the page does not say so"
    listed_sizes = {m.pack_size for m in makes} | {m.pack_size + m.jokers for m in makes if m.packs == 1}
    assert sizes_named(text) <= listed_sizes, f"{slug}/{lang}: packs named {sizes_named(text)}, decks {info.decks}"
    if TWO.search(text):
        assert any(m.packs == 2 for m in makes), f"{slug}/{lang}: two packs named, decks {info.decks}"
    if THREE.search(text):
        assert any(m.packs == 3 for m in makes), f"{slug}/{lang}: three packs named, decks {info.decks}"


@pytest.mark.parametrize("slug", ["huit-americain", "petite-ecole", "eleusis"])
def test_the_games_without_jokers_are_not_listed_under_two_packs_and_four_jokers(client, slug):
    info = registry.info(slug)
    assert all(DECK_MAKE[d].jokers == 0 for d in info.decks)
    page = client.get(f"/rules/{slug}/").content.decode()
    assert "4 jokers" not in page
    assert f'href="/rules/{slug}/"' not in client.get("/rules/", {"deck": "2x52+4"}).content.decode()
    assert f'href="/rules/{slug}/"' in client.get("/rules/", {"deck": "2x52"}).content.decode()


def test_the_deck_filter_finds_the_three_pack_games(client):
    page = client.get("/rules/", {"deck": "3x52"}).content.decode()
    # Petite école takes a third pack from 5 players; Eleusis adds one when the stock runs out.
    assert set(re.findall(r'class="game-link" href="/rules/([a-z-]+)/"', page)) == {"petite-ecole", "eleusis"}
