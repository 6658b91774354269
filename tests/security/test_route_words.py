"""No id can be a fixed word of the routes that sits where that id sits (``/tables/new/…`` beside
``/tables/<table_id>/…``), or the route would shadow it. The list is kept in one place,
:data:`companion.converters.ROUTE_WORDS`; this walks every URL pattern to check that it is complete."""

from __future__ import annotations

import re

from django.urls import URLPattern, URLResolver, get_resolver

from companion.converters import ROUTE_WORDS
from companion.groups.models import new_group_id
from companion.tables.models import new_table_id

ID_CONVERTER = re.compile(r"<key:\w+>")


def _routes(patterns=None, prefix: str = "") -> list[str]:
    out = []
    for p in patterns if patterns is not None else get_resolver().url_patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            out += _routes(p.url_patterns, route)
        elif isinstance(p, URLPattern):
            out.append(route)
    return out


def _words_beside_ids() -> set[str]:
    """Every literal path segment that has an id (``<key:…>``) as a sibling: same segments before it."""
    split = [r.split("/") for r in _routes()]
    id_places = {tuple(s[:i]) for s in split for i, seg in enumerate(s) if ID_CONVERTER.fullmatch(seg)}
    return {seg for s in split for i, seg in enumerate(s) if tuple(s[:i]) in id_places and seg and "<" not in seg}


def test_every_word_that_shares_an_ids_place_is_a_route_word():
    words = _words_beside_ids()
    assert {"new", "import"} <= words  # /tables/new/<slug>/, /groups/new/, /groups/import/: the walk sees them
    assert words <= ROUTE_WORDS, words - ROUTE_WORDS


def test_the_ids_atout_makes_are_never_route_words(monkeypatch):
    # Even a random source that answered "new" first: the id makers draw again.
    answers = iter(["new", "import", "AbCdEfGhIjKlMnOp"])
    monkeypatch.setattr("secrets.token_urlsafe", lambda n: next(answers))
    assert new_table_id() == "AbCdEfGhIjKlMnOp"
    answers = iter(["new", "import", "AbCdEfGhIjKlMnOpQrStUv"])
    assert new_group_id() == "AbCdEfGhIjKlMnOpQrStUv"
