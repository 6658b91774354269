"""Every game Atout knows, by slug.

Each game is a package of :mod:`companion.games` (``companion/games/<package>/``, the slug with ``_`` for ``-``):
its ``rules`` module defines ``INFO`` (a :class:`GameInfo`) and ``GAME`` (a :class:`Game`), which the package
exports. Packages are found by listing the folder, so adding a game is adding a folder (CONTRIBUTING.md, "Adding a
game"); :func:`folder` says where a game's own files are (rulebook texts, templates, static files, tools).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path

from companion import games as _games_pkg
from companion.kernel.errors import UnknownGame
from companion.kernel.game import Game, GameInfo, package_of
from companion.kernel.text import fold

GAMES_DIR = Path(_games_pkg.__file__).resolve().parent


def package_name(slug: str) -> str:
    """The package of a game: its slug with ``_`` for ``-`` (``super-bataille`` → ``super_bataille``), as
    :attr:`GameInfo.package` says it."""
    return package_of(slug)


def folder(slug: str) -> Path:
    """Where the game's own files are: ``companion/games/<package>/`` (whether or not it exists)."""
    return GAMES_DIR / package_name(slug)


def packages() -> list[str]:
    """The names of the game packages, sorted (listed from the folder, nothing imported)."""
    return sorted(m.name for m in pkgutil.iter_modules([str(GAMES_DIR)]) if m.ispkg and not m.name.startswith("_"))


@cache
def _load() -> tuple[dict[str, GameInfo], dict[str, Game]]:
    infos: dict[str, GameInfo] = {}
    games: dict[str, Game] = {}
    for name in packages():
        module = importlib.import_module(f"{_games_pkg.__name__}.{name}")
        info, game = module.INFO, module.GAME
        if info.package != name:
            raise RuntimeError(f"the package {name!r} holds the game {info.slug!r}: name it {info.package!r}")
        infos[info.slug] = info
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
    """Every game Atout knows, scored or not, in alphabetical order of French name."""
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
