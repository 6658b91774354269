"""What makes Atout an installable app that keeps working offline.

* ``/manifest.webmanifest`` — name, icons, colours, ``display: standalone``, in the request's language.
* ``/sw.js`` — the service worker, served from the root so that its scope is the whole site. It precaches the
  app shell (home, offline page, CSS, JS, htmx, icons) and the rulebook page of every game, and keeps a copy of
  every page of a table the phone opened (see ``templates/pwa/sw.js``). Its text changes whenever one of those
  files or URLs changes, which is how browsers notice an update.
* ``/pwa/precache.json`` — the same list, for tests and for the curious.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import get_template, render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from companion.rules import registry

THEME_COLOUR = "#1f5f3f"
BACKGROUND_COLOUR = "#f7f5ef"
# The static files every page needs; the service worker keeps them so that pages load with no network.
SHELL_STATIC = ("css/atout.css", "js/atout.js", "vendor/htmx-2.0.11.min.js",
                "icons/icon-192.png", "icons/icon-512.png", "icons/maskable-512.png")
DESCRIPTION = {
    "fr": "Le compagnon de table des jeux de cartes français : feuille de scores partagée en direct, "
          "vérification de chaque donne, règles de chaque jeu, même sans réseau.",
    "en": "The table companion for French card games: a score sheet shared live, every deal checked, "
          "the rules of every game, even with no network.",
}
NAME = {"fr": "Atout — feuille de scores", "en": "Atout — score sheet"}


def _lang() -> str:
    return "en" if (get_language() or "fr").startswith("en") else "fr"


def _no_cache(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def manifest(request: HttpRequest) -> HttpResponse:
    lang = _lang()
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
    """Pages kept for offline use from the first visit: home, offline page, the rulebook of every game."""
    pages = [reverse("tables:home"), reverse("pwa:offline"), reverse("rulebook:index")]
    pages += [reverse("rulebook:game", args=[slug]) for slug in registry.catalog()]
    return pages


def shell_static() -> list[str]:
    return [static(path) for path in SHELL_STATIC]


@cache
def _file_digest(path: str) -> str:
    found = finders.find(path)
    if not found:
        return "missing"
    with open(found, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def _version(pages: list[str], assets: list[str]) -> str:
    h = hashlib.sha256()
    h.update(get_template("pwa/sw.js").template.source.encode())
    h.update(json.dumps([pages, assets]).encode())
    # Hashed names change with the content in production; during development (plain names) read the files.
    if settings.DEBUG:
        _file_digest.cache_clear()
    for path in SHELL_STATIC:
        h.update(_file_digest(path).encode())
    return h.hexdigest()[:16]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    pages, assets = shell_pages(), shell_static()
    body = render_to_string("pwa/sw.js", {
        "version": _version(pages, assets),
        "pages": json.dumps(pages),
        "assets": json.dumps(assets),
        "offline": json.dumps(reverse("pwa:offline")),
        "static_prefix": settings.STATIC_URL,
    })
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return _no_cache(response)


@require_GET
def precache(request: HttpRequest) -> JsonResponse:
    return _no_cache(JsonResponse({"pages": shell_pages(), "assets": shell_static()}))


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "pwa/offline.html")
