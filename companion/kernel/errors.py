"""The error family of the rules model. Every error is a ``ValueError``.

* :class:`CardSyntaxError`: a card could not be read (``Card.parse("11Z")``).
* :class:`UnknownGame`: no game has that slug.
* :class:`InvalidOptions`: house-rule options that the game does not take, with every problem found.
* :class:`InvalidEntry`: a round entry that cannot have happened, with every problem found.
* :class:`IllegalAction`: a move in a digital game that the rules forbid (not your turn, a card you must not play).
* :class:`GameOver`: an entry or action for a game that has already ended.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.kernel.text import T, Text, name_text


class RulesError(ValueError):
    """Base class of every error the rules model raises."""


class CardSyntaxError(RulesError):
    """A string that is not a card."""


class UnknownGame(RulesError):
    """No game is registered under that slug."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an entry or with options, tied to a field and, where it applies, a seat.

    ``field`` is the entry key (``"tricks"``, ``"hands"``, ``"stakes.7D"``) or ``""`` for the entry as a
    whole; ``seat`` is the seat index the problem concerns, or ``None``; ``code`` is stable and machine
    readable; ``message`` is bilingual text; ``rule`` names the rulebook section that the check enforces.
    """

    field: str
    code: str
    message: Text
    seat: int | None = None
    rule: str | None = None

    def named(self, names: list[str] | None) -> Problem:
        """The problem with its message naming the players (a seat reference becomes the player's name, French
        elision included): what a table shows, which knows the names the rules model does not."""
        if not names:
            return self
        return Problem(self.field, self.code, name_text(self.message, names), self.seat, self.rule)

    def as_dict(self, lang: str = "fr") -> dict[str, Any]:
        return {
            "field": self.field,
            "seat": self.seat,
            "code": self.code,
            "message": self.message.get(lang),
        }


@dataclass
class _WithProblems(RulesError):
    problems: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__("; ".join(p.message.en for p in self.problems))


class InvalidEntry(_WithProblems):
    """A round entry that cannot have happened; ``problems`` lists every reason."""


class InvalidOptions(_WithProblems):
    """Options or players that the game does not take; ``problems`` lists every reason."""


class IllegalAction(RulesError):
    """A move the rules forbid in a digital game (not your turn, a card you must not play).

    ``code`` is stable and machine readable (``"not_your_turn"``, ``"must_follow"``), ``message`` the bilingual
    reason a view shows in the player's language, ``seat`` the seat whose move was refused (``None`` when no seat
    is to blame: a chance action, a deal asked for its entry before the end). ``str(error)`` is the English."""

    def __init__(self, code: str = "illegal_action", message: Text | None = None, seat: int | None = None):
        self.code = code
        self.message = message if message is not None else T("Ce coup n'est pas permis.", "That move is not allowed.")
        self.seat = seat
        super().__init__(self.message.en)

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, Text, int | None]]:  # copies and pickles keep the three fields, not just the English text
        return (type(self), (self.code, self.message, self.seat))


class GameOver(RulesError):
    """The game has ended: it takes no more rounds or actions."""
