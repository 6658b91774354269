"""The page script's ES modules, read from their files: which static files a script imports, directly or not.

The service worker keeps every module the page script imports (views.every_page_static_files), and every page
asks for them as soon as it is read (``<link rel="modulepreload">``, the ``module_preloads`` tag), rather than one
import after the other. Read from the files, never a hand-written list.
"""

from __future__ import annotations

import posixpath
import re
from functools import cache

from django.conf import settings
from django.contrib.staticfiles import finders

# A module's static imports and re-exports of another file of the site, as Atout's modules write them: one
# statement from the start of a line, ``import {a, b} from "./live.js";``, ``export … from "../x.js";``,
# ``import "./y.js";`` (the file named relative to the module; bare names and URLs are not Atout's files).
MODULE_IMPORT = re.compile(r"""^(?:import|export)\b[^;'"]*?["'](\.{1,2}/[^'"]+)["']""", re.MULTILINE)


def module_imports(path: str) -> list[str]:
    """The static files the script ``path`` imports (see MODULE_IMPORT), by their plain names, in order."""
    found = finders.find(path)
    if not found or not path.endswith(".js"):
        return []
    with open(found, encoding="utf-8") as f:
        source = f.read()
    return [posixpath.normpath(posixpath.join(posixpath.dirname(path), spec)) for spec in MODULE_IMPORT.findall(source)]


def with_imports(paths: list[str]) -> list[str]:
    """``paths`` followed by every module they import, directly or not, each once."""
    out = list(dict.fromkeys(paths))
    for path in out:  # grows as it goes: the imports' own imports are read in turn
        for imported in module_imports(path):
            if imported not in out:
                out.append(imported)
    return out


@cache
def _imported(entry: str) -> tuple[str, ...]:
    return tuple(with_imports([entry])[1:])


def imported(entry: str) -> tuple[str, ...]:
    """Every module the script ``entry`` imports, directly or not (read once; again each time during development)."""
    if settings.DEBUG:
        _imported.cache_clear()
    return _imported(entry)
