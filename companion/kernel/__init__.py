"""Atout's rules model: pure Python, no Django.

The single source of truth for legality, scoring, end of game and the numbers the rulebook shows.
"""

from companion.kernel.cards import DECKS, Card, Excuse, Joker, Rank, Suit, SuitCard, Trump, card, cards, deck
from companion.kernel.errors import (
    CardSyntaxError,
    GameOver,
    IllegalAction,
    InvalidEntry,
    InvalidOptions,
    Problem,
    RulesError,
    UnknownGame,
)
from companion.kernel.game import (
    CLOCKWISE,
    COUNTERCLOCKWISE,
    Contract,
    EntryField,
    Game,
    GameInfo,
    NextRound,
    Option,
    RoundResult,
    RuleTable,
    Sheet,
)
from companion.kernel.text import T, Text

__all__ = [
    "CLOCKWISE", "COUNTERCLOCKWISE", "Contract", "EntryField", "Game", "GameInfo", "NextRound", "Option", "RoundResult",
    "RuleTable", "Sheet", "DECKS", "Card", "Excuse", "Joker", "Rank", "Suit", "SuitCard", "Trump", "card",
    "cards", "deck", "CardSyntaxError", "GameOver", "IllegalAction", "InvalidEntry", "InvalidOptions",
    "Problem", "RulesError", "UnknownGame", "T", "Text",
]
