"""Reading the hands a round entry gives: ``{"cards": [codes]}`` (the sheet counts them), ``{"points": n}`` (counted
at the table) or ``null`` where the game says a seat holds nothing.

Each game says what a hand may hold (how many cards, how many points); this module reads the shape, the card codes
against the packs in play, and — over the whole entry at once — that no card shows up more often than those packs
hold it. Problems go to the game's :class:`~companion.kernel.entries.EntryReader`, tied to the field and the seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.families.melds import copies_problem, over_the_deck
from companion.kernel.cards import Card, Joker, show
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.text import T, Text

HAND = T("Main", "Hand")


@dataclass(frozen=True)
class Hand:
    """A hand as entered: its cards when listed (``points`` is then their value), else only the points."""

    cards: tuple[Card, ...] | None
    points: int  # in the game's unit: whole points, or half points for a game that counts halves

    @property
    def listed(self) -> bool:
        return self.cards is not None


def read_hand(
    r: EntryReader,
    value: Any,
    seat: int | None,
    pack: Counter[Card],
    card_points: Callable[[Card], int],
    *,
    field: str = "hands",
    what: Text = HAND,
    half_points: bool = False,
) -> Hand | None:
    """One hand, ``{"cards": [...]}`` or ``{"points": n}``; None (and a problem in ``r``) when it does not read.

    ``pack`` counts the cards in play (jokers included where the game has them); ``card_points`` is what a listed
    card is worth, in the unit of ``points``. With ``half_points`` the table's points may be halves (0.5, 1.5…) and
    come back doubled, so that every sum stays a whole number.
    """
    if not isinstance(value, dict) or len(value) != 1 or not ({"cards", "points"} & value.keys()):
        r.add(field, "not_hand", T("{w} : des cartes ({{\"cards\": […]}}) ou des points comptés ({{\"points\": n}}).",
                                   "{w_en}: cards ({{\"cards\": […]}}) or counted points ({{\"points\": n}}).").format(
            w=what.fr, w_en=what.en), seat)
        return None
    if "points" in value:
        points = value["points"]
        doubled = points * 2 if isinstance(points, int | float) and not isinstance(points, bool) else None
        if half_points and doubled is not None and doubled == int(doubled) and points >= 0:
            return Hand(None, int(doubled))
        if not half_points and is_int(points) and points >= 0:
            return Hand(None, points)
        r.add(field, "not_points", T("{w} : un nombre de points positif ou nul{h}.", "{w_en}: a number of points, 0 or more{h_en}.").format(
            w=what.fr, w_en=what.en, h=", par demi-points" if half_points else ", entier",
            h_en=", in half points" if half_points else ", whole"), seat)
        return None
    codes = value["cards"]
    size = sum(pack.values())
    if not isinstance(codes, list):
        r.add(field, "not_list", T("{w} : une liste de cartes.", "{w_en}: a list of cards.").format(w=what.fr, w_en=what.en), seat)
        return None
    if len(codes) > size:
        r.add(field, "too_many_cards", T("{w} : {n} cartes, le jeu n'en a que {k}.", "{w_en}: {n} cards, the pack has only {k}.").format(
            w=what.fr, w_en=what.en, n=len(codes), k=size), seat)
        return None
    cards = r.card_list(codes, field, seat)
    if cards is None:
        return None
    foreign = [c for c in cards if c not in pack]
    if foreign:
        jokers = [c for c in foreign if isinstance(c, Joker)]
        if jokers:
            r.add(field, "no_joker", T("Pas de joker dans ce jeu.", "No joker in this game."), seat)
        others = [c for c in foreign if not isinstance(c, Joker)]
        if others:
            r.add(field, "not_in_pack", T("Pas une carte du jeu : {c}.", "Not a card of the pack: {c_en}.").format(
                c=show(others).fr, c_en=show(others).en), seat)
        return None
    return Hand(tuple(cards), sum(card_points(c) for c in cards))


def check_copies(r: EntryReader, groups: Iterable[tuple[int, Sequence[Card]]], pack: Counter[Card], field: str = "hands") -> None:
    """No card more often than ``pack`` holds it, over the whole entry (``groups``: seat and cards)."""
    for seat, card, count, limit in over_the_deck(groups, pack):
        r.problems.append(copies_problem(card, count, limit, field, seat))


def hand_json(hand: dict[str, Any] | None) -> dict[str, Any] | None:
    """A hand as stored: card codes in their canonical spelling, points as given."""
    if hand is None:
        return None
    if "cards" in hand:
        return {"cards": [Card.parse_code(c).code for c in hand["cards"]]}
    return {"points": hand["points"]}


def hand_words(hand: Any) -> Text | None:
    """A stored hand for the history: ``R♥ 5♠`` or ``12 points``; None when it is not a hand."""
    if not isinstance(hand, dict):
        return None
    if isinstance(hand.get("cards"), list):
        try:
            cards = [Card.parse_code(c) for c in hand["cards"]]
        except (ValueError, TypeError, AttributeError):
            return T(" ".join(map(str, hand["cards"])), " ".join(map(str, hand["cards"])))
        shown = show(cards)
        return T(shown.fr or "aucune carte", shown.en or "no card")
    if "points" in hand:
        return T(f"{_fr_number(hand['points'])} points", f"{hand['points']} points")
    return None


def _fr_number(value: Any) -> str:
    return str(value).replace(".", ",")


# -- What hands counted in points can be, given the cards the packs still hold -------------------------------------
#
# A hand given by its points hides its cards, but they are real cards: taken from the packs, not from another hand
# of the same entry. With cards grouped by what they are worth, a hand of ``k`` cards worth ``p`` is a choice of how
# many cards of each value it holds; the whole entry is possible when every hand's choice fits, all of them together,
# in what is left of the packs once the listed cards are out.

Worths = tuple[int, ...]  # how many cards of each value (in the order of ``Pool.values``)


@dataclass(frozen=True)
class Pool:
    """Cards grouped by worth: ``values`` in increasing order and how many cards of each are left (``left``)."""

    values: tuple[int, ...]
    left: Worths

    @classmethod
    def of(cls, cards: Counter[Card], card_points: Callable[[Card], int], taken: Iterable[Card] = ()) -> Pool:
        """The cards of ``cards`` (a pack, with multiplicities) minus ``taken``, by worth (none below zero)."""
        rest = Counter(cards)
        rest.subtract(Counter(taken))
        by_value: Counter[int] = Counter()
        for card, k in rest.items():
            by_value[card_points(card)] += max(k, 0)
        values = tuple(sorted(by_value))
        return cls(values, tuple(by_value[v] for v in values))

    def cheapest(self, k: int) -> int | None:
        """What the ``k`` cheapest cards left are worth; None when fewer than ``k`` are left."""
        return _end_worth(zip(self.values, self.left, strict=True), k)

    def dearest(self, k: int) -> int | None:
        """What the ``k`` dearest cards left are worth; None when fewer than ``k`` are left."""
        return _end_worth(reversed(list(zip(self.values, self.left, strict=True))), k)

    def choices(self, size: int, total: int, within: Worths | None = None) -> list[Worths]:
        """Every way ``size`` cards worth ``total`` can be taken from ``within`` (by default, all that is left)."""
        caps = self.left if within is None else within
        assert len(caps) >= 2  # a pack has cards of several worths (a value left at 0 keeps its place)
        *free, x, y = sorted(range(len(caps)), key=lambda i: caps[i])  # the two largest groups are solved for
        vx, vy = self.values[x], self.values[y]
        out: list[Worths] = []

        def walk(i: int, picked: dict[int, int], size_left: int, total_left: int) -> None:
            if size_left < 0:
                return
            if i < len(free):
                c = free[i]
                for k in range(min(caps[c], size_left) + 1):
                    walk(i + 1, {**picked, c: k}, size_left - k, total_left - k * self.values[c])
                return
            # a + b = size_left and a·vx + b·vy = total_left
            b, rem = divmod(total_left - size_left * vx, vy - vx)
            a = size_left - b
            if rem == 0 and 0 <= a <= caps[x] and 0 <= b <= caps[y]:
                out.append(tuple({**picked, x: a, y: b}.get(c, 0) for c in range(len(caps))))

        walk(0, {}, size, total)
        return out


def _end_worth(groups: Iterable[tuple[int, int]], k: int) -> int | None:
    worth = 0
    for value, n in groups:
        take = min(n, k)
        worth, k = worth + take * value, k - take
    return worth if k == 0 else None


def can_deal(pool: Pool, seats: Iterable[Iterable[Worths]]) -> bool:
    """True when each seat can take one of its choices (``Worths``), all of them together, from ``pool``."""
    states = {pool.left}
    for choices in seats:
        options = set(choices)
        states = {tuple(s - c for s, c in zip(state, choice, strict=True))
                  for state in states for choice in options
                  if all(c <= s for s, c in zip(state, choice, strict=True))}
        if not states:
            return False
    return True


def add_worths(a: Worths, b: Worths) -> Worths:
    return tuple(x + y for x, y in zip(a, b, strict=True))
def subset_sums(values: Iterable[int]) -> int:
    """Every total some of ``values`` add up to, as the bits of an int (bit t set: t can be made; bit 0, no card)."""
    sums = 1
    for v in values:
        sums |= sums << v
    return sums


SEARCH_BUDGET = 20_000  # steps of :func:`counts_fit` before it gives an entry the benefit of the doubt


def counts_fit(values: Sequence[int], counts: Sequence[int], budget: int = SEARCH_BUDGET) -> bool | None:
    """Whether cards worth ``values`` (each more than 0) can make hands worth exactly ``counts``, no card in two hands,
    with one card at least in none of them (the last card laid): True or False, or None when both searches gave up
    after ``budget`` steps each (an entry so odd that the sheet takes it rather than make the table wait; none of
    12,000 near-full random entries of up to 60 cards and 8 shares did).

    The cards left over are one more share, worth what the counts leave; every share is worth something, so each
    holds a card. Two searches, each fast where the other is slow: :func:`_fill_shares` makes the shares one by one,
    smallest first; :func:`_place_kinds` deals the cards out kind by kind, highest first, to every share at once."""
    leftover = sum(values) - sum(counts)
    if leftover <= 0:
        return False
    if not counts:
        return True
    targets = sorted([*counts, leftover])
    kinds = sorted(set(values), reverse=True)
    many = tuple(values.count(v) for v in kinds)
    found = _fill_shares(kinds, many, targets, budget)
    return found if found is not None else _place_kinds(kinds, many, targets, budget)


def _fill_shares(kinds: list[int], many: tuple[int, ...], targets: list[int], budget: int) -> bool | None:
    """Each share in turn, from the highest values down; the largest share takes whatever is left (its worth is then
    right by subtraction). Quick when a fit exists."""
    failed: set[tuple[int, tuple[int, ...], int, int]] = set()
    steps = 0

    def fill(i: int, left: tuple[int, ...], kind: int, target: int) -> bool | None:
        nonlocal steps
        steps += 1
        if steps > budget:
            return None
        if target == 0:
            return True if i + 2 >= len(targets) else fill(i + 1, left, 0, targets[i + 1])
        key = (i, left, kind, target)
        if kind == len(kinds) or key in failed:
            return False
        v = kinds[kind]
        for k in range(min(left[kind], target // v), -1, -1):
            found = fill(i, left[:kind] + (left[kind] - k,) + left[kind + 1:], kind + 1, target - k * v)
            if found is not False:
                return found
        failed.add(key)
        return False

    return fill(0, many, 0, targets[0])


def _place_kinds(kinds: list[int], many: tuple[int, ...], targets: list[int], budget: int) -> bool | None:
    """Every card of a kind shared out among the shares at once, highest kind first. A share must stay worth a total
    the lower kinds can make (their subset sums), shares worth the same are told apart by no order, and what failed
    is remembered by kind and sorted shares: quick to prove that no fit exists (a card dearer than every share)."""
    reach = [1] * (len(kinds) + 1)  # reach[j]: the totals the cards of kinds j and after can make, as bits
    for j in range(len(kinds) - 1, -1, -1):
        sums = reach[j + 1]
        for _ in range(many[j]):
            sums |= sums << kinds[j]
        reach[j] = sums
    failed: set[tuple[int, tuple[int, ...]]] = set()
    steps = 0

    def place(j: int, shares: tuple[int, ...]) -> bool | None:
        if j == len(kinds):
            return not any(shares)
        if (j, shares) in failed:
            return False
        v, after, n = kinds[j], reach[j + 1], len(shares)
        out = [0] * n

        def spread(b: int, left: int, previous: int) -> bool | None:
            nonlocal steps
            steps += 1
            if steps > budget:
                return None
            if b == n:
                return False if left else place(j + 1, tuple(sorted(out)))
            share = shares[b]
            top = min(left, share // v)
            if b and shares[b - 1] == share:
                top = min(top, previous)  # two shares worth the same: one order of a split only
            low = max(0, left - sum(s // v for s in shares[b + 1:]))
            for k in range(top, low - 1, -1):
                if after >> (share - k * v) & 1:
                    out[b] = share - k * v
                    found = spread(b + 1, left - k, k)
                    if found is not False:
                        return found
            return False

        found = spread(0, many[j], many[j])
        if found is False:
            failed.add((j, shares))
        return found

    return place(0, tuple(targets))


def check_counts_left(r: EntryReader, values: Sequence[int], counted: Sequence[tuple[int, int]], *, total_code: str,
                      total_message: Text, rule: str | None = None,
                      also: Callable[[int], bool] | None = None) -> None:
    """Hands counted in points (``counted``: seat, points) against the cards the listed hands leave (``values``,
    their worths, sorted, none listed twice), one card at least out of every hand (the last laid, or the discard
    pile's): each count must be made of some of those cards, and all of them together.

    Reports a count no cards make (``no_such_count``, naming its seat); then, when every count can be made on its
    own, a total the cards left cannot hold (``total_code``, ``total_message`` with ``{p}`` the total, ``{v}`` what
    the cards left are worth and ``{m}`` the most the counts may make) or counts that cannot be made together
    (``counts_apart``). ``also(reachable)``: a game's own check of the counts one by one, given the totals the cards
    left can make (bit t of ``reachable``); False when it refused one, and the totals are then not checked."""
    reachable = subset_sums(values)
    room = sum(values) - values[0]
    alone = True
    for seat, points in counted:
        if points <= room and not reachable >> points & 1:
            alone = False
            r.add("hands", "no_such_count", T(
                "Aucune des cartes que les autres mains laissent ne fait {p} points ensemble.",
                "No cards the other hands leave add up to {p} points.").format(p=points), seat, rule=rule)
    if not alone or also is not None and not also(reachable):
        return
    total = sum(points for _, points in counted)
    if total > room or not reachable >> total & 1:
        r.add("hands", total_code, total_message.format(p=total, v=sum(values), m=room), rule=rule)
    elif counts_fit(values, [p for _, p in counted]) is False:
        r.add("hands", "counts_apart", T(
            "Ces comptes ({c}) se font chacun, mais pas ensemble : les cartes qui restent n'y suffisent pas.",
            "These counts ({c}) can each be made, but not together: the cards left are not enough.").format(
            c=", ".join(str(p) for _, p in counted)), rule=rule)

