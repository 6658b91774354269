"""Who may change a table: its edit link, checked the same way by every page that changes it.

Below the pages (views, seat pages, share) and above the models only: a page decorated with
:func:`edit_link_required` receives the table itself, or never runs (404 unknown table, 403 wrong edit token).
"""

from __future__ import annotations

import functools
import re

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from companion.errors import way_back

from .models import Table

TABLE_PATH = re.compile(r"^/tables/([A-Za-z0-9_-]{1,32})/")


def table_link(path: str) -> str | None:
    """The read-only page of the table an address names, when that table exists (an error page's way back:
    registered with :func:`companion.errors.register_way_back` at start-up)."""
    m = TABLE_PATH.match(path)
    if not m:
        return None
    if Table.objects.filter(pk=m.group(1)).exists():
        return reverse("tables:sheet", args=[m.group(1)])
    return None


def bad_edit_link(request: HttpRequest, table_id: str) -> HttpResponse:
    """403: a wrong or truncated edit link, as a page with a way back (the table's read-only page)."""
    return render(request, "403.html", {"status": 403, "table_url": way_back(request.path)}, status=403)


def edit_link_required(view):
    """``view(request, table, token, **rest)`` called as ``view(request, table_id, token, **rest)``: the table
    whose edit token ``token`` is; 404 when no table has that id, the 403 page (:func:`bad_edit_link`) when the
    token is not its edit token. Put it under the method checks (``require_POST``…), which answer first."""

    @functools.wraps(view)
    def checked(request: HttpRequest, table_id: str, token: str, *args, **kwargs) -> HttpResponse:
        table = get_object_or_404(Table, pk=table_id)
        if not table.check_token(token):
            return bad_edit_link(request, table_id)
        return view(request, table, token, *args, **kwargs)

    return checked
