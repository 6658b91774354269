"""What a search bot's determinized worlds may know of the hidden piles: only what its seat saw.

At the tarots a chien shown (prise, garde) is seen by all, then goes into the taker's hand, and the taker puts as
many cards back in his écart. A defender knows the chien's cards are in the taker's hand or in the écart, not
which; only the taker knows his écart. What is public stays put: trumps shown at the écart, a poignée's trumps,
the cards played. A trump goes to the écart only when the plain cards left are too few to fill it, and every one
of them follows it there: with a trump shown at the écart, the taker kept no card an écart is made of.

The other hidden piles of the engines are seen by nobody until the end (Rikiki's and Motton's stock, Vicaire's
écart, the belote's cards still to give out, l'hombre's talon; a garde sans's or garde contre's chien, the taré's
chien): each seat's worlds deal them again. (What is seen of them is exact and stays put: the belote's retourne
with the taker, the cards a seat put down at l'hombre, its own.)
"""

import random

import pytest

from companion.families.tarot_deal import ECART_PLAIN
from companion.games import registry
from tests.rules.engine_helpers import FFT_CHIEN, FFT_HANDS, LOW, dealt, run, spades, trumps

TAROT = registry.get("tarot")
LORRAIN = registry.get("tarot-lorrain")

# Dealer 0, 4 players: seat 1 takes a prise. The chien is six plain cards; the taker keeps three of them (4♣ 5♣
# 6♣) and puts the other three (A♥ 2♥ 3♥) in his écart with three of his own (10♠ V♠ D♠): no trump discarded.
HANDS = {
    1: [*trumps(*range(1, 13)), *run("C", ["7", "8", "9"]), *spades(10, "J", "Q")],
    2: [*trumps(*range(13, 22)), "EX", *spades("K", "C", 9, 8, 7, 6, 5, 4)],
    3: [*spades(3, 2, "A"), *run("H", [*LOW[3:], "J", "C", "Q", "K"]), *run("C", ["10", "J", "C", "Q"])],
    0: ["KC", *run("C", ["A", "2", "3"]), *run("D", [*LOW, "J", "C", "Q", "K"])],
}
CHIEN = [*run("H", ["A", "2", "3"]), *run("C", ["4", "5", "6"])]
ECART = [*run("H", ["A", "2", "3"]), *spades(10, "J", "Q")]
TAKER = 1
WORLDS = 200


def after_the_ecart(game=TAROT):
    state = dealt(game, 4, 0, HANDS, CHIEN)
    for seat, bid in ((1, "take:prise"), (2, "pass"), (3, "pass"), (0, "pass")):
        state.apply(seat, bid)
    for code in ECART:
        state.apply(TAKER, code)
    state.apply(TAKER, "pass")  # no chelem
    return state


def where(state, code):
    """The pile holding ``code`` (a seat, ``state.ECART``), or None once played."""
    bit = 1 << state.pack.index[code]
    return next((p for p in range(state.n_piles) if state.held[p] & bit), None)


class TestADefenderKnowsTheChienOnlyAsAWhole:
    def test_the_deal_is_as_described(self):
        state = after_the_ecart()
        assert sorted(state.pack.codes_of(state.held[state.ECART])) == sorted(ECART)
        assert {"4C", "5C", "6C"} <= set(state.hand(TAKER)) and state.phase == "play"
        assert sorted(state.observation(3)["chien"]) == sorted(CHIEN)  # every seat saw the chien turned up

    def test_a_defenders_worlds_put_each_chien_card_sometimes_in_the_ecart_sometimes_in_the_takers_hand(self):
        state = after_the_ecart()
        for seat in (0, 2, 3):
            places = {code: set() for code in CHIEN}
            for k in range(WORLDS):
                d = state.determinize(seat, random.Random(k))
                assert d.hand(seat) == state.hand(seat)
                for code in CHIEN:
                    places[code].add(where(d, code))
            # the real deal has A♥ 2♥ 3♥ in the écart and 4♣ 5♣ 6♣ with the taker; the defender does not know
            # which: every chien card is found in both places, and never in another defender's hand
            assert places == {code: {TAKER, state.ECART} for code in CHIEN}, (seat, places)

    def test_the_takers_worlds_keep_his_ecart_exactly(self):
        state = after_the_ecart()
        for k in range(WORLDS):
            d = state.determinize(TAKER, random.Random(k))
            assert d.hand(TAKER) == state.hand(TAKER)
            assert d.held[d.ECART] == state.held[state.ECART] == d.ecart  # what the count reads, too
        # while the other defenders' hands are dealt again
        assert len({tuple(state.determinize(TAKER, random.Random(k)).hand(3)) for k in range(20)}) > 1

    def test_what_the_defender_may_hold_himself_is_never_given_to_another(self):
        # Seat 3 determinizes: the cards of seats 0 and 2 it cannot see are dealt again among seats 0, 2 and
        # the taker's hand and the écart, but no card of the chien reaches seat 0 or seat 2.
        state = after_the_ecart()
        chien = state.pack.mask(CHIEN)
        for k in range(WORLDS):
            d = state.determinize(3, random.Random(k))
            assert not (d.held[0] | d.held[2]) & chien
            assert d.held[d.ECART] & ~ECART_PLAIN == 0  # no king, bout nor hidden trump in an écart

    def test_the_chien_is_not_hidden_but_the_takers_own_discards_are(self):
        state = after_the_ecart()
        for seat in (None, 0, 2, 3):
            assert not set(CHIEN) & state.hidden_cards(seat)  # everybody saw it turned up: showing it leaks nothing
            assert {"10S", "JS", "QS"} <= state.hidden_cards(seat)  # the taker's own discards stay hidden
        assert not {"10S", "JS", "QS"} & state.hidden_cards(TAKER)


class TestAtTheLorrainTheChienFollowsTheTakersHand:
    def test_after_a_trick_the_chien_is_with_whoever_holds_the_takers_hand_or_in_the_ecart(self):
        state = after_the_ecart(LORRAIN)
        # Seat 1 leads the 7♣; seat 2, no club, trumps with the 13; seats 3 and 0 follow with the 10♣ and the
        # R♣. Then every hand moves to the seat before: seat 0 holds the taker's hand, seat 1 seat 2's, seat 2
        # seat 3's, seat 3 seat 0's. Seat 3 held seat 3's hand and now seat 0's: it never saw the taker's.
        for seat, code in ((1, "7C"), (2, "T13"), (3, "10C"), (0, "KC")):
            state.apply(seat, code)
        assert state.log[-1][3] == 2 and state.hand_dealt(0) == TAKER
        places = {code: set() for code in CHIEN}
        for k in range(WORLDS):
            d = state.determinize(3, random.Random(k))
            assert d.held[2] == state.held[2]  # seat 3's old hand, now seat 2's: seen, so kept as it is
            for code in CHIEN:
                places[code].add(where(d, code))
        assert places == {code: {0, state.ECART} for code in CHIEN}, places

    def test_a_seat_that_held_the_takers_hand_knows_its_chien_cards_and_deduces_nothing_more(self):
        state = after_the_ecart(LORRAIN)
        for seat, code in ((1, "7C"), (2, "T13"), (3, "10C"), (0, "KC")):
            state.apply(seat, code)
        # seat 0 now holds the taker's hand, with 4♣ 5♣ 6♣ in it; the three others are in the écart, as a
        # defender who sees the taker's hand without the chien's other cards can tell
        for k in range(50):
            d = state.determinize(0, random.Random(k))
            assert all(where(d, c) == 0 for c in ("4C", "5C", "6C"))
            assert all(where(d, c) == d.ECART for c in ("AH", "2H", "3H"))


class TestATrumpShownAtTheEcart:
    def test_the_taker_kept_no_plain_card_an_ecart_is_made_of(self):
        # test_tarot_play's deal: seat 2 takes a garde with the trumps 4 to 21, the chien is A♠ … 5♠ and R♠; he
        # has five plain cards but the R♠ for six to discard, so he discards the A♠ … 5♠ and the 4 of trumps,
        # shown. With a trump in the écart, every plain card he had went there: a defender's worlds give the
        # taker no plain card (kings, trumps and the Excuse only), and the A♠ … 5♠ stay in the écart with the 4.
        state = dealt(TAROT, 4, 0, FFT_HANDS, FFT_CHIEN)
        for seat, bid in ((1, "pass"), (2, "take:garde"), (3, "pass"), (0, "pass")):
            state.apply(seat, bid)
        for code in [*spades("A", 2, 3, 4, 5), "T4"]:
            state.apply(2, code)
        state.apply(2, "pass")
        for k in range(50):
            d = state.determinize(0, random.Random(k))
            assert d.held[2] & ECART_PLAIN == 0
            assert sorted(d.pack.codes_of(d.held[d.ECART])) == sorted([*spades("A", 2, 3, 4, 5), "T4"])
            assert where(d, "KS") == 2  # a king of the chien: never in an écart, so still the taker's


def random_state_after_the_ecart(game, n, seed, tricks):
    """A seeded deal played at random until ``tricks`` tricks are taken after a prise or a garde (None if
    nobody took one)."""
    rng = random.Random(seed)
    state = game.new_deal(n, None, number=1, seed=seed)
    while not state.is_terminal and (state.phase != "play" or len(state.log) < tricks):
        seat = state.current_player
        legal = state.legal_actions(seat)
        if state.phase == "bid":
            want = "take:garde" if seat == (state.dealer + 1) % n else "pass"
            action = want if want in legal else "pass"
        else:
            action = rng.choice([a for a in legal if not a.startswith("poignee")] or legal)
        state.apply(seat, action)
    return state if not state.is_terminal and state.contract == "garde" else None


def test_random_deals_keep_the_chien_out_of_the_defenders_hands_and_the_taker_keeps_his_ecart():
    moved = deals = 0
    for game in (TAROT, LORRAIN):
        for n in (3, 4, 5):
            for seed in range(8):
                state = random_state_after_the_ecart(game, n, seed, tricks=seed % 3)
                if state is None:  # a Petit sec: no deal
                    continue
                deals += 1
                chien, taker = state.chien, state.taker
                holder = (taker - len(state.log)) % n if game is LORRAIN else taker  # who holds the taker's hand (hands go left)
                for seat in range(n):
                    for k in range(15):
                        d = state.determinize(seat, random.Random(k))
                        for pile in range(n):
                            if pile != holder:
                                assert not d.held[pile] & chien, (game.info.slug, n, seed, seat, pile)
                        if seat == taker:
                            assert d.held[d.ECART] == state.held[state.ECART]
                        elif d.held[d.ECART] != state.held[state.ECART]:
                            moved += 1
    assert deals >= 40
    assert moved > 0  # the defenders' worlds do not all copy the real écart


@pytest.mark.parametrize("slug", ["rikiki", "vicaire", "motton", "belote-a-trois", "hombre"])
def test_a_pile_nobody_saw_is_dealt_again_for_every_seat(slug):
    # Rikiki's and Motton's stock, Vicaire's écart, the belote's cards still to give out, l'hombre's talon: face
    # down, seen by nobody, so no seat's worlds keep them as they are.
    game = registry.get(slug)
    n = game.info.min_players
    state = game.new_deal(n, None, 1, seed=3, **game.deal_context(game.new_sheet(n, None)))
    pile = max(range(n, state.n_piles), key=lambda p: state.held[p].bit_count())
    assert state.held[pile].bit_count() >= 2
    for seat in range(n):
        assert len({state.determinize(seat, random.Random(k)).held[pile] for k in range(20)}) > 1, (slug, seat)
