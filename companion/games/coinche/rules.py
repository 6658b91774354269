"""La coinche (belote contrée), the bidding belote of four players in two partnerships. The user's rule documents
do not describe it: the rules come from the Fédération Française de Belote's rules of the belote contrée and
pagat.com (« Coinche ») for the auction, coinche and surcoinche; contree.net (« Score ») for the two ways of
counting; the no-trump and all-trump values as Belote de comptoir takes them (exoty.com « Compter les points à la
coinche »).

Scoring is the shared belote core (:func:`companion.families.belote.coinche_outcome`, through :func:`outcome` for
the sheet and the digital deal alike); card points and the ceiling of each contract come from
:mod:`companion.families.belote` like every other belote. Seats 0 and 2 play against seats 1 and 3; both partners
write their side's score.

Digital play: :class:`CoincheDeal`, on the shared belote deal of :class:`companion.families.belote.BeloteDeal`.
Actions: card codes, ``"bid:<contract>:<trump>"`` (``"bid:100:H"``, ``"bid:capot:S"``, ``"bid:80:SA"``),
``"coinche"``, ``"surcoinche"`` and ``"pass"`` in the auction, ``"belote"`` just before the first of K and Q of
trumps, ``"announce"`` (option ``annonces``) just before one's first card.
"""

from __future__ import annotations

import random
from typing import Any

from companion.families import belote
from companion.families.belote import (
    ALL_TRUMP,
    ANNOUNCE_STEP,
    ANNOUNCEMENTS,
    BELOTE,
    CAPOT_CONTRACT,
    COINCHE_CONTRACTS,
    CONTRACT_VALUES,
    CONTRAT_PLUS_POINTS,
    CONTRAT_SEUL,
    DEFENCE,
    FAILED_CAPOT_FLAT,
    GENERALE_CONTRACT,
    MULTIPLIERS,
    NO_TRUMP,
    PASS_WORD,
    ROUND_COMPLEMENT,
    ROUND_EACH,
    ROUNDED_TOTAL,
    SUIT_TRUMPS,
    TAKER,
    TRUMP_NAMES,
    BeloteDeal,
)
from companion.families.belote_sheet import check_announcements
from companion.families.trickplay import SUIT_BY_LETTER, bits, taker_facts, trump_facts
from companion.kernel import schema
from companion.kernel.deal import Action, illegal
from companion.kernel.entries import EntryReader, is_seat
from companion.kernel.errors import IllegalAction, Problem
from companion.kernel.game import (
    COUNTERCLOCKWISE,
    FACING,
    EntryField,
    Game,
    GameInfo,
    Option,
    RoundResult,
    RuleTable,
    Sheet,
)
from companion.kernel.text import T, Text, count, seat_ref
from companion.kernel.view import Fact

PLAYERS = 4
HAND_SIZE = 8
TRICKS = 8
DEAL_TOTAL = belote.DEAL_TOTAL  # 162 under any contract
TARGET = 2000
TARGET_PRESETS = (1000, 2000)
CONTRACT_STEP = COINCHE_CONTRACTS[1] - COINCHE_CONTRACTS[0]
CAPOT_BID_HIGH = 500  # what some tournaments make a capot bid worth (coinchons.fr)
CAPOT_CHUTE_PLUS = "plus_160"  # a failed capot bid: 160 + its worth to the defence (today's reading)
CAPOT_CHUTE_FLAT = "forfait"  # a flat 500 to the defence (coinchons.fr)
COINCHE_NAMES = (T("sans coinche", "not doubled"), T("coinché", "doubled (coinche)"),
                 T("surcoinché", "redoubled (surcoinche)"))


def impossible_points(trump: str) -> tuple[int, ...]:
    """Card points a side can never end with (:func:`companion.families.belote.unreachable`): 1 and 161 when no
    card is worth 1 (a suit or sans atout); none at tout atout, where the Queen is worth 1."""
    return belote.unreachable(trump, TRICKS, PLAYERS)


def contract_name(contract: int | str) -> Text:
    if contract == CAPOT_CONTRACT:
        return T("capot", "capot")
    if contract == GENERALE_CONTRACT:
        return T("générale", "générale")
    return T(str(contract), str(contract))


INFO = GameInfo(
    essentials=("card_order", "scores"),
    slug="coinche",
    most_played=3,
    names=T("La coinche", "Coinche"),
    min_players=PLAYERS,
    max_players=PLAYERS,
    decks=("32",),
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="Belote contrée: FFB rules of the belote contrée, pagat.com « Coinche », contree.net « Score ».",
    aliases=("belote contree", "belote contrée", "contree", "contrée", "belote coinchee", "belote coinchée",
             "coinchee"),
    summary=T("La belote aux enchères : on annonce combien on fera, l'autre camp peut coincher.",
              "Belote with an auction: bid how many points you will make; the other side may double."),
    classic=True,
    values=(
        ("pack", 32),
        ("hand_size", HAND_SIZE),
        ("tricks", TRICKS),
        ("deal_total", DEAL_TOTAL),
        ("rounded_total", ROUNDED_TOTAL),
        ("last_trick", belote.LAST_TRICK),
        ("belote", BELOTE),
        ("lowest_contract", COINCHE_CONTRACTS[0]),
        ("highest_contract", COINCHE_CONTRACTS[-1]),
        ("contract_step", CONTRACT_STEP),
        ("capot", CONTRACT_VALUES[CAPOT_CONTRACT]),
        ("generale", CONTRACT_VALUES[GENERALE_CONTRACT]),
        ("unbid_capot", belote.UNBID_CAPOT),
        ("capot_high", CAPOT_BID_HIGH),
        ("failed_capot_flat", FAILED_CAPOT_FLAT),
        ("failed_capot", ROUNDED_TOTAL + CONTRACT_VALUES[CAPOT_CONTRACT]),
        ("defence_left", DEAL_TOTAL - COINCHE_CONTRACTS[0]),
        ("coinche", MULTIPLIERS[1]),
        ("surcoinche", MULTIPLIERS[2]),
        ("target", TARGET),
        ("target_short", TARGET_PRESETS[0]),
        ("announce_step", ANNOUNCE_STEP),
        ("never", 1),
        ("never_high", DEAL_TOTAL - 1),
    ),
    tables=(
        belote.card_order_table(),
        belote.no_trump_all_trump_table(),
        RuleTable(
            "contracts",
            T("Les contrats", "Contracts"),
            (T("Contrat", "Contract"), T("Vaut", "Worth"), T("Réussi quand", "Made when")),
            rows=(
                *((c, c, T(f"le camp preneur compte {c} ou plus", f"the bidding side counts {c} or more"))
                  for c in COINCHE_CONTRACTS),
                (T("Capot", "Capot"), CONTRACT_VALUES[CAPOT_CONTRACT],
                 T("le camp preneur fait les 8 plis", "the bidding side takes all 8 tricks")),
                (T("Générale (option)", "Générale (option)"), CONTRACT_VALUES[GENERALE_CONTRACT],
                 T("le preneur fait seul les 8 plis", "the bidder alone takes all 8 tricks")),
            ),
        ),
        RuleTable(
            "scores",
            T("Marque d'une donne", "Scoring a deal"),
            (T("Résultat", "Outcome"), T("Camp preneur", "Bidding side"), T("Défense", "Defence")),
            rows=(
                (T("Réussi, « contrat plus points » (par défaut)", "Made, “contract plus points” (default)"),
                 T("contrat × coinche + ses points arrondis", "contract × coinche + its points to the ten"),
                 T(f"le reste de {ROUNDED_TOTAL}", f"the rest of {ROUNDED_TOTAL}")),
                (T("Réussi, « contrat seul »", "Made, “contract only”"), T("contrat × coinche", "contract × coinche"),
                 T("sa belote", "its belote")),
                (T("Chuté", "Failed"), T("sa belote", "its belote"),
                 T(f"{ROUNDED_TOTAL} + contrat × coinche", f"{ROUNDED_TOTAL} + contract × coinche")),
                (T("Coinche / surcoinche", "Coinche / surcoinche"), T(f"contrat × {MULTIPLIERS[1]} / × {MULTIPLIERS[2]}",
                 f"contract × {MULTIPLIERS[1]} / × {MULTIPLIERS[2]}"), T("idem", "likewise")),
            ),
        ),
        RuleTable(
            "announcements",
            T("Annonces (variante)", "Announcements (variant)"),
            (T("Annonce", "Announcement"), T("Points", "Points")),
            rows=tuple((name, points) for _key, name, points in ANNOUNCEMENTS),
        ),
    ),
)

ENTRY_KEYS = {"bidder", "contract", "trump", "coinche", "points", "belote", "annonces", "capot", "generale"}


def partner(seat: int) -> int:
    return (seat + 2) % PLAYERS


def outcome(options: dict[str, Any], points: int, contract: int | str, coinche: int, bidder_announces: int,
            defence_announces: int, belote_side: str | None, capot: bool, generale: bool) -> belote.CoincheOutcome:
    """One deal scored under the table's ``options``: what the sheet writes and the digital deal returns."""
    return belote.coinche_outcome(
        points, contract, coinche=coinche, bidder_announces=bidder_announces, defence_announces=defence_announces,
        belote=belote_side, capot=capot, generale=generale, counting=options["counting"],
        coinche_all=options["coinche_scope"] == "tout", belote_counts=options["belote_compte"],
        unbid_capot=belote.UNBID_CAPOT if options["capot_non_annonce"] == "prime" else None,
        capot_value=options["capot"], must_beat_defence=options["bat_la_defense"], rounding=options["arrondi"],
        failed_capot=FAILED_CAPOT_FLAT if options["capot_chute"] == CAPOT_CHUTE_FLAT else None)


class CoincheSheet(Sheet):
    lowest_wins = False

    def teams(self) -> tuple[tuple[int, ...], ...]:
        return FACING

    def natural_end(self) -> bool:
        return any(t >= self.options["target"] for t in self.totals)

    def allowed_trumps(self) -> list[str]:
        out = list(SUIT_TRUMPS)
        if self.options["sans_atout"]:
            out.append(NO_TRUMP)
        if self.options["tout_atout"]:
            out.append(ALL_TRUMP)
        return out

    def allowed_contracts(self) -> list[int | str]:
        out: list[int | str] = [*COINCHE_CONTRACTS, CAPOT_CONTRACT]
        if self.options["generale"]:
            out.append(GENERALE_CONTRACT)
        return out

    def next_extra(self) -> dict[str, Any]:
        return {"contracts": self.allowed_contracts(), "trumps": self.allowed_trumps()}

    def entry_fields(self, number: int) -> list[EntryField]:
        fields = [
            EntryField("bidder", T("Preneur", "Bidder"), "seat", required=False,
                       help=T("Personne : tout le monde a passé.", "Nobody: everyone passed.")),
            EntryField("contract", T("Contrat", "Contract"), "contract"),
            EntryField("trump", T("Atout", "Trump"), "trump"),
            EntryField("coinche", T("Coinche", "Coinche"), "coinche", required=False),
            EntryField("points", T("Points du camp preneur", "Bidding side's points"), "number", maximum=DEAL_TOTAL,
                       help=T("Points de ses plis, dix de der compris, sans belote ni annonces.",
                              "Card points in the side's tricks, dix de der included, belote and announcements not.")),
            EntryField("belote", T("Belote-rebelote", "Belote-rebelote"), "seat", required=False),
            EntryField("capot", T("Capot : le camp preneur a fait les 8 plis", "Capot: the bidding side took all 8 tricks"),
                       "bool", required=False),
        ]
        if self.options["generale"]:
            fields.append(EntryField("generale", T("Générale : le preneur a fait seul les 8 plis",
                                                   "Générale: the bidder alone took all 8 tricks"), "bool", required=False))
        if self.options["annonces"]:
            fields.insert(6, EntryField("annonces", T("Annonces", "Announcements"), "count", required=False,
                                        help=T("Points des annonces qui ont compté.", "Points of the announcements that counted.")))
        return fields

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="marque")
        if not r.ok:
            return r.problems
        if "bidder" in r.entry and r.entry["bidder"] is None:
            r.nothing_else("bidder", belote.PASSED_DEAL)
            return r.problems
        r.only_keys(ENTRY_KEYS)
        if "annonces" in r.entry and not self.options["annonces"]:
            r.add("annonces", "annonces_off", T("Les annonces ne comptent pas à cette table (option « annonces »).",
                                                "Announcements do not count at this table (option “annonces”)."),
                  rule="annonces")
        if "generale" in r.entry and not self.options["generale"]:
            r.add("generale", "generale_off", T("La générale ne se joue pas à cette table (option « générale »).",
                                                "The générale is not played at this table (option “générale”)."),
                  rule="generale")
        r.seat("bidder")
        contract = r.entry.get("contract")
        allowed = self.allowed_contracts()
        if "contract" not in r.entry:
            r.missing("contract")
            contract = None
        elif isinstance(contract, bool) or contract not in allowed:
            r.add("contract", "bad_contract", T(
                "Contrat : de {lo} à {hi} de {s} en {s}, ou « capot »{g}.",
                "Contract: {lo} to {hi} in steps of {s}, or “capot”{g_en}.").format(
                lo=COINCHE_CONTRACTS[0], hi=COINCHE_CONTRACTS[-1], s=CONTRACT_STEP,
                g=" ou « generale »" if self.options["generale"] else "",
                g_en=" or “generale”" if self.options["generale"] else ""), rule="contrats")
            contract = None
        trump = r.entry.get("trump")
        if trump is None:
            r.missing("trump")
        elif trump not in self.allowed_trumps():
            r.add("trump", "bad_trump", T("Atout : {a}.", "Trump: {a}.").format(a=", ".join(self.allowed_trumps())))
            trump = None
        coinche = r.entry.get("coinche", 0)
        if isinstance(coinche, bool) or coinche not in (0, 1, 2):
            r.add("coinche", "bad_coinche", T("Coinche : 0 (aucune), 1 (coinché) ou 2 (surcoinché).",
                                              "Coinche: 0 (none), 1 (doubled) or 2 (redoubled)."), rule="coinche")
        points = None
        if not r.has("points"):
            r.missing("points")
        else:
            points = r.integer(r.entry["points"], "points", lo=0, hi=DEAL_TOTAL)
            if points is not None and trump is not None and points in impossible_points(trump):
                said = count(points, "{n} point", "{n} points", "{n} point", "{n} points")
                r.add("points", "impossible_points", T(
                    "{p}, c'est impossible : aucune carte ne vaut 1 point à cet atout.",
                    "{p_en} cannot happen: no card is worth 1 point with this trump.").format(p=said.fr, p_en=said.en),
                      rule="cartes")
                points = None
        belote_seat = r.seat("belote", required=False)
        if belote_seat is not None and trump in (NO_TRUMP, ALL_TRUMP):
            r.add("belote", "belote_no_suit", T("Pas de belote-rebelote sans couleur d'atout.",
                                                "No belote-rebelote without a trump suit."), belote_seat)
        capot = r.boolean("capot")
        generale = r.boolean("generale")
        if capot and points is not None and points != DEAL_TOTAL:
            r.add("capot", "capot_points", T(
                "Capot : le camp preneur a tous les plis, donc {t} points, pas {p}.",
                "Capot: the bidding side has every trick, so {t} points, not {p}.").format(t=DEAL_TOTAL, p=points))
        if generale and not capot:
            r.add("generale", "generale_without_capot", T(
                "Générale : le preneur a fait tous les plis, c'est aussi un capot de son camp.",
                "Générale: the bidder took every trick, which is also a capot of the side."), rule="generale")
        if contract == GENERALE_CONTRACT and capot and r.entry.get("generale") is None and self.options["generale"]:
            r.add("generale", "generale_flag_missing", T(
                "Générale avec capot : dites si le preneur a fait seul tous les plis (« generale » : oui ou non) ; "
                "sans cette case, la feuille la compterait chutée.",
                "A générale with a capot: say whether the bidder alone took every trick (“generale”: true or false); "
                "without it the sheet would count it failed."), rule="generale")
        if self.options["annonces"] and r.has("annonces"):
            values = r.counts("annonces", required=False)
            bidder = r.entry.get("bidder")
            if values is not None:
                check_announcements(r, values, (bidder, partner(bidder)) if is_seat(bidder, self.n) else None)
        return r.problems

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        if entry.get("bidder") is None:
            return {"bidder": None}
        clean = {"bidder": entry["bidder"], "contract": entry["contract"], "trump": entry["trump"],
                 "coinche": entry.get("coinche", 0), "points": entry["points"], "belote": entry.get("belote"),
                 "capot": bool(entry.get("capot"))}
        if self.options["generale"]:
            clean["generale"] = bool(entry.get("generale"))
        if self.options["annonces"]:
            clean["annonces"] = list(entry.get("annonces") or [0] * self.n)
        return clean

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or "bidder" not in entry:
            return super().describe_entry(entry, number)
        if entry["bidder"] is None:
            return [T("Tout le monde a passé.", "Everyone passed.")]
        if not is_seat(entry.get("bidder"), self.n) or not isinstance(entry.get("trump"), str) \
                or entry.get("trump") not in TRUMP_NAMES or not isinstance(entry.get("contract"), (int, str)) \
                or not isinstance(entry.get("points"), int) or entry.get("coinche", 0) not in (0, 1, 2):
            return super().describe_entry(entry, number)
        name = TRUMP_NAMES[entry["trump"]]
        c = contract_name(entry["contract"])
        k = COINCHE_NAMES[entry.get("coinche", 0)]
        made = count(entry["points"], "{n} point de cartes", "{n} points de cartes", "{n} card point", "{n} card points")
        lines = [T("{p} : {c} à {t}, {k} ; {x} pour son camp.",
                   "{p}: {c_en} in {t_en}, {k_en}; {x_en} for the side.").format(
            p=seat_ref(entry["bidder"]), c=c.fr, c_en=c.en, t=name.fr, t_en=name.en, k=k.fr, k_en=k.en,
            x=made.fr, x_en=made.en)]
        if is_seat(entry.get("belote"), self.n):
            lines.append(T("Belote-rebelote : {p}", "Belote-rebelote: {p}").format(p=seat_ref(entry["belote"])))
        if entry.get("generale") is True:
            lines.append(T("Générale", "Générale"))
        elif entry.get("capot") is True:
            lines.append(T("Capot", "Capot"))
        annonces = entry.get("annonces")
        if isinstance(annonces, list) and any(annonces):
            shown = ", ".join(f"{seat_ref(s)} {a}" for s, a in enumerate(annonces) if a)
            lines.append(T("Annonces : {a}", "Announcements: {a}").format(a=shown))
        return lines

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        if entry["bidder"] is None:
            return RoundResult(0, entry, [0] * self.n, notes=[T(
                "Tout le monde a passé : personne ne marque, la donne passe.",
                "Everyone passed: nobody scores, the deal passes on.")], extra={"result": "passed"})
        bidder = entry["bidder"]
        side = (bidder, partner(bidder))
        annonces = entry.get("annonces") or [0] * self.n
        belote_seat = entry.get("belote")
        belote_side = None if belote_seat is None else TAKER if belote_seat in side else DEFENCE
        out = outcome(self.options, entry["points"], entry["contract"], entry["coinche"],
                      sum(annonces[s] for s in side), sum(a for s, a in enumerate(annonces) if s not in side),
                      belote_side, entry["capot"], bool(entry.get("generale")))
        scores = [out.bidder_score if s in side else out.defence_score for s in range(self.n)]
        a, b = sorted(side)
        c, d = (s for s in range(self.n) if s not in side)
        name = contract_name(entry["contract"])
        k = COINCHE_NAMES[entry["coinche"]]
        notes = [
            T("{a} et {b} contre {c} et {d} : chacun inscrit le score de son camp.",
              "{a} and {b} against {c} and {d}: each player writes their side's score.").format(
                a=seat_ref(a), b=seat_ref(b), c=seat_ref(c), d=seat_ref(d)),
            T("Contrat {n} ({k}) : il vaut {v}.", "Contract {n_en} ({k_en}): worth {v}.").format(
                n=name.fr, n_en=name.en, k=k.fr, k_en=k.en, v=out.value)
            if not (entry["coinche"] and self.options["coinche_scope"] == "tout") else
            T("Contrat {n} ({k}) : le camp gagnant prend tout, {v}.", "Contract {n_en} ({k_en}): the winning side takes it all, {v}.").format(
                n=name.fr, n_en=name.en, k=k.fr, k_en=k.en, v=out.value),
        ]
        if out.made:
            notes.append(T("Réussi ({t} comptés) : le camp preneur inscrit {s}, la défense {d}.",
                           "Made ({t} counted): the bidding side writes {s}, the defence {d}.").format(
                t=out.bidder_total, s=out.bidder_score, d=out.defence_score))
        elif entry["coinche"] and self.options["coinche_scope"] == "tout":
            notes.append(T("Chuté ({t} comptés) : la défense inscrit {s}, le camp preneur {b}.",
                           "Failed ({t} counted): the defence writes {s}, the bidding side {b}.").format(
                t=out.bidder_total, s=out.defence_score, b=out.bidder_score))
        elif entry["contract"] == CAPOT_CONTRACT and self.options["capot_chute"] == CAPOT_CHUTE_FLAT:
            notes.append(T("Capot chuté : la défense inscrit {s} (le forfait de {f}{k}{more}), le camp preneur {b}.",
                           "Capot failed: the defence writes {s} (the flat {f}{k}{more}), the bidding side {b}.").format(
                s=out.defence_score, f=FAILED_CAPOT_FLAT, b=out.bidder_score,
                k=f" × {MULTIPLIERS[entry['coinche']]}" if entry["coinche"] else "",
                more=" + …" if out.defence_score != out.value else ""))
        else:
            notes.append(T("Chuté ({t} comptés) : la défense inscrit {s} ({r} + {v}{more}), le camp preneur {b}.",
                           "Failed ({t} counted): the defence writes {s} ({r} + {v}{more}), the bidding side {b}.").format(
                t=out.bidder_total, s=out.defence_score, r=ROUNDED_TOTAL, v=out.value, b=out.bidder_score,
                more=" + …" if out.defence_score != ROUNDED_TOTAL + out.value else ""))
        if belote_seat is not None:  # and so belote_side too
            notes.append(T("Belote-rebelote de {p} : {b} points, jamais perdus.",
                           "Belote-rebelote by {p}: {b} points, never lost.").format(p=seat_ref(belote_seat), b=BELOTE))
        return RoundResult(0, entry, scores, notes=notes, extra={
            "result": "made" if out.made else "failed", "bidder_total": out.bidder_total, "value": out.value})

    def summarise(self, result: RoundResult) -> Text | None:
        """"⟨0⟩ · 100 à ♥ coinché · 112 — fait": the bidder, the contract, its trump and coinche, the bidding
        side's card points, made (fait) or failed (chuté); "Donne passée" when everybody passed."""
        entry = result.entry
        if entry.get("bidder") is None:
            return T("Donne passée", "Passed deal")
        name = TRUMP_NAMES[entry["trump"]]
        trump = T(name.fr[-1], name.en[-1]) if entry["trump"] in SUIT_TRUMPS else T(name.fr.lower(), name.en.lower())
        doubled = (T("", ""), T(" coinché", " doubled"), T(" surcoinché", " redoubled"))[entry["coinche"]]
        how = T("fait", "made") if result.extra.get("result") == "made" else T("chuté", "failed")
        c = contract_name(entry["contract"])
        return T("{p} · {c} à {t}{k} · {x} — {h}", "{p} · {c_en} in {t_en}{k_en} · {x} — {h_en}").format(
            p=seat_ref(entry["bidder"]), c=c.fr, c_en=c.en, t=trump.fr, t_en=trump.en, k=doubled.fr, k_en=doubled.en,
            x=entry["points"], h=how.fr, h_en=how.en)


# -- digital play ---------------------------------------------------------------------------------------------
DEAL_PACKETS = (3, 2, 3)  # every card dealt, in three passes, no retourne
BID_WORD = "bid"  # "bid:100:H", "bid:capot:S", "bid:generale:TA": a contract and its trump
COINCHE_WORD = "coinche"
SURCOINCHE_WORD = "surcoinche"
COINCHE_LABELS = {COINCHE_WORD: T("Coincher", "Coinche (double)"), SURCOINCHE_WORD: T("Surcoincher", "Surcoinche (redouble)")}
# Quick bot: the card points a side expects with a trump, from the hand's worth (BeloteDeal.worth): 10 points a
# unit above QUICK_BASE; the hand bids the highest contract up to that estimate. Among quick bots about 9 deals
# in 10 are bid and 5 in 6 of the contracts made.
QUICK_BASE = 20
QUICK_PER_WORTH = 10
QUICK_COINCHE_AT = 2.0  # coinche an opponent's contract with this much in defence (trump honours and aces)
_SCHEDULES: dict[tuple[int, int], tuple[int, ...]] = {}


def trump_words(trump: str) -> Text:
    """A contract's trump as the table says it: "♥", "sans atout", "tout atout"."""
    if trump in SUIT_TRUMPS:
        name = TRUMP_NAMES[trump]
        return T(name.fr[-1], name.en[-1])
    name = TRUMP_NAMES[trump]
    return T(name.fr.lower(), name.en.lower())


def bid_words(contract: int | str, trump: str) -> Text:
    """"100 ♥", "capot ♠", "générale sans atout"."""
    c, t = contract_name(contract), trump_words(trump)
    return T(f"{c.fr} {t.fr}", f"{c.en} {t.en}")


class CoincheDeal(BeloteDeal):
    """One deal of the coinche played on screen, on the shared belote deal of
    :class:`companion.families.belote.BeloteDeal` with its two partnerships.

    * **Deal**: every card, 3, 2 then 3 to each seat from the dealer's right; no retourne.
    * **Auction** (phase ``"bid"``), from the dealer's right: ``"bid:<contract>:<trump>"`` — a contract of
      :data:`COINCHE_CONTRACTS`, ``capot`` or (option ``generale``) ``generale``, higher than the last, with a
      trump ``S`` ``H`` ``D`` ``C`` (and ``SA``, ``TA`` with the options ``sans_atout``, ``tout_atout``) —, or
      ``"pass"``; an opponent of the last bidder may say ``"coinche"``. Then the auction stops: the coinched side
      answers in turn, ``"surcoinche"`` or ``"pass"``. Three passes after a bid make it the contract; four passes
      from the start end the deal (the sheet's passed round: the next seat deals a fresh one).
    * **Play**: the dealer's right leads; the duties of :class:`BeloteDeal` under a suit contract; at sans atout
      one follows, nothing more; at tout atout one follows and goes higher in the suit led when one can.

    :meth:`entry` is the sheet's ``{"bidder", "contract", "trump", "coinche", "points", "belote", "capot"}`` (and
    ``"generale"``, ``"annonces"`` with their options), ``{"bidder": None}`` when everybody passed.
    """

    slug = INFO.slug
    partnerships = True
    _mutable = BeloteDeal._mutable + ("auction",)

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int):
        super().__init__(n_players, options, number, dealer)
        self.auction: list[tuple[int, str]] = []  # (seat, word), in the order said
        self.contract: int | str | None = None
        self.contract_trump = ""
        self.bidder = -1  # the last to bid (the taker once the auction is over)
        self.coinche = 0  # 0, 1 coinché, 2 surcoinché
        self.passes = 0  # passes since the last bid
        self.answers = 0  # passes of the coinched side since the coinche
        trumps = list(SUIT_TRUMPS)
        if options.get("sans_atout"):
            trumps.append(NO_TRUMP)
        if options.get("tout_atout"):
            trumps.append(ALL_TRUMP)
        self.trumps = tuple(trumps)
        contracts: list[int | str] = [*COINCHE_CONTRACTS, CAPOT_CONTRACT]
        if options.get("generale"):
            contracts.append(GENERALE_CONTRACT)
        self.contracts = tuple(contracts)

    # -- the deal and the auction -----------------------------------------------------------------------
    def _deal_schedule(self) -> tuple[int, ...]:
        n = self.n_players
        key = (n, self.dealer)
        if key not in _SCHEDULES:
            first = (self.dealer + 1) % n  # the dealer's right: seats are numbered in the order of play
            out: list[int] = []
            for packet in DEAL_PACKETS:
                for k in range(n * packet):
                    out.append((first + k // packet) % n)
            _SCHEDULES[key] = tuple(out)
        return _SCHEDULES[key]

    def _phase_actions(self) -> list[Action]:
        if self.coinche:
            return [SURCOINCHE_WORD, PASS_WORD]
        start = 0 if self.contract is None else self.contracts.index(self.contract) + 1
        out = [f"{BID_WORD}:{c}:{t}" for c in self.contracts[start:] for t in self.trumps]
        out.append(PASS_WORD)
        if self.contract is not None and (self.to_move - self.bidder) % 2:
            out.append(COINCHE_WORD)
        return out

    def _phase_apply(self, action: Action) -> None:
        seat, n = self.to_move, self.n_players
        self.auction.append((seat, action))
        if action == PASS_WORD:
            if self.coinche:
                self.answers += 1
                if self.answers == 1:
                    self.to_move = (seat + 2) % n  # the bidder's partner may still surcoinche
                else:
                    self._end_auction()
                return
            self.passes += 1
            if self.contract is None and self.passes == n:
                self._finish()  # nobody bid: nothing is played
            elif self.contract is not None and self.passes == n - 1:
                self._end_auction()
            else:
                self.to_move = (seat + 1) % n
            return
        if action == COINCHE_WORD:
            self.coinche = 1
            self.to_move = (seat + 1) % n  # the coinched side answers
            return
        if action == SURCOINCHE_WORD:
            self.coinche = 2
            self._end_auction()
            return
        _word, contract, trump = action.split(":")
        self.contract = int(contract) if contract.isdigit() else contract
        self.contract_trump = trump
        self.bidder = seat
        self.passes = 0
        self.to_move = (seat + 1) % n

    def _end_auction(self) -> None:
        self.taker = self.bidder
        self.side = self.sides(self.bidder)
        self.set_contract(self.contract_trump)
        self.start_play(self.first)

    def _phase_normalise(self, action: str) -> Action:
        word = action.strip().lower()
        head, _sep, rest = word.partition(":")
        if head == BID_WORD:
            contract, _sep, trump = rest.partition(":")
            return f"{BID_WORD}:{contract.strip()}:{trump.strip().upper()}"
        return word

    def _why_phase_illegal(self, action: Action) -> IllegalAction:
        seat = self.to_move
        head, _sep, rest = action.partition(":")
        if self.coinche:
            return illegal("coinched", T("Le contrat est coinché : surcoinchez ou passez.",
                                         "The contract is doubled: surcoinche or pass."), seat)
        if action == COINCHE_WORD:
            return illegal("coinche_whom", T("On coinche le contrat d'un adversaire, une fois qu'il y en a un.",
                                             "One doubles an opponent's contract, once there is one."), seat)
        if action == SURCOINCHE_WORD:
            return illegal("surcoinche_whom", T("On surcoinche quand son camp est coinché.",
                                                "One redoubles when one's own side is doubled."), seat)
        contract, _sep, trump = rest.partition(":")
        if head == BID_WORD and trump not in self.trumps:
            return illegal("bad_trump", T("Atout : {a}.", "Trump: {a}.").format(a=", ".join(self.trumps)), seat)
        if head == BID_WORD and self.contract is not None:
            said = bid_words(self.contract, self.contract_trump)
            return illegal("bid_too_low", T("Il faut annoncer plus haut que {c}.", "You must bid higher than {c_en}.").format(
                c=said.fr, c_en=said.en), seat)
        return illegal("bad_bid", T(
            "Annoncez un contrat (bid:80:H … bid:160:C, bid:capot:S), ou passez.",
            "Bid a contract (bid:80:H … bid:160:C, bid:capot:S), or pass."), seat)

    # -- the sheet's round and its scores -----------------------------------------------------------------
    def _coinche_facts(self) -> tuple[int, str | None, bool, bool]:
        """The bidding side's card points (dix de der included), the side of the belote, capot (the bidding
        side took every trick), générale (the bidder alone did)."""
        points, side, _either = self._facts()
        tricks = sum(w for s, w in enumerate(self.won) if self.side[s] == 0)
        return points, side, tricks == self.n_tricks, self.won[self.taker] == self.n_tricks

    def _entry(self) -> dict[str, Any]:
        if self.taker < 0:
            return {"bidder": None}
        points, _side, capot, generale = self._coinche_facts()
        entry: dict[str, Any] = {"bidder": self.taker, "contract": self.contract, "trump": self.contract_trump,
                                 "coinche": self.coinche, "points": points,
                                 "belote": self.belote_seat if self.belote_seat >= 0 else None, "capot": capot}
        if self.options.get("generale"):
            entry["generale"] = generale
        if self.with_annonces:
            entry["annonces"] = list(self.annonces or [0] * self.n_players)
        return entry

    def returns(self) -> list[float]:
        if self.taker < 0:
            return [0.0] * self.n_players
        assert self.contract is not None  # a taker has a contract
        points, side, capot, generale = self._coinche_facts()
        out = outcome(self.options, points, self.contract, self.coinche, self.side_announces(0),
                      self.side_announces(1), side, capot, generale and bool(self.options.get("generale")))
        return [out.bidder_score if self.side[s] == 0 else out.defence_score for s in range(self.n_players)]

    # -- the quick bot ----------------------------------------------------------------------------------
    def quick_action(self, rng: random.Random) -> Action:
        """Bid the highest contract the hand's best suit is worth (:data:`QUICK_BASE`, :data:`QUICK_PER_WORTH`)
        when it beats the last bid and the partner does not hold it; coinche an opponent with trump honours
        and aces, or a capot bid with a likely trick; surcoinche what its own hand is worth. The play is the
        shared quick bot's."""
        if self.phase != "bid":
            return super().quick_action(rng)
        seat = self.to_move
        if self.coinche:
            return SURCOINCHE_WORD if self._sure_of_it(seat) else PASS_WORD
        legal = self._phase_actions()
        ours = self.contract is not None and (seat - self.bidder) % 2 == 0
        if not ours:
            suit = max(SUIT_TRUMPS, key=lambda t: self.worth(seat, SUIT_BY_LETTER[t], False))
            estimate = QUICK_BASE + QUICK_PER_WORTH * self.worth(seat, SUIT_BY_LETTER[suit], False)
            level = min(COINCHE_CONTRACTS[-1], int(estimate) // CONTRACT_STEP * CONTRACT_STEP)
            word = f"{BID_WORD}:{level}:{suit}"
            if level >= COINCHE_CONTRACTS[0] and word in legal:
                return word
            if COINCHE_WORD in legal and self._worth_coinching(seat):
                return COINCHE_WORD
        return PASS_WORD

    def _worth_coinching(self, seat: int) -> bool:
        """A capot or générale bid against a hand that may take a trick (an ace, or the Jack of a trump); a
        suit contract against :data:`QUICK_COINCHE_AT` of :meth:`defence_worth`."""
        pk, hand = self.pack, self.held[seat]
        if self.contract in (CAPOT_CONTRACT, GENERALE_CONTRACT):
            jacks = [c for c in bits(hand) if pk.card[c].rank.code == "J"]  # type: ignore[attr-defined]  # SuitCards
            aces = [c for c in bits(hand) if pk.card[c].rank.code == "A"]  # type: ignore[attr-defined]  # SuitCards
            trump_jack = any(self.contract_trump == ALL_TRUMP or pk.suit[c] == SUIT_BY_LETTER.get(self.contract_trump)
                             for c in jacks)
            return bool(aces) or trump_jack
        return self.contract_trump in SUIT_TRUMPS and self.defence_worth(seat) >= QUICK_COINCHE_AT

    def _sure_of_it(self, seat: int) -> bool:
        """Surcoinche a numbered suit contract of one's side that one's own hand alone is worth
        (the estimate of :meth:`quick_action` at the contract's trump)."""
        if not isinstance(self.contract, int) or self.contract_trump not in SUIT_TRUMPS:
            return False
        worth = self.worth(seat, SUIT_BY_LETTER[self.contract_trump], False)
        return QUICK_BASE + QUICK_PER_WORTH * worth >= self.contract

    def defence_worth(self, seat: int) -> float:
        """What ``seat`` holds against the contract's trump: its Jack and 9 (1 each), other trumps (0.25 each) and
        plain aces (0.5 each)."""
        pk, trump = self.pack, SUIT_BY_LETTER[self.contract_trump]
        total = 0.0
        for c in bits(self.held[seat]):
            rank = pk.card[c].rank.code  # type: ignore[attr-defined]  # a belote pack: SuitCards only
            if pk.suit[c] == trump:
                total += 1.0 if rank in ("J", "9") else 0.25
            elif rank == "A":
                total += 0.5
        return total

    # -- what seats know and see ------------------------------------------------------------------------
    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        super()._observe(obs, seat)
        obs["bids"] = [[s, w] for s, w in self.auction]
        obs["contract"] = self.contract
        obs["contract_trump"] = self.contract_trump or None
        obs["bidder"] = self.bidder if self.bidder >= 0 else None
        obs["coinche"] = self.coinche
        obs["no_trump"] = self.taker >= 0 and self.contract_trump == NO_TRUMP

    def _contract_text(self) -> Text:
        assert self.contract is not None  # called once there is a bid
        said = bid_words(self.contract, self.contract_trump)
        if self.coinche:
            k = COINCHE_NAMES[self.coinche]
            return T(f"{said.fr} {k.fr}", f"{said.en} {k.en}")
        return said

    def view_facts(self, seat: int | None, obs: dict[str, Any]) -> list[Fact]:
        """The contract and its bidder (during the auction, the bid to beat), the partner, the trump (tout atout
        said as such), the announcements shown."""
        if self.contract is None:
            return []
        if self.taker < 0:
            said = self._contract_text()
            facts = [Fact("contract", T("Contrat", "Contract"), T(f"{said.fr} · {seat_ref(self.bidder)}",
                                                                  f"{said.en} · {seat_ref(self.bidder)}"))]
        else:
            facts = taker_facts(self.taker, self._contract_text()) + self.partner_facts(obs)
            if self.contract_trump == ALL_TRUMP:
                facts.append(Fact("trump", T("Atout", "Trumps"), T("tout atout", "all trumps")))
            else:
                facts += trump_facts(obs)
        return facts + self.announcement_facts(obs)

    def view_prompt(self, seat: int, obs: dict[str, Any]) -> Text | None:
        if self.phase == "bid":
            if self.coinche:
                return T("Votre camp est coinché : surcoinchez-vous ?", "Your side is doubled: do you redouble?")
            if self.contract is None:
                return T("Annoncez un contrat, ou passez.", "Bid a contract, or pass.")
            said = self._contract_text()
            return T(f"À battre : {said.fr}. Montez, coinchez ou passez.", f"To beat: {said.en}. Bid higher, double or pass.") \
                if COINCHE_WORD in self._phase_actions() else T(f"À battre : {said.fr}. Montez ou passez.",
                                                                f"To beat: {said.en}. Bid higher or pass.")
        return super().view_prompt(seat, obs)

    def action_label(self, action: Action) -> Text:
        """``"bid:100:H"``: "100 ♥"; ``"coinche"``, ``"surcoinche"`` as the table says them."""
        if action in COINCHE_LABELS:
            return COINCHE_LABELS[action]
        head, _sep, rest = action.partition(":")
        contract, _sep, trump = rest.partition(":")
        if head == BID_WORD and trump in TRUMP_NAMES:
            return bid_words(int(contract) if contract.isdigit() else contract, trump)
        return super().action_label(action)


class Coinche(Game):
    info = INFO
    sheet_class = CoincheSheet
    deal_class = CoincheDeal
    options = (
        Option("target", T("Partie en combien de points", "Game to how many points"), "int", TARGET,
               minimum=1, maximum=100_000,
               help=T("Le premier camp qui l'atteint finit la partie ; le plus haut total gagne.",
                      "The first side to reach it ends the game; the highest total wins."),
               presets=tuple((p, T(f"{p} points", f"{p} points")) for p in TARGET_PRESETS)),
        Option("counting", T("Décompte", "Counting"), "choice", CONTRAT_PLUS_POINTS,
               choices=((CONTRAT_PLUS_POINTS, T("Contrat plus points faits", "Contract plus points made")),
                        (CONTRAT_SEUL, T("Contrat seul", "Contract only")))),
        Option("coinche_scope", T("Ce que la coinche multiplie", "What a coinche multiplies"), "choice", "contrat",
               choices=(("contrat", T("Le contrat", "The contract")),
                        ("tout", T("Tout : (160 + contrat) au camp gagnant", "Everything: (160 + contract) to the winning side"))),
               help=T("Variante : une donne coinchée donne tout au camp gagnant, rien à l'autre (sauf sa belote).",
                      "Variant: a doubled deal gives everything to the winning side, nothing to the other (but its belote).")),
        Option("belote_compte", T("La belote aide à remplir le contrat", "The belote helps to make the contract"),
               "bool", True,
               help=T("Sans : la belote-rebelote s'inscrit toujours, mais le contrat se remplit sans elle.",
                      "Without: belote-rebelote is still written, but the contract must be made without it.")),
        Option("bat_la_defense", T("Il faut aussi battre la défense", "The bidders must also beat the defence"),
               "bool", False,
               help=T("Le contrat n'est rempli que si le camp preneur compte aussi plus que la défense.",
                      "The contract is made only if the bidding side also counts more than the defence.")),
        Option("capot_non_annonce", T("Capot non annoncé", "Capot not bid"), "choice", "points",
               choices=(("points", T("Sans prime", "No bonus")),
                        ("prime", T(f"Contrat + {belote.UNBID_CAPOT}", f"Contract + {belote.UNBID_CAPOT}"))),
               help=T("Un contrat chiffré réussi en faisant tous les plis, au décompte « contrat plus points » : "
                      f"sans prime, le contrat plus ses points ; avec, le contrat plus {belote.UNBID_CAPOT}.",
                      "A numbered contract made with every trick, in the “contract plus points” counting: no bonus, "
                      f"the contract plus its points; with it, the contract plus {belote.UNBID_CAPOT}.")),
        Option("capot", T("Valeur du capot annoncé", "Value of a capot bid"), "choice", CONTRACT_VALUES[CAPOT_CONTRACT],
               choices=((CONTRACT_VALUES[CAPOT_CONTRACT], T(str(CONTRACT_VALUES[CAPOT_CONTRACT]), str(CONTRACT_VALUES[CAPOT_CONTRACT]))),
                        (CAPOT_BID_HIGH, T(str(CAPOT_BID_HIGH), str(CAPOT_BID_HIGH))))),
        Option("capot_chute", T("Capot annoncé et chuté", "A capot bid that fails"), "choice", CAPOT_CHUTE_PLUS,
               choices=((CAPOT_CHUTE_PLUS, T(f"{ROUNDED_TOTAL} + le capot à la défense",
                                             f"{ROUNDED_TOTAL} + the capot to the defence")),
                        (CAPOT_CHUTE_FLAT, T(f"{FAILED_CAPOT_FLAT} à la défense", f"{FAILED_CAPOT_FLAT} to the defence"))),
               help=T(f"Certains règlements donnent à la défense {FAILED_CAPOT_FLAT} tout rond (× la coinche).",
                      f"Some rules give the defence a flat {FAILED_CAPOT_FLAT} (× the coinche).")),
        Option("arrondi", T("Arrondi des points", "Rounding the card points"), "choice", ROUND_COMPLEMENT,
               choices=((ROUND_COMPLEMENT, T(f"La défense prend le reste de {ROUNDED_TOTAL}",
                                             f"The defence takes the rest of {ROUNDED_TOTAL}")),
                        (ROUND_EACH, T("Chaque camp arrondit ses points", "Each side rounds its own points"))),
               help=T("Contrat réussi, décompte « contrat plus points » : 85 contre 77 s'écrit 90 et 70, "
                      "ou 90 et 80 quand chaque camp arrondit.",
                      "Contract made, “contract plus points”: 85 to 77 is written 90 and 70, or 90 and 80 when each "
                      "side rounds its own.")),
        Option("generale", T("Générale (un joueur fait seul tous les plis)", "Générale (one player takes every trick)"),
               "bool", False),
        Option("sans_atout", T("Contrat sans atout", "No-trump contracts"), "bool", False),
        Option("tout_atout", T("Contrat tout atout", "All-trump contracts"), "bool", False),
        Option("annonces", T("Annonces (tierce, cinquante, cent, carrés)", "Announcements (sequences, fours)"), "bool",
               False, help=T("Sans l'option, la belote-rebelote est la seule annonce.",
                             "Without it, belote-rebelote is the only announcement.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The contracts and trumps are the sheet's own (:meth:`CoincheSheet.allowed_contracts`,
        :meth:`CoincheSheet.allowed_trumps`): the générale, sans atout and tout atout with their options."""
        sheet = self.new_sheet(n_players, options)
        assert isinstance(sheet, CoincheSheet)  # this game's sheet
        played = {
            "bidder": schema.seat(n_players, "the seat that won the auction"),
            "contract": schema.choice(sheet.allowed_contracts(), (
                f"the contract bid: {COINCHE_CONTRACTS[0]} to {COINCHE_CONTRACTS[-1]}, {CAPOT_CONTRACT}, or with the "
                f"option generale {GENERALE_CONTRACT} (the bidder alone takes every trick)")),
            "trump": schema.choice(sheet.allowed_trumps(), (
                f"the trump suit S, H, D or C; {NO_TRUMP} (no trumps) with the option sans_atout, {ALL_TRUMP} (all "
                "trumps) with the option tout_atout")),
            "coinche": schema.choice([0, 1, 2], "0 none, 1 coinche (×2), 2 surcoinche (×4)"),
            "points": schema.whole(0, DEAL_TOTAL, "the bidding side's card points, dix de der included"),
            "belote": schema.nullable(schema.seat(n_players), "who announced belote-rebelote (a suit trump only)"),
            "capot": schema.flag("the bidding side took all 8 tricks"),
        }
        if sheet.options["generale"]:
            played["generale"] = schema.flag("with the option generale only: the bidder alone took all 8 tricks "
                                             "(a capot too)")
        if sheet.options["annonces"]:
            played["annonces"] = belote.announcements_schema(n_players)
        assert set(played) <= ENTRY_KEYS  # the keys check_entry allows
        return schema.entry("Coinche round entry", one_of=[
            schema.obj(played, ["bidder", "contract", "trump", "points"]), belote.passed_schema("bidder")])


GAME = Coinche()
