"""La belote à trois. Source: the user's rule document « La belote à trois »; completed from classic French belote
(contree.org « La marque », exoty.com « Les règles de la belote à 3 », jeuxdecartesinedits « La belote »); the score
sheet is Atout's reading of the document.

The taker plays alone against the two others, whose card points are pooled; scoring is the shared belote core
(:func:`companion.families.belote.outcome`): made when the taker's total beats the defence's, otherwise dedans;
belote-rebelote is never lost; capot 252. Each defender writes the defence's total (the rule document's « chacun
inscrit 70 »). A litige (equal totals) is dedans, or with the option ``litige = "reserve"`` the taker's card points
wait for the next deal that is not a litige.

Digital play: :class:`BeloteATroisDeal`, on the prise belote written once in :class:`companion.families.belote.BeloteDeal`.
Actions: card codes (``"JH"``), ``"take"`` / ``"pass"`` at the first round of the prise, ``"trump:S"`` …
``"trump:C"`` / ``"pass"`` at the second, ``"belote"`` just before the first of K and Q of trumps, ``"announce"``
(option ``annonces``) just before one's first card. :meth:`BeloteATrois.deal_context` gives the deal the reserve of earlier litiges.
"""

from __future__ import annotations

import random
from typing import Any

from companion.families import belote
from companion.families.belote import (
    ANNOUNCE_STEP,
    ANNOUNCE_WORD,
    ANNOUNCEMENTS,
    BELOTE,
    BELOTE_WORD,
    DEFENCE,
    PASS_WORD,
    TAKE_WORD,
    TAKER,
    TRUMP_WORDS,
    BeloteDeal,
)
from companion.families.belote_sheet import TARGET, PriseBelote, PriseSheet
from companion.families.trickplay import PLAY, SUIT_BY_LETTER, SUIT_LETTER, bits
from companion.kernel.deal import Action
from companion.kernel.entries import is_int
from companion.kernel.errors import InvalidOptions, Problem
from companion.kernel.game import (
    COUNTERCLOCKWISE,
    GameInfo,
    Option,
    RuleTable,
    Sheet,
)
from companion.kernel.text import T

PLAYERS = 3
RANKS_REMOVED = ("7", "8")  # from the 32-card pack: 24 cards are played
HAND_SIZE = 8
TRICKS = 8
FIRST_DEAL = (3, 2)  # cards each in the first deal, in two passes, then the retourne
TAKER_COMPLETES = 2  # the taker gets the retourne and 2 more; each other player 3
OTHERS_COMPLETE = HAND_SIZE - sum(FIRST_DEAL)

# Classic belote's card order and points (companion.families.belote) without the 7s and 8s.
TRUMP_POINTS = belote.without(belote.TRUMP_POINTS, RANKS_REMOVED)
PLAIN_POINTS = belote.without(belote.PLAIN_POINTS, RANKS_REMOVED)
DEAL_TOTAL = belote.deal_total(TRUMP_POINTS, PLAIN_POINTS)  # 162: the 7s and 8s are worth nothing
CAPOT = belote.CAPOT  # all eight tricks
ALWAYS_TRUMP = "couper_toujours"  # the option: void, trump even when the other defender holds the trick
RANKS = tuple(r for r in belote.NATURAL_ORDER if r not in RANKS_REMOVED)
# No card is worth 1 point, so a side never ends with 1 point, nor with all but one: (1, 161).
IMPOSSIBLE_POINTS = belote.unreachable(belote.SUIT_TRUMPS[0], TRICKS, PLAYERS, RANKS)

INFO = GameInfo(
    essentials=("card_order", "scores"),
    slug="belote-a-trois",
    names=T("La belote à trois", "Three-handed belote"),
    min_players=PLAYERS,
    max_players=PLAYERS,
    decks=("32",),
    based_on="belote",
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="The user's rule document « La belote à trois »; completed from classic belote (contree.org, exoty.com, jeuxdecartesinedits).",
    aliases=("belote a trois", "belote a 3", "belote à 3", "belote 3 joueurs", "three-handed belote"),
    summary=T(
        "La belote sans les 7 ni les 8 : le preneur joue seul contre les deux autres.",
        "Belote without the 7s and 8s: the taker plays alone against the other two.",
    ),
    values=(
        ("pack", 32),
        ("removed", 32 - PLAYERS * HAND_SIZE),
        ("hand_size", HAND_SIZE),
        ("tricks", TRICKS),
        ("cards", PLAYERS * HAND_SIZE),
        ("first_deal", sum(FIRST_DEAL)),
        ("first_pass", FIRST_DEAL[0]),
        ("second_pass", FIRST_DEAL[1]),
        ("taker_completes", TAKER_COMPLETES),
        ("others_complete", OTHERS_COMPLETE),
        ("never", IMPOSSIBLE_POINTS[0]),
        ("never_high", IMPOSSIBLE_POINTS[1]),
        ("deal_total", DEAL_TOTAL),
        ("trump_total", sum(TRUMP_POINTS.values())),
        ("plain_total", sum(PLAIN_POINTS.values())),
        ("last_trick", belote.LAST_TRICK),
        ("belote", BELOTE),
        ("capot", CAPOT),
        ("capot_belote", CAPOT + BELOTE),
        ("half", DEAL_TOTAL // 2),
        ("needed", DEAL_TOTAL // 2 + 1),
        ("needed_against_belote", (DEAL_TOTAL + BELOTE) // 2 + 1),
        ("target", TARGET),
        ("announce_step", ANNOUNCE_STEP),
    ),
    tables=(
        belote.card_order_table(TRUMP_POINTS, PLAIN_POINTS),
        RuleTable(
            "scores",
            T("Marque d'une donne", "Scoring a deal"),
            (T("Résultat", "Outcome"), T("Preneur", "Taker"), T("Chaque défenseur", "Each defender")),
            rows=(
                (
                    T("Contrat rempli (preneur > défense)", "Contract made (taker > defence)"),
                    T("son total", "the taker's total"),
                    T("le total des deux défenseurs réunis", "the two defenders' pooled total"),
                ),
                (T("Dedans (preneur ≤ défense)", "Contract lost (taker ≤ defence)"), 0, DEAL_TOTAL),
                (T("Capot du preneur", "Taker wins every trick"), CAPOT, T("sa belote seulement", "its belote only")),
                (T("Capot de la défense", "Defence wins every trick"), 0, CAPOT),
                (T("Litige, option réserve", "Tie, reserve option"), T("en réserve", "held in reserve"),
                 T("les points de la défense", "the defence's points")),
                (
                    T("Belote-rebelote annoncée", "Belote-rebelote announced"),
                    T(f"+{BELOTE} si c'est la sienne", f"+{BELOTE} if it is the taker's"),
                    T(f"+{BELOTE} si un défenseur l'a", f"+{BELOTE} if a defender holds it"),
                ),
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


class BeloteATroisSheet(PriseSheet):
    """The prise belote's sheet as it is: the taker alone against the two others, with the 24-card pack."""

    ranks = RANKS


# -- digital play ---------------------------------------------------------------------------------------------
# Quick bot: how much a card helps a taker, roughly (trumps by rank code, then plain aces and guarded tens).
_TRUMP_WORTH = {"J": 3.0, "9": 2.5, "A": 1.5, "10": 1.2, "K": 0.8, "Q": 0.7}
TAKE_AT = 5.5  # the quick bot takes with a hand worth this much (about 3 in 5 contracts made among quick bots)


class BeloteATroisDeal(BeloteDeal):
    """One deal of belote à trois played on screen: the shared prise belote of
    :class:`companion.families.belote.BeloteDeal` with 24 cards (no 7s or 8s), 8 cards each, the taker alone
    against the two defenders, who are partners for the duty to trump.

    Actions: card codes; ``"take"``, ``"trump:S"``… and ``"pass"`` in the prise; ``"belote"`` before the first
    of K and Q of trumps. :meth:`entry` is the sheet's ``{"taker", "trump", "points", "belote", "capot"}``
    (``{"taker": None}`` when everybody passed twice); :meth:`returns` its scores, the reserve included.
    """

    slug = INFO.slug
    removed_ranks = RANKS_REMOVED

    def __init__(self, n_players: int, options: dict[str, Any], number: int, dealer: int, reserve: int = 0):
        super().__init__(n_players, options, number, dealer)
        self.reserve = reserve
        self.always_trump = bool(options.get(ALWAYS_TRUMP))  # « couper toujours »: no partners in the play

    def _facts(self) -> tuple[int, str | None, bool]:
        """The taker's card points (dix de der included), the side of the belote, capot."""
        taker = self.taker
        points = self.side_points(0)
        side = None if self.belote_seat < 0 else TAKER if self.belote_seat == taker else DEFENCE
        return points, side, self.won[taker] in (0, TRICKS)

    def _entry(self) -> dict[str, Any]:
        if self.taker < 0:
            return {"taker": None}
        points, _side, capot = self._facts()
        entry = {"taker": self.taker, "trump": SUIT_LETTER[self.trump], "points": points,
                 "belote": self.belote_seat if self.belote_seat >= 0 else None, "capot": capot}
        if self.with_annonces:
            entry["annonces"] = list(self.annonces or [0] * self.n_players)
        return entry

    def returns(self) -> list[float]:
        if self.taker < 0:
            return [0.0] * self.n_players
        points, side, capot = self._facts()
        out = belote.outcome(points, taker_announces=self.side_announces(0), defence_announces=self.side_announces(1),
                             belote=side, capot=capot, litige=self.options["litige"], total=DEAL_TOTAL)
        taker, defence = out.taker_score, out.defence_score
        if self.reserve and out.result != "litige":
            if out.result == "made":
                taker += self.reserve
            else:
                defence += self.reserve
        return [taker if s == self.taker else defence for s in range(self.n_players)]

    # -- the quick bot ---------------------------------------------------------------------------------
    def worth(self, seat: int, suit: int, with_retourne: bool) -> float:
        """What ``seat``'s hand (and the retourne) would be worth to a taker at trump ``suit``."""
        pk = self.pack
        hand = self.held[seat] | ((1 << self.retourne) if with_retourne else 0)
        total = 0.0
        for c in bits(hand):
            rank = pk.card[c].rank.code  # type: ignore[attr-defined]  # a belote pack: SuitCards only
            if pk.suit[c] == suit:
                total += _TRUMP_WORTH.get(rank, 0.5)
            elif rank == "A":
                total += 1.0
            elif rank == "10" and (hand & pk.suit_mask[pk.suit[c]]).bit_count() >= 2:
                total += 0.5
        return total

    def quick_action(self, rng: random.Random) -> Action:
        seat = self.to_move
        if self.phase == "bid":
            if self.bid_round == 1:
                suit = self.pack.suit[self.retourne]
                return TAKE_WORD if self.worth(seat, suit, True) >= TAKE_AT else PASS_WORD
            turned = self.pack.suit[self.retourne]
            best = max((s for s in SUIT_BY_LETTER.values() if s != turned), key=lambda s: self.worth(seat, s, False))
            return TRUMP_WORDS[SUIT_LETTER[best]] if self.worth(seat, best, False) >= TAKE_AT + 0.5 else PASS_WORD
        if self.phase != PLAY:
            return rng.choice(self._legal_actions())
        mask = self._legal_mask(seat)
        if self.with_annonces and self._may_declare(seat):
            return ANNOUNCE_WORD
        if self._may_announce(seat, mask):
            return BELOTE_WORD  # twenty points never lost
        return self.pack.code[_belote_card(self, seat, bits(mask))]


def _belote_card(state: BeloteDeal, seat: int, legal: list[int]) -> int:
    """The quick bot's card: the taker pulls trumps with the master Jack, anybody cashes aces; a partner's trick
    gets points, a trick one can win is taken with the cheapest winning card, a lost one gets the fewest points."""
    pk, st, ts, trump, pts = state.pack, state.strength, state.trump_strength, state.trump, state.points
    if len(legal) == 1:
        return legal[0]
    if not state.trick_cards:
        trumps = [c for c in legal if pk.suit[c] == trump]
        if seat == state.taker and trumps and max(ts[c] for c in trumps) == max(
                ts[c] for c in bits(state.pack.suit_mask[trump] & ~state.played)):
            return max(trumps, key=lambda c: ts[c])
        aces = [c for c in legal if pk.suit[c] != trump and pk.card[c].rank.code == "A"]  # type: ignore[attr-defined]  # SuitCards
        if aces:
            return aces[0]
        return min(legal, key=lambda c: (pk.suit[c] == trump, pts[c], st[c]))
    led = state.led

    def key(c: int) -> int:
        s = pk.suit[c]
        return 1000 + ts[c] if s == trump else st[c] if s == led else -1

    best_at = state._trick_winner()
    holder = state.trick_seats[best_at]
    best = key(state.trick_cards[best_at])
    last = len(state.trick_cards) == state.n_players - 1
    if state.side[holder] == state.side[seat] and (last or best >= 1000 or pk.card[state.trick_cards[best_at]].rank.code == "A"):  # type: ignore[attr-defined]  # SuitCards
        return max(legal, key=lambda c: (pk.suit[c] != trump, pts[c], -st[c]))
    winners = [c for c in legal if key(c) > best]
    if winners:
        return min(winners, key=key) if last or min(winners, key=key) >= 1000 else max(winners, key=key)
    return min(legal, key=lambda c: (pts[c], pk.suit[c] == trump, st[c]))




class BeloteATrois(PriseBelote):
    info = INFO
    sheet_class = BeloteATroisSheet
    schema_title = "Belote à trois round entry"
    deal_class = BeloteATroisDeal
    options = (
        *PriseBelote.options,
        Option(ALWAYS_TRUMP, T("Couper toujours", "Always trump"), "bool", False,
               help=T("Sans la couleur demandée, on coupe (et surcoupe) même quand l'autre défenseur tient le pli.",
                      "Void in the suit led, trump (and overtrump) even when the other defender holds the trick.")),
    )

    def deal_context(self, sheet: Sheet) -> dict[str, Any]:
        """What :meth:`new_deal` needs from the table's sheet: the reserve of earlier litiges."""
        assert isinstance(sheet, BeloteATroisSheet)  # the game's own sheet
        return {"reserve": sheet.reserve}

    def deal_arguments(self, n_players: int, options: dict[str, Any], number: int, reserve: int = 0) -> dict[str, Any]:
        """``reserve`` (what :meth:`deal_context` gives) goes into :meth:`BeloteATroisDeal.returns`."""
        if not is_int(reserve) or not 0 <= reserve <= 1000 * DEAL_TOTAL:
            raise InvalidOptions([Problem("reserve", "bad_reserve", T(
                "La réserve : un nombre de points positif ou nul.", "The reserve: a number of points, 0 or more."))])
        return {"reserve": reserve}


GAME = BeloteATrois()
