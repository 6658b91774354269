"""Le pharaon, as in the user's rule document « Le pharaon », a two-sided version of the game; the classic
18th-century game (bets on ranks, doublets) is described as a variant from Wikipédia "Pharaon (jeu)" and
salondesjeux.fr.

A banker against pontes, one 52-card pack, ace high (suits do not count). The pontes bet on the banker's right or
left; he draws two cards, the first to his right, the second to his left. The higher rank wins its side: the banker
pays every bet on it and takes every bet on the other; on a pair (same rank) he takes every bet. The rule document
never rotates the bank: the last banker keeps it unless an entry names another. Option ``coups`` (none: the group
finishes); the highest balance wins.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.kernel import schema
from companion.kernel.cards import Card, Joker, SuitCard, deck
from companion.kernel.entries import MAX_COUNT, EntryReader, is_int
from companion.kernel.errors import CardSyntaxError, Problem
from companion.kernel.game import (
    CLOCKWISE,
    EntryField,
    Game,
    GameInfo,
    NextRound,
    Option,
    RoundResult,
    RuleTable,
    Sheet,
)
from companion.kernel.text import T, Text, seat_ref

MIN_PLAYERS, MAX_PLAYERS = 2, 8
DECK = "52"
# Rank codes (cards.Rank.code) from lowest to highest; suits do not matter.
RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
COUPS_PER_PACK = 26  # two cards per coup
PAYOUT = 1  # the winning side is paid even money
MAX_COUPS = 1000
MAX_BET = MAX_COUNT
SIDES = ("right", "left")
RESULTS = ("right", "left", "pair")
RULE = "coup"
ENTRY_KEYS = ("banker", "bets", "right", "left", "result")  # what check_entry allows and the schema lists

INFO = GameInfo(
    essentials=("outcomes",),
    slug="pharaon",
    names=T("Le pharaon", "Pharaon"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=(DECK,),
    family="banque",
    direction=CLOCKWISE,
    source="The user's rule document « Le pharaon »; classic variant from Wikipédia (Pharaon) and salondesjeux.fr.",
    aliases=("pharao", "faro"),
    summary=T(
        "Jeu de banque : on mise à droite ou à gauche, la plus forte des deux cartes tirées désigne le côté gagnant.",
        "Banking game: stake on the right or the left; the higher of two cards drawn picks the winning side.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes (la couleur ne compte pas)", "Card order (suits do not matter)"),
            (T("Du plus faible au plus fort", "Lowest to highest"),),
            rows=((T("2 3 4 5 6 7 8 9 10 V D R As", "2 3 4 5 6 7 8 9 10 J Q K Ace"),),),
        ),
        RuleTable(
            "outcomes",
            T("Ce que rapporte un coup", "What a coup pays"),
            (
                T("Cartes tirées", "Cards drawn"),
                T("Mises à droite", "Stakes on the right"),
                T("Mises à gauche", "Stakes on the left"),
            ),
            rows=(
                (
                    T("Droite plus forte", "Right card higher"),
                    T(f"payées {PAYOUT} pour {PAYOUT}", f"paid {PAYOUT} for {PAYOUT}"),
                    T("perdues", "lost"),
                ),
                (
                    T("Gauche plus forte", "Left card higher"),
                    T("perdues", "lost"),
                    T(f"payées {PAYOUT} pour {PAYOUT}", f"paid {PAYOUT} for {PAYOUT}"),
                ),
                (T("Même hauteur (paire)", "Same rank (a pair)"), T("perdues", "lost"), T("perdues", "lost")),
            ),
        ),
    ),
    values=(("coups_per_pack", COUPS_PER_PACK), ("pack_size", len(deck(DECK)))),
)

RESULT_NAMES = {"right": T("la droite gagne", "the right wins"), "left": T("la gauche gagne", "the left wins"),
                "pair": T("paire : le banquier ramasse tout", "pair: the banker takes everything")}


def result_of(right: Card, left: Card) -> str:
    assert isinstance(right, SuitCard) and isinstance(left, SuitCard)
    a, b = RANK_ORDER.index(right.rank.code), RANK_ORDER.index(left.rank.code)
    return "right" if a > b else "left" if b > a else "pair"


class PharaonSheet(Sheet):
    lowest_wins = False

    def __init__(self, game: Game, n_players: int, options: dict[str, Any]):
        super().__init__(game, n_players, options)
        self.banker = 0

    def natural_end(self) -> bool:
        coups = self.options["coups"]
        return coups is not None and len(self.rounds) >= coups

    def next_round(self) -> NextRound:
        return replace(super().next_round(), dealer=self.banker, first=None)

    def next_extra(self) -> dict[str, Any]:
        return {"banker": self.banker}

    def first_for(self, dealer: int) -> int | None:
        return None  # the pontes bet, the banker draws: nobody leads

    def upcoming_dealer(self, number: int) -> int | None:
        return self.banker  # the bank does not rotate: the last banker keeps it (an entry may name another)

    def entry_fields(self, number: int) -> list[EntryField]:
        # The banker does not bet: no boxes on the row of whoever holds the bank, or of the banker the entry names.
        # (A correction names its coup's banker; a coup to come is the holder's unless the entry hands the bank on.)
        holder = (self.banker,) if number >= self.number else ()
        return [EntryField("banker", T("Banquier", "Banker"), "seat", required=False,
                           help=T("Si la banque change", "If the bank changes")),
                EntryField("bets.right", T("À droite", "Right"), "count", required=False, fold=False, maximum=MAX_BET,
                           out=holder, out_follows="banker"),
                EntryField("bets.left", T("À gauche", "Left"), "count", required=False, fold=False, maximum=MAX_BET,
                           out=holder, out_follows="banker")]

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=RULE)
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        banker = r.seat("banker")
        self._read_bets(r, banker)
        cards: dict[str, Card] = {}
        for side in SIDES:
            if not r.has(side):
                continue
            try:
                card = Card.parse_code(r.entry[side])
            except CardSyntaxError:
                r.add(side, "bad_card", T("Carte inconnue : {c}.", "Unknown card: {c}.").format(c=str(r.entry[side])[:12]))
                continue
            if isinstance(card, Joker) or not isinstance(card, SuitCard) or card.rank.code not in RANK_ORDER:
                r.add(side, "not_in_pack", T("Pas de joker au pharaon : un jeu de 52 cartes.",
                                             "No joker at pharaon: a 52-card pack."))
                continue
            cards[side] = card
        given = [s for s in SIDES if r.has(s)]
        if len(given) == 1:
            other = "left" if given[0] == "right" else "right"
            r.add(other, "required", T("Les deux cartes, celle de droite et celle de gauche.",
                                       "Both cards, the right one and the left one."))
        result = None
        if r.has("result"):
            result = r.entry["result"]
            if result not in RESULTS:
                r.add("result", "bad_choice", T("« right », « left » ou « pair ».", "“right”, “left” or “pair”."))
                result = None
        elif not given:
            r.add("result", "required", T("Les deux cartes tirées, ou le résultat du coup.",
                                          "The two cards drawn, or the coup's result."))
        if len(cards) == 2:
            if cards["right"] == cards["left"]:
                r.add("left", "same_card", T("Deux fois la même carte : un seul jeu de 52 cartes.",
                                             "The same card twice: a single 52-card pack."))
            elif result is not None and result != result_of(cards["right"], cards["left"]):
                r.add("result", "disagrees", T("Les cartes disent : {w}.", "The cards say: {w_en}.").format(
                    w=RESULT_NAMES[result_of(cards["right"], cards["left"])].fr,
                    w_en=RESULT_NAMES[result_of(cards["right"], cards["left"])].en))
        return r.problems

    def _read_bets(self, r: EntryReader, banker: int | None) -> None:
        if not r.has("bets"):
            r.missing("bets")
            return
        raw = r.entry["bets"]
        if not isinstance(raw, list) or len(raw) != self.n:
            r.add("bets", "wrong_length", T("Les mises de chacun ({n}), null pour le banquier.",
                                            "Each one's bets ({n}), null for the banker.").format(n=self.n))
            return
        placed = 0
        for seat, bet in enumerate(raw):
            if seat == banker:
                if bet is not None:
                    r.add("bets", "banker_bets", T("Le banquier ne mise pas : null.", "The banker does not bet: null."), seat)
                continue
            if bet is None:
                continue  # a ponte who sits this coup out
            if not isinstance(bet, dict):
                r.add("bets", "not_object", T("Mise attendue : {\"right\": 2, \"left\": 0}.",
                                              "Expected a bet: {\"right\": 2, \"left\": 0}."), seat)
                continue
            for key in bet:
                if key not in SIDES:
                    r.add("bets", "unknown_field", T("Côté inconnu : right ou left.", "Unknown side: right or left."), seat)
            for side in SIDES:
                v = bet.get(side, 0)
                if v is None:
                    v = 0
                if not is_int(v) or not 0 <= v <= MAX_BET:
                    r.add(f"bets.{side}", "not_count", T("Nombre entier positif ou nul attendu.",
                                                         "Expected a whole number, 0 or more."), seat)
                else:
                    placed += v
        if placed == 0 and banker is not None and not any(p.field.startswith("bets") for p in r.problems):
            r.add("bets", "no_bet", T("Personne n'a misé : il faut au moins une mise.",
                                      "Nobody bet: at least one bet is needed."))

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        banker = entry["banker"]
        bets = [None if s == banker or entry["bets"][s] is None else
                {side: entry["bets"][s].get(side) or 0 for side in SIDES} for s in range(self.n)]
        out: dict[str, Any] = {"banker": banker, "bets": bets}
        if entry.get("right") is not None:
            out["right"] = Card.parse_code(entry["right"]).code
            out["left"] = Card.parse_code(entry["left"]).code
        out["result"] = entry.get("result") or result_of(Card.parse_code(out["right"]), Card.parse_code(out["left"]))
        return out

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        banker, bets, result = entry["banker"], entry["bets"], entry["result"]
        scores = [0] * self.n
        for s, bet in enumerate(bets):
            if bet is None:
                continue
            if result == "pair":
                scores[s] = -(bet["right"] + bet["left"])
            else:
                lost = "left" if result == "right" else "right"
                scores[s] = PAYOUT * bet[result] - bet[lost]
        scores[banker] = -sum(scores)
        self.banker = banker
        note = T("{w} : le banquier {b} {sign} {v}.", "{w_en}: the banker {b} {sign_en} {v}.").format(
            w=RESULT_NAMES[result].fr.capitalize(), w_en=RESULT_NAMES[result].en.capitalize(), b=seat_ref(banker),
            sign="gagne" if scores[banker] >= 0 else "perd", sign_en="wins" if scores[banker] >= 0 else "loses",
            v=abs(scores[banker]))
        return RoundResult(0, entry, scores, notes=[note])

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or not is_int(entry.get("banker")) or not 0 <= entry["banker"] < self.n:
            return super().describe_entry(entry, number)
        lines = [T("Banquier : {b}", "Banker: {b}").format(b=seat_ref(entry["banker"]))]
        bets = entry.get("bets")
        if isinstance(bets, list):
            fr, en = [], []
            for s, bet in enumerate(bets):
                if isinstance(bet, dict) and (bet.get("right") or bet.get("left")):
                    fr.append(f"{seat_ref(s)} {bet.get('right') or 0} à droite, {bet.get('left') or 0} à gauche")
                    en.append(f"{seat_ref(s)} {bet.get('right') or 0} right, {bet.get('left') or 0} left")
            lines.append(T("Mises : " + (" · ".join(fr) or "—"), "Bets: " + (" · ".join(en) or "—")))
        if entry.get("right") is not None and entry.get("left") is not None:
            lines.append(T("Cartes : {r} à droite, {l} à gauche", "Cards: {r} right, {l} left").format(
                r=_shown(entry["right"]), l=_shown(entry["left"])))
        if entry.get("result") in RESULT_NAMES:
            name = RESULT_NAMES[entry["result"]]
            lines.append(T("Résultat : {w}", "Result: {w_en}").format(w=name.fr, w_en=name.en))
        return lines

    def summarise(self, result: RoundResult) -> Text | None:
        """Which side won, winning card first when the table gave them ("la droite gagne · R♠ contre 7♥"), or a pair:
        the bank takes everything."""
        from companion.kernel.cards import display

        entry = result.entry
        if entry["result"] == "pair":
            return T("paire · la banque ramasse tout", "pair · the bank takes all")
        line = T("la droite gagne", "the right wins") if entry["result"] == "right" else T("la gauche gagne", "the left wins")
        if "right" not in entry:
            return line
        won, lost = (entry["right"], entry["left"]) if entry["result"] == "right" else (entry["left"], entry["right"])
        w, lo = Card.parse_code(won), Card.parse_code(lost)
        return T("{l} · {a} contre {b}", "{l_en} · {a_en} to {b_en}").format(
            l=line.fr, l_en=line.en, a=display(w, "fr"), b=display(lo, "fr"), a_en=display(w, "en"), b_en=display(lo, "en"))


def _shown(code: Any) -> str:
    try:
        return str(Card.parse_code(code))
    except ValueError:
        return str(code)[:12]


class Pharaon(Game):
    info = INFO
    sheet_class = PharaonSheet
    options = (
        Option("coups", T("Nombre de coups", "Number of coups"), "int", None, nullable=True, minimum=1,
               maximum=MAX_COUPS, help=T("Vide : on arrête quand on veut.", "Empty: stop whenever you like.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        amount = schema.whole(0, MAX_BET)
        bet = schema.nullable(schema.obj({"right": amount, "left": amount}))
        card = schema.card("a card code of the 52-card pack")
        result = schema.choice(list(RESULTS))
        common = {"banker": schema.seat(n_players, "the seat holding the bank"),
                  "bets": schema.per_seat(n_players, bet, "each seat's bets on the banker's right and left, null for "
                                                          "the banker")}
        cards = {**common, "right": {**card, "description": "the first card, on the banker's right"},
                 "left": {**card, "description": "the second card, on the banker's left"},
                 "result": {**result, "description": "optional, checked against the cards"}}
        assert set(cards) == set(ENTRY_KEYS)  # what check_entry allows
        return schema.entry("Pharaon coup entry", one_of=[
            schema.obj(cards, ["banker", "bets", "right", "left"]),
            schema.obj({**common, "result": result}, ["banker", "bets", "result"])])


GAME = Pharaon()
