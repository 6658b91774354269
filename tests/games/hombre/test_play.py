"""L'hombre played on screen (companion.games.hombre.rules.HombreDeal). Expected numbers are worked out by hand.

Deals are stacked: the chance actions are the 40 cards in the order the engine deals them (its ``schedule``: 3 at
a time to each seat from the dealer's right — seat order is the order of play — three times, then the 13 cards of
the talon, pile 3, in the order they will be drawn). Seats: Ana 0 (the dealer), Bea 1 (speaks and leads first),
Cid 2.
"""

import json
import random

import pytest

from companion.games import registry
from companion.kernel import InvalidOptions
from companion.kernel.deal import TERMINAL
from tests.rules.engine_helpers import by_schedule, play, refused

GAME = registry.get("hombre")


def stacked(piles, number=1, dealer=0, sheet=None, **options):
    state = GAME.new_deal(3, options, number, dealer, **(GAME.deal_context(sheet) if sheet is not None else {}))
    return by_schedule(state, piles)


# Bea holds the espadille (A♠) and the manille (2♠ when spades are trumps); Cid the baste (A♣).
DEAL = {1: "AS 2S KS QS 7S KH KD 3C 4C", 2: "AC JS 6S QH JH AH QD JD KC", 0: "5S 4S 3S 2H 3H 4H 7D 6D QC",
        3: "5H 6H 7H AD 2D 3D 4D 5D 2C 5C 6C 7C JC"}
# Bea asks (prendre), names spades; the exchange: Bea puts down 3♣ 4♣ and draws 5♥ 6♥; Cid D♦ V♦ for 7♥ A♦;
# Ana D♣ for 2♦.
EXCHANGE = [(1, "bid:prendre"), (2, "pass"), (0, "pass"), (1, "trump:S"),
            (1, "3C"), (1, "4C"), (1, "done"), (2, "QD"), (2, "JD"), (2, "done"), (0, "QC"), (0, "done")]
# Spades trumps, strongest first: A♠ (espadille), 2♠ (manille), A♣ (baste), R D V 7 6 5 4 3 of spades.
# Hearts and diamonds outside trumps: R D V A 2 3 4 5 6 7.
TRICKS = [
    (1, "2S"), (2, "6S"), (0, "5S"),  # 1. the manille; Cid holds two plain trumps with his baste: he follows
    (1, "KS"), (2, "JS"), (0, "4S"),  # 2. Bea
    (1, "QS"), (2, "QH"), (0, "3S"),  # 3. Cid keeps his baste, now alone: a Queen led does not force it
    (1, "AS"), (2, "AC"), (0, "2H"),  # 4. the espadille, higher than the baste: Cid may keep it, but plays it
    (1, "7S"), (2, "JH"), (0, "3H"),  # 5. Bea's last trump
    (1, "KH"), (2, "AH"), (0, "4H"),  # 6. the King of hearts beats the Ace outside trumps
    (1, "KD"), (2, "AD"), (0, "2D"),  # 7.
    (1, "5H"), (2, "7H"), (0, "7D"),  # 8. red suits run R D V A 2 3 4 5 6 7: the 5 beats the 7
    (1, "6H"), (2, "KC"), (0, "6D"),  # 9.
]


class TestAWholeDeal:
    def test_bids_exchange_matadors_and_the_chips(self):
        state = stacked(DEAL)
        assert state.phase == "bid" and state.current_player == 1
        assert state.legal_actions(1) == ["pass", "bid:prendre", "bid:sans_prendre", "bid:vole"]
        play(state, EXCHANGE[:3])
        assert state.phase == "trump" and state.current_player == 1
        state.apply(1, "trump:S")
        # Prendre: everybody exchanges, the ombre first, then in the order of play.
        assert state.phase == "exchange" and state.current_player == 1
        assert state.legal_actions(1)[-1] == "done" and len(state.legal_actions(1)) == 10
        play(state, EXCHANGE[4:])
        assert state.hand(1) == ["AS", "KS", "QS", "7S", "2S", "KH", "6H", "5H", "KD"]
        assert state.hand(2) == ["JS", "6S", "AH", "QH", "JH", "7H", "AC", "KC", "AD"]
        assert state.hand(0) == ["5S", "4S", "3S", "4H", "3H", "2H", "7D", "6D", "2D"]
        assert state.phase == "play" and state.current_player == 1  # the dealer's right leads
        assert state.matadors_held == [0, 2, 1]
        play(state, TRICKS[:7])
        # Trick 3: the Queen of trumps led; Cid's only trump is the baste, a matador: he may play anything.
        assert set(state.legal_actions(2)) == {"AH", "QH", "JH", "7H", "AC", "KC", "AD"}
        play(state, TRICKS[7:10])
        # Not following the trump lead showed no void in trumps (the baste may be behind it): a determinized
        # deal seen by Ana may still give Cid the baste.
        assert not state.voids[2] & 1
        assert any("AC" in state.determinize(0, random.Random(k)).hand(2) for k in range(40))
        # Trick 4: the espadille led, higher than his baste. The rule document: a matador sec is not obliged to
        # be played "sur un autre atout", any other: he may still keep it (he holds A♥ J♥ 7♥ A♣ R♣ A♦). He plays it.
        assert state.legal_actions(2) == ["AH", "JH", "7H", "AC", "KC", "AD"]
        play(state, TRICKS[10:])
        assert state.is_terminal and state.won == [0, 9, 0]
        # Prendre won (9 tricks, more than each opponent) with 2 matadors. The pot: 3 × 3 = 9. Bea takes it and
        # 3 + 2 = 5 from each: −3 + 9 + 10 = +16; Ana and Cid −3 − 5 = −8.
        entry = state.entry()
        assert entry == {"contract": "prendre", "ombre": 1, "tricks": [0, 9, 0], "matadors": 2}
        assert state.returns() == [-8, 16, -8]
        assert GAME.new_sheet(3).apply(entry).scores == [-8, 16, -8]

    def test_the_pot_and_the_stake_come_from_the_sheet(self):
        sheet = GAME.new_sheet(3)
        sheet.apply({"contract": "prendre", "ombre": 0, "tricks": [4, 4, 1], "matadors": 0})  # remise: pot 9 → 18
        sheet.apply({"contract": None})  # all passed: 3 each, pot 27; the next stake is 2
        sheet.apply({"contract": None})  # 2 each: pot 33
        state = stacked(DEAL, number=4, sheet=sheet)
        assert (state.dealer, state.pot, state.stake) == (0, 33, 2)
        play(state, EXCHANGE + TRICKS)
        # Stake 2: pot 33 + 6 = 39. Bea: −2 + 39 + 2 × 5 = 47; Ana and Cid −2 − 5 = −7.
        assert state.returns() == [-7, 47, -7]
        assert sheet.apply(state.entry()).scores == [-7, 47, -7]

    def test_three_passes_end_the_deal(self):
        state = stacked(DEAL)
        play(state, [(1, "pass"), (2, "pass"), (0, "pass")])
        assert state.current_player == TERMINAL and state.entry() == {"contract": None}
        assert state.returns() == [-3, -3, -3] == GAME.new_sheet(3).apply(state.entry()).scores


class TestBidsAndExchanges:
    def test_a_later_player_overcalls_and_who_passed_is_out(self):
        state = stacked(DEAL)
        state.apply(1, "bid:prendre")
        assert state.legal_actions(2) == ["pass", "bid:sans_prendre", "bid:vole"]
        assert refused(state, 2, "bid:prendre") == "bid_too_low"
        play(state, [(2, "bid:sans_prendre"), (0, "pass")])
        assert state.current_player == 1  # back to Bea, who may go higher or pass
        state.apply(1, "pass")
        assert state.phase == "trump" and state.ombre == 2
        state.apply(2, "trump:C")
        # Sans prendre: the ombre keeps his hand; his right (Ana) exchanges first, then Bea.
        assert state.phase == "exchange" and state.current_player == 0
        play(state, [(0, "done"), (1, "done")])
        assert state.phase == "play" and state.hand(2) == ["JS", "6S", "AH", "QH", "JH", "AC", "KC", "QD", "JD"]

    def test_the_talon_limits_the_exchange(self):
        state = stacked(DEAL)
        play(state, EXCHANGE[:4])
        hand = state.hand(1)
        play(state, [(1, c) for c in hand] + [(1, "done")])  # Bea changes all nine cards: 4 stay in the talon
        assert state.hand(1) == ["7H", "6H", "5H", "2C", "AD", "5D", "4D", "3D", "2D"]  # the talon's first nine
        play(state, [(2, "QD"), (2, "JD"), (2, "KC"), (2, "QH")])
        assert state.legal_actions(2) == ["done"]
        assert refused(state, 2, "JH") == "talon_empty"
        state.apply(2, "done")
        assert state.current_player == 0 and state.legal_actions(0) == ["done"]

    def test_discards_and_the_talon_stay_hidden(self):
        state = stacked(DEAL)
        talon = DEAL[3].split()
        play(state, EXCHANGE[:7])  # Bea put down 3♣ 4♣ and drew
        cid = json.dumps(state.observation(2))
        assert not any(f'"{c}"' in cid for c in ["3C", "4C", *talon, *state.hand(1), *state.hand(0)])
        assert state.observation(2)["discarded"] == [0, 2, 0]
        assert state.observation(1)["my_discards"] == ["4C", "3C"]  # shown as a hand is
        assert state.observation(1)["talon_size"] == 11
        rng = random.Random(2)
        for _ in range(20):
            d = state.determinize(2, rng)
            assert d.hand(2) == state.hand(2) and len(d.hand(1)) == 9
            assert d.held[4 + 1].bit_count() == 2 and len(d.talon_order) == 11  # Bea's discards, the talon
            d = state.determinize(1, rng)
            assert d.pack.codes_of(d.held[4 + 1]) == ["4C", "3C"]  # Bea knows her own discards


class TestSetupAndBots:
    def test_only_three_players(self):
        with pytest.raises(InvalidOptions):
            GAME.new_deal(4)

    def test_the_quick_bot_bids_its_hand_and_its_deals_fill_the_sheet(self):
        state = stacked(DEAL)
        # Bea at spades (HombreDeal.worth): espadille 1 + manille 1 + R♠ and D♠ (the two trumps under the
        # matadors) 0.55 each + 7♠ 0.35 + 0.05 × 5 trumps = 0.6, + R♥ and R♦ 0.8 each = 5.3: from 3.5 one asks,
        # from 5.5 one would play without the talon.
        assert state.quick_action(random.Random(1)) == "bid:prendre"
        rng = random.Random(4)
        sheet = GAME.new_sheet(3, {"deals": 12})
        while not sheet.finished:
            state = GAME.new_deal(3, {"deals": 12}, sheet.number, seed=rng.random(), **GAME.deal_context(sheet))
            while not state.is_terminal:
                state.apply(state.current_player, state.quick_action(rng))
            assert sheet.check(state.entry()) == []
            assert list(sheet.apply(state.entry()).scores) == state.returns()
        assert sum(sheet.totals) + sheet.pot == 3 * 80  # chips are only moved around


# Spades trumps again (the order above). Bea has seven hearts; Cid one heart, two small trumps; Ana the baste as
# her only trump and no heart. The talon's first card is the 6♦ (what Cid draws if he puts his heart down).
VOID_DEAL = {1: "KH QH JH AH 2H 3H 4H KD QD", 2: "5H 3S 4S JD AD 2D KC QC JC", 0: "AC 2C 3C 4C 5C 6C 7C 3D 4D",
             3: "6D AS 2S 5S 6S 7S JS QS KS 6H 7H 5D 7D"}
BIDS = [(1, "bid:prendre"), (2, "pass"), (0, "pass"), (1, "trump:S")]


class TestVoidInTheSuitLed:
    """The rule document: « fournir la couleur demandée… ou bien couper, ou à défaut d'atout se défausser »."""

    def test_void_one_must_trump(self):
        state = stacked(VOID_DEAL)
        play(state, BIDS + [(1, "done"), (2, "5H"), (2, "done"), (0, "done")])  # Cid changes his heart for the 6♦
        assert state.hand(2) == ["4S", "3S", "KC", "QC", "JC", "AD", "JD", "6D", "2D"]
        state.apply(1, "KH")
        # Cid has no heart and holds two trumps, the 4♠ and the 3♠: only they may be played.
        assert state.legal_actions(2) == ["4S", "3S"]
        assert refused(state, 2, "KC") == "must_trump"
        state.apply(2, "3S")
        # Ana: no heart, the baste her only trump (a matador sec), and a trump (Cid's ruff) is already on the
        # trick: she need not play it on another trump. Any card of her hand.
        assert state.legal_actions(0) == ["AC", "7C", "6C", "5C", "4C", "3C", "2C", "4D", "3D"]
        state.apply(0, "2C")
        # Her discard shows a void in hearts, not in trumps (a matador sec may be behind it).
        assert state.voids[0] == 1 << 1
        assert state.won == [0, 0, 1]  # Cid's 3♠ takes the trick

    def test_a_matador_sec_must_trump_when_no_trump_is_on_the_trick(self):
        state = stacked(VOID_DEAL)
        play(state, BIDS + [(1, "done"), (2, "done"), (0, "done")])
        play(state, [(1, "KH"), (2, "5H")])  # Cid follows with his only heart
        # Ana has no heart; her baste would not fall on another trump: she must trump with it.
        assert state.legal_actions(0) == ["AC"]
        assert refused(state, 0, "2C") == "must_trump"

    def test_free_discard_is_the_classic_option(self):
        state = stacked(VOID_DEAL, defausse_libre=True)
        play(state, BIDS + [(1, "done"), (2, "done"), (0, "done")])
        play(state, [(1, "KH"), (2, "5H")])
        # Classic Ombre: void in hearts, Ana plays any card.
        assert state.legal_actions(0) == ["AC", "7C", "6C", "5C", "4C", "3C", "2C", "4D", "3D"]
        state.apply(0, "2C")
        assert state.voids[0] == 1 << 1  # void in hearts; no duty to trump, so nothing shown about trumps
        assert state.won == [0, 1, 0]  # Bea's King of hearts holds


# Spades trumps. Cid holds the espadille and the baste and no other trump.
TWO_MATADORS = {1: "KS QS JS 7S KH QH JH KD QD", 2: "AS AC KC QC JC AH 2H AD 2D", 0: "2S 6S 5S 4S 3S 2C 3C 3H 3D",
                3: "4H 5H 6H 7H JD 4D 5D 6D 7D 4C 5C 6C 7C"}


class TestMatadorsPrivilege:
    def test_two_matadors_are_not_sec(self):
        state = stacked(TWO_MATADORS)
        play(state, BIDS + [(1, "done"), (2, "done"), (0, "done"), (1, "KS")])
        # « un matador sec (sans autre atout) »: with two matadors each has another trump; he follows trumps.
        assert state.legal_actions(2) == ["AS", "AC"]
        assert refused(state, 2, "KC") == "matadors_not_sec"
        state.apply(2, "AC")
        # Ana holds the manille (2♠) and four small trumps: all five may follow (listed in the pack's order).
        assert state.legal_actions(0) == ["6S", "5S", "4S", "3S", "2S"]

    def test_the_bots_play_legal_moves_under_both_rules(self):
        for options in ({}, {"defausse_libre": True}):
            rng = random.Random(7)
            for k in range(30):
                state = GAME.new_deal(3, options, 1 + k % 3, seed=rng.random())
                while not state.is_terminal:
                    seat = state.current_player
                    move = state.quick_action(rng)
                    assert move in state.legal_actions(seat)
                    state.apply(seat, move)
