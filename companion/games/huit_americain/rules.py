"""Le huit américain, as in the user's rule document « Le huit américain », completed from regledujeu.fr,
trictrac.net and Wikipédia (8 américain); optional penalty points from adpoker.fr.

Two 52-card packs (one allowed up to 6 players), 8 cards each, no joker. Option ``scoring``: ``"wins"`` (default,
the rule document names only a winner) is a match (:mod:`companion.families.matches`); ``"penalty"`` makes every
loser pay the cards left in hand (8 → 32, As 20, R D V 10, the others their face value) and ends the table after
the deal in which a total reaches ``target``, the lowest total winning. A round gives the winner and, for every
other seat, a hand: its cards (the sheet counts them) or its points (counted at the table); hands are required with
the penalty count, optional but checked with the wins.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.families.hands import check_counts_left
from companion.families.matches import WIN, WINS_NEEDED, MatchSheet, wins_needed_option
from companion.families.melds import copies_problem, over_the_deck
from companion.kernel import schema
from companion.kernel.cards import STANDARD_RANKS, Card, Rank, Suit, SuitCard, deck, display, rank_name, show
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import InvalidOptions, Problem
from companion.kernel.game import CLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable
from companion.kernel.text import T, Text, count, seat_ref

MIN_PLAYERS, MAX_PLAYERS = 2, 8
HAND_SIZE = 8
PACKS = 2  # the rule document's two packs…
ONE_PACK_MAX_PLAYERS = 6  # …or one, while it leaves a stock (6 × 8 = 48 of 52 cards)
PACK_SIZE = 52
ACE_DRAW = 2  # cards drawn by each player who cannot answer an Ace
KING_OF_HEARTS_DRAW = 4  # cards drawn by each player who cannot answer the K♥
FORGOT_CARTE_DRAW = 2  # penalty for not saying « Carte ! »
SPECIAL_RANKS = ("8", "10", "7", "A")  # plus the K♥; a special card is never the starting card
# Option "penalty": what a card left in hand costs (adpoker.fr values); other cards count their face value.
PENALTY_POINTS = {"8": 32, "A": 20, "K": 10, "Q": 10, "J": 10}
COURT_PENALTY = 10
JOKER_PENALTY = 50  # adpoker.fr's joker: only in the variant with jokers, which the sheet does not take
TARGET = 200
MAX_TARGET = 100_000
RULE = "marque"  # the rulebook anchor of the score
ENTRY_KEYS = ("winner", "hands")  # what check_entry allows and the schema lists


def card_points(card: Card) -> int:
    """What a card left in hand costs with the penalty count."""
    assert isinstance(card, SuitCard)
    return PENALTY_POINTS.get(card.rank.code, card.rank.value)


PACK_POINTS = sum(card_points(c) for c in deck("52"))  # 4 × (20 + 27 + 32 + 9 + 10 + 30) = 512
LEAST_POINTS = min(card_points(c) for c in deck("52"))  # a 2
HOW = ("cards", "points")


def _card_words(code: Any) -> str:
    try:
        return str(Card.parse_code(code))
    except (ValueError, TypeError, AttributeError):
        return str(code)


INFO = GameInfo(
    essentials=("special_cards", "penalty_points"),
    slug="huit-americain",
    names=T("Le huit américain", "Crazy Eights (Huit américain)"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=("2x52", "52"),
    family="defausse",
    direction=CLOCKWISE,
    source="The user's rule document « Le huit américain »; completed from regledujeu.fr, trictrac.net, Wikipédia (8 américain); penalty points from adpoker.fr.",
    aliases=("huit americain", "8 americain", "8 américain", "crazy eights", "crazy 8", "attrape-couillon"),
    summary=T(
        "Posez une carte de même couleur ou de même hauteur ; les cartes spéciales font piocher, sauter ou rejouer.",
        "Play a card of the same suit or rank; special cards make others draw, skip or let you play again.",
    ),
    tables=(
        RuleTable(
            "special_cards",
            T("Cartes spéciales", "Special cards"),
            (T("Carte", "Card"), T("Effet", "Effect")),
            rows=(
                ("8", T("Se pose sur n'importe quelle carte, sauf sur un autre 8 ; son joueur annonce la couleur suivante.",
                        "Goes on any card except another 8; whoever lays it names the next suit.")),
                ("10", T("Qui le pose doit rejouer aussitôt, ou sinon piocher une carte.",
                         "Whoever lays it must play again at once, or else draw one card.")),
                ("7", T("Le joueur suivant passe son tour.", "The next player misses a turn.")),
                (rank_name("A"), T(
                    f"Chaque autre joueur, à son tour, pose un As ou pioche {ACE_DRAW} cartes ; puis le dernier à avoir posé un As rejoue.",
                    f"Each other player in turn lays an Ace or draws {ACE_DRAW} cards; then whoever laid the last Ace plays again.")),
                (T("R♥", "K♥"), T(
                    f"Chaque autre joueur, à son tour, pose l'autre R♥ ou pioche {KING_OF_HEARTS_DRAW} cartes ; puis le dernier à avoir posé un R♥ rejoue.",
                    f"Each other player in turn lays the other K♥ or draws {KING_OF_HEARTS_DRAW} cards; then whoever laid the last K♥ plays again.")),
            ),
        ),
        RuleTable(
            "penalty_points",
            T("Points de pénalité (option)", "Penalty points (option)"),
            (T("Carte restée en main", "Card left in hand"), T("Points", "Points")),
            rows=(
                ("8", PENALTY_POINTS["8"]),
                (rank_name("A"), PENALTY_POINTS["A"]),
                (T("R, D, V", "K, Q, J"), COURT_PENALTY),
                (T("10 à 2 (sauf 8)", "10 to 2 (except 8)"), T("leur valeur", "face value")),
            ),
        ),
    ),
    values=(
        ("hand_size", HAND_SIZE),
        ("packs", PACKS),
        ("pack_size", PACK_SIZE),
        ("one_pack_max", ONE_PACK_MAX_PLAYERS),
        ("one_pack_dealt", ONE_PACK_MAX_PLAYERS * HAND_SIZE),
        ("ace_draw", ACE_DRAW),
        ("king_draw", KING_OF_HEARTS_DRAW),
        ("forgot_draw", FORGOT_CARTE_DRAW),
        ("wins_needed", WINS_NEEDED),
        ("win", WIN),
        ("target", TARGET),
        ("least_points", LEAST_POINTS),
        ("joker_penalty", JOKER_PENALTY),
        ("pack_points", PACK_POINTS),
    ),
)


class HuitAmericainSheet(MatchSheet):
    def __init__(self, game: Game, n_players: int, options: dict[str, Any]):
        super().__init__(game, n_players, options)
        self.lowest_wins = not self.is_match()  # penalty points: the lowest total wins

    def is_match(self) -> bool:
        scoring: str = self.options["scoring"]
        return scoring == "wins"

    @property
    def packs(self) -> int:
        packs: int = self.options["packs"]
        return packs

    @property
    def card_points_by_code(self) -> dict[str, int]:
        """What each rank costs in hand, by API code: for the phone form's running count."""
        return {r.code: card_points(SuitCard(r, Suit.SPADES)) for r in STANDARD_RANKS}

    def natural_end(self) -> bool:
        if self.is_match():
            return super().natural_end()
        return bool(self.rounds) and any(t >= self.options["target"] for t in self.totals)

    def entry_fields(self, number: int) -> list[EntryField]:
        return [
            EntryField("winner", T("Gagnant", "Winner"), "seat"),
            EntryField("hands", T("Ce qui reste en main", "What is left in hand"), "huit_hand",
                       required=not self.is_match(), maximum=self.packs * PACK_SIZE - 1),
        ]

    # -- checking -------------------------------------------------------------------------------------
    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=RULE)
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        winner = r.seat("winner")
        if not r.has("hands"):
            if not self.is_match():
                r.add("hands", "required", T("Avec les points de pénalité, dire ce qui reste à chacun des perdants.",
                                             "With penalty points, say what each loser has left."), rule="penalites")
            return r.problems
        raw = r.entry["hands"]
        if not isinstance(raw, list) or len(raw) != self.n:
            r.add("hands", "wrong_length", T("Il faut une main par joueur ({n}), vide (null) pour le gagnant.",
                                             "One hand per player is needed ({n}), null for the winner.").format(n=self.n))
            return r.problems
        groups: list[tuple[int, list[Card]]] = []
        cards_held = 0
        counted: list[tuple[int, int]] = []  # (seat, points) of the hands counted at the table
        for seat, hand in enumerate(raw):
            if seat == winner:
                if hand is not None:
                    r.add("hands", "winner_hand", T("Le gagnant n'a plus de carte : rien à saisir de son côté.",
                                                    "The winner has no card left: nothing to enter there."), seat)
                continue
            if hand is None:
                if winner is not None:
                    r.add("hands", "missing_hand", T("Un seul gagnant par donne : dire ce qui reste à ce joueur.",
                                                     "One winner a deal: say what this player has left."), seat)
                continue
            read = self._read_hand(r, seat, hand)
            if read is None:
                continue
            how, cards, points = read
            if how == "cards":
                groups.append((seat, cards))
                cards_held += len(cards)
            else:
                cards_held += 1  # a counted hand holds a card at least
                counted.append((seat, points))
        limits = Counter({c: k * self.packs for c, k in Counter(deck("52")).items()})
        for seat, card, seen, limit in over_the_deck(groups, limits):
            r.problems.append(copies_problem(card, seen, limit, "hands", seat, rule=RULE))
        total = self.packs * PACK_SIZE
        if cards_held >= total:
            r.add("hands", "too_many_cards", T(
                "{k} cartes en main en tout : le jeu n'en a que {t}, et le talon en garde au moins une.",
                "{k} cards held in all: the pack has only {t}, and the discard pile keeps one at least.").format(
                k=cards_held, t=total))
        elif counted and not any(p.code == "too_many_copies" for p in r.problems):
            self._check_counted(r, groups, counted)
        return r.problems

    def _check_counted(self, r: EntryReader, groups: list[tuple[int, list[Card]]], counted: list[tuple[int, int]]) -> None:
        """Hands counted at the table against the cards the listed hands leave: each count is some of those cards, and
        together they leave one card at least on the discard pile (the winner's last one)."""
        pool = Counter({c: k * self.packs for c, k in Counter(deck("52")).items()})
        pool.subtract(Counter(c for _, cards in groups for c in cards))
        check_counts_left(r, sorted(card_points(c) for c in pool.elements()), counted, total_code="too_many_points",
                          total_message=T(
            "{p} points comptés en tout : le talon garde au moins une carte, et les cartes que les mains saisies "
            "carte par carte laissent valent {v} ; les comptes font au plus {m}.",
            "{p} points counted in all: the discard pile keeps one card at least, and the cards the hands listed "
            "card by card leave are worth {v}; the counts make {m} at most."))

    def _read_hand(self, r: EntryReader, seat: int, hand: Any) -> tuple[str, list[Card], int] | None:
        """``(how, cards, points)`` for one loser's hand; None (problems in ``r``) when it does not read."""
        if not isinstance(hand, dict) or len(hand) != 1 or next(iter(hand)) not in HOW:
            r.add("hands", "hand_kind", T("Une main : ses cartes ({\"cards\": […]}) ou ses points comptés ({\"points\": n}).",
                                          "A hand: its cards ({\"cards\": […]}) or its counted points ({\"points\": n})."), seat)
            return None
        how, value = next(iter(hand.items()))
        most = self.packs * PACK_POINTS - LEAST_POINTS
        if how == "points":
            if not is_int(value) or not LEAST_POINTS <= value <= most:
                r.add("hands", "points_range", T(
                    "Points comptés : un nombre entier de {lo} (un 2, la plus petite carte) à {hi}.",
                    "Counted points: a whole number from {lo} (a 2, the cheapest card) to {hi}.").format(
                    lo=LEAST_POINTS, hi=most), seat)
                return None
            return how, [], value
        if isinstance(value, list) and len(value) >= self.packs * PACK_SIZE:
            r.add("hands", "too_many_cards", T("{k} cartes : le jeu n'en a que {t}.", "{k} cards: the pack has only {t}.").format(
                k=len(value), t=self.packs * PACK_SIZE), seat)
            return None
        cards = r.card_list(value, "hands", seat)
        if cards is None:
            return None
        if not cards:
            r.add("hands", "no_cards", T("Au moins une carte : un joueur sans carte aurait gagné la donne.",
                                         "At least one card: a player with no card would have won the deal."), seat)
            return None
        foreign = [c for c in cards if not isinstance(c, SuitCard) or c.rank is Rank.KNIGHT]
        if foreign:
            r.add("hands", "no_joker", T("Pas de joker ni de carte de tarot au huit américain : {c}.",
                                         "No joker or tarot card in Crazy Eights: {c_en}.").format(
                c=show(foreign).fr, c_en=show(foreign).en), seat, rule="jokers")
            return None
        return how, cards, sum(card_points(c) for c in cards)

    # -- scoring ---------------------------------------------------------------------------------------
    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"winner": entry["winner"]}
        if entry.get("hands") is not None:
            out["hands"] = [None if h is None else {"cards": [Card.parse_code(c).code for c in h["cards"]]}
                            if "cards" in h else {"points": h["points"]} for h in entry["hands"]]
        return out

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        winner, hands = entry["winner"], entry.get("hands")
        points = [_hand_points(h) for h in hands] if hands is not None else None
        if self.is_match():
            scores, note = self.match_result(winner)
            notes = [note]
            if hands is not None and points is not None:  # points are the hands'
                notes += [_hand_note(seat, h, points[seat], T(" (non compté)", " (not scored)"))
                          for seat, h in enumerate(hands) if h is not None]
            return RoundResult(0, entry, scores, notes=notes)
        assert hands is not None and points is not None  # with penalty points, check_entry requires the hands
        notes = [T("{w} a fini la donne : 0.", "{w} went out: 0.").format(w=seat_ref(winner))]
        notes += [_hand_note(seat, h, points[seat], T("", "")) for seat, h in enumerate(hands) if h is not None]
        totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        reached = [s for s in range(self.n) if totals[s] >= self.options["target"]]
        if reached:
            notes.append(count(len(reached), "{who} atteint {t} : la partie s'arrête.", "{who} atteignent {t} : la partie s'arrête.",
                                   "{who} reaches {t}: the game ends.", "{who} reach {t}: the game ends.",
                                   who=", ".join(seat_ref(s) for s in reached), t=self.options["target"]))
        return RoundResult(0, entry, points, notes=notes)

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or not is_int(entry.get("winner")):
            return super().describe_entry(entry, number)
        lines = [T("{w} finit la donne.", "{w} goes out.").format(w=seat_ref(entry["winner"]))]
        hands = entry.get("hands")
        for seat, hand in enumerate(hands if isinstance(hands, list) else []):
            if not isinstance(hand, dict):
                continue
            if isinstance(hand.get("cards"), list):
                shown = " ".join(_card_words(c) for c in hand["cards"]) or "—"
                lines.append(T("{p} : en main {c}", "{p}: in hand {c}").format(p=seat_ref(seat), c=shown))
            elif "points" in hand:
                lines.append(T("{p} : {n} points en main", "{p}: {n} points in hand").format(p=seat_ref(seat), n=hand["points"]))
        return lines

    def summarise(self, result: RoundResult) -> Text | None:
        """Who went out: "⟨0⟩ sort"."""
        return T("{w} sort", "{w} goes out").format(w=seat_ref(result.entry["winner"]))


def _hand_points(hand: dict[str, Any] | None) -> int:
    if hand is None:
        return 0
    if "points" in hand:
        points: int = hand["points"]  # a whole number, checked by check_entry
        return points
    return sum(card_points(Card.parse_code(c)) for c in hand["cards"])


def _hand_note(seat: int, hand: dict[str, Any], points: int, suffix: Text) -> Text:
    """``⟨1⟩ : 3 cartes, 8♥ + As♠ + 5♦ = 57.`` or ``⟨1⟩ : 57 points comptés à la table.``"""
    who = seat_ref(seat)
    if "points" in hand:
        return T("{w} : {p} points comptés à la table{x}.", "{w}: {p} points counted at the table{x_en}.").format(
            w=who, p=points, x=suffix.fr, x_en=suffix.en)
    cards = [Card.parse_code(c) for c in hand["cards"]]
    n = len(cards)
    return T("{w} : {n} carte{s}, {c} = {t}{x}.", "{w}: {n} card{s}, {c_en} = {t}{x_en}.").format(
        w=who, n=n, s="s" if n > 1 else "", c=" + ".join(display(c, "fr") for c in cards),
        c_en=" + ".join(display(c, "en") for c in cards), t=points, x=suffix.fr, x_en=suffix.en)


class HuitAmericain(Game):
    info = INFO
    sheet_class = HuitAmericainSheet
    options = (
        Option("packs", T("Nombre de jeux de 52 cartes", "Number of 52-card packs"), "int", PACKS, minimum=1, maximum=2,
               help=T(f"Un seul jeu jusqu'à {ONE_PACK_MAX_PLAYERS} joueurs.",
                      f"One pack only up to {ONE_PACK_MAX_PLAYERS} players.")),
        Option("scoring", T("Ce que l'on compte", "What is counted"), "choice", "wins",
               choices=(("wins", T("les donnes gagnées", "deals won")),
                        ("penalty", T("les points de pénalité (le plus petit total gagne)",
                                      "penalty points (the lowest total wins)")))),
        wins_needed_option(),
        Option("target", T("Total qui arrête la partie", "Total that ends the game"), "int", TARGET, minimum=1,
               maximum=MAX_TARGET, help=T("Avec les points de pénalité : la partie s'arrête quand un total l'atteint.",
                                          "With penalty points: the game ends when a total reaches it.")),
    )

    def clean_options(self, raw: Any, n_players: int | None = None, stored: bool = False) -> dict[str, Any]:
        problems: list[Problem] = []
        clean: dict[str, Any] = {}
        try:
            clean = super().clean_options(raw, n_players, stored)
        except InvalidOptions as e:
            problems = list(e.problems)
        if n_players is not None and isinstance(raw, dict) and raw.get("packs") == 1 and n_players > ONE_PACK_MAX_PLAYERS:
            problems.append(Problem("options.packs", "out_of_range", T(
                "Un seul jeu ne suffit que jusqu'à {m} joueurs ({n} × {h} cartes, c'est plus que {p}).",
                "One pack is enough up to {m} players only ({n} × {h} cards is more than {p}).").format(
                m=ONE_PACK_MAX_PLAYERS, n=n_players, h=HAND_SIZE, p=PACK_SIZE)))
        if problems:
            raise InvalidOptions(problems)
        return clean

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = self.clean_options(options, n_players)
        card = schema.card("an ASCII card code: rank A 2-10 J Q K then suit S H D C (\"10H\", \"QS\"); no joker")
        most = opts["packs"] * PACK_POINTS - LEAST_POINTS
        hand = schema.hand({"type": "array", "items": card, "minItems": 1},
                           schema.whole(LEAST_POINTS, most, "penalty points counted at the table"), null="the winner")
        return schema.entry("Huit américain round entry", {
            "winner": schema.seat(n_players, "the seat that went out"),
            "hands": schema.per_seat(n_players, hand, (
                "null for the winner; required with the penalty count, optional but checked with the wins; over the "
                "whole entry no card more often than the packs hold it, fewer cards than the packs in all")),
        }, ["winner"] if opts["scoring"] == "wins" else ["winner", "hands"])


GAME = HuitAmericain()
