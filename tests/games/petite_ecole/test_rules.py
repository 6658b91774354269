"""La petite école: points left in hand, the ten échelons climbed one a deal, the end at échelon 10."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.petite_ecole import rules as petite_ecole

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
        hands = [None if s == winner else {"points": 5} if laid[s] else {"points": 65} for s in range(n)]
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
