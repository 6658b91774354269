"""The Empereur form's reminder of the coming manche's exchanges, players by name (the sheet's
``next.exchanges``)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from companion.bidi import name_seats_html
from companion.web import http

register = template.Library()


@register.simple_tag
def empereur_exchanges(sheet, rows: list) -> list[SafeString]:
    """The exchange lines of :meth:`EmpereurSheet.exchange_lines`, each seat replaced by its player's name."""
    lang = http.lang()
    names = [r["name"] for r in sorted(rows, key=lambda r: r["seat"])]
    return [name_seats_html(line.get(lang), names) for line in sheet.exchange_lines()]
