"""Le chasse-cœur, as in the user's rule document « Le chasse-cœur », with its gaps settled from standard Hearts
(pagat.com "Hearts", thebearknowsbest.com).

The rule document contradicts itself: its card values (hearts 1, queens 13, Q♥ 14) make 65 points a deal, its
générale 26. The option ``values`` is ``"standard"`` by default (each heart 1, Q♥ included, Q♠ 13: 26 a deal, the
only reading that fits the générale) or ``"dames_13"`` (the document's values, 65 a deal, the générale paying 65).
Equal hands come from taking out low cards that score nothing, never the 2♣, which leads. A seat that takes every
point card (la générale) scores 0 and each other seat the deal's total. The game ends after the deal where a total
reaches the option ``target`` (100); the lowest total wins. The checks are :mod:`companion.families.penalties`'s,
shared with Pétasse.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.families.penalties import (
    PenaltySheet,
    check_takers,
    check_tricks,
    read_hearts,
    read_tricks,
    sweep,
)
from companion.families.trickplay import HEARTS as HEARTS_SUIT
from companion.families.trickplay import PLAY, SPADES, ClosedSuitDeal, TrickDeal, bits, pack
from companion.kernel import schema
from companion.kernel.cards import Card, Suit, SuitCard, deck
from companion.kernel.deal import CANCEL, CONFIRM, PICK, UNPICK, Action, Selection, illegal, selection_move
from companion.kernel.entries import EntryReader
from companion.kernel.errors import CardSyntaxError, IllegalAction, Problem
from companion.kernel.game import (
    CLOCKWISE,
    Contract,
    EntryField,
    Game,
    GameInfo,
    NextRound,
    Option,
    RoundResult,
    RuleTable,
)
from companion.kernel.text import T, Text, count, seat_ref
from companion.kernel.view import Aside, Fact, Note

from .bots import chasse_coeur_choice, chasse_coeur_fast, chasse_coeur_pass

MIN_PLAYERS, MAX_PLAYERS = 3, 8
DECK = "52"
DECK_SIZE = len(deck(DECK))
HEARTS = sum(1 for c in deck(DECK) if isinstance(c, SuitCard) and c.suit == Suit.HEARTS)  # 13

# Low cards taken out so that everyone gets the same number; the 2♣ always stays (it leads).
REMOVED = {
    3: ("2D",),
    4: (),
    5: ("2D", "2S"),
    6: ("2D", "2S", "3D", "3S"),
    7: ("2D", "2S", "3D"),
    8: ("2D", "2S", "3D", "3S"),
}
HAND_SIZE = {n: (DECK_SIZE - len(cards)) // n for n, cards in REMOVED.items()}

# Atout's default (standard Hearts): every heart 1, the Queen of spades 13.
HEART_POINTS = 1
QUEEN_OF_SPADES_POINTS = 13
DEAL_TOTAL = HEARTS * HEART_POINTS + QUEEN_OF_SPADES_POINTS  # 26
TARGET = 100  # the game ends when someone reaches it; lowest total wins

# The rule document's literal values ("dames_13").
QUEENS = ("QS", "QH", "QD", "QC")
LITERAL_HEART_POINTS = 1  # hearts other than the Queen
LITERAL_QUEEN_POINTS = 13  # Queens of spades, diamonds and clubs
LITERAL_QUEEN_OF_HEARTS_POINTS = 14
LITERAL_DEAL_TOTAL = ((HEARTS - 1) * LITERAL_HEART_POINTS + (len(QUEENS) - 1) * LITERAL_QUEEN_POINTS
                      + LITERAL_QUEEN_OF_HEARTS_POINTS)  # 12 + 39 + 14 = 65

# Option "passing": who each player passes three cards to, deal after deal.
PASS_CARDS = 3
PASS_CYCLES = {4: ("left", "right", "across", None)}
PASS_CYCLE = ("left", "right", None)
PASS_NAMES = {"left": T("à gauche", "to the left"), "right": T("à droite", "to the right"),
              "across": T("en face", "across")}


def pass_for(deal: int, n_players: int, passing: str) -> str | None:
    """Where the cards go before deal ``deal`` (1-based): ``"left"``, ``"right"``, ``"across"`` or ``None``."""
    if passing == "none":
        return None
    if passing == "left":
        return "left"
    cycle = PASS_CYCLES.get(n_players, PASS_CYCLE)
    return cycle[(deal - 1) % len(cycle)]


def _queen_name(code: str) -> Text:
    """``QS`` → D♠ in French, Q♠ in English."""
    queen = Card.parse_code(code)
    assert isinstance(queen, SuitCard)  # one of QUEENS
    symbol = queen.suit.symbol
    return T(f"D{symbol}", f"Q{symbol}")


INFO = GameInfo(
    essentials=("card_points",),
    slug="chasse-coeur",
    names=T("Le chasse-cœur", "Chasse-cœur (Hearts)"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=(DECK,),
    family="levees",
    direction=CLOCKWISE,
    source="The user's rule document « Le chasse-cœur »; values, générale and end from standard Hearts (pagat.com "
           "« Hearts », thebearknowsbest.com).",
    aliases=("chasse coeur", "chasse-cœur", "chassecoeur", "hearts"),
    summary=T(
        "Évitez les cœurs et la Dame de pique ; le plus petit total gagne.",
        "Avoid hearts and the Queen of spades; the lowest total wins.",
    ),
    tables=(
        RuleTable(
            "hand_sizes",
            T("Cartes retirées et cartes par joueur", "Cards removed and cards per player"),
            (T("Joueurs", "Players"), T("Cartes retirées", "Cards removed"), T("Cartes par joueur", "Cards each")),
            rows=tuple((n, " ".join(str(Card.parse(c)) for c in REMOVED[n]) or "—", HAND_SIZE[n]) for n in REMOVED),
        ),
        RuleTable(
            "card_order",
            T("Ordre des cartes", "Card order"),
            (T("Où", "Where"), T("De la plus forte à la plus faible", "Strongest first")),
            rows=(
                (T("Dans chaque couleur", "Within each suit"), T("As, R, D, V, 10, 9, 8, 7, 6, 5, 4, 3, 2", "Ace, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2")),
                (T("Atout", "Trumps"), T("aucun : seule la couleur demandée peut gagner", "none: only the suit led can win")),
            ),
        ),
        RuleTable(
            "card_points",
            T("Cartes à points", "Penalty cards"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=(
                (T("Chaque cœur, Dame de cœur comprise", "Each heart, Queen of hearts included"), HEART_POINTS),
                (T("Dame de pique (D♠)", "Queen of spades (Q♠)"), QUEEN_OF_SPADES_POINTS),
                (T("Toute autre carte", "Any other card"), 0),
                (T("Total d'une donne", "Total in a deal"), DEAL_TOTAL),
            ),
        ),
        RuleTable(
            "card_points_dames",
            T("Variante « les dames à 13 »", "House rule “queens at 13”"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=(
                (T("Chaque cœur sauf la Dame", "Each heart except the Queen"), LITERAL_HEART_POINTS),
                (T("Dame de pique, de carreau, de trèfle (chacune)", "Queen of spades, diamonds, clubs (each)"), LITERAL_QUEEN_POINTS),
                (T("Dame de cœur", "Queen of hearts"), LITERAL_QUEEN_OF_HEARTS_POINTS),
                (T("Total d'une donne", "Total in a deal"), LITERAL_DEAL_TOTAL),
            ),
        ),
        RuleTable(
            "passing",
            T("L'échange de cartes (option « tournant »)", "Passing cards (the “rotating” option)"),
            (T("Joueurs", "Players"), T("Donne après donne", "Deal after deal")),
            rows=(
                (4, T(", ".join(PASS_NAMES[p].fr if p else "sans échange" for p in PASS_CYCLES[4]) + ", et ainsi de suite",
                      ", ".join(PASS_NAMES[p].en if p else "no passing" for p in PASS_CYCLES[4]) + ", and so on")),
                (T("Autres", "Others"), T(", ".join(PASS_NAMES[p].fr if p else "sans échange" for p in PASS_CYCLE) + ", et ainsi de suite",
                                          ", ".join(PASS_NAMES[p].en if p else "no passing" for p in PASS_CYCLE) + ", and so on")),
            ),
        ),
    ),
    values=(
        ("deck_size", DECK_SIZE),
        ("hearts", HEARTS),
        ("heart_points", HEART_POINTS),
        ("queen_of_spades", QUEEN_OF_SPADES_POINTS),
        ("deal_total", DEAL_TOTAL),
        ("literal_total", LITERAL_DEAL_TOTAL),
        ("literal_queen", LITERAL_QUEEN_POINTS),
        ("literal_queen_of_hearts", LITERAL_QUEEN_OF_HEARTS_POINTS),
        ("literal_hearts_only", (HEARTS - 1) * LITERAL_HEART_POINTS),  # 12
        ("literal_queens_only", (len(QUEENS) - 1) * LITERAL_QUEEN_POINTS),  # 39
        ("target", TARGET),
        ("pass_cards", PASS_CARDS),
        ("hand_at_4", HAND_SIZE[4]),
        ("hand_at_8", HAND_SIZE[MAX_PLAYERS]),  # (52 − 4) / 8 = 6 tricks: at most 6 players take cards
        ("example_anne", 6 * HEART_POINTS + QUEEN_OF_SPADES_POINTS),  # the worked example: 6 hearts and the Q♠
    ),
)


class ChasseCoeurSheet(PenaltySheet):
    @property
    def literal(self) -> bool:
        values: str = self.options["values"]
        return values == "dames_13"

    @property
    def hand(self) -> int:
        return HAND_SIZE[self.n]

    @property
    def deal_total(self) -> int:
        return LITERAL_DEAL_TOTAL if self.literal else DEAL_TOTAL

    def next_round(self) -> NextRound:
        return replace(super().next_round(), first=None)  # whoever holds the 2♣ leads

    def next_extra(self) -> dict[str, Any]:
        return {"hand": self.hand, "removed": list(REMOVED[self.n]),
                "pass": pass_for(self.number, self.n, self.options["passing"])}

    def contract_for(self, number: int) -> Contract | None:
        """With passing, each deal says where the cards go (shown with the deal, and on forms kept offline)."""
        if self.options["passing"] == "none":
            return None
        where = pass_for(number, self.n, self.options["passing"])
        if where is None:
            return Contract("pass-none", T("sans échange", "no passing"), rule="echange")
        name = PASS_NAMES[where]
        return Contract(f"pass-{where}", T(f"échange {name.fr}", f"passing {name.en}"), rule="echange")

    def entry_fields(self, number: int) -> list[EntryField]:
        fields = [EntryField("hearts", T("Cœurs", "Hearts"), "count", maximum=HEARTS,
                             help=T("Dame de cœur comprise", "Queen of hearts included"))]
        if self.literal:
            # A select each, under the grid: four more seat columns would not fit a phone.
            fields += [EntryField(f"queens.{q}", _queen_name(q), "seat_select") for q in QUEENS]
        else:
            fields.append(EntryField("queen_of_spades", T("D♠", "Q♠"), "seat"))
        fields.append(EntryField("tricks", T("Plis", "Tricks"), "count", required=False, maximum=self.hand,
                                 help=T("Facultatif", "Optional")))
        return fields

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="cartes-a-points")
        if not r.ok:
            return r.problems
        queen_key, other_key = ("queens", "queen_of_spades") if self.literal else ("queen_of_spades", "queens")
        r.only_keys({"hearts", queen_key, "tricks", other_key})
        if other_key in r.entry:
            r.add(other_key, "other_values", T(
                "Avec les valeurs « {v} », on saisit {k}, pas {o}.", "With the “{v_en}” values, enter {k}, not {o}.").format(
                v="dames à 13" if self.literal else "standard", v_en="queens at 13" if self.literal else "standard",
                k=queen_key, o=other_key), rule="dames-a-13")
        hearts = read_hearts(r, HEARTS)
        queens = self._read_queens(r)
        tricks = read_tricks(r, self.hand)
        if hearts is not None and queens is not None and self.literal and hearts[queens["QH"]] == 0:
            r.add("queens.QH", "queen_of_hearts_without_heart", T(
                "La Dame de cœur est un cœur : qui l'a ramassée compte au moins un cœur.",
                "The Queen of hearts is a heart: whoever took it counts at least one heart."), queens["QH"])
        if hearts is not None and queens is not None and tricks is not None:
            check_tricks(r, self.n, tricks, self._point_cards(hearts, queens))
        elif hearts is not None and queens is not None and not r.has("tricks"):
            check_takers(r, self.hand, self._point_cards(hearts, queens))
        return r.problems

    def _read_queens(self, r: EntryReader) -> dict[str, int] | None:
        """The seat of each counted queen: ``{"QS": seat}``, or all four with ``dames_13``."""
        if not self.literal:
            seat = r.seat("queen_of_spades")
            return None if seat is None else {"QS": seat}
        if not r.has("queens"):
            r.missing("queens")
            return None
        raw = r.entry["queens"]
        if not isinstance(raw, dict):
            r.add("queens", "not_object", T("Pour chaque dame, qui l'a ramassée : {\"QS\": 0, \"QH\": 2, …}.",
                                            "For each queen, who took it: {\"QS\": 0, \"QH\": 2, …}."))
            return None
        out: dict[str, int] = {}
        for key in raw:
            if key not in QUEENS:
                r.add(f"queens.{str(key)[:8]}", "unknown_field", T("Dame inconnue : QS, QH, QD ou QC.",
                                                                  "Unknown queen: QS, QH, QD or QC."))
        for q in QUEENS:
            seat = r.seat(q, value=raw.get(q), field=f"queens.{q}") if raw.get(q) is not None else None
            if raw.get(q) is None:
                r.missing(f"queens.{q}")
            if seat is not None:
                out[q] = seat
        return out if len(out) == len(QUEENS) else None

    def _point_cards(self, hearts: list[int], queens: dict[str, int]) -> list[int]:
        """Penalty cards each seat took: its hearts (the Q♥ among them) and the other queens counted."""
        return [hearts[s] + sum(1 for q, seat in queens.items() if seat == s and q != "QH") for s in range(self.n)]

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"hearts": list(entry["hearts"])}
        if self.literal:
            out["queens"] = {q: entry["queens"][q] for q in QUEENS}
        else:
            out["queen_of_spades"] = entry["queen_of_spades"]
        if entry.get("tricks") is not None:
            out["tricks"] = list(entry["tricks"])
        return out

    def _points(self, seat: int, hearts: list[int], queens: dict[str, int]) -> int:
        if not self.literal:
            return hearts[seat] * HEART_POINTS + QUEEN_OF_SPADES_POINTS * (queens["QS"] == seat)
        has_qh = queens["QH"] == seat
        others = sum(1 for q in ("QS", "QD", "QC") if queens[q] == seat)
        return ((hearts[seat] - has_qh) * LITERAL_HEART_POINTS + LITERAL_QUEEN_OF_HEARTS_POINTS * has_qh
                + LITERAL_QUEEN_POINTS * others)

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        hearts = entry["hearts"]
        queens = entry["queens"] if self.literal else {"QS": entry["queen_of_spades"]}
        points = [self._points(s, hearts, queens) for s in range(self.n)]
        sweeper = next((s for s in range(self.n) if hearts[s] == HEARTS and all(v == s for v in queens.values())), None)
        scores = sweep(points, sweeper, self.deal_total)
        notes = []
        if sweeper is not None:
            notes.append(T("{p} a ramassé toutes les cartes à points : c'est la générale, 0 pour {p} et {t} pour "
                           "chacun des autres.",
                           "{p} took every penalty card: la générale, 0 for {p} and {t} for each other player.").format(
                p=seat_ref(sweeper), t=self.deal_total))
        else:
            for s in range(self.n):
                if points[s]:
                    mine = [_queen_name(q) for q, seat in queens.items() if seat == s]
                    hearts_part = [f"{hearts[s]} ♥"] if hearts[s] else []
                    taken = T(", ".join(hearts_part + [q.fr for q in mine]), ", ".join(hearts_part + [q.en for q in mine]))
                    notes.append(count(points[s], "{p} : {c} = {n} point.", "{p} : {c} = {n} points.",
                                       "{p}: {c_en} = {n} point.", "{p}: {c_en} = {n} points.",
                                       p=seat_ref(s), c=taken.fr, c_en=taken.en))
        return RoundResult(0, entry, scores, notes=notes)

    def summarise(self, result: RoundResult) -> Text | None:
        """"D♠ pour ⟨2⟩ · 6 ♥ pour ⟨1⟩": who took the Queen of spades and who the most hearts (ties named
        together); "⟨2⟩ fait la générale" when one player took every penalty card."""
        entry = result.entry
        hearts = entry["hearts"]
        queen = entry["queens"]["QS"] if self.literal else entry["queen_of_spades"]
        queens = entry["queens"] if self.literal else {"QS": queen}
        sweeper = next((s for s in range(self.n) if hearts[s] == HEARTS and all(v == s for v in queens.values())), None)
        if sweeper is not None:
            return T("{p} fait la générale", "{p} takes every penalty card").format(p=seat_ref(sweeper))
        most = max(hearts)
        who = ", ".join(seat_ref(s) for s, h in enumerate(hearts) if h == most)
        return T("D♠ pour {q} · {h} ♥ pour {w}", "Q♠ to {q} · {h} ♥ to {w}").format(q=seat_ref(queen), h=most, w=who)


# -- digital play ---------------------------------------------------------------------------------------------
PACKS = {n: pack(DECK, removed=cards) for n, cards in REMOVED.items()}
PASS = "pass"  # the phase in which each seat sets aside the cards it passes
PASS_OFFSET = {"left": 1, "right": -1, "across": 2}


class ChasseCoeurDeal(ClosedSuitDeal):
    """One deal of Chasse-cœur played card by card, on :class:`~companion.families.trickplay.TrickDeal`.

    * The pack is the 52 cards less :data:`REMOVED` for the number of players, dealt one at a time from the
      dealer's left.
    * With the ``passing`` option (when :func:`pass_for` gives a direction for this deal), a passing phase comes
      first: seat by seat from the dealer's left, each player chooses the :data:`PASS_CARDS` cards it passes, a
      :class:`~companion.kernel.deal.Selection` (purpose ``pass``): ``"pick:QS"`` picks a card, ``"unpick:QS"``
      puts it back, ``"confirm"`` sets the three aside, unseen by the others (no ``"cancel"``: the cards must be
      passed). A bare card code (how a card passed was stored when it counted at once) is still read: it picks
      the card, and the third sets them aside. Once everyone has chosen, they all reach their receivers at once
      (left = the next seat, right = the previous one, across = two on).
    * Whoever holds the 2♣ then leads it. Follow suit if you can, else anything. No point card may fall on the
      first trick while its player holds another card that may be played: a player who cannot follow throws
      no point card (hearts and the Q♠; with ``dames_13`` every queen too) unless it holds nothing else, and
      with ``dames_13`` a player following clubs plays the Q♣ only if it is its last club. Hearts may be led at
      any time; with the option ``coeurs_fermes``, only once a heart has been thrown on another suit, unless
      the leader holds nothing but hearts (:class:`~companion.families.trickplay.ClosedSuitDeal`). No trumps; the
      highest card of the suit led takes the trick.
    * :meth:`entry`: each seat's hearts, who took the Q♠ (or each queen with ``dames_13``) and the tricks (the
      sheet's optional check). :meth:`returns` is the sheet's score (la générale included): lower is better.
    """

    slug = INFO.slug
    lowest_wins = True
    _mutable = TrickDeal._mutable + ("passed",)

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int):
        self.extra_piles = n_players  # pile n + s: the cards seat s has set aside to pass
        super().__init__(n_players, options, number, dealer, PACKS[n_players])
        p = self.pack
        self.literal = options["values"] == "dames_13"
        self.direction = pass_for(number, n_players, options["passing"])
        self.hearts_mask = p.suit_mask[HEARTS_SUIT]
        self.qs_bit = 1 << p.index["QS"]
        self.queen_bits = {q: 1 << p.index[q] for q in QUEENS}
        queens = sum(self.queen_bits.values())
        self.point_mask = self.hearts_mask | (queens if self.literal else self.qs_bit)
        self.two_of_clubs = p.index["2C"]
        self.deal_total = LITERAL_DEAL_TOTAL if self.literal else DEAL_TOTAL
        self.passed = [0] * n_players  # what each seat passed (known to it while the receiver holds them)
        if options["coeurs_fermes"]:
            self.closed_suit = HEARTS_SUIT

    def receiver(self, seat: int) -> int:
        assert self.direction is not None  # cards are passed only in a deal with a passing phase
        return (seat + PASS_OFFSET[self.direction]) % self.n_players

    # -- passing ------------------------------------------------------------------------------------------
    def _after_deal(self) -> None:
        if self.direction is None:
            self._lead_the_two()
        else:
            self.phase = PASS
            self.to_move = (self.dealer + 1) % self.n_players
            self.selection = Selection(self.to_move, PASS)

    def _lead_the_two(self) -> None:
        bit = 1 << self.two_of_clubs
        self.start_play(next(s for s in range(self.n_players) if self.held[s] & bit))

    def choice_hand(self) -> int:
        """The hand of the seat to move less the cards it has picked to pass (a mask): what it still picks from."""
        selection = self.selection
        hand = self.held[self.to_move]
        return hand & ~self.pack.mask(selection.picked) if selection is not None else hand

    def _phase_actions(self) -> list[Action]:
        selection = self.selection
        assert selection is not None  # the passing phase always has its selection
        full = len(selection.picked) >= PASS_CARDS
        return selection.moves([] if full else self.pack.codes_of(self.held[self.to_move]), confirm=full, cancel=False)

    def _phase_normalise(self, action: str) -> Action:
        action = action.strip()
        head, code = selection_move(action)
        if head == CONFIRM or head == CANCEL:
            return action
        try:
            card = Card.parse_code(code if head else action).code
        except CardSyntaxError:
            raise illegal("not_a_card", T("Ce n'est pas une carte de ce jeu.", "That is not a card of this game."),
                          self._seat_or_none()) from None
        return f"{head}:{card}" if head else card

    def reads_old_move(self, action: Action) -> bool:
        """A card code while passing, as it was stored when each card passed counted at once."""
        selection = self.selection
        return (self.phase == PASS and selection is not None and len(selection.picked) < PASS_CARDS
                and action in self.pack.index and bool(self.choice_hand() >> self.pack.index[action] & 1))

    def _why_phase_illegal(self, action: Action) -> IllegalAction:
        seat = self.to_move
        selection = self.selection
        assert selection is not None  # the passing phase always has its selection
        head, code = selection_move(action)
        if head == CONFIRM:
            return illegal("pass_count", count(PASS_CARDS, "Passez {n} carte : vous en avez choisi {k}.",
                                               "Passez {n} cartes : vous en avez choisi {k}.",
                                               "Pass {n} card: you chose {k}.", "Pass {n} cards: you chose {k}.",
                                               k=len(selection.picked)), seat)
        if head == CANCEL:
            return illegal("pass_due", count(PASS_CARDS, "Il faut passer {n} carte.", "Il faut passer {n} cartes.",
                                             "You must pass {n} card.", "You must pass {n} cards."), seat)
        if head == UNPICK:
            return illegal("not_picked", T("Cette carte n'est pas choisie.", "That card is not chosen."), seat)
        card = code if head else action
        if card not in self.pack.index or not self.held[seat] >> self.pack.index[card] & 1:
            return illegal("not_in_hand", T("Vous n'avez pas cette carte.", "You do not hold that card."), seat)
        if card in selection.picked:
            return illegal("already_picked", T("Cette carte est déjà choisie : touchez-la encore pour la reprendre.",
                                               "That card is already chosen: tap it again to put it back."), seat)
        return illegal("pass_full", count(PASS_CARDS, "La carte à passer est choisie : reprenez-la avant d'en choisir une autre.",
                                          "Les {n} cartes à passer sont choisies : reprenez-en une avant d'en choisir une autre.",
                                          "The card to pass is chosen: put it back before choosing another.",
                                          "The {n} cards to pass are chosen: put one back before choosing another."), seat)

    def _phase_apply(self, action: Action) -> None:
        seat, n = self.to_move, self.n_players
        selection = self.selection
        assert selection is not None  # the passing phase always has its selection
        head, code = selection_move(action)
        if head == PICK or head == UNPICK:
            self.selection = selection.toggled(code)
            return
        if not head:  # a card code stored before passing was a selection: picked, and set aside with the third
            selection = self.selection = selection.toggled(action)
            if len(selection.picked) < PASS_CARDS:
                return
        for card in bits(self.pack.mask(selection.picked)):
            self.move_card(card, seat, n + seat)
        nxt = (seat + 1) % n
        self.selection = Selection(nxt, PASS) if nxt != (self.dealer + 1) % n else None
        if nxt != (self.dealer + 1) % n:
            self.to_move = nxt
            return
        for s in range(n):  # everyone has chosen: the cards reach their receivers together
            given = self.held[n + s]
            self.passed[s] = given
            self.held[n + s] = 0
            self.held[self.receiver(s)] |= given
        self._lead_the_two()

    def _known(self, seat: int) -> list[int]:
        known = super()._known(seat)
        if 0 <= seat < self.n_players:
            known[self.n_players + seat] = self.held[self.n_players + seat]
            if self.passed[seat]:
                r = self.receiver(seat)
                known[r] |= self.passed[seat] & self.held[r]
        return known

    # -- the play -----------------------------------------------------------------------------------------
    def _lead_mask(self, seat: int, hand: int) -> int:
        if not self.log:
            return 1 << self.two_of_clubs
        return super()._lead_mask(seat, hand) if self.closed_suit >= 0 else hand

    def _why_lead_illegal(self, seat: int, card: int) -> IllegalAction:
        if not self.log:
            return illegal("two_of_clubs_leads", T("Le premier pli s'ouvre avec le 2♣.", "The first trick is led with the 2♣."), seat)
        return super()._why_lead_illegal(seat, card)

    def start_play(self, leader: int) -> None:
        super().start_play(leader)
        # No points on the first trick, as far as a player can help it (both bans are cleared once it is taken):
        # no point card thrown, and none played to the clubs led while another club is held (the Q♣ at 13).
        self.discard_ban = self.point_mask
        self.follow_ban = 0 if self.options["dame_de_trefle_fournie"] else self.point_mask

    def _on_trick(self, winner: int) -> None:
        self.discard_ban = 0
        self.follow_ban = 0

    def why_illegal(self, action: Action) -> IllegalAction:
        if self.phase == PLAY and self.discard_ban and self.trick_cards and self.held[self.to_move] >> self.pack.index[action] & 1:
            hand, card = self.held[self.to_move], self.pack.index[action]
            follow = hand & self.pack.suit_mask[self.led]
            if not follow:
                return illegal("no_points_first_trick", T(
                    "Pas de point au premier pli : ni cœur ni Dame de pique (ni autre dame avec les dames à 13) tant "
                    "qu'on a autre chose.",
                    "No points on the first trick: no heart and no Queen of spades (no queen with queens at 13) while "
                    "you hold anything else."), self.to_move)
            if self.follow_ban >> card & 1 and follow & ~self.follow_ban and self.pack.suit[card] == self.led:
                return illegal("no_points_first_trick", T(
                    "Pas de point au premier pli : la Dame de trèfle n'y tombe que si c'est votre dernier trèfle.",
                    "No points on the first trick: the Queen of clubs falls on it only if it is your last club."),
                    self.to_move)
        return super().why_illegal(action)

    # -- results ------------------------------------------------------------------------------------------
    def _points(self) -> list[int]:
        out = []
        for t in self.taken:
            hearts = (t & self.hearts_mask).bit_count()
            if self.literal:
                qh = bool(t & self.queen_bits["QH"])
                others = sum(1 for q in ("QS", "QD", "QC") if t & self.queen_bits[q])
                out.append((hearts - qh) * LITERAL_HEART_POINTS + qh * LITERAL_QUEEN_OF_HEARTS_POINTS
                           + others * LITERAL_QUEEN_POINTS)
            else:
                out.append(hearts * HEART_POINTS + (QUEEN_OF_SPADES_POINTS if t & self.qs_bit else 0))
        return out

    def returns(self) -> list[float]:
        pm = self.point_mask
        sweeper = next((s for s, t in enumerate(self.taken) if t & pm == pm), None)
        return list(sweep(self._points(), sweeper, self.deal_total))  # a list[float] (lists are invariant)

    def _entry(self) -> dict[str, Any]:
        def who(bit: int) -> int:
            return next(s for s, t in enumerate(self.taken) if t & bit)

        entry: dict[str, Any] = {"hearts": [(t & self.hearts_mask).bit_count() for t in self.taken]}
        if self.literal:
            entry["queens"] = {q: who(b) for q, b in self.queen_bits.items()}
        else:
            entry["queen_of_spades"] = who(self.qs_bit)
        entry["tricks"] = list(self.won)
        return entry

    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        n = self.n_players
        if self.closed_suit >= 0:
            obs["hearts_broken"] = self.suit_broken()
        obs["pass"] = self.direction
        obs["passing"] = [self.held[n + s].bit_count() for s in range(n)]
        obs["points"] = self._points()
        if seat is not None:
            obs["set_aside"] = self.pack.codes_of(self.held[n + seat])
            obs["passed_cards"] = self.pack.codes_of(self.passed[seat])
        # the cards a seat is choosing to pass: to that seat only
        obs["picking"] = self.selection.observed(seat) if self.selection is not None else None

    # -- what a seat sees, for people ------------------------------------------------------------------------
    def view_facts(self, seat: int | None, obs: dict[str, Any]) -> list[Fact]:
        """No trump; the cards this seat passed, once passed."""
        facts = super().view_facts(seat, obs) + self.closed_facts()
        if obs.get("passed_cards"):
            facts.append(Fact("passed_cards", T("Vous avez passé", "You passed"), cards=tuple(obs["passed_cards"])))
        return facts

    def view_notes(self, seat: int | None, obs: dict[str, Any]) -> list[list[Note]]:
        """Per seat, the points it has taken so far (once the passing is over)."""
        if self.phase == PASS:
            return [[] for _ in range(self.n_players)]
        return [[Note(count(p, "{n} point", "{n} points", "{n} point", "{n} points"))] for p in obs["points"]]

    def view_prompt(self, seat: int, obs: dict[str, Any]) -> Text | None:
        """While passing: how many cards are still to choose, which way and to whom they go."""
        if self.phase != PASS:
            return None
        picked = obs.get("picking")
        left = max(PASS_CARDS - len(picked["cards"] if picked else obs.get("set_aside") or []), 0)
        ways: dict[str | None, tuple[str, str]] = {"left": (" à gauche", " to the left"), "right": (" à droite", " to the right"),
                                                    "across": (" en face", " across")}
        where = ways.get(self.direction, ("", ""))
        ask = count(left, "Choisissez {n} carte à passer{fr}.", "Choisissez {n} cartes à passer{fr}.",
                    "Choose {n} card to pass{en}.", "Choose {n} cards to pass{en}.", fr=where[0], en=where[1])
        if picked is not None and not left:
            ask = T("Les cartes à passer sont choisies : touchez-en une pour la reprendre, ou passez-les.",
                    "The cards to pass are chosen: tap one to put it back, or pass them.")
        if self.direction not in PASS_OFFSET:
            return ask
        to = seat_ref(self.receiver(seat))
        return T(f"{ask.fr} Elles iront à {to}.", f"{ask.en} They go to {to}.")

    def view_aside(self, seat: int | None, obs: dict[str, Any]) -> Aside | None:
        """While the others choose theirs, the cards this seat has set aside to pass."""
        if self.phase == PASS and obs.get("set_aside"):
            return Aside(T("Mises de côté", "Set aside"), tuple(obs["set_aside"]))
        return None

    def action_label(self, action: Action) -> Text:
        """The choice of the cards passed made: "Passer ces 3 cartes"."""
        if self.phase == PASS and action == CONFIRM:
            return count(PASS_CARDS, "Passer cette carte", "Passer ces {n} cartes", "Pass this card", "Pass these {n} cards")
        return super().action_label(action)

    def selection_label(self, selection: Selection) -> Text:
        """The cards picked to pass, on the seat's page."""
        return T("À passer", "To pass")

    def pass_move(self, card: Callable[[], Action]) -> Action:
        """A bot's move while passing: ``"confirm"`` once the cards are picked, else ``"pick:"`` the card ``card``
        chooses among those not picked yet."""
        selection = self.selection
        assert selection is not None  # the passing phase always has its selection
        return CONFIRM if len(selection.picked) >= PASS_CARDS else f"{PICK}:{card()}"

    def quick_action(self, rng: random.Random) -> Action:
        if self.phase == PASS:
            return self.pass_move(lambda: chasse_coeur_fast(self))
        return chasse_coeur_fast(self)  # reading_action's choice, on bit sets

    def rollout_action(self, rng: random.Random) -> Action:
        """The cheaper heuristic search bots finish their sampled deals with (:func:`careful_action`)."""
        return careful_action(self, rng)


def _cost(state: ChasseCoeurDeal, card: int) -> int:
    """Roughly what a card costs whoever takes it: the Q♠ most, then the high spades that catch it, then hearts."""
    bit = 1 << card
    if bit == state.qs_bit or bit & state.point_mask and state.literal and state.pack.rank[card] == 13:
        return 30
    if bit & state.hearts_mask:
        return 10 + state.strength[card]
    if state.pack.suit[card] == SPADES and state.strength[card] > state.strength[state.pack.index["QS"]]:
        return 8
    return 0


def careful_action(state: ChasseCoeurDeal, rng: random.Random) -> Action:
    """The quick Chasse-cœur bot: pass the costliest and highest cards; lead low; follow with the highest card
    that still loses (the lowest when it must win, unless last to play); when void, throw the costliest card."""
    seat = state.current_player
    code, st, suit = state.pack.code, state.strength, state.pack.suit
    if state.phase == PASS:
        hand = bits(state.choice_hand())
        return state.pass_move(lambda: code[max(hand, key=lambda c: (_cost(state, c), st[c], rng.random()))])
    legal = bits(state._legal_mask(seat))
    if len(legal) == 1:
        return code[legal[0]]
    trick = state.trick_cards
    if not trick:
        return code[min(legal, key=lambda c: (_cost(state, c) > 0, st[c], rng.random()))]
    led = state.led
    if suit[legal[0]] == led:
        best = max(st[c] for c in trick if suit[c] == led)
        under = [c for c in legal if st[c] < best]
        if under:
            return code[max(under, key=lambda c: st[c])]
        if len(trick) == state.n_players - 1:  # taking it anyway: with the highest that costs nothing
            return code[max(legal, key=lambda c: (-_cost(state, c), st[c]))]
        return code[min(legal, key=lambda c: st[c])]
    return code[max(legal, key=lambda c: (_cost(state, c), st[c]))]


def reading_action(state: ChasseCoeurDeal, rng: random.Random) -> Action:
    """The quick bot's choice, readably: :func:`companion.games.chasse_coeur.bots.chasse_coeur_pass` and
    :func:`~companion.games.chasse_coeur.bots.chasse_coeur_choice`, fed with what the seat to move sees.
    :meth:`ChasseCoeurDeal.quick_action` plays the same card through
    :func:`~companion.games.chasse_coeur.bots.chasse_coeur_fast` (bit sets). Measured on duplicate deals, it loses
    about 1.1 to 1.4 points a deal fewer than :func:`careful_action`."""
    seat = state.current_player
    codes_of, code = state.pack.codes_of, state.pack.code
    if state.phase == PASS:
        return state.pass_move(lambda: chasse_coeur_pass(codes_of(state.choice_hand()), state.literal))
    return chasse_coeur_choice(state.n_players, codes_of(state.held[seat]), codes_of(state._legal_mask(seat)),
                               [code[c] for c in state.trick_cards], codes_of(state.played), not state.log,
                               code, state.literal)


class ChasseCoeur(Game):
    info = INFO
    sheet_class = ChasseCoeurSheet
    deal_class = ChasseCoeurDeal
    options = (
        Option("values", T("Valeur des cartes", "Card values"), "choice", "standard",
               choices=(("standard", T(f"standard : chaque cœur {HEART_POINTS}, D♠ {QUEEN_OF_SPADES_POINTS} ({DEAL_TOTAL} par donne)",
                                       f"standard: each heart {HEART_POINTS}, Q♠ {QUEEN_OF_SPADES_POINTS} ({DEAL_TOTAL} a deal)")),
                        ("dames_13", T(f"les dames à {LITERAL_QUEEN_POINTS}, D♥ {LITERAL_QUEEN_OF_HEARTS_POINTS} ({LITERAL_DEAL_TOTAL} par donne)",
                                       f"queens at {LITERAL_QUEEN_POINTS}, Q♥ {LITERAL_QUEEN_OF_HEARTS_POINTS} ({LITERAL_DEAL_TOTAL} a deal)"))),
               help=T("La règle d'origine donne les deux ; seules les valeurs standard font les 26 points de la générale.",
                      "The original rules give both; only the standard values make the générale's 26 points.")),
        Option("passing", T("Échange de trois cartes", "Passing three cards"), "choice", "none",
               choices=(("none", T("aucun", "none")), ("left", T("toujours à gauche", "always to the left")),
                        ("rotate", T("tournant : gauche, droite, (en face à 4), sans", "rotating: left, right, (across at 4), none")))),
        Option("target", T("Partie en combien de points", "Game to how many points"), "int", TARGET, minimum=1,
               maximum=100_000, help=T("La partie s'arrête quand un total l'atteint ; le plus petit total gagne.",
                                       "The game ends when a total reaches it; the lowest total wins.")),
        Option("dame_de_trefle_fournie", T("Dame de trèfle fournie au premier pli", "Queen of clubs followed on the first trick"),
               "bool", False,
               help=T("Avec les dames à 13 : on peut fournir la Dame de trèfle au premier pli même avec un autre trèfle "
                      "en main (seule la défausse de points reste interdite).",
                      "With queens at 13: the Queen of clubs may follow clubs on the first trick even with another club "
                      "in hand (only discarding points stays forbidden)."),
               # Digital deals played before this rule was enforced let the Q♣ follow: they replay as they were played.
               stored_default=True),
        Option("coeurs_fermes", T("Cœurs fermés", "Hearts broken"), "bool", False,
               help=T("Pas d'entame à cœur avant qu'un cœur ait été défaussé, sauf pour qui n'a plus que des cœurs.",
                      "No heart may be led until one has been discarded, unless the leader holds only hearts.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        """The table's shape of the queens (its ``values`` option, also given in ``x-values``): the Q♠ alone, or
        all four at 13 points (the sheet refuses the other's key)."""
        opts = self.clean_options(options, n_players)
        hand = HAND_SIZE[n_players]
        seat = schema.seat(n_players)
        hearts = schema.counts(n_players, HEARTS, f"hearts taken by each seat, the Q♥ included; they add up to {HEARTS}")
        tricks = schema.counts(n_players, hand, f"optional check: tricks taken by each seat; they add up to {hand}")
        standard = schema.obj({"hearts": hearts, "queen_of_spades": schema.seat(n_players, "who took the Q♠"),
                               "tricks": tricks}, ["hearts", "queen_of_spades"], "values = standard")
        literal = schema.obj({"hearts": hearts, "tricks": tricks,
                              "queens": schema.obj({q: seat for q in QUEENS}, list(QUEENS), "who took each queen")},
                             ["hearts", "queens"], "values = dames_13")
        shape = literal if opts["values"] == "dames_13" else standard
        return schema.entry("Chasse-cœur round entry", one_of=[shape], notes={"x-values": opts["values"]})


GAME = ChasseCoeur()
