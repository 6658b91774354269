"""Bilingual text owned by the rules model.

The rules package imports nothing from Django, so the words it shows users (game and contract names,
validation messages, rule tables) carry both languages with them. French comes first: it is the default.
"""

from __future__ import annotations

from typing import NamedTuple

LANGUAGES = ("fr", "en")


class Text(NamedTuple):
    fr: str
    en: str

    def get(self, lang: str | None) -> str:
        return self.en if (lang or "fr").lower().startswith("en") else self.fr

    def format(self, **params) -> Text:  # type: ignore[override]
        return Text(self.fr.format(**params), self.en.format(**params))

    def __str__(self) -> str:
        return self.fr


def T(fr: str, en: str) -> Text:
    return Text(fr, en)
