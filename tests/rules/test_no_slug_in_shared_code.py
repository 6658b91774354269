"""Shared code names no game: what is a game's own is declared in its folder (an attribute or hook of its
``Game``/``Sheet``/``DealState``, its form module, its templates), never by a slug tested in shared code.

Every Python string literal and every quoted string of a template outside ``companion/games/<game>/`` is checked
against the games' slugs and package names. A family's key (``FAMILIES``: "libre", "levees"…) is a family's name,
not a game's, and the kernel's table of families may name it.
"""

import ast
import re
from pathlib import Path

import pytest

from companion.games import registry
from companion.kernel.game import FAMILIES

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "companion" / "games"
SLUGS = set(registry.scored())
# A word that is a game's slug and also something else: "belote" is the belote-rebelote announcement, an entry key
# and a move of every belote.
OTHER_MEANINGS = {"belote"}
NAMES = (SLUGS | {registry.package_name(s) for s in SLUGS}) - OTHER_MEANINGS
SHARED_PY = sorted(p for p in (ROOT / "companion").rglob("*.py")
                   if GAMES not in p.parents and "migrations" not in p.parts)
SHARED_TEMPLATES = sorted([*(ROOT / "templates").rglob("*.html"), *(ROOT / "templates").rglob("*.js"),
                           *(ROOT / "static" / "js").rglob("*.js")])
QUOTED = re.compile(r"""["']([a-z_-]+)["']""")


def _literals(path: Path):
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value


def test_the_check_sees_a_slug_in_shared_code():
    # The check itself: a shared module testing a slug is caught, a family's key is not.
    source = 'if game.slug == "motton":\n    pass\nFAMILY = "libre"\n'
    found = {value for _line, value in _literals_of(source) if value in NAMES and value not in FAMILIES}
    assert found == {"motton"}


def _literals_of(source: str):
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value


@pytest.mark.parametrize("path", SHARED_PY, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_python_names_no_game(path):
    named = [f"{path.relative_to(ROOT)}:{line}: {value!r}" for line, value in _literals(path)
             if value in NAMES and value not in FAMILIES]
    assert not named, "a slug in shared code; declare a hook or an attribute of the game instead:\n" + "\n".join(named)


@pytest.mark.parametrize("path", SHARED_TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_templates_and_scripts_name_no_game(path):
    named = [f"{path.relative_to(ROOT)}: {m.group(1)!r}" for m in QUOTED.finditer(path.read_text())
             if m.group(1) in NAMES and m.group(1) not in FAMILIES]
    assert not named, "a slug in a shared template or script:\n" + "\n".join(named)
