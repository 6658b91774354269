"""Adding a game is adding a folder: a copy of Pouilleux's folder under another name, with its slug and names
changed in its rules, is a new game for the registry, the score sheet, the round form and the rulebook, with no
other file touched (CONTRIBUTING.md, "Adding a game: the checklist").

The copy lives in a temporary folder that stands in for ``companion/games/`` (the registry's and the web parts'
``GAMES_DIR``) and is importable as a package of :mod:`companion.games`.
"""

import re
import shutil
import sys

import pytest
from django.test import Client

import companion.games
from companion.games import registry
from companion.web import entryforms, parts

SOURCE = registry.folder("pouilleux")
COPY = "pouilleux_copie"


@pytest.fixture
def copied_game(tmp_path, monkeypatch):
    games = tmp_path / "games"
    shutil.copytree(SOURCE, games / COPY, ignore=shutil.ignore_patterns("__pycache__"))
    rules = games / COPY / "rules.py"
    text = rules.read_text(encoding="utf-8")
    assert 'slug="pouilleux"' in text
    text = text.replace('slug="pouilleux"', 'slug="pouilleux-copie"')
    assert 'names=T("Le pouilleux", "Pouilleux (Old Maid)")' in text
    text = text.replace('names=T("Le pouilleux", "Pouilleux (Old Maid)")', 'names=T("Le pouilleux recopié", "Copied pouilleux")')
    rules.write_text(text, encoding="utf-8")
    monkeypatch.setattr(companion.games, "__path__", [str(games), *companion.games.__path__])
    monkeypatch.setattr(registry, "GAMES_DIR", games)
    monkeypatch.setattr(parts, "GAMES_DIR", games)
    for cached in (registry._load, registry._aliases, parts.tools, entryforms.form_module):
        cached.cache_clear()
    yield "pouilleux-copie"
    for cached in (registry._load, registry._aliases, parts.tools, entryforms.form_module):
        cached.cache_clear()
    for name in [m for m in sys.modules if m.startswith(f"companion.games.{COPY}")]:
        del sys.modules[name]


def test_the_registry_finds_the_copied_folder(copied_game):
    assert list(registry.scored()) == [copied_game]
    game = registry.get(copied_game)
    assert game.info.names.fr == "Le pouilleux recopié" and game.info.package == COPY
    assert registry.resolve("Copied pouilleux") == copied_game


def test_the_copy_scores_a_round_by_its_copied_rules(copied_game):
    # Pouilleux at three, counting poux (to 3): the player left with the pouilleux takes 1 poux, the others
    # nothing; Bea (seat 1) keeps it twice and Cid (seat 2) once.
    sheet = registry.get(copied_game).new_sheet(3, {"scoring": "poux"})
    for entry in ({"winner": 0, "pouilleux": 1}, {"winner": 2, "pouilleux": 1}, {"winner": 1, "pouilleux": 2}):
        sheet.apply(entry)
    assert sheet.totals == [0, 2, 1]
    assert not sheet.finished  # nobody has 3 poux yet


@pytest.mark.django_db
def test_a_table_of_the_copy_has_its_form_and_its_rulebook_page(copied_game):
    client = Client()
    response = client.post(f"/tables/new/{copied_game}/", {"player.0": "Ana", "player.1": "Bea", "player.2": "Cid"})
    assert response.status_code == 302, response.content[:500]
    page = client.get(response["Location"]).content.decode()
    assert "Le pouilleux recopié" in page
    # The copied folder's own entry template (its hint under the grid) and the copied rulebook page.
    assert "qui garde le pouilleux" in page
    # Its rulebook page is the copied folder's text (the copy keeps the original's title), with its numbers.
    rules = client.get(f"/rules/{copied_game}/")
    assert rules.status_code == 200
    words = " ".join(re.sub(r"<[^>]+>", " ", rules.content.decode()).split())
    assert "Le pouilleux est un jeu de paires" in words and "De 3 à 8 joueurs" in words
