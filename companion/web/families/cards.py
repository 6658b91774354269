"""Cards on the round forms: one reader for a typed hand, one spelling to prefill a correction with.

Cards are typed as French players write them (``10♥ D♠ Joker``), in words (``roi de cœur``, ``king of hearts``)
or as API codes (``10H QS JK``); the card picker writes the French spelling into the text field and only fills
it, so the forms work without JavaScript. What is not a card is passed on as typed, for the rules model to name
with its field and seat.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.kernel.cards import Card, display, read_cards
from companion.kernel.errors import CardSyntaxError

MAX_TOKENS = 120  # more is refused anyway (13 cards at most); the cap keeps junk posts cheap
MAX_TYPED = 12  # a single card typed: what is kept of it when it is not a card, for the rules model to name


def cards_from_text(text: str | None) -> list[str]:
    """Every card of a typed hand as its API code; each stretch that reads as no card is passed on as typed, once
    (``"dame de bâton"`` is one unknown card, not three), for the rules model to name with the seat."""
    if not text:
        return []
    return [c if isinstance(c, str) else c.code for c in read_cards(text, MAX_TOKENS)]


def card_or_typed(raw: str) -> str:
    """One card typed in a box (``"7♥"``, ``"7H"``, ``"Joker"``) as its API code; anything else as typed, cut short."""
    try:
        return Card.parse(raw).code
    except CardSyntaxError:
        return raw[:MAX_TYPED]


def shown(code) -> str:
    """A stored card code as the card picker writes it and French players say it (``KS`` → ``R♠``); anything
    that is not a code, as it is."""
    try:
        return display(Card.parse_code(code), "fr")
    except CardSyntaxError:
        return str(code)


def shown_all(codes: Iterable | None) -> str:
    """Stored card codes as a typed hand: ``["KS", "2H"]`` → ``"R♠ 2♥"``."""
    return " ".join(shown(c) for c in codes or [])
