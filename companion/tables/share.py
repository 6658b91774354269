"""The share screen of a table: its read-only link and, for whoever holds it, its edit link, each as text and
as a QR code drawn on the server (SVG, no script, no third party).

A table played on Atout lists its seats there for whoever holds the edit link: who holds each (its own phone, a
link not taken yet, this phone by pass-and-play, a bot). A seat's link is shown when asked for (a POST: "Afficher
le lien de Ben"), issued afresh then: its token is stored hashed and kept nowhere else — not in the session — so a
link shown twice is two links, the older dead. Once a phone took the seat, its link opens it on that phone only;
"Nouveau lien" gives the seat a new link for a new phone (the old one refused)."""

from __future__ import annotations

import segno
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from companion.web import http

from . import access, digital, pages_common
from .models import Table


def qr_svg(url: str, title: str) -> str:
    """An inline SVG QR code for ``url``, black on white whatever the theme (scanners want contrast)."""
    svg = segno.make(url, error="m").svg_inline(scale=1, border=2, omitsize=True, dark="#000", light="#fff",
                                                title=title, svgclass="qr")
    return mark_safe(svg)  # segno escapes the title; the rest is its own markup


def _link(request: HttpRequest, path: str, title: str) -> dict:
    url = request.build_absolute_uri(path)
    return {"url": url, "qr": qr_svg(url, title)}


@require_http_methods(["GET", "POST"])
def share(request: HttpRequest, table_id: str, token: str | None = None) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    if token is not None and not table.check_token(token):
        return access.bad_edit_link(request, table.id)  # the styled page, as every wrong edit link gets
    if request.method == "POST" and (token is None or not table.digital):
        return HttpResponseNotAllowed(["GET"])
    if "seat-links" in request.session:
        del request.session["seat-links"]  # where seat tokens were kept once: nothing there may open a seat
    shown: dict[int, str] = {}
    message, status = "", 200
    if request.method == "POST":
        raw = next((request.POST.get(k) for k in ("link", "bot", "back") if k in request.POST), None) or ""
        seat_no = int(raw) if raw.isdigit() and len(raw) <= 3 else -1
        if "link" in request.POST:
            try:
                shown[seat_no] = digital.issue_link(table, seat_no)
            except LookupError:
                message, status = _("Cette place n'a pas de lien à elle."), 400
        else:
            refused = pages_common.hand_over(request, table, by=digital.EDIT)
            if refused is None:
                return redirect(reverse("tables:share", args=[table.id, token]) + f"#seat-link-{seat_no}")
            message, status = refused.problem.message.get(http.lang()), refused.status
    lang = http.lang()
    ctx = {
        "table": table,
        "token": token,
        "game_name": table.game_name(lang),
        "view": _link(request, reverse("tables:sheet", args=[table.id]), _("Lien de lecture")),
        "edit": _link(request, reverse("tables:edit", args=[table.id, token]), _("Lien de modification")) if token else None,
        "back": reverse("tables:edit", args=[table.id, token]) if token else reverse("tables:sheet", args=[table.id]),
    }
    if table.digital:  # digital play: the seats and their links, the spectators, pass-and-play
        seat_list = share_seats(request, table, token, shown) if token else []
        ctx["digital"] = {
            "seats": seat_list, "message": message,
            "has_links": any(s["own_link"] for s in seat_list),
            "spectate": _link(request, reverse("tables:spectate", args=[table.id]), _("Lien des spectateurs")),
            "pass_play": reverse("tables:pass-play", args=[table.id, token]) if token else None,
            "has_pass": any(s["pass_play"] for s in seat_list),
        }
        ctx["absent_after"] = digital.ABSENT_AFTER
    return render(request, "tables/share.html", ctx, status=status)


def share_seats(request: HttpRequest, table: Table, token: str, shown: dict[int, str]) -> list[dict]:
    """The share screen's seats, for whoever holds the edit link: each seat's name and who holds it (its own
    phone, not taken yet, this phone by pass-and-play, a bot, a bot standing in), and for the seats of ``shown``
    (``{seat: token}``, the links issued by this very answer) the link and its QR code."""
    out = []
    for row in digital.seats_of(table):
        item = {"seat": row.seat, "name": table.players[row.seat], "bot": row.is_bot, "stand_in": row.stand_in,
                "own_link": row.own_link, "pass_play": row.pass_play and row.human, "bound": bool(row.bind_hash)}
        if row.seat in shown:
            url = request.build_absolute_uri(reverse("tables:seat", args=[table.id, shown[row.seat]]))
            item.update(url=url, qr=qr_svg(url, _("Lien de %(name)s") % {"name": item["name"]}))
        out.append(item)
    return out
