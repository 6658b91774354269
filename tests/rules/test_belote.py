"""Classic belote values (companion.families.belote) and the two belotes built on them. Numbers worked out by hand."""

import pytest

from companion.families import belote
from companion.games import registry
from companion.games.belote_a_trois import rules as belote_a_trois
from companion.kernel import Card, Suit, T, deck


def test_the_trump_order_is_jack_nine_ace_ten_king_queen_eight_seven():
    assert list(belote.TRUMP_POINTS) == ["J", "9", "A", "10", "K", "Q", "8", "7"]


def test_the_plain_order_is_ace_ten_king_queen_jack_nine_eight_seven():
    assert list(belote.PLAIN_POINTS) == ["A", "10", "K", "Q", "J", "9", "8", "7"]


@pytest.mark.parametrize("trump", list(Suit))
def test_the_32_cards_are_worth_152_and_the_dix_de_der_makes_162(trump):
    # Trumps: J 20 + 9 14 + A 11 + 10 10 + K 4 + Q 3 + 8 0 + 7 0 = 62.
    # Each other suit: A 11 + 10 10 + K 4 + Q 3 + J 2 + 9 0 + 8 0 + 7 0 = 30, three of them 90.
    # 62 + 90 = 152 in the cards, + 10 for the last trick = 162.
    cards = deck("32")
    assert len(cards) == 32
    assert sum(belote.card_points(c, trump) for c in cards) == 152
    assert belote.LAST_TRICK == 10
    assert belote.DEAL_TOTAL == 162


def test_a_card_is_worth_its_trump_value_only_in_the_trump_suit():
    assert belote.card_points(Card.parse("JH"), Suit.HEARTS) == 20
    assert belote.card_points(Card.parse("JH"), Suit.SPADES) == 2
    assert belote.card_points(Card.parse("9S"), Suit.SPADES) == 14
    assert belote.card_points(Card.parse("9S"), None) == 0


def test_belote_rebelote_is_worth_20():
    assert belote.BELOTE == 20


def test_no_trump_and_all_trump_deals_keep_162():
    # No trumps, each suit: A 19 + 10 10 + K 4 + Q 3 + J 2 = 38; 4 × 38 = 152, + 10 = 162.
    assert sum(belote.NO_TRUMP_POINTS.values()) == 38
    # All trumps, each suit: J 14 + 9 9 + A 6 + 10 5 + K 3 + Q 1 = 38; 4 × 38 = 152, + 10 = 162.
    assert sum(belote.ALL_TRUMP_POINTS.values()) == 38


def test_belote_a_trois_plays_24_cards_and_keeps_162():
    # Without the 7s and 8s (worth nothing): trumps J 9 A 10 K Q = 62, three plain suits A 10 K Q J 9 = 3 × 30,
    # so 152 in the 24 cards and 162 with the dix de der.
    cards = [c for c in deck("32") if c.rank.code not in ("7", "8")]
    assert len(cards) == 24
    assert sum(belote.card_points(c, Suit.CLUBS) for c in cards) == 152
    assert belote_a_trois.DEAL_TOTAL == 162
    assert list(belote_a_trois.TRUMP_POINTS) == ["J", "9", "A", "10", "K", "Q"]
    assert list(belote_a_trois.PLAIN_POINTS) == ["A", "10", "K", "Q", "J", "9"]


def test_belote_a_trois_shows_six_ranks_and_its_lost_contract_at_162():
    info = registry.info("belote-a-trois")
    assert info.table("card_order").rows == (
        (1, T("Valet", "Jack"), 20, T("As", "Ace"), 11),
        (2, T("9", "9"), 14, T("10", "10"), 10),
        (3, T("As", "Ace"), 11, T("Roi", "King"), 4),
        (4, T("10", "10"), 10, T("Dame", "Queen"), 3),
        (5, T("Roi", "King"), 4, T("Valet", "Jack"), 2),
        (6, T("Dame", "Queen"), 3, T("9", "9"), 0),
    )
    lost = info.table("scores").rows[1]
    assert lost[1:] == (0, 162)


def test_belote_de_comptoir_shows_eight_ranks_in_both_orders():
    table = registry.info("belote-de-comptoir").table("card_order")
    assert [row[0] for row in table.rows] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [row[1].fr for row in table.rows] == ["Valet", "9", "As", "10", "Roi", "Dame", "8", "7"]
    assert [row[2] for row in table.rows] == [20, 14, 11, 10, 4, 3, 0, 0]
    assert [row[3].en for row in table.rows] == ["Ace", "10", "King", "Queen", "Jack", "9", "8", "7"]
    assert [row[4] for row in table.rows] == [11, 10, 4, 3, 2, 0, 0, 0]


def test_belote_de_comptoir_shows_the_coinche_no_trump_and_all_trump_points():
    table = registry.info("belote-de-comptoir").table("sa_ta_order")
    assert table.rows[0] == (1, T("As", "Ace"), 19, T("Valet", "Jack"), 14)
    assert [row[2] for row in table.rows] == [19, 10, 4, 3, 2, 0, 0, 0]
    assert [row[4] for row in table.rows] == [14, 9, 6, 5, 3, 1, 0, 0]


def test_order_table_refuses_orders_of_different_lengths():
    with pytest.raises(ValueError):
        belote.order_table("x", T("x", "x"), (T("a", "a"), belote.TRUMP_POINTS), (T("b", "b"), belote_a_trois.PLAIN_POINTS))


# -- the shared scoring core (every belote builds on it) -------------------------------------------------------
@pytest.mark.parametrize("trump", ["S", "H", "D", "C", "SA", "TA"])
def test_every_contract_is_worth_162(trump):
    # Suit: 62 + 3 × 30; sans atout: 4 × (19 + 10 + 4 + 3 + 2) = 4 × 38; tout atout: 4 × (14 + 9 + 6 + 5 + 3 + 1) = 4 × 38.
    assert belote.contract_total(trump) == 162


def test_a_made_contract_scores_each_side_its_total():
    out = belote.outcome(100)  # 100 against 62
    assert (out.result, out.taker_score, out.defence_score) == ("made", 100, 62)


def test_dedans_gives_the_defence_162_and_every_announcement_and_the_belote_stays_with_its_side():
    # Taker 70 + tierce 20 + belote 20 = 110 against 92 + cinquante 50 = 142: dedans. Defence 162 + 20 + 50 = 232.
    out = belote.outcome(70, taker_announces=20, defence_announces=50, belote=belote.TAKER)
    assert (out.result, out.taker_score, out.defence_score) == ("dedans", 20, 232)


def test_capot_is_252_and_the_other_side_keeps_its_belote():
    out = belote.outcome(162, capot=True, belote=belote.DEFENCE)
    assert (out.result, out.taker_score, out.defence_score, out.capot) == ("made", 252, 20, belote.TAKER)
    out = belote.outcome(0, capot=True, belote=belote.TAKER)
    assert (out.result, out.taker_score, out.defence_score, out.capot) == ("dedans", 20, 252, belote.DEFENCE)


def test_a_litige_is_dedans_or_puts_the_taker_s_points_in_reserve():
    assert belote.outcome(81).result == "dedans"
    out = belote.outcome(81, litige="reserve")
    assert (out.result, out.taker_score, out.defence_score, out.reserve) == ("litige", 0, 81, 81)


def test_a_ceiling_sums_the_highest_cards_in_play():
    # 4 players, 1 card: J 20 + 9 14 + two aces 11 = 56 + 10 = 66; 2 cards each (8 cards): 20 + 14 + 4 × 11 + 2 × 10
    # = 98 + 10 + 20 = 128.
    assert belote.ceiling("S", 1, 4) == 66
    assert belote.ceiling("S", 2, 4) == 128


def test_a_capot_with_points_on_both_sides_is_a_caller_s_mistake():
    with pytest.raises(ValueError):
        belote.outcome(100, capot=True)
