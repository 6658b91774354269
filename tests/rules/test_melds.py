"""Reading sets and runs (companion.families.melds), rule by rule. Expected values are worked out by hand."""

import pytest

from companion.families.melds import RUN, SET, MeldRules, over_the_deck, read_lay, read_meld
from companion.kernel import Card, cards, deck

RAMI = MeldRules()


def meld(text, rules=RAMI):
    return read_meld(cards(text), rules, field="melds.0")


def codes(m):
    return [p.code for p in m.problems]


def face(ordinal, wild):
    """A simple point function for these tests: face value, jokers nothing."""
    return 0 if wild else ordinal


class TestSets:
    def test_three_cards_of_one_rank_in_different_suits_are_a_set(self):
        m = meld("7S 7H 7C")
        assert m.valid and m.kind == SET
        assert m.pure

    def test_four_cards_of_one_rank_are_a_set_of_four(self):
        m = meld("KS KH KD KC")
        assert m.valid and m.kind == SET
        assert m.describe().fr == "Carré de rois"

    def test_two_cards_of_the_same_suit_cannot_be_in_one_set(self):
        m = meld("7S 7H 7S")
        assert not m.valid
        assert codes(m) == ["same_suit_in_set"]
        assert m.problems[0].field == "melds.0"
        assert "7♠" in m.problems[0].message.fr

    def test_a_set_has_at_most_four_cards(self):
        assert codes(meld("7S 7H 7D 7C JK")) == ["set_size"]

    def test_two_cards_are_not_a_meld(self):
        assert codes(meld("7S 7H")) == ["too_short"]

    def test_a_joker_in_a_set_stands_for_the_rank_and_cannot_be_won_back(self):
        m = meld("10D 10S JK")
        assert m.valid and m.kind == SET
        (joker,) = m.wilds
        assert joker.stands_for is None  # which ten cannot be told
        assert [s.value for s in joker.suits] == ["H", "C"]
        assert not m.won_back
        assert "ne peut donc pas être repris" in m.wild_notes()[0].fr
        assert "cannot be won back" in m.wild_notes()[0].en

    def test_two_jokers_in_a_set_are_explained_together(self):
        m = meld("QH JK JK")
        assert m.valid and m.kind == SET
        assert [n.fr for n in m.wild_notes()] == [
            "Les 2 jokers tiennent la place de dames (♠ ♦ ♣) : dans un brelan ou un carré, on ne peut pas dire "
            "lesquels, ils ne peuvent donc pas être repris."]

    def test_distinct_suits_can_be_waived_for_games_that_allow_duplicates(self):
        assert meld("7S 7S 7H", MeldRules(distinct_suits_in_sets=False)).valid


class TestRuns:
    def test_three_cards_of_one_suit_in_sequence_are_a_run(self):
        m = meld("4C 5C 6C")
        assert m.valid and m.kind == RUN and m.pure
        assert m.describe().fr == "Suite à ♣ : 4-5-6"

    def test_the_ace_may_be_low(self):
        m = meld("AH 2H 3H")
        assert m.valid
        assert [p.ordinal for p in m.places] == [1, 2, 3]

    def test_the_ace_may_be_high(self):
        m = meld("QH KH AH")
        assert m.valid
        assert [p.ordinal for p in m.places] == [12, 13, 14]
        assert m.describe().fr == "Suite à ♥ : D-R-As"

    def test_a_run_never_goes_round_the_corner(self):
        m = meld("KH AH 2H")
        assert not m.valid
        assert codes(m) == ["round_the_corner"]
        assert "R-As-2" in m.problems[0].message.fr

    def test_a_joker_cannot_take_a_run_round_the_corner_either(self):
        assert codes(meld("KH JK 2H")) == ["round_the_corner"]

    def test_a_run_is_all_one_suit(self):
        assert codes(meld("4C 5C 6D 7C")) == ["run_suits"]

    def test_cards_of_different_ranks_and_suits_are_no_meld(self):
        assert codes(meld("5H 9S QD")) == ["not_a_meld"]

    def test_cards_with_a_gap_are_not_a_run(self):
        assert codes(meld("4C 5C 7C")) == ["not_in_sequence"]

    def test_the_same_card_twice_is_not_a_run(self):
        m = meld("4C 5C 5C")
        assert codes(m) == ["same_card_twice"]
        assert m.problems[0].message.fr == (
            "Deux 5♣ dans une même suite : deux cartes identiques ne vont jamais dans la même combinaison.")

    def test_a_run_from_ace_to_ace_holds_the_ace_twice_and_is_refused(self):
        # A♥ 2♥ … R♥ A♥: fourteen cards, the A♥ at both ends (the two packs hold two A♥, so the deck allows it).
        m = meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH")
        assert not m.valid and m.kind is None
        assert codes(m) == ["same_card_twice", "run_too_long"]
        assert m.problems[0].message.fr == (
            "Deux A♥ dans une même suite : deux cartes identiques ne vont jamais dans la même combinaison ; "
            "l'As se met en bas (As-2-3) ou en haut (D-R-As), pas aux deux bouts.")
        assert m.problems[1].message.en == (
            "A run has 13 cards at most (14 here): Ace to King or 2 to Ace, since the ace goes low (A-2-3) or high "
            "(Q-K-A), not at both ends.")

    def test_a_joker_cannot_put_the_ace_at_both_ends_either(self):
        # A♥ … R♥ and a joker after the R♥ standing for the A♥ high: 14 cards again.
        assert codes(meld("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK")) == ["run_too_long"]

    @pytest.mark.parametrize("text", ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
                                      "JK 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"])
    def test_thirteen_cards_ace_low_or_ace_high_are_a_run(self, text):
        m = meld(text)
        assert m.valid and m.kind == RUN and len(m.places) == 13

    def test_a_joker_inside_a_run_stands_for_the_missing_card(self):
        m = meld("10D JK QD")
        assert m.valid and m.kind == RUN and not m.pure
        (joker,) = m.wilds
        assert joker.stands_for == Card.parse("JD")
        assert m.won_back
        assert m.wild_notes()[0].fr == "Le joker remplace le V♦ : qui pose le V♦ à sa place reprend le joker."

    def test_a_joker_at_the_end_of_a_run_stands_for_the_next_card(self):
        m = meld("8S 9S 10S JK")
        assert m.wilds[0].stands_for == Card.parse("JS")

    def test_a_joker_before_an_ace_makes_it_high(self):
        m = meld("JK KC AC")
        assert m.valid
        assert m.wilds[0].stands_for == Card.parse("QC")

    def test_a_run_laid_high_to_low_reads_the_same(self):
        m = meld("9H 8H JK 6H")
        assert m.valid and m.kind == RUN
        assert m.wilds[0].stands_for == Card.parse("7H")

    def test_a_long_run_with_one_real_card_is_read_upwards(self):
        m = meld("JK JK JK JK AH")
        assert m.valid and m.kind == RUN
        assert [p.stands_for.code for p in m.wilds] == ["10H", "JH", "QH", "KH"]

    def test_jokers_alone_are_no_meld(self):
        assert codes(meld("JK JK JK")) == ["too_few_naturals"]

    def test_a_game_may_limit_jokers_per_meld(self):
        assert codes(meld("4C JK JK", MeldRules(max_wilds=1))) == ["too_many_wilds"]

    def test_a_game_may_keep_the_ace_high_and_make_twos_wild(self):
        # The petite école: 2s are wild and runs go from 3 up to the ace.
        rules = MeldRules(ace_low=False, is_wild=lambda c: c.code == "JK" or c.code.startswith("2"))
        m = read_meld(cards("QH 2S AH"), rules)
        assert m.valid and m.wilds[0].stands_for == Card.parse("KH")
        assert not read_meld(cards("AH 2S 3H"), rules).valid

    def test_cards_that_are_not_in_the_game_are_refused(self):
        assert codes(meld("CH 7H 7S")) == ["not_in_game"]


class TestDeckAndLays:
    def test_a_card_seen_more_often_than_the_deck_holds_it_is_reported_once_where_it_went_over(self):
        groups = [(0, cards("7H 7H")), (1, cards("JK JK JK")), (2, cards("7H JK JK"))]
        assert over_the_deck(groups, deck("2x52+4")) == [(2, Card.parse("7H"), 3, 2), (2, Card.parse("JK"), 5, 4)]

    def test_a_lay_adds_up_its_valid_melds(self):
        lay = read_lay([cards("4C 5C 6C"), cards("9S 9H 9D")], RAMI, face, deck("2x52+4"))
        assert lay.valid
        assert lay.points == 4 + 5 + 6 + 9 * 3

    def test_an_opening_needs_the_minimum(self):
        lay = read_lay([cards("4C 5C 6C")], RAMI, face, deck("2x52+4"), opening_minimum=51)
        assert [p.code for p in lay.problems] == ["opening_points"]

    def test_an_opening_needs_a_run_without_joker(self):
        lay = read_lay([cards("9S 9H 9D"), cards("10S JK QS KS")], RAMI, face, deck("2x52+4"), opening_minimum=20)
        assert [p.code for p in lay.problems] == ["no_pure_run"]

    def test_a_lay_with_a_bad_meld_reports_it_by_index_and_leaves_its_points_out(self):
        lay = read_lay([cards("4C 5C 6C"), cards("9S 9S 9D")], RAMI, face, deck("2x52+4"))
        assert [(p.field, p.code) for p in lay.problems] == [("melds.1", "same_suit_in_set")]
        assert lay.points == 15

    def test_an_empty_lay_is_refused(self):
        assert [p.code for p in read_lay([], RAMI, face, deck("2x52+4")).problems] == ["no_meld"]

    @pytest.mark.parametrize("text", ["7H 7S 7D", "4C 5C 6C", "QH KH AH"])
    def test_three_copies_over_a_lay_are_refused(self, text):
        lay = read_lay([cards(text)] * 3, RAMI, face, deck("2x52+4"))
        assert {p.code for p in lay.problems} == {"too_many_copies"}
        assert {p.field for p in lay.problems} == {"melds.2"}
