"""Chasse-cœur played card by card (companion.games.chasse_coeur.rules.ChasseCoeurDeal). Hands are stacked: the
chance actions are listed so that each seat gets the hand the test chose (cards go one at a time from the dealer's
left). Expected numbers are worked out by hand in the comments."""

import random

import pytest

from companion.games import registry
from companion.games.chasse_coeur.rules import ChasseCoeurDeal, careful_action
from companion.kernel import InvalidOptions
from companion.kernel.deal import CHANCE, play_out
from companion.kernel.errors import IllegalAction
from companion.kernel.text import T
from tests.rules.engine_helpers import one_at_a_time, refused

GAME = registry.get("chasse-coeur")
CLUBS = "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"
SPADES = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
HEARTS = "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"
DIAMONDS = "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D"
WHOLE_SUITS = {0: CLUBS, 1: SPADES, 2: HEARTS, 3: DIAMONDS}


def stacked(hands, dealer=3, n=4, number=1, **options):
    state = GAME.new_deal(n, options, number, dealer)
    return state.replay(one_at_a_time(hands, (dealer + 1) % n, n))


def test_the_deal_is_chasse_coeurs_and_takes_three_to_eight_players():
    assert isinstance(GAME.new_deal(4), ChasseCoeurDeal)
    assert GAME.digital
    # At 3 players the 2♦ is out: 51 cards; at 5 the 2♦ and 2♠: 50.
    assert len(GAME.new_deal(3).legal_actions(CHANCE)) == 51
    left = GAME.new_deal(5).legal_actions(CHANCE)
    assert len(left) == 50 and "2D" not in left and "2S" not in left and "2C" in left
    with pytest.raises(InvalidOptions):
        GAME.new_deal(2)
    with pytest.raises(InvalidOptions):
        GAME.new_deal(9)


def test_the_two_of_clubs_leads_the_first_trick_wherever_it_is():
    state = stacked({0: SPADES, 1: HEARTS, 2: CLUBS, 3: DIAMONDS})
    assert state.current_player == 2  # seat 2 holds the 2♣ although seat 0 sits left of the dealer
    assert state.legal_actions(2) == ["2C"]
    assert refused(state, 2, "AC") == "two_of_clubs_leads"


def test_no_points_on_the_first_trick_unless_nothing_else_is_held():
    state = stacked(WHOLE_SUITS)
    state.apply(0, "2C")
    # Seat 1 has no club and only spades: any spade but the Q♠ (12 cards).
    assert state.legal_actions(1) == "AS KS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S".split()
    assert refused(state, 1, "QS") == "no_points_first_trick"
    state.apply(1, "AS")
    # Seat 2 holds nothing but hearts: it may throw any of them.
    assert len(state.legal_actions(2)) == 13
    state.apply(2, "AH")
    state.apply(3, "AD")
    assert state.takers == [0]  # the 2♣ is the only club
    # From the second trick on, the Q♠ may be thrown.
    state.apply(0, "3C")
    assert "QS" in state.legal_actions(1)


def test_taking_every_heart_and_the_queen_of_spades_is_la_generale():
    # Seat 0 leads clubs every time and nobody else has one: it takes all 13 tricks, the 13 hearts and the Q♠.
    # La générale: 0 for seat 0, 26 for each other seat.
    state = play_out(stacked(WHOLE_SUITS), random.Random(1))
    assert state.entry() == {"hearts": [13, 0, 0, 0], "queen_of_spades": 0, "tricks": [13, 0, 0, 0]}
    assert state.returns() == [0, 26, 26, 26]
    assert GAME.new_sheet(4).apply(state.entry()).scores == [0, 26, 26, 26]


def test_points_count_hearts_and_the_queen_of_spades_of_each_trick_taken():
    # Seat 0: the 2♣ and A♠ … 3♠ (the Q♠ among them); seat 1: A♣ … 3♣ and the 2♠; seat 2 every heart; seat 3
    # every diamond.
    hands = {0: "2C " + " ".join(SPADES.split()[:12]),
             1: "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2S",
             2: HEARTS, 3: DIAMONDS}
    state = stacked(hands)
    # Trick 1: seat 0 leads the 2♣, seat 1 takes it with the A♣; seat 2 holds only hearts, so its 2♥ may go
    # even on the first trick; seat 3 throws a diamond.
    for seat, code in ((0, "2C"), (1, "AC"), (2, "2H"), (3, "2D")):
        state.apply(seat, code)
    assert state.takers == [1]
    # Trick 2: seat 1 leads the 2♠; seat 2 throws the 3♥, seat 3 the 3♦; seat 0 follows with the Q♠, which
    # beats the 2♠: seat 0 takes back its own Q♠ and the 3♥.
    for seat, code in ((1, "2S"), (2, "3H"), (3, "3D"), (0, "QS")):
        state.apply(seat, code)
    assert state.takers == [1, 0]
    # So far: seat 1 took 1 heart (1 point), seat 0 took 1 heart and the Q♠ (14 points).
    assert state.observation(None)["points"] == [14, 1, 0, 0]


def test_passing_to_the_left_hides_the_cards_set_aside_then_delivers_them():
    state = stacked(WHOLE_SUITS, passing="left")
    assert state.phase == "pass" and state.current_player == 0  # the dealer's left passes first
    for code in ("AC", "KC", "QC"):
        state.apply(0, code)
    mine, theirs = state.observation(0), state.observation(1)
    assert mine["set_aside"] == ["AC", "KC", "QC"] and len(mine["hand"]) == 10
    assert theirs["passing"] == [3, 0, 0, 0] and "AC" not in str(theirs)
    assert state.current_player == 1
    assert refused(state, 1, "AH") == "not_in_hand"
    for seat, codes in ((1, "AS KS QS"), (2, "AH KH QH"), (3, "AD KD QD")):
        for code in codes.split():
            state.apply(seat, code)
    # Left = the next seat: seat 1 now holds A♣ K♣ Q♣ and its ten low spades; seat 0 the A♦ K♦ Q♦.
    assert state.hand(1) == "JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AC KC QC".split()
    assert state.hand(0)[-3:] == ["AD", "KD", "QD"]
    assert state.observation(0)["passed_cards"] == ["AC", "KC", "QC"]
    # The 2♣ stayed with seat 0: it leads, and seat 1 must follow with the clubs it received.
    assert state.phase == "play" and state.current_player == 0
    state.apply(0, "2C")
    assert state.legal_actions(1) == ["AC", "KC", "QC"]


def test_the_cards_passed_are_picked_taken_back_refused_with_the_reason_then_passed():
    state = stacked(WHOLE_SUITS, passing="left")
    assert state.selection.seat == 0 and state.selection.purpose == "pass"
    # Any of its 13 clubs may be picked; nothing may be confirmed before 3 are.
    assert state.legal_actions(0) == [f"pick:{c}" for c in CLUBS.split()]
    assert refused(state, 0, "pick:AH") == "not_in_hand"
    state.apply(0, "pick:AC")
    state.apply(0, "pick:2C")
    assert refused(state, 0, "pick:AC") == "already_picked"
    with pytest.raises(IllegalAction) as error:
        state.apply(0, "confirm")
    assert error.value.code == "pass_count"
    assert error.value.message == T("Passez 3 cartes : vous en avez choisi 2.", "Pass 3 cards: you chose 2.")
    assert refused(state, 0, "cancel") == "pass_due"
    # The 2♣ tapped again goes back (it leads the first trick, better kept); K♣ and Q♣ make three.
    state.apply(0, "unpick:2C")
    state.apply(0, "pick:KC")
    state.apply(0, "pick:QC")
    assert refused(state, 0, "pick:JC") == "pass_full"
    view = state.view(0)
    assert view.selection.label == T("À passer", "To pass") and view.selection.cards == ("AC", "KC", "QC")
    assert view.labels["confirm"] == T("Passer ces 3 cartes", "Pass these 3 cards")
    # Until confirmed, nothing is set aside and the others see no choice.
    assert state.observation(0)["set_aside"] == [] and state.observation(1)["picking"] is None
    assert state.observation(1)["passing"] == [0, 0, 0, 0] and len(state.hand(0)) == 13
    state.apply(0, "confirm")
    assert state.observation(0)["set_aside"] == ["AC", "KC", "QC"] and len(state.hand(0)) == 10
    assert state.current_player == 1 and state.selection.seat == 1 and state.selection.picked == ()
    assert state.view(0).aside.cards == ("AC", "KC", "QC")  # its cards set aside while the others choose


def test_cards_passed_stored_one_at_a_time_replay_to_the_same_state():
    # Before passing was a choice, each card passed counted at once, stored as its bare code: such a deal replays
    # to the state the new words reach.
    old = stacked(WHOLE_SUITS, passing="left")
    new = stacked(WHOLE_SUITS, passing="left")
    for seat, codes in ((0, "AC KC QC"), (1, "AS KS QS"), (2, "AH KH QH"), (3, "AD KD QD")):
        for code in codes.split():
            old.apply(seat, code)
            new.apply(seat, f"pick:{code}")
        new.apply(seat, "confirm")
    replayed = old.fresh().replay(old.history)
    for state in (replayed, new):
        assert state.held == old.held and state.passed == old.passed and state.phase == old.phase == "play"
        for seat in (None, 0, 1, 2, 3):
            assert state.observation(seat) == old.observation(seat)


def test_rotating_passing_goes_left_right_across_then_none_at_four():
    directions = [GAME.new_deal(4, {"passing": "rotate"}, k).direction for k in (1, 2, 3, 4, 5)]
    assert directions == ["left", "right", "across", None, "left"]
    # Right at 4 players is the previous seat: seat 0 gives to seat 3.
    assert GAME.new_deal(4, {"passing": "rotate"}, 2).receiver(0) == 3


def test_queens_at_thirteen_enter_each_queen_and_score_the_seeds_values():
    state = play_out(stacked(WHOLE_SUITS, values="dames_13"), random.Random(2))
    # Seat 0 takes everything: 13 hearts and the four queens: la générale at 65.
    assert state.entry() == {"hearts": [13, 0, 0, 0], "queens": {"QS": 0, "QH": 0, "QD": 0, "QC": 0},
                             "tricks": [13, 0, 0, 0]}
    assert state.returns() == [0, 65, 65, 65]


def test_the_careful_bot_plays_legal_cards_and_passes_the_queen_of_spades():
    hands = {0: "QS AS KS 2C 3C 4C 5C 6C 7C 8C 9C 10C JC", 1: HEARTS, 2: DIAMONDS,
             3: "QC KC AC JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"}
    state = stacked(hands, passing="left")
    # The costliest cards first: the Q♠ (13 points), then the A♠ and K♠ that would catch it.
    picks = []
    for _ in range(4):
        picks.append(careful_action(state, random.Random(0)))
        state.apply(0, picks[-1])
    assert picks == ["pick:QS", "pick:AS", "pick:KS", "confirm"]
    rng = random.Random(4)
    while not state.is_terminal:
        action = careful_action(state, rng)
        assert action in state.legal_actions(state.current_player)
        state.apply(state.current_player, action)
    assert GAME.new_sheet(4, {"passing": "left"}).check(state.entry()) == []


# Seat 1 holds the K♣ and the Q♣, seat 2 the J♣ as its only club; the rest as the hands say.
FIRST_TRICK_CLUBS = {0: "2C 3C 4C AS KS QS JS 10S 9S 8S 7S 6S 5S", 1: "KC QC 4S 3S 2S AH KH QH JH 10H 9H 8H 7H",
                     2: "JC 6H 5H 4H 3H 2H AD KD QD JD 10D 9D 8D", 3: "AC 10C 9C 8C 7C 6C 5C 7D 6D 5D 4D 3D 2D"}


def test_with_queens_at_thirteen_the_queen_of_clubs_falls_on_the_first_trick_only_as_a_last_club():
    # « Pas de point au premier tour »: with the rule document's values the Q♣ is worth 13. Seat 1 follows the
    # 2♣ with its K♣: it has another club, so the Q♣ may not fall.
    state = stacked(FIRST_TRICK_CLUBS, values="dames_13")
    state.apply(0, "2C")
    assert state.legal_actions(1) == ["KC"]
    assert refused(state, 1, "QC") == "no_points_first_trick"
    # With the standard values the Q♣ is worth nothing: either club.
    standard = stacked(FIRST_TRICK_CLUBS)
    standard.apply(0, "2C")
    assert standard.legal_actions(1) == ["KC", "QC"]
    # From the second trick on the Q♣ follows like any club: seat 3's A♣ takes trick 1 and leads the 10♣.
    for seat, card in ((1, "KC"), (2, "JC"), (3, "AC"), (3, "10C")):
        state.apply(seat, card)
    assert state.legal_actions(0) == ["4C", "3C"]
    state.apply(0, "3C")
    assert state.legal_actions(1) == ["QC"]


def test_the_house_rule_lets_the_queen_of_clubs_follow_on_the_first_trick_and_stored_tables_keep_it():
    # « Dame de trèfle fournie au premier pli »: seat 1 may follow the 2♣ with its Q♣ although it holds the K♣.
    state = stacked(FIRST_TRICK_CLUBS, values="dames_13", dame_de_trefle_fournie=True)
    state.apply(0, "2C")
    assert state.legal_actions(1) == ["KC", "QC"]
    # A table stored before the option existed (no key) was played with the Q♣ free to follow: it replays so.
    old = GAME.new_deal(4, {"values": "dames_13"}, 1, 3, stored=True)
    assert old.options["dame_de_trefle_fournie"] is True
    old = old.replay(one_at_a_time(FIRST_TRICK_CLUBS, 0, 4))
    old.apply(0, "2C")
    old.apply(1, "QC")
    # A new table without the option: the rule document's reading.
    assert GAME.new_deal(4, {"values": "dames_13"}, 1, 3).options["dame_de_trefle_fournie"] is False


def test_with_the_house_rule_a_point_card_is_still_not_discarded_on_the_first_trick():
    # Seat 2's J♣ and seat 3's 7♦ swapped: seat 2 has no club, and may throw neither a heart nor the Q♦ (a point
    # card with queens at 13) while it holds other diamonds.
    hands = dict(FIRST_TRICK_CLUBS)
    hands[2], hands[3] = "7D 6H 5H 4H 3H 2H AD KD QD JD 10D 9D 8D", "AC 10C 9C 8C 7C 6C 5C JC 6D 5D 4D 3D 2D"
    state = stacked(hands, values="dames_13", dame_de_trefle_fournie=True)
    state.apply(0, "2C")
    state.apply(1, "QC")
    assert refused(state, 2, "6H") == "no_points_first_trick"
    assert sorted(state.legal_actions(2)) == sorted(["7D", "AD", "KD", "JD", "10D", "9D", "8D"])


def test_with_queens_at_thirteen_a_last_club_that_is_the_queen_must_follow():
    hands = dict(FIRST_TRICK_CLUBS)
    hands[1], hands[2] = "KC JC 4S 3S 2S AH KH QH JH 10H 9H 8H 7H", "QC 6H 5H 4H 3H 2H AD KD QD JD 10D 9D 8D"
    state = stacked(hands, values="dames_13")
    state.apply(0, "2C")
    assert state.legal_actions(1) == ["KC", "JC"]
    state.apply(1, "JC")
    # Seat 2's only club is the Q♣: following suit comes first, it must play it.
    assert state.legal_actions(2) == ["QC"]


# Seat 3 takes the first trick with the A♣ and holds ten hearts and two diamonds; seat 0 has no diamond.
CLOSED = {0: "2C 5C 6C 7C 8C 9C 10C 4H 3H 2H 4S 3S 2S", 1: "3C KC QC JC KS QS JS 10S 9S 8S 7S 6S 5S",
          2: "4C AS QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D", 3: "AC AH KH QH JH 10H 9H 8H 7H 6H 5H AD KD"}


def test_hearts_closed_until_one_is_discarded_on_another_suit():
    state = stacked(CLOSED, coeurs_fermes=True)
    for seat, card in ((0, "2C"), (1, "3C"), (2, "4C"), (3, "AC")):
        state.apply(seat, card)
    assert state.current_player == 3 and state.observation(3)["hearts_broken"] is False
    # No heart may be led yet: seat 3 leads one of its two diamonds.
    assert state.legal_actions(3) == ["AD", "KD"]
    assert refused(state, 3, "AH") == "suit_closed"
    state.apply(3, "AD")
    state.apply(0, "2H")  # seat 0 has no diamond: the 2♥ thrown on a diamond opens the hearts
    assert state.observation(None)["hearts_broken"] is True
    for seat, card in ((1, "5S"), (2, "2D")):
        state.apply(seat, card)
    # Seat 3's A♦ took trick 2: now any card of its eleven.
    assert state.current_player == 3 and len(state.legal_actions(3)) == 11
    # Without the option, hearts may be led from the second trick on (its twelve cards).
    free = stacked(CLOSED)
    for seat, card in ((0, "2C"), (1, "3C"), (2, "4C"), (3, "AC")):
        free.apply(seat, card)
    assert len(free.legal_actions(3)) == 12 and "hearts_broken" not in free.observation(3)


def test_the_bots_play_legal_cards_with_every_new_rule():
    rng = random.Random(3)
    for options in ({"coeurs_fermes": True}, {"values": "dames_13"}, {"values": "dames_13", "coeurs_fermes": True}):
        for n in (3, 4, 5):
            for _ in range(8):
                state = GAME.new_deal(n, options, 1, seed=rng.random())
                while not state.is_terminal:
                    seat = state.current_player
                    move = state.quick_action(rng)
                    assert move in state.legal_actions(seat)
                    assert careful_action(state, rng) in state.legal_actions(seat)
                    state.apply(seat, move)
