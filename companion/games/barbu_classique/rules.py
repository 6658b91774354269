"""Le barbu classique: the seven-contract Barbu most French groups mean by « barbu », which the five-manche Barbu of
the user's rule document « Le barbu » simplifies. The rule documents do not describe it; the rules come from
pagat.com (« Barbu ») and the French descriptions of stockdiv.free.fr and loisirs.savoir.fr (« Le barbu »).

Four players, 52 cards, 13 each; 28 deals: each player deals seven deals in succession, then the deal passes to the
next seat (Wikipedia « Barbu (card game) » and pagat.com; option ``dealing``, where ``rotate`` passes the deal on
after every deal, as other tables do). Either way each player deals seven times and, as declarer, chooses each of
the seven contracts once, in any order. Five contracts cost points, two earn them, and the seven add up to zero,
so every player's seven deals hand out as much as they take. Tables stored before the option existed were played
with the rotation, and keep it (``Option.stored_default``).

Shared with :mod:`companion.games.barbu.rules`: the pack, the hand size and the counts it checks (13 tricks,
13 hearts, 4 queens, one holder of the K♥).

Doubles (option ``doubles``, off by default; Wikipedia « Barbu (card game) »): once the contract is named, a player
other than the declarer may double (« contrer ») one or more players, and a doubled player may redouble
(« surcontrer ») the one who doubled him. Each double is a side bet on the difference of the two players' scores for
the deal: the doubler wins (or pays) his score minus the doubled player's, twice that when redoubled. In the two
positive contracts only the declarer may be doubled, and each other player must double the declarer at least twice
over the declarer's seven contracts. The side bets are kept apart from the contract scores (which keep adding up to
zero over the seven contracts): the sheet shows them as their own balance, and the ranking counts both.

Digital play: :class:`BarbuClassiqueDeal` plays one deal move by move — the declarer's choice among the contracts
he has left (what the sheet passes on: :meth:`BarbuClassique.deal_context`), the doubles, the tricks or the
réussite's layout — and ends with the entry the sheet takes (the game, :class:`BarbuClassique`, comes last in the
module: it names its engine). Its quick bot is in :mod:`.bots`; the strong one is the shared search.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.families.barbu import HAND_SIZE as BARBU_HANDS
from companion.families.barbu import HEARTS_IN_DECK, QUEENS_IN_DECK, penalty_cards
from companion.families.belote import SUIT_TRUMPS, TRUMP_NAMES
from companion.families.trickplay import ACE_HIGH, DISPLAY_SUITS, SUIT_BY_LETTER, SUIT_LETTER, TrickDeal, pack
from companion.kernel import schema
from companion.kernel.cards import Card, SuitCard
from companion.kernel.deal import Action, illegal
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import CardSyntaxError, IllegalAction, InvalidOptions, Problem
from companion.kernel.game import (
    CLOCKWISE,
    Contract,
    EntryField,
    Game,
    GameInfo,
    Option,
    RoundResult,
    RuleTable,
    Sheet,
)
from companion.kernel.text import T, Text, count, seat_ref
from companion.kernel.view import Fact, Note, suit_label

from .bots import quick_choice

PLAYERS = 4
HAND_SIZE = BARBU_HANDS[PLAYERS]  # 13 tricks
PER_TRICK_LOST = -2
PER_HEART = -2
ACE_OF_HEARTS = -6  # the A♥ instead of its −2
PER_QUEEN = -6
KING_OF_HEARTS = -20
LAST_BUT_ONE = -10
LAST = -20
PER_TRICK_WON = 5
REUSSITE = (45, 20, 5, -5)  # first out … last


@dataclass(frozen=True)
class Classic:
    key: str  # also the rulebook anchor
    name: Text
    fields: tuple[str, ...]
    scores: Text


def _pts(n: int) -> str:
    """A score as the pages write one in prose: "−6" with the minus sign (U+2212), "+5" with its plus."""
    return f"\u2212{-n}" if n < 0 else f"+{n}"


CONTRACTS = (
    Classic("plis", T("Pas de plis", "No tricks"), ("tricks",), T(f"{_pts(PER_TRICK_LOST)} par pli", f"{_pts(PER_TRICK_LOST)} a trick")),
    Classic("coeurs", T("Pas de cœurs", "No hearts"), ("hearts", "ace_of_hearts"),
            T(f"{_pts(PER_HEART)} par cœur, l'As {_pts(ACE_OF_HEARTS)}", f"{_pts(PER_HEART)} a heart, the Ace {_pts(ACE_OF_HEARTS)}")),
    Classic("dames", T("Pas de dames", "No queens"), ("queens",), T(f"{_pts(PER_QUEEN)} par dame", f"{_pts(PER_QUEEN)} a queen")),
    Classic("roi-de-coeur", T("Pas de roi de cœur", "No king of hearts"), ("king_of_hearts",),
            T(f"{_pts(KING_OF_HEARTS)} pour le R♥", f"{_pts(KING_OF_HEARTS)} for the K♥")),
    Classic("deux-derniers", T("Pas les deux derniers plis", "No last two tricks"), ("last_two",),
            T(f"avant-dernier {_pts(LAST_BUT_ONE)}, dernier {_pts(LAST)}", f"last but one {_pts(LAST_BUT_ONE)}, last {_pts(LAST)}")),
    Classic("atout", T("Atout", "Trumps"), ("trump", "tricks"), T(f"{_pts(PER_TRICK_WON)} par pli", f"{_pts(PER_TRICK_WON)} a trick")),
    Classic("reussite", T("Réussite (domino)", "Domino (fan-tan)"), ("order",),
            T("{}, {}, {}, {} dans l'ordre où l'on finit".format(*map(_pts, REUSSITE)),
              "{}, {}, {}, {} in finishing order".format(*map(_pts, REUSSITE)))),
)
BY_KEY = {c.key: c for c in CONTRACTS}
DEALS_EACH = len(CONTRACTS)  # 7
DEALS = DEALS_EACH * PLAYERS  # 28
FIELDS = ("tricks", "hearts", "ace_of_hearts", "queens", "king_of_hearts", "last_two", "trump", "order")
DOUBLE_KEYS = ("doubles", "redoubles")
SEVEN_IN_A_ROW = "seven"  # option ``dealing``: each dealer's seven deals in succession (the default)
ROTATE = "rotate"  # the deal passes on after every deal
REDOUBLE_FACTOR = 2  # a redoubled bet settles twice the difference
DOUBLES_OWED = 2  # each other player doubles the declarer at least twice over his seven contracts


def positive(key: str) -> bool:
    """The contracts that earn points (atout, réussite): there only the declarer may be doubled."""
    return contract_total(key) > 0


def settle_doubles(scores: list[int], doubles: list[dict[str, Any]], redoubles: list[dict[str, Any]]) -> list[int]:
    """Each seat's gain on the side bets: for a double of ``on`` by ``by``, ``by`` wins his score minus ``on``'s
    (a loss when it is negative) and ``on`` pays it; twice when ``on`` redoubled ``by``."""
    out = [0] * len(scores)
    redoubled = {(r["on"], r["by"]) for r in redoubles}
    for d in doubles:
        a, b = d["by"], d["on"]
        diff = (scores[a] - scores[b]) * (REDOUBLE_FACTOR if (a, b) in redoubled else 1)
        out[a] += diff
        out[b] -= diff
    return out


def contract_scores(entry: dict[str, Any], n: int) -> list[int]:
    """Each seat's score for the contract of a checked ``entry`` (the side bets apart: :func:`settle_doubles`)."""
    key = entry["contract"]
    scores = [0] * n
    if key == "plis":
        scores = [PER_TRICK_LOST * t for t in entry["tricks"]]
    elif key == "coeurs":
        scores = [PER_HEART * h for h in entry["hearts"]]
        scores[entry["ace_of_hearts"]] += ACE_OF_HEARTS - PER_HEART
    elif key == "dames":
        scores = [PER_QUEEN * q for q in entry["queens"]]
    elif key == "roi-de-coeur":
        scores[entry["king_of_hearts"]] = KING_OF_HEARTS
    elif key == "deux-derniers":
        a, b = entry["last_two"]
        scores[a] += LAST_BUT_ONE
        scores[b] += LAST
    elif key == "atout":
        scores = [PER_TRICK_WON * t for t in entry["tricks"]]
    else:
        for place, seat in enumerate(entry["order"]):
            scores[seat] = REUSSITE[place]
    return scores


def contract_total(key: str) -> int:
    """What a contract hands out in all, whatever happens."""
    return {
        "plis": PER_TRICK_LOST * HAND_SIZE,
        "coeurs": PER_HEART * (HEARTS_IN_DECK - 1) + ACE_OF_HEARTS,
        "dames": PER_QUEEN * QUEENS_IN_DECK,
        "roi-de-coeur": KING_OF_HEARTS,
        "deux-derniers": LAST_BUT_ONE + LAST,
        "atout": PER_TRICK_WON * HAND_SIZE,
        "reussite": sum(REUSSITE),
    }[key]


INFO = GameInfo(
    essentials=("contracts",),
    slug="barbu-classique",
    names=T("Le barbu classique", "Classic Barbu"),
    min_players=PLAYERS,
    max_players=PLAYERS,
    decks=("52",),
    family="levees",
    direction=CLOCKWISE,
    source="Classic seven-contract Barbu: pagat.com « Barbu »; stockdiv.free.fr and loisirs.savoir.fr « Le barbu »; "
           "Wikipedia « Barbu (card game) » for the doubles.",
    aliases=("barbu a sept contrats", "barbu 7 contrats", "barbu a 28 donnes", "classic barbu", "barbu classic"),
    summary=T("Sept contrats que chaque donneur choisit à son tour : cinq où l'on fuit, deux où l'on gagne.",
              "Seven contracts each dealer picks in turn: five to dodge, two to win."),
    classic=True,
    tables=(
        RuleTable(
            "contracts",
            T("Les sept contrats", "The seven contracts"),
            (T("Contrat", "Contract"), T("Ce qui compte", "What scores"), T("Total", "Total")),
            tuple((c.name, c.scores, contract_total(c.key)) for c in CONTRACTS),
        ),
    ),
    values=(
        ("deck_size", 52),
        ("hand_size", HAND_SIZE),
        ("hearts", HEARTS_IN_DECK),
        ("queens", QUEENS_IN_DECK),
        ("contracts", DEALS_EACH),
        ("deals", DEALS),
        ("per_trick_lost", PER_TRICK_LOST),
        ("per_heart", PER_HEART),
        ("ace_of_hearts", ACE_OF_HEARTS),
        ("per_queen", PER_QUEEN),
        ("king_of_hearts", KING_OF_HEARTS),
        ("last_but_one", LAST_BUT_ONE),
        ("last", LAST),
        ("per_trick_won", PER_TRICK_WON),
        ("first_out", REUSSITE[0]),
        ("second_out", REUSSITE[1]),
        ("third_out", REUSSITE[2]),
        ("last_out", REUSSITE[3]),
        *((f"total_{c.key.replace('-', '_')}", contract_total(c.key)) for c in CONTRACTS),
        ("redouble_factor", REDOUBLE_FACTOR),
        ("doubles_owed", DOUBLES_OWED),
        ("negative_contracts", sum(1 for c in CONTRACTS if contract_total(c.key) < 0)),
        ("positive_contracts", sum(1 for c in CONTRACTS if contract_total(c.key) > 0)),
    ),
)


class BarbuClassiqueSheet(Sheet):
    lowest_wins = False

    def __init__(self, game: Game, n_players: int, options: dict[str, Any]) -> None:
        super().__init__(game, n_players, options)
        self.doubles_totals = [0] * n_players  # the side bets' running balance, apart from the contract totals

    def ranking_key(self, seat: int) -> int:
        # The contracts and the side bets both count at the end.
        return self.totals[seat] + self.doubles_totals[seat]

    def doubles_of(self, dealer: int) -> dict[int, int]:
        """How many times each other seat has doubled ``dealer`` in his contracts so far."""
        out = {s: 0 for s in range(self.n) if s != dealer}
        for r in self.rounds:
            if r.dealer == dealer:
                for d in r.entry.get("doubles", []):
                    if d["on"] == dealer:
                        out[d["by"]] += 1
        return out

    def dealer_for(self, number: int) -> int:
        """:attr:`first_dealer` (seat 0 by default) deals first. Seven deals in succession (the default): deals 1–7
        seat 0, 8–14 seat 1, 15–21 seat 2, 22–28 seat 3; with ``rotate``, the deal passes on after every deal (seat
        0, 1, 2, 3, 0…)."""
        dealing: str = self.options["dealing"]
        if dealing == ROTATE:
            return (self.first_dealer + number - 1) % self.n
        return (self.first_dealer + (number - 1) // DEALS_EACH) % self.n

    def first_for(self, dealer: int) -> int:
        """The declarer (the dealer) leads to the first trick, and starts the réussite."""
        return dealer

    def played_by(self, dealer: int) -> list[str]:
        return [r.entry["contract"] for r in self.rounds if r.dealer == dealer]

    def remaining(self, dealer: int) -> list[str]:
        done = set(self.played_by(dealer))
        return [c.key for c in CONTRACTS if c.key not in done]

    def natural_end(self) -> bool:
        return len(self.rounds) >= DEALS

    def next_extra(self) -> dict[str, Any]:
        out = {"remaining": self.remaining(self.dealer_for(self.number)), "deal": self.number, "deals": DEALS}
        if self.options.get("doubles"):
            dealer = self.dealer_for(self.number)
            out["doubles_totals"] = list(self.doubles_totals)
            # Who still owes the declarer doubles, and how many (at least twice over his seven contracts).
            out["doubles_owed"] = [max(0, DOUBLES_OWED - self.doubles_of(dealer).get(s, 0)) if s != dealer else 0
                                   for s in range(self.n)]
        return out

    def entry_fields(self, number: int) -> list[EntryField]:
        return [
            EntryField("contract", T("Contrat choisi", "Contract chosen"), "contract"),
            EntryField("tricks", T("Plis", "Tricks"), "count", required=False, fold=False, maximum=HAND_SIZE),
            EntryField("hearts", T("Cœurs", "Hearts"), "count", required=False, fold=False, maximum=HEARTS_IN_DECK),
            EntryField("ace_of_hearts", T("As de cœur", "Ace of hearts"), "seat", required=False),
            EntryField("queens", T("Dames", "Queens"), "count", required=False, fold=False, maximum=QUEENS_IN_DECK),
            EntryField("king_of_hearts", T("R♥", "K♥"), "seat", required=False),
            EntryField("last_two", T("Deux derniers plis", "Last two tricks"), "seats", required=False),
            EntryField("trump", T("Atout", "Trump"), "trump", required=False),
            EntryField("order", T("Ordre de sortie", "Finishing order"), "order", required=False),
        ]

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="contrats")
        if not r.ok:
            return r.problems
        r.only_keys({"contract", *FIELDS, *DOUBLE_KEYS})
        key = r.entry.get("contract")
        if "contract" not in r.entry:
            r.missing("contract")
            return r.problems
        if not isinstance(key, str) or key not in BY_KEY:
            r.add("contract", "bad_contract", T("Contrat inconnu : {k}.", "Unknown contract: {k}.").format(
                k=", ".join(BY_KEY)))
            return r.problems
        c = BY_KEY[key]
        r.rule = c.key
        dealer = self.dealer_for(self.number)
        if key not in self.remaining(dealer):
            r.add("contract", "already_played", T(
                "{p} a déjà joué « {c} » : il reste {left}.", "{p} has already played “{c_en}”: {left_en} remain.").format(
                p=seat_ref(dealer), c=c.name.fr, c_en=c.name.en,
                left=", ".join(BY_KEY[k].name.fr for k in self.remaining(dealer)),
                left_en=", ".join(BY_KEY[k].name.en for k in self.remaining(dealer))))
        for f in FIELDS:
            if f in r.entry and f not in c.fields:
                r.add(f, "not_this_contract", T("Ce champ ne compte pas dans le contrat « {c} ».",
                                                "This field does not count in the “{c_en}” contract.").format(
                    c=c.name.fr, c_en=c.name.en))
        if "tricks" in c.fields:
            tricks = r.counts("tricks", maximum=HAND_SIZE)
            if tricks is not None and sum(tricks) != HAND_SIZE:
                entered = count(sum(tricks), "{n} saisi", "{n} saisis", "{n} entered", "{n} entered")
                r.add("tricks", "trick_total", T("Il y a {h} plis en tout : {t}.", "There are {h} tricks in all: {t_en}.").format(
                    h=HAND_SIZE, t=entered.fr, t_en=entered.en))
        if "hearts" in c.fields:
            hearts = r.counts("hearts", maximum=HEARTS_IN_DECK)
            if hearts is not None and sum(hearts) != HEARTS_IN_DECK:
                entered = count(sum(hearts), "{n} saisi", "{n} saisis", "{n} entered", "{n} entered")
                r.add("hearts", "heart_total", T("Il y a {h} cœurs en tout : {t}.", "There are {h} hearts in all: {t_en}.").format(
                    h=HEARTS_IN_DECK, t=entered.fr, t_en=entered.en))
            ace = r.seat("ace_of_hearts")
            if ace is not None and hearts is not None and hearts[ace] == 0:
                r.add("ace_of_hearts", "ace_without_heart", T("Qui a l'As de cœur a ramassé au moins un cœur.",
                                                              "Whoever took the Ace of hearts took at least one heart."), ace)
        if "queens" in c.fields:
            queens = r.counts("queens", maximum=QUEENS_IN_DECK)
            if queens is not None and sum(queens) != QUEENS_IN_DECK:
                entered = count(sum(queens), "{n} saisie", "{n} saisies", "{n} entered", "{n} entered")
                r.add("queens", "queen_total", T("Il y a {q} dames en tout : {t}.", "There are {q} queens in all: {t_en}.").format(
                    q=QUEENS_IN_DECK, t=entered.fr, t_en=entered.en))
        if "king_of_hearts" in c.fields:
            r.seat("king_of_hearts")
        if "last_two" in c.fields:
            value = r.entry.get("last_two")
            if value is None:
                r.missing("last_two")
            elif not isinstance(value, list) or len(value) != 2:
                r.add("last_two", "not_pair", T("Deux joueurs attendus : qui a pris l'avant-dernier pli, puis le dernier.",
                                                "Two players expected: who took the last trick but one, then the last."))
            else:
                for i, s in enumerate(value):
                    r.seat("last_two", value=s, field=f"last_two.{i}")
        if "trump" in c.fields:
            trump = r.entry.get("trump")
            if trump is None:
                r.missing("trump")
            elif trump not in SUIT_TRUMPS:
                r.add("trump", "bad_trump", T("Atout : pique, cœur, carreau ou trèfle (S, H, D, C).",
                                              "Trump: spades, hearts, diamonds or clubs (S, H, D, C)."))
        if "order" in c.fields:
            order = r.entry.get("order")
            if order is None:
                r.missing("order")
            elif (not isinstance(order, list) or len(order) != self.n
                  or any(not is_int(s) for s in order)
                  or sorted(order) != list(range(self.n))):
                r.add("order", "not_permutation", T(
                    "L'ordre de sortie nomme chaque joueur une fois, du premier sorti au dernier.",
                    "The finishing order names every player once, from the first out to the last."))
        self._check_doubles(r, c, dealer)
        return r.problems

    def _pairs(self, r: EntryReader, key: str) -> list[tuple[int, int]] | None:
        """``[{"by": seat, "on": seat}, …]`` read and checked seat by seat; None when unreadable."""
        value = r.entry.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            r.add(key, "not_list", T("Une liste attendue : [{\"by\": joueur, \"on\": joueur}, …].",
                                     "A list expected: [{\"by\": seat, \"on\": seat}, …]."))
            return None
        out: list[tuple[int, int]] = []
        for i, item in enumerate(value):
            if not isinstance(item, dict) or set(item) != {"by", "on"}:
                r.add(f"{key}.{i}", "not_pair", T("Qui (« by ») et sur qui (« on »).", "Who (“by”) on whom (“on”)."))
                continue
            by = r.seat(key, value=item["by"], field=f"{key}.{i}.by")
            on = r.seat(key, value=item["on"], field=f"{key}.{i}.on")
            if by is None or on is None:
                continue
            if by == on:
                r.add(f"{key}.{i}", "self", T("{p} ne peut pas contrer {p} : on contre un autre joueur.",
                                              "{p} cannot double {p}: a double is on another player.").format(p=seat_ref(by)), by)
                continue
            if (by, on) in out:
                r.add(f"{key}.{i}", "twice", T("{a} sur {b} : saisi deux fois.", "{a} on {b}: entered twice.").format(
                    a=seat_ref(by), b=seat_ref(on)), by)
                continue
            out.append((by, on))
        return out

    def _check_doubles(self, r: EntryReader, c: Classic, dealer: int) -> None:
        given = any(r.has(k) for k in DOUBLE_KEYS)
        if not self.options.get("doubles"):
            for k in DOUBLE_KEYS:
                if r.has(k):
                    r.add(k, "doubles_off", T("Les contres ne se jouent pas à cette table (option « contres »).",
                                              "Doubles are not played at this table (option “doubles”)."),
                          rule="doubles")
            return
        doubles = self._pairs(r, "doubles") if given else []
        redoubles = self._pairs(r, "redoubles") if given else []
        if doubles is None or redoubles is None:
            return
        for i, (by, on) in enumerate(doubles):
            if by == dealer:
                r.add(f"doubles.{i}", "declarer_doubles", T(
                    "{p} est le déclarant et ne contre pas : le déclarant peut seulement surcontrer un joueur qui l'a contré.",
                    "{p} is the declarer and does not double: the declarer may only redouble a player who doubled the "
                    "declarer.").format(p=seat_ref(by)), by, rule="doubles")
            elif positive(c.key) and on != dealer:
                r.add(f"doubles.{i}", "positive_declarer_only", T(
                    "Dans « {c} », seul le déclarant ({d}) peut être contré.",
                    "In “{c_en}”, only the declarer ({d}) may be doubled.").format(
                    c=c.name.fr, c_en=c.name.en, d=seat_ref(dealer)), by, rule="doubles")
            elif (on, by) in doubles:
                r.add(f"doubles.{i}", "both_ways", T(
                    "{a} et {b} se contrent l'un l'autre : l'un contre, l'autre surcontre.",
                    "{a} and {b} double each other: one doubles, the other redoubles.").format(
                    a=seat_ref(by), b=seat_ref(on)), by, rule="doubles")
        for i, (by, on) in enumerate(redoubles):
            if (on, by) not in doubles:
                r.add(f"redoubles.{i}", "no_double", T(
                    "{a} ne peut surcontrer {b} : {b} n'a pas contré {a}.",
                    "{a} cannot redouble {b}: {b} did not double {a}.").format(a=seat_ref(by), b=seat_ref(on)), by,
                    rule="doubles")
        # Each other player doubles the declarer at least twice over his seven contracts: refused as soon as too
        # few of the declarer's contracts are left to make it up.
        left_after = len(self.remaining(dealer)) - 1
        done = self.doubles_of(dealer)
        for s in range(self.n):
            if s == dealer:
                continue
            owed = DOUBLES_OWED - done[s] - sum(1 for by, on in doubles if by == s and on == dealer)
            if owed > left_after:
                times = count(done[s], "{n} fois", "{n} fois", "{n} time", "{n} times")
                rest = T("c'est le dernier", "this is the last one") if left_after == 0 else count(
                    left_after, "il en reste {n} après celui-ci", "il en reste {n} après celui-ci",
                    "{n} is left after this one", "{n} are left after this one")
                r.add("doubles", "owed", T(
                    "{p} doit contrer le déclarant {d} au moins {k} fois sur les {n} contrats du déclarant : "
                    "{x} jusqu'ici, et {rest}.",
                    "{p} must double the declarer {d} at least {k} times over the declarer's {n} contracts: "
                    "{x_en} so far, and {rest_en}.").format(
                    p=seat_ref(s), d=seat_ref(dealer), k=DOUBLES_OWED, n=DEALS_EACH, x=times.fr, x_en=times.en,
                    rest=rest.fr, rest_en=rest.en),
                    s, rule="doubles")

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        c = BY_KEY[entry["contract"]]
        out = {"contract": c.key, **{f: entry[f] for f in c.fields}}
        if self.options.get("doubles"):
            for k in DOUBLE_KEYS:
                if entry.get(k):
                    out[k] = [{"by": d["by"], "on": d["on"]} for d in entry[k]]
        return out

    def played_contract(self, entry: dict[str, Any], due: Contract | None) -> Contract:
        """The contract the entry names: the dealer chose it."""
        c = BY_KEY[entry["contract"]]
        return Contract(c.key, c.name, rule=c.key)

    def later_round_broken(self, number: int, was: int, played_as: Contract | None, problems: list[Problem]) -> Text:
        # The dealer chooses each contract: no schedule to shift, only the round's own problem.
        return super().later_round_broken(number, was, None, problems)

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or not isinstance(entry.get("contract"), str) or entry["contract"] not in BY_KEY:
            return super().describe_entry(entry, number)
        c = BY_KEY[entry["contract"]]
        lines = [T("Contrat : {c}", "Contract: {c_en}").format(c=c.name.fr, c_en=c.name.en)]
        rest = {k: v for k, v in entry.items() if k != "contract"}
        if isinstance(entry.get("trump"), str) and entry["trump"] in TRUMP_NAMES:
            name = TRUMP_NAMES[rest.pop("trump")]
            lines.append(T("Atout : {t}", "Trump: {t_en}").format(t=name.fr, t_en=name.en))
        order = rest.pop("order", None)
        if isinstance(order, list) and all(isinstance(s, int) and 0 <= s < self.n for s in order):
            lines.append(T("Ordre de sortie : {o}", "Finishing order: {o}").format(o=", ".join(seat_ref(s) for s in order)))
        last_two = rest.pop("last_two", None)
        if isinstance(last_two, list) and len(last_two) == 2 and all(isinstance(s, int) and 0 <= s < self.n for s in last_two):
            lines.append(T("Avant-dernier pli : {a} ; dernier : {b}", "Last trick but one: {a}; last: {b}").format(
                a=seat_ref(last_two[0]), b=seat_ref(last_two[1])))
        for k, fr, en in (("doubles", "contre", "doubles"), ("redoubles", "surcontre", "redoubles")):
            pairs = rest.pop(k, None)
            if isinstance(pairs, list):
                for d in pairs:
                    if isinstance(d, dict) and all(isinstance(d.get(x), int) and 0 <= d[x] < self.n for x in ("by", "on")):
                        lines.append(T(f"{{a}} {fr} {{b}}", f"{{a}} {en} {{b}}").format(a=seat_ref(d["by"]), b=seat_ref(d["on"])))
        return lines + super().describe_entry(rest, number)

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        c = BY_KEY[entry["contract"]]
        key = c.key
        scores = contract_scores(entry, self.n)
        dealer = self.dealer_for(self.number)
        notes = [T("{p} a choisi « {c} » : {s}, {t} en tout.", "{p} chose “{c_en}”: {s_en}, {t} in all.").format(
            p=seat_ref(dealer), c=c.name.fr, c_en=c.name.en, s=c.scores.fr, s_en=c.scores.en, t=sum(scores))]
        extra: dict[str, Any] = {"contract": key}
        if self.options.get("doubles"):
            doubles, redoubles = entry.get("doubles", []), entry.get("redoubles", [])
            settled = settle_doubles(scores, doubles, redoubles)
            redoubled = {(r["on"], r["by"]) for r in redoubles}
            for d in doubles:
                a, b = d["by"], d["on"]
                m = REDOUBLE_FACTOR if (a, b) in redoubled else 1
                diff = (scores[a] - scores[b]) * m
                notes.append(T("{a} contre {b}{x} : {sa} contre {sb}, {a} {g}.",
                               "{a} doubles {b}{x_en}: {sa} against {sb}, {a} {g_en}.").format(
                    a=seat_ref(a), b=seat_ref(b), x=", surcontré" if m > 1 else "", x_en=", redoubled" if m > 1 else "",
                    sa=scores[a], sb=scores[b], g=f"+{diff}" if diff >= 0 else f"−{-diff}",
                    g_en=f"+{diff}" if diff >= 0 else f"−{-diff}"))
            self.doubles_totals = [t + s for t, s in zip(self.doubles_totals, settled, strict=True)]
            extra["doubles"] = settled
        return RoundResult(0, entry, scores, notes=notes, extra=extra)

    def summarise(self, result: RoundResult) -> Text | None:
        """"⟨2⟩ · pas de cœurs": the dealer, who chose, and the contract chosen (with its trump at Atout)."""
        c = BY_KEY[result.entry["contract"]]
        name = T(c.name.fr[0].lower() + c.name.fr[1:], c.name.en[0].lower() + c.name.en[1:])
        if c.key == "atout":
            suit = TRUMP_NAMES[result.entry["trump"]]
            name = T(f"{name.fr} {suit.fr[-1]}", f"{name.en} {suit.en[-1]}")
        who = seat_ref(result.dealer if result.dealer is not None else self.dealer_for(self.number))
        return T(f"{who} · {name.fr}", f"{who} · {name.en}")


# -- digital play ---------------------------------------------------------------------------------------------
PACK = pack("52")
PENALTIES = penalty_cards(PACK)
CONTRACT, TRUMP_CHOICE, START_CHOICE, DOUBLE, REDOUBLE, DOMINO = (
    "contract", "trump", "start", "double", "redouble", "domino")
DONE = "done"  # no more doubles (or redoubles) from this seat
NO_HEART_LEAD = ("coeurs", "roi-de-coeur")  # no heart led while the leader holds another suit
START_RANKS = ACE_HIGH  # the ranks the declarer may start the réussite from, 2 … A
#: Card ids by suit, then strength (0: the 2 … 12: the ace): the réussite's rows.
ROW_IDS = tuple(tuple(PACK.index[f"{r}{SUIT_LETTER[s]}"] for r in ACE_HIGH) for s in range(4))
DOMINO_SUITS = DISPLAY_SUITS
AVERAGES = {c.key: contract_total(c.key) / PLAYERS for c in CONTRACTS}  # what a contract hands a seat on average  # the rows in the order a hand is held: ♠ ♥ ♣ ♦


def _rank_name(code: str) -> Text:
    rank = Card.parse_code(f"{code}S")
    assert isinstance(rank, SuitCard)  # a rank of the 52-card pack
    names = rank.rank.names
    return Text(names["fr"], names["en"])


class BarbuClassiqueDeal(TrickDeal):
    """One deal of Barbu classique played move by move, on :class:`~companion.families.trickplay.TrickDeal`.

    * The 52 cards are dealt one at a time from the dealer's left, 13 each.
    * The dealer (the declarer) names the contract (``contract:<key>``) among those of :data:`CONTRACTS` he has
      not played yet (``remaining``, from the sheet: :meth:`BarbuClassique.deal_context`); at Atout he then names
      the trump (``trump:S``…), at the réussite the rank it starts from (``start:J``…).
    * With the option ``doubles``: each other player in turn from the declarer's left doubles whom he likes
      (``double:<seat>``, one at a time, then ``done``): not the declarer himself doubling, not a player who
      already doubled him (that is a redouble), only the declarer in the two positive contracts; and ``done`` is
      refused while a seat would be left owing the declarer his :data:`DOUBLES_OWED` doubles with too few of the
      declarer's contracts left (``doubled``: how many times each seat has doubled this declarer before). Then
      each doubled player, the declarer first, may redouble those who doubled him (``redouble:<seat>``, ``done``).
    * The trick contracts: the declarer leads, follow suit, else play anything; at Atout, the declarer's trump,
      and a trump led must be beaten when one can (the rulebook's « monter sur un atout »). In « pas de cœurs » and
      « pas de roi de cœur » no heart is led while the leader holds another suit. « Pas de dames » stops once the
      four queens have fallen, « pas de roi de cœur » once the K♥ is taken.
    * The réussite: starting with the declarer, each player in turn puts one card on the layout, or passes
      (``pass``) only when none of his fits: a card of the starting rank opens its suit's row, which then grows one
      card at a time down to the 2 and up to the ace. Whoever runs out of cards is out; the last one left is last.

    :meth:`entry` is the round as the sheet takes it (the contract, its fields, and the doubles and redoubles made);
    :meth:`returns` the contract's scores, as the sheet gives them, and :meth:`playout_value` adds the side bets.
    """

    slug = INFO.slug
    _mutable = TrickDeal._mutable + ("doubles", "redoubles", "finished", "lacks", "low", "high")

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int,
                 remaining: tuple[str, ...] = tuple(BY_KEY), doubled: tuple[int, ...] = (0, 0, 0, 0)):
        super().__init__(n_players, options, number, dealer, PACK)
        self.remaining = remaining
        self.doubled = doubled
        self.with_doubles = bool(options.get("doubles"))
        self.contract: str | None = None
        self.start: int = -1  # the réussite's starting strength (0: the 2 … 12: the ace)
        self.doubles: list[tuple[int, int]] = []  # (by, on), in the order made
        self.redoubles: list[tuple[int, int]] = []  # (by, on): ``by`` was doubled by ``on``
        self.finished: list[int] = []  # the réussite's finishing order
        self.lacks = [0] * n_players  # per seat, the cards it showed it does not hold (it passed at the réussite)
        self.low = [-1] * 4  # per suit, the lowest strength on the layout (-1: the row is not opened)
        self.high = [-1] * 4
        self.stopped = False

    # -- the choices before the play ----------------------------------------------------------------
    def _after_deal(self) -> None:
        self.phase = CONTRACT
        self.to_move = self.dealer

    @property
    def contract_info(self) -> Classic | None:
        return BY_KEY[self.contract] if self.contract is not None else None

    def _phase_actions(self) -> list[Action]:
        phase, seat = self.phase, self.to_move
        if phase == CONTRACT:
            return [f"contract:{k}" for k in self.remaining]
        if phase == TRUMP_CHOICE:
            return [f"trump:{SUIT_LETTER[s]}" for s in range(4)]
        if phase == START_CHOICE:
            return [f"start:{r}" for r in START_RANKS]
        if phase == DOUBLE:
            out = [f"double:{x}" for x in self.double_targets(seat)]
            return out + [DONE] if self.may_stop_doubling(seat) or not out else out
        if phase == REDOUBLE:
            return [f"redouble:{x}" for x in self.redouble_targets(seat)] + [DONE]
        if phase == DOMINO:
            return self.pack.codes_of(self.domino_mask(seat)) or ["pass"]
        return super()._phase_actions()

    def _phase_apply(self, action: Action) -> None:
        phase, seat = self.phase, self.to_move
        head, _sep, rest = action.partition(":")
        if phase == CONTRACT:
            self.contract = rest
            if rest == "atout":
                self.phase = TRUMP_CHOICE
            elif rest == "reussite":
                self.phase = START_CHOICE
            else:
                self._after_choice()
        elif phase == TRUMP_CHOICE:
            self.trump = SUIT_BY_LETTER[rest]
            self.must_overtrump = True
            self._after_choice()
        elif phase == START_CHOICE:
            self.start = START_RANKS.index(rest)
            self._after_choice()
        elif phase == DOUBLE:
            if head == "double":
                self.doubles.append((seat, int(rest)))
                if self.double_targets(seat):
                    return
            self._next_doubler(seat)
        elif phase == REDOUBLE:
            if head == "redouble":
                self.redoubles.append((seat, int(rest)))
                if self.redouble_targets(seat):
                    return
            self._next_redoubler(seat)
        elif phase == DOMINO:
            self._domino(seat, action)
        else:
            super()._phase_apply(action)

    def _after_choice(self) -> None:
        if self.with_doubles:
            self.phase = DOUBLE
            self._next_doubler(self.dealer)
        else:
            self._start_play()

    def double_targets(self, seat: int) -> list[int]:
        """Whom ``seat`` may still double: another player than itself, not already doubled by it, who has not
        doubled it (that would be a redouble), and only the declarer in a positive contract."""
        assert self.contract is not None  # doubles come after the contract is named
        if positive(self.contract):
            candidates = [self.dealer]
        else:
            candidates = [(seat + k) % self.n_players for k in range(1, self.n_players)]
        made = self.doubles
        return [x for x in candidates if x != seat and (seat, x) not in made and (x, seat) not in made]

    def owed(self, seat: int) -> int:
        """How many more times ``seat`` must double the declarer in the declarer's contracts after this one."""
        now = sum(1 for by, on in self.doubles if by == seat and on == self.dealer)
        return max(0, DOUBLES_OWED - self.doubled[seat] - now)

    def may_stop_doubling(self, seat: int) -> bool:
        """Whether ``seat`` may make no more doubles: what it still owes the declarer fits in his contracts left
        after this one (or it has doubled him already in this one: nothing more would help)."""
        return self.owed(seat) <= len(self.remaining) - 1 or (seat, self.dealer) in self.doubles

    def _next_doubler(self, seat: int) -> None:
        nxt = (seat + 1) % self.n_players
        if nxt == self.dealer:
            self.phase = REDOUBLE
            self._next_redoubler(None)
        else:
            self.to_move = nxt

    def redouble_targets(self, seat: int) -> list[int]:
        """Who doubled ``seat`` and is not redoubled by it yet."""
        return [by for by, on in self.doubles if on == seat and (seat, by) not in self.redoubles]

    def _next_redoubler(self, seat: int | None) -> None:
        """The next doubled player, the declarer first, then from his left; the play once none is left."""
        order = [(self.dealer + k) % self.n_players for k in range(self.n_players)]
        after = order[order.index(seat) + 1:] if seat is not None else order
        for s in after:
            if self.redouble_targets(s):
                self.to_move = s
                return
        self._start_play()

    def _start_play(self) -> None:
        if self.contract == "reussite":
            self.phase = DOMINO
            self.to_move = self.dealer
        else:
            self.start_play(self.dealer)

    def _phase_normalise(self, action: str) -> Action:
        action = action.strip()
        if self.phase == DOMINO and action != "pass":
            try:
                return Card.parse_code(action).code  # a card as it may be typed ("10h", "JS")
            except CardSyntaxError:
                return action
        return action

    def _why_phase_illegal(self, action: Action) -> IllegalAction:
        seat = self.to_move
        if self.phase == DOMINO:
            if action in self.pack.index:
                if not self.held[seat] >> self.pack.index[action] & 1:
                    return illegal("not_in_hand", T("Vous n'avez pas cette carte.", "You do not hold that card."), seat)
                return illegal("does_not_fit", T(
                    "Cette carte ne se pose pas : une couleur s'ouvre par la carte de départ, puis se pose à la suite, "
                    "vers le bas ou vers le haut.",
                    "That card does not fit: a suit opens with the starting rank, then grows one card at a time, down "
                    "or up."), seat)
            if action == "pass":
                return illegal("must_play", T("Vous avez une carte à poser : on ne passe que sans carte qui se pose.",
                                              "You have a card that fits: one passes only without one."), seat)
        if self.phase == CONTRACT and action.startswith("contract:") and action[9:] in BY_KEY:
            c = BY_KEY[action[9:]]
            return illegal("already_played", T("Vous avez déjà joué « {c} ».", "You have already played “{c_en}”.").format(
                c=c.name.fr, c_en=c.name.en), seat)
        if self.phase == DOUBLE and action == DONE:
            return illegal("owed", T(
                "Vous devez contrer le déclarant {d} au moins {k} fois sur ses {n} contrats : il ne lui en reste pas "
                "assez pour attendre.",
                "You must double the declarer {d} at least {k} times over the declarer's {n} contracts: too few are "
                "left to wait.").format(d=seat_ref(self.dealer), k=DOUBLES_OWED, n=DEALS_EACH), seat)
        return super()._why_phase_illegal(action)

    # -- the trick contracts ------------------------------------------------------------------------
    def _lead_mask(self, seat: int, hand: int) -> int:
        if self.contract in NO_HEART_LEAD:
            return hand & ~PENALTIES.hearts or hand
        return hand

    def _why_lead_illegal(self, seat: int, card: int) -> IllegalAction:
        return illegal("no_heart_lead", T("Pas d'entame à cœur tant qu'on a une autre couleur.",
                                          "No heart may be led while you hold another suit."), seat)

    def _on_trick(self, winner: int) -> None:
        key = self.contract
        if key == "dames":
            self.stopped = self.played & PENALTIES.queens == PENALTIES.queens
        elif key == "roi-de-coeur":
            self.stopped = bool(self.taken[winner] & PENALTIES.king_of_hearts)

    def _deal_over(self) -> bool:
        return self.stopped or len(self.log) >= self.n_tricks

    # -- the réussite -------------------------------------------------------------------------------
    def domino_mask(self, seat: int) -> int:
        """The cards of ``seat``'s hand that fit the layout now."""
        return self.held[seat] & self.fitting()

    def fitting(self) -> int:
        """Every card that would fit the layout now: the starting rank of a suit not opened, else the card
        under its row's lowest and the one over its highest."""
        m = 0
        for s in range(4):
            row, lo, hi = ROW_IDS[s], self.low[s], self.high[s]
            if lo < 0:
                m |= 1 << row[self.start]
                continue
            if lo > 0:
                m |= 1 << row[lo - 1]
            if hi < len(row) - 1:
                m |= 1 << row[hi + 1]
        return m

    def _domino(self, seat: int, action: Action) -> None:
        n = self.n_players
        if action == "pass":
            self.lacks[seat] |= self.fitting() & ~self.held[seat]
        else:
            card = self.pack.index[action]
            s, strength = self.pack.suit[card], self.pack.strength[card]
            self.held[seat] ^= 1 << card
            self.played |= 1 << card
            if self.low[s] < 0:
                self.low[s] = self.high[s] = strength
            elif strength < self.low[s]:
                self.low[s] = strength
            else:
                self.high[s] = strength
            if not self.held[seat]:
                self.finished.append(seat)
                if len(self.finished) == n - 1:
                    self.finished.append(next(p for p in range(n) if p not in self.finished))
                    self._finish()
                    return
        nxt = (seat + 1) % n
        while nxt in self.finished:
            nxt = (nxt + 1) % n
        self.to_move = nxt

    def _allowed(self, seat: int, pile: int) -> int:
        allowed = super()._allowed(seat, pile)
        return allowed & ~self.lacks[pile] if pile < self.n_players else allowed

    def layout_rows(self) -> dict[str, list[str]]:
        """The réussite's layout: per suit opened (its letter), its cards from the lowest to the highest."""
        code = self.pack.code
        return {SUIT_LETTER[s]: [code[ROW_IDS[s][k]] for k in range(self.low[s], self.high[s] + 1)]
                for s in DOMINO_SUITS if self.low[s] >= 0}

    # -- the round, its scores, what each seat sees ---------------------------------------------------
    def _entry(self) -> dict[str, Any]:
        key = self.contract
        assert key is not None  # the deal is over, so a contract was named
        out: dict[str, Any] = {"contract": key}
        taken = self.taken
        if key == "plis":
            out["tricks"] = list(self.won)
        elif key == "coeurs":
            out["hearts"] = PENALTIES.hearts_taken(taken)
            out["ace_of_hearts"] = PENALTIES.taker_of(taken, PENALTIES.ace_of_hearts)
        elif key == "dames":
            out["queens"] = PENALTIES.queens_taken(taken)
        elif key == "roi-de-coeur":
            out["king_of_hearts"] = PENALTIES.taker_of(taken, PENALTIES.king_of_hearts)
        elif key == "deux-derniers":
            out["last_two"] = [self.log[-2][3], self.log[-1][3]]
        elif key == "atout":
            out["trump"] = SUIT_LETTER[self.trump]
            out["tricks"] = list(self.won)
        else:
            out["order"] = list(self.finished)
        if self.doubles:
            out["doubles"] = [{"by": by, "on": on} for by, on in self.doubles]
        if self.redoubles:
            out["redoubles"] = [{"by": by, "on": on} for by, on in self.redoubles]
        return out

    def returns(self) -> list[float]:
        return [float(s) for s in contract_scores(self._entry(), self.n_players)]

    def playout_value(self, seat: int) -> float:
        """The contract's score and the side bets: what the search bots weigh (both count in the ranking)."""
        entry = self._entry()
        scores = contract_scores(entry, self.n_players)
        bets = settle_doubles(scores, entry.get("doubles", []), entry.get("redoubles", []))
        return float(scores[seat] + bets[seat])

    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        obs["contract"] = self.contract
        obs["remaining"] = list(self.remaining)
        obs["start"] = START_RANKS[self.start] if self.start >= 0 else None
        obs["layout"] = self.layout_rows()
        obs["finished"] = list(self.finished)
        obs["doubles"] = [[by, on] for by, on in self.doubles]
        obs["redoubles"] = [[by, on] for by, on in self.redoubles]

    def view_facts(self, seat: int | None, obs: dict[str, Any]) -> list[Fact]:
        c = self.contract_info
        who = seat_ref(self.dealer)
        if c is None:
            left = [BY_KEY[k].name for k in self.remaining]
            return [Fact("remaining", T("Contrats restants de {p}", "{p}'s contracts left").format(p=who),
                         T(", ".join(t.fr for t in left), ", ".join(t.en for t in left)))]
        facts = [Fact("contract", T("Contrat", "Contract"), T(f"{c.name.fr} ({who})", f"{c.name.en} ({who})")),
                 *super().view_facts(seat, obs)]
        if self.start >= 0:
            rank = _rank_name(START_RANKS[self.start])
            facts.append(Fact("start", T("Départ", "Start"), rank))
        if self.doubles:
            redoubled = set(self.redoubles)
            said = [(T("{a} contre {b}", "{a} doubles {b}").format(a=seat_ref(by), b=seat_ref(on)),
                     (on, by) in redoubled) for by, on in self.doubles]
            facts.append(Fact("doubles", T("Contres", "Doubles"), T(
                " ; ".join(t.fr + (", surcontré" if r else "") for t, r in said),
                "; ".join(t.en + (", redoubled" if r else "") for t, r in said))))
        for suit, row in self.layout_rows().items():
            symbol = suit_label(suit)
            assert symbol is not None  # a suit letter
            facts.append(Fact("layout", T(f"Réussite {symbol.fr}", f"Layout {symbol.en}"), cards=tuple(row)))
        return facts

    def view_notes(self, seat: int | None, obs: dict[str, Any]) -> list[list[Note]]:
        notes: list[list[Note]] = [[] for _ in range(self.n_players)]
        key, taken = self.contract, self.taken
        if key == "coeurs":
            for s, h in enumerate(PENALTIES.hearts_taken(taken)):
                if h:
                    notes[s].append(Note(Text(f"{h} ♥", f"{h} ♥")))
        elif key == "dames":
            for s, q in enumerate(PENALTIES.queens_taken(taken)):
                if q:
                    notes[s].append(Note(count(q, "{n} dame", "{n} dames", "{n} queen", "{n} queens")))
        elif key == "roi-de-coeur":
            king = PENALTIES.taker_of(taken, PENALTIES.king_of_hearts)
            if king is not None:
                notes[king].append(Note(T("R♥ pris", "K♥ taken")))
        for place, s in enumerate(self.finished):
            notes[s].append(Note(T("{k}ᵉ sorti", "out {k}").format(k=place + 1) if place else
                                 T("1ᵉʳ sorti", "out first")))
        return notes

    def view_prompt(self, seat: int, obs: dict[str, Any]) -> Text | None:
        phase = self.phase
        if phase == CONTRACT:
            return T("Choisissez votre contrat parmi ceux qui vous restent.", "Choose your contract among those left.")
        if phase == TRUMP_CHOICE:
            return T("Choisissez l'atout.", "Choose the trump suit.")
        if phase == START_CHOICE:
            return T("Choisissez la carte de départ de la réussite.", "Choose the rank the layout starts from.")
        if phase == DOUBLE:
            return T("Contrez-vous quelqu'un ? Un contre parie sur l'écart entre vos deux scores.",
                     "Do you double anyone? A double bets on the gap between your two scores.")
        if phase == REDOUBLE:
            return T("On vous a contré : surcontrez-vous ?", "You were doubled: do you redouble?")
        if phase == DOMINO:
            if obs["legal"] == ["pass"]:
                return T("Aucune carte ne se pose : passez.", "No card fits: pass.")
            return T("Posez une carte sur la réussite.", "Put a card on the layout.")
        return None

    def action_label(self, action: Action) -> Text:
        head, _sep, rest = action.partition(":")
        if head == "contract" and rest in BY_KEY:
            return BY_KEY[rest].name
        if head == "start" and rest in START_RANKS:
            rank = _rank_name(rest)
            return T(f"Départ : {rank.fr}", f"Start: {rank.en}")
        if head == "double" and rest.isdigit():
            return T("Contrer {p}", "Double {p}").format(p=seat_ref(int(rest)))
        if head == "redouble" and rest.isdigit():
            return T("Surcontrer {p}", "Redouble {p}").format(p=seat_ref(int(rest)))
        if action == DONE:
            return T("Pas de surcontre", "No redouble") if self.phase == REDOUBLE else T("Pas d'autre contre", "No more doubles")
        return super().action_label(action)

    # -- bots -----------------------------------------------------------------------------------------
    def quick_action(self, rng: random.Random) -> Action:
        """:func:`~companion.games.barbu_classique.bots.quick_choice`: the contract this hand plays best against
        the contract's average, the longest suit as trump, the réussite from the middle of the hand; doubles only
        owed ones; in play, ducking and shedding in the negative contracts, taking tricks at Atout, and at the
        réussite the card that opens the way to one's own cards."""
        return quick_choice(self, rng, AVERAGES)


class BarbuClassique(Game):
    info = INFO
    sheet_class = BarbuClassiqueSheet
    deal_class = BarbuClassiqueDeal
    options = (
        Option("dealing", T("La donne", "Dealing"), "choice", SEVEN_IN_A_ROW,
               choices=((SEVEN_IN_A_ROW, T("sept donnes de suite par donneur", "seven deals in succession per dealer")),
                        (ROTATE, T("la donne tourne à chaque donne", "the deal passes on after every deal"))),
               help=T("Chacun donne ses sept donnes d'affilée, puis la donne passe au voisin ; ou bien elle tourne "
                      "après chaque donne. Sept donnes chacun dans les deux cas.",
                      "Each player deals seven deals in a row, then the deal passes on; or it passes on after every "
                      "deal. Seven deals each either way."),
               stored_default=ROTATE),
        Option("doubles", T("Contres", "Doubles"), "bool", False,
               help=T("Après l'annonce du contrat, on peut contrer et surcontrer : un pari sur l'écart entre deux "
                      "joueurs, compté à part.",
                      "Once the contract is named, players may double and redouble: a bet on the gap between two "
                      "players, counted apart.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        """One shape per contract: its :attr:`Classic.fields` (of :data:`FIELDS`), and with the option doubles the
        :data:`DOUBLE_KEYS`."""
        seat = schema.seat(n_players)
        fields = {
            "tricks": schema.counts(n_players, HAND_SIZE, "tricks taken by each seat"),
            "hearts": schema.counts(n_players, HEARTS_IN_DECK, "hearts taken by each seat"),
            "ace_of_hearts": schema.seat(n_players, "who took the A♥"),
            "queens": schema.counts(n_players, QUEENS_IN_DECK, "queens taken by each seat"),
            "king_of_hearts": schema.seat(n_players, "who took the K♥"),
            "last_two": {"type": "array", "items": seat, "minItems": 2, "maxItems": 2,
                         "description": "who took the last trick but one, then the last"},
            "trump": schema.choice(list(SUIT_TRUMPS), "the trump suit: S, H, D or C"),
            "order": {"type": "array", "items": seat, "minItems": n_players, "maxItems": n_players,
                      "uniqueItems": True, "description": "seats in finishing order"},
        }
        assert tuple(fields) == FIELDS  # the keys check_entry reads
        pairs = {"type": "array", "items": schema.obj({"by": seat, "on": seat}, ["by", "on"])}
        doubles = {"doubles": {**pairs, "description": "with the option doubles only: who doubled whom (not the "
                                                       "declarer; in atout and réussite only the declarer may be "
                                                       "doubled)"},
                   "redoubles": {**pairs, "description": "with the option doubles only: who redoubled whom: only a "
                                                         "player doubled by that one"}} \
            if options.get("doubles") else {}
        assert not doubles or tuple(doubles) == DOUBLE_KEYS
        shapes = [schema.obj({"contract": {"const": c.key}, **{f: fields[f] for f in c.fields}, **doubles},
                             ["contract", *c.fields]) for c in CONTRACTS]
        return schema.entry("Barbu classique round entry", one_of=shapes)

    def deal_setup(self, n_players: int, options: dict[str, Any] | None, number: int,
                   dealer: int | None, stored: bool = False) -> tuple[dict[str, Any], int]:
        """As every game's, but the default dealer is the sheet's (seven deals in succession by default)."""
        opts, seat = super().deal_setup(n_players, options, number, dealer, stored)
        if dealer is None:
            seat = self.new_sheet(n_players, opts).dealer_for(number)
        return opts, seat

    def deal_context(self, sheet: Sheet) -> dict[str, Any]:
        """What the deal needs from the rounds before: the contracts the coming declarer has left, and how many
        times each seat has doubled him so far (what he is still owed)."""
        assert isinstance(sheet, BarbuClassiqueSheet)  # the game's own sheet
        dealer = sheet.dealer_for(sheet.number)
        done = sheet.doubles_of(dealer)
        return {"remaining": sheet.remaining(dealer), "doubled": [done.get(s, 0) for s in range(sheet.n)]}

    def deal_arguments(self, n_players: int, options: dict[str, Any], number: int,
                       remaining: list[str] | tuple[str, ...] | None = None,
                       doubled: list[int] | tuple[int, ...] | None = None) -> dict[str, Any]:
        """``remaining``: the contracts the declarer has not played yet (all seven for a first deal), in the
        order of :data:`CONTRACTS`; ``doubled``: per seat, how many times it doubled this declarer before (zeros
        by default)."""
        if remaining is None:
            remaining = list(BY_KEY)
        if doubled is None:
            doubled = [0] * n_players
        problems = []
        if (not isinstance(remaining, (list, tuple)) or not remaining or len(set(remaining)) != len(remaining)
                or any(k not in BY_KEY for k in remaining)):
            problems.append(Problem("remaining", "bad_remaining", T(
                "Les contrats qui restent au déclarant : une liste non vide de contrats distincts ({k}).",
                "The declarer's contracts left: a non-empty list of distinct contracts ({k}).").format(k=", ".join(BY_KEY))))
        if (not isinstance(doubled, (list, tuple)) or len(doubled) != n_players
                or any(not is_int(d) or d < 0 for d in doubled)):
            problems.append(Problem("doubled", "bad_doubled", T(
                "Les contres déjà faits sur le déclarant : un nombre entier positif ou nul par joueur.",
                "The doubles already made on the declarer: one whole number, 0 or more, per player.")))
        if problems:
            raise InvalidOptions(problems)
        assert isinstance(remaining, (list, tuple)) and isinstance(doubled, (list, tuple))  # checked above
        return {"remaining": tuple(k for k in BY_KEY if k in remaining), "doubled": tuple(doubled)}


GAME = BarbuClassique()
