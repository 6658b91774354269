"""Eleusis: New Eleusis scoring, worked out by hand over a whole game, and every check."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry

GAME = registry.get("eleusis")


def test_a_whole_game_worked_out_by_hand():
    sheet = GAME.new_sheet(4)
    assert sheet.options["rounds"] == 4 and sheet.next_round().first is None
    # Round 1, seat 0 is God. Seat 1 out, seat 2 has 5, seat 3 has 12: high count 12. Seat 1: 12 − 0 + 4 = 16;
    # seat 2: 7; seat 3: 0. The dealer scores the best: 16.
    r = sheet.apply({"cards_left": [None, 0, 5, 12]})
    assert r.scores == [16, 16, 7, 0]
    # Round 2, seat 1 is God. Seat 2 prophet to the end: 10 right and 4 wrong since, 8 cards before the marker.
    # Left: seat 0 has 9, seat 2 has 9, seat 3 none; high 9. Seat 0: 0; seat 2: 0 + 10 + 2 × 4 = 18; seat 3: 9 + 4 = 13.
    # Best 18, but 2 × 8 = 16 is smaller: the dealer scores 16.
    r = sheet.apply({"cards_left": [9, None, 9, 0], "prophet": {"seat": 2, "mainline": 10, "sideline": 4, "before_marker": 8}})
    assert r.scores == [0, 16, 18, 13]
    # Round 3, seat 2 is God; everyone expelled with 3, 6, 6: high 6: 3, 0, 0; the dealer 3.
    r = sheet.apply({"cards_left": [3, 6, None, 6], "all_expelled": True})
    assert r.scores == [3, 0, 3, 0]
    # Round 4, seat 3 is God; a prophet with 2 × 20 = 40 above the best (seat 0: 14 − 0 + 4 = 18): the dealer 18.
    r = sheet.apply({"cards_left": [0, 14, 10, None], "prophet": {"seat": 2, "mainline": 0, "sideline": 0, "before_marker": 20}})
    assert r.scores == [18, 0, 4, 18]
    # Totals: 16+16... seat 0: 16 + 0 + 3 + 18 = 37; seat 1: 16 + 16 + 0 + 0 = 32; seat 2: 7 + 18 + 3 + 4 = 32;
    # seat 3: 0 + 13 + 0 + 18 = 31.
    assert sheet.totals == [37, 32, 32, 31] and sheet.finished and sheet.winners == [0]


def test_every_problem_at_once():
    sheet = GAME.new_sheet(5)
    problems = sheet.check({"cards_left": [3, 2, -1, None, 4],
                            "prophet": {"seat": 0, "mainline": -1, "sideline": 1, "before_marker": 0}})
    assert {(p.field, p.seat, p.code) for p in problems} == {
        ("cards_left", 0, "dealer_plays"), ("cards_left", 2, "not_count"), ("cards_left", 3, "required"),
        ("prophet.seat", 0, "dealer_prophet"), ("prophet.mainline", None, "out_of_range"),
        ("prophet.before_marker", None, "out_of_range")}


def test_somebody_went_out_unless_all_were_expelled():
    sheet = GAME.new_sheet(4)
    assert [p.code for p in sheet.check({"cards_left": [None, 1, 2, 3]})] == ["nobody_out"]
    assert sheet.check({"cards_left": [None, 1, 2, 3], "all_expelled": True}) == []


def test_the_rounds_option():
    sheet = GAME.new_sheet(4, {"rounds": 1})
    r = sheet.apply({"cards_left": [None, 0, 2, 3]})
    assert sheet.finished
    # High count 3: seat 1 3 − 0 + 4 = 7, seat 2 1, seat 3 0; the dealer the best, 7. The game stops before seats
    # 1, 2 and 3 dealt: 10 more each (New Eleusis), 17, 11 and 10.
    assert r.scores == [7, 17, 11, 10] and sheet.totals == [7, 17, 11, 10]
    assert "⟨1⟩ n'a jamais donné dans cette partie : 10 de plus." in [n.fr for n in r.notes]


def test_a_short_game_gives_the_bonus_at_its_last_round_only():
    sheet = GAME.new_sheet(5, {"rounds": 3})
    # Rounds 1 to 3 are dealt by seats 0, 1, 2; seats 3 and 4 never deal.
    r1 = sheet.apply({"cards_left": [None, 0, 4, 4, 4]})  # high 4: 8, 0, 0, 0; the dealer 8
    assert r1.scores == [8, 8, 0, 0, 0]
    r2 = sheet.apply({"cards_left": [4, None, 0, 4, 4]})  # 0, 8, 8, 0, 0 (the dealer 8)
    assert r2.scores == [0, 8, 8, 0, 0]
    r3 = sheet.apply({"cards_left": [4, 4, None, 0, 4]})  # 0, 0, 8, 8, 0; then seats 3 and 4 add 10: 18, 10
    assert r3.scores == [0, 0, 8, 18, 10]
    assert sheet.finished and sheet.totals == [8, 16, 16, 18, 10] and sheet.winners == [3]
    # One round a player: everyone deals, no bonus.
    full = GAME.new_sheet(4)
    for dealer in range(4):
        left = [None if s == dealer else 0 if s == (dealer + 1) % 4 else 3 for s in range(4)]
        r = full.apply({"cards_left": left})
    # the last round, seat 3 deals: seat 0 out, 3 − 0 + 4 = 7; seats 1 and 2 keep 3, 0; the dealer 7; no bonus
    assert r.scores == [7, 0, 0, 7]


def test_only_one_player_ends_a_round_with_no_card():
    sheet = GAME.new_sheet(5)
    problems = sheet.check({"cards_left": [None, 0, 3, 0, 0]})
    assert [(p.field, p.seat, p.code) for p in problems] == [("cards_left", 3, "two_out"), ("cards_left", 4, "two_out")]
    assert "⟨1⟩ n'en a déjà plus" in problems[0].message.fr and problems[0].rule == "fin-de-manche"
    # Everyone expelled does not make two empty hands possible either.
    assert [p.code for p in sheet.check({"cards_left": [None, 0, 3, 0, 2], "all_expelled": True})] == ["two_out"]


def test_the_prophet_plays_no_more_and_never_empties_his_hand():
    sheet = GAME.new_sheet(4)
    prophet = {"seat": 2, "mainline": 3, "sideline": 1, "before_marker": 5}
    assert [(p.field, p.seat, p.code) for p in sheet.check({"cards_left": [None, 4, 0, 6], "all_expelled": True, "prophet": prophet})] == [
        ("prophet.seat", 2, "prophet_out")]
    assert sheet.check({"cards_left": [None, 0, 2, 6], "prophet": prophet}) == []


def test_the_history_in_words():
    sheet = GAME.new_sheet(4)
    lines = [t.fr for t in sheet.describe_entry(
        {"cards_left": [None, 0, 2, 3], "prophet": {"seat": 2, "mainline": 3, "sideline": 1, "before_marker": 5}}, 1)]
    assert lines == ["Cartes en main : ⟨1⟩ 0, ⟨2⟩ 2, ⟨3⟩ 3",
                     "Prophète ⟨2⟩ : 3 bonnes, 1 refusée depuis, 5 avant son marqueur"]


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_the_dealer_never_scores_more_than_the_best_player(data):
    n = data.draw(st.integers(4, 8))
    sheet = GAME.new_sheet(n)
    # One player only ends with none; at most 7 × 20 = 140 cards in hand, within the three packs (156).
    left = [data.draw(st.integers(1, 20)) for _ in range(n)]
    left[0] = None
    left[data.draw(st.integers(1, n - 1))] = 0
    r = sheet.apply({"cards_left": left})
    assert r.scores[0] == max(r.scores[1:]) and all(s >= 0 for s in r.scores)


def test_the_hands_and_the_cards_laid_fit_in_three_packs():
    # Three packs (two, and a third when the stock runs low) hold 3 × 52 = 156 cards.
    sheet = GAME.new_sheet(4)
    assert sheet.check({"cards_left": [None, 0, 78, 78]}) == []  # 156
    assert [(p.field, p.code) for p in sheet.check({"cards_left": [None, 0, 78, 79]})] == [("cards_left", "over_the_packs")]
    prophet = {"seat": 2, "mainline": 10, "sideline": 5, "before_marker": 20}  # 35 laid: 121 in hand at most
    assert sheet.check({"cards_left": [None, 0, 60, 61], "prophet": prophet}) == []
    problems = sheet.check({"cards_left": [None, 0, 60, 62], "prophet": prophet})
    assert [p.code for p in problems] == ["over_the_packs"]
    assert problems[0].message.fr == "122 cartes en main et 35 posées : même 3 jeux n'ont que 156 cartes."
