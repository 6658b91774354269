"""L'hombre. Source: seed file 001 (L'hombre); completed from the classic game of Ombre (Encyclopaedia Britannica
1911, "Ombre"; salondesjeux.fr; les4enseignes.wordpress.com) for the black plain suits, the talon size, the trump
choice, codille and remise (la bête); the score sheet as issue 12 reads the seed.

The sheet counts chips: everyone starts with ``start_chips``, puts ``stake`` in the pot before every deal (2 after
a passed deal), and each deal moves chips between the players and the pot, so ``totals`` are chips held and the
players' chips plus the pot stay 3 × ``start_chips``. Prendre: the ombre wins with more tricks than each opponent;
codille when an opponent has more than each other player (he is paid instead); otherwise remise (la bête: the ombre
pays into the pot as much as it holds). Sans prendre (5 tricks) and vole (9) are won or lost; a lost one pays each
opponent, who share the pot (an odd chip stays in it).
"""

from __future__ import annotations

from ..base import COUNTERCLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable, Sheet
from ..entries import EntryReader
from ..errors import Problem
from ..text import T, Text, seat_ref

PLAYERS = 3
HAND_SIZE = 9  # dealt three at a time
TALON_SIZE = 13  # 40 - 3 * 9
TRICKS = 9

CHIPS_PER_PLAYER = 20
PLAQUES_PER_PLAYER = 3
PLAQUE_VALUE = 20  # a plaque is worth twenty chips
ANTE = 3  # each player, at the start of every deal
ALL_PASS_ADD = 2  # each player's stake for the redeal after all three passed (instead of ANTE)
MATADOR_CHIPS = 1  # per matador the winner holds, from each opponent
MAX_MATADORS = 3  # espadille, manille, baste
SANS_PRENDRE_TRICKS = 5
START_CHIPS = CHIPS_PER_PLAYER + PLAQUES_PER_PLAYER * PLAQUE_VALUE  # 80

# Contracts from lowest to highest: (key, French, English, tricks promised, the hombre exchanges, chips from/to each opponent).
CONTRACTS = (
    ("prendre", "Prendre (demander)", "Entry (prendre)", None, True, 3),
    ("sans_prendre", "Sans prendre", "Without taking (sans prendre)", 5, False, 4),
    ("vole", "Vole", "Vole (all tricks)", 9, False, 2 * PLAQUE_VALUE),
)
CONTRACT_PAYMENT = {key: pay for key, _fr, _en, _tricks, _exchange, pay in CONTRACTS}
CONTRACT_NAMES = {key: T(fr, en) for key, fr, en, _tricks, _exchange, _pay in CONTRACTS}

_ESPADILLE = T("Espadille (As♠)", "Spadille (A♠)")
_BASTE = T("Baste (As♣)", "Basto (A♣)")
MATADORS = (_ESPADILLE, T("Manille", "Manille"), _BASTE)

_DASH = "—"
_K, _Q, _J, _A = T("R", "K"), T("D", "Q"), T("V", "J"), T("As", "A")

# Rank 1 is the highest card. Aces of spades and clubs are always trumps, never plain cards.
BLACK_TRUMPS = (_ESPADILLE, T("Manille (2 d'atout)", "Manille (trump 2)"), _BASTE, _K, _Q, _J, 7, 6, 5, 4, 3)
RED_TRUMPS = (
    _ESPADILLE,
    T("Manille (7 d'atout)", "Manille (trump 7)"),
    _BASTE,
    T("Ponte (As d'atout)", "Ponto (trump A)"),
    _K,
    _Q,
    _J,
    2,
    3,
    4,
    5,
    6,
)
BLACK_PLAIN = (_K, _Q, _J, 7, 6, 5, 4, 3, 2)
RED_PLAIN = (_K, _Q, _J, _A, 2, 3, 4, 5, 6, 7)


def _column(cards: tuple, length: int = 12) -> tuple:
    return cards + (_DASH,) * (length - len(cards))


_COLUMNS = [_column(BLACK_TRUMPS), _column(RED_TRUMPS), _column(BLACK_PLAIN), _column(RED_PLAIN)]

INFO = GameInfo(
    slug="hombre",
    names=T("L'hombre", "Ombre"),
    min_players=PLAYERS,
    max_players=PLAYERS,
    decks=("40",),
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="Seed file 001 (L'hombre); completed from the classic game of Ombre (Encyclopaedia Britannica 1911, "
    "salondesjeux.fr, les4enseignes.wordpress.com).",
    aliases=("ombre", "l'ombre", "hombre", "jeu de l'hombre"),
    summary=T(
        "Jeu de levées à trois du XVIIe siècle : l'hombre joue seul contre deux, avec ses matadors.",
        "Three-handed 17th-century trick-taking game: the ombre plays alone against two, with his matadors.",
    ),
    values=(
        ("deck", 40),
        ("hand_size", HAND_SIZE),
        ("talon", TALON_SIZE),
        ("tricks", TRICKS),
        ("chips", CHIPS_PER_PLAYER),
        ("plaques", PLAQUES_PER_PLAYER),
        ("plaque_value", PLAQUE_VALUE),
        ("start_chips", START_CHIPS),
        ("stake", ANTE),
        ("pass_stake", ALL_PASS_ADD),
        ("pot_after_stakes", PLAYERS * ANTE),
        ("prendre_pay", CONTRACT_PAYMENT["prendre"]),
        ("sans_prendre_pay", CONTRACT_PAYMENT["sans_prendre"]),
        ("sans_prendre_tricks", SANS_PRENDRE_TRICKS),
        ("vole_pay", CONTRACT_PAYMENT["vole"]),
        ("vole_plaques", CONTRACT_PAYMENT["vole"] // PLAQUE_VALUE),
        ("matador_chips", MATADOR_CHIPS),
        ("matadors", MAX_MATADORS),
        ("black_trumps", len(BLACK_TRUMPS)),
        ("red_trumps", len(RED_TRUMPS)),
        ("black_plain", len(BLACK_PLAIN)),
        ("red_plain", len(RED_PLAIN)),
        ("deal_by", 3),
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes (de la plus forte à la plus faible)", "Card order (highest first)"),
            (
                T("Rang", "Rank"),
                T("Atout ♠ ou ♣ (11 atouts)", "Trumps ♠ or ♣ (11 trumps)"),
                T("Atout ♥ ou ♦ (12 atouts)", "Trumps ♥ or ♦ (12 trumps)"),
                T("♠ ou ♣ hors atout", "♠ or ♣, not trumps"),
                T("♥ ou ♦ hors atout", "♥ or ♦, not trumps"),
            ),
            rows=tuple((rank + 1, *(col[rank] for col in _COLUMNS)) for rank in range(12)),
        ),
        RuleTable(
            "contracts",
            T("Contrats et paiements (en jetons)", "Contracts and payments (in chips)"),
            (
                T("Contrat", "Contract"),
                T("Rang d'enchère", "Bid rank"),
                T("Levées à faire", "Tricks needed"),
                T("L'hombre échange", "Ombre exchanges"),
                T("Reçu de chaque adversaire si gagné", "From each opponent if won"),
                T("Payé à chaque adversaire si perdu", "To each opponent if lost"),
            ),
            rows=(
                (
                    T("Prendre (demander)", "Entry (prendre)"),
                    1,
                    T("plus que chaque adversaire", "more than each opponent"),
                    T("oui", "yes"),
                    CONTRACT_PAYMENT["prendre"],
                    T("codille ou bête", "codille or bête"),
                ),
                (
                    T("Sans prendre", "Without taking"),
                    2,
                    T("5 ou plus", "5 or more"),
                    T("non", "no"),
                    CONTRACT_PAYMENT["sans_prendre"],
                    CONTRACT_PAYMENT["sans_prendre"],
                ),
                (
                    T("Vole", "Vole"),
                    3,
                    T("les 9", "all 9"),
                    T("non", "no"),
                    CONTRACT_PAYMENT["vole"],
                    CONTRACT_PAYMENT["vole"],
                ),
            ),
        ),
        RuleTable(
            "material",
            T("Jetons et mises", "Chips and stakes"),
            (T("Élément", "Item"), T("Valeur", "Value")),
            rows=(
                (T("Jetons par joueur au départ", "Chips per player at the start"), CHIPS_PER_PLAYER),
                (T("Plaques par joueur au départ", "Plaques per player at the start"), PLAQUES_PER_PLAYER),
                (T("Valeur d'une plaque (jetons)", "Value of a plaque (chips)"), PLAQUE_VALUE),
                (T("Mise de chaque joueur à chaque donne", "Each player's stake every deal"), ANTE),
                (
                    T(
                        "Mise de chacun pour une redonne (tous ont passé)",
                        "Each player's stake for a redeal (all passed)",
                    ),
                    ALL_PASS_ADD,
                ),
                (T("Par matador, de chaque adversaire", "Per matador, from each opponent"), MATADOR_CHIPS),
            ),
        ),
    ),
)


class HombreSheet(Sheet):
    lowest_wins = False

    def __init__(self, game: Game, n_players: int, options: dict):
        super().__init__(game, n_players, options)
        self.pot = 0  # chips in the pot between deals
        self.passed_last = False  # the last deal was passed: the coming stake is ALL_PASS_ADD

    def initial_totals(self) -> int:
        return self.options["start_chips"]

    @property
    def stake(self) -> int:
        return ALL_PASS_ADD if self.passed_last else self.options["stake"]

    def natural_end(self) -> bool:
        if not self.rounds:
            return False
        deals = self.options["deals"]
        return (deals is not None and len(self.rounds) >= deals) or any(t <= 0 for t in self.totals)

    def next_extra(self) -> dict:
        return {"pot": self.pot, "stake": self.stake}

    def entry_fields(self, number: int) -> list[EntryField]:
        return [
            EntryField("contract", T("Contrat", "Contract"), "contract", required=False,
                       help=T("Personne : les trois ont passé.", "Nobody: all three passed.")),
            EntryField("ombre", T("Hombre", "Ombre"), "seat"),
            EntryField("tricks", T("Levées", "Tricks"), "count", maximum=TRICKS),
            EntryField("matadors", T("Matadors du gagnant", "Winner's matadors"), "number", required=False,
                       maximum=MAX_MATADORS,
                       help=T("Espadille, manille, baste : combien en avait l'hombre gagnant (ou l'adversaire qui fait codille).",
                              "Spadille, manille, basto: how many the winning ombre held (or the opponent who won codille).")),
        ]

    def check_entry(self, entry) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="levees")
        if not r.ok:
            return r.problems
        if "contract" not in r.entry:
            r.missing("contract")
        elif r.entry["contract"] is None:
            for key in r.entry:
                if key != "contract":
                    r.add(key, "passed_deal", T("Tous ont passé : rien d'autre à saisir.",
                                                "Everybody passed: nothing else is entered."), rule="encheres")
            return r.problems
        elif not isinstance(r.entry["contract"], str) or r.entry["contract"] not in CONTRACT_PAYMENT:
            r.add("contract", "bad_contract", T("Contrat : prendre, sans_prendre ou vole (null si tous ont passé).",
                                                "Contract: prendre, sans_prendre or vole (null when all passed)."),
                  rule="encheres")
        r.only_keys({"contract", "ombre", "tricks", "matadors"})
        r.seat("ombre")
        tricks = r.counts("tricks", maximum=TRICKS)
        if tricks is not None and sum(tricks) != TRICKS:
            r.add("tricks", "trick_total", T("Il y a {t} levées par donne : {s} saisies.",
                                             "There are {t} tricks a deal: {s} entered.").format(t=TRICKS, s=sum(tricks)))
        if r.has("matadors"):
            r.integer(r.entry["matadors"], "matadors", lo=0, hi=MAX_MATADORS)
        return r.problems

    def normalise(self, entry: dict) -> dict:
        if entry["contract"] is None:
            return {"contract": None}
        return {"contract": entry["contract"], "ombre": entry["ombre"], "tricks": list(entry["tricks"]),
                "matadors": entry.get("matadors") or 0}

    def describe_entry(self, entry, number: int) -> list[Text]:
        """The history's words: the contract and its ombre, each player's tricks, the matadors."""
        if not isinstance(entry, dict) or "contract" not in entry:
            return super().describe_entry(entry, number)
        if entry["contract"] is None:
            return [T("Les trois ont passé.", "All three passed.")]
        contract, ombre, tricks = entry.get("contract"), entry.get("ombre"), entry.get("tricks")
        if not isinstance(contract, str) or contract not in CONTRACT_NAMES or not isinstance(ombre, int) \
                or not 0 <= ombre < self.n or not isinstance(tricks, list) or len(tricks) != self.n:
            return super().describe_entry(entry, number)
        name = CONTRACT_NAMES[contract]
        shown = ", ".join(f"{seat_ref(s)} {t}" for s, t in enumerate(tricks))
        lines = [T("{p} est l'hombre, contrat « {c} ».", "{p} is the ombre, contract “{c_en}”.").format(
                     p=seat_ref(ombre), c=name.fr, c_en=name.en),
                 T("Levées : {t}", "Tricks: {t}").format(t=shown)]
        if entry.get("matadors"):
            lines.append(T("Matadors du gagnant : {m}", "Winner's matadors: {m}").format(m=entry["matadors"]))
        return lines

    def score_entry(self, entry: dict) -> RoundResult:
        n, stake = self.n, self.stake
        scores = [-stake] * n
        pot = self.pot + stake * n
        notes = [T("Chacun met {s} au pot : il contient {p}.", "Everyone puts {s} in the pot: it holds {p}.").format(s=stake, p=pot)]
        contract = entry["contract"]
        result, winner = "passed", None
        if contract is None:
            notes.append(T("Les trois ont passé : on redonne, avec une mise de {s} chacun.",
                           "All three passed: the next deal is staked {s} each.").format(s=ALL_PASS_ADD))
        else:
            ombre, tricks, m = entry["ombre"], entry["tricks"], entry["matadors"]
            others = [s for s in range(n) if s != ombre]
            pay = CONTRACT_PAYMENT[contract]
            name = CONTRACT_NAMES[contract]
            notes.append(T("{p} est l'hombre, contrat « {c} », et fait {t} levée{s}.",
                           "{p} is the ombre, contract “{c_en}”, and takes {t} trick{s_en}.").format(
                p=seat_ref(ombre), c=name.fr, c_en=name.en, t=tricks[ombre],
                s="s" if tricks[ombre] > 1 else "", s_en="s" if tricks[ombre] != 1 else ""))
            if contract == "prendre":
                won = all(tricks[ombre] > tricks[s] for s in others)
                codille = next((s for s in others if all(tricks[s] > tricks[o] for o in range(n) if o != s)), None)
            else:
                won = tricks[ombre] >= (SANS_PRENDRE_TRICKS if contract == "sans_prendre" else TRICKS)
                codille = None
            if won or codille is not None:
                winner = ombre if won else codille
                result = "won" if won else "codille"
                each = pay + m * MATADOR_CHIPS
                for s in range(n):
                    if s != winner:
                        scores[s] -= each
                scores[winner] += pot + each * (n - 1)
                if won:
                    notes.append(T("Gagné : {p} prend le pot ({pot}) et reçoit {e} de chaque adversaire ({pay}{mt}).",
                                   "Won: {p} takes the pot ({pot}) and gets {e} from each opponent ({pay}{mt_en}).").format(
                        p=seat_ref(winner), pot=pot, e=each, pay=pay,
                        mt=f" + {m} matador{'s' if m > 1 else ''}" if m else "",
                        mt_en=f" + {m} matador{'s' if m > 1 else ''}" if m else ""))
                else:
                    notes.append(T("Codille : {p} fait plus de levées que chacun des autres, prend le pot ({pot}) "
                                   "et reçoit {e} de chacun des deux autres.",
                                   "Codille: {p} takes more tricks than each other player, takes the pot ({pot}) "
                                   "and gets {e} from each of the other two.").format(p=seat_ref(winner), pot=pot, e=each))
                pot = 0
            elif contract == "prendre":
                result = "remise"
                scores[ombre] -= pot
                notes.append(T("Remise (la bête) : personne ne fait plus de levées que chacun des autres ; "
                               "{p} paie au pot ce qu'il contient ({pot}), qui en a maintenant {new}.",
                               "Remise (la bête): nobody takes more tricks than each other player; {p} pays the pot "
                               "as much as it holds ({pot}); it now holds {new}.").format(p=seat_ref(ombre), pot=pot, new=2 * pot))
                pot *= 2
            else:
                result = "lost"
                share = pot // len(others)
                scores[ombre] -= pay * len(others)
                for s in others:
                    scores[s] += pay + share
                left = pot - share * len(others)
                notes.append(T("Perdu : {p} paie {pay} à chaque adversaire, qui se partagent le pot ({share} chacun{odd}).",
                               "Lost: {p} pays {pay} to each opponent, who share the pot ({share} each{odd_en}).").format(
                    p=seat_ref(ombre), pay=pay, share=share,
                    odd=f", {left} reste au pot" if left else "", odd_en=f", {left} stays in the pot" if left else ""))
                pot = left
            if m and result in ("remise", "lost"):
                notes.append(T("Les matadors ne comptent que pour un gagnant.", "Matadors count only for a winner."))
        self.pot = pot
        self.passed_last = contract is None
        return RoundResult(0, entry, scores, notes=notes, extra={"result": result, "paid": winner, "pot": pot})


class Hombre(Game):
    info = INFO
    sheet_class = HombreSheet
    options = (
        Option("start_chips", T("Jetons de chacun au départ", "Chips each at the start"), "int", START_CHIPS,
               minimum=1, maximum=100_000, help=T("20 jetons et 3 plaques de 20.", "20 chips and 3 plaques of 20.")),
        Option("stake", T("Mise de chacun à chaque donne", "Each player's stake every deal"), "int", ANTE,
               minimum=0, maximum=1_000, help=T("Après une donne où tous ont passé, la mise est de 2.",
                                                "After a deal everybody passed, the stake is 2.")),
        Option("deals", T("Nombre de donnes", "Number of deals"), "int", None, minimum=1, maximum=1_000, nullable=True,
               help=T("Vide : la table décide quand s'arrêter. La partie s'arrête aussi quand un joueur n'a plus de jetons.",
                      "Empty: the table decides when to stop. The game also ends when a player has no chips left.")),
    )

    def entry_schema(self, n_players: int, options: dict) -> dict:
        played = {
            "type": "object", "additionalProperties": False, "required": ["contract", "ombre", "tricks"],
            "properties": {
                "contract": {"enum": list(CONTRACT_PAYMENT)},
                "ombre": {"type": "integer", "minimum": 0, "maximum": n_players - 1},
                "tricks": {"type": "array", "minItems": n_players, "maxItems": n_players,
                           "items": {"type": "integer", "minimum": 0, "maximum": TRICKS},
                           "description": f"tricks taken by each seat; they add up to {TRICKS}"},
                "matadors": {"type": "integer", "minimum": 0, "maximum": MAX_MATADORS, "default": 0,
                             "description": "matadors held by the paid winner (the ombre, or a codille winner)"},
            },
        }
        passed = {"type": "object", "additionalProperties": False, "required": ["contract"],
                  "properties": {"contract": {"type": "null"}}, "description": "everybody passed"}
        return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Hombre round entry",
                "type": "object", "oneOf": [played, passed]}


GAME = Hombre()
