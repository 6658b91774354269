"""Legal round entries for every scored game, to generate whole histories.

Each generator returns an entry for the coming round of ``sheet`` that a real table could have typed; the
round-trip test checks it with the rules model before using it, so a generator that goes stale fails loudly.
A game without its own generator falls back on :func:`from_fields`, which tries random values for the fields
the game's form asks (good enough for simple count sheets).
"""

from __future__ import annotations

import random

from companion.games.belote_de_comptoir.rules import max_bid, max_cards
from companion.games.chasse_coeur.rules import REMOVED as CHASSE_COEUR_REMOVED
from companion.games.nain_jaune.rules import ecart_size
from companion.games.petite_ecole.rules import card_points as petite_ecole_card_points
from companion.games.petite_ecole.rules import most_cards_after
from companion.kernel.cards import Card, deck
from companion.kernel.game import Sheet


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
            "remaining": [0 if s == winner else rng.randint(5, 25) for s in range(n)]}  # no fight over the four aces


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
            hands.append({"points": rng.randint(2, 60)})  # a 2 is the cheapest card
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


def belote(sheet: Sheet, rng: random.Random) -> dict:
    if rng.random() < 0.1:
        return {"taker": None}
    capot = rng.random() < 0.1
    points = rng.choice([0, 162]) if capot else rng.choice([p for p in range(163) if p not in (1, 161)])
    entry = {"taker": rng.randrange(4), "trump": rng.choice("SHDC"), "points": points,
             "belote": rng.choice([None, None, 0, 1, 2, 3]), "capot": capot}
    if sheet.options.get("annonces"):
        entry["annonces"] = [rng.choice([0, 0, 20, 50, 100]) for _ in range(4)]
    return entry


def coinche(sheet: Sheet, rng: random.Random) -> dict:
    if rng.random() < 0.1:
        return {"bidder": None}
    contract = rng.choice(sheet.allowed_contracts())
    trump = rng.choice(sheet.allowed_trumps())
    capot = contract in ("capot", "generale") and rng.random() < 0.5 or rng.random() < 0.05
    never = (1, 161) if trump != "TA" else ()
    points = 162 if capot else rng.choice([p for p in range(163) if p not in never])
    entry = {"bidder": rng.randrange(4), "contract": contract, "trump": trump, "coinche": rng.choice([0, 0, 1, 2]),
             "points": points, "belote": rng.choice([None, None, 0, 1, 2, 3]) if trump in "SHDC" else None,
             "capot": capot}
    if sheet.options.get("generale"):
        entry["generale"] = capot and rng.random() < 0.5
    if sheet.options.get("annonces"):
        entry["annonces"] = [rng.choice([0, 0, 20, 50, 100]) for _ in range(4)]
    return entry


def barbu_classique(sheet: Sheet, rng: random.Random) -> dict:
    entry = _barbu_classique_contract(sheet, rng)
    if sheet.options.get("doubles"):
        # Whoever still owes the declarer doubles doubles him (so the obligation is always met), others now and
        # then; the declarer sometimes redoubles the first.
        dealer = sheet.dealer_for(sheet.number)
        owed = sheet.next_extra()["doubles_owed"]
        doubles = [{"by": s, "on": dealer} for s in range(sheet.n) if s != dealer and (owed[s] or rng.random() < 0.3)]
        if doubles:
            entry["doubles"] = doubles
            if rng.random() < 0.5:
                entry["redoubles"] = [{"by": dealer, "on": doubles[0]["by"]}]
    return entry


def _barbu_classique_contract(sheet: Sheet, rng: random.Random) -> dict:
    # Deal for real and give each trick to someone, as for Barbu; then the coming dealer's contract's facts.
    key = rng.choice(sheet.next_extra()["remaining"])
    deck = [r + s for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] for s in "SHDC"]
    rng.shuffle(deck)
    takers = [rng.randrange(4) for _ in range(13)]
    taken = [[c for i, t in enumerate(takers) if t == s for c in deck[4 * i:4 * i + 4]] for s in range(4)]
    tricks = [takers.count(s) for s in range(4)]
    if key == "plis":
        return {"contract": key, "tricks": tricks}
    if key == "coeurs":
        return {"contract": key, "hearts": [sum(c.endswith("H") for c in t) for t in taken],
                "ace_of_hearts": next(s for s in range(4) if "AH" in taken[s])}
    if key == "dames":
        return {"contract": key, "queens": [sum(c.startswith("Q") for c in t) for t in taken]}
    if key == "roi-de-coeur":
        return {"contract": key, "king_of_hearts": next(s for s in range(4) if "KH" in taken[s])}
    if key == "deux-derniers":
        return {"contract": key, "last_two": takers[-2:]}
    if key == "atout":
        return {"contract": key, "trump": rng.choice("SHDC"), "tricks": tricks}
    order = list(range(4))
    rng.shuffle(order)
    return {"contract": key, "order": order}


def belote_de_comptoir(sheet: Sheet, rng: random.Random) -> dict:
    if rng.random() < 0.1:
        return {"bidder": None}
    # Not every count can be made with so few cards (one card each: nothing, or the last trick and its ten): drawn
    # until the cards allow it, the sheet saying which can.
    for _ in range(200):
        cards = rng.randint(1, max_cards(sheet.n))
        trump = rng.choice(list(sheet.trumps()))
        top = max_bid(trump, cards, sheet.n)
        entry = {"cards": cards, "bidder": rng.randrange(sheet.n), "bid": rng.randint(1, top), "trump": trump,
                 "points": rng.randint(0, top)}
        if not sheet.check(entry):
            return entry
    return {"bidder": None}


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


def _codes(packs: int = 1, jokers: int = 0) -> list[str]:
    return [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"] * packs + ["JK"] * jokers


def empereur(sheet: Sheet, rng: random.Random) -> dict:
    n, mode, jokers = sheet.n, sheet.options["mode"], sheet.options["jokers"]
    pack = _codes(1, jokers)
    rng.shuffle(pack)
    seat = rng.randrange(n)
    if mode in ("normal", "miroir_normal"):
        entry: dict = {sheet.role: seat}
        if jokers and rng.random() < 0.3:
            entry["joker_out"] = [seat] if mode == "miroir_normal" else [(seat + 1) % n]
        return entry
    if mode == "elite":
        out = [s for s in range(n) if s != seat and jokers and rng.random() < 0.2]
        hands = [None if s == seat else {"cards": []} if s in out else {"cards": [pack.pop() for _ in range(rng.randint(1, 5))]}
                 for s in range(n)]
        return {"emperor": seat, "joker_out": out, "hands": hands}
    if jokers and rng.random() < 0.3:  # Miroir Élite, a Joker finish: the others' cards count
        hands = [None if s == seat else {"cards": [pack.pop() for _ in range(rng.randint(0, 3))]} for s in range(n)]
        hands[(seat + 1) % n] = {"points": rng.randint(3, 40)}
        return {"exclu": seat, "joker_out": [seat], "hands": hands}
    return {"exclu": seat, "hands": [{"cards": [pack.pop() for _ in range(rng.randint(1, 7))]} if s == seat else None for s in range(n)]}


def petite_ecole(sheet: Sheet, rng: random.Random) -> dict:
    n = sheet.n
    pack = _codes(sheet.options["packs"])
    rng.shuffle(pack)
    winner = rng.randrange(n)
    laid = [s == winner or rng.random() < 0.5 for s in range(n)]
    hands: list = []
    for s in range(n):
        if s == winner:
            hands.append(None)
        elif not laid[s]:
            hands.append(_petite_ecole_hand([pack.pop() for _ in range(13)], rng))
        else:
            k = rng.randint(1, most_cards_after(sheet.echelons[s]))
            hands.append(_petite_ecole_hand([pack.pop() for _ in range(k)], rng))
    return {"winner": winner, "laid": laid, "hands": hands}


def _petite_ecole_hand(cards: list[str], rng: random.Random) -> dict:
    """Real cards, listed or counted (the packs hold only so many 2s: a count is of cards that exist)."""
    if rng.random() < 0.5:
        return {"cards": cards}
    return {"points": sum(petite_ecole_card_points(Card.parse_code(c)) for c in cards)}


def pinacle(sheet: Sheet, rng: random.Random) -> dict:
    n, h = sheet.n, sheet.hand_size
    pack = _codes()
    rng.shuffle(pack)
    winner = rng.choice([None, *range(n)])
    hands: list = []
    for s in range(n):
        cards = [pack.pop() for _ in range(h)]
        if s == winner:
            hands.append({"laid": {"cards": cards}} if sheet.options["winner_counts_laid"] else None)
            continue
        k = rng.randint(0, h - 1)  # only the player who went out holds no card
        hands.append({"laid": {"cards": cards[:k]}, "held": {"cards": cards[k:]}})
    entry: dict = {"winner": winner, "hands": hands}
    if winner is not None and rng.random() < 0.3:
        entry["in_one_go"] = True
    return entry


def gin_rami(sheet: Sheet, rng: random.Random) -> dict:
    return {"winner": rng.choice([None, 0, 1, 0, 1])}


def _pack(rng: random.Random, packs: int = 1) -> list[str]:
    codes = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "SHDC"] * packs
    rng.shuffle(codes)
    return codes


def freeze(sheet: Sheet, rng: random.Random) -> dict:
    pack = _pack(rng)
    layouts = []
    for _ in range(sheet.n):
        if rng.random() < 0.3:
            layouts.append({"points": rng.randint(0, 30)})  # below zero only with the two red Kings: not for two seats
        else:
            layouts.append({"rows": [[pack.pop() for _ in range(rng.randint(0, 3))], [pack.pop() for _ in range(2)]]})
    return {"freezer": rng.randrange(sheet.n), "layouts": layouts}


def golf(sheet: Sheet, rng: random.Random) -> dict:
    pack = _pack(rng, 1 if sheet.n <= 4 else 2)
    columns = 3 if sheet.options["variant"] == "six" else 2
    layouts = [{"points": rng.randint(0, 20)} if rng.random() < 0.3 else
               {"rows": [[pack.pop() for _ in range(columns)], [pack.pop() for _ in range(columns)]]} for _ in range(sheet.n)]
    return {"layouts": layouts, "knocker": rng.randrange(sheet.n)}


def cribbage(sheet: Sheet, rng: random.Random) -> dict:
    pack = _pack(rng)
    starter = pack.pop()
    hands = [{"cards": [pack.pop() for _ in range(4)]} if rng.random() < 0.5 else {"points": rng.choice([2, 4, 8, 12])}
             for _ in range(sheet.n)]
    pegging = [rng.randint(0, 5) for _ in range(sheet.n)]
    pegging[rng.randrange(sheet.n)] += 1
    entry = {"starter": starter, "pegging": pegging, "hands": hands, "crib": {"cards": [pack.pop() for _ in range(4)]}}
    problems = {p.code for p in sheet.check(entry)}
    if "heels_ended" in problems:
        entry["pegging"] = [0] * sheet.n
    elif "both_reach" in problems:
        entry["pegging"] = [1] + [0] * (sheet.n - 1)
    return entry


def eleusis(sheet: Sheet, rng: random.Random) -> dict:
    dealer = sheet.dealer_for(sheet.number)
    left = [None if s == dealer else rng.randint(1, 20) for s in range(sheet.n)]
    out = (dealer + 1 + rng.randrange(sheet.n - 1)) % sheet.n
    left[out] = 0  # one player only ends with no card, and never the prophet
    entry: dict = {"cards_left": left}
    if rng.random() < 0.4:
        prophet = next(s for s in range(dealer + 1, dealer + sheet.n) if s % sheet.n != out) % sheet.n
        entry["prophet"] = {"seat": prophet, "mainline": rng.randint(0, 12), "sideline": rng.randint(0, 6),
                            "before_marker": rng.randint(1, 30)}
    return entry
def war(sheet: Sheet, rng: random.Random) -> dict:
    """Bataille and Super-bataille: someone takes every card, or the group stops and counts each one's pile."""
    if rng.random() < 0.5:
        return {"winner": rng.randrange(sheet.n)}
    counts = [0] * sheet.n
    for _ in range(sheet.deck_size):  # type: ignore[attr-defined]
        counts[rng.randrange(sheet.n)] += 1
    return {"cards_left": counts}


def baccara(sheet: Sheet, rng: random.Random) -> dict:
    """Deal a coup for real from the packs, drawing by the rule document's rules (a 5 draws or not at random)."""
    n, banker = sheet.n, sheet.banker  # type: ignore[attr-defined]
    offer = sheet.offer or rng.randint(1, 40)  # type: ignore[attr-defined]
    stakes: list = [0] * n
    stakers = [s for s in range(n) if s != banker]
    first = rng.choice(stakers)
    stakes[first] = rng.randint((offer + 1) // 2, offer)
    left = offer - stakes[first]
    for s in stakers:
        if s != first and left and rng.random() < 0.5:
            give = rng.randint(0, min(left, stakes[first]))
            stakes[s], left = give, left - give
    stakes[banker] = None
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    shoe = [r + s for r in ranks for s in "SHDC"] * sheet.options["packs"]
    rng.shuffle(shoe)
    ponte, bank = [shoe.pop(), shoe.pop()], [shoe.pop(), shoe.pop()]

    def value(hand):
        return sum(0 if c[:-1] in ("10", "J", "Q", "K") else 1 if c[0] == "A" else int(c[:-1]) for c in hand) % 10

    def draws(v):
        return v <= 4 or (v == 5 and rng.random() < 0.5)

    if value(ponte) < 8:
        if draws(value(ponte)):
            ponte.append(shoe.pop())
        if draws(value(bank)):
            bank.append(shoe.pop())
    return {"banker": banker, "offer": offer, "stakes": stakes, "ponte_cards": ponte, "banker_cards": bank}


def pharaon(sheet: Sheet, rng: random.Random) -> dict:
    banker = sheet.banker if rng.random() < 0.8 else rng.randrange(sheet.n)  # type: ignore[attr-defined]
    bets: list = [None if s == banker else {"right": rng.randint(0, 5), "left": rng.randint(0, 5)} for s in range(sheet.n)]
    if not any(b and (b["right"] or b["left"]) for b in bets):
        bets[(banker + 1) % sheet.n] = {"right": 1, "left": 0}
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    right, left = rng.sample([r + s for r in ranks for s in "SHDC"], 2)
    return {"banker": banker, "bets": bets, "right": right, "left": left}
def huit_americain(sheet: Sheet, rng: random.Random) -> dict:
    # Deal for real: every loser keeps 1 to 8 cards of the shuffled packs, given as cards or as their points.
    n = sheet.n
    pack = PACK_52 * sheet.options["packs"]
    rng.shuffle(pack)
    winner = rng.randrange(n)
    entry: dict = {"winner": winner}
    if sheet.options["scoring"] == "wins" and rng.random() < 0.3:
        return entry
    hands: list = []
    for s in range(n):
        if s == winner:
            hands.append(None)
            continue
        cards = [pack.pop() for _ in range(rng.randint(1, 8))]
        if rng.random() < 0.5:
            hands.append({"cards": cards})
        else:
            hands.append({"points": sum(HUIT_POINTS.get(c[:-1], 0) or int(c[:-1]) for c in cards)})
    entry["hands"] = hands
    return entry


HUIT_POINTS = {"8": 32, "A": 20, "K": 10, "Q": 10, "J": 10}


def menteur(sheet: Sheet, rng: random.Random) -> dict:
    n = sheet.n
    winner = rng.randrange(n)
    if rng.random() < 0.5:
        return {"winner": winner}
    hand = sheet.next_round().extra["hand"]
    # Each loser holds what is left of the hand plus what was picked up; keep the total within the deal.
    left = [0 if s == winner else rng.randint(1, hand) for s in range(n)]
    return {"winner": winner, "cards_left": left}


def pouilleux(sheet: Sheet, rng: random.Random) -> dict:
    winner, loser = rng.sample(range(sheet.n), 2)
    entry: dict = {"winner": winner, "pouilleux": loser}
    if sheet.options["mysterieux"] and rng.random() < 0.7:
        entry["removed"] = rng.choice(PACK_52)
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
              "belote-a-trois": belote_a_trois, "belote-de-comptoir": belote_de_comptoir, "empereur": empereur,
              "petite-ecole": petite_ecole, "pinacle": pinacle, "gin-rami": gin_rami,
              "bataille": war, "super-bataille": war, "baccara": baccara, "pharaon": pharaon,
              "huit-americain": huit_americain, "menteur": menteur, "pouilleux": pouilleux,
              "belote": belote, "coinche": coinche, "barbu-classique": barbu_classique,
              "freeze": freeze, "golf": golf, "cribbage": cribbage, "eleusis": eleusis}


def entry_for(sheet: Sheet, rng: random.Random) -> dict | None:
    generator = GENERATORS.get(sheet.game.slug, from_fields)
    return generator(sheet, rng)


def _tarot_taker_pile(sheet: Sheet, rng: random.Random, contract: str) -> tuple[int, float | int]:
    """Bouts and card points of a taker's camp dealt with real cards: a number of tricks of one card a player,
    with the chien (or the écart, no king nor bout) unless in a garde contre, where the defence has it."""
    from companion.families import tarot

    n, hand, chien = sheet.n, tarot.HAND_SIZE[sheet.n], tarot.CHIEN_SIZE[sheet.n]
    cards = list(deck("78"))
    rng.shuffle(cards)
    tricks = rng.randint(1, hand - 1)
    pile = cards[:n * tricks]
    if contract != "garde_contre":
        plain = [c for c in cards[n * tricks:] if c not in tarot.BOUTS and not c.code.startswith("K")]
        pile += plain[:chien]
    return sum(c in tarot.BOUTS for c in pile), tarot.from_half(sum(tarot.half_points(c) for c in pile))


def tarot_lorrain(sheet: Sheet, rng: random.Random) -> dict:
    n = sheet.n
    if rng.random() < 0.15:
        return {"taker": None}
    contract = rng.choice(["prise", "garde", "garde_sans", "garde_contre"])
    bouts, points = _tarot_taker_pile(sheet, rng, contract)
    entry: dict = {"taker": rng.randrange(n), "contract": contract, "bouts": bouts, "points": points}
    if n == 5:
        entry["partner"] = rng.randrange(n)
    camps = [None] + (["taker"] if bouts else []) + (["defence"] if bouts < 3 else [])
    entry["petit_au_bout"] = rng.choice(camps)
    if rng.random() < 0.3:
        entry["poignees"] = [{"seat": rng.randrange(n), "size": "simple"}]
    return entry


def tarot_tare(sheet: Sheet, rng: random.Random) -> dict:
    from tests.rules.endings import DEALT  # a round dealt with real cards: what each seat's tricks can hold

    return DEALT["tarot-tare"](sheet, rng)


GENERATORS.update({"tarot-lorrain": tarot_lorrain, "tarot": tarot_lorrain, "tarot-tare": tarot_tare})
