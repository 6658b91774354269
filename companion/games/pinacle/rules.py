"""Le pinacle, as the user's rule document « Le pinacle » gives it; no published rule for it is known (it is not
pinochle), so what the document leaves open is settled by Atout, as the rulebook's disputes say.

2, 3 or 4 players (4 = partnerships, seats 0+2 against 1+3), one 52-card pack, 36 cards dealt (18, 12 or 9 each),
the next one starting the discard. Runs of three or more in one suit; the 2s (pinacles) are wild in their own suit.
When a player has laid all his cards he scores 10 (30 in one go); every other player scores his laid cards minus
the cards left in his hand: pinacle 2, ace 1.5, K Q J 10 9 8 7 one point, 6 5 4 3 half a point (50 in the pack).
A card counts for the player who laid it, lay-offs on another's run included. When the stock runs out, nobody gets
the 10. First total at ``target`` (default 100) ends the table; highest wins.

Points are handled in half points (whole numbers) inside the sheet and shown as JSON numbers in steps of 0.5.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.families.hands import (
    Hand,
    Pool,
    Worths,
    add_worths,
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
from companion.kernel.errors import Problem
from companion.kernel.game import (
    CLOCKWISE,
    FACING,
    EntryField,
    Game,
    GameInfo,
    Option,
    RoundResult,
    RuleTable,
    Sheet,
)
from companion.kernel.text import T, Text, count, decimal, seat_ref

CARDS_DEALT = 36  # in all, whatever the number of players; the next card starts the discard pile
HAND_SIZES = {2: 18, 3: 12, 4: 9}
GOING_OUT_BONUS = 10
ONE_GO_BONUS = 30  # instead of 10, for laying the whole hand in a single turn
ENTRY_KEYS = ("winner", "in_one_go", "hands")  # what check_entry allows and the schema lists
GAME_TARGET = 100
MIN_RUN = 3

# Card values by rank code (cards.Rank.code); the 2s are the pinacles.
CARD_POINTS = {
    "2": 2,
    "A": 1.5,
    **{r: 1 for r in ("K", "Q", "J", "10", "9", "8", "7")},
    **{r: 0.5 for r in ("6", "5", "4", "3")},
}
PACK = Counter(deck("52"))
HALVES = {code: int(2 * v) for code, v in CARD_POINTS.items()}
TOTAL_HALVES = sum(HALVES[c.rank.code] for c in PACK if isinstance(c, SuitCard))  # 100 half points (no joker)
TOTAL_CARD_POINTS = TOTAL_HALVES // 2  # 50 in the whole pack


def card_halves(card: Card) -> int:
    """What a card is worth, in half points (a pinacle 4, an ace 3, a 5 one)."""
    assert isinstance(card, SuitCard)
    return HALVES[card.rank.code]


def best_halves(n_cards: int) -> int:
    """The most ``n_cards`` cards of the pack are worth, in half points (9 cards: 4 pinacles, 4 aces, a king = 30)."""
    return sum(sorted((card_halves(c) for c in PACK), reverse=True)[:n_cards])


def least_halves(n_cards: int) -> int:
    """The least ``n_cards`` cards of the pack are worth, in half points: the pack has only sixteen cards at half a
    point (the 3s to 6s), so 18 cards are worth 16 halves and two whole points at least, 10 points (20 halves)."""
    return sum(sorted(card_halves(c) for c in PACK)[:n_cards])


def points(halves: int) -> int | float:
    """Half points as the JSON number a table reads: 7 → 3.5, 8 → 4."""
    return halves // 2 if halves % 2 == 0 else halves / 2


def _fr(halves: int) -> str:
    return str(points(halves)).replace(".", ",")


INFO = GameInfo(
    essentials=("card_points", "bonuses"),
    slug="pinacle",
    names=T("Le pinacle", "Pinacle"),
    min_players=2,
    max_players=4,
    decks=("52",),
    family="rami",
    direction=CLOCKWISE,
    source="The user's rule document « Le pinacle »; what it leaves open settled by Atout (no published rule known).",
    aliases=("pinacles",),
    summary=T(
        "Rami de suites à 36 cartes où les 2, les pinacles, remplacent n'importe quelle carte de leur couleur.",
        "A 36-card rummy of runs in which the 2s, the pinacles, stand for any card of their own suit.",
    ),
    tables=(
        RuleTable(
            "card_points",
            T("Valeur des cartes", "Card values"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=(
                (T("Pinacle (les 2)", "Pinacle (the 2s)"), decimal(CARD_POINTS["2"])),
                (rank_name("A"), decimal(CARD_POINTS["A"])),
                (T("R, D, V, 10, 9, 8, 7", "K, Q, J, 10, 9, 8, 7"), decimal(CARD_POINTS["K"])),
                (T("6, 5, 4, 3", "6, 5, 4, 3"), decimal(CARD_POINTS["6"])),
            ),
        ),
        RuleTable(
            "card_order",
            T("Ordre des cartes dans une suite", "Card order in a run"),
            (T("Règle", "Rule"), T("Détail", "Detail")),
            rows=(
                (T("Ordre", "Order"), T("As 2 3 4 5 6 7 8 9 10 V D R As", "Ace 2 3 4 5 6 7 8 9 10 J Q K Ace")),
                (T("L'as", "The ace"), T("en bas (As-2-3) ou en haut (D-R-As), jamais R-As-2",
                                        "low (A-2-3) or high (Q-K-A), never K-A-2")),
            ),
        ),
        RuleTable(
            "hand_sizes",
            T("Donne", "Deal"),
            (T("Joueurs", "Players"), T("Cartes chacun", "Cards each"), T("Talon après la carte retournée", "Stock after the turned card")),
            rows=tuple((n, size, 52 - CARDS_DEALT - 1) for n, size in HAND_SIZES.items()),
        ),
        RuleTable(
            "bonuses",
            T("Fin de donne", "End of a deal"),
            (T("Cas", "Case"), T("Points", "Points")),
            rows=(
                (T("Le joueur qui termine", "The player who goes out"), GOING_OUT_BONUS),
                (T("… s'il a tout posé en un seul tour", "… if he laid his whole hand in one turn"), ONE_GO_BONUS),
                (T("Chacun des autres", "Each other player"), T("cartes posées − cartes en main", "cards laid − cards in hand")),
                (T("Talon épuisé : chacun", "Stock run out: each"), T("cartes posées − cartes en main", "cards laid − cards in hand")),
            ),
        ),
        RuleTable(
            "most_points",
            T("Ce que valent au moins et au plus les cartes d'un joueur", "The least and the most a player's cards can be worth"),
            (T("Cartes", "Cards"), T("Points au moins", "Points at least"), T("Points au plus", "Points at most")),
            rows=tuple((k, decimal(points(least_halves(k))), decimal(points(best_halves(k)))) for k in sorted({*HAND_SIZES.values(), *(h + 1 for h in HAND_SIZES.values())})),
        ),
    ),
    values=(
        ("cards_dealt", CARDS_DEALT),
        ("pack_size", len(PACK)),
        ("total_points", TOTAL_CARD_POINTS),
        ("going_out", GOING_OUT_BONUS),
        ("one_go", ONE_GO_BONUS),
        ("target", GAME_TARGET),
        ("stock", 52 - CARDS_DEALT - 1),
        ("half_point_cards", sum(1 for c in PACK if card_halves(c) == 1)),  # the 3s to 6s: 16
    ),
)


class PinacleSheet(Sheet):
    @property
    def card_points_by_code(self) -> dict[str, Any]:
        """What each rank (and the joker) is worth, by API rank code: for the card picker's running count."""
        return dict(CARD_POINTS)

    lowest_wins = False

    @property
    def hand_size(self) -> int:
        return HAND_SIZES[self.n]

    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        return FACING if self.n == 4 else None

    def side(self, seat: int) -> list[int]:
        """The seats whose scores add up with ``seat``'s: its partner too at four players."""
        return [seat, (seat + 2) % 4] if self.n == 4 else [seat]

    def natural_end(self) -> bool:
        return bool(self.rounds) and max(self.totals) >= self.options["target"]

    def next_extra(self) -> dict[str, Any]:
        return {"hand": self.hand_size}

    def entry_fields(self, number: int) -> list[EntryField]:
        return [
            EntryField("winner", T("A tout posé", "Went out"), "seat", required=False),
            EntryField("in_one_go", T("En un seul tour", "In one go"), "bool", required=False),
            EntryField("hands", T("Cartes posées et en main", "Cards laid and in hand"), "pinacle_hands"),
        ]

    # -- checking -------------------------------------------------------------------------------------
    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="verifications")
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        if "winner" not in r.entry:
            r.add("winner", "required", T("Qui a tout posé ? (null : le talon s'est épuisé.)",
                                          "Who went out? (null: the stock ran out.)"))
        winner = r.seat("winner", required=False)
        one_go = r.boolean("in_one_go")
        if one_go and r.entry.get("winner") is None:
            r.add("in_one_go", "no_winner", T("« En un seul tour » suppose que quelqu'un a tout posé.",
                                              "“In one go” needs a player who went out."))
        read = self._read_hands(r, winner)
        if read is not None:
            listed = [(s, p.cards) for s, laid, held in read for p in (laid, held) if p is not None and p.cards is not None]
            check_copies(r, listed, PACK)
            sized = [(s, laid, held) for s, laid, held in read if self._check_size(r, s, laid, held, winner)]
            if not over_the_deck(listed, PACK):  # with a card twice, what is left of the pack is not known
                self._check_worth(r, sized, Pool.of(PACK, card_halves, (c for _, cards in listed for c in cards)))
        return r.problems

    def _read_hands(self, r: EntryReader, winner: int | None) -> list[tuple[int, Hand, Hand | None]] | None:
        """Every seat's hands read: (seat, laid, held), held None for a winner who counts his laid cards; None when
        the list itself does not read."""
        if "hands" not in r.entry:
            r.missing("hands")
            return None
        raw = r.entry["hands"]
        if not isinstance(raw, list) or len(raw) != self.n:
            r.add("hands", "wrong_length", T("Il faut une entrée par joueur ({n}).", "One item per player is needed ({n}).").format(n=self.n))
            return None
        out: list[tuple[int, Hand, Hand | None]] = []
        counts = self.options["winner_counts_laid"]
        for seat, item in enumerate(raw):
            if seat == winner:
                if not counts:
                    if item is not None:
                        r.add("hands", "winner_hand", T("Qui a tout posé marque sa prime : rien à saisir pour ce joueur (null).",
                                                        "Whoever went out scores the bonus: nothing to enter for that player (null)."), seat)
                    continue
                if not isinstance(item, dict) or set(item) != {"laid"}:
                    r.add("hands", "winner_laid", T("Règle « le gagnant compte ses cartes » : dire ce qu'il a posé ({\"laid\": …}).",
                                                    "“Winner counts his cards” rule: give what he laid ({\"laid\": …})."), seat)
                    continue
                laid = read_hand(r, item["laid"], seat, PACK, card_halves, what=T("Cartes posées", "Cards laid"), half_points=True)
                if laid is not None:
                    out.append((seat, laid, None))
                continue
            if item is None:
                r.add("hands", "missing_hand", T("Dire ce que ce joueur a posé et ce qu'il a en main.",
                                                 "Say what this player laid and holds."), seat)
                continue
            if not isinstance(item, dict) or set(item) != {"laid", "held"}:
                r.add("hands", "not_pair", T("Il faut les cartes posées (laid) et les cartes en main (held).",
                                             "Both the cards laid (laid) and the cards in hand (held) are needed."), seat)
                continue
            laid = read_hand(r, item["laid"], seat, PACK, card_halves, what=T("Cartes posées", "Cards laid"), half_points=True)
            held = read_hand(r, item["held"], seat, PACK, card_halves, what=T("Cartes en main", "Cards in hand"), half_points=True)
            if laid is not None and held is not None:
                out.append((seat, laid, held))
        return out

    def _check_size(self, r: EntryReader, seat: int, laid: Hand, held: Hand | None, winner: int | None) -> bool:
        """A seat's listed cards fit its hand (the winner's: his hand or one more), and a seat that did not go out
        still holds a card. False when a problem was reported."""
        h = self.hand_size
        lo, hi = (h, h + 1) if held is None else (h, h)
        parts = [laid] if held is None else [laid, held]
        listed = sum(len(p.cards) for p in parts if p.cards is not None)
        words = T(f"{lo}", f"{lo}") if lo == hi else T(f"{lo} ou {hi}", f"{lo} or {hi}")
        if all(p.listed for p in parts) and not lo <= listed <= hi:
            cards = count(listed, "{n} carte", "{n} cartes", "{n} card", "{n} cards")
            r.add("hands", "card_count", T("{c} en tout : ce joueur doit en avoir {k} (prendre une, jeter une).",
                                           "{c_en} in all: this player must have {k_en} (take one, throw one).").format(
                c=cards.fr, c_en=cards.en, k=words.fr, k_en=words.en), seat)
            return False
        if listed > hi:
            cards = count(listed, "{n} carte listée", "{n} cartes listées", "{n} card listed", "{n} cards listed")
            r.add("hands", "card_count", T("{c} : ce joueur en a {k} en tout.", "{c_en}: this player has {k_en} in all.").format(
                c=cards.fr, c_en=cards.en, k=words.fr, k_en=words.en), seat)
            return False
        if held is not None and (held.cards == () or held.points == 0 or (laid.cards is not None and len(laid.cards) == h)):
            # Nothing in hand: this player went out (every card is worth half a point at least).
            if winner is None:
                r.add("hands", "went_out", T(
                    "Ce joueur n'a plus de carte en main : il a tout posé, c'est lui qui a terminé (à dire dans « A tout posé »).",
                    "This player holds no card: he laid everything and went out (say so in “Went out”)."), seat)
            else:
                r.add("hands", "went_out", T(
                    "Ce joueur n'a plus de carte en main : il aurait terminé lui aussi, or un seul joueur termine la donne, {w}.",
                    "This player holds no card: he would have gone out too, but only one player ends a deal, {w}.").format(
                    w=seat_ref(winner)), seat)
            return False
        return True

    def _unlisted(self, laid: Hand, held: Hand | None) -> tuple[list[int], int]:
        """How many cards a seat's hands given in points cover (the possible numbers) and their points."""
        h = self.hand_size
        listed = sum(len(p.cards) for p in (laid, held) if p is not None and p.cards is not None)
        given = sum(p.points for p in (laid, held) if p is not None and not p.listed)
        sizes = [h - listed, h + 1 - listed] if held is None else [h - listed]
        return sizes, given

    def _choices(self, pool: Pool, laid: Hand, held: Hand | None) -> list[Worths]:
        """The ways the cards a seat gave in points can be made of the pack's cards, by worth."""
        sizes, given = self._unlisted(laid, held)
        if all(p.listed for p in (laid, held) if p is not None):
            return [(0,) * len(pool.left)]  # nothing hidden
        if held is None or laid.listed or held.listed:  # one part in points
            return [c for k in sizes for c in pool.choices(k, given)]
        h = self.hand_size  # both in points: j cards in hand (one at least), the rest laid
        out: set[Worths] = set()
        for j in range(1, h + 1):
            for in_hand in pool.choices(j, held.points):
                rest = tuple(s - c for s, c in zip(pool.left, in_hand, strict=True))
                out.update(add_worths(in_hand, on_table) for on_table in pool.choices(h - j, laid.points, within=rest))
        return sorted(out)

    def _check_worth(self, r: EntryReader, seats: list[tuple[int, Hand, Hand | None]], pool: Pool) -> None:
        """The points given match real cards of the pack: each seat's, then all of them together (they share one
        pack: two seats cannot both hold the four pinacles)."""
        every: list[list[Worths]] = []
        for seat, laid, held in seats:
            choices = self._choices(pool, laid, held)
            if choices:
                every.append(choices)
                continue
            sizes, given = self._unlisted(laid, held)
            least, most = pool.cheapest(min(sizes)), pool.dearest(max(sizes))
            k = count(sizes[0], "{n} carte", "{n} cartes", "{n} card", "{n} cards") if len(sizes) == 1 else \
                T(f"{sizes[0]} ou {sizes[1]} cartes", f"{sizes[0]} or {sizes[1]} cards")
            if least is not None and most is not None and not least <= given <= most:
                r.add("hands", "points_range", T(
                    "{p} points pour {k}, c'est impossible : entre {lo} et {hi} avec les cartes du jeu.",
                    "{p_en} points for {k_en} cannot be: between {lo_en} and {hi_en} with the pack's cards.").format(
                    p=_fr(given), p_en=points(given), k=k.fr, k_en=k.en,
                    lo=_fr(least), lo_en=points(least), hi=_fr(most), hi_en=points(most)), seat)
            else:
                r.add("hands", "points_range", T(
                    "Aucune main de {k} du jeu ne se partage ainsi entre cartes posées et cartes en main.",
                    "No {k_en} of the pack split that way between cards laid and cards in hand.").format(k=k.fr, k_en=k.en), seat)
        if len(every) == len(seats) and not can_deal(pool, every):
            given = sum(self._unlisted(laid, held)[1] for _, laid, held in seats)
            listed = sum(h.points for _, laid, held in seats for h in (laid, held) if h is not None and h.listed)
            if given + listed > TOTAL_HALVES:
                r.add("hands", "over_total", T("{p} points en tout : le jeu n'en vaut que {t}.",
                                               "{p_en} points in all: the pack is worth only {t}.").format(
                    p=_fr(given + listed), p_en=points(given + listed), t=TOTAL_CARD_POINTS))
            else:
                r.add("hands", "over_total", T(
                    "Ces points ne viennent pas d'un seul jeu : ensemble, ils demandent plus de cartes chères (ou bon marché) "
                    "que le jeu n'en a.",
                    "These points do not come from one pack: together they need more dear (or cheap) cards than the pack holds."))

    def kept_total(self, total: Any) -> Any:
        """Half points, as the sheet writes them: 3.5 + 0.5 is 4, not 4.0."""
        return points(round(2 * total))

    # -- scoring ---------------------------------------------------------------------------------------
    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        hands = []
        for item in entry["hands"]:
            hands.append(None if item is None else {k: hand_json(v) for k, v in item.items()})
        winner = entry.get("winner")
        return {"winner": winner, "in_one_go": bool(entry.get("in_one_go")), "hands": hands}

    def _halves(self, hand: dict[str, Any]) -> int:
        if "cards" in hand:
            return sum(card_halves(Card.parse_code(c)) for c in hand["cards"])
        return int(round(hand["points"] * 2))

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        winner = entry["winner"]
        own: list[int] = []
        notes: list[Text] = []
        for seat, item in enumerate(entry["hands"]):
            who = seat_ref(seat)
            if seat == winner:
                bonus = 2 * (ONE_GO_BONUS if entry["in_one_go"] else GOING_OUT_BONUS)
                laid = self._halves(item["laid"]) if item else 0
                own.append(bonus + laid)
                how = T(" en un seul tour", " in one go") if entry["in_one_go"] else T("", "")
                if item:
                    notes.append(T("{w} a tout posé{h} : {b} + {l} posés = {t}.", "{w} went out{h_en}: {b} + {l_en} laid = {t_en}.").format(
                        w=who, h=how.fr, h_en=how.en, b=bonus // 2, l=_fr(laid), l_en=points(laid), t=_fr(bonus + laid), t_en=points(bonus + laid)))
                else:
                    notes.append(T("{w} a tout posé{h} : {b}.", "{w} went out{h_en}: {b}.").format(w=who, h=how.fr, h_en=how.en, b=bonus // 2))
                continue
            laid, held = self._halves(item["laid"]), self._halves(item["held"])
            own.append(laid - held)
            notes.append(T("{w} : {l} posés − {h} en main = {t}.", "{w}: {l_en} laid − {h_en} in hand = {t_en}.").format(
                w=who, l=_fr(laid), l_en=points(laid), h=_fr(held), h_en=points(held),
                t=_fr(laid - held), t_en=points(laid - held)))
        if self.n == 4:
            notes.append(T("À quatre, chaque équipe additionne ses deux joueurs.", "At four, each side adds up its two players."))
        scores = [points(sum(own[s] for s in self.side(seat))) for seat in range(self.n)]
        # A score may be a half point (3.5): Pinacle's sheet keeps them, where the kernel's scores say int.
        return RoundResult(0, entry, scores, notes=notes)  # type: ignore[arg-type]

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or not isinstance(entry.get("hands"), list):
            return super().describe_entry(entry, number)
        winner = entry.get("winner")
        if isinstance(winner, int):
            lines = [T("{w} a tout posé{h}.", "{w} went out{h_en}.").format(
                w=seat_ref(winner), h=" en un seul tour" if entry.get("in_one_go") else "",
                h_en=" in one go" if entry.get("in_one_go") else "")]
        else:
            lines = [T("Talon épuisé : personne n'a tout posé.", "Stock run out: nobody went out.")]
        for seat, item in enumerate(entry["hands"]):
            if not isinstance(item, dict):
                continue
            laid, held = hand_words(item.get("laid")), hand_words(item.get("held"))
            if laid and held:
                lines.append(T("{p} : posé {l}, en main {h}", "{p}: laid {l_en}, in hand {h_en}").format(
                    p=seat_ref(seat), l=laid.fr, l_en=laid.en, h=held.fr, h_en=held.en))
            elif laid:
                lines.append(T("{p} : posé {l}", "{p}: laid {l_en}").format(p=seat_ref(seat), l=laid.fr, l_en=laid.en))
        return lines

    def summarise(self, result: RoundResult) -> Text | None:
        """Who went out, and whether in one go ("⟨1⟩ sort · en un seul tour"), or the stock ran out."""
        winner = result.entry["winner"]
        if winner is None:
            return T("talon épuisé", "stock run out")
        line = T("{w} sort", "{w} goes out").format(w=seat_ref(winner))
        if result.entry["in_one_go"]:
            return T(line.fr + " · en un seul tour", line.en + " · in one go")
        return line


class Pinacle(Game):
    info = INFO
    sheet_class = PinacleSheet
    options = (
        Option("target", T("Score à atteindre", "Target score"), "int", GAME_TARGET, minimum=1, maximum=10_000,
               help=T("La partie s'arrête à la fin de la donne où un total l'atteint ; le plus haut gagne.",
                      "The game ends after the deal in which a total reaches it; the highest wins.")),
        Option("winner_counts_laid", T("Le gagnant compte aussi ses cartes", "The winner also counts his cards"), "bool", False,
               help=T("Règle maison : qui a tout posé marque sa prime plus les cartes qu'il a posées.",
                      "House rule: whoever goes out scores the bonus plus the cards he laid.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = self.clean_options(options, n_players)
        h = HAND_SIZES[n_players]
        card = schema.card("an ASCII card code: rank A 2-10 J Q K then suit S H D C (\"10H\", \"QS\")")
        hand = schema.hand({"type": "array", "items": card, "maxItems": h + 1},
                           {"type": "number", "minimum": 0, "multipleOf": 0.5})
        pair = schema.obj({"laid": hand, "held": hand}, ["laid", "held"], (
            f"cards laid (and kept in front of the player, lay-offs included) and cards in hand: {h} cards in all"))
        if opts["winner_counts_laid"]:
            winner = schema.obj({"laid": hand}, ["laid"], f"the winner's laid cards ({h} or {h + 1}): with the option "
                                                          "winner_counts_laid the winner counts them")
        else:
            winner = {"type": "null", "description": "the winner (without the option winner_counts_laid)"}
        return schema.entry("Pinacle round entry", {
            "winner": schema.nullable(schema.seat(n_players), "the seat that laid all its cards, or null when the stock "
                                                              "ran out"),
            "in_one_go": schema.flag(f"the winner laid his whole hand in one turn: {ONE_GO_BONUS} instead of "
                                     f"{GOING_OUT_BONUS}"),
            "hands": schema.per_seat(n_players, {"oneOf": [pair, winner]}, (
                f"points in steps of 0.5; all together at most {TOTAL_CARD_POINTS} points, no card twice")),
        }, ["winner", "hands"])


GAME = Pinacle()
