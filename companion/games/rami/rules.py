"""Le rami, as the user's rule document « Le rami » gives it: French "rami 51", as French rules sites publish it
(jeuxdecartes1.e-monsite.com, synonyme-du-mot.com).

Two 52-card packs and 4 jokers, 13 cards each, 2 to 6 players. A deal ends when a player has laid or thrown every
card; the others pay what is left in their hand (As 11, R D V 10, 2-10 face value, joker 50) or a flat 100 when
they have laid nothing. A rami sec — the whole hand laid at once before anybody else laid anything — scores −50.
Lowest total wins. The game lasts a number of deals (option ``deals``) or until a total (option ``limit``)
is reached, or until the table stops.

Readings the rule document leaves open, settled by Atout (the rulebook's "Points litigieux" says the same):

* Nothing can be laid before the opening, and the smallest opening is a clean run of five cards (10-V-D-R-As is
  exactly 51), so a player who has laid anything holds at most 8 cards at the end (13, take one, lay 5 or more,
  throw one), worth 244 at most (4 jokers and 4 aces); a player who has laid nothing holds all 13. A hand of 9 to 12
  cards cannot be, and a hand of 13 cards is "tout son jeu en main", which scores the flat 100 whatever the cards
  are worth.
* A rami sec is the first lay of the deal, so every other player scores 100.
* The ace counts 11 in a set when opening (1 low in A-2-3, 11 high in Q-K-A), and always 11 in hand.
* A joker laid in an opening counts 0 (option ``joker_counts`` off); the house rule many tables play, the rulebook's
  « Le joker compte à l'ouverture », gives it the value of the card it stands for (option on): in a run the card
  it replaces, in a set the set's rank. The sheet and the lay checker read it alike (:func:`opening_points`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from companion.families.melds import (
    ACE_HIGH,
    ACE_LOW,
    LONGEST_RUN,
    Lay,
    MeldRules,
    copies_problem,
    over_the_deck,
    read_lay,
)
from companion.families.rummy import DECK, HAND_SIZE, LAID_NOTHING, RAMI_SEC
from companion.kernel import schema
from companion.kernel.cards import STANDARD_RANKS, Card, Joker, Rank, Suit, SuitCard, deck, display, show
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import CardSyntaxError, Problem
from companion.kernel.game import CLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable, Sheet
from companion.kernel.text import T, Text, count, seat_ref, signed

MIN_MELD = 3

# What a card left in hand costs at the end of a deal.
ACE_PENALTY = 11
COURT_PENALTY = 10  # R D V
JOKER_PENALTY = 50
WINNER = 0

# What a card is worth when counting an opening.
OPENING_MINIMUM = 51
MELD_ACE_HIGH = 11  # Q-K-A, and in a set
MELD_ACE_LOW = 1  # A-2-3
MELD_COURT = 10
MELD_JOKER = 0

COURTS = (Rank.JACK, Rank.QUEEN, Rank.KING)
RAMI_CARDS = frozenset(deck(DECK))
DECK_SIZE = len(deck(DECK))
# The copies of each card in the pack, counted once: over_the_deck() copies a mapping of counts as it is, instead of
# hashing 108 cards again for every round checked (a third of a long table's replay).
DECK_COUNTS = Counter(deck(DECK))
JOKERS = sum(isinstance(c, Joker) for c in deck(DECK))  # 4
ACES = sum(isinstance(c, SuitCard) and c.rank is Rank.ACE for c in deck(DECK))  # 8

MELD_RULES = MeldRules(rule_melds="combinaisons", rule_opening="ouverture")

HOW = ("cards", "points", "laid_nothing")
ENTRY_KEYS = ("winner", "rami_sec", "hands")  # what check_entry allows and the schema lists


def card_points(card: Card) -> int:
    """What a card left in hand costs."""
    if isinstance(card, Joker):
        return JOKER_PENALTY
    assert isinstance(card, SuitCard)
    if card.rank is Rank.ACE:
        return ACE_PENALTY
    if card.rank in COURTS:
        return COURT_PENALTY
    pips: int = card.rank.value  # a rank's value is its number (mypy reads it as Any once the rank is narrowed)
    return pips


def meld_points(ordinal: int, wild: bool) -> int:
    """What a card laid in a meld is worth when counting an opening (ordinal: ace 1 or 14, jack 11 … king 13)."""
    if wild:
        return MELD_JOKER
    if ordinal == ACE_HIGH:
        return MELD_ACE_HIGH
    if ordinal == ACE_LOW:
        return MELD_ACE_LOW
    if ordinal > 10:
        return MELD_COURT
    return ordinal


def meld_points_joker_counts(ordinal: int, wild: bool) -> int:
    """An opening's card values when the joker counts as the card it stands for (option ``joker_counts``): a wild
    card is worth what its place in the meld is (``ordinal``: the card it replaces in a run, the set's rank)."""
    return meld_points(ordinal, False)


def opening_points(joker_counts: bool) -> Callable[[int, bool], int]:
    """The card values of an opening: the joker 0, or (``joker_counts``) the value of the card it stands for."""
    return meld_points_joker_counts if joker_counts else meld_points


@cache
def fewest_opening_cards(points: Callable[[int, bool], int] = meld_points) -> int:
    """The fewest cards an opening can lay, its cards counted by ``points``.

    An opening holds a clean run; a single meld is then that run, with no joker, worth at most its k highest ranks
    (… V-D-R-As), and two melds or more take 2 × MIN_MELD cards at least. With 51 to reach: As-R-D-V-10 = 11 + 4 × 10
    = 51, five cards. Whether the joker counts changes nothing: the one-meld opening has none.
    """
    high_first = [points(o, False) for o in range(ACE_HIGH, ACE_LOW, -1)]  # As high, R, D, V, 10 … 2
    for k in range(MIN_MELD, 2 * MIN_MELD):
        if sum(high_first[:k]) >= OPENING_MINIMUM:
            return k
    return 2 * MIN_MELD


@cache
def most_points(n_cards: int) -> int:
    """The most ``n_cards`` cards of the rami pack can cost in hand."""
    return sum(sorted((card_points(c) for c in deck(DECK)), reverse=True)[:n_cards])


# Nothing is laid before the opening, and a turn takes one card before laying and throws one after: whoever laid
# anything keeps at most 13 + 1 − 5 − 1 = 8 cards (whoever laid nothing scores LAID_NOTHING whatever the hand).
FEWEST_OPENING_CARDS = fewest_opening_cards()
MOST_CARDS_AFTER_LAYING = HAND_SIZE + 1 - FEWEST_OPENING_CARDS - 1
# What those cards can cost: 4 jokers and 4 aces at most, one 2 at least.
MOST_POINTS = most_points(MOST_CARDS_AFTER_LAYING)
LEAST_POINTS = min(card_points(c) for c in deck(DECK))


def points_fit(points: Sequence[int], jokers: int, aces: int, most_cards: int) -> bool:
    """Whether hands counted at ``points`` (losers who laid, so 1 to ``most_cards`` cards each) can all be held at
    once when only ``jokers`` jokers and ``aces`` aces are left for them (the pack's, less those of the hands given
    as cards). Each hand takes some jokers (50) and aces (11); the rest of its points come from the other cards,
    worth 2 to 10 each, of which the pack has plenty: ``m`` of them make any sum from 2m to 10m. Only the jokers
    and the aces can run short."""
    @cache
    def fit(i: int, jokers_left: int, aces_left: int) -> bool:
        if i == len(points):
            return True
        for j in range(min(jokers_left, most_cards) + 1):
            for a in range(min(aces_left, most_cards - j) + 1):
                rest = points[i] - JOKER_PENALTY * j - ACE_PENALTY * a
                if rest < 0:
                    break
                others = -(-rest // COURT_PENALTY)  # the fewest cards worth 2 to 10 that make ``rest``
                if ((rest == 0 and j + a > 0) or (rest >= LEAST_POINTS and others <= most_cards - j - a)) \
                        and fit(i + 1, jokers_left - j, aces_left - a):
                    return True
        return False

    return fit(0, jokers, aces)


def check_lay(melds: Sequence[Sequence[Card]], opening: bool = False, joker_counts: bool = False) -> Lay:
    """The lay checker: are these melds (in table order) valid, what are they worth, may they open? ``joker_counts``:
    the house rule where a joker is worth the card it stands for (the table's option of that name)."""
    return read_lay(melds, MELD_RULES, opening_points(joker_counts), deck(DECK), OPENING_MINIMUM if opening else None)


def is_rami_card(card: Card) -> bool:
    return card in RAMI_CARDS


INFO = GameInfo(
    essentials=("card_points", "deal_scores", "meld_points"),
    slug="rami",
    most_played=4,
    names=T("Le rami", "Rummy"),
    min_players=2,
    max_players=6,
    decks=(DECK,),
    family="rami",
    direction=CLOCKWISE,
    source="The user's rule document « Le rami » (French rami 51); its gaps settled by Atout, as the rulebook's disputes say.",
    aliases=("rami sec", "le rami sec", "rummy", "rami 51", "rami français"),
    summary=T("Brelans, carrés et suites à deux paquets et quatre jokers : ouvrir à 51, finir le premier.",
              "Sets and runs with two packs and four jokers: open with 51, go out first."),
    tables=(
        RuleTable(
            "card_points",
            T("Ce que coûte une carte restée en main", "What a card left in hand costs"),
            (T("Carte", "Card"), T("Points", "Points")),
            (
                (T("As", "Ace"), ACE_PENALTY),
                (T("Roi, Dame, Valet", "King, Queen, Jack"), COURT_PENALTY),
                (T("2 à 10", "2 to 10"), T("valeur du chiffre", "face value")),
                (T("Joker", "Joker"), JOKER_PENALTY),
            ),
        ),
        RuleTable(
            "deal_scores",
            T("Ce que chacun marque en fin de donne", "What each player scores at the end of a deal"),
            (T("Joueur", "Player"), T("Points", "Points")),
            (
                (T("Le gagnant", "The winner"), WINNER),
                (T("Le gagnant par rami sec", "The winner with a rami sec"), RAMI_SEC),
                (T("Un perdant qui a posé", "A loser who laid cards"), T("ses cartes en main", "the cards left in hand")),
                (T("Un perdant qui n'a rien posé", "A loser who laid nothing"), T(f"{LAID_NOTHING} tout rond", f"a flat {LAID_NOTHING}")),
            ),
        ),
        RuleTable(
            "meld_points",
            T(f"Valeur des cartes pour ouvrir ({OPENING_MINIMUM} points au moins)",
              f"Card values for an opening (at least {OPENING_MINIMUM} points)"),
            (T("Carte", "Card"), T("Points", "Points")),
            (
                (T("As en haut d'une suite (D-R-As) ou dans un brelan", "Ace high in a run (Q-K-A) or in a set"), MELD_ACE_HIGH),
                (T("As en bas d'une suite (As-2-3)", "Ace low in a run (A-2-3)"), MELD_ACE_LOW),
                (T("Roi, Dame, Valet", "King, Queen, Jack"), MELD_COURT),
                (T("2 à 10", "2 to 10"), T("valeur du chiffre", "face value")),
                (T("Joker", "Joker"), MELD_JOKER),
            ),
        ),
    ),
    values=(
        ("pack_size", len(deck("52"))),
        ("jokers", sum(isinstance(c, Joker) for c in deck(DECK))),
        ("deck_size", DECK_SIZE),
        ("hand_size", HAND_SIZE),
        ("cards_on_turn", HAND_SIZE + 1),  # the rami sec turn: the hand and the card taken; any one is thrown
        ("longest_run", LONGEST_RUN),
        ("winner", WINNER),
        ("rami_sec", RAMI_SEC),
        ("laid_nothing", LAID_NOTHING),
        ("ace_penalty", ACE_PENALTY),
        ("court_penalty", COURT_PENALTY),
        ("joker_penalty", JOKER_PENALTY),
        ("opening_minimum", OPENING_MINIMUM),
        ("fewest_opening_cards", FEWEST_OPENING_CARDS),
        ("most_cards_after_laying", MOST_CARDS_AFTER_LAYING),
        ("most_points", MOST_POINTS),
        ("meld_ace_high", MELD_ACE_HIGH),
        ("meld_ace_low", MELD_ACE_LOW),
    ),
)


def _card_words(code: Any) -> str:
    """A stored card code as players write it (``KH`` → ``R♥``), the code itself when it does not read."""
    try:
        return str(Card.parse_code(code))
    except (CardSyntaxError, TypeError, AttributeError):
        return str(code)


class RamiSheet(Sheet):
    lowest_wins = True

    def __init__(self, game: Game, n_players: int, options: dict[str, Any]) -> None:
        super().__init__(game, n_players, options)
        joker_counts: bool = options["joker_counts"]
        self.opening_points = opening_points(joker_counts)  # what an opening's cards are worth at this table
        # What a loser who laid keeps, and what it can cost, as the table counts openings (the same numbers either
        # way: the smallest opening is a clean run, see fewest_opening_cards).
        self.fewest_opening_cards = fewest_opening_cards(self.opening_points)
        self.most_cards_after_laying = HAND_SIZE + 1 - self.fewest_opening_cards - 1
        self.most_points = most_points(self.most_cards_after_laying)

    def check_lay(self, melds: Sequence[Sequence[Card]], opening: bool = False) -> Lay:
        """The lay checker with this table's opening values (option ``joker_counts``)."""
        return check_lay(melds, opening, self.options["joker_counts"])

    @property
    def scoring(self) -> dict[str, int]:
        """The numbers the round form shows beside its choices."""
        return {"laid_nothing": LAID_NOTHING, "rami_sec": RAMI_SEC, "winner": WINNER, "most_points": self.most_points,
                "hand_size": HAND_SIZE, "opening_minimum": OPENING_MINIMUM}

    @property
    def card_points_by_code(self) -> dict[str, int]:
        """What each rank (and the joker) costs in hand, by API code: for the phone form's running count."""
        return {**{r.code: card_points(SuitCard(r, Suit.SPADES)) for r in STANDARD_RANKS}, "JK": JOKER_PENALTY}

    def natural_end(self) -> bool:
        deals, limit = self.options["deals"], self.options["limit"]
        if deals is not None and len(self.rounds) >= deals:
            return True
        return limit is not None and bool(self.rounds) and max(self.totals) >= limit

    def next_extra(self) -> dict[str, Any]:
        deals = self.options["deals"]
        return {"deals_left": deals - len(self.rounds)} if deals is not None else {}

    def entry_fields(self, number: int) -> list[EntryField]:
        return [
            EntryField("winner", T("Gagnant", "Winner"), "seat"),
            EntryField("rami_sec", T("Rami sec", "Rami sec"), "bool", required=False,
                       help=T("Toute la main posée d'un coup, avant que quiconque ait rien posé : −50.",
                              "The whole hand laid at once, before anybody laid anything: −50.")),
            EntryField("hands", T("Ce qui reste en main", "What is left in hand"), "rami_hand",
                       maximum=HAND_SIZE),
        ]

    # -- checking -------------------------------------------------------------------------------------
    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n)
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        winner = r.seat("winner")
        rami_sec = r.boolean("rami_sec")
        hands = self._read_hands(r, winner)
        if hands is not None:
            groups = [(seat, cards) for seat, (how, cards) in enumerate(hands) if cards]
            for seat, card, times, limit in over_the_deck(groups, DECK_COUNTS):
                r.problems.append(copies_problem(card, times, limit, "hands", seat))
            self._check_points_fit(r, hands)
        if rami_sec and hands is not None and winner is not None:
            for seat, (how, cards) in enumerate(hands):
                if seat == winner or how is None or how == "laid_nothing" or (how == "cards" and len(cards) == HAND_SIZE):
                    continue
                r.add("hands", "rami_sec_others", T(
                    "Avec un rami sec, les autres n'ont rien pu poser avant : chacun marque {p}. Choisir « n'a rien posé ».",
                    "With a rami sec nobody else can have laid anything before: each scores {p}. Choose “laid nothing”.").format(
                    p=LAID_NOTHING), seat, rule="rami-sec")
        if self.options["sec_only"] and rami_sec is False:
            r.add("rami_sec", "sec_only", T(
                "Règle « rami sec seulement » : une donne ne se gagne que par un rami sec.",
                "“Rami sec only” house rule: a deal can only be won by a rami sec."), rule="rami-sec-obligatoire")
        return r.problems

    def _check_points_fit(self, r: EntryReader, hands: list[tuple[str | None, list[Card]]]) -> None:
        """Hands given as counted points, together: the pack's {jokers} jokers and {aces} aces are shared by every
        hand, so two losers cannot both keep 244 (:func:`points_fit`)."""
        seats = [seat for seat, (how, _cards) in enumerate(hands) if how == "points"]
        if not seats:
            return
        shown = [c for _how, cards in hands for c in cards]
        jokers = max(0, JOKERS - sum(isinstance(c, Joker) for c in shown))
        aces = max(0, ACES - sum(isinstance(c, SuitCard) and c.rank is Rank.ACE for c in shown))
        points = [r.entry["hands"][seat]["points"] for seat in seats]
        if points_fit(tuple(sorted(points, reverse=True)), jokers, aces, self.most_cards_after_laying):
            return
        j = count(jokers, "{n} joker", "{n} jokers", "{n} joker", "{n} jokers")
        a = count(aces, "{n} As", "{n} As", "{n} ace", "{n} aces")
        text = T(
            "{who} : {p} points en main, c'est impossible ensemble. Chacun garde {k} cartes au plus, et le jeu n'a que "
            "{j} et {a} en dehors des cartes saisies ; un joker vaut {jp}, un As {ap}, une autre carte {cp} au plus.",
            "{who}: {p} points in hand cannot all be. Each keeps {k} cards at most, and the pack has only {j_en} and "
            "{a_en} besides the cards entered; a joker is worth {jp}, an ace {ap}, any other card {cp} at most.") \
            if len(seats) > 1 else T(
            "{who} : {p} points en main, c'est impossible. Qui a posé garde {k} cartes au plus, et le jeu n'a que "
            "{j} et {a} en dehors des cartes saisies ; un joker vaut {jp}, un As {ap}, une autre carte {cp} au plus.",
            "{who}: {p} points in hand cannot be. Whoever laid keeps {k} cards at most, and the pack has only {j_en} "
            "and {a_en} besides the cards entered; a joker is worth {jp}, an ace {ap}, any other card {cp} at most.")
        r.add("hands", "points_over_the_deck", text.format(
            who=", ".join(seat_ref(s) for s in seats), p=" + ".join(map(str, points)) if len(points) > 1 else points[0],
            k=self.most_cards_after_laying, j=j.fr, j_en=j.en, a=a.fr, a_en=a.en, jp=JOKER_PENALTY, ap=ACE_PENALTY,
            cp=COURT_PENALTY), seats[-1], rule="finir")

    def _read_hands(self, r: EntryReader, winner: int | None) -> list[tuple[str | None, list[Card]]] | None:
        """Each seat's hand as ``(how, cards)``; ``how`` is None for the winner. Problems go to ``r``."""
        if not r.has("hands"):
            r.missing("hands")
            return None
        raw = r.entry["hands"]
        if not isinstance(raw, list) or len(raw) != self.n:
            r.add("hands", "wrong_length", T("Il faut une main par joueur ({n}), vide (null) pour le gagnant.",
                                             "One hand per player is needed ({n}), null for the winner.").format(n=self.n))
            return None
        out: list[tuple[str | None, list[Card]]] = []
        nulls = [seat for seat, h in enumerate(raw) if h is None]
        for seat, hand in enumerate(raw):
            if hand is None:
                if winner is not None and seat != winner:
                    code, msg = ("one_winner", T("Un seul gagnant par donne : dire ce qui reste à ce joueur.",
                                                 "One winner a deal: say what this player has left.")) \
                        if raw[winner] is None else ("missing_hand", T("Dire ce qui reste à ce joueur.", "Say what this player has left."))
                    r.add("hands", code, msg, seat)
                elif winner is None and len(nulls) > 1:
                    r.add("hands", "one_winner", T("Un seul gagnant par donne : dire ce qui reste à ce joueur.",
                                                   "One winner a deal: say what this player has left."), seat)
                out.append((None, []))
                continue
            if seat == winner:
                r.add("hands", "winner_hand", T("Le gagnant n'a plus de carte : rien à saisir dans sa case.",
                                                "The winner has no card left: nothing to enter there."), seat)
                out.append((None, []))
                continue
            out.append(self._read_hand(r, seat, hand))
        return out

    def _read_hand(self, r: EntryReader, seat: int, hand: Any) -> tuple[str | None, list[Card]]:
        if not isinstance(hand, dict):
            r.add("hands", "not_hand", T("Main illisible : des cartes, des points comptés ou « n'a rien posé ».",
                                         "Unreadable hand: cards, counted points or “laid nothing”."), seat)
            return None, []
        given = [k for k in HOW if k in hand]
        unknown = [k for k in hand if k not in HOW]
        if len(given) != 1 or unknown:
            r.add("hands", "hand_kind", T("Une seule façon de dire la main : des cartes, des points comptés, ou « n'a rien posé ».",
                                          "Exactly one way to give the hand: cards, counted points, or “laid nothing”."), seat)
            return None, []
        how = given[0]
        value = hand[how]
        if how == "laid_nothing":
            if value is not True:
                r.add("hands", "laid_nothing", T("« N'a rien posé » se coche (true) ; sinon saisir les cartes ou les points.",
                                                 "“Laid nothing” is true; otherwise give the cards or the points."), seat)
                return None, []
            return how, []
        if how == "points":
            if not is_int(value) or not LEAST_POINTS <= value <= self.most_points:
                r.add("hands", "points_range", T(
                    "Points comptés : un nombre entier de {lo} à {m}. Qui a posé garde {k} cartes au plus, qui valent au plus {m} ; "
                    "qui n'a rien posé marque {p} : choisir « n'a rien posé ».",
                    "Counted points: a whole number from {lo} to {m}. Whoever laid keeps {k} cards at most, worth {m} at most; "
                    "whoever laid nothing scores {p}: choose “laid nothing”.").format(
                    lo=LEAST_POINTS, m=self.most_points, k=self.most_cards_after_laying, p=LAID_NOTHING), seat)
                return None, []
            return how, []
        if isinstance(value, list) and len(value) > DECK_SIZE:
            r.add("hands", "too_many_cards", T("{n} cartes : on en a {h} au plus.", "{n} cards: a hand holds {h} at most.").format(
                n=len(value), h=HAND_SIZE), seat)
            return None, []
        before = len(r.problems)
        cards = r.card_list(value, "hands", seat)
        if cards is None:
            return None, []
        foreign = [c for c in cards if not is_rami_card(c)]
        if foreign:
            r.add("hands", "not_rami_card", T("Pas une carte du rami : {c}.", "Not a rummy card: {c_en}.").format(
                c=show(foreign).fr, c_en=show(foreign).en), seat)
        if not cards:
            r.add("hands", "no_cards", T("Au moins une carte : un joueur sans carte aurait gagné la donne.",
                                         "At least one card: a player with no card would have won the deal."), seat)
        elif len(cards) > HAND_SIZE:
            r.add("hands", "too_many_cards", T("{n} cartes : on en a {h} au plus.", "{n} cards: a hand holds {h} at most.").format(
                n=len(cards), h=HAND_SIZE), seat)
        elif self.most_cards_after_laying < len(cards) < HAND_SIZE:
            r.add("hands", "impossible_count", T(
                "{n} cartes, c'est impossible : qui a posé a d'abord ouvert avec {o} cartes au moins et garde donc "
                "{k} cartes au plus ({h} + 1 prise − {o} posées − 1 jetée) ; qui n'a rien posé en a {h}.",
                "{n} cards cannot be: whoever laid first opened with {o} cards at least, so keeps {k} cards at most "
                "({h} + 1 taken − {o} laid − 1 thrown); whoever laid nothing holds {h}.").format(
                n=len(cards), k=self.most_cards_after_laying, h=HAND_SIZE, o=self.fewest_opening_cards), seat, rule="finir")
        if foreign:
            return None, []
        if len(r.problems) > before:
            # A wrong count still leaves cards that were read: they are checked against the pack too (``how`` None
            # keeps them out of every other check), so that "11 cards" and "the A♠ three times" are said together.
            return None, cards
        return how, cards

    # -- scoring ---------------------------------------------------------------------------------------
    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        hands: list[dict[str, Any] | None] = []
        for hand in entry["hands"]:
            if hand is None:
                hands.append(None)
            elif "cards" in hand:
                hands.append({"cards": [Card.parse_code(c).code for c in hand["cards"]]})
            else:
                hands.append(dict(hand))
        return {"winner": entry["winner"], "rami_sec": bool(entry.get("rami_sec")), "hands": hands}

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        """The history's words for an entry: who went out, then what each other player had left."""
        if not isinstance(entry, dict) or not isinstance(entry.get("hands"), list):
            return super().describe_entry(entry, number)
        winner = entry.get("winner")
        lines = [T("{w} finit la donne{sec}.", "{w} goes out{sec_en}.").format(
            w=seat_ref(winner) if isinstance(winner, int) else "?", sec=" en rami sec" if entry.get("rami_sec") else "",
            sec_en=" with a rami sec" if entry.get("rami_sec") else "")]
        for seat, hand in enumerate(entry["hands"]):
            if not isinstance(hand, dict):
                continue
            who = seat_ref(seat)
            if hand.get("laid_nothing"):
                lines.append(T("{p} : rien posé", "{p}: laid nothing").format(p=who))
            elif isinstance(hand.get("cards"), list):
                shown = " ".join(_card_words(c) for c in hand["cards"]) or "—"
                lines.append(T("{p} : en main {c}", "{p}: in hand {c}").format(p=who, c=shown))
            elif "points" in hand:
                lines.append(T("{p} : {n} points en main", "{p}: {n} points in hand").format(p=who, n=hand["points"]))
        return lines

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        scores: list[int] = []
        notes: list[Text] = []
        for seat, hand in enumerate(entry["hands"]):
            who = seat_ref(seat)
            if seat == entry["winner"]:
                if entry["rami_sec"]:
                    scores.append(RAMI_SEC)
                    notes.append(T("{w} : rami sec, {p}.", "{w}: rami sec, {p}.").format(w=who, p=signed(RAMI_SEC)))
                else:
                    scores.append(WINNER)
                    notes.append(T("{w} : a fini la donne, {p}.", "{w}: went out, {p}.").format(w=who, p=WINNER))
            elif "laid_nothing" in hand:
                scores.append(LAID_NOTHING)
                notes.append(T("{w} : n'a rien posé, {p}.", "{w}: laid nothing, {p}.").format(w=who, p=LAID_NOTHING))
            elif "points" in hand:
                scores.append(hand["points"])
                notes.append(T("{w} : {p} points comptés à la table.", "{w}: {p} points counted at the table.").format(
                    w=who, p=hand["points"]))
            else:
                cards = [Card.parse_code(c) for c in hand["cards"]]
                if len(cards) == HAND_SIZE:
                    scores.append(LAID_NOTHING)
                    notes.append(T("{w} : {n} cartes, tout son jeu en main (n'a rien posé), {p} quelles que soient les cartes.",
                                   "{w}: {n} cards, the whole hand (laid nothing), {p} whatever the cards.").format(
                        w=who, n=HAND_SIZE, p=LAID_NOTHING))
                else:
                    total = sum(card_points(c) for c in cards)
                    scores.append(total)
                    notes.append(_cards_note(who, cards, total))
        return RoundResult(0, entry, scores, notes=notes)

    def summarise(self, result: RoundResult) -> Text | None:
        """Who went out, and whether it was a rami sec: "⟨0⟩ sort · rami sec"."""
        line = T("{w} sort", "{w} goes out").format(w=seat_ref(result.entry["winner"]))
        if result.entry["rami_sec"]:
            return T(line.fr + " · rami sec", line.en + " · rami sec")
        return line




def _cards_note(who: str, cards: list[Card], total: int) -> Text:
    """``Bea : 3 cartes, 10♥ + R♠ + Joker = 70``."""
    fr = " + ".join(display(c, "fr") for c in cards)
    en = " + ".join(display(c, "en") for c in cards)
    n = len(cards)
    return T("{w} : {n} carte{s}, {c} = {t}.", "{w}: {n} card{s}, {c_en} = {t}.").format(
        w=who, n=n, s="s" if n > 1 else "", c=fr, c_en=en, t=total)


class Rami(Game):
    info = INFO
    sheet_class = RamiSheet
    options = (
        Option("deals", T("Nombre de donnes", "Number of deals"), "int", None, minimum=1, maximum=100, nullable=True,
               help=T("Vide : la table arrête quand elle veut (« Terminer la partie »).",
                      "Empty: the table stops when it likes (“End the game”).")),
        Option("limit", T("Total limite", "Limit total"), "int", None, minimum=1, maximum=100_000, nullable=True,
               help=T("La partie s'arrête à la fin de la donne où un joueur atteint ce total ; le plus petit total gagne. "
                      "Vide : pas de limite.",
                      "The game ends after the deal in which a player reaches this total; the lowest total wins. "
                      "Empty: no limit.")),
        Option("sec_only", T("Rami sec seulement", "Rami sec only"), "bool", False,
               help=T("Une donne ne se gagne que par un rami sec.", "A deal can only be won by a rami sec.")),
        Option("joker_counts", T("Le joker compte à l'ouverture", "The joker counts in an opening"), "bool", False,
               help=T("Pour les 51 points de l'ouverture, le joker vaut la carte qu'il remplace au lieu de 0.",
                      "For the opening's 51 points, the joker is worth the card it stands for instead of 0.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        hand = schema.hand(
            schema.cards(f"cards left in hand: 1 to {MOST_CARDS_AFTER_LAYING} for a loser who laid (points computed), or "
                         f"all {HAND_SIZE} (laid nothing, {LAID_NOTHING}); {MOST_CARDS_AFTER_LAYING + 1} to "
                         f"{HAND_SIZE - 1} cards cannot be", 1, HAND_SIZE),
            schema.whole(LEAST_POINTS, MOST_POINTS, (
                f"points counted at the table, for a loser who laid something (at most {MOST_CARDS_AFTER_LAYING} "
                f"cards left, worth {MOST_POINTS} at most); a loser who laid nothing is laid_nothing")),
            null="the winner",
            more=(schema.obj({"laid_nothing": {"const": True, "description": f"laid nothing all deal: {LAID_NOTHING}"}},
                             ["laid_nothing"]),))
        return schema.entry("Rami round entry", {
            "winner": schema.seat(n_players, "the seat that went out"),
            "rami_sec": schema.flag(f"the winner laid the whole hand at once, first of the deal: {RAMI_SEC}; every "
                                    "other hand is laid_nothing"),
            "hands": schema.per_seat(n_players, hand, "over the whole entry no card more than twice, no more than 4 "
                                                      "jokers"),
        }, ["winner", "hands"])


GAME = Rami()
