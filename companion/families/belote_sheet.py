"""The score sheet of the prise belotes, written once: Belote à trois (the taker alone against the two others)
and the classic four-handed Belote (the taker's partner on the taking side, :meth:`PriseSheet.taking_side`).

A deal is written as the taker, the trump, the taker's card points (dix de der included, belote not included),
who announced belote-rebelote, the capot, and with the option ``annonces`` the announcements that counted; the
shared belote core (:func:`companion.families.belote.outcome`) scores it: made when the taker's side beats the
defence, otherwise dedans; belote-rebelote is never lost; capot 252. A litige (equal totals) is dedans, or with
the option ``litige = "reserve"`` the taker's card points wait for the next deal that is not a litige.
"""

from __future__ import annotations

from typing import Any, ClassVar

from companion.families import belote
from companion.families.belote import (
    ANNOUNCE_STEP,
    BELOTE,
    CAPOT,
    DEAL_TOTAL,
    DEFENCE,
    SUIT_TRUMPS,
    TAKER,
    TRUMP_NAMES,
)
from companion.kernel import schema
from companion.kernel.entries import EntryReader, is_seat
from companion.kernel.errors import Problem
from companion.kernel.game import EntryField, Game, Option, RoundResult, Sheet
from companion.kernel.text import T, Text, seat_ref

TARGET = 1000
IMPOSSIBLE_POINTS = (1, DEAL_TOTAL - 1)  # the other side would hold 161 or 1 card points: no trick is worth 1
#: The keys of an entry (``annonces`` only with the option): what check_entry allows and the schema lists.
ENTRY_KEYS = {"taker", "trump", "points", "belote", "capot", "annonces"}


class PriseSheet(Sheet):
    lowest_wins = False

    def __init__(self, game: Game, n_players: int, options: dict[str, Any]):
        super().__init__(game, n_players, options)
        self.reserve = 0  # the taker's card points of litiges waiting for the next deal that is not a litige

    def taking_side(self, taker: int) -> tuple[int, ...]:
        """The seats that play with the taker and score what he scores: the taker alone (a game with partnerships
        adds the partner)."""
        return (taker,)

    def natural_end(self) -> bool:
        return any(t >= self.options["target"] for t in self.totals)

    def next_extra(self) -> dict[str, Any]:
        return {"reserve": self.reserve}

    def entry_fields(self, number: int) -> list[EntryField]:
        fields = [
            EntryField("taker", T("Preneur", "Taker"), "seat", required=False,
                       help=T("Personne : tout le monde a passé deux fois.", "Nobody: everyone passed twice.")),
            EntryField("trump", T("Atout", "Trump"), "trump"),
            EntryField("points", T("Points du preneur", "Taker's points"), "number", maximum=DEAL_TOTAL,
                       help=T("Points de ses plis, dix de der compris, sans la belote.",
                              "Card points in the taker's tricks, dix de der included, belote not included.")),
            EntryField("belote", T("Belote-rebelote", "Belote-rebelote"), "seat", required=False),
            EntryField("capot", T("Capot : un camp a fait les 8 plis", "Capot: one side took all 8 tricks"), "bool",
                       required=False),
        ]
        if self.options["annonces"]:
            fields.insert(4, EntryField("annonces", T("Annonces", "Announcements"), "count", required=False,
                                        help=T("Points des annonces qui ont compté.", "Points of the announcements that counted.")))
        return fields

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="marque")
        if not r.ok:
            return r.problems
        if "taker" in r.entry and r.entry["taker"] is None:
            r.nothing_else("taker", belote.PASSED_DEAL)
            return r.problems
        if "annonces" in r.entry and not self.options["annonces"]:
            r.add("annonces", "annonces_off", T(
                "Les annonces ne comptent pas à cette table (option « annonces »).",
                "Announcements do not count at this table (option “annonces”)."), rule="annonces")
        r.only_keys(ENTRY_KEYS)
        r.seat("taker")
        trump = r.entry.get("trump")
        if trump is None:
            r.missing("trump")
        elif trump not in SUIT_TRUMPS:
            r.add("trump", "bad_trump", T("Atout : pique, cœur, carreau ou trèfle (S, H, D, C).",
                                          "Trump: spades, hearts, diamonds or clubs (S, H, D, C)."))
        points = None
        if not r.has("points"):
            r.missing("points")
        else:
            points = r.integer(r.entry["points"], "points", lo=0, hi=DEAL_TOTAL)
            if points in IMPOSSIBLE_POINTS:
                r.add("points", "impossible_points", T(
                    "{p} points, c'est impossible : aucune carte ne vaut 1 point.",
                    "{p} points cannot happen: no card is worth 1 point.").format(p=points), rule="cartes")
                points = None
        r.seat("belote", required=False)
        capot = r.boolean("capot")
        if capot and points is not None and points not in (0, DEAL_TOTAL):
            r.add("capot", "capot_points", T(
                "Capot : le preneur a {t} points (tous les plis) ou 0 (aucun pli), pas {p}.",
                "Capot: the taker has {t} points (every trick) or 0 (no trick), not {p}.").format(t=DEAL_TOTAL, p=points))
        if self.options["annonces"] and r.has("annonces"):
            values = r.counts("annonces", required=False)
            if values is not None:
                for seat, v in enumerate(values):
                    if v % ANNOUNCE_STEP:
                        r.add("annonces", "announce_step", T(
                            "Une annonce vaut un multiple de 10 : {v} ne se peut pas.",
                            "Announcements are worth multiples of 10: {v} cannot happen.").format(v=v), seat, rule="annonces")
        return r.problems

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        if entry.get("taker") is None:
            return {"taker": None}
        clean = {"taker": entry["taker"], "trump": entry["trump"], "points": entry["points"],
                 "belote": entry.get("belote"), "capot": bool(entry.get("capot"))}
        if self.options["annonces"]:
            clean["annonces"] = list(entry.get("annonces") or [0] * self.n)
        return clean

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        """The history's words: who took at what, the card points, belote, capot, announcements."""
        if not isinstance(entry, dict) or "taker" not in entry:
            return super().describe_entry(entry, number)
        if entry["taker"] is None:
            return [T("Tout le monde a passé deux fois.", "Everyone passed twice.")]
        if not is_seat(entry.get("taker"), self.n) or not isinstance(entry.get("trump"), str) \
                or entry.get("trump") not in TRUMP_NAMES \
                or not isinstance(entry.get("points"), int):
            return super().describe_entry(entry, number)
        name = TRUMP_NAMES[entry["trump"]]
        lines = [T("{p} prend à {t} : {x} points de cartes, la défense {d}.",
                   "{p} takes in {t_en}: {x} card points, the defence {d}.").format(
            p=seat_ref(entry["taker"]), t=name.fr, t_en=name.en, x=entry["points"], d=DEAL_TOTAL - entry["points"])]
        if is_seat(entry.get("belote"), self.n):
            lines.append(T("Belote-rebelote : {p}", "Belote-rebelote: {p}").format(p=seat_ref(entry["belote"])))
        if entry.get("capot") is True:
            lines.append(T("Capot", "Capot"))
        annonces = entry.get("annonces")
        if isinstance(annonces, list) and any(annonces):
            shown = ", ".join(f"{seat_ref(s)} {a}" for s, a in enumerate(annonces) if a)
            lines.append(T("Annonces : {a}", "Announcements: {a}").format(a=shown))
        return lines

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        if entry["taker"] is None:
            notes = [T("Tout le monde a passé deux fois : personne ne marque, la donne passe.",
                       "Everyone passed twice: nobody scores, the deal passes on.")]
            if self.reserve:
                notes.append(T("La réserve de {r} points attend toujours.", "The reserve of {r} points is still waiting.")
                             .format(r=self.reserve))
            return RoundResult(0, entry, [0] * self.n, notes=notes, extra={"result": "passed", "reserve": self.reserve})
        taker = entry["taker"]
        takers = self.taking_side(taker)
        points = entry["points"]
        annonces = entry.get("annonces") or [0] * self.n
        belote_seat = entry.get("belote")
        side = None if belote_seat is None else TAKER if belote_seat in takers else DEFENCE
        defence_announces = sum(a for s, a in enumerate(annonces) if s not in takers)
        out = belote.outcome(points, taker_announces=sum(annonces[s] for s in takers),
                             defence_announces=defence_announces, belote=side, capot=entry["capot"],
                             litige=self.options["litige"], total=DEAL_TOTAL,
                             capot_value=self.options.get("capot", CAPOT))
        scores = [out.taker_score if s in takers else out.defence_score for s in range(self.n)]
        notes = [T("{p} prend à {t} et fait {pts} points de cartes ; la défense en fait {d}.",
                   "{p} takes in {t_en} and makes {pts} card points; the defence makes {d}.").format(
            p=seat_ref(taker), t=TRUMP_NAMES[entry["trump"]].fr, t_en=TRUMP_NAMES[entry["trump"]].en,
            pts=points, d=DEAL_TOTAL - points)]
        if side and belote_seat is not None:
            notes.append(T("Belote-rebelote de {p} : {b} points, jamais perdus.",
                           "Belote-rebelote by {p}: {b} points, never lost.").format(p=seat_ref(belote_seat), b=BELOTE))
        if out.capot == TAKER:
            notes.append(T("Capot du preneur : {c} au lieu de ses points de cartes ; la défense ne garde que sa belote.",
                           "The taker took every trick (capot): {c} instead of the card points; the defence keeps only its belote.")
                         .format(c=CAPOT))
        elif out.capot == DEFENCE:
            notes.append(T("Capot de la défense : dedans, chaque défenseur inscrit {c} et toutes les annonces.",
                           "The defence took every trick (capot): contract lost, each defender writes {c} and every announcement.")
                         .format(c=CAPOT))
        elif out.result == "made":
            notes.append(T("Contrat rempli, {a} contre {b} : le preneur inscrit {a}, chaque défenseur {b}.",
                           "Contract made, {a} to {b}: the taker writes {a}, each defender {b}.").format(
                a=out.taker_total, b=out.defence_total))
        elif out.result == "litige":
            notes.append(T("Litige, {a} partout : chaque défenseur inscrit {a} ; les {p} points du preneur vont en réserve.",
                           "Tie at {a}: each defender writes {a}; the taker's {p} points go into the reserve.").format(
                a=out.defence_total, p=points))
        else:
            tie = out.taker_total == out.defence_total
            notes.append(T("{why} : dedans, chaque défenseur inscrit {d} ; le preneur {t}.",
                           "{why_en}: contract lost, each defender writes {d}; the taker {t}.").format(
                why=f"Litige, {out.taker_total} partout" if tie else f"{out.taker_total} contre {out.defence_total}",
                why_en=f"Tie at {out.taker_total}" if tie else f"{out.taker_total} to {out.defence_total}",
                d=out.defence_score, t=out.taker_score))
        reserve_to = None
        if out.result == "litige":
            self.reserve += out.reserve
        elif self.reserve:
            if out.result == "made":
                scores = [s + (self.reserve if i in takers else 0) for i, s in enumerate(scores)]
                reserve_to = "taker"
                notes.append(T("Le preneur gagne aussi la réserve : {r} points.",
                               "The taker also wins the reserve: {r} points.").format(r=self.reserve))
            else:
                scores = [s + (0 if i in takers else self.reserve) for i, s in enumerate(scores)]
                reserve_to = "defence"
                notes.append(T("Chaque défenseur gagne aussi la réserve : {r} points.",
                               "Each defender also wins the reserve: {r} points.").format(r=self.reserve))
            self.reserve = 0
        return RoundResult(0, entry, scores, notes=notes, extra={
            "result": out.result, "taker_total": out.taker_total, "defence_total": out.defence_total,
            "capot": out.capot, "reserve": self.reserve, "reserve_to": reserve_to})


class PriseBelote(Game):
    """A prise belote's score sheet and entry; the game adds its :class:`~companion.kernel.game.GameInfo` (and its
    digital deal, if any)."""

    sheet_class = PriseSheet
    schema_title = "Prise belote round entry"
    options: ClassVar[tuple[Option, ...]] = (
        Option("target", T("Partie en combien de points", "Game to how many points"), "int", TARGET,
               minimum=1, maximum=100_000, help=T("Le premier qui l'atteint finit la partie ; le plus haut total gagne.",
                                                  "The first to reach it ends the game; the highest total wins.")),
        Option("annonces", T("Annonces (tierce, cinquante, cent, carrés)", "Announcements (sequences, fours)"), "bool", False,
               help=T("Sans l'option, la belote-rebelote est la seule annonce.",
                      "Without it, belote-rebelote is the only announcement.")),
        Option("litige", T("En cas d'égalité (litige)", "On a tie (litige)"), "choice", "dedans",
               choices=(("dedans", T("Le preneur est dedans", "The taker loses")),
                        ("reserve", T("Points du preneur en réserve", "Taker's points held in reserve")))),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        played = {
            "taker": schema.seat(n_players, "the seat that took"),
            "trump": schema.choice(list(SUIT_TRUMPS), "the trump suit: S, H, D or C"),
            "points": {**schema.whole(0, DEAL_TOTAL), "not": {"enum": list(IMPOSSIBLE_POINTS)},
                       "description": "the taker's card points, dix de der included, belote not included"},
            "belote": schema.nullable(schema.seat(n_players), "who announced belote-rebelote"),
            "capot": schema.flag("one side took all 8 tricks"),
        }
        if options.get("annonces"):
            played["annonces"] = belote.announcements_schema(n_players)
        assert set(played) <= ENTRY_KEYS  # the keys check_entry allows
        return schema.entry(self.schema_title, one_of=[
            schema.obj(played, ["taker", "trump", "points"]), belote.passed_schema("taker", "everybody passed twice")])
