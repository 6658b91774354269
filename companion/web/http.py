"""What every JSON route and page shares: the request's language, the API's error answer, reading a JSON body, a
safe way back."""

from __future__ import annotations

import json
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.utils.translation import get_language

from companion.kernel import Problem, T
from companion.kernel.names import surrogate_path


def lang() -> str:
    """The request's language, ``fr`` or ``en`` (``fr`` when none is active, ``en`` for any English variant): the
    one helper every page, API answer and template tag asks."""
    return "en" if (get_language() or "fr").lower().startswith("en") else "fr"


def json_errors(problems: list[Problem], status: int = 400) -> JsonResponse:
    """The API's error answer: ``{"errors": [{"field", "seat", "code", "message"}]}``, in the request's language."""
    here = lang()
    return JsonResponse({"errors": [p.as_dict(here) for p in problems]}, status=status)


def json_error(field: str, code: str, message: T, status: int) -> JsonResponse:
    return json_errors([Problem(field, code, message)], status)


def read_json(request: HttpRequest):
    """The parsed JSON body, or a JsonResponse (413, 400) explaining why it cannot be read.

    Every JSON endpoint reads its body here: size first, then UTF-8, then JSON — nesting deep enough to
    exhaust the parser's recursion counts as unreadable JSON, not as a server error —, then no lone surrogate
    in any string (400 naming the field)."""
    if len(request.body) > settings.API_MAX_BODY:
        return json_error("", "too_large", T("Requête trop volumineuse.", "Request body too large."), 413)
    try:
        body = json.loads(request.body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return json_error("", "bad_json", T("Le corps de la requête n'est pas du JSON valide.",
                                            "The request body is not valid JSON."), 400)
    # "\ud800" is valid JSON but not text: PostgreSQL refuses it, and SQLite stores what no page can encode.
    where = surrogate_path(body)
    if where is not None:
        message = (T("Caractère invalide (moitié de caractère UTF-16 isolée) dans {field}.",
                     "Invalid character (a lone UTF-16 surrogate) in {field}.").format(field=where) if where else
                   T("Caractère invalide (moitié de caractère UTF-16 isolée).", "Invalid character (a lone UTF-16 surrogate)."))
        return json_error(where, "surrogate", message, 400)
    return body


def safe_back(request: HttpRequest) -> str | None:
    """Where a "back to the table" link goes (``?back=``): a local path only."""
    back = request.GET.get("back") or request.POST.get("back") or ""
    return back if back.startswith("/") and not back.startswith("//") and len(back) < 300 else None


def rule_url(slug: str, anchor: str | None = None, back: str | None = None) -> str:
    """The address of a game's rulebook page (at ``anchor``), opened from a table's page at ``back`` (its path):
    the page then has a way back to that table, in edit mode when ``back`` is the edit link."""
    url = reverse("rulebook:game", args=[slug])
    if back:
        url += "?" + urlencode({"back": back})
    return url + (f"#{anchor}" if anchor else "")

