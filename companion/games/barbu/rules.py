"""Le barbu, as in the user's rule document « Le barbu »: five manches played in order, lowest total wins.

The document's footnotes are missing; what they would have said is settled from classic Barbu (pagat.com « Barbu »,
Wikipedia « Barbu (card game) »; regles-du-jeu.net and jouerchezmoi.fr for the salade; thebearknowsbest.com for the
cards removed at five): at five players the 2♣ and 2♦ are set aside (every scoring card stays), the salade scores
every card under every rule it matches (Q♥ = 5 + 20, K♥ = 5 + 80), and the manche of the roi de cœur may stop as
soon as the king falls.

The sheet refuses counts no real deal can give: totals per manche, and each seat's hearts, queens and K♥ against
the ``players`` cards of each trick it took, with the Q♥ both a heart and a queen (:meth:`BarbuSheet._check_queen_of_hearts`).
With the "une série par joueur" option every player deals each manche once (:func:`manche_index`).

Digital play: :class:`BarbuDeal` plays one manche card by card and ends with the entry the sheet takes (the game,
:class:`Barbu`, comes last in the module: it names its engine); :func:`cautious_action` is a bot that ducks and
dumps.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from companion.families.barbu import HAND_SIZE, HEARTS_IN_DECK, QUEENS_IN_DECK, penalty_cards
from companion.families.trickplay import HEARTS, Pack, TrickDeal, bits, pack
from companion.kernel import schema
from companion.kernel.cards import Rank, Suit, SuitCard, deck
from companion.kernel.deal import Action, illegal
from companion.kernel.entries import EntryReader
from companion.kernel.errors import IllegalAction, Problem
from companion.kernel.game import (
    CLOCKWISE,
    Contract,
    EntryField,
    Game,
    GameInfo,
    Option,
    RoundResult,
    RuleTable,
    Sheet,
)
from companion.kernel.text import T, Text, count, seat_ref

from .bots import barbu_choice, barbu_fast

POINTS_PER_TRICK = 5
POINTS_PER_HEART = 5
POINTS_PER_QUEEN = 20
POINTS_KING_OF_HEARTS = 80
REMOVED_AT_FIVE = {"2C-2D": ("2C", "2D"), "2S-2C": ("2S", "2C")}


@dataclass(frozen=True)
class Manche:
    key: str  # also the rulebook anchor
    name: Text
    fields: tuple[str, ...]  # entry fields it needs (tricks may be added to any manche for a cross-check)
    scores: Text


MANCHES = (
    Manche("plis", T("Les plis", "Tricks"), ("tricks",), T("5 par pli", "5 a trick")),
    Manche("coeurs", T("Les cœurs", "Hearts"), ("hearts",), T("5 par cœur", "5 a heart")),
    Manche("dames", T("Les dames", "Queens"), ("queens",), T("20 par dame", "20 a queen")),
    Manche("roi-de-coeur", T("Le roi de cœur", "King of hearts"), ("king_of_hearts",), T("80 pour le R♥", "80 for the K♥")),
    Manche(
        "salade",
        T("La salade", "Salad"),
        ("tricks", "hearts", "queens", "king_of_hearts"),
        T("tout à la fois", "all of them at once"),
    ),
)
ENTRY_FIELDS = ("tricks", "hearts", "queens", "king_of_hearts")


def manche_index(number: int, n_players: int) -> int:
    """Which manche round ``number`` plays, as an index into :data:`MANCHES` (0: les plis).

    The deal passes one seat to the left every round (the rule document: whoever led deals next) and the manches
    follow the document's order, so round ``r`` (from 0) is dealt by seat ``r mod n``. For "une série par joueur"
    every player must deal each manche once. At 4 players the two cycles (4 dealers, 5 manches) first line up again
    after lcm(4, 5) = 20 rounds, the whole series: nothing to change. At 5 players they would line up every 5
    rounds and each player would always deal the same manche; so each time the pairs would start over (every
    lcm(n, 5) rounds), the order moves on by one manche: the second series of five starts with les cœurs, the third
    with les dames, and so on. Over 5 × n rounds every (dealer, manche) pair comes exactly once.
    """
    r = number - 1
    return (r + r // math.lcm(n_players, len(MANCHES))) % len(MANCHES)


def manche_total(manche: Manche, n_players: int) -> int:
    """The points a manche hands out in all, whatever happens (the sheet checks every round against it)."""
    parts = {
        "tricks": HAND_SIZE[n_players] * POINTS_PER_TRICK,
        "hearts": HEARTS_IN_DECK * POINTS_PER_HEART,
        "queens": QUEENS_IN_DECK * POINTS_PER_QUEEN,
        "king_of_hearts": POINTS_KING_OF_HEARTS,
    }
    return sum(parts[f] for f in manche.fields)


def could_take_queen_of_hearts(hearts: int, queens: int, has_king: bool) -> bool:
    """Whether a seat's counts leave room for the Q♥ among its cards: it is one of its queens and one of its
    hearts, and not the K♥ (a seat that took the K♥ needs a second heart for it)."""
    return queens >= 1 and hearts >= 1 + has_king


def fewest_cards(hearts: int, queens: int, has_king: bool) -> int:
    """The fewest cards a seat took, from the hearts and queens it counts (0 where a manche does not count
    them) and whether it took the K♥: every heart and queen is a card, the K♥ is a card even where hearts are
    not counted, and the Q♥ is one card for two counts when it can be among them."""
    return max(hearts, int(has_king)) + queens - could_take_queen_of_hearts(hearts, queens, has_king)


INFO = GameInfo(
    essentials=("manches",),
    slug="barbu",
    most_played=5,
    names=T("Le barbu", "Barbu"),
    min_players=4,
    max_players=5,
    decks=("52",),
    based_on="barbu-classique",
    family="levees",
    direction=CLOCKWISE,
    source="The user's rule document « Le barbu »; its missing footnotes settled from classic Barbu (pagat.com, "
           "Wikipedia, regles-du-jeu.net, jouerchezmoi.fr, thebearknowsbest.com).",
    aliases=("le barbu",),
    summary=T("Cinq manches de levées sans atout où l'on fuit plis, cœurs, dames et roi de cœur.",
              "Five no-trump trick-taking manches dodging tricks, hearts, queens and the king of hearts."),
    tables=(
        RuleTable(
            "manches",
            T("Les cinq manches", "The five manches"),
            (T("Manche", "Manche"), T("Contrat", "Contract"), T("Ce qui coûte", "What scores"),
             T("Total à 4", "Total at 4"), T("Total à 5", "Total at 5")),
            tuple((i + 1, m.name, m.scores, manche_total(m, 4), manche_total(m, 5)) for i, m in enumerate(MANCHES)),
        ),
    ),
    values=(
        ("deck_size", len(deck("52"))),
        ("cards_at_5", len(deck("52")) - len(REMOVED_AT_FIVE["2C-2D"])),
        ("hand_at_4", HAND_SIZE[4]),
        ("hand_at_5", HAND_SIZE[5]),
        ("hearts", HEARTS_IN_DECK),
        ("queens", QUEENS_IN_DECK),
        *((f"manche_{m.key.replace('-', '_')}", i + 1) for i, m in enumerate(MANCHES)),  # manche_plis = 1 …
        ("per_trick", POINTS_PER_TRICK),
        ("per_heart", POINTS_PER_HEART),
        ("per_queen", POINTS_PER_QUEEN),
        ("king_of_hearts", POINTS_KING_OF_HEARTS),
        ("salad_queen_of_hearts", POINTS_PER_HEART + POINTS_PER_QUEEN),
        ("salad_king_of_hearts", POINTS_PER_HEART + POINTS_KING_OF_HEARTS),
        ("salad_total_4", manche_total(MANCHES[-1], 4)),
        ("salad_total_5", manche_total(MANCHES[-1], 5)),
        ("series_at_4", len(MANCHES) * 4),  # the "one series per player" option: 5 manches × players
        ("series_at_5", len(MANCHES) * 5),
    ),
)


class BarbuSheet(Sheet):
    lowest_wins = True

    @property
    def manche_count(self) -> int:
        return len(MANCHES) * (self.n if self.options["series"] else 1)

    def manche(self, number: int) -> Manche:
        return MANCHES[manche_index(number, self.n)]

    def contract_for(self, number: int) -> Contract | None:
        if number > self.manche_count:
            return None
        m = self.manche(number)
        return Contract(m.key, m.name, rule=m.key)

    def natural_end(self) -> bool:
        return len(self.rounds) >= self.manche_count

    def offline_points(self, number: int) -> dict[str, int] | None:
        # score_entry's sum, field by field; tricks asked in another manche are a cross-check worth nothing.
        each = {"tricks": POINTS_PER_TRICK, "hearts": POINTS_PER_HEART, "queens": POINTS_PER_QUEEN,
                "king_of_hearts": POINTS_KING_OF_HEARTS}
        fields = self.manche(number).fields
        return {f.key: each[f.key] if f.key in fields else 0 for f in self.entry_fields(number)}

    def entry_fields(self, number: int) -> list[EntryField]:
        m = self.manche(number)
        hand = HAND_SIZE[self.n]
        # With "the king stops play", that manche may end before all the tricks are played: no fixed total.
        stops_early = m.key == "roi-de-coeur" and self.options["king_stops_play"]
        fields = [EntryField("tricks", T("Plis", "Tricks"), "count", required="tricks" in m.fields, maximum=hand,
                             help=T("", "") if "tricks" in m.fields else T("Facultatif : sert de contrôle.", "Optional: used as a check."),
                             total=None if stops_early else hand)]
        if "hearts" in m.fields:
            fields.append(EntryField("hearts", T("Cœurs", "Hearts"), "count", maximum=HEARTS_IN_DECK, total=HEARTS_IN_DECK))
        if "queens" in m.fields:
            fields.append(EntryField("queens", T("Dames", "Queens"), "count", maximum=QUEENS_IN_DECK, total=QUEENS_IN_DECK))
        if "king_of_hearts" in m.fields:
            fields.append(EntryField("king_of_hearts", T("R♥", "K♥"), "seat"))
        return fields

    def check_entry(self, entry: Any) -> list[Problem]:
        m = self.manche(self.number)
        r = EntryReader(entry, self.n, rule=m.key)
        if not r.ok:
            return r.problems
        hand = HAND_SIZE[self.n]
        r.only_keys(set(ENTRY_FIELDS))
        needed = set(m.fields)
        for key in ENTRY_FIELDS:
            if key in r.entry and key not in needed and key != "tricks":
                r.add(key, "not_this_manche", T("Ce champ ne compte pas dans la manche « {m} ».",
                                                "This field does not count in the “{m_en}” manche.").format(m=m.name.fr, m_en=m.name.en))
        tricks = r.counts("tricks", required="tricks" in needed, maximum=hand)
        hearts = r.counts("hearts", maximum=HEARTS_IN_DECK) if "hearts" in needed else None
        queens = r.counts("queens", maximum=QUEENS_IN_DECK) if "queens" in needed else None
        king = r.seat("king_of_hearts") if "king_of_hearts" in needed else None

        stops_early = m.key == "roi-de-coeur" and self.options["king_stops_play"]
        if tricks is not None:
            total = sum(tricks)
            if stops_early:
                if not 1 <= total <= hand:
                    entered = count(total, "{n} saisi", "{n} saisis", "{n} entered", "{n} entered")
                    r.add("tricks", "trick_total", T("Entre 1 et {h} plis en tout (la manche s'arrête quand le roi tombe) : {t}.",
                                                     "Between 1 and {h} tricks in all (the manche stops when the king falls): {t_en}.").format(
                        h=hand, t=entered.fr, t_en=entered.en))
            elif total != hand:
                entered = count(total, "{n} saisi", "{n} saisis", "{n} entered", "{n} entered")
                r.add("tricks", "trick_total", T("Il y a {h} plis en tout à {n} joueurs : {t}.",
                                                 "There are {h} tricks in all with {n} players: {t_en}.").format(
                    h=hand, n=self.n, t=entered.fr, t_en=entered.en))
        if hearts is not None and sum(hearts) != HEARTS_IN_DECK:
            entered = count(sum(hearts), "{n} saisi", "{n} saisis", "{n} entered", "{n} entered")
            r.add("hearts", "heart_total", T("Il y a {h} cœurs en tout : {t}.", "There are {h} hearts in all: {t_en}.").format(
                h=HEARTS_IN_DECK, t=entered.fr, t_en=entered.en))
        if queens is not None and sum(queens) != QUEENS_IN_DECK:
            entered = count(sum(queens), "{n} saisie", "{n} saisies", "{n} entered", "{n} entered")
            r.add("queens", "queen_total", T("Il y a {q} dames en tout : {t}.", "There are {q} queens in all: {t_en}.").format(
                q=QUEENS_IN_DECK, t=entered.fr, t_en=entered.en))

        if tricks is not None:
            self._check_cards_taken(r, tricks, hearts, queens, king)
        if hearts is not None and king is not None and hearts[king] == 0:
            r.add("king_of_hearts", "king_without_heart", T("Qui a le roi de cœur a ramassé au moins un cœur.",
                                                            "Whoever took the king of hearts took at least one heart."), king)
        if (m.key == "salade" and tricks is not None and hearts is not None and queens is not None and king is not None
                and sum(tricks) == hand and sum(hearts) == HEARTS_IN_DECK and sum(queens) == QUEENS_IN_DECK):
            self._check_queen_of_hearts(r, tricks, hearts, queens, king)
        return r.problems

    def _check_cards_taken(self, r: EntryReader, tricks: list[int], hearts: list[int] | None,
                           queens: list[int] | None, king: int | None) -> None:
        """Each seat took ``players`` cards a trick: enough room for the hearts, queens and K♥ it counts?"""
        for seat in range(self.n):
            h = hearts[seat] if hearts is not None else 0
            q = queens[seat] if queens is not None else 0
            has_king = king == seat
            if tricks[seat] == 0:
                if h or q:
                    r.add("hearts" if h else "queens", "cards_without_trick",
                          T("Sans pli, on ne ramasse aucune carte.", "With no trick, no card can be taken."), seat)
                if has_king:
                    r.add("king_of_hearts", "cards_without_trick",
                          T("Sans pli, pas de roi de cœur : on ne le ramasse que dans un pli.",
                            "With no trick, no king of hearts: it is only taken in a trick."), seat)
                continue
            fewest = fewest_cards(h, q, has_king)
            if fewest > self.n * tricks[seat]:
                held = count(tricks[seat], "{n} pli ne fait que", "{n} plis ne font que", "{n} trick holds only",
                             "{n} tricks hold only")
                r.add("tricks", "too_many_cards", T("{p} {c} cartes : pas assez pour {a} cartes qui comptent.",
                                                    "{p_en} {c} cards: not enough for {a} scoring cards.").format(
                    p=held.fr, p_en=held.en, c=self.n * tricks[seat], a=fewest), seat)

    def _check_queen_of_hearts(self, r: EntryReader, tricks: list[int], hearts: list[int], queens: list[int],
                               king: int) -> None:
        """The salade's crossings: the Q♥ is one card, a heart and a queen, so exactly one seat counts it twice.

        Once the totals add up, the counts fit real cards exactly when some seat ``x`` can hold the Q♥
        (:func:`could_take_queen_of_hearts`) and every other seat's hearts and queens fit its cards without it:
        then the other hearts, queens and plain cards are forced seat by seat and none goes short. So: some seat
        must be able to take it, and no two seats may need it to fit (a seat needs it when its counts fill its
        tricks exactly only with the Q♥ counted once); the seats whose counts do not fit even with it are
        :meth:`_check_cards_taken`'s.
        """
        can = [could_take_queen_of_hearts(hearts[s], queens[s], king == s) for s in range(self.n)]
        needs = [s for s in range(self.n) if can[s] and fewest_cards(hearts[s], queens[s], king == s) == self.n * tricks[s]]
        if not any(can):
            r.add("queens", "queen_of_hearts_nowhere", T(
                "La Dame de cœur est à la fois un cœur et une dame : quelqu'un a ramassé au moins un cœur et une dame "
                "(au moins deux cœurs si la même personne a aussi pris le Roi de cœur). Personne ici.",
                "The Queen of hearts is both a heart and a queen: someone took at least one heart and one queen "
                "(at least two hearts if they also took the King of hearts). Nobody here did."))
        elif len(needs) > 1:
            for s in needs:
                held = count(tricks[s], "{n} pli fait", "{n} plis font", "{n} trick holds", "{n} tricks hold")
                h = count(hearts[s], "{n} cœur", "{n} cœurs", "{n} heart", "{n} hearts")
                q = count(queens[s], "{n} dame", "{n} dames", "{n} queen", "{n} queens")
                r.add("tricks", "queen_of_hearts_twice", T(
                    "{p} {c} cartes : {h} et {q} n'y tiennent que si la Dame de cœur en est, "
                    "et d'autres comptes saisis en ont aussi besoin.",
                    "{p_en} {c} cards: {h_en} and {q_en} fit only with the Queen of hearts among "
                    "them, and other counts entered need it too.").format(
                    p=held.fr, p_en=held.en, c=self.n * tricks[s], h=h.fr, h_en=h.en, q=q.fr, q_en=q.en), s)

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        m = self.manche(self.number)
        keys = list(m.fields)
        if "tricks" not in keys and entry.get("tricks") is not None:
            keys.insert(0, "tricks")
        return {k: entry[k] for k in ENTRY_FIELDS if k in keys}

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        m = self.manche(self.number)
        scores = [0] * self.n
        notes = []
        if "tricks" in m.fields:
            for s, t in enumerate(entry["tricks"]):
                scores[s] += POINTS_PER_TRICK * t
        if "hearts" in m.fields:
            for s, h in enumerate(entry["hearts"]):
                scores[s] += POINTS_PER_HEART * h
        if "queens" in m.fields:
            for s, q in enumerate(entry["queens"]):
                scores[s] += POINTS_PER_QUEEN * q
        if "king_of_hearts" in m.fields:
            scores[entry["king_of_hearts"]] += POINTS_KING_OF_HEARTS
        notes.append(T("{m} : {s}, {t} points en tout.", "{m_en}: {s_en}, {t} points in all.").format(
            m=m.name.fr, s=m.scores.fr, m_en=m.name.en, s_en=m.scores.en, t=sum(scores)))
        for seat in range(self.n):
            parts_fr, parts_en = [], []
            for key, each, fr1, frn, en1, enn in (
                ("tricks", POINTS_PER_TRICK, "pli", "plis", "trick", "tricks"),
                ("hearts", POINTS_PER_HEART, "cœur", "cœurs", "heart", "hearts"),
                ("queens", POINTS_PER_QUEEN, "dame", "dames", "queen", "queens"),
            ):
                count = entry[key][seat] if key in m.fields else 0
                if count:
                    parts_fr.append(f"{count} {fr1 if count == 1 else frn} × {each}")
                    parts_en.append(f"{count} {en1 if count == 1 else enn} × {each}")
            if "king_of_hearts" in m.fields and entry["king_of_hearts"] == seat:
                parts_fr.append(f"R♥ {POINTS_KING_OF_HEARTS}")
                parts_en.append(f"K♥ {POINTS_KING_OF_HEARTS}")
            if parts_fr:
                who = seat_ref(seat)
                notes.append(T(f"{who} : {' + '.join(parts_fr)} = {scores[seat]}", f"{who}: {' + '.join(parts_en)} = {scores[seat]}"))
        return RoundResult(0, entry, scores, notes=notes)

    def summarise(self, result: RoundResult) -> Text | None:
        """The manche and its notable fact: who took the most tricks, hearts or queens ("Les cœurs · ⟨1⟩ : 6 cœurs",
        ties named together), who took the K♥ ("Le roi de cœur · pris par ⟨2⟩", "La salade · R♥ : ⟨2⟩")."""
        from companion.kernel.text import count

        m = self.manche(self.number)
        entry = result.entry
        if m.key == "roi-de-coeur":
            fact = T("pris par {p}", "taken by {p}").format(p=seat_ref(entry["king_of_hearts"]))
        elif m.key == "salade":
            fact = T("R♥ : {p}", "K♥: {p}").format(p=seat_ref(entry["king_of_hearts"]))
        else:
            key, words = {"plis": ("tricks", ("{n} pli", "{n} plis", "{n} trick", "{n} tricks")),
                          "coeurs": ("hearts", ("{n} cœur", "{n} cœurs", "{n} heart", "{n} hearts")),
                          "dames": ("queens", ("{n} dame", "{n} dames", "{n} queen", "{n} queens"))}[m.key]
            values = entry[key]
            most = max(values)
            who = ", ".join(seat_ref(s) for s, v in enumerate(values) if v == most)
            took = count(most, *words)
            fact = T(f"{who} : {took.fr}", f"{who}: {took.en}")
        return T(f"{m.name.fr} · {fact.fr}", f"{m.name.en} · {fact.en}")


# -- digital play ---------------------------------------------------------------------------------------------
HEART_LEAD_MANCHES = ("coeurs", "roi-de-coeur", "salade")  # the manches where hearts have a value (classic Barbu)
PACKS: dict[int | tuple[int, str], Pack] = {4: pack("52"), **{(5, k): pack("52", removed=v) for k, v in REMOVED_AT_FIVE.items()}}
KING_OF_HEARTS = SuitCard(Rank.KING, Suit.HEARTS)


class BarbuDeal(TrickDeal):
    """One Barbu manche played card by card, on :class:`~companion.families.trickplay.TrickDeal`.

    * The deck is the 52-card pack, less the two cards of the ``five_players_removed`` option at 5 players.
      Chance actions deal it one card at a time, starting with the player on the dealer's left, so every seat
      gets 13 cards at 4 players and 10 at 5.
    * The player on the dealer's left leads; play goes clockwise (seat + 1). Follow suit if you can, otherwise
      play anything; no trumps; the highest card of the suit led (ace high) wins and its taker leads next.
    * Manches 2, 4 and 5: no heart may be led until a heart has been discarded in the manche (the rule document:
      "tant qu'il n'y a pas eu de cœur défaussé"), that is played to a trick of another suit. A leader holding only
      hearts may still lead one; that lead is no discard and leaves hearts closed for the others.
    * Manche 4 with ``king_stops_play``: the deal ends with the trick in which the K♥ falls.

    :meth:`entry` gives the sheet's entry: the manche's own fields, plus ``tricks`` in every manche (the sheet
    takes it as a cross-check where tricks do not score). :meth:`returns` gives the sheet's scores (lower is
    better: ``lowest_wins``).
    """

    slug = INFO.slug
    lowest_wins = True

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int):
        the_pack = PACKS[4] if n_players == 4 else PACKS[5, options["five_players_removed"]]
        super().__init__(n_players, options, number, dealer, the_pack)
        self.manche = MANCHES[manche_index(number, n_players)]
        self.hand_size = self.n_tricks
        self.restricts_hearts = self.manche.key in HEART_LEAD_MANCHES
        self.stops_at_king = self.manche.key == "roi-de-coeur" and bool(options["king_stops_play"])
        self.hearts_broken = False
        self.stopped = False  # the K♥ fell and the manche stops there
        self.penalties = penalty_cards(the_pack)
        self.hearts_mask = self.penalties.hearts
        self.queens_mask = self.penalties.queens
        self.king_bit = self.penalties.king_of_hearts

    @property
    def hearts_lead_restricted(self) -> bool:
        return self.restricts_hearts and not self.hearts_broken

    def _lead_mask(self, seat: int, hand: int) -> int:
        if self.restricts_hearts and not self.hearts_broken:
            return hand & ~self.hearts_mask or hand
        return hand

    def _why_lead_illegal(self, seat: int, card: int) -> IllegalAction:
        return illegal("hearts_not_broken", T(
            "Pas d'entame à cœur tant qu'aucun cœur n'a été défaussé sur une autre couleur "
            "(seul qui n'a plus que des cœurs peut en entamer un).",
            "No heart may be led until a heart has been discarded on another suit "
            "(only a hand holding nothing but hearts may lead one)."), seat)

    def _on_play(self, seat: int, card: int) -> None:
        if not self.hearts_broken and self.led != HEARTS and self.pack.suit[card] == HEARTS and len(self.trick_cards) > 1:
            self.hearts_broken = True  # a heart discarded on another suit; a heart led or followed is none

    def _on_trick(self, winner: int) -> None:
        if self.stops_at_king and self.taken[winner] & self.king_bit:
            self.stopped = True

    def _deal_over(self) -> bool:
        return self.stopped or len(self.log) >= self.n_tricks

    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        obs["manche"] = self.manche.key
        obs["hearts_broken"] = self.hearts_broken
        obs["stopped"] = self.stopped

    def quick_action(self, rng: random.Random) -> Action:
        return barbu_fast(self)  # reading_action's choice, on bit sets

    def rollout_action(self, rng: random.Random) -> Action:
        """The cheaper heuristic search bots finish their sampled deals with (:func:`cautious_action`)."""
        return cautious_action(self, rng)

    def _counts(self) -> dict[str, Any]:
        taken, cards = self.taken, self.penalties
        return {
            "tricks": list(self.won),
            "hearts": cards.hearts_taken(taken),
            "queens": cards.queens_taken(taken),
            "king_of_hearts": cards.taker_of(taken, cards.king_of_hearts),
        }

    def _entry(self) -> dict[str, Any]:
        counts = self._counts()
        return {k: counts[k] for k in ENTRY_FIELDS if k == "tricks" or k in self.manche.fields}

    def returns(self) -> list[float]:
        fields = self.manche.fields
        out: list[float] = []
        for s in range(self.n_players):
            t = self.taken[s]
            score = 0
            if "tricks" in fields:
                score += POINTS_PER_TRICK * self.won[s]
            if "hearts" in fields:
                score += POINTS_PER_HEART * (t & self.hearts_mask).bit_count()
            if "queens" in fields:
                score += POINTS_PER_QUEEN * (t & self.queens_mask).bit_count()
            if "king_of_hearts" in fields and t & self.king_bit:
                score += POINTS_KING_OF_HEARTS
            out.append(score)
        return out


def _danger(deal: BarbuDeal, card: int) -> int:
    """How much a card costs its taker in the manche, roughly: what a bot gets rid of first."""
    key = deal.manche.key
    salade = key == "salade"
    bit = 1 << card
    if bit == deal.king_bit and (salade or key == "roi-de-coeur"):
        return 3
    if bit & deal.queens_mask and (salade or key == "dames"):
        return 2
    return 1 if bit & deal.hearts_mask and (salade or key == "coeurs") else 0


def cautious_action(state: BarbuDeal, rng: random.Random) -> Action:
    """A Barbu bot that tries to take nothing: lead low; follow with the highest card that still loses, or
    the safest card when it must win; when void, throw away the costliest card of the manche (the highest
    card when nothing costs)."""
    st = state.strength
    legal = bits(state._legal_mask(state.current_player))
    code = state.pack.code
    trick = state.trick_cards
    if not trick:
        lowest = min(st[c] for c in legal)
        return code[rng.choice([c for c in legal if st[c] == lowest])]
    led = state.led
    suit = state.pack.suit
    if suit[legal[0]] == led:
        best = max(st[c] for c in trick if suit[c] == led)
        under = [c for c in legal if st[c] < best]
        if under:
            return code[max(under, key=lambda c: st[c])]
        if len(trick) == state.n_players - 1:  # last to play and winning anyway: keep the low cards
            return code[max(legal, key=lambda c: (-_danger(state, c), st[c]))]
        return code[min(legal, key=lambda c: st[c])]
    return code[max(legal, key=lambda c: (_danger(state, c), st[c]))]


def reading_action(state: BarbuDeal, rng: random.Random) -> Action:
    """The quick bot's choice, readably: :func:`companion.games.barbu.bots.barbu_choice` (it reads the cards
    played: leads what others can least duck, dumps a costly card under a winner, throws away its biggest
    liability when void), fed with what the seat to move sees. :meth:`BarbuDeal.quick_action` plays the same
    card through :func:`~companion.games.barbu.bots.barbu_fast` (bit sets). Measured on duplicate deals, it
    loses about 1 to 2 points a deal fewer than :func:`cautious_action`."""
    seat = state.current_player
    codes_of, code = state.pack.codes_of, state.pack.code
    return barbu_choice(state.manche.key, state.n_players, codes_of(state.held[seat]),
                        codes_of(state._legal_mask(seat)), [code[c] for c in state.trick_cards],
                        codes_of(state.played), code, rng)


class Barbu(Game):
    info = INFO
    sheet_class = BarbuSheet
    deal_class = BarbuDeal
    options = (
        Option("king_stops_play", T("La manche du roi de cœur s'arrête quand il tombe", "The king-of-hearts manche stops when it falls"),
               "bool", True, help=T("Sinon on joue les plis jusqu'au bout (le score ne change pas).",
                                    "Otherwise all tricks are played out (scores are the same).")),
        Option("five_players_removed", T("Cartes retirées à 5 joueurs", "Cards set aside at 5 players"), "choice", "2C-2D",
               choices=(("2C-2D", T("2♣ et 2♦", "2♣ and 2♦")), ("2S-2C", T("2♠ et 2♣", "2♠ and 2♣")))),
        Option("series", T("Longueur de la partie", "Length of the game"), "bool", False,
               help=T("Série complète : 20 manches à 4, 25 à 5.", "Full series: 20 manches at 4, 25 at 5."),
               choices=((False, T("Partie (5 manches)", "One game (5 manches)")),
                        (True, T("Série complète (chacun donne chaque manche)", "Full series (everyone deals every manche)")))),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Every field of :data:`ENTRY_FIELDS`; ``x-manches`` says which ones each manche requires."""
        hand = HAND_SIZE[n_players]
        props = {
            "tricks": schema.counts(n_players, hand, f"tricks taken by each seat; they add up to {hand}"),
            "hearts": schema.counts(n_players, HEARTS_IN_DECK, f"hearts taken by each seat; they add up to "
                                                               f"{HEARTS_IN_DECK}"),
            "queens": schema.counts(n_players, QUEENS_IN_DECK, f"queens taken by each seat; they add up to "
                                                               f"{QUEENS_IN_DECK}"),
            "king_of_hearts": schema.seat(n_players, "the seat that took the king of hearts"),
        }
        assert tuple(props) == ENTRY_FIELDS  # what check_entry allows
        return schema.entry("Barbu round entry", props, notes={
            "x-manches": [{"number": i + 1, "contract": m.key, "required": list(m.fields)} for i, m in enumerate(MANCHES)],
            # Round by round, the manche played (the series option repeats the five, shifted at 5 players).
            "x-schedule": [MANCHES[manche_index(k, n_players)].key
                           for k in range(1, len(MANCHES) * (n_players if options.get("series") else 1) + 1)],
        })


GAME = Barbu()
