"""Le tarot (FFT): the shared tarot sheet with the lorrain twist off, and its two house rules. Every
expected number below is worked out by hand from the FFT rules: needed 56/51/41/36 for 0–3 bouts, d = the gap
rounded up, (25 + d) × 1/2/4/6, petit au bout 10 × the multiplier, poignées 20/30/40 to the camp that wins,
chelem 400/200/−200 and 200 to each defender for the defence's; the taker wins 2 (3 players), 3 (4) or, at 5,
2 and the partner 1 (or 1.5 each with ``five_players_split: "egal"``), 4 alone, times the value; each defender
pays it."""

import itertools
import random

import pytest

from companion.families import tarot
from companion.games import registry
from companion.kernel import GameOver, deck
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
    # 1. Ana garde sans, 2 bouts, 53: 41 needed, made by 12: (25 + 12) × 4 = 148; Ana 3 × 148. (At four players
    #    every pile holds an even number of cards, each worth an odd number of half points: whole points only.)
    deal(0, "garde_sans", 2, 53),
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
        # One core: the Tarot lorrain's defence may keep the Excuse it played in the same way.
        assert LORRAIN.new_sheet(4).apply(deal(0, "prise", 2, 87, chelem="unannounced_made")).scores == [813, -271, -271, -271]

    def test_a_defence_chelem_against_a_garde_contre_leaves_the_attack_its_excuse_at_four(self):
        # 1 bout, 4: 51 needed, failed by 47: −72 × 6 = −432; −200: −632. Dan 3 × −632 = −1896.
        assert scores(4, deal(3, "garde_contre", 1, 4, chelem="defence")) == [632, 632, 632, -1896]
        assert check(4, deal(3, "garde_contre", 1, 3.5, chelem="defence")) == [("points", None, "points_for_bouts")]

    def test_the_plain_count_knows_the_defence_can_keep_only_the_excuse_in_the_attack_s_chelem(self):
        # 1 bout and every trick: the defence would hold two bouts, and only the Excuse stays with a camp that took
        # no trick. 80 points and 1 bout is a deal where the defence took a trick; 82 is none: the defence's one
        # trick at least, its two bouts and two low cards, 4.5 + 4.5 + 0.5 + 0.5 = 10, leaves at most 91 − 10 = 81.
        assert check(4, deal(0, "garde", 1, 80, chelem="unannounced_made")) == [("points", None, "chelem_points")]
        assert check(4, deal(0, "garde", 1, 82, chelem="unannounced_made")) == [("points", None, "points_for_bouts")]
        assert check(4, deal(0, "garde", 2, 80, chelem="announced_made")) == [("points", None, "chelem_points")]
        assert check(4, deal(0, "prise", 2, 87, chelem="unannounced_made", petit_au_bout="defence")) == [
            ("petit_au_bout", None, "petit_against_chelem")]

    def test_an_announced_chelem_that_failed(self):
        # garde, 2 bouts, 60: made by 19, 44 × 2 = 88; −200: −112. At 5 with a partner: taker 2 × −112, partner −112.
        assert scores(5, deal(0, "garde", 2, 60, partner=1, chelem="announced_failed")) == [-224, -112, 112, 112, 112]


class TestWhatTheCardsAllow:
    """Card points against the cards: every card is worth 0.5 to 4.5, an odd number of half points, so a pile
    holds the parity of its number of cards; a trick of 3, 4 or 5 cards is worth 1.5, 2 or 2.5 at least."""

    def test_at_four_players_every_pile_has_an_even_number_of_cards_so_whole_points(self):
        # 4-card tricks and a 6-card écart: the taker's camp holds 4t + 6 cards, an even number of odd halves.
        assert check(4, deal(0, "garde", 2, 40.5)) == [("points", None, "points_for_bouts")]
        # at 3 players, 3t + 6 cards: odd with an odd number of tricks; at 5 (camp of 2), 5t + 3.
        assert check(3, deal(0, "garde", 2, 40.5)) == []
        assert check(5, deal(0, "garde", 2, 40.5, partner=1)) == []

    def test_the_taker_holds_his_ecart_or_the_chien_so_never_less_than_its_cards(self):
        # prise or garde at 4: 6 cards of 0.5 at least, 3 points, and that is a deal the defence took whole.
        assert check(4, deal(0, "garde", 0, 2)) == [("points", None, "points_for_bouts")]
        assert check(4, deal(0, "garde", 0, 3)) == []
        # at 5 the chien is 3 cards: 1.5
        assert check(5, deal(0, "garde_sans", 0, 1, partner=1)) == [("points", None, "points_for_bouts")]
        assert check(5, deal(0, "garde_sans", 0, 1.5, partner=1)) == []

    def test_in_a_garde_contre_a_trick_is_worth_its_cards_and_no_trick_nothing_or_the_excuse_kept(self):
        # 0 points: no trick. One trick of 4 cards: 2 at least (0.5, 1, 1.5 are no count at 4 players).
        assert check(4, deal(0, "garde_contre", 0, 0)) == []
        assert check(4, deal(0, "garde_contre", 0, 1)) == [("points", None, "points_for_bouts")]
        assert check(4, deal(0, "garde_contre", 0, 2)) == []
        # 3 players: 1.5; 5 players: 2.5.
        assert check(3, deal(0, "garde_contre", 0, 1)) == [("points", None, "points_for_bouts")]
        assert check(3, deal(0, "garde_contre", 0, 1.5)) == []
        assert check(5, deal(0, "garde_contre", 0, 2, partner=1)) == [("points", None, "points_for_bouts")]
        assert check(5, deal(0, "garde_contre", 0, 2.5, partner=1)) == []
        # the Excuse kept with no trick: 4 (a low card owed), or 4.5 as some tables count it; with a trick, the
        # Excuse and 3 low cards (or a low card given for it from 4): 4.5 + 1.5 = 6.
        assert check(4, deal(0, "garde_contre", 1, 4)) == [] and check(4, deal(0, "garde_contre", 1, 4.5)) == []
        assert check(4, deal(0, "garde_contre", 1, 5)) == [("points", None, "points_for_bouts")]
        assert check(4, deal(0, "garde_contre", 1, 6)) == []

    def test_a_garde_contre_never_has_all_91_points_the_chien_is_the_defence_s(self):
        # the chien's 6 cards are 3 points at least: 88 at most.
        assert check(4, deal(0, "garde_contre", 3, 91)) == [("points", None, "points_for_bouts")]
        assert check(4, deal(0, "garde_contre", 3, 89)) == [("points", None, "points_for_bouts")]
        assert check(4, deal(0, "garde_contre", 3, 88)) == []
        # at 5 players, 3 cards: 1.5, so 89.5
        assert check(5, deal(0, "garde_contre", 3, 90, partner=1)) == [("points", None, "points_for_bouts")]
        assert check(5, deal(0, "garde_contre", 3, 89.5, partner=1)) == []

    def test_a_defence_chelem_leaves_the_taker_his_ecart_and_at_most_the_excuse(self):
        # garde at 4: the écart (no king, no bout) is 3 to 19 points (4 queens and 2 knights: 14 + 5);
        # with the Excuse kept, 4 more: 23 at most, 7 at least.
        assert check(4, deal(0, "garde", 1, 23, chelem="defence")) == []
        assert check(4, deal(0, "garde", 1, 24, chelem="defence")) == [("points", None, "chelem_points")]
        assert check(4, deal(0, "garde", 0, 19, chelem="defence")) == []
        assert check(4, deal(0, "garde", 0, 20, chelem="defence")) == [("points", None, "chelem_points")]
        # the 21 and the Petit are never in an écart: two bouts are no defence chelem
        assert check(4, deal(0, "garde", 2, 20, chelem="defence")) == [("points", None, "chelem_points")]
        # in a garde sans the chien is the taker's, any 6 cards: the 21, the Petit and 4 kings, 27 points
        assert check(4, deal(0, "garde_sans", 2, 27, chelem="defence")) == []

    def test_an_announced_chelem_that_failed_with_all_91_points_was_made(self):
        assert check(4, deal(0, "garde", 3, 91, chelem="announced_failed")) == [("chelem", None, "chelem_made")]
        # 87 with 2 bouts: the defence kept the Excuse and nothing else, every trick the taker's
        assert check(4, deal(0, "garde", 2, 87, chelem="announced_failed")) == [("chelem", None, "chelem_made")]
        # 85 with 2 bouts: the defence took a trick (its bout and 3 low cards, 6 points)
        assert check(4, deal(0, "garde", 2, 85, chelem="announced_failed")) == []

    def test_the_problem_says_what_the_cards_allow_in_both_languages(self):
        (problem,) = TAROT.new_sheet(4).check(deal(0, "garde", 2, 40.5))
        assert problem.message.fr == ("Impossible avec les cartes : avec 2 bouts en garde, l'attaque a de 13 à 87 points, "
                                      "au plus près 40 ou 41 ; 40,5 saisis. À 4 joueurs, les plis ont 4 cartes et le "
                                      "chien 6 : l'attaque a des points entiers.")
        assert problem.message.en.startswith("The cards do not allow it: with 2 bouts in a garde,")
        (problem,) = TAROT.new_sheet(4).check(deal(0, "garde_contre", 3, 91))
        assert "En garde contre, le chien (6 cartes) est à la défense." in problem.message.fr


class TestTheChelemNotTicked:
    def test_three_bouts_and_91_points_is_a_chelem_made_unannounced(self):
        # prise, 3 bouts, 91: 36 needed, made by 55: 80; the chelem made unannounced, +200: 280. Ana 3 × 280.
        result = TAROT.new_sheet(4).apply(deal(0, "prise", 3, 91))
        assert result.scores == [840, -280, -280, -280]
        assert result.notes[0].fr.startswith("Chelem non coché")
        assert "Chelem réussi sans annonce : 200." in [n.fr for n in result.notes]
        # the same count as when it is ticked
        assert scores(4, deal(0, "prise", 3, 91, chelem="unannounced_made")) == [840, -280, -280, -280]

    def test_a_garde_contre_with_no_points_is_the_defence_s_chelem(self):
        # 0 bouts, 0: 56 needed, failed by 56: −81 × 6 = −486; the defence's chelem −200: −686. Ana 3 × −686.
        result = TAROT.new_sheet(4).apply(deal(0, "garde_contre", 0, 0))
        assert result.scores == [-2058, 686, 686, 686]
        assert "la défense a fait tous les plis" in result.notes[0].fr
        # without the defence's bonus: −486, Ana −1458
        assert scores(4, deal(0, "garde_contre", 0, 0), chelem_defence=False) == [-1458, 486, 486, 486]

    def test_a_count_any_deal_can_make_is_no_chelem(self):
        # 2 bouts, 85: 41 needed, made by 44: 69 × 2 = 138; Ana 3 × 138, no bonus.
        result = TAROT.new_sheet(4).apply(deal(0, "garde", 2, 85))
        assert result.scores == [414, -138, -138, -138]
        assert not any("hele" in n.fr for n in result.notes)

    def test_the_tarot_lorrain_counts_it_too(self):
        assert LORRAIN.new_sheet(4).apply(deal(0, "prise", 3, 91)).scores == [840, -280, -280, -280]


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
    assert words == ["Bea prend : Prise (ou petite). 0 bout, 50 points.", "Poignée simple : Ana."]


# -- an independent judge: real cards in two piles -----------------------------------------------------------------
# The judge reads the rulebook, not the sheet: a deal of `n` players is `hand` tricks of `n` cards and a chien;
# the taker's camp takes `t` of them. Each bout has a story: it lay in the chien, or a camp played it into a trick
# another (or the same) camp won. Where it ends: the 21 wins its trick; in the FFT count the Petit goes with its
# trick, the Excuse stays with the camp that played it, a low card given for it (or, with none to give, counted 4
# and half a point to the winner on paper; a camp holding nothing else may also count it 4.5), except in the last
# trick, where it goes to the winner; in the lorrain count each bout stays with the camp that played it, the Petit
# with nothing given back. The other slots of each pile are filled with real non-bout cards (no king, no bout in
# an écart), and the pile counted card by card.
HAND = {3: 24, 4: 18, 5: 15}
CHIEN = {3: 6, 4: 6, 5: 3}
CARDS = deck("78")
BOUT_CODES = ("T21", "T1", "EX")
VALUE = {c.code: tarot.half_points(c) for c in CARDS}
BY_VALUE = {v: [c.code for c in CARDS if c.code not in BOUT_CODES and VALUE[c.code] == v] for v in (9, 7, 5, 3, 1)}
KING_CODES = {f"K{s}" for s in "SHDC"}


def bout_stories(code, contract, t, hand, lorrain):
    """(the camp it ends with, how it lies there, the trick's winner, whether it is the last trick) for each way
    the bout can be played, or lie in the chien."""
    tricks = {"taker": t, "defence": hand - t}
    chien_camp = {"garde_sans": "taker", "garde_contre": "defence"}.get(contract)
    if chien_camp:
        yield chien_camp, "chien", None, False
    for played in tricks:
        for won in tricks:
            if tricks[won] == 0 or (code == "T21" and played != won):  # a trick to win; the 21 always wins its own
                continue
            if played == won:
                yield won, "pile", won, False
            elif code == "T1":
                yield (played, "back", won, False) if lorrain else (won, "pile", won, False)
            else:  # the Excuse into the other camp's trick: kept by its camp, but in the FFT's last trick
                yield played, "kept", won, False
                if not lorrain:
                    yield won, "pile", won, True


def judge_frames(n, contract, bouts, chelem, petit, lorrain, attackers):
    """The piles' shapes the stories of the three bouts allow: (tricks, the taker's bouts in its pile, the
    defence's in its own, the taker's free slots outside the écart, the écart, the defence's free slots, the
    Excuse kept back by a camp)."""
    hand, chien = HAND[n], CHIEN[n]
    tricks = {"announced_made": [hand], "unannounced_made": [hand], "defence": [0],
              "announced_failed": range(hand)}.get(chelem, range(hand + 1))
    seats = {"taker": attackers, "defence": n - attackers}
    other = {"taker": "defence", "defence": "taker"}
    frames = set()
    for t in tricks:
        won_tricks = {"taker": t, "defence": hand - t}
        for stories in itertools.product(*(list(bout_stories(c, contract, t, hand, lorrain)) for c in BOUT_CODES)):
            story = dict(zip(BOUT_CODES, stories, strict=True))
            if sum(s[0] == "taker" for s in stories) != bouts:
                continue
            if petit is not None:  # the Petit played in the last trick: the camp the count gives it to
                end, how, won, _ = story["T1"]
                if end != petit or how == "chien":
                    continue
                if story["EX"][3] and story["EX"][2] != won:
                    continue  # the Excuse played to the last trick too: the same trick, the same winner
            slots = {"taker": t * n + (chien if contract == "garde_sans" else 0),
                     "defence": (hand - t) * n + (chien if contract == "garde_contre" else 0)}
            into = {"taker": 0, "defence": 0}  # cards a camp played into the other camp's tricks and kept back
            in_pile = {"taker": [], "defence": []}
            kept = None
            for code, (end, how, won, _) in story.items():
                if how in ("pile", "chien"):
                    in_pile[end].append(code)
                    continue
                slots[won] -= 1
                into[end] += 1
                if how == "back":  # the lorrain's Petit: out of the winner's trick, into its player's camp
                    slots[end] += 1
                    in_pile[end].append(code)
                else:
                    kept = end
            if any(into[c] > seats[c] * won_tricks[other[c]] for c in into):
                continue  # one card a seat a trick
            free_tricks = slots["taker"] - len(in_pile["taker"])
            free_def = slots["defence"] - len(in_pile["defence"])
            if free_tricks < 0 or free_def < 0:
                continue
            ecart = chien if contract in ("prise", "garde") else 0
            frames.add((t, tuple(sorted(in_pile["taker"])), tuple(sorted(in_pile["defence"])), free_tricks, ecart,
                        free_def, kept))
    return frames


def judge_counts(n, contract, bouts, chelem, petit, lorrain, attackers=1):
    """{half points of the taker's camp: how to deal them} for every count real cards allow."""
    found = {}
    for frame in judge_frames(n, contract, bouts, chelem, petit, lorrain, attackers):
        _t, mine, _theirs, free_tricks, ecart, free_def, kept = frame
        base = 9 * len(mine)
        for kings in range(min(4, free_tricks) + 1):
            for queens in range(5):
                for knights in range(5):
                    for jacks in range(5):
                        lows = free_tricks + ecart - kings - queens - knights - jacks
                        if not 0 <= lows <= 59 or free_def != 75 - (free_tricks + ecart):
                            continue
                        half = base + 9 * kings + 7 * queens + 5 * knights + 3 * jacks + lows
                        taker_has = free_tricks + ecart + len(mine)
                        defence_has = free_def + len(frame[2])
                        if kept == "taker":  # its Excuse: 4.5, a low card given (or 4 with none); 4.5 alone
                            counts = [half + 8] + ([half + 9] if taker_has == 0 else [])
                        elif kept == "defence":  # the low card it gives, or the half point on paper
                            counts = [half + 1] + ([half] if defence_has == 0 else [])
                        else:
                            counts = [half]
                        for h in counts:
                            found.setdefault(h, (frame, (kings, queens, knights, jacks, lows)))
    return found


def deal_the_cards(n, contract, bouts, frame, counts):
    """The two piles of real cards a judge's finding stands for, and the taker's camp's count, card by card."""
    _t, mine, theirs, free_tricks, ecart, free_def, kept = frame
    kings, queens, knights, jacks, lows = counts
    free = BY_VALUE[9][:kings] + BY_VALUE[7][:queens] + BY_VALUE[5][:knights] + BY_VALUE[3][:jacks] + BY_VALUE[1][:lows]
    taker = list(mine) + free
    defence = list(theirs) + [c.code for c in CARDS if c.code not in BOUT_CODES and c.code not in free]
    assert len(free) == free_tricks + ecart and len(defence) == len(theirs) + free_def
    assert len([c for c in free if c not in KING_CODES]) >= ecart  # room for an écart of no king and no bout
    assert not set(taker) & set(defence) and len(taker) + len(defence) + (kept is not None) == 78
    assert sum(c in BOUT_CODES for c in taker) + (kept == "taker") == bouts
    half = sum(VALUE[c] for c in taker)
    # the Excuse kept back by a camp: 4 to it (4.5 less the low card it gives), half a point to the other
    return half + 8 if kept == "taker" else half + 1 if kept == "defence" else half


def random_configs(rng, count):
    """Deals near the edges: every contract, bouts, chelem (or none) and Petit au bout at each player count."""
    out = []
    for _ in range(count):
        n = rng.choice([3, 4, 5])
        bouts = rng.choice([0, 1, 2, 3])
        petit = rng.choice([None, None, "taker", "defence"])
        if petit == "taker" and bouts == 0 or petit == "defence" and bouts == 3:
            petit = None
        out.append((n, rng.choice(tarot.CONTRACT_KEYS), bouts,
                    rng.choice([None, None, "announced_made", "unannounced_made", "announced_failed", "defence"]), petit,
                    rng.choice([1, 2]) if n == 5 else 1))
    return out


@pytest.mark.parametrize("lorrain", [False, True], ids=["fft", "lorrain"])
def test_the_sheet_accepts_exactly_the_counts_real_cards_can_make(lorrain):
    game = LORRAIN if lorrain else TAROT
    rng = random.Random(2026 + lorrain)
    for n, contract, bouts, chelem, petit, attackers in random_configs(rng, 60):
        sheet = game.new_sheet(n)
        if not lorrain and petit and chelem in ("announced_made", "unannounced_made", "defence"):
            if (petit == "defence") == (chelem != "defence"):
                continue  # said by its own problem (petit_against_chelem)
        possible = judge_counts(n, contract, bouts, chelem, petit, lorrain, attackers)
        for half, (frame, counts) in list(possible.items())[:: 7]:
            dealt = deal_the_cards(n, contract, bouts, frame, counts)
            # (a camp that holds nothing but the Excuse it kept may count it 4.5: half a point either way)
            assert dealt == half or abs(dealt - half) == 1 and frame[6] is not None
        for half in range(-1, 184):
            entry = deal(0, contract, bouts, tarot.from_half(half), chelem=chelem, petit_au_bout=petit,
                         **({"partner": 1 if attackers == 2 else 0} if n == 5 else {}))
            accepted = sheet.check(entry) == []
            assert accepted == (half in possible), (n, contract, bouts, chelem, petit, attackers, half / 2)
            if accepted and half % 9 == 0:  # a legal deal's scores add up to zero
                assert sum(game.new_sheet(n).apply(entry).scores) == 0
