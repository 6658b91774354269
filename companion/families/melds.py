"""Melds — sets and runs laid on the table — as the rummy family reads them (rami, gin-rami, petite école…).

A meld is a list of cards in the order they lie on the table. :func:`read_meld` says what it is (a *set*: 3 or
4 cards of one rank; a *run*: 3 or more cards of one suit in sequence), which card each wild card stands for, and
every reason it is not a meld. :func:`read_lay` reads several melds laid together, checks them against the
deck (no third 7♥ from two packs) and, for an opening, against a minimum value and a run without a wild card.

What differs between games is a :class:`MeldRules` value (ace low/high, which cards are wild, suits in a set)
and a point function; the code that reads melds is written once.

Ranks in a meld are *ordinals*: ace 1 (low) or 14 (high), two to ten as printed, jack 11, queen 12, king 13.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from companion.kernel.cards import EN_RANK, SUITS, Card, Joker, Rank, Suit, SuitCard, display, show
from companion.kernel.errors import Problem
from companion.kernel.text import T, Text, count
from companion.kernel.text import count as count_words

SET = "set"
RUN = "run"

ACE_LOW = 1
ACE_HIGH = 14
ORDINALS: dict[Rank, int] = {r: r.value for r in Rank if Rank.ACE.value <= r.value <= Rank.TEN.value}
ORDINALS.update({Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13})
RANK_AT: dict[int, Rank] = {v: r for r, v in ORDINALS.items()}
RANK_AT[ACE_HIGH] = Rank.ACE
LONGEST_RUN = len(ORDINALS)  # 13: As to Roi or 2 to As, never the ace at both ends

def is_joker(card: Card) -> bool:
    return isinstance(card, Joker)


_FR_PLURAL = {Rank.ACE: "d'as", Rank.KING: "de rois", Rank.QUEEN: "de dames", Rank.JACK: "de valets"}
_EN_PLURAL = {Rank.ACE: "aces", Rank.KING: "kings", Rank.QUEEN: "queens", Rank.JACK: "jacks"}
_FR_ONE = {Rank.ACE: "un as", Rank.KING: "un roi", Rank.QUEEN: "une dame", Rank.JACK: "un valet"}
_EN_ONE = {Rank.ACE: "an ace", Rank.KING: "a king", Rank.QUEEN: "a queen", Rank.JACK: "a jack", Rank.EIGHT: "an 8"}


def ranks_of(rank: Rank) -> Text:
    """``de rois`` / ``kings``, ``de 7`` / ``7s``: how a set of that rank is named."""
    return Text(_FR_PLURAL.get(rank, f"de {rank.code}"), _EN_PLURAL.get(rank, f"{rank.code}s"))


def one_of(rank: Rank) -> Text:
    """``une dame`` / ``a queen``."""
    return Text(_FR_ONE.get(rank, f"un {rank.code}"), _EN_ONE.get(rank, f"a {rank.code}"))


@dataclass(frozen=True)
class MeldRules:
    """How a game reads melds. The defaults are Rami's."""

    set_sizes: tuple[int, int] = (3, 4)  # fewest and most cards in a set
    min_run: int = 3
    distinct_suits_in_sets: bool = True  # a set is 7♠ 7♥ 7♣, never 7♥ 7♥ 7♣
    ace_low: bool = True  # A-2-3
    ace_high: bool = True  # Q-K-A
    ace_in_set: int = ACE_HIGH  # the ordinal an ace counts as in a set (for points)
    is_wild: Callable[[Card], bool] = is_joker
    min_naturals: int = 1  # a meld of wild cards only says nothing about what it is
    max_wilds: int | None = None  # per meld; None: no limit
    wild_won_back_from_runs: bool = True
    rule_melds: str | None = None  # rulebook anchors of the checks
    rule_opening: str | None = None

    def ordinals(self, rank: Rank) -> tuple[int, ...]:
        if rank is Rank.ACE:
            return tuple(v for v, ok in ((ACE_LOW, self.ace_low), (ACE_HIGH, self.ace_high)) if ok)
        return (ORDINALS[rank],) if rank in ORDINALS else ()


PointFn = Callable[[int, bool], int]  # (ordinal, wild) -> points


@dataclass(frozen=True)
class Place:
    """One card of a meld as it lies: the card, and the card it counts as."""

    index: int
    card: Card
    ordinal: int  # 1 … 14
    suit: Suit | None  # None for a wild card in a set: its suit cannot be told
    wild: bool
    suits: tuple[Suit, ...] = ()  # a wild card in a set: the suits it may stand for

    @property
    def stands_for(self) -> SuitCard | None:
        """The exact card a wild card replaces (a run), or None when it cannot be told (a set)."""
        if self.suit is None:
            return None
        return SuitCard(RANK_AT[self.ordinal], self.suit)

    @property
    def rank(self) -> Rank:
        return RANK_AT[self.ordinal]


@dataclass(frozen=True)
class Meld:
    """What a list of cards is as a meld; ``problems`` empty means a valid meld."""

    cards: tuple[Card, ...]
    kind: str | None  # SET, RUN, or None when it cannot be read as either
    places: tuple[Place, ...] = ()
    problems: tuple[Problem, ...] = ()
    won_back: bool = False  # wild cards of this meld may be won back (runs)

    @property
    def valid(self) -> bool:
        return self.kind is not None and not self.problems

    @property
    def wilds(self) -> tuple[Place, ...]:
        return tuple(p for p in self.places if p.wild)

    @property
    def pure(self) -> bool:
        """No wild card in it."""
        return not self.wilds

    def points(self, point_fn: PointFn) -> int:
        return sum(point_fn(p.ordinal, p.wild) for p in self.places)

    def describe(self) -> Text:
        """``Suite à ♥ : 10-V-D`` / ``Brelan de 7``."""
        if not self.places:
            return show(self.cards)
        if self.kind == SET:
            of = ranks_of(self.places[0].rank)
            if len(self.places) == 4:
                return T("Carré {r}", "Four {r_en}").format(r=of.fr, r_en=of.en)
            return T("Brelan {r}", "Three {r_en}").format(r=of.fr, r_en=of.en)
        suit = next(p.suit for p in self.places if p.suit is not None)
        ordered = sorted(self.places, key=lambda p: p.ordinal)
        fr = "-".join("As" if p.rank is Rank.ACE else p.rank.display for p in ordered)
        en = "-".join(EN_RANK.get(RANK_AT[p.ordinal], RANK_AT[p.ordinal].code) for p in ordered)
        return T("Suite à {s} : {r}", "Run in {s}: {r_en}").format(s=suit.symbol, r=fr, r_en=en)

    def wild_notes(self) -> list[Text]:
        """What each wild card stands for, and whether it can be won back."""
        notes = []
        for p in self.wilds:
            c = p.stands_for
            if c is None:
                continue
            if self.won_back:
                notes.append(T("Le joker remplace le {c} : qui pose le {c} à sa place reprend le joker.",
                               "The joker stands for the {c_en}: whoever lays the {c_en} in its place takes the joker.").format(
                    c=display(c, "fr"), c_en=display(c, "en")))
            else:
                notes.append(T("Le joker remplace le {c}.", "The joker stands for the {c_en}.").format(
                    c=display(c, "fr"), c_en=display(c, "en")))
        in_set = [p for p in self.wilds if p.stands_for is None]
        if in_set:
            one, suits = one_of(in_set[0].rank), " ".join(s.symbol for s in in_set[0].suits)
            of = ranks_of(in_set[0].rank)
            if len(in_set) == 1:
                notes.append(T("Le joker tient la place d'{r} ({s}) : dans un brelan ou un carré, on ne peut pas dire "
                               "lequel, il ne peut donc pas être repris.",
                               "The joker stands for {r_en} ({s}): in a set nobody can tell which one, so it cannot be "
                               "won back.").format(r=one.fr, r_en=one.en, s=suits))
            else:
                notes.append(T("Les {n} jokers tiennent la place {r} ({s}) : dans un brelan ou un carré, on ne peut pas dire "
                               "lesquels, ils ne peuvent donc pas être repris.",
                               "The {n} jokers stand for {r_en} ({s}): in a set nobody can tell which ones, so they cannot be "
                               "won back.").format(n=len(in_set), r=of.fr, r_en=of.en, s=suits))
        return notes


def _problem(field_name: str, code: str, message: Text, rule: str | None) -> Problem:
    return Problem(field_name, code, message, None, rule)


def read_meld(cards: Sequence[Card], rules: MeldRules = MeldRules(), field: str = "") -> Meld:
    """Read ``cards`` (in table order) as a set or a run; every problem is named with ``field``."""
    cards = tuple(cards)
    rule = rules.rule_melds
    problems: list[Problem] = []

    def add(code: str, message: Text) -> None:
        problems.append(_problem(field, code, message, rule))

    foreign = [c for c in cards if not rules.is_wild(c) and not (isinstance(c, SuitCard) and rules.ordinals(c.rank))]
    if foreign:
        add("not_in_game", T("Ces cartes n'entrent pas dans une combinaison : {c}.", "These cards cannot be melded: {c_en}.").format(
            c=show(foreign).fr, c_en=show(foreign).en))
        return Meld(cards, None, (), tuple(problems))
    if len(cards) < min(rules.set_sizes[0], rules.min_run):
        add("too_short", T("Une combinaison a au moins {k} cartes ({n} ici).", "A meld has at least {k} cards ({n} here).").format(
            k=min(rules.set_sizes[0], rules.min_run), n=len(cards)))
        return Meld(cards, None, (), tuple(problems))
    # Every card that is not wild is a suited one (``foreign`` above): the isinstance only tells the type checker.
    naturals = [(i, c) for i, c in enumerate(cards) if not rules.is_wild(c) and isinstance(c, SuitCard)]
    n_wild = len(cards) - len(naturals)
    if len(naturals) < rules.min_naturals:
        add("too_few_naturals", T("Il faut au moins {k} vraie{s} carte{s} à côté des jokers pour savoir ce que la combinaison représente.",
                                  "At least {k_en} real card{s} {are} needed beside the jokers to tell what the meld is.").format(
            k="une" if rules.min_naturals == 1 else rules.min_naturals,
            k_en="one" if rules.min_naturals == 1 else rules.min_naturals, s="" if rules.min_naturals == 1 else "s",
            are="is" if rules.min_naturals == 1 else "are"))
        return Meld(cards, None, (), tuple(problems))
    if rules.max_wilds is not None and n_wild > rules.max_wilds:
        add("too_many_wilds", count(rules.max_wilds, "Au plus {n} joker par combinaison.", "Au plus {n} jokers par combinaison.",
                                    "At most {n} joker in a meld.", "At most {n} jokers in a meld."))

    ranks = {c.rank for _, c in naturals}
    suits = {c.suit for _, c in naturals}
    as_set = len(ranks) == 1 and (len(naturals) >= 2 or len(cards) <= rules.set_sizes[1])
    if as_set:
        return _read_set(cards, naturals, rules, field, problems)
    if len(suits) > 1 and len(ranks) > 1:
        if _run_solutions(naturals, len(cards), rules):
            add("run_suits", T("Une suite est d'une seule couleur : {c}.", "A run is all one suit: {c_en}.").format(
                c=show(cards).fr, c_en=show(cards).en))
            return Meld(cards, None, (), tuple(problems))
        add("not_a_meld", T("Ni un brelan (cartes de même hauteur) ni une suite (cartes de même couleur) : {c}.",
                            "Neither a set (cards of one rank) nor a run (cards of one suit): {c_en}.").format(
            c=show(cards).fr, c_en=show(cards).en))
        return Meld(cards, None, (), tuple(problems))
    return _read_run(cards, naturals, rules, field, problems)


def _read_set(cards: tuple[Card, ...], naturals: list[tuple[int, SuitCard]], rules: MeldRules, field: str, problems: list[Problem]) -> Meld:
    rule = rules.rule_melds
    rank = naturals[0][1].rank
    lo, hi = rules.set_sizes
    if not lo <= len(cards) <= hi:
        problems.append(_problem(field, "set_size", T("Un brelan a {lo} cartes et un carré {hi} : {n} ici.",
                                                     "A set has {lo} or {hi} cards: {n} here.").format(n=len(cards), lo=lo, hi=hi), rule))
    if rules.distinct_suits_in_sets:
        seen: set[Suit] = set()
        for _, c in naturals:
            if c.suit in seen:
                problems.append(_problem(field, "same_suit_in_set", T(
                    "Deux {c} dans un même brelan : les couleurs doivent être toutes différentes.",
                    "Two {c_en} in one set: the suits must all differ.").format(c=display(c, "fr"), c_en=display(c, "en")), rule))
            seen.add(c.suit)
    missing = tuple(s for s in SUITS if s not in {c.suit for _, c in naturals})
    ordinal = rules.ace_in_set if rank is Rank.ACE else ORDINALS[rank]
    places = tuple(
        Place(i, c, ordinal, None, True, missing) if rules.is_wild(c) or not isinstance(c, SuitCard)
        else Place(i, c, ordinal, c.suit, False)
        for i, c in enumerate(cards)
    )
    return Meld(cards, SET, places, tuple(problems), won_back=False)


def _run_solutions(naturals: list[tuple[int, SuitCard]], length: int, rules: MeldRules, modulo: bool = False) -> list[tuple[int, int]]:
    """Every (direction, first ordinal) that puts the natural cards in sequence; ascending first."""
    out = []
    lo = ACE_LOW if rules.ace_low else 2
    hi = ACE_HIGH if rules.ace_high else 13
    for direction in (1, -1):
        starts: set[int] | None = None
        for i, c in naturals:
            if modulo:
                options = {(v - direction * i) % 13 for v in rules.ordinals(c.rank)}
            else:
                options = {v - direction * i for v in rules.ordinals(c.rank)}
            starts = options if starts is None else starts & options
        for s in sorted(starts or ()):
            if modulo:
                out.append((direction, s))
                continue
            end = s + direction * (length - 1)
            if lo <= min(s, end) and max(s, end) <= hi:
                out.append((direction, s))
    return out


def _read_run(cards: tuple[Card, ...], naturals: list[tuple[int, SuitCard]], rules: MeldRules, field: str, problems: list[Problem]) -> Meld:
    rule = rules.rule_melds
    suits = {c.suit for _, c in naturals}
    if len(cards) < rules.min_run:
        problems.append(_problem(field, "too_short", T("Une suite a au moins {k} cartes.", "A run has at least {k} cards.").format(
            k=rules.min_run), rule))
        return Meld(cards, None, (), tuple(problems))
    twice = [c for c, k in Counter(c for _, c in naturals).items() if k > 1]
    if twice:
        ace = any(c.rank is Rank.ACE for c in twice)
        problems.append(_problem(field, "same_card_twice", T(
            "Deux {c} dans une même suite : deux cartes identiques ne vont jamais dans la même combinaison{a}.",
            "Two {c_en} in one run: two identical cards never go in the same meld{a_en}.").format(
            c=", deux ".join(display(c, "fr") for c in twice), c_en=", two ".join(display(c, "en") for c in twice),
            a=" ; l'As se met en bas (As-2-3) ou en haut (D-R-As), pas aux deux bouts" if ace else "",
            a_en="; the ace goes low (A-2-3) or high (Q-K-A), not at both ends" if ace else ""), rule))
    if len(cards) > LONGEST_RUN:
        problems.append(_problem(field, "run_too_long", T(
            "Une suite a {k} cartes au plus ({n} ici) : de l'As au Roi ou du 2 à l'As, car l'As se met en bas (As-2-3) "
            "ou en haut (D-R-As), pas aux deux bouts.",
            "A run has {k} cards at most ({n} here): Ace to King or 2 to Ace, since the ace goes low (A-2-3) or high "
            "(Q-K-A), not at both ends.").format(k=LONGEST_RUN, n=len(cards)), rule))
    if twice or len(cards) > LONGEST_RUN:
        return Meld(cards, None, (), tuple(problems))
    suit = suits.pop()
    solutions = _run_solutions(naturals, len(cards), rules)
    if not solutions:
        if _run_solutions(naturals, len(cards), rules, modulo=True):
            problems.append(_problem(field, "round_the_corner", T(
                "On ne tourne pas le coin : l'As se met en bas (As-2-3) ou en haut (D-R-As), jamais R-As-2.",
                "No going round the corner: the ace goes low (A-2-3) or high (Q-K-A), never K-A-2."), rule))
        else:
            has_wild = len(naturals) < len(cards)
            problems.append(_problem(field, "not_in_sequence", T(
                "Ces cartes ne se suivent pas{j} : {c}.", "These cards are not in sequence{j_en}: {c_en}.").format(
                j=", même avec les jokers" if has_wild else "", j_en=", even with the jokers" if has_wild else "",
                c=show(cards).fr, c_en=show(cards).en), rule))
        return Meld(cards, None, (), tuple(problems))
    direction, start = solutions[0]
    places = tuple(
        Place(i, c, start + direction * i, suit, rules.is_wild(c)) for i, c in enumerate(cards)
    )
    return Meld(cards, RUN, places, tuple(problems), won_back=rules.wild_won_back_from_runs)


@dataclass(frozen=True)
class Lay:
    """Melds laid together (one turn, or an opening), read and checked."""

    melds: tuple[Meld, ...]
    points: int  # the value of the valid melds
    problems: tuple[Problem, ...] = field(default_factory=tuple)

    @property
    def valid(self) -> bool:
        return not self.problems


def over_the_deck(groups: Iterable[tuple[int, Sequence[Card]]], deck_cards: Iterable[Card]) -> list[tuple[int, Card, int, int]]:
    """Cards seen more often than the deck holds them: ``(key, card, count, limit)`` once per such card.

    ``groups`` are ``(key, cards)`` pairs (a seat and its hand, a meld index and its cards); ``key`` is the group
    where the card went over its limit, ``count`` how many were seen in all.
    """
    limits = Counter(deck_cards)
    seen: Counter[Card] = Counter()
    first_over: dict[Card, int] = {}
    for key, group in groups:
        for c in group:
            seen[c] += 1
            if seen[c] > limits.get(c, 0) and c not in first_over:
                first_over[c] = key
    return [(key, c, seen[c], limits.get(c, 0)) for c, key in first_over.items()]


def copies_problem(card: Card, count: int, limit: int, field_name: str, seat: int | None = None, rule: str | None = None) -> Problem:
    if is_joker(card):
        jokers = count_words(count, "{n} joker", "{n} jokers", "{n} joker", "{n} jokers")
        words = (T("{j} : le jeu n'en a que {k}.", "{j_en}: the pack has only {k}.") if limit else
                 T("{j} : ce jeu n'en a pas.", "{j_en}: this pack has none."))
        return Problem(field_name, "too_many_jokers", words.format(j=jokers.fr, j_en=jokers.en, k=limit), seat, rule)
    return Problem(field_name, "too_many_copies", T("{n} fois le {c} : le jeu n'en a que {k}.",
                                                   "The {c_en} {n} times: the pack has only {k}.").format(
        n=count, c=display(card, "fr"), c_en=display(card, "en"), k=limit), seat, rule)


def read_lay(
    melds: Sequence[Sequence[Card]],
    rules: MeldRules,
    point_fn: PointFn,
    deck_cards: Iterable[Card],
    opening_minimum: int | None = None,
    field: str = "melds",
) -> Lay:
    """Read melds laid together. With ``opening_minimum`` they must be worth that much and hold at least one
    run without a wild card (the opening of a rami)."""
    read = tuple(read_meld(cards, rules, f"{field}.{i}") for i, cards in enumerate(melds))
    problems: list[Problem] = [p for m in read for p in m.problems]
    if not melds:
        problems.append(Problem(field, "no_meld", T("Aucune combinaison.", "No meld."), None, rules.rule_melds))
    for i, card, times, limit in over_the_deck(enumerate(melds), deck_cards):
        problems.append(copies_problem(card, times, limit, f"{field}.{i}", rule=rules.rule_melds))
    points = sum(m.points(point_fn) for m in read if m.valid)
    if opening_minimum is not None and melds:
        if points < opening_minimum:
            problems.append(Problem(field, "opening_points", T(
                "Pour ouvrir il faut {k} points au moins : {p} seulement.",
                "An opening needs at least {k} points: only {p}.").format(k=opening_minimum, p=points), None, rules.rule_opening))
        if not any(m.valid and m.kind == RUN and m.pure for m in read):
            problems.append(Problem(field, "no_pure_run", T(
                "Pour ouvrir il faut au moins une suite sans joker.",
                "An opening needs at least one run without a joker."), None, rules.rule_opening))
    return Lay(read, points, tuple(problems))
