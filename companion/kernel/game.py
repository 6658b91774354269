"""The interface every game implements.

Three layers, from static to dynamic:

* :class:`GameInfo` — what the rulebook needs for any game, scored or not: names, player counts, decks, family,
  direction of play, and the card-order and point tables (:class:`RuleTable`) that the rulebook renders. A game module that has no score sheet yet defines only ``INFO``.
* :class:`Game` — a game with a score sheet: options (house rules), the round-entry JSON Schema, and a factory
  for :class:`Sheet`.
* :class:`Sheet` — the state of one scored game after some rounds (like an open_spiel State). It checks an
  entry (reporting *every* problem), scores it, and derives totals, end of game, winners and what comes next.
  A table stores only its entries; replaying them through a fresh sheet gives every number it shows.

Digital play (:mod:`.play`, :meth:`Game.new_deal`) adds a per-deal state (seeded deal as chance actions, legal
actions per seat, each seat's view) that ends by producing the same round entry a table would have typed; the
table scores that entry with the game's sheet, as it would a typed one. Scoring is written a second time in one
place, for speed: an engine's ``DealState.returns`` works out the sheet's scores straight from its own counters
(tricks won, cards taken), because search bots call it at the end of every playout and building and applying an
entry there would cost too much. ``tests/rules/test_engines.py`` plays every engine to the end and checks that
``returns`` equals the sheet's scores for the deal's entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from companion.kernel.cards import Card
from companion.kernel.cards import show as show_cards
from companion.kernel.entries import is_int
from companion.kernel.errors import (
    CardSyntaxError,
    GameOver,
    InvalidEntry,
    InvalidOptions,
    Problem,
    RulesError,
)
from companion.kernel.names import clean_name, name_key, name_problem
from companion.kernel.text import T, Text, seat_ref

if TYPE_CHECKING:  # pragma: no cover
    from companion.kernel.deal import DealState

# Which way play passes round a real table. Seats are numbered in the order of play either way (seat i + 1 plays
# after seat i): the direction only tells the table in which order to give the names.
CLOCKWISE = "clockwise"  # play passes to the left
COUNTERCLOCKWISE = "counterclockwise"  # play passes to the right
ANY_DIRECTION = "any"  # a sheet for any game (the free score sheet): the table plays its own way
#: What :meth:`Sheet.ranking_key` gives: a number, or a tuple of them compared in order (Petite école).
RankingKey = int | tuple[int, ...]

FAMILIES: dict[str, Text] = {
    "levees": T("Jeux de levées", "Trick-taking games"),
    "defausse": T("Jeux de défausse", "Shedding games"),
    "rami": T("Jeux de combinaisons (rami)", "Rummy games"),
    "banque": T("Jeux de banque", "Banking games"),
    "bataille": T("Jeux de bataille", "War games"),
    "plateau": T("Jeux de mises sur plateau", "Board-and-stake games"),
    "comptage": T("Jeux de comptage", "Counting games"),
    "deduction": T("Jeux de déduction", "Deduction games"),
    "libre": T("Feuille de marque libre", "Free score sheet"),  # any game Atout does not model
}


# Why a name is refused (companion.kernel.names.name_problem), by code.
NAME_PROBLEMS = {
    "control_character": T("Caractère invisible interdit dans un nom.", "Names cannot hold control characters."),
    "surrogate": T("Caractère invalide dans un nom (moitié de caractère UTF-16 isolée).",
                   "Invalid character in a name (a lone UTF-16 surrogate)."),
    "bidi_control": T("Caractère de contrôle du sens d'écriture interdit dans un nom "
                      "(U+200E, U+200F, U+061C, U+202A–202E, U+2066–2069).",
                      "Names cannot hold text-direction controls (U+200E, U+200F, U+061C, U+202A–202E, U+2066–2069)."),
}


def whole(value: Any) -> Any:
    """A score as the sheet keeps it: half points (the tarots) stay ``40.5``, but a whole one is the ``int``
    ``91``, never ``91.0``, so that JSON and CSV write it without ".0"."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


@dataclass(frozen=True)
class RuleTable:
    """A table of numbers the rulebook shows (card order, card points, contracts…).

    Cells are ``str``, ``int`` or :class:`Text`. ``key`` is referenced from the rulebook text as
    ``{{table:key}}`` so that the rulebook and the score sheet read the same numbers.
    """

    key: str
    title: Text
    columns: tuple[Text, ...]
    rows: tuple[tuple[Any, ...], ...]

    def cell(self, value: Any, lang: str) -> str:
        return value.get(lang) if isinstance(value, Text) else str(value)


def package_of(slug: str) -> str:
    """The Python package of a game's folder, ``companion/games/<package>/``: its slug with ``_`` for ``-``
    (``super-bataille`` → ``super_bataille``). Read it as :attr:`GameInfo.package`."""
    return slug.replace("-", "_")


@dataclass(frozen=True)
class GameInfo:
    slug: str
    names: Text
    min_players: int
    max_players: int
    decks: tuple[str, ...]
    family: str
    direction: str = CLOCKWISE
    # The rule document the game was written from, by its title, and the public references used to complete it.
    # Informative only: players read the rulebook page's « Sources » paragraph.
    source: str = ""
    tables: tuple[RuleTable, ...] = ()
    aliases: tuple[str, ...] = ()
    summary: Text = T("", "")  # one line for lists
    # Numbers (or words) the rulebook's prose shows as ``{{value:key}}``: ``(key, int | str | Text)`` pairs, filled
    # from the module's constants so that the text and the score sheet cannot disagree. ``min_players`` and
    # ``max_players`` need no pair: :meth:`value` reads them from the fields above.
    values: tuple[tuple[str, Any], ...] = ()
    # Where the game comes from, for the game list: a variant names the classic it is played like
    # (``based_on="belote"`` for Belote à trois); a classic that such variants take for granted has ``classic=True``.
    based_on: str = ""
    classic: bool = False
    # The player counts the game takes, when not every count from ``min_players`` to ``max_players`` (Cribbage:
    # 2 or 4). Empty: the whole range. Read :attr:`counts` rather than the range.
    player_counts: tuple[int, ...] = ()
    # Among the games French tables play most, the game's place (1 first) at the top of the home page's list;
    # 0 for the others, listed after them by family.
    most_played: int = 0
    # The table names the game played (the free sheet: "Yam's du dimanche"): shown with the table, not the name above.
    titled: bool = False
    # The keys of ``tables`` that make the one-screen summary of the scoring numbers opening the game's rulebook
    # page ("L'essentiel"), each at the anchor ``essentiel-<key>`` the entry form's "?" links open.
    essentials: tuple[str, ...] = ()

    @property
    def package(self) -> str:
        """The game's package, ``companion.games.<package>`` (:func:`package_of`)."""
        return package_of(self.slug)

    @property
    def counts(self) -> tuple[int, ...]:
        """Every player count a table of this game may have, smallest first."""
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def takes(self, n_players: int) -> bool:
        return n_players in self.counts

    def table(self, key: str) -> RuleTable:
        for t in self.tables:
            if t.key == key:
                return t
        raise KeyError(key)

    def value(self, key: str) -> Any:
        """The value the rulebook's ``{{value:key}}`` shows; ``KeyError`` when the game has none by that key."""
        for k, v in self.values:
            if k == key:
                return v
        if key in ("min_players", "max_players"):
            return getattr(self, key)
        raise KeyError(key)


class _Unset:
    """The mark of an option with no :attr:`Option.stored_default`."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


@dataclass(frozen=True)
class Option:
    """A house rule with its default. ``kind`` is ``"bool"``, ``"int"`` or ``"choice"``."""

    key: str
    label: Text
    kind: str
    default: Any
    help: Text = T("", "")
    choices: tuple[tuple[Any, Text], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False  # ``None`` is allowed (for instance "no fixed number of deals")
    # An option whose default depends on the player count (Rikiki's largest deal) has ``default=None``, the rule
    # in ``help``, and ``default_for(n_players)``: a table resolves it when it is created and stores the number.
    # ``maximum_for(n_players)`` narrows ``maximum`` once the player count is known.
    default_for: Callable[[int], Any] | None = None
    maximum_for: Callable[[int], int] | None = None
    # Suggested values the new-table form offers in one tap (``(value, label)``: "partie courte", "partie longue").
    presets: tuple[tuple[Any, Text], ...] = ()
    # A choice that was once a free number (Cribbage's target, now 121 or 61): tables stored with another whole
    # number in ``(lo, hi)`` keep replaying with it (:meth:`Game.new_sheet`), while new tables must choose.
    stored_range: tuple[int, int] | None = None
    # An option added after tables were stored, whose ``default`` is not how those tables were played (Barbu
    # classique's dealing, once a rotation every deal, now seven deals in succession): a table stored without the
    # option keeps replaying with ``stored_default`` (:meth:`Game.clean_options` with ``stored``), a new table gets
    # ``default``. :data:`UNSET` (the default): a stored table without the option takes ``default`` too.
    stored_default: Any = UNSET

    def clean(self, value: Any, stored: bool = False) -> tuple[Any, Problem | None]:
        field_name = f"options.{self.key}"
        names = {"label": self.label.fr, "label_en": self.label.en}  # the option as the form shows it
        if value is None and self.nullable:
            return None, None
        if self.kind == "bool":
            if isinstance(value, bool):
                return value, None
            return None, Problem(field_name, "not_bool", T("{label} : oui ou non attendu.", "{label_en}: expected true or false.").format(**names))
        if self.kind == "int":
            if not is_int(value):
                return None, Problem(field_name, "not_int", T("{label} : nombre entier attendu.", "{label_en}: expected a whole number.").format(**names))
            if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
                return None, Problem(
                    field_name,
                    "out_of_range",
                    T("{label} : entre {lo} et {hi}.", "{label_en}: between {lo} and {hi}.").format(
                        **names, lo=self.minimum, hi=self.maximum if self.maximum is not None else "∞"
                    ),
                )
            return value, None
        if self.kind == "choice":
            allowed = [c for c, _ in self.choices]
            if value in allowed and not isinstance(value, bool):
                return value, None
            if stored and self.stored_range is not None and is_int(value) \
                    and self.stored_range[0] <= value <= self.stored_range[1]:
                return value, None
            return None, Problem(
                field_name,
                "bad_choice",
                T("{label} : choisir parmi {allowed}.", "{label_en}: choose one of {allowed}.").format(
                    **names, allowed=", ".join(str(a) for a in allowed)
                ),
            )
        raise AssertionError(self.kind)  # pragma: no cover

    def resolve(self, value: Any, n_players: int | None) -> tuple[Any, Problem | None]:
        """A cleaned value for a table of ``n_players`` (unknown: ``None``): the per-count default in place of
        ``None``, and the per-count maximum checked."""
        if n_players is None:
            return value, None
        if value is None and self.default_for is not None:
            return self.default_for(n_players), None
        if self.maximum_for is not None and isinstance(value, int) and value > self.maximum_for(n_players):
            hi = self.maximum_for(n_players)
            return None, Problem(
                f"options.{self.key}", "out_of_range",
                T("{label} : entre {lo} et {hi} à {n} joueurs.", "{label_en}: between {lo} and {hi} with {n} players.").format(
                    label=self.label.fr, label_en=self.label.en, lo=self.minimum, hi=hi, n=n_players))
        return value, None

    def json_schema(self) -> dict[str, Any]:
        if self.kind == "bool":
            schema: dict[str, Any] = {"type": "boolean"}
        elif self.kind == "int":
            schema = {"type": "integer"}
            if self.minimum is not None:
                schema["minimum"] = self.minimum
            if self.maximum is not None:
                schema["maximum"] = self.maximum
        else:
            schema = {"enum": [c for c, _ in self.choices]}
        if self.nullable:
            schema = {"anyOf": [schema, {"type": "null"}]}
        schema["default"] = self.default
        schema["title"] = self.label.en
        return schema


@dataclass(frozen=True)
class Contract:
    """What the coming round is played for (a Barbu manche, a Rikiki hand size…)."""

    key: str
    name: Text
    rule: str | None = None  # rulebook section to open from the score sheet


@dataclass(frozen=True)
class NextRound:
    number: int
    dealer: int | None  # None where a draw picks the dealer of every round (L'Empereur)
    first: int | None  # who plays or speaks first; None where a card decides (the 2♣ at Chasse-cœur)
    contract: Contract | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class EntryField:
    """One thing the phone form asks for the coming round.

    ``kind``: ``"count"`` (a whole number per seat), ``"seat"`` (pick one player), ``"bool"`` (a checkbox);
    games with richer entries use their own kinds and their own form template and converter (``"card"``, a card
    typed at Rikiki and Motton; ``"seat_select"``, a player picked from a list at Chasse-cœur; ``"half"``, card
    points in steps of 0.5, and ``"choice"``, one of a few words, at the tarots).

    ``total``: for a count, what the seats' numbers always add up to in this round (13 tricks, 4 queens), when the
    rules fix it; the form shows the running sum against it and fills in the last seat with what remains.

    ``out``: for a count, the seats it does not ask for in this round (at Eleusis the dealer plays God and holds
    no cards): the form shows them without a box, and the game's entry has no number for them.

    ``out_follows``: the key of a ``seat`` field of the same round whose pick, once made, is the seat left out in
    place of ``out`` (Pharaon's banker does not bet; ``out`` is whoever holds the bank, and the entry may hand it
    to another player for this coup).
    """

    key: str
    label: Text
    kind: str
    required: bool = True
    # An optional count is a cross-check the form folds away ("Plis — facultatif"); ``fold=False`` keeps one in
    # view that is optional for another reason (Pharaon's bets: a seat may bet on one side only).
    fold: bool = True
    maximum: int | None = None
    help: Text = T("", "")
    total: int | None = None
    negative: bool = False  # a ``count`` that may be below zero (the free sheet's points)
    out: tuple[int, ...] = ()
    out_follows: str = ""

    def out_seats(self, picked: int | None) -> tuple[int, ...]:
        """The seats this count leaves out when its ``out_follows`` field picked ``picked`` (None: nothing
        picked, or a pick that is no seat)."""
        if self.out_follows and is_int(picked):
            return (picked,)
        return self.out


@dataclass
class RoundResult:
    number: int
    entry: dict[str, Any]  # the entry as normalised by the game
    scores: list[int]
    contract: Contract | None = None
    dealer: int | None = None
    notes: list[Text] = field(default_factory=list)  # how the numbers came about, for the sheet
    extra: dict[str, Any] = field(default_factory=dict)
    summary: Text | None = None  # the deal in one line (:meth:`Sheet.summarise`)


# Two partnerships at four players, partners facing each other: seats 0 and 2 against 1 and 3 (in the order of
# play, each partner plays every second card). What Belote, Coinche, Pinacle and Cribbage at four play.
FACING: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))


class Sheet:
    """The state of one scored game, derived by applying round entries in order.

    Subclasses implement :meth:`check_entry` (every problem, never an exception for junk input),
    :meth:`score_entry` (called only with a legal entry; may update the subclass's own state),
    :meth:`natural_end` and optionally :meth:`contract_for`, :meth:`next_extra`.
    """

    initial_total: ClassVar[int] = 0
    lowest_wins: bool = True  # a class default that a sheet may set from its options (Libre, Pouilleux)

    #: The players' names in seat order, when the sheet belongs to a table (:meth:`Game.new_sheet`): its problems
    #: then name them ("Alice a déjà joué…", never a seat number). None: a sheet of no table.
    names: list[str] | None = None
    #: The seat that deals the first deal (:meth:`dealer_for`): 0 unless the table says otherwise (a rematch passes
    #: the deal on with every player kept in their seat).
    first_dealer: int = 0

    def __init__(self, game: Game, n_players: int, options: dict[str, Any]):
        self.game = game
        self.n = n_players
        self.options = options
        self.rounds: list[RoundResult] = []
        self.totals: list[int] = [self.initial_totals()] * n_players
        self.closed = False

    # -- what a subclass provides ------------------------------------------------------------------
    def initial_totals(self) -> int:
        return self.initial_total

    def check_entry(self, entry: Any) -> list[Problem]:
        raise NotImplementedError

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        raise NotImplementedError

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        """The entry as stored and shown back; called after :meth:`check_entry` found nothing."""
        return entry

    def natural_end(self) -> bool:
        raise NotImplementedError

    def contract_for(self, number: int) -> Contract | None:
        return None

    def next_extra(self) -> dict[str, Any]:
        return {}

    def deal_line(self) -> Text | None:
        """How the coming deal is dealt, one sentence the entry form shows where the table decides it (Menteur's
        hand and the cards set aside, for instance), or None. The same for every round of the table, so the copies
        of the form a phone keeps for offline rounds never go stale."""
        return None

    def cell_details(self, result: RoundResult) -> list[Text] | None:
        """A short line per seat the sheet shows under a round's scores (Vicaire: the tricks of the deal), or None."""
        return None

    def entry_fields(self, number: int) -> list[EntryField]:
        """What the form for round ``number`` asks (for a correction, ``number`` is that round's)."""
        return []

    def offline_points(self, number: int) -> dict[str, int] | None:
        """Round ``number``'s scores as fixed points per entry field, when the rules make them exactly that.

        ``{"tricks": 5, "king_of_hearts": 80}`` says: each seat scores 5 points per trick it counts, and the seat
        chosen in ``king_of_hearts`` scores 80 more. A phone adds up the rounds waiting in its offline queue with
        them, to show provisional totals; None (the default) when a round's scores depend on more than that (the
        phone then shows the stored totals only).
        """
        return None

    def carries_over(self) -> bool:
        """Whether the coming round goes on with something the rounds before started, so that what a seat makes
        of one deal is cashed in a later one (Vicaire's race going on). False by default; the bots' ladder keeps
        the level's seat in place while it is true (:func:`companion.bots.search.play_match`)."""
        return False

    def ranking_key(self, seat: int) -> RankingKey:
        """The number a seat is ranked by at the end (totals, unless the game says otherwise)."""
        return self.totals[seat]

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        """What was entered for round ``number``, in words, one line per field (players as :func:`seat_ref`).

        The default reads the fields of :meth:`entry_fields`: a count per seat ("Plis : ⟨0⟩ 4, ⟨1⟩ 9"), a seat
        ("R♥ : ⟨2⟩"), a card ("Carte retournée : D♥"), a yes/no; anything else in words without its JSON punctuation. Games with nested entries
        may say it better."""
        if not isinstance(entry, dict):
            return []

        fields = {f.key: f for f in self.entry_fields(number)}
        lines = []
        for key, value in entry.items():
            f = fields.get(key)
            label = f.label if f else T(key, key)
            if f and f.kind == "seat" and is_int(value) and 0 <= value < self.n:
                words: Text | None = T(seat_ref(value), seat_ref(value))
            elif f and f.kind == "card" and (card := _card(value)) is not None:
                words = show_cards([card])  # as players write it: "D♥", "Q♥" in English
            else:
                words = _in_words(value, self.n)
            if words is not None:
                lines.append(T("{l} : {v}", "{l_en}: {v_en}").format(l=label.fr, l_en=label.en, v=words.fr, v_en=words.en))
        return lines

    def later_round_broken(self, number: int, was: int, played_as: Contract | None, problems: list[Problem]) -> Text:
        """Why a recorded round would no longer be valid once an earlier round is removed or changed: it was round
        ``was``, played as ``played_as``, and would now be round ``number`` (``self`` is the sheet replayed up to just
        before it; ``problems`` what its check finds there).

        The default says it in words when the coming rounds would change contract (Barbu's manches follow a fixed
        order), else gives the first problem. A game may say it better."""
        now = self.contract_for(number)
        params = {"n": number, "was": was, "old": played_as.name.fr if played_as else "",
                  "old_en": played_as.name.en if played_as else ""}
        if played_as is not None and (now is None or now.key != played_as.key):
            if now is None:
                return T("les donnes suivantes changeraient de contrat : la donne n° {was}, jouée en « {old} », ne "
                         "serait plus prévue", "the following rounds would change contract: round {was}, played as "
                         "“{old_en}”, would no longer be due").format(**params)
            if was != number:
                return T("les donnes suivantes changeraient de contrat : la donne n° {was}, jouée en « {old} », "
                         "deviendrait la donne n° {n}, « {new} »", "the following rounds would change contract: round "
                         "{was}, played as “{old_en}”, would become round {n}, “{new_en}”").format(
                    **params, new=now.name.fr, new_en=now.name.en)
            return T("la donne n° {was}, jouée en « {old} », passerait en « {new} »",
                     "round {was}, played as “{old_en}”, would turn into “{new_en}”").format(
                **params, new=now.name.fr, new_en=now.name.en)
        why = problems[0].message
        return T("la donne n° {was} ne serait plus valable ({why})", "round {was} would no longer be valid ({why_en})").format(
            was=was, why=why.fr, why_en=why.en)

    # -- shared mechanics ---------------------------------------------------------------------------
    @property
    def number(self) -> int:
        """The number of the coming round (1-based)."""
        return len(self.rounds) + 1

    @property
    def finished(self) -> bool:
        return self.closed or self.natural_end()

    def check(self, entry: Any) -> list[Problem]:
        if self.finished:
            return [Problem("", "finished", T("La partie est terminée.", "The game is over."))]
        return [p.named(self.names) for p in self.check_entry(entry)]

    def apply(self, entry: Any) -> RoundResult:
        """Check, score and record one round. Raises :class:`InvalidEntry` (nothing changes) or
        :class:`GameOver`."""
        if self.finished:
            raise GameOver("the game is over")
        problems = self.check_entry(entry)
        if problems:
            raise InvalidEntry([p.named(self.names) for p in problems])
        clean = self.normalise(entry)
        nxt = self.next_round()
        result = self.score_entry(clean)
        result.number = nxt.number
        result.entry = clean
        result.contract = self.played_contract(clean, nxt.contract)
        result.dealer = self.played_dealer(clean, nxt.dealer)
        result.summary = self.summarise(result)
        self.rounds.append(result)
        self.totals = [self.kept_total(t + s) for t, s in zip(self.totals, result.scores, strict=True)]
        return result

    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        """The partnerships that score as one at this player count, each its seats (Belote: :data:`FACING`, the
        partners facing each other, seats 1 & 3 against 2 & 4 as the form counts them), or None when everyone plays
        for themselves (the default). Partners' scores are always equal: the sheet shows one column per team, the
        CSV and the API keep a row and a score per seat."""
        return None

    def summarise(self, result: RoundResult) -> Text | None:
        """The deal in one line, as the table would say it: who took and what, and how it went — Tarot
        "⟨1⟩ · garde · 2 bouts · 44 (+3)", Belote "⟨0⟩ · ♥ · 95 — faite", Barbu classique "⟨2⟩ · pas de cœurs"
        (players as :func:`seat_ref`). Called once the round is scored (``result`` holds its normalised entry,
        scores, contract and dealer; the sheet is as it stood before the round). The sheet's row, the history and
        the CSV's ``contrat`` column show it; ``None`` (the default) leaves the contract's name alone there."""
        return None

    def played_contract(self, entry: dict[str, Any], due: Contract | None) -> Contract | None:
        """The contract a round is stored as having been played for, from its normalised ``entry``: ``due``,
        what :meth:`contract_for` said it would be, by default. A game whose entry names it says so (Barbu
        classique: the dealer chooses)."""
        return due

    def played_dealer(self, entry: dict[str, Any], due: int | None) -> int | None:
        """Who is stored as having dealt a round, from its normalised ``entry``: ``due``, the sheet's
        :meth:`dealer_for`, by default. A game where the table says who dealt reads it there (L'Empereur)."""
        return due

    def kept_total(self, total: Any) -> Any:
        """A total as the sheet keeps it once a round's score is added (in :attr:`totals` and
        :meth:`running_totals`): :func:`whole` by default, so a whole score is an ``int``."""
        return whole(total)

    def close(self) -> None:
        """End the game now (the group stops playing); winners follow the game's ranking."""
        self.closed = True

    def dealer_for(self, number: int) -> int:
        """:attr:`first_dealer` (seat 0 by default) deals the first deal; the deal passes to the next seat after
        every deal."""
        return (self.first_dealer + number - 1) % self.n

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat``. Seat order is the order of play in every game: the table form asks
        for the names in that order, saying which way the game turns (``GameInfo.direction``: to the left for
        a clockwise game, to the right for tarot, belote, l'hombre…), so seat i + 1 always plays after seat i."""
        return (seat + 1) % self.n

    def first_for(self, dealer: int) -> int | None:
        """Who speaks or leads first when ``dealer`` deals: the next seat, unless the game says otherwise (the
        declarer leads at Barbu classique; ``None`` where a card decides)."""
        return self.next_seat(dealer)

    def upcoming_dealer(self, number: int) -> int | None:
        """Who deals (or holds the bank) in round ``number``, the coming one or a later one, as far as it can be
        told before the rounds in between are stored (the offline phone names it): the seat order by default;
        ``None`` when a draw or an earlier result decides (:meth:`upcoming_dealer_note` then says which)."""
        return self.dealer_for(number)

    def upcoming_dealer_note(self, number: int) -> Text | None:
        """Why round ``number``'s dealer cannot be named yet, when :meth:`upcoming_dealer` gives ``None`` because
        an earlier result decides it (not for a draw before every round)."""
        return None

    def next_round(self) -> NextRound:
        """What the coming round is. A finished sheet answers too (its would-be next round: no lookup past the end
        of a game's tables), though the pages and the API show none for an ended table."""
        number = self.number
        dealer = self.dealer_for(number)
        return NextRound(number, dealer, self.first_for(dealer), self.contract_for(number), self.next_extra())

    @property
    def winners(self) -> list[int]:
        """Seats that won (ties shared); empty while the game goes on."""
        if not self.finished or not self.rounds:
            return []
        keys = [self.ranking_key(s) for s in range(self.n)]
        best = min(keys) if self.lowest_wins else max(keys)
        return [s for s, k in enumerate(keys) if k == best]

    @property
    def leaders(self) -> list[int]:
        """Seats currently ahead (ties shared); empty before the first round."""
        if not self.rounds:
            return []
        keys = [self.ranking_key(s) for s in range(self.n)]
        best = min(keys) if self.lowest_wins else max(keys)
        return [s for s, k in enumerate(keys) if k == best]

    def running_totals(self) -> list[list[int]]:
        """Totals after each round, round by round."""
        out, acc = [], [self.initial_totals()] * self.n
        for r in self.rounds:
            acc = [self.kept_total(a + s) for a, s in zip(acc, r.scores, strict=True)]
            out.append(acc)
        return out


def _card(code: Any) -> Card | None:
    """A card from its API code, or None when it is no card (the entry is shown as typed)."""
    try:
        return Card.parse_code(code)
    except CardSyntaxError:
        return None


def _in_words(value: Any, n_players: int) -> Text | None:
    """A stored entry value without JSON punctuation: ``[4, 9]`` per seat → "⟨0⟩ 4, ⟨1⟩ 9"; None when empty."""

    if value is None:
        return None
    if isinstance(value, bool):
        return T("oui", "yes") if value else T("non", "no")
    if isinstance(value, int | float | str):
        return T(str(value), str(value))
    if isinstance(value, list):
        parts = [(seat_ref(i) if len(value) == n_players else "", _in_words(v, n_players)) for i, v in enumerate(value)]
        shown = [(who, w) for who, w in parts if w is not None]
        return T(", ".join(f"{who} {w.fr}".strip() for who, w in shown) or "—",
                 ", ".join(f"{who} {w.en}".strip() for who, w in shown) or "—")
    if isinstance(value, dict):
        items = [(k, _in_words(v, n_players)) for k, v in value.items()]
        named = [(k, w) for k, w in items if w is not None]
        return T(" · ".join(f"{k} {w.fr}" for k, w in named) or "—", " · ".join(f"{k} {w.en}" for k, w in named) or "—")
    return T(str(value), str(value))


class Game:
    """A game with a score sheet. Subclasses set ``info``, ``options``, ``sheet_class`` and
    implement :meth:`entry_schema`."""

    info: ClassVar[GameInfo]
    options: ClassVar[tuple[Option, ...]] = ()
    sheet_class: ClassVar[type[Sheet]]

    @property
    def slug(self) -> str:
        return self.info.slug

    @property
    def names(self) -> Text:
        return self.info.names

    def option(self, key: str) -> Option:
        for o in self.options:
            if o.key == key:
                return o
        raise KeyError(key)

    def default_options(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def clean_options(self, raw: Any, n_players: int | None = None, stored: bool = False) -> dict[str, Any]:
        """Options with defaults filled in. Raises :class:`InvalidOptions` listing every problem. ``stored``: the
        options of a table already stored (replayed or restored), which may hold a value a later version narrowed
        (:attr:`Option.stored_range`) or lack an option added since (:attr:`Option.stored_default`)."""
        problems: list[Problem] = []
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise InvalidOptions([Problem("options", "not_object", T("Les options doivent être un objet.", "Options must be an object."))])
        known = {o.key for o in self.options}
        for key in raw:
            if key not in known:
                problems.append(Problem(f"options.{key}", "unknown_option", T("Option inconnue : {key}.", "Unknown option: {key}.").format(key=key)))
        clean = self.default_options()
        # Per-count defaults and maxima only for a count the game takes (an old stored table may keep one it no
        # longer takes): for any other count the players' own problem is what the caller reports.
        info = self.info
        if n_players is not None and not (info.takes(n_players)
                                          or stored and info.min_players <= n_players <= info.max_players):
            n_players = None
        for o in self.options:
            if o.key in raw:
                value, problem = o.clean(raw[o.key], stored)
            elif stored and o.stored_default is not UNSET:  # a table stored before the option existed
                value, problem = o.stored_default, None
            else:
                value, problem = clean[o.key], None
            if problem is None:
                value, problem = o.resolve(value, n_players)
            if problem:
                problems.append(problem)
            else:
                clean[o.key] = value
        if problems:
            raise InvalidOptions(problems)
        return clean

    def check_players(self, names: Any) -> list[Problem]:
        """Every problem with a list of player names (count, empty, duplicate)."""
        problems: list[Problem] = []
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            return [Problem("players", "not_list", T("Les joueurs doivent être une liste de noms.", "Players must be a list of names."))]
        lo, hi = self.info.min_players, self.info.max_players
        if self.info.player_counts and lo <= len(names) <= hi and not self.info.takes(len(names)):
            counts = self.info.counts
            problems.append(Problem("players", "player_count", T(
                "{game} se joue à {counts} joueurs ({n} donnés).", "{game_en} takes {counts_en} players ({n} given).").format(
                game=self.info.names.fr, game_en=self.info.names.en, n=len(names),
                counts=", ".join(map(str, counts[:-1])) + f" ou {counts[-1]}",
                counts_en=", ".join(map(str, counts[:-1])) + f" or {counts[-1]}")))
        elif not lo <= len(names) <= hi:
            problems.append(
                Problem(
                    "players",
                    "player_count",
                    T("{game} se joue de {lo} à {hi} joueurs ({n} donnés).", "{game_en} takes {lo} to {hi} players ({n} given).").format(
                        game=self.info.names.fr, game_en=self.info.names.en, lo=lo, hi=hi, n=len(names)
                    )
                    if lo != hi
                    else T("{game} se joue à {lo} joueurs exactement ({n} donnés).", "{game_en} takes exactly {lo} players ({n} given).").format(
                        game=self.info.names.fr, game_en=self.info.names.en, lo=lo, n=len(names)
                    ),
                )
            )
        seen: set[str] = set()
        for i, name in enumerate(names):
            clean = clean_name(name)  # as it would be stored: "Zoé" typed decomposed is "Zoé" (NFC)
            bad = name_problem(clean)
            if not name_key(clean):  # nothing visible: empty, or only format characters ("\u200b")
                problems.append(Problem("players", "empty_name", T("Le joueur {i} n'a pas de nom.", "Player {i} has no name.").format(i=i + 1), seat=i))
            elif bad is not None:
                problems.append(Problem("players", bad, NAME_PROBLEMS[bad], seat=i))
            elif len(clean) > 40:
                problems.append(Problem("players", "long_name", T("Nom trop long (40 caractères au plus).", "Name too long (40 characters at most)."), seat=i))
            elif name_key(clean) in seen:
                problems.append(Problem("players", "duplicate_name", T("Le nom « {name} » est déjà pris.", "The name “{name}” is used twice.").format(name=clean), seat=i))
            if bad is None:
                seen.add(name_key(clean))
        return problems

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The JSON Schema (2020-12) of a round entry of a table of ``n_players`` with these house rules: every
        key :meth:`Sheet.check_entry` accepts there, and no other (``additionalProperties: false`` on each
        object). Built from the fragments of :mod:`companion.kernel.schema`, one per kind of field the reader
        checks; ``tests/tables/test_entry_schemas.py`` checks it against the sheet for every game."""
        raise NotImplementedError

    def any_table_schema(self, n_players: int) -> dict[str, Any]:
        """The round entry some table of ``n_players`` accepts, whatever its house rules: what the API documents
        (:func:`companion.kernel.schema.any_table`), each option's fields said to need it."""
        from companion.kernel.schema import any_table

        return any_table(self, n_players)

    def new_sheet(self, n_players: int, options: dict[str, Any] | None = None, names: list[str] | None = None,
                  first_dealer: int = 0, stored: bool = False) -> Sheet:
        """An empty sheet; ``names``, the table's players in seat order, lets its problems name them;
        ``first_dealer``, the seat that deals first (:attr:`Sheet.first_dealer`). ``stored``: ``options`` are a
        stored table's (:meth:`clean_options` with ``stored``: an option missing from them is one added since,
        which takes its :attr:`Option.stored_default`); the table layer says so for every sheet it builds from a
        table. Without it, a missing option takes its default, as at a new table."""
        opts = self.clean_options(options or {}, n_players, stored=stored)
        if not is_int(first_dealer) or not 0 <= first_dealer < max(n_players, 1):
            raise RulesError(f"no seat {first_dealer!r} to deal first")
        sheet = self.sheet_class(self, n_players, opts)
        sheet.first_dealer = first_dealer
        if names is not None:
            sheet.names = list(names)
        return sheet

    # -- digital play (:mod:`.play`) ------------------------------------------------------------------
    #: The game's digital-play engine: a :class:`~companion.kernel.deal.DealState` class that :meth:`new_deal`
    #: builds as ``deal_class(n_players, options, number, dealer, **deal_arguments(...))``. ``None`` (the
    #: default): the game has no digital play. Typed as a callable: each engine declares its own constructor,
    #: the abstract base none.
    deal_class: ClassVar[Callable[..., DealState] | None] = None

    @property
    def digital(self) -> bool:
        """True when the game can be played digitally (it has a :attr:`deal_class`)."""
        return self.deal_class is not None

    def deal_context(self, sheet: Sheet) -> dict[str, Any]:
        """What :meth:`new_deal` needs from the table's sheet besides the round number, as keyword arguments
        (Vicaire's race going on); ``sheet`` holds the rounds before the deal. Nothing by default."""
        return {}

    def deal_arguments(self, n_players: int, options: dict[str, Any], number: int) -> dict[str, Any]:
        """The keyword arguments :attr:`deal_class` takes besides the setup, worked out from the cleaned
        ``options`` and round ``number``, and from what :meth:`deal_context` gave, which :meth:`new_deal` passes
        on as further keyword arguments: a game whose deal needs some declares them here, checks them (raising
        :class:`InvalidOptions` for a bad one) and returns them (Vicaire's ``race``, Rikiki's card count). The
        default takes no context and adds nothing."""
        return {}

    def deal_setup(self, n_players: int, options: dict[str, Any] | None, number: int, dealer: int | None,
                   stored: bool = False) -> tuple[dict[str, Any], int]:
        """Clean options and the dealer of round ``number`` (the sheet's: seat 0 first, then the next seat each
        round); raises :class:`InvalidOptions` for a player count the game does not take and :class:`RulesError`
        for a bad round number or seat. ``stored``: the options of a stored table, as for :meth:`clean_options`."""
        info = self.info
        if not is_int(n_players) or not info.min_players <= n_players <= info.max_players:
            if info.min_players == info.max_players:
                text = T("{g} se joue à {a} joueurs ({n} donnés).", "{g_en} takes {a} players ({n} given).")
            else:
                text = T("{g} se joue de {a} à {b} joueurs ({n} donnés).", "{g_en} takes {a} to {b} players ({n} given).")
            raise InvalidOptions([Problem("players", "player_count", text.format(
                g=info.names.fr, g_en=info.names.en, a=info.min_players, b=info.max_players, n=n_players))])
        opts = self.clean_options(options or {}, n_players, stored=stored)
        if not is_int(number) or number < 1:
            raise RulesError(f"no round number {number!r}")
        if dealer is None:
            dealer = (number - 1) % n_players
        if not is_int(dealer) or not 0 <= dealer < n_players:
            raise RulesError(f"no seat {dealer!r} to deal")
        return opts, dealer

    def new_deal(self, n_players: int, options: dict[str, Any] | None = None, number: int = 1, dealer: int | None = None,
                 seed: Any = None, stored: bool = False, **context: Any) -> DealState | None:
        """A deal of round ``number`` for digital play (:mod:`companion.kernel.deal`), dealt from ``seed`` (left
        undealt when ``seed`` is ``None``, for :meth:`DealState.replay`); ``None`` for a game that has no
        digital play. ``dealer`` defaults to the sheet's dealer for that round; ``context`` is what
        :meth:`deal_context` gives (checked by :meth:`deal_arguments`). ``stored``: ``options`` are a stored
        table's, which replays its moves under the rules it was played by (:attr:`Option.stored_default`)."""
        if self.deal_class is None:
            return None
        opts, dealer = self.deal_setup(n_players, options, number, dealer, stored)
        state = self.deal_class(n_players, opts, number, dealer, **self.deal_arguments(n_players, opts, number, **context))
        if seed is not None:
            state.deal(seed)
        return state

    def replay(self, n_players: int, options: dict[str, Any] | None, entries: Iterable[Any], closed: bool = False,
               stored: bool = False) -> Sheet:
        """A sheet with every entry applied in order; raises :class:`InvalidEntry` on the first bad one. ``stored``:
        as for :meth:`new_sheet`."""
        sheet = self.new_sheet(n_players, options, stored=stored)
        for entry in entries:
            sheet.apply(entry)
        if closed:
            sheet.close()
        return sheet
