"""Le rikiki, as in the user's rule document « Le rikiki », completed from the usual Oh Hell rules (pagat.com,
"Oh Hell").

Deal k holds 1, 2, … up to the option ``max_cards`` cards each, then back down to 1: 2 × ``max_cards`` − 1 deals,
the top deal once. ``max_cards`` defaults to ⌊51/n⌋, the most that leaves a card to turn for trumps; up to ⌊52/n⌋
is accepted, and a deal where every card is dealt has no trumps. An exact bid scores 10 + 5 × bid, a missed one
−(10 + 5 × the difference). Bids are free (the rule document's remark about a one-card deal is no rule); the option
``hook`` forbids the dealer, who bids last, to make them add up to the tricks. Scoring and checks live in
:mod:`companion.families.bids`, shared with Motton.
"""

from __future__ import annotations

import random
from typing import Any

from companion.families.aims import aim_action
from companion.families.bids import PACK, BidSheet, bid_schema, every_card_dealt, forbidden_bid
from companion.families.trickplay import PLAY, TrickBidsView, TrickDeal, bits, pack
from companion.kernel.cards import deck
from companion.kernel.deal import Action, illegal
from companion.kernel.errors import IllegalAction, InvalidOptions, Problem
from companion.kernel.game import CLOCKWISE, Contract, Game, GameInfo, Option, RuleTable
from companion.kernel.text import T, count

MIN_PLAYERS, MAX_PLAYERS = 3, 8
DECK_SIZE = len(deck(PACK))
BASE_POINTS = 10  # for a made bid, and lost on a failed one
POINTS_PER_TRICK = 5  # per trick bid when made, per trick of difference when failed


def default_max_cards(n_players: int) -> int:
    """The largest deal that leaves one card to turn for trumps."""
    return (DECK_SIZE - 1) // n_players


def most_cards(n_players: int) -> int:
    """The largest deal the pack allows (every card dealt, no trumps)."""
    return DECK_SIZE // n_players


def deal_sizes(max_cards: int) -> list[int]:
    """Cards dealt at each deal: 1, 2 … max … 2, 1 (the top deal once)."""
    return [*range(1, max_cards + 1), *range(max_cards - 1, 0, -1)]


def score(bid: int, tricks: int) -> int:
    if bid == tricks:
        return BASE_POINTS + POINTS_PER_TRICK * bid
    return -(BASE_POINTS + POINTS_PER_TRICK * abs(bid - tricks))


MAX_HAND = {n: default_max_cards(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
_TOPS = ", ".join(str(top) for top in MAX_HAND.values())

INFO = GameInfo(
    essentials=("scoring",),
    slug="rikiki",
    names=T("Le rikiki", "Rikiki (Oh Hell)"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=(PACK,),
    family="levees",
    direction=CLOCKWISE,
    source="The user's rule document « Le rikiki »; bidding order, play and house rules from the usual Oh Hell rules (pagat.com).",
    aliases=("riki-ki", "rikiki", "oh hell"),
    summary=T(
        "Annoncez exactement vos plis, de 1 carte au maximum et retour.",
        "Bid your exact number of tricks, from 1 card up to the maximum and back.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes", "Card order"),
            (T("Où", "Where"), T("De la plus forte à la plus faible", "Strongest first")),
            rows=(
                (T("Dans chaque couleur", "Within each suit"), T("As, R, D, V, 10, 9, 8, 7, 6, 5, 4, 3, 2", "Ace, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2")),
                (T("Entre couleurs", "Between suits"), T("l'atout bat tout ; puis la couleur demandée ; les autres couleurs ne gagnent jamais",
                                                           "a trump beats everything; then the suit led; other suits never win")),
            ),
        ),
        RuleTable(
            "hand_sizes",
            T("Cartes par donne", "Cards per deal"),
            (T("Joueurs", "Players"), T("Donne la plus grosse", "Largest deal"), T("Nombre de donnes", "Number of deals"),
             T("Au plus (sans atout)", "At most (no trumps)")),
            rows=tuple((n, top, len(deal_sizes(top)), most_cards(n)) for n, top in MAX_HAND.items()),
        ),
        RuleTable(
            "scoring",
            T("Marque d'une donne", "Score of a deal"),
            (T("Résultat", "Result"), T("Points", "Points")),
            rows=(
                (T("Annonce réussie (plis faits = plis annoncés)", "Bid made (tricks won = tricks bid)"),
                 T(f"+{BASE_POINTS} + {POINTS_PER_TRICK} × plis annoncés", f"+{BASE_POINTS} + {POINTS_PER_TRICK} × tricks bid")),
                (T("Annonce chutée (en plus ou en moins)", "Bid missed (over or under)"),
                 T(f"−({BASE_POINTS} + {POINTS_PER_TRICK} × écart)", f"−({BASE_POINTS} + {POINTS_PER_TRICK} × difference)")),
            ),
        ),
    ),
    values=(
        ("deck_size", DECK_SIZE),
        ("deck_less_one", DECK_SIZE - 1),
        ("base_points", BASE_POINTS),
        ("per_trick", POINTS_PER_TRICK),
        ("made_2", score(2, 2)),  # the worked example: 10 + 2 × 5
        ("missed_by_2", score(1, 3)),  # −(10 + 2 × 5)
        ("top_at_4", MAX_HAND[4]),
        ("deals_at_4", len(deal_sizes(MAX_HAND[4]))),
        ("all_at_4", most_cards(4)),
    ),
)


class RikikiSheet(BidSheet):
    @property
    def schedule(self) -> list[int]:
        return deal_sizes(self.options["max_cards"])

    def cards_for(self, number: int) -> int | None:
        sizes = self.schedule
        return sizes[number - 1] if 1 <= number <= len(sizes) else None

    def natural_end(self) -> bool:
        return len(self.rounds) >= len(self.schedule)

    def contract_for(self, number: int) -> Contract | None:
        cards = self.cards_for(number)
        if cards is None:
            return None
        return Contract(f"cards-{cards}", count(cards, "{n} carte", "{n} cartes", "{n} card", "{n} cards"),
                        rule="sans-atout" if every_card_dealt(cards, self.n) else "annonces")

    def score_bid(self, bid: int, tricks: int, cards: int) -> tuple[int, str]:
        points = score(bid, tricks)
        if bid == tricks:
            return points, f"{BASE_POINTS} + {POINTS_PER_TRICK} × {bid} = {points}"
        return points, f"−({BASE_POINTS} + {POINTS_PER_TRICK} × {abs(bid - tricks)}) = {points}".replace("= -", "= −")

    def next_extra(self) -> dict[str, Any]:
        return {"deal": self.number, "deals": len(self.schedule), **self.deal_extra(self.number)}


# -- digital play ---------------------------------------------------------------------------------------------
FULL_PACK = pack(PACK)
BID = "bid"  # the bidding phase
_BIDS = tuple(f"bid:{k}" for k in range(most_cards(MIN_PLAYERS) + 1))
_BID_VALUE = {a: k for k, a in enumerate(_BIDS)}
_TRUMP_LIKELY = (0.3, 0.3, 0.3, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.85, 0.95, 1.0)  # by strength, 2 … A
_PLAIN_LIKELY = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0.05, 0.2, 0.5, 0.85)


class RikikiDeal(TrickBidsView, TrickDeal):
    """One deal of Rikiki played card by card, on :class:`~companion.families.trickplay.TrickDeal`.

    * Dealing: ``cards`` cards each, one at a time from the dealer's left, then one card turned face up: its
      suit is trumps. The rest of the pack stays face down (no chance action deals it: it is whatever is
      left). When every card is dealt (the ``max_cards`` option at its top), nothing is turned: no trumps.
    * Bidding: from the dealer's left round to the dealer, each says how many tricks they will take, ``"bid:0"``
      to ``"bid:<cards>"``. With the ``hook`` option the dealer, bidding last, may not make the bids add up
      to the tricks of the deal.
    * Play: the dealer's left leads; follow suit when you can, otherwise play anything (no duty to trump; with
      the option ``coupe_obligatoire``, trump if you can, with no duty to overtrump).
      The highest trump wins, else the highest card of the suit led (A high). The taker leads next.
    * :meth:`entry` is ``{"bids", "tricks", "cards", "turned"}`` (``turned`` only when a card was turned);
      :meth:`returns` the sheet's score: 10 + 5 × bid when exact, −(10 + 5 × the difference) otherwise.
    """

    slug = INFO.slug
    extra_piles = 2  # where the card turned is dealt (it leaves it face up: in no pile), the rest of the pack
    _mutable = TrickDeal._mutable + ("bids",)

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int, cards: int):
        self.cards = cards
        super().__init__(n_players, options, number, dealer, FULL_PACK)
        self.turned_pile, self.stock = n_players, n_players + 1
        self.no_trump = every_card_dealt(cards, n_players)
        self.hook = bool(options["hook"])
        self.must_trump = bool(options["coupe_obligatoire"])
        self.turned_id = -1  # the card turned for trumps, face up: everybody's knowledge, nobody's hand
        self.bids: list[int] = []  # in bidding order, from the dealer's left

    def _deal_schedule(self) -> tuple[int, ...]:
        n, first = self.n_players, (self.dealer + 1) % self.n_players
        out = [(first + k) % n for k in range(n * self.cards)]
        if not every_card_dealt(self.cards, n):
            out.append(n)  # the card turned for trumps
        return tuple(out)

    def _deal_card(self, code: str) -> None:
        self.held[self.schedule[self.dealt]] |= 1 << self.pack.index[code]
        self.undealt.remove(code)
        self.dealt += 1
        if self.dealt == len(self.schedule):
            self.held[self.stock] = self.pack.mask(self.undealt)
            self.undealt = []
            self._after_deal()

    def _deal_rest(self, rng: random.Random) -> None:
        """The fast random deal of playouts: the cards still to deal in a random order, the rest to the stock."""
        index, schedule, held, codes = self.pack.index, self.schedule, self.held, self.pack.code
        k = self.dealt
        dealt = [index[code] for code in rng.sample(self.undealt, len(schedule) - k)]
        for c in dealt:
            held[schedule[k]] |= 1 << c
            k += 1
        self.history.extend([codes[c] for c in dealt])
        held[self.stock] = self.pack.mask(self.undealt) & ~sum(1 << c for c in dealt)
        self.dealt = k
        self.undealt = []
        self._after_deal()

    def _after_deal(self) -> None:
        turned = self.held[self.turned_pile]
        if turned:
            self.turned_id = turned.bit_length() - 1
            self.trump = self.pack.suit[self.turned_id]
            self.held[self.turned_pile] = 0
        self.phase = BID
        self.to_move = (self.dealer + 1) % self.n_players

    # -- bidding ------------------------------------------------------------------------------------------
    @property
    def turned(self) -> str | None:
        """The code of the card turned for trumps (``None`` when every card is dealt, or before)."""
        return self.pack.code[self.turned_id] if self.turned_id >= 0 else None

    def bid_of(self, seat: int) -> int | None:
        k = (seat - self.dealer - 1) % self.n_players
        return self.bids[k] if k < len(self.bids) else None

    def made_bid(self, seat: int) -> int:
        """``seat``'s bid once the bidding is over (in the play and at the end of the deal)."""
        bid = self.bid_of(seat)
        assert bid is not None  # the play starts only once every seat has bid (_phase_apply)
        return bid

    def forbidden(self) -> int | None:
        """With the hook, the one bid the dealer may not make now (``None`` otherwise)."""
        if not self.hook or len(self.bids) != self.n_players - 1:
            return None
        return forbidden_bid(self.bids, self.cards)

    def _phase_actions(self) -> list[Action]:
        no = self.forbidden()
        return [a for k, a in enumerate(_BIDS[:self.cards + 1]) if k != no]

    def _phase_apply(self, action: Action) -> None:
        self.bids.append(_BID_VALUE[action])
        if len(self.bids) == self.n_players:
            self.start_play((self.dealer + 1) % self.n_players)
        else:
            self.to_move = (self.to_move + 1) % self.n_players

    def _phase_normalise(self, action: str) -> Action:
        word = action.strip().lower().replace(" ", "").removeprefix("bid:")
        if not word.isdigit():
            raise illegal("not_a_bid", T("Une annonce est un nombre de plis : bid:0, bid:1…",
                                         "A bid is a number of tricks: bid:0, bid:1…"), self._seat_or_none())
        k = int(word)
        if k > self.cards:
            raise illegal("bid_too_high", count(self.cards, "Pas plus de {n} pli : chacun n'a que {n} carte.",
                                                "Pas plus de {n} plis : chacun n'a que {n} cartes.",
                                                "No bid above {n}: each player holds {n} card.",
                                                "No bid above {n}: each player holds {n} cards."), self._seat_or_none())
        return _BIDS[k]

    def _why_phase_illegal(self, action: Action) -> IllegalAction:
        k = _BID_VALUE[action]
        return illegal("hook", count(self.cards, "Le donneur ne peut pas faire tomber juste : avec {b}, les annonces feraient {n} pour {n} pli.",
                                     "Le donneur ne peut pas faire tomber juste : avec {b}, les annonces feraient {n} pour {n} plis.",
                                     "The dealer may not make the bids add up: {b} would make {n} trick bid for {n}.",
                                     "The dealer may not make the bids add up: {b} would make {n} tricks bid for {n}.",
                                     b=k), self.to_move)

    def normalise_action(self, action: Any) -> Action:
        if self.phase == BID and isinstance(action, str):
            return self._phase_normalise(action)
        return super().normalise_action(action)

    # -- what bots and the sheet use ----------------------------------------------------------------------
    def _entry(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"bids": [self.bid_of(s) for s in range(self.n_players)], "tricks": list(self.won),
                                 "cards": self.cards}
        if self.turned is not None:
            entry["turned"] = self.turned
        return entry

    def returns(self) -> list[float]:
        return [float(score(self.made_bid(s), self.won[s])) for s in range(self.n_players)]

    def estimate(self, seat: int) -> float:
        """The tricks a hand looks worth: its high trumps and aces (less so with more players round the table),
        plus a share for its length in trumps and for the size of the deal. The weights were fitted, by least
        squares, to the tricks the quick bot actually takes playing against itself (3 to 6 players)."""
        st, suit, trump = self.strength, self.pack.suit, self.trump
        crowd = 3 / self.n_players
        cards = 0.0
        trumps = 0
        for c in bits(self.held[seat]):
            if suit[c] == trump:
                trumps += 1
                cards += _TRUMP_LIKELY[st[c]] * (1 if st[c] >= 11 else crowd)
            else:
                cards += _PLAIN_LIKELY[st[c]] * (1 if st[c] == 12 else crowd) * (0.6 if trump >= 0 and self.cards > 4 else 1)
        return max(0.0, 1.09 * cards + 0.29 * self.cards / self.n_players + 0.21 * trumps - 0.28)

    def quick_action(self, rng: random.Random) -> Action:
        """Bid what the hand looks worth (the nearest allowed bid); then play to take exactly the bid: take
        tricks while short of it, duck once it is made."""
        seat = self.to_move
        if self.phase == BID:
            guess = self.estimate(seat)
            legal = self._phase_actions()
            return min(legal, key=lambda a: (abs(_BID_VALUE[a] - guess), _BID_VALUE[a]))
        if self.phase == PLAY:
            return aim_action(self, rng, self.won[seat] < self.made_bid(seat))
        return rng.choice(self._legal_actions())

    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        obs["cards"] = self.cards
        obs["turned"] = self.turned
        obs["bids"] = [self.bid_of(s) for s in range(self.n_players)]
        obs["hook"] = self.hook
        obs["forbidden_bid"] = self.forbidden()
        obs["bid_total"] = sum(self.bids)


class Rikiki(Game):
    info = INFO
    sheet_class = RikikiSheet
    deal_class = RikikiDeal
    options = (
        Option("max_cards", T("Cartes à la plus grosse donne", "Cards in the largest deal"), "int", None,
               nullable=True, minimum=1, maximum=most_cards(MIN_PLAYERS),
               default_for=default_max_cards, maximum_for=most_cards,
               help=T(f"Par défaut, le plus qui laisse une carte à retourner pour l'atout : {DECK_SIZE - 1} divisé par le "
                      f"nombre de joueurs ({_TOPS} de {MIN_PLAYERS} à {MAX_PLAYERS} joueurs). Si toutes les cartes sont "
                      "distribuées, la donne se joue sans atout.",
                      f"By default, the most that leaves a card to turn for trumps: {DECK_SIZE - 1} divided by the number "
                      f"of players ({_TOPS} for {MIN_PLAYERS} to {MAX_PLAYERS} players). When every card is dealt, that "
                      "deal has no trumps.")),
        Option("hook", T("Le donneur ne peut pas faire tomber juste", "The dealer may not make the bids add up"), "bool", False,
               help=T("Le total des annonces ne doit pas égaler le nombre de plis.",
                      "The bids may not add up to the number of tricks.")),
        Option("coupe_obligatoire", T("Coupe obligatoire", "Must trump"), "bool", False,
               help=T("Sans la couleur demandée, on doit couper si l'on a de l'atout (sans obligation de surcouper).",
                      "Void in the suit led, you must trump if you can (with no duty to overtrump).")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = self.clean_options(options, n_players)
        top = opts["max_cards"]
        return bid_schema("Rikiki round entry", n_players, top, deal_sizes(top))

    def deal_arguments(self, n_players: int, options: dict[str, Any], number: int) -> dict[str, Any]:
        """As many cards each as the schedule says (1, 2 … max … 1); a round past the schedule's end is
        refused."""
        sizes = deal_sizes(options["max_cards"])
        if number > len(sizes):
            raise InvalidOptions([Problem("number", "past_the_end", T(
                "Il n'y a que {k} donnes dans cette partie (donne {n} demandée).",
                "This game has only {k} deals (deal {n} asked).").format(k=len(sizes), n=number))])
        return {"cards": sizes[number - 1]}


GAME = Rikiki()
