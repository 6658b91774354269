"""One random simulation over every digital engine (every registered game with ``digital = True``), the open_spiel
habit, plus a differential test of Chasse-cœur against OpenSpiel's ``hearts``.

For every game, every player count and each house rule flipped one at a time, seeded deals are dealt and played
to the end by random and quick bots, round after round on the game's own score sheet (so each deal is the round
number the sheet expects). Along the way:

* before the end, the player to move always has a legal action and nobody else has any; every deal ends;
* no ``observation(seat)`` (nor the spectators') holds a card another seat holds hidden — cards the seat knows
  legitimately (for a trick engine, what ``_known(seat)`` declares: cards it passed, and ``_shown()``, a card
  turned up or trumps shown to all; and ``_seen(seat)``, a chien shown to all) excepted; observations are JSON;
* ``fresh().replay(history)`` (through JSON) gives the same observations for every seat and the same entry;
* ``clone()`` is equal and independent;
* ``determinize(seat)`` keeps the seat's own hand and everything public, the other hands' sizes and the cards
  hidden from the seat (redistributed, each only to a pile ``_allowed`` lets it go to), and the voids that play
  showed, and plays on to an end;
* the quick bot's moves are legal; every ``entry()`` passes the sheet's check and the sheet's scores equal
  ``returns()``.

A bigger run is marked ``slow`` (``pytest -m slow``).
"""

from __future__ import annotations

import json
import random

import pytest

from companion.families.trickplay import TrickDeal
from companion.games import registry
from companion.kernel.deal import CHANCE, TERMINAL
from companion.kernel.errors import InvalidOptions
from tests.rules.engine_helpers import strings_in

DIGITAL = sorted(slug for slug, game in registry.scored().items() if getattr(game, "digital", False))
MAX_STEPS = 5000


def option_sets(game, n):
    """The defaults, then each house rule changed alone (each other choice, the other boolean)."""
    sets = [{}]
    for option in game.options:
        if option.kind == "bool" and isinstance(option.default, bool):
            sets.append({option.key: not option.default})
        elif option.kind == "choice":
            sets += [{option.key: value} for value, _ in option.choices if value != option.default]
    out = []
    for options in sets:
        try:
            game.new_sheet(n, options)
            game.new_deal(n, options)  # a digital engine may take fewer player counts or house rules
        except InvalidOptions:
            continue
        out.append(options)
    return out


def setups(game):
    plans = [(n, options) for n in range(game.info.min_players, game.info.max_players + 1)
             for options in option_sets(game, n)]
    assert plans, f"{game.info.slug}: digital, but no player count and options give a deal"
    return plans


def hidden_from(state, seat):
    """Codes ``seat`` may not see: other seats' hands and hidden piles, less what the engine says the seat knows
    (for a trick engine, ``_known(seat)``; for ``None``, ``_shown()``: a card turned up; and ``_seen(seat)``, a
    chien shown)."""
    hidden = state.hidden_cards(seat)
    if isinstance(state, TrickDeal):  # the engine's own answer agrees with its piles
        if seat is not None:
            assert state._known(seat)[seat] == state.held[seat]
        assert hidden <= {c for p in range(state.n_piles) if p != seat for c in state.pack.codes_of(state.held[p])}
    return hidden


def check_observations(state):
    for seat in [None, *range(state.n_players)]:
        obs = state.observation(seat)
        json.dumps(obs)
        leaked = set(strings_in(obs)) & hidden_from(state, seat)
        assert not leaked, (seat, sorted(leaked), state.history)


def views(state):
    return [state.observation(s) for s in [None, *range(state.n_players)]]


def check_clone(state, rng):
    before = views(state)
    copy = state.clone()
    assert views(copy) == before and copy.history == state.history
    if not copy.is_terminal:
        legal = copy.legal_actions(copy.current_player)
        copy.apply(copy.current_player, rng.choice(legal))
        assert views(state) == before, "a move on the clone changed the original"


def check_determinize(state, sheet, rng):
    seat = state.current_player
    if seat < 0:
        return
    d = state.determinize(seat, rng)
    assert d.hand(seat) == state.hand(seat)
    assert d.observation(None) == state.observation(None)  # everything public is unchanged
    assert [len(d.hand(s)) for s in range(state.n_players)] == [len(state.hand(s)) for s in range(state.n_players)]
    if isinstance(state, TrickDeal):
        assert sorted(hidden_from(d, seat)) == sorted(hidden_from(state, seat))
        assert [m.bit_count() for m in d.held] == [m.bit_count() for m in state.held]
        known = state._known(seat)
        for pile in range(d.n_piles):
            assert d.held[pile] & known[pile] == known[pile]
            # what was dealt again went only where it may be (a chien seen, then taken: the taker's hand or écart)
            assert d.held[pile] & ~known[pile] & ~state._allowed(seat, pile) == 0, (pile, state.history)
        for other in range(state.n_players):
            for suit in range(6):
                if state.voids[other] >> suit & 1:
                    assert not d.held[other] & state.pack.suit_mask[suit], (other, suit)
    while not d.is_terminal:  # a determinized deal plays on to an end the sheet accepts
        d.apply_legal(rng.choice(d.legal_actions(d.current_player)))
    assert sheet.check(d.entry()) == []


def play_deal(game, n, options, sheet, rng, check_every):
    nxt = sheet.next_round()
    context = game.deal_context(sheet)  # what the deal needs from the sheet: Vicaire's race going on
    state = game.new_deal(n, options, nxt.number, nxt.dealer, **context)
    bots = {s: rng.random() < 0.5 for s in range(n)}  # True: the quick bot
    probe = rng.randrange(1, 60)  # the step at which the clone, replay and determinize checks run
    steps = 0
    while not state.is_terminal:
        seat = state.current_player
        legal = state.legal_actions(seat)
        assert legal, (game.info.slug, state.history)
        assert all(state.legal_actions(s) == [] for s in range(n) if s != seat)
        if seat != CHANCE and rng.random() < check_every:
            check_observations(state)
        if steps == probe:
            check_clone(state, rng)
            again = state.fresh().replay(json.loads(json.dumps(state.history)))
            assert views(again) == views(state)
            check_determinize(state, sheet, rng)
        if seat == CHANCE or not bots[seat]:
            action = rng.choice(legal)
        else:
            action = state.quick_action(rng)
            assert action in legal, (game.info.slug, action, legal)
        state.apply(seat, action)
        steps += 1
        assert steps < MAX_STEPS, "the deal does not end"
    assert state.current_player == TERMINAL and state.legal_actions(0) == []
    check_observations(state)
    again = state.fresh().replay(json.loads(json.dumps(state.history)))
    assert again.is_terminal and views(again) == views(state) and again.entry() == state.entry()
    check_clone(state, rng)
    entry = state.entry()
    assert sheet.check(entry) == [], (game.info.slug, n, options, entry)
    returns = state.returns()
    result = sheet.apply(entry)
    assert list(result.scores) == list(returns), (game.info.slug, entry, result.scores, returns)


def simulate(slug, deals, seed, check_every):
    game = registry.get(slug)
    rng = random.Random(seed)
    plans = setups(game)
    for k in range(deals):
        n, options = plans[k % len(plans)]
        sheet = game.new_sheet(n, options)
        for _ in range(rng.randrange(1, 4)):  # a few rounds of one game, then another setup
            if sheet.finished:
                break
            play_deal(game, n, options, sheet, rng, check_every)


def test_some_games_are_digital():
    assert "barbu" in DIGITAL and "chasse-coeur" in DIGITAL


@pytest.mark.parametrize("slug", DIGITAL)
def test_random_deals_of_every_engine_keep_the_contract(slug):
    simulate(slug, deals=200, seed=2026, check_every=0.15)


@pytest.mark.slow
@pytest.mark.parametrize("slug", DIGITAL)
def test_many_more_random_deals_keep_the_contract(slug):
    simulate(slug, deals=1500, seed=7, check_every=0.5)


# -- Chasse-cœur against OpenSpiel's hearts ---------------------------------------------------------------------
# OpenSpiel numbers a card rank × 4 + suit, suits C D H S, ranks 2 … A (0 … 12); it deals card k of the chance
# actions to player k mod 4 (our dealer seat 3: its left, seat 0, gets the first card), lets the 2♣ holder lead,
# forbids hearts and the Q♠ on the first trick to a player who cannot follow unless nothing else is held
# (no_pts_on_first_trick), and scores hearts 1 and the Q♠ 13, the moon shooter 0 and the others 26 each; its
# returns are 26 − points. Configured like Chasse-cœur's defaults at 4: no heart breaking rule, no J♦ bonus, no
# bonus for taking no trick, the 2♣ only for the first lead. With passing, its directions are left +1, across +2
# and right +3 (our right is seat − 1), players 0 to 3 passing in turn, as we do from the dealer's left.
OS_SUITS = "CDHS"
OS_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
HEARTS_PARAMS = {"pass_cards": False, "no_pts_on_first_trick": True, "can_lead_any_club": False, "jd_bonus": False,
                 "avoid_all_tricks_bonus": False, "qs_breaks_hearts": True, "must_break_hearts": False,
                 "can_lead_hearts_instead_of_qs": False}


def os_card(code):
    return OS_RANKS.index(code[:-1]) * 4 + OS_SUITS.index(code[-1])


def os_code(card):
    return OS_RANKS[card // 4] + OS_SUITS[card % 4]


def compare_with_openspiel(seeds, passing):
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("hearts", {**HEARTS_PARAMS, "pass_cards": passing is not None})
    ours = registry.get("chasse-coeur")
    tricks_compared = 0
    for seed in seeds:
        rng = random.Random(seed)
        theirs = game.new_initial_state()
        theirs.apply_action(0 if passing is None else 1)  # the pass direction: none, or left
        state = ours.new_deal(4, {"passing": "none" if passing is None else "left"}, 1, dealer=3)
        cards = state.legal_actions(CHANCE)
        rng.shuffle(cards)
        for code in cards:
            state.apply(CHANCE, code)
            theirs.apply_action(os_card(code))
        while not state.is_terminal:
            seat = state.current_player
            assert theirs.current_player() == seat
            legal = state.legal_actions(seat)
            choosing = state.selection is not None  # passing: each card picked is one of OpenSpiel's passes
            if choosing:
                legal = [a[5:] for a in legal if a.startswith("pick:")]
            assert sorted(os_card(c) for c in legal) == sorted(theirs.legal_actions()), (seed, state.history)
            code = rng.choice(legal)
            trick_before = len(state.log)
            state.apply(seat, f"pick:{code}" if choosing else code)
            theirs.apply_action(os_card(code))
            if choosing and "confirm" in state.legal_actions(seat):  # the third card: the choice is made
                state.apply(seat, "confirm")
            if len(state.log) > trick_before and not state.is_terminal:
                tricks_compared += 1
                assert theirs.current_player() == state.log[-1][3]  # the same seat took the trick and leads
        assert theirs.is_terminal()
        points = [26 - r for r in theirs.returns()]
        assert state.returns() == points, (seed, state.returns(), points)
        sheet = ours.new_sheet(4, {"passing": "none" if passing is None else "left"})
        assert sheet.apply(state.entry()).scores == points
    return tricks_compared


def test_chasse_coeur_plays_and_scores_like_openspiel_hearts():
    # 300 deals × 12 tricks before the last: every trick's taker and every deal's points agree.
    assert compare_with_openspiel(range(300), passing=None) == 300 * 12


def test_chasse_coeur_passing_to_the_left_matches_openspiel_hearts_passing_left():
    assert compare_with_openspiel(range(1000, 1100), passing="left") == 100 * 12
