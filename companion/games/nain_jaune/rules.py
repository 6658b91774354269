"""Le nain jaune, as in the user's rule document « Le nain jaune », with its gaps settled from the usual rules
(regledujeu.fr « Le nain jaune », le-mistigri.fr, boissellerie.typepad.fr; adpoker.fr for the grand opéra).

The board has five boxes, one per board card; scores are pions (tokens), which are never created nor lost:
players' pions plus the board always equal the number of players times ``start_pions``
(:mod:`companion.families.stakes` does the moving).

A deal is settled in this order:

1. **Stakes.** Everyone puts 1, 2, 3, 4 and 5 pions on the 10♦, V♣, D♠, R♥ and 7♦ (before every deal with
   ``restake_each_deal``, the default; otherwise before the first deal only, as the rule document says). Unwon
   stakes stay on the board. A player who cannot stake in full stakes what they have, box by box in board order.
2. **Play.** A board card played and claimed takes its box. Played and not claimed (forgotten): with
   ``forgotten_stake = "double"`` (the rule document) the forgetter pays into that box as much as it holds; with
   ``"stays"`` nothing happens. The entry does not say in which order the cards fell, so claims are settled
   before forgotten stakes (nobody is refused a payment they could have made with pions just won), each in
   board order. A grand opéra — the winner went out in one go before anyone else played — takes every box
   when the winner goes out, after their own claims.
3. **Held board cards.** A loser still holding a board card pays into that box as much as it holds then (after a
   grand opéra the boxes are empty, so this costs nothing).
4. **Remaining points.** Each loser pays the winner the points left in hand (As 1, 2–10 face value, V D R 10).

Nobody pays more than they have: a short payment takes all they hold and leaves them on zero. The game ends
after a deal that leaves a player without a pion; the most pions wins (the deal's winner need not be richest).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.families.hands import counts_fit
from companion.families.stakes import Movement, Party, Pool
from companion.kernel import schema
from companion.kernel.cards import Rank, SuitCard, deck
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import Problem
from companion.kernel.game import CLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable, Sheet
from companion.kernel.text import T, Text, count, seat_ref

HAND_SIZE = {3: 15, 4: 12, 5: 9, 6: 8, 7: 7, 8: 6}
DECK = "52"
DECK_SIZE = 52
FACE_CARD_POINTS = 10
# A short game lasts several deals at 4 players (about six, four or more nine times in ten: measured with realistic
# deals in tests/rules/test_nain_jaune_length.py); at 50 it often ended after the first deal.
START_PIONS = 250
LONG_GAME_PIONS = 500
FATES = ("claimed_by", "forgotten_by", "held_by")
ENTRY_KEYS = ("winner", "grand_opera", "stakes", "remaining")  # what check_entry allows and the schema lists


@dataclass(frozen=True)
class Box:
    key: str  # the card's ASCII code, also the entry's key
    card: str  # the card as French players write it
    card_en: str
    name: Text
    stake: int  # pions each player puts on it
    points: int  # what the card is worth left in hand


BOARD = (
    Box("10D", "10♦", "10♦", T("Dix de carreau", "Ten of diamonds"), 1, 10),
    Box("JC", "V♣", "J♣", T("Valet de trèfle", "Jack of clubs"), 2, FACE_CARD_POINTS),
    Box("QS", "D♠", "Q♠", T("Dame de pique", "Queen of spades"), 3, FACE_CARD_POINTS),
    Box("KH", "R♥", "K♥", T("Roi de cœur", "King of hearts"), 4, FACE_CARD_POINTS),
    Box("7D", "7♦", "7♦", T("Sept de carreau, le nain jaune", "Seven of diamonds, the yellow dwarf"), 5, 7),
)
BOX = {b.key: b for b in BOARD}
STAKE_PER_DEAL = sum(b.stake for b in BOARD)  # 15 pions a player


def hand_points_max(n_players: int) -> int:
    """The most a hand can be worth: every card a 10 or a face card (there are 16, more than any hand)."""
    return FACE_CARD_POINTS * HAND_SIZE[n_players]


def card_points(rank: Rank) -> int:
    """What a card left in hand is worth: As 1, 2 to 10 face value, V D R 10."""
    return FACE_CARD_POINTS if rank in (Rank.JACK, Rank.QUEEN, Rank.KING) else rank.value


# What every card of the deck is worth in hand, highest first: sixteen 10s, then four 9s, four 8s… four 1s.
DECK_POINTS = tuple(sorted((card_points(c.rank) for c in deck(DECK) if isinstance(c, SuitCard)), reverse=True))
TEN_POINT_CARDS = DECK_POINTS.count(FACE_CARD_POINTS)


def ecart_size(n_players: int) -> int:
    """The cards nobody is dealt (the écart): 52 − players × hand size."""
    return DECK_SIZE - n_players * HAND_SIZE[n_players]


def losers_cards(n_players: int) -> int:
    """The most cards the losers can hold together at the end: all their hands."""
    return (n_players - 1) * HAND_SIZE[n_players]


def losers_points_max(n_players: int) -> int:
    """The most the losers' hands can be worth together: the deck's highest card values, as many as they hold."""
    return sum(DECK_POINTS[:losers_cards(n_players)])


def hand_points_min(n_players: int) -> int:
    """The least a whole hand can be worth: the deck's lowest values (3 players: 4 aces, 4 twos, 4 threes, 3 fours
    = 36). What a loser holds after a grand opéra, when nobody else played."""
    return sum(DECK_POINTS[::-1][:HAND_SIZE[n_players]])


def losers_points_min(n_players: int) -> int:
    """The least all the losers' whole hands can be worth together (3 players: 30 cards, 128)."""
    return sum(DECK_POINTS[::-1][:losers_cards(n_players)])


# The cards of the deck that are not on the board, by value, highest first: what a hand holds besides its board
# cards, whose fate every entry states (played, in the écart, or held by a named loser).
OFF_BOARD_POINTS = tuple(sorted((card_points(c.rank) for c in deck(DECK)
                                 if isinstance(c, SuitCard) and c.code not in {b.key for b in BOARD}), reverse=True))


def hand_bounds(held: list[Box], fewest: int, most: int, pool: tuple[int, ...] = OFF_BOARD_POINTS) -> tuple[int, int]:
    """The least and the most a hand (or the losers' hands together) can be worth, holding the board cards
    ``held`` and between ``fewest`` and ``most`` cards: the held cards, then the lowest (or highest) values of
    ``pool`` (by default the cards that are not on the board)."""
    base = sum(b.points for b in held)
    low = base + sum(pool[::-1][:max(0, fewest - len(held))])
    high = base + sum(pool[:max(0, most - len(held))])
    return low, high


INFO = GameInfo(
    essentials=("board", "card_points"),
    slug="nain-jaune",
    names=T("Le nain jaune", "Nain Jaune"),
    min_players=3,
    max_players=8,
    decks=("52",),
    family="plateau",
    direction=CLOCKWISE,
    source="The user's rule document « Le nain jaune »; gaps settled from the usual rules "
           "(regledujeu.fr, le-mistigri.fr, boissellerie.typepad.fr, adpoker.fr).",
    aliases=("le nain jaune", "nain jaune", "lindor"),
    summary=T("Des suites montantes pour vider sa main et rafler les mises des cinq cases du plateau.",
              "Ascending runs to empty your hand and sweep the stakes of the board's five boxes."),
    tables=(
        RuleTable(
            "board",
            T("Le plateau", "The board"),
            (T("Case", "Box"), T("Carte", "Card"), T("Mise par joueur", "Stake per player")),
            tuple((b.card, b.name, b.stake) for b in BOARD) + ((T("Total", "Total"), "", STAKE_PER_DEAL),),
        ),
        RuleTable(
            "hand_sizes",
            T("Cartes distribuées", "Cards dealt"),
            (T("Joueurs", "Players"), T("Cartes par joueur", "Cards each"), T("Écart", "Left over")),
            tuple((n, h, ecart_size(n)) for n, h in HAND_SIZE.items()),
        ),
        RuleTable(
            "grand_opera_minima",
            T("Après un grand opéra, ce que valent au moins les mains des perdants",
              "After a grand opéra, the least the losers' hands are worth"),
            (T("Joueurs", "Players"), T("Cartes par perdant", "Cards each loser"),
             T("Une main, au moins", "One hand, at least"), T("Tous les perdants, au moins", "All the losers, at least")),
            tuple((n, h, hand_points_min(n), losers_points_min(n)) for n, h in HAND_SIZE.items()),
        ),
        RuleTable(
            "card_points",
            T("Points des cartes restées en main", "Points of cards left in hand"),
            (T("Carte", "Card"), T("Points", "Points")),
            (
                (T("As", "Ace"), 1),
                (T("2 à 10", "2 to 10"), T("valeur faciale", "face value")),
                (T("Valet, Dame, Roi", "Jack, Queen, King"), FACE_CARD_POINTS),
            ),
        ),
    ),
    values=(
        ("deck_size", DECK_SIZE),
        ("start_pions", START_PIONS),
        ("stake_per_deal", STAKE_PER_DEAL),
        ("face_card_points", FACE_CARD_POINTS),
    ),
)


class NainJauneSheet(Sheet):
    lowest_wins = False
    stake_per_player = STAKE_PER_DEAL

    def __init__(self, game: Game, n_players: int, options: dict[str, Any]):
        super().__init__(game, n_players, options)
        self.board: dict[str, int] = {b.key: 0 for b in BOARD}
        self.board_history: list[dict[str, int]] = []  # the board after each deal

    def initial_totals(self) -> int:
        pions: int = self.options["start_pions"]
        return pions

    def natural_end(self) -> bool:
        return bool(self.rounds) and min(self.totals) == 0

    def stakes_due(self, number: int) -> bool:
        return number == 1 or self.options["restake_each_deal"]

    def next_extra(self) -> dict[str, Any]:
        return {"board": dict(self.board), "stakes_due": self.stakes_due(self.number)}

    @property
    def board_view(self) -> list[dict[str, Any]]:
        """The five boxes for templates: key, card, name, stake per player, pions on it now."""
        return [{"key": b.key, "card": b.card, "card_en": b.card_en, "name": b.name, "stake": b.stake, "points": b.points,
                 "amount": self.board[b.key]} for b in BOARD]

    @property
    def board_total(self) -> int:
        return sum(self.board.values())

    @property
    def pions_in_play(self) -> int:
        """Players × start_pions: what players and board always add up to."""
        pions: int = self.options["start_pions"]
        return self.n * pions

    @property
    def stakes_due_next(self) -> bool:
        return self.stakes_due(self.number)

    @property
    def board_rows(self) -> list[dict[str, Any]]:
        """The board after each deal, deal by deal, for the sheet."""
        return [{"number": i + 1, "boxes": [h[b.key] for b in BOARD], "total": sum(h.values())}
                for i, h in enumerate(self.board_history)]

    def entry_fields(self, number: int) -> list[EntryField]:
        return [
            EntryField("winner", T("Gagnant", "Winner"), "seat"),
            EntryField("remaining", T("Points en main", "Points in hand"), "count", maximum=hand_points_max(self.n),
                       help=T("As 1, 2 à 10 leur valeur, V D R 10.", "Ace 1, 2 to 10 face value, J Q K 10.")),
            EntryField("grand_opera", T("Grand opéra : le gagnant a tout posé d'un coup, avant que personne ne joue",
                                        "Grand opéra: the winner laid every card in one go, before anyone else played"), "bool",
                       required=False,
                       help=T("Seul qui ouvre la donne, à gauche du donneur, peut le faire.",
                              "Only whoever opens the deal, on the dealer's left, can do it.")),
        ]

    # -- legality ------------------------------------------------------------------------------------
    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="paiements")
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        winner = r.seat("winner")
        grand_opera = r.boolean("grand_opera")
        fates = self._read_fates(r)
        remaining = self._read_remaining(r, winner)
        hand = HAND_SIZE[self.n]

        in_ecart = [BOX[key] for key, fate in fates.items() if fate is None]
        ecart = ecart_size(self.n)
        if len(in_ecart) > ecart:
            r.add("stakes", "ecart_too_small", T(
                "{k} cartes du plateau sont dites dans l'écart ({c}), mais à {n} joueurs l'écart n'a que {e} cartes "
                "({d} − {n} × {h}) : {e} au plus peuvent y être.",
                "{k} board cards are marked left over ({c_en}), but with {n} players only {e} cards are left over "
                "({d} − {n} × {h}): at most {e} of them can be there.").format(
                k=len(in_ecart), c=", ".join(b.card for b in in_ecart), c_en=", ".join(b.card_en for b in in_ecart),
                n=self.n, e=ecart, d=DECK_SIZE, h=hand))

        held: dict[int, list[Box]] = {}
        for key, fate in fates.items():
            if fate is None:
                continue
            kind, seat = fate
            box = BOX[key]
            if kind == "held_by":
                held.setdefault(seat, []).append(box)
                if seat == winner:
                    r.add(f"stakes.{key}", "winner_holds", T("Le gagnant n'a plus de carte en main : le {c} ne peut pas y être.",
                                                             "The winner has no card left: they cannot be holding the {c_en}.").format(c=box.card, c_en=box.card_en), seat)
            elif grand_opera and winner is not None and seat != winner:
                r.add(f"stakes.{key}", "grand_opera_play", T(
                    "Grand opéra : personne d'autre que le gagnant n'a joué, donc personne d'autre n'a pu poser le {c}.",
                    "Grand opéra: nobody but the winner played, so nobody else can have played the {c_en}.").format(c=box.card, c_en=box.card_en), seat,
                    rule="grand-opera")

        opener = self.next_seat(self.dealer_for(self.number))
        if grand_opera and winner is not None and winner != opener:
            r.add("grand_opera", "grand_opera_opener", T(
                "Grand opéra : seul qui ouvre la donne, le voisin de gauche du donneur (cette donne, {k}), peut poser "
                "toutes ses cartes avant que quiconque joue. Décocher « Grand opéra » ou corriger le gagnant.",
                "Grand opéra: only whoever opens the deal, the dealer's left-hand neighbour (this deal, {k}), can lay "
                "every card before anyone else plays. Untick “Grand opéra” or correct the winner.").format(
                k=seat_ref(opener)), rule="grand-opera")
        if remaining is not None and winner is not None:
            self._check_remaining(r, remaining, winner, opener, bool(grand_opera), fates, held)
        return r.problems

    def _check_remaining(self, r: EntryReader, remaining: list[int], winner: int, opener: int, opera: bool,
                         fates: dict[str, Any], held: dict[int, list[Box]]) -> None:
        """Points in hand against what the cards still unplayed can be worth.

        Every board card's fate is known, so a loser's hand is their held board cards plus cards off the board.
        After a grand opéra every loser still holds the whole hand dealt. Otherwise a loser holds at least one
        card (and every board card they hold) and at most the hand less what they are known to have played: the
        board cards they played, and one card at least for whoever opened the deal; someone besides the winner
        played at least one card, or it was a grand opéra.
        """
        hand = HAND_SIZE[self.n]
        if len(fates) < len(BOARD):  # a board card's fate is missing (already refused): count on the whole deck
            pool, held = DECK_POINTS, {}
        else:
            pool = OFF_BOARD_POINTS
        played = {s: 0 for s in range(self.n)}
        for fate in fates.values():
            if fate is not None and fate[0] in ("claimed_by", "forgotten_by"):
                played[fate[1]] += 1
        losers = [s for s in range(self.n) if s != winner]
        fewest: dict[int, int] = {}
        most: dict[int, int] = {}
        for s in losers:
            if opera:
                fewest[s] = most[s] = hand
            else:
                fewest[s] = max(1, len(held.get(s, [])))
                most[s] = hand - (max(1, played[s]) if s == opener else played[s])
        seat_problem = {"high": False, "low": False}
        for seat, points in enumerate(remaining):
            if seat == winner:
                if points != 0:
                    r.add("remaining", "winner_has_points", T("Le gagnant a posé toutes ses cartes : 0 point en main.",
                                                              "The winner laid every card: 0 points in hand."), seat)
                continue
            mine = held.get(seat, [])
            low, high = hand_bounds(mine, fewest[seat], most[seat], pool)
            if points < 1:
                seat_problem["low"] = True
                r.add("remaining", "loser_has_no_points", T("Seul le gagnant a vidé sa main : au moins 1 point.",
                                                            "Only the winner emptied their hand: at least 1 point."), seat)
            elif points > high:
                seat_problem["high"] = True
                r.add("remaining", "too_many_points", T(
                    "{p}, c'est trop : {c} au plus dans cette main{why}, qui valent au plus {m}{held}.",
                    "{p_en} is too many: {c_en} at most in this hand{why_en}, worth {mn} at most{held_en}.").format(mn=high,
                    **_counted(p=(points, "point"), c=(most[seat], "carte"), m=(high, "point")),
                    **_why_most(seat == opener, played[seat], opera),
                    **_with_held(mine)), seat)
            elif opera and points < low:
                seat_problem["low"] = True
                r.add("remaining", "grand_opera_points", T(
                    "Grand opéra : personne d'autre n'a joué, les {h} cartes reçues sont toutes encore en main et valent "
                    "au moins {m}{held} (les plus petites : As, 2, 3…).",
                    "Grand opéra: nobody else played, all {h} cards dealt are still in hand, worth at least {mn}{held_en} "
                    "(the lowest: aces, 2s, 3s…).").format(h=hand, mn=low, **_counted(m=(low, "point")), **_with_held(mine)), seat,
                    rule="grand-opera")
            elif points < low:
                seat_problem["low"] = True
                r.add("remaining", "less_than_held", T("Ce joueur garde {c} : au moins {m} en main.",
                                                       "This player holds {c_en}: at least {m_en} in hand.").format(
                    c=", ".join(b.card for b in mine), c_en=", ".join(b.card_en for b in mine), **_counted(m=(low, "point"))),
                    seat)
        together = sum(p for seat, p in enumerate(remaining) if seat != winner)
        all_held = [b for s in losers for b in held.get(s, [])]
        if opera:
            fewest_all = most_all = len(losers) * hand
        else:
            fewest_all = sum(fewest.values())
            most_all = len(losers) * hand - max(1, sum(hand - m for m in most.values()))
        low_all, high_all = hand_bounds(all_held, fewest_all, most_all, pool)
        if together > high_all and not seat_problem["high"]:
            r.add("remaining", "losers_too_many_points", T(
                "Les perdants ont ensemble {t} en main, c'est trop : leurs mains réunies comptent au plus {c}"
                "{why}, qui valent au plus {m} (les plus fortes possibles : cartes à 10, puis les 9, les 8…).",
                "The losers' points in hand add up to {tn}, too many: their hands together hold {c_en} at most{why_en}, "
                "worth {mn} at most (the highest there can be: ten-point cards, then 9s, 8s…).").format(
                tn=together, mn=high_all, **_counted(t=(together, "point"), c=(most_all, "carte"), m=(high_all, "point")),
                why="" if opera else f" ({len(losers)} × {hand}, moins les cartes jouées par les perdants, une au moins)",
                why_en="" if opera else f" ({len(losers)} × {hand}, less the cards the losers played, one at least)"))
        if together < low_all and not seat_problem["low"]:
            r.add("remaining", "losers_too_few_points", T(
                "Les perdants ont ensemble {t} en main, c'est trop peu : leurs mains réunies comptent au moins {c}"
                "{why}, qui valent au moins {m} (les plus petites possibles : As, 2, 3…).",
                "The losers' points in hand add up to {tn}, too few: their hands together hold {c_en} at least{why_en}, "
                "worth at least {mn} (the lowest there can be: aces, 2s, 3s…).").format(
                tn=together, mn=low_all, **_counted(t=(together, "point"), c=(fewest_all, "carte"), m=(low_all, "point")),
                why=" (grand opéra : toutes leurs cartes)" if opera else "",
                why_en=" (grand opéra: all their cards)" if opera else ""),
                rule="grand-opera" if opera else None)
        elif (together <= high_all and not any(seat_problem.values()) and pool is OFF_BOARD_POINTS
              and counts_fit(pool, [remaining[s] - sum(b.points for b in held.get(s, [])) for s in losers]) is False):
            # Each hand and their sum fit, but not all at once: the cards off the board cannot be shared so (four
            # aces only, for instance). The winner laid a card off the board at least: one is out of every hand.
            r.add("remaining", "losers_points_apart", T(
                "Ces points en main se font chacun, mais pas tous ensemble : les cartes hors plateau n'y suffisent pas "
                "(il n'y a que quatre cartes de chaque valeur, seize à 10).",
                "These points in hand can each be made, but not all together: the cards off the board are not enough "
                "(there are only four cards of each value, sixteen worth 10)."))

    def _read_fates(self, r: EntryReader) -> dict[str, tuple[str, int] | None]:
        """``{"10D": ("claimed_by", 2), "JC": None, …}`` for the fates that read well; problems for the rest."""
        out: dict[str, tuple[str, int] | None] = {}
        if "stakes" not in r.entry:
            r.missing("stakes")
            return out
        stakes = r.entry["stakes"]
        if not isinstance(stakes, dict):
            r.add("stakes", "not_object", T("Les cartes du plateau : un objet {\"10D\": …, \"JC\": …} attendu.",
                                            "The board cards: expected an object {\"10D\": …, \"JC\": …}."))
            return out
        for key in stakes:
            if key not in BOX:
                r.add("stakes", "unknown_card", T("« {k} » n'est pas une carte du plateau (10D, JC, QS, KH, 7D).",
                                                  "“{k}” is not a board card (10D, JC, QS, KH, 7D).").format(k=str(key)[:12]))
        for box in BOARD:
            field = f"stakes.{box.key}"
            if box.key not in stakes:
                r.add(field, "required", T("Dire ce qu'est devenu le {c} (écart, réclamé, oublié ou gardé).",
                                           "Say what became of the {c_en} (left over, claimed, forgotten or held).").format(c=box.card, c_en=box.card_en))
                continue
            fate = stakes[box.key]
            if fate is None:
                out[box.key] = None
                continue
            if not isinstance(fate, dict) or not fate:
                r.add(field, "bad_fate", T("Le {c} : null (écart) ou {{\"claimed_by\" | \"forgotten_by\" | \"held_by\": joueur}}.",
                                           "The {c_en}: null (left over) or {{\"claimed_by\" | \"forgotten_by\" | \"held_by\": seat}}.").format(c=box.card, c_en=box.card_en))
                continue
            unknown = [k for k in fate if k not in FATES]
            if unknown:
                r.add(field, "bad_fate", T("Le {c} : « {k} » inconnu (claimed_by, forgotten_by ou held_by).",
                                           "The {c_en}: unknown “{k}” (claimed_by, forgotten_by or held_by).").format(c=box.card, c_en=box.card_en, k=str(unknown[0])[:20]))
                continue
            if len(fate) > 1:
                r.add(field, "two_fates", T("Le {c} n'a eu qu'un sort : réclamé, oublié ou gardé, pas plusieurs.",
                                            "The {c_en} had one fate only: claimed, forgotten or held, not several.").format(c=box.card, c_en=box.card_en))
                continue
            kind, value = next(iter(fate.items()))
            seat = r.seat(kind, value=value if value is not None else "", field=field)
            if seat is not None:
                out[box.key] = (kind, seat)
        return out

    def _read_remaining(self, r: EntryReader, winner: int | None) -> list[int] | None:
        if "remaining" not in r.entry:
            r.missing("remaining")
            return None
        value = r.entry["remaining"]
        if not isinstance(value, list) or len(value) != self.n:
            r.add("remaining", "wrong_length", T("Il faut un nombre par joueur ({n}).", "One number per player is needed ({n}).").format(n=self.n))
            return None
        out, good = [], True
        for seat, v in enumerate(value):
            if v is None and seat == winner:
                out.append(0)  # the winner's cell may be left blank
            elif v is None:
                r.add("remaining", "required", T("Points en main manquants.", "Points in hand missing."), seat)
                good = False
            elif not is_int(v) or v < 0:
                r.add("remaining", "not_count", T("Nombre entier positif ou nul attendu.", "Expected a whole number, 0 or more."), seat)
                good = False
            else:
                out.append(v)
        return out if good else None

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        winner = entry["winner"]
        return {
            "winner": winner,
            "grand_opera": bool(entry.get("grand_opera") or False),
            "stakes": {b.key: (dict(entry["stakes"][b.key]) if entry["stakes"][b.key] is not None else None) for b in BOARD},
            "remaining": [0 if (s == winner and v is None) else v for s, v in enumerate(entry["remaining"])],
        }

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        """The history's words for an entry: the winner, each board card's fate, the points left in hand."""
        if not isinstance(entry, dict) or not isinstance(entry.get("stakes"), dict):
            return super().describe_entry(entry, number)
        winner = entry.get("winner")
        lines = [T("{w} a posé toutes ses cartes{o}.", "{w} laid every card{o_en}.").format(
            w=seat_ref(winner) if is_int(winner) else "?", o=" (grand opéra)" if entry.get("grand_opera") else "",
            o_en=" (grand opéra)" if entry.get("grand_opera") else "")]
        fates = {"claimed_by": T("réclamé par {p}", "claimed by {p}"), "forgotten_by": T("oublié par {p}", "forgotten by {p}"),
                 "held_by": T("gardé en main par {p}", "held by {p}")}
        parts = []
        for box in BOARD:
            fate = entry["stakes"].get(box.key)
            if isinstance(fate, dict) and len(fate) == 1 and next(iter(fate)) in fates:
                kind, seat = next(iter(fate.items()))
                said = fates[kind].format(p=seat_ref(seat))
            else:
                said = T("dans l'écart", "left over")
            parts.append((f"{box.card} {said.fr}", f"{box.card_en} {said.en}"))
        lines.append(T("Plateau : {b}", "Board: {b_en}").format(b=", ".join(f for f, _ in parts), b_en=", ".join(e for _, e in parts)))
        remaining = entry.get("remaining")
        if isinstance(remaining, list):
            shown = ", ".join(f"{seat_ref(s)} {v}" for s, v in enumerate(remaining) if s != winner)
            lines.append(T("Points en main : {r}", "Points in hand: {r}").format(r=shown))
        return lines

    # -- scoring -------------------------------------------------------------------------------------
    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        winner = entry["winner"]
        opera = entry["grand_opera"]
        fates = {k: (next(iter(f.items())) if f else None) for k, f in entry["stakes"].items()}
        before = list(self.totals)
        pool = Pool(before, self.board)
        total_before = pool.total
        notes: list[Text] = []  # one per movement or decision, in the order they happen

        if self.stakes_due(self.number):
            for seat in range(self.n):
                for box in BOARD:
                    pool.pay_box(seat, box.key, box.stake, "stake")
            notes += _stake_notes(pool.movements, self.n)
        else:
            notes.append(T("Pas de mise cette donne : on ne mise qu'au début de la partie.",
                           "No stakes this deal: stakes are placed at the start of the game only."))

        for box in BOARD:
            fate = fates[box.key]
            if fate and fate[0] == "claimed_by":
                notes.append(_movement_note(pool.take_box(fate[1], box.key, "claim")))
        for box in BOARD:
            fate = fates[box.key]
            if fate and fate[0] == "forgotten_by":
                if self.options["forgotten_stake"] == "double":
                    notes.append(_movement_note(pool.pay_box(fate[1], box.key, pool.boxes[box.key], "forgotten")))
                else:
                    held = _pions(pool.boxes[box.key])
                    notes.append(T("{p} a oublié de réclamer le {c} : la mise reste sur la case ({a}).",
                                   "{p} forgot to claim the {c_en}: the stake stays on the box ({a_en}).").format(
                        p=seat_ref(fate[1]), c=box.card, c_en=box.card_en, a=held.fr, a_en=held.en))
        if opera:
            swept = [pool.take_box(winner, box.key, "grand_opera") for box in BOARD if pool.boxes[box.key]]
            took = _pions(sum(m.amount for m in swept))
            notes.append(T("Grand opéra : {p} a tout posé d'un coup et prend toutes les cases, {a}.",
                           "Grand opéra: {p} laid everything in one go and takes every box, {a_en}.").format(
                p=seat_ref(winner), a=took.fr, a_en=took.en))
        for box in BOARD:
            fate = fates[box.key]
            if fate and fate[0] == "held_by":
                notes.append(_movement_note(pool.pay_box(fate[1], box.key, pool.boxes[box.key], "held")))
        for seat in _after(winner, self.n):
            notes.append(_movement_note(pool.pay_seat(seat, winner, entry["remaining"][seat], "remaining")))

        broke = [s for s in range(self.n) if pool.purses[s] == 0]
        for s in broke:
            notes.append(T("{p} n'a plus de pion : la partie s'arrête, le plus riche gagne.",
                           "{p} has no pion left: the game ends, the richest wins.").format(p=seat_ref(s)))
        left = _pions(sum(pool.boxes.values()))
        notes.append(T("Plateau après la donne : {b} ({t}).", "Board after the deal: {b_en} ({t_en}).").format(
            b=_board_text(pool.boxes, "fr"), b_en=_board_text(pool.boxes, "en"), t=left.fr, t_en=left.en))
        assert pool.total == total_before  # pions are never created nor lost
        self.board = dict(pool.boxes)
        self.board_history.append(dict(self.board))
        scores = [a - b for a, b in zip(pool.purses, before, strict=True)]
        return RoundResult(0, entry, scores, notes=notes, extra={
            "board": dict(self.board),
            "movements": [{"reason": m.reason, "from": m.payer, "to": m.payee, "due": m.due, "paid": m.amount}
                          for m in pool.movements],
        })

    def summarise(self, result: RoundResult) -> Text | None:
        """Who laid every card, a grand opéra, and who claimed the nain jaune (the 7♦): "⟨2⟩ a tout posé · nain jaune
        pour ⟨1⟩"."""
        winner = result.entry["winner"]
        line = T("{w} a tout posé", "{w} went out").format(w=seat_ref(winner))
        if result.entry["grand_opera"]:
            return T(line.fr + " · grand opéra", line.en + " · grand opéra")
        fate = result.entry["stakes"]["7D"]
        if fate and "claimed_by" in fate:
            return T("{l} · nain jaune pour {p}", "{l_en} · yellow dwarf to {p}").format(
                l=line.fr, l_en=line.en, p=seat_ref(fate["claimed_by"]))
        return line


def _why_most(opener: bool, played: int, opera: bool) -> dict[str, str]:
    """Why a loser's hand holds fewer cards than were dealt, for the too_many_points message."""
    if opera or (played == 0 and not opener):
        return {"why": "", "why_en": ""}
    parts_fr, parts_en = [], []
    if opener and played == 0:
        parts_fr.append("qui a ouvert la donne a joué une carte au moins")
        parts_en.append("whoever opened the deal played one card at least")
    if played:
        parts_fr.append(f"{played} carte{'s' if played > 1 else ''} du plateau jouée{'s' if played > 1 else ''}")
        parts_en.append(f"{played} board card{'s' if played > 1 else ''} played")
    return {"why": f" ({', '.join(parts_fr)})", "why_en": f" ({', '.join(parts_en)})"}


_NOUNS = {"point": ("point", "points", "point", "points"), "carte": ("carte", "cartes", "card", "cards")}


def _counted(**numbers: tuple[int, str]) -> dict[str, str]:
    """Format parameters for numbers with their noun, agreed in each language (``p="1 point"``, ``p_en="1 point"``,
    ``c="2 cartes"``): the messages never say "1 points" nor "1 cartes"."""
    out: dict[str, str] = {}
    for key, (n, noun) in numbers.items():
        fr_one, fr_many, en_one, en_many = _NOUNS[noun]
        words = count(n, "{n} " + fr_one, "{n} " + fr_many, "{n} " + en_one, "{n} " + en_many)
        out[key], out[key + "_en"] = words.fr, words.en
    return out


def _with_held(held: list[Box]) -> dict[str, str]:
    """`` avec R♥`` / `` with K♥``: the board cards a hand holds, for its messages."""
    if not held:
        return {"held": "", "held_en": ""}
    return {"held": " avec " + ", ".join(b.card for b in held), "held_en": " with " + ", ".join(b.card_en for b in held)}


def _board_text(boxes: dict[str, int], lang: str) -> str:
    return ", ".join(f"{b.card_en if lang == 'en' else b.card} {boxes[b.key]}" for b in BOARD)


def _after(seat: int, n: int) -> list[int]:
    """The other seats, in playing order from ``seat``."""
    return [(seat + i) % n for i in range(1, n)]


def _stake_notes(movements: list[Movement], n: int) -> list[Text]:
    notes = [T("Mises : chacun met 1, 2, 3, 4 et 5 pions sur 10♦, V♣, D♠, R♥ et 7♦ ({t} pions chacun).",
               "Stakes: everyone puts 1, 2, 3, 4 and 5 pions on 10♦, J♣, Q♠, K♥ and 7♦ ({t} pions each).").format(t=STAKE_PER_DEAL)]
    for seat in range(n):
        mine = [m for m in movements if m.payer == seat]
        paid = sum(m.amount for m in mine)
        if paid < STAKE_PER_DEAL:
            # A stake goes into a box: every one of these movements has its box.
            detail = ", ".join(f"{BOX[m.box].card} {m.amount}" for m in mine if m.amount and m.box is not None)
            detail_en = ", ".join(f"{BOX[m.box].card_en} {m.amount}" for m in mine if m.amount and m.box is not None)
            had = _pions(paid)
            notes.append(T("{p} n'avait que {a} et mise ce qui lui reste ({d}).",
                           "{p} had only {a_en} and stakes what is left ({d_en}).").format(
                p=seat_ref(seat), a=had.fr, a_en=had.en, d=detail or "rien", d_en=detail_en or "nothing"))
    return notes


def _seat(party: Party) -> int:
    """A party the movement gives as a seat: a claim's payee, a payment's payer, a payment to a player's payee."""
    assert isinstance(party, int)  # not a box's key
    return party


def _movement_note(m: Movement) -> Text:
    card = BOX[m.box].card if m.box else ""
    card_en = BOX[m.box].card_en if m.box else ""
    if m.reason == "claim" and m.amount == 0:
        return T("{p} joue le {c} et le réclame, mais la case est vide.",
                 "{p} plays the {c_en} and claims it, but the box is empty.").format(p=seat_ref(_seat(m.payee)), c=card, c_en=card_en)
    if m.reason == "claim":
        took = _pions(m.amount)
        return T("{p} joue le {c}, le réclame et prend la case : {a}.",
                 "{p} plays the {c_en}, claims it and takes the box: {a_en}.").format(
            p=seat_ref(_seat(m.payee)), c=card, c_en=card_en, a=took.fr, a_en=took.en)
    if m.reason == "forgotten":
        why = T("{p} a oublié de réclamer le {c} et paie dans la case autant qu'elle contient",
                "{p} forgot to claim the {c_en} and pays into the box as much as it holds").format(p=seat_ref(_seat(m.payer)), c=card, c_en=card_en)
    elif m.reason == "held":
        why = T("{p} a gardé le {c} en main et paie dans la case autant qu'elle contient",
                "{p} kept the {c_en} in hand and pays into the box as much as it holds").format(p=seat_ref(_seat(m.payer)), c=card, c_en=card_en)
    else:  # remaining
        why = T("{p} paie à {w} ses points en main",
                "{p} pays {w} the points in hand").format(p=seat_ref(_seat(m.payer)), w=seat_ref(_seat(m.payee)))
    if m.due == 0:
        return T("{w} : la case est vide, rien à payer.", "{w_en}: the box is empty, nothing to pay.").format(w=why.fr, w_en=why.en)
    if m.short and m.amount == 0:
        return count(m.due, "{w} : {n} pion dû, mais {p} n'a plus de pion et ne paie rien.",
                     "{w} : {n} pions dus, mais {p} n'a plus de pion et ne paie rien.",
                     "{w_en}: {n} pion due, but {p} has no pion left and pays nothing.",
                     "{w_en}: {n} pions due, but {p} has no pion left and pays nothing.",
                     w=why.fr, w_en=why.en, p=seat_ref(_seat(m.payer)))
    if m.short:
        return T("{w} : {d} pions dus, mais {p} n'en a que {a}, les paie et tombe à zéro.",
                 "{w_en}: {d} pions due, but {p} has only {a}, pays them and is down to zero.").format(
            w=why.fr, w_en=why.en, d=m.due, a=m.amount, p=seat_ref(_seat(m.payer)))
    paid = _pions(m.amount)
    return T("{w} : {a}.", "{w_en}: {a_en}.").format(w=why.fr, w_en=why.en, a=paid.fr, a_en=paid.en)


def _pions(n: int) -> Text:
    return count(n, "{n} pion", "{n} pions", "{n} pion", "{n} pions")


class NainJaune(Game):
    info = INFO
    sheet_class = NainJauneSheet
    options = (
        Option("start_pions", T("Pions de chaque joueur au départ", "Pions each player starts with"), "int", START_PIONS,
               minimum=1, maximum=10_000,
               presets=((START_PIONS, T("Partie courte", "Short game")), (LONG_GAME_PIONS, T("Partie longue", "Long game")))),
        Option("restake_each_deal", T("On remise avant chaque donne", "Stakes again before every deal"), "bool", True,
               help=T("Les mises non gagnées restent sur le plateau. Sinon, on ne mise qu'au début de la partie.",
                      "Unwon stakes stay on the board. Otherwise stakes are placed at the start of the game only.")),
        Option("forgotten_stake", T("Carte du plateau jouée sans la réclamer", "Board card played but not claimed"),
               "choice", "double",
               choices=(("double", T("L'oublieux double la mise de la case", "The forgetter doubles that box")),
                        ("stays", T("La mise reste, sans pénalité", "The stake stays, no penalty")))),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        seat = schema.seat(n_players)
        fate = {"anyOf": [{"type": "null", "description": "in the écart (left over, never dealt)"},
                          *(schema.obj({k: seat}, [k]) for k in FATES)]}
        return schema.entry("Nain Jaune round entry", {
            "winner": schema.seat(n_players, "the seat that went out"),
            "grand_opera": schema.flag(
                "the winner went out in one go before anyone else played; only the seat that opens the deal (the one "
                f"after the dealer) can, and every loser then holds all {HAND_SIZE[n_players]} cards dealt, worth at "
                f"least {hand_points_min(n_players)} ({losers_points_min(n_players)} for all the losers together)"),
            "stakes": schema.obj({b.key: fate for b in BOARD}, [b.key for b in BOARD], (
                f"what became of each board card; at most {ecart_size(n_players)} can be null (the écart: {DECK_SIZE} "
                f"− {n_players} × {HAND_SIZE[n_players]} cards)")),
            "remaining": schema.per_seat(n_players, {"type": ["integer", "null"], "minimum": 0,
                                                     "maximum": hand_points_max(n_players)}, (
                f"points left in each seat's hand; 0 (or null) for the winner; the losers' {losers_cards(n_players)} "
                f"cards are worth {losers_points_max(n_players)} at most together; checked against the cards still "
                "unplayed (board cards by their fate, one card at least played by whoever opens the deal)")),
        }, ["winner", "stakes", "remaining"])


GAME = NainJaune()
