"""Numbers as the pages write them: a negative score with a true minus sign (U+2212), "−12", never the hyphen
"-12". French typography asks for it, screen readers say "moins 12" for it, and it does not break a line. The
``|num`` filter is a built-in of the templates (settings.TEMPLATES); the offline script reads and writes the same
sign (static/js/atout/pending.js, ``readNumber`` and ``showNumber``). Machine-read output (the API, CSV) keeps the hyphen.
"""

from __future__ import annotations

from django import template
from django.utils.formats import localize

from companion.kernel.text import MINUS

register = template.Library()


@register.filter
def num(value):
    """``-12`` → ``"−12"``, ``4.5`` → ``"4,5"`` in French as the template would localize it; anything that is not a
    number passes unchanged."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    text = str(localize(value))
    return MINUS + text[1:] if text.startswith("-") else text
