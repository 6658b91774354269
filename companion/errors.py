"""Error pages: JSON under /api/, HTML elsewhere, each with a way back.

The way back is the table's read-only page when the address names a table that exists (a wrong round number, a
truncated edit link), the home page otherwise.
"""

import re

from django.http import JsonResponse
from django.shortcuts import render
from django.urls import reverse

TABLE_PATH = re.compile(r"^/tables/([A-Za-z0-9_-]{1,32})/")


def table_link(path: str, resolved: bool = True) -> str | None:
    """The read-only page of the table an address names, when that table exists.

    Only for an address that matched a route (``resolved``): one that did not may hold anything, and is answered
    before any query (see companion.converters)."""
    from companion.tables.models import Table

    m = TABLE_PATH.match(path)
    if not m or not resolved:
        return None
    try:
        if Table.objects.filter(pk=m.group(1)).exists():
            return reverse("tables:sheet", args=[m.group(1)])
    except Exception:  # noqa: BLE001 — an error page must render even when the database does not answer
        return None
    return None


def _respond(request, status: int, fr: str, en: str, template: str = "error.html"):
    if request.path.startswith("/api/"):
        lang = getattr(request, "LANGUAGE_CODE", "fr")
        return JsonResponse({"errors": [{"field": "", "seat": None, "code": str(status),
                                         "message": en if lang.startswith("en") else fr}]}, status=status)
    return render(request, template, {"status": status, "fr": fr, "en": en, "table_url": table_link(request.path, getattr(request, "resolver_match", None) is not None)},
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
