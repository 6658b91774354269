"""La pétasse (dame de pique), as in the user's rule document « La pétasse ou dame de pique »; who leads and the
winner completed from the Hearts family (pagat.com "Hearts").

3 or 4 players, 32 cards (at 3 the 7♦ and 7♣ come out), no trumps. Each heart costs 1, the Q♠ (la pétasse) 8: 16
points a deal. A seat that took every trick scores 0 and each other seat 16 (the rule document's case); a seat with
every point card but not every trick scores its 16 like anyone else. The entry says who took every trick
(``all_tricks``), which a table knows without counting tricks; when one seat has all the points and neither
``all_tricks`` nor ``tricks`` says, the sheet asks. The game ends after the deal in which a total reaches the
option ``target`` (51): that player loses, the lowest total wins. Checks are :mod:`companion.families.penalties`'s,
shared with Chasse-cœur.
"""

from __future__ import annotations

import random
from typing import Any

from companion.families.aims import aim_action
from companion.families.penalties import PenaltySheet, check_tricks, read_hearts, read_tricks, sweep
from companion.families.trickplay import HEARTS as HEART_SUIT
from companion.families.trickplay import SPADES, ClosedSuitDeal, pack
from companion.kernel import schema
from companion.kernel.cards import Card, Suit, SuitCard, deck
from companion.kernel.deal import Action
from companion.kernel.entries import EntryReader
from companion.kernel.errors import Problem
from companion.kernel.game import CLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable
from companion.kernel.text import T, Text, seat_ref
from companion.kernel.view import Fact, Note, card_label

DECK = "32"
DECK_SIZE = len(deck(DECK))
# Rank codes (cards.Rank.code) from highest to lowest, the same in every suit; there are no trumps.
RANK_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7")
HEARTS = sum(1 for c in deck(DECK) if isinstance(c, SuitCard) and c.suit == Suit.HEARTS)  # 8
HEART_POINTS = 1  # each heart taken
QUEEN_OF_SPADES_POINTS = 8  # la pétasse
DEAL_TOTAL = HEARTS * HEART_POINTS + QUEEN_OF_SPADES_POINTS  # 16 points in every deal
CAPOT_POINTS = DEAL_TOTAL  # to each other player when one player takes every trick
LOSING_TOTAL = 51  # reaching this ends the game: that player loses
REMOVED = {3: ("7D", "7C"), 4: ()}
HAND_SIZES = {n: (DECK_SIZE - len(cards)) // n for n, cards in REMOVED.items()}  # 10 and 8
ENTRY_KEYS = ("hearts", "queen_of_spades", "all_tricks", "tricks")  # what check_entry allows and the schema lists

INFO = GameInfo(
    essentials=("card_points",),
    slug="petasse",
    names=T("La pétasse", "La Pétasse (Queen of spades)"),
    min_players=3,
    max_players=4,
    decks=(DECK,),
    family="levees",
    direction=CLOCKWISE,
    source="The user's rule document « La pétasse ou dame de pique »; lead and winner from the Hearts family "
           "(pagat.com « Hearts »).",
    aliases=("dame de pique", "la dame de pique", "petasse", "pétasse"),
    summary=T(
        "Jeu de levées sans atout à 32 cartes : fuir les cœurs et la dame de pique ; 51 points, c'est perdu.",
        "No-trump trick game with 32 cards: avoid hearts and the Queen of spades; 51 points loses.",
    ),
    tables=(
        RuleTable(
            "card_order",
            T("Ordre des cartes dans chaque couleur", "Card order in every suit"),
            (T("Du plus fort au plus faible", "Highest to lowest"),),
            rows=((T("As R D V 10 9 8 7", "Ace K Q J 10 9 8 7"),),),
        ),
        RuleTable(
            "card_points",
            T("Cartes qui comptent", "Cards that score"),
            (T("Carte", "Card"), T("Points", "Points")),
            rows=(
                (T("Chaque cœur (As à 7)", "Each heart (Ace to 7)"), HEART_POINTS),
                (T("D♠, la pétasse", "Q♠, la pétasse"), QUEEN_OF_SPADES_POINTS),
                (T("Toute autre carte", "Any other card"), 0),
                (T("Total d'une donne", "Total in a deal"), DEAL_TOTAL),
                (T("Capot (tous les plis) : à chacun des autres", "Capot (every trick): to each other player"), CAPOT_POINTS),
            ),
        ),
        RuleTable(
            "hand_sizes",
            T("Donne", "Deal"),
            (T("Joueurs", "Players"), T("Cartes retirées", "Cards taken out"), T("Cartes chacun", "Cards each")),
            rows=tuple((n, T(" et ".join(str(Card.parse(c)) for c in REMOVED[n]) or "aucune",
                             " and ".join(str(Card.parse(c)) for c in REMOVED[n]) or "none"), HAND_SIZES[n])
                       for n in REMOVED),
        ),
    ),
    values=(
        ("deck_size", DECK_SIZE),
        ("hearts", HEARTS),
        ("heart_points", HEART_POINTS),
        ("queen_of_spades", QUEEN_OF_SPADES_POINTS),
        ("deal_total", DEAL_TOTAL),
        ("capot", CAPOT_POINTS),
        ("target", LOSING_TOTAL),
        ("hand_at_3", HAND_SIZES[3]),
        ("hand_at_4", HAND_SIZES[4]),
    ),
)


class PetasseSheet(PenaltySheet):
    capot_points = CAPOT_POINTS  # for the form's hint

    @property
    def hand(self) -> int:
        return HAND_SIZES[self.n]

    def next_extra(self) -> dict[str, Any]:
        return {"hand": self.hand, "removed": list(REMOVED[self.n])}

    def entry_fields(self, number: int) -> list[EntryField]:
        return [
            EntryField("hearts", T("Cœurs", "Hearts"), "count", maximum=HEARTS),
            EntryField("queen_of_spades", T("D♠", "Q♠"), "seat"),
            EntryField("all_tricks", T("Tous les plis", "Every trick"), "seat", required=False),
            EntryField("tricks", T("Plis", "Tricks"), "count", required=False, maximum=self.hand,
                       help=T("Facultatif", "Optional")),
        ]

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="points")
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        hearts = read_hearts(r, HEARTS)
        queen = r.seat("queen_of_spades")
        capot = r.seat("all_tricks", required=False)
        tricks = read_tricks(r, self.hand)
        said_capot = "all_tricks" in r.entry and (r.entry["all_tricks"] is None or capot is not None)
        all_points = None
        if hearts is not None and queen is not None and sum(hearts) == HEARTS:
            all_points = next((s for s in range(self.n) if hearts[s] == HEARTS and queen == s), None)
        if capot is not None and hearts is not None and queen is not None and all_points != capot:
            r.add("all_tricks", "capot_without_points", T(
                "Qui fait tous les plis ramasse toutes les cartes : les {h} cœurs et la D♠.",
                "Whoever takes every trick takes every card: the {h} hearts and the Q♠.").format(h=HEARTS), capot, rule="capot")
        if tricks is not None and sum(tricks) == self.hand:
            took_all = next((s for s in range(self.n) if tricks[s] == self.hand), None)
            if said_capot and took_all != capot:
                r.add("all_tricks", "capot_disagrees", T(
                    "Les plis saisis ne disent pas la même chose : {t}.", "The tricks entered say otherwise: {t_en}.").format(
                    t="personne n'a fait tous les plis" if took_all is None else "un autre joueur a fait tous les plis",
                    t_en="nobody took every trick" if took_all is None else "another player took every trick"),
                    capot if capot is not None else took_all, rule="capot")
            if hearts is not None and queen is not None:
                check_tricks(r, self.n, tricks, [hearts[s] + (queen == s) for s in range(self.n)])
        elif all_points is not None and tricks is None and not said_capot:
            r.add("all_tricks", "capot_unknown", T(
                "Tous les points sont dans ces plis : tous les plis aussi ? Cocher « Tous les plis » ici, ou « Personne ».",
                "Every point is in these tricks: every trick too? Tick “Every trick” here, or “Nobody”."),
                all_points, rule="capot")
        return r.problems

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"hearts": list(entry["hearts"]), "queen_of_spades": entry["queen_of_spades"]}
        tricks = entry.get("tricks")
        capot = entry.get("all_tricks")
        if capot is None and tricks is not None:
            capot = next((s for s in range(self.n) if tricks[s] == self.hand), None)
        out["all_tricks"] = capot
        if tricks is not None:
            out["tricks"] = list(tricks)
        return out

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        hearts, queen, capot = entry["hearts"], entry["queen_of_spades"], entry["all_tricks"]
        points = [hearts[s] * HEART_POINTS + QUEEN_OF_SPADES_POINTS * (queen == s) for s in range(self.n)]
        scores = sweep(points, capot, CAPOT_POINTS)
        notes = []
        if capot is not None:
            notes.append(T("{p} a fait tous les plis : 0 pour {p}, {t} pour chacun des autres.",
                           "{p} took every trick: 0 for {p}, {t} for each other player.").format(p=seat_ref(capot), t=CAPOT_POINTS))
        else:
            for s in range(self.n):
                if points[s]:
                    fr = f"{hearts[s]} ♥" + (" + D♠" if queen == s else "")
                    en = f"{hearts[s]} ♥" + (" + Q♠" if queen == s else "")
                    notes.append(T("{p} : {c} = {n}.", "{p}: {c_en} = {n}.").format(p=seat_ref(s), c=fr, c_en=en, n=points[s]))
            if max(points) == DEAL_TOTAL:
                notes.append(T("Tous les points sans tous les plis : ils comptent comme d'habitude.",
                               "Every point but not every trick: they count as usual."))
        return RoundResult(0, entry, scores, notes=notes)

    def summarise(self, result: RoundResult) -> Text | None:
        """"D♠ pour ⟨2⟩ · 4 ♥ pour ⟨1⟩": who took the pétasse (the Queen of spades) and who the most hearts (ties
        named together); "⟨2⟩ fait tous les plis" for a capot."""
        entry = result.entry
        if entry["all_tricks"] is not None:
            return T("{p} fait tous les plis", "{p} takes every trick").format(p=seat_ref(entry["all_tricks"]))
        hearts = entry["hearts"]
        most = max(hearts)
        who = ", ".join(seat_ref(s) for s, h in enumerate(hearts) if h == most)
        return T("D♠ pour {q} · {h} ♥ pour {w}", "Q♠ to {q} · {h} ♥ to {w}").format(
            q=seat_ref(entry["queen_of_spades"]), h=most, w=who)


# -- digital play ---------------------------------------------------------------------------------------------
PACKS = {n: pack(DECK, removed=REMOVED[n]) for n in REMOVED}


class PetasseDeal(ClosedSuitDeal):
    """One deal of La pétasse played card by card, on :class:`~companion.families.trickplay.TrickDeal`.

    * 32 cards (30 at 3 players: no 7♦ nor 7♣), dealt one at a time from the dealer's left: 10 each at 3, 8 at
      4. The dealer's left leads; follow suit when you can, otherwise discard anything; no trumps; the highest
      card of the suit led (A R D V 10 9 8 7) wins and leads next. Hearts may be led at any time; with the
      option ``coeurs_fermes``, only once a heart has been thrown on another suit, unless the leader holds
      nothing but hearts (:class:`~companion.families.trickplay.ClosedSuitDeal`).
    * :meth:`entry` gives every field a table may type: ``hearts``, ``queen_of_spades``, ``all_tricks`` (the
      seat that took every trick, or ``None``) and ``tricks``. :meth:`returns` is the sheet's score: 1 a heart,
      8 the Q♠, or 0 for a capot and 16 to each other seat (lower is better: ``lowest_wins``).

    Actions are the card codes; there is no other move.
    """

    slug = INFO.slug
    lowest_wins = True

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int):
        the_pack = PACKS[n_players]
        super().__init__(n_players, options, number, dealer, the_pack)
        self.hearts_mask = the_pack.suit_mask[HEART_SUIT]
        self.queen = the_pack.index["QS"]
        self.queen_bit = 1 << self.queen
        spades = the_pack.suit_mask[SPADES]
        above = the_pack.strength[self.queen]
        self.over_queen = sum(1 << c for c in range(len(the_pack)) if spades >> c & 1 and the_pack.strength[c] > above)
        if options["coeurs_fermes"]:
            self.closed_suit = HEART_SUIT

    def _capot(self) -> int | None:
        return next((s for s, t in enumerate(self.won) if t == self.n_tricks), None)

    def _entry(self) -> dict[str, Any]:
        hearts = self.hearts_mask
        return {
            "hearts": [(t & hearts).bit_count() for t in self.taken],
            "queen_of_spades": next(s for s, t in enumerate(self.taken) if t & self.queen_bit),
            "all_tricks": self._capot(),
            "tricks": list(self.won),
        }

    def returns(self) -> list[float]:
        capot = self._capot()
        if capot is not None:
            return [0.0 if s == capot else float(CAPOT_POINTS) for s in range(self.n_players)]
        hearts, queen = self.hearts_mask, self.queen_bit
        return [float((t & hearts).bit_count() * HEART_POINTS + (QUEEN_OF_SPADES_POINTS if t & queen else 0))
                for t in self.taken]

    def cost(self, card: int) -> int:
        """What the quick bot minds taking or keeping: the Q♠ most, then the spades above it while the queen is
        out (they catch her), then the hearts, highest first."""
        bit = 1 << card
        if bit == self.queen_bit:
            return 20
        if bit & self.over_queen and not self.played & self.queen_bit and not self.held[self.to_move] & self.queen_bit:
            return 10
        if bit & self.hearts_mask:
            return 1 + self.strength[card]
        return 0

    def quick_action(self, rng: random.Random) -> Action:
        """Duck: never want a trick; shed the Q♠, the spades above it and high hearts when safe."""
        return aim_action(self, rng, False, self.cost)

    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        hearts = self.hearts_mask
        obs["hearts_taken"] = [(t & hearts).bit_count() for t in self.taken]
        obs["queen_of_spades"] = next((s for s, t in enumerate(self.taken) if t & self.queen_bit), None)
        obs["removed"] = list(REMOVED[self.n_players])
        if self.closed_suit >= 0:
            obs["hearts_broken"] = self.suit_broken()

    def view_facts(self, seat: int | None, obs: dict[str, Any]) -> list[Fact]:
        """No trump; with hearts closed, whether a heart may be led yet."""
        return super().view_facts(seat, obs) + self.closed_facts()

    def view_notes(self, seat: int | None, obs: dict[str, Any]) -> list[list[Note]]:
        """Per seat, the hearts it took ("2 ♥") and the Q♠ if it took it."""
        out = [[Note(Text(f"{h} ♥", f"{h} ♥"))] if h else [] for h in obs["hearts_taken"]]
        if obs["queen_of_spades"] is not None:
            queen = card_label("QS")
            assert queen is not None  # "QS" is a card's code
            out[obs["queen_of_spades"]].append(Note(queen))
        return out


class Petasse(Game):
    info = INFO
    sheet_class = PetasseSheet
    deal_class = PetasseDeal
    options = (
        Option("target", T("Total qui fait perdre", "Losing total"), "int", LOSING_TOTAL, minimum=1, maximum=100_000,
               help=T("Qui l'atteint ou le dépasse perd et finit la partie ; le plus petit total gagne.",
                      "Whoever reaches it loses and ends the game; the lowest total wins.")),
        Option("coeurs_fermes", T("Cœurs fermés", "Hearts broken"), "bool", False,
               help=T("Pas d'entame à cœur avant qu'un cœur ait été défaussé, sauf pour qui n'a plus que des cœurs.",
                      "No heart may be led until one has been discarded, unless the leader holds only hearts.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        hand = HAND_SIZES[n_players]
        seat = schema.seat(n_players)
        return schema.entry("Pétasse round entry", {
            "hearts": schema.counts(n_players, HEARTS, f"hearts taken by each seat; they add up to {HEARTS}"),
            "queen_of_spades": schema.seat(n_players, "who took the Q♠ (la pétasse)"),
            "all_tricks": schema.nullable(seat, "the seat that took every trick, or null; needed (without tricks) "
                                                "when one seat has every point"),
            "tricks": schema.counts(n_players, hand, f"optional check: tricks taken by each seat; they add up to {hand}"),
        }, ["hearts", "queen_of_spades"])


GAME = Petasse()
