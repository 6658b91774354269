"""Le baccara, as in the user's rule document « Le baccara », a parlour banking game; the casino banker's table
(chemin de fer rules, casinocampione.it, casinosanremo.it; punto banco, canadiancasinoservice.com) is shown as a
variant only.

The document plays to the right: seat i + 1 sits on seat i's right, so seat order is still the order of play. Seat
0 holds the first bank. The banker offers a sum S; the pontes stake from his right, one covering at least half of
it, the others completing; the ponte is the largest stake (a tie going to the seat first after the banker). Both
sides stake the players' total T. A hand is worth the last digit of its total. The pontes win: each staker wins his
stake, the banker pays T; the banker wins: he takes every stake; an égalité pays nothing, the same banker keeps the
bank and his offer stays on the table. After a decided coup the bank passes to the next seat. Option ``tours`` (3):
the table ends when each player has held the bank for that many decided coups; option ``packs`` (1–8).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from companion.kernel import schema
from companion.kernel.cards import STANDARD_RANKS, Card, Joker, SuitCard, deck, rank_name
from companion.kernel.entries import MAX_COUNT, EntryReader, is_int
from companion.kernel.errors import Problem
from companion.kernel.game import (
    COUNTERCLOCKWISE,
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
MIN_PACKS, MAX_PACKS, PACKS = 1, 8, 1
TOURS = 3
MAX_TOURS = 50
MAX_OFFER = MAX_COUNT
# Points by ASCII rank code: the face value (Rank.pip) without its tens, so the 10 and the court cards are worth 0;
# only the units digit of a hand's sum counts.
CARD_VALUES = {r.code: r.pip % 10 for r in STANDARD_RANKS}
MOD = 10
NATURALS = (8, 9)  # the ponte shows them at once, and nobody draws
STANDS = (6, 7)
OPTIONAL_DRAW = (5,)
DRAWS = (0, 1, 2, 3, 4)
FIRST_CARDS = 2
THIRD_CARD = 3
HALF = 2  # the largest stake covers at least 1/HALF of the offer
RULE = "mises"
RULE_DRAW = "tirage"
#: What check_entry allows: the coup with its cards or with its points (the schema's two shapes).
ENTRY_KEYS = ("banker", "offer", "stakes", "ponte_cards", "banker_cards", "ponte_points", "banker_points")

INFO = GameInfo(
    essentials=("card_values", "drawing"),
    slug="baccara",
    names=T("Le baccara", "Baccarat"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=(DECK,),
    family="banque",
    direction=COUNTERCLOCKWISE,
    source="The user's rule document « Le baccara »; casino variants from chemin de fer rules (casinocampione.it, "
           "casinosanremo.it) and the punto banco drawing table (canadiancasinoservice.com).",
    aliases=("baccara", "baccarat", "chemin de fer", "chemin-de-fer"),
    summary=T(
        "Banquier contre ponte : deux ou trois cartes, seul compte le chiffre des unités, 9 est le meilleur.",
        "Banker against punter: two or three cards, only the units digit counts, 9 is best.",
    ),
    tables=(
        RuleTable(
            "card_values",
            T("Valeur des cartes", "Card values"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=(
                (rank_name("A"), CARD_VALUES["A"]),
                *((str(n), CARD_VALUES[str(n)]) for n in range(2, 10)),
                (T("10, V, D, R", "10, J, Q, K"), CARD_VALUES["K"]),
            ),
        ),
        RuleTable(
            "drawing",
            T("Tirer ou non une troisième carte", "Drawing a third card"),
            (
                T("Total des deux cartes", "Two-card total"),
                T("Ponte", "Punter"),
                T("Banquier", "Banker"),
            ),
            rows=(
                (f"{NATURALS[0]}–{NATURALS[-1]}", T("Abat : personne ne tire", "Shows: nobody draws"), T("Reste", "Stands")),
                (f"{STANDS[0]}–{STANDS[-1]}", T("Reste (« non »)", "Stands (« non »)"), T("Reste", "Stands")),
                (str(OPTIONAL_DRAW[0]), T("Au choix", "Own choice"), T("Au choix", "Own choice")),
                (f"{DRAWS[0]}–{DRAWS[-1]}", T("Tire une carte (« carte »)", "Draws one card (« carte »)"),
                 T("Tire une carte", "Draws one card")),
            ),
        ),
        RuleTable(
            "banker_tableau",
            T("Tableau du banquier (variante casino)", "Banker's table (casino variant)"),
            (
                T("Total du banquier", "Banker's total"),
                T("Il tire si la 3e carte du ponte vaut", "He draws if the punter's third card is worth"),
                T("Si le ponte n'a pas tiré", "If the punter stood"),
            ),
            rows=(
                ("0–2", T("toujours", "always"), T("tire", "draws")),
                ("3", T("tout sauf 8", "anything but 8"), T("tire", "draws")),
                ("4", "2–7", T("tire", "draws")),
                ("5", "4–7", T("tire", "draws")),
                ("6", "6–7", T("reste", "stands")),
                ("7", T("jamais", "never"), T("reste", "stands")),
            ),
        ),
    ),
    values=(
        ("pack_size", len(deck(DECK))),
        ("packs", PACKS),
        ("max_packs", MAX_PACKS),
        ("tours", TOURS),
        ("best", MOD - 1),
        ("natural_low", NATURALS[0]),
        ("natural_high", NATURALS[-1]),
        ("stand_low", STANDS[0]),
        ("stand_high", STANDS[-1]),
        ("choice", OPTIONAL_DRAW[0]),
        ("draw_high", DRAWS[-1]),
        ("first_cards", FIRST_CARDS),
        ("third_card", THIRD_CARD),
    ),
)


def hand_value(cards: list[Card]) -> int:
    """The units digit of the hand's total."""
    total = 0
    for c in cards:
        assert isinstance(c, SuitCard)
        total += CARD_VALUES[c.rank.code]
    return total % MOD


def ponte_of(stakes: list[int | None], banker: int) -> int | None:
    """The largest stake's seat, a tie going to the seat first after the banker; None when nobody staked."""
    n = len(stakes)
    best, seat = 0, None
    for k in range(1, n):
        s = (banker + k) % n
        v = stakes[s] or 0
        if v > best:
            best, seat = v, s
    return seat


class BaccaraSheet(Sheet):
    lowest_wins = False

    def __init__(self, game: Game, n_players: int, options: dict[str, Any]):
        super().__init__(game, n_players, options)
        self.banker = 0
        self.offer: int | None = None  # left on the table by an égalité
        self.decided = 0  # decided coups so far

    @property
    def expected_banker(self) -> int:
        return self.banker

    def natural_end(self) -> bool:
        tours = self.options["tours"]
        return tours is not None and self.decided >= tours * self.n

    def next_round(self) -> NextRound:
        base = super().next_round()
        return replace(base, dealer=self.banker, first=None)

    def next_extra(self) -> dict[str, Any]:
        return {"banker": self.banker, "offer": self.offer}

    def first_for(self, dealer: int) -> int | None:
        return None  # bets are offered round the table; nobody leads

    def upcoming_dealer(self, number: int) -> int | None:
        # The coming coup's banker is known; after it, the bank passes (a decided coup) or stays (an égalité).
        return self.banker if number == self.number else None

    def upcoming_dealer_note(self, number: int) -> Text | None:
        if number == self.number:
            return None
        return T("selon le coup d'avant : la banque passe, ou reste après une égalité",
                 "depends on the coup before: the bank passes, or stays after an égalité")

    def entry_fields(self, number: int) -> list[EntryField]:
        return [
            EntryField("stakes", T("Mise", "Stake"), "count", required=True, maximum=MAX_OFFER),
        ]

    # -- checks ---------------------------------------------------------------------------------------------------
    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=RULE)
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        banker = r.seat("banker")
        if banker is not None and banker != self.banker:
            r.add("banker", "wrong_banker", T(
                "C'est {b} qui tient la banque pour ce coup.", "{b} holds the bank for this coup.").format(
                b=seat_ref(self.banker)))
            banker = None
        offer = None
        if not r.has("offer"):
            r.missing("offer")
        else:
            offer = r.integer(r.entry["offer"], "offer", lo=1, hi=MAX_OFFER)
            if offer is not None and self.offer is not None and offer != self.offer:
                r.add("offer", "offer_stays", T(
                    "Après l'égalité, la banque de {s} reste sur la table : même offre.",
                    "After the égalité the bank of {s} stays on the table: same offer.").format(s=self.offer), rule="egalite")
                offer = None
        stakes = self._read_stakes(r, self.banker)
        if stakes is not None and offer is not None:
            total = sum(v or 0 for v in stakes)
            largest = max(v or 0 for v in stakes)
            if total > offer:
                r.add("stakes", "over_offer", T(
                    "Les mises font {t}, plus que la banque ({s}).", "The stakes add up to {t}, more than the bank ({s}).").format(
                    t=total, s=offer))
            if largest * HALF < offer:
                r.add("stakes", "under_half", T(
                    "Quelqu'un doit couvrir au moins la moitié de la banque ({s}) ; la plus forte mise est {m}.",
                    "Someone must cover at least half the bank ({s}); the largest stake is {m}.").format(s=offer, m=largest))
        self._check_hands(r)
        return r.problems

    def _read_stakes(self, r: EntryReader, banker: int) -> list[int | None] | None:
        if not r.has("stakes"):
            r.missing("stakes")
            return None
        raw = r.entry["stakes"]
        if not isinstance(raw, list) or len(raw) != self.n:
            r.add("stakes", "wrong_length", T("Une mise par joueur ({n}), null pour le banquier.",
                                              "One stake per player ({n}), null for the banker.").format(n=self.n))
            return None
        good = True
        for seat, v in enumerate(raw):
            if seat == banker:
                if v is not None:
                    r.add("stakes", "banker_stakes", T("Le banquier ne mise pas contre lui-même : null.",
                                                       "The banker does not stake against himself: null."), seat)
                    good = False
            elif v is None:
                r.add("stakes", "required", T("Mise manquante (0 si rien).", "Stake missing (0 if none)."), seat)
                good = False
            elif not is_int(v) or v < 0 or v > MAX_OFFER:
                r.add("stakes", "not_count", T("Nombre entier positif ou nul attendu.", "Expected a whole number, 0 or more."), seat)
                good = False
        if not good:
            return None
        stakes = [None if s == banker else raw[s] for s in range(self.n)]
        if not any(v for v in stakes):
            r.add("stakes", "no_stake", T("Personne n'a misé : il faut au moins une mise.",
                                          "Nobody staked: at least one stake is needed."))
            return None
        return stakes

    def _check_hands(self, r: EntryReader) -> None:
        with_cards = r.has("ponte_cards") or r.has("banker_cards")
        with_points = r.has("ponte_points") or r.has("banker_points")
        if with_cards and with_points:
            r.add("ponte_points", "cards_and_points", T(
                "Soit les cartes des deux mains, soit leurs points, pas les deux.",
                "Either both hands' cards or their points, not both."), rule=RULE_DRAW)
            return
        if with_points:
            for key in ("ponte_points", "banker_points"):
                if not r.has(key):
                    r.missing(key)
                else:
                    r.integer(r.entry[key], key, lo=0, hi=MOD - 1)
            return
        if not with_cards:
            r.add("ponte_cards", "required", T("Les cartes du ponte et du banquier (ou leurs points).",
                                               "The ponte's and the banker's cards (or their points)."), rule=RULE_DRAW)
            return
        hands: dict[str, list[Card]] = {}
        for key in ("ponte_cards", "banker_cards"):
            if not r.has(key):
                r.missing(key)
                continue
            cards = r.card_list(r.entry[key], key)
            if cards is None:
                continue
            if any(isinstance(c, Joker) or not isinstance(c, SuitCard) or c.rank.code not in CARD_VALUES for c in cards):
                r.add(key, "not_in_pack", T("Pas de joker ni de carte de tarot au baccara.",
                                            "No joker or tarot card at baccarat."), rule=RULE_DRAW)
                continue
            if not FIRST_CARDS <= len(cards) <= THIRD_CARD:
                r.add(key, "hand_size", T("Deux ou trois cartes.", "Two or three cards."), rule=RULE_DRAW)
                continue
            hands[key] = cards
        if len(hands) == 2:
            packs = self.options["packs"]
            counts = Counter(c.code for h in hands.values() for c in h)
            for code, k in counts.items():
                if k > packs:
                    r.add("banker_cards", "too_many_copies", T(
                        "{c} apparaît {k} fois ; les cartes en jeu n'en ont que {p}.",
                        "{c} appears {k} times; the cards in play hold only {p}.").format(
                        c=str(Card.parse_code(code)), k=k, p=packs), rule=RULE_DRAW)
            self._check_drawing(r, hands["ponte_cards"], hands["banker_cards"])

    def _check_drawing(self, r: EntryReader, ponte: list[Card], banker: list[Card]) -> None:
        first = hand_value(ponte[:FIRST_CARDS])
        if first in NATURALS:
            if len(ponte) > FIRST_CARDS or len(banker) > FIRST_CARDS:
                r.add("ponte_cards" if len(ponte) > FIRST_CARDS else "banker_cards", "natural", T(
                    "Le ponte a {v} d'emblée : il abat, personne ne tire de troisième carte.",
                    "The ponte has {v} at once: he shows, nobody draws a third card.").format(v=first), rule=RULE_DRAW)
            return
        for key, cards, who in (("ponte_cards", ponte, T("Le ponte", "The ponte")),
                                ("banker_cards", banker, T("Le banquier", "The banker"))):
            two = hand_value(cards[:FIRST_CARDS])
            if (two in NATURALS or two in STANDS) and len(cards) > FIRST_CARDS:
                r.add(key, "must_stand", T("{w} a {v} avec deux cartes : il reste, sans troisième carte.",
                                           "{w_en} has {v} with two cards: he stands, no third card.").format(
                    w=who.fr, w_en=who.en, v=two), rule=RULE_DRAW)
            elif two in DRAWS and len(cards) == FIRST_CARDS:
                r.add(key, "must_draw", T("{w} a {v} avec deux cartes : il doit tirer une troisième carte.",
                                          "{w_en} has {v} with two cards: he must draw a third card.").format(
                    w=who.fr, w_en=who.en, v=two), rule=RULE_DRAW)

    # -- scoring --------------------------------------------------------------------------------------------------
    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"banker": entry["banker"], "offer": entry["offer"],
                     "stakes": [None if s == entry["banker"] else entry["stakes"][s] for s in range(self.n)]}
        if entry.get("ponte_cards") is not None:
            out["ponte_cards"] = [Card.parse_code(c).code for c in entry["ponte_cards"]]
            out["banker_cards"] = [Card.parse_code(c).code for c in entry["banker_cards"]]
        else:
            out["ponte_points"] = entry["ponte_points"]
            out["banker_points"] = entry["banker_points"]
        return out

    @staticmethod
    def points(entry: dict[str, Any]) -> tuple[int, int]:
        if "ponte_cards" in entry:
            return (hand_value([Card.parse_code(c) for c in entry["ponte_cards"]]),
                    hand_value([Card.parse_code(c) for c in entry["banker_cards"]]))
        return entry["ponte_points"], entry["banker_points"]

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        banker, stakes = entry["banker"], entry["stakes"]
        total = sum(v or 0 for v in stakes)
        ponte_pts, banker_pts = self.points(entry)
        ponte = ponte_of(stakes, banker)
        assert ponte is not None  # check_entry refuses an entry where nobody staked (no_stake)
        scores = [0] * self.n
        notes: list[Text] = []
        if ponte_pts > banker_pts:
            for s in range(self.n):
                if s != banker:
                    scores[s] = stakes[s] or 0
            scores[banker] = -total
            notes.append(T("Le ponte {p} gagne, {a} contre {b} : le banquier {k} paie {t}, chacun gagne sa mise.",
                           "The ponte {p} wins, {a} to {b}: the banker {k} pays {t}, each staker wins his stake.").format(
                p=seat_ref(ponte), a=ponte_pts, b=banker_pts, k=seat_ref(banker), t=total))
        elif banker_pts > ponte_pts:
            for s in range(self.n):
                if s != banker:
                    scores[s] = -(stakes[s] or 0)
            scores[banker] = total
            notes.append(T("Le banquier {k} gagne, {b} contre {a} : il ramasse les mises ({t}).",
                           "The banker {k} wins, {b} to {a}: he takes the stakes ({t}).").format(
                k=seat_ref(banker), a=ponte_pts, b=banker_pts, t=total))
        else:
            notes.append(T("Égalité à {a} : personne ne paie ; {k} garde la banque et son offre de {s} reste sur la "
                           "table.", "Égalité at {a}: nobody pays; {k} keeps the bank and the offer of {s} stays on the "
                           "table.").format(a=ponte_pts, k=seat_ref(banker), s=entry["offer"]))
        if ponte_pts == banker_pts:
            self.offer = entry["offer"]
        else:
            self.offer = None
            self.decided += 1
            self.banker = self.next_seat(banker)
        return RoundResult(0, entry, scores, notes=notes, extra={"ponte": ponte, "ponte_points": ponte_pts,
                                                                 "banker_points": banker_pts})

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or not is_int(entry.get("banker")) or not 0 <= entry["banker"] < self.n:
            return super().describe_entry(entry, number)
        lines = [T("Banquier : {b}, banque de {s}", "Banker: {b}, bank of {s}").format(
            b=seat_ref(entry["banker"]), s=entry.get("offer"))]
        stakes = entry.get("stakes")
        if isinstance(stakes, list):
            parts = ", ".join(f"{seat_ref(s)} {v}" for s, v in enumerate(stakes) if v)
            lines.append(T("Mises : {p}", "Stakes: {p}").format(p=parts or "—"))
        for key, label in (("ponte", T("Ponte", "Ponte")), ("banker", T("Banquier", "Banker"))):
            cards = entry.get(f"{key}_cards")
            if isinstance(cards, list):
                shown = " ".join(_shown(c) for c in cards)
                lines.append(T("{l} : {c}", "{l_en}: {c}").format(l=f"Cartes du {label.fr.lower()}",
                                                                   l_en=f"{label.en}'s cards", c=shown))
            elif entry.get(f"{key}_points") is not None:
                lines.append(T("{l} : {p}", "{l_en}: {p}").format(l=f"Points du {label.fr.lower()}",
                                                                   l_en=f"{label.en}'s points", p=entry[f"{key}_points"]))
        return lines

    def summarise(self, result: RoundResult) -> Text | None:
        """How the coup went, hand against hand: "banque gagne · 8 contre 5", "⟨1⟩ gagne · 9 contre 7", "égalité à 6"."""
        ponte, a, b = result.extra["ponte"], result.extra["ponte_points"], result.extra["banker_points"]
        if a > b:
            return T("{p} gagne · {a} contre {b}", "{p} wins · {a} to {b}").format(p=seat_ref(ponte), a=a, b=b)
        if b > a:
            return T("banque gagne · {b} contre {a}", "bank wins · {b} to {a}").format(a=a, b=b)
        return T("égalité à {a}", "tie at {a}").format(a=a)


def _shown(code: Any) -> str:
    try:
        return str(Card.parse_code(code))
    except ValueError:
        return str(code)[:12]


class Baccara(Game):
    info = INFO
    sheet_class = BaccaraSheet
    options = (
        Option("packs", T("Jeux de 52 cartes", "52-card packs"), "int", PACKS, minimum=MIN_PACKS, maximum=MAX_PACKS,
               help=T("Mêlés ensemble (un sabot).", "Shuffled together (a shoe).")),
        Option("tours", T("Tours de banque", "Rounds of the bank"), "int", TOURS, nullable=True, minimum=1,
               maximum=MAX_TOURS,
               help=T("La table s'arrête quand chacun a tenu la banque autant de coups décidés. Vide : on arrête quand on veut.",
                      "The table ends when each player has held the bank for this many decided coups. Empty: stop whenever you like.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = self.clean_options(options, n_players)
        hand = schema.cards(f"card codes, two or three; no card more often than the {opts['packs']} pack(s)",
                            FIRST_CARDS, THIRD_CARD)
        points = schema.whole(0, MOD - 1)
        common = {"banker": schema.seat(n_players, "the seat holding the bank (next.banker)"),
                  "offer": schema.whole(1, MAX_OFFER, "the bank offered; after an égalité, the same as before "
                                                      "(next.offer)"),
                  "stakes": schema.per_seat(n_players, schema.nullable(schema.whole(0, MAX_OFFER)), (
                      "each seat's stake, null for the banker; the largest covers at least half the offer, all "
                      "together at most the offer"))}
        cards = {**common, "ponte_cards": hand, "banker_cards": hand}
        counted = {**common, "ponte_points": points, "banker_points": points}
        assert set(cards) | set(counted) == set(ENTRY_KEYS)  # what check_entry allows
        return schema.entry("Baccara coup entry", one_of=[schema.obj(cards, list(cards)), schema.obj(counted, list(counted))])


GAME = Baccara()
