"""Le cribbage — the user's rule document « Le cribbage » (players, material and the 121-point target only);
completed from the standard English rules as pagat.com ("Cribbage") and the American Cribbage Congress's rules
give them (Bicycle "Four-Hand Cribbage", sac-irca.com, games.quiltt.com).

A round is a deal: the starter, what each seat pegged during the play, each hand and the crib, as their 4 cards
(the sheet counts them with :func:`count_show`) or their points. The order of scoring decides the game, which ends
the moment a side reaches ``target``: his heels (a Jack turned as starter, 2 to the dealer), the pegging (counted
in full for both sides: the order within the play is not entered), the hands from the seat after the dealer round
to the dealer, then the crib. The hand or crib that reaches ``target`` counts in full, later ones are checked but
not counted. At 4, seats 0 + 2 play against 1 + 3 and both partners show their side's scores and totals. The rule
document says 2 or 4 players, and so does the sheet (3 is refused; a table opened at 3 earlier still replays).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any

from companion.kernel import schema
from companion.kernel.cards import STANDARD_RANKS, Card, Rank, Suit, SuitCard, deck, rank_name
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import CardSyntaxError, Problem
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
from companion.kernel.text import T, Text, seat_ref

TARGET = 121
SHORT_TARGET = 61
MAX_TARGET = 1000
SKUNK_LINE = 91  # the loser has fewer than this when the winner reaches 121
PLAY_LIMIT = 31

# Players -> (cards dealt to each, cards each lays away to the crib).
PLAYER_COUNTS = (2, 4)  # the rule document: "deux ou quatre"; 4 in two partnerships
# Cards dealt and laid away per player. A table opened at 3 before the sheet took only 2 or 4 players (one card
# from the pack completed the crib) still replays; no new one can be opened.
HAND_SIZES = {2: (6, 2), 3: (5, 1), 4: (5, 1)}
KEPT = 4  # cards in a hand after the discard, and in the crib

# Count value of each rank (ace low; court cards 10). Runs use the natural order A 2 … 10 V D R, no wrap.
CARD_VALUES = tuple((rank_name(r), r.pip) for r in STANDARD_RANKS)

FIFTEEN_TOTAL = 15
FIFTEEN = 2
THIRTY_ONE = 2
PAIR = 2
PAIR_ROYAL = 6  # three of a kind
DOUBLE_PAIR_ROYAL = 12  # four of a kind
RUN_PER_CARD = 1
GO = 1
LAST_CARD = 1
FLUSH_HAND = 4  # four hand cards of one suit; 5 if the starter matches too
FLUSH_CRIB = 5  # the crib scores a flush only with all five cards
NOBS = 1  # Jack of the starter's suit in hand or crib
HEELS = 2  # dealer, when the starter is a Jack
MIN_RUN = 3

RULE_SHOW = "compte"
RULE_PLAY = "jeu-des-cartes"
RULE_END = "fin"
ENTRY_KEYS = ("starter", "pegging", "hands", "crib")  # what check_entry allows and the schema lists


@dataclass(frozen=True)
class Show:
    """What a hand (or the crib) scores with the starter, combination by combination."""

    fifteens: int
    pairs: int
    runs: int
    flush: int
    nobs: int

    @property
    def points(self) -> int:
        return self.fifteens + self.pairs + self.runs + self.flush + self.nobs

    def as_dict(self) -> dict[str, Any]:
        return {"points": self.points, "fifteens": self.fifteens, "pairs": self.pairs, "runs": self.runs,
                "flush": self.flush, "nobs": self.nobs}


def count_show(hand: Sequence[SuitCard], starter: SuitCard, crib: bool = False) -> Show:
    """The show of four ``hand`` cards with the ``starter``: fifteens (2 each), pairs (2 each), runs (1 a card, once
    per distinct run, so that a double run counts twice), flush (4 hand cards of one suit 4, 5 with the starter; a
    crib only with all 5) and nobs (the Jack of the starter's suit in hand, 1). His heels is not part of a show."""
    five = [*hand, starter]
    values = [c.rank.pip for c in five]
    fifteens = FIFTEEN * sum(1 for k in range(2, 6) for combo in combinations(values, k) if sum(combo) == FIFTEEN_TOTAL)
    ranks = Counter(c.rank.value for c in five)
    pairs = PAIR * sum(k * (k - 1) // 2 for k in ranks.values())
    runs = 0
    length, ways = 0, 1
    for value in range(1, 15):  # Rank values run 1 (As) … 14 (Roi) with the cavalier's 12 never held: skip it
        if value == Rank.KNIGHT.value:
            continue
        if ranks[value]:
            length, ways = length + 1, ways * ranks[value]
        else:
            if length >= MIN_RUN:
                runs += RUN_PER_CARD * length * ways
            length, ways = 0, 1
    if length >= MIN_RUN:
        runs += RUN_PER_CARD * length * ways
    suits = {c.suit for c in hand}
    flush = 0
    if len(suits) == 1:
        if starter.suit in suits:
            flush = FLUSH_HAND + 1
        elif not crib:
            flush = FLUSH_HAND
    nobs = NOBS if any(c.rank is Rank.JACK and c.suit == starter.suit for c in hand) else 0
    return Show(fifteens, pairs, runs, flush, nobs)


@cache
def possible_shows() -> tuple[frozenset[int], frozenset[int]]:
    """Every total a hand, and a crib, can show, whatever the starter (:func:`shows_with` over every rank)."""
    hand_totals: set[int] = set()
    crib_totals: set[int] = set()
    for rank in STANDARD_RANKS:
        hands, cribs = shows_with(rank.value)
        hand_totals |= hands
        crib_totals |= cribs
    return frozenset(hand_totals), frozenset(crib_totals)


@cache
def shows_by_ranks(starter_rank: int) -> dict[tuple[int, ...], tuple[frozenset[int], frozenset[int]]]:
    """For each four ranks a hand can hold with a starter of that rank (a ``Rank.value``; its suit does not matter,
    the four suits playing the same part), the totals it can show as a hand and as a crib, found by enumeration: a
    show's fifteens, pairs and runs depend on the five ranks only; the flush and nobs on suits, which are chosen here
    as freely as a pack allows (a four-card flush needs four ranks apart, with the starter a fifth; nobs a Jack in
    hand and a starter that is not one, since a Jack of the starter's suit and a Jack starter cannot both be its one
    Jack)."""
    out: dict[tuple[int, ...], tuple[frozenset[int], frozenset[int]]] = {}
    values = [r.value for r in STANDARD_RANKS]
    for hand_ranks in _multisets(values, KEPT):
        if Counter(hand_ranks)[starter_rank] == 4:
            continue  # five of a rank
        hand_totals: set[int] = set()
        crib_totals: set[int] = set()
        base = _base(hand_ranks + (starter_rank,))
        distinct = len(set(hand_ranks)) == KEPT
        jack = Rank.JACK.value in hand_ranks
        nobs_options = [0]
        if jack and starter_rank != Rank.JACK.value:
            nobs_options.append(NOBS)
            if hand_ranks.count(Rank.JACK.value) == 4:
                nobs_options = [NOBS]  # one of four Jacks is of the starter's suit
        for nobs in nobs_options:
            hand_totals.add(base + nobs)
            crib_totals.add(base + nobs)
        if distinct:
            hand_totals.add(base + FLUSH_HAND)  # the starter of another suit: no nobs with a flush then
            if starter_rank not in hand_ranks:
                nobs = NOBS if jack else 0  # all five of one suit: a Jack in hand is the starter's
                hand_totals.add(base + FLUSH_HAND + 1 + nobs)
                crib_totals.add(base + FLUSH_CRIB + nobs)
        out[hand_ranks] = frozenset(hand_totals), frozenset(crib_totals)
    return out


@cache
def shows_with(starter_rank: int) -> tuple[frozenset[int], frozenset[int]]:
    """Every total a hand, and a crib, can show with a starter of that rank (:func:`shows_by_ranks`, together)."""
    hand_totals: set[int] = set()
    crib_totals: set[int] = set()
    for hands, cribs in shows_by_ranks(starter_rank).values():
        hand_totals |= hands
        crib_totals |= cribs
    return frozenset(hand_totals), frozenset(crib_totals)


@cache
def ranks_showing(starter_rank: int, points: int, crib: bool) -> tuple[tuple[int, ...], ...]:
    """The four ranks a hand (or the crib) may hold to show ``points`` with a starter of that rank."""
    return tuple(ranks for ranks, shows in shows_by_ranks(starter_rank).items() if points in shows[1 if crib else 0])


SHOW_SEARCH_BUDGET = 20_000  # steps of :func:`shows_fit` before it gives the entry the benefit of the doubt


def shows_fit(left: Counter[int], wanted: Sequence[tuple[tuple[int, ...], ...]], budget: int = SHOW_SEARCH_BUDGET) -> bool | None:
    """Whether every hand counted in points can hold one of its possible four ranks (``wanted``, one tuple of
    choices a hand) together, from ``left``: how many cards of each rank the starter and the hands listed card by card
    leave (four of a rank in one pack). A rank count is a necessary condition only (suits are not shared out), so it
    refuses only what no deal makes. None when the search gave up after ``budget`` steps."""
    order = sorted(wanted, key=len)  # the hands with fewest choices first
    failed: set[tuple[int, tuple[int, ...]]] = set()
    ranks = sorted(left)
    steps = 0

    def place(i: int, counts: dict[int, int]) -> bool | None:
        nonlocal steps
        if i == len(order):
            return True
        key = (i, tuple(counts[r] for r in ranks))
        if key in failed:
            return False
        for choice in order[i]:
            steps += 1
            if steps > budget:
                return None
            need = Counter(choice)
            if all(counts.get(r, 0) >= k for r, k in need.items()):
                for r, k in need.items():
                    counts[r] -= k
                found = place(i + 1, counts)
                for r, k in need.items():
                    counts[r] += k
                if found is not False:
                    return found
        failed.add(key)
        return False

    return place(0, dict(left))


def _multisets(values: list[int], k: int, start: int = 0) -> list[tuple[int, ...]]:
    if k == 0:
        return [()]
    out = []
    for i in range(start, len(values)):
        for rest in _multisets(values, k - 1, i):
            candidate = (values[i], *rest)
            if Counter(candidate)[values[i]] <= 4:
                out.append(candidate)
    return out


def _base(ranks: tuple[int, ...]) -> int:
    """Fifteens, pairs and runs of five ranks (suits do not matter to them)."""
    cards = [SuitCard(next(r for r in Rank if r.value == v), Suit.SPADES) for v in ranks]
    show = count_show(cards[:4], cards[4], crib=True)
    return show.fifteens + show.pairs + show.runs


MAX_HAND = 29
IMPOSSIBLE_HANDS = (19, 25, 26, 27)  # show totals no five cards can make (tests/rules/test_cribbage.py enumerates)

_ANY = T("—", "—")

INFO = GameInfo(
    essentials=("scoring",),
    slug="cribbage",
    names=T("Le cribbage", "Cribbage"),
    min_players=2,
    max_players=4,
    player_counts=PLAYER_COUNTS,
    decks=("52",),
    family="comptage",
    direction=CLOCKWISE,
    source="The user's rule document « Le cribbage » (players, material, 121 points); completed from the standard English rules "
    "(pagat.com, American Cribbage Congress; Bicycle Four-Hand Cribbage, sac-irca.com, games.quiltt.com).",
    aliases=("crib", "cribbage a deux", "cribbage a quatre"),
    summary=T(
        "Jeu de comptage anglais : quinzes, paires et suites, marqués sur une planchette jusqu'à 121.",
        "English counting game: fifteens, pairs and runs, pegged on a board up to 121.",
    ),
    tables=(
        RuleTable(
            "card_values",
            T("Valeur des cartes (pour 15 et 31)", "Card values (for 15 and 31)"),
            (T("Carte", "Card"), T("Valeur", "Value")),
            rows=CARD_VALUES,
        ),
        RuleTable(
            "hand_sizes",
            T("Donne selon le nombre de joueurs", "Deal by number of players"),
            (
                T("Joueurs", "Players"),
                T("Cartes à chacun", "Cards each"),
                T("Au crib, par joueur", "To the crib, each"),
                T("Cartes gardées", "Cards kept"),
            ),
            rows=tuple(
                (n if n != 3 else T("3 (variante)", "3 (variant)"), dealt, away, dealt - away)
                for n, (dealt, away) in HAND_SIZES.items()
            ),
        ),
        RuleTable(
            "scoring",
            T("Combinaisons et points", "Combinations and points"),
            (
                T("Combinaison", "Combination"),
                T("Pendant le jeu", "During the play"),
                T("Au compte des mains", "In the show"),
            ),
            rows=(
                (T("Total de 15", "Fifteen"), FIFTEEN, T("2 par combinaison", "2 per combination")),
                (T("Total de 31", "Thirty-one"), THIRTY_ONE, _ANY),
                (T("Paire", "Pair"), PAIR, PAIR),
                (T("Brelan (paire royale)", "Three of a kind (pair royal)"), PAIR_ROYAL, PAIR_ROYAL),
                (
                    T("Carré (double paire royale)", "Four of a kind (double pair royal)"),
                    DOUBLE_PAIR_ROYAL,
                    DOUBLE_PAIR_ROYAL,
                ),
                (
                    T("Suite de 3 cartes ou plus", "Run of 3 or more cards"),
                    T("1 par carte", "1 per card"),
                    T("1 par carte", "1 per card"),
                ),
                (T("Go (l'adversaire ne peut plus jouer)", "Go (opponent cannot play)"), GO, _ANY),
                (T("Dernière carte jouée", "Last card played"), LAST_CARD, _ANY),
                (T("Couleur : 4 cartes de la main", "Flush: 4 hand cards"), _ANY, FLUSH_HAND),
                (T("Couleur : main + carte de départ", "Flush: hand and starter"), _ANY, FLUSH_HAND + 1),
                (T("Couleur au crib (5 cartes)", "Flush in the crib (5 cards)"), _ANY, FLUSH_CRIB),
                (
                    T("Valet de la couleur de départ (« nobs »)", "Jack of the starter's suit (nobs)"),
                    _ANY,
                    NOBS,
                ),
                (
                    T("Départ = un Valet (au donneur)", "Starter is a Jack (to dealer)"),
                    T(f"{HEELS}, dès la coupe", f"{HEELS}, at the cut"),
                    _ANY,
                ),
            ),
        ),
    ),
    values=(
        ("pack_size", len(deck("52"))),
        ("target", TARGET),
        ("short_target", SHORT_TARGET),
        ("skunk_line", SKUNK_LINE),
        ("play_limit", PLAY_LIMIT),
        ("kept", KEPT),
        ("dealt_2", HAND_SIZES[2][0]),
        ("away_2", HAND_SIZES[2][1]),
        ("dealt_4", HAND_SIZES[4][0]),
        ("away_4", HAND_SIZES[4][1]),
        ("fifteen", FIFTEEN),
        ("fifteen_total", FIFTEEN_TOTAL),
        ("min_run", MIN_RUN),
        ("run_per_card", RUN_PER_CARD),
        ("thirty_one", THIRTY_ONE),
        ("pair", PAIR),
        ("pair_royal", PAIR_ROYAL),
        ("double_pair_royal", DOUBLE_PAIR_ROYAL),
        ("go", GO),
        ("last_card", LAST_CARD),
        ("flush_hand", FLUSH_HAND),
        ("flush_five", FLUSH_HAND + 1),
        ("flush_crib", FLUSH_CRIB),
        ("nobs", NOBS),
        ("heels", HEELS),
        ("max_hand", MAX_HAND),
        ("impossible", T(", ".join(str(n) for n in IMPOSSIBLE_HANDS[:-1]) + f" et {IMPOSSIBLE_HANDS[-1]}",
                         ", ".join(str(n) for n in IMPOSSIBLE_HANDS[:-1]) + f" and {IMPOSSIBLE_HANDS[-1]}")),
        ("five_starter_least", min(shows_with(Rank.FIVE.value)[0])),
        ("king_starter_most", max(shows_with(Rank.KING.value)[0])),
        ("double_skunk_line", SHORT_TARGET),  # the house rule some clubs play: the loser below 61
    ),
)


def sides_of(n_players: int) -> list[list[int]]:
    """The sides: at 4 players 0 + 2 against 1 + 3, otherwise each seat for itself."""
    return [[0, 2], [1, 3]] if n_players == 4 else [[s] for s in range(n_players)]


def parse_card(code: Any) -> SuitCard | None:
    try:
        card = Card.parse_code(code)
    except CardSyntaxError:
        return None
    return card if isinstance(card, SuitCard) and card.rank is not Rank.KNIGHT else None


def _stored_card(code: str) -> SuitCard:
    """A card of a checked entry."""
    card = parse_card(code)
    assert card is not None  # check_entry took only cards of the 52-card pack (read_cards, the starter)
    return card


def show_cards(codes: Sequence[Any]) -> str:
    return " ".join(str(c) if (c := parse_card(code)) else str(code) for code in codes)


def read_cards(codes: Any, field: str, seat: int | None, problems: list[Problem]) -> list[SuitCard] | None:
    """Exactly four cards of a 52-card pack, or None with the problems added."""
    if not isinstance(codes, list) or len(codes) != KEPT:
        problems.append(Problem(field, "four_cards", T("Il faut {k} cartes.", "{k} cards are needed.").format(k=KEPT), seat, RULE_SHOW))
        return None
    out = []
    for code in codes:
        card = parse_card(code)
        if card is None:
            joker = isinstance(code, str) and code.strip().upper() in ("JK", "JOKER")
            problems.append(Problem(field, "bad_card", T("Pas de joker au cribbage.", "No joker at cribbage.") if joker else
                                    T("Carte inconnue : {c}.", "Unknown card: {c}.").format(c=str(code)[:12]), seat, RULE_SHOW))
        else:
            out.append(card)
    return out if len(out) == KEPT else None


class CribbageSheet(Sheet):
    lowest_wins = False
    skunk_line = SKUNK_LINE

    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        return FACING if self.n == 4 else None

    @property
    def sides(self) -> list[list[int]]:
        return sides_of(self.n)

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def side_totals(self) -> list[int]:
        return [self.totals[side[0]] for side in self.sides]

    def natural_end(self) -> bool:
        return any(t >= self.options["target"] for t in self.side_totals())

    def next_extra(self) -> dict[str, Any]:
        dealt, away = HAND_SIZES[self.n]
        return {"hand": dealt, "crib": away}

    def entry_fields(self, number: int) -> list[EntryField]:
        return [EntryField("starter", T("Carte de départ", "Starter"), "card"),
                EntryField("pegging", T("Points du jeu", "Pegging"), "count"),
                EntryField("hands", T("Mains", "Hands"), "cribbage_hand"),
                EntryField("crib", T("Crib", "Crib"), "cribbage_hand")]

    # -- checking -------------------------------------------------------------------------------------
    def _read_hand(self, r: EntryReader, raw: Any, field: str, seat: int | None,
                   starter: SuitCard | None) -> tuple[str, Any] | None:
        """``("cards", [4 cards])`` or ``("points", n)``; None when it does not read (the problem is in ``r``). Points
        are checked against what four cards can show with this ``starter`` (with any starter when it is unreadable)."""
        if not isinstance(raw, dict) or len(raw) != 1 or not ({"cards", "points"} & set(raw)):
            r.add(field, "not_hand", T("Main illisible : ses {k} cartes ({{\"cards\": …}}) ou ses points ({{\"points\": n}}).",
                                       "Unreadable hand: its {k} cards ({{\"cards\": …}}) or its points ({{\"points\": n}}).").format(k=KEPT),
                  seat, RULE_SHOW)
            return None
        if "points" in raw:
            points = raw["points"]
            if not is_int(points) or not 0 <= points <= MAX_HAND:
                r.add(field, "points_range", T("Un compte va de 0 à {m}.", "A show is worth 0 to {m}.").format(m=MAX_HAND), seat, RULE_SHOW)
                return None
            possible = possible_shows()[1 if field == "crib" else 0]
            if points not in possible:
                r.add(field, "impossible_show", T(
                    "Aucune main ne compte {p} : {i} sont impossibles avec cinq cartes.",
                    "No hand shows {p}: {i_en} cannot be made with five cards.").format(
                    p=points, i=_listed(IMPOSSIBLE_HANDS, "et"), i_en=_listed(IMPOSSIBLE_HANDS, "and")), seat, RULE_SHOW)
                return None
            if starter is not None and points not in shows_with(starter.rank.value)[1 if field == "crib" else 0]:
                what = T("aucun crib", "no crib") if field == "crib" else T("aucune main", "no hand")
                r.add(field, "impossible_with_starter", T(
                    "Avec {s} en carte de départ, {w} ne compte {p}.",
                    "With {s} as the starter, {w_en} shows {p}.").format(
                    s=str(starter), w=what.fr, w_en=what.en, p=points), seat, RULE_SHOW)
                return None
            return "points", points
        cards = read_cards(raw["cards"], field, seat, r.problems)
        return None if cards is None else ("cards", cards)

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=RULE_SHOW)
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        starter = None
        if not r.has("starter"):
            r.missing("starter")
        else:
            starter = parse_card(r.entry["starter"])
            if starter is None:
                r.add("starter", "bad_card", T("Carte de départ inconnue : une carte du jeu de 52, sans joker.",
                                               "Unknown starter: a card of the 52-card pack, no joker."))
        pegging = r.counts("pegging", maximum=self.options["target"])
        hands: list[tuple[str, Any] | None] = [None] * self.n
        raw_hands = r.entry.get("hands")
        if raw_hands is not None and (not isinstance(raw_hands, list) or len(raw_hands) != self.n):
            r.add("hands", "wrong_length", T("Il faut une main par joueur ({n}).", "One hand per player is needed ({n}).").format(n=self.n))
            raw_hands = None
        given = [False] * self.n
        bad = False
        for seat, raw in enumerate(raw_hands or []):
            if raw is not None:
                given[seat] = True
                hands[seat] = self._read_hand(r, raw, "hands", seat, starter)
                bad = bad or hands[seat] is None
        crib = self._read_hand(r, r.entry["crib"], "crib", None, starter) if r.has("crib") else None
        bad = bad or (r.has("crib") and crib is None)
        # No card twice: the hands, the crib and the starter come from one pack.
        seen: Counter[Card] = Counter([starter] if starter else [])
        holders: list[tuple[int | None, tuple[str, Any] | None]] = [*enumerate(hands), (None, crib)]
        for holder, hand in holders:
            if hand and hand[0] == "cards":
                for card in hand[1]:
                    seen[card] += 1
                    if seen[card] == 2:
                        r.add("crib" if holder is None else "hands", "card_twice", T(
                            "{c} deux fois : un seul jeu de 52 cartes.", "{c} twice: one 52-card pack.").format(c=str(card)), holder)
        if starter is None or pegging is None or not r.ok:
            if not r.has("hands"):
                r.missing("hands")
            return r.problems
        self._check_shows_together(r, starter, holders)
        # What must be entered depends on when the game ends: replay the order of scoring.
        order = self._order(starter, pegging, hands, crib)
        if order["pegging_clash"]:
            r.add("pegging", "both_reach", T(
                "Les deux camps ne peuvent pas atteindre {t} pendant le jeu : le premier arrivé arrête la partie.",
                "Both sides cannot reach {t} during the play: the first one there ends the game.").format(
                t=self.options["target"]), rule=RULE_END)
        if order["ended_by"] == "heels":
            if any(pegging):
                r.add("pegging", "heels_ended", T(
                    "Le Valet retourné a fait gagner le donneur avant le jeu : personne n'a marqué en jouant.",
                    "The Jack turned won the game for the dealer before the play: nobody pegged."), rule=RULE_END)
        elif sum(pegging) < LAST_CARD:
            r.add("pegging", "no_last_card", T(
                "Au moins {k} point pendant le jeu : la dernière carte jouée marque toujours.",
                "At least {k} point in the play: the last card played always scores.").format(k=LAST_CARD), rule=RULE_PLAY)
        for seat in order["needed_hands"]:
            if not given[seat]:
                r.add("hands", "required", T("Main à saisir : la partie n'est pas finie quand elle se compte.",
                                             "Hand needed: the game is not over when it is shown."), seat)
        if order["needed_crib"] and not r.has("crib"):
            r.add("crib", "required", T("Crib à saisir : la partie n'est pas finie quand il se compte.",
                                        "Crib needed: the game is not over when it is shown."))
        return r.problems

    def _check_shows_together(self, r: EntryReader, starter: SuitCard,
                              holders: list[tuple[int | None, tuple[str, Any] | None]]) -> None:
        """Hands counted in points, each possible on its own, against one pack together: two hands of 28 with a 5
        turned would need six 5s. The ranks the starter and the hands given card by card take are out."""
        counted = [(holder, hand[1]) for holder, hand in holders if hand and hand[0] == "points"]
        if len(counted) < 2 and not (counted and any(h and h[0] == "cards" for _, h in holders)):
            return
        left = Counter({rank.value: 4 for rank in STANDARD_RANKS})
        left[starter.rank.value] -= 1
        for _, hand in holders:
            if hand and hand[0] == "cards":
                for card in hand[1]:
                    left[card.rank.value] -= 1
        wanted = [ranks_showing(starter.rank.value, points, holder is None) for holder, points in counted]
        if shows_fit(left, wanted) is False:
            r.add("hands", "shows_apart", T(
                "Ces comptes se font chacun, mais pas tous ensemble avec un seul jeu : il n'y a que quatre cartes de "
                "chaque rang, la carte de départ ({s}) et les cartes saisies comprises.",
                "These shows can each be made, but not all together from one pack: there are only four cards of each "
                "rank, the starter ({s}) and the cards entered included.").format(s=str(starter)), rule=RULE_SHOW)

    def _order(self, starter: SuitCard, pegging: list[int], hands: list[Any], crib: Any) -> dict[str, Any]:
        """Score the deal in its order: what each side gets, who ends the game with what, what had to be shown."""
        target = self.options["target"]
        totals = self.side_totals()
        gains = [0] * len(self.sides)
        dealer = self.dealer_for(self.number)
        steps: list[tuple[str, int | None, int, int]] = []  # (what, seat, side, points) counted
        out: dict[str, Any] = {"ended_by": None, "ended_seat": None, "pegging_clash": False, "needed_hands": [], "needed_crib": False,
                     "steps": steps, "gains": gains}

        def reached() -> bool:
            return any(t + g >= target for t, g in zip(totals, gains, strict=True))

        if starter.rank is Rank.JACK:
            gains[self.side_of(dealer)] += HEELS
            steps.append(("heels", dealer, self.side_of(dealer), HEELS))
            if reached():
                out["ended_by"] = "heels"
                return out
        for seat, p in enumerate(pegging):
            gains[self.side_of(seat)] += p
        steps.append(("pegging", None, -1, sum(pegging)))
        over = [i for i, (t, g) in enumerate(zip(totals, gains, strict=True)) if t + g >= target]
        if len(over) > 1:
            out["pegging_clash"] = True
        if over:
            out["ended_by"] = "pegging"
            return out
        for k in range(1, self.n + 1):
            seat = (dealer + k) % self.n
            out["needed_hands"].append(seat)
            hand = hands[seat]
            if hand is None:
                continue
            points = hand[1] if hand[0] == "points" else count_show(hand[1], starter).points
            gains[self.side_of(seat)] += points
            steps.append(("hand", seat, self.side_of(seat), points))
            if reached():
                out["ended_by"], out["ended_seat"] = "hand", seat
                return out
        out["needed_crib"] = True
        if crib is not None:
            points = crib[1] if crib[0] == "points" else count_show(crib[1], starter, crib=True).points
            gains[self.side_of(dealer)] += points
            steps.append(("crib", dealer, self.side_of(dealer), points))
            if reached():
                out["ended_by"], out["ended_seat"] = "crib", dealer
        return out

    # -- scoring ---------------------------------------------------------------------------------------
    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        def hand(raw: Any) -> dict[str, Any] | None:
            if raw is None:
                return None
            if "points" in raw:
                return {"points": raw["points"]}
            return {"cards": [Card.parse_code(c).code for c in raw["cards"]]}

        hands = entry.get("hands") or [None] * self.n
        return {"starter": Card.parse_code(entry["starter"]).code, "pegging": list(entry["pegging"]),
                "hands": [hand(h) for h in hands], "crib": hand(entry.get("crib"))}

    def _parsed(self, raw: dict[str, Any] | None) -> tuple[str, Any] | None:
        if raw is None:
            return None
        if "points" in raw:
            return "points", raw["points"]
        return "cards", [parse_card(c) for c in raw["cards"]]

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        starter = _stored_card(entry["starter"])
        hands = [self._parsed(h) for h in entry["hands"]]
        crib = self._parsed(entry["crib"])
        order = self._order(starter, entry["pegging"], hands, crib)
        gains = order["gains"]
        scores = [gains[self.side_of(s)] for s in range(self.n)]
        notes: list[Text] = []
        for what, seat, _side, points in order["steps"]:
            if what == "heels":
                notes.append(T("Valet retourné (his heels) : {h} pour {p}, qui donne.",
                               "Jack turned (his heels): {h} to {p}, the dealer.").format(h=HEELS, p=seat_ref(seat)))
            elif what in ("hand", "crib"):
                raw = entry["hands"][seat] if what == "hand" else entry["crib"]
                label = T("crib de {p}", "{p}'s crib").format(p=seat_ref(seat)) if what == "crib" else T("{p}", "{p}").format(p=seat_ref(seat))
                if "cards" in raw:
                    show = count_show([_stored_card(c) for c in raw["cards"]], starter, crib=what == "crib")
                    notes.append(T("{l} : {c} + {s} = {n} ({d})", "{l_en}: {c} + {s} = {n} ({d_en})").format(
                        l=label.fr, l_en=label.en, c=show_cards(raw["cards"]), s=str(starter), n=points,
                        d=_details(show, "fr"), d_en=_details(show, "en")))
        ended = order["ended_by"]
        if ended is not None:
            side = next(i for i, (t, g) in enumerate(zip(self.side_totals(), gains, strict=True)) if t + g >= self.options["target"])
            who = " + ".join(seat_ref(s) for s in self.sides[side])
            when = {"heels": T("avec le Valet retourné", "with the Jack turned"),
                    "pegging": T("pendant le jeu", "during the play"),
                    "hand": T("au compte des mains", "in the show"),
                    "crib": T("avec le crib", "with the crib")}[ended]
            notes.append(T("{w} atteint {t} {h} : la partie est finie, la suite ne compte pas.",
                           "{w} reaches {t} {h_en}: the game is over, what follows does not count.").format(
                w=who, t=self.options["target"], h=when.fr, h_en=when.en))
            if self.options["target"] == TARGET:
                for i, (t, g) in enumerate(zip(self.side_totals(), gains, strict=True)):
                    if i != side and t + g < SKUNK_LINE:
                        notes.append(T("Skunk : {l} n'a pas atteint {k}.", "Skunk: {l} did not reach {k}.").format(
                            l=" + ".join(seat_ref(s) for s in self.sides[i]), k=SKUNK_LINE))
        return RoundResult(0, entry, scores, notes=notes)

    @property
    def skunked(self) -> list[int]:
        """Seats of a side that lost below the skunk line in a 121 game (empty otherwise)."""
        if not self.natural_end() or self.options["target"] != TARGET:
            return []
        return [s for s in range(self.n) if self.totals[s] < SKUNK_LINE]

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict):
            return super().describe_entry(entry, number)
        lines = []
        if isinstance(entry.get("starter"), str):
            lines.append(T("Carte de départ : {c}", "Starter: {c}").format(c=show_cards([entry["starter"]])))
        pegging = entry.get("pegging")
        if isinstance(pegging, list):
            lines.append(T("Jeu des cartes : {p}", "Pegging: {p}").format(
                p=", ".join(f"{seat_ref(s)} {v}" for s, v in enumerate(pegging))))
        hands = entry.get("hands")
        for seat, hand in enumerate(hands if isinstance(hands, list) else []):
            words = _hand_words(hand)
            if words:
                lines.append(T("{p} : {h}", "{p}: {h_en}").format(p=seat_ref(seat), h=words.fr, h_en=words.en))
        words = _hand_words(entry.get("crib"))
        if words:
            lines.append(T("Crib : {h}", "Crib: {h_en}").format(h=words.fr, h_en=words.en))
        return lines

    def summarise(self, result: RoundResult) -> Text | None:
        """Who dealt, his heels, what the crib made, and a side reaching the target: "donneur ⟨0⟩ · 12 au crib"."""
        entry = result.entry
        dealer = self.dealer_for(self.number)
        order = self._order(_stored_card(entry["starter"]), entry["pegging"], [self._parsed(h) for h in entry["hands"]],
                            self._parsed(entry["crib"]))
        fr, en = [f"donneur {seat_ref(dealer)}"], [f"dealer {seat_ref(dealer)}"]
        for what, _seat, _side, points in order["steps"]:
            if what == "heels":
                fr.append("valet retourné")
                en.append("his heels")
            elif what == "crib":
                fr.append(f"{points} au crib")
                en.append(f"{points} in the crib")
        if order["ended_by"] is not None:
            gains = order["gains"]
            side = next(i for i, (t, g) in enumerate(zip(self.side_totals(), gains, strict=True)) if t + g >= self.options["target"])
            who = " + ".join(seat_ref(s) for s in self.sides[side])
            fr.append(f"{who} atteint {self.options['target']}")
            en.append(f"{who} reaches {self.options['target']}")
        return T(" · ".join(fr), " · ".join(en))


def _hand_words(hand: Any) -> Text | None:
    if isinstance(hand, dict) and isinstance(hand.get("cards"), list):
        return T(show_cards(hand["cards"]), show_cards(hand["cards"]))
    if isinstance(hand, dict) and "points" in hand:
        return T("{n} points", "{n} points").format(n=hand["points"])
    return None


def _details(show: Show, lang: str) -> str:
    names = {"fr": ("quinzes", "paires", "suites", "couleur", "nobs"), "en": ("fifteens", "pairs", "runs", "flush", "nobs")}[lang]
    parts = [f"{name} {v}" for name, v in zip(names, (show.fifteens, show.pairs, show.runs, show.flush, show.nobs), strict=True) if v]
    return ", ".join(parts) or ("rien" if lang == "fr" else "nothing")


def _listed(numbers: Sequence[int], and_word: str) -> str:
    return ", ".join(str(n) for n in numbers[:-1]) + f" {and_word} {numbers[-1]}"


def hand_schema() -> dict[str, Any]:
    """A hand or the crib: its 4 cards (the sheet counts them) or its points."""
    return schema.hand(schema.cards("card codes (5H, JD)", KEPT, KEPT),
                       {**schema.whole(0, MAX_HAND), "not": {"enum": list(IMPOSSIBLE_HANDS)}})


class Cribbage(Game):
    info = INFO
    sheet_class = CribbageSheet
    options = (
        # 121 or 61, the two games the rules know; a table stored with another target (``stored_range``) keeps it.
        Option("target", T("Partie en combien de points", "Game to how many points"), "choice", TARGET,
               choices=((TARGET, T(f"{TARGET} (partie normale)", f"{TARGET} (full game)")),
                        (SHORT_TARGET, T(f"{SHORT_TARGET} (partie courte)", f"{SHORT_TARGET} (short game)"))),
               stored_range=(1, MAX_TARGET),
               help=T("La partie s'arrête dès qu'un camp l'atteint, même en plein compte.",
                      "The game ends the moment a side reaches it, even in the middle of the show.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = self.clean_options(options, n_players)
        nullable_hand = schema.nullable(hand_schema())
        return schema.entry("Cribbage round entry (a deal)", {
            "starter": schema.card("the starter card's code (a Jack: 2 to the dealer)"),
            "pegging": schema.counts(n_players, opts["target"], "points each seat pegged during the play"),
            "hands": schema.per_seat(n_players, nullable_hand, "each seat's 4 kept cards or their points; null only "
                                                               "for a hand the game ended before"),
            "crib": {**nullable_hand, "description": "the dealer's crib (4 cards) or its points"},
        }, ["starter", "pegging"])


GAME = Cribbage()
