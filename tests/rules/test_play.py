"""The generic digital-deal interface, on a toy game small enough to reason about completely.

High card: two players, a three-card deck (A♠ K♠ Q♠). Each player is dealt one card, seat 0 dealt first; then
seat 0 shows a card, then seat 1; the higher card wins. The entry is ``{"winner": seat}``.
"""

import copy
import json
import pickle
import random

import pytest

from companion.games import registry
from companion.kernel import Game, GameOver, IllegalAction
from companion.kernel.deal import (
    CHANCE,
    TERMINAL,
    DealState,
    Selection,
    illegal,
    play_out,
    random_action,
    selection_move,
)
from companion.kernel.text import T

RANKS = {"AS": 3, "KS": 2, "QS": 1}


class HighCard(DealState):
    def __init__(self):
        super().__init__(2)
        self.undealt = ["AS", "KS", "QS"]
        self.hands = [[], []]
        self.shown = []

    @property
    def is_terminal(self):
        return len(self.shown) == 2

    @property
    def current_player(self):
        if self.is_terminal:
            return TERMINAL
        if len(self.hands[1]) == 0:
            return CHANCE
        return len(self.shown)

    def _legal_actions(self):
        if self.current_player == CHANCE:
            return list(self.undealt)
        return list(self.hands[self.current_player])

    def _apply(self, action):
        if self.current_player == CHANCE:
            self.undealt.remove(action)
            self.hands[0 if not self.hands[0] else 1].append(action)
        else:
            self.hands[self.current_player].remove(action)
            self.shown.append(action)

    def observation(self, seat):
        return {"hand": list(self.hands[seat]) if seat is not None else [], "shown": list(self.shown)}

    def _entry(self):
        return {"winner": 0 if RANKS[self.shown[0]] > RANKS[self.shown[1]] else 1}


def dealt(seed=0):
    return HighCard().deal(seed)


class TestTurns:
    def test_chance_moves_first_and_lists_the_cards_left_to_deal(self):
        state = HighCard()
        assert state.current_player == CHANCE
        assert state.is_chance_node
        assert state.legal_actions(CHANCE) == ["AS", "KS", "QS"]
        state.apply(CHANCE, "KS")
        assert state.legal_actions(CHANCE) == ["AS", "QS"]

    def test_a_seat_has_no_legal_action_while_it_is_not_its_turn(self):
        state = HighCard()
        assert state.legal_actions(0) == []
        state = dealt()
        assert state.current_player == 0
        assert state.legal_actions(1) == []
        assert state.legal_actions(CHANCE) == []
        assert len(state.legal_actions(0)) == 1

    def test_a_finished_deal_has_no_player_and_no_legal_action(self):
        state = play_out(dealt(), random.Random(0))
        assert state.is_terminal
        assert state.current_player == TERMINAL
        assert state.legal_actions(0) == state.legal_actions(1) == []


class TestRefusedMoves:
    def test_a_move_out_of_turn_is_refused_and_changes_nothing(self):
        state = dealt()
        before = list(state.history)
        own = state.hands[1][0]
        with pytest.raises(IllegalAction) as caught:
            state.apply(1, own)
        assert caught.value.code == "not_your_turn"
        assert caught.value.seat == 1
        assert caught.value.message.fr == "Ce n'est pas votre tour."
        assert state.history == before
        assert state.hands[1] == [own]

    def test_a_card_the_seat_does_not_hold_is_refused(self):
        state = HighCard().replay(["AS", "KS"])  # seat 0 holds A♠, seat 1 K♠
        with pytest.raises(IllegalAction) as caught:
            state.apply(0, "KS")
        assert caught.value.code == "illegal_action"
        assert state.hands == [["AS"], ["KS"]]

    def test_something_that_is_not_an_action_is_refused_as_such(self):
        state = dealt()
        for junk in (None, 3, ["AS"]):
            with pytest.raises(IllegalAction) as caught:
                state.apply(0, junk)
            assert caught.value.code == "not_an_action"

    def test_the_chance_player_cannot_deal_a_card_twice(self):
        state = HighCard().replay(["AS"])
        with pytest.raises(IllegalAction):
            state.apply(CHANCE, "AS")

    def test_no_move_is_taken_after_the_end(self):
        state = play_out(dealt(), random.Random(0))
        with pytest.raises(GameOver):
            state.apply(0, "AS")

    def test_illegal_actions_and_game_over_are_value_errors(self):
        assert issubclass(IllegalAction, ValueError)
        assert issubclass(GameOver, ValueError)

    def test_an_illegal_action_error_carries_code_message_and_seat(self):
        error = illegal("must_follow", T("Il faut fournir.", "You must follow suit."), 2)
        assert isinstance(error, IllegalAction)
        assert (error.code, error.seat, error.message.en, str(error)) == ("must_follow", 2, "You must follow suit.", "You must follow suit.")

    def test_the_fields_are_the_error_s_own_and_survive_a_copy(self):
        error = IllegalAction("must_follow", T("Il faut fournir.", "You must follow suit."), 2)
        for same in (copy.copy(error), pickle.loads(pickle.dumps(error))):
            assert (same.code, same.seat, same.message, str(same)) == (
                "must_follow", 2, T("Il faut fournir.", "You must follow suit."), "You must follow suit.")
        bare = IllegalAction()  # no reason given: the generic one, no seat
        assert (bare.code, bare.seat, bare.message.fr) == ("illegal_action", None, "Ce coup n'est pas permis.")


class TestDealingAndReplay:
    def test_the_same_seed_deals_the_same_cards(self):
        assert dealt(42).history == dealt(42).history

    def test_different_seeds_deal_differently(self):
        # Six orders of three cards: twenty seeds cannot all give the same one unless the seed is ignored.
        assert len({tuple(dealt(seed).history) for seed in range(20)}) > 1

    def test_a_deal_is_three_chance_actions_of_which_two_are_dealt(self):
        state = dealt(5)
        assert len(state.history) == 2
        assert sorted(state.hands[0] + state.hands[1] + state.undealt) == ["AS", "KS", "QS"]

    def test_replaying_the_history_rebuilds_the_same_state(self):
        state = play_out(dealt(3), random.Random(3))
        stored = json.loads(json.dumps(state.history))  # what a table would keep
        again = state.fresh().replay(stored)
        assert again.history == state.history
        assert again.observation(0) == state.observation(0)
        assert again.observation(1) == state.observation(1)
        assert again.entry() == state.entry()

    def test_a_clone_moves_on_without_its_original(self):
        state = dealt(1)
        copy = state.clone()
        copy.apply(0, copy.legal_actions(0)[0])
        assert len(copy.history) == 3
        assert len(state.history) == 2


class TestEntryAndBots:
    def test_the_entry_names_the_higher_card(self):
        # Seat 0 is dealt the Q♠, seat 1 the A♠: seat 1 wins.
        state = HighCard().replay(["QS", "AS", "QS", "AS"])
        assert state.entry() == {"winner": 1}

    def test_there_is_no_entry_before_the_end(self):
        with pytest.raises(IllegalAction) as caught:
            dealt().entry()
        assert caught.value.code == "deal_not_over"

    def test_the_random_bot_only_plays_legal_moves(self):
        rng = random.Random(9)
        for seed in range(30):
            state = dealt(seed)
            while not state.is_terminal:
                action = random_action(state, rng)
                assert action in state.legal_actions(state.current_player)
                state.apply(state.current_player, action)

    def test_play_out_deals_when_needed_and_uses_the_bot_of_each_seat(self):
        seen = []

        def first_card(state, rng):
            seen.append(state.current_player)
            return state.legal_actions(state.current_player)[0]

        state = play_out(HighCard(), random.Random(4), bots={1: first_card})
        assert state.is_terminal
        assert seen == [1]
        assert len(state.history) == 4


class Scored(HighCard):
    """High card with returns: 1 to the winner. ``stake`` (a constructor argument) only travels with the deal."""

    def __init__(self, stake=0):
        super().__init__()
        self.stake = stake

    def returns(self):
        winner = self._entry()["winner"]
        return [1 if s == winner else 0 for s in range(2)]


class TestDeclaredHooks:
    def test_fresh_builds_the_deal_again_with_its_own_arguments(self):
        state = play_out(Scored(stake=5), random.Random(2))
        for again in (state.fresh(), state.clone().fresh(), copy.deepcopy(state).fresh(),
                      pickle.loads(pickle.dumps(state)).fresh()):
            assert isinstance(again, Scored) and again.stake == 5 and again.history == [] and not again.hands[0]

    def test_what_the_search_bots_call_has_a_default(self):
        state = Scored()
        assert (state.dealer, state.phase, state.lowest_wins) == (None, "", False)
        assert state.random_playout(random.Random(1)) is state  # dealt and played to the end, at random
        assert state.is_terminal and len(state.history) == 4
        winner = state.entry()["winner"]
        assert (state.playout_value(winner), state.playout_value(1 - winner)) == (1, 0)
        state = dealt(6)
        assert state.rollout_action(random.Random(3)) == state.quick_action(random.Random(3))

    def test_a_lowest_wins_deal_is_worth_its_returns_negated(self):
        class Avoid(Scored):
            lowest_wins = True

        state = Avoid().replay(["QS", "AS", "QS", "AS"])  # seat 1 wins, and it is a point to avoid
        assert (state.playout_value(0), state.playout_value(1)) == (0, -1)


class StakedDeal(Scored):
    """High card as a game's engine: built from the setup, and the stake the sheet carries."""

    def __init__(self, n_players, options, number, dealer, stake=0):
        super().__init__(stake)
        self.dealer = dealer


class Staked(Game):
    """A game whose deal needs what the sheet carries: a stake, checked by deal_arguments."""

    info = registry.info("barbu")
    deal_class = StakedDeal

    def deal_arguments(self, n_players, options, number, stake=0):
        if not isinstance(stake, int) or stake < 0:
            raise ValueError("bad stake")
        return {"stake": stake + number}


def test_new_deal_builds_the_game_s_engine_with_what_deal_arguments_gives():
    state = Staked().new_deal(4, {}, 3, stake=10)
    assert (state.stake, state.dealer, state.history) == (13, 2, [])  # the sheet's dealer of round 3: seat 2
    assert state.fresh().stake == 13 and state.fresh().dealer == 2
    assert Staked().new_deal(4, {}, 1, seed=0).history  # a seed deals it
    with pytest.raises(ValueError):
        Staked().new_deal(4, {}, 1, stake=-1)
    with pytest.raises(TypeError):  # a context the game does not take
        Staked().new_deal(4, {}, 1, race=[0, 0, 0, 0])
    assert Staked().digital


def test_a_game_offers_no_digital_play_unless_it_says_so():
    class Plain(Game):
        info = registry.info("barbu")

    assert Plain().new_deal(4, {}, 1, 0, seed=1) is None
    assert registry.get("barbu").new_deal(4) is not None


def test_a_game_is_digital_exactly_when_it_deals():
    for slug, game in registry.scored().items():
        deal = game.new_deal(game.info.min_players, game.default_options())
        assert game.digital is (deal is not None), slug
        if deal is not None:
            assert isinstance(deal, game.deal_class), slug
    # The classic belote and Belote à trois share the prise belote's engine, each with its own deal class.
    assert registry.get("belote").deal_class is not registry.get("belote-a-trois").deal_class


def test_a_selection_is_picked_and_put_back_card_by_card_and_seen_by_its_seat_only():
    chosen = Selection(1, "pass:3").toggled("AS").toggled("KS")
    assert chosen.picked == ("AS", "KS") and chosen.toggled("AS").picked == ("KS",)
    assert chosen.moves(["AS", "KS", "QS"], confirm=False) == ["unpick:AS", "unpick:KS", "pick:QS", "cancel"]
    assert chosen.moves(["QS"], confirm=True, cancel=False) == ["unpick:AS", "unpick:KS", "pick:QS", "confirm"]
    assert chosen.observed(1) == {"purpose": "pass:3", "cards": ["AS", "KS"]} and chosen.observed(0) is None
    assert chosen.observed(None) is None
    assert [selection_move(a) for a in ("pick:QS", "unpick:AS", "confirm", "cancel", "QS", "pass", "take:QS")] == [
        ("pick", "QS"), ("unpick", "AS"), ("confirm", ""), ("cancel", ""), ("", ""), ("", ""), ("", "")]
    # The words of its moves, on buttons and for screen readers.
    state = HighCard()
    assert state.action_label("pick:QS") == T("Choisir D♠", "Pick Q♠")
    assert state.action_label("unpick:AS") == T("Reprendre A♠", "Put back A♠")
    assert state.action_label("confirm") == T("Valider", "Confirm") and state.action_label("cancel") == T("Annuler", "Cancel")
