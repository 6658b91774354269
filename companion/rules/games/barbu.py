"""Le barbu, as in seed file 002: five manches played in order, lowest total wins.

The seed's missing footnotes are settled as ../shared/rules-notes.md §1(d) suggests: at five players the 2♣ and
2♦ are set aside (every scoring card stays), the salade scores every card under every rule it matches
(Q♥ = 5 + 20, K♥ = 5 + 80), and the manche of the roi de cœur may stop as soon as the king falls.

Digital play: :class:`BarbuDeal` (at the end) plays one manche card by card and ends with the entry the sheet
takes; :func:`cautious_action` is a bot that ducks and dumps.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..base import CLOCKWISE, Contract, EntryField, Game, GameInfo, Option, RoundResult, RuleTable, Sheet
from ..cards import Card, Rank, Suit, SuitCard, deck
from ..entries import EntryReader
from ..errors import CardSyntaxError, IllegalAction, InvalidOptions, Problem, RulesError
from ..play import CHANCE, TERMINAL, Action, DealState, illegal
from ..text import T, Text, seat_ref
from ..tricks import Trick, legal_plays, next_seat, sort_hand, strength

HEARTS_IN_DECK = 13
QUEENS_IN_DECK = 4
POINTS_PER_TRICK = 5
POINTS_PER_HEART = 5
POINTS_PER_QUEEN = 20
POINTS_KING_OF_HEARTS = 80
HAND_SIZE = {4: 13, 5: 10}
REMOVED_AT_FIVE = {"2C-2D": ("2C", "2D"), "2S-2C": ("2S", "2C")}


@dataclass(frozen=True)
class Manche:
    key: str  # also the rulebook anchor
    name: Text
    fields: tuple[str, ...]  # entry fields it needs (tricks may be added to any manche for a cross-check)
    scores: Text


MANCHES = (
    Manche("plis", T("Les plis", "Tricks"), ("tricks",), T("5 par pli", "5 a trick")),
    Manche("coeurs", T("Les cœurs", "Hearts"), ("hearts",), T("5 par cœur", "5 a heart")),
    Manche("dames", T("Les dames", "Queens"), ("queens",), T("20 par dame", "20 a queen")),
    Manche("roi-de-coeur", T("Le roi de cœur", "King of hearts"), ("king_of_hearts",), T("80 pour le R♥", "80 for the K♥")),
    Manche(
        "salade",
        T("La salade", "Salad"),
        ("tricks", "hearts", "queens", "king_of_hearts"),
        T("tout à la fois", "all of them at once"),
    ),
)
ENTRY_FIELDS = ("tricks", "hearts", "queens", "king_of_hearts")


def manche_total(manche: Manche, n_players: int) -> int:
    """The points a manche hands out in all, whatever happens (the sheet checks every round against it)."""
    parts = {
        "tricks": HAND_SIZE[n_players] * POINTS_PER_TRICK,
        "hearts": HEARTS_IN_DECK * POINTS_PER_HEART,
        "queens": QUEENS_IN_DECK * POINTS_PER_QUEEN,
        "king_of_hearts": POINTS_KING_OF_HEARTS,
    }
    return sum(parts[f] for f in manche.fields)


INFO = GameInfo(
    slug="barbu",
    names=T("Le barbu", "Barbu"),
    min_players=4,
    max_players=5,
    decks=("52",),
    family="levees",
    direction=CLOCKWISE,
    source="Seed file 002; footnotes settled from rules-notes §1 (classic Barbu references).",
    aliases=("le barbu",),
    summary=T("Cinq manches de levées sans atout où l'on fuit plis, cœurs, dames et roi de cœur.",
              "Five no-trump trick-taking manches dodging tricks, hearts, queens and the king of hearts."),
    tables=(
        RuleTable(
            "manches",
            T("Les cinq manches", "The five manches"),
            (T("Manche", "Manche"), T("Contrat", "Contract"), T("Ce qui coûte", "What scores"),
             T("Total à 4", "Total at 4"), T("Total à 5", "Total at 5")),
            tuple((i + 1, m.name, m.scores, manche_total(m, 4), manche_total(m, 5)) for i, m in enumerate(MANCHES)),
        ),
    ),
    values=(
        ("deck_size", len(deck("52"))),
        ("cards_at_5", len(deck("52")) - len(REMOVED_AT_FIVE["2C-2D"])),
        ("hand_at_4", HAND_SIZE[4]),
        ("hand_at_5", HAND_SIZE[5]),
        ("hearts", HEARTS_IN_DECK),
        ("queens", QUEENS_IN_DECK),
        *((f"manche_{m.key.replace('-', '_')}", i + 1) for i, m in enumerate(MANCHES)),  # manche_plis = 1 …
        ("per_trick", POINTS_PER_TRICK),
        ("per_heart", POINTS_PER_HEART),
        ("per_queen", POINTS_PER_QUEEN),
        ("king_of_hearts", POINTS_KING_OF_HEARTS),
        ("salad_queen_of_hearts", POINTS_PER_HEART + POINTS_PER_QUEEN),
        ("salad_king_of_hearts", POINTS_PER_HEART + POINTS_KING_OF_HEARTS),
        ("salad_total_4", manche_total(MANCHES[-1], 4)),
        ("salad_total_5", manche_total(MANCHES[-1], 5)),
        ("series_at_4", len(MANCHES) * 4),  # the "one series per player" option: 5 manches × players
        ("series_at_5", len(MANCHES) * 5),
    ),
)


class BarbuSheet(Sheet):
    lowest_wins = True

    @property
    def manche_count(self) -> int:
        return len(MANCHES) * (self.n if self.options["series"] else 1)

    def manche(self, number: int) -> Manche:
        return MANCHES[(number - 1) % len(MANCHES)]

    def contract_for(self, number: int) -> Contract | None:
        if number > self.manche_count:
            return None
        m = self.manche(number)
        return Contract(m.key, m.name, rule=m.key)

    def natural_end(self) -> bool:
        return len(self.rounds) >= self.manche_count

    def entry_fields(self, number: int) -> list[EntryField]:
        m = self.manche(number)
        hand = HAND_SIZE[self.n]
        # With "the king stops play", that manche may end before all the tricks are played: no fixed total.
        stops_early = m.key == "roi-de-coeur" and self.options["king_stops_play"]
        fields = [EntryField("tricks", T("Plis", "Tricks"), "count", required="tricks" in m.fields, maximum=hand,
                             help=T("", "") if "tricks" in m.fields else T("Facultatif : sert de contrôle.", "Optional: used as a check."),
                             total=None if stops_early else hand)]
        if "hearts" in m.fields:
            fields.append(EntryField("hearts", T("Cœurs", "Hearts"), "count", maximum=HEARTS_IN_DECK, total=HEARTS_IN_DECK))
        if "queens" in m.fields:
            fields.append(EntryField("queens", T("Dames", "Queens"), "count", maximum=QUEENS_IN_DECK, total=QUEENS_IN_DECK))
        if "king_of_hearts" in m.fields:
            fields.append(EntryField("king_of_hearts", T("R♥", "K♥"), "seat"))
        return fields

    def check_entry(self, entry) -> list[Problem]:
        m = self.manche(self.number)
        r = EntryReader(entry, self.n, rule=m.key)
        if not r.ok:
            return r.problems
        hand = HAND_SIZE[self.n]
        r.only_keys(set(ENTRY_FIELDS))
        needed = set(m.fields)
        for key in ENTRY_FIELDS:
            if key in r.entry and key not in needed and key != "tricks":
                r.add(key, "not_this_manche", T("Ce champ ne compte pas dans la manche « {m} ».",
                                                "This field does not count in the “{m_en}” manche.").format(m=m.name.fr, m_en=m.name.en))
        tricks = r.counts("tricks", required="tricks" in needed, maximum=hand)
        hearts = r.counts("hearts", maximum=HEARTS_IN_DECK) if "hearts" in needed else None
        queens = r.counts("queens", maximum=QUEENS_IN_DECK) if "queens" in needed else None
        king = r.seat("king_of_hearts") if "king_of_hearts" in needed else None

        stops_early = m.key == "roi-de-coeur" and self.options["king_stops_play"]
        if tricks is not None:
            total = sum(tricks)
            if stops_early:
                if not 1 <= total <= hand:
                    r.add("tricks", "trick_total", T("Entre 1 et {h} plis en tout (la manche s'arrête quand le roi tombe) : {t} saisis.",
                                                     "Between 1 and {h} tricks in all (the manche stops when the king falls): {t} entered.").format(h=hand, t=total))
            elif total != hand:
                r.add("tricks", "trick_total", T("Il y a {h} plis en tout à {n} joueurs : {t} saisis.",
                                                 "There are {h} tricks in all with {n} players: {t} entered.").format(h=hand, n=self.n, t=total))
        if hearts is not None and sum(hearts) != HEARTS_IN_DECK:
            r.add("hearts", "heart_total", T("Il y a 13 cœurs en tout : {t} saisis.", "There are 13 hearts in all: {t} entered.").format(t=sum(hearts)))
        if queens is not None and sum(queens) != QUEENS_IN_DECK:
            r.add("queens", "queen_total", T("Il y a 4 dames en tout : {t} saisies.", "There are 4 queens in all: {t} entered.").format(t=sum(queens)))

        if tricks is not None:
            for seat in range(self.n):
                h = hearts[seat] if hearts is not None else 0
                q = queens[seat] if queens is not None else 0
                has_king = king == seat
                if tricks[seat] == 0:
                    if h or q:
                        field = "hearts" if h else "queens"
                        r.add(field, "cards_without_trick", T("Sans pli, ce joueur n'a ramassé aucune carte.",
                                                             "With no trick, this player took no card."), seat)
                    if has_king:
                        r.add("king_of_hearts", "cards_without_trick", T("Sans pli, ce joueur n'a pas pu prendre le roi de cœur.",
                                                                        "With no trick, this player cannot have taken the king of hearts."), seat)
                    continue
                # The Q♥ may be both a heart and a queen: count it once.
                at_least = h + q - min(1, h, q)
                if not h and has_king:
                    at_least += 1
                if at_least > self.n * tricks[seat]:
                    r.add("tricks", "too_many_cards", T("{p} pli(s) ne font que {c} cartes : pas assez pour {a} cartes qui comptent.",
                                                        "{p} trick(s) hold only {c} cards: not enough for {a} scoring cards.").format(
                        p=tricks[seat], c=self.n * tricks[seat], a=at_least), seat)
        if hearts is not None and king is not None and hearts[king] == 0:
            r.add("king_of_hearts", "king_without_heart", T("Qui a le roi de cœur a ramassé au moins un cœur.",
                                                            "Whoever took the king of hearts took at least one heart."), king)
        return r.problems

    def normalise(self, entry: dict) -> dict:
        m = self.manche(self.number)
        keys = list(m.fields)
        if "tricks" not in keys and entry.get("tricks") is not None:
            keys.insert(0, "tricks")
        return {k: entry[k] for k in ENTRY_FIELDS if k in keys}

    def score_entry(self, entry: dict) -> RoundResult:
        m = self.manche(self.number)
        scores = [0] * self.n
        notes = []
        if "tricks" in m.fields:
            for s, t in enumerate(entry["tricks"]):
                scores[s] += POINTS_PER_TRICK * t
        if "hearts" in m.fields:
            for s, h in enumerate(entry["hearts"]):
                scores[s] += POINTS_PER_HEART * h
        if "queens" in m.fields:
            for s, q in enumerate(entry["queens"]):
                scores[s] += POINTS_PER_QUEEN * q
        if "king_of_hearts" in m.fields:
            scores[entry["king_of_hearts"]] += POINTS_KING_OF_HEARTS
        notes.append(T("{m} : {s}, {t} points en tout.", "{m_en}: {s_en}, {t} points in all.").format(
            m=m.name.fr, s=m.scores.fr, m_en=m.name.en, s_en=m.scores.en, t=sum(scores)))
        for seat in range(self.n):
            parts_fr, parts_en = [], []
            for key, each, fr1, frn, en1, enn in (
                ("tricks", POINTS_PER_TRICK, "pli", "plis", "trick", "tricks"),
                ("hearts", POINTS_PER_HEART, "cœur", "cœurs", "heart", "hearts"),
                ("queens", POINTS_PER_QUEEN, "dame", "dames", "queen", "queens"),
            ):
                count = entry[key][seat] if key in m.fields else 0
                if count:
                    parts_fr.append(f"{count} {fr1 if count == 1 else frn} × {each}")
                    parts_en.append(f"{count} {en1 if count == 1 else enn} × {each}")
            if "king_of_hearts" in m.fields and entry["king_of_hearts"] == seat:
                parts_fr.append(f"R♥ {POINTS_KING_OF_HEARTS}")
                parts_en.append(f"K♥ {POINTS_KING_OF_HEARTS}")
            if parts_fr:
                who = seat_ref(seat)
                notes.append(T(f"{who} : {' + '.join(parts_fr)} = {scores[seat]}", f"{who}: {' + '.join(parts_en)} = {scores[seat]}"))
        return RoundResult(0, entry, scores, notes=notes)


class Barbu(Game):
    info = INFO
    sheet_class = BarbuSheet
    options = (
        Option("king_stops_play", T("La manche du roi de cœur s'arrête quand il tombe", "The king-of-hearts manche stops when it falls"),
               "bool", True, help=T("Sinon on joue les plis jusqu'au bout (le score ne change pas).",
                                    "Otherwise all tricks are played out (scores are the same).")),
        Option("five_players_removed", T("Cartes retirées à 5 joueurs", "Cards set aside at 5 players"), "choice", "2C-2D",
               choices=(("2C-2D", T("2♣ et 2♦", "2♣ and 2♦")), ("2S-2C", T("2♠ et 2♣", "2♠ and 2♣")))),
        Option("series", T("Une série de cinq manches par joueur", "One series of five manches per player"), "bool", False,
               help=T("Chacun donne une série complète : 20 manches à 4, 25 à 5.",
                      "Each player deals a whole series: 20 manches at 4, 25 at 5.")),
    )

    def entry_schema(self, n_players: int, options: dict) -> dict:
        hand = HAND_SIZE[n_players]

        def counts(maximum: int, total: int | None) -> dict:
            schema = {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": maximum},
                      "minItems": n_players, "maxItems": n_players}
            if total is not None:
                schema["description"] = f"one count per seat, in seat order; they add up to {total}"
            return schema

        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "Barbu round entry",
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "tricks": counts(hand, hand),
                "hearts": counts(HEARTS_IN_DECK, HEARTS_IN_DECK),
                "queens": counts(QUEENS_IN_DECK, QUEENS_IN_DECK),
                "king_of_hearts": {"type": "integer", "minimum": 0, "maximum": n_players - 1,
                                   "description": "the seat that took the king of hearts"},
            },
            "x-manches": [{"number": i + 1, "contract": m.key, "required": list(m.fields)} for i, m in enumerate(MANCHES)],
        }


    def new_deal(self, n_players: int, options: dict | None = None, number: int = 1, dealer: int | None = None,
                 seed: Any = None) -> BarbuDeal:
        """Round ``number``'s manche for digital play; ``dealer`` defaults to the sheet's (first player listed
        for round 1, then one seat to the left each round)."""
        if n_players not in HAND_SIZE:
            raise InvalidOptions([Problem("players", "player_count", T("Le barbu se joue à 4 ou 5 joueurs ({n} donnés).",
                                                                       "Barbu takes 4 or 5 players ({n} given).").format(n=n_players))])
        opts = self.clean_options(options or {}, n_players)
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise RulesError(f"no round number {number!r}")
        if dealer is None:
            dealer = (number - 1) % n_players
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n_players:
            raise RulesError(f"no seat {dealer!r} to deal")
        state = BarbuDeal(n_players, opts, number, dealer)
        if seed is not None:
            state.deal(seed)
        return state


GAME = Barbu()


# -- digital play ---------------------------------------------------------------------------------------------
KING_OF_HEARTS = SuitCard(Rank.KING, Suit.HEARTS)
HEART_LEAD_MANCHES = ("coeurs", "roi-de-coeur", "salade")  # "where hearts have a value" (rules-notes §1 d)


class BarbuDeal(DealState):
    """One Barbu manche played card by card (see :mod:`companion.rules.play` for the interface).

    * The deck is the 52-card pack, less the two cards of the ``five_players_removed`` option at 5 players.
      Chance actions deal it one card at a time, starting with the player on the dealer's left, so every seat
      gets 13 cards at 4 players and 10 at 5.
    * The player on the dealer's left leads; play goes clockwise (seat + 1). Follow suit if you can, otherwise
      play anything; no trumps; the highest card of the suit led (ace high) wins and its taker leads next.
    * Manches 2, 4 and 5: no heart may be led until hearts are broken, unless the leader holds only hearts.
      Hearts are broken by the first heart played: a discard, or a heart led by a player holding nothing
      else (rules-notes §1 d: that lead "breaks" hearts too).
    * Manche 4 with ``king_stops_play``: the deal ends with the trick in which the K♥ falls.

    :meth:`entry` gives the sheet's entry: the manche's own fields, plus ``tricks`` in every manche (the sheet
    takes it as a cross-check where tricks do not score).
    """

    def __init__(self, n_players: int, options: dict, number: int, dealer: int):
        super().__init__(n_players)
        self.options = options
        self.number = number
        self.dealer = dealer
        self.manche = MANCHES[(number - 1) % len(MANCHES)]
        removed = set(REMOVED_AT_FIVE[options["five_players_removed"]]) if n_players == 5 else set()
        self.undealt: list[SuitCard] = [c for c in deck("52") if c.code not in removed]  # type: ignore[misc]
        self.hand_size = len(self.undealt) // n_players
        self.hands: list[list[SuitCard]] = [[] for _ in range(n_players)]
        self.leader = next_seat(dealer, n_players)  # of the first trick
        self.trick = Trick(self.leader)
        self.tricks: list[Trick] = []  # complete tricks, in order
        self.takers: list[int] = []  # who took each complete trick
        self.hearts_broken = False
        self.stopped = False  # the K♥ fell and the manche stops there

    def fresh(self) -> BarbuDeal:
        return BarbuDeal(self.n_players, self.options, self.number, self.dealer)

    @property
    def is_terminal(self) -> bool:
        return not self.undealt and (self.stopped or len(self.tricks) == self.hand_size)

    @property
    def current_player(self) -> int:
        if self.undealt:
            return CHANCE
        if self.is_terminal:
            return TERMINAL
        return self.trick.to_play(self.n_players)

    @property
    def hearts_lead_restricted(self) -> bool:
        return self.manche.key in HEART_LEAD_MANCHES and not self.hearts_broken

    def _legal_cards(self, seat: int) -> list[SuitCard]:
        hand = self.hands[seat]
        cards = legal_plays(hand, self.trick)
        if not self.trick.plays and self.hearts_lead_restricted:
            cards = [c for c in cards if c.suit != Suit.HEARTS] or cards
        return sort_hand(cards)

    def _legal_actions(self) -> list[Action]:
        if self.undealt:
            return [c.code for c in self.undealt]
        return [c.code for c in self._legal_cards(self.current_player)]

    def normalise_action(self, action: Any) -> Action:
        try:
            return Card.parse_code(action).code
        except CardSyntaxError:
            raise illegal("not_a_card", T("Ce n'est pas une carte.", "That is not a card."), self._seat_or_none()) from None

    def why_illegal(self, action: Action) -> IllegalAction:
        played = Card.parse_code(action)
        seat = self.current_player
        if seat == CHANCE:
            return illegal("not_in_deck", T("Cette carte n'est plus à donner.", "That card is not left to deal."))
        if played not in self.hands[seat]:
            return illegal("not_in_hand", T("Vous n'avez pas cette carte.", "You do not hold that card."), seat)
        led = self.trick.led_suit
        if led is not None:
            return illegal("must_follow", T("Il faut fournir à {s}.", "You must follow suit in {s_en}.").format(
                s=led.names["fr"], s_en=led.names["en"]), seat)
        return illegal("hearts_not_broken", T("Pas d'entame à cœur avant qu'un cœur ait été défaussé.",
                                              "No heart may be led before a heart has been discarded."), seat)

    def _apply(self, action: Action) -> None:
        card = Card.parse_code(action)
        assert isinstance(card, SuitCard)
        if self.undealt:
            dealt = sum(len(h) for h in self.hands)
            self.hands[(self.leader + dealt) % self.n_players].append(card)
            self.undealt.remove(card)
            return
        seat = self.current_player
        self.hands[seat].remove(card)
        self.trick.plays.append((seat, card))
        if card.suit == Suit.HEARTS:
            self.hearts_broken = True
        if self.trick.complete(self.n_players):
            taker = self.trick.winner()
            self.tricks.append(self.trick)
            self.takers.append(taker)
            if (self.manche.key == "roi-de-coeur" and self.options["king_stops_play"]
                    and KING_OF_HEARTS in self.trick.cards):
                self.stopped = True
            self.trick = Trick(taker)

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Everything public, plus ``seat``'s own hand and legal cards (none for ``None``)."""
        def plays(trick: Trick) -> list[list]:
            return [[s, c.code] for s, c in trick.plays]

        own = seat is not None and 0 <= seat < self.n_players
        return {
            "game": INFO.slug,
            "manche": self.manche.key,
            "number": self.number,
            "players": self.n_players,
            "dealer": self.dealer,
            "seat": seat if own else None,
            "current_player": self.current_player,
            "terminal": self.is_terminal,
            "hand": [c.code for c in sort_hand(self.hands[seat])] if own else [],
            "legal": self.legal_actions(seat) if own else [],
            "hand_sizes": [len(h) for h in self.hands],
            "trick": {"leader": self.trick.leader, "cards": plays(self.trick)},
            "tricks": [{"leader": t.leader, "cards": plays(t), "taker": w} for t, w in zip(self.tricks, self.takers, strict=True)],
            "taken": [self.takers.count(s) for s in range(self.n_players)],
            "hearts_broken": self.hearts_broken,
            "stopped": self.stopped,
        }

    def _entry(self) -> dict[str, Any]:
        taken = [[c for t, w in zip(self.tricks, self.takers, strict=True) if w == s for c in t.cards]
                 for s in range(self.n_players)]
        counts = {
            "tricks": [self.takers.count(s) for s in range(self.n_players)],
            "hearts": [sum(c.suit == Suit.HEARTS for c in cs) for cs in taken],
            "queens": [sum(c.rank == Rank.QUEEN for c in cs) for cs in taken],
            "king_of_hearts": next((s for s, cs in enumerate(taken) if KING_OF_HEARTS in cs), None),
        }
        return {k: counts[k] for k in ENTRY_FIELDS if k == "tricks" or k in self.manche.fields}


def _danger(manche: Manche, card: SuitCard) -> int:
    """How much a card costs its taker in ``manche``, roughly: what a bot gets rid of first."""
    salade = manche.key == "salade"
    if card == KING_OF_HEARTS and (salade or manche.key == "roi-de-coeur"):
        return 3
    if card.rank == Rank.QUEEN and (salade or manche.key == "dames"):
        return 2
    return 1 if card.suit == Suit.HEARTS and (salade or manche.key == "coeurs") else 0


def cautious_action(state: BarbuDeal, rng: random.Random) -> Action:
    """A Barbu bot that tries to take nothing: lead low; follow with the highest card that still loses, or
    the safest card when it must win; when void, throw away the costliest card of the manche (the highest
    card when nothing costs)."""
    seat = state.current_player
    legal = [c for c in (Card.parse_code(a) for a in state.legal_actions(seat)) if isinstance(c, SuitCard)]
    trick = state.trick
    if not trick.plays:
        lowest = min(strength(c) for c in legal)
        return rng.choice([c for c in legal if strength(c) == lowest]).code
    led = trick.led_suit
    if legal[0].suit == led:
        best = max(strength(c) for c in trick.cards if c.suit == led)
        under = [c for c in legal if strength(c) < best]
        if under:
            return max(under, key=strength).code
        if len(trick.plays) == state.n_players - 1:  # last to play and winning anyway: keep the low cards
            return max(legal, key=lambda c: (-_danger(state.manche, c), strength(c))).code
        return min(legal, key=strength).code
    return max(legal, key=lambda c: (_danger(state.manche, c), strength(c))).code
