"""Le tarot (FFT): the shared tarot sheet with the lorrain twist off, and its two house rules. Every
expected number below is worked out by hand from the FFT rules: needed 56/51/41/36 for 0–3 bouts, d = the gap
rounded up, (25 + d) × 1/2/4/6, petit au bout 10 × the multiplier, poignées 20/30/40 to the camp that wins,
chelem 400/200/−200 and 200 to each defender for the defence's; the taker wins 2 (3 players), 3 (4) or, at 5,
2 and the partner 1 (or 1.5 each with ``five_players_split: "egal"``), 4 alone, times the value; each defender
pays it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.families import tarot
from companion.games import registry
from companion.kernel import GameOver
from companion.kernel.text import name_seats

TAROT = registry.get("tarot")
LORRAIN = registry.get("tarot-lorrain")


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


def deal(taker, contract, bouts, points, **extra):
    return {"taker": taker, "contract": contract, "bouts": bouts, "points": points, **extra}


def scores(n, entry, **options):
    return TAROT.new_sheet(n, options).apply(entry).scores


def check(n, entry, **options):
    return codes(TAROT.new_sheet(n, options).check(entry))


FOUR_PLAYER_GAME = [
    # 1. Ana garde sans, 2 bouts, 52.5: 41 needed, made by 11.5 → 12: (25 + 12) × 4 = 148; Ana 3 × 148.
    deal(0, "garde_sans", 2, 52.5),
    # 2. Bea prise, 0 bouts, 50: 56 needed, failed by 6: −31; Ana (defence) showed a simple poignée, 20 to the
    #    camp that wins the deal, the defence: −20. Value −51: Bea −153, each defender +51.
    deal(1, "prise", 0, 50, poignees=[{"seat": 0, "size": "simple"}]),
    # 3. Everybody passed: nobody scores.
    {"taker": None},
    # 4. Dan garde, 1 bout, 10, and the defence took every trick: 51 needed, failed by 41: −66 × 2 = −132; with
    #    the defence's chelem, 200 more to each defender: −332. Dan −996, each defender +332.
    deal(3, "garde", 1, 10, chelem="defence"),
]


class TestAWholeGameAtFour:
    def test_four_deals_with_a_poignee_for_the_defence_a_passed_deal_and_a_defence_chelem(self):
        sheet = TAROT.new_sheet(4, {"deals": 4})
        assert [sheet.apply(e).scores for e in FOUR_PLAYER_GAME] == [
            [444, -148, -148, -148], [51, -153, 51, 51], [0, 0, 0, 0], [332, 332, 332, -996]]
        # Ana 444 + 51 + 332 = 827; Bea −148 − 153 + 332 = 31; Cid −148 + 51 + 332 = 235; Dan −148 + 51 − 996 = −1093.
        assert sheet.totals == [827, 31, 235, -1093] and sum(sheet.totals) == 0
        assert sheet.finished and sheet.winners == [0]
        with pytest.raises(GameOver):
            sheet.apply({"taker": None})

    def test_without_the_defence_chelem_bonus_the_same_game_scores_the_last_deal_plainly(self):
        sheet = TAROT.new_sheet(4, {"deals": 4, "chelem_defence": False})
        for entry in FOUR_PLAYER_GAME[:3]:
            sheet.apply(entry)
        last = sheet.apply(FOUR_PLAYER_GAME[3])
        # Deal 4 is worth −132 only: Dan −396, each defender +132.
        assert last.scores == [132, 132, 132, -396]
        assert "pas de prime" in " ".join(n.fr for n in last.notes)
        # Ana 444 + 51 + 132 = 627; Bea −148 − 153 + 132 = −169; Cid −148 + 51 + 132 = 35; Dan −148 + 51 − 396 = −493.
        assert sheet.totals == [627, -169, 35, -493]

    def test_the_defence_chelem_bonus_is_on_by_default_and_the_split_is_the_fft_s(self):
        assert TAROT.default_options() == {"deals": None, "chelem_defence": True, "five_players_split": "fft"}

    def test_next_gives_hand_chien_multipliers_and_the_poignees_for_the_player_count(self):
        nxt = TAROT.new_sheet(4).next_round()
        # seat 0 deals, seat 1 (on the dealer's right, next in play) speaks first; 18 cards, a chien of 6.
        assert (nxt.dealer, nxt.first) == (0, 1)
        assert nxt.extra == {"hand": 18, "chien": 6, "multipliers": {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6},
                             "poignees": {"simple": 10, "double": 13, "triple": 15}}
        assert TAROT.new_sheet(3).next_round().extra["poignees"] == {"simple": 13, "double": 15, "triple": 18}
        five = TAROT.new_sheet(5).next_round().extra
        assert (five["hand"], five["chien"], five["poignees"]) == (15, 3, {"simple": 8, "double": 10, "triple": 13})


FIVE_PLAYER_GAME = [
    # 1. Cid garde with Eve's king, 2 bouts, 47: made by 6, 31 × 2 = 62.
    deal(2, "garde", 2, 47, partner=4),
    # 2. Ana prise, called her own king: alone. 1 bout, 55: made by 4, 29: Ana 4 × 29 = 116, each other −29.
    deal(0, "prise", 1, 55, partner=0),
    # 3. Bea prise with Dan's king, 3 bouts, 30.5: 36 needed, failed by 5.5 → 6: −31.
    deal(1, "prise", 3, 30.5, partner=3),
]


class TestFivePlayers:
    def test_the_fft_split_two_thirds_to_the_taker_one_third_to_the_partner(self):
        sheet = TAROT.new_sheet(5, {"deals": 3})
        assert [sheet.apply(e).scores for e in FIVE_PLAYER_GAME] == [
            [-62, -62, 124, -62, 62],  # Cid 2 × 62, Eve 62
            [116, -29, -29, -29, -29],
            [31, -62, 31, -31, 31],  # Bea 2 × −31, Dan −31
        ]
        # Ana −62 + 116 + 31 = 85; Bea −62 − 29 − 62 = −153; Cid 124 − 29 + 31 = 126; Dan −62 − 29 − 31 = −122;
        # Eve 62 − 29 + 31 = 64.
        assert sheet.totals == [85, -153, 126, -122, 64]
        assert sheet.winners == [2]

    def test_equal_shares_give_the_taker_and_the_partner_half_each_in_half_points(self):
        sheet = TAROT.new_sheet(5, {"deals": 3, "five_players_split": "egal"})
        assert [sheet.apply(e).scores for e in FIVE_PLAYER_GAME] == [
            [-62, -62, 93, -62, 93],  # the three defenders' 3 × 62 = 186, half each
            [116, -29, -29, -29, -29],  # alone: the option changes nothing
            [31, -46.5, 31, -46.5, 31],  # 3 × 31 = 93, half each: 46.5
        ]
        # Ana −62 + 116 + 31 = 85; Bea −62 − 29 − 46.5 = −137.5; Cid 93 − 29 + 31 = 95; Dan as Bea; Eve as Cid.
        assert sheet.totals == [85, -137.5, 95, -137.5, 95] and sum(sheet.totals) == 0
        assert all(isinstance(s, int) for s in sheet.rounds[0].scores)  # 93, never 93.0
        assert sheet.winners == [2, 4]
        text = " ".join(name_seats(n.fr, ["Ana", "Bea", "Cid", "Dan", "Eve"]) for n in sheet.rounds[0].notes)
        assert "Cid prend avec Eve (roi appelé) : 1,5 × 62 et 1,5 × 62" in text

    def test_the_split_option_changes_nothing_at_four_players(self):
        assert scores(4, deal(0, "garde", 2, 47), five_players_split="egal") == [186, -62, -62, -62]


class TestThreePlayers:
    def test_a_garde_contre_just_made_with_the_petit_au_bout(self):
        # 3 bouts, 36: made by 0, 25 × 6 = 150; petit au bout to the attack 10 × 6 = 60: 210. Ana 2 × 210.
        assert scores(3, deal(0, "garde_contre", 3, 36, petit_au_bout="taker")) == [420, -210, -210]

    def test_a_poignee_at_three_needs_thirteen_trumps_so_two_never_fit(self):
        two = [{"seat": 1, "size": "simple"}, {"seat": 2, "size": "simple"}]  # 13 + 13 = 26 > 22
        assert check(3, deal(0, "garde", 1, 50, poignees=two)) == [("poignees", None, "too_many_trumps")]


class TestChelemsCountedTheOrdinaryWay:
    def test_an_announced_chelem_made_with_every_bout(self):
        # prise, 3 bouts, 91: made by 55, 80; petit au bout 10; +400: 490. Ana 3 × 490.
        assert scores(4, deal(0, "prise", 3, 91, petit_au_bout="taker", chelem="announced_made")) == [1470, -490, -490, -490]

    def test_the_defence_keeps_the_excuse_at_four_points_so_87_is_a_chelem_s_count(self):
        # The FFT: the Excuse, kept by a defence that took no trick, counts 4: the attack has 91 − 4 = 87.
        # 41 needed, made by 46: 71; +200 unannounced: 271; Ana 3 × 271 = 813. Counted at 4.5 (86.5: 45.5 → 46) alike.
        assert scores(4, deal(0, "prise", 2, 87, chelem="unannounced_made")) == [813, -271, -271, -271]
        assert scores(4, deal(0, "prise", 2, 86.5, chelem="unannounced_made")) == [813, -271, -271, -271]
        assert check(4, deal(0, "prise", 2, 87)) == [("points", None, "points_for_bouts")]  # no chelem: at most 86.5
        # One core: the Tarot lorrain's defence may keep the Excuse it played in the same way.
        assert LORRAIN.new_sheet(4).apply(deal(0, "prise", 2, 87, chelem="unannounced_made")).scores == [813, -271, -271, -271]

    def test_a_defence_chelem_against_a_garde_contre_leaves_the_attack_its_excuse_at_four(self):
        # 1 bout, 4: 51 needed, failed by 47: −72 × 6 = −432; −200: −632. Dan 3 × −632 = −1896.
        assert scores(4, deal(3, "garde_contre", 1, 4, chelem="defence")) == [632, 632, 632, -1896]
        assert check(4, deal(3, "garde_contre", 1, 3.5, chelem="defence")) == [("points", None, "points_for_bouts")]

    def test_the_plain_count_knows_the_defence_can_keep_only_the_excuse_in_the_attack_s_chelem(self):
        # 1 bout: the defence would hold two, and only the Excuse can stay with a camp that took no trick.
        assert check(4, deal(0, "garde", 1, 82, chelem="unannounced_made")) == [("points", None, "chelem_points")]
        assert check(4, deal(0, "garde", 2, 80, chelem="announced_made")) == [("points", None, "chelem_points")]
        assert check(4, deal(0, "prise", 2, 87, chelem="unannounced_made", petit_au_bout="defence")) == [
            ("petit_au_bout", None, "petit_against_chelem")]

    def test_an_announced_chelem_that_failed(self):
        # garde, 2 bouts, 60: made by 19, 44 × 2 = 88; −200: −112. At 5 with a partner: taker 2 × −112, partner −112.
        assert scores(5, deal(0, "garde", 2, 60, partner=1, chelem="announced_failed")) == [-224, -112, 112, 112, 112]


class TestLegality:
    def test_every_problem_at_once_with_its_field(self):
        entry = {"taker": 7, "contract": "pousse", "bouts": 5, "points": 91.5, "petit_au_bout": "x",
                 "poignees": [{"seat": 1, "size": "quadruple"}], "chelem": "petit"}
        assert check(4, entry) == [
            ("bouts", None, "out_of_range"), ("chelem", None, "bad_chelem"), ("contract", None, "bad_contract"),
            ("petit_au_bout", None, "bad_camp"), ("poignees.0", 1, "bad_size"), ("points", None, "out_of_range"),
            ("taker", None, "not_seat")]

    def test_the_partner_is_the_seat_dealt_the_called_king_and_only_at_five(self):
        assert check(5, deal(0, "garde", 1, 50)) == [("partner", None, "required")]
        assert check(4, deal(0, "garde", 1, 50, partner=2)) == [("partner", None, "no_partner")]

    def test_options_are_checked(self):
        from companion.kernel import InvalidOptions
        with pytest.raises(InvalidOptions) as caught:
            TAROT.clean_options({"five_players_split": "moitie", "chelem_defence": "oui"}, 5)
        assert sorted(p.field for p in caught.value.problems) == ["options.chelem_defence", "options.five_players_split"]


def test_the_history_says_each_deal_in_words():
    sheet = TAROT.new_sheet(4)
    words = [name_seats(t.fr, ["Ana", "Bea", "Cid", "Dan"]) for t in sheet.describe_entry(FOUR_PLAYER_GAME[1], 2)]
    assert words == ["Bea prend : Prise (ou petite). 0 bout(s), 50 points.", "Poignée simple : Ana."]


# -- properties ----------------------------------------------------------------------------------------------------
@st.composite
def legal_deals(draw, chelems=True):
    n = draw(st.sampled_from([3, 4, 5]))
    contract = draw(st.sampled_from(tarot.CONTRACT_KEYS))
    bouts = draw(st.integers(0, 3))
    lo, hi = 9 * bouts, 182 - 9 * (3 - bouts)  # each bout is 4.5 points of its camp
    chelem = draw(st.sampled_from([None, "announced_failed", "unannounced_made", "announced_made", "defence"])) if chelems else None
    if chelem in ("unannounced_made", "announced_made"):
        bouts = draw(st.integers(2, 3))  # in the plain count the defence can keep the Excuse, nothing else
        lo, hi = 9 * bouts, 182 - 9 * (3 - bouts)
        half = hi if contract != "garde_contre" else draw(st.integers(lo, hi))
    elif chelem == "defence" and contract == "garde_contre":
        bouts = draw(st.integers(0, 1))
        half = 9 * bouts
    else:
        half = draw(st.integers(lo, hi))
    entry = deal(draw(st.integers(0, n - 1)), contract, bouts, tarot.from_half(half), chelem=chelem)
    camps = [None] + (["taker"] if bouts else []) + (["defence"] if bouts < 3 else [])
    if chelem in ("unannounced_made", "announced_made"):
        camps = [c for c in camps if c != "defence"]
    elif chelem == "defence":
        camps = [c for c in camps if c != "taker"]
    entry["petit_au_bout"] = draw(st.sampled_from(camps))
    if n == 5:
        entry["partner"] = draw(st.integers(0, n - 1))
    poignees: list = []
    for s in draw(st.lists(st.integers(0, n - 1), unique=True, max_size=2)):
        size = draw(st.sampled_from(tarot.POIGNEE_SIZES))
        if sum(tarot.poignee_trumps(n, p["size"]) for p in poignees) + tarot.poignee_trumps(n, size) <= 22:
            poignees.append({"seat": s, "size": size})
    entry["poignees"] = poignees
    return n, entry


OPTION_SETS = st.fixed_dictionaries({"chelem_defence": st.booleans(), "five_players_split": st.sampled_from(["fft", "egal"])})


@settings(max_examples=300, deadline=None)
@given(legal_deals(), OPTION_SETS)
def test_every_legal_deal_is_accepted_and_its_scores_add_up_to_zero(case, options):
    n, entry = case
    sheet = TAROT.new_sheet(n, options)
    assert sheet.check(entry) == []
    result = sheet.apply(entry)
    assert sum(result.scores) == 0
    assert all(s * 2 == int(s * 2) for s in result.scores)  # whole, or half points with equal shares


@settings(max_examples=300, deadline=None)
@given(n=st.sampled_from([3, 4, 5]), bouts=st.integers(0, 3), half=st.integers(-4, 186))
def test_the_91_card_points_split_between_camps_each_holding_4_5_a_bout(n, bouts, half):
    # Accepted exactly when the attack holds 4.5 × its bouts and the defence (91 − the attack's points) 4.5 × its own.
    entry = deal(0, "garde", bouts, tarot.from_half(half), **({"partner": 1} if n == 5 else {}))
    defence = 182 - half
    assert (check(n, entry) == []) == (half >= 9 * bouts and defence >= 9 * (3 - bouts))


@settings(max_examples=200, deadline=None)
@given(legal_deals(chelems=False))
def test_lorrain_and_tarot_score_alike_where_no_bout_changes_camp(case):
    # Without a chelem the lorrain rule only changes how the table counts, not the sheet: same entry, same scores.
    n, entry = case
    assert LORRAIN.new_sheet(n).check(entry) == []
    assert TAROT.new_sheet(n).apply(dict(entry)).scores == LORRAIN.new_sheet(n).apply(dict(entry)).scores
