"""Every rule link a score sheet shows (a refused entry's reason, the coming round's contract) opens an anchor
that exists in that game's rulebook entry, in French and in English.

Each scored game's sheet is driven through a whole game; at every round a handful of bad entries, meant to trip
each of its checks, are tried before a good one is applied. The ``rule`` of every problem and of every contract
met on the way must be an anchor of ``book.entry(slug, lang)``.
"""

from urllib.parse import quote

import pytest

from companion.games import registry
from companion.games.barbu import rules as barbu
from companion.games.barbu_classique import rules as barbu_classique
from companion.games.rami import rules as rami
from companion.kernel.cards import cards
from companion.rulebook import book
from tests.tables.helpers import create_table

from .parsing import read

LANGS = ["fr", "en"]
JUNK = ["not an object", [], {}, {"no_such_field": 1}, {"tricks": "x", "winner": "x", "remaining": "x"}]


# -- bad and good entries, game by game ---------------------------------------------------------------------------
def barbu_good(sheet):
    n, hand = sheet.n, barbu.HAND_SIZE[sheet.n]
    first = [hand] + [0] * (n - 1)
    by_field = {"tricks": first, "hearts": [13] + [0] * (n - 1), "queens": [4] + [0] * (n - 1), "king_of_hearts": 0}
    return {f: by_field[f] for f in sheet.manche(sheet.number).fields}


def barbu_bad(sheet):
    n, hand = sheet.n, barbu.HAND_SIZE[sheet.n]
    rest = [0] * (n - 2)
    return [
        {"tricks": [hand + 1, 0] + rest},  # more tricks than a hand
        {"tricks": [0, 0] + rest},  # tricks that do not add up
        {"tricks": [1, hand - 1] + rest, "hearts": [13, 0] + rest, "queens": [4, 0] + rest, "king_of_hearts": 0},
        {"tricks": [0, hand] + rest, "hearts": [13, 0] + rest, "queens": [1, 3] + rest, "king_of_hearts": 0},
        {"tricks": [hand, 0] + rest, "hearts": [0, 13] + rest, "queens": [4, 0] + rest, "king_of_hearts": 0},
        {"hearts": [1, 1] + rest, "queens": [5, 0] + rest, "king_of_hearts": 9},
        {"hearts": [-1, 14] + rest},
        {"king_of_hearts": 0, "tricks": [0, hand] + rest},
    ]


def rami_good(sheet):
    return {"winner": 0, "rami_sec": sheet.options["sec_only"], "hands": [None] + [{"laid_nothing": True}] * (sheet.n - 1)}


def rami_bad(sheet):
    others = [{"laid_nothing": True}] * (sheet.n - 2)
    eleven = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    return [
        {"winner": 9, "hands": [None, {"points": 10}] + others},
        {"winner": 0, "hands": [None, None] + others},
        {"winner": 0, "hands": [{"points": 3}, {"points": 999}] + others},
        {"winner": 0, "rami_sec": True, "hands": [None, {"points": 10}] + others},
        {"winner": 0, "hands": [None, {"cards": eleven}] + others},
        {"winner": 0, "hands": [None, {"cards": ["AS", "AS", "AS"]}] + others},  # two packs: two A♠ only
        {"winner": 0, "hands": [None, {"cards": ["AS", "ZZ"]}] + others},
        {"winner": 0, "hands": [None, {"cards": []}] + others},
        {"winner": 0, "hands": [None, {"cards": ["1S"] * 200}] + others},
        {"winner": 0, "hands": [None, {"points": 5, "laid_nothing": True}] + others},
        {"winner": 0, "hands": [None, {"laid_nothing": False}] + others},
        {"winner": 0, "hands": [None, "x"] + others},
        {"winner": 0, "hands": [None]},
    ] + ([{"winner": 0, "rami_sec": False, "hands": [None, {"laid_nothing": True}] + others}]  # not a rami sec
         if sheet.options["sec_only"] else [])


def vicaire_good(sheet):
    return {"tricks": [4, 3, 3]}


def vicaire_bad(sheet):
    return [{"tricks": [10, 10, 10]}, {"tricks": [11, 0, 0]}, {"tricks": [1, 2]}, {"tricks": [-1, 6, 5]}]


BOARD = ("10D", "JC", "QS", "KH", "7D")


def nain_jaune_good(sheet):
    return {"winner": 0, "stakes": {k: {"claimed_by": 0} for k in BOARD}, "remaining": [None] + [5] * (sheet.n - 1)}


def nain_jaune_bad(sheet):
    n = sheet.n
    rest = [5] * (n - 2)
    claimed = {k: {"claimed_by": 0} for k in BOARD}
    return [
        {"winner": 0, "stakes": {**claimed, "10D": {"held_by": 0}}, "remaining": [None, 5] + rest},  # winner holds
        {"winner": 0, "grand_opera": True, "stakes": {**claimed, "JC": {"claimed_by": 1}}, "remaining": [None, 50] + rest},
        {"winner": 0, "grand_opera": True, "stakes": claimed, "remaining": [None, 1] + rest},  # fewer points than cards
        {"winner": 0, "stakes": claimed, "remaining": [3, 0] + rest},  # winner with points, loser without
        {"winner": 0, "stakes": claimed, "remaining": [None, 10_000] + rest},
        {"winner": 0, "stakes": {**claimed, "KH": {"held_by": 1}}, "remaining": [None, 2] + rest},  # less than the K♥
        {"winner": 0, "stakes": claimed, "remaining": [None] + [150] * (n - 1)},  # losers worth too much together
        {"winner": 0, "stakes": {**claimed, "XX": None, "7D": {"claimed_by": 0, "held_by": 1}}, "remaining": [None, 5]},
        {"winner": 0, "stakes": {"10D": "x", "JC": {}, "QS": {"eaten_by": 1}, "KH": {"claimed_by": 99}}, "remaining": [None, None] + rest},
        {"winner": 0, "stakes": [], "remaining": [None, "x"] + rest},
    ] + ([{"winner": 0, "stakes": {k: None for k in BOARD}, "remaining": [None, 5] + rest}]  # 5 cards in the écart
         if n in (4, 6, 7, 8) else [])  # écart: 52 − 4×12 = 4, 52 − 6×8 = 4, 52 − 7×7 = 3, 52 − 8×6 = 4


def tarot_lorrain_good(sheet):
    return {"taker": 0, "contract": "garde", "bouts": 2, "points": 47, **({"partner": 1} if sheet.n == 5 else {})}


def tarot_lorrain_bad(sheet):
    partner = {"partner": 1} if sheet.n == 5 else {}
    return [
        {"taker": 0, "contract": "petite", "bouts": 4, "points": 40.25, **partner},
        {"taker": 0, "contract": "garde", "bouts": 0, "points": 90, **partner},  # more than 91 less the defence's bouts
        {"taker": 0, "contract": "garde", "bouts": 0, "points": 50, "petit_au_bout": "taker", **partner},
        {"taker": 0, "contract": "garde", "bouts": 1, "points": 50, "chelem": "unannounced_made", **partner},
        {"taker": 0, "contract": "garde", "bouts": 1, "points": 50, "chelem": "x", "petit_au_bout": "x", **partner},
        {"taker": 0, "contract": "garde", "bouts": 1, "points": 50, **partner,
         "poignees": [{"seat": 0, "size": "triple"}, {"seat": 1, "size": "triple"}, {"seat": 1, "size": "y"}]},
        {"taker": 0, "contract": "garde", "bouts": 1, "points": 50, "partner": 9},
        {"taker": None, "points": 3},
    ]


def tarot_tare_good(sheet):
    points = [91] + [0] * (sheet.n - 1)
    if sheet.options["chien"] == "aside":  # 6 low cards in the chien (3 at 5 players, 1.5: an odd number of halves)
        chien = 1.5 if sheet.n == 5 else 3
        return {"points": [91 - chien] + [0] * (sheet.n - 1), "chien_points": chien}
    return {"points": points}


def tarot_tare_bad(sheet):
    n = sheet.n
    rest = [0] * (n - 2)
    return [
        {"points": [90, 0] + rest},
        {"points": [45.5, 45.5] + rest, "tricks": [0, 1] + rest},
        {"points": [45.5, 45.5] + rest, "chien_points": 0.25, "petit_au_bout": 1},
        {"points": [-1, "x"] + rest},
    ]


def hombre_good(sheet):
    return {"contract": "prendre", "ombre": 0, "tricks": [3, 3, 3]}  # a remise: the game never ends on chips


def hombre_bad(sheet):
    return [{"contract": "grand", "ombre": 0, "tricks": [3, 3, 3]}, {"contract": None, "ombre": 0},
            {"contract": "vole", "ombre": 5, "tricks": [9, 9, 9], "matadors": 4}]


def belote_a_trois_good(sheet):
    return {"taker": 0, "trump": "H", "points": 82}


def belote_a_trois_bad(sheet):
    return [{"taker": 0, "trump": "H", "points": 161}, {"taker": 0, "trump": "X", "points": 100, "capot": True},
            {"taker": None, "points": 3}, {"taker": 0, "trump": "H", "points": 80, "annonces": [25, 0, 0]}]


def belote_de_comptoir_good(sheet):
    return {"cards": 1, "bidder": 0, "bid": 10, "trump": "H", "points": 0}  # failed: one point to each other


def belote_de_comptoir_bad(sheet):
    return [{"cards": 6, "bidder": 0, "bid": 10, "trump": "H", "points": 0},
            {"cards": 1, "bidder": 0, "bid": 400, "trump": "SA", "points": 0},
            {"cards": 1, "bidder": 0, "bid": 10, "trump": "TA", "points": 500}, {"bidder": None, "bid": 3}]


def bids_good(sheet):
    cards = sheet.cards_for(sheet.number)
    return {"bids": [0] * sheet.n, "tricks": [cards] + [0] * (sheet.n - 1)}  # bids of 0 never add up to the cards


def bids_bad(sheet):
    n, cards = sheet.n, sheet.cards_for(sheet.number)
    rest = [0] * (n - 1)
    return [
        {"bids": [cards + 1] + rest, "tricks": [cards] + rest},  # a bid above the cards held
        {"bids": [0] * n, "tricks": [cards + 1] + rest},  # tricks that do not add up
        {"bids": [0] * n, "tricks": [cards] + rest, "cards": cards + 1},
        {"bids": [0] * n, "tricks": [cards] + rest, "turned": "ZZ"},
        {"bids": [cards] + rest, "tricks": [cards] + rest, "cards": 0},  # and the hook, with that option
    ]


def chasse_coeur_good(sheet):
    if sheet.options["values"] == "dames_13":
        return {"hearts": [13] + [0] * (sheet.n - 1), "queens": {q: 0 for q in ("QS", "QH", "QD", "QC")}}
    return {"hearts": [13] + [0] * (sheet.n - 1), "queen_of_spades": 1}


def chasse_coeur_bad(sheet):
    n = sheet.n
    rest = [0] * (n - 2)
    return [
        {"hearts": [12, 0] + rest, "queen_of_spades": 0, "queens": {"QS": 0}},
        {"hearts": [0, 13] + rest, "queens": {"QS": 0, "QH": 0, "QD": 0, "QC": 9}},
        {"hearts": [13, 0] + rest, "queen_of_spades": 0, "tricks": [0, 1] + rest},
        {"hearts": [13, 0] + rest, "queen_of_spades": 0, "queens": {"QS": 0, "QH": 0, "QD": 0, "QC": 0}, "tricks": [1, 0] + rest},
    ]


def petasse_good(sheet):
    return {"hearts": [4, 4] + [0] * (sheet.n - 2), "queen_of_spades": 0}


def petasse_bad(sheet):
    n = sheet.n
    rest = [0] * (n - 2)
    hand = sheet.next_round().extra["hand"]
    return [
        {"hearts": [8, 0] + rest, "queen_of_spades": 0},  # every point: every trick too?
        {"hearts": [7, 1] + rest, "queen_of_spades": 0, "all_tricks": 0},
        {"hearts": [8, 0] + rest, "queen_of_spades": 0, "all_tricks": None, "tricks": [hand, 0] + rest},
        {"hearts": [6, 2] + rest, "queen_of_spades": 9, "tricks": [1, 0] + rest},
        {"hearts": [6, 2] + rest, "queen_of_spades": 0, "tricks": [1, hand - 1] + rest},
    ]


def libre_good(sheet):
    return {"points": [3] + [-1] * (sheet.n - 1)}


def libre_bad(sheet):
    return [{"points": [1]}, {"points": [1.5] * sheet.n}, {"points": [None] * sheet.n}, {"points": [10**9] * sheet.n}]


def empereur_good(sheet):
    n = sheet.n
    if sheet.mode == "elite":
        return {"emperor": 0, "hands": [None] + [{"cards": ["3S"]} if s == 1 else {"points": 3} for s in range(1, n)]}
    if sheet.mode == "miroir_elite":
        return {"exclu": 1, "hands": [{"points": 12} if s == 1 else None for s in range(n)]}
    return {"exclu": n - 1} if sheet.role == "exclu" else {"emperor": 0}


def empereur_bad(sheet):
    n = sheet.n
    if sheet.mode == "elite":
        return [{"emperor": 0, "joker_out": [0], "hands": [None] * n},
                {"emperor": 0, "hands": [{"points": 3}] + [{"cards": []}] * (n - 1)}]
    if sheet.mode == "miroir_elite":
        return [{"exclu": 0, "hands": [None] * n}, {"exclu": 0, "joker_out": [0], "hands": [{"points": 5}] + [None] * (n - 1)},
                {"exclu": 0, "hands": [{"points": 5}] * n}]
    return [{"emperor": 0, "joker_out": [0]}, {"exclu": 0, "joker_out": [1]}]


def petite_ecole_good(sheet):
    return {"winner": 0, "laid": [True] * sheet.n, "hands": [None] + [{"points": 5}] * (sheet.n - 1)}


def petite_ecole_bad(sheet):
    n = sheet.n
    return [{"winner": 0, "laid": [False] * n, "hands": [None] + [{"points": 65}] * (n - 1)},
            {"winner": 0, "laid": [True] + [False] * (n - 1), "hands": [None] + [{"points": 60}] * (n - 1)},
            {"winner": 0, "laid": [True] * n, "hands": [None] + [{"cards": ["3S"] * 13}] * (n - 1)}]


def pinacle_good(sheet):
    h = sheet.hand_size
    return {"winner": 0, "hands": [None] + [{"laid": {"points": 0}, "held": {"points": h}}] * (sheet.n - 1)}


def pinacle_bad(sheet):
    n, h = sheet.n, sheet.hand_size
    return [{"winner": None, "in_one_go": True, "hands": [{"laid": {"points": 0}, "held": {"points": h}}] * n},
            {"winner": 0, "hands": [None] + [{"laid": {"points": 0}, "held": {"points": 0}}] * (n - 1)},
            {"winner": 0, "hands": [None] + [{"laid": {"cards": ["3S"]}, "held": {"cards": ["4S"]}}] * (n - 1)},
            {"winner": None, "hands": [{"laid": {"points": 25}, "held": {"points": 0}}] * n}]


def gin_rami_good(sheet):
    return {"winner": len(sheet.rounds) % 2}


def gin_rami_bad(sheet):
    return [{"winner": 2}, {}]
def freeze_good(sheet):
    return {"freezer": 0, "layouts": [{"rows": [["KH", "KD"], []]}] + [{"points": 3}] * (sheet.n - 1)}


def freeze_bad(sheet):
    rest = [{"points": 3}] * (sheet.n - 2)
    return [{"freezer": 0, "layouts": [{"points": -3}, {"points": 3}] + rest},
            {"freezer": 0, "layouts": [{"rows": [["KH"]]}, {"points": 3}] + rest},
            {"freezer": 0, "layouts": [{"rows": [["KH"], ["KH"]]}, {"rows": [["JK"], []]}] + rest},
            {"freezer": 0, "layouts": [{"points": 318}, {"points": 318}] + rest}]


def golf_good(sheet):
    return {"layouts": [{"points": 5}] * sheet.n, "knocker": 0}


def golf_bad(sheet):
    rest = [{"points": 5}] * (sheet.n - 2)
    return [{"layouts": [{"points": 99}, {"points": 5}] + rest, "knocker": 0},
            {"layouts": [{"rows": [["KS"], ["KH"]]}, {"points": 5}] + rest, "knocker": 9}]


def cribbage_good(sheet):
    return {"starter": "2C", "pegging": [1] + [0] * (sheet.n - 1), "hands": [{"points": 0}] * sheet.n,
            "crib": {"points": 0}}


def cribbage_bad(sheet):
    n = sheet.n
    return [{"starter": "2C", "pegging": [0] * n, "hands": [{"points": 19}] * n, "crib": {"points": 0}},
            {"starter": "2C", "pegging": [1] + [0] * (n - 1), "hands": [{"cards": ["2C", "3C", "4C", "5C"]}] * n},
            {"starter": "2C", "pegging": [121] * n, "hands": [None] * n}]


def eleusis_good(sheet):
    dealer = sheet.dealer_for(sheet.number)
    out = (dealer + 1) % sheet.n  # one player only ends with no card
    return {"cards_left": [None if s == dealer else 0 if s == out else s % 3 + 1 for s in range(sheet.n)]}


def eleusis_bad(sheet):
    dealer = sheet.dealer_for(sheet.number)
    return [{"cards_left": [3] * sheet.n}, {"cards_left": [None if s == dealer else 2 for s in range(sheet.n)]},
            {"cards_left": [None if s == dealer else 0 for s in range(sheet.n)],
             "prophet": {"seat": dealer, "mainline": -1, "sideline": 0, "before_marker": 0}}]


def war_good(sheet):
    return {"winner": sheet.number % sheet.n}


def war_bad(sheet):
    return [{"winner": 0, "cards_left": [1] * sheet.n}, {"cards_left": [1] * sheet.n}, {"winner": sheet.n}]


def baccara_good(sheet):
    banker = sheet.banker
    stakes = [None if s == banker else (4 if s == (banker + 1) % sheet.n else 0) for s in range(sheet.n)]
    return {"banker": banker, "offer": 4, "stakes": stakes, "ponte_cards": ["9S", "KH"], "banker_cards": ["2C", "3D"]}


def baccara_bad(sheet):
    good = baccara_good(sheet)
    return [
        {**good, "banker": (sheet.banker + 1) % sheet.n},
        {**good, "offer": 100},  # nobody covers half
        {**good, "offer": 2},  # stakes over the offer
        {**good, "ponte_cards": ["9S", "KH", "2S"]},  # a natural draws
        {**good, "ponte_cards": ["2S", "KH"]},  # must draw
        {**good, "ponte_cards": ["2C", "KH", "4S"]},  # 2♣ twice in one pack
        {**good, "ponte_points": 3},
    ]


def pharaon_good(sheet):
    return {"banker": 0, "bets": [None] + [{"right": 1, "left": 0}] * (sheet.n - 1), "right": "KS", "left": "2H"}


def pharaon_bad(sheet):
    good = pharaon_good(sheet)
    return [{**good, "right": "KS", "left": "KS"}, {**good, "result": "left"}, {**good, "right": "JK"},
            {**good, "bets": [None] + [{"right": 0, "left": 0}] * (sheet.n - 1)}]


def huit_good(sheet):
    winner = sheet.number % sheet.n
    return {"winner": winner, "hands": [None if s == winner else {"cards": ["8H"]} if s == 1 else {"points": 7}
                                        for s in range(sheet.n)]}


def huit_bad(sheet):
    rest = [{"points": 5}] * (sheet.n - 2)
    return [
        {"winner": 0},  # with penalty points the hands are required (with wins, fine: so not listed there)
        {"winner": 0, "hands": [{"points": 3}, {"points": 1}] + rest},
        {"winner": 0, "hands": [None, {"cards": ["JK"]}] + rest},
        {"winner": 0, "hands": [None, {"cards": ["AS", "AS", "AS"]}] + rest},
        {"winner": 0, "hands": [None, {"cards": ["ZZ"]}] + rest},
        {"winner": 9, "hands": "x"},
    ][0 if sheet.options["scoring"] == "penalty" else 1:]


def menteur_good(sheet):
    return {"winner": sheet.number % sheet.n}


def menteur_bad(sheet):
    return [{"winner": 0, "cards_left": [1] + [0] * (sheet.n - 1)}, {"winner": 0, "cards_left": [0] + [60] * (sheet.n - 1)},
            {"winner": -1}]


def pouilleux_good(sheet):
    return {"winner": 0, "pouilleux": 1, **({"removed": "7H"} if sheet.options["mysterieux"] else {})}


def pouilleux_bad(sheet):
    return [{"winner": 0, "pouilleux": 0}, {"winner": 0, "pouilleux": 1, "removed": "JK" if sheet.options["mysterieux"] else "7H"}]


def belote_good(sheet):
    return {"taker": sheet.number % 4, "trump": "S", "points": 100, "belote": None, "capot": False}


def belote_bad(sheet):
    return [
        {"taker": 0, "trump": "S", "points": 161},  # no card is worth 1
        {"taker": 0, "trump": "S", "points": 90, "annonces": [0, 25, 0, 0]},  # not a multiple of ten
        {"taker": 0, "trump": "S", "points": 90, "capot": True},
    ]


def coinche_good(sheet):
    return {"bidder": sheet.number % 4, "contract": 80, "trump": "H", "points": 90}


def coinche_bad(sheet):
    return [
        {"bidder": 0, "contract": 85, "trump": "H", "points": 90},  # not a contract
        {"bidder": 0, "contract": 80, "trump": "H", "points": 90, "coinche": 5},
        {"bidder": 0, "contract": 80, "trump": "H", "points": 161},
        {"bidder": 0, "contract": "generale", "trump": "H", "points": 100, "generale": True},
        {"bidder": 0, "contract": 80, "trump": "H", "points": 90, "annonces": [0, 25, 0, 0]},
    ]


def barbu_classique_good(sheet):
    key = sheet.next_extra()["remaining"][0]
    facts = {"tricks": [13, 0, 0, 0], "hearts": [13, 0, 0, 0], "ace_of_hearts": 0, "queens": [4, 0, 0, 0],
             "king_of_hearts": 0, "last_two": [0, 1], "trump": "S", "order": [0, 1, 2, 3]}
    return {"contract": key, **{f: facts[f] for f in barbu_classique.BY_KEY[key].fields}}


def barbu_classique_bad(sheet):
    return [
        {"contract": "plis", "tricks": [1, 1, 1, 1]},
        {"contract": "coeurs", "hearts": [0, 13, 0, 0], "ace_of_hearts": 0},
        {"contract": "dames", "queens": [1, 1, 1, 0]},
        {"contract": "deux-derniers", "last_two": [9]},
        {"contract": "atout", "trump": "SA", "tricks": [13, 0, 0, 0]},
        {"contract": "reussite", "order": [0, 0, 0, 0]},
        {"contract": "salade"},
    ]


DRIVERS = {
    "empereur": (empereur_good, empereur_bad, [{}, {"mode": "elite"}, {"mode": "miroir_normal"}, {"mode": "miroir_elite"}]),
    "petite-ecole": (petite_ecole_good, petite_ecole_bad, [{}, {"packs": 3}]),
    "pinacle": (pinacle_good, pinacle_bad, [{}, {"winner_counts_laid": False, "target": 30}]),
    "gin-rami": (gin_rami_good, gin_rami_bad, [{}, {"deals": 3}]),
    "freeze": (freeze_good, freeze_bad, [{}]),
    "golf": (golf_good, golf_bad, [{}, {"variant": "four", "knock_penalty": True}]),
    "cribbage": (cribbage_good, cribbage_bad, [{}, {"target": 61}]),
    "eleusis": (eleusis_good, eleusis_bad, [{}]),
    "bataille": (war_good, war_bad, [{}, {"deck": 32, "jokers": 2}]),
    "super-bataille": (war_good, war_bad, [{}]),
    "baccara": (baccara_good, baccara_bad, [{}]),
    "pharaon": (pharaon_good, pharaon_bad, [{}]),
    "huit-americain": (huit_good, huit_bad, [{}, {"scoring": "penalty"}]),
    "menteur": (menteur_good, menteur_bad, [{}, {"deck": 32, "wins_needed": None}]),
    "pouilleux": (pouilleux_good, pouilleux_bad, [{}, {"mysterieux": True, "scoring": "poux"}]),
    "tarot-lorrain": (tarot_lorrain_good, tarot_lorrain_bad, [{}]),
    "tarot": (tarot_lorrain_good, tarot_lorrain_bad, [{}, {"chelem_defence": False, "five_players_split": "egal"}]),
    "tarot-tare": (tarot_tare_good, tarot_tare_bad, [{}, {"chien": "aside", "petit_au_bout": True}]),
    "hombre": (hombre_good, hombre_bad, [{}]),
    "belote-a-trois": (belote_a_trois_good, belote_a_trois_bad, [{}, {"annonces": True}]),
    "belote-de-comptoir": (belote_de_comptoir_good, belote_de_comptoir_bad, [{}, {"sans_atout": True, "target": 100}]),
    "barbu": (barbu_good, barbu_bad, [{}, {"series": True}, {"king_stops_play": False}]),
    "rami": (rami_good, rami_bad, [{}, {"sec_only": True}]),
    "vicaire": (vicaire_good, vicaire_bad, [{}]),
    "nain-jaune": (nain_jaune_good, nain_jaune_bad, [{}, {"restake_each_deal": False, "forgotten_stake": "stays"}]),
    "rikiki": (bids_good, bids_bad, [{}, {"hook": True, "max_cards": 3}]),
    "motton": (bids_good, bids_bad, [{}, {"hook": True, "start_cards": 2}]),
    "chasse-coeur": (chasse_coeur_good, chasse_coeur_bad, [{}, {"values": "dames_13"}]),
    "petasse": (petasse_good, petasse_bad, [{}]),
    "belote": (belote_good, belote_bad, [{}, {"annonces": True}]),
    "coinche": (coinche_good, coinche_bad, [{}, {"annonces": True, "generale": True}]),
    "barbu-classique": (barbu_classique_good, barbu_classique_bad, [{}]),
    "libre": (libre_good, libre_bad, [{}, {"lowest_wins": True, "rounds": 4}]),
}
ROUNDS = 6  # games without a fixed end: enough rounds to meet every check again on a sheet with history


def links(slug: str) -> tuple[dict[str, set[str]], set[str]]:
    """Every rule a refused entry or a contract of ``slug`` links to (rule -> codes), and the codes met."""
    good, bad, option_sets = DRIVERS[slug]
    game = registry.get(slug)
    rules: dict[str, set[str]] = {}
    codes: set[str] = set()
    for n in range(game.info.min_players, game.info.max_players + 1):
        for options in option_sets:
            sheet = game.new_sheet(n, options)
            for number in range(1, 200):
                contract = sheet.contract_for(number)
                if contract and contract.rule:
                    rules.setdefault(contract.rule, set()).add(f"contract {contract.key}")
            while not sheet.finished and len(sheet.rounds) < (ROUNDS if slug not in ("barbu", "barbu-classique") else 100):
                nxt = sheet.next_round()
                if nxt.contract and nxt.contract.rule:
                    rules.setdefault(nxt.contract.rule, set()).add(f"contract {nxt.contract.key}")
                for entry in JUNK + bad(sheet):
                    problems = sheet.check(entry)
                    assert problems, f"{slug} at {n}, round {sheet.number}: {entry!r} should be refused"
                    for p in problems:
                        codes.add(p.code)
                        if p.rule:
                            rules.setdefault(p.rule, set()).add(p.code)
                sheet.apply(good(sheet))
    return rules, codes


def test_every_scored_game_is_driven_here():
    assert set(registry.scored()) <= set(DRIVERS)


@pytest.mark.parametrize("slug", list(DRIVERS))
def test_every_rule_a_sheet_links_to_is_an_anchor_of_the_games_entry_in_both_languages(slug):
    rules, codes = links(slug)
    assert rules, f"{slug}: no rule link met at all"
    for lang in LANGS:
        anchors = book.entry(slug, lang).anchors
        missing = {rule: sorted(why) for rule, why in rules.items() if rule not in anchors}
        assert missing == {}, f"{slug}/{lang}: links to anchors the entry does not have"


def test_the_checks_meant_here_are_met_and_link_where_expected():
    barbu_rules, _ = links("barbu")
    assert set(barbu_rules) == {"plis", "coeurs", "dames", "roi-de-coeur", "salade"}
    vicaire_rules, vicaire_codes = links("vicaire")
    assert set(vicaire_rules) == {"course"} and "trick_total" in vicaire_codes
    for slug in ("rikiki", "motton"):
        bid_rules, bid_codes = links(slug)
        assert {"annonces", "donnes", "donneur-contraint"} <= set(bid_rules) and "hook" in bid_codes
    assert "donne-rejouee" not in links("motton")[0]  # the good deals here are never void
    assert set(links("chasse-coeur")[0]) == {"cartes-a-points", "dames-a-13"}
    assert set(links("petasse")[0]) == {"points", "capot"}
    rami_rules, rami_codes = links("rami")
    assert {"rami-sec", "rami-sec-obligatoire", "finir"} <= set(rami_rules)
    assert {"rami_sec_others", "sec_only", "impossible_count", "too_many_copies"} <= rami_codes
    nj_rules, nj_codes = links("nain-jaune")
    assert nj_rules["grand-opera"] == {"grand_opera_play", "grand_opera_points", "grand_opera_opener"}
    assert {"winner_holds", "loser_has_no_points", "too_many_points", "less_than_held"} <= nj_rules["paiements"]
    assert {"winner_has_points", "two_fates", "bad_fate", "unknown_card", "not_seat"} <= nj_codes


def test_the_rami_lay_checker_links_to_the_melds_and_the_opening():
    rules = set()
    for melds, opening in [([cards("2♠ 3♠ 4♠")], True), ([cards("A♠ K♥ 2♦")], False), ([cards("8♠ 8♠ 8♦")], False),
                           ([cards("Joker Joker 5♦")], True), ([cards("7♥ 7♣")], False)]:
        lay = rami.check_lay(melds, opening=opening)
        assert lay.problems, melds
        rules |= {p.rule for p in lay.problems if p.rule}
    assert rules == {"combinaisons", "ouverture"}
    for lang in LANGS:
        assert rules <= set(book.entry("rami", lang).anchors)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_the_nain_jaune_form_names_the_rule_it_links_to(client, lang):
    table = create_table(client, "nain-jaune", ["Aline", "Basile", "Clara"])
    bad = {"winner": "0", "remaining.0": "", "remaining.1": "0", "remaining.2": "5",  # a loser without a point
           **{f"stakes_{k}": "claimed_by:0" for k in BOARD}}
    edit = f"/tables/{table['id']}/edit/{table['edit_token']}/"
    response = client.post(edit, bad, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 400
    heading = book.anchor_title("nain-jaune", "paiements", lang)
    assert heading in ("Les paiements de fin de donne", "End-of-deal payments")
    assert (f"/rules/nain-jaune/?back={quote(edit, safe='')}#paiements", heading) in read(response.content.decode()).links
