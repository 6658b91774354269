"""Le tarot taré. Source: the user's rule document « Le tarot taré »; the deal and the play of the cards from the
Règlement officiel of the FFT and pagat.com's French Tarot (companion.families.tarot, shared with the Tarot
lorrain), the "lowest total wins" count by analogy with the Hearts family.

No bidding and no taker: each plays for himself and the card points he takes are his score; the Excuse goes to
the trick it is played in. The chien (option ``chien``) goes to whoever wins the last trick, so that every deal
hands out 91 points, or is set aside and counts for nobody; ``petit_au_bout`` (house rule) costs 10 more to the
seat that wins the last trick with the Petit in it. A game is ``deals`` deals, 2 × players by default.
"""

from __future__ import annotations

from typing import Any

from companion.families import tarot
from companion.kernel import schema
from companion.kernel.cards import deck
from companion.kernel.entries import EntryReader
from companion.kernel.errors import Problem
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
from companion.kernel.text import T, Text, count, decimal, entered, seat_ref

from .deal import TarotTareDeal

DEALS_PER_PLAYER = 2  # a game is 2 deals per player, so everyone deals twice
PETIT_AU_BOUT_PENALTY = 10  # house rule only
PACKET = 3  # the FFT deals the cards three at a time
CARD_HALF_POINTS_MIN = tarot.CARD_HALF_POINTS["autre"]  # the least a card is worth: 0.5
CARD_HALF_POINTS_MAX = tarot.CARD_HALF_POINTS["bout"]  # the most: 4.5

INFO = GameInfo(
    essentials=("card_points",),
    slug="tarot-tare",
    names=T("Le tarot taré", "Tarot taré (losing tarot)"),
    min_players=3,
    max_players=5,
    decks=("78",),
    family="levees",
    based_on="tarot",
    direction=COUNTERCLOCKWISE,
    source="The user's rule document « Le tarot taré »; the play of the cards from the FFT's Règlement officiel.",
    aliases=("tarot tare", "tarot taré", "qui perd gagne", "tarot qui perd gagne"),
    summary=T(
        "Le tarot à l'envers : chacun pour soi, le moins de points possible.",
        "Tarot upside down: every player for themself, take as few points as possible.",
    ),
    tables=(
        tarot.card_order_table(chelem=False),
        tarot.CARD_POINTS_TABLE,
        RuleTable(
            "deal_sizes",
            tarot.DEAL_SIZE_TITLE,
            (*tarot.DEAL_SIZE_COLUMNS, T("Donnes par partie", "Deals per game")),
            rows=tuple((*tarot.deal_size_row(n), DEALS_PER_PLAYER * n) for n in tarot.HAND_SIZE),
        ),
    ),
    values=(
        ("total_points", tarot.TOTAL_POINTS),
        ("deals_per_player", DEALS_PER_PLAYER),
        ("petit_au_bout", PETIT_AU_BOUT_PENALTY),
        ("card_min", decimal(CARD_HALF_POINTS_MIN / 2)),
        ("card_max", decimal(CARD_HALF_POINTS_MAX / 2)),
        ("bout_points", decimal(tarot.BOUT_HALF_POINTS / 2)),
        ("packet", PACKET),
        ("deck_size", len(deck("78"))),
        ("trumps", tarot.TRUMPS_AND_EXCUSE - 1),
    ),
)


def deals_for(n_players: int) -> int:
    return DEALS_PER_PLAYER * n_players


def _half(value: Any) -> int:
    """A checked entry's card points, in half points."""
    half = tarot.as_half(value)
    assert half is not None  # check_entry read them in steps of 0.5 (read_half_points)
    return half


def _parity_words(cards: int, what: Text) -> Text:
    """Every card is worth an odd number of half points: an even number of cards makes whole points, an odd one
    a half point more."""
    return (T("{w} font un nombre entier de points.", "{w_en} make a whole number of points.") if cards % 2 == 0 else
            T("{w} font un nombre de points et demi (comme 20,5).", "{w_en} make a number of points and a half (such as 20.5).")).format(
        w=what.fr, w_en=what.en)


class TarotTareSheet(Sheet):
    lowest_wins = True
    KEYS = ("points", "tricks", "chien_points", "petit_au_bout")

    @property
    def aside(self) -> bool:
        chien: str = self.options["chien"]
        return chien == "aside"

    def natural_end(self) -> bool:
        deals: int = self.options["deals"]
        return len(self.rounds) >= deals

    def next_extra(self) -> dict[str, Any]:
        return {"hand": tarot.HAND_SIZE[self.n], "chien": tarot.CHIEN_SIZE[self.n], "deal": self.number,
                "deals": self.options["deals"]}

    def entry_fields(self, number: int) -> list[EntryField]:
        hand = tarot.HAND_SIZE[self.n]
        fields = [EntryField("points", T("Points", "Points"), "half", maximum=tarot.TOTAL_POINTS),
                  EntryField("tricks", T("Plis", "Tricks"), "count", required=False, maximum=hand,
                             help=T("Facultatif : sert de contrôle.", "Optional: used as a check."))]
        if self.aside:
            fields.append(EntryField("chien_points", T("Points du chien", "Points in the chien"), "half"))
        if self.options["petit_au_bout"]:
            fields.append(EntryField("petit_au_bout", T("Petit au bout", "Petit au bout"), "seat", required=False,
                                     help=T("Qui a gagné le dernier pli avec le Petit dedans.",
                                            "Who won the last trick with the Petit in it.")))
        return fields

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="section-scoring")
        if not r.ok:
            return r.problems
        r.only_keys(set(self.KEYS))
        n, hand, chien = self.n, tarot.HAND_SIZE[self.n], tarot.CHIEN_SIZE[self.n]
        points: list[int | None] | None = None
        if not r.has("points"):
            r.missing("points")
        elif not isinstance(r.entry["points"], list) or len(r.entry["points"]) != n:
            r.add("points", "wrong_length", T("Il faut un nombre par joueur ({n}).", "One number per player is needed ({n}).").format(n=n))
        else:
            points = [tarot.read_half_points(r, v, "points", s, 0, tarot.TOTAL_HALF_POINTS) for s, v in enumerate(r.entry["points"])]
        tricks = r.counts("tricks", required=False, maximum=hand)
        chien_half = None
        if self.aside:
            if r.has("chien_points"):
                lo, hi = CARD_HALF_POINTS_MIN * chien, CARD_HALF_POINTS_MAX * chien
                chien_half = tarot.read_half_points(r, r.entry["chien_points"], "chien_points", None, lo, hi)
            else:
                r.missing("chien_points")
        elif "chien_points" in r.entry:
            r.add("chien_points", "chien_counts", T("Le chien va au dernier pli : ses points sont dans ceux de son gagnant.",
                                                    "The chien goes to the last trick: its points are in its winner's."), rule="chien-mort")
        petit = None
        if self.options["petit_au_bout"]:
            petit = r.seat("petit_au_bout", required=False)
        elif "petit_au_bout" in r.entry:
            r.add("petit_au_bout", "no_petit_au_bout", T("Le petit au bout ne compte pas à cette table (option).",
                                                         "The petit au bout does not count at this table (option)."), rule="petit-au-bout")
        if tricks is not None and sum(tricks) != hand:
            r.add("tricks", "trick_total", T("Il y a {h} plis à {n} joueurs : {t} {sa}.",
                                             "There are {h} tricks with {n} players: {t} entered.").format(h=hand, n=n, t=sum(tricks), sa=entered(sum(tricks))))
            tricks = None
        if chien_half is not None and (chien_half - chien) % 2:
            r.add("chien_points", "chien_parity", _parity_words(chien, T("Les {c} cartes du chien", "The chien's {c} cards").format(c=chien)),
                  rule="chien-mort")
        if points is not None and None not in points:
            halves = [p for p in points if p is not None]  # every seat's: none is None
            total = sum(halves)
            expected = tarot.TOTAL_HALF_POINTS - (chien_half or 0)
            if (not self.aside or chien_half is not None) and total != expected:
                r.add("points", "point_total", (T("Les points d'une donne font {e} (91 moins le chien) : {t} {sa}.",
                                                  "A deal's points add up to {e_en} (91 less the chien): {t_en} entered.")
                                                if self.aside else
                                                T("Les points d'une donne font {e} : {t} {sa}.",
                                                  "A deal's points add up to {e_en}: {t_en} entered.")).format(
                    e=tarot._pts(expected).fr, e_en=tarot._pts(expected).en, t=tarot._pts(total).fr, t_en=tarot._pts(total).en, sa=entered(total / 2)))
            else:
                self._check_piles(r, halves, tricks, petit, chien_half)
        if petit is not None and tricks is not None and tricks[petit] == 0:
            r.add("petit_au_bout", "petit_without_trick", T("Sans pli, pas de dernier pli.", "With no trick, no last trick."), petit,
                  rule="petit-au-bout")
        return r.problems

    def _fits(self, half: int, won: int, last: bool) -> bool:
        """Whether a seat that took ``won`` tricks (and the chien with the last, ``last``) can hold ``half``."""
        return tarot.pile_fits(half, self.n * won + (tarot.CHIEN_SIZE[self.n] if last else 0))

    def _check_piles(self, r: EntryReader, halves: list[int], tricks: list[int] | None, petit: int | None,
                     chien_half: int | None) -> None:
        """Each seat's points against the cards its tricks hold (each card worth 0.5 to 4.5, an odd number of half
        points, so that a pile's parity is its number of cards'); the chien with the last trick to one seat, the
        Petit au bout's when there is one; the tricks, entered or not, adding up to a hand."""
        n, hand, chien = self.n, tarot.HAND_SIZE[self.n], tarot.CHIEN_SIZE[self.n]
        to_last = not self.aside
        petit_least = tarot.BOUT_HALF_POINTS + CARD_HALF_POINTS_MIN * (n - 1) + (CARD_HALF_POINTS_MIN * chien if to_last else 0)
        problems_before = len(r.problems)
        if petit is not None and halves[petit] < petit_least:
            r.add("petit_au_bout", "petit_points", T(
                "Qui a le Petit au dernier pli a au moins {m} points (le Petit et {o} autres cartes{c}).",
                "Whoever took the Petit in the last trick has {m_en} points at least (the Petit and {o} more cards{c_en}).").format(
                m=tarot._pts(petit_least).fr, m_en=tarot._pts(petit_least).en, o=n - 1,
                c=", et le chien" if to_last else "", c_en=", and the chien" if to_last else ""), petit, rule="petit-au-bout")
        # the tricks each seat may have taken: entered, or any; with the chien (the last trick's) or not
        options: list[list[tuple[int, bool]]] = []
        for s in range(n):
            won_range = [tricks[s]] if tricks is not None else list(range(hand + 1))
            lasts = (True,) if to_last and petit == s else (False, True) if to_last and petit is None else (False,)
            fits = [(w, last) for w in won_range for last in lasts if (w > 0 or not last and s != petit) and self._fits(halves[s], w, last)]
            options.append(fits)
            if not fits:
                r.add("points", "points_for_tricks", self._seat_words(halves[s], tricks[s] if tricks is not None else None, s == petit), s)
        if any(not o for o in options):
            return
        # the tricks add up to a hand, and the chien goes to one seat (the last trick's winner): a search on the sums
        reach = {(0, False)}
        for fits in options:
            reach = {(total + w, had or last) for total, had in reach for w, last in fits
                     if total + w <= hand and not (had and last)}
        if tricks is not None:
            # the tricks known: the pack's honours must share out between the piles as their points say
            aside_pile = [] if to_last else [(chien, chien_half, False)] if chien_half is not None else None
            owners = [w for w in range(n) if (tricks[w], True) in options[w]] if to_last else [None]
            if aside_pile is not None and not any(
                    tarot.piles_can_share_the_pack([(n * tricks[s] + (chien if s == w else 0), halves[s], s == petit)
                                                    for s in range(n)] + aside_pile)
                    for w in owners if all((tricks[s], s == w) in options[s] for s in range(n))):
                r.add("points", "cards_for_points", T(
                    "Le jeu n'a pas assez de bouts, rois, dames, cavaliers et valets pour donner ces points à des plis de ce nombre.",
                    "The pack has not enough bouts, kings, queens, knights and jacks to give these points to so many tricks."))
            return
        if (hand, to_last) in reach and len(r.problems) == problems_before:
            aside_pile = [] if to_last else [(chien, chien_half, False)] if chien_half is not None else None
            seats = [[(w, last, n * w + (chien if last else 0), halves[s], s == petit) for w, last in options[s]]
                     for s in range(n)]
            if aside_pile is not None and tarot.tricks_can_share_the_pack(seats, hand, to_last, aside_pile) is False:
                r.add("points", "cards_for_points", T(
                    "Le jeu n'a pas assez de bouts, rois, dames, cavaliers et valets pour donner ces points, quels que "
                    "soient les plis de chacun.",
                    "The pack has not enough bouts, kings, queens, knights and jacks to give these points, however the "
                    "tricks were shared."))
            return
        if (hand, to_last) not in reach:
            r.add("points", "points_for_tricks", T(
                "Ces points ne se partagent pas {h} plis de {n} cartes{c} : chacun a au moins un pli par {f} point de ses points, "
                "et pas plus de plis que de cartes.",
                "These points do not share out {h} tricks of {n} cards{c_en}: each holds a trick at least for every {f_en} point of its points, "
                "and no more tricks than cards.").format(
                h=hand, n=n, c=" et le chien" if to_last else "", c_en=" and the chien" if to_last else "",
                f=tarot._pts(CARD_HALF_POINTS_MAX * n).fr, f_en=tarot._pts(CARD_HALF_POINTS_MAX * n).en))

    def _seat_words(self, half: int, won: int | None, petit: bool) -> Text:
        """Why a seat cannot hold ``half`` half points: its tricks' cards, fewest and dearest, or their parity."""
        n, chien = self.n, tarot.CHIEN_SIZE[self.n]
        if won is None:
            if 0 < half < CARD_HALF_POINTS_MIN * n:
                return T("Un pli de {n} cartes vaut au moins {m} points : {p} {sa}.",
                         "A trick of {n} cards is worth {m_en} points at least: {p_en} entered.").format(
                    n=n, m=tarot._pts(CARD_HALF_POINTS_MIN * n).fr, m_en=tarot._pts(CARD_HALF_POINTS_MIN * n).en,
                    p=tarot._pts(half).fr, p_en=tarot._pts(half).en, sa=entered(half / 2))
            return T("Aucun nombre de plis ne fait {p} points à {n} joueurs{w}.", "No number of tricks makes {p_en} points with {n} players{w_en}.").format(
                p=tarot._pts(half).fr, p_en=tarot._pts(half).en, n=n,
                w=" (plis de 4 cartes, chien de 6 : des points entiers)" if n == 4 else "",
                w_en=" (tricks of 4 cards, a chien of 6: whole points)" if n == 4 else "")
        if won == 0:
            return T("Sans pli, on ne ramasse aucun point.", "With no trick, no points can be taken.")
        tricks_words = count(won, "{n} pli", "{n} plis", "{n} trick", "{n} tricks")
        if self.aside:
            cards = [n * won]
        else:  # the chien with the last trick: the Petit au bout's, or perhaps this seat's
            cards = [n * won + chien] if petit else [n * won, n * won + chien]
        spans = [tarot.cards_half_points(c) for c in cards]
        lo = min(sp[0] for sp in spans if sp)
        hi = max(sp[1] for sp in spans if sp)
        chien_words = (T(" (et le chien, s'il a fait le dernier pli)", " (and the chien, with the last trick)")
                       if not self.aside else T("", ""))
        if half < lo:
            return T("{t} de {n} cartes{c} valent au moins {m} points : {p} {sa}.",
                     "{t_en} of {n} cards{c_en} are worth {m_en} points at least: {p_en} entered.").format(
                t=tricks_words.fr, t_en=tricks_words.en, n=n, c=chien_words.fr, c_en=chien_words.en,
                m=tarot._pts(lo).fr, m_en=tarot._pts(lo).en, p=tarot._pts(half).fr, p_en=tarot._pts(half).en, sa=entered(half / 2))
        if half > hi:
            return T("{t} de {n} cartes{c} valent au plus {m} points : {p} {sa}.",
                     "{t_en} of {n} cards{c_en} are worth {m_en} points at most: {p_en} entered.").format(
                t=tricks_words.fr, t_en=tricks_words.en, n=n, c=chien_words.fr, c_en=chien_words.en,
                m=tarot._pts(hi).fr, m_en=tarot._pts(hi).en, p=tarot._pts(half).fr, p_en=tarot._pts(half).en, sa=entered(half / 2))
        if len({c % 2 for c in cards}) == 1:
            return _parity_words(cards[0], T("{t} de {n} cartes{c}", "{t_en} of {n} cards{c_en}").format(
                t=tricks_words.fr, t_en=tricks_words.en, n=n, c=chien_words.fr, c_en=chien_words.en))
        return T("{t} de {n} cartes{c} ne font pas {p} points.", "{t_en} of {n} cards{c_en} do not make {p_en} points.").format(
            t=tricks_words.fr, t_en=tricks_words.en, n=n, c=chien_words.fr, c_en=chien_words.en,
            p=tarot._pts(half).fr, p_en=tarot._pts(half).en, sa=entered(half / 2))

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        """Points (written 40,5 in French), tricks, the chien set aside and the petit au bout, in words."""
        if not isinstance(entry, dict):
            return []
        lines: list[Text] = []
        try:
            for key, label in (("points", T("Points", "Points")), ("tricks", T("Plis", "Tricks"))):
                values = entry.get(key)
                if isinstance(values, list) and len(values) == self.n:
                    words = [decimal(v) for v in values]
                    lines.append(T("{l} : {v}", "{l_en}: {v_en}").format(
                        l=label.fr, l_en=label.en, v=", ".join(f"{seat_ref(s)} {w.fr}" for s, w in enumerate(words)),
                        v_en=", ".join(f"{seat_ref(s)} {w.en}" for s, w in enumerate(words))))
            if entry.get("chien_points") is not None:
                c = decimal(entry["chien_points"])
                lines.append(T("Chien mis de côté : {c} points.", "Chien set aside: {c_en} points.").format(c=c.fr, c_en=c.en))
            if entry.get("petit_au_bout") is not None:
                lines.append(T("Petit au bout : {p}.", "Petit au bout: {p}.").format(p=seat_ref(int(entry["petit_au_bout"]))))
        except (TypeError, ValueError, OverflowError):
            return super().describe_entry(entry, number)
        return lines

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"points": [tarot.from_half(_half(v)) for v in entry["points"]]}
        if entry.get("tricks") is not None:
            out["tricks"] = list(entry["tricks"])
        if self.aside:
            out["chien_points"] = tarot.from_half(_half(entry["chien_points"]))
        if self.options["petit_au_bout"]:
            out["petit_au_bout"] = entry.get("petit_au_bout")
        return out

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        scores = list(entry["points"])
        notes = [T("Chacun marque les points de ses plis.", "Each player scores the card points they took.")]
        if self.aside:
            notes.append(T("Chien mis de côté : {c} points pour personne.", "Chien set aside: {c_en} points for nobody.").format(
                c=decimal(entry["chien_points"]).fr, c_en=decimal(entry["chien_points"]).en))
        petit = entry.get("petit_au_bout")
        if petit is not None:
            scores[petit] = scores[petit] + PETIT_AU_BOUT_PENALTY
            notes.append(T("Petit au bout : {p} prend {b} points de plus.", "Petit au bout: {p} takes {b} more points.").format(
                p=seat_ref(petit), b=PETIT_AU_BOUT_PENALTY))
        return RoundResult(0, entry, scores, notes=notes)

    def summarise(self, result: RoundResult) -> Text | None:
        """"⟨0⟩ le moins (3) · ⟨1⟩ le plus (40,5)": who took the fewest card points and who the most (lowest
        wins), ties named together."""
        points = [float(p) for p in result.entry["points"]]
        low, high = min(points), max(points)
        fewest = ", ".join(seat_ref(s) for s, p in enumerate(points) if p == low)
        most = ", ".join(seat_ref(s) for s, p in enumerate(points) if p == high)
        lo, hi = decimal(low), decimal(high)
        return T("{a} le moins ({lo}) · {b} le plus ({hi})", "{a} fewest ({lo_en}) · {b} most ({hi_en})").format(
            a=fewest, b=most, lo=lo.fr, lo_en=lo.en, hi=hi.fr, hi_en=hi.en)

class TarotTare(Game):
    info = INFO
    sheet_class = TarotTareSheet
    deal_class = TarotTareDeal

    options = (
        Option("chien", T("Le chien", "The chien"), "choice", "last_trick",
               choices=(("last_trick", T("Au gagnant du dernier pli", "To the winner of the last trick")),
                        ("aside", T("Mis de côté, pour personne", "Set aside, for nobody"))),
               help=T("Au dernier pli, les 91 points sont toujours ramassés ; mis de côté, on saisit ses points.",
                      "To the last trick, all 91 points are always taken; set aside, its points are entered.")),
        Option("petit_au_bout", T("Petit au bout puni (+10)", "Petit au bout penalised (+10)"), "bool", False,
               help=T("Qui gagne le dernier pli avec le Petit dedans prend 10 points de plus.",
                      "Whoever wins the last trick with the Petit in it takes 10 more points.")),
        Option("deals", T("Nombre de donnes", "Number of deals"), "int", None, nullable=True, minimum=1, maximum=1_000,
               default_for=deals_for,
               help=T("Par défaut, deux donnes par joueur : chacun distribue deux fois.",
                      "By default, two deals per player: everyone deals twice.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The table's shape of the chien (its ``chien`` option: to the last trick, or set aside with its points);
        the Petit au bout only with its option."""
        opts = self.clean_options(options, n_players)
        hand = tarot.HAND_SIZE[n_players]
        chien = tarot.CHIEN_SIZE[n_players]
        base = {
            "points": schema.per_seat(n_players, {"type": "number", "minimum": 0, "maximum": tarot.TOTAL_POINTS,
                                                  "multipleOf": 0.5}, "card points each seat took, in steps of 0.5"),
            "tricks": schema.counts(n_players, hand, f"optional: tricks each seat took; they add up to {hand}"),
        }
        if opts["petit_au_bout"]:
            base["petit_au_bout"] = schema.seat(n_players, "with the option petit_au_bout only: who won the last "
                                                           "trick with the Petit")
        aside = {**base, "chien_points": {"type": "number", "multipleOf": 0.5, "minimum": chien / 2,
                                          "maximum": 4.5 * chien, "description": "the chien's card points"}}
        assert set(aside) <= set(TarotTareSheet.KEYS)  # what check_entry allows
        if opts["chien"] == "aside":
            shape = schema.obj(aside, ["points", "chien_points"], "chien set aside (option chien = aside): points add "
                                                                  "up to 91 less chien_points")
        else:
            shape = schema.obj(base, ["points"], "chien to the last trick (option chien = last_trick): points add up "
                                                 "to 91")
        return schema.entry("Tarot taré round entry", one_of=[shape])


GAME = TarotTare()
