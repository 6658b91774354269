"""Le rami, as in the user's rule document « Le rami ». Every expected number below is worked out by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.rami import rules as rami
from companion.kernel import GameOver, InvalidEntry, InvalidOptions, cards, deck
from companion.kernel.text import name_seats

RAMI = registry.get("rami")
NAMES = ["Ana", "Bea", "Cid", "Dan", "Eve", "Fred"]

# What a card costs in hand, written out from the rule document: As 11, R D V 10, 2-10 face value, joker 50.
HAND_VALUE = {"A": 11, "K": 10, "Q": 10, "J": 10, **{str(n): n for n in range(2, 11)}}


def hand_value(codes):
    return sum(50 if c == "JK" else HAND_VALUE[c[:-1]] for c in codes)


def play(n, entries, **options):
    sheet = RAMI.new_sheet(n, options)
    for e in entries:
        sheet.apply(e)
    return sheet


def problems(entry, n=3, **options):
    return sorted((p.field, p.seat, p.code) for p in RAMI.new_sheet(n, options).check(entry))


def cards_of(text):
    return {"cards": text.split()}


NOTHING = {"laid_nothing": True}


class TestInfo:
    def test_the_game_is_described_for_the_rulebook(self):
        info = registry.info("rami")
        assert (info.slug, info.names.fr, info.names.en) == ("rami", "Le rami", "Rummy")
        assert (info.min_players, info.max_players, info.decks, info.family) == (2, 6, ("2x52+4",), "rami")
        assert registry.resolve("rami sec") == "rami"
        assert registry.resolve("Rummy") == "rami"

    def test_the_card_points_table_shows_what_a_card_left_in_hand_costs(self):
        rows = {row[0].fr: row[1] for row in registry.info("rami").table("card_points").rows}
        assert rows["As"] == 11
        assert rows["Roi, Dame, Valet"] == 10
        assert rows["Joker"] == 50

    def test_the_deal_scores_table_shows_the_winner_and_the_flat_100(self):
        rows = {row[0].fr: row[1] for row in registry.info("rami").table("deal_scores").rows}
        assert rows["Le gagnant"] == 0
        assert rows["Le gagnant par rami sec"] == -50
        assert rows["Un perdant qui n'a rien posé"].fr == "100 tout rond"

    def test_the_meld_points_table_shows_the_values_of_an_opening(self):
        rows = {row[0].fr: row[1] for row in registry.info("rami").table("meld_points").rows}
        assert rows["As en haut d'une suite (D-R-As) ou dans un brelan"] == 11
        assert rows["As en bas d'une suite (As-2-3)"] == 1
        assert rows["Roi, Dame, Valet"] == 10
        assert rows["Joker"] == 0

    def test_counted_points_are_what_eight_cards_can_be_worth_four_jokers_and_four_aces_at_most(self):
        # Nothing is laid before the opening. An opening needs a clean run and 51 points: a run of four is worth at
        # most V-D-R-As = 10 + 10 + 10 + 11 = 41, of five 10-V-D-R-As = 51, and two melds take six cards: five at
        # least. Whoever laid holds 13 + 1 drawn − 5 laid − 1 thrown = 8 cards at most; whoever laid nothing scores 100.
        assert rami.FEWEST_OPENING_CARDS == 5
        assert rami.MOST_CARDS_AFTER_LAYING == 8
        assert rami.MOST_POINTS == 4 * 50 + 4 * 11 == 244
        assert rami.LEAST_POINTS == 2  # a lone 2: no card left in hand is worth less


class TestWholeGames:
    THREE = [
        # Ana goes out; Bea keeps 10♥ R♠ Joker = 10 + 10 + 50 = 70; Cid laid nothing: 100.
        {"winner": 0, "hands": [None, cards_of("10H KS JK"), NOTHING]},
        # Bea makes a rami sec: −50, the other two 100 each.
        {"winner": 1, "rami_sec": True, "hands": [NOTHING, None, NOTHING]},
        # Cid goes out; Ana counted 23 at the table; Bea keeps A♠ A♦ 2♣ = 11 + 11 + 2 = 24.
        {"winner": 2, "hands": [{"points": 23}, cards_of("AS AD 2C"), None]},
    ]

    def test_a_three_player_game_scores_as_worked_by_hand(self):
        sheet = play(3, self.THREE)
        assert [r.scores for r in sheet.rounds] == [[0, 70, 100], [100, -50, 100], [23, 24, 0]]
        # Ana 0 + 100 + 23; Bea 70 − 50 + 24; Cid 100 + 100 + 0
        assert sheet.totals == [123, 44, 200]
        assert sheet.running_totals() == [[0, 70, 100], [100, 20, 200], [123, 44, 200]]

    def test_with_no_fixed_number_of_deals_the_group_finishes_and_the_lowest_total_wins(self):
        sheet = play(3, self.THREE)
        assert not sheet.finished and sheet.winners == []
        assert sheet.leaders == [1]
        sheet.close()
        assert sheet.finished and sheet.winners == [1]
        with pytest.raises(GameOver):
            sheet.apply(self.THREE[0])

    def test_the_deals_option_ends_the_game_after_that_many_deals(self):
        sheet = play(3, self.THREE[:2], deals=2)
        assert sheet.finished
        # Ana 0 + 100 = 100; Bea 70 − 50 = 20; Cid 200.
        assert sheet.totals == [100, 20, 200]
        assert sheet.winners == [1]
        with pytest.raises(GameOver):
            sheet.apply(self.THREE[2])

    def test_deals_left_are_announced(self):
        sheet = play(3, self.THREE[:1], deals=4)
        assert sheet.next_round().extra == {"deals_left": 3}
        assert play(3, self.THREE[:1]).next_round().extra == {}

    def test_the_deal_passes_to_the_left_and_the_dealers_left_plays_first(self):
        sheet = RAMI.new_sheet(3)
        seen = []
        for entry in self.THREE:
            nxt = sheet.next_round()
            seen.append((nxt.dealer, nxt.first))
            sheet.apply(entry)
        assert seen == [(0, 1), (1, 2), (2, 0)]

    def test_tied_lowest_totals_share_the_win(self):
        sheet = play(2, [{"winner": 0, "hands": [None, {"points": 30}]}, {"winner": 1, "hands": [{"points": 30}, None]}])
        sheet.close()
        assert sheet.winners == [0, 1]

    def test_a_six_player_deal(self):
        # Dan out; Ana A♥ A♥ (the two packs) = 22; Bea 4 jokers = 200; Cid 7♣ = 7; Eve laid nothing 100;
        # Fred counted 5.
        entry = {"winner": 3, "hands": [cards_of("AH AH"), cards_of("JK JK JK JK"), cards_of("7C"), None, NOTHING,
                                        {"points": 5}]}
        assert play(6, [entry]).rounds[0].scores == [22, 200, 7, 0, 100, 5]


class TestScoring:
    def test_a_player_still_holding_thirteen_cards_laid_nothing_and_scores_100_whatever_they_are_worth(self):
        low = "2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S"  # worth 2×4 + 3×4 + 4×4 + 5 = 41
        high = "JK JK AS AH AD AC KS KH KD KC QS QH QD"  # worth 100 + 44 + 70 = 214
        sheet = play(3, [{"winner": 0, "hands": [None, cards_of(low), cards_of(high)]}])
        assert sheet.rounds[0].scores == [0, 100, 100]

    def test_card_codes_are_stored_in_their_standard_spelling(self):
        sheet = play(2, [{"winner": 0, "hands": [None, {"cards": ["10h", "qs", "joker"]}]}])
        assert sheet.rounds[0].entry == {"winner": 0, "rami_sec": False, "hands": [None, {"cards": ["10H", "QS", "JK"]}]}
        assert sheet.rounds[0].scores == [0, 70]

    def test_notes_explain_every_number(self):
        sheet = play(3, TestWholeGames.THREE)
        fr = [[name_seats(n.fr, NAMES) for n in r.notes] for r in sheet.rounds]
        assert fr == [
            ["Ana : a fini la donne, 0.", "Bea : 3 cartes, 10♥ + R♠ + Joker = 70.", "Cid : n'a rien posé, 100."],
            ["Ana : n'a rien posé, 100.", "Bea : rami sec, −50.", "Cid : n'a rien posé, 100."],
            ["Ana : 23 points comptés à la table.", "Bea : 3 cartes, A♠ + A♦ + 2♣ = 24.", "Cid : a fini la donne, 0."],
        ]
        assert name_seats(sheet.rounds[0].notes[1].en, NAMES) == "Bea: 3 cards, 10♥ + K♠ + Joker = 70."

    def test_no_note_assumes_a_gender(self):
        sheet = play(3, TestWholeGames.THREE + [{"winner": 0, "hands": [None, cards_of(" ".join(c.code for c in deck("52")[:13])),
                                                                       {"points": 12}]}])
        for r in sheet.rounds:
            for n in r.notes:
                assert not {"il", "elle", "Il", "Elle"} & set(n.fr.replace(",", " ").split()), n.fr
                assert not {"he", "she", "his", "her"} & set(n.en.replace(",", " ").split()), n.en

    def test_a_single_card_note_says_card(self):
        sheet = play(2, [{"winner": 0, "hands": [None, cards_of("7C")]}])
        assert name_seats(sheet.rounds[0].notes[1].fr, NAMES) == "Bea : 1 carte, 7♣ = 7."


class TestLegality:
    def test_a_good_entry_has_no_problem(self):
        assert problems({"winner": 0, "hands": [None, cards_of("10H"), NOTHING]}) == []

    def test_an_empty_entry_asks_for_the_winner_and_the_hands(self):
        assert problems({}) == [("hands", None, "required"), ("winner", None, "required")]

    def test_the_winner_must_be_a_seat(self):
        assert problems({"winner": 3, "hands": [None, NOTHING, NOTHING]}) == [("winner", None, "not_seat")]

    def test_there_is_exactly_one_winner(self):
        assert problems({"winner": 0, "hands": [None, None, NOTHING]}) == [("hands", 1, "one_winner")]

    def test_nothing_is_entered_for_the_winner(self):
        assert problems({"winner": 0, "hands": [NOTHING, None, NOTHING]}) == [
            ("hands", 0, "winner_hand"), ("hands", 1, "missing_hand")]

    def test_there_is_one_hand_per_seat(self):
        assert problems({"winner": 0, "hands": [None, NOTHING]}) == [("hands", None, "wrong_length")]

    def test_a_hand_is_given_exactly_one_way(self):
        assert problems({"winner": 0, "hands": [None, {"points": 4, "laid_nothing": True}, {}]}) == [
            ("hands", 1, "hand_kind"), ("hands", 2, "hand_kind")]
        assert problems({"winner": 0, "hands": [None, {"points": 4, "colour": "red"}, "100"]}) == [
            ("hands", 1, "hand_kind"), ("hands", 2, "not_hand")]

    def test_laid_nothing_is_true_or_absent(self):
        assert problems({"winner": 0, "hands": [None, {"laid_nothing": False}, NOTHING]}) == [("hands", 1, "laid_nothing")]

    def test_card_codes_must_be_cards(self):
        assert problems({"winner": 0, "hands": [None, {"cards": ["11Z", "10♥"]}, {"cards": "10H"}]}) == [
            ("hands", 1, "bad_card"), ("hands", 2, "not_list")]  # one message for both unknown cards of seat 1

    @pytest.mark.parametrize("code", ["CH", "T21", "EX"])
    def test_cards_from_other_packs_are_refused(self, code):
        assert problems({"winner": 0, "hands": [None, {"cards": [code]}, NOTHING]}) == [("hands", 1, "not_rami_card")]

    def test_no_card_more_than_twice_over_the_whole_entry(self):
        entry = {"winner": 0, "hands": [None, cards_of("7H QS"), cards_of("7H 7H")]}
        assert problems(entry) == [("hands", 2, "too_many_copies")]
        message = RAMI.new_sheet(3).check(entry)[0].message
        assert message.fr == "3 fois le 7♥ : le jeu n'en a que 2."

    def test_no_more_than_four_jokers_over_the_whole_entry(self):
        entry = {"winner": 0, "hands": [None, cards_of("JK JK JK"), cards_of("JK JK")]}
        assert problems(entry) == [("hands", 2, "too_many_jokers")]

    def test_a_loser_holds_at_least_one_card(self):
        assert problems({"winner": 0, "hands": [None, {"cards": []}, NOTHING]}) == [("hands", 1, "no_cards")]

    def test_a_loser_holds_at_most_thirteen_cards(self):
        fourteen = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH"
        assert problems({"winner": 0, "hands": [None, cards_of(fourteen), NOTHING]}) == [("hands", 1, "too_many_cards")]

    @pytest.mark.parametrize("n", [9, 10, 11, 12])
    def test_nine_to_twelve_cards_cannot_be_left(self, n):
        # The opening lays 5 cards at least and the discard 1: whoever laid holds 8 at most; whoever did not, 13.
        hand = deck("52")[:n]
        assert problems({"winner": 0, "hands": [None, {"cards": [c.code for c in hand]}, NOTHING]}) == [
            ("hands", 1, "impossible_count")]

    def test_the_card_count_message_says_why(self):
        [problem] = RAMI.new_sheet(3).check({"winner": 0, "hands": [None, cards_of("2S 3S 4S 5S 6S 7S 8S 9S 10S"), NOTHING]})
        assert problem.message.fr == (
            "9 cartes, c'est impossible : qui a posé a d'abord ouvert avec 5 cartes au moins et garde donc 8 cartes "
            "au plus (13 + 1 prise − 5 posées − 1 jetée) ; qui n'a rien posé en a 13.")
        assert problem.message.en == (
            "9 cards cannot be: whoever laid first opened with 5 cards at least, so keeps 8 cards at most "
            "(13 + 1 taken − 5 laid − 1 thrown); whoever laid nothing holds 13.")

    def test_eight_cards_worth_four_jokers_and_four_aces_are_the_most_a_loser_who_laid_can_hold(self):
        # After opening with 10♠ V♠ D♠ R♠ As♠ (10 + 10 + 10 + 10 + 11 = 51) and throwing one card, 8 are left:
        # 4 jokers and 4 aces, 4 × 50 + 4 × 11 = 244, as cards or as counted points.
        # The pack has 4 jokers: one such hand a deal, given as cards in one deal, as points in the next.
        worst = cards_of("JK JK JK JK AH AH AD AD")
        sheet = play(3, [{"winner": 0, "hands": [None, worst, NOTHING]},
                         {"winner": 0, "hands": [None, NOTHING, {"points": 244}]}])
        assert [r.scores for r in sheet.rounds] == [[0, 244, 100], [0, 100, 244]]

    @pytest.mark.parametrize("points", [0, 1, -5, 245, 266, 298, 3.5, True, "12", None])
    def test_counted_points_are_a_whole_number_within_what_eight_cards_are_worth(self, points):
        assert problems({"winner": 0, "hands": [None, {"points": points}, NOTHING]}) == [("hands", 1, "points_range")]

    @pytest.mark.parametrize("points", [2, 244])
    def test_counted_points_may_be_anything_from_2_to_244(self, points):
        assert problems({"winner": 0, "hands": [None, {"points": points}, NOTHING]}) == []

    def test_the_counted_points_message_says_why_and_points_to_laid_nothing(self):
        [problem] = RAMI.new_sheet(3).check({"winner": 0, "hands": [None, {"points": 298}, NOTHING]})
        assert problem.message.fr == (
            "Points comptés : un nombre entier de 2 à 244. Qui a posé garde 8 cartes au plus, qui valent au plus 244 ; "
            "qui n'a rien posé marque 100 : choisir « n'a rien posé ».")
        assert problem.message.en == (
            "Counted points: a whole number from 2 to 244. Whoever laid keeps 8 cards at most, worth 244 at most; "
            "whoever laid nothing scores 100: choose “laid nothing”.")

    def test_a_rami_sec_leaves_everybody_else_on_laid_nothing(self):
        entry = {"winner": 0, "rami_sec": True, "hands": [None, cards_of("10H KS JK"), {"points": 100}]}
        assert problems(entry) == [("hands", 1, "rami_sec_others"), ("hands", 2, "rami_sec_others")]
        message = RAMI.new_sheet(3).check(entry)[0]
        assert "n'ont rien pu poser" in message.message.fr and message.rule == "rami-sec"

    def test_a_rami_sec_accepts_a_whole_hand_of_thirteen_cards_as_laid_nothing(self):
        whole = " ".join(c.code for c in deck("52")[:13])
        assert problems({"winner": 0, "rami_sec": True, "hands": [None, cards_of(whole), NOTHING]}) == []

    def test_rami_sec_is_true_or_false(self):
        assert problems({"winner": 0, "rami_sec": "yes", "hands": [None, NOTHING, NOTHING]}) == [("rami_sec", None, "not_bool")]

    def test_with_the_sec_only_option_a_deal_is_only_won_by_a_rami_sec(self):
        assert problems({"winner": 0, "hands": [None, NOTHING, NOTHING]}, sec_only=True) == [("rami_sec", None, "sec_only")]
        sheet = play(3, [{"winner": 2, "rami_sec": True, "hands": [NOTHING, NOTHING, None]}], sec_only=True)
        assert sheet.totals == [100, 100, -50]

    def test_unknown_fields_are_named(self):
        assert problems({"winner": 0, "hands": [None, NOTHING, NOTHING], "bonus": 3}) == [("bonus", None, "unknown_field")]

    def test_every_problem_is_reported_at_once(self):
        entry = {"winner": 0, "rami_sec": True, "hands": [NOTHING, {"cards": ["ZZ"]}, {"points": 0}, {"cards": []}]}
        assert problems(entry, n=4) == [
            ("hands", 0, "winner_hand"), ("hands", 1, "bad_card"), ("hands", 2, "points_range"), ("hands", 3, "no_cards")]

    def test_a_refused_entry_changes_nothing(self):
        sheet = play(3, TestWholeGames.THREE[:1])
        with pytest.raises(InvalidEntry) as e:
            sheet.apply({"winner": 0, "hands": [None, None, NOTHING]})
        assert e.value.problems
        assert sheet.totals == [0, 70, 100] and len(sheet.rounds) == 1

    def test_every_message_is_in_both_languages(self):
        entry = {"winner": 0, "rami_sec": True, "hands": [NOTHING, {"cards": ["ZZ", "CH"]}, {"points": 0}]}
        for p in RAMI.new_sheet(3).check(entry) + RAMI.new_sheet(3, {"sec_only": True}).check({"winner": 1, "hands": [NOTHING, None, NOTHING]}):
            assert p.message.fr and p.message.en and p.message.fr != p.message.en


class TestOpenings:
    """The lay checker through the rules model (companion.games.rami.rules.check_lay)."""

    def test_the_rulebook_example_47_points_is_too_little(self):
        # D♥ R♥ As♥ = 10 + 10 + 11 = 31; 8♠ 8♦ joker = 8 + 8 + 0 = 16; 47 in all.
        lay = rami.check_lay([cards("QH KH AH"), cards("8S 8D JK")], opening=True)
        assert lay.points == 47
        assert [p.code for p in lay.problems] == ["opening_points"]

    def test_the_rulebook_example_reaches_62_with_a_third_meld(self):
        # + 4♣ 5♣ 6♣ = 15: 62.
        lay = rami.check_lay([cards("QH KH AH"), cards("8S 8D JK"), cards("4C 5C 6C")], opening=True)
        assert lay.valid and lay.points == 62

    def test_an_ace_low_counts_one_and_an_ace_in_a_set_eleven(self):
        assert rami.check_lay([cards("AH 2H 3H")]).points == 1 + 2 + 3
        assert rami.check_lay([cards("AH AS AC")]).points == 33

    def test_jokers_count_nothing_when_opening(self):
        assert rami.check_lay([cards("10D JK QD")]).points == 20

    def test_an_opening_without_a_run_free_of_jokers_is_refused(self):
        # K♠ K♥ K♣ = 30, 10♦ joker D♦ R♦ = 30: 60 points but the only run has a joker.
        lay = rami.check_lay([cards("KS KH KC"), cards("10D JK QD KD")], opening=True)
        assert lay.points == 60
        assert [p.code for p in lay.problems] == ["no_pure_run"]

    def test_a_lay_after_the_opening_has_no_minimum(self):
        assert rami.check_lay([cards("4C 5C 6C")], opening=False).valid


class TestJokerCountsOption:
    """Option ``joker_counts``: in an opening the joker is worth the card it stands for instead of 0."""

    def test_off_by_default(self):
        assert RAMI.default_options()["joker_counts"] is False
        assert RAMI.new_sheet(3).options["joker_counts"] is False

    def test_the_rulebook_example_opens_only_with_the_option(self):
        # 10♦ joker D♦ R♦: the joker stands for the V♦. Without the option 10 + 0 + 10 + 10 = 30; with it
        # 10 + 10 + 10 + 10 = 40. 4♣ 5♣ 6♣ = 15, a clean run. 30 + 15 = 45 < 51: refused; 40 + 15 = 55: opens.
        melds = [cards("10D JK QD KD"), cards("4C 5C 6C")]
        off, on = rami.check_lay(melds, opening=True), rami.check_lay(melds, opening=True, joker_counts=True)
        assert (off.points, [p.code for p in off.problems]) == (45, ["opening_points"])
        assert (on.points, on.valid) == (55, True)

    def test_a_joker_in_a_set_is_worth_the_set_s_rank(self):
        # R♠ R♥ joker: 10 + 10 + 0 = 20, or 10 + 10 + 10 = 30 with the option; 9♥ 10♥ V♥ = 9 + 10 + 10 = 29.
        # 20 + 29 = 49 < 51 refused; 30 + 29 = 59 opens.
        melds = [cards("KS KH JK"), cards("9H 10H JH")]
        assert rami.check_lay(melds, opening=True).points == 49
        assert not rami.check_lay(melds, opening=True).valid
        on = rami.check_lay(melds, opening=True, joker_counts=True)
        assert (on.points, on.valid) == (59, True)
        # A set of aces: A♠ A♥ joker = 11 + 11 + 11 = 33 with the option (the ace counts 11 in a set).
        assert rami.check_lay([cards("AS AH JK")], joker_counts=True).points == 33

    def test_a_joker_at_either_end_of_a_run_takes_the_ace_s_value_there(self):
        # D♠ R♠ joker: the joker is the A♠ high, 11: 10 + 10 + 11 = 31. Joker 2♥ 3♥: the A♥ low, 1: 1 + 2 + 3 = 6.
        assert rami.check_lay([cards("QS KS JK")], joker_counts=True).points == 31
        assert rami.check_lay([cards("JK 2H 3H")], joker_counts=True).points == 6
        assert rami.check_lay([cards("JK 2H 3H")]).points == 5  # without: 0 + 2 + 3

    def test_the_opening_still_needs_a_clean_run(self):
        # K♠ K♥ K♣ = 30 and 10♦ joker D♦ R♦ = 40 with the option: 70, but the only run holds the joker.
        lay = rami.check_lay([cards("KS KH KC"), cards("10D JK QD KD")], opening=True, joker_counts=True)
        assert lay.points == 70 and [p.code for p in lay.problems] == ["no_pure_run"]

    def test_the_sheet_counts_openings_with_its_table_s_option(self):
        melds = [cards("10D JK QD KD"), cards("4C 5C 6C")]
        assert RAMI.new_sheet(3).check_lay(melds, opening=True).points == 45
        assert RAMI.new_sheet(3, {"joker_counts": True}).check_lay(melds, opening=True).points == 55

    def test_the_smallest_opening_and_what_a_loser_keeps_do_not_change(self):
        # The smallest opening is one clean run of five, 10-V-D-R-As = 10 + 10 + 10 + 10 + 11 = 51, with no joker
        # to count: 13 + 1 − 5 − 1 = 8 cards at most after laying, either way.
        for joker_counts in (False, True):
            sheet = RAMI.new_sheet(3, {"joker_counts": joker_counts})
            assert (sheet.fewest_opening_cards, sheet.most_cards_after_laying) == (5, 8)
            assert sheet.most_points == 4 * 50 + 4 * 11  # four jokers and four aces: 244


# -- properties over random deals -------------------------------------------------------------------------

@st.composite
def legal_entries(draw, n):
    winner = draw(st.integers(0, n - 1))
    rami_sec = draw(st.booleans())
    pack = [c.code for c in deck("2x52+4")]
    random.Random(draw(st.integers(0, 10**6))).shuffle(pack)
    hands = []
    for seat in range(n):
        if seat == winner:
            hands.append(None)
            continue
        kind = "nothing" if rami_sec else draw(st.sampled_from(["nothing", "points", "cards", "cards"]))
        if kind == "nothing":
            hands.append(NOTHING)
        elif kind == "points":  # cards from the same pack, counted at the table
            size = draw(st.sampled_from([1, 2, 3, 5, 8]))
            hands.append({"points": hand_value([pack.pop() for _ in range(size)])})
        else:
            size = draw(st.sampled_from([1, 2, 3, 5, 8, 13]))
            hands.append({"cards": [pack.pop() for _ in range(size)]})
    return {"winner": winner, "rami_sec": rami_sec, "hands": hands}


@st.composite
def games(draw):
    n = draw(st.integers(2, 6))
    return n, draw(st.lists(legal_entries(n), min_size=1, max_size=6))


@settings(max_examples=150, deadline=None)
@given(games())
def test_random_legal_games_keep_the_invariants(game):
    n, entries = game
    sheet = play(n, entries)
    for entry, result in zip(entries, sheet.rounds, strict=True):
        winner = entry["winner"]
        assert result.scores[winner] == (-50 if entry["rami_sec"] else 0)
        for seat, hand in enumerate(entry["hands"]):
            if seat == winner:
                continue
            score = result.scores[seat]
            assert score >= 1
            if "laid_nothing" in hand:
                assert score == 100
            elif "points" in hand:
                assert score == hand["points"]
            elif len(hand["cards"]) == 13:
                assert score == 100
            else:
                assert score == hand_value(hand["cards"])
        assert len(result.notes) == n
    assert sheet.totals == [sum(r.scores[s] for r in sheet.rounds) for s in range(n)]


hand_junk = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 400), st.text(max_size=4),
    st.fixed_dictionaries({}, optional={
        "cards": st.one_of(st.lists(st.sampled_from(["AS", "10H", "JK", "KD", "11Z", "CH", "", "T5", "qs"]), max_size=15),
                           st.text(max_size=5), st.integers()),
        "points": st.one_of(st.integers(-5, 400), st.floats(allow_nan=False), st.text(max_size=3), st.booleans()),
        "laid_nothing": st.one_of(st.booleans(), st.none(), st.integers(0, 1)),
        "other": st.integers(),
    }),
)


@settings(max_examples=300, deadline=None)
@given(n=st.integers(2, 6), winner=st.one_of(st.integers(-1, 7), st.text(max_size=2), st.none()),
       rami_sec=st.one_of(st.booleans(), st.none(), st.integers(0, 1)),
       hands=st.one_of(st.lists(hand_junk, max_size=7), st.text(max_size=3), st.none()))
def test_junk_entries_are_refused_with_a_field_and_never_raise(n, winner, rami_sec, hands):
    entry = {"winner": winner, "rami_sec": rami_sec, "hands": hands}
    sheet = RAMI.new_sheet(n)
    found = sheet.check(entry)
    for p in found:
        assert p.field in ("winner", "rami_sec", "hands")
        assert p.seat is None or 0 <= p.seat < n
        assert p.message.fr and p.message.en
    try:
        result = sheet.apply(entry)
    except InvalidEntry as e:
        assert e.problems == found
    else:
        assert not found and len(result.scores) == n


# -- hands a loser can really hold after an opening -------------------------------------------------------------

# What a card is worth when opening, written out from the rule document: As 11 at the top of a run (D-R-As), 1 at
# the bottom (As-2-3), R D V 10, others face value. Ordinals: As low 1, 2 … 10, V 11, D 12, R 13, As high 14.
OPENING_VALUE = {1: 1, **{o: o for o in range(2, 11)}, 11: 10, 12: 10, 13: 10, 14: 11}
RANK_CODE = {1: "A", **{o: str(o) for o in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A"}
# Every clean run worth 51 or more: (first ordinal, length); a run lies within As-R (1 … 13) or 2-As (2 … 14).
OPENING_RUNS = [(first, length) for first in range(1, 15) for length in range(3, 14)
                if first + length - 1 <= 14 and not (first == 1 and length > 13)
                and sum(OPENING_VALUE[o] for o in range(first, first + length)) >= 51]


def test_the_shortest_clean_runs_worth_51_have_five_cards():
    # 10-V-D-R-As = 10 + 10 + 10 + 10 + 11 = 51; 9-10-V-D-R = 49 and V-D-R-As = 41 fall short.
    assert min(length for _, length in OPENING_RUNS) == 5
    assert [(f, n) for f, n in OPENING_RUNS if n == 5] == [(10, 5)]


@st.composite
def hands_after_an_opening(draw):
    """A deal seen from the losers: each opened with a clean run of 51 or more (nothing can be laid before), then
    played on; what they hold at the end is whatever they kept, one card at least and no more than the 13 dealt
    + 1 taken − the run − 1 thrown. Cards come from one shuffled pack, so no card is seen three times."""
    n = draw(st.integers(2, 6))
    winner = draw(st.integers(0, n - 1))
    pack = [c.code for c in deck("2x52+4")]
    random.Random(draw(st.integers(0, 10**6))).shuffle(pack)
    hands, counted = [], []
    for seat in range(n):
        if seat == winner:
            hands.append(None)
            continue
        suit = draw(st.sampled_from("SHDC"))
        first, length = draw(st.sampled_from([r for r in OPENING_RUNS if r[1] <= 12]))  # 13 laid: out, no loser
        run = [RANK_CODE[o] + suit for o in range(first, first + length)]
        for code in run:  # the run lies on the table: those cards are not in anyone's hand
            if code in pack:
                pack.remove(code)
        kept = draw(st.integers(1, 13 + 1 - length - 1))
        hand = [pack.pop() for _ in range(kept)]
        counted.append((seat, hand))
        hands.append({"points": hand_value(hand)} if draw(st.booleans()) else {"cards": hand})
    return n, {"winner": winner, "hands": hands}, counted


@settings(max_examples=300, deadline=None)
@given(hands_after_an_opening())
def test_every_hand_a_loser_can_hold_after_a_real_opening_is_accepted(deal):
    n, entry, counted = deal
    sheet = RAMI.new_sheet(n)
    assert sheet.check(entry) == []
    scores = sheet.apply(entry).scores
    for seat, hand in counted:
        assert len(hand) <= 8
        assert scores[seat] == hand_value(hand)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6), st.integers(9, 12))
def test_nine_cards_or_more_short_of_the_whole_hand_are_refused(seed, size):
    pack = [c.code for c in deck("2x52+4")]
    random.Random(seed).shuffle(pack)
    entry = {"winner": 0, "hands": [None, {"cards": pack[:size]}, NOTHING]}
    assert problems(entry) == [("hands", 1, "impossible_count")]


class TestLimit:
    """The ``limit`` option: the game ends after the deal in which a player's total reaches it."""

    def test_it_is_off_by_default_and_read_as_a_whole_number(self):
        assert RAMI.default_options()["limit"] is None
        with pytest.raises(InvalidOptions) as e:
            RAMI.new_sheet(3, {"limit": "500"})
        assert [p.field for p in e.value.problems] == ["options.limit"]

    def test_the_game_ends_when_a_total_reaches_the_limit_and_the_lowest_total_wins(self):
        # Limit 200. Deal 1 (TestWholeGames.THREE): Ana 0, Bea 70, Cid 100. Deal 2: Ana 100, Bea 20, Cid 200:
        # Cid reaches 200 exactly, the game is over; Bea has the lowest total, 20.
        sheet = play(3, TestWholeGames.THREE[:1], limit=200)
        assert not sheet.finished
        sheet.apply(TestWholeGames.THREE[1])
        assert sheet.totals == [100, 20, 200]
        assert sheet.finished and sheet.winners == [1]
        with pytest.raises(GameOver):
            sheet.apply(TestWholeGames.THREE[2])

    def test_below_the_limit_the_game_goes_on(self):
        # Limit 201: after the three deals Ana 123, Bea 44, Cid 200 — nobody has reached 201.
        sheet = play(3, TestWholeGames.THREE, limit=201)
        assert sheet.totals == [123, 44, 200] and not sheet.finished

    def test_deals_and_limit_together_end_the_game_at_whichever_comes_first(self):
        # Limit 1000 is far away; 2 deals end it: Ana 100, Bea 20, Cid 200.
        sheet = play(3, TestWholeGames.THREE[:2], limit=1000, deals=2)
        assert sheet.finished and sheet.winners == [1]


class TestRulebook:
    """The rami page says what the sheet does (companion/games/rami/rulebook/{fr,en}.md)."""

    @staticmethod
    def passage(lang, anchor):
        from companion.rulebook import book
        return " ".join(p.text for p in book.entry("rami", lang).passages if p.anchor == anchor)

    @staticmethod
    def whole(lang):
        from companion.rulebook import book
        return " ".join(p.text for p in book.entry("rami", lang).passages)

    def test_the_rami_sec_throws_any_of_the_fourteen_cards(self):
        # The rule document: "il en pose treize et en jette une" — one of the 13 + 1 = 14, not the card just drawn.
        fr, en = self.passage("fr", "rami-sec"), self.passage("en", "rami-sec")
        assert "on tient 14 cartes ; on en pose 13 en combinaisons et on jette la dernière, n'importe laquelle" in fr
        assert "you hold 14 cards; 13 of them go down in combinations and the last one is thrown, whichever it is" in en
        assert "celle qu'on vient de prendre, est jetée" not in fr and "the one just taken, is thrown" not in en

    def test_the_ace_is_low_or_high_never_both(self):
        assert "jamais aux deux bouts à la fois : une suite a donc 13 cartes au plus" in self.passage("fr", "combinaisons")
        assert "never at both ends at once: so a run has 13 cards at most" in self.passage("en", "combinaisons")

    def test_the_page_gives_the_bound_on_a_loser_who_laid(self):
        # 13 + 1 − 5 − 1 = 8 cards, 4 × 50 + 4 × 11 = 244.
        assert "garde donc au plus 8 cartes (13 reçues, plus une prise, moins 5 posées, moins une jetée), qui valent au " \
               "plus 244 points (quatre jokers et quatre As)" in self.whole("fr")
        assert "holds 8 cards at most (13 dealt, plus one taken, less 5 laid, less one thrown), worth 244 points at most " \
               "(four jokers and four Aces)" in self.whole("en")

    def test_the_end_describes_the_deals_and_limit_settings(self):
        from companion.rulebook import book
        for lang, words in (("fr", ["nombre de donnes", "total limite", "atteint ou dépasse"]),
                            ("en", ["number of deals", "limit total", "reaches or passes"])):
            (end,) = [s for s in book.entry("rami", lang).sections if s.key == "end"]
            assert all(w in end.html for w in words), lang
        assert [o.key for o in RAMI.options] == ["deals", "limit", "sec_only", "joker_counts"]

    @pytest.mark.parametrize("lang", ["fr", "en"])
    def test_the_page_cites_no_private_file_and_draws_no_lots_for_the_sheet(self, lang):
        from companion.rulebook import book
        text = book.content_path("rami", lang).read_text(encoding="utf-8").lower()
        for word in ("seed", "fichier", "notes de règles", "rules notes", "§", "tire au sort", "draw lots", "la source",
                     "the source"):
            assert word not in text, word


class TestPointsHandsShareThePack:
    """Hands given as counted points share the pack's 4 jokers and 8 aces with each other and with the hands given
    as cards: each alone may be worth up to 244, not all together."""

    def test_two_losers_cannot_both_keep_244(self):
        # 244 in 8 cards is 4 jokers and 4 aces (4 × 50 + 4 × 11): only one hand can hold the 4 jokers.
        found = [(p.code, p.seat) for p in RAMI.new_sheet(3).check(
            {"winner": 0, "hands": [None, {"points": 244}, {"points": 244}]})]
        assert found == [("points_over_the_deck", 2)]

    def test_the_most_two_hands_can_keep_together(self):
        # 244 takes the 4 jokers and 4 aces; the other hand has 4 aces and 10-point cards left: 4 × 11 + 4 × 10
        # = 84 at most. 85 would need a fifth ace or a joker (4 aces + 41 in 4 cards of 10 at most; 3 aces + 52 in 5).
        ok = {"winner": 0, "hands": [None, {"points": 244}, {"points": 84}]}
        assert RAMI.new_sheet(3).check(ok) == []
        bad = {"winner": 0, "hands": [None, {"points": 244}, {"points": 85}]}
        assert [p.code for p in RAMI.new_sheet(3).check(bad)] == ["points_over_the_deck"]
        assert RAMI.new_sheet(3).apply(ok).scores == [0, 244, 84]

    def test_a_joker_shown_in_another_hand_is_not_there_for_the_counted_one(self):
        # Bea shows a joker and the 2♥: 3 jokers are left, so Cid's 8 cards are worth at most 3 × 50 + 5 × 11 = 205.
        base = {"winner": 0, "hands": [None, {"cards": ["JK", "2H"]}, {"points": 205}]}
        assert RAMI.new_sheet(3).check(base) == []
        over = {"winner": 0, "hands": [None, {"cards": ["JK", "2H"]}, {"points": 206}]}
        problems = RAMI.new_sheet(3).check(over)
        assert [(p.code, p.seat) for p in problems] == [("points_over_the_deck", 2)]
        assert problems[0].message.fr == (
            "⟨2⟩ : 206 points en main, c'est impossible. Qui a posé garde 8 cartes au plus, et le jeu n'a que 3 jokers "
            "et 8 As en dehors des cartes saisies ; un joker vaut 50, un As 11, une autre carte 10 au plus.")

    def test_a_whole_hand_of_jokers_and_aces_shown_leaves_the_counted_hands_the_rest(self):
        # Bea laid nothing and holds 13 cards: the 4 jokers, 8 aces and a 2. Cid and Dan counted 40 each: 4 cards
        # of 10 each, possible; 81 is not (8 cards of 10 at most = 80 without a joker or an ace).
        shown = ["JK"] * 4 + ["AS", "AS", "AH", "AH", "AD", "AD", "AC", "AC", "2C"]
        assert RAMI.new_sheet(4).check({"winner": 0, "hands": [None, {"cards": shown}, {"points": 40}, {"points": 40}]}) == []
        bad = {"winner": 0, "hands": [None, {"cards": shown}, {"points": 81}, {"points": 40}]}
        assert [p.code for p in RAMI.new_sheet(4).check(bad)] == ["points_over_the_deck"]
