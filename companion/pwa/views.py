"""What makes Atout an installable app that keeps working offline.

* ``/manifest.webmanifest`` — name, icons, colours, ``display: standalone``, in the request's language.
* ``/sw.js`` — the service worker, served from the root so that its scope is the whole site. On install it keeps
  the app shell (home, offline page, the static files every page links); once the first page has loaded, the
  rulebook page of every game and every other stylesheet, script and icon; and, for the tables being played, the
  copy of their read-only and edit pages the page hands it, until the game is over (see ``templates/pwa/sw.js``:
  no other page, and never another answer sent ``no-store``). Its text changes whenever one of those files or
  URLs changes, which is how browsers notice an update.
* ``/pwa/precache.json`` — the same list, for tests and for the curious.
* ``…/live/`` after a table page's own address — what the page asks every second or so: 304 while the table is as the
  phone shows it (one read of the table row), else the page itself, once. The phone puts its sheet on screen
  and keeps it as its offline copy: one request per change, not the API answer, the sheet and the page again.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache

import rjsmin
from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseForbidden,
    HttpResponseNotModified,
    JsonResponse,
)
from django.shortcuts import render
from django.template.loader import get_template, render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from companion.games import registry
from companion.pwa.modules import with_imports
from companion.tables import ledger, polls, sync
from companion.tables import views as table_views
from companion.tables.models import Table
from companion.web import http

THEME_COLOUR = "#1f5f3f"
BACKGROUND_COLOUR = "#f7f5ef"
# The static files the service worker keeps so that pages load with no network: every stylesheet and script
# of the project (not a hand-written list, which once forgot the rulebook's stylesheet) and the app's icons.
# Those every page links (read from the templates below, with every module their scripts import) are kept when
# it installs; the others with the rulebook pages, once the page that registered it has loaded. Scripts may sit
# in subfolders of js/ (the modules of static/js/atout/); the other kinds are the folder's own files.
SHELL_STATIC_KINDS = (("css/", ".css", False), ("js/", ".js", True), ("vendor/", ".js", False),
                      ("icons/", ".png", False))
EVERY_PAGE_TEMPLATES = ("base.html", "pwa/head.html")
STATIC_TAG = re.compile(r"""{%\s*static\s+['"]([^'"]+)['"]\s*%}""")
DESCRIPTION = {
    "fr": "Le compagnon de table des jeux de cartes français : feuille de scores partagée en direct, "
          "vérification de chaque donne, règles de chaque jeu, même sans réseau.",
    "en": "The table companion for French card games: a score sheet shared live, every deal checked, "
          "the rules of every game, even with no network.",
}
NAME = {"fr": "Atout — feuille de scores", "en": "Atout — score sheet"}


def _no_cache(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    lang = http.lang()
    data = {
        "id": "/",
        "name": NAME[lang],
        "short_name": "Atout",
        "description": DESCRIPTION[lang],
        "lang": lang,
        "dir": "ltr",
        "start_url": reverse("tables:home") + "?source=pwa",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "categories": ["games", "utilities"],
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": static("icons/maskable-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
        # Both languages, for browsers that read localized members (the plain ones follow the request).
        "name_localized": NAME,
        "description_localized": DESCRIPTION,
        "shortcuts": [
            {"name": _("Règles"), "url": reverse("rulebook:index"),
             "icons": [{"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"}]},
        ],
    }
    response = HttpResponse(json.dumps(data, ensure_ascii=False, indent=1), content_type="application/manifest+json")
    return _no_cache(response)


def shell_pages() -> list[str]:
    """Pages kept for offline use from the first visit: home, offline page, the rulebook index and its common page
    (how Atout counts: first dealer, order of play — every game's page links it)."""
    return [reverse("tables:home"), reverse("pwa:offline"), reverse("rulebook:index"), reverse("rulebook:guide")]


def game_pages() -> dict[str, str]:
    """Every game's rulebook page by slug: kept for the games this phone plays (its tables', the page it is on),
    fetched the first time such a table or page is opened, and copied whenever one is read online; never all 35 on a
    first visit."""
    return {slug: reverse("rulebook:game", args=[slug]) for slug in registry.catalog()}


@cache
def _static_files() -> tuple[str, ...]:
    """Every file of ``static/`` the shell keeps (see SHELL_STATIC_KINDS), sorted, by its plain name."""
    found: set[str] = set()
    for finder in finders.get_finders():
        for path, _storage in finder.list(["*/src/*", ".*"]):
            path = path.replace("\\", "/")
            if any(path.startswith(folder) and path.endswith(suffix) and (nested or "/" not in path[len(folder):])
                   for folder, suffix, nested in SHELL_STATIC_KINDS):
                found.add(path)
    return tuple(sorted(found))


def shell_static_files() -> tuple[str, ...]:
    if settings.DEBUG:
        _static_files.cache_clear()  # files come and go during development
    return _static_files()


def every_page_static_files() -> list[str]:
    """The static files every page links (``{% static %}`` in base.html and the head it includes), with the
    modules its scripts import (the page script is ``js/atout/main.js`` and the modules beside it)."""
    linked = []
    for name in EVERY_PAGE_TEMPLATES:
        for path in STATIC_TAG.findall(get_template(name).template.source):
            if path not in linked:
                linked.append(path)
    return with_imports(linked)


def shell_static() -> list[str]:
    """Kept when the service worker installs: what every page links, among the files it keeps."""
    kept = set(shell_static_files())
    return [static(path) for path in every_page_static_files() if path in kept]


def later_static() -> list[str]:
    """Kept after the first page has loaded, with the rulebook: every other stylesheet, script and icon."""
    first = set(every_page_static_files())
    return [static(path) for path in shell_static_files() if path not in first]


@cache
def _file_digest(path: str) -> str:
    found = finders.find(path)
    if not found:
        return "missing"
    with open(found, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _version(pages: list[str], assets: list[str], later: list[str]) -> str:
    h = hashlib.sha256()
    h.update(get_template("pwa/sw.js").template.source.encode())
    h.update(json.dumps([pages, assets, later]).encode())
    # Hashed names change with the content in production; during development (plain names) read the files.
    if settings.DEBUG:
        _file_digest.cache_clear()
    for path in shell_static_files():
        h.update(_file_digest(path).encode())
    return h.hexdigest()[:16]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    pages, assets, later = shell_pages(), shell_static(), later_static()
    games = game_pages()
    body = render_to_string("pwa/sw.js", {
        "version": _version(pages + sorted(games.values()), assets, later),
        "pages": json.dumps(pages),
        "rules_prefix": reverse("rulebook:index"),
        "assets": json.dumps(assets),
        "later_assets": json.dumps(later),
        "offline": json.dumps(reverse("pwa:offline")),
        "static_prefix": settings.STATIC_URL,
    })
    if not settings.DEBUG:
        # Every phone downloads it on its first load (the 60 KB budget): without its comments, as collectstatic
        # serves Atout's other scripts (companion/staticmin.py).
        body = rjsmin.jsmin(body, keep_bang_comments=True)
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return _no_cache(response)


@require_GET
def precache(request: HttpRequest) -> JsonResponse:
    return _no_cache(JsonResponse({"pages": shell_pages(), "games": game_pages(), "assets": shell_static(),
                                   "later_assets": later_static()}))


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "pwa/offline.html")


@require_GET
def live(request: HttpRequest, table_id: str, token: str | None = None) -> HttpResponse:
    # The edit page holds its token: never stored by a browser or a proxy (the phone sends the tag itself).
    cache_control = "no-store" if token else "no-cache"
    fast = polls.not_modified(request, table_id, edit_token=token, cache_control=cache_control)
    if fast is not None:
        return fast
    try:
        table = Table.objects.get(pk=table_id)  # no ORDER BY, as first() would add: the poll is most requests
    except Table.DoesNotExist:
        raise Http404("unknown table") from None
    if token is not None and not table.check_token(token):
        return HttpResponseForbidden(_("Lien de modification invalide."))
    polls.move_on(table)  # a digital table's deal due is dealt, a lost bots' task enqueued again, before the tag
    headers = {"ETag": sync.live_etag(table), "Cache-Control": cache_control}
    if sync.etag_matches(request.headers.get("If-None-Match"), headers["ETag"]):
        return HttpResponseNotModified(headers=headers)
    # The whole page as its own address gives it (never the htmx partial: the phone keeps it for offline use).
    request.htmx = False
    response = table_views.render_sheet(request, ledger.load(table), token)
    for name, value in headers.items():
        response[name] = value
    return response
