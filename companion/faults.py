"""The database gone mid-request: a clean 503 with ``Retry-After``, never a 500, never half a write.

Every write of a table runs in one transaction (:mod:`companion.tables.ledger`), so a connection lost midway
stores nothing: the database rolls the transaction back. This middleware turns the error the view then sees
(``OperationalError``: server stopped, connection refused, lock timeout; ``InterfaceError``: connection closed)
into a 503 that phones know to retry — JSON ``{"errors": [...]}`` under ``/api/``, the styled error page elsewhere.
The offline queue keeps the entry and resends it with its Idempotency-Key, so a retry stores it once.
"""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string

log = logging.getLogger(__name__)
RETRY_AFTER = "5"  # seconds: about what a database restart or a failover takes
FR = "Base de données momentanément indisponible : rien n'a été enregistré. Réessayez dans quelques secondes."
EN = "The database is unavailable for a moment: nothing was stored. Try again in a few seconds."


def unavailable(request) -> HttpResponse:
    lang = getattr(request, "LANGUAGE_CODE", "fr") or "fr"
    headers = {"Retry-After": RETRY_AFTER, "Cache-Control": "no-store"}
    if request.path.startswith("/api/"):
        return JsonResponse({"errors": [{"field": "", "seat": None, "code": "unavailable",
                                         "message": EN if lang.startswith("en") else FR}]}, status=503, headers=headers)
    try:
        # Rendered without the request: nothing in it may need the database (sessions, messages).
        html = render_to_string("error.html", {"status": 503, "fr": FR, "en": EN, "LANGUAGE_CODE": lang})
    except Exception:  # noqa: BLE001 — the page must come out whatever else is broken
        log.exception("error page for 503 could not be rendered")
        html = f"<!doctype html><title>503 — Atout</title><h1>503</h1><p>{EN if lang.startswith('en') else FR}</p>"
    return HttpResponse(html, status=503, headers=headers)


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, OperationalError | InterfaceError):
            log.error("database unavailable during %s %s: %s", request.method, request.path, exception)
            return unavailable(request)
        return None
