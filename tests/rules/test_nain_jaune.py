"""Le nain jaune as in seed 000 (rules-notes §13). Every expected number below is worked out by hand."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import GameOver, InvalidEntry, InvalidOptions, registry
from companion.rules.games.nain_jaune import BOARD, HAND_SIZE
from companion.rules.stakes import Pool
from companion.rules.text import name_seats

NAIN = registry.get("nain-jaune")
NAMES = ["Ana", "Bea", "Cid", "Dan"]
KEYS = ["10D", "JC", "QS", "KH", "7D"]


def deal(winner, remaining, grand_opera=False, **fates):
    """An entry; fates by box key, e.g. ``KH=("held_by", 3)``; unnamed boxes are in the écart."""
    stakes = {k: None for k in KEYS}
    for key, (kind, seat) in fates.items():
        stakes[key.removeprefix("_")] = {kind: seat}
    return {"winner": winner, "grand_opera": grand_opera, "stakes": stakes, "remaining": remaining}


def play(n, entries, **options):
    # The games below were worked out by hand with 50 pions each (the default is larger: see test_nain_jaune_length).
    sheet = NAIN.new_sheet(n, {"start_pions": 50, **options})
    for e in entries:
        sheet.apply(e)
    return sheet


def said(sheet, number):
    return [name_seats(n.fr, NAMES) for n in sheet.rounds[number - 1].notes]


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


# Four players, 50 pions each. Deal 1: everyone stakes 15 (35 left; boxes 4, 8, 12, 16, 20).
# Bea claims the 10♦ (+4 → 39). Ana claims the 7♦ (+20 → 55). Cid forgot the V♣: pays 8 into it (27; V♣ 16).
# Dan kept the R♥: pays 16 into it (19; R♥ 32). The D♠ is in the écart (stays 12).
# Ana went out: Bea pays 5 (34), Cid 12 (15), Dan 13 (6); Ana 55 + 30 = 85.
# Players 85 + 34 + 15 + 6 = 140, board 0 + 16 + 12 + 32 + 0 = 60: 200 = 4 × 50.
DEAL_ONE = deal(0, [0, 5, 12, 13], _10D=("claimed_by", 1), _7D=("claimed_by", 0), JC=("forgotten_by", 2),
                KH=("held_by", 3))
# Deal 2: stakes. Ana 85 → 70, Bea 34 → 19, Cid 15 → 0 (all of it), Dan has only 6: 1 on the 10♦, 2 on the V♣,
# 3 on the D♠, nothing on the R♥ nor the 7♦ (0 left). Boxes: 10♦ 4, V♣ 16 + 8 = 24, D♠ 12 + 12 = 24,
# R♥ 32 + 12 = 44, 7♦ 15. Bea goes out in one go (grand opéra): she claims the 10♦ (4 → 23), forgot the V♣
# and pays as much as it holds, 24, but has only 23 (0; V♣ 47); then sweeps every box: 47 + 24 + 44 + 15 = 130.
# Ana held the D♠ and Cid the 7♦: the boxes are empty now, they pay nothing.
# Remaining points: Cid 30 and Dan 12 have no pion left and pay nothing; Ana pays 40 (30). Bea 130 + 40 = 170.
DEAL_TWO = deal(1, [40, 0, 30, 12], grand_opera=True, _10D=("claimed_by", 1), JC=("forgotten_by", 1),
                QS=("held_by", 0), _7D=("held_by", 2))


class TestTheGame:
    def test_it_is_registered_for_three_to_eight_players(self):
        info = NAIN.info
        assert (info.slug, info.names.fr, info.names.en) == ("nain-jaune", "Le nain jaune", "Nain Jaune")
        assert (info.min_players, info.max_players, info.decks, info.family) == (3, 8, ("52",), "plateau")
        assert NAIN.default_options() == {"start_pions": 250, "restake_each_deal": True, "forgotten_stake": "double"}

    def test_its_tables_give_the_board_hand_sizes_and_card_points(self):
        board = NAIN.info.table("board").rows
        assert [(r[0], r[2]) for r in board] == [("10♦", 1), ("V♣", 2), ("D♠", 3), ("R♥", 4), ("7♦", 5), (board[-1][0], 15)]
        assert NAIN.info.table("hand_sizes").rows == ((3, 15, 7), (4, 12, 4), (5, 9, 7), (6, 8, 4), (7, 7, 3), (8, 6, 4))
        points = NAIN.info.table("card_points").rows
        assert [(r[0].fr, r[1] if isinstance(r[1], int) else r[1].fr) for r in points] == [
            ("As", 1), ("2 à 10", "valeur faciale"), ("Valet, Dame, Roi", 10)]

    def test_everyone_starts_with_the_start_pions(self):
        assert NAIN.new_sheet(5).totals == [250] * 5
        assert NAIN.new_sheet(3, {"start_pions": 80}).totals == [80] * 3

    def test_it_refuses_unknown_options(self):
        with pytest.raises(InvalidOptions) as e:
            NAIN.new_sheet(3, {"forgotten_stake": "triple", "start_pions": 0})
        assert codes(e.value.problems) == [("options.forgotten_stake", None, "bad_choice"),
                                           ("options.start_pions", None, "out_of_range")]

    def test_a_bad_option_is_named_by_its_label(self):
        with pytest.raises(InvalidOptions) as e:
            NAIN.new_sheet(3, {"forgotten_stake": "triple", "start_pions": 0, "restake_each_deal": "yes"})
        assert sorted(p.message for p in e.value.problems) == sorted([
            ("Carte du plateau jouée sans la réclamer : choisir parmi double, stays.",
             "Board card played but not claimed: choose one of double, stays."),
            ("Pions de chaque joueur au départ : entre 1 et 10000.", "Pions each player starts with: between 1 and 10000."),
            ("On remise avant chaque donne : oui ou non attendu.", "Stakes again before every deal: expected true or false."),
        ])


class TestWholeGames:
    def test_the_first_deal_moves_pions_as_worked_by_hand(self):
        sheet = play(4, [DEAL_ONE])
        assert sheet.rounds[0].scores == [35, -16, -35, -44]
        assert sheet.totals == [85, 34, 15, 6]
        assert sheet.board == {"10D": 0, "JC": 16, "QS": 12, "KH": 32, "7D": 0}
        assert not sheet.finished
        assert said(sheet, 1) == [
            "Mises : chacun met 1, 2, 3, 4 et 5 pions sur 10♦, V♣, D♠, R♥ et 7♦ (15 pions chacun).",
            "Bea joue le 10♦ et le réclame : il prend la case, 4 pions.",
            "Ana joue le 7♦ et le réclame : il prend la case, 20 pions.",
            "Cid a oublié de réclamer le V♣ : il paie dans la case autant qu'elle contient : 8 pions.",
            "Dan a gardé le R♥ en main : il paie dans la case autant qu'elle contient : 16 pions.",
            "Bea paie à Ana ses points en main : 5 pions.",
            "Cid paie à Ana ses points en main : 12 pions.",
            "Dan paie à Ana ses points en main : 13 pions.",
            "Plateau après la donne : 10♦ 0, V♣ 16, D♠ 12, R♥ 32, 7♦ 0 (60 pions).",
        ]

    def test_a_grand_opera_and_players_who_cannot_pay_end_the_game(self):
        sheet = play(4, [DEAL_ONE, DEAL_TWO])
        assert sheet.rounds[1].scores == [-55, 136, -15, -6]
        assert sheet.totals == [30, 170, 0, 0]
        assert sheet.board == {k: 0 for k in KEYS}
        assert sheet.finished
        assert sheet.winners == [1]
        notes = said(sheet, 2)
        assert "Dan n'avait que 6 pions : il mise ce qu'il a (10♦ 1, V♣ 2, D♠ 3)." in notes
        assert ("Bea a oublié de réclamer le V♣ : il paie dans la case autant qu'elle contient : "
                "24 pions dus, mais il n'en a que 23 ; il paie 23 et tombe à zéro.") in notes
        assert "Grand opéra : Bea a tout posé d'un coup et prend toutes les cases, 130 pions." in notes
        assert "Ana a gardé le D♠ en main : il paie dans la case autant qu'elle contient : la case est vide, rien à payer." in notes
        assert "Cid paie à Bea ses points en main : 30 pions dus, mais il n'a plus de pion ; il ne paie rien." in notes
        assert "Ana paie à Bea ses points en main : 40 pions." in notes
        assert "Cid n'a plus de pion : la partie s'arrête, le plus riche gagne." in notes
        with pytest.raises(GameOver):
            sheet.apply(DEAL_ONE)

    def test_a_forgotten_claim_can_simply_stay_on_the_board(self):
        # As deal one, but Cid pays nothing for the forgotten V♣: 35 - 12 = 23, and the V♣ keeps its 8.
        sheet = play(4, [DEAL_ONE], forgotten_stake="stays")
        assert sheet.totals == [85, 34, 23, 6]
        assert sheet.board == {"10D": 0, "JC": 8, "QS": 12, "KH": 32, "7D": 0}
        assert "Cid a oublié de réclamer le V♣ : la mise reste sur la case (8 pions)." in said(sheet, 1)

    def test_without_restaking_only_the_first_deal_has_stakes(self):
        # Three players. Deal 1: stakes 15 each (35; boxes 3, 6, 9, 12, 15). Bea claims the 7♦ (50).
        # Ana went out: Bea pays 10 (40), Cid 20 (15); Ana 35 + 30 = 65. Board 3 + 6 + 9 + 12 = 30.
        # Deal 2, no stakes: Cid claims the 10♦ (18), Bea kept the V♣ and pays 6 into it (34; V♣ 12).
        # Cid went out: Ana pays 5 (60), Bea 10 (24); Cid 18 + 15 = 33. Board 0 + 12 + 9 + 12 + 0 = 33.
        sheet = play(3, [deal(0, [0, 10, 20], _7D=("claimed_by", 1)),
                         deal(2, [5, 10, 0], _10D=("claimed_by", 2), JC=("held_by", 1))], restake_each_deal=False)
        assert [r.scores for r in sheet.rounds] == [[15, -10, -35], [-5, -16, 18]]
        assert sheet.totals == [60, 24, 33]
        assert sheet.board == {"10D": 0, "JC": 12, "QS": 9, "KH": 12, "7D": 0}
        assert said(sheet, 2)[0] == "Pas de mise cette donne : on ne mise qu'au début de la partie."

    def test_restaking_adds_to_what_stays_on_the_board(self):
        # Same two deals with the default: deal 2 starts with stakes again (Ana 65 → 50, Bea 40 → 25,
        # Cid 15 → 0), boxes 3 + 3, 6 + 6, 9 + 9, 12 + 12, 0 + 15 = 6, 12, 18, 24, 15. Cid claims the 10♦ (6).
        # Bea kept the V♣: pays 12 (13; V♣ 24). Ana pays 5 (45), Bea 10 (3); Cid 6 + 15 = 21.
        sheet = play(3, [deal(0, [0, 10, 20], _7D=("claimed_by", 1)),
                         deal(2, [5, 10, 0], _10D=("claimed_by", 2), JC=("held_by", 1))])
        assert sheet.totals == [45, 3, 21]
        assert sheet.board == {"10D": 0, "JC": 24, "QS": 18, "KH": 24, "7D": 15}
        assert sum(sheet.totals) + sum(sheet.board.values()) == 150

    def test_a_grand_opera_on_the_first_deal_takes_every_stake(self):
        # Three players stake 15 each: 45 on the board. Ana sweeps it and is paid 15 + 20 by the others.
        sheet = play(3, [deal(0, [0, 15, 20], grand_opera=True, _7D=("claimed_by", 0))])
        assert sheet.totals == [35 + 45 + 35, 35 - 15, 35 - 20]
        assert sheet.board == {k: 0 for k in KEYS}

    def test_the_board_history_keeps_the_board_after_each_deal(self):
        sheet = play(4, [DEAL_ONE, DEAL_TWO])
        assert sheet.board_rows == [{"number": 1, "boxes": [0, 16, 12, 32, 0], "total": 60},
                                    {"number": 2, "boxes": [0, 0, 0, 0, 0], "total": 0}]
        assert sheet.next_round().extra == {"board": {k: 0 for k in KEYS}, "stakes_due": True}


class TestLegality:
    def test_the_winner_has_no_points_and_holds_no_board_card(self):
        sheet = NAIN.new_sheet(3)
        problems = sheet.check(deal(0, [4, 10, 10], QS=("held_by", 0)))
        assert codes(problems) == [("remaining", 0, "winner_has_points"), ("stakes.QS", 0, "winner_holds")]

    def test_the_winners_points_may_be_left_blank(self):
        sheet = NAIN.new_sheet(3)
        sheet.apply(deal(1, [3, None, 4]))
        assert sheet.rounds[0].entry["remaining"] == [3, 0, 4]

    def test_a_loser_has_at_least_one_point_and_no_more_than_the_hand_allows(self):
        sheet = NAIN.new_sheet(3)  # 15 cards: at most 150 points
        assert codes(sheet.check(deal(0, [0, 0, 151]))) == [("remaining", 1, "loser_has_no_points"),
                                                             ("remaining", 2, "too_many_points")]
        assert sheet.check(deal(0, [0, 1, 150])) == []
        sheet8 = NAIN.new_sheet(8)  # 6 cards: at most 60 (and an écart of 4: one board card was dealt)
        assert codes(sheet8.check(deal(0, [0, 61, 1, 1, 1, 1, 1, 1], _7D=("claimed_by", 0)))) == [
            ("remaining", 1, "too_many_points")]

    def test_the_ecart_holds_no_more_board_cards_than_it_has_cards(self):
        # 4 players × 12 cards: 4 cards left over, so at least one board card was dealt.
        sheet = NAIN.new_sheet(4)
        problems = sheet.check(deal(0, [0, 5, 5, 5]))
        assert codes(problems) == [("stakes", None, "ecart_too_small")]
        assert problems[0].message.fr == ("5 cartes du plateau sont dites dans l'écart (10♦, V♣, D♠, R♥, 7♦), mais à 4 joueurs "
                                          "l'écart n'a que 4 cartes (52 − 4 × 12) : 4 au plus peuvent y être.")
        assert problems[0].message.en == ("5 board cards are marked left over (10♦, J♣, Q♠, K♥, 7♦), but with 4 players only "
                                          "4 cards are left over (52 − 4 × 12): at most 4 of them can be there.")
        assert sheet.check(deal(0, [0, 5, 5, 5], KH=("claimed_by", 2))) == []

    @pytest.mark.parametrize("n, ecart", [(3, 7), (4, 4), (5, 7), (6, 4), (7, 3), (8, 4)])
    def test_the_ecart_is_52_less_the_hands(self, n, ecart):
        # 52 − 3 × 15, 52 − 4 × 12, 52 − 5 × 9, 52 − 6 × 8, 52 − 7 × 7, 52 − 8 × 6
        sheet = NAIN.new_sheet(n)
        remaining = [0] + [10] * (n - 1)
        played = {key: ("claimed_by", 0) for key in ["_10D", "JC", "QS"][:max(0, 5 - ecart)]}
        assert sheet.check(deal(0, remaining, **played)) == []
        if played:
            played.popitem()  # one board card fewer dealt: one too many in the écart
            assert codes(sheet.check(deal(0, remaining, **played))) == [("stakes", None, "ecart_too_small")]

    def test_the_losers_together_hold_no_more_points_than_their_cards_can_be_worth(self):
        # 3 players: the two losers hold 30 cards at most, worth at most 16 × 10 + 4 × 9 + 4 × 8 + 4 × 7 + 2 × 6 = 268,
        # though each hand alone may be worth 150.
        sheet = NAIN.new_sheet(3)
        assert sheet.check(deal(0, [0, 150, 118])) == []
        problems = sheet.check(deal(0, [0, 150, 119]))
        assert codes(problems) == [("remaining", None, "losers_too_many_points")]
        assert problems[0].message.fr == ("Les perdants ont ensemble 269 points en main, c'est trop : à eux tous ils ont "
                                          "au plus 30 cartes, qui valent au plus 268 points (les 16 cartes à 10, puis les 9, "
                                          "les 8…).")
        assert problems[0].message.en == ("The losers' points in hand add up to 269, too many: between them they hold 30 "
                                          "cards at most, worth 268 at most (the 16 ten-point cards, then the 9s, the 8s…).")

    def test_the_losers_total_is_checked_against_the_deck_at_every_table_size(self):
        # 8 players: 7 losers × 6 cards = 42 cards, 16 × 10 + 4 × (9 + 8 + 7 + 6 + 5 + 4) + 2 × 3 = 322.
        sheet = NAIN.new_sheet(8)
        entry = deal(0, [0, 60, 60, 60, 60, 60, 1, 21], _7D=("claimed_by", 0))
        assert sheet.check(entry) == []
        entry["remaining"][7] = 22
        assert codes(sheet.check(entry)) == [("remaining", None, "losers_too_many_points")]

    def test_a_hand_worth_too_much_is_not_reported_twice(self):
        sheet = NAIN.new_sheet(3)
        assert codes(sheet.check(deal(0, [0, 151, 150]))) == [("remaining", 1, "too_many_points")]

    def test_a_loser_has_at_least_the_board_cards_they_hold(self):
        sheet = NAIN.new_sheet(3)
        problems = sheet.check(deal(0, [0, 16, 10], KH=("held_by", 1), _7D=("held_by", 1)))
        assert codes(problems) == [("remaining", 1, "less_than_held")]
        assert problems[0].message.fr == "Ce joueur garde R♥, 7♦ : au moins 17 points en main."
        assert sheet.check(deal(0, [0, 17, 10], KH=("held_by", 1), _7D=("held_by", 1))) == []

    def test_in_a_grand_opera_only_the_winner_played(self):
        sheet = NAIN.new_sheet(3)
        problems = sheet.check(deal(0, [0, 14, 15], grand_opera=True, JC=("claimed_by", 1), QS=("forgotten_by", 2)))
        assert codes(problems) == [("remaining", 1, "grand_opera_points"), ("stakes.JC", 1, "grand_opera_play"),
                                   ("stakes.QS", 2, "grand_opera_play")]

    def test_a_board_card_has_one_fate_at_most(self):
        sheet = NAIN.new_sheet(3)
        entry = deal(0, [0, 5, 5])
        entry["stakes"]["10D"] = {"claimed_by": 1, "held_by": 2}
        entry["stakes"]["JC"] = {"won_by": 1}
        entry["stakes"]["QS"] = {"held_by": 3}
        entry["stakes"]["AS"] = None
        del entry["stakes"]["KH"]
        assert codes(sheet.check(entry)) == [("stakes", None, "unknown_card"), ("stakes.10D", None, "two_fates"),
                                             ("stakes.JC", None, "bad_fate"), ("stakes.KH", None, "required"),
                                             ("stakes.QS", None, "not_seat")]

    def test_it_reports_every_problem_of_a_bad_entry(self):
        sheet = NAIN.new_sheet(3)
        assert codes(sheet.check({"winner": 7, "grand_opera": "yes", "stakes": [], "remaining": [1, "x", None], "x": 1})) == [
            ("grand_opera", None, "not_bool"), ("remaining", 1, "not_count"),
            ("remaining", 2, "required"), ("stakes", None, "not_object"), ("winner", None, "not_seat"),
            ("x", None, "unknown_field")]

    def test_an_impossible_deal_changes_nothing(self):
        sheet = play(4, [DEAL_ONE])
        with pytest.raises(InvalidEntry):
            sheet.apply(deal(0, [0, 0, 5, 5]))
        assert sheet.totals == [85, 34, 15, 6]
        assert sheet.board == {"10D": 0, "JC": 16, "QS": 12, "KH": 32, "7D": 0}
        assert len(sheet.rounds) == 1

    @given(st.recursive(st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=4),
                        lambda c: st.lists(c, max_size=4) | st.dictionaries(
                            st.sampled_from(["winner", "grand_opera", "stakes", "remaining", "10D", "7D", "claimed_by",
                                             "held_by", "x"]), c, max_size=4)))
    @settings(max_examples=200, deadline=None)
    def test_junk_gets_problems_never_an_exception(self, junk):
        sheet = NAIN.new_sheet(3)
        problems = sheet.check(junk)
        if problems == []:
            sheet.apply(junk)  # whatever passes the check must score
        assert all(p.message.fr and p.message.en for p in problems)


class TestPool:
    def test_a_payment_never_takes_a_player_below_zero(self):
        pool = Pool([5, 0], {"box": 3})
        move = pool.pay_seat(0, 1, 8, "remaining")
        assert (move.due, move.amount, move.short) == (8, 5, True)
        assert pool.purses == [0, 5]
        assert pool.pay_box(0, "box", 4, "held").amount == 0
        assert pool.take_box(1, "box", "claim").amount == 3
        assert (pool.purses, pool.boxes, pool.total) == ([0, 8], {"box": 0}, 8)


# By hand: the écart is 52 − players × hand size; the losers hold (players − 1) × hand size cards, worth at most
# the deck's highest values: 16 tens, then four 9s, four 8s… (3 players: 30 cards, 160 + 36 + 32 + 28 + 2 × 6 = 268;
# 4 and 5: 36 cards, 268 − 12 + 24 + 20 = 300; 6: 40 cards, 300 + 16 = 316; 7 and 8: 42 cards, 316 + 2 × 3 = 322).
ECART = {3: 7, 4: 4, 5: 7, 6: 4, 7: 3, 8: 4}
LOSERS_MOST = {3: 268, 4: 300, 5: 300, 6: 316, 7: 322, 8: 322}


@st.composite
def legal_deal(draw, n):
    hand = HAND_SIZE[n]
    winner = draw(st.integers(0, n - 1))
    opera = draw(st.booleans())
    stakes, held = {}, {s: 0 for s in range(n)}
    for box in BOARD:
        full = list(stakes.values()).count(None) == ECART[n]
        kind = draw(st.sampled_from(["claimed_by", "forgotten_by", "held_by"] if full else
                                    ["ecart", "claimed_by", "forgotten_by", "held_by"]))
        if kind == "ecart":
            stakes[box.key] = None
            continue
        losers = [s for s in range(n) if s != winner]
        seat = draw(st.sampled_from(losers)) if kind == "held_by" else (
            winner if opera else draw(st.integers(0, n - 1)))
        stakes[box.key] = {kind: seat}
        if kind == "held_by":
            held[seat] += box.points
    lows = [0 if s == winner else max(1, hand if opera else 1, held[s]) for s in range(n)]
    remaining, budget = [], LOSERS_MOST[n]
    for s in range(n):
        top = min(10 * hand, budget - sum(lows[s + 1:]))  # leave the others at least their least
        remaining.append(0 if s == winner else draw(st.integers(lows[s], top)))
        budget -= remaining[-1]
    return {"winner": winner, "grand_opera": opera, "stakes": stakes, "remaining": remaining}


@st.composite
def legal_game(draw):
    n = draw(st.integers(3, 8))
    options = {"start_pions": draw(st.integers(1, 200)), "restake_each_deal": draw(st.booleans()),
               "forgotten_stake": draw(st.sampled_from(["double", "stays"]))}
    return n, options, draw(st.lists(legal_deal(n), min_size=1, max_size=12))


class TestProperties:
    @given(legal_game())
    @settings(max_examples=150, deadline=None)
    def test_pions_are_conserved_and_nobody_goes_below_zero(self, game):
        n, options, entries = game
        sheet = NAIN.new_sheet(n, options)
        everything = n * options["start_pions"]
        for entry in entries:
            if sheet.finished:
                break
            assert sheet.check(entry) == []
            board_before = sum(sheet.board.values())
            result = sheet.apply(entry)
            assert sum(sheet.totals) + sum(sheet.board.values()) == everything
            assert min(sheet.totals) >= 0 and min(sheet.board.values()) >= 0
            assert sum(result.scores) == board_before - sum(sheet.board.values())
        assert sheet.finished == (min(sheet.totals) == 0)
