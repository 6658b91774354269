"""Motton, as in the user's rule document « Motton », with its gaps settled by Atout and from Oh Hell (Wikipedia,
pagat.com "Oh Hell").

Steps of ``start_cards`` (default 10), …, 2, 1, 1, 2, …, ``start_cards`` cards each: the rule document's 20
steps, the one-card step twice. The card turned after the deal gives the trump; a turned King means no trumps. Only
an exact bid scores; the rule document's scoring footnote is missing, so the option ``scoring`` gives Atout's own
formula by default (cards dealt + bid, which honours the document's "depends on the cards dealt and the bid") and
the classic Oh Hell scores (Wikipedia, pagat.com "Oh Hell") as house rules. A missed bid scores 0.

A void deal (nobody made their bid) scores 0 for everyone and its step is dealt again, by the next dealer; the
option ``max_replays`` (default 3) caps the replays of one step, after which a void deal counts as played, so a
game always ends. Checks and notes are :mod:`companion.families.bids`'s, shared with Rikiki.

Digital play: :class:`MottonDeal`, on the trick base. Actions: card codes (``"QS"``), bids ``"bid:0"`` …
``"bid:10"``. :meth:`Motton.deal_context` gives :meth:`Motton.new_deal` the cards of a deal after a void one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.families.aims import aim_action
from companion.families.bids import PACK, BidSheet, bid_schema, forbidden_bid
from companion.families.trickplay import DEAL, PLAY, TrickBidsView, TrickDeal, bits, pack
from companion.kernel.cards import Card, Rank, SuitCard, deck, rank_name
from companion.kernel.deal import Action, illegal
from companion.kernel.entries import is_int
from companion.kernel.errors import IllegalAction, InvalidOptions, Problem, RulesError
from companion.kernel.game import CLOCKWISE, Contract, Game, GameInfo, Option, RoundResult, RuleTable, Sheet
from companion.kernel.text import T, Text, count

MIN_PLAYERS, MAX_PLAYERS = 2, 5
START_CARDS = 10  # the rule document's first step; an option from 1 to 10
MAX_START_CARDS = 10
NO_TRUMP_RANK = Rank.KING  # a turned-up King means no trumps for the deal
MAX_REPLAYS = 3  # a step is dealt at most 1 + this many times
TEN = 10  # the fixed part of the classic Oh Hell scores

CARD_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


def steps(start_cards: int) -> list[int]:
    """Cards each player gets, step by step: start … 1, then 1 … start."""
    down = list(range(start_cards, 0, -1))
    return down + down[::-1]


SCORINGS: dict[str, tuple[Callable[[int, int], int], Text]] = {  # key: (its points for an exact bid, from cards and bid; its name)
    "cards_plus_bid": (lambda cards, bid: cards + bid,
                       T("cartes distribuées + annonce (choix d'Atout)", "cards dealt + bid (Atout's choice)")),
    "ten_plus_bid": (lambda cards, bid: TEN + bid, T("10 + annonce (Oh Hell)", "10 + bid (Oh Hell)")),
    "ten_plus_bid_squared": (lambda cards, bid: TEN + bid * bid, T("10 + annonce au carré", "10 + bid squared")),
}


def exact_bid_points(cards: int, bid: int, scoring: str = "cards_plus_bid") -> int:
    """Points for a bid made exactly; a missed bid scores 0."""
    return SCORINGS[scoring][0](cards, bid)


INFO = GameInfo(
    essentials=("scorings",),
    slug="motton",
    names=T("Motton", "Motton"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=(PACK,),
    family="levees",
    direction=CLOCKWISE,
    source="The user's rule document « Motton »; scoring footnote missing, completed with Atout's formula (cards + bid); "
    "Oh Hell (Wikipedia, pagat.com) for the house rules.",
    aliases=("le motton", "moton"),
    summary=T(
        "Vingt donnes de 10 cartes à 1 puis de 1 à 10 : annoncer exactement ses levées pour marquer.",
        "Twenty deals from 10 cards down to 1 and back up: bid your tricks exactly to score.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes (dans chaque couleur)", "Card order (in every suit)"),
            (T("Rang", "Rank"), T("Carte", "Card")),
            rows=tuple((i + 1, rank_name(code)) for i, code in enumerate(CARD_ORDER)),
        ),
        RuleTable(
            "rounds",
            T("Les 20 donnes et ce qu'elles rapportent", "The 20 deals and what they are worth"),
            (
                T("Donne", "Deal"),
                T("Cartes à chacun", "Cards each"),
                T("Annonce 0 réussie", "Bid of 0 made"),
                T("Toutes les levées annoncées et faites", "All tricks bid and made"),
            ),
            rows=tuple(
                (number, cards, exact_bid_points(cards, 0), exact_bid_points(cards, cards))
                for number, cards in enumerate(steps(START_CARDS), start=1)
            ),
        ),
        RuleTable(
            "scorings",
            T("Barèmes d'une annonce exacte", "Scores of an exact bid"),
            (T("Barème", "Scoring"), T("Annonce 2 sur 7 cartes", "Bid of 2 with 7 cards")),
            rows=tuple((label, fn(7, 2)) for fn, label in SCORINGS.values()),
        ),
    ),
    values=(
        ("deck_size", len(deck(PACK))),
        ("steps", len(steps(START_CARDS))),
        ("start_cards", START_CARDS),
        ("max_replays", MAX_REPLAYS),
        ("deals_at_most", len(steps(START_CARDS)) * (1 + MAX_REPLAYS)),
        ("ten", TEN),
        ("first_one_card_step", START_CARDS),
        ("second_one_card_step", START_CARDS + 1),
        ("cards_at_5", MAX_PLAYERS * START_CARDS + 1),
        ("example_made", exact_bid_points(7, 2)),
        ("example_zero", exact_bid_points(7, 0)),
    ),
)


class MottonSheet(BidSheet):
    turned_help = T("Facultatif ; un Roi : sans atout", "Optional; a King: no trumps")

    def __init__(self, game: Game, n_players: int, options: dict[str, Any]) -> None:
        super().__init__(game, n_players, options)
        self.step = 0  # index of the coming step
        self.replays = 0  # how many times the coming step was already dealt void
        self.positions: list[tuple[int, int]] = []  # (step, replay) of each round played

    @property
    def schedule(self) -> list[int]:
        return steps(self.options["start_cards"])

    def position(self, number: int) -> tuple[int, int] | None:
        """(step index, replay) of round ``number``: recorded for a round played, the coming one's, or for a round
        further ahead what it would be if no deal until then is void; ``None`` past the end."""
        if number <= len(self.positions):
            return self.positions[number - 1]
        step = self.step + (number - self.number)
        replay = self.replays if number == self.number else 0
        return (step, replay) if step < len(self.schedule) else None

    def cards_for(self, number: int) -> int | None:
        pos = self.position(number)
        return self.schedule[pos[0]] if pos else None

    def natural_end(self) -> bool:
        return self.step >= len(self.schedule)

    def contract_for(self, number: int) -> Contract | None:
        pos = self.position(number)
        if pos is None:
            return None
        cards = self.schedule[pos[0]]
        name = T(f"{cards} carte{'s' if cards > 1 else ''}", f"{cards} card{'s' if cards > 1 else ''}")
        if pos[1]:
            name = T(f"{name.fr}, rejouée", f"{name.en}, replayed")
        return Contract(f"step-{pos[0] + 1}" + (f"-replay-{pos[1]}" if pos[1] else ""), name,
                        rule="donne-rejouee" if pos[1] else "annonces")

    def score_bid(self, bid: int, tricks: int, cards: int) -> tuple[int, str]:
        if bid != tricks:
            return 0, "0"
        scoring = self.options["scoring"]
        points = exact_bid_points(cards, bid, scoring)
        working = {"cards_plus_bid": f"{cards} + {bid}", "ten_plus_bid": f"{TEN} + {bid}",
                   "ten_plus_bid_squared": f"{TEN} + {bid}²"}[scoring]
        return points, f"{working} = {points}"

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        result = super().score_entry(entry)
        self.positions.append((self.step, self.replays))
        turned = entry.get("turned")
        card = None if turned is None else Card.parse_code(turned)
        assert card is None or isinstance(card, SuitCard)  # check_entry took a card of the 52-card pack (bids)
        if card is not None and card.rank == NO_TRUMP_RANK:
            result.notes.insert(0, T("Roi retourné : donne sans atout.", "King turned: no trumps this deal."))
        void = not any(b == t for b, t in zip(entry["bids"], entry["tricks"], strict=True))
        last_try = self.replays >= self.options["max_replays"]
        if void and not last_try:
            self.replays += 1
            result.notes.append(count(entry["cards"],
                                      "Personne n'a réussi son annonce : 0 pour tout le monde, la donne de {n} carte "
                                      "est rejouée par le donneur suivant.",
                                      "Personne n'a réussi son annonce : 0 pour tout le monde, la donne de {n} cartes "
                                      "est rejouée par le donneur suivant.",
                                      "Nobody made their bid: 0 for everyone, the {n}-card deal is dealt again by the "
                                      "next dealer.",
                                      "Nobody made their bid: 0 for everyone, the {n}-card deal is dealt again by the "
                                      "next dealer."))
        else:
            if void:
                result.notes.append(count(self.replays,
                                          "Personne n'a réussi son annonce, mais cette donne a déjà été rejouée {n} fois : "
                                          "elle compte pour 0 et la partie continue.",
                                          "Personne n'a réussi son annonce, mais cette donne a déjà été rejouée {n} fois : "
                                          "elle compte pour 0 et la partie continue.",
                                          "Nobody made their bid, but this deal was already replayed {n} time: it counts "
                                          "for 0 and the game moves on.",
                                          "Nobody made their bid, but this deal was already replayed {n} times: it counts "
                                          "for 0 and the game moves on."))
            self.step += 1
            self.replays = 0
        result.extra = {"step": self.positions[-1][0] + 1, "replay": self.positions[-1][1], "void": void}
        return result

    def next_extra(self) -> dict[str, Any]:
        pos = self.position(self.number)
        step = pos[0] if pos else len(self.schedule)
        return {"step": step + 1, "steps": len(self.schedule), "hand": self.cards_for(self.number) or 0,
                "replays": self.replays}


# -- digital play ---------------------------------------------------------------------------------------------
PACK52 = pack(PACK)
BID = "bid"
BID_WORDS = tuple(f"bid:{b}" for b in range(MAX_START_CARDS + 1))
_SCHEDULES: dict[tuple[int, int, int], tuple[int, ...]] = {}
# The tricks a card looks worth, for the quick bot's bid, by player count: a trump A or K, a trump Q, J or 10, a
# lower trump, a plain ace, a plain king with another card of its suit, a bare plain king, a plain queen; then a
# share per card dealt. Fitted by least squares to the tricks the quick bot takes playing against itself (2,500
# deals per count): with fewer players each card takes more tricks (at two, any card wins about a quarter).
# Measured against random play, 300 deals (seed 1) at 2, 3, 4, 5 players, quick − random a deal: the old fixed
# weights +0.15 (not significant), +1.40, +2.56, +3.11; these +1.08, +2.69, +2.79, +2.81 (each ± 0.5 or 0.6).
# (Bidding for the best expected score under a normal spread did no better and overbids weak hands.)
_WORTH = {
    2: (0.95, 0.8, 0.49, 0.62, 0.42, 0.51, 0.38, 0.27),
    3: (1.07, 0.81, 0.5, 0.79, 0.52, 0.47, 0.38, 0.09),
    4: (1.13, 0.78, 0.47, 0.83, 0.51, 0.37, 0.29, 0.01),
    5: (1.11, 0.72, 0.45, 0.79, 0.4, 0.3, 0.22, 0.0),
}


class MottonDeal(TrickBidsView, TrickDeal):
    """One Motton deal played on screen, on :class:`~companion.families.trickplay.TrickDeal`.

    * **Deal.** ``cards`` cards each, one at a time from the dealer's left, then one card turned face up (in no
      pile: it is out of play and everybody sees it): its suit is trumps, a King means no trumps. The rest of the
      pack stays face down (pile ``n``, the stock, never seen by anybody: :meth:`determinize` deals it again
      with the other hands).
    * **Bids** (phase ``"bid"``): from the dealer's left, each says ``"bid:N"``, 0 to ``cards`` tricks; with the
      ``hook`` option the dealer, speaking last, may not make the bids add up to ``cards``.
    * **Play** (phase ``"play"``): the dealer's left leads; follow suit if you can, otherwise any card (no duty to
      trump or to win); the highest trump wins, else the highest card of the suit led (ace high).

    :meth:`entry` is the sheet's ``{"bids", "tricks", "cards", "turned"}``; :meth:`returns` its scores.
    """

    slug = INFO.slug
    extra_piles = 1
    _mutable = TrickDeal._mutable + ("bids",)

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int, cards: int):
        self.cards = cards  # read by _deal_schedule, called by the base's __init__
        super().__init__(n_players, options, number, dealer, PACK52)
        self.stock_pile = n_players
        self.first = (dealer + 1) % n_players
        self.scoring = options["scoring"]
        self.hook = bool(options["hook"])
        self.bids = [-1] * n_players
        self.turned = -1  # the turned card's id, once dealt

    # -- the deal --------------------------------------------------------------------------------------
    def _deal_schedule(self) -> tuple[int, ...]:
        key = (self.n_players, self.dealer, self.cards)
        if key not in _SCHEDULES:
            n, first = self.n_players, (self.dealer + 1) % self.n_players
            _SCHEDULES[key] = tuple((first + k) % n for k in range(self.cards * n)) + (-1,)  # -1: turned up
        return _SCHEDULES[key]

    def _deal_card(self, code: str) -> None:
        pile = self.schedule[self.dealt]
        if pile < 0:
            self.turned = self.pack.index[code]
        else:
            self.held[pile] |= 1 << self.pack.index[code]
        self.undealt.remove(code)
        self.dealt += 1
        if self.dealt == len(self.schedule):
            dealt = 1 << self.turned
            for m in self.held:
                dealt |= m
            self.held[self.stock_pile] = self.pack.all & ~dealt  # the rest of the pack, face down
            self.undealt = []
            self._after_deal()

    def _deal_rest(self, rng: random.Random) -> None:
        """The playouts' fast deal: the cards still to deal in a random order, then the stock as in
        :meth:`_deal_card`."""
        index, codes, schedule, held = self.pack.index, self.pack.code, self.schedule, self.held
        ids = [index[code] for code in self.undealt]
        rng.shuffle(ids)
        k = self.dealt
        dealt = ids[:len(schedule) - k]
        for c in dealt:
            pile = schedule[k]
            if pile < 0:
                self.turned = c
            else:
                held[pile] |= 1 << c
            k += 1
        self.history.extend([codes[c] for c in dealt])
        self.dealt = k
        stock = 0
        for c in ids[len(dealt):]:
            stock |= 1 << c
        held[self.stock_pile] = stock
        self.undealt = []
        self._after_deal()

    def _legal_actions(self) -> list[Action]:
        if self.phase == DEAL:
            return self.undealt  # not copied: legal_actions() copies, playouts only read it
        return super()._legal_actions()

    def _after_deal(self) -> None:
        turned = self.turned
        self.trump = -1 if self.pack.rank[turned] == NO_TRUMP_RANK.value else self.pack.suit[turned]
        self.phase = BID
        self.to_move = self.first

    # -- bids ------------------------------------------------------------------------------------------
    def forbidden(self) -> int | None:
        """With the hook, the bid the dealer may not make now (``None`` otherwise)."""
        if not self.hook or self.phase != BID or self.to_move != self.dealer:
            return None
        return forbidden_bid([b for s, b in enumerate(self.bids) if s != self.dealer], self.cards)

    def _phase_actions(self) -> list[Action]:
        words = list(BID_WORDS[:self.cards + 1])
        banned = self.forbidden()
        if banned is not None:
            del words[banned]
        return words

    def _phase_apply(self, action: Action) -> None:
        seat = self.to_move
        self.bids[seat] = int(action[4:])
        nxt = (seat + 1) % self.n_players
        if nxt == self.first:
            self.start_play(self.first)
        else:
            self.to_move = nxt

    def _phase_normalise(self, action: str) -> Action:
        word = action.strip().lower().replace(" ", "")
        bid = _bid_number(word.removeprefix("bid:"))
        return f"bid:{bid}" if bid is not None else word

    def _why_phase_illegal(self, action: Action) -> IllegalAction:
        seat = self.to_move
        bid = _bid_number(action.removeprefix("bid:")) if action.startswith("bid:") else None
        if bid is None:
            return illegal("bid_first", T("C'est le moment des annonces : combien de plis ferez-vous ?",
                                          "Bids first: how many tricks will you take?"), seat)
        if bid > self.cards:
            return illegal("bid_too_high", T("On annonce de 0 à {k} plis.", "Bids go from 0 to {k} tricks.").format(k=self.cards),
                           seat)
        return illegal("hook", T("Le donneur ne peut pas faire tomber juste : {b} ferait {k} plis annoncés en tout.",
                                 "The dealer may not make the bids add up: {b} would make {k} tricks bid in all.").format(
            b=bid, k=self.cards), seat)

    # -- views, entry, scores ------------------------------------------------------------------------------
    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        obs["cards"] = self.cards
        obs["turned"] = self.pack.code[self.turned] if self.turned >= 0 else None
        obs["no_trump"] = self.turned >= 0 and self.trump < 0
        obs["bids"] = [b if b >= 0 else None for b in self.bids]
        obs["forbidden_bid"] = self.forbidden()

    def _entry(self) -> dict[str, Any]:
        return {"bids": list(self.bids), "tricks": list(self.won), "cards": self.cards,
                "turned": self.pack.code[self.turned]}

    def returns(self) -> list[float]:
        cards, scoring = self.cards, self.scoring
        return [exact_bid_points(cards, b, scoring) if b == w else 0 for b, w in zip(self.bids, self.won, strict=True)]

    # -- the quick bot ---------------------------------------------------------------------------------
    def estimate(self, seat: int) -> float:
        """The tricks ``seat``'s hand looks worth: its trumps by height, plain aces, kings and queens, and a share
        per card dealt, weighed for the number of players (:data:`_WORTH`)."""
        pk, trump = self.pack, self.trump
        w = _WORTH[self.n_players]
        hand = self.held[seat]
        total = w[7] * self.cards
        for c in bits(hand):
            rank = pk.card[c].rank.code  # type: ignore[attr-defined]  # a 52-card pack: every card is a SuitCard
            if pk.suit[c] == trump:
                total += w[0] if rank in ("A", "K") else w[1] if rank in ("Q", "J", "10") else w[2]
            elif rank == "A":
                total += w[3]
            elif rank == "K":
                total += w[4] if (hand & pk.suit_mask[pk.suit[c]]).bit_count() >= 2 else w[5]
            elif rank == "Q":
                total += w[6]
        return total

    def quick_action(self, rng: random.Random) -> Action:
        """Bid the nearest allowed bid to the hand's worth (:meth:`estimate`), then play for the bid: take
        tricks while short of it, duck once it is made."""
        if self.phase == BID:
            legal = self._phase_actions()
            want = min(self.cards, round(self.estimate(self.to_move)))
            return min(legal, key=lambda w: (abs(int(w[4:]) - want), int(w[4:])))
        if self.phase != PLAY:
            return rng.choice(self._legal_actions())
        seat = self.to_move
        return aim_action(self, rng, self.bids[seat] > self.won[seat])  # take tricks while short of the bid


def _bid_number(text: str) -> int | None:
    """The number of a bid typed in ASCII digits (at most three), else ``None``."""
    if 0 < len(text) <= 3 and text.isascii() and text.isdigit():
        return int(text)
    return None


class Motton(Game):
    info = INFO
    sheet_class = MottonSheet
    options = (
        Option("start_cards", T("Cartes à la première donne", "Cards in the first deal"), "int", START_CARDS,
               minimum=1, maximum=MAX_START_CARDS,
               help=T("On descend jusqu'à 1 carte, deux fois, puis on remonte : 20 donnes avec 10.",
                      "Down to 1 card, twice, then back up: 20 deals from 10.")),
        Option("scoring", T("Barème d'une annonce exacte", "Score of an exact bid"), "choice", "cards_plus_bid",
               choices=tuple((key, label) for key, (_, label) in SCORINGS.items()),
               help=T("Une annonce ratée vaut 0 dans tous les cas.", "A missed bid scores 0 in every case.")),
        Option("max_replays", T("Donnes rejouées au plus, pour une même donne", "Replays at most of one deal"), "int",
               MAX_REPLAYS, minimum=0, maximum=10,
               help=T("Quand personne ne réussit son annonce, la donne est rejouée ; 0 : jamais.",
                      "When nobody makes their bid the deal is dealt again; 0: never.")),
        Option("hook", T("Le donneur ne peut pas faire tomber juste", "The dealer may not make the bids add up"), "bool", False,
               help=T("Le total des annonces ne doit pas égaler le nombre de plis.",
                      "The bids may not add up to the number of tricks.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = self.clean_options(options, n_players)
        schedule = steps(opts["start_cards"])
        return bid_schema("Motton round entry", n_players, max(schedule), schedule)

    deal_class = MottonDeal

    def deal_context(self, sheet: Sheet) -> dict[str, Any]:
        """What :meth:`new_deal` needs from the table's sheet: the cards of the coming deal (a void deal before
        it shifts the schedule, which only the sheet knows)."""
        assert isinstance(sheet, MottonSheet)  # the game's own sheet
        return {"cards": sheet.cards_for(sheet.number)}

    def deal_arguments(self, n_players: int, options: dict[str, Any], number: int, cards: int | None = None) -> dict[str, Any]:
        """``cards`` cards each (what :meth:`deal_context` gives; by default the schedule's as if no deal so far
        was void)."""
        if cards is None:
            sheet = self.new_sheet(n_players, options)
            assert isinstance(sheet, MottonSheet)  # the game's own sheet
            cards = sheet.cards_for(number)
            if cards is None:
                raise RulesError(f"round {number} is past the end of the game")
        if not is_int(cards) or not 1 <= cards <= options["start_cards"]:
            raise InvalidOptions([Problem("cards", "bad_cards", T(
                "Cartes de la donne : de 1 à {k}.", "Cards of the deal: 1 to {k}.").format(k=options["start_cards"]))])
        return {"cards": cards}


GAME = Motton()
