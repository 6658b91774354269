"""La petite école: points left in hand, the ten échelons climbed one a deal, the end at échelon 10."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.petite_ecole import rules as petite_ecole
from companion.kernel.cards import Card, deck

GAME = registry.get("petite-ecole")


def test_the_echelons_lay_at_least_the_cards_the_issue_lists():
    # two triples 6; run of 4 + triple 7; two quadruples 8; two runs of 4 8; three triples 9; run of 4 + two triples 10;
    # run of 5 + quadruple 9; two runs of 5 10; run of 5 + two triples 11; run of 7 + quadruple 11
    assert petite_ecole.FEWEST == (6, 7, 8, 8, 9, 10, 9, 10, 11, 11)


def test_packs_follow_the_player_count_unless_set():
    assert [GAME.new_sheet(n).options["packs"] for n in range(2, 9)] == [2, 2, 2, 3, 3, 3, 3]
    assert GAME.new_sheet(3, {"packs": 3}).options["packs"] == 3


def test_a_deal_by_hand():
    sheet = GAME.new_sheet(3)
    result = sheet.apply({"winner": 0, "laid": [True, True, False], "hands": [
        None, {"cards": ["AS", "2H", "8D"]}, {"points": 95}]})
    # seat 1: 15 + 20 + 5 = 40; seat 2 has not laid, 13 cards counted at the table: 95
    assert result.scores == [0, 40, 95]
    assert sheet.next_round().extra["echelons"] == [2, 2, 1]
    assert sheet.next_round().extra["echelon_figures"][2].fr == "2 brelans"
    assert sheet.next_round().extra["echelon_figures"][0].fr == "1 suite de 4 + 1 brelan"


def test_a_whole_game_the_player_who_goes_out_last_can_still_lose():
    sheet = GAME.new_sheet(3)
    for _ in range(9):  # seat 0 goes out; seat 1 lays its échelon and keeps a 10 (10); seat 2 never lays: 13 cards, 65
        sheet.apply({"winner": 0, "laid": [True, True, False], "hands": [None, {"points": 10}, {"points": 65}]})
    assert sheet.echelons == [10, 10, 1] and sheet.totals == [0, 90, 585] and not sheet.finished
    # Deal 10: seat 1 goes out (0), seat 0 lays échelon 10 too and keeps a 5 (5)
    sheet.apply({"winner": 1, "laid": [True, True, False], "hands": [{"cards": ["5C"]}, None, {"points": 65}]})
    assert sheet.finished and sheet.totals == [5, 90, 650]
    assert sheet.winners == [0]  # both laid échelon 10: the lowest total among them, 5 < 90


def test_a_game_over_still_says_what_comes_next_without_an_eleventh_echelon():
    # Seat 0 lays échelon 10 and the game ends; the échelon it would play next, the eleventh, is none.
    sheet = GAME.new_sheet(2)
    for _ in range(10):  # seat 0 goes out every deal; seat 1 never lays: 13 cards counted at the table, 65
        sheet.apply({"winner": 0, "laid": [True, False], "hands": [None, {"points": 65}]})
    assert sheet.finished and sheet.winners == [0] and sheet.totals == [0, 650]
    extra = sheet.next_round().extra
    assert extra["echelons"] == [11, 1]
    assert extra["echelon_figures"][0] is None and extra["echelon_figures"][1].fr == "2 brelans"


def test_a_group_that_stops_early_ranks_by_echelon_then_points():
    sheet = GAME.new_sheet(2)
    sheet.apply({"winner": 0, "laid": [True, False], "hands": [None, {"points": 65}]})
    sheet.apply({"winner": 1, "laid": [False, True], "hands": [{"points": 200}, None]})
    sheet.close()
    # échelons done: 1 each; totals 200 and 65: seat 1 leads
    assert sheet.winners == [1]


def codes(sheet, entry):
    return sorted((p.code, p.seat) for p in sheet.check(entry))


def test_what_cannot_be_is_refused_with_field_and_seat():
    sheet = GAME.new_sheet(3)
    assert codes(sheet, {"winner": 0, "laid": [False, True, True], "hands": [None, {"points": 5}, {"points": 5}]}) == [("winner_laid", 0)]
    assert codes(sheet, {"winner": 0, "laid": [True, False, True], "hands": [{"points": 0}, {"cards": [r + "H" for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]}, {"points": 62}]}) == [
        ("card_count", 1), ("points_range", 2), ("winner_hand", 0)]  # 12 cards unlaid; 62 not a multiple of 5
    seven = ["3S", "4S", "5S", "6S", "7S", "8S", "9S"]  # 13 − 6 laid at échelon 1: 7 at most
    assert codes(sheet, {"winner": 0, "laid": [True, True, True], "hands": [None, {"cards": seven}, {"cards": [*seven[:6], "10S", "JS"]}]}) == [
        ("card_count", 2)]
    assert codes(sheet, {"winner": 0, "laid": [True, True, True], "hands": [None, {"cards": ["JK"]}, {"points": 145}]}) == [
        ("no_joker", 1), ("points_range", 2)]  # 145 > 7 cards × 20


def test_a_hand_is_worth_no_more_than_the_packs_hold():
    # Two packs hold eight 2s (20 each) and eight Aces (15): 13 cards are worth at most 8 × 20 + 5 × 15 = 235;
    # three packs hold twelve 2s: 12 × 20 + 15 = 255.
    not_laid = {"winner": 0, "laid": [True, False, True], "hands": [None, {"points": 240}, {"points": 5}]}
    assert codes(GAME.new_sheet(3), not_laid) == [("points_range", 1)]
    assert codes(GAME.new_sheet(3), {**not_laid, "hands": [None, {"points": 235}, {"points": 5}]}) == []
    assert codes(GAME.new_sheet(3, {"packs": 3}), not_laid) == []
    assert codes(GAME.new_sheet(3, {"packs": 3}), {**not_laid, "hands": [None, {"points": 260}, {"points": 5}]}) == [("points_range", 1)]
    # The listed cards leave the packs: seat 2 keeps two 2s, six are left, and the 13 cards of seat 1 are then at
    # most 6 × 20 + 7 × 15 = 225.
    two_twos = {"cards": ["2S", "2H"]}
    assert codes(GAME.new_sheet(3), {**not_laid, "hands": [None, {"points": 230}, two_twos]}) == [("points_range", 1)]
    assert codes(GAME.new_sheet(3), {**not_laid, "hands": [None, {"points": 225}, two_twos]}) == []


def test_the_hands_together_come_from_the_packs():
    # Thirteen cards at ten points are 130; each Ace adds 5 to that, each 2 adds 10 (a small card takes 5 off).
    # Two packs hold 8 Aces and 8 2s: two hands of 13 together are at most 2 × 130 + 8 × 5 + 8 × 10 = 380, so
    # 190 + 190 (6 2s and seven 10s; two 2s, the 8 Aces and three 10s), never 195 + 190 = 385, though each hand
    # alone can be up to 235.
    sheet = GAME.new_sheet(3)
    both = {"winner": 0, "laid": [True, False, False], "hands": [None, {"points": 190}, {"points": 190}]}
    assert codes(sheet, both) == []
    assert codes(sheet, {**both, "hands": [None, {"points": 195}, {"points": 190}]}) == [("over_the_packs", None)]


def test_no_card_more_often_than_the_packs():
    three_aces = {"winner": 0, "laid": [True, True, True], "hands": [None, {"cards": ["AS", "AS"]}, {"cards": ["AS"]}]}
    assert codes(GAME.new_sheet(3), three_aces) == [("too_many_copies", 2)]  # two packs: two A♠
    assert codes(GAME.new_sheet(3, {"packs": 3}), three_aces) == []


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 8), st.lists(st.lists(st.booleans(), min_size=8, max_size=8), min_size=1, max_size=15), st.randoms(use_true_random=False))
def test_each_seat_climbs_one_echelon_a_deal_it_lays(n, deals, rng):
    sheet = GAME.new_sheet(n)
    laid_count = [0] * n
    for row in deals:
        if sheet.finished:
            break
        winner = rng.randrange(n)
        laid = [s == winner or row[s] for s in range(n)]
        # 13 cards kept by a seat that did not lay: 5 at ten points and 8 small ones, 5 × 10 + 8 × 5 = 90 (even at 8
        # players that is 7 × 8 = 56 small cards of the 3 packs' 84)
        hands = [None if s == winner else {"points": 5} if laid[s] else {"points": 90} for s in range(n)]
        sheet.apply({"winner": winner, "laid": laid, "hands": hands})
        laid_count = [c + int(v) for c, v in zip(laid_count, laid, strict=True)]
        assert sheet.echelons == [1 + c for c in laid_count]
    assert sheet.finished == (max(laid_count) >= 10)
    if sheet.finished:
        assert all(laid_count[s] >= 10 for s in sheet.winners)


def test_two_players_level_after_echelon_ten_share_the_win():
    sheet = GAME.new_sheet(2)
    # Both lay their échelon every deal and go out in turn; the other keeps one card of 3 to 9: 5 points.
    for deal in range(1, 10):
        winner = 0 if deal % 2 else 1
        sheet.apply({"winner": winner, "laid": [True, True],
                     "hands": [None, {"points": 5}] if winner == 0 else [{"points": 5}, None]})
    # Seat 0 went out in deals 1, 3, 5, 7, 9: seat 1 has 5 × 5 = 25; seat 0 kept 5 in deals 2, 4, 6, 8: 20.
    assert sheet.totals == [20, 25] and sheet.echelons == [10, 10] and not sheet.finished
    # Deal 10: seat 1 goes out; seat 0 lays échelon 10 too (11 cards at least: 2 at most left) and keeps a 5♣: 25.
    sheet.apply({"winner": 1, "laid": [True, True], "hands": [{"cards": ["5C"]}, None]})
    assert sheet.finished and sheet.totals == [25, 25]
    assert sheet.winners == [0, 1]  # both laid échelon 10 with 25: shared


# An independent judge: deal real cards for the hands given in points. The packs are split by value; a hand in
# points tries each number of cards it may hold and each number of cards of each value, popped from those piles.
# The hands built are counted card by card at the end.
def deal_cards_for(sheet, entry):
    packs = sheet.options["packs"]
    piles = {}
    for card in deck(f"{packs}x52"):
        piles.setdefault(petite_ecole.card_points(card), []).append(card)
    for hand in entry["hands"]:
        for code in (hand or {}).get("cards", []):
            piles[petite_ecole.card_points(Card.parse_code(code))].remove(Card.parse_code(code))
    wants = []
    for seat, hand in enumerate(entry["hands"]):
        if hand is not None and "points" in hand:
            most = 13 - (6 if sheet.echelons[seat] == 1 else 0) if entry["laid"][seat] else 13
            wants.append((seat, range(1 if entry["laid"][seat] else 13, most + 1), hand["points"]))
    built = {}

    def deal(i):
        if i == len(wants):
            return True
        seat, sizes, points = wants[i]
        for k in sizes:
            for a in range(min(k, len(piles[20])) + 1):
                for b in range(min(k - a, len(piles[15])) + 1):
                    for c in range(min(k - a - b, len(piles[10])) + 1):
                        d = k - a - b - c
                        if d > len(piles[5]) or 20 * a + 15 * b + 10 * c + 5 * d != points:
                            continue
                        cards = [piles[v].pop() for v, m in ((20, a), (15, b), (10, c), (5, d)) for _ in range(m)]
                        built[seat] = cards
                        if deal(i + 1):
                            return True
                        for card in cards:
                            piles[petite_ecole.card_points(card)].append(card)
        return False

    if not deal(0):
        return None
    for seat, cards in built.items():  # count the hands built, card by card
        assert sum(petite_ecole.card_points(c) for c in cards) == entry["hands"][seat]["points"]
    return built


def near_the_edge(n, rng):
    """A real end of deal (échelon 1 for all), hands shown as cards or points, the dear cards often first; then a
    hand or two nudged by 5 or 10 points (often past what the packs hold)."""
    packs = petite_ecole.default_packs(n)
    cards = [c.code for c in deck(f"{packs}x52")]
    rng.shuffle(cards)
    if rng.random() < 0.6:
        cards.sort(key=lambda c: -petite_ecole.card_points(Card.parse_code(c)))
    winner = rng.randrange(n)
    laid = [s == winner or rng.random() < 0.3 for s in range(n)]
    hands, i = [], 0
    for s in range(n):
        if s == winner:
            hands.append(None)
            continue
        k = rng.randint(1, 7) if laid[s] else 13
        held, i = cards[i:i + k], i + k
        hands.append({"points": sum(petite_ecole.card_points(Card.parse_code(c)) for c in held)} if rng.random() < 0.8 else {"cards": held})
    for _ in range(rng.choice([0, 1, 1, 2])):
        hand = rng.choice([h for h in hands if h is not None])
        if "points" in hand:
            hand["points"] = max(5, hand["points"] + rng.choice([-10, -5, 5, 10]))
    return {"winner": winner, "laid": laid, "hands": hands}


def test_the_sheet_accepts_exactly_the_hands_real_cards_can_make():
    rng = random.Random(2026)
    seen = set()
    for _ in range(300):
        n = rng.choice([2, 3, 4, 5, 8])
        sheet = GAME.new_sheet(n)
        entry = near_the_edge(n, rng)
        problems = sheet.check(entry)
        possible = deal_cards_for(sheet, entry) is not None
        assert (problems == []) == possible, (entry, problems)
        seen.update(p.code for p in problems)
        seen.add("accepted" if possible else "refused")
    assert {"accepted", "refused", "points_range", "over_the_packs"} <= seen
