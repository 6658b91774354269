"""La coinche played on screen (companion.games.coinche.rules.CoincheDeal, on the shared belote deal of
companion.families.belote.BeloteDeal). Expected numbers are worked out by hand from the rules.

Deals are stacked: every card is dealt, 3, 2 then 3 to each seat from the dealer's right (seat order is the order
of play); ``by_schedule`` takes each seat's 8 cards in the order it receives them. Seats: Ana 0 (the dealer),
Bea 1 (speaks and leads first), Cid 2, Dan 3; Ana and Cid against Bea and Dan. The hands are the belote tests'
deals A and C once complete (tests/games/belote/test_play.py), so the same tricks can be played.
Card points at a suit: trumps V 20, 9 14, A 11, 10 10, R 4, D 3; other suits A 11, 10 10, R 4, D 3, V 2.
At sans atout every suit A 19, 10 10, R 4, D 3, V 2; at tout atout every suit V 14, 9 9, A 6, 10 5, R 3, D 1.
"""

import json
import random

from companion.games import registry
from companion.kernel.deal import TERMINAL
from tests.rules.engine_helpers import by_schedule, play, refused

GAME = registry.get("coinche")

# Bea V♥ 9♥ R♥ D♥ A♠ 10♠ A♣ 9♣   Cid 10♥ 8♥ R♦ D♦ V♦ 8♠ 7♠ 10♣
# Dan A♥ A♦ 10♦ 7♦ R♠ 9♠ 8♣ 7♣   Ana 7♥ 9♦ 8♦ D♠ V♠ R♣ D♣ V♣
DEAL_A = {1: "JH 9H KH QH AS 10S AC 9C", 2: "10H 8H KD QD JD 8S 7S 10C",
          3: "AH AD 10D 7D KS 9S 8C 7C", 0: "7H 9D 8D QS JS KC QC JC"}
# Hearts trumps: Bea and Dan take 133 card points (the dix de der goes to Ana's R♣), Bea says belote.
DEAL_A_PLAY = [
    (1, "AS"), (2, "7S"), (3, "9S"), (0, "JS"), (1, "10S"), (2, "8S"), (3, "KS"), (0, "QS"),
    (1, "AC"), (2, "10C"), (3, "7C"), (0, "JC"), (1, "JH"), (2, "8H"), (3, "AH"), (0, "7H"),
    (1, "9H"), (2, "10H"), (3, "7D"), (0, "8D"), (1, "belote"), (1, "KH"), (2, "JD"), (3, "8C"), (0, "9D"),
    (1, "QH"), (2, "QD"), (3, "10D"), (0, "QC"), (1, "9C"), (2, "KD"), (3, "AD"), (0, "KC"),
]
# Bea V♥ R♥ D♥ 10♥ A♠ 10♠ A♣ 9♣   Cid 7♥ 8♠ 7♠ R♦ D♦ V♦ 10♣ 7♣
# Dan 9♥ 8♥ R♠ 9♠ A♦ 10♦ 7♦ 8♣   Ana A♥ D♠ V♠ 9♦ 8♦ R♣ D♣ V♣
DEAL_C = {1: "JH KH QH 10H AS 10S AC 9C", 2: "7H 8S 7S KD QD JD 10C 7C",
          3: "9H 8H KS 9S AD 10D 7D 8C", 0: "AH QS JS 9D 8D KC QC JC"}
# Hearts trumps: every trick to Bea and Dan, Bea says belote.
DEAL_C_PLAY = [
    (1, "AS"), (2, "7S"), (3, "9S"), (0, "JS"), (1, "10S"), (2, "8S"), (3, "KS"), (0, "QS"),
    (1, "belote"), (1, "KH"), (2, "7H"), (3, "9H"), (0, "AH"), (3, "AD"), (0, "8D"), (1, "9C"), (2, "JD"),
    (3, "10D"), (0, "9D"), (1, "AC"), (2, "QD"), (3, "7D"), (0, "JC"), (1, "QH"), (2, "KD"),
    (1, "JH"), (2, "7C"), (3, "8H"), (0, "QC"), (1, "10H"), (2, "10C"), (3, "8C"), (0, "KC"),
]


def stacked(piles, number=1, dealer=0, **options):
    return by_schedule(GAME.new_deal(4, options, number, dealer), piles)


class TestTheAuction:
    def test_bids_go_up_a_coinche_stops_them_and_the_coinched_side_answers(self):
        state = stacked(DEAL_A)
        assert state.phase == "bid" and state.current_player == 1  # the dealer's right speaks first
        # 80 to 160 by tens, then capot, each in one of the four suits: 9 × 4 + 4 = 40 bids, or pass.
        legal = state.legal_actions(1)
        assert len(legal) == 41 and legal[0] == "bid:80:S" and legal[-2:] == ["bid:capot:C", "pass"]
        assert refused(state, 1, "coinche") == "coinche_whom"  # nothing to coinche yet
        assert refused(state, 1, "bid:80:SA") == "bad_trump"  # no sans atout at this table
        state.apply(1, "bid:80:H")
        assert refused(state, 2, "bid:80:D") == "bid_too_low"
        assert "coinche" in state.legal_actions(2)  # Cid is an opponent of Bea
        state.apply(2, "bid:90:D")
        state.apply(3, "bid:100:H")  # Dan over Cid, in his partner's suit
        assert "coinche" in state.legal_actions(0)  # Ana may coinche Dan
        state.apply(0, "pass")
        assert "coinche" not in state.legal_actions(1)  # Bea may not coinche her partner
        state.apply(1, "pass")
        state.apply(2, "coinche")
        # The bidding stops: Dan, then Bea, may surcoinche.
        assert state.current_player == 3 and state.legal_actions(3) == ["surcoinche", "pass"]
        assert refused(state, 3, "bid:110:H") == "coinched"
        state.apply(3, "pass")
        assert state.current_player == 1
        state.apply(1, "surcoinche")
        assert state.phase == "play" and state.taker == 3 and state.trump == 1 and state.coinche == 2
        assert state.current_player == 1  # the dealer's right leads, whoever took
        obs = state.observation(None)
        assert obs["contract"] == 100 and obs["contract_trump"] == "H" and obs["bidder"] == 3
        assert obs["bids"] == [[1, "bid:80:H"], [2, "bid:90:D"], [3, "bid:100:H"], [0, "pass"], [1, "pass"],
                               [2, "coinche"], [3, "pass"], [1, "surcoinche"]]

    def test_three_passes_after_a_bid_make_it_the_contract(self):
        state = stacked(DEAL_A)
        play(state, [(1, "pass"), (2, "bid:80:D"), (3, "pass"), (0, "pass")])
        assert state.phase == "bid" and state.current_player == 1  # Bea may still speak
        state.apply(1, "pass")
        assert state.phase == "play" and state.taker == 2 and state.trump == 2

    def test_everybody_passing_ends_the_deal_with_the_sheets_passed_round(self):
        state = stacked(DEAL_A)
        play(state, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
        assert state.current_player == TERMINAL
        assert state.entry() == {"bidder": None} and state.returns() == [0, 0, 0, 0]
        assert GAME.new_sheet(4).apply(state.entry()).scores == [0, 0, 0, 0]

    def test_sans_atout_and_tout_atout_with_the_options(self):
        state = stacked(DEAL_A, sans_atout=True, tout_atout=True, generale=True)
        # 9 numbers, capot and générale, each in six trumps: 11 × 6 = 66 bids, or pass.
        legal = state.legal_actions(1)
        assert len(legal) == 67 and "bid:80:SA" in legal and "bid:generale:TA" in legal


class TestWholeDeals:
    def test_a_surcoinched_contract_made(self):
        state = stacked(DEAL_A)
        play(state, [(1, "bid:80:H"), (2, "bid:90:D"), (3, "bid:100:H"), (0, "pass"), (1, "pass"),
                     (2, "coinche"), (3, "pass"), (1, "surcoinche")])
        play(state, DEAL_A_PLAY)
        assert state.is_terminal and state.takers == [1, 1, 1, 1, 1, 1, 1, 0]
        # Dan's 100, surcoinched: 100 × 4 = 400. Bea and Dan count 133 + Bea's belote 20 = 153 ≥ 100: made.
        # Contract plus points: 400 + 133 to the ten (130) + 20 = 550; Ana and Cid the rest of 160, 30.
        entry = state.entry()
        assert entry == {"bidder": 3, "contract": 100, "trump": "H", "coinche": 2, "points": 133, "belote": 1,
                         "capot": False}
        assert state.returns() == [30, 550, 30, 550]
        assert GAME.new_sheet(4).apply(entry).scores == [30, 550, 30, 550]

    def test_a_capot_bid_that_fails(self):
        state = stacked(DEAL_A)
        play(state, [(1, "pass"), (2, "pass"), (3, "bid:capot:H"), (0, "pass"), (1, "pass"), (2, "pass")])
        play(state, DEAL_A_PLAY)
        # Ana took the last trick: no capot. The defence writes 160 + the capot's 250 = 410; Bea's belote stays
        # with her side, 20.
        entry = state.entry()
        assert entry["contract"] == "capot" and entry["capot"] is False
        assert state.returns() == [410, 20, 410, 20]
        assert GAME.new_sheet(4).apply(entry).scores == [410, 20, 410, 20]

    def test_a_capot_bid_made(self):
        state = stacked(DEAL_C)
        play(state, [(1, "bid:capot:H"), (2, "pass"), (3, "pass"), (0, "pass")])
        play(state, DEAL_C_PLAY)
        # Every trick to Bea and Dan: the capot's 250 + the belote 20 = 270; the defence nothing.
        entry = state.entry()
        assert entry == {"bidder": 1, "contract": "capot", "trump": "H", "coinche": 0, "points": 162, "belote": 1,
                         "capot": True}
        assert state.returns() == [0, 270, 0, 270]
        assert GAME.new_sheet(4).apply(entry).scores == [0, 270, 0, 270]


class TestThePlay:
    def test_sans_atout_no_trump_and_no_duty_to_go_higher(self):
        state = stacked(DEAL_A, sans_atout=True)
        play(state, [(1, "bid:80:SA"), (2, "pass"), (3, "pass"), (0, "pass")])
        assert state.trump == -1 and state.observation(None)["no_trump"]
        play(state, [(1, "AS"), (2, "7S"), (3, "9S"), (0, "JS"), (1, "JH")])
        assert state.legal_actions(2) == ["10H", "8H"]  # follow, any heart
        play(state, [(2, "8H"), (3, "AH"), (0, "7H")])
        assert state.takers == [1, 3]  # the A♥ is the highest heart: V 2 + A 19 = 21 for Dan
        assert state.card_points(state.taken[1] | state.taken[3]) == 21 + 21  # and Bea's first, A♠ 19 + V♠ 2
        state.apply(3, "AD")
        state.apply(0, "8D")
        # Bea has no diamond and there is no trump: any card.
        assert sorted(state.legal_actions(1)) == sorted(["10S", "KH", "QH", "9H", "AC", "9C"])

    def test_tout_atout_one_goes_higher_in_the_suit_led(self):
        state = stacked(DEAL_A, tout_atout=True)
        play(state, [(1, "bid:80:TA"), (2, "pass"), (3, "pass"), (0, "pass")])
        state.apply(1, "AS")
        # Spades rank V 9 A 10 R D 8 7: Cid's 8♠ and 7♠ are below the ace, either will do.
        assert state.legal_actions(2) == ["8S", "7S"]
        state.apply(2, "7S")
        assert state.legal_actions(3) == ["9S"]  # Dan's 9♠ beats the ace, his R♠ does not
        assert refused(state, 3, "KS") == "must_overtrump"
        state.apply(3, "9S")
        assert state.legal_actions(0) == ["JS"]  # only the Jack beats the 9
        state.apply(0, "JS")
        assert state.takers == [0] and state.card_points(state.taken[0]) == 6 + 9 + 14  # A 6, 9 9, V 14 for Ana


class TestTheQuickBot:
    def test_it_bids_what_its_best_suit_is_worth(self):
        # Bea at hearts: V 3 + 9 2.5 + R 0.8 + D 0.7 + A♠ 1 + 10♠ with the ace 0.5 + A♣ 1 = 9.5, so
        # 20 + 10 × 9.5 = 115 points expected: she bids 110 ♥.
        assert stacked(DEAL_A).quick_action(random.Random(1)) == "bid:110:H"

    def test_it_coinches_a_capot_bid_when_it_holds_an_ace(self):
        state = stacked(DEAL_A)
        play(state, [(1, "pass"), (2, "bid:capot:S")])
        assert state.quick_action(random.Random(1)) == "coinche"  # Dan holds the A♥ and the A♦

    def test_it_surcoinches_what_its_own_hand_is_worth(self):
        state = stacked(DEAL_A)
        play(state, [(1, "bid:80:H"), (2, "coinche")])
        # Dan at hearts: A 1.5 + A♦ 1 + 10♦ with the ace 0.5 = 3.0, 20 + 30 = 50 < 80: he passes.
        assert state.quick_action(random.Random(1)) == "pass"
        state.apply(3, "pass")
        # Bea's hand alone is worth 115 at hearts (above), over her 80: she surcoinches.
        assert state.quick_action(random.Random(1)) == "surcoinche"

    def test_quick_bots_fill_the_sheet_deal_after_deal(self):
        rng = random.Random(4)
        options = {"sans_atout": True, "tout_atout": True, "annonces": True, "generale": True, "target": 100_000}
        sheet = GAME.new_sheet(4, options)
        for _ in range(12):
            state = GAME.new_deal(4, options, sheet.number, seed=rng.random())
            while not state.is_terminal:
                state.apply(state.current_player, state.quick_action(rng))
            assert sheet.check(state.entry()) == []
            assert list(sheet.apply(state.entry()).scores) == state.returns()


class TestWhatEachSeatSees:
    def test_each_seat_sees_its_own_hand_only_and_determinize_keeps_it(self):
        state = stacked(DEAL_A)
        play(state, [(1, "bid:80:H"), (2, "pass"), (3, "pass"), (0, "pass"), *DEAL_A_PLAY[:4]])
        for seat in range(4):
            text = json.dumps(state.observation(seat))
            for other in range(4):
                if other != seat:
                    assert not any(f'"{c}"' in text for c in state.hand(other)), (seat, other)
        rng = random.Random(3)
        for _ in range(20):
            d = state.determinize(2, rng)
            assert d.hand(2) == state.hand(2) and [len(d.hand(s)) for s in range(4)] == [7, 7, 7, 7]
            d.random_playout(rng)
            assert d.is_terminal and GAME.new_sheet(4).check(d.entry()) == []
