"""Belote à trois played on screen (companion.games.belote_a_trois.rules.BeloteATroisDeal, on the shared prise belote
of companion.families.belote.BeloteDeal). Expected numbers are worked out by hand from the rules.

Deals are stacked: the chance actions are the 24 cards in the order the engine deals them (its ``schedule``:
3 then 2 cards to each seat from the dealer's right — seat order is the order of play —, the retourne, pile -1,
then the 8 cards left, pile 3, given out after the prise from the dealer's right: 3 each, 2 to the taker).
Seats: Ana 0 (the dealer), Bea 1 (speaks and leads first), Cid 2.
"""

import json
import random

import pytest

from companion.games import registry
from companion.kernel import InvalidOptions
from companion.kernel.deal import TERMINAL
from companion.kernel.errors import IllegalAction
from tests.rules.engine_helpers import by_schedule, play, refused

GAME = registry.get("belote-a-trois")


def stacked(piles, number=1, dealer=0, sheet=None, **options):
    """``piles``: seat → its first 5 cards, -1 → the retourne, 3 → the 8 cards left, in the order given out."""
    state = GAME.new_deal(3, options, number, dealer, **(GAME.deal_context(sheet) if sheet is not None else {}))
    return by_schedule(state, piles)


# Deal 1: the retourne is the V♥. Bea takes at the first round: hearts are trumps; she gets the V♥ and 9♣ 9♦,
# Cid 10♣ R♦ D♦, Ana A♦ 10♦ V♦. Hands, once complete:
#   Bea V♥ 9♥ R♥ D♥ A♠ 10♠ 9♣ 9♦   Cid A♥ R♠ D♠ A♣ 10♣ D♣ R♦ D♦   Ana 10♥ V♠ 9♠ R♣ V♣ A♦ 10♦ V♦
DEAL_1 = {1: "9H KH QH AS 10S", 2: "AH KS QS AC 10C", 0: "10H JS 9S KC JC", -1: "JH",
          3: "9C 9D QC KD QD AD 10D JD"}
# Trick by trick (card points: trumps V 20, 9 14, A 11, 10 10, R 4, D 3; other suits A 11, 10 10, R 4, D 3, V 2, 9 0):
DEAL_1_PLAY = [
    # 1. Bea V♥, Cid A♥ and Ana 10♥ (each his only trump, both below the Jack): Bea 20 + 11 + 10 = 41.
    (1, "JH"), (2, "AH"), (0, "10H"),
    # 2. Bea A♠, Cid D♠, Ana V♠: Bea 11 + 3 + 2 = 16 (57).
    (1, "AS"), (2, "QS"), (0, "JS"),
    # 3. Bea 10♠, Cid R♠, Ana 9♠: Bea 10 + 4 + 0 = 14 (71).
    (1, "10S"), (2, "KS"), (0, "9S"),
    # 4. Bea 9♣, Cid A♣, Ana R♣: Cid 0 + 11 + 4 = 15 for the defence.
    (1, "9C"), (2, "AC"), (0, "KC"),
    # 5. Cid 10♣, Ana V♣; Bea, last, has no club and must trump: "belote", the D♥: Bea 10 + 2 + 3 = 15 (86).
    (2, "10C"), (0, "JC"), (1, "belote"), (1, "QH"),
    # 6. Bea R♥ (the rebelote), Cid D♣, Ana V♦: Bea 4 + 3 + 2 = 9 (95).
    (1, "KH"), (2, "QC"), (0, "JD"),
    # 7. Bea 9♥, Cid R♦, Ana 10♦: Bea 14 + 4 + 10 = 28 (123).
    (1, "9H"), (2, "KD"), (0, "10D"),
    # 8. Bea 9♦, Cid D♦, Ana A♦ takes: 0 + 3 + 11 + 10 de der = 24; the defence 15 + 24 = 39.
    (1, "9D"), (2, "QD"), (0, "AD"),
]


class TestAWholeDeal:
    def test_first_round_take_belote_rebelote_and_the_score(self):
        state = stacked(DEAL_1)
        assert state.phase == "bid" and state.current_player == 1
        assert state.legal_actions(1) == ["take", "pass"]
        assert state.observation(None)["turned"] == "JH"
        state.apply(1, "take")
        assert state.trump == 1 and state.taker == 1  # hearts
        assert state.hand(1) == ["AS", "10S", "KH", "QH", "JH", "9H", "9C", "9D"]  # shown A 10 R D V 9 in a suit
        assert state.hand(2) == ["KS", "QS", "AH", "AC", "10C", "QC", "KD", "QD"]
        assert state.current_player == 1  # the dealer's right leads, whoever took
        play(state, DEAL_1_PLAY[:14])
        assert state.takers == [1, 1, 1, 2]
        # Trick 5: Cid led the 10♣; Bea, without clubs, may trump or announce belote (she holds R♥ and D♥).
        assert state.legal_actions(1) == ["KH", "QH", "9H", "belote"]
        assert refused(state, 1, "9D") == "must_trump"
        state.apply(1, "belote")
        assert state.legal_actions(1) == ["KH", "QH"]  # the belote is said with the King or the Queen
        assert refused(state, 1, "9H") == "belote_card"
        play(state, DEAL_1_PLAY[15:])
        assert state.is_terminal and state.takers == [1, 1, 1, 2, 1, 1, 1, 0]
        assert state.observation(2)["belote"] == 1 and state.observation(2)["rebelote"]
        # Bea 123 card points + belote 20 = 143 against 39: made. Each defender writes the defence's 39.
        entry = state.entry()
        assert entry == {"taker": 1, "trump": "H", "points": 123, "belote": 1, "capot": False}
        assert state.returns() == [39, 143, 39]
        assert GAME.new_sheet(3).apply(entry).scores == [39, 143, 39]

    def test_the_reserve_of_a_litige_comes_from_the_sheet(self):
        sheet = GAME.new_sheet(3, {"litige": "reserve"})
        sheet.apply({"taker": 0, "trump": "S", "points": 81, "belote": None, "capot": False})  # 81 all: reserve 81
        state = stacked(DEAL_1, number=2, dealer=0, sheet=sheet, litige="reserve")
        play(state, [(1, "take"), *DEAL_1_PLAY])
        # Made: Bea 143 + the reserve 81 = 224; the defenders 39.
        assert state.returns() == [39, 224, 39]
        assert sheet.apply(state.entry()).scores == [39, 224, 39]

    def test_everybody_passing_twice_ends_the_deal(self):
        state = stacked(DEAL_1)
        play(state, [(1, "pass"), (2, "pass"), (0, "pass")])
        assert state.legal_actions(1) == ["trump:S", "trump:D", "trump:C", "pass"]  # not hearts, the retourne's
        play(state, [(1, "pass"), (2, "pass"), (0, "pass")])
        assert state.current_player == TERMINAL
        assert state.entry() == {"taker": None} and state.returns() == [0, 0, 0]
        assert GAME.new_sheet(3).apply(state.entry()).scores == [0, 0, 0]


# Deal 2: the retourne is the 9♠; Cid takes at the second round in diamonds. Hands, once complete:
#   Bea R♦ A♣ R♣ D♣ A♥ 10♥ R♥ A♠   Cid V♦ D♦ 9♦ 9♣ V♣ 10♣ D♥ 9♠   Ana A♦ 10♦ 10♠ R♠ D♠ V♠ V♥ 9♥
DEAL_2 = {1: "KD AC KC QC AH", 2: "JD QD 9C JC 10C", 0: "AD 10D 10S KS QS", -1: "9S",
          3: "10H KH AS QH 9D JS JH 9H"}


class TestTheDuties:
    def deal_2(self):
        state = stacked(DEAL_2)
        play(state, [(1, "pass"), (2, "pass"), (0, "pass"), (1, "pass")])
        assert refused(state, 2, "trump:S") == "retourne_suit"
        state.apply(2, "trump:D")
        assert state.taker == 2 and state.hand(2) == ["9S", "QH", "10C", "JC", "9C", "QD", "JD", "9D"]
        return state

    def test_void_a_defender_need_not_trump_when_the_other_defender_holds_the_trick(self):
        state = self.deal_2()
        state.apply(1, "AC")  # Bea leads the A♣; Cid follows low
        state.apply(2, "9C")
        # Ana has no club; her partner Bea holds the trick: any card, though she holds two trumps.
        assert state.legal_actions(0) == ["10S", "KS", "QS", "JS", "JH", "9H", "AD", "10D"]
        state.apply(0, "10S")
        assert state.takers == [1]

    def test_void_against_the_taker_one_must_trump(self):
        state = self.deal_2()
        play(state, [(1, "AC"), (2, "9C"), (0, "10S")])
        state.apply(1, "KC")
        state.apply(2, "10C")  # the 10 beats the King outside trumps: the taker holds the trick
        assert state.legal_actions(0) == ["AD", "10D"]
        assert refused(state, 0, "9H") == "must_trump"
        state.apply(0, "10D")
        assert state.takers == [1, 0]

    def test_on_a_trump_lead_one_must_go_higher_if_one_can(self):
        state = self.deal_2()
        play(state, [(1, "AC"), (2, "9C"), (0, "10S"), (1, "KC"), (2, "10C"), (0, "10D")])
        state.apply(0, "AD")
        assert state.legal_actions(1) == ["KD"]  # Bea's only trump, below the ace: she must still play it
        state.apply(1, "KD")
        # Trumps rank V 9 A 10 R D: Cid's V♦ and 9♦ beat the A♦, his D♦ does not.
        assert state.legal_actions(2) == ["JD", "9D"]
        assert refused(state, 2, "QD") == "must_overtrump"
        assert refused(state, 2, "JC") == "must_follow"
        state.apply(2, "JD")
        assert state.takers == [1, 0, 2]


# Deal 3: the retourne is the V♥; Bea takes at the first round. Hands, once complete:
#   Bea V♥ A♠ R♠ D♠ V♠ 10♠ 9♠ A♣   Cid 10♥ D♥ A♦ R♦ D♦ V♦ 10♦ 9♦   Ana A♥ 9♥ R♥ R♣ D♣ V♣ 10♣ 9♣
# Bea holds every spade, so both defenders are void in spades.
DEAL_3 = {1: "AS KS QS JS 10S", 2: "10H QH AD KD QD", 0: "AH 9H KH KC QC", -1: "JH",
          3: "9S AC JD 10D 9D JC 10C 9C"}


class TestCouperToujours:
    """The option « couper toujours »: the defenders are not partners in the play; void, one trumps, and
    overtrumps if one can, even when the other defender holds the trick."""

    def first_two_cards(self, **options):
        state = stacked(DEAL_3, **options)
        state.apply(1, "take")
        assert state.hand(0) == ["AH", "KH", "9H", "10C", "KC", "QC", "JC", "9C"]
        state.apply(1, "AS")
        # Cid, void in spades against the taker, must trump: either trump, nothing of his is down yet.
        assert sorted(state.legal_actions(2)) == ["10H", "QH"]
        state.apply(2, "10H")
        return state

    def test_by_default_a_defender_may_discard_when_the_other_defender_holds_the_trick(self):
        state = self.first_two_cards()
        # Cid's 10♥ holds the trick: Ana, his partner, may play any card.
        assert sorted(state.legal_actions(0)) == sorted(["AH", "KH", "9H", "KC", "QC", "JC", "10C", "9C"])
        state.apply(0, "9C")
        assert state.takers == [2]

    def test_with_the_option_she_must_trump_over_her_partner(self):
        state = self.first_two_cards(couper_toujours=True)
        # Ana must trump, and go over the 10♥ (trumps: V 9 A 10 R D): the A♥ or the 9♥, not the R♥.
        assert sorted(state.legal_actions(0)) == ["9H", "AH"]
        assert refused(state, 0, "9C") == "must_trump"
        assert refused(state, 0, "KH") == "must_overtrump"
        state.apply(0, "AH")
        assert state.takers == [0]

    def test_the_refusal_says_why(self):
        state = self.first_two_cards(couper_toujours=True)
        with pytest.raises(IllegalAction) as error:
            state.apply(0, "KC")
        assert "même quand votre partenaire tient le pli" in error.value.message.fr

    def test_with_the_option_a_deal_plays_to_its_end_and_fills_the_sheet(self):
        rng = random.Random(7)
        for seed in range(20):
            state = GAME.new_deal(3, {**GAME.default_options(), "couper_toujours": True}, 1, seed % 3)
            state.deal(seed)
            while state.current_player != TERMINAL:
                state.apply(state.current_player, state.quick_action(rng))
            entry = state.entry()
            sheet = GAME.new_sheet(3, {"couper_toujours": True})
            assert not sheet.check(entry)
            assert sheet.apply(entry).scores == state.returns()


class TestWhatEachSeatSees:
    def test_the_retourne_is_public_the_cards_given_out_are_not(self):
        state = stacked(DEAL_2)
        stock = ["10H", "KH", "AS", "QH", "9D", "JS", "JH", "9H"]
        for seat in (None, 0, 1, 2):
            text = json.dumps(state.observation(seat))
            assert '"9S"' in text
            assert not any(f'"{c}"' in text for c in stock)
        play(state, [(1, "pass"), (2, "pass"), (0, "pass"), (1, "pass"), (2, "trump:D")])
        bea = json.dumps(state.observation(1))
        assert not any(f'"{c}"' in bea for c in ["QH", "9D", "JD", "QD", "9C", "JC", "10C"])  # Cid's hand
        assert state.observation(1)["turned"] == state.observation(None)["turned"] == "9S"  # all saw it go to Cid

    def test_determinize_keeps_what_everybody_knows_is_in_a_hand(self):
        state = stacked(DEAL_2)
        play(state, [(1, "pass"), (2, "pass"), (0, "pass"), (1, "pass"), (2, "trump:D")])
        rng = random.Random(5)
        for _ in range(30):
            d = state.determinize(1, rng)
            assert d.hand(1) == state.hand(1) and "9S" in d.hand(2)  # the retourne went to Cid
        state = stacked(DEAL_1)
        play(state, [(1, "take"), *DEAL_1_PLAY[:16]])  # Bea said belote and played the D♥
        for _ in range(30):
            d = state.determinize(2, rng)
            assert "KH" in d.hand(1) and "JH" not in d.hand(1)  # the rebelote to come; the V♥ was played


class TestAnnouncements:
    def test_the_takers_tierce_in_trumps_counts_with_his_belote(self):
        state = stacked(DEAL_1, annonces=True)
        state.apply(1, "take")
        # Bea: V♥ D♥ R♥ follow each other (A R D V 10 9): a tierce to the King, in trumps, 20. Nobody else has
        # three in a row or four of a kind.
        assert "announce" in state.legal_actions(1)
        state.apply(1, "announce")
        assert state.observation(2)["announcements"] == [{"seat": 1, "points": 20, "cards": ["KH", "QH", "JH"]}]
        assert "announce" not in state.legal_actions(1)  # said once
        state.apply(1, "JH")
        assert "announce" not in state.legal_actions(2)
        play(state, DEAL_1_PLAY[1:])
        # 123 card points + belote 20 + tierce 20 = 163 against 39: each defender 39.
        entry = state.entry()
        assert entry["annonces"] == [0, 20, 0]
        assert state.returns() == [39, 163, 39]
        assert GAME.new_sheet(3, {"annonces": True}).apply(entry).scores == [39, 163, 39]

    def deal_2_taken(self):
        state = stacked(DEAL_2, annonces=True)
        play(state, [(1, "pass"), (2, "pass"), (0, "pass"), (1, "pass"), (2, "trump:D")])
        return state

    def test_the_best_announcement_wins_for_its_side(self):
        # Bea: A♣ R♣ D♣, a tierce to the Ace (20); Cid: V♣ 10♣ 9♣, a tierce to the Jack (20); Ana: R♠ D♠ V♠ 10♠,
        # a cinquante (50): the best, so the defence counts both its announcements, 50 and 20, Cid nothing.
        state = self.deal_2_taken()
        play(state, [(1, "announce"), (1, "AC"), (2, "announce"), (2, "9C"), (0, "announce")])
        assert state.observation(None)["announcements"][0] == {"seat": 0, "points": 50, "cards": ["10S", "KS", "QS", "JS"]}  # in hand order
        assert state.observation(None)["annonces"] is None  # decided once the first trick is over
        state.apply(0, "10S")
        assert state.observation(None)["annonces"] == [50, 20, 0]
        assert refused(state, 1, "announce") == "no_announcement"  # the first trick is over

    def test_equal_points_the_higher_head_wins(self):
        # Ana says nothing: two tierces of 20, neither in trumps; Bea's runs to the Ace, Cid's to the Jack.
        state = self.deal_2_taken()
        play(state, [(1, "announce"), (1, "AC"), (2, "announce"), (2, "9C"), (0, "10S")])
        assert state.annonces == [0, 20, 0]
        rng = random.Random(2)
        while not state.is_terminal:
            state.apply(state.current_player, state.quick_action(rng))
        sheet = GAME.new_sheet(3, {"annonces": True})
        assert state.entry()["annonces"] == [0, 20, 0]
        assert list(sheet.apply(state.entry()).scores) == state.returns()

    def test_without_the_option_there_is_nothing_to_announce(self):
        state = stacked(DEAL_2)
        play(state, [(1, "pass"), (2, "pass"), (0, "pass"), (1, "pass"), (2, "trump:D")])
        assert "announce" not in state.legal_actions(1)
        assert refused(state, 1, "announce") == "annonces_off"
        assert "annonces" not in state.observation(1)


class TestOptionsAndBots:
    def test_only_three_players(self):
        with pytest.raises(InvalidOptions):
            GAME.new_deal(4)

    def test_a_random_playout_says_belote_for_its_player_and_still_replays(self):
        state = stacked(DEAL_1)
        state.apply(1, "take")  # Bea holds R♥ and D♥ of trumps
        state.random_playout(random.Random(3))
        assert state.belote_seat == 1 and state.rebelote
        assert state.history.count("belote") == 1
        again = GAME.new_deal(3, {}, 1, 0).replay(state.history)
        assert again.entry() == state.entry() and again.entry()["belote"] == 1

    def test_the_quick_bot_takes_a_strong_hand_announces_belote_and_its_deals_fill_the_sheet(self):
        state = stacked(DEAL_1)
        # Bea with the V♥ retourne: V 3 + 9 2.5 + R 0.8 + D 0.7 + A♠ 1 + 10♠ with the ace 0.5 = 8.5: she takes.
        assert state.quick_action(random.Random(1)) == "take"
        state.apply(1, "take")
        play(state, DEAL_1_PLAY[:14])
        assert state.quick_action(random.Random(1)) == "belote"
        rng = random.Random(8)
        sheet = GAME.new_sheet(3, {"litige": "reserve"})
        for _ in range(12):
            state = GAME.new_deal(3, {"litige": "reserve"}, sheet.number, seed=rng.random(), **GAME.deal_context(sheet))
            while not state.is_terminal:
                state.apply(state.current_player, state.quick_action(rng))
            assert sheet.check(state.entry()) == []
            assert list(sheet.apply(state.entry()).scores) == state.returns()
