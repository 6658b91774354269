"""How Django finds the web parts a game folder holds, without any shared code naming a game.

A game's folder (``companion/games/<package>/``, see :func:`companion.games.registry.folder`) may hold, besides its
pure rules:

* ``templates/`` — its round-entry form (``entry.html``), its panel under the sheet (``extra.html``) and its tool
  pages, named ``games/<slug>/<file>`` by the pages (:class:`GameTemplateLoader`);
* ``static/`` — its own scripts and stylesheets, served as ``games/<slug>/<file>`` (:func:`static_dirs`);
* ``templatetags.py`` — a template tag library, loaded in its templates as ``{% load <package>_form %}``
  (:func:`template_libraries`);
* ``form.py`` — its round-entry converter (:mod:`companion.web.entryforms`);
* ``tools.py`` — pages and API routes of its own (a hand counter, a calculator): ``urlpatterns``, and what the
  OpenAPI document says of its routes, ``OPENAPI_SCHEMAS`` and ``openapi_paths(kit)`` (:func:`tools`).

Only the folder is read here (settings use it before the apps are ready); the rules are never imported.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path
from types import ModuleType

from django.template import Origin, TemplateDoesNotExist
from django.template.loaders.filesystem import Loader as FilesystemLoader
from django.utils._os import safe_join

from companion.kernel.game import package_of

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"
GAMES_PACKAGE = "companion.games"
TEMPLATE_PREFIX = "games/"


def packages() -> list[str]:
    """The game packages, sorted, listed from the folder."""
    return sorted(m.name for m in pkgutil.iter_modules([str(GAMES_DIR)]) if m.ispkg and not m.name.startswith("_"))


def slug_of(package: str) -> str:
    return package.replace("_", "-")


class GameTemplateLoader(FilesystemLoader):
    """Templates named ``games/<slug>/<file>`` are the game folder's ``templates/<file>``."""

    def get_dirs(self) -> list[Path]:  # what the development server watches for changes
        return [GAMES_DIR / p / "templates" for p in packages() if (GAMES_DIR / p / "templates").is_dir()]

    def get_template_sources(self, template_name: str):
        if not template_name.startswith(TEMPLATE_PREFIX):
            return
        slug, _sep, rest = template_name.removeprefix(TEMPLATE_PREFIX).partition("/")
        if not slug or not rest:
            return
        try:
            name = safe_join(GAMES_DIR / package_of(slug) / "templates", rest)
        except Exception:  # noqa: BLE001 — a name that leaves the folder is no template of ours
            return
        yield Origin(name=name, template_name=template_name, loader=self)

    def get_contents(self, origin: Origin) -> str:
        try:
            with open(origin.name, encoding=self.engine.file_charset) as fp:
                return fp.read()
        except FileNotFoundError as e:
            raise TemplateDoesNotExist(origin) from e


def static_dirs() -> list[tuple[str, str]]:
    """``STATICFILES_DIRS`` entries: each game folder's ``static/`` under the prefix ``games/<slug>``."""
    out = []
    for package in packages():
        folder = GAMES_DIR / package / "static"
        if folder.is_dir():
            out.append((f"games/{slug_of(package)}", str(folder)))
    return out


def template_libraries() -> dict[str, str]:
    """Template tag libraries of the games: ``<package>_form`` → ``companion.games.<package>.templatetags``."""
    return {f"{package}_form": f"{GAMES_PACKAGE}.{package}.templatetags" for package in packages()
            if (GAMES_DIR / package / "templatetags.py").is_file()}


def game_module(package: str, name: str) -> ModuleType | None:
    """The game folder's module ``name`` (``form``, ``tools``), or None when the folder has none."""
    full = f"{GAMES_PACKAGE}.{package}.{name}"
    try:
        return importlib.import_module(full)
    except ModuleNotFoundError as e:
        if e.name == full:
            return None
        raise


@cache
def tools() -> tuple[ModuleType, ...]:
    """The games' ``tools`` modules, in package order."""
    return tuple(m for m in (game_module(p, "tools") for p in packages()) if m is not None)
