"""Names shown isolated from the text around them (Unicode bidirectional isolation).

A name is whatever a player typed; in right-to-left script (Arabic, Hebrew) it reorders the neutral characters
and digits next to it — "אבג 47" displays as "47 אבג" — unless it is isolated. Every name on a page is shown
through :func:`bdi` (the ``|bdi`` filter, a built-in of the templates, settings.TEMPLATES) or, in the SVG
chart, in a ``tspan`` styled ``unicode-bidi: isolate`` (atout.css). Bidi controls are refused in names
(:mod:`companion.kernel.names`), so a name cannot break out of its isolation either.
"""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from companion.kernel.text import _SEAT_REF, elide

register = template.Library()


@register.filter(is_safe=True)
def bdi(name) -> SafeString:
    """``<bdi>name</bdi>``, escaped."""
    return mark_safe(f"<bdi>{escape(name)}</bdi>")


@register.filter
def isolate(name) -> str:
    """The name between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (U+2068 … U+2069): isolation where no
    element can carry it (an SVG ``<title>`` or ``<desc>``, an attribute)."""
    return f"\u2068{name}\u2069"


def name_seats_html(text: str, names: list[str]) -> SafeString:
    """:func:`companion.kernel.text.name_seats` for a page: the note escaped, each player's name in ``<bdi>``
    (French elision included: "d'Alice")."""
    text = elide(text, names)
    out, last = [], 0
    for m in _SEAT_REF.finditer(text):
        seat = int(m.group(1))
        out.append(escape(text[last:m.start()]))
        out.append(bdi(names[seat]) if seat < len(names) else escape(m.group(0)))
        last = m.end()
    out.append(escape(text[last:]))
    return mark_safe("".join(out))
