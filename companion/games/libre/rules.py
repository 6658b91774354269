"""La feuille libre: a score sheet for any game Atout does not model (no rule document; règle d'usage of a paper
sheet).

It knows almost no rules on purpose: one whole number per player per round (negatives allowed, a team is entered
as one player), added up. The group says in the options whether the lowest total wins, and when the game ends: when
a total reaches a target, after a number of rounds, or when the group ends it by hand. It goes through the same
rules-model interface as every other game, so sharing, live updates, the offline queue, the history, circle
statistics and CSV work for it unchanged.
"""

from __future__ import annotations

from typing import Any

from companion.kernel import schema
from companion.kernel.entries import MAX_COUNT, EntryReader, is_int
from companion.kernel.errors import Problem
from companion.kernel.game import ANY_DIRECTION, EntryField, Game, GameInfo, Option, RoundResult, Sheet
from companion.kernel.text import T, Text, count, seat_ref, signed

MIN_PLAYERS = 2
MAX_PLAYERS = 12
MAX_POINTS = MAX_COUNT  # the most (and, negated, the least) one player can score in one round
ENTRY_KEYS = ("points",)  # what check_entry allows and the schema lists
MAX_TARGET = 1_000_000
MAX_ROUNDS = 500
RULE = "points"  # the rulebook anchor every refused entry links to

INFO = GameInfo(
    slug="libre",
    most_played=6,
    titled=True,
    names=T("Feuille libre", "Free score sheet"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=(),  # any game, any pack or none: the deck filter of the rulebook does not list it
    family="libre",
    direction=ANY_DIRECTION,
    source="No rule document: a plain paper score sheet (règle d'usage).",
    aliases=("feuille de marque", "feuille libre", "libre", "score sheet", "free sheet", "autre jeu"),
    summary=T("Une feuille de marque pour n'importe quel jeu : un nombre par joueur (une équipe compte pour un joueur) "
              "et par donne, additionné.",
              "A score sheet for any game: one number per player (a team counts as one player) per round, added up."),
    values=(("max_points", MAX_POINTS), ("max_rounds", MAX_ROUNDS)),
)


class LibreSheet(Sheet):
    def __init__(self, game: Game, n_players: int, options: dict[str, Any]):
        super().__init__(game, n_players, options)
        self.lowest_wins = options["lowest_wins"]  # the group says which way the totals are read

    def natural_end(self) -> bool:
        if not self.rounds:
            return False
        rounds, target = self.options["rounds"], self.options["target"]
        if rounds is not None and len(self.rounds) >= rounds:
            return True
        return target is not None and any(t >= target for t in self.totals)

    def entry_fields(self, number: int) -> list[EntryField]:
        return [EntryField("points", T("Points", "Points"), "count", maximum=MAX_POINTS, negative=True,
                           help=T("Négatif permis : −5", "Negatives allowed: −5"))]

    def offline_points(self, number: int) -> dict[str, int] | None:
        return {"points": 1}  # each seat scores the points entered for it, nothing else

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=RULE)
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        if not r.has("points"):
            r.missing("points")
            return r.problems
        points = r.entry["points"]
        if not isinstance(points, list) or len(points) != self.n:
            r.add("points", "wrong_length", T("Il faut un nombre par joueur ({n}).", "One number per player is needed ({n}).").format(n=self.n))
            return r.problems
        for seat, v in enumerate(points):
            if v is None:
                r.add("points", "required", T("Points manquants (0 si rien).", "Points missing (0 if none)."), seat)
            elif not is_int(v):
                r.add("points", "not_int", T("Nombre entier attendu (négatif permis).", "Expected a whole number (negatives allowed)."), seat)
            elif not -MAX_POINTS <= v <= MAX_POINTS:
                r.add("points", "out_of_range", T("Entre −{m} et {m}.", "Between −{m} and {m}.").format(m=MAX_POINTS), seat)
        return r.problems

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        return {"points": list(entry["points"])}

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        scores = list(entry["points"])
        notes: list[Text] = []
        target = self.options["target"]
        totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        if target is not None:
            reached = [s for s in range(self.n) if totals[s] >= target]
            if reached:
                notes.append(count(len(reached), "{who} atteint {t} : la partie s'arrête.", "{who} atteignent {t} : la partie s'arrête.",
                                   "{who} reaches {t}: the game ends.", "{who} reach {t}: the game ends.",
                                   who=", ".join(seat_ref(s) for s in reached), t=target))
        rounds = self.options["rounds"]
        if rounds is not None and len(self.rounds) + 1 >= rounds:
            notes.append(T("Dernière donne prévue ({r}).", "Last planned round ({r}).").format(r=rounds))
        return RoundResult(0, entry, scores, notes=notes)

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or not isinstance(entry.get("points"), list):
            return super().describe_entry(entry, number)
        parts = ", ".join(f"{seat_ref(s)} {signed(v)}" for s, v in enumerate(entry["points"]))
        return [T("Points : {p}", "Points: {p}").format(p=parts)]




class Libre(Game):
    info = INFO
    sheet_class = LibreSheet
    options = (
        Option("lowest_wins", T("Le plus petit total gagne", "The lowest total wins"), "bool", False,
               help=T("Sinon, le plus grand total gagne.", "Otherwise the highest total wins.")),
        Option("target", T("Total qui arrête la partie", "Total that ends the game"), "int", None, nullable=True,
               minimum=1, maximum=MAX_TARGET,
               help=T("Dès qu'un joueur l'atteint ou le dépasse. Vide : pas de cible.",
                      "As soon as a player reaches or passes it. Empty: no target.")),
        Option("rounds", T("Nombre de donnes", "Number of rounds"), "int", None, nullable=True, minimum=1,
               maximum=MAX_ROUNDS, help=T("Vide : on arrête quand on veut.", "Empty: stop whenever you like.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        return schema.entry("Free score sheet round entry", {
            "points": schema.per_seat(n_players, schema.whole(-MAX_POINTS, MAX_POINTS),
                                      "each seat's points this round; negatives allowed")}, ENTRY_KEYS)


GAME = Libre()
