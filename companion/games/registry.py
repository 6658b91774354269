"""Every game of the seed documents, by slug.

Each module in :mod:`companion.games` defines ``INFO`` (a :class:`GameInfo`) and, when the game has a
score sheet, ``GAME`` (a :class:`Game`). Modules are found by listing the package, so adding a game is adding
a file (see CONTRIBUTING.md, "Adding a game").
"""

from __future__ import annotations

import importlib
import pkgutil
import unicodedata
from functools import cache

from companion import games as _games_pkg
from companion.kernel.errors import UnknownGame
from companion.kernel.game import Game, GameInfo


def fold(text: str) -> str:
    """Lower case without accents or ligatures: ``fold("Chasse-Cœur") == "chasse-coeur"``."""
    text = text.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae").replace("Æ", "AE")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@cache
def _load() -> tuple[dict[str, GameInfo], dict[str, Game]]:
    infos: dict[str, GameInfo] = {}
    games: dict[str, Game] = {}
    for mod in sorted(pkgutil.iter_modules(_games_pkg.__path__), key=lambda m: m.name):
        if not mod.ispkg or mod.name.startswith("_"):
            continue
        module = importlib.import_module(f"{_games_pkg.__name__}.{mod.name}")
        info = getattr(module, "INFO", None)
        if info is None:
            continue
        if info.slug in infos:
            raise RuntimeError(f"two games share the slug {info.slug!r}")
        infos[info.slug] = info
        game = getattr(module, "GAME", None)
        if game is not None:
            games[info.slug] = game
    ordered = dict(sorted(infos.items(), key=lambda kv: fold(kv[1].names.fr.removeprefix("Le ").removeprefix("La ").removeprefix("L'"))))
    return ordered, games


@cache
def _aliases() -> dict[str, str]:
    out: dict[str, str] = {}
    for slug, info in _load()[0].items():
        for alias in (slug, info.names.fr, info.names.en, *info.aliases):
            out[fold(alias).replace(" ", "-")] = slug
    return out


def resolve(slug_or_name: str) -> str:
    """The slug for a slug, an alias or a name, accents and case ignored. Raises :class:`UnknownGame`."""
    key = fold(str(slug_or_name).strip()).replace(" ", "-")
    try:
        return _aliases()[key]
    except KeyError:
        raise UnknownGame(f"no game {slug_or_name!r}") from None


def catalog() -> dict[str, GameInfo]:
    """Every game of the seed documents, scored or not, in alphabetical order of French name."""
    return _load()[0]


def info(slug: str) -> GameInfo:
    return catalog()[resolve(slug)]


def scored() -> dict[str, Game]:
    """The games that have a score sheet, in catalogue order."""
    games = _load()[1]
    return {slug: games[slug] for slug in catalog() if slug in games}


def get(slug: str) -> Game:
    """The scored game with this exact slug. Raises :class:`UnknownGame`."""
    game = _load()[1].get(slug) if isinstance(slug, str) else None
    if game is None:
        raise UnknownGame(f"no scored game {slug!r}")
    return game
