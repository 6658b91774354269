"""Speed figures of the digital-play engines (a script that prints figures, not a test).

    python -m companion.bench playouts <slug> [--seconds N] [--players N] [--baseline hearts]
    python -m companion.bench copies <slug> [--seconds N] [--players N] [--baseline hearts]
    python -m companion.bench bots <slug> [--deals N] [--players N] [--seed S] [--budget SECONDS] [--playouts N]
                                   [--no-duplicate]
    python -m companion.bench ladder [--deals N] [--budget SECONDS] [--games slug,slug…] [--seed S] [--no-duplicate]
    python -m companion.bench taker <slug> [--players N] [--deals N] [--contract prise|garde|…]
    python -m companion.bench openspiel [--seconds N]
    python -m companion.bench ismcts <slug> [--deals N] [--budget SECONDS] [--seed S]

``playouts``: random deals from the first card dealt to the end, round numbers cycling (Barbu's five manches),
default options; each deal starts as a ``clone()`` of an undealt deal (what a search does). The first line is the engine's fast random playout (:meth:`DealState.random_playout`, on :class:`TrickDeal` its fast path: what
search rollouts use); the second drives the public interface (``legal_actions`` + ``apply_legal``, strings).
``copies``: :meth:`DealState.clone` of a deal in mid-play. ``--baseline hearts`` adds OpenSpiel's C++ ``hearts``
driven from Python in the same run (``pip install open-spiel``): with its default parameters (card passing on),
and with ``pass_cards=false`` (Chasse-cœur's default, no passing). The machine's load average is printed too:
figures from a shared machine vary. ``bots`` runs :func:`companion.bots.search.tournament`; ``ladder`` runs it
for every digital game (or the ``--games`` given), strong against quick and quick against random, at 4 players
where the game takes 4 (else its only count; ``--games tarot-lorrain:3`` for another), and prints one table (:func:`ladder`; ``docs/bots.md``).
``taker`` (the tarots): what a forced taker makes with quick bots in every seat (:func:`forced_taker`).
``slug+forced`` (the tarots) starts every deal with a forced taker, a measurement device and not a rule
(:func:`companion.bots.search.force_taker`); the whole ladder adds ``tarot-lorrain+forced``. ``ismcts``: Atout's
strong bot against OpenSpiel's C++ ISMCTS, on Chasse-cœur (``chasse-coeur``) played as OpenSpiel's ``hearts``
(:func:`versus_ismcts`). Both play duplicate
deals by default (each deal twice with the same cards, the level's seat at one level then
the other: :class:`companion.bots.search.Match`); ``--no-duplicate`` plays each deal once and compares the seat
with the others.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time


def _game(slug: str):
    from companion.games import registry

    game = registry.get(slug)
    if not game.digital:
        raise SystemExit(f"{slug}: no digital play (Game.digital is False)")
    return game


def _players(game, players: int | None) -> int:
    if players:
        return players
    return 4 if game.info.min_players <= 4 <= game.info.max_players else game.info.min_players


def _rounds(game, n: int) -> int:
    """How many round numbers to cycle through (Barbu's manches): the sheet's manche count, else 1."""
    sheet = game.new_sheet(n)
    return getattr(sheet, "manche_count", 1) or 1


def playouts(slug: str, seconds: float, players: int | None = None) -> tuple[float, float, float, float]:
    """(games/s, actions/s) on the fast path, then on the public interface."""
    game = _game(slug)
    n = _players(game, players)
    rounds = _rounds(game, n)
    rng = random.Random(1)
    figures = []
    undealt = [game.new_deal(n, {}, 1 + k) for k in range(rounds)]  # each new deal is a copy of one of these
    for fast in (True, False):
        games = actions = 0
        start = time.perf_counter()
        end = start + seconds / 2
        while True:
            state = undealt[games % rounds].clone()
            if fast:
                state.random_playout(rng)
            else:
                while not state.is_terminal:
                    legal = state.legal_actions(state.current_player)
                    state.apply_legal(legal[rng._randbelow(len(legal))])
            games += 1
            actions += len(state.history)
            now = time.perf_counter()
            if now >= end:
                break
        figures += [games / (now - start), actions / (now - start)]
    return tuple(figures)  # type: ignore[return-value]


def _mid_deal(game, n: int):
    state = game.new_deal(n, {}, 1, seed=7)
    rng = random.Random(7)
    for _ in range(n * 3):  # three tricks (or a passing phase) in
        if state.is_terminal:
            break
        legal = state.legal_actions(state.current_player)
        state.apply_legal(rng.choice(legal))
    return state


def copies(slug: str, seconds: float, players: int | None = None) -> float:
    game = _game(slug)
    return _copy_rate(_mid_deal(game, _players(game, players)), seconds)


def _copy_rate(state, seconds: float) -> float:
    """``state.clone()`` calls a second, by thousands, for ``seconds``."""
    count, start = 0, time.perf_counter()
    end = start + seconds
    while True:
        for _ in range(1000):
            state.clone()
        count += 1000
        now = time.perf_counter()
        if now >= end:
            return count / (now - start)


def openspiel_hearts(seconds: float, params: dict | None = None) -> tuple[float, float, float]:
    """OpenSpiel's ``hearts`` from Python: (games/s, actions/s, copies/s)."""
    import pyspiel

    game = pyspiel.load_game("hearts", params or {})
    rng = random.Random(1)
    games = actions = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng._randbelow(len(legal))])
            actions += 1
        games += 1
        now = time.perf_counter()
        if now >= end:
            break
    rate, action_rate = games / (now - start), actions / (now - start)
    state = game.new_initial_state()
    while state.is_chance_node() or state.move_number() < 70:  # a few tricks in
        legal = state.legal_actions()
        state.apply_action(legal[rng._randbelow(len(legal))])
    return rate, action_rate, _copy_rate(state, seconds / 2)


def _load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:  # pragma: no cover - not on every system
        return "load unknown"
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores, shared machine"


def _baseline(seconds: float) -> None:
    try:
        default = openspiel_hearts(seconds)
        no_pass = openspiel_hearts(seconds, {"pass_cards": False})
    except ImportError:
        print("openspiel hearts: open_spiel is not installed (pip install open-spiel)")
        return
    print(f"openspiel hearts: {default[0]:,.0f} games/s, {default[1]:,.0f} actions/s, {default[2]:,.0f} copies/s "
          "(C++ from Python, default parameters: card passing)")
    print(f"openspiel hearts(pass_cards=false): {no_pass[0]:,.0f} games/s, {no_pass[1]:,.0f} actions/s, "
          f"{no_pass[2]:,.0f} copies/s")


def versus(slug: str, seconds: float, rounds: int = 4) -> None:
    """``slug``'s random playouts and OpenSpiel ``hearts(pass_cards=false)`` measured in alternating slices, so
    that a busy shared machine slows both alike; prints the sums and the ratio."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("openspiel hearts: open_spiel is not installed (pip install open-spiel)")
        return
    ours = theirs = 0.0
    for _ in range(rounds):
        ours += playouts(slug, seconds / rounds)[0]
        theirs += openspiel_hearts(seconds / rounds / 2, {"pass_cards": False})[0]
    print(f"interleaved: {slug} {ours / rounds:,.0f} games/s against openspiel hearts(pass_cards=false) "
          f"{theirs / rounds:,.0f} games/s: {ours / theirs:.2f}×")


def forced_taker(slug: str, players: int, deals: int, contract: str = "prise", seed: int = 0) -> dict:
    """What a forced taker makes with the quick bot in every seat (:func:`companion.bots.search.force_taker`, the
    seat after the dealer, the dealer moving on each deal): his mean score, how often he makes the contract,
    his card points, and his mean score by the bouts he was dealt. Deals a petit sec ends are left out."""
    from companion.bots.search import Estimate, force_taker
    from companion.families.tarot_deal import BOUT_MASK

    game = _game(slug)
    scores: list[float] = []
    points: list[float] = []
    by_bouts: dict[int, list[float]] = {}
    for d in range(deals):
        state = game.new_deal(players, {}, 1 + d, dealer=d % players, seed=f"{seed}:taker:{d}")
        taker = (state.dealer + 1) % players
        bouts = (state.held[taker] & BOUT_MASK).bit_count()
        if not force_taker(state, taker, contract):
            continue
        rng = random.Random(f"{seed}:{d}")
        while not state.is_terminal:
            state.apply(state.current_player, state.quick_action(rng))
        score = state.returns()[taker]
        scores.append(score)
        points.append(state.entry()["points"])
        by_bouts.setdefault(bouts, []).append(score)
    return {"score": Estimate.of(scores), "made": sum(s > 0 for s in scores) / len(scores),
            "points": Estimate.of(points), "by_bouts": {b: Estimate.of(v) for b, v in sorted(by_bouts.items())}}


# -- an outside yardstick: OpenSpiel's ISMCTS at hearts ----------------------------------------------------------
#: OpenSpiel's ``hearts`` as Atout's Chasse-cœur plays it by default (no passing, a point a heart and 13 the Q♠, no
#: point on the first trick, the 2♣ leads, hearts led at any time: tests/rules/test_engines.py checks that the two
#: engines agree on every legal move, trick and score).
HEARTS_AS_CHASSE_COEUR = {"pass_cards": False, "no_pts_on_first_trick": True, "can_lead_any_club": False,
                          "jd_bonus": False, "avoid_all_tricks_bonus": False, "qs_breaks_hearts": True,
                          "must_break_hearts": False, "can_lead_hearts_instead_of_qs": False}
_OS_SUITS = "CDHS"
_OS_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def _os_card(code: str) -> int:
    return _OS_RANKS.index(code[:-1]) * 4 + _OS_SUITS.index(code[-1])


def versus_ismcts(slug: str, deals: int, budget: float, seed: int = 0, out=None) -> dict:
    """Atout's strong bot (two seats facing each other) against OpenSpiel's C++ ISMCTS (the other two), each with
    ``budget`` seconds of wall clock a move, on duplicate deals: each deal twice with the same cards, the two
    sides swapping seats. Every move is made in both engines (a bridge: the legal moves must be the same at every
    turn, and so must the points). Returns (and prints) the paired difference, ISMCTS's points less Atout's per
    deal and side (points are bad at Chasse-cœur: above 0, Atout's bot took fewer), with its 95 % interval."""
    import pyspiel

    from companion.bots.search import Estimate, choose
    from companion.games import registry
    from companion.kernel.deal import CHANCE

    out = out or sys.stdout
    game = pyspiel.load_game("hearts", HEARTS_AS_CHASSE_COEUR)
    ours = registry.get(slug)  # Chasse-cœur: the engine whose default options are OpenSpiel's hearts
    diffs: list[float] = []
    moves = {"atout": 0, "ismcts": 0}
    thinking = {"atout": 0.0, "ismcts": 0.0}
    for d in range(deals):
        cards = ours.new_deal(4, {"passing": "none"}, 1, dealer=3).legal_actions(CHANCE)
        random.Random(f"{seed}:{d}").shuffle(cards)
        points_by_side = {"atout": 0, "ismcts": 0}
        for swap in (False, True):
            atout_seats = {1, 3} if swap else {0, 2}
            rng = random.Random(f"{seed}:{d}:{swap}")
            bot = pyspiel.ISMCTSBot(seed * 100_003 + 2 * d + swap, pyspiel.RandomRolloutEvaluator(1, d), 2.0,
                                    10**9, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False, budget)
            state = ours.new_deal(4, {"passing": "none"}, 1, dealer=3)
            theirs = game.new_initial_state()
            theirs.apply_action(0)  # the pass direction: none
            for code in cards:
                state.apply(CHANCE, code)
                theirs.apply_action(_os_card(code))
            while not state.is_terminal:
                seat = state.current_player
                legal = state.legal_actions(seat)
                assert theirs.current_player() == seat and sorted(map(_os_card, legal)) == sorted(theirs.legal_actions())
                side = "atout" if seat in atout_seats else "ismcts"
                started = time.perf_counter()
                if side == "atout":
                    code = choose(state, rng, "strong", budget)
                else:
                    action = bot.step(theirs)
                    code = next(c for c in legal if _os_card(c) == action)
                thinking[side] += time.perf_counter() - started
                moves[side] += 1
                state.apply(seat, code)
                theirs.apply_action(_os_card(code))
            assert theirs.is_terminal()
            points = state.returns()
            assert points == [26 - r for r in theirs.returns()]  # the two engines scored the deal alike
            for s in range(4):
                points_by_side["atout" if s in atout_seats else "ismcts"] += points[s]
        diffs.append((points_by_side["ismcts"] - points_by_side["atout"]) / 2)  # per side (two seats) and deal
        if (d + 1) % 10 == 0:
            print(f"  {d + 1} deals: ISMCTS − Atout {Estimate.of(diffs)} points a deal and side", file=out, flush=True)
    result = {"deals": deals, "budget": budget, "difference": Estimate.of(diffs),
              "ms_per_move": {k: 1000 * thinking[k] / max(moves[k], 1) for k in moves}}
    print(f"Chasse-cœur as OpenSpiel hearts, {deals} duplicate deals, {budget} s a move: ISMCTS − Atout "
          f"{result['difference']} points a deal and side (above 0: Atout's strong bot took fewer points); "
          f"ms a move: Atout {result['ms_per_move']['atout']:.0f}, ISMCTS {result['ms_per_move']['ismcts']:.0f}",
          file=out, flush=True)
    return result


#: Rows the whole ladder adds to one per digital game: the Tarot lorrain with a forced taker (at 4 players
#: nobody takes, so its own row compares nothing; ``docs/bots.md``).
LADDER_EXTRA = ("tarot-lorrain+forced",)


def ladder(deals: int, budget: float, games: list[str] | None = None, seed: int = 0, out=None,
           duplicate: bool = True) -> list[dict]:
    """Strong − quick and quick − random for each game, ``deals`` deals each along a real sheet
    (:func:`companion.bots.search.play_match`), on duplicate deals unless ``duplicate`` is false; prints each
    match as it ends, then the table. Returns its rows."""
    from companion.bots.search import DEFAULT_PAIRS, SETTINGS, play_match
    from companion.games import registry

    out = out or sys.stdout
    slugs = games or [*(slug for slug, game in registry.scored().items() if game.digital), *LADDER_EXTRA]
    rows = []
    for name in slugs:
        name, _, setting = name.partition("+")  # "tarot-lorrain+forced": with a forced taker (bots.force_taker)
        if setting and setting not in SETTINGS:
            raise SystemExit(f"{name}+{setting}: unknown ladder setting (known: {', '.join(SETTINGS)})")
        slug, _, count = name.partition(":")  # "tarot-lorrain:3": that game at 3 players
        game = _game(slug)
        n = _players(game, int(count) if count else None)
        started = time.perf_counter()
        matches = [play_match(game, level, versus, deals, n, seed=seed, budget=budget, duplicate=duplicate,
                              forced=setting == "forced")
                   for level, versus in DEFAULT_PAIRS]
        for m in matches:
            print(m.report(), file=out, flush=True)
        strong = matches[0]
        rows.append({"slug": slug + (f" ({setting} taker)" if setting else ""), "players": n, "deals": deals, "goal": "lower" if strong.lowest_wins else "higher",
                     "strong_quick": strong.difference, "strong_better": strong.better,
                     "quick_random": matches[1].difference, "quick_better": matches[1].better,
                     "ms_per_move": 1000 * strong.seconds / strong.moves if strong.moves else 0.0,
                     "playouts_per_move": strong.playouts / strong.moves if strong.moves else 0.0,
                     "seconds": time.perf_counter() - started})
    print(ladder_table(rows, budget, duplicate), file=out, flush=True)
    return rows


def ladder_table(rows: list[dict], budget: float, duplicate: bool = True) -> str:
    """The ladder as a Markdown table: a difference's sign is the game's (lower is better for point-avoiding
    games), ✓ when its 95 % interval is on the winning side of 0. The line above it says which measure the
    differences are (duplicate deals or the seat against the others)."""
    measure = ("duplicate deals: points per deal of one seat playing at the first level minus the same seat, same "
               "cards, at the second level (the other seats at the second level both times)" if duplicate else
               "one deal each: points per deal of the seat at the first level minus the mean of the other seats")
    head = ("| game | players | deals | better is | strong − quick (95 % CI) | | quick − random (95 % CI) | | "
            "playouts/move | ms/move | s |")
    lines = [f"Budget {budget:g} s a strong move; {_load()}.", f"Differences: {measure}.", "", head,
             "|" + "---|" * 11]
    for r in rows:
        lines.append(f"| {r['slug']} | {r['players']} | {r['deals']} | {r['goal']} | {r['strong_quick']} | "
                     f"{'✓' if r['strong_better'] else '✗'} | {r['quick_random']} | {'✓' if r['quick_better'] else '✗'} | "
                     f"{r['playouts_per_move']:.0f} | {r['ms_per_move']:.0f} | {r['seconds']:.0f} |")
    return "\n".join(lines)


DUPLICATE_HELP = ("duplicate deals (the default): each deal played twice with the same cards, the level's seat at "
                  "one level then the other, and the same seat's two scores compared; --no-duplicate: each deal "
                  "played once, the level's seat against the mean of the other seats")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.bench", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("playouts", "copies", "bots"):
        p = sub.add_parser(name)
        p.add_argument("slug")
        p.add_argument("--players", type=int, default=None)
        p.add_argument("--seconds", type=float, default=4.0)
        p.add_argument("--baseline", choices=("hearts",), default=None)
        p.add_argument("--deals", type=int, default=200)
        p.add_argument("--seed", type=int, default=0)
        if name == "bots":
            p.add_argument("--budget", type=float, default=0.3, help="seconds a strong move (default 0.3)")
            p.add_argument("--playouts", type=int, default=None, help="cap on a strong move's playouts")
            p.add_argument("--rollout", choices=("quick", "random"), default="quick")
            p.add_argument("--duplicate", action=argparse.BooleanOptionalAction, default=True, help=DUPLICATE_HELP)
    p = sub.add_parser("ladder")
    p.add_argument("--duplicate", action=argparse.BooleanOptionalAction, default=True, help=DUPLICATE_HELP)
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--budget", type=float, default=0.3, help="seconds a strong move (default 0.3)")
    p.add_argument("--games", default=None,
                   help="comma-separated slugs, each with :N for N players and +forced for a forced taker "
                        "(default: every digital game, and tarot-lorrain+forced)")
    p.add_argument("--seed", type=int, default=0)
    p = sub.add_parser("taker", help="a forced taker's result with quick bots in every seat (the tarots)")
    p.add_argument("slug")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--deals", type=int, default=600)
    p.add_argument("--contract", default="prise", choices=("prise", "garde", "garde_sans", "garde_contre"))
    p.add_argument("--seed", type=int, default=0)
    p = sub.add_parser("openspiel")
    p.add_argument("--seconds", type=float, default=4.0)
    p = sub.add_parser("ismcts", help="Atout's strong bot against OpenSpiel's ISMCTS at Chasse-cœur as hearts")
    p.add_argument("slug")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--budget", type=float, default=0.1, help="seconds a move, both sides (default 0.1)")
    p.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    if args.command == "ismcts":
        versus_ismcts(args.slug, args.deals, args.budget, args.seed)
        print(_load())
        return 0

    if args.command == "taker":
        r = forced_taker(args.slug, args.players, args.deals, args.contract, args.seed)
        print(f"{args.slug} at {args.players} players, a forced {args.contract} by the seat after the dealer, quick "
              f"bots in every seat, {r['score'].n} deals (petits secs left out):")
        print(f"  taker: {r['score']} points a deal (95 % CI), contract made {100 * r['made']:.0f} % of the time, "
              f"{r['points']} card points")
        for bouts, e in r["by_bouts"].items():
            print(f"  dealt {bouts} bout{'s' if bouts != 1 else ''}: {e} points a deal ({e.n} deals)")
        return 0
    if args.command == "openspiel":
        _baseline(args.seconds)
        print(_load())
        return 0
    if args.command == "ladder":
        ladder(args.deals, args.budget, args.games.split(",") if args.games else None, args.seed,
               duplicate=args.duplicate)
        return 0
    if args.command == "bots":
        from companion.bots.search import tournament

        tournament(_game(args.slug), args.deals, players=args.players, seed=args.seed, budget=args.budget,
                   playouts=args.playouts, rollout=args.rollout, duplicate=args.duplicate)  # prints each report
        print(_load())
        return 0
    if args.command == "playouts":
        fast_games, fast_actions, api_games, api_actions = playouts(args.slug, args.seconds, args.players)
        print(f"{args.slug}: {fast_games:,.0f} games/s, {fast_actions:,.0f} actions/s")
        print(f"{args.slug} (public interface, strings): {api_games:,.0f} games/s, {api_actions:,.0f} actions/s")
    else:
        print(f"{args.slug}: {copies(args.slug, args.seconds, args.players):,.0f} copies/s")
    if args.baseline == "hearts":
        _baseline(args.seconds)
        if args.command == "playouts":
            versus(args.slug, args.seconds)
    print(_load())
    return 0


if __name__ == "__main__":
    sys.exit(main())
