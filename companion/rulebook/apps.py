"""The rulebook app. When the process is going to serve pages, both languages' search indexes are built at start-up,
so the very first search answers as fast as the next ones (building them takes about a second).

Management commands other than ``runserver`` (migrate, makemigrations, collectstatic, check, shell…) and the test
runner do not pay for it; ``ATOUT_WARM_RULEBOOK=1`` or ``=0`` forces the choice either way.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from django.apps import AppConfig

log = logging.getLogger(__name__)

# Programs that serve the app by importing companion.wsgi or companion.asgi.
SERVERS = frozenset({"gunicorn", "uvicorn", "daphne", "hypercorn", "granian", "waitress-serve", "uwsgi", "mod_wsgi"})
SERVER_MODULES = ("companion.wsgi", "companion.asgi")
MANAGE = frozenset({"manage.py", "django-admin", "django-admin.py", "__main__.py"})  # python -m django


def serving(argv: Sequence[str], environ: Mapping[str, str], modules: Mapping[str, object]) -> bool:
    """Whether this process is about to serve requests (and so should build the search indexes now)."""
    forced = environ.get("ATOUT_WARM_RULEBOOK", "").strip()
    if forced in ("0", "1"):
        return forced == "1"
    program = Path(argv[0]).name if argv else ""
    if program in MANAGE:
        if argv[1:2] != ["runserver"]:
            return False
        # With the autoreloader, the first process only watches files; its child (RUN_MAIN) serves.
        return "--noreload" in argv or environ.get("RUN_MAIN") == "true"
    if any(name in modules for name in SERVER_MODULES):  # a WSGI/ASGI server loading companion.wsgi / .asgi
        return True
    return program in SERVERS


def warm_up(pages: bool = False) -> None:
    """Build (and cache) the search index of every language; with ``pages``, also load the URLconf and compile the
    rulebook's templates, which the first request would otherwise do (a server only, never a command)."""
    from companion.kernel.text import LANGUAGES

    from . import search

    started = time.perf_counter()
    for lang in LANGUAGES:
        search.index(lang)
    if pages:
        from django.template.loader import get_template
        from django.urls import get_resolver

        get_resolver().url_patterns  # noqa: B018 (imports every view module, as the first request would)
        for name in ("rulebook/search.html", "rulebook/game.html", "rulebook/index.html"):
            get_template(name)
    log.info("rulebook search indexes built in %.0f ms", (time.perf_counter() - started) * 1000)


class RulebookConfig(AppConfig):
    name = "companion.rulebook"
    verbose_name = "Rulebook"

    def ready(self) -> None:
        if serving(sys.argv, os.environ, sys.modules):
            try:
                warm_up(pages=True)
            except Exception:  # a broken content file must not stop the server: the page will show the problem
                log.exception("rulebook search indexes could not be built at start-up")
