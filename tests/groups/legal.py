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
from companion.rules.games.chasse_coeur import REMOVED as CHASSE_COEUR_REMOVED
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


def _taken(rng: random.Random, deck: list[str], n: int) -> tuple[list[int], list[list[str]]]:
    """Play a deal at random: shuffle, cut into tricks of ``n`` cards, give each trick to someone."""
    deck = list(deck)
    rng.shuffle(deck)
    tricks, cards = [0] * n, [[] for _ in range(n)]
    for i in range(0, len(deck), n):
        taker = rng.randrange(n)
        tricks[taker] += 1
        cards[taker] += deck[i:i + n]
    return tricks, cards


RANKS_52 = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
PACK_52 = [r + s for r in RANKS_52 for s in "SHDC"]
PACK_32 = [r + s for r in ["7", "8", "9", "10", "J", "Q", "K", "A"] for s in "SHDC"]


def bids_and_tricks(sheet: Sheet, rng: random.Random) -> dict:
    """Rikiki and Motton: ``cards`` tricks shared out, bids anywhere from 0 to ``cards`` (with the hook, never
    adding up to the tricks), sometimes the cards and a turned card typed as a check."""
    n, cards = sheet.n, sheet.cards_for(sheet.number)
    tricks = [0] * n
    for _ in range(cards):
        tricks[rng.randrange(n)] += 1
    bids = [t if rng.random() < 0.4 else rng.randint(0, cards) for t in tricks]
    if sheet.options.get("hook") and sum(bids) == cards:
        dealer = sheet.dealer_for(sheet.number)
        bids[dealer] = bids[dealer] + 1 if bids[dealer] < cards else bids[dealer] - 1
    entry = {"bids": bids, "tricks": tricks}
    if rng.random() < 0.5:
        entry["cards"] = cards
    if rng.random() < 0.5 and cards * n < len(PACK_52):
        entry["turned"] = rng.choice(PACK_52)
    return entry


def chasse_coeur(sheet: Sheet, rng: random.Random) -> dict:
    n = sheet.n
    tricks, cards = _taken(rng, [c for c in PACK_52 if c not in CHASSE_COEUR_REMOVED[n]], n)
    entry: dict = {"hearts": [sum(c.endswith("H") for c in cs) for cs in cards]}
    holder = {c: s for s, cs in enumerate(cards) for c in cs}
    if sheet.options["values"] == "dames_13":
        entry["queens"] = {q: holder[q] for q in ("QS", "QH", "QD", "QC")}
    else:
        entry["queen_of_spades"] = holder["QS"]
    if rng.random() < 0.5:
        entry["tricks"] = tricks
    return entry


def petasse(sheet: Sheet, rng: random.Random) -> dict:
    n = sheet.n
    pack = [c for c in PACK_32 if n == 4 or c not in ("7D", "7C")]
    tricks, cards = _taken(rng, pack, n)
    if rng.random() < 0.1:  # now and then a capot: one seat takes every trick
        tricks, cards = [0] * n, [[] for _ in range(n)]
        taker = rng.randrange(n)
        tricks[taker], cards[taker] = len(pack) // n, pack
    holder = {c: s for s, cs in enumerate(cards) for c in cs}
    entry: dict = {"hearts": [sum(c.endswith("H") for c in cs) for cs in cards], "queen_of_spades": holder["QS"]}
    took_all = next((s for s in range(n) if tricks[s] == len(pack) // n), None)
    if rng.random() < 0.5:
        entry["tricks"] = tricks
    else:
        entry["all_tricks"] = took_all
    return entry


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


GENERATORS = {"barbu": barbu, "vicaire": vicaire, "nain-jaune": nain_jaune, "rami": rami, "rikiki": bids_and_tricks,
              "motton": bids_and_tricks, "chasse-coeur": chasse_coeur, "petasse": petasse, "hombre": hombre,
              "belote-a-trois": belote_a_trois, "belote-de-comptoir": belote_de_comptoir}


def entry_for(sheet: Sheet, rng: random.Random) -> dict | None:
    generator = GENERATORS.get(sheet.game.slug, from_fields)
    return generator(sheet, rng)


def _tarot_points(rng: random.Random, bouts: int) -> float | int:
    half = rng.randint(9 * bouts, 182 - 9 * (3 - bouts))  # each bout is 4.5 points of its camp
    return half // 2 if half % 2 == 0 else half / 2


def tarot_lorrain(sheet: Sheet, rng: random.Random) -> dict:
    n = sheet.n
    if rng.random() < 0.15:
        return {"taker": None}
    bouts = rng.randint(0, 3)
    entry: dict = {"taker": rng.randrange(n), "contract": rng.choice(["prise", "garde", "garde_sans", "garde_contre"]),
                   "bouts": bouts, "points": _tarot_points(rng, bouts)}
    if n == 5:
        entry["partner"] = rng.randrange(n)
    camps = [None] + (["taker"] if bouts else []) + (["defence"] if bouts < 3 else [])
    entry["petit_au_bout"] = rng.choice(camps)
    if rng.random() < 0.3:
        entry["poignees"] = [{"seat": rng.randrange(n), "size": "simple"}]
    return entry


def tarot_tare(sheet: Sheet, rng: random.Random) -> dict:
    n = sheet.n
    chien = 0
    entry: dict = {}
    if sheet.options["chien"] == "aside":
        chien = rng.randint(3 if n == 5 else 6, 27)
        entry["chien_points"] = chien // 2 if chien % 2 == 0 else chien / 2
    cuts = sorted(rng.randint(0, 182 - chien) for _ in range(n - 1))
    halves = [b - a for a, b in zip([0, *cuts], [*cuts, 182 - chien], strict=True)]
    entry["points"] = [h // 2 if h % 2 == 0 else h / 2 for h in halves]
    return entry


GENERATORS.update({"tarot-lorrain": tarot_lorrain, "tarot-tare": tarot_tare})
