"""Digital play: one deal played move by move, the way open_spiel models a game.

A :class:`DealState` is to a deal what a :class:`~companion.kernel.game.Sheet` is to a game: the state after
some actions, derived by applying them in order. Everything a table needs for digital play goes through it:

* **Turns.** :attr:`DealState.current_player` is the seat to move, :data:`CHANCE` while the cards are being
  dealt, :data:`TERMINAL` once the deal is over (the same convention as open_spiel's ``PlayerId``).
* **Dealing as chance actions.** Each card dealt is one action of the chance player, so a deal is a plain list
  of actions. :meth:`DealState.deal` draws them from ``random.Random(seed)``; :meth:`DealState.replay` applies a
  stored list. ``state.fresh().replay(state.history)`` rebuilds an identical state, which is how a table can
  store a digital deal as events and derive everything else, exactly as it stores round entries.
* **Legality.** :meth:`DealState.legal_actions` lists what a seat may do now (nothing when it is not its
  turn); :meth:`DealState.apply` raises :class:`~companion.kernel.errors.IllegalAction` (a ``ValueError``) for
  a move out of turn or against the rules, and :class:`~companion.kernel.errors.GameOver` once the deal is over.
  Illegal moves are impossible, not merely flagged: nothing changes when one is refused.
* **What each seat sees.** :meth:`DealState.observation` is the JSON-ready view of one seat: its own hand and
  the public cards, never another seat's hand. ``observation(None)`` is the public view (a spectator's). It is
  what bots and tools read. :meth:`DealState.view` is the same seat's view for people, typed
  (:class:`~companion.kernel.view.SeatView`): the public facts, each seat's notes, the prompt, the legal moves in
  words (:meth:`DealState.action_label`). The pages and the API lay it out; they guess nothing from the
  observation's keys.
* **Bridge to the score sheet.** :meth:`DealState.entry` is the round entry a table would have typed for this
  deal (Barbu's ``{"tricks": [...], ...}``): digital play reuses the game's checks and scoring unchanged.

Actions are JSON-friendly strings: the ASCII card codes of :mod:`companion.kernel.cards` (``"QS"``, ``"10H"``)
for cards dealt and played; games with other moves (bids, passes) use short ASCII words. A choice of several cards
a seat may take back before it counts (the trumps of a poignée) is a :class:`Selection`: one card picked or put
back at a time (``"pick:T21"``, ``"unpick:T21"``), then ``"confirm"`` or ``"cancel"``.

Bots are plain functions ``bot(state, rng) -> action`` that choose for :attr:`DealState.current_player`;
:func:`random_action` is the simplest, and :func:`play_out` runs a deal to its end with bots in some seats.
A game offers digital play by naming its engine, :attr:`companion.kernel.game.Game.deal_class`: the game's
:meth:`~companion.kernel.game.Game.new_deal` builds it. This module knows nothing of games: an engine gets its setup
(players, options, round number, dealer, and what the sheet carries) as constructor arguments.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Self

from companion.kernel.errors import GameOver, IllegalAction
from companion.kernel.text import T, Text
from companion.kernel.view import Aside, Fact, Note, Picking, SeatView, card_label

CHANCE = -1  # the dealer's hand: chance actions are the cards dealt
TERMINAL = -4  # nobody moves: the deal is over

Action = str
Bot = Callable[["DealState", random.Random], Action]


def illegal(code: str, message: Text, seat: int | None = None) -> IllegalAction:
    """``IllegalAction(code, message, seat)``: the short spelling engines use to say why a move is refused."""
    return IllegalAction(code, message, seat)


# -- a choice of several cards, made one card at a time --------------------------------------------------------
PICK, UNPICK, CONFIRM, CANCEL = "pick", "unpick", "confirm", "cancel"


@dataclass(frozen=True)
class Selection:
    """A choice of several cards that ``seat`` makes one card at a time and may take back before it counts (the
    trumps a poignée shows, a tarot écart, the cards passed at Chasse-cœur): ``purpose`` is the engine's word for
    what it is for (``"poignee:simple"``), ``picked`` the codes picked so far, in the order picked.

    Its moves are ASCII words: ``"pick:<code>"`` (pick a card), ``"unpick:<code>"`` (a card tapped again goes
    back), ``"confirm"`` (the choice counts) and ``"cancel"`` (nothing is chosen after all). The engine keeps the
    selection under way on the state (:attr:`DealState.selection`), says which moves are legal
    (:meth:`moves`: which cards may be picked, whether the set may be confirmed) and why one is refused; the view
    shows it to its seat only (:meth:`DealState.view_selection`). Immutable: each move makes a new one, so a
    state's shallow copy may share it."""

    seat: int
    purpose: str
    picked: tuple[str, ...] = ()

    def toggled(self, code: str) -> Selection:
        """The selection with ``code`` picked, or put back if it was."""
        picked = tuple(c for c in self.picked if c != code) if code in self.picked else (*self.picked, code)
        return Selection(self.seat, self.purpose, picked)

    def moves(self, pickable: Iterable[str], confirm: bool, cancel: bool = True) -> list[Action]:
        """The legal moves: put back each card picked, pick each card of ``pickable`` not picked yet, then
        ``"confirm"`` when ``confirm`` (the engine found the set valid) and ``"cancel"`` when ``cancel``."""
        out = [f"{UNPICK}:{c}" for c in self.picked]
        out += [f"{PICK}:{c}" for c in pickable if c not in self.picked]
        if confirm:
            out.append(CONFIRM)
        if cancel:
            out.append(CANCEL)
        return out

    def observed(self, seat: int | None) -> dict[str, Any] | None:
        """What an observation says of it to ``seat``: its purpose and the cards picked, to its own seat only
        (nobody else sees a choice that does not count yet)."""
        if seat != self.seat:
            return None
        return {"purpose": self.purpose, "cards": list(self.picked)}


def selection_move(action: Action) -> tuple[str, str]:
    """A move of a :class:`Selection` read: ``("pick", "T21")`` for ``"pick:T21"``, ``("confirm", "")``,
    ``("cancel", "")``; ``("", "")`` for any other action."""
    if action == CONFIRM or action == CANCEL:
        return action, ""
    head, sep, code = action.partition(":")
    if sep and (head == PICK or head == UNPICK):
        return head, code
    return "", ""


class DealState(ABC):
    """The state of one deal after some actions (see the module docstring).

    Subclasses implement :attr:`current_player`, :attr:`is_terminal`, :meth:`_legal_actions` (for the current
    player, chance included), :meth:`_apply` (called only with a legal, normalised action),
    :meth:`observation` and :meth:`_entry`; they may refine :meth:`normalise_action` (accept several spellings,
    store one) and :meth:`why_illegal` (say which rule a refused move breaks). :meth:`fresh` comes free: a state
    remembers the arguments it was built with.
    """

    def __new__(cls, *args: Any, **kwargs: Any) -> DealState:
        # The constructor's arguments, kept for fresh(): the same setup, undealt. Copies (clone, deepcopy,
        # pickle) carry them with the rest of the state.
        state = super().__new__(cls)
        state._setup = (args, kwargs)
        return state

    #: True when a lower score is better (Barbu, Chasse-cœur): search bots then minimise :meth:`returns`
    #: (:meth:`playout_value`). False by default.
    lowest_wins: bool = False
    #: The seat that dealt (engines set it from their setup; ``None`` by default, a deal nobody deals).
    dealer: int | None = None
    #: The engine's name for the stage the deal is at (``"deal"``, ``"bid"``, ``"play"``, ``"end"``, a game's
    #: own), for views and tools: what may be done is still :meth:`legal_actions`' to say. ``""`` by default.
    phase: str = ""
    #: The constructor's arguments (set by ``__new__``), for :meth:`fresh`.
    _setup: tuple[tuple[Any, ...], dict[str, Any]]
    #: A choice of several cards under way (:class:`Selection`), or ``None``: an engine that uses one sets it.
    selection: Selection | None = None

    def __init__(self, n_players: int):
        self.n_players = n_players
        self.history: list[Action] = []

    # -- what a game provides -----------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to move, :data:`CHANCE` while dealing, :data:`TERMINAL` when the deal is over."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool:
        """True once the deal is over."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """The legal actions of :attr:`current_player` (chance included), in a fixed order."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply a legal, normalised action of :attr:`current_player`."""

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: what everybody sees), as JSON-ready data."""

    @abstractmethod
    def _entry(self) -> dict[str, Any]:
        """The round entry of a finished deal."""

    def fresh(self) -> Self:
        """A new, undealt state with the same setup (players, options, deal number, dealer, and what the sheet
        carried into the deal): the class built again with the arguments this state was built with."""
        args, kwargs = self._setup
        return type(self)(*args, **kwargs)

    def normalise_action(self, action: Any) -> Action:
        """The stored spelling of ``action``; raises :class:`IllegalAction` for something that is no action."""
        if not isinstance(action, str):
            raise illegal("not_an_action", T("Action incompréhensible.", "Not an action."), self._seat_or_none())
        return action

    def reads_old_move(self, action: Action) -> bool:
        """Whether ``action``, not among :meth:`legal_actions`, is a move word an earlier version of the engine
        stored and :meth:`_apply` still plays now: stored deals replay as they were played, the word is never
        offered again (a card discarded at once, before the écart was a :class:`Selection`). False by default."""
        return False

    def why_illegal(self, action: Action) -> IllegalAction:
        """The error for an action of the current player that is not legal now."""
        return illegal("illegal_action", T("Ce coup n'est pas permis.", "That move is not allowed."), self._seat_or_none())

    # -- shared mechanics ---------------------------------------------------------------------------
    @property
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now: empty unless it is that seat's turn (``CHANCE`` for the deal)."""
        if self.is_terminal or seat != self.current_player:
            return []
        return list(self._legal_actions())

    def apply(self, seat: int, action: Any) -> None:
        """Play ``action`` for ``seat``. Raises :class:`GameOver` after the end, :class:`IllegalAction` for a
        move out of turn or against the rules; a refused move changes nothing."""
        if self.is_terminal:
            raise GameOver("the deal is over")
        if seat != self.current_player:
            raise illegal("not_your_turn", T("Ce n'est pas votre tour.", "It is not your turn."),
                          seat if isinstance(seat, int) and 0 <= seat < self.n_players else None)
        action = self.normalise_action(action)
        if action not in self._legal_actions() and not self.reads_old_move(action):
            raise self.why_illegal(action)
        self._apply(action)
        self.history.append(action)

    def deal(self, seed: Any) -> Self:
        """Deal the cards: every chance action drawn from ``random.Random(seed)``. Returns ``self``."""
        rng = random.Random(seed)
        while self.current_player == CHANCE:
            self.apply(CHANCE, rng.choice(self._legal_actions()))
        return self

    def replay(self, actions: Iterable[Action]) -> Self:
        """Apply stored actions in order, each for the seat whose turn it is. Returns ``self``."""
        for action in actions:
            self.apply(self.current_player, action)
        return self

    def clone(self) -> Self:
        """An equal, independent state. Engines override it with a copy of only what changes (search bots
        copy states thousands of times a move)."""
        return copy.deepcopy(self)

    # -- what search bots and digital tables use (engines override the defaults) ----------------------
    def apply_legal(self, action: Action) -> None:
        """Apply an action taken from :meth:`legal_actions` of the current player, without checking it again:
        the fast path of playouts. Anything else must go through :meth:`apply`."""
        self._apply(action)
        self.history.append(action)

    def hand(self, seat: int) -> list[Action]:
        """The cards ``seat`` holds now, as codes (what only that seat may see)."""
        raise NotImplementedError

    def hidden_cards(self, seat: int | None) -> set[Action]:
        """The codes ``seat`` (``None``: a spectator) must not be shown: the cards other seats hold hidden (and a
        hidden chien or talon), less what that seat knows legitimately. Leak tests search pages for them."""
        return {c for s in range(self.n_players) if s != seat for c in self.hand(s)}

    def returns(self) -> list[float]:
        """Per seat, what the finished deal is worth to it: the score the sheet gives for :meth:`entry` (a
        team's score for each partner). Search bots maximise it."""
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A clone in which everything ``seat`` cannot see (the other hands, a chien, a talon) is dealt again
        at random, consistently with everything ``seat`` has seen (its own hand, the cards played, voids shown
        by play, hand sizes). What search bots sample; the real state is left untouched."""
        raise NotImplementedError

    def quick_action(self, rng: random.Random) -> Action:
        """The quick rule-based bot's move for the current player (engines give their game's heuristics;
        by default any legal move)."""
        return rng.choice(self._legal_actions())

    def rollout_action(self, rng: random.Random) -> Action:
        """The move the strong bot's rule-based rollouts play for the current player (not a chance node): a
        heuristic cheap enough for thousands of playouts a move. By default :meth:`quick_action`; an engine
        whose quick bot reads too much to be fast gives a cheaper one (Barbu, Chasse-cœur)."""
        return self.quick_action(rng)

    def random_playout(self, rng: random.Random) -> Self:
        """Play to the end with uniformly random legal moves, chance moves included: what random rollouts and
        the benchmark run. Returns ``self``. The default goes through :meth:`legal_actions` and
        :meth:`apply_legal`; an engine overrides it with a fast path
        (:meth:`~companion.families.trickplay.TrickDeal.random_playout`)."""
        pick = rng.random
        while not self.is_terminal:
            actions = self.legal_actions(self.current_player)
            self.apply_legal(actions[int(pick() * len(actions))])
        return self

    def playout_value(self, seat: int) -> float:
        """What this finished deal is worth to ``seat`` in the strong bot's search, higher being better: by
        default its :meth:`returns`, negated when :attr:`lowest_wins`. An engine whose deals mostly score
        nothing shapes it with a small tie-break, below any real difference in score (Vicaire adds the seat's
        progress in the race)."""
        value = self.returns()[seat]
        return -value if self.lowest_wins else value

    def entry(self) -> dict[str, Any]:
        """The round entry for the game's score sheet; raises :class:`IllegalAction` before the end."""
        if not self.is_terminal:
            raise illegal("deal_not_over", T("La donne n'est pas finie.", "The deal is not over."))
        return self._entry()

    # -- what a seat sees, for people (see companion.kernel.view) -------------------------------------
    #: The words of the moves every engine may use, by default: what :meth:`action_label` says of them.
    DEFAULT_LABELS = {"pass": T("Passer", "Pass"), CONFIRM: T("Valider", "Confirm"), CANCEL: T("Annuler", "Cancel")}

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` (``None``: a spectator) sees, typed: :meth:`view_facts`, :meth:`view_notes`,
        :meth:`view_prompt` (only when it is that seat's turn), :meth:`view_aside`, :meth:`view_selection` (a
        choice of several cards under way, to its seat only), and its legal actions in words.
        Engines override the hooks, not this; each hook gets the seat's :meth:`observation` too, so an engine may
        word what it already shows."""
        own = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n_players else None
        obs = self.observation(own)
        legal = self.legal_actions(own) if own is not None else []
        notes = self.view_notes(own, obs)
        return SeatView(
            seat=own, phase=self.phase, facts=tuple(self.view_facts(own, obs)),
            notes=tuple(tuple(n) for n in notes) if notes else tuple(() for _ in range(self.n_players)),
            prompt=self.view_prompt(own, obs) if own is not None and own == self.current_player else None,
            aside=self.view_aside(own, obs), labels={a: self.action_label(a) for a in legal},
            selection=self.view_selection(own, legal) if self.selection is not None else None)

    def view_facts(self, seat: int | None, obs: dict[str, Any]) -> list[Fact]:
        """The deal's public facts, in the order they are settled, then what only ``seat`` knows of its own.
        None by default."""
        return []

    def view_notes(self, seat: int | None, obs: dict[str, Any]) -> list[list[Note]]:
        """Per seat, what is said of it at the table (its call, the counts the game keeps). None by default."""
        return [[] for _ in range(self.n_players)]

    def view_prompt(self, seat: int, obs: dict[str, Any]) -> Text | None:
        """What ``seat``, whose turn it is, is asked for when it is not a card for the trick. None by default."""
        return None

    def view_aside(self, seat: int | None, obs: dict[str, Any]) -> Aside | None:
        """The cards ``seat`` has set aside so far in a phase that takes several. None by default."""
        return None

    def view_selection(self, seat: int | None, legal: list[Action]) -> Picking | None:
        """The :class:`Selection` under way, to its own seat only: :meth:`selection_label`, the cards picked, and
        per card of ``legal``'s picks and put-backs the move that toggles it."""
        selection = self.selection
        if selection is None or seat != selection.seat:
            return None
        toggles = {}
        for action in legal:
            head, code = selection_move(action)
            if head == PICK or head == UNPICK:
                toggles[code] = action
        return Picking(self.selection_label(selection), selection.picked, toggles)

    def selection_label(self, selection: Selection) -> Text:
        """What the cards picked are, in words, on the seat's page. "Choisies" by default."""
        return T("Choisies", "Chosen")

    def action_label(self, action: Action) -> Text:
        """A move in words, as a button says it (OpenSpiel's ``action_to_string``): a card code as players write
        the card (``D♠`` / ``Q♠``), a word of :data:`DEFAULT_LABELS` (``"pass"``: "Passer"), anything else as the
        engine spells it, its ``_`` and ``:`` read as spaces. Engines name their own moves."""
        if action in self.DEFAULT_LABELS:
            return self.DEFAULT_LABELS[action]
        card = card_label(action)
        if card is not None:
            return card
        head, code = selection_move(action)
        if head and (card := card_label(code)) is not None:
            if head == PICK:
                return T(f"Choisir {card.fr}", f"Pick {card.en}")
            return T(f"Reprendre {card.fr}", f"Put back {card.en}")
        words = action.replace("_", " ").replace(":", " ").replace("-", " ")
        words = words[:1].upper() + words[1:]
        return Text(words, words)

    def call_label(self, action: Action) -> Text:
        """A call (a bid) as the table says it of the seat that made it: by default as :meth:`action_label`."""
        return self.action_label(action)

    def _seat_or_none(self) -> int | None:
        seat = self.current_player
        return seat if seat >= 0 else None


def random_action(state: DealState, rng: random.Random) -> Action:
    """A bot that plays any legal move, uniformly at random."""
    return rng.choice(state.legal_actions(state.current_player))


def play_out(state: DealState, rng: random.Random, bots: Mapping[int, Bot] | None = None,
             default: Bot = random_action) -> DealState:
    """Run ``state`` to its end: chance actions at random, each seat's moves from ``bots[seat]`` (``default``
    for seats not listed). Returns ``state``."""
    bots = bots or {}
    while not state.is_terminal:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(CHANCE, rng.choice(state.legal_actions(CHANCE)))
        else:
            state.apply(seat, bots.get(seat, default)(state, rng))
    return state
