"""La bataille, as in the user's rule document « La bataille », scored as a match game
(:mod:`companion.families.matches`).

Every card is dealt one at a time from the seat after the dealer; everyone turns his top card, the highest takes
them; equal highest cards fight a bataille (one card face down, one face up), only between the tied players. A game
ends when one player holds every card. At three or more the rule document stops when a first player has no card
left, and a group may stop a game that will not end: then the most cards wins that game, ties sharing it. Each game
won scores 1; the table ends when someone has won ``wins_needed`` games (default 3). Options ``deck`` (52 or 32)
and ``jokers`` (0 or 2, above the aces, as the rule document allows).
"""

from __future__ import annotations

from typing import Any

from companion.families.bataille import BatailleSheet, entry_schema_for
from companion.families.matches import WINS_NEEDED, wins_needed_option
from companion.kernel.cards import rank_name
from companion.kernel.game import CLOCKWISE, Game, GameInfo, Option, RuleTable
from companion.kernel.text import T

MIN_PLAYERS, MAX_PLAYERS = 2, 8
BATAILLE_DOWN = 1  # face-down cards each fighter adds in a bataille…
BATAILLE_UP = 1  # …then face-up cards, which decide it
DECK_SIZES = (52, 32)
JOKER_COUNTS = (0, 2)
DEFAULT_DECK, DEFAULT_JOKERS = 52, 0
# Highest first, by ASCII code; the jokers only when the table adds them.
CARD_ORDER = ("JK", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")

_JOKER = T("Joker (si on les ajoute)", "Joker (if added)")

INFO = GameInfo(
    slug="bataille",
    names=T("La bataille", "War (La bataille)"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=("52", "32", "54"),
    family="bataille",
    direction=CLOCKWISE,
    source="The user's rule document « La bataille »; scored as a match game; completed from common French "
           "usage (règle d'usage).",
    aliases=("bataille", "la bataille", "war", "jeu de la bataille"),
    summary=T(
        "Chacun retourne sa carte du dessus ; la plus forte ramasse tout. À égalité : bataille !",
        "Everyone turns up his top card; the highest takes them all. A tie means war!",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes", "Card order"),
            (T("Force (1 = la plus forte)", "Strength (1 = highest)"), T("Carte", "Card")),
            rows=tuple((i + 1, _JOKER if code == "JK" else rank_name(code)) for i, code in enumerate(CARD_ORDER)),
        ),
    ),
    values=(
        ("wins_needed", WINS_NEEDED),
        ("deck", DEFAULT_DECK),
        ("short_deck", DECK_SIZES[1]),
        ("jokers", JOKER_COUNTS[1]),
        ("deck_with_jokers", DEFAULT_DECK + JOKER_COUNTS[1]),
        ("short_with_jokers", DECK_SIZES[1] + JOKER_COUNTS[1]),
        ("down", BATAILLE_DOWN),
        ("up", BATAILLE_UP),
    ),
)








class Bataille(Game):
    info = INFO
    sheet_class = BatailleSheet
    options = (
        Option("deck", T("Paquet", "Pack"), "choice", DEFAULT_DECK,
               choices=((52, T("52 cartes", "52 cards")), (32, T("32 cartes", "32 cards")))),
        Option("jokers", T("Jokers", "Jokers"), "choice", DEFAULT_JOKERS,
               choices=((0, T("sans joker", "no joker")), (2, T("2 jokers, plus forts que les As", "2 jokers, above the aces")))),
        wins_needed_option(label=T("Parties à gagner", "Games to win"), help=T("La table s'arrête quand un joueur a gagné autant de parties. Vide : on arrête quand on veut.", "The table ends when a player has won this many games. Empty: stop whenever you like.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = self.clean_options(options, n_players)
        return entry_schema_for("Bataille round entry", n_players, opts["deck"] + opts["jokers"])


GAME = Bataille()
