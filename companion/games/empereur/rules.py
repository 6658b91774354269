"""L'empereur, as the user's rule document « L'empereur » gives it (a game by Florent Peyrusse); what it leaves open
is settled by Atout, in the spirit of climbing games such as Président (the rulebook's disputes list it).

2 to 6 players, 52 cards and ``jokers`` (0 to 2), 7 cards each. Four modes: Normal (``manches`` manches, the last
Emperor wins), Élite (the Emperor scores the cards left in the Subjects' hands; first to ``target`` wins), Miroir
Normal (the last Exclu loses) and Miroir Élite (the Exclu scores every card left in hand; first to ``target`` loses).
A draw picks the dealer of each manche, so ``next.dealer`` and ``next.first`` are null; the entry may say who dealt.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.families.hands import (
    Hand,
    check_copies,
    check_counts_left,
    hand_json,
    hand_words,
    read_hand,
)
from companion.kernel import schema
from companion.kernel.cards import Card, Joker, SuitCard, deck, rank_name
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import Problem
from companion.kernel.game import CLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable, Sheet
from companion.kernel.text import T, Text, seat_ref

HAND_SIZE = 7
COMFORTABLE_PLAYERS = 5  # the rule document: at 6 the game drags, 5 at most is more comfortable
NORMAL_POINT = 1  # Normal and Miroir Normal: the tally of manches, 1 for the Emperor (the Exclu)

# Rank codes (cards.Rank.code) from weakest to strongest; the Joker ("JK") stands for the rank its player names.
RANK_ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")

# Points of cards left in hand, used by the Elite and Mirror Elite modes.
CARD_POINTS = {
    "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
    "J": 11, "Q": 12, "K": 13, "A": 14, "2": 15, "JK": 20,
}

# For the dealer draw and for "the highest card" given at the exchange, the Joker beats everything.
EXCHANGE_ORDER = ("JK", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3")

MODES = ("normal", "elite", "miroir_normal", "miroir_elite")
MIRROR = ("miroir_normal", "miroir_elite")
ELITE = ("elite", "miroir_elite")
MAX_JOKERS = 2
PACK_SIZE = 4 * len(RANK_ORDER)  # 52: four suits of 13 ranks
PACK_POINTS = 4 * sum(CARD_POINTS[r] for r in RANK_ORDER)  # 468 without jokers
LEAST_CARD = min(CARD_POINTS.values())  # 3: a hand that holds anything is worth 3 points at least
DEFAULT_MANCHES = {"short": 3, "long": 6}  # Normal and Mirror Normal
DEFAULT_TARGETS = {"short": 500, "long": 1000}  # Elite and Mirror Elite

_JOKER = T("Joker", "Joker")


def _name(code: str) -> Text:
    return _JOKER if code == "JK" else rank_name(code)


def _thousands(n: int) -> Text:
    """A number as the prose writes it: 1 000 in French (narrow no-break space), 1,000 in English."""
    return T(f"{n:,}".replace(",", "\u202f"), f"{n:,}")


INFO = GameInfo(
    essentials=("modes",),
    slug="empereur",
    names=T("L'empereur", "Emperor"),
    min_players=2,
    max_players=6,
    decks=("54", "52"),  # 52 and up to two jokers (option ``jokers``)
    family="defausse",
    direction=CLOCKWISE,
    source="The user's rule document « L'empereur » (a game by Florent Peyrusse); what it leaves open settled by Atout.",
    aliases=("empereur", "l'empereur", "emperor", "jeu de l'empereur"),
    summary=T(
        "Posez des cartes de même valeur, toujours plus haut, pour vider votre main le premier.",
        "Play sets of equal cards, never lower, to be the first to empty your hand.",
    ),
    values=(
        ("comfortable_players", COMFORTABLE_PLAYERS),
        ("hand_size", HAND_SIZE),
        ("pack_size", PACK_SIZE),
        ("jokers", MAX_JOKERS),
        ("pack_with_jokers", PACK_SIZE + MAX_JOKERS),
        ("highest_rank", _name(RANK_ORDER[-1])),
        ("lowest_rank", _name(RANK_ORDER[0])),
        ("normal_point", NORMAL_POINT),
        ("least_card", LEAST_CARD),
        ("pack_points", PACK_POINTS),
        ("joker_points", CARD_POINTS["JK"]),
        ("manches_short", DEFAULT_MANCHES["short"]),
        ("manches_long", DEFAULT_MANCHES["long"]),
        ("target_short", _thousands(DEFAULT_TARGETS["short"])),
        ("target_long", _thousands(DEFAULT_TARGETS["long"])),
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes", "Card order"),
            (T("Force (1 = la plus faible)", "Strength (1 = lowest)"), T("Carte", "Card")),
            rows=tuple((i, _name(r)) for i, r in enumerate(RANK_ORDER, start=1))
            + ((T("au choix", "as named"), T("Joker (prend la valeur annoncée)", "Joker (takes the rank its player names)")),),
        ),
        RuleTable(
            "card_points",
            T("Points des cartes restées en main (modes Élite)", "Points of cards left in hand (Elite modes)"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=tuple((_name(r), CARD_POINTS[r]) for r in (*RANK_ORDER, "JK")),
        ),
        RuleTable(
            "modes",
            T("Les quatre modes", "The four modes"),
            (T("Mode", "Mode"), T("Durée", "Length"), T("Qui marque", "Who scores"), T("Échange de cartes", "Card exchange"), T("Résultat", "Result")),
            rows=(
                (
                    T("Normal", "Normal"),
                    T(f"{DEFAULT_MANCHES['short']} manches (courte) ou {DEFAULT_MANCHES['long']} (longue)",
                      f"{DEFAULT_MANCHES['short']} rounds (short) or {DEFAULT_MANCHES['long']} (long)"),
                    T("l'Empereur, 1 point (le compte des manches)", "the Emperor, 1 point (the tally of rounds)"),
                    T("aucun", "none"),
                    T("l'Empereur de la dernière manche gagne", "the Emperor of the last round wins"),
                ),
                (
                    T("Élite", "Elite"),
                    T(f"cible de {DEFAULT_TARGETS['short']} points (courte) ou {DEFAULT_TARGETS['long']} (longue)",
                      f"target of {DEFAULT_TARGETS['short']} points (short) or {DEFAULT_TARGETS['long']} (long)"),
                    T("l'Empereur, la valeur des mains des Sujets", "the Emperor, the value of the Subjects' hands"),
                    T("Sujets → Empereur", "Subjects → Emperor"),
                    T("le premier à atteindre la cible gagne", "the first to reach the target wins"),
                ),
                (
                    T("Miroir Normal", "Mirror Normal"),
                    T("comme Normal", "as Normal"),
                    T("l'Exclu, 1 point", "the Outcast, 1 point"),
                    T("Exclu → Élus", "Outcast → Chosen"),
                    T("l'Exclu de la dernière manche perd, tous les autres gagnent", "the Outcast of the last round loses, all others win"),
                ),
                (
                    T("Miroir Élite", "Mirror Elite"),
                    T("comme Élite", "as Elite"),
                    T("l'Exclu, la valeur des cartes restées en main (points de pénalité)", "the Outcast, the value of the cards left in hand (penalty points)"),
                    T("Exclu → Élus", "Outcast → Chosen"),
                    T("le premier à atteindre la cible perd, les autres gagnent", "the first to reach the target loses, the others win"),
                ),
            ),
        ),
    ),
)


def card_points(card: Card) -> int:
    if isinstance(card, Joker):
        return CARD_POINTS["JK"]
    assert isinstance(card, SuitCard)
    return CARD_POINTS[card.rank.code]


def most_points(jokers: int) -> int:
    """The most every card left in hand can be worth together: 468, and 20 a joker."""
    return PACK_POINTS + CARD_POINTS["JK"] * jokers


def exchanges(mode: str, n_players: int, emperor: int | None, exclu: int | None) -> list[dict[str, Any]]:
    """The exchanges before the coming manche, after one whose Emperor (Élite) or Exclu (Miroir) is given."""
    if mode == "elite" and emperor is not None:
        subjects = [s for s in range(n_players) if s != emperor]
        return ([{"from": s, "to": emperor, "card": "highest"} for s in subjects]
                + [{"from": emperor, "to": s, "card": "choice"} for s in subjects])
    if mode in MIRROR and exclu is not None:
        elus = [s for s in range(n_players) if s != exclu]
        return ([{"from": exclu, "to": s, "card": "highest"} for s in elus]
                + [{"from": s, "to": exclu, "card": "choice"} for s in elus])
    return []


class EmpereurSheet(Sheet):
    @property
    def card_points_by_code(self) -> dict[str, Any]:
        """What each rank (and the joker) is worth, by API rank code: for the card picker's running count."""
        return {**{r: v for r, v in CARD_POINTS.items()}}

    @property
    def mode(self) -> str:
        mode: str = self.options["mode"]
        return mode

    @property
    def role(self) -> str:
        """The entry key naming the manche's decisive seat: the Emperor, or in Miroir the Exclu."""
        return "exclu" if self.mode in MIRROR else "emperor"

    @property
    def lowest_wins(self) -> bool:  # type: ignore[override]  # read-only, from the mode: Sheet's is an attribute
        return self.mode == "miroir_elite"

    def __init__(self, game: Game, n_players: int, options: dict[str, Any]) -> None:
        super().__init__(game, n_players, options)
        self.pack = Counter(deck("52") + [Joker()] * options["jokers"])

    # -- dealing: a draw picks the dealer of every manche ---------------------------------------------
    def dealer_for(self, number: int) -> int | None:  # type: ignore[override]  # a draw, not the sheet, picks him
        return None

    def next_seat(self, seat: int | None) -> int | None:  # type: ignore[override]  # no seat: none after it
        return None if seat is None else super().next_seat(seat)

    def played_dealer(self, entry: dict[str, Any], due: int | None) -> int | None:
        """Who dealt, when the table said so (a draw picks the dealer: nothing is due)."""
        return entry.get("dealer")

    def next_extra(self) -> dict[str, Any]:
        last = self.rounds[-1].entry if self.rounds else {}
        return {"exchanges": exchanges(self.mode, self.n, last.get("emperor"), last.get("exclu"))}

    def exchange_lines(self) -> list[Text]:
        """The coming manche's exchanges (``next.exchanges``) as the form reminds them, players as seat refs."""
        ex = self.next_extra()["exchanges"]
        highest = [e for e in ex if e["card"] == "highest"]
        if not highest:
            return []
        givers = [e["from"] for e in highest]
        takers = [e["to"] for e in highest]

        def both(seats: list[int]) -> Text:
            refs = [seat_ref(s) for s in seats]
            if len(refs) == 1:
                return T(refs[0], refs[0])
            return T(", ".join(refs[:-1]) + " et " + refs[-1], ", ".join(refs[:-1]) + " and " + refs[-1])

        if len(set(takers)) == 1:  # Élite: every Subject to the Emperor, who gives one back to each
            who, boss = both(givers), seat_ref(takers[0])
            many = len(givers) > 1
            return [T("Échange avant de jouer : {g} donne{s} sa plus haute carte à {b} (le joker bat le 2) ; "
                      "{b} {back} une carte de son choix.",
                      "Exchange before play: {g_en} give{s_en} {b}{their} highest card (the joker beats the 2); "
                      "{b} {back_en} a card of his choice.").format(
                g=who.fr, g_en=who.en, s="nt chacun" if many else "", s_en="" if many else "s",
                their=" each their" if many else " his", b=boss, back="rend à chacun" if many else "lui rend",
                back_en="gives each one back" if many else "gives him back")]
        exclu, elus = seat_ref(givers[0]), both(takers)  # Miroir: the Exclu to every Élu, each gives one back
        return [T("Échange avant de jouer : {x} donne sa plus haute carte à {e} (le joker bat le 2) ; "
                  "chacun lui rend une carte de son choix.",
                  "Exchange before play: {x} gives his highest card to {e_en} (the joker beats the 2); "
                  "each gives him back a card of their choice.").format(x=exclu, e=elus.fr, e_en=elus.en)]

    # -- the end ---------------------------------------------------------------------------------------
    def natural_end(self) -> bool:
        if self.mode in ELITE:
            target: int = self.options["target"]
            return bool(self.rounds) and max(self.totals) >= target
        manches: int = self.options["manches"]
        return len(self.rounds) >= manches

    @property
    def winners(self) -> list[int]:
        if not self.finished or not self.rounds:
            return []
        return self._ranked()

    @property
    def leaders(self) -> list[int]:
        return self._ranked() if self.rounds else []

    def _ranked(self) -> list[int]:
        last = self.rounds[-1].entry
        if self.mode == "normal":
            return [last["emperor"]]  # the last Emperor wins, whatever the tally
        if self.mode == "miroir_normal":
            return [s for s in range(self.n) if s != last["exclu"]]
        if self.mode == "elite":
            best = max(self.totals)
            return [s for s in range(self.n) if self.totals[s] == best]
        worst = max(self.totals)  # Miroir Élite: whoever has the most loses, the others win
        return [s for s in range(self.n) if self.totals[s] != worst] or list(range(self.n))

    def ranking_key(self, seat: int) -> int:
        # Ranked by ``lowest_wins`` (highest first except in Miroir Élite): the last Emperor or the non-Exclus first.
        if self.mode == "normal" and self.rounds:
            return 1 if seat == self.rounds[-1].entry["emperor"] else 0
        if self.mode == "miroir_normal" and self.rounds:
            return 0 if seat == self.rounds[-1].entry["exclu"] else 1
        return self.totals[seat]

    # -- the entry -------------------------------------------------------------------------------------
    def entry_fields(self, number: int) -> list[EntryField]:
        fields = [
            EntryField(self.role, T("Exclu", "Outcast") if self.role == "exclu" else T("Empereur", "Emperor"), "seat"),
            EntryField("dealer", T("Donneur (tiré au sort)", "Dealer (drawn)"), "seat", required=False),
        ]
        if self.options["jokers"]:
            fields.append(EntryField("joker_out", T("Sorti sur un joker (perd)", "Went out on a Joker (loses)"), "seats", required=False))
        if self.mode in ELITE:
            fields.append(EntryField("hands", T("Cartes restées en main", "Cards left in hand"), "hand"))
        return fields

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n)
        if not r.ok:
            return r.problems
        allowed = {self.role, "dealer", "joker_out"} | ({"hands"} if self.mode in ELITE else set())
        r.only_keys(allowed)
        key = self.role
        seat = r.seat(key)
        r.seat("dealer", required=False)
        out = self._read_joker_out(r, seat)
        if self.mode in ELITE:
            self._check_hands(r, seat, out)
        return r.problems

    def _read_joker_out(self, r: EntryReader, seat: int | None) -> set[int] | None:
        value = r.entry.get("joker_out")
        if value is None:
            return set()
        if not isinstance(value, list) or not all(is_int(v) and 0 <= v < self.n for v in value) or len(set(value)) != len(value):
            r.add("joker_out", "not_seats", T("Une liste de joueurs de la table, chacun une fois.",
                                              "A list of players at the table, each once."))
            return None
        out = set(value)
        if out and not self.options["jokers"]:
            r.add("joker_out", "no_jokers", T("Sans joker, personne ne peut finir sur un joker.",
                                              "Without jokers nobody can go out on one."), rule="fin-de-manche")
        if seat is not None and self.role == "emperor" and seat in out:
            r.add("joker_out", "emperor_out", T("L'Empereur n'a pas fini sur un joker : qui le fait perd et reste Sujet.",
                                                "The Emperor did not go out on a Joker: whoever does loses and stays a Subject."),
                  seat, rule="fin-de-manche")
        if seat is not None and self.role == "exclu" and out - {seat}:
            for other in sorted(out - {seat}):
                r.add("joker_out", "not_exclu", T("En Miroir, qui finit sur un joker devient l'Exclu et la manche s'arrête : "
                                                  "seul l'Exclu peut y figurer.",
                                                  "In Miroir whoever goes out on a Joker becomes the Outcast and the round "
                                                  "stops: only the Outcast can be listed."), other, rule="fin-de-manche")
        return out

    def _check_hands(self, r: EntryReader, seat: int | None, out: set[int] | None) -> None:
        if "hands" not in r.entry:
            r.missing("hands")
            return
        raw = r.entry["hands"]
        if not isinstance(raw, list) or len(raw) != self.n:
            r.add("hands", "wrong_length", T("Il faut une entrée par joueur ({n}).", "One item per player is needed ({n}).").format(n=self.n))
            return
        read: list[tuple[int, Hand]] = []
        for s, value in enumerate(raw):
            if value is None:
                continue
            hand = read_hand(r, value, s, self.pack, card_points)
            if hand is not None and not hand.listed and 0 < hand.points < LEAST_CARD:
                r.add("hands", "points_too_low", T(
                    "{p} points, c'est impossible : la plus petite carte, le 3, en vaut {m} (0 : main vide).",
                    "{p} points cannot be: the cheapest card, the 3, is worth {m} (0: an empty hand).").format(
                    p=hand.points, m=LEAST_CARD), s, rule="fin-de-manche")
            if hand is not None:
                read.append((s, hand))
        if seat is None or out is None:
            return
        holding = {s for s, h in read if h.points > 0 or (h.listed and h.cards)}
        given = {s for s, value in enumerate(raw) if value is not None}
        if self.mode == "elite":
            if raw[seat] is not None:
                r.add("hands", "emperor_hand", T("L'Empereur a vidé sa main : rien à saisir (null).",
                                                 "The Emperor emptied his hand: nothing to enter (null)."), seat, rule="fin-de-manche")
            for s in range(self.n):
                if s == seat:
                    continue
                if s not in given:
                    r.add("hands", "missing_hand", T("Dire ce qui reste à ce Sujet.", "Say what this Subject has left."), s)
                elif s in out and s in holding:
                    r.add("hands", "joker_out_holds", T("Sorti sur un joker : ce joueur n'a plus de carte (main vide).",
                                                        "Went out on a Joker: this player holds no card (empty hand)."), s, rule="fin-de-manche")
                elif s not in out and s not in holding:
                    r.add("hands", "subject_empty", T("Un Sujet garde au moins une carte (3 points au moins) : sinon il aurait fini.",
                                                      "A Subject holds at least one card (3 points or more): else he would have gone out."),
                          s, rule="fin-de-manche")
        else:  # Miroir Élite
            if seat in out:
                if seat in holding:
                    r.add("hands", "exclu_holds", T("Sorti sur un joker : l'Exclu n'a plus de carte.",
                                                    "Went out on a Joker: the Outcast holds no card."), seat, rule="fin-de-manche")
                if not holding - {seat}:
                    r.add("hands", "nobody_holds", T("La manche s'arrête sur la sortie au joker : au moins un autre joueur a encore des cartes.",
                                                     "The round stops on the Joker finish: at least one other player still holds cards."),
                          rule="fin-de-manche")
            else:
                if seat not in holding:
                    r.add("hands", "exclu_empty", T("L'Exclu est le dernier à garder des cartes : dire lesquelles.",
                                                    "The Outcast is the last to hold cards: say which."), seat, rule="fin-de-manche")
                for s in sorted(given - {seat}):
                    if s in holding:
                        r.add("hands", "elu_holds", T("Seul l'Exclu garde des cartes : les autres ont vidé leur main (null).",
                                                      "Only the Outcast holds cards: the others emptied their hands (null)."), s, rule="fin-de-manche")
        listed = [(s, h.cards) for s, h in read if h.cards is not None]  # the listed hands
        n_listed = sum(len(c) for _, c in listed)
        size = sum(self.pack.values())
        if n_listed >= size:
            r.add("hands", "too_many_cards", T("{n} cartes en main en tout : il en faut moins que le jeu ({k}).",
                                               "{n} cards in hand in all: fewer than the pack ({k}) are needed.").format(n=n_listed, k=size))
        check_copies(r, listed, self.pack)
        if n_listed < size:
            self._check_counted(r, read)

    def _check_counted(self, r: EntryReader, read: list[tuple[int, Hand]]) -> None:
        """Hands counted at the table against the cards the listed hands leave: each count is some of those cards,
        and the counts together leave one card at least out of every hand (the last one laid, whoever laid it)."""
        pool = Counter(self.pack)
        pool.subtract(Counter(c for _, h in read if h.cards is not None for c in h.cards))
        values = sorted(card_points(c) for c in pool.elements())  # the listed hands hold fewer cards than the pack
        counted = [(s, h.points) for s, h in read if not h.listed and h.points >= LEAST_CARD]  # 1 or 2: refused
        if not counted:
            return

        def singles(reachable: int) -> bool:
            """A count under twice the cheapest card is one card of exactly that value: no more such counts than
            cards."""
            alone = True
            for value in range(LEAST_CARD, 2 * LEAST_CARD):
                seats = [s for s, points in counted if points == value]
                for s in seats[values.count(value):]:
                    if reachable >> value & 1:  # else already said
                        alone = False
                        r.add("hands", "no_such_count", T(
                            "{p} points, c'est une seule carte de {p} : les autres mains les ont déjà toutes.",
                            "{p} points is one card worth {p}: the other hands already hold them all.").format(p=value),
                            s, rule="fin-de-manche")
            return alone

        check_counts_left(r, values, counted, total_code="over_total", rule="fin-de-manche", also=singles,
                          total_message=T(
            "{p} points comptés en tout : il reste au moins une carte hors des mains, la dernière posée, et les "
            "cartes que les mains saisies carte par carte laissent valent {v} ; les comptes font au plus {m}.",
            "{p} points counted in all: one card at least is in no hand, the last one laid, and the cards the hands "
            "listed card by card leave are worth {v}; the counts make {m} at most."))

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {self.role: entry[self.role]}
        if entry.get("dealer") is not None:
            out["dealer"] = entry["dealer"]
        out["joker_out"] = sorted(entry.get("joker_out") or [])
        if self.mode in ELITE:
            out["hands"] = [hand_json(h) for h in entry["hands"]]
        return out

    @staticmethod
    def _points(hand: dict[str, Any] | None) -> int:
        if hand is None:
            return 0
        if "cards" in hand:
            return sum(card_points(Card.parse_code(c)) for c in hand["cards"])
        points: int = hand["points"]  # a whole number, checked by check_entry (read_hand)
        return points

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        seat = entry[self.role]
        scores = [0] * self.n
        notes: list[Text] = []
        if self.mode in ELITE:
            got = sum(self._points(h) for h in entry["hands"])
            scores[seat] = got
            if self.mode == "elite":
                notes.append(T("{w}, Empereur, marque les cartes des Sujets : {p}.", "{w}, Emperor, scores the Subjects' cards: {p}.").format(
                    w=seat_ref(seat), p=got))
            else:
                notes.append(T("{w}, Exclu, marque les cartes restées en main : {p}.", "{w}, Outcast, scores the cards left in hand: {p}.").format(
                    w=seat_ref(seat), p=got))
        else:
            scores[seat] = NORMAL_POINT
            notes.append(T("{w} est l'Exclu.", "{w} is the Outcast.").format(w=seat_ref(seat)) if self.role == "exclu"
                         else T("{w} est l'Empereur.", "{w} is the Emperor.").format(w=seat_ref(seat)))
        for s in entry["joker_out"]:
            notes.append(T("{w} a fini sur un joker et perd.", "{w} went out on a Joker and loses.").format(w=seat_ref(s)))
        return RoundResult(0, entry, scores, notes=notes)

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict):
            return []
        lines: list[Text] = []
        for key, fr, en in (("emperor", "Empereur", "Emperor"), ("exclu", "Exclu", "Outcast"), ("dealer", "Donneur", "Dealer")):
            if isinstance(entry.get(key), int):
                lines.append(T(f"{fr} : {{p}}", f"{en}: {{p}}").format(p=seat_ref(entry[key])))
        out = entry.get("joker_out")
        if isinstance(out, list) and out:
            lines.append(T("Sorti sur un joker : {p}", "Went out on a Joker: {p}").format(
                p=", ".join(seat_ref(s) for s in out if isinstance(s, int))))
        if isinstance(entry.get("hands"), list):
            for s, hand in enumerate(entry["hands"]):
                words = hand_words(hand)
                if words:
                    lines.append(T("{p} : en main {h}", "{p}: in hand {h_en}").format(p=seat_ref(s), h=words.fr, h_en=words.en))
        return lines

    def summarise(self, result: RoundResult) -> Text | None:
        """"Empereur : ⟨0⟩" (in Miroir "Exclu : ⟨0⟩"), then who went out on a Joker and lost ("· joker : ⟨2⟩")."""
        entry = result.entry
        who = seat_ref(entry[self.role])
        line = T(f"Exclu : {who}", f"Outcast: {who}") if self.role == "exclu" else T(f"Empereur : {who}", f"Emperor: {who}")
        if entry["joker_out"]:
            out = ", ".join(seat_ref(s) for s in entry["joker_out"])
            line = T(f"{line.fr} · sorti sur joker : {out}", f"{line.en} · out on a Joker: {out}")
        return line


class Empereur(Game):
    info = INFO
    sheet_class = EmpereurSheet
    options = (
        Option("mode", T("Mode", "Mode"), "choice", "normal",
               choices=(("normal", T("Normal", "Normal")), ("elite", T("Élite", "Elite")),
                        ("miroir_normal", T("Miroir Normal", "Mirror Normal")), ("miroir_elite", T("Miroir Élite", "Mirror Elite")))),
        Option("jokers", T("Jokers", "Jokers"), "int", MAX_JOKERS, minimum=0, maximum=MAX_JOKERS,
               help=T("Le jeu de 54 cartes en a deux ; 0 pour jouer sans.", "The 54-card pack has two; 0 to play without.")),
        Option("manches", T("Manches (modes Normal)", "Rounds (Normal modes)"), "int", DEFAULT_MANCHES["short"], minimum=1, maximum=100,
               presets=((DEFAULT_MANCHES["short"], T("partie courte", "short game")), (DEFAULT_MANCHES["long"], T("partie longue", "long game")))),
        Option("target", T("Cible (modes Élite)", "Target (Elite modes)"), "int", DEFAULT_TARGETS["short"], minimum=1, maximum=100_000,
               presets=((DEFAULT_TARGETS["short"], T("partie courte", "short game")), (DEFAULT_TARGETS["long"], T("partie longue", "long game")))),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The shape of the table's ``mode`` (also given in ``x-mode``): the Emperor or the Exclu, and the hands
        in the élite modes."""
        mode = self.clean_options(options, n_players)["mode"]
        seat = schema.seat(n_players)
        card = schema.card("an ASCII card code (\"10H\", \"QS\"), or JK for a joker")
        hand = schema.hand({"type": "array", "items": card}, schema.whole(0, None), null="no hand to count")
        common = {
            "dealer": schema.nullable(seat, "who dealt (drawn each manche), shown on the sheet"),
            "joker_out": {"type": "array", "items": seat, "uniqueItems": True, "default": [],
                          "description": "who emptied his hand with a Joker and so lost"},
        }
        shapes = [
            ("normal", {"emperor": schema.seat(n_players, "the Emperor (first out)")}, None),
            ("elite", {"emperor": schema.seat(n_players, "the Emperor, who scores the Subjects' cards")},
             "null for the Emperor, a hand per Subject (empty if in joker_out)"),
            ("miroir_normal", {"exclu": schema.seat(n_players, "the Exclu (the last holding cards)")}, None),
            ("miroir_elite", {"exclu": schema.seat(n_players, "the Exclu, who scores every card left in hand")},
             "a hand per seat still holding cards, null elsewhere"),
        ]
        one_of = []
        for key, role, hands in shapes:
            if key != mode:
                continue
            props = {**role, **common}
            if hands is not None:
                props["hands"] = schema.per_seat(n_players, hand, hands)
            one_of.append(schema.obj(props, [*role, *(["hands"] if hands else [])], title=key))
        return schema.entry("Empereur round entry", one_of=one_of, notes={"x-mode": mode})


GAME = Empereur()
