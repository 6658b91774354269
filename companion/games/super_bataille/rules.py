"""La super-bataille, as in the user's rule document « La super-bataille » (a rule sent in by a reader of a rules
site), scored like La bataille as a match game; ties and short piles completed from La bataille (règle d'usage).

54 cards, 2 < … < 10 < V < D < R < A < Joker. The highest card takes the trick, and each loser adds n − 1 cards
from his pile: n = face value, V 11, D 12, R 13, A 1 (option ``ace_cards``: 14). Equal highest cards fight a
bataille between the tied seats (one card face down, one face up); its losers add n − 1 for their face-up card;
again until one wins. :func:`trick` computes a trick for the phone page "Calculer un pli".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from companion.families.bataille import BatailleSheet, entry_schema_for
from companion.families.matches import WINS_NEEDED, wins_needed_option
from companion.kernel.cards import Card, Joker, SuitCard, deck, rank_name
from companion.kernel.errors import CardSyntaxError, InvalidEntry, Problem
from companion.kernel.game import CLOCKWISE, Game, GameInfo, Option, RuleTable
from companion.kernel.text import T, seat_ref

MIN_PLAYERS, MAX_PLAYERS = 2, 8
DECK = "54"
DECK_SIZE = len(deck(DECK))
DECK_COUNTS = Counter(c.code for c in deck(DECK))
RULE_TRICK = "pli"

# Rank codes (cards.Rank.code) from weakest to strongest, then the Joker.
RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "JK")

# n: how many cards a losing card brings to the winner, itself included (the loser adds n - 1 from his pile).
# The Joker never loses on its own (a Joker tie goes to a bataille), so it has no n.
TRIBUTE = {
    "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
    "J": 11, "Q": 12, "K": 13, "A": 1,
}
ACE_CARDS = TRIBUTE["A"]  # the rule document's rule
ACE_HIGH_TRIBUTE = 14  # its alternative, "As à 14"
FACE_DOWN = 1  # cards each tied seat lays face down in a bataille, before its face-up card

_JOKER = T("Joker", "Joker")

INFO = GameInfo(
    slug="super-bataille",
    names=T("La super-bataille", "Super War"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=(DECK,),
    family="bataille",
    direction=CLOCKWISE,
    source="The user's rule document « La super-bataille »; ties from La bataille (règle d'usage); scored as a "
           "match game (companion.families.matches).",
    aliases=("super bataille", "superbataille", "super war"),
    summary=T(
        "Une bataille express : chaque carte perdante coûte autant de cartes que sa valeur.",
        "A fast War: every losing card costs as many cards as its value.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes et cartes apportées", "Card order and cards brought in"),
            (
                T("Force (1 = la plus faible)", "Strength (1 = lowest)"),
                T("Carte", "Card"),
                T("Cartes apportées par un perdant (n, carte comprise)", "Cards a loser brings in (n, card included)"),
            ),
            rows=tuple(
                (i, _JOKER if r == "JK" else rank_name(r), TRIBUTE.get(r, T("— (ne perd jamais seul)", "— (never loses on its own)")))
                for i, r in enumerate(RANK_ORDER, start=1)
            ),
        ),
    ),
    values=(
        ("deck_size", DECK_SIZE),
        ("pack_size", len(deck("52"))),
        ("jokers", DECK_SIZE - len(deck("52"))),
        ("ace_cards", ACE_CARDS),
        ("ace_high", ACE_HIGH_TRIBUTE),
        ("wins_needed", WINS_NEEDED),
        ("face_down", FACE_DOWN),
        ("jack", TRIBUTE["J"]),
        ("queen", TRIBUTE["Q"]),
        ("king", TRIBUTE["K"]),
        ("example_won", 1 + TRIBUTE["4"] + TRIBUTE["7"]),  # V, 4, 7: the Valet, 4 cards and 7 cards
    ),
)


def strength(card: Card) -> int:
    """The card's place in :data:`RANK_ORDER` (higher wins)."""
    if isinstance(card, Joker):
        return RANK_ORDER.index("JK")
    assert isinstance(card, SuitCard)
    return RANK_ORDER.index(card.rank.code)


def cards_brought(card: Card, ace_cards: int = ACE_CARDS) -> int:
    """n for a losing card: how many cards it brings, itself included. A Joker never loses (0)."""
    if isinstance(card, Joker):
        return 0
    assert isinstance(card, SuitCard)
    return ace_cards if card.rank.code == "A" else TRIBUTE[card.rank.code]


@dataclass(frozen=True)
class Trick:
    winner: int | None  # None while a bataille is pending
    tied: list[int]  # the seats that play the next bataille (empty once decided)
    adds: list[int | None]  # cards each seat added from his pile (None for a seat out of the game)
    won: int  # cards the winner takes (while pending: the cards on the table so far)

    def as_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "tied": self.tied, "adds": self.adds, "won": self.won}


def _read_cards(value: Any, field: str, n: int | None, problems: list[Problem]) -> list[Card | None] | None:
    if not isinstance(value, list) or (n is not None and len(value) != n) or not value:
        what = T("Une carte (ou null) par joueur ({n}).", "One card (or null) per player ({n}).").format(n=n) \
            if n is not None else T("Une carte (ou null) par joueur.", "One card (or null) per player.")
        problems.append(Problem(field, "wrong_length", what, rule=RULE_TRICK))
        return None
    out: list[Card | None] = []
    good = True
    for seat, code in enumerate(value):
        if code is None:
            out.append(None)
            continue
        try:
            card = Card.parse_code(code)
        except CardSyntaxError:
            card = None
        if card is None or card.code not in DECK_COUNTS:
            problems.append(Problem(field, "bad_card", T("Carte inconnue : {c}.", "Unknown card: {c}.").format(
                c=str(code)[:12]), seat, RULE_TRICK))
            good = False
            out.append(None)
        else:
            out.append(card)
    return out if good else None


def trick(turned: Any, batailles: Any = None, ace_cards: Any = ACE_CARDS) -> Trick:
    """Who takes a trick and how many cards, from the cards turned (a code or ``None`` per seat, ``None`` for a seat
    out of the game) and the face-up cards of each bataille that followed (a code exactly at the tied seats).

    Raises :class:`InvalidEntry` with every problem found."""
    problems: list[Problem] = []
    if batailles is None:
        batailles = []
    if ace_cards not in (ACE_CARDS, ACE_HIGH_TRIBUTE) or isinstance(ace_cards, bool):
        problems.append(Problem("ace_cards", "bad_choice", T("Un As perdant vaut {a} ou {b} cartes.",
                                                              "A losing Ace is worth {a} or {b} cards.").format(
            a=ACE_CARDS, b=ACE_HIGH_TRIBUTE), rule=RULE_TRICK))
    cards = _read_cards(turned, "turned", None, problems)
    if isinstance(turned, list) and not MIN_PLAYERS <= len(turned) <= MAX_PLAYERS:
        problems.append(Problem("turned", "player_count", T("De {lo} à {hi} joueurs.", "{lo} to {hi} players.").format(
            lo=MIN_PLAYERS, hi=MAX_PLAYERS), rule=RULE_TRICK))
        cards = None
    if not isinstance(batailles, list):
        problems.append(Problem("batailles", "not_list", T("Liste de batailles attendue (une liste de cartes chacune).",
                                                           "Expected a list of batailles (a list of cards each)."),
                                rule=RULE_TRICK))
        batailles = None
    if cards is not None and sum(c is not None for c in cards) < 2:
        problems.append(Problem("turned", "too_few", T("Il faut au moins deux cartes retournées.",
                                                       "At least two cards must be turned."), rule=RULE_TRICK))
        cards = None
    if cards is None or batailles is None:
        raise InvalidEntry(problems)

    n = len(cards)
    rounds: list[list[Card | None]] = []
    for k, raw in enumerate(batailles):
        got = _read_cards(raw, f"batailles.{k}", n, problems)
        if got is not None:
            rounds.append(got)
    if problems:
        raise InvalidEntry(problems)

    seen = Counter(c.code for row in [cards, *rounds] for c in row if c is not None)
    for code, count in seen.items():
        if count > DECK_COUNTS[code]:
            problems.append(Problem("", "too_many_copies", T(
                "{c} apparaît {k} fois ; le jeu de {d} cartes n'en a que {m}.",
                "{c} appears {k} times; the {d}-card pack holds only {m}.").format(
                c=str(Card.parse_code(code)), k=count, d=DECK_SIZE, m=DECK_COUNTS[code]), rule=RULE_TRICK))

    adds: list[int | None] = [0 if c is not None else None for c in cards]
    won = sum(c is not None for c in cards)
    fighters = [s for s, c in enumerate(cards) if c is not None]
    face_up: dict[int, Card] = {s: c for s, c in enumerate(cards) if c is not None}  # the fighters' cards
    decided: int | None = None
    k = 0
    while True:
        best = max(strength(face_up[s]) for s in fighters)
        top = [s for s in fighters if strength(face_up[s]) == best]
        for s in fighters:
            if s not in top:
                brought = cards_brought(face_up[s], ace_cards if ace_cards in (ACE_CARDS, ACE_HIGH_TRIBUTE) else ACE_CARDS)
                adds[s] = (adds[s] or 0) + brought - 1
                won += brought - 1
        if len(top) == 1:
            decided = top[0]
            fighters = []
            break
        fighters = top
        if k >= len(rounds):
            break
        row = rounds[k]
        wrong = [s for s in range(n) if (row[s] is None) == (s in fighters)]
        if wrong:
            problems.append(Problem(f"batailles.{k}", "not_the_tied_seats", T(
                "Cette bataille se joue entre {who} seulement : une carte pour chacun d'eux, null ailleurs.",
                "This bataille is played between {who} only: a card for each of them, null elsewhere.").format(
                who=", ".join(seat_ref(s) for s in fighters)), wrong[0], RULE_TRICK))
            raise InvalidEntry(problems)
        won += len(fighters) * (FACE_DOWN + 1)  # a face-down card and a face-up card each
        face_up = {s: c for s, c in enumerate(row) if c is not None}  # the fighters' cards (no seat is `wrong`)
        k += 1
    if k < len(rounds):
        problems.append(Problem(f"batailles.{k}", "no_bataille", T(
            "Le pli est déjà gagné : aucune autre bataille ne se joue.",
            "The trick is already won: no further bataille is played."), rule=RULE_TRICK))
    if problems:
        raise InvalidEntry(problems)
    return Trick(decided, fighters, adds, won)


class SuperBatailleSheet(BatailleSheet):
    @property
    def deck_size(self) -> int:
        return DECK_SIZE


class SuperBataille(Game):
    info = INFO
    sheet_class = SuperBatailleSheet
    options = (
        Option("ace_cards", T("Un As perdant apporte", "A losing Ace brings"), "choice", ACE_CARDS,
               choices=((ACE_CARDS, T("1 carte (la règle)", "1 card (the rule)")),
                        (ACE_HIGH_TRIBUTE, T("14 cartes", "14 cards"))),
               help=T("Ne compte que quand un As perd contre un Joker.", "Only matters when an Ace loses to a Joker.")),
        wins_needed_option(label=T("Parties à gagner", "Games to win"), help=T("La table s'arrête quand un joueur a gagné autant de parties. Vide : on arrête quand on veut.", "The table ends when a player has won this many games. Empty: stop whenever you like.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        return entry_schema_for("Super-bataille round entry", n_players, DECK_SIZE)


GAME = SuperBataille()
