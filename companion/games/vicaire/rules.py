"""Le vicaire, as in the user's rule document « Le vicaire », the only description known; what it leaves open is
settled by Atout (the rulebook's disputes list it).

Three players, 32 cards, 10 tricks a deal, one point a trick. Deals add up into a *race*; the race is won by
the first player to *arrive* exactly on a winning total: 10, or a multiple of 5 above it (15, 20, 25…).

How the sheet reads the rule document, deal by deal:

* a player who takes all 10 tricks of a deal (capot) wins the race at once, whatever their total;
* otherwise the candidates are the players who arrived on a winning total in this deal (they took at least one
  trick and now stand on 10, 15, 20…); the one on the lowest total wins the race;
* if two or three candidates share that lowest total, nobody wins and the race goes on from there.

A player already standing on a winning total (after a tie) who takes no trick has not *reached* anything: the rule
document says the tied players must each reach "un total gagnant supérieur" before the other, and before the third
reaches 10. So their next winning total is always above their race total, and the tricks they need in one deal
(``needs``) are between 1 and 10 — never out of reach; 10 means only a capot will do, and a capot wins anyway.

A race won at 10, or by a capot, is worth 50 points; at 15 or 20, 20 points; at 25 or more, the option
``points_above_20`` (20 unless the table says otherwise; the rule document names only 15 and 20). A new race starts
from zero for everyone. The game ends when someone reaches the option ``target`` (500), or once the option
``races`` (a fixed number of races, none by default) have been won; the most points wins.
"""

from __future__ import annotations

import random
from typing import Any

from companion.families.aims import aim_action
from companion.families.trickplay import HEARTS, TrickDeal, pack
from companion.kernel import schema
from companion.kernel.cards import deck
from companion.kernel.deal import Action
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import InvalidOptions, Problem
from companion.kernel.game import (
    COUNTERCLOCKWISE,
    EntryField,
    Game,
    GameInfo,
    Option,
    RoundResult,
    RuleTable,
    Sheet,
)
from companion.kernel.text import T, Text, count, seat_ref
from companion.kernel.view import Note

PLAYERS = 3
TRICKS_PER_DEAL = 10
ENTRY_KEYS = ("tricks",)  # what check_entry allows and the schema lists
FIRST_WINNING_TOTAL = 10
WINNING_STEP = 5
POINTS_AT_10 = 50
POINTS_CAPOT = 50
POINTS_AT_15_OR_20 = 20
POINTS_ABOVE_20 = 20  # the default of the option; the rule document gives no value
TARGET = 500


def is_winning_total(total: int) -> bool:
    return total >= FIRST_WINNING_TOTAL and total % WINNING_STEP == 0


def next_winning_total(total: int) -> int:
    """The lowest winning total strictly above ``total`` (a player must take a trick to reach anything)."""
    if total < FIRST_WINNING_TOTAL:
        return FIRST_WINNING_TOTAL
    return (total // WINNING_STEP + 1) * WINNING_STEP


def race_points(total: int, points_above_20: int = POINTS_ABOVE_20) -> int:
    """What a race won on the winning total ``total`` is worth (a capot is worth :data:`POINTS_CAPOT`)."""
    if total == FIRST_WINNING_TOTAL:
        return POINTS_AT_10
    if total <= 20:
        return POINTS_AT_15_OR_20
    return points_above_20


INFO = GameInfo(
    essentials=("targets",),
    slug="vicaire",
    names=T("Le vicaire", "Vicaire"),
    min_players=PLAYERS,
    max_players=PLAYERS,
    decks=("32",),
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="The user's rule document « Le vicaire », the only description known; its gaps settled by Atout.",
    aliases=("le vicaire", "vicaire"),
    summary=T("Levées à trois, cœur atout : arriver le premier pile sur 10 plis, ou 15, 20…",
              "Three-handed tricks, hearts trumps: be first to land exactly on 10 tricks, or 15, 20…"),
    tables=(
        RuleTable(
            "targets",
            T("Totaux gagnants et points d'une course", "Winning totals and what a race is worth"),
            (T("Total de plis", "Trick total"), T("Points", "Points")),
            (
                (FIRST_WINNING_TOTAL, race_points(10)),
                (15, race_points(15)),
                (20, race_points(20)),
                (T("25, 30, 35…", "25, 30, 35…"), race_points(25)),
                (T("Capot : les 10 plis d'une donne", "Capot: all 10 tricks of one deal"), POINTS_CAPOT),
            ),
        ),
    ),
    values=(
        ("deck_size", len(deck("32"))),
        ("hand_size", TRICKS_PER_DEAL),  # every card is played: as many cards each as tricks a deal
        ("ecart", len(deck("32")) - PLAYERS * TRICKS_PER_DEAL),
        ("tricks", TRICKS_PER_DEAL),
        ("first_total", FIRST_WINNING_TOTAL),
        ("step", WINNING_STEP),
        ("second_total", FIRST_WINNING_TOTAL + WINNING_STEP),
        ("third_total", FIRST_WINNING_TOTAL + 2 * WINNING_STEP),
        ("fourth_total", FIRST_WINNING_TOTAL + 3 * WINNING_STEP),
        ("points_at_10", POINTS_AT_10),
        ("points_capot", POINTS_CAPOT),
        ("points_at_15_or_20", POINTS_AT_15_OR_20),
        ("points_above_20", POINTS_ABOVE_20),
        ("target", TARGET),
    ),
)


class VicaireSheet(Sheet):
    lowest_wins = False

    def __init__(self, game: Game, n_players: int, options: dict[str, Any]):
        super().__init__(game, n_players, options)
        self.race = [0] * n_players  # tricks in the current race
        self.races_won = 0

    def carries_over(self) -> bool:
        """While a race goes on: the deals are its steps."""
        return any(self.race)

    def natural_end(self) -> bool:
        races = self.options["races"]
        return any(t >= self.options["target"] for t in self.totals) or (races is not None and self.races_won >= races)

    def entry_fields(self, number: int) -> list[EntryField]:
        return [EntryField("tricks", T("Plis", "Tricks"), "count", maximum=TRICKS_PER_DEAL, total=TRICKS_PER_DEAL)]

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="course")
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        tricks = r.counts("tricks", maximum=TRICKS_PER_DEAL)
        if tricks is not None and sum(tricks) != TRICKS_PER_DEAL:
            r.add("tricks", "trick_total", count(sum(tricks), "Il y a {t} plis par donne : {n} saisi.",
                                                 "Il y a {t} plis par donne : {n} saisis.",
                                                 "There are {t} tricks a deal: {n} entered.",
                                                 "There are {t} tricks a deal: {n} entered.", t=TRICKS_PER_DEAL))
        return r.problems

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        return {"tricks": list(entry["tricks"])}

    def next_extra(self) -> dict[str, Any]:
        extra: dict[str, Any] = {"race": [{"tricks": t, "target": next_winning_total(t), "needs": next_winning_total(t) - t}
                                for t in self.race]}
        if self.options["races"] is not None:
            extra["races_left"] = self.options["races"] - self.races_won
        return extra

    def cell_details(self, result: RoundResult) -> list[Text]:
        """The tricks each seat took in that deal, next to the race points the row shows."""
        return [count(t, "{n} pli", "{n} plis", "{n} trick", "{n} tricks") for t in result.entry["tricks"]]

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        tricks = entry["tricks"]
        before = list(self.race)
        after = [b + t for b, t in zip(before, tricks, strict=True)]
        scores = [0] * self.n
        notes = [T("Plis de la donne : {d}. Course : {r}.", "Tricks this deal: {d}. Race: {r}.").format(
            d=_per_seat(tricks), r=_per_seat(after))]
        winner, points, why = None, 0, ""
        capot = next((s for s, t in enumerate(tricks) if t == TRICKS_PER_DEAL), None)
        if capot is not None:
            winner, points, why = capot, POINTS_CAPOT, "capot"
            notes.append(T("{p} fait capot (les 10 plis) et gagne la course, {pts} points.",
                           "{p} took all 10 tricks (capot) and wins the race, {pts} points.").format(p=seat_ref(capot), pts=points))
        else:
            arrived = [s for s in range(self.n) if tricks[s] > 0 and is_winning_total(after[s])]
            stayed = [s for s in range(self.n) if tricks[s] == 0 and is_winning_total(after[s])]
            for s in stayed:
                notes.append(T("{p} reste sur {t} sans prendre de pli : cela ne compte pas, un total doit être atteint.",
                               "{p} stays on {t} without a trick: that does not count, a total must be reached.").format(
                    p=seat_ref(s), t=after[s]))
            if not arrived:
                notes.append(T("Personne n'arrive sur un total gagnant (10, 15, 20…) : la course continue.",
                               "Nobody reaches a winning total (10, 15, 20…): the race goes on."))
            else:
                lowest = min(after[s] for s in arrived)
                on_lowest = [s for s in arrived if after[s] == lowest]
                higher = [s for s in arrived if after[s] > lowest]
                if len(on_lowest) == 1:
                    winner, why = on_lowest[0], "total"
                    points = race_points(lowest, self.options["points_above_20"])
                    if higher:
                        notes.append(T("Arrivé plus haut sur un total gagnant : {o} ; c'est le plus bas qui l'emporte.",
                                       "Also on a winning total, a higher one: {o_en}; the lowest wins.").format(
                            o=_names(higher).fr, o_en=_names(higher).en))
                    notes.append(T("{p} arrive pile sur {t} et gagne la course, {pts} points.",
                                   "{p} lands exactly on {t} and wins the race, {pts} points.").format(
                        p=seat_ref(winner), t=lowest, pts=points))
                else:
                    notes.append(T("{o} arrivent ensemble sur {t}, le plus bas total gagnant : personne ne gagne, la course continue.",
                                   "{o_en} reach {t} together, the lowest winning total: nobody wins, the race goes on.").format(
                        o=_names(on_lowest).fr, o_en=_names(on_lowest).en, t=lowest))
        if winner is not None:
            scores[winner] = points
            self.race = [0] * self.n
            self.races_won += 1
            notes.append(T("Nouvelle course : tout le monde repart de zéro.", "New race: everyone starts again from zero."))
        else:
            self.race = after
        return RoundResult(0, entry, scores, notes=notes, extra={
            "race_before": before, "race_after": after, "race_winner": winner, "race_won_by": why})

    def summarise(self, result: RoundResult) -> Text | None:
        """The race after the deal: "⟨0⟩ fait capot, gagne la course", "⟨0⟩ arrive sur 15, gagne la course",
        "Ex æquo sur 10 : la course continue", or "Course : ⟨2⟩ en tête (7)" (the leaders in tricks)."""
        extra = result.extra
        winner, after = extra["race_winner"], extra["race_after"]
        if winner is not None and extra["race_won_by"] == "capot":
            return T("{p} fait capot, gagne la course", "{p} takes all 10, wins the race").format(p=seat_ref(winner))
        if winner is not None:
            return T("{p} arrive sur {t}, gagne la course", "{p} lands on {t}, wins the race").format(
                p=seat_ref(winner), t=after[winner])
        arrived = [after[s] for s in range(self.n) if result.entry["tricks"][s] > 0 and is_winning_total(after[s])]
        if arrived:
            return T("Ex æquo sur {t} : la course continue", "Tie on {t}: the race goes on").format(t=min(arrived))
        top = max(after)
        leaders = _names([s for s in range(self.n) if after[s] == top])
        return T("Course : {l} en tête ({t})", "Race: {l_en} ahead ({t})").format(
            l=leaders.fr, l_en=leaders.en, t=top)


def _per_seat(values: list[int]) -> str:
    return ", ".join(f"{seat_ref(s)} {v}" for s, v in enumerate(values))


def _names(seats: list[int]) -> Text:
    refs = [seat_ref(s) for s in seats]
    head = ", ".join(refs[:-1])
    return T(f"{head} et {refs[-1]}", f"{head} and {refs[-1]}") if head else T(refs[0], refs[0])


# -- digital play ---------------------------------------------------------------------------------------------
#: Weight of :meth:`VicaireDeal.race_progress` for the strong bot (points per trick of a lead in the race): small
#: enough to break ties only, below any real difference in what the deal scores (a race is worth 20 or 50 points).
TIE_BREAK = 0.01
PACK = pack("32")
ECART = PLAYERS  # the pile of the two cards nobody gets


class VicaireDeal(TrickDeal):
    """One deal of Vicaire played card by card, on :class:`~companion.families.trickplay.TrickDeal`.

    * 32 cards dealt one at a time from the seat after the dealer (the dealer's right at the table, since the
      game turns to the right), 10 each; the last two are the écart, which nobody sees and nobody plays.
    * The seat after the dealer leads; follow suit when you can; otherwise play anything: a heart (hearts are
      always trumps) takes the trick unless a higher heart follows. Trumping and overtrumping are allowed, never
      compulsory (« coupe non obligatoire »); with the option ``coupe_obligatoire``, a player who cannot follow
      must trump if he holds a heart (with no duty to overtrump). A = highest, then R D V 10 9 8 7.
    * :meth:`entry` is ``{"tricks": [...]}``; :meth:`returns` is what the sheet scores for it given ``race``
      (each seat's tricks in the race going on before this deal): 50 to a capot or to whoever lands alone on
      the lowest winning total at 10, 20 at 15 or 20, the ``points_above_20`` option above; 0 to the others.

    Actions are the card codes (``"AH"``, ``"10S"``); there is no other move.
    """

    slug = INFO.slug
    extra_piles = 1
    must_follow = True
    must_trump = False
    must_overtrump = False

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int, race: tuple[int, ...]):
        super().__init__(n_players, options, number, dealer, PACK)
        self.trump = HEARTS
        self.race = race
        self.must_trump = bool(options["coupe_obligatoire"])

    def _deal_schedule(self) -> tuple[int, ...]:
        first = (self.dealer + 1) % self.n_players
        hands = self.n_players * TRICKS_PER_DEAL
        return tuple((first + k) % self.n_players if k < hands else ECART for k in range(len(self.pack)))

    def _entry(self) -> dict[str, Any]:
        return {"tricks": list(self.won)}

    def playout_value(self, seat: int) -> float:
        """The deal's score, plus :meth:`race_progress` to break the ties of the deals that end no race (about
        two in three)."""
        return super().playout_value(seat) + self.race_progress(seat)

    def race_progress(self, seat: int) -> float:
        """The tie-break for a finished deal that ended no race (its :meth:`returns` are 0 for everyone, as they
        are for most deals: a race takes about three): progress toward the next winning total, as the tricks the
        others still need to land on their next winning total (10, 15, 20…), on average, less those ``seat``
        needs, times :data:`TIE_BREAK`. Nothing once a race is won (everyone starts again from zero)."""
        if any(self.returns()):
            return 0.0
        needs = [next_winning_total(b + w) - (b + w) for b, w in zip(self.race, self.won, strict=True)]
        others = (sum(needs) - needs[seat]) / (len(needs) - 1)
        return TIE_BREAK * (others - needs[seat])

    def returns(self) -> list[float]:
        won = self.won
        out = [0.0] * self.n_players
        capot = next((s for s, t in enumerate(won) if t == TRICKS_PER_DEAL), None)
        if capot is not None:
            out[capot] = POINTS_CAPOT
            return out
        after = [b + t for b, t in zip(self.race, won, strict=True)]
        arrived = [s for s in range(self.n_players) if won[s] and is_winning_total(after[s])]
        if arrived:
            lowest = min(after[s] for s in arrived)
            on_lowest = [s for s in arrived if after[s] == lowest]
            if len(on_lowest) == 1:
                out[on_lowest[0]] = race_points(lowest, self.options["points_above_20"])
        return out

    def aim(self, seat: int) -> int:
        """How many more tricks ``seat`` wants in this deal: 0 once it landed on a winning total in it (it then
        wants no more), else what takes it to its next winning total (which may be out of reach)."""
        total = self.race[seat] + self.won[seat]
        if self.won[seat] and is_winning_total(total):
            return 0
        return next_winning_total(total) - total

    def quick_action(self, rng: random.Random) -> Action:
        """Try to land exactly: take tricks while short of the next winning total, duck once on it."""
        return aim_action(self, rng, self.aim(self.to_move) > 0)

    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        obs["race"] = list(self.race)
        obs["race_now"] = [b + t for b, t in zip(self.race, self.won, strict=True)]
        obs["targets"] = [next_winning_total(t) for t in self.race]
        obs["ecart_size"] = self.held[ECART].bit_count()

    def view_notes(self, seat: int | None, obs: dict[str, Any]) -> list[list[Note]]:
        """Per seat, where it stands in the race and the total it aims at: "course 3 → 10"."""
        return [[Note(T(f"course {now} → {target}", f"race {now} → {target}"))]
                for now, target in zip(obs["race_now"], obs["targets"], strict=True)]


class Vicaire(Game):
    info = INFO
    sheet_class = VicaireSheet
    deal_class = VicaireDeal
    options = (
        Option("target", T("Partie en combien de points", "Game to how many points"), "int", TARGET,
               minimum=1, maximum=100_000, help=T("Le premier qui l'atteint finit la partie ; le plus de points gagne.",
                                                  "The first to reach it ends the game; the most points wins.")),
        Option("races", T("Nombre de courses", "Number of races"), "int", None, minimum=1, maximum=1_000, nullable=True,
               help=T("La partie s'arrête quand ce nombre de courses a été gagné, même si personne n'a atteint le total ; "
                      "le plus de points gagne. Vide : on joue jusqu'au total de points.",
                      "The game ends once this many races have been won, even if nobody reached the total; the most "
                      "points wins. Empty: play to the points total.")),
        Option("points_above_20", T("Points d'une course gagnée à 25 ou plus", "Points for a race won at 25 or more"),
               "int", POINTS_ABOVE_20, minimum=0, maximum=1_000,
               help=T("La règle ne donne que 10 (50 points) et 15 ou 20 (20 points).",
                      "The rules give only 10 (50 points) and 15 or 20 (20 points).")),
        Option("coupe_obligatoire", T("Coupe obligatoire", "Must trump"), "bool", False,
               help=T("Sans la couleur demandée, on doit couper à cœur si l'on en a (la règle dit : non obligatoire).",
                      "Void in the suit led, you must trump with a heart if you hold one (the rules say: not compulsory).")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        return schema.entry("Vicaire round entry", {
            "tricks": schema.counts(n_players, TRICKS_PER_DEAL,
                                    f"tricks taken by each seat; they add up to {TRICKS_PER_DEAL}")}, ENTRY_KEYS)

    def deal_context(self, sheet: Sheet) -> dict[str, Any]:
        """What :meth:`new_deal` needs from the table's sheet besides the round: the race going on."""
        assert isinstance(sheet, VicaireSheet)  # the game's own sheet
        return {"race": list(sheet.race)}

    def deal_arguments(self, n_players: int, options: dict[str, Any], number: int, race: list[int] | None = None) -> dict[str, Any]:
        """``race`` is each seat's trick total in the race going on (the sheet's ``race``, what
        :meth:`deal_context` gives; zeros for a new race): the deal's scores, its bots' aims and its view depend
        on it."""
        if race is None:
            race = [0] * n_players
        if (not isinstance(race, (list, tuple)) or len(race) != n_players
                or any(not is_int(t) or t < 0 for t in race)):
            raise InvalidOptions([Problem("race", "bad_race", T(
                "La course en cours : un nombre de plis (entier positif ou nul) par joueur.",
                "The race going on: one trick count (a whole number, 0 or more) per player."))])
        return {"race": tuple(race)}


GAME = Vicaire()
