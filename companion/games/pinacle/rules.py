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

from companion.families.hands import Hand, check_copies, hand_json, hand_words, read_hand
from companion.kernel import schema
from companion.kernel.cards import Card, SuitCard, deck, rank_name
from companion.kernel.entries import EntryReader
from companion.kernel.errors import Problem
from companion.kernel.game import CLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable, Sheet
from companion.kernel.text import T, Text, decimal, seat_ref

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
LEAST_HALVES = min(HALVES.values())  # 1: half a point, the cheapest card


def card_halves(card: Card) -> int:
    """What a card is worth, in half points (a pinacle 4, an ace 3, a 5 one)."""
    assert isinstance(card, SuitCard)
    return HALVES[card.rank.code]


def best_halves(n_cards: int) -> int:
    """The most ``n_cards`` cards of the pack are worth, in half points (9 cards: 4 pinacles, 4 aces, a king = 30)."""
    return sum(sorted((card_halves(c) for c in PACK), reverse=True)[:n_cards])


def points(halves: int) -> int | float:
    """Half points as the JSON number a table reads: 7 → 3.5, 8 → 4."""
    return halves // 2 if halves % 2 == 0 else halves / 2


def _fr(halves: int) -> str:
    return str(points(halves)).replace(".", ",")


INFO = GameInfo(
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
            T("Ce que valent au plus les cartes d'un joueur", "The most a player's cards can be worth"),
            (T("Cartes", "Cards"), T("Points au plus", "Points at most")),
            rows=tuple((k, decimal(points(best_halves(k)))) for k in sorted({*HAND_SIZES.values(), *(h + 1 for h in HAND_SIZES.values())})),
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
            check_copies(r, ((s, h.cards) for s, h in read if h.cards is not None), PACK)  # the listed hands
            total = sum(h.points for _, h in read)
            if total > TOTAL_HALVES:
                r.add("hands", "over_total", T("{p} points en tout : le jeu n'en vaut que {t}.",
                                               "{p_en} points in all: the pack is worth only {t}.").format(
                    p=_fr(total), p_en=points(total), t=TOTAL_CARD_POINTS))
        return r.problems

    def _read_hands(self, r: EntryReader, winner: int | None) -> list[tuple[int, Hand]] | None:
        """Every hand read (laid and held, as (seat, Hand) pairs); None when the list itself does not read."""
        if "hands" not in r.entry:
            r.missing("hands")
            return None
        raw = r.entry["hands"]
        if not isinstance(raw, list) or len(raw) != self.n:
            r.add("hands", "wrong_length", T("Il faut une entrée par joueur ({n}).", "One item per player is needed ({n}).").format(n=self.n))
            return None
        h = self.hand_size
        out: list[tuple[int, Hand]] = []
        counts = self.options["winner_counts_laid"]
        for seat, item in enumerate(raw):
            if seat == winner:
                if not counts:
                    if item is not None:
                        r.add("hands", "winner_hand", T("Qui a tout posé marque sa prime : rien à saisir pour ce joueur (null).",
                                                        "Whoever went out scores the bonus: nothing to enter for that player (null)."), seat)
                    continue
                if not isinstance(item, dict) or set(item) != {"laid"}:
                    r.add("hands", "winner_laid", T("Règle « le gagnant compte ses cartes » : dire ce qu'il a posé ({{\"laid\": …}}).",
                                                    "“Winner counts his cards” rule: give what he laid ({{\"laid\": …}})."), seat)
                    continue
                laid = read_hand(r, item["laid"], seat, PACK, card_halves, what=T("Cartes posées", "Cards laid"), half_points=True)
                if laid is not None:
                    self._check_size(r, seat, laid, None, (h, h + 1))
                    out.append((seat, laid))
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
                self._check_size(r, seat, laid, held, (h, h))
                out.extend(((seat, laid), (seat, held)))
        return out

    def _check_size(self, r: EntryReader, seat: int, laid: Hand, held: Hand | None, sizes: tuple[int, int]) -> None:
        """A seat's cards number ``sizes`` (one value, or the winner's hand size or one more)."""
        parts = [laid] if held is None else [laid, held]
        listed = sum(len(p.cards) for p in parts if p.cards is not None)
        lo, hi = sizes
        words = T(f"{lo}", f"{lo}") if lo == hi else T(f"{lo} ou {hi}", f"{lo} or {hi}")
        if all(p.listed for p in parts):
            if not lo <= listed <= hi:
                r.add("hands", "card_count", T("{n} cartes en tout : ce joueur doit en avoir {k} (prendre une, jeter une).",
                                               "{n} cards in all: this player must have {k_en} (take one, throw one).").format(
                    n=listed, k=words.fr, k_en=words.en), seat)
            return
        if listed > hi:
            r.add("hands", "card_count", T("{n} cartes listées : ce joueur en a {k} en tout.",
                                           "{n} cards listed: this player has {k_en} in all.").format(n=listed, k=words.fr, k_en=words.en), seat)
            return
        # Some part given as points: it covers the cards not listed.
        given = sum(p.points for p in parts if not p.listed)
        least, most = LEAST_HALVES * (lo - listed), best_halves(hi - listed)
        if not least <= given <= most:
            r.add("hands", "points_range", T(
                "{p} points pour {k} cartes, c'est impossible : entre {lo} et {hi}.",
                "{p_en} points for {k_en} cards cannot be: between {lo_en} and {hi_en}.").format(
                p=_fr(given), p_en=points(given), k=f"{lo - listed}" if lo == hi else f"{lo - listed} ou {hi - listed}",
                k_en=f"{lo - listed}" if lo == hi else f"{lo - listed} or {hi - listed}",
                lo=_fr(least), lo_en=points(least), hi=_fr(most), hi_en=points(most)), seat)

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
