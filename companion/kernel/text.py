"""Bilingual text owned by the rules model.

The rules package imports nothing from Django, so the words it shows users (game and contract names,
validation messages, rule tables) carry both languages with them. French comes first: it is the default.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

LANGUAGES = ("fr", "en")


def fold(text: str) -> str:
    """Text as a search or a typed word compares it: lower case, no accents, ligatures spelt out (œ as oe, æ as
    ae) and compatibility forms made plain (NFKD: "ﬁ" as fi, a full-width "Ｒ" as r). ``fold("Chasse-Cœur") ==
    "chasse-coeur"``; the one accent fold of Atout (game names, rulebook search, typed cards)."""
    text = text.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae").replace("Æ", "AE")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


class Text(NamedTuple):
    fr: str
    en: str

    def get(self, lang: str | None) -> str:
        return self.en if (lang or "fr").lower().startswith("en") else self.fr

    def format(self, **params: object) -> Text:
        return Text(self.fr.format(**params), self.en.format(**params))

    def __str__(self) -> str:
        return self.fr


def T(fr: str, en: str) -> Text:
    return Text(fr, en)


MINUS = "\u2212"  # the true minus sign, as every page writes a negative number


def signed(value: object) -> str:
    """A whole number as the pages write it, a negative one with the true minus sign: ``signed(-12) == "−12"``;
    anything else as ``str`` gives it."""
    if isinstance(value, int) and value < 0:  # never a bool: True and False are not below zero
        return f"{MINUS}{-value}"
    return str(value)


def decimal(value: float) -> Text:
    """A number as each language writes it: ``decimal(4.5) == Text("4,5", "4.5")``, ``decimal(91.0) == Text("91", "91")``
    (for the half points of tarot and pinacle; halves are exact in binary floats)."""
    text = str(int(value)) if value == int(value) else str(value)
    return Text(text.replace(".", ","), text)


_SEAT_REF = re.compile(r"⟨(\d+)⟩")


def seat_ref(seat: int) -> str:
    """A player named in a note: the sheet puts the player's name in its place (:func:`name_seats`), since
    the rules model knows seats, not names."""
    return f"⟨{seat}⟩"


def name_seats(text: str, names: list[str]) -> str:
    """``text`` with every :func:`seat_ref` replaced by that player's name."""
    return _SEAT_REF.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0), text)
