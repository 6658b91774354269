"""How the pages find a game's own form converters (``companion/games/<package>/form.py``), and the layers the
form kit (:mod:`companion.web`) keeps: it names no game and imports neither the games nor the pages."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from django.http import QueryDict

from companion.games import registry
from companion.web import entryforms, parts

ROOT = Path(__file__).resolve().parents[2] / "companion"


@pytest.fixture
def fake_games(tmp_path, monkeypatch):
    """A games package of three: ``plain`` (no form module), ``broken`` (a form module that imports a module
    that does not exist) and ``half`` (a form module with ``flatten`` only)."""
    root = tmp_path / "fakegames"
    for name in ("plain", "broken", "half"):
        (root / name).mkdir(parents=True)
        (root / name / "__init__.py").write_text("")
    (root / "__init__.py").write_text("")
    (root / "broken" / "form.py").write_text("import no_such_module_for_atout_forms\n")
    (root / "half" / "form.py").write_text("def flatten(entry):\n    return {'seen': entry['x']}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(parts, "GAMES_PACKAGE", "fakegames")
    entryforms.form_module.cache_clear()
    yield
    entryforms.form_module.cache_clear()
    for name in [m for m in sys.modules if m == "fakegames" or m.startswith("fakegames.")]:
        del sys.modules[name]


def test_a_game_without_a_form_module_has_no_converter(fake_games):
    assert entryforms.form_module("plain") is None


def test_a_form_module_that_fails_to_import_is_not_taken_for_no_converter(fake_games):
    with pytest.raises(ModuleNotFoundError) as raised:
        entryforms.form_module("broken")
    assert raised.value.name == "no_such_module_for_atout_forms"


def test_a_game_package_that_does_not_exist_is_an_error(fake_games):
    with pytest.raises(ModuleNotFoundError):
        entryforms.form_module("nosuchgame")


def test_each_converter_is_optional(fake_games):
    module = entryforms.form_module("half")
    assert module.flatten({"x": 3}) == {"seen": 3}
    assert not hasattr(module, "parse")


def test_the_pages_use_the_game_s_own_form_module():
    # Rami's form module reads a hand typed in French words; the plain grid would know nothing of ``cards.1``.
    game = registry.get("rami")
    sheet = game.new_sheet(3)
    data = QueryDict("winner=0&how.1=cards&cards.1=roi+de+c%C5%93ur+10%E2%99%A5&how.2=nothing")
    assert entryforms.parse(sheet, 1, data) == {"hands": [None, {"cards": ["KH", "10H"]}, {"laid_nothing": True}],
                                                "rami_sec": False, "winner": 0}
    assert entryforms.flatten(game, {"winner": 0, "hands": [None, {"cards": ["KH", "10H"]}, {"laid_nothing": True}]}) \
        == {"winner": 0, "rami_sec": "", "how.1": "cards", "cards.1": "R♥ 10♥", "how.2": "nothing"}


def test_a_game_without_one_is_read_by_the_plain_grid():
    # Vicaire has no form module: the grid reads its tricks (a blank box 0 once another is filled).
    sheet = registry.get("vicaire").new_sheet(4)
    assert entryforms.form_module("vicaire") is None
    assert entryforms.parse(sheet, 1, QueryDict("tricks.0=5&tricks.1=3&tricks.2=&tricks.3=0")) == {"tricks": [5, 3, 0, 0]}


def _imports(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append(node.module)
    return out


@pytest.mark.parametrize("kit", ["web", "families"])
def test_the_shared_kits_import_neither_the_games_nor_the_pages(kit):
    bad = [(str(p.relative_to(ROOT)), name) for p in sorted((ROOT / kit).rglob("*.py")) for name in _imports(p)
           if name.split(".")[:2] in (["companion", "games"], ["companion", "tables"])]
    assert bad == []
