"""The one-line summary of a deal (Sheet.summarise) of the trick-taking games: built by hand from each entry, with
the players named as the sheet names them (Alice, Bruno, Chloé, David, Émile in seat order)."""

import pytest

from companion.games import registry
from companion.kernel.text import name_seats

NAMES = ["Alice", "Bruno", "Chloé", "David", "Émile"]

GAMES = ("tarot", "tarot-lorrain", "tarot-tare", "belote", "belote-a-trois", "belote-de-comptoir", "coinche",
         "barbu-classique", "barbu", "hombre", "chasse-coeur", "petasse", "rikiki", "vicaire", "motton", "empereur")

# (game, players, options, rounds played before, the round, French summary, English summary)
CASES = [
    # Tarot: 2 bouts need 41, 44 is 3 over.
    ("tarot", 4, {}, [], {"taker": 1, "contract": "garde", "bouts": 2, "points": 44},
     "Bruno · garde · 2 bouts · 44 (+3)", "Bruno · guard · 2 oudlers · 44 (+3)"),
    # 1 bout needs 51: 48.5 is 2.5 short, written with the comma and the true minus sign (at three players, where
    # tricks of three cards make half points).
    ("tarot", 3, {}, [], {"taker": 0, "contract": "prise", "bouts": 1, "points": 48.5},
     "Alice · prise · 1 bout · 48,5 (−2,5)", "Alice · small · 1 oudler · 48.5 (−2.5)"),
    ("tarot", 4, {}, [], {"taker": None}, "Donne passée", "Passed deal"),
    # At 5 with the called king's partner: no bout needs 56, made exactly.
    ("tarot", 5, {}, [], {"taker": 2, "partner": 4, "contract": "garde_sans", "bouts": 0, "points": 56},
     "Chloé + Émile · garde sans · 0 bout · 56 (+0)", "Chloé + Émile · guard without · 0 oudlers · 56 (+0)"),
    # Tarot lorrain, the same sheet: 3 bouts need 36, 40 is 4 over.
    ("tarot-lorrain", 3, {}, [], {"taker": 1, "contract": "garde_contre", "bouts": 3, "points": 40},
     "Bruno · garde contre · 3 bouts · 40 (+4)", "Bruno · guard against · 3 oudlers · 40 (+4)"),
    ("tarot-lorrain", 4, {}, [], {"taker": None}, "Donne passée", "Passed deal"),
    # Tarot taré: 10 + 50.5 + 30.5 = 91; Alice took the fewest, Bruno the most.
    ("tarot-tare", 3, {}, [], {"points": [10, 50.5, 30.5]},
     "Alice le moins (10) · Bruno le plus (50,5)", "Alice fewest (10) · Bruno most (50.5)"),
    # 0 + 0 + 41 + 50 = 91: two seats with nothing are named together.
    ("tarot-tare", 4, {}, [], {"points": [0, 0, 41, 50]},
     "Alice, Bruno le moins (0) · David le plus (50)", "Alice, Bruno fewest (0) · David most (50)"),
    # Belote: 95 against 162 − 95 = 67, made.
    ("belote", 4, {}, [], {"taker": 0, "trump": "H", "points": 95},
     "Alice · ♥ · 95 — faite", "Alice · ♥ · 95 — made"),
    # 70 against 92: dedans.
    ("belote", 4, {}, [], {"taker": 1, "trump": "S", "points": 70},
     "Bruno · ♠ · 70 — dedans", "Bruno · ♠ · 70 — failed"),
    # Every trick to the taker's side.
    ("belote", 4, {}, [], {"taker": 2, "trump": "C", "points": 162, "capot": True},
     "Chloé · ♣ · 162 — capot", "Chloé · ♣ · 162 — capot"),
    # Every trick to the defence: dedans by capot.
    ("belote", 4, {}, [], {"taker": 3, "trump": "D", "points": 0, "capot": True},
     "David · ♦ · 0 — dedans (capot)", "David · ♦ · 0 — failed (capot)"),
    # 81 all, with the reserve: a litige.
    ("belote", 4, {"litige": "reserve"}, [], {"taker": 0, "trump": "H", "points": 81},
     "Alice · ♥ · 81 — litige", "Alice · ♥ · 81 — tie"),
    ("belote", 4, {}, [], {"taker": None}, "Donne passée", "Passed deal"),
    # Belote à trois, the same sheet: 100 against 62 made, 60 against 102 dedans.
    ("belote-a-trois", 3, {}, [], {"taker": 0, "trump": "H", "points": 100},
     "Alice · ♥ · 100 — faite", "Alice · ♥ · 100 — made"),
    ("belote-a-trois", 3, {}, [], {"taker": 1, "trump": "D", "points": 60},
     "Bruno · ♦ · 60 — dedans", "Bruno · ♦ · 60 — failed"),
    ("belote-a-trois", 3, {}, [], {"taker": None}, "Donne passée", "Passed deal"),
    # Belote de comptoir: 60 bid at hearts, 72 made, the bid held; 80 bid, 72 made, a chute.
    ("belote-de-comptoir", 4, {}, [], {"cards": 5, "bidder": 0, "bid": 60, "trump": "H", "points": 72},
     "Alice · 60 à ♥ · 72 — tenue", "Alice · 60 in ♥ · 72 — made"),
    ("belote-de-comptoir", 4, {}, [], {"cards": 5, "bidder": 2, "bid": 80, "trump": "S", "points": 72},
     "Chloé · 80 à ♠ · 72 — chute", "Chloé · 80 in ♠ · 72 — failed"),
    ("belote-de-comptoir", 4, {}, [], {"bidder": None}, "Donne passée", "Passed deal"),
    # Coinche: 100 at hearts doubled, 112 made; 120 at spades, 100 is short.
    ("coinche", 4, {}, [], {"bidder": 0, "contract": 100, "trump": "H", "coinche": 1, "points": 112},
     "Alice · 100 à ♥ coinché · 112 — fait", "Alice · 100 in ♥ doubled · 112 — made"),
    ("coinche", 4, {}, [], {"bidder": 1, "contract": 120, "trump": "S", "points": 100},
     "Bruno · 120 à ♠ · 100 — chuté", "Bruno · 120 in ♠ · 100 — failed"),
    ("coinche", 4, {}, [], {"bidder": None}, "Donne passée", "Passed deal"),
    # Barbu classique: Alice deals the first deal and chooses; with the deal passed on every deal, Bruno the
    # second, at trumps (spades).
    ("barbu-classique", 4, {}, [], {"contract": "coeurs", "hearts": [3, 4, 5, 1], "ace_of_hearts": 2},
     "Alice · pas de cœurs", "Alice · no hearts"),
    ("barbu-classique", 4, {"dealing": "rotate"}, [{"contract": "coeurs", "hearts": [3, 4, 5, 1], "ace_of_hearts": 2}],
     {"contract": "atout", "trump": "S", "tricks": [3, 3, 3, 4]},
     "Bruno · atout ♠", "Bruno · trumps ♠"),
    # Barbu: les plis, then les cœurs, les dames, le roi de cœur, in the document's order.
    ("barbu", 4, {}, [], {"tricks": [4, 3, 5, 1]}, "Les plis · Chloé : 5 plis", "Tricks · Chloé: 5 tricks"),
    ("barbu", 4, {}, [{"tricks": [4, 3, 5, 1]}], {"hearts": [6, 6, 1, 0]},
     "Les cœurs · Alice, Bruno : 6 cœurs", "Hearts · Alice, Bruno: 6 hearts"),
    ("barbu", 4, {}, [{"tricks": [4, 3, 5, 1]}, {"hearts": [6, 6, 1, 0]}], {"queens": [1, 0, 3, 0]},
     "Les dames · Chloé : 3 dames", "Queens · Chloé: 3 queens"),
    ("barbu", 4, {}, [{"tricks": [4, 3, 5, 1]}, {"hearts": [6, 6, 1, 0]}, {"queens": [1, 0, 3, 0]}],
     {"king_of_hearts": 3},
     "Le roi de cœur · pris par David", "King of hearts · taken by David"),
    # L'hombre: sans prendre needs 5 tricks (won); 4 is lost.
    ("hombre", 3, {}, [], {"contract": "sans_prendre", "ombre": 0, "tricks": [5, 2, 2]},
     "Alice · sans prendre · 5 levées — gagné", "Alice · without taking · 5 tricks — won"),
    ("hombre", 3, {}, [], {"contract": "sans_prendre", "ombre": 2, "tricks": [3, 2, 4]},
     "Chloé · sans prendre · 4 levées — perdu", "Chloé · without taking · 4 tricks — lost"),
    # Prendre: Alice took more than each other player, codille (with the French elision d'Alice).
    ("hombre", 3, {}, [], {"contract": "prendre", "ombre": 1, "tricks": [5, 2, 2]},
     "Bruno · prendre · 2 levées — codille d'Alice", "Bruno · entry · 2 tricks — codille to Alice"),
    # Prendre, 4 against 4: nobody took more than each other, remise.
    ("hombre", 3, {}, [], {"contract": "prendre", "ombre": 0, "tricks": [4, 4, 1]},
     "Alice · prendre · 4 levées — remise", "Alice · entry · 4 tricks — remise"),
    ("hombre", 3, {}, [], {"contract": None}, "Donne passée", "Passed deal"),
    # Chasse-cœur: the Q♠ to Chloé, the most hearts (6) to Alice; then Bruno takes every penalty card.
    ("chasse-coeur", 4, {}, [], {"hearts": [6, 4, 3, 0], "queen_of_spades": 2},
     "D♠ pour Chloé · 6 ♥ pour Alice", "Q♠ to Chloé · 6 ♥ to Alice"),
    ("chasse-coeur", 4, {}, [], {"hearts": [0, 13, 0, 0], "queen_of_spades": 1},
     "Bruno fait la générale", "Bruno takes every penalty card"),
    # Pétasse: the Q♠ to Bruno, 4 hearts to Alice; then Chloé takes every trick.
    ("petasse", 4, {}, [], {"hearts": [4, 2, 2, 0], "queen_of_spades": 1},
     "D♠ pour Bruno · 4 ♥ pour Alice", "Q♠ to Bruno · 4 ♥ to Alice"),
    ("petasse", 4, {}, [], {"hearts": [0, 0, 8, 0], "queen_of_spades": 2, "all_tricks": 2},
     "Chloé fait tous les plis", "Chloé takes every trick"),
    # Rikiki, 1, 2 then 3 cards: Bruno alone missed; Chloé alone made it; everyone made it.
    ("rikiki", 4, {}, [], {"bids": [1, 1, 0, 0], "tricks": [1, 0, 0, 0]},
     "1 carte · chuté : Bruno", "1 card · missed: Bruno"),
    ("rikiki", 4, {}, [{"bids": [1, 1, 0, 0], "tricks": [1, 0, 0, 0]}], {"bids": [1, 0, 1, 1], "tricks": [0, 1, 1, 0]},
     "2 cartes · juste : Chloé", "2 cards · made it: Chloé"),
    ("rikiki", 4, {}, [{"bids": [1, 1, 0, 0], "tricks": [1, 0, 0, 0]}, {"bids": [1, 0, 1, 1], "tricks": [0, 1, 1, 0]}],
     {"bids": [1, 1, 1, 0], "tricks": [1, 1, 1, 0]},
     "3 cartes · tous justes", "3 cards · all made it"),
    # Motton, 10 cards: only David missed; then nobody made it.
    ("motton", 4, {}, [], {"bids": [3, 3, 2, 1], "tricks": [3, 3, 2, 2]},
     "10 cartes · chuté : David", "10 cards · missed: David"),
    ("motton", 4, {}, [], {"bids": [4, 4, 4, 4], "tricks": [3, 3, 2, 2]},
     "10 cartes · tous chutés", "10 cards · all missed"),
    # Vicaire: 3, 3, 4 (nobody on 10: Chloé leads); then 7, 3, 0 takes Alice to 10 exactly.
    ("vicaire", 3, {}, [], {"tricks": [3, 3, 4]},
     "Course : Chloé en tête (4)", "Race: Chloé ahead (4)"),
    ("vicaire", 3, {}, [{"tricks": [3, 3, 4]}], {"tricks": [7, 3, 0]},
     "Alice arrive sur 10, gagne la course", "Alice lands on 10, wins the race"),
    ("vicaire", 3, {}, [], {"tricks": [0, 10, 0]},
     "Bruno fait capot, gagne la course", "Bruno takes all 10, wins the race"),
    # 5, 5, 0 twice: Alice and Bruno lead, then reach 10 together, a tie.
    ("vicaire", 3, {}, [], {"tricks": [5, 5, 0]},
     "Course : Alice et Bruno en tête (5)", "Race: Alice and Bruno ahead (5)"),
    ("vicaire", 3, {}, [{"tricks": [5, 5, 0]}], {"tricks": [5, 5, 0]},
     "Ex æquo sur 10 : la course continue", "Tie on 10: the race goes on"),
    # L'empereur: the Emperor, with who went out on a Joker; in Miroir, the Exclu.
    ("empereur", 4, {}, [], {"emperor": 2}, "Empereur : Chloé", "Emperor: Chloé"),
    ("empereur", 4, {}, [], {"emperor": 2, "joker_out": [1]},
     "Empereur : Chloé · sorti sur joker : Bruno", "Emperor: Chloé · out on a Joker: Bruno"),
    ("empereur", 4, {"mode": "miroir_normal"}, [], {"exclu": 3}, "Exclu : David", "Outcast: David"),
]


def summary_of(slug, n, options, before, entry):
    sheet = registry.get(slug).new_sheet(n, options)
    for e in before:
        sheet.apply(e)
    return sheet.apply(entry).summary


@pytest.mark.parametrize(("slug", "n", "options", "before", "entry", "fr", "en"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_the_deal_in_one_line(slug, n, options, before, entry, fr, en):
    summary = summary_of(slug, n, options, before, entry)
    assert summary is not None
    assert name_seats(summary.fr, NAMES[:n]) == fr
    assert name_seats(summary.en, NAMES[:n]) == en


def test_every_trick_game_says_its_deals():
    for slug in GAMES:
        slug_case = next(c for c in CASES if c[0] == slug)
        assert summary_of(*slug_case[:5]) is not None, slug
