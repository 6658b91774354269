"""Motton, as in seed file 002 (« Motton »), with the gaps settled as rules-notes §2 suggests.

Steps of ``start_cards`` (default 10), …, 2, 1, 1, 2, …, ``start_cards`` cards each: the seed's 20 steps, the
one-card step twice. The card turned after the deal gives the trump; a turned King means no trumps. Only an exact
bid scores; the seed's scoring footnote is lost, so the option ``scoring`` gives Atout's own formula by default
(cards dealt + bid, which honours the seed's "depends on the cards dealt and the bid") and the classic Oh Hell
scores (Wikipedia, pagat.com "Oh Hell") as house rules. A missed bid scores 0.

A void deal (nobody made their bid) scores 0 for everyone and its step is dealt again, by the next dealer; the
option ``max_replays`` (default 3) caps the replays of one step, after which a void deal counts as played, so a
game always ends. Checks and notes are :mod:`companion.rules.bids`'s, shared with Rikiki.
"""

from __future__ import annotations

from ..base import CLOCKWISE, Contract, Game, GameInfo, Option, RoundResult, RuleTable
from ..bids import PACK, BidSheet, bid_schema
from ..cards import Card, Rank, deck, rank_name
from ..text import T

MIN_PLAYERS, MAX_PLAYERS = 2, 5
START_CARDS = 10  # the seed's first step; an option from 1 to 10
MAX_START_CARDS = 10
NO_TRUMP_RANK = Rank.KING  # a turned-up King means no trumps for the deal
MAX_REPLAYS = 3  # a step is dealt at most 1 + this many times
TEN = 10  # the fixed part of the classic Oh Hell scores

CARD_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


def steps(start_cards: int) -> list[int]:
    """Cards each player gets, step by step: start … 1, then 1 … start."""
    down = list(range(start_cards, 0, -1))
    return down + down[::-1]


SCORINGS = {
    "cards_plus_bid": (lambda cards, bid: cards + bid,
                       T("cartes distribuées + annonce (choix d'Atout)", "cards dealt + bid (Atout's choice)")),
    "ten_plus_bid": (lambda cards, bid: TEN + bid, T("10 + annonce (Oh Hell)", "10 + bid (Oh Hell)")),
    "ten_plus_bid_squared": (lambda cards, bid: TEN + bid * bid, T("10 + annonce au carré", "10 + bid squared")),
}


def exact_bid_points(cards: int, bid: int, scoring: str = "cards_plus_bid") -> int:
    """Points for a bid made exactly; a missed bid scores 0."""
    return SCORINGS[scoring][0](cards, bid)


INFO = GameInfo(
    slug="motton",
    names=T("Motton", "Motton"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=(PACK,),
    family="levees",
    direction=CLOCKWISE,
    source="Seed file 002 (Motton); scoring footnote missing, completed with Atout's formula (cards + bid); "
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
    def __init__(self, game, n_players, options):
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

    def score_entry(self, entry: dict) -> RoundResult:
        result = super().score_entry(entry)
        self.positions.append((self.step, self.replays))
        turned = entry.get("turned")
        if turned is not None and Card.parse_code(turned).rank == NO_TRUMP_RANK:
            result.notes.insert(0, T("Roi retourné : donne sans atout.", "King turned: no trumps this deal."))
        void = not any(b == t for b, t in zip(entry["bids"], entry["tricks"], strict=True))
        last_try = self.replays >= self.options["max_replays"]
        if void and not last_try:
            self.replays += 1
            result.notes.append(T("Personne n'a réussi son annonce : 0 pour tout le monde, la donne de {k} carte(s) "
                                  "est rejouée par le donneur suivant.",
                                  "Nobody made their bid: 0 for everyone, the {k}-card deal is dealt again by the next "
                                  "dealer.").format(k=entry["cards"]))
        else:
            if void:
                result.notes.append(T("Personne n'a réussi son annonce, mais cette donne a déjà été rejouée {r} fois : "
                                      "elle compte pour 0 et la partie continue.",
                                      "Nobody made their bid, but this deal was already replayed {r} time(s): it counts "
                                      "for 0 and the game moves on.").format(r=self.replays))
            self.step += 1
            self.replays = 0
        result.extra = {"step": self.positions[-1][0] + 1, "replay": self.positions[-1][1], "void": void}
        return result

    def next_extra(self) -> dict:
        pos = self.position(self.number)
        step = pos[0] if pos else len(self.schedule)
        return {"step": step + 1, "steps": len(self.schedule), "hand": self.cards_for(self.number) or 0,
                "replays": self.replays}


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

    def entry_schema(self, n_players: int, options: dict) -> dict:
        opts = self.clean_options(options, n_players)
        schedule = steps(opts["start_cards"])
        return bid_schema("Motton round entry", n_players, max(schedule), schedule)


GAME = Motton()
