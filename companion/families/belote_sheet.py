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
    CARRE_POINTS,
    DEAL_TOTAL,
    DEFENCE,
    NATURAL_ORDER,
    SUIT_TRUMPS,
    TAKER,
    TRUMP_NAMES,
)
from companion.kernel import schema
from companion.kernel.entries import EntryReader, is_int, is_seat
from companion.kernel.errors import InvalidOptions, Problem
from companion.kernel.game import EntryField, Game, Option, RoundResult, Sheet
from companion.kernel.text import T, Text, count, seat_ref

TARGET = 1000
TRICKS = 8
HAND_SIZE = 8
# The card points a four-handed side can never end with (belote.reachable): 1, and 161 (the other side's 1).
IMPOSSIBLE_POINTS = belote.unreachable(SUIT_TRUMPS[0], TRICKS, 4)
#: The keys of an entry (``annonces`` only with the option): what check_entry allows and the schema lists.
ENTRY_KEYS = {"taker", "trump", "points", "belote", "capot", "annonces"}


class PriseSheet(Sheet):
    lowest_wins = False
    ranks: tuple[str, ...] = NATURAL_ORDER  # the ranks of the pack played (Belote à trois drops the 7s and 8s)

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
            # Every suit contract gives the same card values, so the first suit stands for whichever was named.
            if points is not None and points not in belote.reachable(SUIT_TRUMPS[0], TRICKS, self.n, self.ranks):
                said = count(points, "{n} point", "{n} points", "{n} point", "{n} points")
                r.add("points", "impossible_points", T(
                    "{p}, c'est impossible : aucune carte ne vaut 1 point.",
                    "{p_en} cannot happen: no card is worth 1 point.").format(p=said.fr, p_en=said.en),
                      rule="cartes")
                points = None
        r.seat("belote", required=False)
        capot = r.boolean("capot")
        if capot and points is not None and points not in (0, DEAL_TOTAL):
            r.add("capot", "capot_points", T(
                "Capot : le preneur a {t} points (tous les plis) ou 0 (aucun pli), pas {p}.",
                "Capot: the taker has {t} points (every trick) or 0 (no trick), not {p}.").format(t=DEAL_TOTAL, p=points))
        if self.options["annonces"] and r.has("annonces"):
            values = r.counts("annonces", required=False)
            taker = r.entry.get("taker")
            if values is not None:
                check_announcements(r, values, self.taking_side(taker) if is_seat(taker, self.n) else None,
                                    self.ranks)
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
        made = count(entry["points"], "{n} point de cartes", "{n} points de cartes", "{n} card point", "{n} card points")
        lines = [T("{p} prend à {t} : {x}, la défense {d}.",
                   "{p} takes in {t_en}: {x_en}, the defence {d}.").format(
            p=seat_ref(entry["taker"]), t=name.fr, t_en=name.en, x=made.fr, x_en=made.en, d=DEAL_TOTAL - entry["points"])]
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
                notes.append(count(self.reserve, "La réserve de {n} point attend toujours.",
                                   "La réserve de {n} points attend toujours.", "The reserve of {n} point is still waiting.",
                                   "The reserve of {n} points is still waiting."))
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
        made = count(points, "{n} point de cartes", "{n} points de cartes", "{n} card point", "{n} card points")
        notes = [T("{p} prend à {t} et fait {pts} ; la défense en fait {d}.",
                   "{p} takes in {t_en} and makes {pts_en}; the defence makes {d}.").format(
            p=seat_ref(taker), t=TRUMP_NAMES[entry["trump"]].fr, t_en=TRUMP_NAMES[entry["trump"]].en,
            pts=made.fr, pts_en=made.en, d=DEAL_TOTAL - points)]
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
                notes.append(count(self.reserve, "Le preneur gagne aussi la réserve : {n} point.",
                                   "Le preneur gagne aussi la réserve : {n} points.",
                                   "The taker also wins the reserve: {n} point.", "The taker also wins the reserve: {n} points."))
            else:
                scores = [s + (0 if i in takers else self.reserve) for i, s in enumerate(scores)]
                reserve_to = "defence"
                notes.append(count(self.reserve, "Chaque défenseur gagne aussi la réserve : {n} point.",
                                   "Chaque défenseur gagne aussi la réserve : {n} points.",
                                   "Each defender also wins the reserve: {n} point.",
                                   "Each defender also wins the reserve: {n} points."))
            self.reserve = 0
        return RoundResult(0, entry, scores, notes=notes, extra={
            "result": out.result, "taker_total": out.taker_total, "defence_total": out.defence_total,
            "capot": out.capot, "reserve": self.reserve, "reserve_to": reserve_to})

    def summarise(self, result: RoundResult) -> Text | None:
        """"⟨0⟩ · ♥ · 95 — faite": the taker, the trump, the taker's card points as written, and how it went (faite,
        dedans, capot — of the taker, or "dedans (capot)" of the defence —, litige); "Donne passée"."""
        entry = result.entry
        if entry.get("taker") is None:
            return T("Donne passée", "Passed deal")
        outcome, capot = result.extra.get("result"), result.extra.get("capot")
        if capot == TAKER:
            how = T("capot", "capot")
        elif capot == DEFENCE:
            how = T("dedans (capot)", "failed (capot)")
        elif outcome == "made":
            how = T("faite", "made")
        elif outcome == "litige":
            how = T("litige", "tie")
        else:
            how = T("dedans", "failed")
        suit = TRUMP_NAMES[entry["trump"]]
        return T("{p} · {t} · {x} — {h}", "{p} · {t_en} · {x} — {h_en}").format(
            p=seat_ref(entry["taker"]), t=suit.fr[-1], t_en=suit.en[-1], x=entry["points"], h=how.fr, h_en=how.en)


CARRE_NAMES = {"J": T("carré de Valets", "four Jacks"), "9": T("carré de 9", "four 9s"), "A": T("carré d'As", "four Aces"),
               "10": T("carré de 10", "four 10s"), "K": T("carré de Rois", "four Kings"),
               "Q": T("carré de Dames", "four Queens")}


def check_announcements(r: EntryReader, values: list[int], side: tuple[int, ...] | None,
                        ranks: tuple[str, ...] = NATURAL_ORDER) -> None:
    """The announcements that counted, one total per seat: each a multiple of 10 that one hand of
    :data:`HAND_SIZE` cards can declare (:func:`companion.families.belote.announcement_totals`), and all of one
    side (``side``, the seats playing with the taker, when known): only the best announcement's side counts its
    own."""
    possible = belote.announcement_totals(HAND_SIZE, ranks)
    for seat, v in enumerate(values):
        if v % ANNOUNCE_STEP:
            r.add("annonces", "announce_step", T(
                "Une annonce vaut un multiple de 10 : {v} ne se peut pas.",
                "Announcements are worth multiples of 10: {v} cannot happen.").format(v=v), seat, rule="annonces")
        elif v not in possible:
            r.add("annonces", "announce_impossible", T(
                "{v} points d'annonces pour {p} : aucune main de {h} cartes ne déclare ce total de tierces, "
                "cinquantes, cents et carrés.",
                "{v} announcement points for {p}: no hand of {h} cards declares that total of sequences and "
                "fours.").format(v=v, p=seat_ref(seat), h=HAND_SIZE), seat, rule="annonces")
    counted = [s for s, v in enumerate(values) if v and v in possible]
    same_carre = False
    for rank in CARRE_POINTS:  # one carré of each rank: two players cannot both need it
        needing = [s for s in counted if values[s] not in belote.announcement_totals(HAND_SIZE, ranks, rank)]
        if len(needing) > 1 and rank in ranks:
            same_carre = True
            r.add("annonces", "announce_same_carre", T(
                "{a} et {b} ne peuvent pas tous les deux faire leurs annonces : chacun aurait besoin du {r}, et il "
                "n'y en a qu'un.",
                "{a} and {b} cannot both make their announcements: each would need the {r_en}, and there is only "
                "one set.").format(a=seat_ref(needing[0]), b=seat_ref(needing[1]), r=CARRE_NAMES[rank].fr,
                                    r_en=CARRE_NAMES[rank].en), needing[1], rule="annonces")
    if len(counted) == 2 and not same_carre:
        a, b = counted
        if not belote.announcement_pair_possible(values[a], values[b], HAND_SIZE, ranks):
            r.add("annonces", "announce_pair_impossible", T(
                "{a} et {b} ne peuvent pas annoncer {x} et {y} ensemble : deux mains de {h} cartes d'un même jeu "
                "ne les tiennent pas.",
                "{a} and {b} cannot announce {x} and {y} together: two hands of {h} cards of one pack do not hold "
                "them.").format(a=seat_ref(a), b=seat_ref(b), x=values[a], y=values[b], h=HAND_SIZE), b,
                  rule="annonces")
    if side is not None:
        ours = [s for s, v in enumerate(values) if v and s in side]
        theirs = [s for s, v in enumerate(values) if v and s not in side]
        if ours and theirs:
            r.add("annonces", "announce_both_sides", T(
                "Les annonces de {a} et de {b} ne peuvent pas compter ensemble : seul le camp qui a la meilleure "
                "annonce marque les siennes.",
                "The announcements of {a} and {b} cannot both count: only the side with the best announcement "
                "scores its own.").format(a=seat_ref(ours[0]), b=seat_ref(theirs[0])), theirs[0], rule="annonces")


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

    def deal_context(self, sheet: Sheet) -> dict[str, Any]:
        """What :meth:`new_deal` needs from the table's sheet: the reserve of earlier litiges."""
        assert isinstance(sheet, PriseSheet)  # the game's own sheet
        return {"reserve": sheet.reserve}

    def deal_arguments(self, n_players: int, options: dict[str, Any], number: int, reserve: int = 0) -> dict[str, Any]:
        """``reserve`` (what :meth:`deal_context` gives) goes into the deal's returns
        (:meth:`companion.families.belote.BeloteDeal.returns`)."""
        if not is_int(reserve) or not 0 <= reserve <= 1000 * DEAL_TOTAL:
            raise InvalidOptions([Problem("reserve", "bad_reserve", T(
                "La réserve : un nombre de points positif ou nul.", "The reserve: a number of points, 0 or more."))])
        return {"reserve": reserve}

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
