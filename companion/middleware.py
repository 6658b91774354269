"""Project-wide middleware: the API's guarantees and the security headers of every answer.

* :class:`ApiMiddleware` — everything under ``/api/`` is token-authenticated (``Authorization: Bearer``), never
  by cookie, so it is exempt from CSRF; a body announced larger than :setting:`API_MAX_REQUEST` is refused with
  413 from ``Content-Length`` before a byte of it is read (under gunicorn, :mod:`companion.transport` drains it
  once the answer is written, so that the client reads the 413); and every error answer is JSON
  ``{"errors": [...]}`` (a wrong method keeps its ``Allow`` header). gunicorn's own refusals, before Django, are
  made JSON under ``/api/`` by :mod:`companion.gunicorn_worker`.
* :class:`SecurityHeadersMiddleware` — ``Content-Security-Policy`` (:setting:`CONTENT_SECURITY_POLICY`, on in
  production) and ``Cache-Control: no-store`` on every page whose URL carries a secret: edit links (a ``token``
  in the URL) and group pages (the group id is the key to the whole group, and its page lists edit links).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import get_language

# Messages for the statuses Django or a decorator can produce without a JSON body of ours.
_MESSAGES = {
    400: ("Requête invalide.", "Bad request."),
    403: ("Accès refusé.", "Access denied."),
    404: ("Adresse inconnue de l'API.", "Unknown API address."),
    405: ("Méthode {method} non acceptée ici (acceptées : {allow}).", "Method {method} not allowed here (allowed: {allow})."),
    413: ("Requête trop volumineuse.", "Request body too large."),
}


def api_error(request: HttpRequest, status: int, code: str, fr: str, en: str, field: str = "", **params) -> JsonResponse:
    lang = getattr(request, "LANGUAGE_CODE", None) or get_language() or "fr"
    message = (en if lang.startswith("en") else fr).format(**params)
    return JsonResponse({"errors": [{"field": field, "seat": None, "code": code, "message": message}]}, status=status)


def is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


class ApiMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not is_api(request):
            return self.get_response(request)
        # The API authenticates by bearer token, never by cookie: a forged cross-site request gains nothing.
        request._dont_enforce_csrf_checks = True
        length = request.META.get("CONTENT_LENGTH") or "0"
        try:
            announced = int(length)
        except ValueError:
            announced = -1
        if announced < 0:
            return api_error(request, 400, "bad_length", "En-tête Content-Length invalide.", "Invalid Content-Length header.",
                             field="Content-Length")
        if announced > settings.API_MAX_REQUEST:
            return api_error(request, 413, "too_large", "Requête trop volumineuse ({max} octets au plus).",
                             "Request body too large ({max} bytes at most).", max=settings.API_MAX_REQUEST)
        response = self.get_response(request)
        if response.status_code >= 400 and not response.get("Content-Type", "").startswith("application/json"):
            if response.status_code >= 500 and settings.DEBUG:
                return response  # Django's debug page: the developer needs it
            response = self._as_json(request, response)
        return response

    def _as_json(self, request: HttpRequest, response: HttpResponse) -> JsonResponse:
        status = response.status_code
        fr, en = _MESSAGES.get(status, ("Erreur {number}.", "Error {number}."))
        allow = response.get("Allow", "")
        out = api_error(request, status, "method_not_allowed" if status == 405 else str(status), fr, en,
                        method=request.method, allow=allow, number=status)
        for header in ("Allow", "Retry-After", "Vary"):
            if header in response:
                out[header] = response[header]
        return out


def _carries_secret(request: HttpRequest) -> bool:
    match = getattr(request, "resolver_match", None)
    return match is not None and ("token" in match.kwargs or "group_id" in match.kwargs)


class SecurityHeadersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = settings.CONTENT_SECURITY_POLICY
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        if _carries_secret(request):
            # Neither the browser's cache nor a shared one keeps a page that holds an edit link. (The API answer
            # that creates a table, with its token, says so itself: companion.tables.api.tables.)
            response["Cache-Control"] = "no-store"
        return response
