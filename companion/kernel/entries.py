"""Reading round entries safely: every game's ``check_entry`` reads JSON through :class:`EntryReader`.

An entry comes from a form or from the API and may be anything (a string, a list, ``true``, numbers as
floats). The reader never raises: each accessor returns ``None`` when the value is unusable and records a
:class:`Problem` naming the field and seat, so a game can report every problem at once.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, TypeGuard

from companion.kernel.cards import Card
from companion.kernel.errors import CardSyntaxError, Problem
from companion.kernel.text import T, Text

MAX_COUNT = 10_000


def is_int(value: Any) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an ``int`` that is not a ``bool`` (JSON's ``true`` is no number). The
    rules model's one integer check."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_seat(value: Any, n_players: int) -> TypeGuard[int]:
    """Whether ``value`` is a seat of a table of ``n_players``: a whole number from 0 to ``n_players - 1``."""
    return is_int(value) and 0 <= value < n_players


class EntryReader:
    def __init__(self, entry: Any, n_players: int, rule: str | None = None):
        self.n = n_players
        self.rule = rule
        self.problems: list[Problem] = []
        if isinstance(entry, dict):
            self.entry: dict[str, Any] = entry
        else:
            self.entry = {}
            self.add("", "not_object", T("La donne doit être un objet JSON.", "The entry must be a JSON object."))

    @property
    def ok(self) -> bool:
        return not self.problems

    def add(self, field: str, code: str, message: Text, seat: int | None = None, rule: str | None = None) -> None:
        self.problems.append(Problem(field, code, message, seat, rule or self.rule))

    def has(self, key: str) -> bool:
        return key in self.entry and self.entry[key] is not None

    def only_keys(self, allowed: Collection[str]) -> None:
        """Refuse every key not in ``allowed``: the keys the game's entry schema lists (``unknown_field``)."""
        for key in self.entry:
            if key not in allowed:
                self.add(key, "unknown_field", T("Champ inconnu : {key}.", "Unknown field: {key}.").format(key=key))

    def nothing_else(self, key: str, message: Text, rule: str | None = None) -> None:
        """A deal everybody passed (``key`` is None): every other field is refused, ``passed_deal``."""
        for other in self.entry:
            if other != key:
                self.add(other, "passed_deal", message, rule=rule)

    def missing(self, key: str) -> None:
        self.add(key, "required", T("Ce champ est obligatoire.", "This field is required."))

    def counts(self, key: str, required: bool = True, maximum: int | None = None) -> list[int] | None:
        """A list of one whole number ≥ 0 per seat."""
        if not self.has(key):
            if required:
                self.missing(key)
            return None
        value = self.entry[key]
        if not isinstance(value, list) or len(value) != self.n:
            self.add(key, "wrong_length", T("Il faut un nombre par joueur ({n}).", "One number per player is needed ({n}).").format(n=self.n))
            return None
        good = True
        for seat, v in enumerate(value):
            if not is_int(v) or v < 0:
                self.add(key, "not_count", T("Nombre entier positif ou nul attendu.", "Expected a whole number, 0 or more."), seat)
                good = False
            elif v > (maximum if maximum is not None else MAX_COUNT):
                self.add(key, "too_many", T("{v}, c'est trop (au plus {m}).", "{v} is too many (at most {m}).").format(v=v, m=maximum if maximum is not None else MAX_COUNT), seat)
                good = False
        return list(value) if good else None

    def seat(self, key: str, required: bool = True, value: Any = None, field: str | None = None) -> int | None:
        """A seat index 0 … n-1."""
        name = field or key
        if value is None:
            if not self.has(key):
                if required:
                    self.missing(name)
                return None
            value = self.entry[key]
        if not is_int(value) or not 0 <= value < self.n:
            self.add(name, "not_seat", T("Joueur inconnu : choisir un joueur de la table.", "Unknown player: pick a player at the table."))
            return None
        return value

    def boolean(self, key: str, default: bool = False) -> bool | None:
        if key not in self.entry or self.entry[key] is None:
            return default
        value = self.entry[key]
        if not isinstance(value, bool):
            self.add(key, "not_bool", T("Oui ou non attendu.", "Expected true or false."))
            return None
        return value

    def integer(self, value: Any, field: str, seat: int | None = None, lo: int = 0, hi: int = MAX_COUNT) -> int | None:
        if not is_int(value):
            self.add(field, "not_int", T("Nombre entier attendu.", "Expected a whole number."), seat)
            return None
        if not lo <= value <= hi:
            self.add(field, "out_of_range", T("Entre {lo} et {hi}.", "Between {lo} and {hi}.").format(lo=lo, hi=hi), seat)
            return None
        return value

    def card_list(self, value: Any, field: str, seat: int | None = None) -> list[Card] | None:
        """A list of ASCII card codes."""
        if not isinstance(value, list):
            self.add(field, "not_list", T("Liste de cartes attendue.", "Expected a list of cards."), seat)
            return None
        out: list[Card] = []
        bad: list[str] = []
        for code in value:
            try:
                out.append(Card.parse_code(code))
            except CardSyntaxError:
                bad.append(str(code)[:40])
        if bad:  # one message for the hand, however many unknown cards it holds
            shown = ", ".join(bad[:5]) + (" …" if len(bad) > 5 else "")
            self.add(field, "bad_card", T("Carte inconnue : {c}.", "Unknown card: {c}.").format(c=shown) if len(bad) == 1
                     else T("Cartes inconnues : {c}.", "Unknown cards: {c}.").format(c=shown), seat)
            return None
        return out
