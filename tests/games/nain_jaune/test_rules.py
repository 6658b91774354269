"""Le nain jaune, as in the user's rule document « Le nain jaune ». Every expected number below is worked out by
hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.families.stakes import Pool
from companion.games import registry
from companion.games.nain_jaune.rules import BOARD, HAND_SIZE
from companion.kernel import GameOver, InvalidEntry, InvalidOptions, deck
from companion.kernel.text import name_seats

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
# Deal 2: Bea deals, Cid opens. Stakes: Ana 85 → 70, Bea 34 → 19, Cid 15 → 0 (all of it), Dan has only 6: 1 on the
# 10♦, 2 on the V♣, 3 on the D♠, nothing on the R♥ nor the 7♦ (0 left). Boxes: 10♦ 4, V♣ 16 + 8 = 24,
# D♠ 12 + 12 = 24, R♥ 32 + 12 = 44, 7♦ 15. Cid, who opens, goes out in one go (grand opéra): claims the 10♦
# (0 + 4 = 4), forgot the V♣ and owes as much as it holds, 24, but has only 4 (0; V♣ 28); then sweeps every box:
# 28 + 24 + 44 + 15 = 111. Ana held the D♠ and Bea the 7♦: the boxes are empty now, they pay nothing.
# Nobody else played, so each loser still holds 12 cards: Ana 60, Bea 50, Dan 80 (190 together; at least 181:
# D♠ 10 + 7♦ 7 + the 34 lowest cards off the board, 4 × (1 + 2 + … + 6) + 3 × 7 + 4 × 8 + 3 × 9 = 164).
# Dan, on 0, pays nothing; Ana pays 60 (10); Bea owes 50 and pays her 19 (0). Cid 111 + 60 + 19 = 190.
# Players 10 + 0 + 190 + 0 = 200, board 0.
DEAL_TWO = deal(2, [60, 50, 0, 80], grand_opera=True, _10D=("claimed_by", 2), JC=("forgotten_by", 2),
                QS=("held_by", 0), _7D=("held_by", 1))


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
            "Bea joue le 10♦, le réclame et prend la case : 4 pions.",
            "Ana joue le 7♦, le réclame et prend la case : 20 pions.",
            "Cid a oublié de réclamer le V♣ et paie dans la case autant qu'elle contient : 8 pions.",
            "Dan a gardé le R♥ en main et paie dans la case autant qu'elle contient : 16 pions.",
            "Bea paie à Ana ses points en main : 5 pions.",
            "Cid paie à Ana ses points en main : 12 pions.",
            "Dan paie à Ana ses points en main : 13 pions.",
            "Plateau après la donne : 10♦ 0, V♣ 16, D♠ 12, R♥ 32, 7♦ 0 (60 pions).",
        ]

    def test_a_grand_opera_and_players_who_cannot_pay_end_the_game(self):
        sheet = play(4, [DEAL_ONE, DEAL_TWO])
        # Ana 10 − 85, Bea 0 − 34, Cid 190 − 15, Dan 0 − 6: the 60 pions the board held.
        assert sheet.rounds[1].scores == [-75, -34, 175, -6]
        assert sheet.totals == [10, 0, 190, 0]
        assert sheet.board == {k: 0 for k in KEYS}
        assert sheet.finished
        assert sheet.winners == [2]
        assert said(sheet, 2) == [
            "Mises : chacun met 1, 2, 3, 4 et 5 pions sur 10♦, V♣, D♠, R♥ et 7♦ (15 pions chacun).",
            "Dan n'avait que 6 pions et mise ce qui lui reste (10♦ 1, V♣ 2, D♠ 3).",
            "Cid joue le 10♦, le réclame et prend la case : 4 pions.",
            "Cid a oublié de réclamer le V♣ et paie dans la case autant qu'elle contient : "
            "24 pions dus, mais Cid n'en a que 4, les paie et tombe à zéro.",
            "Grand opéra : Cid a tout posé d'un coup et prend toutes les cases, 111 pions.",
            "Ana a gardé le D♠ en main et paie dans la case autant qu'elle contient : la case est vide, rien à payer.",
            "Bea a gardé le 7♦ en main et paie dans la case autant qu'elle contient : la case est vide, rien à payer.",
            "Dan paie à Cid ses points en main : 80 pions dus, mais Dan n'a plus de pion et ne paie rien.",
            "Ana paie à Cid ses points en main : 60 pions.",
            "Bea paie à Cid ses points en main : 50 pions dus, mais Bea n'en a que 19, les paie et tombe à zéro.",
            "Bea n'a plus de pion : la partie s'arrête, le plus riche gagne.",
            "Dan n'a plus de pion : la partie s'arrête, le plus riche gagne.",
            "Plateau après la donne : 10♦ 0, V♣ 0, D♠ 0, R♥ 0, 7♦ 0 (0 pion).",
        ]
        assert name_seats(sheet.rounds[1].notes[3].en, NAMES) == (
            "Cid forgot to claim the J♣ and pays into the box as much as it holds: "
            "24 pions due, but Cid has only 4, pays them and is down to zero.")
        with pytest.raises(GameOver):
            sheet.apply(DEAL_ONE)

    def test_no_note_assumes_a_gender(self):
        sheet = play(4, [DEAL_ONE, DEAL_TWO])
        for r in sheet.rounds:
            for n in r.notes:
                words = n.fr.replace(",", " ").replace(":", " ").split()
                assert not {"il", "elle", "lui-même", "Il"} & set(words), n.fr
                assert not {"he", "she", "his", "her", "He", "She"} & set(n.en.replace(",", " ").split()), n.en

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
        # Three players, 100 pions each; Ana deals, Bea opens. Stakes 15 each (85 left): 10♦ 3, V♣ 6, D♠ 9, R♥ 12,
        # 7♦ 15. Bea lays all 15 cards in one go, claims the 7♦ (85 + 15 = 100) and sweeps 3 + 6 + 9 + 12 = 30 (130).
        # Ana and Cid hold their 15 cards each: 60 and 70 (at least 36 each, 129 together with the 7♦ played).
        sheet = play(3, [deal(1, [60, 0, 70], grand_opera=True, _7D=("claimed_by", 1))], start_pions=100)
        assert sheet.totals == [85 - 60, 130 + 60 + 70, 85 - 70]
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
        # Three players, Ana deals, Bea opens; every board card in the écart, so hands hold only the other 47 cards:
        # 12 worth 10, then four 9s… Cid holds 15 cards at most: 12 × 10 + 3 × 9 = 147.
        sheet = NAIN.new_sheet(3)
        assert codes(sheet.check(deal(0, [0, 0, 148]))) == [("remaining", 1, "loser_has_no_points"),
                                                            ("remaining", 2, "too_many_points")]
        assert sheet.check(deal(0, [0, 1, 147])) == []
        [problem] = sheet.check(deal(0, [0, 1, 148]))
        assert problem.message.fr == "148 points, c'est trop : 15 cartes au plus dans cette main, qui valent au plus 147 points."

    def test_whoever_opens_the_deal_played_a_card_at_least(self):
        # Bea opens: 14 cards at most, 12 × 10 + 2 × 9 = 138.
        sheet = NAIN.new_sheet(3)
        assert sheet.check(deal(0, [0, 138, 1])) == []
        [problem] = sheet.check(deal(0, [0, 139, 1]))
        assert (problem.seat, problem.code) == (1, "too_many_points")
        assert problem.message.fr == ("139 points, c'est trop : 14 cartes au plus dans cette main (qui a ouvert la donne "
                                      "a joué une carte au moins), qui valent au plus 138 points.")
        assert problem.message.en == ("139 points is too many: 14 cards at most in this hand (whoever opened the deal "
                                      "played one card at least), worth 138 at most.")

    def test_board_cards_count_where_they_are(self):
        # Cid holds the 10♦ and the R♥: 10 + 10 + the 13 best cards off the board, 12 × 10 + 9 = 149.
        # Bea played the V♣ and the D♠ besides: 15 − 2 = 13 cards, 13 × 10 is too many (12 tens off the board): 129.
        sheet = NAIN.new_sheet(3)
        fates = {"_10D": ("held_by", 2), "KH": ("held_by", 2), "JC": ("claimed_by", 1), "QS": ("forgotten_by", 1)}
        assert sheet.check(deal(0, [0, 129, 20], **fates)) == []
        assert sheet.check(deal(0, [0, 1, 149], **fates)) == []
        assert codes(sheet.check(deal(0, [0, 130, 150], **fates))) == [("remaining", 1, "too_many_points"),
                                                                       ("remaining", 2, "too_many_points")]
        [problem] = sheet.check(deal(0, [0, 1, 150], **fates))
        assert problem.message.fr == ("150 points, c'est trop : 15 cartes au plus dans cette main, qui valent au plus "
                                      "149 points avec 10♦, R♥.")
        [problem] = sheet.check(deal(0, [0, 130, 20], **fates))
        assert "(2 cartes du plateau jouées)" in problem.message.fr

    def test_the_opener_at_eight_players(self):
        # 8 players × 6 cards. Bea opens: 5 cards at most, 50 points; Cid 6 cards, 60 (12 tens off the board). The
        # other five hold an ace each, but for the last, who holds a 2: the pack has only four aces.
        sheet8 = NAIN.new_sheet(8)
        assert sheet8.check(deal(0, [0, 50, 60, 1, 1, 1, 1, 2], _7D=("claimed_by", 0))) == []
        assert codes(sheet8.check(deal(0, [0, 51, 61, 1, 1, 1, 1, 2], _7D=("claimed_by", 0)))) == [
            ("remaining", 1, "too_many_points"), ("remaining", 2, "too_many_points")]

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
        # 3 players, no grand opéra, every board card in the écart. The losers were dealt 30 cards and Bea, who opens,
        # played one at least: 29 cards, the best off the board 12 × 10 + 4 × 9 + 4 × 8 + 3 × 7 + 4 × 6 + 2 × 5 = 243,
        # though Bea alone may hold 138 and Cid 147.
        sheet = NAIN.new_sheet(3)
        assert sheet.check(deal(0, [0, 138, 105])) == []
        problems = sheet.check(deal(0, [0, 138, 106]))
        assert codes(problems) == [("remaining", None, "losers_too_many_points")]
        assert problems[0].message.fr == (
            "Les perdants ont ensemble 244 points en main, c'est trop : leurs mains réunies comptent au plus 29 cartes "
            "(2 × 15, moins les cartes jouées par les perdants, une au moins), qui valent au plus 243 points (les plus "
            "fortes possibles : cartes à 10, puis les 9, les 8…).")
        assert problems[0].message.en == (
            "The losers' points in hand add up to 244, too many: their hands together hold 29 cards at most "
            "(2 × 15, less the cards the losers played, one at least), worth 243 at most (the highest there can be: "
            "ten-point cards, then 9s, 8s…).")

    def test_without_a_grand_opera_someone_besides_the_winner_played(self):
        # Bea opens and wins without a grand opéra: Ana or Cid played a card at least. Each alone may hold 15 cards
        # (147), together 29 (243, as above).
        sheet = NAIN.new_sheet(3)
        assert sheet.check(deal(1, [147, 0, 96])) == []
        assert codes(sheet.check(deal(1, [147, 0, 97]))) == [("remaining", None, "losers_too_many_points")]

    def test_the_losers_total_is_checked_against_the_deck_at_every_table_size(self):
        # 8 players: Ana won with the 7♦; the other board cards are the écart's 4 cards. 7 losers × 6 = 42 cards,
        # less Bea's opening card: 41, the best off the board 12 × 10 + 4 × 9 + 4 × 8 + 3 × 7 + 4 × 6 + 4 × 5
        # + 4 × 4 + 4 × 3 + 2 × 2 = 285. A deal that reaches it: Bea 5 tens (50), Cid 6 tens (60), Dan 10 9 9 9 9 8
        # (54), Eve 8 8 8 7 7 7 (45), Fred 6 6 6 6 5 5 (34), Gus 5 5 4 4 4 4 (26), Hal 3 3 3 3 2 2 (16).
        sheet = NAIN.new_sheet(8)
        entry = deal(0, [0, 50, 60, 54, 45, 34, 26, 16], _7D=("claimed_by", 0))
        assert sum(entry["remaining"]) == 285 and sheet.check(entry) == []
        entry["remaining"][7] = 17
        assert codes(sheet.check(entry)) == [("remaining", None, "losers_too_many_points")]

    def test_a_hand_worth_too_much_is_not_reported_twice(self):
        sheet = NAIN.new_sheet(3)
        assert codes(sheet.check(deal(0, [0, 139, 147]))) == [("remaining", 1, "too_many_points")]

    def test_a_loser_has_at_least_the_board_cards_they_hold(self):
        sheet = NAIN.new_sheet(3)
        problems = sheet.check(deal(0, [0, 16, 10], KH=("held_by", 1), _7D=("held_by", 1)))
        assert codes(problems) == [("remaining", 1, "less_than_held")]
        assert problems[0].message.fr == "Ce joueur garde R♥, 7♦ : au moins 17 points en main."
        assert sheet.check(deal(0, [0, 17, 10], KH=("held_by", 1), _7D=("held_by", 1))) == []

    def test_in_a_grand_opera_only_the_winner_played(self):
        # Bea opens (Ana deals) and makes a grand opéra: nobody else can have laid a board card.
        sheet = NAIN.new_sheet(3)
        problems = sheet.check(deal(1, [35, 0, 36], grand_opera=True, JC=("claimed_by", 0), QS=("forgotten_by", 2)))
        assert codes(problems) == [("remaining", 0, "grand_opera_points"), ("stakes.JC", 0, "grand_opera_play"),
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


class TestGrandOpera:
    """Only whoever opens the deal can make a grand opéra, and the losers then still hold every card dealt."""

    def test_only_the_seat_after_the_dealer_can_make_it(self):
        # Four players: deal 1 Ana deals and Bea opens, deal 2 Bea deals and Cid opens, deal 3 Dan opens, deal 4 Ana.
        # The winner plays the 10♦, the other board cards are the écart's 4 cards. Losers' hands in a grand opéra:
        # 12 cards each, all off the board; together at least the 36 lowest, 4 × (1 + … + 6) + 3 × 7 + 4 × 8 + 4 × 9
        # + 10 = 183: 61 each.
        opener = {1: 1, 2: 2, 3: 3, 4: 0}
        sheet = NAIN.new_sheet(4, {"start_pions": 1000})
        for number in range(1, 5):
            for seat in range(4):
                entry = deal(seat, [0 if s == seat else 61 for s in range(4)], grand_opera=True,
                             **{"_10D": ("claimed_by", seat)})
                found = codes(sheet.check(entry))
                if seat == opener[number]:
                    assert found == [], (number, seat)
                else:
                    assert found == [("grand_opera", None, "grand_opera_opener")], (number, seat)
            sheet.apply(deal(opener[number], [0 if s == opener[number] else 61 for s in range(4)], grand_opera=True,
                             _10D=("claimed_by", opener[number])))
        assert [r.dealer for r in sheet.rounds] == [0, 1, 2, 3]

    def test_the_refusal_names_the_seat_that_opens(self):
        sheet = NAIN.new_sheet(3)
        [problem] = sheet.check(deal(0, [0, 60, 70], grand_opera=True, _7D=("claimed_by", 0)))
        # Seat 0 deals, seat 1 opens: named by the table (a seat reference), not numbered from 1 as "joueur n° 2".
        assert problem.message.fr == (
            "Grand opéra : seul qui ouvre la donne, le voisin de gauche du donneur (cette donne, ⟨1⟩), peut poser "
            "toutes ses cartes avant que quiconque joue. Décocher « Grand opéra » ou corriger le gagnant.")
        assert problem.rule == "grand-opera"

    # By hand, the least a whole hand can be worth (the lowest cards: four aces 1, four 2s, four 3s…):
    # 3 players, 15 cards: 4 + 8 + 12 + 3 × 4 = 36; 4: 12 cards, 4 + 8 + 12 = 24; 5: 9 cards, 4 + 8 + 3 = 15;
    # 6: 8 cards, 4 + 8 = 12; 7: 7 cards, 4 + 3 × 2 = 10; 8: 6 cards, 4 + 2 × 2 = 8.
    # All the losers together: 3 players, 30 cards: 4 × (1 + … + 6) = 84, + 4 × 7 + 2 × 8 = 128;
    # 4 and 5 players, 36 cards: 4 × (1 + … + 9) = 180; 6 players, 40: 180 + 4 × 10 = 220;
    # 7 and 8 players, 42: 220 + 2 × 10 = 240.
    HAND_MIN = {3: 36, 4: 24, 5: 15, 6: 12, 7: 10, 8: 8}
    LOSERS_MIN = {3: 128, 4: 180, 5: 180, 6: 220, 7: 240, 8: 240}

    @pytest.mark.parametrize("n", range(3, 9))
    def test_the_minima_come_from_the_deck(self, n):
        from companion.games.nain_jaune import rules as nain_jaune
        assert nain_jaune.hand_points_min(n) == self.HAND_MIN[n]
        assert nain_jaune.losers_points_min(n) == self.LOSERS_MIN[n]

    @pytest.mark.parametrize("n", range(3, 9))
    def test_a_loser_holds_at_least_the_lowest_whole_hand(self, n):
        # Bea opens and sweeps; the 7♦ is in Ana's hand, the ten-point board cards Bea played. Cid's hand alone: at
        # least the lowest whole hand; one point less is refused. The others hold 7 points a card on average, which
        # keeps the losers' total within what they can hold together (3 players: 105 + 36 = 141 ≥ 128).
        sheet = NAIN.new_sheet(n)
        fates = {"_7D": ("held_by", 0), **{k: ("claimed_by", 1) for k in ("_10D", "JC", "QS", "KH")}}
        remaining = [0 if seat == 1 else 7 * HAND_SIZE[n] for seat in range(n)]
        remaining[2] = self.HAND_MIN[n]
        assert codes(sheet.check(deal(1, remaining, grand_opera=True, **fates))) == [], n
        remaining[2] -= 1
        assert codes(sheet.check(deal(1, remaining, grand_opera=True, **fates))) == [("remaining", 2, "grand_opera_points")]

    @pytest.mark.parametrize("n", range(3, 9))
    def test_the_losers_together_hold_at_least_the_lowest_cards_of_the_deck(self, n):
        # Same deal; the losers' points spread evenly, adding up to the minimum exactly (the 7♦ in Ana's hand, so the
        # deck's lowest cards can all be in the losers' hands), then one point fewer.
        sheet = NAIN.new_sheet(n)
        fates = {"_7D": ("held_by", 0), **{k: ("claimed_by", 1) for k in ("_10D", "JC", "QS", "KH")}}
        losers = [s for s in range(n) if s != 1]
        share, extra = divmod(self.LOSERS_MIN[n], len(losers))
        remaining = [0] * n
        for i, seat in enumerate(losers):
            remaining[seat] = share + (1 if i < extra else 0)
        assert sheet.check(deal(1, remaining, grand_opera=True, **fates)) == [], remaining
        remaining[losers[0]] -= 1
        problems = sheet.check(deal(1, remaining, grand_opera=True, **fates))
        assert codes(problems) == [("remaining", None, "losers_too_few_points")]
        assert problems[0].rule == "grand-opera"

    def test_at_three_players_36_and_128_worked_by_hand(self):
        # Ana deals, Bea opens and sweeps. Ana holds the 7♦: 7 + her 14 lowest others (4 aces, 4 twos, 4 threes,
        # 2 fours: 4 + 8 + 12 + 8 = 32) = 39 at least. Cid: 36. Together 7 + the 29 lowest cards off the board
        # (84 for the aces to the 6s, + 3 × 7 + 2 × 8 = 37): 128.
        sheet = NAIN.new_sheet(3)
        opera = {"grand_opera": True}
        held = {"_7D": ("held_by", 0)}
        assert sheet.check(deal(1, [92, 0, 36], **opera, **held)) == []
        assert codes(sheet.check(deal(1, [91, 0, 36], **opera, **held))) == [("remaining", None, "losers_too_few_points")]
        assert codes(sheet.check(deal(1, [38, 0, 90], **opera, **held))) == [("remaining", 0, "grand_opera_points")]
        assert codes(sheet.check(deal(1, [92, 0, 35], **opera, **held))) == [("remaining", 2, "grand_opera_points")]
        # With the 7♦ played by Bea instead, the losers' 30 cards are all off the board: 84 + 3 × 7 + 3 × 8 = 129.
        played = {"_7D": ("claimed_by", 1)}
        assert sheet.check(deal(1, [93, 0, 36], **opera, **played)) == []
        problems = sheet.check(deal(1, [92, 0, 36], **opera, **played))
        assert codes(problems) == [("remaining", None, "losers_too_few_points")]
        assert problems[0].message.fr == (
            "Les perdants ont ensemble 128 points en main, c'est trop peu : leurs mains réunies comptent au moins 30 "
            "cartes (grand opéra : toutes leurs cartes), qui valent au moins 129 points (les plus petites possibles : "
            "As, 2, 3…).")
        [problem] = sheet.check(deal(1, [93, 0, 35], **opera, **played))
        assert problem.message.fr == ("Grand opéra : personne d'autre n'a joué, les 15 cartes reçues sont toutes encore "
                                      "en main et valent au moins 36 points (les plus petites : As, 2, 3…).")
        [problem] = sheet.check(deal(1, [38, 0, 91], **opera, **held))
        assert problem.message.en == ("Grand opéra: nobody else played, all 15 cards dealt are still in hand, worth at "
                                      "least 39 with 7♦ (the lowest: aces, 2s, 3s…).")


class TestPool:
    def test_a_payment_never_takes_a_player_below_zero(self):
        pool = Pool([5, 0], {"box": 3})
        move = pool.pay_seat(0, 1, 8, "remaining")
        assert (move.due, move.amount, move.short) == (8, 5, True)
        assert pool.purses == [0, 5]
        assert pool.pay_box(0, "box", 4, "held").amount == 0
        assert pool.take_box(1, "box", "claim").amount == 3
        assert (pool.purses, pool.boxes, pool.total) == ([0, 8], {"box": 0}, 8)


# What a card left in hand is worth, written out from the rule document: As 1, 2 to 10 face value, V D R 10.
POINTS = {"A": 1, "J": 10, "Q": 10, "K": 10, **{str(v): v for v in range(2, 11)}}


@st.composite
def legal_deal(draw, n, number):
    """A deal as it can really end: the pack shuffled and dealt, the player after the dealer opens (the dealer
    moves one seat a deal from the first player listed), the winner has played every card, the others some of
    theirs — the opener one at least, and somebody besides the winner one at least unless it is a grand opéra,
    made by the opener, in which case nobody else played. Each board card's fate and each loser's points are
    read off the cards."""
    hand = HAND_SIZE[n]
    rng = random.Random(draw(st.integers(0, 10**9)))
    pack = [c.code for c in deck("52")]
    rng.shuffle(pack)
    hands = [pack[i * hand:(i + 1) * hand] for i in range(n)]
    ecart = set(pack[n * hand:])
    opener = number % n  # deal 1: seat 0 deals, seat 1 opens
    opera = draw(st.booleans())
    winner = opener if opera else draw(st.integers(0, n - 1))
    losers = [s for s in range(n) if s != winner]
    keeps = {}
    must_play = None if opera or opener != winner else draw(st.sampled_from(losers))
    for s in losers:
        least = 0 if opera else 1 if s in (opener, must_play) else 0
        played = 0 if opera else draw(st.integers(least, hand - 1))
        keeps[s] = set(rng.sample(hands[s], hand - played))
    stakes = {}
    for box in BOARD:
        if box.key in ecart:
            stakes[box.key] = None
            continue
        (owner,) = [s for s in range(n) if box.key in hands[s]]
        if owner in keeps and box.key in keeps[owner]:
            stakes[box.key] = {"held_by": owner}
        else:
            stakes[box.key] = {draw(st.sampled_from(["claimed_by", "forgotten_by"])): owner}
    remaining = [0 if s == winner else sum(POINTS[c[:-1]] for c in keeps[s]) for s in range(n)]
    return {"winner": winner, "grand_opera": opera, "stakes": stakes, "remaining": remaining}


@st.composite
def legal_game(draw):
    n = draw(st.integers(3, 8))
    options = {"start_pions": draw(st.integers(1, 200)), "restake_each_deal": draw(st.booleans()),
               "forgotten_stake": draw(st.sampled_from(["double", "stays"]))}
    return n, options, [draw(legal_deal(n, number)) for number in range(1, draw(st.integers(1, 12)) + 1)]


class TestProperties:
    @given(legal_game())
    @settings(max_examples=300, deadline=None)
    def test_every_deal_that_can_really_end_is_accepted_and_pions_are_conserved(self, game):
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


class TestRulebook:
    """The nain-jaune page (companion/games/nain_jaune/rulebook/{fr,en}.md) says what the sheet does."""

    PLAYERS = ["Aline", "Basile", "Clara", "Denis"]

    def test_the_worked_example_is_reachable_and_replays_through_the_sheet(self):
        # The deal before (100 pions each, so nobody runs short): Aline deals, Basile opens. Stakes 15 each (85);
        # boxes 10♦ 4, V♣ 8, D♠ 12, R♥ 16, 7♦ 20. Aline claims the 10♦ and the V♣ (97), Basile the R♥ (101),
        # Clara the 7♦ (105); the D♠ sleeps in the écart (12 stay on it). Denis goes out: 5 points from each (Aline
        # 92, Basile 96, Clara 100, Denis 85 + 15 = 100).
        before = deal(3, [5, 5, 5, 0], _10D=("claimed_by", 0), JC=("claimed_by", 0), KH=("claimed_by", 1),
                      _7D=("claimed_by", 2))
        # The example: stakes again (77, 81, 85, 85); boxes 10♦ 4, V♣ 8, D♠ 12 + 12 = 24, R♥ 16, 7♦ 20. Basile takes
        # the 10♦ (85); Clara forgets the V♣ and adds 8 (77; V♣ 16). Aline goes out. Basile keeps R♥ 3♣ 5♦: 16 onto the
        # R♥ (69; R♥ 32) and 10 + 3 + 5 = 18 to Aline (51). Clara keeps 7♦ 9♠: 20 onto the 7♦ (57; 7♦ 40) and
        # 7 + 9 = 16 to Aline (41). Denis keeps As♥ 2♣ V♦: 1 + 2 + 10 = 13 (72). Aline 77 + 18 + 16 + 13 = 124.
        example = deal(0, [0, 18, 16, 13], _10D=("claimed_by", 1), JC=("forgotten_by", 2), KH=("held_by", 1),
                       _7D=("held_by", 2))
        sheet = play(4, [before], start_pions=100)
        assert sheet.board == {"10D": 0, "JC": 0, "QS": 12, "KH": 0, "7D": 0}
        sheet.apply(example)
        assert sheet.rounds[1].extra["movements"][-3:] == [
            {"reason": "remaining", "from": s, "to": 0, "due": d, "paid": d} for s, d in ((1, 18), (2, 16), (3, 13))]
        assert sheet.rounds[1].scores[0] == 77 + 47 - 92  # Aline receives 18 + 16 + 13 = 47 after staking 15
        assert sheet.totals == [124, 51, 41, 72]
        assert sheet.board == {"10D": 0, "JC": 16, "QS": 24, "KH": 32, "7D": 40}
        assert sum(sheet.totals) + sum(sheet.board.values()) == 400
        for lang, text in (("fr", "D♠ 24, R♥ 16, 7♦ 20"), ("en", "Q♠ 24, K♥ 16, 7♦ 20")):
            page = self.page(lang)
            assert text in page and "**47 pions**" in page
        assert "V♣ 16, D♠ 24, R♥ 32 et 7♦ 40" in self.page("fr")
        assert "J♣ 16, Q♠ 24, K♥ 32 and 7♦ 40" in self.page("en")

    @staticmethod
    def page(lang):
        from companion.rulebook import book
        return book.content_path("nain-jaune", lang).read_text(encoding="utf-8")

    def test_the_grand_opera_section_says_only_the_opener_and_shows_the_minima(self):
        from companion.rulebook import book
        for lang, words in (("fr", "refuse un grand opéra fait par un autre joueur"),
                            ("en", "refuses a grand opéra by anyone else")):
            text = " ".join(p.text for p in book.entry("nain-jaune", lang).passages if p.anchor == "grand-opera")
            assert words in text
            assert "grand_opera_minima" in book.entry("nain-jaune", lang).tables_placed
        rows = NAIN.info.table("grand_opera_minima").rows
        assert rows[0] == (3, 15, 36, 128)  # worked out in TestGrandOpera

    @pytest.mark.parametrize("lang", ["fr", "en"])
    def test_the_page_cites_no_private_file_and_draws_no_lots_for_the_sheet(self, lang):
        text = self.page(lang).lower()
        for word in ("seed", "fichier", "notes de recherche", "rules notes", "§", "tire au sort", "draw lots",
                     "la source", "the source", "le texte", "renvoie"):
            assert word not in text, word


def test_pions_are_counted_in_french_words():
    # French says 0 and 1 in the singular: "0 pion", "1 pion", "2 pions"; English "0 pions", "1 pion".
    from companion.games.nain_jaune.rules import _pions
    assert [_pions(k).fr for k in (0, 1, 2)] == ["0 pion", "1 pion", "2 pions"]
    assert [_pions(k).en for k in (0, 1, 2)] == ["0 pions", "1 pion", "2 pions"]


def test_the_losers_points_must_fit_together_in_the_cards_off_the_board():
    # 8 players, 6 cards each; Ana (0) deals and wins, Bea (1) opens, claims 10♦ V♣ D♠ R♥ and holds the 7♦ (7 points).
    # Cid, Dan, Eve and Fay have 1 point each: one ace each, and the pack has only four aces. Gus and Hal have 2 (a 2
    # each). Bea at 8 would hold the 7♦ and a fifth ace: refused, though each hand alone (7 + 1 = 8, two cards of
    # the two she may still hold) and the losers' sum could be.
    sheet = NAIN.new_sheet(8)
    stakes = {"10D": {"claimed_by": 1}, "JC": {"claimed_by": 1}, "QS": {"claimed_by": 1}, "KH": {"claimed_by": 1},
              "7D": {"held_by": 1}}
    entry = {"winner": 0, "grand_opera": False, "stakes": stakes, "remaining": [0, 8, 1, 1, 1, 1, 2, 2]}
    assert [(p.field, p.code) for p in sheet.check(entry)] == [("remaining", "losers_points_apart")]
    # Bea at 7 (the 7♦ alone) or 17 (the 7♦ and a ten-point card) is a real deal.
    for bea in (7, 17):
        assert sheet.check({**entry, "remaining": [0, bea, 1, 1, 1, 1, 2, 2]}) == []
