"""The classics that the variants of the user's rule documents build on: the game list tells them apart, and each
variant's page links to its classic."""

import pytest

from companion.games import registry
from companion.rulebook import book

LANGS = ["fr", "en"]
VARIANTS = {"belote-a-trois": "belote", "belote-de-comptoir": "belote", "barbu": "barbu-classique",
            "tarot-lorrain": "tarot", "tarot-tare": "tarot"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_list_says_which_games_are_classics_and_what_each_variant_is_based_on(client, lang):
    html = client.get("/rules/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    for slug in ("belote", "coinche", "barbu-classique"):
        link = html[html.index(f'href="/rules/{slug}/"'):]
        assert 'data-origin="classic"' in link[:link.index("</li>")]
    for slug, classic in VARIANTS.items():
        link = html[html.index(f'href="/rules/{slug}/"'):]
        assert f'data-based-on="{classic}"' in link[:link.index("</li>")]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("slug", "classic"), list(VARIANTS.items()))
def test_each_variant_page_links_to_its_classic_first_thing(slug, classic, lang):
    assert registry.info(slug).based_on == classic and registry.info(classic).classic
    short = next(s for s in book.entry(slug, lang).sections if s.key == "short")
    assert f'href="../{classic}/"' in short.html
