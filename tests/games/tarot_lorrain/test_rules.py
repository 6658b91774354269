"""Le tarot lorrain's score sheet (the user's rule document « Le tarot lorrain », FFT scoring). Every expected
number below is worked out by hand from the FFT rules: needed 56/51/41/36 for 0–3 bouts, d = the gap rounded up,
(25 + d) × 1/2/4/6, petit au bout 10 × the multiplier, poignées 20/30/40, chelem 400/200/−200 and 200 to the
defence; the taker wins 2, 3 or (5 players) 2 and the partner 1, or 4 alone, times the value, each defender pays it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.families import tarot
from companion.games import registry
from companion.kernel import GameOver, InvalidEntry
from companion.kernel.text import name_seats

LORRAIN = registry.get("tarot-lorrain")


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


def deal(taker, contract, bouts, points, **extra):
    return {"taker": taker, "contract": contract, "bouts": bouts, "points": points, **extra}


def scores(n, entry, sheet_class=None):
    sheet = LORRAIN.new_sheet(n)
    return sheet.apply(entry).scores


class TestAWholeGameAtFour:
    def test_six_deals_with_a_passed_deal_every_contract_petit_au_bout_both_ways_poignees_and_a_chelem(self):
        sheet = LORRAIN.new_sheet(4, {"deals": 6})
        # 1. Ana garde, 2 bouts, 47 points: 41 needed, made by 6: (25 + 6) × 2 = 62; Ana 3 × 62, the others −62.
        assert sheet.apply(deal(0, "garde", 2, 47)).scores == [186, -62, -62, -62]
        # 2. Everybody passed: nobody scores, the deal still passes on (deal 3 is dealt by seat 2).
        assert sheet.apply({"taker": None}).scores == [0, 0, 0, 0]
        assert (sheet.next_round().dealer, sheet.next_round().first) == (2, 3)
        # 3. Bea prise, 1 bout, 50.5: 51 needed, short by 0.5, rounded up to 1: −(25 + 1) × 1 = −26; the defence
        #    played the Petit in the last trick: −10 × 1. Value −36: Bea −108, each defender +36.
        assert sheet.apply(deal(1, "prise", 1, 50.5, petit_au_bout="defence")).scores == [36, -108, 36, 36]
        # 4. Cid garde sans, 3 bouts, exactly 36: made by 0, 25 × 4 = 100; petit au bout to the attack 10 × 4 = 40;
        #    Dan (defence) showed a simple poignée: 20 to the camp that wins the deal, the attack. Value 160.
        assert sheet.apply(deal(2, "garde_sans", 3, 36, petit_au_bout="taker",
                                poignees=[{"seat": 3, "size": "simple"}])).scores == [-160, -160, 480, -160]
        # 5. Dan garde contre, 0 bouts, 55.5: 56 needed, failed by 0.5 → 1: −26 × 6 = −156; his own double
        #    poignée goes to the defence, who win the deal: −30. Value −186: Dan −558, the others +186.
        assert sheet.apply(deal(3, "garde_contre", 0, 55.5, poignees=[{"seat": 3, "size": "double"}])).scores == [186, 186, 186, -558]
        # 6. Ana prise with an announced chelem, made: 3 bouts, all 91 points: made by 55, (25 + 55) × 1 = 80;
        #    petit au bout to the attack +10; chelem +400. Value 490: Ana +1470.
        assert sheet.apply(deal(0, "prise", 3, 91, petit_au_bout="taker", chelem="announced_made")).scores == [1470, -490, -490, -490]
        # Totals: Ana 186 + 36 − 160 + 186 + 1470 = 1718; Bea −62 − 108 − 160 + 186 − 490 = −634;
        # Cid −62 + 36 + 480 + 186 − 490 = 150; Dan −62 + 36 − 160 − 558 − 490 = −1234. They add up to 0.
        assert sheet.totals == [1718, -634, 150, -1234]
        assert sheet.finished and sheet.winners == [0]
        with pytest.raises(GameOver):
            sheet.apply({"taker": None})

    def test_every_deal_is_stored_with_every_key_and_points_whole_when_whole(self):
        sheet = LORRAIN.new_sheet(4)
        assert sheet.apply(deal(0, "garde", 2, 47.0)).entry == {
            "taker": 0, "contract": "garde", "bouts": 2, "points": 47, "petit_au_bout": None, "poignees": [], "chelem": None}
        assert isinstance(sheet.rounds[0].entry["points"], int)
        assert sheet.apply(deal(1, "prise", 1, 50.5)).entry["points"] == 50.5

    def test_next_gives_dealer_first_hand_and_chien(self):
        sheet = LORRAIN.new_sheet(4)
        nxt = sheet.next_round()
        # seat 0 deals, seat 1 (on the dealer's right, next in play) speaks first; 18 cards each, a chien of 6.
        assert (nxt.dealer, nxt.first, nxt.extra) == (0, 1, {"hand": 18, "chien": 6})
        assert LORRAIN.new_sheet(3).next_round().extra == {"hand": 24, "chien": 6}
        assert LORRAIN.new_sheet(5).next_round().extra == {"hand": 15, "chien": 3}

    def test_without_a_deals_option_the_group_finishes(self):
        sheet = LORRAIN.new_sheet(3)
        for _ in range(20):
            sheet.apply({"taker": None})
        assert not sheet.finished
        sheet.close()
        assert sheet.winners == [0, 1, 2]  # all on 0: shared

    def test_notes_explain_the_count(self):
        sheet = LORRAIN.new_sheet(4)
        sheet.apply(deal(1, "prise", 1, 50.5, petit_au_bout="defence"))
        text = " ".join(name_seats(n.fr, ["Ana", "Bea", "Cid", "Dan"]) for n in sheet.rounds[0].notes)
        assert "50,5 points" in text and "il en fallait 51" in text and "−(25 + 1) × 1 = −26" in text
        assert "Bea marque 3 × −36 = −108" in text  # the true minus sign, as the sheet writes it


class TestThreeAndFivePlayers:
    def test_at_three_the_taker_wins_twice_the_value(self):
        # garde, 1 bout, 60: made by 9, (25 + 9) × 2 = 68: taker 2 × 68, each of the two defenders −68.
        assert scores(3, deal(2, "garde", 1, 60)) == [-68, -68, 136]

    def test_at_five_with_a_called_partner(self):
        # garde, 1 bout, 55: made by 4: 29 × 2 = 58. Taker 2 × 58, partner 58, three defenders −58.
        assert scores(5, deal(0, "garde", 1, 55, partner=2)) == [116, -58, 58, -58, -58]

    def test_at_five_alone_when_the_taker_called_his_own_king(self):
        # prise, 2 bouts, 40: failed by 1: −26. Alone: 4 × −26 = −104, each of the four others +26.
        assert scores(5, deal(3, "prise", 2, 40, partner=3)) == [26, 26, 26, -104, 26]

    def test_at_five_the_partner_shares_the_primes_of_his_camp(self):
        # garde contre, 2 bouts, 41: made by 0, 25 × 6 = 150; petit au bout to the attack, played by the partner:
        # 10 × 6 = 60; a triple poignée (40) and a simple one (20) won by the attack. Value 270.
        entry = deal(4, "garde_contre", 2, 41, partner=1, petit_au_bout="taker",
                     poignees=[{"seat": 1, "size": "triple"}, {"seat": 0, "size": "simple"}])
        assert scores(5, entry) == [-270, 270, -270, -270, 540]


class TestChelems:
    def test_a_chelem_made_unannounced(self):
        # garde, 3 bouts, 91: made by 55, 80 × 2 = 160, + 200 = 360: taker 3 × 360.
        assert scores(4, deal(0, "garde", 3, 91, chelem="unannounced_made")) == [1080, -360, -360, -360]

    def test_an_announced_chelem_that_failed_costs_200_even_when_the_contract_is_made(self):
        # garde, 2 bouts, 60: made by 19, 44 × 2 = 88; chelem failed −200: −112. Taker 3 × −112 = −336.
        assert scores(4, deal(0, "garde", 2, 60, chelem="announced_failed")) == [-336, 112, 112, 112]

    def test_a_chelem_by_the_defence_in_a_garde_contre(self):
        # Lorrain: the attack played one bout and keeps it, 4.5 points, nothing else. 51 needed, failed by 46.5 → 47:
        # −72 × 6 = −432; the defence's chelem −200: −632. At 3 players the taker pays 2 × 632.
        assert scores(3, deal(0, "garde_contre", 1, 4.5, chelem="defence")) == [-1264, 632, 632]

    def test_a_chelem_by_the_attack_leaves_the_defence_the_bouts_it_played(self):
        # prise, 2 bouts: the defence played one bout and keeps its 4.5 points: 91 − 4.5 = 86.5, not 91.
        # 41 needed, made by 45.5 → 46: 71 × 1; chelem unannounced +200: 271; at 4 the taker 3 × 271 = 813.
        assert scores(4, deal(0, "prise", 2, 86.5, chelem="unannounced_made")) == [813, -271, -271, -271]
        assert codes(LORRAIN.new_sheet(4).check(deal(0, "prise", 2, 80, chelem="unannounced_made"))) == [
            ("points", None, "chelem_points")]

    def test_in_a_garde_contre_the_chien_is_the_defence_s_so_a_chelem_may_leave_it_points(self):
        # garde contre, 3 bouts, 80 with every trick: the chien's 11 points are the defence's. Made by 44: 69 × 6 = 414, +400.
        assert scores(4, deal(0, "garde_contre", 3, 80, chelem="announced_made")) == [2442, -814, -814, -814]

    def test_the_petit_au_bout_may_go_to_the_defence_even_in_the_attack_s_chelem(self):
        # Lorrain: the defence played the Petit in the last trick, won by the attack; the Petit stays the defence's.
        # prise, 2 bouts, 86.5: 71; petit au bout to the defence −10; chelem +200: 261; taker 3 × 261 = 783.
        entry = deal(0, "prise", 2, 86.5, chelem="unannounced_made", petit_au_bout="defence")
        assert scores(4, entry) == [783, -261, -261, -261]


class TestLegality:
    def check(self, entry, n=4):
        return codes(LORRAIN.new_sheet(n).check(entry))

    def test_every_problem_is_reported_at_once_with_its_field(self):
        entry = {"taker": 9, "contract": "petite", "bouts": 4, "points": 40.3, "partner": 1, "petit_au_bout": "left",
                 "poignees": [{"seat": 0, "size": "quadruple"}], "chelem": "grand", "misere": True}
        assert self.check(entry) == [
            ("bouts", None, "out_of_range"), ("chelem", None, "bad_chelem"), ("contract", None, "bad_contract"),
            ("misere", None, "unknown_field"), ("partner", None, "no_partner"), ("petit_au_bout", None, "bad_camp"),
            ("poignees.0", 0, "bad_size"), ("points", None, "not_half_points"), ("taker", None, "not_seat")]

    def test_an_empty_entry_names_what_is_missing(self):
        assert self.check({}) == [("bouts", None, "required"), ("contract", None, "required"),
                                  ("points", None, "required"), ("taker", None, "required")]

    def test_a_passed_deal_takes_nothing_else(self):
        assert self.check({"taker": None, "points": 40}) == [("points", None, "passed_deal")]

    @pytest.mark.parametrize(("bouts", "points", "ok"), [
        # garde at 4 players, each bout staying with the camp that played it. The taker's écart is 6 cards, 3
        # points at least: 0 is not a count, 3 is (no trick at all). The defence's three bouts need a trick for
        # the 21 (it wins its own), 4 cards: 21, Petit, Excuse and a low card, 4.5 × 3 + 0.5 = 14: 91 − 14 = 77.
        (0, 0, False), (0, 3, True), (0, 77, True), (0, 77.5, False),
        # the taker's three bouts the same way, and the écart: 14 + 3 = 17; all 91 with every trick.
        (3, 16.5, False), (3, 17, True), (3, 91, True),
        # one bout and no trick: the écart (3) and the Excuse kept (4, a low card given for it): 7.
        (1, 6.5, False), (1, 7, True),
        # two bouts: the defence keeps at most the bout it played and nothing else, 4.5 (or the Excuse at 4).
        (2, 86.5, True), (2, 87, True), (2, 87.5, False), (1, 91.5, False),
    ])
    def test_points_fit_the_bouts_each_worth_4_5(self, bouts, points, ok):
        problems = self.check(deal(0, "garde", bouts, points))
        assert (problems == []) is ok, problems

    def test_points_come_in_half_points(self):
        assert self.check(deal(0, "garde", 1, 50.25)) == [("points", None, "not_half_points")]
        assert self.check(deal(0, "garde", 1, "50")) == [("points", None, "not_half_points")]
        assert self.check(deal(0, "garde", 1, True)) == [("points", None, "not_half_points")]

    def test_the_petit_au_bout_needs_a_bout_in_the_camp_that_has_it(self):
        assert self.check(deal(0, "garde", 0, 50, petit_au_bout="taker")) == [("petit_au_bout", None, "petit_without_bout")]
        assert self.check(deal(0, "garde", 3, 50, petit_au_bout="defence")) == [("petit_au_bout", None, "petit_without_bout")]

    def test_the_partner_is_asked_at_five_players_only(self):
        assert self.check(deal(0, "garde", 1, 50), n=5) == [("partner", None, "required")]
        assert self.check(deal(0, "garde", 1, 50, partner=7), n=5) == [("partner", None, "not_seat")]
        assert self.check(deal(0, "garde", 1, 50, partner=1), n=3) == [("partner", None, "no_partner")]

    def test_poignees_one_a_seat_and_no_more_trumps_than_the_pack_holds(self):
        # 3 players: two simple poignées show 13 + 13 = 26 trumps, more than the 21 and the Excuse.
        two = [{"seat": 0, "size": "simple"}, {"seat": 1, "size": "simple"}]
        assert self.check(deal(0, "garde", 1, 50, poignees=two), n=3) == [("poignees", None, "too_many_trumps")]
        # 5 players: a triple and a simple, 13 + 8 = 21: possible; a triple and a double, 13 + 10 = 23: not.
        ok = [{"seat": 0, "size": "triple"}, {"seat": 3, "size": "simple"}]
        assert self.check(deal(0, "garde", 1, 50, partner=1, poignees=ok), n=5) == []
        bad = [{"seat": 0, "size": "triple"}, {"seat": 3, "size": "double"}]
        assert self.check(deal(0, "garde", 1, 50, partner=1, poignees=bad), n=5) == [("poignees", None, "too_many_trumps")]
        twice = [{"seat": 2, "size": "simple"}, {"seat": 2, "size": "simple"}]
        assert self.check(deal(0, "garde", 1, 50, poignees=twice)) == [("poignees.1", 2, "two_poignees")]
        assert self.check(deal(0, "garde", 1, 50, poignees={"seat": 0})) == [("poignees", None, "not_list")]

    def test_a_garde_contre_chelem_by_the_defence_leaves_the_attack_only_its_bouts(self):
        assert self.check(deal(0, "garde_contre", 1, 10, chelem="defence")) == [("points", None, "chelem_points")]
        # in a garde the écart is the taker's: points above his bouts are possible
        assert self.check(deal(0, "garde", 1, 10, chelem="defence")) == []


class TestTheSharedCore:
    """The plain FFT count is the same sheet with the lorrain twist off (the Tarot is built on it)."""

    class Plain(tarot.TakerSheet):
        pass

    def plain(self, n):
        return self.Plain(LORRAIN, n, LORRAIN.clean_options({}, n))

    def test_both_counts_score_the_same_deal_alike_where_no_bout_changes_camp(self):
        for entry in (deal(0, "garde", 2, 47), deal(1, "prise", 1, 50, petit_au_bout="defence"),
                      deal(2, "garde_sans", 3, 36, petit_au_bout="taker", poignees=[{"seat": 3, "size": "simple"}])):
            assert self.plain(4).apply(dict(entry)).scores == LORRAIN.new_sheet(4).apply(dict(entry)).scores

    def test_only_the_lorrain_count_lets_the_defence_take_the_petit_au_bout_in_the_attack_s_chelem(self):
        # prise, 2 bouts, 86.5 with every trick: the defence's bout (the Excuse in the plain count) is 4.5 points.
        entry = deal(0, "prise", 2, 86.5, chelem="unannounced_made", petit_au_bout="defence")
        assert codes(self.plain(4).check(entry)) == [("petit_au_bout", None, "petit_against_chelem")]
        assert codes(LORRAIN.new_sheet(4).check(entry)) == []

    def test_the_share_factors_add_up_to_zero(self):
        assert tarot.share_factors(3, 1, None) == [-1, 2, -1]
        assert tarot.share_factors(4, 0, None) == [3, -1, -1, -1]
        assert tarot.share_factors(5, 0, 4) == [2, -1, -1, -1, 1]
        assert tarot.share_factors(5, 2, 2) == [-1, -1, 4, -1, -1]


@st.composite
def legal_deals(draw):
    """Deals well inside what the cards allow (25 to 65 points, no chelem): the judge of the Tarot's tests
    (tests/games/tarot/test_rules.py) checks the edges of both counts against real cards."""
    n = draw(st.sampled_from([3, 4, 5]))
    taker = draw(st.integers(0, n - 1))
    contract = draw(st.sampled_from(tarot.CONTRACT_KEYS))
    bouts = draw(st.integers(0, 3))
    half = draw(st.integers(50, 130))
    entry = deal(taker, contract, bouts, tarot.from_half(half))
    camps = [None] + (["taker"] if bouts else []) + (["defence"] if bouts < 3 else [])
    entry["petit_au_bout"] = draw(st.sampled_from(camps))
    if n == 5:
        entry["partner"] = draw(st.integers(0, n - 1))
    seats = draw(st.lists(st.integers(0, n - 1), unique=True, max_size=2))
    poignees = []
    for s in seats:
        size = draw(st.sampled_from(tarot.POIGNEE_SIZES))
        if sum(tarot.poignee_trumps(n, p["size"]) for p in poignees) + tarot.poignee_trumps(n, size) <= 22:
            poignees.append({"seat": s, "size": size})
    entry["poignees"] = poignees
    return n, entry


@settings(max_examples=300, deadline=None)
@given(legal_deals())
def test_every_legal_deal_is_accepted_and_its_scores_add_up_to_zero(case):
    n, entry = case
    sheet = LORRAIN.new_sheet(n)
    assert sheet.check(entry) == []
    result = sheet.apply(entry)
    assert sum(result.scores) == 0
    assert all(isinstance(s, int) for s in result.scores)


@settings(max_examples=200, deadline=None)
@given(n=st.sampled_from([3, 4, 5]), points=st.floats(allow_nan=True, allow_infinity=True) | st.integers(-10**12, 10**12))
def test_odd_numbers_for_points_are_refused_not_raised(n, points):
    sheet = LORRAIN.new_sheet(n)
    entry = deal(0, "garde", 1, points, **({"partner": 1} if n == 5 else {}))
    problems = sheet.check(entry)
    if problems:
        with pytest.raises(InvalidEntry):
            sheet.apply(entry)
    else:
        # 1 bout: the écart and a bout at least. At the Tarot lorrain a bout stays with the camp that played it, so
        # the defence may keep its two bouts without taking a trick: 4.5 + 4.5 = 9, the taker's camp 91 − 9 = 82.
        assert 5.5 <= points <= 82 and points * 2 == int(points * 2)


def test_the_history_says_each_deal_in_words():
    sheet = LORRAIN.new_sheet(5)
    entry = deal(2, "garde_sans", 2, 47.5, partner=4, petit_au_bout="defence", poignees=[{"seat": 1, "size": "double"}],
                 chelem="defence")
    words = [name_seats(t.fr, ["Ana", "Bea", "Cid", "Dan", "Eve"]) for t in sheet.describe_entry(entry, 1)]
    assert words == ["Cid prend : Garde sans (le chien) avec Eve. 2 bouts, 47,5 points.", "Petit au bout : la défense.",
                     "Poignée double : Bea.", "Chelem de la défense."]
    assert [t.en for t in sheet.describe_entry({"taker": None}, 1)] == ["Passed deal: nobody took."]
    alone = deal(0, "prise", 1, 51, partner=0)
    assert sheet.describe_entry(alone, 1)[0].en == "⟨0⟩ takes: Prise (small). 1 bout, 51 points."
