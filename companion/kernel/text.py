"""Bilingual text owned by the rules model.

The rules package imports nothing from Django, so the words it shows users (game and contract names,
validation messages, rule tables) carry both languages with them. French comes first: it is the default.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any, NamedTuple

LANGUAGES = ("fr", "en")


def fold(text: str) -> str:
    """Text as a search or a typed word compares it: lower case, no accents, ligatures spelt out (œ as oe, æ as
    ae) and compatibility forms made plain (NFKD: "ﬁ" as fi, a full-width "Ｒ" as r). ``fold("Chasse-Cœur") ==
    "chasse-coeur"``; the one accent fold of Atout (game names, rulebook search, typed cards)."""
    text = text.replace("œ", "oe").replace("Œ", "OE").replace("æ", "ae").replace("Æ", "AE")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def max_typos(term: str) -> int:
    """How many slips a word of this length may hold and still be corrected: none under 4 letters, one up to 7,
    two from 8 (``barbou`` → ``barbu``, ``tarrot`` → ``tarot``)."""
    if len(term) < 4 or not term.isalpha():
        return 0
    return 1 if len(term) < 8 else 2


def distance(a: str, b: str, most: int) -> int:
    """Edit distance with adjacent swaps (optimal string alignment), or ``most + 1`` once it must exceed ``most``."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    before: list[int] | None = None
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if before is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], before[j - 2] + 1)
        if min(cur) > most:
            return most + 1
        before, prev = prev, cur
    return prev[-1]


_WORDS = re.compile(r"\w+")


def finds_name(typed: str, names: Iterable[str]) -> bool:
    """Whether what was typed in a filter box finds one of ``names`` (a game's names and aliases): every word
    typed begins a word of that name, or is a slip or two away from one (:func:`max_typos`), accents, case and
    ligatures aside — ``tarot`` finds « Tarot à 5 », ``belotte`` finds « Belote », ``coeur`` « Chasse-cœur ».
    Nothing typed finds everything. The home page's script (static/js/atout/games.js) reads the same way."""
    words = _WORDS.findall(fold(typed))
    if not words:
        return True
    for name in names:
        own = _WORDS.findall(fold(name))
        if all(any(_finds_word(t, w) for w in own) for t in words):
            return True
    return False


def _finds_word(typed: str, word: str) -> bool:
    if word.startswith(typed):
        return True
    most = max_typos(typed)
    # A slip in a word being typed: compared with the whole word and with its beginning of the same length.
    return bool(most) and (distance(typed, word, most) <= most or distance(typed, word[:len(typed)], most) <= most)


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
# A French word that drops its vowel before a name that starts with one ("de Alice" is "d'Alice", "que Émile"
# is "qu'Émile").
_ELIDED = re.compile(r"(?<![\w'’])(de|que|lorsque|puisque|jusque)\s+⟨(\d+)⟩", re.IGNORECASE)
_VOWELS = frozenset("aeiouyh")


def seat_ref(seat: int) -> str:
    """A player named in a note: the sheet puts the player's name in its place (:func:`name_seats`), since
    the rules model knows seats, not names."""
    return f"⟨{seat}⟩"


def elides(name: str) -> bool:
    """True when a French "de" or "que" before ``name`` becomes "d'" or "qu'": the name starts with a vowel or an
    h (Alice, Émile, Hugo, Yvan), accents and case aside."""
    head = fold(name.lstrip()[:1])
    return bool(head) and head[0] in _VOWELS


def elide(text: str, names: list[str]) -> str:
    """``text`` with "de ⟨i⟩", "que ⟨i⟩" (and lorsque, puisque, jusque) written "d'⟨i⟩", "qu'⟨i⟩" where seat i's
    name :func:`elides`; the seat references stay for :func:`name_seats` (or a page's own naming) to fill."""
    def one(m: re.Match[str]) -> str:
        seat = int(m.group(2))
        if seat < len(names) and elides(names[seat]):
            return f"{m.group(1)[:-1]}'⟨{seat}⟩"
        return m.group(0)
    return _ELIDED.sub(one, text)


def name_seats(text: str, names: list[str]) -> str:
    """``text`` with every :func:`seat_ref` replaced by that player's name, French elision included ("de ⟨0⟩" with
    Alice at seat 0 reads "d'Alice")."""
    return _SEAT_REF.sub(lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names) else m.group(0),
                         elide(text, names))


def name_text(text: Text, names: list[str]) -> Text:
    """Both languages of ``text`` with the players named (:func:`name_seats`)."""
    return Text(name_seats(text.fr, names), name_seats(text.en, names))


def entered(n: float) -> str:
    """French "saisi" agreed with the number entered before it: "1 saisi", "0,5 saisi", "44 saisis" (French keeps
    the singular under 2, as :func:`count` does)."""
    return "saisi" if -2 < n < 2 else "saisis"


def count(n: int, fr_one: str, fr_many: str, en_one: str, en_many: str, **params: Any) -> Text:
    """``n`` things in words, each language with its plural rule: French says what is under 2 in the singular ("0 pli",
    "1 bout", "1,5 point", "2 bouts"), English 1 only. Each form may use ``{n}`` and the names of ``params``. The one plural of
    the rules model: never "bout(s)"."""
    return Text((fr_one if -2 < n < 2 else fr_many).format(n=n, **params),
                (en_one if n == 1 else en_many).format(n=n, **params))
