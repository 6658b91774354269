"""Legal round entries for every scored game, to generate whole histories.

Each generator returns an entry for the coming round of ``sheet`` that a real table could have typed; the
round-trip test checks it with the rules model before using it, so a generator that goes stale fails loudly.
A game without its own generator falls back on :func:`from_fields`, which tries random values for the fields
the game's form asks (good enough for simple count sheets).
"""

from __future__ import annotations

import random

from companion.rules.base import Sheet
from companion.rules.games.belote_de_comptoir import max_bid, max_cards
from companion.rules.games.nain_jaune import ecart_size


def barbu(sheet: Sheet, rng: random.Random) -> dict:
    # Deal for real: shuffle the deck, cut it into tricks, give each trick to someone; then count.
    n = sheet.n
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    deck = [r + s for r in ranks for s in "SHDC"]
    if n == 5:
        deck = [c for c in deck if c not in ("2C", "2D")]
    rng.shuffle(deck)
    tricks, hearts, queens, king = [0] * n, [0] * n, [0] * n, None
    for i in range(0, len(deck), n):
        taker = rng.randrange(n)
        tricks[taker] += 1
        for card in deck[i:i + n]:
            hearts[taker] += card.endswith("H")
            queens[taker] += card.startswith("Q")
            if card == "KH":
                king = taker
    full = {"tricks": tricks, "hearts": hearts, "queens": queens, "king_of_hearts": king}
    wanted = {f.key for f in sheet.entry_fields(sheet.number)}
    return {k: v for k, v in full.items() if k in wanted}


def vicaire(sheet: Sheet, rng: random.Random) -> dict:
    tricks = [0] * sheet.n
    for _ in range(10):
        tricks[rng.randrange(sheet.n)] += 1
    return {"tricks": tricks}


def nain_jaune(sheet: Sheet, rng: random.Random) -> dict:
    n = sheet.n
    winner = rng.randrange(n)
    stakes = {}
    ecart = ecart_size(n)  # board cards nobody claimed lay in the écart, which holds only so many cards
    for key in ("10D", "JC", "QS", "KH", "7D"):
        unclaimed = sum(1 for fate in stakes.values() if fate is None)
        stakes[key] = rng.choice([None, {"claimed_by": rng.randrange(n)}]) if unclaimed < ecart else {"claimed_by": rng.randrange(n)}
    return {"winner": winner, "grand_opera": False, "stakes": stakes,
            "remaining": [0 if s == winner else rng.randint(1, 25) for s in range(n)]}


def rami(sheet: Sheet, rng: random.Random) -> dict:
    n = sheet.n
    winner = rng.randrange(n)
    # Distinct cards for everyone: never more copies than the two packs and four jokers hold.
    pool = ["7C", "KS", "AH", "10D", "JK", "3S", "QH", "2D", "9C", "JS", "5H", "8D"]
    rng.shuffle(pool)
    hands = []
    for s in range(n):
        if s == winner:
            hands.append(None)
            continue
        kind = rng.randrange(3)
        if kind == 0:
            hands.append({"laid_nothing": True})
        elif kind == 1:
            hands.append({"points": rng.randint(1, 60)})
        else:
            hands.append({"cards": [pool.pop(), pool.pop()]})
    return {"winner": winner, "hands": hands}


def hombre(sheet: Sheet, rng: random.Random) -> dict:
    if rng.random() < 0.15:
        return {"contract": None}
    tricks = [0, 0, 0]
    for _ in range(9):
        tricks[rng.randrange(3)] += 1
    return {"contract": rng.choice(["prendre", "prendre", "sans_prendre", "vole"]), "ombre": rng.randrange(3),
            "tricks": tricks, "matadors": rng.randint(0, 3)}


def belote_a_trois(sheet: Sheet, rng: random.Random) -> dict:
    if rng.random() < 0.1:
        return {"taker": None}
    capot = rng.random() < 0.1
    points = rng.choice([0, 162]) if capot else rng.choice([p for p in range(163) if p not in (1, 161)])
    entry = {"taker": rng.randrange(3), "trump": rng.choice("SHDC"), "points": points,
             "belote": rng.choice([None, None, 0, 1, 2]), "capot": capot}
    if sheet.options.get("annonces"):
        entry["annonces"] = [rng.choice([0, 0, 20, 50, 100]) for _ in range(3)]
    return entry


def belote_de_comptoir(sheet: Sheet, rng: random.Random) -> dict:
    if rng.random() < 0.1:
        return {"bidder": None}
    cards = rng.randint(1, max_cards(sheet.n))
    trump = rng.choice(list(sheet.trumps()))
    top = max_bid(trump, cards, sheet.n)
    return {"cards": cards, "bidder": rng.randrange(sheet.n), "bid": rng.randint(1, top), "trump": trump,
            "points": rng.randint(0, top)}


def from_fields(sheet: Sheet, rng: random.Random) -> dict | None:
    number = sheet.number
    for _ in range(500):
        entry: dict = {}
        for f in sheet.entry_fields(number):
            if f.kind == "count":
                entry[f.key] = [rng.randint(0, f.maximum if f.maximum is not None else 20) for _ in range(sheet.n)]
            elif f.kind == "seat":
                entry[f.key] = rng.randrange(sheet.n)
            elif f.kind == "bool":
                entry[f.key] = rng.random() < 0.5
        if entry and not sheet.check(entry):
            return entry
    return None


GENERATORS = {"barbu": barbu, "vicaire": vicaire, "nain-jaune": nain_jaune, "rami": rami, "hombre": hombre,
              "belote-a-trois": belote_a_trois, "belote-de-comptoir": belote_de_comptoir}


def entry_for(sheet: Sheet, rng: random.Random) -> dict | None:
    generator = GENERATORS.get(sheet.game.slug, from_fields)
    return generator(sheet, rng)
