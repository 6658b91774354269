"""L'hombre. Source: the user's rule document « L'hombre »; completed from the classic game of Ombre (Encyclopaedia
Britannica 1911, "Ombre"; salondesjeux.fr; les4enseignes.wordpress.com) for the black plain suits, the talon size,
the trump choice, codille and remise (la bête); the score sheet in chips is Atout's reading of the document.

The sheet counts chips: everyone starts with ``start_chips``, puts ``stake`` in the pot before every deal (2 after
a passed deal), and each deal moves chips between the players and the pot, so ``totals`` are chips held and the
players' chips plus the pot stay 3 × ``start_chips``. Prendre: the ombre wins with more tricks than each opponent;
codille when an opponent has more than each other player (he is paid instead); otherwise remise (la bête: the ombre
pays into the pot as much as it holds). Sans prendre (5 tricks) and vole (9) are won or lost; a lost one pays each
opponent, who share the pot (an odd chip stays in it).

Digital play: :class:`HombreDeal`, on the trick base. Actions: card codes (``"AS"``; in the exchange, a card
put down), ``"pass"``, ``"bid:prendre"`` / ``"bid:sans_prendre"`` / ``"bid:vole"``, ``"trump:S"`` … ``"trump:C"``,
``"done"`` (the exchange closed: draw from the talon). :meth:`Hombre.deal_context` gives the deal the
sheet's pot and stake.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Self

from companion.families.trickplay import (
    CLUBS,
    DEAL,
    PLAY,
    SPADES,
    SUIT_BY_LETTER,
    SUIT_LETTER,
    Pack,
    TrickDeal,
    bits,
    call_notes,
    pack,
    taker_facts,
    trump_facts,
)
from companion.kernel import schema
from companion.kernel.cards import Card, SuitCard
from companion.kernel.deal import Action, illegal
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import IllegalAction, InvalidOptions, Problem
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
from companion.kernel.view import Fact, Note

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
ENTRY_KEYS = ("contract", "ombre", "tricks", "matadors")  # what check_entry allows and the schema lists
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


def _column(cards: tuple[Text | int, ...], length: int = 12) -> tuple[Text | int | str, ...]:
    return cards + (_DASH,) * (length - len(cards))


_COLUMNS = [_column(BLACK_TRUMPS), _column(RED_TRUMPS), _column(BLACK_PLAIN), _column(RED_PLAIN)]

INFO = GameInfo(
    essentials=("contracts", "material"),
    slug="hombre",
    names=T("L'hombre", "Ombre"),
    min_players=PLAYERS,
    max_players=PLAYERS,
    decks=("40",),
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="The user's rule document « L'hombre »; completed from the classic game of Ombre (Encyclopaedia Britannica 1911, "
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

    def __init__(self, game: Game, n_players: int, options: dict[str, Any]):
        super().__init__(game, n_players, options)
        self.pot = 0  # chips in the pot between deals
        self.passed_last = False  # the last deal was passed: the coming stake is ALL_PASS_ADD

    def initial_totals(self) -> int:
        chips: int = self.options["start_chips"]
        return chips

    @property
    def stake(self) -> int:
        return ALL_PASS_ADD if self.passed_last else self.options["stake"]

    def natural_end(self) -> bool:
        if not self.rounds:
            return False
        deals = self.options["deals"]
        return (deals is not None and len(self.rounds) >= deals) or any(t <= 0 for t in self.totals)

    def next_extra(self) -> dict[str, Any]:
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

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="levees")
        if not r.ok:
            return r.problems
        if "contract" not in r.entry:
            r.missing("contract")
        elif r.entry["contract"] is None:
            r.nothing_else("contract", T("Tous ont passé : rien d'autre à saisir.",
                                         "Everybody passed: nothing else is entered."), rule="encheres")
            return r.problems
        elif not isinstance(r.entry["contract"], str) or r.entry["contract"] not in CONTRACT_PAYMENT:
            r.add("contract", "bad_contract", T("Contrat : prendre, sans_prendre ou vole (null si tous ont passé).",
                                                "Contract: prendre, sans_prendre or vole (null when all passed)."),
                  rule="encheres")
        r.only_keys(ENTRY_KEYS)
        r.seat("ombre")
        tricks = r.counts("tricks", maximum=TRICKS)
        if tricks is not None and sum(tricks) != TRICKS:
            r.add("tricks", "trick_total", count(sum(tricks), "Il y a {t} levées par donne : {n} saisie.",
                                                 "Il y a {t} levées par donne : {n} saisies.",
                                                 "There are {t} tricks a deal: {n} entered.",
                                                 "There are {t} tricks a deal: {n} entered.", t=TRICKS))
        if r.has("matadors"):
            r.integer(r.entry["matadors"], "matadors", lo=0, hi=MAX_MATADORS)
        return r.problems

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        if entry["contract"] is None:
            return {"contract": None}
        return {"contract": entry["contract"], "ombre": entry["ombre"], "tricks": list(entry["tricks"]),
                "matadors": entry.get("matadors") or 0}

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
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

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
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
            notes.append(count(tricks[ombre], "{p} est l'hombre, contrat « {c} », et fait {n} levée.",
                               "{p} est l'hombre, contrat « {c} », et fait {n} levées.",
                               "{p} is the ombre, contract “{c_en}”, and takes {n} trick.",
                               "{p} is the ombre, contract “{c_en}”, and takes {n} tricks.",
                               p=seat_ref(ombre), c=name.fr, c_en=name.en))
            if contract == "prendre":
                won = all(tricks[ombre] > tricks[s] for s in others)
                codille = next((s for s in others if all(tricks[s] > tricks[o] for o in range(n) if o != s)), None)
            else:
                won = tricks[ombre] >= (SANS_PRENDRE_TRICKS if contract == "sans_prendre" else TRICKS)
                codille = None
            if won or codille is not None:
                winner = ombre if won else codille
                assert winner is not None  # won by the ombre, else codille is a seat
                result = "won" if won else "codille"
                each = pay + m * MATADOR_CHIPS
                for s in range(n):
                    if s != winner:
                        scores[s] -= each
                scores[winner] += pot + each * (n - 1)
                if won:
                    matadors = count(m, " + {n} matador", " + {n} matadors", " + {n} matador", " + {n} matadors") if m else Text("", "")
                    notes.append(T("Gagné : {p} prend le pot ({pot}) et reçoit {e} de chaque adversaire ({pay}{mt}).",
                                   "Won: {p} takes the pot ({pot}) and gets {e} from each opponent ({pay}{mt_en}).").format(
                        p=seat_ref(winner), pot=pot, e=each, pay=pay,
                        mt=matadors.fr, mt_en=matadors.en))
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

    def summarise(self, result: RoundResult) -> Text | None:
        """"⟨0⟩ · sans prendre · 5 levées — gagné": the hombre, the contract, the hombre's tricks, and how it went
        (gagné, perdu, remise, codille with who won it); "Donne passée" when all three passed."""
        entry = result.entry
        if entry["contract"] is None:
            return T("Donne passée", "Passed deal")
        ombre = entry["ombre"]
        contract = {"prendre": T("prendre", "entry"), "sans_prendre": T("sans prendre", "without taking"),
                    "vole": T("vole", "vole")}[entry["contract"]]
        tricks = count(entry["tricks"][ombre], "{n} levée", "{n} levées", "{n} trick", "{n} tricks")
        outcome: str = result.extra["result"]
        if outcome == "codille":
            how = T("codille de {p}", "codille to {p}").format(p=seat_ref(result.extra["paid"]))
        else:
            how = {"won": T("gagné", "won"), "lost": T("perdu", "lost"), "remise": T("remise", "remise")}[outcome]
        return T("{p} · {c} · {t} — {h}", "{p} · {c_en} · {t_en} — {h_en}").format(
            p=seat_ref(ombre), c=contract.fr, c_en=contract.en, t=tricks.fr, t_en=tricks.en, h=how.fr, h_en=how.en)


# -- digital play ---------------------------------------------------------------------------------------------
CONTRACT_KEYS = tuple(key for key, *_ in CONTRACTS)  # lowest first
BID_WORDS = tuple(f"bid:{key}" for key in CONTRACT_KEYS)
PASS_WORD, DONE_WORD = "pass", "done"
TRUMP_WORDS = tuple(f"trump:{SUIT_LETTER[s]}" for s in range(4))
BID, TRUMP, EXCHANGE = "bid", "trump", "exchange"
# The three bids, which are the contracts too, as the players say them at the table.
CONTRACT_WORDS = {"prendre": T("Prendre", "Prendre"), "sans_prendre": T("Sans prendre", "Sans prendre"),
                  "vole": T("Vole", "Vole")}
TALON = PLAYERS  # pile numbers after the three hands: the talon, then each seat's discards
DISCARDS = tuple(PLAYERS + 1 + s for s in range(PLAYERS))

BASE_PACK = pack("40")
_BLACK_ACES = (BASE_PACK.index["AS"], BASE_PACK.index["AC"])
# Weakest first. Plain suits: black K Q J 7 … 2 (the black aces are always trumps), red K Q J A 2 … 7.
_PLAIN_BLACK = ("2", "3", "4", "5", "6", "7", "J", "Q", "K")
_PLAIN_RED = ("7", "6", "5", "4", "3", "2", "A", "J", "Q", "K")
# Trumps below the matadors (and the ponte, in red), weakest first.
_TRUMPS_BLACK = ("3", "4", "5", "6", "7", "J", "Q", "K")
_TRUMPS_RED = ("6", "5", "4", "3", "2", "J", "Q", "K")


def _rank_code(pk: Pack, c: int) -> str:
    card = pk.card[c]
    assert isinstance(card, SuitCard)  # a card of the 40-card pack: no joker
    return card.rank.code


def _plain_strength(pk: Pack) -> tuple[int, ...]:
    out = []
    for c in range(len(pk)):
        order = _PLAIN_RED if pk.suit[c] in (1, 2) else _PLAIN_BLACK
        out.append(order.index(_rank_code(pk, c)) if _rank_code(pk, c) in order else -1)
    return tuple(out)


def _trump_pack(trump: int) -> tuple[Pack, tuple[int, ...], int]:
    """For trump suit ``trump``: the pack with the black aces moved into the trump suit, the trump strength of
    every id (-1 for a plain card) and the mask of the three matadors."""
    pk = copy.copy(BASE_PACK)
    suit = list(BASE_PACK.suit)
    for ace in _BLACK_ACES:
        suit[ace] = trump
    pk.suit = tuple(suit)
    pk.suit_mask = tuple(sum(1 << i for i, s in enumerate(suit) if s == k) for k in range(6))
    letter = SUIT_LETTER[trump]
    red = trump not in (SPADES, CLUBS)
    below = _TRUMPS_RED if red else _TRUMPS_BLACK
    tops = ((f"A{letter}",) if red else ()) + ("AC", ("7" if red else "2") + letter, "AS")  # ponte, baste, manille, espadille
    order = [f"{r}{letter}" for r in below] + list(tops)
    places = {BASE_PACK.index[code]: i for i, code in enumerate(order)}
    strength = tuple(places.get(c, -1) for c in range(len(pk)))
    matadors = sum(1 << BASE_PACK.index[code] for code in tops[-3:])
    return pk, strength, matadors


PLAIN_STRENGTH = _plain_strength(BASE_PACK)
TRUMP_PACKS = tuple(_trump_pack(t) for t in range(4))


class HombreDeal(TrickDeal):
    """One deal of l'hombre played on screen, on :class:`~companion.families.trickplay.TrickDeal`.

    * **Deal**: 9 cards each, 3 at a time from the dealer's right (the next seat), then the 13 cards of the
      talon (pile 3, face down, in the order they will be drawn).
    * **Bids** (phase ``"bid"``), from the dealer's right and round the table: ``"pass"`` (out for good) or a
      contract above the last one, ``"bid:prendre"`` < ``"bid:sans_prendre"`` < ``"bid:vole"``. The last bidder
      left is the ombre; three passes end the deal (nothing is played).
    * **Trump** (phase ``"trump"``): the ombre names it, ``"trump:S"``, ``"trump:H"``, ``"trump:D"`` or
      ``"trump:C"``. The black aces (espadille, baste) join the trump suit whatever it is.
    * **Exchange** (phase ``"exchange"``), in the order of play from the ombre at prendre, from his right at sans
      prendre and vole (the ombre keeps his hand): each in turn puts cards face down one by one (their codes;
      at most what the talon still holds, piles 4–6, seen only by their owner), then says ``"done"`` and
      draws as many from the top of the talon.
    * **Play**: the dealer's right leads; follow suit if you can (no duty to beat), else trump if you can
      (``must_trump``), else any card. With the option ``defausse_libre`` (classic Ombre) a player who cannot
      follow plays any card. Matadors' privilege, as the rule document words it: a *matador sec* (the espadille,
      the manille or the baste held with no other trump) need not be played on another trump. So a hand whose
      only trump is one matador may keep it when a trump is on the trick (led, or a ruff before it): on a trump
      lead it plays any card, and void in a plain suit led it need not trump over a ruff. It may keep it even
      when the trump led is a higher matador. Two or three matadors with no other trump are not *sec*: they
      follow a trump lead like any trumps.

    :meth:`entry` is the sheet's ``{"contract", "ombre", "tricks", "matadors"}`` (the matadors the paid winner
    held when play began), ``{"contract": None}`` when all passed; :meth:`returns` its chips, pot included.
    """

    slug = INFO.slug
    extra_piles = 1 + PLAYERS
    _mutable = TrickDeal._mutable + ("talon_order", "call_seats", "calls", "passed", "queue", "matadors_held")
    _SCHEDULES: dict[int, tuple[int, ...]] = {}

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int, pot: int = 0, stake: int | None = None):
        super().__init__(n_players, options, number, dealer, BASE_PACK)
        self.pot = pot
        self.stake = options["stake"] if stake is None else stake
        self.first = (dealer + 1) % n_players
        self.strength = PLAIN_STRENGTH
        self.talon_order: list[int] = []
        self.call_seats: list[int] = []
        self.calls: list[str] = []
        self.passed = [False] * n_players
        self.high = -1  # index in CONTRACT_KEYS of the highest bid
        self.ombre = -1
        self.queue: list[int] = []  # seats still to exchange, the one exchanging first
        self.pending = 0  # cards the exchanging seat has put down so far
        self.matador_mask = 0
        self.matadors_held = [0] * n_players
        self.trumped = False  # a trump is on the trick being played
        self.n_tricks = HAND_SIZE
        self.must_trump = not options["defausse_libre"]  # the rule document: void, trump if you can

    # -- the deal ------------------------------------------------------------------------------------------
    def _deal_schedule(self) -> tuple[int, ...]:
        if self.dealer not in self._SCHEDULES:
            first = (self.dealer + 1) % PLAYERS
            hands = tuple((first + (k % 9) // 3) % PLAYERS for k in range(PLAYERS * HAND_SIZE))
            self._SCHEDULES[self.dealer] = hands + (TALON,) * TALON_SIZE
        return self._SCHEDULES[self.dealer]

    def _legal_actions(self) -> list[Action]:
        if self.phase == DEAL:
            return self.undealt  # not copied: legal_actions() copies, playouts only read it
        return super()._legal_actions()

    def _place(self, cid: int, pile: int) -> None:
        self.held[pile] |= 1 << cid
        if pile == TALON:
            self.talon_order.append(cid)

    _deal_rest = TrickDeal._deal_rest_placed

    def _after_deal(self) -> None:
        self.phase = BID
        self.to_move = self.first

    # -- bids, trump, exchange ---------------------------------------------------------------------------
    def _phase_actions(self) -> list[Action]:
        phase = self.phase
        if phase == BID:
            return [PASS_WORD, *BID_WORDS[self.high + 1:]]
        if phase == TRUMP:
            return list(TRUMP_WORDS)
        seat = self.to_move
        words = self.pack.codes_of(self.held[seat]) if self.pending < len(self.talon_order) else []
        words.append(DONE_WORD)
        return words

    def _phase_apply(self, action: Action) -> None:
        seat = self.to_move
        phase = self.phase
        if phase == BID:
            self.call_seats.append(seat)
            self.calls.append(action)
            if action == PASS_WORD:
                self.passed[seat] = True
            else:
                self.high = BID_WORDS.index(action)
                self.ombre = seat
            active = [s for s in range(PLAYERS) if not self.passed[s]]
            if not active:
                self._finish()  # everybody passed: nothing is played
            elif self.high == len(BID_WORDS) - 1 or (self.high >= 0 and active == [self.ombre]):
                self.phase = TRUMP
                self.to_move = self.ombre
            else:
                nxt = (seat + 1) % PLAYERS
                while self.passed[nxt]:
                    nxt = (nxt + 1) % PLAYERS
                self.to_move = nxt
        elif phase == TRUMP:
            self.set_trump(SUIT_BY_LETTER[action[-1]])
            o = self.ombre
            self.queue = [o, (o + 1) % PLAYERS, (o + 2) % PLAYERS] if self.contract == "prendre" else [
                (o + 1) % PLAYERS, (o + 2) % PLAYERS]
            self.phase = EXCHANGE
            self.pending = 0
            self.to_move = self.queue[0]
        elif action == DONE_WORD:
            for c in self.talon_order[:self.pending]:
                self.move_card(c, TALON, seat)
            self.talon_order = self.talon_order[self.pending:]
            self.pending = 0
            self.queue = self.queue[1:]
            if self.queue:
                self.to_move = self.queue[0]
            else:
                self.matadors_held = [(self.held[s] & self.matador_mask).bit_count() for s in range(PLAYERS)]
                self.start_play(self.first)
        else:
            self.move_card(self.pack.index[action], seat, DISCARDS[seat])
            self.pending += 1

    @property
    def contract(self) -> str | None:
        return CONTRACT_KEYS[self.high] if self.high >= 0 else None

    def set_trump(self, trump: int) -> None:
        self.trump = trump
        self.pack, self.trump_strength, self.matador_mask = TRUMP_PACKS[trump]

    def _phase_normalise(self, action: str) -> Action:
        word = action.strip()
        low = word.lower()
        if low.startswith("trump:"):
            return "trump:" + low[6:].strip().upper()
        if self.phase == EXCHANGE and low not in (DONE_WORD,):
            try:
                return Card.parse_code(word).code  # a card typed in another spelling ("qs")
            except ValueError:
                return low
        return low

    def _why_phase_illegal(self, action: Action) -> IllegalAction:
        seat = self.to_move
        if self.phase == BID:
            if action in BID_WORDS:
                contract = self.contract
                assert contract is not None  # before any bid every bid word is legal: one is refused below a bid
                return illegal("bid_too_low", T("Il faut annoncer plus fort que « {c} », ou passer.",
                                                "You must bid higher than “{c_en}”, or pass.").format(
                    c=CONTRACT_NAMES[contract].fr, c_en=CONTRACT_NAMES[contract].en), seat)
            return illegal("bid_first", T("Enchères : pass, bid:prendre, bid:sans_prendre ou bid:vole.",
                                          "Bidding: pass, bid:prendre, bid:sans_prendre or bid:vole."), seat)
        if self.phase == TRUMP:
            return illegal("name_trump", T("L'hombre nomme l'atout : trump:S, trump:H, trump:D ou trump:C.",
                                           "The ombre names the trump: trump:S, trump:H, trump:D or trump:C."), seat)
        if action in self.pack.index and self.held[seat] >> self.pack.index[action] & 1:
            return illegal("talon_empty", T("Le talon ne peut plus rendre de carte : dites « done ».",
                                            "The talon has no card left to give: say “done”."), seat)
        if action in self.pack.index:
            return illegal("not_in_hand", T("Vous n'avez pas cette carte.", "You do not hold that card."), seat)
        return illegal("exchange", T("Échange : écartez une carte de votre main, ou « done » pour prendre au talon.",
                                     "Exchange: put down a card of your hand, or “done” to draw from the talon."), seat)

    # -- the play ------------------------------------------------------------------------------------------
    def _legal_mask(self, seat: int) -> int:
        if self.trumped:  # a trump is on the trick: a matador sec (one matador, no other trump) need not fall on it
            hand = self.held[seat]
            trumps = hand & self.pack.suit_mask[self.trump]
            if trumps and not trumps & (trumps - 1) and trumps & self.matador_mask:
                led = self.led
                if led == self.trump or not hand & self.pack.suit_mask[led]:
                    return hand  # need not follow the trump led, nor trump over a ruff
        return super()._legal_mask(seat)

    def _play(self, card: int) -> None:
        if self.pack.suit[card] == self.trump:
            self.trumped = True
        elif self.trumped and self.matador_mask & ~self.played:
            # Another card where a trump is already on the trick may be the matadors' privilege: it shows no void
            # in trumps while a matador is out (the others cannot tell a matador sec from no trump at all).
            seat = self.to_move
            before = self.voids[seat]
            super()._play(card)
            bit = 1 << self.trump
            self.voids[seat] = self.voids[seat] & ~bit | before & bit
            return
        super()._play(card)

    def _on_trick(self, winner: int) -> None:
        self.trumped = False

    def why_illegal(self, action: Action) -> IllegalAction:
        seat = self.to_move
        if self.phase == PLAY and self.trick_cards and self.led == self.trump and action in self.pack.index:
            hand, cid = self.held[seat], self.pack.index[action]
            trumps = hand & self.pack.suit_mask[self.trump]
            if hand >> cid & 1 and trumps.bit_count() > 1 and not trumps & ~self.matador_mask:
                return illegal("matadors_not_sec", T(
                    "Vos matadors ne sont pas secs (vous en avez plusieurs) : il faut fournir à l'atout.",
                    "Your matadors are not alone (you hold more than one): you must follow with a trump."), seat)
        return super().why_illegal(action)

    # -- what seats know -----------------------------------------------------------------------------------
    def _known(self, seat: int) -> list[int]:
        known = super()._known(seat)
        if 0 <= seat < PLAYERS:
            known[DISCARDS[seat]] = self.held[DISCARDS[seat]]
        return known

    def _after_determinize(self, seat: int) -> None:
        if self.phase == PLAY:  # the matadors each seat began the play with, from its hand and its cards played
            mine = list(self.held[:PLAYERS])
            for _lead, seats, cards, _w in self.log:
                for s, c in zip(seats, cards, strict=True):
                    mine[s] |= 1 << c
            for s, c in zip(self.trick_seats, self.trick_cards, strict=True):
                mine[s] |= 1 << c
            self.matadors_held = [(m & self.matador_mask).bit_count() for m in mine]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        new = super().determinize(seat, rng)
        if self.talon_order:
            order = bits(new.held[TALON])
            rng.shuffle(order)
            new.talon_order = order
        return new

    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        obs["bids"] = [[s, w] for s, w in zip(self.call_seats, self.calls, strict=True)]
        obs["contract"] = self.contract
        obs["taker"] = self.ombre if self.ombre >= 0 and self.phase != BID else None
        obs["talon_size"] = len(self.talon_order)
        obs["discarded"] = [self.held[DISCARDS[s]].bit_count() for s in range(PLAYERS)]
        obs["my_discards"] = self.pack.codes_of(self.held[DISCARDS[seat]]) if seat is not None else []
        obs["exchanging"] = self.queue[0] if self.phase == EXCHANGE else None
        obs["pending"] = self.pending if self.phase == EXCHANGE else 0
        obs["pot"] = self.pot
        obs["stake"] = self.stake
        obs["passed"] = self.phase == "end" and self.high < 0

    # -- what a seat sees, for people ------------------------------------------------------------------------
    def view_facts(self, seat: int | None, obs: dict[str, Any]) -> list[Fact]:
        """The ombre and the contract, the trump, the talon while it counts, the pot; the cards this seat put
        down in the exchange."""
        contract = CONTRACT_WORDS.get(obs["contract"])
        facts = taker_facts(obs["taker"], contract) + trump_facts(obs)
        if self.phase in (BID, TRUMP, EXCHANGE):
            facts.append(Fact("talon", T("Talon", "Talon"),
                              count(obs["talon_size"], "{n} carte", "{n} cartes", "{n} card", "{n} cards")))
        if obs["pot"]:
            facts.append(Fact("pot", T("Pot", "Pot"), count(obs["pot"], "{n} jeton", "{n} jetons", "{n} chip", "{n} chips")))
        if obs["my_discards"]:
            facts.append(Fact("exchanged", T("Vos cartes échangées", "Your cards exchanged"), cards=tuple(obs["my_discards"])))
        return facts

    def view_notes(self, seat: int | None, obs: dict[str, Any]) -> list[list[Note]]:
        """Per seat, its last call, and in the exchange and the play the cards it put down."""
        notes = call_notes(self, obs["bids"])
        if self.phase in (EXCHANGE, PLAY):
            for s, down in enumerate(obs["discarded"]):
                if down:
                    notes[s].append(Note(count(down, "{n} échangée", "{n} échangées", "{n} exchanged", "{n} exchanged")))
        return notes

    def view_prompt(self, seat: int, obs: dict[str, Any]) -> Text | None:
        if self.phase == EXCHANGE:
            room = obs["talon_size"] - obs["pending"]
            if room > 0:
                return T(f"Touchez les cartes que vous échangez, une à une (encore {room} au plus), puis « Piocher au "
                         "talon ».", f"Tap the cards you exchange, one at a time ({room} more at most), then “Draw "
                         "from the talon”.")
            return T("Vous avez posé autant de cartes que le talon en garde : piochez.",
                     "You have put down as many cards as the talon holds: draw.")
        if self.phase == TRUMP:
            return T("Choisissez l'atout.", "Choose trumps.")
        if self.phase == BID:
            return T("À vous de parler.", "Your bid.")
        return None

    def action_label(self, action: Action) -> Text:
        """``"bid:vole"``: the contract ("Vole"); ``"done"``: "Fini : piocher au talon"; the rest as the base says."""
        if action == "done":
            return T("Fini : piocher au talon", "Done: draw from the talon")
        head, _sep, rest = action.partition(":")
        if head == "bid" and rest in CONTRACT_WORDS:
            return CONTRACT_WORDS[rest]
        return super().action_label(action)

    # -- entry and chips -----------------------------------------------------------------------------------
    def _winner(self) -> tuple[int | None, str]:
        """The paid winner and the result: won, codille, remise or lost (as the sheet decides)."""
        t, o = self.won, self.ombre
        others = [s for s in range(PLAYERS) if s != o]
        if self.contract == "prendre":
            if all(t[o] > t[s] for s in others):
                return o, "won"
            for s in others:
                if all(t[s] > t[x] for x in range(PLAYERS) if x != s):
                    return s, "codille"
            return None, "remise"
        need = SANS_PRENDRE_TRICKS if self.contract == "sans_prendre" else TRICKS
        return (o, "won") if t[o] >= need else (None, "lost")

    def _entry(self) -> dict[str, Any]:
        if self.high < 0:
            return {"contract": None}
        winner, _ = self._winner()
        return {"contract": self.contract, "ombre": self.ombre, "tricks": list(self.won),
                "matadors": self.matadors_held[winner] if winner is not None else 0}

    def returns(self) -> list[float]:
        stake = self.stake
        scores = [-stake] * PLAYERS
        if self.high < 0:
            return scores
        pot = self.pot + stake * PLAYERS
        pay = CONTRACT_PAYMENT[CONTRACT_KEYS[self.high]]  # the contract (high >= 0)
        winner, result = self._winner()
        o = self.ombre
        if winner is not None:
            each = pay + self.matadors_held[winner] * MATADOR_CHIPS
            for s in range(PLAYERS):
                scores[s] += pot + each * (PLAYERS - 1) if s == winner else -each
        elif result == "remise":
            scores[o] -= pot
        else:
            share = pot // (PLAYERS - 1)
            for s in range(PLAYERS):
                scores[s] += -pay * (PLAYERS - 1) if s == o else pay + share
        return scores

    # -- the quick bot -------------------------------------------------------------------------------------
    def worth(self, seat: int, trump: int) -> float:
        """Tricks ``seat``'s hand looks worth at trump ``trump``: high trumps, kings, guarded queens."""
        pk, ts, _m = TRUMP_PACKS[trump]
        hand = self.held[seat]
        n_trumps = (hand & pk.suit_mask[trump]).bit_count()
        top = len(_TRUMPS_RED if trump in (1, 2) else _TRUMPS_BLACK)  # the strength of the first matador or ponte
        total = 0.0
        for c in bits(hand):
            if pk.suit[c] == trump:
                total += 1.0 if ts[c] >= top else 0.55 if ts[c] >= top - 2 else 0.35 + 0.05 * n_trumps
            else:
                rank = _rank_code(pk, c)
                if rank == "K":
                    total += 0.8
                elif rank == "Q" and hand >> (c - 1) & 1 and pk.suit[c - 1] == pk.suit[c]:
                    total += 0.3
        return total

    def quick_action(self, rng: random.Random) -> Action:
        seat, phase = self.to_move, self.phase
        if phase == BID:
            worth = max(self.worth(seat, t) for t in range(4))
            want = 2 if worth >= 8.5 else 1 if worth >= 5.5 else 0 if worth >= 3.5 else -1
            return BID_WORDS[want] if want > self.high else PASS_WORD
        if phase == TRUMP:
            return TRUMP_WORDS[max(range(4), key=lambda t: self.worth(seat, t))]
        if phase == EXCHANGE:
            if self.pending < len(self.talon_order):
                trump, pk = self.trump, self.pack
                keep = ("K",) if seat == self.ombre else ("K", "Q")
                junk = [c for c in bits(self.held[seat]) if pk.suit[c] != trump and _rank_code(pk, c) not in keep]
                if junk:
                    return pk.code[min(junk, key=lambda c: self.strength[c])]
            return DONE_WORD
        if phase != PLAY:
            return rng.choice(self._legal_actions())
        legal = bits(self._legal_mask(seat))
        if len(legal) == 1:
            return self.pack.code[legal[0]]
        holder = self.trick_seats[self._trick_winner()] if self.trick_cards else -1
        want = holder < 0 or seat == self.ombre or holder == self.ombre
        return self.pack.code[_hombre_card(self, legal, want)]


def _hombre_card(state: HombreDeal, legal: list[int], want: bool) -> int:
    """Lead the strongest card (the ombre) or a king / a low card; follow with the cheapest card that wins when
    the trick is worth winning (the strongest when others play after), else the lowest."""
    pk, st, ts, trump = state.pack, state.strength, state.trump_strength, state.trump

    def power(c: int) -> int:
        return 100 + ts[c] if pk.suit[c] == trump else st[c]

    if not state.trick_cards:
        if state.to_move == state.ombre:
            return max(legal, key=power)
        kings = [c for c in legal if pk.suit[c] != trump and _rank_code(pk, c) == "K"]
        return kings[0] if kings else min(legal, key=power)
    led = state.led

    def key(c: int) -> int:
        s = pk.suit[c]
        return 1000 + ts[c] if s == trump else st[c] if s == led else -1

    best = max(key(c) for c in state.trick_cards)
    winners = [c for c in legal if key(c) > best]
    if want and winners:
        last = len(state.trick_cards) == state.n_players - 1
        return min(winners, key=key) if last else max(winners, key=key)
    return min(legal, key=power)


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
        Option("defausse_libre", T("Défausse libre (hombre classique)", "Free discard (classic Ombre)"), "bool", False,
               help=T("Sans la couleur demandée, on joue ce qu'on veut, sans obligation de couper.",
                      "Void in the suit led, play any card: no duty to trump.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        played = {
            "contract": schema.choice(list(CONTRACT_PAYMENT), "what the ombre played"),
            "ombre": schema.seat(n_players, "the seat that played (l'hombre)"),
            "tricks": schema.counts(n_players, TRICKS, f"tricks taken by each seat; they add up to {TRICKS}"),
            "matadors": {**schema.whole(0, MAX_MATADORS, "matadors held by the paid winner (the ombre, or a codille "
                                                         "winner)"), "default": 0},
        }
        assert tuple(played) == ENTRY_KEYS  # what check_entry allows
        passed = schema.obj({"contract": {"type": "null"}}, ["contract"], "everybody passed")
        return schema.entry("Hombre round entry", one_of=[schema.obj(played, ["contract", "ombre", "tricks"]), passed])

    deal_class = HombreDeal

    def deal_context(self, sheet: Sheet) -> dict[str, Any]:
        """What :meth:`new_deal` needs from the table's sheet: the pot and the coming stake."""
        assert isinstance(sheet, HombreSheet)  # the game's own sheet
        return {"pot": sheet.pot, "stake": sheet.stake}

    def deal_arguments(self, n_players: int, options: dict[str, Any], number: int, pot: int = 0, stake: int | None = None) -> dict[str, Any]:
        """``pot`` and ``stake`` (what :meth:`deal_context` gives) go into :meth:`HombreDeal.returns`; by default
        an empty pot and the table's stake."""
        for key, value in (("pot", pot), ("stake", options["stake"] if stake is None else stake)):
            if not is_int(value) or value < 0:
                raise InvalidOptions([Problem(key, f"bad_{key}", T(
                    "{k} : un nombre de jetons positif ou nul.", "{k}: a number of chips, 0 or more.").format(k=key))])
        return {"pot": pot, "stake": stake}


GAME = Hombre()
