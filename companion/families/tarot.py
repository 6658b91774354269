"""French tarot as the Fédération française de tarot (FFT) plays it, written once for every tarot Atout scores
(Tarot, Tarot lorrain, Tarot taré). Source: the Règlement officiel of the FFT, and pagat.com's French Tarot.

The numbers here, and the tables built from them, are the FFT's; a game module adds only what it changes (the
tarot taré's deals per game, the tarot lorrain's hand passing).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from typing import Any, ClassVar

from companion.kernel import schema
from companion.kernel.cards import Card, Excuse, Rank, SuitCard, Trump, deck, rank_name
from companion.kernel.entries import EntryReader
from companion.kernel.errors import Problem
from companion.kernel.game import EntryField, Game, Option, RoundResult, RuleTable, Sheet, whole
from companion.kernel.text import T, Text, count, decimal, entered, seat_ref, signed

# The three bouts (oudlers): the 21, the Petit (trump 1) and the Excuse.
BOUTS = (Trump(21), Trump(1), Excuse())

# Card points in half points, so that they stay whole numbers (the pack's 91 points are 182 half points).
CARD_HALF_POINTS = {"bout": 9, "roi": 9, "dame": 7, "cavalier": 5, "valet": 3, "autre": 1}
_HEADS = {Rank.KING: "roi", Rank.QUEEN: "dame", Rank.KNIGHT: "cavalier", Rank.JACK: "valet"}


def half_points(card: Card) -> int:
    """What ``card`` is worth in half points (a King 9, that is 4.5 points; a low card 1, that is 0.5)."""
    if card in BOUTS:
        return CARD_HALF_POINTS["bout"]
    if isinstance(card, SuitCard) and card.rank in _HEADS:
        return CARD_HALF_POINTS[_HEADS[card.rank]]
    return CARD_HALF_POINTS["autre"]


TOTAL_HALF_POINTS = sum(half_points(c) for c in deck("78"))  # 182

# Points the taker needs, by the number of bouts in his camp's tricks at the end.
POINTS_NEEDED = {3: 36, 2: 41, 1: 51, 0: 56}

# Contracts and their multipliers, from the lowest bid.
CONTRACTS = (("prise", 1), ("garde", 2), ("garde_sans", 4), ("garde_contre", 6))
MULTIPLIERS = dict(CONTRACTS)
CONTRACT_BASE = 25
PETIT_AU_BOUT = 10  # multiplied by the contract
POIGNEE = {"simple": 20, "double": 30, "triple": 40}  # not multiplied
CHELEM = {"announced_made": 400, "unannounced_made": 200, "announced_failed": -200}  # not multiplied
CHELEM_DEFENCE = 200  # to each defender when the defence takes every trick (the FFT's Règlement officiel, « Le chelem »)

# Per number of players: cards each, chien, trumps for a simple / double / triple poignée.
HAND_SIZE = {3: 24, 4: 18, 5: 15}
CHIEN_SIZE = {3: 6, 4: 6, 5: 3}
POIGNEE_TRUMPS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}

# How many times the deal's value each seat wins or loses: (taker, called partner, each defender).
SHARES = {3: (2, 0, 1), 4: (3, 0, 1), 5: (2, 1, 1), "5-seul": (4, 0, 1)}


def _half(h: int) -> Text:
    return decimal(h / 2)


def card_order_table(chelem: bool) -> RuleTable:
    """The order of the cards; ``chelem``: the game knows the chelem, whose side wins the last trick with the
    Excuse it leads (the FFT's rule, the Tarot's and the Tarot lorrain's), or not (the Tarot taré)."""
    excuse = (T("aucune force : ne remporte pas le pli, sauf entamée au dernier pli par le camp qui a fait tous les autres (chelem)",
                "no rank: does not win the trick, but when led to the last trick by the side that took all the others (a slam)")
              if chelem else T("aucune force : ne remporte jamais le pli", "no rank: never wins the trick"))
    return RuleTable(
        "card_order",
        T("Ordre des cartes", "Card order"),
        (T("Cartes", "Cards"), T("De la plus forte à la plus faible", "Strongest first")),
        rows=(
            (T("Atouts (battent toute carte de couleur)", "Trumps (beat any suit card)"),
             T("21, 20, 19 … 3, 2, 1 (le Petit)", "21, 20, 19 … 3, 2, 1 (the Petit)")),
            (T("Chaque couleur", "Each suit"),
             T("R, D, C (Cavalier), V, 10, 9 … 2, 1", "King, Queen, Knight (Cavalier), Jack, 10, 9 … 2, 1")),
            (T("Excuse", "Excuse"), excuse),
        ),
    )


CARD_ORDER_TABLE = card_order_table(chelem=True)

CARD_POINTS_TABLE = RuleTable(
    "card_points",
    T("Points des cartes", "Card points"),
    (T("Carte", "Card"), T("Points", "Points")),
    rows=(
        (T("Bout : 21, Petit, Excuse", "Bout (oudler): 21, Petit, Excuse"), _half(CARD_HALF_POINTS["bout"])),
        (rank_name(Rank.KING), _half(CARD_HALF_POINTS["roi"])),
        (rank_name(Rank.QUEEN), _half(CARD_HALF_POINTS["dame"])),
        (T("Cavalier", "Knight (Cavalier)"), _half(CARD_HALF_POINTS["cavalier"])),
        (rank_name(Rank.JACK), _half(CARD_HALF_POINTS["valet"])),
        (T("Toute autre carte (atout ou petite carte)", "Any other card (trump or low card)"), _half(CARD_HALF_POINTS["autre"])),
        (T("Total du jeu", "Whole pack"), _half(TOTAL_HALF_POINTS)),
    ),
)

_CONTRACT_NAMES = {
    "prise": T("Prise (ou petite)", "Prise (small)"),
    "garde": T("Garde", "Garde"),
    "garde_sans": T("Garde sans (le chien)", "Garde sans (without the chien)"),
    "garde_contre": T("Garde contre (le chien)", "Garde contre (against the chien)"),
}
_CHIEN_TAKEN = T("montré, pris par le preneur qui fait son écart", "shown, taken by the taker, who discards")
_CHIEN_FATE = {
    "prise": _CHIEN_TAKEN,
    "garde": _CHIEN_TAKEN,
    "garde_sans": T("non montré ; compte pour le preneur", "not shown; counts for the taker"),
    "garde_contre": T("non montré ; compte pour la défense", "not shown; counts for the defence"),
}

CONTRACTS_TABLE = RuleTable(
    "contracts",
    T("Les contrats, du plus faible au plus fort", "Contracts, lowest first"),
    (T("Contrat", "Contract"), T("Multiplicateur", "Multiplier"), T("Le chien", "The chien")),
    rows=tuple((_CONTRACT_NAMES[k], m, _CHIEN_FATE[k]) for k, m in CONTRACTS),
)

POINTS_NEEDED_TABLE = RuleTable(
    "bouts_needed",
    T("Points à faire par le preneur", "Points the taker needs"),
    (T("Bouts dans ses plis", "Bouts in the taker's tricks"), T("Points à faire", "Points needed")),
    rows=tuple(POINTS_NEEDED.items()),
)

_YES, _NO = T("oui", "yes"), T("non", "no")
PRIMES_TABLE = RuleTable(
    "primes",
    T("Primes", "Bonuses"),
    (T("Prime", "Bonus"), T("Points", "Points"), T("Multipliée par le contrat ?", "Multiplied by the contract?")),
    rows=(
        (T("Petit au bout", "Petit au bout (Petit in the last trick)"), PETIT_AU_BOUT, _YES),
        (T("Poignée simple", "Single poignée"), POIGNEE["simple"], _NO),
        (T("Poignée double", "Double poignée"), POIGNEE["double"], _NO),
        (T("Poignée triple", "Triple poignée"), POIGNEE["triple"], _NO),
        (T("Chelem annoncé et réussi", "Slam announced and made"), CHELEM["announced_made"], _NO),
        (T("Chelem réussi sans annonce", "Slam made, not announced"), CHELEM["unannounced_made"], _NO),
        (T("Chelem annoncé et chuté", "Slam announced and failed"), CHELEM["announced_failed"], _NO),
        (T("Chelem fait par la défense (pour la défense)", "Slam made by the defence (to the defence)"), CHELEM_DEFENCE, _NO),
    ),
)

SHARES_TABLE = RuleTable(
    "score_split",
    T("Qui gagne ou paie la marque", "Who wins or pays the deal's value"),
    (
        T("Joueurs", "Players"),
        T("Preneur (× la marque)", "Taker (× the value)"),
        T("Partenaire appelé", "Called partner"),
        T("Chaque défenseur", "Each defender"),
    ),
    rows=tuple(
        (T("5, preneur seul", "5, taker alone") if k == "5-seul" else k, t, p if p else "—", d)
        for k, (t, p, d) in SHARES.items()
    ),
)

# The first columns of every tarot's « deal by number of players » table; a game adds its own columns.
DEAL_SIZE_TITLE = T("Donne selon le nombre de joueurs", "Deal by number of players")
DEAL_SIZE_COLUMNS = (T("Joueurs", "Players"), T("Cartes chacun", "Cards each"), T("Chien", "Chien"))


def deal_size_row(n_players: int) -> tuple[int, int, int]:
    """Players, cards each and the chien's size: the first cells of a row of a ``deal_sizes`` table."""
    return n_players, HAND_SIZE[n_players], CHIEN_SIZE[n_players]


# -- half points ------------------------------------------------------------------------------------------------
# Entries carry card points as JSON numbers in steps of 0.5 (``40.5``); the sheet computes in half points so that
# every sum is exact, and gives numbers back whole when they are (``41``, never ``41.0``).
BOUT_HALF_POINTS = CARD_HALF_POINTS["bout"]
TOTAL_POINTS = TOTAL_HALF_POINTS // 2  # 91
BOUT_COUNT = len(BOUTS)
TRUMPS_AND_EXCUSE = 22  # 21 trumps, and the Excuse that may stand in for one in a poignée
EXCUSE_WITHOUT_EXCHANGE = 1  # half a point: the Excuse counts 4, not 4.5, to a camp with no trick to exchange it from


def as_half(value: Any) -> int | None:
    """``40.5`` → 81 half points; ``None`` when ``value`` is not a number in steps of 0.5."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    doubled = value * 2
    if abs(doubled) > 10**9 or doubled != int(doubled):
        return None
    return int(doubled)


def from_half(half: int) -> int | float:
    """81 half points → ``40.5``; 82 → ``41`` (an ``int``)."""
    return half // 2 if half % 2 == 0 else half / 2


def read_half_points(r: EntryReader, value: Any, field: str, seat: int | None, lo: int, hi: int) -> int | None:
    """A number of card points in steps of 0.5 between ``lo`` and ``hi`` half points, in half points; every
    problem recorded on ``r``."""
    half = as_half(value)
    if half is None:
        r.add(field, "not_half_points", T("Nombre de points attendu, par demi-points (40 ou 40,5).",
                                          "Expected a number of points, in half points (40 or 40.5)."), seat)
        return None
    if not lo <= half <= hi:
        r.add(field, "out_of_range", T("Entre {lo} et {hi} points.", "Between {lo_en} and {hi_en} points.").format(
            lo=decimal(lo / 2).fr, hi=decimal(hi / 2).fr, lo_en=decimal(lo / 2).en, hi_en=decimal(hi / 2).en), seat)
        return None
    return half


def _pts(half: int) -> Text:
    return decimal(half / 2)


_CONTRACT_WORDS = {"prise": T("en prise", "in a prise"), "garde": T("en garde", "in a garde"),
                   "garde_sans": T("en garde sans", "in a garde sans"), "garde_contre": T("en garde contre", "in a garde contre")}


def _span_words(possible: set[int], points: int) -> Text:
    """What a camp may hold, in words: "de 13 à 89 points, au plus près 52 ou 53" (half points in)."""
    if not possible:
        return T("aucun compte possible", "no possible count")
    lo, hi = min(possible), max(possible)
    out = (T("{lo} points", "{lo_en} points") if lo == hi else T("de {lo} à {hi} points", "from {lo_en} to {hi_en} points")).format(
        lo=_pts(lo).fr, hi=_pts(hi).fr, lo_en=_pts(lo).en, hi_en=_pts(hi).en)
    if lo < points < hi:
        below, above = max(v for v in possible if v < points), min(v for v in possible if v > points)
        out = T("{s}, au plus près {a} ou {b}", "{s_en}, {a_en} or {b_en} at the nearest").format(
            s=out.fr, s_en=out.en, a=_pts(below).fr, b=_pts(above).fr, a_en=_pts(below).en, b_en=_pts(above).en)
    return out


def _words(possible: set[int], points: int, bouts: Text, contract: str, why: Text | None) -> dict[str, str]:
    span = _span_words(possible, points)
    words = _CONTRACT_WORDS[contract]
    return {"w": f"avec {bouts.fr}", "w_en": f"with {bouts.en}", "c": f" {words.fr}", "c_en": f" {words.en}",
            "s": span.fr, "s_en": span.en, "p": _pts(points).fr, "p_en": _pts(points).en, "sa": entered(points / 2),
            "why": why.fr if why else "", "why_en": why.en if why else ""}


# -- the taker's deal, as the FFT counts it: written once for every tarot with a taker ---------------------------
# The Tarot lorrain counts the same deal with one twist, :attr:`TakerSheet.bouts_to_player`: each bout goes to the
# camp of the seat that played it. The plain FFT Tarot is the same sheet with the twist off.
CONTRACT_KEYS = tuple(k for k, _ in CONTRACTS)
POIGNEE_SIZES = tuple(POIGNEE)
CHELEM_KINDS = (*CHELEM, "defence")
CAMPS = ("taker", "defence")
TAKER_CHELEMS = ("announced_made", "unannounced_made")


# -- what the cards allow ----------------------------------------------------------------------------------------
# Every card is worth an odd number of half points (9, 7, 5, 3 or 1), so a pile of m cards holds a number of half
# points of m's parity, anywhere from its m cheapest cards to its m dearest (a card swapped for one two half points
# dearer walks every step in between). A camp's pile is its tricks (a card a player each), the écart or the chien
# when it is the camp's, and the bouts as they end up; the Excuse's camp keeps it and gives a low card in exchange
# for it, so that the Excuse brings its camp 4 points and the trick's winner half a point (the FFT's count, even
# with no card to give; the sheet also takes it at 4.5 from a camp that holds nothing else, as tables often count).
# From these piles the sheet knows, for each number of tricks the taker's camp took, every count of its points.
_NON_BOUT_HALVES = tuple(sorted(half_points(c) for c in deck("78") if c not in BOUTS))  # 59 × 1, 4 × 3, 5, 7 and 9
_KINGS = sum(1 for c in deck("78") if isinstance(c, SuitCard) and c.rank == Rank.KING)
_EXCUSE_KEPT = BOUT_HALF_POINTS - CARD_HALF_POINTS["autre"]  # 8: the Excuse kept, a low card given for it


def tricks_in_deal(n_players: int) -> int:
    """A card each a trick: as many tricks as cards in a hand."""
    return HAND_SIZE[n_players]


def pile_half_points(cards: int, kings_allowed: int = _KINGS) -> tuple[int, int] | None:
    """The least and the most half points ``cards`` cards other than the bouts can hold, at most ``kings_allowed``
    of them kings (an écart holds none); ``None`` when there are not so many cards."""
    allowed = _NON_BOUT_HALVES[:len(_NON_BOUT_HALVES) - (_KINGS - max(0, min(_KINGS, kings_allowed)))]
    if not 0 <= cards <= len(allowed):
        return None
    return sum(allowed[:cards]), sum(allowed[len(allowed) - cards:])


_ALL_HALVES = tuple(sorted(half_points(c) for c in deck("78")))


def cards_half_points(cards: int) -> tuple[int, int] | None:
    """The least and the most half points ``cards`` cards of the pack can hold, bouts included (a pile of the
    Tarot taré's, where every card goes with its trick); ``None`` when the pack has not so many."""
    if not 0 <= cards <= len(_ALL_HALVES):
        return None
    return sum(_ALL_HALVES[:cards]), sum(_ALL_HALVES[len(_ALL_HALVES) - cards:])


def pile_fits(half: int, cards: int) -> bool:
    """Whether ``cards`` cards of the pack can be worth ``half`` half points: between the cheapest and the
    dearest such cards, and of the parity of their number (every card is worth an odd number of half points)."""
    span = cards_half_points(cards)
    return span is not None and span[0] <= half <= span[1] and (half - cards) % 2 == 0


_HONOUR_HALVES = tuple(sorted({v for v in _ALL_HALVES if v > CARD_HALF_POINTS["autre"]}, reverse=True))  # 9, 7, 5, 3
_HONOUR_COUNTS = tuple(_ALL_HALVES.count(v) for v in _HONOUR_HALVES)  # 7 (the bouts and kings), 4, 4, 4


def piles_can_share_the_pack(piles: list[tuple[int, int, bool]], honours: tuple[int, ...] = _HONOUR_COUNTS) -> bool:
    """Whether the pack's cards can be shared into piles of (cards, half points, holds the Petit) that take
    every card: each pile holds its low cards (0.5) and, above them, honours (the 9, 7, 5, 3 half-point cards)
    worth its half points less one per card; a search on the honours left, pile by pile. ``honours``: how many of
    each the piles share (the whole pack's by default)."""
    low = CARD_HALF_POINTS["autre"]
    states = {honours}
    for cards, half, petit in piles:
        extra = half - low * cards  # what the honours bring above a low card each
        if extra < 0 or extra % 2:
            return False
        nxt: set[tuple[int, ...]] = set()
        for left in states:
            for taken in _honour_choices(extra // 2, cards, left):
                if petit and not taken[0]:
                    continue  # the Petit is a 9-half-point card of this pile
                nxt.add(tuple(a - b for a, b in zip(left, taken, strict=True)))
        states = nxt
        if not states:
            return False
    return (0,) * len(_HONOUR_COUNTS) in states


SHARE_SEARCH_BUDGET = 50_000  # steps of :func:`tricks_can_share_the_pack` before the entry has the benefit of the doubt


def tricks_can_share_the_pack(seats: Sequence[Sequence[tuple[int, bool, int, int, bool]]], hand: int, chien_to_last: bool,
                              aside: Sequence[tuple[int, int, bool]] = (), budget: int = SHARE_SEARCH_BUDGET) -> bool | None:
    """Whether some tricks won per seat make the points entered, the tricks not entered: each seat's choices are
    (tricks won, takes the chien with the last trick, cards, half points, holds the Petit); the tricks add up to
    ``hand``, one seat takes the last trick's chien when ``chien_to_last``, and the pack's honours share out between
    the seats' piles and the ``aside`` ones (as :func:`piles_can_share_the_pack`). A depth-first search seat by seat
    that stops at the first way found and remembers the (seat, tricks so far, chien taken, honours left) that led
    nowhere; None when it gave up after ``budget`` steps."""
    low = CARD_HALF_POINTS["autre"]
    failed: set[tuple[int, int, bool, tuple[int, ...]]] = set()
    steps = 0

    def walk(i: int, won_so_far: int, had_last: bool, left: tuple[int, ...]) -> bool | None:
        nonlocal steps
        if i == len(seats):
            if won_so_far != hand or had_last != chien_to_last:
                return False
            return piles_can_share_the_pack(list(aside), left) if aside else not any(left)
        key = (i, won_so_far, had_last, left)
        if key in failed:
            return False
        for won, last, cards, half, petit in seats[i]:
            if won_so_far + won > hand or (had_last and last):
                continue
            extra = half - low * cards
            if extra < 0 or extra % 2:
                continue
            for taken in _honour_choices(extra // 2, cards, left):
                steps += 1
                if steps > budget:
                    return None
                if petit and not taken[0]:
                    continue
                found = walk(i + 1, won_so_far + won, had_last or last,
                             tuple(a - b for a, b in zip(left, taken, strict=True)))
                if found is not False:
                    return found
        failed.add(key)
        return False

    return walk(0, 0, False, _HONOUR_COUNTS)


@functools.lru_cache(maxsize=65536)
def _honour_choices(weight: int, cards: int, left: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The honours (how many of each) worth ``weight`` (4 a 9, 3 a 7, 2 a 5, 1 a 3, over a low card each) that
    ``cards`` cards can hold out of ``left``."""
    steps = tuple((v - CARD_HALF_POINTS["autre"]) // 2 for v in _HONOUR_HALVES)
    out: list[tuple[int, ...]] = []

    def walk(i: int, rest: int, room: int, taken: tuple[int, ...]) -> None:
        if i == len(steps):
            if rest == 0:
                out.append(taken)
            return
        for k in range(min(left[i], room, rest // steps[i]) + 1):
            walk(i + 1, rest - k * steps[i], room - k, (*taken, k))

    walk(0, weight, cards, ())
    return tuple(out)


def _bout_placements(bout: str, across: bool) -> tuple[str, ...]:
    """Where a camp's bout may lie: in its own pile (``slot``), or, played into the other camp's trick,
    kept back from it (``across``): always the Excuse; the Petit too when bouts stay with who played them."""
    if bout == "excuse" or (bout == "petit" and across):
        return ("slot", "across")
    return ("slot",)


@functools.lru_cache(maxsize=4096)
def taker_half_points(n_players: int, contract: str, bouts: int, tricks: int, *, bouts_to_player: bool = False,
                      petit: str | None = None, attackers: int = 1) -> frozenset[int]:
    """Every count of the taker's camp's half points the cards allow when it takes ``tricks`` tricks and ends
    with ``bouts`` bouts, in ``contract``: its tricks, its écart (prise, garde: no king, no bout) or the chien
    (garde sans; a garde contre's is the defence's), each bout where it lies. ``bouts_to_player``: each bout stays
    with the camp that played it (the Tarot lorrain); ``petit``: the camp the Petit au bout names, whose bout the
    Petit is; ``attackers``: the seats of the taker's camp (2 with a called partner at 5 players)."""
    n, h, chien = n_players, tricks_in_deal(n_players), CHIEN_SIZE[n_players]
    if not (0 <= tricks <= h and 0 <= bouts <= BOUT_COUNT):
        return frozenset()
    if not bouts_to_player and (petit == "taker" and tricks == 0 or petit == "defence" and tricks == h):
        return frozenset()  # the Petit au bout is in the last trick, and the trick in its winner's pile
    trick_slots = {"taker": tricks * n, "defence": (h - tricks) * n}
    ecart = chien if contract in ("prise", "garde") else 0
    chien_of = {"taker": chien if contract == "garde_sans" else 0, "defence": chien if contract == "garde_contre" else 0}
    seats = {"taker": attackers, "defence": n - attackers}
    other = {"taker": "defence", "defence": "taker"}
    out: set[int] = set()
    names = ("21", "petit", "excuse")
    for held in itertools.combinations(names, bouts):
        camp_of = {b: "taker" if b in held else "defence" for b in names}
        if petit is not None and camp_of["petit"] != petit:
            continue
        options = [_bout_placements(b, bouts_to_player) for b in names]
        for placing in itertools.product(*options):
            where = dict(zip(names, placing, strict=True))
            slots = {c: trick_slots[c] + chien_of[c] for c in ("taker", "defence")}
            held_in_pile = {"taker": 0, "defence": 0}
            crossings = {"taker": 0, "defence": 0}
            excuse_across = None
            for b in names:
                camp = camp_of[b]
                if where[b] == "slot":
                    held_in_pile[camp] += 1
                    continue
                crossings[camp] += 1
                slots[other[camp]] -= 1  # the card leaves the other camp's trick
                if b == "petit":  # the Tarot lorrain: the Petit back to the camp that played it, nothing given
                    slots[camp] += 1
                    held_in_pile[camp] += 1
                else:
                    excuse_across = camp
            if where["petit"] == "slot" and petit is not None and not trick_slots[camp_of["petit"]]:
                continue  # the Petit au bout was played into a trick of its camp's, not left in the chien
            if any(crossings[c] and crossings[c] > (trick_slots[other[c]] // n) * seats[c] for c in crossings):
                continue  # a card of a camp's into each of the other camp's tricks, a seat of the camp each
            if any(held_in_pile[c] > slots[c] for c in slots):
                continue
            free = {c: slots[c] - held_in_pile[c] + (ecart if c == "taker" else 0) for c in slots}
            if free["defence"] < 0:
                continue
            base = BOUT_HALF_POINTS * held_in_pile["taker"]
            kept_counts = [0]
            if excuse_across == "taker":
                kept_counts = [_EXCUSE_KEPT] + ([BOUT_HALF_POINTS] if slots["taker"] + ecart == 0 else [])
            elif excuse_across == "defence":
                kept_counts = [CARD_HALF_POINTS["autre"]] + ([0] if slots["defence"] == 0 else [])
            span = pile_half_points(free["taker"], slots["taker"] - held_in_pile["taker"])
            if span is None:
                continue
            lo, hi = span
            for kept in kept_counts:
                out.update(range(base + kept + lo, base + kept + hi + 1, 2))
    return frozenset(out)


def tricks_for(n_players: int, contract: str, bouts: int, half: int, **how: Any) -> list[int]:
    """The numbers of tricks of the taker's camp with which the cards allow ``half`` half points and ``bouts``
    bouts (:func:`taker_half_points`)."""
    return [t for t in range(tricks_in_deal(n_players) + 1)
            if half in taker_half_points(n_players, contract, bouts, t, **how)]


def chelem_tricks(chelem: str | None, n_players: int) -> range:
    """The taker's camp's tricks a chelem kind says: all for the taker's, none for the defence's, not all for an
    announced chelem that failed."""
    h = tricks_in_deal(n_players)
    if chelem in TAKER_CHELEMS:
        return range(h, h + 1)
    if chelem == "defence":
        return range(0, 1)
    if chelem == "announced_failed":
        return range(0, h)
    return range(0, h + 1)


def poignee_trumps(n_players: int, size: str) -> int:
    return POIGNEE_TRUMPS[n_players][POIGNEE_SIZES.index(size)]


def points_needed(bouts: int) -> int:
    return POINTS_NEEDED[bouts]


def share_factors(n_players: int, taker: int, partner: int | None) -> list[int]:
    """How many times the deal's value each seat wins (negative: loses): at 3 players the taker 2 and each
    defender −1; at 4, 3 and −1; at 5, taker 2, called partner 1 and each defender −1, or 4 when the taker is
    alone (called his own king, or one in the chien). They add up to zero."""
    alone = partner is None or partner == taker
    key: int | str = "5-seul" if n_players == 5 and alone else n_players
    t, p, d = SHARES[key]
    out = [-d] * n_players
    out[taker] = t
    if partner is not None and not alone:
        out[partner] = p
    return out


POIGNEE_NAMES = {"simple": T("simple", "Single"), "double": T("double", "Double"), "triple": T("triple", "Triple")}


def deal_value(contract: str, bouts: int, points_half: int, petit_au_bout: str | None, poignees: list[dict[str, Any]],
               chelem: str | None, chelem_defence: int = CHELEM_DEFENCE) -> tuple[int, list[Text]]:
    """What one defender pays the taker's camp (negative: is paid), with how it came about: the FFT's
    (25 + d) × multiplier, won or lost, d the gap to the points needed rounded up to the point; ± 10 × multiplier
    for the petit au bout, to the camp that took it whatever the result; the poignées, 20/30/40 each, to the camp
    that wins the deal; the chelem, not multiplied."""
    needed = points_needed(bouts)
    made = points_half >= 2 * needed
    gap = abs(points_half - 2 * needed)
    d = (gap + 1) // 2  # half a point rounds up to a whole one
    mult = MULTIPLIERS[contract]
    sign = 1 if made else -1
    base = sign * (CONTRACT_BASE + d) * mult
    b = count(bouts, "{n} bout", "{n} bouts", "{n} bout", "{n} bouts")
    notes = [
        (T("Contrat réussi : {p} points avec {b}, il en fallait {n} ; de {d}. ({c} + {d}) × {m} = {v}.",
           "Contract made: {p_en} points with {b_en}, {n} needed; by {d}. ({c} + {d}) × {m} = {v}.")
         if made else
         T("Contrat chuté : {p} points avec {b}, il en fallait {n} ; de {d}. −({c} + {d}) × {m} = {v}.",
           "Contract failed: {p_en} points with {b_en}, {n} needed; by {d}. −({c} + {d}) × {m} = {v}.")).format(
            p=_pts(points_half).fr, p_en=_pts(points_half).en, b=b.fr, b_en=b.en, n=needed, d=d, c=CONTRACT_BASE,
            m=mult, v=signed(base))]
    value = base
    if petit_au_bout:
        petit = (1 if petit_au_bout == "taker" else -1) * PETIT_AU_BOUT * mult
        value += petit
        notes.append((T("Petit au bout pour l'attaque : {b} × {m} = {v}.", "Petit au bout to the taker's camp: {b} × {m} = {v}.")
                      if petit > 0 else
                      T("Petit au bout pour la défense : −{b} × {m} = {v}.", "Petit au bout to the defence: −{b} × {m} = {v}.")).format(
            b=PETIT_AU_BOUT, m=mult, v=signed(petit)))
    for p in poignees:
        v = sign * POIGNEE[p["size"]]
        value += v
        notes.append(T("Poignée {s} montrée par {who} : {v} pour le camp qui gagne la donne.",
                       "{s_en} poignée shown by {who}: {v} to the camp that wins the deal.").format(
            s=POIGNEE_NAMES[p["size"]].fr, s_en=POIGNEE_NAMES[p["size"]].en, who=seat_ref(p["seat"]), v=signed(v)))
    if chelem == "defence" and not chelem_defence:
        notes.append(T("Chelem de la défense : pas de prime à cette table.", "Slam by the defence: no bonus at this table."))
    elif chelem:
        v = CHELEM[chelem] if chelem in CHELEM else -chelem_defence
        value += v
        notes.append({
            "announced_made": T("Chelem annoncé et réussi : {v}.", "Slam announced and made: {v}."),
            "unannounced_made": T("Chelem réussi sans annonce : {v}.", "Slam made unannounced: {v}."),
            "announced_failed": T("Chelem annoncé et chuté : {v}.", "Slam announced and failed: {v}."),
            "defence": T("Chelem de la défense : {v}.", "Slam by the defence: {v}."),
        }[chelem].format(v=signed(v)))
    return value, notes


class TakerSheet(Sheet):
    """The score sheet of a tarot with a taker (FFT contracts, primes and shares at 3, 4 and 5 players).

    A subclass sets :attr:`bouts_to_player` (the Tarot lorrain: a bout goes to the camp of the seat that played
    it, with its 4.5 points) and :attr:`rules`, the rulebook anchors its problems point to; a game with options
    on the defence's chelem or the shares at 5 players overrides :meth:`chelem_defence` or :meth:`factors`.
    """

    lowest_wins = False
    bouts_to_player: ClassVar[bool] = False
    counts_unticked_chelem: ClassVar[bool] = True
    rules: ClassVar[dict[str, str]] = {"contract": "encheres", "points": "contrat", "primes": "primes"}
    KEYS = ("taker", "contract", "partner", "bouts", "points", "petit_au_bout", "poignees", "chelem")

    def chelem_defence(self) -> int:
        """What a chelem by the defence is worth to it (the FFT's 200)."""
        return CHELEM_DEFENCE

    def factors(self, taker: int, partner: int | None) -> list[float]:
        """How many times the deal's value each seat wins (the FFT's shares); a game's house rule may give halves
        (the Tarot's equal shares at 5 players), and they must still add up to zero."""
        return list(share_factors(self.n, taker, partner))

    def natural_end(self) -> bool:
        deals = self.options.get("deals")
        return deals is not None and len(self.rounds) >= deals

    def next_extra(self) -> dict[str, Any]:
        return {"hand": HAND_SIZE[self.n], "chien": CHIEN_SIZE[self.n]}

    def entry_fields(self, number: int) -> list[EntryField]:
        fields = [EntryField("taker", T("Preneur", "Taker"), "seat", required=False)]
        if self.n == 5:
            fields.append(EntryField("partner", T("Roi appelé", "Called king"), "seat",
                                     help=T("Qui avait le roi au départ ? Le preneur, quand le roi appelé était dans sa main ou au chien.",
                                            "Who was dealt the called king? The taker, when the called king was in the taker's hand or the chien.")))
        fields += [
            EntryField("contract", T("Contrat", "Contract"), "choice"),
            EntryField("bouts", T("Bouts du preneur", "Taker's bouts"), "count", maximum=BOUT_COUNT),
            EntryField("points", T("Points du preneur", "Taker's points"), "half", maximum=TOTAL_POINTS),
            EntryField("petit_au_bout", T("Petit au bout", "Petit au bout"), "choice", required=False),
            EntryField("poignees", T("Poignée", "Poignée"), "choice", required=False),
            EntryField("chelem", T("Chelem", "Slam"), "choice", required=False),
        ]
        return fields

    # -- checks ---------------------------------------------------------------------------------------------
    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=self.rules["contract"])
        if not r.ok:
            return r.problems
        r.only_keys(set(self.KEYS))
        if "taker" not in r.entry:
            r.missing("taker")
        elif r.entry["taker"] is None:
            for key in self.KEYS[1:]:
                if r.has(key) and r.entry[key] != []:
                    r.add(key, "passed_deal", T("Donne passée (pas de preneur) : rien d'autre à saisir.",
                                                "Passed deal (no taker): nothing else to enter."))
            return r.problems
        r.seat("taker", required=False)
        contract = r.entry.get("contract")
        if contract is None:
            r.missing("contract")
        elif not isinstance(contract, str) or contract not in CONTRACT_KEYS:
            r.add("contract", "bad_contract", T("Contrat inconnu : prise, garde, garde_sans ou garde_contre.",
                                                "Unknown contract: prise, garde, garde_sans or garde_contre."))
            contract = None
        if self.n == 5:
            r.seat("partner")
        elif r.has("partner"):
            r.add("partner", "no_partner", T("Pas de roi appelé à {n} joueurs : seulement à 5.",
                                             "No called king with {n} players: only with 5.").format(n=self.n))
        bouts = points = None
        if r.has("bouts"):
            bouts = r.integer(r.entry["bouts"], "bouts", lo=0, hi=BOUT_COUNT)
        else:
            r.missing("bouts")
        if r.has("points"):
            points = read_half_points(r, r.entry["points"], "points", None, 0, TOTAL_HALF_POINTS)
        else:
            r.missing("points")
        petit = r.entry.get("petit_au_bout")
        if petit is not None and (not isinstance(petit, str) or petit not in CAMPS):
            r.add("petit_au_bout", "bad_camp", T("Petit au bout : « taker » (l'attaque), « defence » ou rien.",
                                                 "Petit au bout: “taker”, “defence” or nothing."), rule=self.rules["primes"])
            petit = None
        self._check_poignees(r)
        chelem = r.entry.get("chelem")
        if chelem is not None and (not isinstance(chelem, str) or chelem not in CHELEM_KINDS):
            r.add("chelem", "bad_chelem", T("Chelem : announced_made, unannounced_made, announced_failed, defence ou rien.",
                                            "Slam: announced_made, unannounced_made, announced_failed, defence or nothing."),
                  rule=self.rules["primes"])
            chelem = None
        if bouts is not None and points is not None:
            # a Petit au bout at odds with the bouts or the chelem is said once, below; the count then ignores it
            petit_fits = not (petit == "taker" and bouts == 0 or petit == "defence" and bouts == BOUT_COUNT
                              or not self.bouts_to_player and petit and chelem in (*TAKER_CHELEMS, "defence")
                              and (petit == "defence") == (chelem in TAKER_CHELEMS))
            self._check_points(r, contract, bouts, points, chelem, petit if petit_fits else None)
        if bouts is not None and petit == "taker" and bouts == 0:
            r.add("petit_au_bout", "petit_without_bout", T("Le Petit est un bout : l'attaque qui l'a au bout a au moins un bout.",
                                                            "The Petit is a bout: a taker's camp with it at the end has at least one bout."),
                  rule=self.rules["primes"])
        if bouts is not None and petit == "defence" and bouts == BOUT_COUNT:
            r.add("petit_au_bout", "petit_without_bout", T("Avec les trois bouts à l'attaque, le Petit n'est pas à la défense.",
                                                            "With all three bouts in the taker's camp, the Petit is not the defence's."),
                  rule=self.rules["primes"])
        if not self.bouts_to_player and petit and chelem in (*TAKER_CHELEMS, "defence"):
            if (petit == "defence") == (chelem in TAKER_CHELEMS):
                r.add("petit_au_bout", "petit_against_chelem", T("Le dernier pli est au camp qui fait le chelem, le Petit au bout aussi.",
                                                                  "The last trick is the slam side's, and so is the Petit au bout."),
                      rule=self.rules["primes"])
        return r.problems

    def _check_poignees(self, r: EntryReader) -> None:
        if not r.has("poignees"):
            return
        value = r.entry["poignees"]
        rule = self.rules["primes"]
        if not isinstance(value, list):
            r.add("poignees", "not_list", T("Liste de poignées attendue : [{\"seat\": 0, \"size\": \"simple\"}].",
                                            "Expected a list of poignées: [{\"seat\": 0, \"size\": \"simple\"}]."), rule=rule)
            return
        seen: set[int] = set()
        trumps = 0
        for i, p in enumerate(value[:self.n + 1]):
            field = f"poignees.{i}"
            if not isinstance(p, dict) or set(p) - {"seat", "size"}:
                r.add(field, "bad_poignee", T("Une poignée : {\"seat\": joueur, \"size\": simple, double ou triple}.",
                                              "A poignée: {\"seat\": player, \"size\": simple, double or triple}."), rule=rule)
                continue
            seat = None
            if p.get("seat") is not None:
                seat = r.seat("seat", value=p.get("seat"), field=field)
            else:
                r.missing(field)
            size = p.get("size")
            if not isinstance(size, str) or size not in POIGNEE_SIZES:
                r.add(field, "bad_size", T("Poignée simple, double ou triple.", "Single (simple), double or triple poignée."),
                      seat, rule=rule)
                size = None
            if seat is not None:
                if seat in seen:
                    r.add(field, "two_poignees", T("Une seule poignée par joueur.", "One poignée per player."), seat, rule=rule)
                seen.add(seat)
            if size is not None:
                trumps += poignee_trumps(self.n, size)
        if len(value) > self.n:
            r.add("poignees", "too_many", T("Une seule poignée par joueur.", "One poignée per player."), rule=rule)
        elif trumps > TRUMPS_AND_EXCUSE:
            r.add("poignees", "too_many_trumps", T(
                "Ces poignées montrent {t} atouts ; il n'y en a que {m} (21 atouts et l'Excuse).",
                "These poignées show {t} trumps; there are only {m} (21 trumps and the Excuse).").format(t=trumps, m=TRUMPS_AND_EXCUSE),
                rule=rule)

    def _card_counts(self, contract: str, bouts: int, tricks: range, petit: str | None, partner: int | None,
                     taker: int | None) -> set[int]:
        """Every count of the taker's camp's half points the cards allow with ``bouts`` bouts when it takes a
        number of tricks in ``tricks``."""
        attackers = 2 if self.n == 5 and partner is not None and taker is not None and partner != taker else 1
        out: set[int] = set()
        for t in tricks:
            out |= taker_half_points(self.n, contract, bouts, t, bouts_to_player=self.bouts_to_player, petit=petit,
                                     attackers=attackers)
        return out

    def played_chelem(self, entry: dict[str, Any]) -> str | None:
        """The chelem a checked entry scores: the one ticked, or, when none is and :attr:`counts_unticked_chelem`,
        the one its count proves (3 bouts and 91 points: every trick was the taker's camp's; nothing at all:
        every trick was the defence's)."""
        chelem: str | None = entry.get("chelem")
        if chelem is not None or not self.counts_unticked_chelem:
            return chelem
        half = as_half(entry["points"])
        assert half is not None  # a checked entry
        partner = entry.get("partner")
        attackers = 2 if self.n == 5 and partner is not None and partner != entry["taker"] else 1
        tricks = tricks_for(self.n, entry["contract"], entry["bouts"], half, bouts_to_player=self.bouts_to_player,
                            petit=entry.get("petit_au_bout"), attackers=attackers)
        if tricks == [tricks_in_deal(self.n)]:
            return "unannounced_made"
        if tricks == [0]:
            return "defence"
        return None

    def _check_points(self, r: EntryReader, contract: str | None, bouts: int, points: int, chelem: str | None,
                      petit: str | None) -> None:
        """Bouts and points against what the cards allow (:func:`taker_half_points`): the taker's camp's tricks,
        its écart or the chien, each bout where it can lie; and against the chelem ticked, which says who took
        every trick."""
        if contract is None:
            return
        rule = self.rules["points"]
        partner, taker = r.entry.get("partner"), r.entry.get("taker")
        partner = partner if isinstance(partner, int) and not isinstance(partner, bool) else None
        taker = taker if isinstance(taker, int) and not isinstance(taker, bool) else None
        h = tricks_in_deal(self.n)
        anyhow = self._card_counts(contract, bouts, range(h + 1), petit, partner, taker)
        bouts_words = count(bouts, "{n} bout", "{n} bouts", "{n} bout", "{n} bouts")
        if points not in anyhow:
            r.add("points", "points_for_bouts", T(
                "Impossible avec les cartes : {w}{c}, l'attaque a {s} ; {p} {sa}.{why}",
                "The cards do not allow it: {w_en}{c_en}, the taker's camp has {s_en}; {p_en} entered.{why_en}").format(
                **_words(anyhow, points, bouts_words, contract, self._why(contract, points, anyhow))),
                rule=rule)
            return
        allowed = self._card_counts(contract, bouts, chelem_tricks(chelem, self.n), petit, partner, taker)
        if points in allowed:
            return
        if chelem == "announced_failed":
            r.add("chelem", "chelem_made", T(
                "Chelem annoncé et chuté, mais {p} points avec {b} ne se font qu'en prenant tous les plis : le chelem est réussi.",
                "Slam announced and failed, but {p_en} points with {b_en} can only be made by taking every trick: the slam was made.").format(
                p=_pts(points).fr, p_en=_pts(points).en, b=bouts_words.fr, b_en=bouts_words.en), rule=self.rules["primes"])
            return
        who = (T("Chelem de l'attaque : la défense n'a aucun pli", "Slam by the taker's camp: the defence has no trick")
               if chelem in TAKER_CHELEMS else
               T("Chelem de la défense : l'attaque n'a aucun pli", "Slam by the defence: the taker's camp has no trick"))
        words = (T("{who} ; {w}{c}, l'attaque a alors {s} ; {p} {sa}.",
                   "{who_en}; {w_en}{c_en}, the taker's camp then has {s_en}; {p_en} entered.") if allowed else
                 T("{who} ; {w}{c}, aucun compte n'est alors possible ; {p} {sa}.",
                   "{who_en}; {w_en}{c_en}, no count is then possible; {p_en} entered."))
        r.add("points", "chelem_points", words.format(
            who=who.fr, who_en=who.en, **_words(allowed, points, bouts_words, contract, None)), rule=rule)

    def _why(self, contract: str, points: int, possible: set[int]) -> Text | None:
        """The reason a count is out, when a short one says it: the chien's owner, or the half points a pile of
        an even number of cards never holds."""
        chien = CHIEN_SIZE[self.n]
        if contract == "garde_contre" and points > max(possible):
            return T(" En garde contre, le chien ({c} cartes) est à la défense.", " In a garde contre the chien ({c} cards) is the defence's.").format(c=chien)
        if contract != "garde_contre" and points < min(possible):
            pile = T("l'écart", "the écart") if contract in ("prise", "garde") else T("le chien", "the chien")
            return T(" Le preneur a au moins {x} ({c} cartes).", " The taker has at least {x_en} ({c} cards).").format(
                x=pile.fr, x_en=pile.en, c=chien)
        if all(v % 2 == 0 for v in possible if v not in (TOTAL_HALF_POINTS - BOUT_HALF_POINTS, BOUT_HALF_POINTS)):
            return T(" À {n} joueurs, les plis ont {n} cartes et le chien {c} : l'attaque a des points entiers.",
                     " With {n} players, tricks have {n} cards and the chien {c}: the taker's camp has whole points.").format(
                n=self.n, c=chien)
        return None

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        """The deal in words: "⟨2⟩ prend une garde avec ⟨4⟩ : 2 bouts, 47 points.", then the primes."""
        if not isinstance(entry, dict) or "taker" not in entry:
            return super().describe_entry(entry, number)
        if entry["taker"] is None:
            return [T("Donne passée : personne n'a pris.", "Passed deal: nobody took.")]
        try:
            taker, partner = seat_ref(int(entry["taker"])), entry.get("partner")
            name = _CONTRACT_NAMES[entry["contract"]]
            pts = _pts(as_half(entry["points"]))  # type: ignore[arg-type]
            with_fr = f" avec {seat_ref(int(partner))}" if partner is not None and partner != entry["taker"] else ""
            with_en = f" with {seat_ref(int(partner))}" if partner is not None and partner != entry["taker"] else ""
            b = count(int(entry["bouts"]), "{n} bout", "{n} bouts", "{n} bout", "{n} bouts")
            lines = [T("{t} prend : {c}{w}. {b}, {p} points.", "{t} takes: {c_en}{w_en}. {b_en}, {p_en} points.").format(
                t=taker, c=name.fr, c_en=name.en, w=with_fr, w_en=with_en, b=b.fr, b_en=b.en, p=pts.fr, p_en=pts.en)]
            petit = entry.get("petit_au_bout")
            if petit:
                lines.append(T("Petit au bout : l'attaque.", "Petit au bout: the taker's camp.") if petit == "taker"
                             else T("Petit au bout : la défense.", "Petit au bout: the defence."))
            for p in entry.get("poignees") or []:
                lines.append(T("Poignée {s} : {who}.", "{s_en} poignée: {who}.").format(
                    s=POIGNEE_NAMES[p["size"]].fr, s_en=POIGNEE_NAMES[p["size"]].en, who=seat_ref(int(p["seat"]))))
            chelem = entry.get("chelem")
            if chelem:
                lines.append({
                    "announced_made": T("Chelem annoncé et réussi.", "Slam announced and made."),
                    "unannounced_made": T("Chelem réussi sans annonce.", "Slam made, not announced."),
                    "announced_failed": T("Chelem annoncé et chuté.", "Slam announced and failed."),
                    "defence": T("Chelem de la défense.", "Slam by the defence."),
                }[chelem])
            return lines
        except (KeyError, TypeError, ValueError, AttributeError):
            return super().describe_entry(entry, number)

    # -- scores ---------------------------------------------------------------------------------------------
    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        if entry["taker"] is None:
            return {"taker": None}
        out: dict[str, Any] = {"taker": entry["taker"], "contract": entry["contract"]}
        if self.n == 5:
            out["partner"] = entry["partner"]
        out["bouts"] = entry["bouts"]
        out["points"] = from_half(as_half(entry["points"]))  # type: ignore[arg-type]
        out["petit_au_bout"] = entry.get("petit_au_bout")
        out["poignees"] = sorted(({"seat": p["seat"], "size": p["size"]} for p in entry.get("poignees") or []),
                                 key=lambda p: p["seat"])
        out["chelem"] = entry.get("chelem")
        return out

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        if entry["taker"] is None:
            return RoundResult(0, entry, [0] * self.n, notes=[T("Donne passée : personne ne marque, la donne passe.",
                                                                "Passed deal: nobody scores, the deal moves on.")])
        taker, partner = entry["taker"], entry.get("partner")
        chelem = self.played_chelem(entry)
        value, notes = deal_value(entry["contract"], entry["bouts"], as_half(entry["points"]),  # type: ignore[arg-type]
                                  entry["petit_au_bout"], entry["poignees"], chelem, self.chelem_defence())
        if chelem != entry["chelem"]:
            notes.insert(0, T("Chelem non coché, mais ces points ne se font qu'avec tous les plis de l'attaque : chelem réussi sans annonce.",
                              "No slam ticked, but these points can only be made with every trick to the taker's camp: a slam made unannounced.")
                         if chelem == "unannounced_made" else
                         T("Chelem non coché, mais ces points ne se font que si la défense a fait tous les plis : chelem de la défense.",
                           "No slam ticked, but these points can only be made with every trick to the defence: a slam by the defence."))
        factors = self.factors(taker, partner)
        scores = [whole(f * value) for f in factors]  # a factor may be a half (equal shares at 5 players)
        if self.n == 5 and (partner is None or partner == taker):
            notes.append(T("{t} joue sans partenaire contre les quatre autres : {f} × {v}.", "{t} plays without a partner against the other four: {f} × {v}.").format(
                t=seat_ref(taker), f=factors[taker], v=signed(value)))
        elif self.n == 5 and partner is not None:
            fp = factors[partner]
            pv = T(signed(value), signed(value)) if fp == 1 else T("{f} × {v}", "{f_en} × {v}").format(
                f=decimal(fp).fr, f_en=decimal(fp).en, v=signed(value))
            ft = decimal(factors[taker])
            notes.append(T("{t} prend avec {p} (roi appelé) : {f} × {v} et {pv} ; chaque défenseur {d}.",
                           "{t} takes with {p} (called king): {f_en} × {v} and {pv_en}; each defender {d}.").format(
                t=seat_ref(taker), p=seat_ref(partner), f=ft.fr, f_en=ft.en, v=signed(value), pv=pv.fr, pv_en=pv.en,
                d=signed(-value)))
        else:
            notes.append(T("{t} marque {f} × {v} = {s} ; chaque défenseur {d}.", "{t} scores {f} × {v} = {s}; each defender {d}.").format(
                t=seat_ref(taker), f=factors[taker], v=signed(value), s=signed(scores[taker]), d=signed(-value)))
        return RoundResult(0, entry, scores, notes=notes, extra={"value": value})

    def summarise(self, result: RoundResult) -> Text | None:
        """"⟨1⟩ · garde · 2 bouts · 44 (+3)": the taker (and the called partner at 5), the contract, the bouts
        and card points of the taker's camp, and how far they were from the points needed; "Donne passée"."""
        from companion.kernel.text import MINUS, count

        entry = result.entry
        if entry.get("taker") is None:
            return T("Donne passée", "Passed deal")
        taker, partner = entry["taker"], entry.get("partner")
        who = seat_ref(taker) + (f" + {seat_ref(partner)}" if partner is not None and partner != taker else "")
        contract = {"prise": T("prise", "small"), "garde": T("garde", "guard"),
                    "garde_sans": T("garde sans", "guard without"),
                    "garde_contre": T("garde contre", "guard against")}[entry["contract"]]
        bouts = count(entry["bouts"], "{n} bout", "{n} bouts", "{n} oudler", "{n} oudlers")
        points = float(entry["points"])
        gap = points - points_needed(entry["bouts"])
        pts, diff = decimal(points), decimal(abs(gap))
        sign = "+" if gap >= 0 else MINUS
        return T("{w} · {c} · {b} · {p} ({s}{d})", "{w} · {c_en} · {b_en} · {p_en} ({s}{d_en})").format(
            w=who, c=contract.fr, c_en=contract.en, b=bouts.fr, b_en=bouts.en, p=pts.fr, p_en=pts.en, s=sign,
            d=diff.fr, d_en=diff.en)

DEALS_OPTION = Option("deals", T("Nombre de donnes", "Number of deals"), "int", None, minimum=1, maximum=1_000, nullable=True,
                      help=T("La partie s'arrête après ce nombre de donnes, donnes passées comprises. Vide : on arrête quand on veut.",
                             "The game ends after this many deals, passed ones included. Empty: stop whenever you like."))


class TakerGame(Game):
    """A tarot with a taker: its options and its entry's JSON Schema."""

    options: ClassVar[tuple[Option, ...]] = (DEALS_OPTION,)

    def deal_arguments(self, n_players: int, options: dict[str, Any], number: int) -> dict[str, Any]:
        """The deal scores itself as a sheet of the table would (its shares at 5, its house rules): one such
        sheet, read-only."""
        return {"sheet": self.new_sheet(n_players, options)}

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The sheet's :attr:`TakerSheet.KEYS`: a played deal (the partner only at 5), or a passed one whose other
        keys, if sent at all, are null or empty (a form sends its empty fields)."""
        seat = schema.seat(n_players)
        played = {
            "taker": schema.seat(n_players, "the seat that took"),
            "contract": schema.choice(list(CONTRACT_KEYS)),
            "partner": schema.seat(n_players, "the seat dealt the called king (the taker: alone); at 5 players only"),
            "bouts": schema.whole(0, BOUT_COUNT, "bouts of the taker's camp at the end"),
            "points": {"type": "number", "minimum": 0, "maximum": TOTAL_POINTS, "multipleOf": 0.5,
                       "description": "card points of the taker's camp, in steps of 0.5"},
            "petit_au_bout": schema.choice([*CAMPS, None], "the camp that took the Petit in the last trick"),
            "poignees": {"type": "array", "maxItems": n_players, "items": schema.obj(
                {"seat": seat, "size": schema.choice(list(POIGNEE_SIZES))}, ["seat", "size"])},
            "chelem": schema.choice([*CHELEM_KINDS, None]),
        }
        assert set(played) == set(TakerSheet.KEYS)  # the keys check_entry allows
        if n_players != 5:
            del played["partner"]
        empty = {"anyOf": [{"type": "null"}, {"type": "array", "maxItems": 0}], "description": "nothing (a passed deal)"}
        passed = schema.obj({"taker": {"type": "null"}, **{k: empty for k in TakerSheet.KEYS[1:]}}, ["taker"],
                            "everybody passed (or a petit sec): no score")
        required = ["taker", "contract", "bouts", "points", *(["partner"] if n_players == 5 else [])]
        return schema.entry(f"{self.info.names.en} round entry", one_of=[schema.obj(played, required), passed])


# -- what the taker tarots' rulebook pages show (Tarot, Tarot lorrain: one contract, a taker against the defence) --
TAKER_TABLES = (
    CARD_ORDER_TABLE,
    CARD_POINTS_TABLE,
    RuleTable(
        "deal_sizes",
        DEAL_SIZE_TITLE,
        (*DEAL_SIZE_COLUMNS, T("Poignée simple (atouts)", "Single poignée (trumps)"), T("Double", "Double"),
         T("Triple", "Triple")),
        rows=tuple((*deal_size_row(n), *POIGNEE_TRUMPS[n]) for n in HAND_SIZE),
    ),
    CONTRACTS_TABLE,
    POINTS_NEEDED_TABLE,
    PRIMES_TABLE,
    SHARES_TABLE,
)


def taker_values(packet: int) -> tuple[tuple[str, Any], ...]:
    """The numbers a taker tarot's rulebook page quotes (``{{value:…}}``), the cards dealt ``packet`` at a time."""
    return (
        ("deck_size", len(deck("78"))),
        ("trumps", TRUMPS_AND_EXCUSE - 1),
        ("packet", packet),
        ("total_points", TOTAL_POINTS),
        ("bout_points", decimal(BOUT_HALF_POINTS / 2)),
        ("low_card", decimal(CARD_HALF_POINTS["autre"] / 2)),
        ("contract_base", CONTRACT_BASE),
        ("petit_au_bout", PETIT_AU_BOUT),
        ("trumps_and_excuse", TRUMPS_AND_EXCUSE),
        ("chelem_defence", CHELEM_DEFENCE),
        ("chelem_announced", CHELEM["announced_made"]),
        ("chelem_unannounced", CHELEM["unannounced_made"]),
        ("chelem_failed", -CHELEM["announced_failed"]),
    )
