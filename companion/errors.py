"""Error pages: JSON under /api/, HTML elsewhere."""

from django.http import JsonResponse
from django.shortcuts import render


def _respond(request, status: int, fr: str, en: str):
    if request.path.startswith("/api/"):
        lang = getattr(request, "LANGUAGE_CODE", "fr")
        return JsonResponse({"errors": [{"field": "", "seat": None, "code": str(status),
                                         "message": en if lang.startswith("en") else fr}]}, status=status)
    return render(request, "error.html", {"status": status, "fr": fr, "en": en}, status=status)


def bad_request(request, exception=None):
    return _respond(request, 400, "Requête invalide.", "Bad request.")


def permission_denied(request, exception=None):
    return _respond(request, 403, "Accès refusé.", "Access denied.")


def not_found(request, exception=None):
    return _respond(request, 404, "Page introuvable.", "Page not found.")


def server_error(request):
    return _respond(request, 500, "Erreur du serveur.", "Server error.")


def csrf_failure(request, reason=""):
    """Django's own CSRF page carries an inline stylesheet, which the Content-Security-Policy refuses."""
    return _respond(request, 403, "Formulaire expiré ou venu d'ailleurs : rechargez la page, puis recommencez.",
                    "This form expired or came from elsewhere: reload the page, then try again.")
