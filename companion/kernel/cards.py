"""Cards as value types, with parse/print pairs and the decks Atout's games use.

Two spellings for every card:

* French display, as players say it: ``"10♥"``, ``"D♠"``, ``"V♣"``, ``"R♦"``, ``"A♥"``,
  ``"C♠"`` (tarot cavalier), ``"Joker"``, ``"Atout 21"``, ``"Excuse"``;
* the API's ASCII code: rank ``A 2 … 10 J Q K`` (``C`` for the tarot cavalier) followed by the suit
  ``S H D C``: ``"10H"``, ``"QS"``, ``"JC"``; ``"JK"`` for a joker, ``"T1"`` … ``"T21"`` for tarot
  trumps and ``"EX"`` for the excuse.

``Card.parse`` accepts both; ``str(card)`` gives the French display and ``card.code`` the ASCII code.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import total_ordering
from typing import Any

from companion.kernel.errors import CardSyntaxError
from companion.kernel.text import Text, fold


class Suit(enum.Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def names(self) -> dict[str, str]:
        return _SUIT_NAMES[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_NAMES = {
    Suit.SPADES: {"fr": "pique", "en": "spades"},
    Suit.HEARTS: {"fr": "cœur", "en": "hearts"},
    Suit.DIAMONDS: {"fr": "carreau", "en": "diamonds"},
    Suit.CLUBS: {"fr": "trèfle", "en": "clubs"},
}
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@total_ordering
class Rank(enum.Enum):
    """Ranks in their natural order, ace low. Games that rank cards otherwise say so with an order table."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    KNIGHT = 12  # the tarot cavalier, between the Valet and the Dame
    QUEEN = 13
    KING = 14

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Rank):
            return NotImplemented
        return self.value < other.value

    @property
    def code(self) -> str:
        return _RANK_CODES[self]

    @property
    def display(self) -> str:
        return _RANK_DISPLAY[self]

    @property
    def pip(self) -> int:
        """Face value: ace 1, two to ten as printed, 10 for the court cards."""
        return self.value if self.value <= 10 else 10

    @property
    def names(self) -> dict[str, str]:
        return _RANK_NAMES[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


_RANK_CODES = {r: str(r.value) for r in Rank if 2 <= r.value <= 10}
_RANK_CODES.update({Rank.ACE: "A", Rank.JACK: "J", Rank.KNIGHT: "C", Rank.QUEEN: "Q", Rank.KING: "K"})
_RANK_DISPLAY = dict(_RANK_CODES)
_RANK_DISPLAY.update({Rank.JACK: "V", Rank.KNIGHT: "C", Rank.QUEEN: "D", Rank.KING: "R"})
_RANK_NAMES = {r: {"fr": str(r.value), "en": str(r.value)} for r in Rank if 2 <= r.value <= 10}
_RANK_NAMES.update(
    {
        Rank.ACE: {"fr": "As", "en": "Ace"},
        Rank.JACK: {"fr": "Valet", "en": "Jack"},
        Rank.KNIGHT: {"fr": "Cavalier", "en": "Knight"},
        Rank.QUEEN: {"fr": "Dame", "en": "Queen"},
        Rank.KING: {"fr": "Roi", "en": "King"},
    }
)
STANDARD_RANKS = tuple(r for r in Rank if r is not Rank.KNIGHT)
_RANK_BY_CODE = {r.code: r for r in Rank}
_RANK_BY_DISPLAY = {r.display: r for r in Rank}
_SUIT_BY_LETTER = {s.value: s for s in Suit}
_SUIT_BY_SYMBOL = {s.symbol: s for s in Suit}
# Players and keyboards type the symbols in several ways.
_SUIT_BY_SYMBOL.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})


class Card:
    """Base class of every card. Cards are immutable, hashable and compare by value."""

    __slots__ = ()

    @property
    def code(self) -> str:  # pragma: no cover - every subclass overrides it
        raise NotImplementedError

    @staticmethod
    def parse(text: str) -> Card:
        """Parse a French display (``"10♥"``, ``"D♠"``) or an ASCII code (``"10H"``, ``"QS"``).

        Raises :class:`CardSyntaxError` (a ``ValueError``) for anything else.
        """
        if not isinstance(text, str):
            raise CardSyntaxError(f"not a card: {text!r}")
        s = text.strip()
        upper = s.upper()
        if upper in ("JK", "JOKER", "JOK"):
            return Joker()
        if upper in ("EX", "EXCUSE"):
            return Excuse()
        if upper.startswith("ATOUT "):
            upper = "T" + upper[6:].strip()
        if len(upper) >= 2 and upper[0] == "T" and upper[1:].isascii() and upper[1:].isdigit() and len(upper) <= 3:
            return Trump(int(upper[1:]))
        if len(s) < 2:
            raise CardSyntaxError(f"not a card: {text!r}")
        rank_part, suit_part = s[:-1].strip(), s[-1]
        suit = _SUIT_BY_SYMBOL.get(suit_part) or _SUIT_BY_LETTER.get(suit_part.upper())
        if suit is None:
            raise CardSyntaxError(f"not a card: {text!r}")
        rank_upper = rank_part.upper()
        if suit_part in _SUIT_BY_SYMBOL:
            # French display: V D R for the court cards ("C" is the cavalier).
            rank = _RANK_BY_DISPLAY.get(rank_upper) or _RANK_BY_CODE.get(rank_upper)
        else:
            rank = _RANK_BY_CODE.get(rank_upper)
        if rank is None:
            raise CardSyntaxError(f"not a card: {text!r}")
        return SuitCard(rank, suit)

    @staticmethod
    def parse_code(code: str) -> Card:
        """Parse an ASCII code only (the API's spelling). Raises :class:`CardSyntaxError`."""
        if not isinstance(code, str) or any(ch in code for ch in _SUIT_BY_SYMBOL):
            raise CardSyntaxError(f"not a card code: {code!r}")
        return Card.parse(code)


@total_ordering
@dataclass(frozen=True, slots=True)
class SuitCard(Card):
    rank: Rank
    suit: Suit

    @property
    def code(self) -> str:
        return self.rank.code + self.suit.value

    def __str__(self) -> str:
        return self.rank.display + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, SuitCard):
            return NotImplemented
        return (SUITS.index(self.suit), self.rank.value) < (SUITS.index(other.suit), other.rank.value)

    def names(self, lang: str = "fr") -> str:
        of = " de " if lang == "fr" else " of "
        return self.rank.names[lang] + of + self.suit.names[lang]


@dataclass(frozen=True, slots=True)
class Joker(Card):
    @property
    def code(self) -> str:
        return "JK"

    def __str__(self) -> str:
        return "Joker"

    def __repr__(self) -> str:
        return "Card.parse('JK')"


@dataclass(frozen=True, slots=True)
class Trump(Card):
    """A tarot trump, 1 (le Petit) to 21."""

    number: int

    def __post_init__(self) -> None:
        if not 1 <= self.number <= 21:
            raise CardSyntaxError(f"no tarot trump {self.number}")

    @property
    def code(self) -> str:
        return f"T{self.number}"

    def __str__(self) -> str:
        return f"Atout {self.number}"

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


@dataclass(frozen=True, slots=True)
class Excuse(Card):
    @property
    def code(self) -> str:
        return "EX"

    def __str__(self) -> str:
        return "Excuse"

    def __repr__(self) -> str:
        return "Card.parse('EX')"


def rank_name(rank: Rank | str) -> Text:
    """A rank as players name it, in French and English, from a :class:`Rank` or its ASCII code
    (:attr:`Rank.code`): ``rank_name("J") == Text("Valet", "Jack")``, ``rank_name("9") == Text("9", "9")``. Rule
    tables use it so that no game types the names again. Raises :class:`CardSyntaxError` for an unknown code."""
    if not isinstance(rank, Rank):
        if rank not in _RANK_BY_CODE:
            raise CardSyntaxError(f"not a rank code: {rank!r}")
        rank = _RANK_BY_CODE[rank]
    return Text(rank.names["fr"], rank.names["en"])


def card(text: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    """Parse a space-separated list: ``cards("AS 10H JK")``."""
    return [Card.parse(t) for t in text.split()]


def _suited(ranks: Iterable[Rank]) -> list[Card]:
    return [SuitCard(r, s) for s in SUITS for r in ranks]


# The decks, by the name the game descriptions use.
DECKS = {
    "32": lambda: _suited([Rank.ACE, *[r for r in STANDARD_RANKS if r.value >= 7]]),
    # L'Hombre: 40 cards, no 8, 9 or 10.
    "40": lambda: _suited([r for r in STANDARD_RANKS if r.value <= 7 or r.value >= 11]),
    "52": lambda: _suited(STANDARD_RANKS),
    "54": lambda: _suited(STANDARD_RANKS) + [Joker(), Joker()],
    "2x52": lambda: _suited(STANDARD_RANKS) * 2,
    "3x52": lambda: _suited(STANDARD_RANKS) * 3,
    "2x52+4": lambda: _suited(STANDARD_RANKS) * 2 + [Joker()] * 4,
    "78": lambda: _suited(list(Rank)) + [Trump(n) for n in range(1, 22)] + [Excuse()],
}
DECK_NAMES = {
    "32": {"fr": "jeu de 32 cartes", "en": "32-card pack"},
    "40": {"fr": "jeu de 40 cartes", "en": "40-card pack"},
    "52": {"fr": "jeu de 52 cartes", "en": "52-card pack"},
    "54": {"fr": "jeu de 54 cartes (2 jokers)", "en": "54-card pack (2 jokers)"},
    "2x52": {"fr": "deux jeux de 52 cartes sans joker", "en": "two 52-card packs without jokers"},
    "3x52": {"fr": "trois jeux de 52 cartes sans joker", "en": "three 52-card packs without jokers"},
    "2x52+4": {"fr": "deux jeux de 52 cartes et 4 jokers", "en": "two 52-card packs and 4 jokers"},
    "78": {"fr": "jeu de tarot (78 cartes)", "en": "tarot pack (78 cards)"},
}


@dataclass(frozen=True)
class DeckMake:
    """How a deck is made up: ``packs`` packs of ``pack_size`` cards shuffled together, plus ``jokers`` jokers
    (the two jokers of a 54-card pack count as jokers of a 52-card pack)."""

    packs: int
    pack_size: int
    jokers: int


DECK_MAKE = {
    "32": DeckMake(1, 32, 0),
    "40": DeckMake(1, 40, 0),
    "52": DeckMake(1, 52, 0),
    "54": DeckMake(1, 52, 2),
    "2x52": DeckMake(2, 52, 0),
    "3x52": DeckMake(3, 52, 0),
    "2x52+4": DeckMake(2, 52, 4),
    "78": DeckMake(1, 78, 0),
}


def deck(name: str) -> list[Card]:
    """A fresh, ordered deck. ``name`` is one of :data:`DECKS`; raises ``KeyError`` otherwise."""
    return DECKS[name]()


# -- Cards typed in words: "roi de cœur", "dame pique", "7 de carreau", "king of hearts", "joker" ------------------

_RANK_WORDS: dict[str, Rank] = {
    "as": Rank.ACE, "a": Rank.ACE, "1": Rank.ACE, "ace": Rank.ACE,
    "deux": Rank.TWO, "two": Rank.TWO, "trois": Rank.THREE, "three": Rank.THREE, "quatre": Rank.FOUR,
    "four": Rank.FOUR, "cinq": Rank.FIVE, "five": Rank.FIVE, "six": Rank.SIX, "sept": Rank.SEVEN,
    "seven": Rank.SEVEN, "huit": Rank.EIGHT, "eight": Rank.EIGHT, "neuf": Rank.NINE, "nine": Rank.NINE,
    "dix": Rank.TEN, "ten": Rank.TEN,
    "valet": Rank.JACK, "v": Rank.JACK, "jack": Rank.JACK, "j": Rank.JACK,
    "cavalier": Rank.KNIGHT, "c": Rank.KNIGHT, "knight": Rank.KNIGHT,
    "dame": Rank.QUEEN, "d": Rank.QUEEN, "queen": Rank.QUEEN, "q": Rank.QUEEN,
    "roi": Rank.KING, "r": Rank.KING, "king": Rank.KING, "k": Rank.KING,
}
_RANK_WORDS.update({str(n): r for n, r in ((r.value, r) for r in Rank) if 2 <= n <= 10})
_SUIT_WORDS: dict[str, Suit] = {}
for _suit, _words in ((Suit.SPADES, ("pique", "piques", "spade", "spades", "♠", "♤")),
                      (Suit.HEARTS, ("coeur", "coeurs", "heart", "hearts", "♥", "♡")),
                      (Suit.DIAMONDS, ("carreau", "carreaux", "diamond", "diamonds", "♦", "♢")),
                      (Suit.CLUBS, ("trefle", "trefles", "club", "clubs", "♣", "♧"))):
    _SUIT_WORDS.update(dict.fromkeys(_words, _suit))
_OF_WORDS = ("de", "du", "of")
_JOKER_WORDS = ("joker", "jokers", "jk", "jok")
_WORD_SEPARATORS = re.compile(r"[\s,;+/]+")
_SUIT_MARKS = re.compile("([♠♥♦♣♤♡♢♧])")


def _french_code(token: str) -> Card | None:
    """A compact token: an API code (``KH``, ``10d``), a French display (``R♥``, ``As♠``) or a French rank letter
    before an API suit letter (``DH``, ``RS``: no API code starts with V, D or R)."""
    t = token.strip()
    rank, suit = t[:-1].upper(), t[-1:].upper()
    if suit in "SHDC" and rank in ("V", "D", "R", "AS"):
        t = {"V": "J", "D": "Q", "R": "K", "AS": "A"}[rank] + suit
    try:
        return Card.parse(t)
    except CardSyntaxError:
        return None


def read_cards(text: str, limit: int = 200) -> list[Card | str]:
    """Every card of a typed hand, in order, however it was typed: codes (``10H QS JK``), the French display
    (``10♥ D♠ Joker``), words in French or English (``roi de cœur``, ``dame pique``, ``7 de carreau``,
    ``king of hearts``), mixed freely. What cannot be read comes back as one string per unreadable stretch
    (``"dame de bâton"``, not three), so that it is reported once. At most ``limit`` items. Never raises."""
    if not isinstance(text, str):
        return [str(text)[:40]]
    pieces = [p for p in _WORD_SEPARATORS.split(_SUIT_MARKS.sub(r" \1 ", text.replace("\ufe0f", ""))) if p]
    words = [fold(p) for p in pieces]
    out: list[Card | str] = []
    bad: list[str] = []

    def at(i: int) -> tuple[Card, int] | None:
        w = words[i]
        if w in _JOKER_WORDS:
            return Joker(), 1
        rank = _RANK_WORDS.get(w)
        if rank is not None and i + 1 < len(words):
            j = i + 2 if words[i + 1] in _OF_WORDS and i + 2 < len(words) else i + 1
            suit = _SUIT_WORDS.get(words[j])
            if suit is not None:
                return SuitCard(rank, suit), j - i + 1
        if words[i] in _SUIT_WORDS:
            return None
        found = _french_code(pieces[i])
        return (found, 1) if found is not None else None

    def flush_bad() -> None:
        if bad:
            # A suit symbol stays against the word before it ("D♠"), as typed; a word keeps its space.
            shown = "".join(p if _SUIT_MARKS.fullmatch(p) else " " + p for p in bad).strip()
            out.append(shown[:40])
            bad.clear()

    i = 0
    while i < len(pieces) and len(out) < limit:
        found = at(i)
        if found is None:
            bad.append(pieces[i])
            i += 1
            continue
        flush_bad()
        out.append(found[0])
        i += found[1]
    flush_bad()
    return out[:limit]


# How players write a card: the French ranks (V, D, R) or the English letters (J, Q, K), then the suit symbol.
EN_RANK = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}


def display(card: Card | None, lang: str = "fr") -> str:
    """A card as players write it: ``V♥`` in French, ``J♥`` in English, ``Joker``."""
    if isinstance(card, SuitCard):
        rank = card.rank.display if lang == "fr" else EN_RANK.get(card.rank, card.rank.code)
        return rank + card.suit.symbol
    return str(card)


def show(cards: Iterable[Card]) -> Text:
    cards = list(cards)
    return Text(" ".join(display(c, "fr") for c in cards), " ".join(display(c, "en") for c in cards))


# -- The same reading in the browser: the card picker (static/js/cards/read.js) reads a typed hand from this
# description, generated into static/js/cards/description.js (``manage.py card_description``; a test checks that
# the file is up to date and that it lists every spelling read_cards accepts).


def _compact_tokens() -> dict[str, str]:
    """Every compact token read_cards reads as a card (through ``_french_code``), upper-cased, with the card's
    code: ``"KH"``, ``"RH"`` and ``"ASH"`` → ``"KH"``/``"AH"``, ``"JOKER"`` → ``"JK"``, ``"T21"``, ``"EX"``…
    Rank spellings (codes, French display, ``AS``) before a suit letter, the special cards' words, the trumps
    with or without a leading zero; kept when the server reads them, so that the list is the server's."""
    ranks = {r.code for r in Rank} | {r.display for r in Rank} | {"AS"}
    candidates = [rank + suit.value for rank in ranks for suit in SUITS]
    candidates += ["JK", "JOKER", "JOK", "EX", "EXCUSE"]
    candidates += [f"T{n}" for n in range(0, 100)] + [f"T0{n}" for n in range(10)]
    out = {}
    for token in candidates:
        found = _french_code(token)
        if found is not None:
            out[token] = found.code
    return dict(sorted(out.items()))


def _label(card: Card, lang: str) -> str:
    """What the picker writes in the field for ``card``: as players write it (:func:`display`) when read_cards
    reads that back as the same card, else its code (``T21``: "Atout 21" is two words to the reader)."""
    shown = display(card, lang)
    return shown if read_cards(shown) == [card] else card.code


def reading_description() -> dict[str, Any]:
    """The rules of :func:`read_cards` as data: what the browser needs to read a typed hand the same way and to
    write cards as players write them. JSON-ready."""
    every = deck("78") + [Joker()]
    return {
        "ignored": "\\ufe0f",  # a pattern: the emoji variation selector typed after a suit symbol
        "separators": _WORD_SEPARATORS.pattern,
        "suitMarks": _SUIT_MARKS.pattern,
        "rankWords": {word: rank.code for word, rank in sorted(_RANK_WORDS.items())},
        "suitWords": {word: suit.value for word, suit in sorted(_SUIT_WORDS.items())},
        "ofWords": list(_OF_WORDS),
        "jokerWords": list(_JOKER_WORDS),
        "tokens": _compact_tokens(),
        "red": [s.value for s in SUITS if s.is_red],
        "labels": {lang: {c.code: _label(c, lang) for c in every} for lang in ("fr", "en")},
    }
