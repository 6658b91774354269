"""What a typed name may hold, and when two names are the same player. Pure Python (no Django).

Refused in any name: control characters (Unicode category Cc: invisible, and PostgreSQL refuses NUL), lone
UTF-16 surrogates (Cs: no valid text holds one; PostgreSQL refuses them and SQLite stores what no page can then
encode) and the bidirectional controls: embeddings, overrides and isolates (U+202A–202E and U+2066–2069: a name
starting with U+202E, right-to-left override, made the total after it read backwards) and the implicit direction
marks (U+200E LEFT-TO-RIGHT MARK, U+200F RIGHT-TO-LEFT MARK, U+061C ARABIC LETTER MARK: invisible, and they change
how the neutral characters around them are laid out). Other format characters (Cf: zero-width space, joiners,
soft hyphen…) are allowed, for emoji sequences and some scripts need them, but two names that differ only by them,
or by case, are the same name (:func:`name_key`).

A name is stored in Unicode normalisation form C (:func:`clean_name`): "Zoé" typed with a precomposed "é" (NFC) or
as "e" and a combining accent (NFD, as some keyboards and macOS file names give it) is one spelling, and
:func:`name_key` compares names in a form that makes the two one key whatever was stored.
"""

from __future__ import annotations

import unicodedata
from typing import Any

BIDI_CONTROLS = frozenset(chr(c) for c in (0x200E, 0x200F, 0x061C, *range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def clean_name(name: str) -> str:
    """``name`` as it is stored: surrounding spaces off, in normalisation form C."""
    return unicodedata.normalize("NFC", name.strip())


def has_surrogate(text: str) -> bool:
    return any("\ud800" <= c <= "\udfff" for c in text)


def name_problem(name: str) -> str | None:
    """The code of what makes ``name`` unacceptable: ``control_character``, ``surrogate``, ``bidi_control``."""
    if any(unicodedata.category(c) == "Cc" for c in name):
        return "control_character"
    if has_surrogate(name):
        return "surrogate"
    if any(c in BIDI_CONTROLS for c in name):
        return "bidi_control"
    return None


def name_key(name: str) -> str:
    """Two names are the same player when they differ only by case, surrounding spaces, format characters
    ("B" and "B\\u200b" are one name) or Unicode normalisation ("Zoé" precomposed and decomposed). Unicode's
    canonical caseless match (decomposed, folded), composed again (NFC) so that a key reads as the name does."""
    decomposed = unicodedata.normalize("NFD", name)
    folded = "".join(c for c in decomposed if unicodedata.category(c) != "Cf").strip().casefold()
    return unicodedata.normalize("NFC", folded)


def surrogate_path(value: Any, path: str = "") -> str | None:
    """The dotted path (``players.1``, ``options.x``) of the first string of a parsed JSON value — key or value —
    holding a lone surrogate, ``""`` for the value itself, None when there is none. Iterative: the JSON parser
    accepts nesting deeper than Python's recursion limit."""
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            if has_surrogate(item):
                return where
        elif isinstance(item, dict):
            for k, v in item.items():
                if has_surrogate(k):
                    return where  # the key itself cannot be named
                stack.append((v, f"{where}.{k}" if where else k))
        elif isinstance(item, list):
            stack.extend((v, f"{where}.{i}" if where else str(i)) for i, v in reversed(list(enumerate(item))))
    return None
