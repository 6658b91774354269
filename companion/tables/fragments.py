"""Rendered parts of a table's pages kept by version, so that a page costs the same at round 500 as at round 5.

The rows of the sheet, the explanation of its points, its chart and the history list grow with the table, and
rendering them was nearly all of a page's cost. Each is kept in Django's cache framework (``settings.CACHES``:
the default per-process LocMemCache, or a cache several app servers share), under a key made of everything that
changes it:

* the table and its version — every event (round, correction, deletion, end, reopening) bumps it, so a
  corrected or deleted round never shows in a stale fragment;
* a hash of the names: a group renames a player in all its tables without an event
  (:func:`companion.tables.sync.live_etag` hashes them for the same reason);
* the language, and whether the page is the read-only or the edit one;
* a hash of the templates' text, so that a new release never serves a fragment rendered by the old one.

An edit page's fragment holds its correction links with a marker in place of the edit link (``href="<marker>"``),
replaced when the page is served: no edit token is ever written into the cache. A name cannot forge the
marker's ``href="`` (quotes in names are escaped). A miss simply renders.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import cache

from django.core.cache import cache as django_cache
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe

from .models import Table

# How long a fragment is kept (seconds): a version never changes, so this only bounds the memory of old ones.
TIMEOUT = 3600
EDIT_MARKER = "atout-edit-base:"
TEMPLATES = ("tables/_rows.html", "tables/_explain.html", "tables/_history_list.html", "tables/_chart.html",
             "tables/_chart_svg.html")


@cache
def _templates_digest() -> str:
    h = hashlib.sha256()
    for name in TEMPLATES:
        h.update(get_template(name).template.source.encode())
    return h.hexdigest()[:10]


def key(kind: str, table: Table, lang: str, mode: str) -> str:
    names = hashlib.sha256("\x1f".join(table.players).encode()).hexdigest()[:12]
    return f"atout:frag:{_templates_digest()}:{kind}:{table.pk}:v{table.version}:{names}:{lang}:{mode}"


def get(kind: str, table: Table, lang: str, edit_base: str | None, render: Callable[[str | None], str]) -> SafeString:
    """The fragment ``kind`` of ``table``, from the cache or rendered by ``render(edit_base_or_marker)``."""
    mode = "edit" if edit_base else "view"
    k = key(kind, table, lang, mode)
    html = django_cache.get(k)
    if html is None:
        html = str(render(EDIT_MARKER if edit_base else None))
        django_cache.set(k, html, TIMEOUT)
    if edit_base:
        html = html.replace(f'href="{EDIT_MARKER}', f'href="{edit_base}')
    return mark_safe(html)  # noqa: S308 — rendered by our own autoescaping templates
