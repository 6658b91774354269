"""The one-line summary of a deal (Sheet.summarise) for the games where someone goes out or wins the coup: who, and
the notable fact, in French and in English. Each entry is built by hand and the line expected is worked out from it
(names in seat order: Alice, Bruno, Chloé, David)."""

import random

import pytest

from companion.games import registry
from companion.kernel.text import name_seats
from tests.groups.legal import entry_for

NAMES = ["Alice", "Bruno", "Chloé", "David"]

# Pinacle at three, from its own tests: David laid 6 cards and holds 6, Émile laid nothing and holds 10 points.
PINACLE_DAVID = {"laid": {"cards": ["8H", "9H", "10H", "10D", "JD", "2D"]},
                 "held": {"cards": ["KS", "6H", "5H", "4S", "4D", "3D"]}}
PINACLE_EMILE = {"laid": {"cards": []}, "held": {"points": 10}}

NAIN_KEYS = ("10D", "JC", "QS", "KH", "7D")


def nain(winner, remaining, grand_opera=False, **fates):
    """A Nain jaune entry; fates by box key (``_7D=("claimed_by", 2)``), the other board cards in the écart."""
    stakes = {k: None for k in NAIN_KEYS}
    for key, (kind, seat) in fates.items():
        stakes[key.removeprefix("_")] = {kind: seat}
    return {"winner": winner, "grand_opera": grand_opera, "stakes": stakes, "remaining": remaining}


# Nain jaune's own worked deals (tests/games/nain_jaune): Alice goes out and claims the 7♦ herself; then Chloé, who
# opens deal 2 (Bruno deals), lays everything in one go.
NAIN_ONE = nain(0, [0, 5, 12, 13], _10D=("claimed_by", 1), _7D=("claimed_by", 0), JC=("forgotten_by", 2),
                KH=("held_by", 3))
NAIN_TWO = nain(2, [60, 50, 0, 80], grand_opera=True, _10D=("claimed_by", 2), JC=("forgotten_by", 2),
                QS=("held_by", 0), _7D=("held_by", 1))

# (game, players, options, entries played before, the entry, French, English)
CASES = [
    # Rami: Bruno goes out; the others laid some, nothing, or hold two cards.
    pytest.param("rami", 4, {}, [], {"winner": 1, "hands": [{"points": 20}, None, {"laid_nothing": True},
                                                             {"cards": ["7C", "KS"]}]},
                 "Bruno sort", "Bruno goes out", id="rami"),
    # Rami sec: Alice lays her whole hand at once, nobody else laid anything.
    pytest.param("rami", 3, {}, [], {"winner": 0, "rami_sec": True,
                                     "hands": [None, {"laid_nothing": True}, {"laid_nothing": True}]},
                 "Alice sort · rami sec", "Alice goes out · rami sec", id="rami-sec"),
    pytest.param("gin-rami", 2, {}, [], {"winner": 1}, "Bruno sort", "Bruno goes out", id="gin-rami"),
    pytest.param("gin-rami", 2, {}, [], {"winner": None}, "talon épuisé", "stock run out", id="gin-rami-stock-out"),
    pytest.param("pinacle", 3, {}, [], {"winner": 0, "hands": [None, PINACLE_DAVID, PINACLE_EMILE]},
                 "Alice sort", "Alice goes out", id="pinacle"),
    # At four, Alice goes out in one go (worth 30, not 10): the fact is said. The others hold their nine cards
    # each (5, 6 and 8 points: cards one pack can hold together, its sixteen half-point cards shared out).
    pytest.param("pinacle", 4, {}, [], {"winner": 0, "in_one_go": True, "hands": [
        None, {"laid": {"points": 0}, "held": {"points": 5}}, {"laid": {"points": 0}, "held": {"points": 6}},
        {"laid": {"points": 0}, "held": {"points": 8}}]},
        "Alice sort · en un seul tour", "Alice goes out · in one go", id="pinacle-in-one-go"),
    # The stock ran out: nobody went out, both still hold cards.
    pytest.param("pinacle", 2, {}, [], {"winner": None, "hands": [{"laid": {"points": 10}, "held": {"points": 5}},
                                                                  {"laid": {"points": 10}, "held": {"points": 6}}]},
                 "talon épuisé", "stock run out", id="pinacle-stock-out"),
    # Petite école, deal 1: everyone plays échelon 1; Alice goes out having laid it.
    pytest.param("petite-ecole", 3, {}, [], {"winner": 0, "laid": [True, True, False],
                                             "hands": [None, {"cards": ["AS", "2H", "8D"]}, {"points": 95}]},
                 "Alice sort · échelon 1", "Alice goes out · échelon 1", id="petite-ecole"),
    # Deal 2: Bruno laid échelon 1 in deal 1, so he plays (and lays, going out) échelon 2.
    pytest.param("petite-ecole", 3, {}, [{"winner": 0, "laid": [True, True, False],
                                          "hands": [None, {"cards": ["AS", "2H", "8D"]}, {"points": 95}]}],
                 {"winner": 1, "laid": [True, True, False], "hands": [{"points": 10}, None, {"points": 65}]},
                 "Bruno sort · échelon 2", "Bruno goes out · échelon 2", id="petite-ecole-second-echelon"),
    # Freeze: Alice freezes on 2, strictly below 5 and 9: made. Bruno freezes on 4, Chloé has 3: failed.
    pytest.param("freeze", 3, {}, [], {"freezer": 0, "layouts": [{"points": 2}, {"points": 5}, {"points": 9}]},
                 "Alice · freeze réussi", "Alice · freeze made", id="freeze-made"),
    pytest.param("freeze", 3, {}, [], {"freezer": 1, "layouts": [{"points": 4}, {"points": 4}, {"points": 3}]},
                 "Bruno · freeze raté", "Bruno · failed freeze", id="freeze-failed"),
    # Golf (six cards): 10 against −6, Bruno has the lowest hole.
    pytest.param("golf", 2, {}, [], {"layouts": [{"points": 10}, {"points": -6}]},
                 "Bruno gagne le trou", "Bruno wins the hole", id="golf"),
    pytest.param("golf", 2, {}, [], {"layouts": [{"points": 5}, {"points": 5}]},
                 "Alice et Bruno à égalité", "Alice and Bruno tie", id="golf-tie"),
    # Four-card golf with the knocker's penalty: Alice knocks on 7 (pair of 2s 0, 3 + 4), Bruno 7 ties her: her 7 is
    # doubled to 14, and Bruno's 7 is the lowest of 14, 7, 12.
    pytest.param("golf", 3, {"variant": "four", "knock_penalty": True}, [],
                 {"layouts": [{"rows": [["2S", "3H"], ["2C", "4D"]]}, {"points": 7}, {"points": 12}], "knocker": 0},
                 "Bruno gagne le trou · Alice : score doublé", "Bruno wins the hole · Alice: score doubled",
                 id="golf-knocker-doubled"),
    # Eleusis, round 1 (Alice deals, she is God): Bruno is out of cards.
    pytest.param("eleusis", 4, {}, [], {"cards_left": [None, 0, 5, 12]},
                 "Bruno n'a plus de cartes", "Bruno is out of cards", id="eleusis"),
    # Round 2 (Bruno deals): David is out of cards, Chloé was prophet to the end.
    pytest.param("eleusis", 4, {}, [{"cards_left": [None, 0, 5, 12]}],
                 {"cards_left": [9, None, 9, 0], "prophet": {"seat": 2, "mainline": 10, "sideline": 4, "before_marker": 8}},
                 "David n'a plus de cartes · prophète Chloé", "David is out of cards · prophet Chloé", id="eleusis-prophet"),
    # Round 3 (Chloé deals): everyone expelled, nobody emptied the hand.
    pytest.param("eleusis", 4, {}, [{"cards_left": [None, 0, 5, 12]}, {"cards_left": [9, None, 9, 0]}],
                 {"cards_left": [3, 6, None, 6], "all_expelled": True},
                 "tous exclus", "all expelled", id="eleusis-all-expelled"),
    pytest.param("huit-americain", 3, {}, [], {"winner": 0, "hands": [None, {"cards": ["8H", "AS", "5D"]}, {"points": 57}]},
                 "Alice sort", "Alice goes out", id="huit-americain"),
    pytest.param("huit-americain", 3, {"scoring": "wins"}, [], {"winner": 2},
                 "Chloé sort", "Chloé goes out", id="huit-americain-wins"),
    # Nain jaune: Alice lays every card; Chloé claimed the nain jaune (the 7♦).
    pytest.param("nain-jaune", 4, {"start_pions": 50}, [],
                 nain(0, [0, 5, 12, 13], _10D=("claimed_by", 1), _7D=("claimed_by", 2)),
                 "Alice a tout posé · nain jaune pour Chloé", "Alice went out · yellow dwarf to Chloé", id="nain-jaune"),
    pytest.param("nain-jaune", 4, {"start_pions": 50}, [NAIN_ONE], NAIN_TWO,
                 "Chloé a tout posé · grand opéra", "Chloé went out · grand opéra", id="nain-jaune-grand-opera"),
    # Nobody claimed the 7♦ (it is in the écart): only who went out.
    pytest.param("nain-jaune", 4, {"start_pions": 50}, [], nain(3, [4, 5, 12, 0], _10D=("claimed_by", 1)),
                 "David a tout posé", "David went out", id="nain-jaune-plain"),
    # Cribbage, deal 1: Alice deals; the crib, counted last, makes 4.
    pytest.param("cribbage", 2, {}, [], {"starter": "5D", "pegging": [4, 6],
                                         "hands": [{"cards": ["5H", "5S", "5C", "JD"]}, {"points": 10}], "crib": {"points": 4}},
                 "donneur Alice · 4 au crib", "dealer Alice · 4 in the crib", id="cribbage"),
    # A game to 61: after deal 1 (37 to 16), Bruno deals and turns a Jack (his heels, 2); Alice shows first, 37 + 3 + 22
    # = 62: she reaches 61 and the crib is never counted.
    pytest.param("cribbage", 2, {"target": 61},
                 [{"starter": "5D", "pegging": [4, 6], "hands": [{"cards": ["5H", "5S", "5C", "JD"]}, {"points": 10}],
                   "crib": {"points": 4}}],
                 {"starter": "JS", "pegging": [3, 5], "hands": [{"points": 22}, {"points": 12}], "crib": {"points": 8}},
                 "donneur Bruno · valet retourné · Alice atteint 61", "dealer Bruno · his heels · Alice reaches 61",
                 id="cribbage-heels-and-the-end"),
    # Baccara, Alice banks 10: Bruno's 7♦ K♠ makes 7 and stands, the bank's 3♥ A♠ (4) draws the 4♦: 8.
    pytest.param("baccara", 3, {}, [], {"banker": 0, "offer": 10, "stakes": [None, 6, 4],
                                        "ponte_cards": ["7D", "KS"], "banker_cards": ["3H", "AS", "4D"]},
                 "banque gagne · 8 contre 7", "bank wins · 8 to 7", id="baccara-bank"),
    # Bruno stakes 3 of 5, the most: he is the ponte, and his 9 beats the bank's 2.
    pytest.param("baccara", 3, {}, [], {"banker": 0, "offer": 5, "stakes": [None, 3, 2], "ponte_points": 9, "banker_points": 2},
                 "Bruno gagne · 9 contre 2", "Bruno wins · 9 to 2", id="baccara-ponte"),
    pytest.param("baccara", 3, {}, [], {"banker": 0, "offer": 5, "stakes": [None, 3, 2], "ponte_points": 6, "banker_points": 6},
                 "égalité à 6", "tie at 6", id="baccara-egalite"),
    pytest.param("bataille", 2, {}, [], {"winner": 1}, "Bruno ramasse tout", "Bruno takes every card", id="bataille"),
    # Stopped with 10 + 30 + 12 = 52 cards: Bruno holds the most.
    pytest.param("bataille", 3, {}, [], {"cards_left": [10, 30, 12]},
                 "partie arrêtée · Bruno : 30 cartes", "game stopped · Bruno: 30 cards", id="bataille-stopped"),
    pytest.param("bataille", 2, {}, [], {"cards_left": [26, 26]}, "partie arrêtée · Alice et Bruno ex æquo, 26 cartes",
                 "game stopped · Alice and Bruno tie, 26 cards", id="bataille-stopped-tie"),
    pytest.param("super-bataille", 2, {}, [], {"winner": 0}, "Alice ramasse tout", "Alice takes every card",
                 id="super-bataille"),
    # The 54 cards (jokers included): 20 + 1 + 33.
    pytest.param("super-bataille", 3, {}, [], {"cards_left": [20, 1, 33]},
                 "partie arrêtée · Chloé : 33 cartes", "game stopped · Chloé: 33 cards", id="super-bataille-stopped"),
    pytest.param("menteur", 3, {}, [], {"winner": 0}, "Alice vide sa main", "Alice empties the hand", id="menteur"),
    # The cards left (not scored) say who was stuck with the most: Chloé, 7.
    pytest.param("menteur", 3, {}, [], {"winner": 0, "cards_left": [0, 3, 7]},
                 "Alice vide sa main · Chloé garde 7 cartes", "Alice empties the hand · Chloé keeps 7 cards",
                 id="menteur-cards-left"),
    pytest.param("pouilleux", 4, {}, [], {"winner": 0, "pouilleux": 3},
                 "Alice sort · David garde le pouilleux", "Alice goes out · David keeps the pouilleux", id="pouilleux"),
    # Pharaon, Alice banks. R♠ on the right beats the 7♥ on the left; then the A♣ (high) on the left beats the 2♦.
    pytest.param("pharaon", 3, {}, [], {"banker": 0, "bets": [None, {"right": 5, "left": 0}, {"right": 0, "left": 2}],
                                        "right": "KS", "left": "7H"},
                 "la droite gagne · R♠ contre 7♥", "the right wins · K♠ to 7♥", id="pharaon-right"),
    pytest.param("pharaon", 3, {}, [], {"banker": 0, "bets": [None, {"right": 1, "left": 1}, {"right": 0, "left": 4}],
                                        "right": "2D", "left": "AC"},
                 "la gauche gagne · A♣ contre 2♦", "the left wins · A♣ to 2♦", id="pharaon-left"),
    pytest.param("pharaon", 3, {}, [], {"banker": 0, "bets": [None, {"right": 3, "left": 0}, {"right": 1, "left": 1}],
                                        "right": "9S", "left": "9H"},
                 "paire · la banque ramasse tout", "pair · the bank takes all", id="pharaon-pair"),
    # Only the result entered, no cards: the side that won.
    pytest.param("pharaon", 3, {}, [], {"banker": 2, "bets": [{"right": 0, "left": 2}, {"right": 6, "left": 0}, None],
                                        "result": "left"},
                 "la gauche gagne", "the left wins", id="pharaon-result-only"),
]

GAMES = ["rami", "gin-rami", "pinacle", "petite-ecole", "freeze", "golf", "eleusis", "huit-americain", "nain-jaune",
         "cribbage", "baccara", "bataille", "super-bataille", "menteur", "pouilleux", "pharaon"]


@pytest.mark.parametrize(("slug", "n", "options", "before", "entry", "fr", "en"), CASES)
def test_the_deal_in_one_line(slug, n, options, before, entry, fr, en):
    sheet = registry.get(slug).new_sheet(n, options)
    for earlier in before:
        sheet.apply(earlier)
    summary = sheet.apply(entry).summary
    assert summary is not None
    assert (name_seats(summary.fr, NAMES), name_seats(summary.en, NAMES)) == (fr, en)


def test_every_game_here_has_a_case_of_its_own():
    assert {p.values[0] for p in CASES} == set(GAMES)


@pytest.mark.parametrize("slug", GAMES)
def test_every_legal_deal_says_something(slug):
    # Deals a real table could type (tests/groups/legal.py), a few in a row: each has its line.
    game = registry.get(slug)
    n = min(max(3, game.info.min_players), game.info.max_players)
    sheet = game.new_sheet(n)
    rng = random.Random(7)
    for _ in range(4):
        if sheet.finished:
            break
        result = sheet.apply(entry_for(sheet, rng))
        assert result.summary is not None and result.summary.fr and result.summary.en


def test_the_free_sheet_has_nothing_to_say_beyond_its_scores():
    # Libre: the points typed are the whole deal, so the row keeps them alone.
    sheet = registry.get("libre").new_sheet(3)
    assert sheet.apply({"points": [3, -2, 0]}).summary is None
