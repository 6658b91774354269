"""La belote played on screen (companion.games.belote.rules.BeloteQuatreDeal, on the shared prise belote of
companion.families.belote.BeloteDeal). Expected numbers are worked out by hand from the rules.

Deals are stacked: the chance actions are the 32 cards in the order the engine deals them (its ``schedule``:
3 then 2 cards to each seat from the dealer's right — seat order is the order of play —, the retourne, pile -1,
then the 11 cards left, pile 4, given out after the prise from the dealer's right: 3 each, 2 to the taker).
Seats: Ana 0 (the dealer), Bea 1 (speaks and leads first), Cid 2, Dan 3; Ana and Cid against Bea and Dan.
Card points: trumps V 20, 9 14, A 11, 10 10, R 4, D 3, 8 and 7 nothing; other suits A 11, 10 10, R 4, D 3, V 2.
"""

import json
import random

import pytest

from companion.games import registry
from companion.kernel import InvalidOptions
from companion.kernel.deal import TERMINAL
from tests.rules.engine_helpers import by_schedule, play, refused

GAME = registry.get("belote")


def stacked(piles, number=1, dealer=0, sheet=None, **options):
    """``piles``: seat → its first 5 cards, -1 → the retourne, 4 → the 11 cards left, in the order given out."""
    state = GAME.new_deal(4, options, number, dealer, **(GAME.deal_context(sheet) if sheet is not None else {}))
    return by_schedule(state, piles)


# Deal A: the retourne is the V♥. Once Bea takes at the first round, the hands are
#   Bea V♥ 9♥ R♥ D♥ A♠ 10♠ A♣ 9♣   Cid 10♥ 8♥ R♦ D♦ V♦ 8♠ 7♠ 10♣
#   Dan A♥ A♦ 10♦ 7♦ R♠ 9♠ 8♣ 7♣   Ana 7♥ 9♦ 8♦ D♠ V♠ R♣ D♣ V♣
DEAL_A = {1: "9H KH QH AS 9C", 2: "10H 8H KD QD JD", 3: "AH KS 9S AD 10D", 0: "7H 9D 8D QS JS", -1: "JH",
          4: "10S AC 8S 7S 10C 7D 8C 7C KC QC JC"}
DEAL_A_PLAY = [
    # 1. Bea A♠, Cid 7♠, Dan 9♠, Ana V♠: Bea 11 + 2 = 13 for Bea and Dan.
    (1, "AS"), (2, "7S"), (3, "9S"), (0, "JS"),
    # 2. Bea 10♠, Cid 8♠, Dan R♠, Ana D♠: Bea 10 + 4 + 3 = 17 (30).
    (1, "10S"), (2, "8S"), (3, "KS"), (0, "QS"),
    # 3. Bea A♣, Cid 10♣, Dan 7♣, Ana V♣: Bea 11 + 10 + 2 = 23 (53).
    (1, "AC"), (2, "10C"), (3, "7C"), (0, "JC"),
    # 4. Bea V♥; nobody can go over it: Cid 8♥, Dan his A♥, Ana her 7♥: Bea 20 + 11 = 31 (84).
    (1, "JH"), (2, "8H"), (3, "AH"), (0, "7H"),
    # 5. Bea 9♥, Cid 10♥; Dan and Ana have no trump left: 7♦, 8♦. Bea 14 + 10 = 24 (108).
    (1, "9H"), (2, "10H"), (3, "7D"), (0, "8D"),
    # 6. Bea says belote with the R♥; Cid V♦, Dan 8♣, Ana 9♦: Bea 4 + 2 = 6 (114).
    (1, "belote"), (1, "KH"), (2, "JD"), (3, "8C"), (0, "9D"),
    # 7. Bea D♥ (the rebelote), Cid D♦, Dan 10♦, Ana D♣: Bea 3 + 3 + 10 + 3 = 19 (133).
    (1, "QH"), (2, "QD"), (3, "10D"), (0, "QC"),
    # 8. Bea 9♣, Cid R♦, Dan A♦, Ana R♣ takes it: 4 + 11 + 4 + the dix de der 10 = 29 for Ana and Cid.
    (1, "9C"), (2, "KD"), (3, "AD"), (0, "KC"),
]

# Deal B, for the duties: the retourne is the V♥; Bea takes at the first round. Hands, once complete:
#   Bea V♥ A♠ 10♠ R♠ D♠ V♠ 9♠ 8♠   Cid 10♥ 8♥ 7♠ A♦ 10♦ R♦ D♦ V♦
#   Dan A♥ 7♥ A♣ 10♣ R♣ D♣ V♣ 9♣   Ana 9♥ R♥ D♥ 9♦ 8♦ 7♦ 8♣ 7♣
DEAL_B = {1: "AS 10S KS QS JS", 2: "7S 10H 8H AD 10D", 3: "AH 7H AC 10C KC", 0: "9H KH QH 9D 8D", -1: "JH",
          4: "9S 8S KD QD JD QC JC 9C 7D 8C 7C"}

# Deal C: the retourne is the V♥, Bea takes at the first round and her side takes every trick. Hands:
#   Bea V♥ R♥ D♥ 10♥ A♠ 10♠ A♣ 9♣   Cid 7♥ 8♠ 7♠ R♦ D♦ V♦ 10♣ 7♣
#   Dan 9♥ 8♥ R♠ 9♠ A♦ 10♦ 7♦ 8♣   Ana A♥ D♠ V♠ 9♦ 8♦ R♣ D♣ V♣
DEAL_C = {1: "KH QH 10H AS 10S", 2: "7H 8S 7S KD QD", 3: "9H 8H KS 9S AD", 0: "AH QS JS 9D 8D", -1: "JH",
          4: "AC 9C JD 10C 7C 10D 7D 8C KC QC JC"}
DEAL_C_PLAY = [
    (1, "AS"), (2, "7S"), (3, "9S"), (0, "JS"),  # 1. Bea 11 + 2 = 13
    (1, "10S"), (2, "8S"), (3, "KS"), (0, "QS"),  # 2. Bea 10 + 4 + 3 = 17 (30)
    # 3. Bea says belote, R♥; Cid 7♥; Dan must go over his partner's King: 9♥, not 8♥; Ana A♥:
    #    Dan 4 + 14 + 11 = 29 (59).
    (1, "belote"), (1, "KH"), (2, "7H"), (3, "9H"), (0, "AH"),
    (3, "AD"), (0, "8D"), (1, "9C"), (2, "JD"),  # 4. Bea, void, throws a club on her partner's ace: 11 + 2 = 13 (72)
    (3, "10D"), (0, "9D"), (1, "AC"), (2, "QD"),  # 5. the 10♦ is master: Dan 10 + 11 + 3 = 24 (96)
    (3, "7D"), (0, "JC"), (1, "QH"), (2, "KD"),  # 6. Bea's rebelote takes it: 2 + 3 + 4 = 9 (105)
    (1, "JH"), (2, "7C"), (3, "8H"), (0, "QC"),  # 7. Bea 20 + 3 = 23 (128)
    (1, "10H"), (2, "10C"), (3, "8C"), (0, "KC"),  # 8. Bea 10 + 10 + 4 + the dix de der 10 = 34 (162)
]

# Deal D: the retourne is the V♥; Bea takes with a poor hand and Cid holds R♥ and D♥. Hands:
#   Bea V♥ 8♥ 7♥ 8♠ 7♠ 8♦ 7♦ 8♣   Cid R♥ D♥ 10♦ R♦ D♦ 10♣ R♣ D♣
#   Dan 9♠ V♠ D♠ 9♦ V♦ 9♣ V♣ 7♣   Ana 9♥ A♥ 10♥ A♠ 10♠ R♠ A♦ A♣
DEAL_D = {1: "8H 7H 8S 7S 8D", 2: "KH QH 10D KD QD", 3: "9S 9D 9C JS JD", 0: "9H AH 10H AS 10S", -1: "JH",
          4: "7D 8C 10C KC QC JC 7C QS AD AC KS"}
DEAL_D_PLAY = [
    # 1. Bea V♥; Cid cannot go over it: belote, D♥; Dan 7♣; Ana 10♥: Bea 20 + 3 + 10 = 33 for Bea and Dan.
    (1, "JH"), (2, "belote"), (2, "QH"), (3, "7C"), (0, "10H"),
    # 2. Bea 8♠; Cid, void, trumps with the R♥ (the rebelote); Dan 9♠, Ana A♠: Cid 4 + 11 = 15 for Ana and Cid.
    (1, "8S"), (2, "KH"), (3, "9S"), (0, "AS"),
    (2, "10D"), (3, "9D"), (0, "AD"), (1, "7D"),  # 3. Ana 10 + 11 = 21 (36)
    (0, "AC"), (1, "8C"), (2, "10C"), (3, "9C"),  # 4. Ana 11 + 10 = 21 (57)
    (0, "10S"), (1, "7S"), (2, "KC"), (3, "QS"),  # 5. Ana 10 + 4 + 3 = 17 (74)
    (0, "KS"), (1, "7H"), (2, "QD"), (3, "JS"),  # 6. Bea, void, must trump: 4 + 3 + 2 = 9 for Bea and Dan (42)
    (1, "8D"), (2, "KD"), (3, "JD"), (0, "AH"),  # 7. Ana trumps over her partner's R♦: 4 + 2 + 11 = 17 (91)
    (0, "9H"), (1, "8H"), (2, "QC"), (3, "JC"),  # 8. Ana 14 + 3 + 2 + the dix de der 10 = 29 (120)
]


class TestWholeDeals:
    def test_first_round_take_belote_rebelote_dix_de_der_and_the_score(self):
        state = stacked(DEAL_A)
        assert state.phase == "bid" and state.current_player == 1
        assert state.legal_actions(1) == ["take", "pass"]
        assert state.observation(None)["turned"] == "JH"
        state.apply(1, "take")
        assert state.trump == 1 and state.taker == 1 and state.side == [1, 0, 1, 0]  # hearts; Bea and Dan
        # The taker gets the retourne and the next 2 cards, the others 3 each from the dealer's right.
        assert state.hand(1) == ["AS", "10S", "KH", "QH", "JH", "9H", "AC", "9C"]
        assert state.hand(2) == ["8S", "7S", "10H", "8H", "10C", "KD", "QD", "JD"]
        assert state.hand(3) == ["KS", "9S", "AH", "8C", "7C", "AD", "10D", "7D"]
        assert state.hand(0) == ["QS", "JS", "7H", "KC", "QC", "JC", "9D", "8D"]
        assert state.current_player == 1  # the dealer's right leads, whoever took
        play(state, DEAL_A_PLAY[:20])
        assert state.legal_actions(1) == ["KH", "QH", "9C", "belote"]
        play(state, DEAL_A_PLAY[20:])
        assert state.is_terminal and state.takers == [1, 1, 1, 1, 1, 1, 1, 0]
        assert state.observation(3)["belote"] == 1 and state.observation(3)["rebelote"]
        # Bea and Dan: 133 card points + belote 20 = 153 against 29: made; each side writes its total.
        entry = state.entry()
        assert entry == {"taker": 1, "trump": "H", "points": 133, "belote": 1, "capot": False}
        assert state.returns() == [29, 153, 29, 153]
        assert GAME.new_sheet(4).apply(entry).scores == [29, 153, 29, 153]

    def test_capot_of_the_taking_side(self):
        state = stacked(DEAL_C)
        state.apply(1, "take")
        play(state, DEAL_C_PLAY)
        assert state.takers == [1, 1, 3, 3, 3, 1, 1, 1]
        # Every trick to Bea and Dan: 252 instead of the 162 card points, + belote 20 = 272; the defence 0.
        entry = state.entry()
        assert entry == {"taker": 1, "trump": "H", "points": 162, "belote": 1, "capot": True}
        assert state.returns() == [0, 272, 0, 272]
        assert GAME.new_sheet(4).apply(entry).scores == [0, 272, 0, 272]

    def test_capot_in_round_figures_with_the_option(self):
        state = stacked(DEAL_C, capot=250)
        play(state, [(1, "take"), *DEAL_C_PLAY])
        assert state.returns() == [0, 270, 0, 270]  # 250 + belote 20
        assert GAME.new_sheet(4, {"capot": 250}).apply(state.entry()).scores == [0, 270, 0, 270]

    def test_dedans_with_the_belote_in_defence(self):
        state = stacked(DEAL_D)
        state.apply(1, "take")
        play(state, DEAL_D_PLAY)
        assert state.takers == [1, 2, 0, 0, 0, 1, 0, 0]
        # Bea and Dan 33 + 9 = 42; Ana and Cid 120 + Cid's belote 20 = 140: dedans. The defence writes the
        # deal's 162 + its belote 20 = 182, the taking side nothing.
        entry = state.entry()
        assert entry == {"taker": 1, "trump": "H", "points": 42, "belote": 2, "capot": False}
        assert state.returns() == [182, 0, 182, 0]
        assert GAME.new_sheet(4).apply(entry).scores == [182, 0, 182, 0]

    def test_the_reserve_of_a_litige_comes_from_the_sheet(self):
        sheet = GAME.new_sheet(4, {"litige": "reserve"})
        sheet.apply({"taker": 0, "trump": "S", "points": 81, "belote": None, "capot": False})  # 81 all: reserve 81
        state = stacked(DEAL_A, number=2, dealer=0, sheet=sheet, litige="reserve")
        play(state, [(1, "take"), *DEAL_A_PLAY])
        # Made: Bea and Dan 153 + the reserve 81 = 234; Ana and Cid 29.
        assert state.returns() == [29, 234, 29, 234]
        assert sheet.apply(state.entry()).scores == [29, 234, 29, 234]

    def test_everybody_passing_twice_ends_the_deal_with_the_sheets_passed_round(self):
        state = stacked(DEAL_A)
        play(state, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
        assert state.legal_actions(1) == ["trump:S", "trump:D", "trump:C", "pass"]  # not hearts, the retourne's
        play(state, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
        assert state.current_player == TERMINAL
        assert state.entry() == {"taker": None} and state.returns() == [0, 0, 0, 0]
        sheet = GAME.new_sheet(4)
        assert sheet.apply(state.entry()).scores == [0, 0, 0, 0]
        # The deal passes on: the next one is dealt afresh by the next seat, Bea, and Cid speaks first.
        again = GAME.new_deal(4, {}, sheet.number, seed=1)
        assert again.dealer == 1 and again.current_player == 2

    def test_taking_at_the_second_round(self):
        state = stacked(DEAL_A)
        play(state, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")])
        assert refused(state, 2, "trump:H") == "retourne_suit"
        state.apply(2, "trump:D")
        assert state.taker == 2 and state.trump == 2 and state.side == [0, 1, 0, 1]  # Cid and Ana take
        # From the dealer's right: Bea 3 (10♠ A♣ 8♠), Cid the retourne and 2 (7♠ 10♣), Dan 3, Ana 3.
        assert state.hand(1) == ["AS", "10S", "8S", "KH", "QH", "9H", "AC", "9C"]
        assert state.hand(2) == ["7S", "10H", "JH", "8H", "10C", "KD", "QD", "JD"]
        assert state.hand(3) == ["KS", "9S", "AH", "8C", "7C", "AD", "10D", "7D"]
        assert state.hand(0) == ["QS", "JS", "7H", "KC", "QC", "JC", "9D", "8D"]
        assert state.current_player == 1


class TestTheDuties:
    """Deal B: Bea leads the A♠; Cid follows; Dan and Ana have no spade."""

    def first_trick(self):
        state = stacked(DEAL_B)
        state.apply(1, "take")
        state.apply(1, "AS")
        assert state.legal_actions(2) == ["7S"]  # follow suit
        assert refused(state, 2, "AD") == "must_follow"
        state.apply(2, "7S")
        return state

    def test_void_one_need_not_trump_when_the_partner_holds_the_trick(self):
        state = self.first_trick()
        # Bea's A♠ holds the trick: Dan, her partner, may play any card, though he holds two trumps.
        assert state.legal_actions(3) == ["AH", "7H", "AC", "10C", "KC", "QC", "JC", "9C"]

    def test_void_against_the_opponents_one_trumps_and_overtrumps(self):
        state = self.first_trick()
        state.apply(3, "AH")  # Dan trumps his partner's ace anyway, with the A♥
        # Ana, void, against Dan's A♥: trump, and go over it: only the 9♥ beats the ace (V 9 A 10 R D 8 7).
        assert state.legal_actions(0) == ["9H"]
        assert refused(state, 0, "9D") == "must_trump"
        assert refused(state, 0, "KH") == "must_overtrump"
        state.apply(0, "9H")
        assert state.takers == [0]  # 11 + 11 + 14 = 36 for Ana and Cid

    def second_trick(self, lead):
        state = self.first_trick()
        play(state, [(3, "AH"), (0, "9H"), (0, lead)])
        # Bea, void in the suit Ana leads, must trump: her V♥ is her only trump.
        assert state.legal_actions(1) == ["JH"]
        assert refused(state, 1, "KS") == "must_trump"
        state.apply(1, "JH")
        return state

    def test_unable_to_overtrump_one_still_trumps_under(self):
        state = self.second_trick("7C")
        # Cid, void in clubs, against Bea's V♥ that nothing beats: he must still trump, with either heart.
        assert state.legal_actions(2) == ["10H", "8H"]
        assert refused(state, 2, "AD") == "must_trump"
        state.apply(2, "8H")
        assert refused(state, 3, "7H") == "must_follow"  # Dan has clubs
        assert state.legal_actions(3) == ["AC", "10C", "KC", "QC", "JC", "9C"]

    def test_a_partners_trump_frees_a_void_player(self):
        state = self.second_trick("7D")
        state.apply(2, "AD")
        # Dan, void in diamonds: Bea's V♥ holds the trick, so any card, his 7♥ or a club.
        assert state.legal_actions(3) == ["7H", "AC", "10C", "KC", "QC", "JC", "9C"]
        state.apply(3, "9C")
        assert state.takers == [0, 1]

    def test_when_trumps_are_led_one_goes_over_ones_partner(self):
        state = stacked(DEAL_C)
        play(state, [(1, "take"), *DEAL_C_PLAY[:11]])  # Bea said belote and led the R♥; Cid played the 7♥
        assert state.legal_actions(3) == ["9H"]  # the 9♥ over his partner's King, not the 8♥
        assert refused(state, 3, "8H") == "must_overtrump"

    def test_the_belote_is_said_with_the_king_or_the_queen(self):
        state = stacked(DEAL_C)
        play(state, [(1, "take"), *DEAL_C_PLAY[:8]])
        assert "belote" in state.legal_actions(1)
        state.apply(1, "belote")
        assert state.legal_actions(1) == ["KH", "QH"]
        assert refused(state, 1, "JH") == "belote_card"


class TestWhatEachSeatSees:
    def test_the_retourne_is_public_the_cards_given_out_are_not(self):
        state = stacked(DEAL_A)
        stock = DEAL_A[4].split()
        for seat in (None, 0, 1, 2, 3):
            text = json.dumps(state.observation(seat))
            assert '"JH"' in text
            assert not any(f'"{c}"' in text for c in stock)
        state.apply(1, "take")
        for seat in range(4):
            text = json.dumps(state.observation(seat))
            for other in range(4):
                if other != seat:
                    hidden = [c for c in state.hand(other) if c != "JH"]  # the retourne went to Bea, seen by all
                    assert not any(f'"{c}"' in text for c in hidden), (seat, other)
        assert state.observation(2)["turned"] == "JH"

    def test_determinize_keeps_each_seats_own_hand_and_what_everybody_saw(self):
        state = stacked(DEAL_A)
        play(state, [(1, "take"), *DEAL_A_PLAY[:21]])  # Bea said belote and played the R♥
        rng = random.Random(5)
        for _ in range(30):
            d = state.determinize(2, rng)
            assert d.hand(2) == state.hand(2)
            assert "QH" in d.hand(1)  # the rebelote to come
            assert sorted(len(d.hand(s)) for s in range(4)) == sorted(len(state.hand(s)) for s in range(4))
            d.random_playout(rng)
            assert d.is_terminal and sum(d.side_points(s) for s in (0, 1)) == 162


class TestAnnouncements:
    def test_the_best_announcement_counts_for_its_side(self):
        # Deal B. Runs go 7 8 9 10 V D R A: Bea's spades 8 to A are seven in a row, a hundred (five cards or
        # more); Cid's diamonds 10 V D R A and Dan's clubs 9 10 V D R A are hundreds too; Ana's 7♦ 8♦ 9♦ a tierce
        # (20). Three hundreds, none in trumps, all headed by an ace: the seat that played first, Bea, has the
        # best, so Bea and Dan count theirs and Cid and Ana nothing.
        state = stacked(DEAL_B, annonces=True)
        state.apply(1, "take")
        play(state, [(1, "announce"), (1, "AS"), (2, "announce"), (2, "7S"), (3, "announce"), (3, "AC"),
                     (0, "announce")])
        assert [a["points"] for a in state.observation(None)["announcements"]] == [20, 100, 100, 100]  # by seat
        state.apply(0, "9H")
        assert state.annonces == [0, 100, 0, 100]
        rng = random.Random(2)
        while not state.is_terminal:
            state.apply(state.current_player, state.quick_action(rng))
        entry = state.entry()
        assert entry["annonces"] == [0, 100, 0, 100]
        sheet = GAME.new_sheet(4, {"annonces": True})
        assert sheet.check(entry) == []
        assert list(sheet.apply(entry).scores) == state.returns()


class TestOptionsAndBots:
    def test_only_four_players(self):
        with pytest.raises(InvalidOptions):
            GAME.new_deal(3)

    def test_the_quick_bot_takes_a_strong_hand_and_passes_a_poor_one(self):
        # Deal A, Bea with the V♥ turned: V 3 + 9 2.5 + R 0.8 + D 0.7 + A♠ 1 = 8.0, over 4.5: she takes.
        assert stacked(DEAL_A).quick_action(random.Random(1)) == "take"
        # Deal D, Bea: V 3 + 8♥ 0.5 + 7♥ 0.5 = 4.0, under 4.5: she passes.
        assert stacked(DEAL_D).quick_action(random.Random(1)) == "pass"

    def test_the_quick_bot_keeps_its_trumps_rather_than_cut_its_partner(self):
        state = stacked(DEAL_C)
        play(state, [(1, "take"), *DEAL_C_PLAY[:17], (3, "10D"), (0, "9D")])
        # Bea, void in diamonds, holds V♥ D♥ 10♥ A♣; her partner's 10♦, master but not an ace, holds the trick
        # and Cid is still to play: she keeps her trumps and throws her only plain card.
        assert state.quick_action(random.Random(1)) == "AC"

    def test_quick_bots_fill_the_sheet_deal_after_deal(self):
        rng = random.Random(8)
        options = {"litige": "reserve", "annonces": True, "target": 10_000}  # twelve deals never reach it
        sheet = GAME.new_sheet(4, options)
        for _ in range(12):
            state = GAME.new_deal(4, options, sheet.number, seed=rng.random(),
                                  **GAME.deal_context(sheet))
            while not state.is_terminal:
                state.apply(state.current_player, state.quick_action(rng))
            assert sheet.check(state.entry()) == []
            assert list(sheet.apply(state.entry()).scores) == state.returns()
