"""Digital play of the tarots (companion.families.tarot_deal): deals with a fixed deck order, bids, écart and every
card played, the trick winners, the Excuse and the entry worked out by hand from the FFT rules and the variants'
rulebook pages (companion/games/tarot_lorrain/rulebook/fr.md, companion/games/tarot_tare/rulebook/fr.md); illegal
moves refused with their reason.

Seats are numbered in the order of play (seat + 1 plays after seat). The deal: packets of 3 (4 at 3 players)
from the seat after the dealer round the table, and each of the first packets is followed by one card for the
chien (6 at 3 and 4 players, 3 at 5), so that the chien never gets the first or last card.
"""

import random

import pytest

from companion.games import registry
from companion.kernel.deal import CHANCE
from tests.rules.engine_helpers import (
    ALL_RANKS,
    CHIEN,
    FFT_CHIEN,
    FFT_HANDS,
    HAND,
    LOW,
    dealt,
    deck_order,
    refused,
    run,
    spades,
    trumps,
)

TAROT = registry.get("tarot")
LORRAIN = registry.get("tarot-lorrain")
TARE = registry.get("tarot-tare")















def play_trick(state, cards):
    """Play one card per seat from the seat to move; the seat that takes the trick."""
    for code in cards:
        state.apply(state.current_player, code)
    return state.log[-1][3]




class TestTheDeal:
    def test_packets_of_three_from_the_seat_after_the_dealer_and_the_chien_card_by_card(self):
        state = TAROT.new_deal(4, None, number=1, dealer=0)
        order = deck_order(4, 0, FFT_HANDS, FFT_CHIEN)
        for code in order[:8]:
            state.apply(CHANCE, code)
        # cards 1–3 to seat 1, the 4th to the chien, 5–7 to seat 2, the 8th to the chien
        assert sorted(state.hand(1)) == sorted(order[:3])
        assert sorted(state.hand(2)) == sorted(order[4:7])
        assert sorted(state.pack.codes_of(state.held[state.CHIEN])) == sorted([order[3], order[7]])
        assert state.hand(3) == [] and state.hand(0) == []
        assert order[:3] == ["EX", "CD", "QD"] and order[3] == "AS"  # seat 1's first cards, then the chien's

    @pytest.mark.parametrize(("game", "n"), [(g, n) for g in (TAROT, LORRAIN, TARE) for n in (3, 4, 5)])
    def test_a_seeded_deal_gives_the_fft_hand_and_chien_sizes(self, game, n):
        state = game.new_deal(n, None, number=1, seed=11)
        assert [len(state.hand(s)) for s in range(n)] == [HAND[n]] * n
        assert state.chien.bit_count() == CHIEN[n]

    def test_the_deal_refuses_a_player_count_the_tarot_does_not_take(self):
        from companion.kernel.errors import InvalidOptions

        with pytest.raises(InvalidOptions) as refused:
            LORRAIN.new_deal(6, None, number=1, seed=1)
        # The same checks and words as every other game's deal (companion.kernel.deal.deal_setup).
        problem = refused.value.problems[0]
        assert (problem.field, problem.code) == ("players", "player_count")
        assert problem.message.fr == "Le tarot lorrain se joue de 3 à 5 joueurs (6 donnés)."

    @pytest.mark.parametrize("game", [TAROT, LORRAIN, TARE])
    def test_the_dealer_follows_the_round_number_and_a_bad_round_or_seat_is_refused(self, game):
        from companion.kernel.errors import RulesError

        # Seat 0 deals round 1, then the next seat each round: round 6 at four players is dealt by seat 1.
        assert game.new_deal(4, None, number=6).dealer == 1
        assert game.new_deal(4, None, number=6, dealer=3).dealer == 3
        for number, dealer in ((0, None), (True, None), (2, 4), (2, -1)):
            with pytest.raises(RulesError):
                game.new_deal(4, None, number=number, dealer=dealer)

    def test_a_petit_sec_cancels_the_deal_entered_without_taker(self):
        # Seat 3 gets the Petit as its only trump and no Excuse: the FFT cancels the deal.
        hands = {
            2: trumps(*range(21, 3, -1)),
            3: ["T1", *spades(6, 7, 8, 9, 10, "J", "C", "Q"), *run("H", LOW[:9])],
            0: ["EX", "T2", "T3", *run("H", ["10", "J", "C", "Q"]), *run("D", [*LOW, "J"])],
            1: ["KH", *run("D", ["C", "Q", "K"]), *run("C", ALL_RANKS)],
        }
        state = dealt(TAROT, 4, 0, hands, FFT_CHIEN)
        assert state.is_terminal and state.observation(None)["petit_sec"] == 3
        assert state.entry() == {"taker": None}
        assert TAROT.new_sheet(4).check(state.entry()) == []


class TestBidding:
    def test_everyone_speaks_once_from_the_seat_after_the_dealer_and_must_bid_higher(self):
        state = dealt(TAROT, 4, 0, FFT_HANDS, FFT_CHIEN)
        assert state.current_player == 1
        assert state.legal_actions(1) == ["pass", "take:prise", "take:garde", "take:garde_sans", "take:garde_contre"]
        state.apply(1, "take:garde")
        assert refused(state, 2, "take:prise") == "bid_too_low"
        assert state.legal_actions(2) == ["pass", "take:garde_sans", "take:garde_contre"]

    def test_when_everybody_passes_the_deal_is_entered_without_taker(self):
        state = dealt(TAROT, 4, 0, FFT_HANDS, FFT_CHIEN)
        for seat in (1, 2, 3, 0):
            state.apply(seat, "pass")
        assert state.is_terminal and state.entry() == {"taker": None}


def fft_after_ecart(announce="chelem"):
    """Seat 2 takes a garde, discards A♠ … 5♠ and the 4 of trumps, and announces a chelem (or not)."""
    state = dealt(TAROT, 4, 0, FFT_HANDS, FFT_CHIEN)
    for seat, bid in ((1, "pass"), (2, "take:garde"), (3, "pass"), (0, "pass")):
        state.apply(seat, bid)
    return state


class TestTheChienAndTheEcart:
    def test_the_chien_is_shown_to_all_once_taken_and_goes_into_the_takers_hand(self):
        before = dealt(TAROT, 4, 0, FFT_HANDS, FFT_CHIEN)
        assert before.observation(3)["chien"] == [] and before.observation(2)["chien"] == []
        state = fft_after_ecart()
        assert sorted(state.observation(3)["chien"]) == sorted(FFT_CHIEN)
        assert sorted(state.observation(None)["chien"]) == sorted(FFT_CHIEN)  # spectators saw it turned up too
        assert state.observation(None)["hand"] == [] and state.observation(3)["hand"] == state.hand(3)
        assert len(state.hand(2)) == 24 and "KS" in state.hand(2)

    def test_no_king_and_no_bout_in_the_ecart_and_a_trump_only_when_nothing_else_is_left(self):
        state = fft_after_ecart()
        assert state.current_player == 2 and state.phase == "ecart"
        assert refused(state, 2, "KS") == "king_in_ecart"
        assert refused(state, 2, "T21") == "bout_in_ecart"
        assert refused(state, 2, "QH") == "not_in_hand"
        # Five plain cards other than the king for six to discard: one trump must go, any but the 21.
        picks = sorted(f"pick:{c}" for c in [*spades("A", 2, 3, 4, 5), *trumps(*range(4, 21))])
        assert sorted(state.legal_actions(2)) == picks
        assert refused(state, 2, "pick:KS") == "king_in_ecart"  # a pick is refused for the same reasons

    def test_with_enough_plain_cards_a_trump_is_refused(self):
        hands = {**FFT_HANDS, 3: ["T1", "T2", *spades("K", 7, 8, 9, 10, "J", "C", "Q"), *run("H", LOW[:8])]}
        state = dealt(TAROT, 4, 0, hands, [*spades("A", 2, 3, 4, 5, 6)])
        for seat, bid in ((1, "pass"), (2, "take:prise"), (3, "pass"), (0, "pass")):
            state.apply(seat, bid)
        assert refused(state, 2, "T5") == "trump_in_ecart"
        assert sorted(state.legal_actions(2)) == sorted(f"pick:{c}" for c in spades("A", 2, 3, 4, 5, 6))
        assert refused(state, 2, "pick:T5") == "trump_in_ecart"

    def test_the_ecart_is_seen_by_the_taker_only_and_a_trump_in_it_by_all(self):
        state = fft_after_ecart()
        for code in [*spades("A", 2, 3, 4, 5), "T4"]:
            state.apply(2, code)
        assert sorted(state.observation(2)["ecart"]) == sorted([*spades("A", 2, 3, 4, 5), "T4"])
        for seat in (None, 0, 1, 3):
            assert state.observation(seat)["ecart"] == []
        for seat in (0, 1, 3):
            assert state.observation(seat)["ecart_shown"] == ["T4"]
        assert state.phase == "chelem" and state.legal_actions(2) == ["pass", "chelem"]


class TestAWholeFFTDeal:
    """Seat 2: garde, écart A♠–5♠ and the 4 (shown), chelem announced, triple poignée, then every trick."""

    def play(self, excuse_last):
        state = fft_after_ecart()
        for code in [*spades("A", 2, 3, 4, 5), "T4"]:
            state.apply(2, code)
        state.apply(2, "chelem")
        assert state.current_player == 2  # an announced chelem: the taker leads, not seat 1
        # 17 trumps (5 … 21) at 4 players: a triple poignée (15) may be shown before his first card
        assert {"poignee:simple", "poignee:double", "poignee:triple"} <= set(state.legal_actions(2))
        state.apply(2, "poignee:triple")
        # the strongest 15 come picked; nothing is shown to the others before the taker confirms
        assert state.observation(0)["poignees"] == [] and state.observation(0)["picking"] is None
        state.apply(2, "confirm")
        shown = state.observation(0)["poignees"]
        assert shown == [{"seat": 2, "size": "triple", "cards": trumps(*range(21, 6, -1))}]
        assert refused(state, 2, "poignee:simple") == "poignee_too_late"
        # Trick 1: the 21 led; seat 3 must play a trump, either (none beats the 21); seat 0 its only trump; seat 1,
        # with no trump, anything: the Excuse, or a club when it keeps the Excuse for the end.
        state.apply(2, "T21")
        assert state.legal_actions(3) == ["T2", "T1"]
        assert refused(state, 3, "6S") == "must_play_trump"
        state.apply(3, "T1")
        assert state.legal_actions(0) == ["T3"]
        state.apply(0, "T3")
        assert "EX" in state.legal_actions(1) and "AC" in state.legal_actions(1)
        state.apply(1, "AC" if excuse_last else "EX")
        assert state.log[-1][3] == 2  # the 21 takes it
        # Trick 2: the 20; seat 3 must play its last trump, the 2; seat 0 has none left.
        assert play_trick(state, ["T20", "T2", "9H", "2C"]) == 2
        # Trick 3: the R♠: seat 3 must follow in spades; 0 and 1 have neither spades nor trumps.
        state.apply(2, "KS")
        assert refused(state, 3, "2H") == "must_follow"
        assert play_trick(state, ["6S", "AD", "3C"]) == 2
        # Tricks 4–18: the trumps 19 down to 5, that nobody else has any more: seat 2 takes every trick.
        for top in range(19, 4, -1):
            state.apply(2, f"T{top}")
            for seat in (3, 0, 1):
                legal = state.legal_actions(seat)
                state.apply(seat, legal[0] if not excuse_last or top > 5 else "EX" if "EX" in legal else legal[0])
            assert state.log[-1][3] == 2
        assert state.is_terminal
        return state

    def test_the_excuse_played_early_stays_with_the_defence(self):
        state = self.play(excuse_last=False)
        # All 91 points are the attack's but the defence's Excuse, which counts 4 to it (no trick to give a low
        # card from): 91 − 4 = 87, with 2 bouts (the 21 and the Petit, taken in trick 1). No Petit au bout.
        entry = state.entry()
        assert entry == {"taker": 2, "contract": "garde", "bouts": 2, "points": 87, "petit_au_bout": None,
                         "poignees": [{"seat": 2, "size": "triple"}], "chelem": "announced_made"}
        # 2 bouts: 41 needed, made by 46: (25 + 46) × 2 = 142; triple poignée +40; chelem announced and made
        # +400: 582. The taker 3 × 582 = 1746, each defender −582.
        scores = TAROT.new_sheet(4).apply(entry).scores
        assert scores == [-582, -582, 1746, -582]
        assert state.returns() == scores

    def test_the_excuse_kept_for_the_last_trick_goes_to_its_winner(self):
        state = self.play(excuse_last=True)
        # Played to the last trick, the Excuse goes to the trick's winner: all 91 points and 3 bouts.
        # 36 needed, made by 55: (25 + 55) × 2 = 160; +40; +400: 600; the taker 1800.
        entry = state.entry()
        assert (entry["bouts"], entry["points"], entry["chelem"]) == (3, 91, "announced_made")
        assert TAROT.new_sheet(4).apply(entry).scores == [-600, -600, 1800, -600] == state.returns()


class TestTheChelem:
    def test_the_excuse_led_to_the_last_trick_by_the_camp_that_took_every_trick_wins_it(self):
        hands = {**FFT_HANDS, 2: [*trumps(*range(21, 4, -1)), "EX"],
                 1: ["T4", *run("D", ["C", "Q", "K"]), *run("C", ALL_RANKS)]}
        state = dealt(TAROT, 4, 0, hands, FFT_CHIEN)
        for seat, bid in ((1, "pass"), (2, "take:garde"), (3, "pass"), (0, "pass")):
            state.apply(seat, bid)
        for code in [*spades("A", 2, 3, 4, 5), "T5"]:
            state.apply(2, code)
        state.apply(2, "chelem")
        # Trick 1, the 21: every defender must play a trump (1 or 2; the 3; the 4); trick 2, the 20: seat 3 its
        # last; then the R♠ and the trumps 19 … 6: nobody can take one. Seat 2 keeps the Excuse for the end.
        for lead in ["T21", "T20", "KS", *trumps(*range(19, 5, -1))]:
            state.apply(2, lead)
            for seat in (3, 0, 1):
                state.apply(seat, state.legal_actions(seat)[0])
            assert state.log[-1][3] == 2
        state.apply(2, "EX")
        for seat in (3, 0, 1):
            state.apply(seat, state.legal_actions(seat)[0])
        assert state.log[-1][3] == 2  # the Excuse of a chelem takes the last trick
        # All 91 points and the three bouts: 36 needed, made by 55: (25 + 55) × 2 = 160; chelem announced and
        # made +400: 560; the taker 3 × 560 = 1680.
        entry = state.entry()
        assert (entry["bouts"], entry["points"], entry["chelem"], entry["petit_au_bout"]) == (3, 91, "announced_made", None)
        assert TAROT.new_sheet(4).apply(entry).scores == [-560, -560, 1680, -560] == state.returns()


class TestQuickBotAndSearch:
    def test_a_determinized_garde_sans_counts_its_redealt_chien(self):
        state = rule_deal()  # seat 1's garde sans: the chien (the 16 … 19 and 21 of trumps, the Excuse) unseen
        seen = set()
        for k in range(30):
            d = state.determinize(2, random.Random(k))
            chien = d.pack.codes_of(d.held[d.CHIEN])
            assert d.pack.codes_of(d.chien) == chien  # what the count reads is the redealt chien
            assert not set(chien) & set(state.hand(2))
            seen.add(tuple(chien))
        assert len(seen) > 1

    def test_the_quick_bot_bids_from_hand_strength(self):
        state = dealt(TAROT, 4, 0, FFT_HANDS, FFT_CHIEN)
        rng = random.Random(1)
        # Seat 1: no trump but the Excuse: nobody takes without trumps.
        assert state.quick_action(rng) == "pass"
        state.apply(1, "pass")
        # Seat 2: 18 trumps, 2 each (36), 1 more for each of the 16 … 21 (6), the 21 (10), four voids (6 each,
        # 24): 76, a garde sans (68 or more, under 80 for a garde contre).
        assert state.quick_action(rng) == "take:garde_sans"

    BID_HANDS = {
        1: ["T21", "EX", "QS", "CS", "QH", "CH", "QC", "CC", *spades("A", 2, 3, 4, 5), *run("H", ["A", "2", "3", "4", "5"])],
        2: trumps(*range(1, 19)),
        3: [*spades("K", "J", 10, 9, 8, 7, 6), *run("H", ["K", "J", "10", "9", "8", "7", "6"]), "T19", "T20", "KC", "JC"],
        0: [*run("C", ["10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]), *run("D", ["K", "Q", "C", "J", "10", "9", "8", "7"])],
    }
    BID_CHIEN = run("D", ["6", "5", "4", "3", "2", "A"])

    def test_at_the_lorrain_the_quick_bot_bids_from_the_ecart_it_could_make(self):
        state = dealt(LORRAIN, 4, 0, self.BID_HANDS, self.BID_CHIEN)
        rng = random.Random(1)
        # Seat 1: three queens (3.5) and three cavaliers (2.5) it may discard, 18 points, and two bouts (the 21
        # and the Excuse): a prise, though it has one trump; its hand will go round, its écart stays.
        assert state.quick_action(rng) == "take:prise"
        state.apply(1, "take:prise")
        # Seat 2: eighteen trumps, but nothing for an écart and no bid to make over a prise at the lorrain.
        assert state.quick_action(rng) == "pass"

    def test_at_the_fft_tarot_the_same_hands_bid_otherwise(self):
        state = dealt(TAROT, 4, 0, self.BID_HANDS, self.BID_CHIEN)
        rng = random.Random(1)
        assert state.quick_action(rng) == "pass"  # one trump: fewer than a quarter of the hand
        state.apply(1, "pass")
        # Seat 2: 18 trumps 2 each (36), the 16, 17 and 18 one more (3), the Petit with company (6), four voids
        # (24): 69, a garde sans (68 or more).
        assert state.quick_action(rng) == "take:garde_sans"

    def test_determinize_keeps_what_the_seat_saw_where_it_is(self):
        state = fft_after_ecart()
        for code in [*spades("A", 2, 3, 4, 5), "T4"]:
            state.apply(2, code)
        state.apply(2, "pass")
        state.apply(1, "3C")  # seat 1 leads (no chelem announced)
        state.apply(2, "T21")  # seat 2 shows nothing, trumps a club
        for k in range(20):
            d = state.determinize(0, random.Random(k))
            assert d.hand(0) == state.hand(0)
            assert d.observation(0) == state.observation(0)
            # seat 2 showed a void in clubs: no club in its redealt hand; the shown 4 of trumps stays in the écart
            assert not any(c.endswith("C") for c in d.hand(2))
            assert d.held[d.ECART] >> d.pack.index["T4"] & 1
            assert sorted(d.hand(1) + d.hand(2) + d.hand(3) + d.pack.codes_of(d.held[d.ECART])) == sorted(
                state.hand(1) + state.hand(2) + state.hand(3) + state.pack.codes_of(state.held[state.ECART]))


# -- trick rules ---------------------------------------------------------------------------------------------
# Dealer 0; seat 1 takes a garde sans (no chien to see, no écart) and leads.
RULE_HANDS = {
    1: [*spades("A", 2, 3, 4, 5, 6, 7), *run("H", LOW[:9]), "T1", "T2"],
    2: ["T10", "T15", *run("H", ["10", "J", "C", "Q", "K"]), *run("D", [*LOW, "J"])],
    3: ["T5", "T20", *run("D", ["C", "Q", "K"]), *run("C", [*LOW, "J", "C", "Q"])],
    0: [*spades(8, 9, 10, "J", "C", "Q", "K"), "KC", *trumps(3, 4, 6, 7, 8, 9, 11, 12, 13, 14)],
}
RULE_CHIEN = [*trumps(16, 17, 18, 19, 21), "EX"]


def rule_deal(game=TAROT):
    state = dealt(game, 4, 0, RULE_HANDS, RULE_CHIEN)
    for seat, bid in ((1, "take:garde_sans"), (2, "pass"), (3, "pass"), (0, "pass")):
        state.apply(seat, bid)
    state.apply(1, "pass")  # no chelem
    return state


class TestTrickRules:
    @pytest.mark.parametrize("game", [TAROT, LORRAIN])
    def test_follow_trump_and_overtrump_with_the_reason_for_each_refusal(self, game):
        state = rule_deal(game)
        assert state.observation(2)["chien"] == []  # a garde sans: the chien stays unseen
        state.apply(1, "AS")
        assert refused(state, 2, "10H") == "must_trump"  # no spade, trumps in hand
        assert sorted(state.legal_actions(2)) == ["T10", "T15"]
        state.apply(2, "T10")
        assert refused(state, 3, "T5") == "must_overtrump"  # the 20 beats the 10
        assert state.legal_actions(3) == ["T20"]
        state.apply(3, "T20")
        # seat 0 has spades: it must follow, and may not trump; its 10 trumps allow a simple poignée first
        assert "poignee:simple" in state.legal_actions(0) and "poignee:double" not in state.legal_actions(0)
        assert refused(state, 0, "T3") == "must_follow"
        state.apply(0, "8S")
        assert state.log[-1][3] == 3  # the 20 takes the trick

    def test_trumps_led_must_be_beaten_when_possible_and_the_excuse_led_lets_the_next_card_set_the_suit(self):
        state = rule_deal()
        assert play_trick(state, ["AS", "T10", "T20", "8S"]) == 3
        # seat 3 leads a club; seat 0 must follow with its R♣; seat 1 has no club: it must trump, any trump as
        # none is down yet; seat 2 must beat the 2 and may (10 or 15).
        state.apply(3, "AC")
        assert state.legal_actions(0) == ["KC"]
        state.apply(0, "KC")
        assert sorted(state.legal_actions(1)) == ["T1", "T2"]
        state.apply(1, "T2")
        assert state.legal_actions(2) == ["T15"]  # its 10 is gone: the 15 beats the 2
        assert play_trick(state, ["T15"]) == 2
        # seat 2, with no trump left, leads the 10 of hearts.
        state.apply(2, "10H")
        # seat 3: no heart, one trump (the 5): must trump
        assert state.legal_actions(3) == ["T5"]
        state.apply(3, "T5")
        # seat 0: no heart, must overtrump the 5: the 6 or higher, not the 3 or 4
        assert refused(state, 0, "T4") == "must_overtrump"
        state.apply(0, "T6")
        # seat 1: hearts in hand, must follow (and may not trump)
        assert refused(state, 1, "T1") == "must_follow"
        assert play_trick(state, ["AH"]) == 0


class TestFivePlayers:
    # 15 cards each, 3 in the chien (A♦, 4 and 3 of trumps). Dealer 0; seat 2 takes a garde sans.
    # Seat 2 holds the R♠ and the trumps 21 to 12 and 5, seat 3 the R♥, seat 4 the R♦ and R♣.
    KING_OF_HEARTS_WITH_3 = {
        1: [*spades(*ALL_RANKS[:13]), "T1", "T2"],
        2: ["KS", "QH", "CH", "JH", "T5", *trumps(*range(21, 11, -1))],
        3: ["KH", *run("H", LOW), "T11", "T10", "T9", "T8"],
        4: ["KD", "KC", *run("D", ["Q", "C", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]), "EX"],
        0: [*run("C", ["Q", "C", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]), "T7", "T6"],
    }

    def deal(self, hands):
        state = dealt(TAROT, 5, 0, hands, ["AD", "T4", "T3"])
        for seat, bid in ((1, "pass"), (2, "take:garde_sans"), (3, "pass"), (4, "pass"), (0, "pass")):
            state.apply(seat, bid)
        return state

    def test_the_called_king_makes_the_seat_dealt_it_partner_secretly_until_it_is_played(self):
        state = self.deal(self.KING_OF_HEARTS_WITH_3)
        assert state.phase == "call" and sorted(state.legal_actions(2)) == ["call:KC", "call:KD", "call:KH", "call:KS"]
        assert refused(state, 2, "call:QH") == "must_call_king"
        state.apply(2, "call:KH")
        assert state.observation(0)["called"] == {"rank": "K", "suit": "H"}
        assert state.observation(0)["partner"] is None  # secret until the R♥ is played
        state.apply(2, "pass")  # no chelem
        rng = random.Random(3)
        while not state.is_terminal:
            state.apply(state.current_player, state.quick_action(rng))
        assert state.entry()["partner"] == 3  # seat 3 was dealt the R♥
        assert state.observation(0)["partner"] == 3
        sheet = TAROT.new_sheet(5)
        assert sheet.check(state.entry()) == [] and sheet.apply(state.entry()).scores == state.returns()

    def test_the_first_trick_is_not_led_in_the_called_suit_but_with_the_called_king(self):
        state = self.deal({
            1: ["KH", "QH", *spades(*ALL_RANKS[:11]), "T1", "T2"],
            2: ["CS", "QS", "KS", "CH", "JH", *trumps(*range(21, 11, -1))],
            3: [*run("H", LOW), "T11", "T10", "T9", "T8", "T5"],
            4: ["KD", "KC", *run("D", ["Q", "C", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]), "EX"],
            0: [*run("C", ["Q", "C", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]), "T7", "T6"],
        })
        state.apply(2, "call:KH")
        state.apply(2, "pass")
        legal = state.legal_actions(1)
        assert "KH" in legal and "QH" not in legal and "AS" in legal
        assert refused(state, 1, "QH") == "called_suit_lead"

    def test_a_king_called_from_the_takers_own_hand_leaves_him_alone(self):
        state = self.deal(self.KING_OF_HEARTS_WITH_3)
        state.apply(2, "call:KS")
        state.apply(2, "pass")
        rng = random.Random(5)
        while not state.is_terminal:
            state.apply(state.current_player, state.quick_action(rng))
        entry = state.entry()
        assert entry["partner"] == 2
        scores = TAROT.new_sheet(5).apply(entry).scores
        assert scores[2] == -4 * scores[0] and len(set(scores[:2] + scores[3:])) == 1  # alone: 4 × against 4 × 1


# -- the Tarot lorrain ---------------------------------------------------------------------------------------
# Dealer 0. Dealt: seat 2 the trumps 4 to 21; seat 3 every spade, the 1, 2 and 3 of trumps and the Excuse; seat 0
# every heart and A♦–4♦; seat 1 every club and 5♦–8♦; the chien 9♦ 10♦ V♦ C♦ D♦ R♦ (13 points).
LORRAIN_HANDS = {
    2: trumps(*range(21, 3, -1)),
    3: [*spades(*ALL_RANKS), "T1", "T2", "T3", "EX"],
    0: [*run("H", ALL_RANKS), "AD", "2D", "3D", "4D"],
    1: [*run("C", ALL_RANKS), "5D", "6D", "7D", "8D"],
}
LORRAIN_CHIEN = run("D", ["9", "10", "J", "C", "Q", "K"])
# What each dealt hand plays at trick t (0 … 17), whoever holds it then.
LORRAIN_PLAYS = {
    2: trumps(*range(21, 3, -1)),  # always its best trump
    3: ["T2", "AS", "T3", "2S", "3S", "EX", *spades(4, 5, 6, 7, 8, 9, 10, "J", "C", "Q", "K"), "T1"],
    0: [*run("H", ALL_RANKS), "AD", "2D", "3D", "4D"],
    1: [*run("C", ALL_RANKS), "5D", "6D", "7D", "8D"],
}


class TestAWholeLorrainDeal:
    def test_hands_pass_to_the_left_and_bouts_stay_with_the_camp_that_played_them(self):
        state = dealt(LORRAIN, 4, 0, LORRAIN_HANDS, LORRAIN_CHIEN)
        for seat, bid in ((1, "pass"), (2, "take:garde_sans"), (3, "pass"), (0, "pass")):
            state.apply(seat, bid)
        state.apply(2, "chelem")
        state.apply(2, "poignee:triple")
        state.apply(2, "confirm")  # the strongest 15 trumps, as they come picked
        for t in range(18):
            if t == 1:
                # after the first trick every hand went to the left (the seat that plays before): seat 2 now plays
                # what is left of seat 3's, seat 1 the taker's trumps
                assert state.observation(2)["hands_passed"] == 1
                assert sorted(state.hand(2)) == sorted(LORRAIN_PLAYS[3][1:])
                assert state.hand(1) == trumps(*range(20, 3, -1))
            for _ in range(4):
                seat = state.current_player
                state.apply(seat, LORRAIN_PLAYS[(seat + t) % 4][t])  # at trick t, seat s holds the hand dealt to s + t
            # the hand of trumps takes every trick, whoever holds it: at trick t, seat 2 − t
            assert state.log[-1][3] == (2 - t) % 4
        assert state.is_terminal
        # The taker (seat 2) takes tricks 0, 4, 8, 12 and 16:
        #   0: 21 (4.5), 2 of trumps, A♥, A♣ (0.5 each): 6;   4: 3♠, 5♥, 5♣, 17 of trumps: 2;
        #   8: 6♠, 9♥, 9♣, 13: 2;   12: 10♠, D♥ 3.5, D♣ 3.5, 9: 8;   16: R♠ 4.5, 3♦, 7♦, 5: 6.  That is 24.
        # Bouts he played in tricks the defence took stay his: the Excuse led at trick 5 (4, a low card given in
        # exchange) and the Petit led at the last trick (4.5). The chien of a garde sans: 13. 24 + 4 + 4.5 + 13 =
        # 45.5 points with 3 bouts (21, Excuse, Petit). The Petit in the last trick, played by the taker: petit au
        # bout to the attack though seat 1 took the trick.
        entry = state.entry()
        assert entry == {"taker": 2, "contract": "garde_sans", "bouts": 3, "points": 45.5, "petit_au_bout": "taker",
                         "poignees": [{"seat": 2, "size": "triple"}], "chelem": "announced_failed"}
        # 36 needed, made by 9.5 → 10: (25 + 10) × 4 = 140; petit au bout +10 × 4 = 40; triple poignée +40;
        # chelem announced and failed −200: 20. Seat 2 3 × 20 = 60, each defender −20.
        scores = LORRAIN.new_sheet(4).apply(entry).scores
        assert scores == [-20, -20, 60, -20] == state.returns()


# -- the Tarot taré ------------------------------------------------------------------------------------------
# Dealer 0, seat 1 leads. Seat 1: the trumps 5 to 21 and the A♠; seat 2: the 4, 3, 2 and 1 of trumps, 2♠ … R♠ and
# the A♥; seat 3: the Excuse, 2♥ … R♥ and A♦–4♦; seat 0: 5♦ … R♦ and A♣–8♣; the chien 9♣ 10♣ V♣ C♣ D♣ R♣ (13).
TARE_HANDS = {
    1: [*trumps(*range(21, 4, -1)), "AS"],
    2: ["T4", "T3", "T2", "T1", *spades(*ALL_RANKS[1:]), "AH"],
    3: ["EX", *run("H", ALL_RANKS[1:]), "AD", "2D", "3D", "4D"],
    0: [*run("D", ALL_RANKS[4:]), *run("C", ALL_RANKS[:8])],
}
TARE_CHIEN = run("C", ["9", "10", "J", "C", "Q", "K"])
TARE_PLAYS = {  # per seat, trick by trick (no hand passing in the taré)
    1: [*trumps(*range(21, 4, -1)), "AS"],
    2: ["T4", "T3", "T2", "T1", "AH", *spades(*ALL_RANKS[1:13]), "KS"],
    3: ["EX", *run("H", ALL_RANKS[1:]), "AD", "2D", "3D", "4D"],
    0: [*run("D", ALL_RANKS[4:13]), *run("C", ALL_RANKS[:8]), "KD"],
}


class TestAWholeTareDeal:
    def play(self, options=None):
        state = dealt(TARE, 4, 0, TARE_HANDS, TARE_CHIEN, options)
        assert state.current_player == 1 and state.phase == "play"  # no bidding: the seat after the dealer leads
        assert not any(a.startswith("poignee") for a in state.legal_actions(1))
        for t in range(18):
            for _ in range(4):
                seat = state.current_player
                state.apply(seat, TARE_PLAYS[seat][t])
            # seat 1's trump takes tricks 0–16 (its trumps are the only ones left after trick 3); the last, the A♠
            # led, goes to seat 2's R♠
            assert state.log[-1][3] == (1 if t < 17 else 2)
        return state

    def test_the_excuse_goes_with_its_trick_and_the_chien_to_the_last_one(self):
        state = self.play()
        # Seat 2 takes the last trick, A♠ 0.5, R♠ 4.5, 4♦ 0.5, R♦ 4.5 = 10, and the chien, 13: 23. Seat 1 takes
        # everything else, the Excuse with the first trick: 91 − 23 = 68.
        entry = state.entry()
        assert entry == {"points": [0, 68, 23, 0], "tricks": [0, 17, 1, 0]}
        assert TARE.new_sheet(4).apply(entry).scores == [0, 68, 23, 0] == state.returns()

    def test_with_the_chien_set_aside_it_counts_for_nobody(self):
        state = self.play({"chien": "aside", "petit_au_bout": True})
        # The Petit went in trick 3, not the last: no petit au bout.
        entry = state.entry()
        assert entry == {"points": [0, 68, 10, 0], "tricks": [0, 17, 1, 0], "chien_points": 13, "petit_au_bout": None}
        assert TARE.new_sheet(4, {"chien": "aside", "petit_au_bout": True}).apply(entry).scores == [0, 68, 10, 0]


# -- the sheet, for deals the digital play showed it refused ----------------------------------------------------
class TestSheetAcceptsWhatPlayCanGive:
    def test_an_attack_without_a_trick_in_a_garde_contre_keeps_its_excuse_at_4(self):
        # 5 players, the taker alone, garde contre, chelem announced but the defence takes every trick: the taker
        # played the Excuse (4 points: no trick to give a low card from) and nothing else counts for him.
        entry = {"taker": 3, "contract": "garde_contre", "partner": 3, "bouts": 1, "points": 4, "petit_au_bout": None,
                 "poignees": [], "chelem": "announced_failed"}
        assert TAROT.new_sheet(5).check(entry) == []
        # 1 bout: 51 needed, failed by 47: −(25 + 47) × 6 = −432; chelem −200: −632; alone at 5: 4 × −632.
        assert TAROT.new_sheet(5).apply(entry).scores == [632, 632, 632, -2528, 632]

    def test_a_takers_chelem_in_a_garde_contre_may_leave_bouts_in_the_chien(self):
        # The chien of a garde contre is the defence's, bouts included: the 21 and the Petit in it, the attack
        # took every trick with the Excuse only: 1 bout, 91 − 6 cards of the chien.
        entry = {"taker": 0, "contract": "garde_contre", "bouts": 1, "points": 80, "petit_au_bout": None,
                 "poignees": [], "chelem": "unannounced_made"}
        assert TAROT.new_sheet(4).check(entry) == []
