"""Bots for digital play: who chooses a seat's move when no human holds it.

:func:`choose` is the one entry point tables use: ``choose(state, rng, level, budget)`` returns the action of
:attr:`~companion.kernel.deal.DealState.current_player`.

* ``"quick"`` — the game's rule-based player (:meth:`DealState.quick_action`: ducking penalty cards,
  bidding from hand strength; Barbu's and Chasse-cœur's read the cards played, :mod:`.quickbots`).
* ``"strong"`` — determinized Monte Carlo (:func:`strong_action`): it deals the cards it cannot see again at
  random, consistently with everything its seat has seen (:meth:`DealState.determinize`), tries each legal move
  on each such deal, plays the rest of the deal out with a rule-based policy (:meth:`DealState.rollout_action`),
  and keeps the move whose outcome (:meth:`DealState.playout_value`: the deal's returns, the right way up) is
  best on average when it beats the quick bot's move clearly. It never reads a hand it may not see: the real state is only
  used through ``determinize(seat, …)`` and ``legal_actions(seat)``.
* ``"random"`` — any legal move (the yardstick of :func:`tournament`; no table offers it).

Choices measured on Barbu and Chasse-cœur (duplicate deals, as :func:`play_match` now plays them by default: the
same cards, one seat strong then quick):
rule-based rollouts beat random ones by about 7 points a Barbu deal at 1,000 playouts (random rollouts lose
la salade badly: random play scatters the K♥); in Chasse-cœur the cheaper careful bot as the rollout policy
did better than the reading quick bot in the same time (more playouts); and the guard (keep the quick move unless the search wins by one standard
error) turned an even match against Chasse-cœur's quick bot into a lead.

:func:`tournament` plays the levels against each other, seat-rotated, along a real sheet (each deal the sheet's
next round with what it carries: Vicaire's race, Motton's replayed step, a reserve, a pot), by default on
duplicate deals (each deal played twice with the same cards, the seat at one level then the other: :class:`Match`),
and reports each level's mean score per deal and their paired difference with a 95 % confidence interval; ``python -m companion.bench bots <slug> --deals N``
prints it, ``python -m companion.bench ladder`` every digital game (figures in ``docs/bots.md``).
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TextIO

from companion.kernel.deal import CHANCE, Action, DealState
from companion.kernel.game import Game

if TYPE_CHECKING:
    from companion.kernel.game import Game, Sheet

#: The levels a table may give a bot seat.
LEVELS = ("quick", "strong")
#: Every level :func:`choose` knows (``"random"`` is only a yardstick for :func:`tournament`).
ALL_LEVELS = ("random", "quick", "strong")

DEFAULT_BUDGET = 0.3  # seconds a strong move thinks by default (docs/bots.md measures the levels at it)
DEFAULT_GUARD = 1.0  # standard errors the search must win by to overrule the quick bot (see strong_action)
DEFAULT_ROLLOUT = "quick"  # measured: plays clearly better than random rollouts within the budget (above)


def choose(state: DealState, rng: random.Random, level: str = "quick", budget: float | None = DEFAULT_BUDGET, *,
           playouts: int | None = None, rollout: str = DEFAULT_ROLLOUT, stats: dict[str, Any] | None = None,
           guard: float | None = DEFAULT_GUARD) -> Action:
    """The bot's action for the current player of ``state`` (never a chance node or a finished deal).

    ``budget`` is the time a strong bot may think, in seconds; ``playouts`` caps the number of playouts it
    runs (with ``budget=None`` the search is then exactly reproducible from ``rng``). ``rollout`` is the policy
    that finishes the deals it samples (``"random"`` or ``"quick"``). ``stats``, when given, receives the
    search's figures (``playouts``, ``seconds``, ``deals``); ``guard`` is :func:`strong_action`'s."""
    if level not in ALL_LEVELS:
        raise ValueError(f"unknown bot level {level!r}")
    if level == "strong":
        try:
            return strong_action(state, rng, budget=budget, playouts=playouts, rollout=rollout, stats=stats,
                                 guard=guard)
        except NotImplementedError:  # an engine without determinize/returns yet: its quick player
            return state.quick_action(rng)
    if level == "quick":
        return state.quick_action(rng)
    return rng.choice(state.legal_actions(state.current_player))


# -- the outcome a seat plays for ----------------------------------------------------------------------------
def goal_sign(state: DealState) -> int:
    """+1 when a seat wants its :meth:`~DealState.returns` high, -1 when the sheet's lowest total wins
    (:attr:`DealState.lowest_wins`: Barbu, Chasse-cœur), where the returns are points to avoid."""
    return -1 if state.lowest_wins else 1


# -- rollout policies -------------------------------------------------------------------------------------------
def random_rollout(state: DealState, rng: random.Random) -> None:
    """Finish ``state`` with uniformly random legal moves (chance moves included): the engine's
    :meth:`~DealState.random_playout` (a fast path on :class:`~companion.families.trickplay.TrickDeal`)."""
    state.random_playout(rng)


def quick_rollout(state: DealState, rng: random.Random) -> None:
    """Finish ``state`` with a rule-based bot in every seat (chance moves at random): the engine's
    :meth:`~DealState.rollout_action` (its quick bot, or a cheaper heuristic fit for thousands of playouts)."""
    act = state.rollout_action
    while not state.is_terminal:
        if state.current_player == CHANCE:
            actions = state.legal_actions(CHANCE)
            state.apply_legal(actions[int(rng.random() * len(actions))])
        else:
            state.apply_legal(act(rng))


ROLLOUTS: dict[str, Callable[[DealState, random.Random], None]] = {"random": random_rollout, "quick": quick_rollout}


# -- the strong bot ---------------------------------------------------------------------------------------------
def strong_action(state: DealState, rng: random.Random, budget: float | None = DEFAULT_BUDGET,
                  playouts: int | None = None, rollout: str = DEFAULT_ROLLOUT, stats: dict[str, Any] | None = None,
                  guard: float | None = DEFAULT_GUARD) -> Action:
    """Determinized Monte Carlo for the current player of ``state``.

    Round after round: sample one deal consistent with what the seat has seen (``state.determinize(seat,
    rng)``), then, on copies of that same deal, play each legal move and finish the deal with the ``rollout``
    policy, each move's playout drawing from the same random numbers; add up what each move was worth to the
    seat (:meth:`~DealState.playout_value`: ``returns()``, sign from :func:`goal_sign`, with the engine's
    tie-break where the deal's own score is mostly flat: Vicaire's progress in the race). Every move is tried on the same sampled deals, so their
    averages are compared on equal footing, deal by deal. The search stops when ``budget`` seconds are spent
    or ``playouts`` playouts are done, whichever comes first: the clock is read after every playout and the
    search stops when another one would not fit (a round cut short is dropped; if not even one round fits, the
    quick move is played). A single legal move is played without searching.

    The move with the best average wins (ties: the first in ``legal_actions`` order), except that with a
    ``guard`` the quick bot's move (:meth:`~DealState.quick_action`, asked of a sampled deal, so that even a
    quick bot that looked at other hands would see only sampled ones) stays unless the best one beats it by more than ``guard`` standard errors of their paired difference: the
    search overrules the rules of thumb only where its samples clearly say so (measured: a bare argmax loses
    points to sampling noise against a good quick bot).
    """
    if budget is None and playouts is None:
        raise ValueError("a strong bot needs a time budget or a playout count")
    seat = state.current_player
    if seat < 0:
        raise ValueError("no seat to move (chance node or finished deal)")
    legal = state.legal_actions(seat)
    started = time.perf_counter()
    if state.selection is not None:
        # A choice of several cards made one at a time (a poignée's trumps): its single picks are no moves worth
        # searching, the quick bot makes the whole choice.
        if stats is not None:
            stats.update(playouts=0, deals=0, seconds=time.perf_counter() - started)
        return state.quick_action(rng)
    if len(legal) == 1:
        if stats is not None:
            stats.update(playouts=0, deals=0, seconds=time.perf_counter() - started)
        return legal[0]
    finish = ROLLOUTS[rollout]
    deadline = started + budget if budget is not None else math.inf
    cap = playouts if playouts is not None else math.inf
    k = len(legal)
    anchor = -1
    totals = [0.0] * k
    diff_sq = [0.0] * k  # squared paired differences against the anchor move
    values = [0.0] * k
    done = deals = 0
    last = k - 1
    clock = time.perf_counter
    run = 0  # playouts run, dropped ones included: their mean time says whether one more fits the budget
    while True:
        sample = state.determinize(seat, rng)
        if anchor < 0:  # the quick move, asked of a sample: the seat's view is the same in all of them
            anchor = legal.index(sample.quick_action(rng)) if guard is not None else 0
        seed = rng.getrandbits(64)
        for i, action in enumerate(legal):
            s = sample if i == last else sample.clone()
            s.apply_legal(action)
            finish(s, random.Random(seed))
            values[i] = s.playout_value(seat)
            run += 1
            now = clock()
            if now + (now - started) / run >= deadline:
                break  # no time for another playout: this round is dropped, the others stay paired
        else:
            deals += 1
            done += k
            base = values[anchor]
            for i in range(k):
                totals[i] += values[i]
                d = values[i] - base
                diff_sq[i] += d * d
            if done < cap and clock() < deadline:
                continue
        break
    if not deals:  # not even one round in the budget: the quick move (or the first, without a guard)
        if stats is not None:
            stats.update(playouts=0, deals=0, seconds=clock() - started)
        return legal[anchor]
    best = max(range(k), key=lambda i: (totals[i], -i))
    if guard is not None and best != anchor:
        mean = (totals[best] - totals[anchor]) / deals
        var = (diff_sq[best] - deals * mean * mean) / (deals - 1) if deals > 1 else math.inf
        if mean <= guard * math.sqrt(max(var, 0.0) / deals):
            best = anchor
    if stats is not None:
        stats.update(playouts=done, deals=deals, seconds=time.perf_counter() - started)
    return legal[best]


# -- tournaments -----------------------------------------------------------------------------------------------
@dataclass
class Estimate:
    """A mean with its 95 % confidence half-width (normal approximation, ``1.96 · s / √n``)."""

    mean: float
    half_width: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        n = len(values)
        if n == 0:
            return cls(math.nan, math.nan, 0)
        mean = sum(values) / n
        if n < 2:
            return cls(mean, math.inf, n)
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        return cls(mean, 1.96 * math.sqrt(var / n), n)

    def __str__(self) -> str:
        return f"{self.mean:.2f} ± {self.half_width:.2f}"


@dataclass
class Match:
    """One level against another over ``deals`` deals, one seat at ``level`` each deal (each place from the
    dealer in turn, :func:`play_match`). Scores are the sheet's points of the deal (:meth:`DealState.returns`),
    per seat.

    Two measures (:attr:`duplicate`):

    * **duplicate deals** (the default): each deal is played twice with the same cards, first with ``level``
      in the seat and ``versus`` in the others, then with ``versus`` in every seat (the other seats the same
      bots with the same random numbers); the difference is, deal by deal, the seat's points in the first play
      minus its points in the second (:attr:`twin`), as duplicate bridge compares two tables holding the same
      cards: the luck of the cards cancels out, only the play in that seat differs.
    * **seat against the others**: each deal is played once; the difference is, deal by deal, the level's seat's
      points minus the mean of the other seats' in that deal.
    """

    slug: str
    level: str
    versus: str
    players: int
    lowest_wins: bool
    duplicate: bool = False
    forced: bool = False  # every deal started with a forced taker (:func:`force_taker`, a ladder device)
    own: list[float] = field(default_factory=list)  # the level's seat, per deal (the first play when duplicate)
    others: list[float] = field(default_factory=list)  # mean of the versus seats in the same play, per deal
    twin: list[float] = field(default_factory=list)  # duplicate: the same seat, same cards, played by versus
    seats: list[int] = field(default_factory=list)  # the level's seat, per deal
    tables: int = 0  # sheets played on (a new one when a game ends)
    moves: int = 0  # strong moves searched
    playouts: int = 0
    seconds: float = 0.0
    slowest: float = 0.0

    @property
    def level_score(self) -> Estimate:
        return Estimate.of(self.own)

    @property
    def versus_score(self) -> Estimate:
        """What :attr:`difference` subtracts: the same seat played by ``versus`` (duplicate), else the mean of
        the other seats."""
        return Estimate.of(self.twin if self.duplicate else self.others)

    @property
    def difference(self) -> Estimate:
        against = self.twin if self.duplicate else self.others
        return Estimate.of([a - b for a, b in zip(self.own, against, strict=True)])

    @property
    def better(self) -> bool:
        """Whether ``level`` did significantly better than ``versus`` (the interval excludes 0)."""
        d = self.difference
        return (d.mean + d.half_width < 0) if self.lowest_wins else (d.mean - d.half_width > 0)

    def report(self) -> str:
        d = self.difference
        goal = "lower is better" if self.lowest_wins else "higher is better"
        verdict = (f"{self.level} better" if self.better else
                   f"{self.versus} better" if (d.mean - d.half_width > 0 if self.lowest_wins else d.mean + d.half_width < 0)
                   else "no significant difference")
        sheets = f"{self.tables} sheet{'s' if self.tables != 1 else ''}"
        if self.forced:
            sheets += ", each deal with a forced taker (a ladder device, not a rule)"
        if self.duplicate:
            lines = [
                f"{self.slug}: {self.level} vs {self.versus}, {self.players} players, {len(self.own)} duplicate deals "
                f"on {sheets} (each deal played twice with the same cards: one seat, each place from the dealer in turn, {self.level} then "
                f"{self.versus}, the other seats {self.versus} both times; the sheet follows the first play; {goal})",
                f"  {self.level:>6}: {self.level_score} points per deal in the seat (95 % CI)",
                f"  {self.versus:>6}: {self.versus_score} points per deal in the same seat, same cards",
                f"  {self.level} − {self.versus}: {d} per deal (paired, the same seat's two plays) → {verdict}",
            ]
        else:
            lines = [
                f"{self.slug}: {self.level} vs {self.versus}, {self.players} players, {len(self.own)} deals on "
                f"{sheets} (one {self.level} seat, each place from the dealer in turn; {goal})",
                f"  {self.level:>6}: {self.level_score} points per deal (95 % CI)",
                f"  {self.versus:>6}: {self.versus_score} points per deal (mean of the other seats)",
                f"  {self.level} − {self.versus}: {d} per deal → {verdict}",
            ]
        if self.moves:
            lines.append(f"  strong search: {self.moves} moves, {self.playouts / self.moves:.0f} playouts and "
                         f"{1000 * self.seconds / self.moves:.0f} ms a move on average, slowest {1000 * self.slowest:.0f} ms")
        return "\n".join(lines)


DEFAULT_PAIRS = (("strong", "quick"), ("quick", "random"))


def sheet_deal(game: Game, sheet: Sheet, options: dict[str, Any] | None, seed: Any) -> DealState:
    """The deal a digital table would deal next on ``sheet``: the sheet's coming round number and its dealer,
    and what the game carries from the rounds before (:meth:`~companion.kernel.game.Game.deal_context`: Vicaire's
    race, Motton's replayed step, Belote à trois's reserve, L'Hombre's pot), dealt from ``seed``."""
    number = sheet.number
    dealer = sheet.dealer_for(number)
    state = game.new_deal(sheet.n, options, number, dealer if isinstance(dealer, int) else None, seed=seed,
                          **game.deal_context(sheet))
    if state is None:
        raise ValueError(f"{game.info.slug} has no digital play")
    return state


def _keeps_hero(sheet: Sheet) -> bool:
    """Whether the level's seat stays put for the next deal: while the sheet carries something over from one
    deal to the next (:meth:`~companion.kernel.game.Sheet.carries_over`: a Vicaire race going on, whose deals
    are steps of one race, a seat's progress in one deal being what it cashes in the next), else never."""
    return sheet.carries_over()


def _play_out(state: DealState, levels: Sequence[str], rng_of: Callable[[int], random.Random],
              match: Match, budget: float | None, playouts: int | None, rollout: str) -> None:
    """Play ``state`` to its end, seat ``i`` at ``levels[i]`` choosing with ``rng_of(i)`` (chance moves with
    ``rng_of(CHANCE)``); the strong searches' figures are added to ``match``."""
    while not state.is_terminal:
        seat = state.current_player
        rng = rng_of(seat)
        if seat == CHANCE:
            state.apply_legal(rng.choice(state.legal_actions(CHANCE)))
            continue
        stats: dict[str, Any] = {}
        action = choose(state, rng, levels[seat], budget, playouts=playouts, rollout=rollout, stats=stats)
        if stats.get("playouts"):
            match.moves += 1
            match.playouts += stats["playouts"]
            match.seconds += stats["seconds"]
            match.slowest = max(match.slowest, stats["seconds"])
        state.apply(seat, action)


def _seat_rngs(prefix: str) -> Callable[[int], random.Random]:
    """Each seat's own generator for one play of a deal, seeded ``f"{prefix}:{seat}"`` (chance's too)."""
    rngs: dict[int, random.Random] = {}

    def rng_of(seat: int) -> random.Random:
        if seat not in rngs:
            rngs[seat] = random.Random(f"{prefix}:{seat}")
        return rngs[seat]

    return rng_of


#: Ladder-only settings (measurement devices, not rules a table plays), by name: ``"forced"`` — see
#: :func:`force_taker`.
SETTINGS = ("forced",)


def force_taker(state: DealState, taker: int, contract: str = "prise") -> bool:
    """A measurement device of the ladder, not a rule: the bidding of a tarot deal replaced by ``taker``
    taking ``contract`` and every other seat passing (the chien, the écart and the play then go on as usual).
    At the Tarot lorrain at 4 players taking loses about 100 points whatever the hand (``docs/bots.md``), so
    every bot passes and the deals all score 0; forcing a taker measures the levels' card play in attack and
    defence. Returns whether the deal had a bidding to replace (not one ended by a petit sec)."""
    forced = False
    while not state.is_terminal and state.phase == "bid":
        seat = state.current_player
        state.apply(seat, f"take:{contract}" if seat == taker else "pass")
        forced = True
    return forced


def play_match(game: Game, level: str, versus: str, deals: int, players: int | None = None,
               options: dict[str, Any] | None = None, seed: int = 0, budget: float | None = DEFAULT_BUDGET,
               playouts: int | None = None, rollout: str = DEFAULT_ROLLOUT, duplicate: bool = True,
               forced: bool = False,
               on_deal: Callable[[DealState, DealState | None], None] | None = None) -> Match:
    """Play ``deals`` deals of game ``slug``, one seat at ``level`` (see :class:`Match`), along a real sheet as
    a digital table plays them: each deal is the sheet's next round (:func:`sheet_deal`), its entry goes onto
    the sheet, and a new sheet starts when the game is over. Deal ``d`` is dealt from seed ``f"{seed}:{d}"``.

    **The level's seat** takes each place at the table in turn, counted from the deal's dealer: the dealer
    in the first deal, the seat after the dealer in the second, and so on, one place further every deal
    (the dealer moves on every deal too, so a seat moving on one seat a deal would always be the dealer). At
    Vicaire it stays the same seat for a whole race (:func:`_keeps_hero`), then takes the next place.

    With ``duplicate`` (:class:`Match`), the deal is dealt once and a ``clone()`` of it is played a second time
    with ``versus`` in the level's seat; every seat chooses with its own generator, seeded from the match seed,
    the deal and the seat (``f"{seed}:{d}:{seat}"``), the same in both plays, so a seat that meets the same
    position in both plays makes the same move; the sheet goes on with the **first** play's entry (the one with
    ``level`` in the seat). Without it, the bots' choices come from one generator for the deal (the measure the
    first ladder used). A match is reproducible apart from how far the time budget lets the search go.

    ``forced`` (the tarots only; a ladder device, not a rule): every deal starts with a forced taker
    (:func:`force_taker`), the seat ``1 + (d // players) % players`` places after the dealer, so that over
    ``players²`` deals the level's seat meets every pair of (its place, the taker's place) once: it takes one
    deal in ``players`` and defends in the others. ``on_deal(first, second)`` is called with each deal's
    finished plays (``second`` is ``None`` without ``duplicate``), for tests."""
    players = players or game.info.min_players
    match = Match(game.slug, level, versus, players, game.sheet_class.lowest_wins, duplicate, forced)
    sheet = None
    hero = 0
    place = 0  # the level's seat's next place, counted from the dealer
    keep = False
    for d in range(deals):
        if sheet is None or sheet.finished:
            sheet = game.new_sheet(players, options)
            match.tables += 1
            keep = False
        state = sheet_deal(game, sheet, options, f"{seed}:{d}")
        dealer = state.dealer if state.dealer is not None else 0
        if not keep:
            hero = (dealer + place) % players
            place += 1
        if forced:
            force_taker(state, (dealer + 1 + (d // players) % players) % players)
        levels = [level if seat == hero else versus for seat in range(players)]
        second = None
        if duplicate:
            second = state.clone()
            for play, seated in ((state, levels), (second, [versus] * players)):
                _play_out(play, seated, _seat_rngs(f"{seed}:{d}"), match, budget, playouts, rollout)
            match.twin.append(second.returns()[hero])
        else:
            shared = random.Random(f"{seed}:{d}:{level}:{versus}")

            def same_rng(_seat: int, shared: random.Random = shared) -> random.Random:
                return shared

            _play_out(state, levels, same_rng, match, budget, playouts, rollout)
        scores = state.returns()
        match.seats.append(hero)
        match.own.append(scores[hero])
        match.others.append(sum(s for i, s in enumerate(scores) if i != hero) / (players - 1))
        if on_deal is not None:
            on_deal(state, second)
        sheet.apply(state.entry())
        keep = not sheet.finished and _keeps_hero(sheet)
    return match


def tournament(game: Game, deals: int, players: int | None = None, levels: Sequence[tuple[str, str]] = DEFAULT_PAIRS,
               seed: int = 0, budget: float | None = DEFAULT_BUDGET, playouts: int | None = None,
               rollout: str = DEFAULT_ROLLOUT, options: dict[str, Any] | None = None, out: TextIO | None = None,
               duplicate: bool = True) -> list[Match]:
    """Each pair ``(level, versus)`` of ``levels`` played over ``deals`` deals (:func:`play_match`); prints
    each match's report to ``out`` (standard output by default) as it ends and returns the matches."""
    out = out or sys.stdout
    matches = []
    for level, versus in levels:
        match = play_match(game, level, versus, deals, players, options, seed, budget, playouts, rollout,
                           duplicate)
        print(match.report(), file=out, flush=True)
        matches.append(match)
    return matches
