"""The play pages lay out what the engine says (companion.kernel.view through companion.tables.digital.view):
they read the table's keys, the cards every trick game shows, and the typed view's parts, never a game's own
observation keys; they import no game and name none."""

import ast
import inspect

from companion.games import registry
from companion.tables import pages_common, play_pages

# What every digital view holds whatever the game: the table's, the cards of the trick base, the typed view's.
ALLOWED = {
    "names", "bots", "stand_ins", "pass_play", "legal", "waiting_for", "action_number", "deal", "dealer", "finished",
    "last_trick", "seat", "hand", "trick", "tricks", "taken", "hand_sizes", "phase",
    "facts", "notes", "prompt", "aside", "labels", "selection",
}


def _keys_read(module) -> set[str]:
    """Every string the module reads from a dict named ``view`` (or ``public``): ``view["x"]``, ``view.get("x")``."""
    found = set()
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        target = key = None
        if isinstance(node, ast.Subscript):
            target, key = node.value, node.slice
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.args:
            target, key = node.func.value, node.args[0]
        if isinstance(target, ast.Name) and target.id in ("view", "public", "after_move") and isinstance(key, ast.Constant):
            found.add(key.value)
    return found


def test_the_play_pages_read_no_game_key_of_the_observation():
    read = _keys_read(play_pages)
    assert read, "the check must see the keys the pages read"
    assert read <= ALLOWED, f"the pages guess at a game's keys: {sorted(read - ALLOWED)}"
    # The word tables and guessers of old are gone.
    for name in ("_WORDS", "_BUTTONS", "_PHASE_BUTTONS", "action_label", "button_label", "_facts", "_hint",
                 "_seat_notes", "_poignees", "_seat_bids", "_called"):
        assert not hasattr(play_pages, name), name


def test_the_page_modules_import_and_name_no_game():
    for module in (play_pages, pages_common):
        source = inspect.getsource(module)
        tree = ast.parse(source)
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert not any(m.startswith("companion.games") for m in imported), module.__name__
        strings = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
        assert not strings & set(registry.catalog()), module.__name__
