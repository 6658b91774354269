"""La coinche (belote contrée), the bidding belote of four players in two partnerships. The user's rule documents
do not describe it: the rules come from the Fédération Française de Belote's rules of the belote contrée and
pagat.com (« Coinche ») for the auction, coinche and surcoinche; contree.net (« Score ») for the two ways of
counting; the no-trump and all-trump values as Belote de comptoir takes them (exoty.com « Compter les points à la
coinche »).

Scoring is the shared belote core (:func:`companion.families.belote.coinche_outcome`); card points and the ceiling
of each contract come from :mod:`companion.families.belote` like every other belote. Seats 0 and 2 play against
seats 1 and 3; both partners write their side's score.
"""

from __future__ import annotations

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
    ROUND_COMPLEMENT,
    ROUND_EACH,
    ROUNDED_TOTAL,
    SUIT_TRUMPS,
    TAKER,
    TRUMP_NAMES,
)
from companion.families.belote_sheet import check_announcements
from companion.kernel import schema
from companion.kernel.entries import EntryReader, is_seat
from companion.kernel.errors import Problem
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
        out = belote.coinche_outcome(
            entry["points"], entry["contract"], coinche=entry["coinche"],
            bidder_announces=sum(annonces[s] for s in side),
            defence_announces=sum(a for s, a in enumerate(annonces) if s not in side),
            belote=belote_side, capot=entry["capot"], generale=bool(entry.get("generale")),
            counting=self.options["counting"], coinche_all=self.options["coinche_scope"] == "tout",
            belote_counts=self.options["belote_compte"],
            unbid_capot=belote.UNBID_CAPOT if self.options["capot_non_annonce"] == "prime" else None,
            capot_value=self.options["capot"], must_beat_defence=self.options["bat_la_defense"],
            rounding=self.options["arrondi"],
            failed_capot=FAILED_CAPOT_FLAT if self.options["capot_chute"] == CAPOT_CHUTE_FLAT else None)
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


class Coinche(Game):
    info = INFO
    sheet_class = CoincheSheet
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
