"""Error pages: JSON under /api/, HTML elsewhere, each with a way back.

The way back is the table's read-only page when the address names a table that exists (a wrong round number, a
truncated edit link), the home page otherwise.
"""

from collections.abc import Callable

from django.http import JsonResponse
from django.shortcuts import render

# Where an error page leads back to, given its address: one function per app that names things in its addresses
# (companion.tables: a table's read-only page), handed in at start-up (:func:`register_way_back`). This module is
# below every app and imports none of their models.
_ways_back: list[Callable[[str], str | None]] = []


def register_way_back(find: Callable[[str], str | None]) -> None:
    """Add ``find(path)``: the page an error at ``path`` leads back to, or None (the next one is asked)."""
    if find not in _ways_back:
        _ways_back.append(find)


def way_back(path: str, resolved: bool = True) -> str | None:
    """The page an error at ``path`` leads back to (a table's read-only page when the address names a table that
    exists), None for the home page.

    Only for an address that matched a route (``resolved``): one that did not may hold anything, and is answered
    before any query (see companion.converters)."""
    if not resolved:
        return None
    for find in _ways_back:
        try:
            link = find(path)
        except Exception:  # noqa: BLE001 — an error page must render even when the database does not answer
            link = None
        if link:
            return link
    return None


def _respond(request, status: int, fr: str, en: str, template: str = "error.html"):
    if request.path.startswith("/api/"):
        lang = getattr(request, "LANGUAGE_CODE", "fr")
        return JsonResponse({"errors": [{"field": "", "seat": None, "code": str(status),
                                         "message": en if lang.startswith("en") else fr}]}, status=status)
    return render(request, template, {"status": status, "fr": fr, "en": en, "table_url": way_back(request.path, getattr(request, "resolver_match", None) is not None)},
                  status=status)


def bad_request(request, exception=None):
    return _respond(request, 400, "Requête invalide.", "Bad request.")


def permission_denied(request, exception=None):
    return _respond(request, 403, "Accès refusé.", "Access denied.", "403.html")


def not_found(request, exception=None):
    return _respond(request, 404, "Page introuvable.", "Page not found.", "404.html")


def server_error(request):
    return _respond(request, 500, "Erreur du serveur.", "Server error.", "500.html")


def csrf_failure(request, reason=""):
    """Django's own CSRF page carries an inline stylesheet, which the Content-Security-Policy refuses."""
    return _respond(request, 403, "Formulaire expiré ou venu d'ailleurs : rechargez la page, puis recommencez.",
                    "This form expired or came from elsewhere: reload the page, then try again.")
