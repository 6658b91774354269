"""FFT tarot values (companion.families.tarot), shared by the tarot lorrain and the tarot taré. Numbers worked out
by hand."""

import pytest

from companion.families import tarot
from companion.games import registry
from companion.kernel import Card, T, deck


def test_the_pack_has_78_cards_and_three_bouts():
    cards = deck("78")
    assert len(cards) == 78
    assert len(tarot.BOUTS) == 3
    assert set(tarot.BOUTS) == {Card.parse("T21"), Card.parse("T1"), Card.parse("EX")}
    assert all(b in cards for b in tarot.BOUTS)


def test_the_pack_is_worth_91_points_counting_half_points():
    # 3 bouts × 4.5 = 13.5; 4 Kings × 4.5 = 18; 4 Queens × 3.5 = 14; 4 Knights × 2.5 = 10; 4 Jacks × 1.5 = 6;
    # the other 78 - 3 - 16 = 59 cards (19 trumps from 2 to 20, 4 × 10 suit cards from 1 to 10) × 0.5 = 29.5.
    # 13.5 + 18 + 14 + 10 + 6 + 29.5 = 91 points, that is 182 half points.
    assert sum(tarot.half_points(c) for c in deck("78")) == 182
    assert tarot.TOTAL_HALF_POINTS == 182


@pytest.mark.parametrize(
    ("code", "half_points"),
    [("T21", 9), ("T1", 9), ("EX", 9), ("KS", 9), ("QH", 7), ("CD", 5), ("JC", 3), ("10S", 1), ("T20", 1), ("AH", 1)],
)
def test_each_card_is_worth_its_fft_value(code, half_points):
    assert tarot.half_points(Card.parse(code)) == half_points


def test_the_taker_needs_56_51_41_or_36_points_with_0_1_2_or_3_bouts():
    assert tarot.POINTS_NEEDED == {0: 56, 1: 51, 2: 41, 3: 36}


def test_the_card_points_table_writes_half_points_in_each_language():
    rows = registry.info("tarot-lorrain").table("card_points").rows
    assert [row[1] for row in rows] == [
        T("4,5", "4.5"), T("4,5", "4.5"), T("3,5", "3.5"), T("2,5", "2.5"), T("1,5", "1.5"), T("0,5", "0.5"),
        T("91", "91"),
    ]
    assert rows[1][0] == T("Roi", "King")


def test_both_tarots_show_the_same_fft_card_tables():
    lorrain, tare = registry.info("tarot-lorrain"), registry.info("tarot-tare")
    assert lorrain.table("card_points") == tare.table("card_points")
    # the same order, but the Excuse of a chelem's last trick, which the Tarot taré (no chelem) does not know
    assert lorrain.table("card_order").rows[:2] == tare.table("card_order").rows[:2]
    assert "chelem" in lorrain.table("card_order").rows[2][1].fr and "jamais" in tare.table("card_order").rows[2][1].fr


def test_the_taker_needs_table_lists_bouts_from_three_down():
    rows = registry.info("tarot-lorrain").table("bouts_needed").rows
    assert rows == ((3, 36), (2, 41), (1, 51), (0, 56))


def test_deal_sizes_start_with_players_cards_each_and_chien():
    # 3 players: 3 × 24 + 6 = 78; 4: 4 × 18 + 6 = 78; 5: 5 × 15 + 3 = 78.
    lorrain = registry.info("tarot-lorrain").table("deal_sizes").rows
    tare = registry.info("tarot-tare").table("deal_sizes").rows
    assert [row[:3] for row in lorrain] == [(3, 24, 6), (4, 18, 6), (5, 15, 3)]
    assert [row[:3] for row in tare] == [(3, 24, 6), (4, 18, 6), (5, 15, 3)]
    assert [row[3:] for row in lorrain] == [(13, 15, 18), (10, 13, 15), (8, 10, 13)]
    assert [row[3] for row in tare] == [6, 8, 10]  # two deals per player
