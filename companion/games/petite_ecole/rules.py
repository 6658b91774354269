"""La petite école / le gros cochon, as the user's rule document « La petite école » gives it, completed from
contract rummy (bicyclecards.com « Contract rummy ») and this project's Rami.

2 to 8 players; two 52-card packs without jokers up to 4 players, three from 5 (option ``packs``). 13 cards each. Ten
échelons (contracts) climbed one a deal: a player who lays his échelon climbs, the others play theirs again. When
someone goes out, the others count what is left in hand (A 15, R D V 10 → 10, 3 to 9 → 5, the wild 2 → 20); lowest
is best. The table ends after the deal in which someone lays échelon 10; the winner is, among those who did, the
lowest total.

Checks: the winner laid and holds nothing; a seat that has not laid still holds its 13 cards (lay-offs only come
after one's échelon); a seat that laid holds 1 to 13 − (its échelon's fewest cards) cards.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.families.hands import (
    Hand,
    Pool,
    Worths,
    can_deal,
    check_copies,
    hand_json,
    hand_words,
    read_hand,
)
from companion.families.melds import over_the_deck
from companion.kernel import schema
from companion.kernel.cards import Card, SuitCard, deck, rank_name
from companion.kernel.entries import EntryReader
from companion.kernel.errors import InvalidOptions, Problem
from companion.kernel.game import (
    CLOCKWISE,
    EntryField,
    Game,
    GameInfo,
    Option,
    RankingKey,
    RoundResult,
    RuleTable,
    Sheet,
)
from companion.kernel.text import T, Text, count, seat_ref

HAND_SIZE = 13
MIN_NATURAL_CARDS = 2  # Atout's house rule: a combination keeps at least two natural cards besides its 2s

# Packs of 52 (no jokers) by number of players.
PACKS = {2: 2, 3: 2, 4: 2, 5: 3, 6: 3, 7: 3, 8: 3}
MIN_PLAYERS, MAX_PLAYERS = 2, 8

# Points of cards left in hand when someone goes out. The 2s are wild.
# By rank code (cards.Rank.code).
CARD_POINTS = {"2": 20, "A": 15, "K": 10, "Q": 10, "J": 10, "10": 10, **{str(k): 5 for k in range(3, 10)}}
POINT_STEP = 5
ENTRY_KEYS = ("winner", "laid", "hands")  # what check_entry allows and the schema lists
LEAST_CARD, MOST_CARD = min(CARD_POINTS.values()), max(CARD_POINTS.values())
PACK_SIZE = 52
TURNED_CARD = 1  # the card turned up to start the discard
LEAST_STOCK = 1  # a stock to draw from: a pack that only deals the hands and the turned card cannot be played
LEAST_HELD_AFTER_LAYING = 1  # a seat that laid still holds a card (the winner alone empties his hand)
BRELAN, CARRE = 3, 4  # a set of three, of four cards of one rank
MIN_RUN = 3  # a run is three cards or more of one suit (an échelon's runs ask for more)

# Runs go from 3 up to the Ace; the 2 is never a natural card.
RUN_ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R", "As")

# The ten échelons: (runs, sets) as lists of minimum lengths; a set of 3 is a brelan, of 4 a carré.
Echelon = dict[str, tuple[int, ...]]  # {"runs": lengths, "sets": lengths}
ECHELONS: tuple[Echelon, ...] = (
    {"runs": (), "sets": (3, 3)},
    {"runs": (4,), "sets": (3,)},
    {"runs": (), "sets": (4, 4)},
    {"runs": (4, 4), "sets": ()},
    {"runs": (), "sets": (3, 3, 3)},
    {"runs": (4,), "sets": (3, 3)},
    {"runs": (5,), "sets": (4,)},
    {"runs": (5, 5), "sets": ()},
    {"runs": (5,), "sets": (3, 3)},
    {"runs": (7,), "sets": (4,)},
)


def describe(echelon: Echelon) -> Text:
    fr: list[str] = []
    en: list[str] = []
    for length in sorted(set(echelon["runs"]), reverse=True):
        k = echelon["runs"].count(length)
        runs = count(k, "{n} suite de {m}", "{n} suites de {m}", "{n} run of {m}", "{n} runs of {m}", m=length)
        fr.append(runs.fr)
        en.append(runs.en)
    for length, word in ((CARRE, "carré"), (BRELAN, "brelan")):
        k = echelon["sets"].count(length)
        if k:
            sets = count(k, "{n} " + word, "{n} " + word + "s", "{n} set of {m}", "{n} sets of {m}", m=length)
            fr.append(sets.fr)
            en.append(sets.en)
    return T(" + ".join(fr), " + ".join(en))


def card_points(card: Card) -> int:
    assert isinstance(card, SuitCard)
    return CARD_POINTS[card.rank.code]


def echelon_cards(echelon: Echelon) -> int:
    return sum(echelon["runs"]) + sum(echelon["sets"])


INFO = GameInfo(
    essentials=("card_points", "echelons"),
    slug="petite-ecole",
    names=T("La petite école", "Petite École"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=tuple(f"{k}x52" for k in sorted(set(PACKS.values()))),  # two packs, three from five players
    family="rami",
    direction=CLOCKWISE,
    source="The user's rule document « La petite école »; completed from contract rummy (bicyclecards.com) and Atout's Rami.",
    aliases=("gros cochon", "le gros cochon", "petite ecole", "la petite école", "rami a contrats"),
    summary=T(
        "Un rami à contrats : franchissez dix échelons de brelans, carrés et suites.",
        "A contract rummy: climb ten steps of sets and runs.",
    ),
    values=(
        ("hand_size", HAND_SIZE),
        ("pack_size", PACK_SIZE),
        ("last_echelon", len(ECHELONS)),
        ("run_low", RUN_ORDER[0]),
        ("brelan", BRELAN),
        ("carre", CARRE),
        ("min_run", MIN_RUN),
        ("min_natural", MIN_NATURAL_CARDS),
        ("point_step", POINT_STEP),
        ("least_card", LEAST_CARD),
        ("most_card", MOST_CARD),
        ("least_held_after_laying", LEAST_HELD_AFTER_LAYING),
        ("three_packs_from", min(n for n, k in PACKS.items() if k == 3)),
        # 13 cards at their dearest: two packs, 8 × 20 + 5 × 15 = 235; three packs, 12 × 20 + 15 = 255
        ("most_hand_two_packs", Pool.of(Counter(deck("2x52")), card_points).dearest(HAND_SIZE)),
        ("most_hand_three_packs", Pool.of(Counter(deck("3x52")), card_points).dearest(HAND_SIZE)),
        ("twos_a_pack", sum(1 for c in deck("52") if card_points(c) == CARD_POINTS["2"])),
        ("two_packs_cards", 2 * PACK_SIZE),
    ),
    tables=(
        RuleTable(
            "packs",
            T("Jeux de cartes selon le nombre de joueurs", "Packs by number of players"),
            (T("Joueurs", "Players"), T("Jeux de 52 cartes, sans joker", "52-card packs, no jokers"), T("Cartes", "Cards")),
            rows=tuple(
                (T(f"{min(ns)} à {max(ns)}", f"{min(ns)} to {max(ns)}"), k, k * PACK_SIZE)
                for k in sorted(set(PACKS.values())) for ns in [[n for n, p in PACKS.items() if p == k]]
            ),
        ),
        RuleTable(
            "card_points",
            T("Cartes : rôle et points restés en main", "Cards: role and points left in hand"),
            (T("Carte", "Card"), T("Rôle", "Role"), T("Points", "Points")),
            rows=(
                ("2", T("frimé : remplace n'importe quelle carte", "wild: stands for any card"), CARD_POINTS["2"]),
                (rank_name("A"), T("haut de suite seulement (D-R-As)", "top of a run only (Q-K-A)"), CARD_POINTS["A"]),
                (T("R, D, V, 10", "K, Q, J, 10"), T("cartes naturelles", "natural cards"), CARD_POINTS["K"]),
                (T("3 à 9", "3 to 9"), T("cartes naturelles (le 3 est le bas des suites)", "natural cards (the 3 is the bottom of runs)"), CARD_POINTS["3"]),
            ),
        ),
        RuleTable(
            "echelons",
            T("Les dix échelons", "The ten steps"),
            (T("Échelon", "Step"), T("À poser", "To lay down"), T("Cartes au minimum", "Cards at least")),
            rows=tuple((i, describe(e), echelon_cards(e)) for i, e in enumerate(ECHELONS, start=1)),
        ),
    ),
)


LAST_ECHELON = len(ECHELONS)
FEWEST = tuple(echelon_cards(e) for e in ECHELONS)


def default_packs(n_players: int) -> int:
    """Two packs up to 4 players, three from 5. Asked before the player count is checked, so it must not fail on a
    count outside 2–8: the table's creation then refuses that count by name (players), never with a 500."""
    return PACKS[min(max(n_players, MIN_PLAYERS), MAX_PLAYERS)]


def most_cards_after(echelon: int) -> int:
    """The most cards a player who laid échelon ``echelon`` (1-based) this deal can hold at the end."""
    return HAND_SIZE - FEWEST[echelon - 1]


class PetiteEcoleSheet(Sheet):
    @property
    def card_points_by_code(self) -> dict[str, Any]:
        """What each rank (and the joker) is worth, by API rank code: for the card picker's running count."""
        return dict(CARD_POINTS)

    lowest_wins = True

    def __init__(self, game: Game, n_players: int, options: dict[str, Any]) -> None:
        super().__init__(game, n_players, options)
        self.echelons = [1] * n_players  # the échelon each seat plays next
        self.pack = Counter(deck(f"{options['packs']}x52"))

    def completed(self, seat: int) -> int:
        return self.echelons[seat] - 1

    def natural_end(self) -> bool:
        return any(e > LAST_ECHELON for e in self.echelons)

    def ranking_key(self, seat: int) -> RankingKey:
        # Highest échelon completed first (at the end: échelon 10), then the lowest total.
        return (-self.completed(seat), self.totals[seat])

    def next_extra(self) -> dict[str, Any]:
        # A seat that laid échelon 10 has none left to play (the game is over): no figure, never an eleventh.
        return {"echelons": list(self.echelons),
                "echelon_figures": [describe(ECHELONS[e - 1]) if e <= LAST_ECHELON else None for e in self.echelons]}

    def entry_fields(self, number: int) -> list[EntryField]:
        return [
            EntryField("winner", T("A fini la donne", "Went out"), "seat"),
            EntryField("laid", T("A posé son échelon", "Laid the échelon"), "bool_per_seat"),
            EntryField("hands", T("Ce qui reste en main", "What is left in hand"), "hand", maximum=HAND_SIZE),
        ]

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n)
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        winner = r.seat("winner")
        laid = self._read_laid(r)
        if laid is not None and winner is not None and not laid[winner]:
            r.add("laid", "winner_laid", T("Qui a fini la donne a forcément posé son échelon.",
                                           "Whoever went out has laid the échelon."), winner, rule="fin-de-donne")
        hands = self._read_hands(r, winner, laid)
        if hands:
            listed = [(s, h.cards) for s, h in hands if h.cards is not None]
            check_copies(r, listed, self.pack)  # the listed hands
            if laid is not None and not over_the_deck(listed, self.pack):
                pool = Pool.of(self.pack, card_points, (c for _, cards in listed for c in cards))
                self._check_worth(r, [(s, h) for s, h in hands if h.cards is None and h.points % POINT_STEP == 0], laid, pool)
        return r.problems

    def _sizes(self, seat: int, laid: bool) -> tuple[int, int, Text]:
        """How many cards a seat may hold (fewest, most) and why."""
        echelon = self.echelons[seat]
        if laid:
            hi = most_cards_after(echelon)
            return LEAST_HELD_AFTER_LAYING, hi, T(
                "qui a posé l'échelon {e} ({f} cartes au moins) garde de 1 à {hi} cartes",
                "whoever laid échelon {e} ({f} cards at least) keeps 1 to {hi} cards").format(e=echelon, f=FEWEST[echelon - 1], hi=hi)
        return HAND_SIZE, HAND_SIZE, T("qui n'a pas posé son échelon garde ses {h} cartes",
                                       "whoever did not lay the échelon keeps all {h} cards").format(h=HAND_SIZE)

    def _check_worth(self, r: EntryReader, hands: list[tuple[int, Hand]], laid: list[bool], pool: Pool) -> None:
        """Hands given in points are real cards of the packs: each one (from its fewest to its most cards), then all
        of them together (two packs hold eight 2s: two hands of 13 cannot both hold eight)."""
        every: list[list[Worths]] = []
        for seat, hand in hands:
            lo, hi, why = self._sizes(seat, laid[seat])
            choices = [c for k in range(lo, hi + 1) for c in pool.choices(k, hand.points)]
            if choices:
                every.append(choices)
                continue
            least, most = pool.cheapest(lo), pool.dearest(hi)
            r.add("hands", "points_range", T(
                "{p} points, c'est impossible : {w}, soit de {lo} à {m} points avec les cartes des jeux.",
                "{p} points cannot be: {w_en}, so {lo} to {m} points with the packs' cards.").format(
                p=hand.points, w=why.fr, w_en=why.en, lo=least, m=most), seat, rule="fin-de-donne")
        if len(every) == len(hands) and not can_deal(pool, every):
            packs = self.options["packs"]
            r.add("hands", "over_the_packs", T(
                "Ces mains ne viennent pas de {k} jeux : ensemble, elles demandent plus de cartes chères que les jeux "
                "n'en ont ({d} 2 et {a} As).",
                "These hands do not come from {k} packs: together they need more dear cards than the packs hold ({d} 2s "
                "and {a} Aces).").format(k=packs, d=4 * packs, a=4 * packs), rule="fin-de-donne")

    def _read_laid(self, r: EntryReader) -> list[bool] | None:
        if "laid" not in r.entry:
            r.missing("laid")
            return None
        value = r.entry["laid"]
        if not isinstance(value, list) or len(value) != self.n or not all(isinstance(v, bool) for v in value):
            r.add("laid", "not_bools", T("Pour chaque joueur ({n}), oui ou non : a-t-il posé son échelon ?",
                                         "For each player ({n}), true or false: did they lay their échelon?").format(n=self.n))
            return None
        return list(value)

    def _read_hands(self, r: EntryReader, winner: int | None, laid: list[bool] | None) -> list[tuple[int, Hand]] | None:
        if "hands" not in r.entry:
            r.missing("hands")
            return None
        raw = r.entry["hands"]
        if not isinstance(raw, list) or len(raw) != self.n:
            r.add("hands", "wrong_length", T("Il faut une main par joueur ({n}), null pour qui a fini.",
                                             "One hand per player is needed ({n}), null for whoever went out.").format(n=self.n))
            return None
        out = []
        for seat, value in enumerate(raw):
            if seat == winner:
                if value is not None:
                    r.add("hands", "winner_hand", T("Qui a fini n'a plus de carte : rien à saisir (null).",
                                                    "Whoever went out has no card left: nothing to enter (null)."), seat)
                continue
            if value is None:
                r.add("hands", "missing_hand", T("Dire ce qui reste à ce joueur.", "Say what this player has left."), seat)
                continue
            hand = read_hand(r, value, seat, self.pack, card_points)
            if hand is None:
                continue
            out.append((seat, hand))
            if laid is not None:
                self._check_hand(r, seat, hand, laid[seat])
        return out

    def _check_hand(self, r: EntryReader, seat: int, hand: Hand, laid: bool) -> None:
        lo, hi, why = self._sizes(seat, laid)
        if hand.cards is not None:  # listed
            if not lo <= len(hand.cards) <= hi:
                cards = count(len(hand.cards), "{n} carte", "{n} cartes", "{n} card", "{n} cards")
                r.add("hands", "card_count", T("{c}, c'est impossible : {w}.", "{c_en} cannot be: {w_en}.").format(
                    c=cards.fr, c_en=cards.en, w=why.fr, w_en=why.en), seat, rule="fin-de-donne")
            return
        if hand.points % POINT_STEP:
            r.add("hands", "points_range", T("{p} points, c'est impossible : les cartes valent des multiples de {s}.",
                                            "{p} points cannot be: cards are worth multiples of {s}.").format(
                p=hand.points, s=POINT_STEP), seat, rule="fin-de-donne")

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        return {"winner": entry["winner"], "laid": list(entry["laid"]), "hands": [hand_json(h) for h in entry["hands"]]}

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        scores, notes = [], []
        for seat, hand in enumerate(entry["hands"]):
            who = seat_ref(seat)
            if hand is None:
                scores.append(0)
                notes.append(T("{w} a fini la donne : 0.", "{w} went out: 0.").format(w=who))
            elif "cards" in hand:
                cards = [Card.parse_code(c) for c in hand["cards"]]
                scores.append(sum(card_points(c) for c in cards))
                held = count(len(cards), "{n} carte", "{n} cartes", "{n} card", "{n} cards")
                notes.append(T("{w} : {c} en main, {p} points.", "{w}: {c_en} in hand, {p} points.").format(
                    w=who, c=held.fr, c_en=held.en, p=scores[-1]))
            else:
                scores.append(hand["points"])
                notes.append(T("{w} : {p} points comptés à la table.", "{w}: {p} points counted at the table.").format(w=who, p=hand["points"]))
        for seat, did in enumerate(entry["laid"]):
            e = self.echelons[seat]
            if did:
                notes.append(T("{w} a posé l'échelon {e}{nxt}.", "{w} laid échelon {e}{nxt_en}.").format(
                    w=seat_ref(seat), e=e, nxt=f", passe au {e + 1}" if e < LAST_ECHELON else " : le dernier",
                    nxt_en=f", moves up to {e + 1}" if e < LAST_ECHELON else ": the last one"))
                self.echelons[seat] = e + 1
            else:
                notes.append(T("{w} rejoue l'échelon {e}.", "{w} plays échelon {e} again.").format(w=seat_ref(seat), e=e))
        return RoundResult(0, entry, scores, notes=notes, extra={"echelons": list(self.echelons)})

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or not isinstance(entry.get("hands"), list):
            return super().describe_entry(entry, number)
        winner = entry.get("winner")
        lines = [T("{w} finit la donne.", "{w} goes out.").format(w=seat_ref(winner) if isinstance(winner, int) else "?")]
        laid = entry["laid"] if isinstance(entry.get("laid"), list) else []
        who = [seat_ref(s) for s, v in enumerate(laid) if v is True]
        if who:
            lines.append(T("Échelon posé : {p}", "Échelon laid: {p}").format(p=", ".join(who)))
        for seat, hand in enumerate(entry["hands"]):
            words = hand_words(hand)
            if words:
                lines.append(T("{p} : en main {h}", "{p}: in hand {h_en}").format(p=seat_ref(seat), h=words.fr, h_en=words.en))
        return lines

    def summarise(self, result: RoundResult) -> Text | None:
        """Who went out and the échelon they laid to do it: "⟨0⟩ sort · échelon 3"."""
        winner = result.entry["winner"]
        laid = result.extra["echelons"][winner] - 1  # the échelons after the deal: the winner moved up one
        return T("{w} sort · échelon {e}", "{w} goes out · échelon {e}").format(w=seat_ref(winner), e=laid)


class PetiteEcole(Game):
    info = INFO
    sheet_class = PetiteEcoleSheet
    options = (
        Option("packs", T("Jeux de 52 cartes", "52-card packs"), "int", None, minimum=2, maximum=3, nullable=True,
               default_for=default_packs,
               help=T("Vide : deux jeux jusqu'à 4 joueurs, trois à partir de 5.",
                      "Empty: two packs up to 4 players, three from 5.")),
    )

    def clean_options(self, raw: Any, n_players: int | None = None, stored: bool = False) -> dict[str, Any]:
        """The options, and a table the packs can deal: 13 cards each, the turned card and a stock (8 players × 13
        cards take the 104 cards of two packs: nothing left to turn up nor to draw)."""
        clean = super().clean_options(raw, n_players, stored)
        if n_players is not None and MIN_PLAYERS <= n_players <= MAX_PLAYERS and not stored:  # a stored table stays readable
            packs: int = clean["packs"]
            needed = n_players * HAND_SIZE + TURNED_CARD + LEAST_STOCK
            if packs * PACK_SIZE < needed:
                raise InvalidOptions([Problem("options.packs", "too_few_cards", T(
                    "{k} jeux ne suffisent pas à {n} joueurs : {n} × {h} cartes, la carte retournée et une pioche, c'est "
                    "plus que {c} cartes.",
                    "{k} packs are not enough for {n} players: {n} × {h} cards, the turned card and a stock are more than "
                    "{c} cards.").format(k=packs, n=n_players, h=HAND_SIZE, c=packs * PACK_SIZE))])
        return clean

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        card = schema.card("an ASCII card code: rank A 2-10 J Q K then suit S H D C (\"10H\", \"QS\"); no joker")
        hand = schema.hand({"type": "array", "items": card, "minItems": 1, "maxItems": HAND_SIZE},
                           schema.whole(LEAST_CARD, MOST_CARD * HAND_SIZE, step=POINT_STEP), null="whoever went out")
        return schema.entry("Petite école round entry", {
            "winner": schema.seat(n_players, "the seat that laid its last card"),
            "laid": schema.per_seat(n_players, {"type": "boolean"}, (
                "laid its échelon this deal (true for the winner); a seat that did not holds all 13 cards")),
            "hands": schema.per_seat(n_players, hand, "what is left in hand; null for the winner"),
        }, ENTRY_KEYS)


GAME = PetiteEcole()
