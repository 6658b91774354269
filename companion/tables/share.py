"""The share screen of a table: its read-only link and, for whoever holds it, its edit link, each as text and
as a QR code drawn on the server (SVG, no script, no third party)."""

from __future__ import annotations

import segno
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from companion.rules import registry

from . import seats
from .models import Table


def qr_svg(url: str, title: str) -> str:
    """An inline SVG QR code for ``url``, black on white whatever the theme (scanners want contrast)."""
    svg = segno.make(url, error="m").svg_inline(scale=1, border=2, omitsize=True, dark="#000", light="#fff",
                                                title=title, svgclass="qr")
    return mark_safe(svg)  # segno escapes the title; the rest is its own markup


def _link(request: HttpRequest, path: str, title: str) -> dict:
    url = request.build_absolute_uri(path)
    return {"url": url, "qr": qr_svg(url, title)}


@require_GET
def share(request: HttpRequest, table_id: str, token: str | None = None) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    if token is not None and not table.check_token(token):
        # the styled page with a way back to the read-only table, as every wrong edit link gets
        return render(request, "403.html", {"status": 403, "table_url": reverse("tables:sheet", args=[table.id])},
                      status=403)
    lang = get_language() or "fr"
    ctx = {
        "table": table,
        "token": token,
        "game_name": registry.get(table.game).names.get(lang),
        "view": _link(request, reverse("tables:sheet", args=[table.id]), _("Lien de lecture")),
        "edit": _link(request, reverse("tables:edit", args=[table.id, token]), _("Lien de modification")) if token else None,
        "back": reverse("tables:edit", args=[table.id, token]) if token else reverse("tables:sheet", args=[table.id]),
    }
    if table.digital:  # digital play (issue 15): the seats' own links, the spectators, pass-and-play
        ctx["digital"] = {
            "seats": seats.seat_links(request, table) if token else [],
            "spectate": _link(request, reverse("tables:spectate", args=[table.id]), _("Lien des spectateurs")),
            "pass_play": reverse("tables:pass-play", args=[table.id, token]) if token else None,
        }
    return render(request, "tables/share.html", ctx)
