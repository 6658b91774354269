"""Le rikiki, as in seed file 000 (« Le rikiki »), completed from the usual Oh Hell rules (pagat.com, "Oh Hell")
as rules-notes §19 and §2 suggest.

Deal k holds 1, 2, … up to the option ``max_cards`` cards each, then back down to 1: 2 × ``max_cards`` − 1 deals,
the top deal once. ``max_cards`` defaults to ⌊51/n⌋, the most that leaves a card to turn for trumps; up to
⌊52/n⌋ is accepted, and a deal where every card is dealt has no trumps. An exact bid scores 10 + 5 × bid, a missed
one −(10 + 5 × the difference). Bids are free (the seed's remark about a one-card deal is no rule); the option
``hook`` forbids the dealer, who bids last, to make them add up to the tricks. Scoring and checks live in
:mod:`companion.rules.bids`, shared with Motton.
"""

from __future__ import annotations

from ..base import CLOCKWISE, Contract, Game, GameInfo, Option, RuleTable
from ..bids import PACK, BidSheet, bid_schema, every_card_dealt
from ..cards import deck
from ..text import T

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
    slug="rikiki",
    names=T("Le rikiki", "Rikiki (Oh Hell)"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=(PACK,),
    family="levees",
    direction=CLOCKWISE,
    source="Seed file 000 (Le rikiki); bidding order, play and house rules from the usual Oh Hell rules (pagat.com).",
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
        return Contract(f"cards-{cards}", T(f"{cards} carte{'s' if cards > 1 else ''}", f"{cards} card{'s' if cards > 1 else ''}"),
                        rule="sans-atout" if every_card_dealt(cards, self.n) else "annonces")

    def score_bid(self, bid: int, tricks: int, cards: int) -> tuple[int, str]:
        points = score(bid, tricks)
        if bid == tricks:
            return points, f"{BASE_POINTS} + {POINTS_PER_TRICK} × {bid} = {points}"
        return points, f"−({BASE_POINTS} + {POINTS_PER_TRICK} × {abs(bid - tricks)}) = {points}".replace("= -", "= −")

    def next_extra(self) -> dict:
        return {"deal": self.number, "deals": len(self.schedule), **self.deal_extra(self.number)}


class Rikiki(Game):
    info = INFO
    sheet_class = RikikiSheet
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
    )

    def entry_schema(self, n_players: int, options: dict) -> dict:
        opts = self.clean_options(options, n_players)
        top = opts["max_cards"]
        return bid_schema("Rikiki round entry", n_players, top, deal_sizes(top))


GAME = Rikiki()
