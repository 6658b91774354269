"""What a table page gives its script (static/js/atout/) to keep it live and to go on offline."""

from __future__ import annotations

import json

from django import template

from companion.tables import sync
from companion.tables.share import qr_svg

register = template.Library()


@register.filter
def live_etag(table) -> str:
    """The validator of the table as rendered: the script asks with it whether anything changed since."""
    return sync.live_etag(table)


@register.simple_tag(takes_context=True)
def upcoming_rounds(context, state) -> str:
    """The coming rounds as JSON (see :func:`companion.tables.sync.upcoming_rounds`), for a data attribute; their
    rule links lead back to the page that shows them."""
    return json.dumps(sync.upcoming_rounds(state, context.get("here")),
                      ensure_ascii=False, separators=(",", ":"))


@register.simple_tag
def qr_code(url: str, title: str) -> str:
    """A QR code of ``url``, drawn on the server (SVG)."""
    return qr_svg(url, title)


@register.simple_tag
def module_preloads(entry: str) -> str:
    """``<link rel="modulepreload">`` for every module the script ``entry`` imports: the browser asks for them
    all while it reads the page, not one import after the other (the page's other scripts wait for them)."""
    from django.templatetags.static import static
    from django.utils.html import format_html_join

    from companion.pwa.modules import imported

    return format_html_join("", '<link rel="modulepreload" href="{}">', ((static(path),) for path in imported(entry)))
