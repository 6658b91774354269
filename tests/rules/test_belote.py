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


# -- An independent judge of announcements: build a real hand ------------------------------------------------
# A total is split into carrés (at most two in eight cards) and runs (20 three in a row, 50 four, 100 five or
# more); the runs are laid in the suits (two runs of one suit a card apart at least), the hand filled up to eight
# cards with cards that touch nothing of it, and then counted card by card: its maximal runs and its carrés,
# any of them kept quiet.
ORDER = ["7", "8", "9", "10", "J", "Q", "K", "A"]
CARRE = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}
RUN = {20: (3,), 50: (4,), 100: (5, 6, 7, 8)}


def declared(hand):
    """What ``hand`` (a set of (rank, suit)) holds: the value of each maximal run and each carré."""
    out = []
    for suit in "SHDC":
        length = 0
        for rank in [*ORDER, None]:
            if rank is not None and (rank, suit) in hand:
                length += 1
                continue
            if length >= 3:
                out.append(20 if length == 3 else 50 if length == 4 else 100)
            length = 0
    return out + [CARRE[r] for r in CARRE if all((r, s) in hand for s in "SHDC")]


def subset_sums(values):
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums}
    return sums


def parts_of(total, most=3):
    """Ways to write ``total`` as run values 20, 50, 100 (largest first), at most ``most`` runs."""
    if total == 0:
        yield ()
        return
    if most == 0:
        return
    for v in (100, 50, 20):
        if v <= total:
            for rest in parts_of(total - v, most - 1):
                if not rest or rest[0] <= v:
                    yield (v, *rest)


def cores(total, ranks, taken=frozenset()):
    """The cards that announce ``total`` (its carrés and runs, no other card), each way of laying them once."""
    kept = [r for r in ORDER if r in ranks]
    pack = {(r, s) for r in kept for s in "SHDC"} - taken
    scoring = [r for r in CARRE if r in kept]
    carre_sets = [()] + [(a,) for a in scoring] + [(a, b) for i, a in enumerate(scoring) for b in scoring[i + 1:]]
    seen = set()
    for carres in carre_sets:
        rest = total - sum(CARRE[r] for r in carres)
        base = frozenset((r, s) for r in carres for s in "SHDC")
        if rest < 0 or not base <= pack:
            continue
        for parts in parts_of(rest):
            for core in lay(parts, base, kept, pack):
                if core not in seen:
                    seen.add(core)
                    yield core


def lay(parts, hand, kept, pack, size=8):
    if len(hand) > size or not hand <= pack:
        return
    if not parts:
        yield hand
        return
    v, rest = parts[0], parts[1:]
    for suit in "SHDC":
        for length in RUN[v]:
            for start in range(len(kept) - length + 1):
                run = frozenset((kept[start + k], suit) for k in range(length))
                yield from lay(rest, hand | run, kept, pack, size)


def filled(core, ranks, total, taken=frozenset(), size=8):
    """``core`` made a hand of ``size`` cards with cards (not in ``taken``) touching none of it in their suit,
    if the hand so made still declares ``total``; else None."""
    full = set(core)
    for card in sorted({(r, s) for r in ranks for s in "SHDC"} - full - taken):
        if len(full) == size:
            break
        r, s = card
        i = ORDER.index(r)
        if not any((ORDER[j], s) in full for j in (i - 1, i + 1) if 0 <= j < len(ORDER)):
            full.add(card)
    if len(full) == size and total in subset_sums(declared(full)):
        return frozenset(full)
    return None


def real_hand(total, ranks):
    return next((h for core in cores(total, ranks) if (h := filled(core, ranks, total)) is not None), None)


def real_pair(a, b, ranks):
    """Two disjoint real hands declaring ``a`` and ``b``, or None: both sets of announcing cards laid first."""
    for core_a in cores(a, ranks):
        for core_b in cores(b, ranks, taken=core_a):
            hand_a = filled(core_a, ranks, a, taken=core_b)
            hand_b = hand_a and filled(core_b, ranks, b, taken=hand_a)
            if hand_b:
                return hand_a, hand_b
    return None


@pytest.mark.parametrize("ranks", [tuple(ORDER), ("9", "10", "J", "Q", "K", "A")], ids=["32 cards", "24 cards"])
def test_the_announcement_totals_of_one_hand_are_exactly_those_a_real_hand_holds(ranks):
    possible = belote.announcement_totals(8, ranks)
    judged = set()
    for total in range(0, 460, 10):
        hand = real_hand(total, ranks)
        if hand is not None:
            assert len(hand) == 8 and total in subset_sums(declared(hand))
            judged.add(total)
    assert possible == judged
    # A few by hand: two tierces 40 in six cards; three (60) need nine; carré of Valets + carré of 9s = 350.
    assert {40, 350} <= possible and 60 not in possible and 360 not in possible


# -- An independent judge of a side's card points over a whole deal: real tricks -------------------------------
POINTS_TRUMP = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
POINTS_PLAIN = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def real_side(points, players, ranks, trump="S"):
    """Real cards for a side's tricks making ``points`` (dix de der included), or None: the side takes k tricks of
    ``players`` cards, chosen among the pack's cards, with the last one (10) or not."""
    pack = [(r, s) for r in ranks for s in "SHDC"]
    worth = {c: (POINTS_TRUMP if c[1] == trump else POINTS_PLAIN)[c[0]] for c in pack}
    tricks = len(pack) // players
    by_value = {}
    for c in pack:
        by_value.setdefault(worth[c], []).append(c)
    values = sorted(by_value, reverse=True)

    def pick(i, size, target):
        if size == 0 or i == len(values):
            return [] if size == 0 and target == 0 else None
        pool = by_value[values[i]]
        for k in range(min(len(pool), size), -1, -1):
            if k * values[i] <= target:
                rest = pick(i + 1, size - k, target - k * values[i])
                if rest is not None:
                    return pool[:k] + rest
        return None

    for k in range(tricks + 1):
        for last in ([False] if k == 0 else [True] if k == tricks else [True, False]):
            cards = pick(0, k * players, points - 10 * last)
            if cards is not None:
                assert len(set(cards)) == k * players
                assert sum(worth[c] for c in cards) + 10 * last == points
                return cards
    return None


@pytest.mark.parametrize("players, ranks", [(4, tuple(ORDER)), (3, ("9", "10", "J", "Q", "K", "A"))],
                         ids=["four-handed", "belote à trois"])
def test_the_card_points_a_side_can_end_with_are_exactly_those_real_tricks_give(players, ranks):
    near = [*range(0, 25), *range(70, 95, 3), *range(138, 163)]  # the bounds, and a few in the middle
    can = belote.reachable("S", 8, players, ranks)
    judged = {p for p in near if real_side(p, players, ranks) is not None}
    assert can & set(near) == judged and max(can) == 162
    # By hand: no card is worth 1, so neither 1 nor 161 (the other side's 1).
    assert set(near) - judged == {1, 161}


@pytest.mark.parametrize("ranks", [pytest.param(tuple(ORDER), marks=pytest.mark.slow), ("9", "10", "J", "Q", "K", "A")],
                         ids=["32 cards", "24 cards"])
def test_two_partners_announcements_are_judged_by_two_real_hands_of_one_pack(ranks):
    # Two seats of one side both announce: a pair of totals is possible when the judge lays a real hand for the
    # first and, in the cards left, one for the second. The sheet refuses every pair where both need the one carré
    # of Valets, or of 9s; it must never refuse a pair real hands make.
    from companion.families.belote_sheet import check_announcements
    from companion.kernel.entries import EntryReader

    values = sorted(belote.announcement_totals(8, ranks) - {0})
    # The totals near the top, where two hands run out of cards, and the small ones beside them.
    near = (20, 50, 70, 150, 190, 220, 250, 300, 350) if len(ranks) == 6 else (20, 50, 150, 250, 300, 350)
    values = [v for v in values if v in near]
    refused_pairs, impossible_pairs = set(), set()
    for i, a in enumerate(values):
        for b in values[i:]:
            r = EntryReader({"annonces": [a, b, 0, 0]}, 4, rule="marque")
            check_announcements(r, [a, b, 0, 0], (0, 1), ranks)
            refused = bool(r.problems)
            possible = real_pair(a, b, ranks) is not None
            assert not (refused and possible), (a, b)
            if refused:
                refused_pairs.add((a, b))
            if not possible:
                impossible_pairs.add((a, b))
    # Both at 350 (each carré of Valets + carré of 9s), both at 300 (each needs the Valets): refused and impossible.
    assert {(350, 350), (300, 300)} <= refused_pairs
    assert impossible_pairs == refused_pairs, sorted(impossible_pairs ^ refused_pairs)
    if len(ranks) == 6:
        # 24 cards: 350 takes the Valets and the 9s; a cinquante is then four of 10 Q K A in a suit: none in a row.
        assert (50, 350) in refused_pairs and (20, 350) not in refused_pairs  # Q K A is a tierce
