"""The game list marks the games Atout keeps the score of, from the registry; wide tables scroll in a box with a
cue."""

import re

import pytest

from companion.games import registry
from companion.kernel.game import Game
from companion.rulebook import book, views

MARK = re.compile(r'class="game-link" href="/rules/([a-z-]+)/"><strong>[^<]*</strong> <span class="has-sheet"')


def marked(client, **params):
    return MARK.findall(client.get("/rules/", params).content.decode())


def test_the_list_marks_exactly_the_games_with_a_score_sheet(client):
    assert marked(client) == list(registry.scored())
    assert set(marked(client)) <= set(registry.catalog())  # every game of the catalogue has a sheet now


def test_the_mark_follows_the_registry_not_a_list_written_by_hand(client, monkeypatch):
    scored = dict(registry.scored())
    scored["bataille"] = registry.get("rami")  # as if a score sheet for La bataille had just been registered
    monkeypatch.setattr(registry, "scored", lambda: scored)
    assert "bataille" in marked(client)
    del scored["bataille"], scored["barbu"]
    assert "barbu" not in marked(client) and "bataille" not in marked(client)


def test_the_mark_is_in_english_too(client):
    page = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<span class="has-sheet" data-sheet="yes">Score sheet</span>' in page


def test_digital_play_is_derived_from_new_deal(monkeypatch):
    for slug, game in registry.scored().items():
        deal = game.new_deal(game.info.min_players, game.default_options())
        assert views.has_digital_play(slug) is (deal is not None)
    assert not views.has_digital_play("bataille")  # no score sheet, so no deal either
    # A game without an engine has no digital play, whatever else it has.
    barbu = registry.get("barbu")
    monkeypatch.setattr(type(barbu), "deal_class", Game.deal_class)
    assert not views.has_digital_play("barbu")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_table_scrolls_in_a_focusable_box_with_its_cue(client, lang):
    page = client.get("/rules/hombre/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    # Each box as a set of attributes: the summary at the top and the text may write them in another order.
    boxes = [set(re.findall(r'[a-z-]+="[^"]*"', attrs)) for attrs in
             re.findall(r'<div class="table-wide"(?: id="essentiel-[a-z_]+")?><div ([^>]*)><table', page)]
    tables = re.findall(r"<table", page)
    info = registry.info("hombre")  # the tables of the model, those shown again at a glance, those of the text
    assert len(boxes) == len(tables) == len(info.tables) + len(info.essentials) + page.count('<table>')
    for box in boxes:
        assert {'class="table-scroll"', 'role="region"', 'tabindex="0"'} <= box
        assert any(a.startswith("aria-label=") and a != 'aria-label=""' for a in box)
    cue = book.SCROLL_CUE.get(lang)
    cues = re.findall(rf'<p (aria-hidden="true" class="scroll-cue"|class="scroll-cue" aria-hidden="true")>{cue}</p>', page)
    assert len(cues) == len(tables)
    assert 'style="' not in page and "<script>" not in page
    assert '/static/js/rulebook.js' in page
