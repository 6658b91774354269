"""What a seat sees of a deal, typed: the engine says it, the pages and the API only lay it out.

:meth:`companion.kernel.deal.DealState.view` gives a :class:`SeatView` for one seat (or ``None``, a spectator):

* **facts** — the deal's public facts, in the order they are settled (the contract and its taker, the trump, the
  card turned up, the king called, the chien…), then what only this seat knows of its own (its écart, the cards it
  passed): labelled :class:`Fact` items;
* **notes** — per seat, what is said of that seat at the table: its call (:attr:`Note.call`: its last bid, the
  poignée it showed) and the counts a game keeps besides the tricks (Vicaire's race, the points taken);
* **prompt** — what the seat to move is asked for now, when it is not simply a card for the trick ("Écart :
  choisissez les 6 cartes…", "Choisissez l'atout.");
* **aside** — the cards this seat has set aside so far in a phase that takes several (the cards to pass, the
  écart being made);
* **selection** — a choice of several cards this seat is making and may still take back (the trumps of a
  poignée): :class:`Picking`, the cards picked so far and, per card of the hand, the move that picks it or puts
  it back. Only the seat making it sees it.

An engine names its moves with :meth:`~companion.kernel.deal.DealState.action_label`, as OpenSpiel's
``action_to_string``. Every word is a bilingual :class:`~companion.kernel.text.Text`; a player is named by
:func:`~companion.kernel.text.seat_ref` (the rules model knows seats, not names) and :meth:`SeatView.as_dict`
puts the names in, in one language: what the JSON API returns and the seat pages lay out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.kernel.cards import Card, SuitCard, Trump, display
from companion.kernel.errors import CardSyntaxError
from companion.kernel.text import Text, name_seats

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@dataclass(frozen=True)
class Fact:
    """One public fact of the deal: ``key`` names it the same way in every game (``"taker"``, ``"contract"``,
    ``"trump"``, ``"turned"``, ``"called"``, ``"bids"``, ``"chien"``…), ``label`` is what the page writes before it,
    ``text`` its value in words, ``cards`` the card codes it shows."""

    key: str
    label: Text
    text: Text | None = None
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Note:
    """What is said of one seat at the table: its call (``call``: a bid, a poignée shown) or a count it keeps."""

    text: Text
    call: bool = False


@dataclass(frozen=True)
class Aside:
    """The cards a seat has set aside so far in the phase under way, and what they are (``label``)."""

    label: Text
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Picking:
    """A choice of several cards under way, shown to the seat making it (see
    :class:`companion.kernel.deal.Selection`): what it is for (``label``), the cards picked so far (``cards``), and
    for each card of its hand it may pick or put back now, the move that does it (``toggles``: code → action), so
    that a page makes that card of the hand the button."""

    label: Text
    cards: tuple[str, ...]
    toggles: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` (``None``: a spectator) sees of a deal beyond the cards themselves; see the module docstring."""

    seat: int | None
    phase: str
    facts: tuple[Fact, ...] = ()
    notes: tuple[tuple[Note, ...], ...] = ()
    prompt: Text | None = None
    aside: Aside | None = None
    labels: dict[str, Text] = field(default_factory=dict)  # each legal action of the seat, in words
    selection: Picking | None = None  # a choice of several cards the seat is making (its own view only)

    def as_dict(self, lang: str, names: list[str]) -> dict[str, Any]:
        """JSON-ready, in ``lang``, players named: ``facts`` (``key``, ``label``, ``text``, ``cards``), ``notes``
        (per seat: ``text``, ``call``), ``prompt``, ``aside`` (``label``, ``cards``), ``labels`` (action →
        words) and ``selection`` (``label``, ``cards``, ``toggles``: card → action; ``None`` but while the seat
        chooses several cards)."""

        def say(text: Text | None) -> str | None:
            return None if text is None else name_seats(text.get(lang), names)

        return {
            "facts": [{"key": f.key, "label": say(f.label), "text": say(f.text), "cards": list(f.cards)} for f in self.facts],
            "notes": [[{"text": say(n.text), "call": n.call} for n in seat] for seat in self.notes],
            "prompt": say(self.prompt),
            "aside": {"label": say(self.aside.label), "cards": list(self.aside.cards)} if self.aside else None,
            "labels": {action: say(label) for action, label in self.labels.items()},
            "selection": {"label": say(self.selection.label), "cards": list(self.selection.cards),
                          "toggles": dict(self.selection.toggles)} if self.selection else None,
        }


def card_label(code: str) -> Text | None:
    """A card code as players write it in each language (``D♠`` / ``Q♠``; a tarot trump by its number, the
    Excuse by its name); None for a code that is no card."""
    try:
        card = Card.parse_code(code)
    except CardSyntaxError:
        return None
    if isinstance(card, SuitCard):
        return Text(display(card, "fr"), display(card, "en"))
    if isinstance(card, Trump):
        return Text(str(card.number), str(card.number))
    return Text(str(card), str(card))


def suit_label(letter: str) -> Text | None:
    """A suit letter (``"S"``) as its symbol (``♠``), in both languages; None for anything else."""
    symbol = SUIT_SYMBOLS.get(letter)
    return Text(symbol, symbol) if symbol else None
