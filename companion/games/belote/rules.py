"""La belote, the classic four-handed game the user's rule documents build their belotes on (« exactement comme à la
belote à quatre »), though they do not describe it. The rules come from the Fédération Française de Belote's
« Règlement officiel de la belote avec ou sans annonce » and pagat.com (« Belote »), the capot at 252 and the
litige from contree.org (« La marque »).

Four players in two fixed partnerships, seats 0 and 2 against seats 1 and 3 (partners face each other, so in the
order of play a partner is two seats away). Scoring is Belote à trois's, on the shared belote core
(:func:`companion.families.belote.outcome`): the sheet is :class:`~companion.families.belote_sheet.PriseSheet` with the taker's partner on the
taking side (:meth:`BeloteSheet.taking_side`), so a fix to one is a fix to both. Both partners write their side's
score, so their totals are always equal and a won game names both.

Digital play: :class:`BeloteQuatreDeal`, the prise belote written once in
:class:`companion.families.belote.BeloteDeal` with the 32-card pack and the two partnerships. Actions: card codes
(``"JH"``), ``"take"`` / ``"pass"`` at the first round of the prise, ``"trump:S"`` … ``"trump:C"`` / ``"pass"`` at
the second, ``"belote"`` just before the first of K and Q of trumps, ``"announce"`` (option ``annonces``) just
before one's first card. Everybody passing twice ends the deal with the sheet's passed round, and the next seat
deals a fresh one.
"""

from __future__ import annotations

from typing import Any

from companion.families import belote
from companion.families.belote import ANNOUNCE_STEP, ANNOUNCEMENTS, BELOTE, BeloteDeal
from companion.families.belote_sheet import PriseBelote, PriseSheet
from companion.kernel.game import COUNTERCLOCKWISE, FACING, GameInfo, Option, RoundResult, RuleTable
from companion.kernel.text import T, seat_ref

PLAYERS = 4
PARTNERSHIPS = ((0, 2), (1, 3))
HAND_SIZE = 8
TRICKS = 8
FIRST_DEAL = (3, 2)  # cards each before the retourne
TAKER_COMPLETES = 2  # the taker gets the retourne and 2 more; each other player 3
OTHERS_COMPLETE = HAND_SIZE - sum(FIRST_DEAL)
DEAL_TOTAL = belote.DEAL_TOTAL  # 162
CAPOT = belote.CAPOT  # 252
CAPOT_ROUND = 250  # the round figure some tables write instead (option)
TARGET = 1000
TARGET_PRESETS = (501, 1000, 2000)
IMPOSSIBLE_POINTS = (1, DEAL_TOTAL - 1)

INFO = GameInfo(
    essentials=("card_order", "scores"),
    slug="belote",
    most_played=2,
    names=T("La belote", "Belote"),
    min_players=PLAYERS,
    max_players=PLAYERS,
    decks=("32",),
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="Classic four-handed belote: FFB « Règlement officiel de la belote », pagat.com « Belote », contree.org.",
    aliases=("belote classique", "belote a quatre", "belote a 4", "belote à 4", "belote simple", "four-handed belote"),
    summary=T("Le classique à quatre, deux contre deux : on prend à la retourne et on fait plus que l'autre camp.",
              "The four-handed classic, two against two: take the turned suit and score more than the other side."),
    classic=True,
    values=(
        ("pack", 32),
        ("hand_size", HAND_SIZE),
        ("tricks", TRICKS),
        ("first_deal", sum(FIRST_DEAL)),
        ("first_pass", FIRST_DEAL[0]),
        ("second_pass", FIRST_DEAL[1]),
        ("taker_completes", TAKER_COMPLETES),
        ("others_complete", OTHERS_COMPLETE),
        ("never", IMPOSSIBLE_POINTS[0]),
        ("never_high", IMPOSSIBLE_POINTS[1]),
        ("deal_total", DEAL_TOTAL),
        ("trump_total", sum(belote.TRUMP_POINTS.values())),
        ("plain_total", sum(belote.PLAIN_POINTS.values())),
        ("last_trick", belote.LAST_TRICK),
        ("belote", BELOTE),
        ("capot", CAPOT),
        ("capot_bonus", CAPOT - DEAL_TOTAL),
        ("capot_belote", CAPOT + BELOTE),
        ("capot_round", CAPOT_ROUND),
        ("half", DEAL_TOTAL // 2),
        ("needed", DEAL_TOTAL // 2 + 1),
        ("needed_against_belote", (DEAL_TOTAL + BELOTE) // 2 + 1),
        ("target", TARGET),
        ("target_short", TARGET_PRESETS[0]),
        ("target_long", TARGET_PRESETS[2]),
        ("announce_step", ANNOUNCE_STEP),
    ),
    tables=(
        belote.card_order_table(),
        RuleTable(
            "scores",
            T("Marque d'une donne", "Scoring a deal"),
            (T("Résultat", "Outcome"), T("Camp du preneur", "Taking side"), T("Défense", "Defence")),
            rows=(
                (T("Contrat rempli (preneur > défense)", "Contract made (taker > defence)"),
                 T("ses points", "its points"), T("ses points", "its points")),
                (T("Dedans (preneur ≤ défense)", "Contract lost (taker ≤ defence)"), 0, DEAL_TOTAL),
                (T("Capot du preneur", "Taking side wins every trick"), CAPOT, T("sa belote seulement", "its belote only")),
                (T("Capot de la défense", "Defence wins every trick"), 0, CAPOT),
                (T("Litige, option réserve", "Tie, reserve option"), T("en réserve", "held in reserve"),
                 T("ses points", "its points")),
                (T("Belote-rebelote annoncée", "Belote-rebelote announced"),
                 T(f"+{BELOTE} si c'est la sienne", f"+{BELOTE} if it is its own"),
                 T(f"+{BELOTE} si c'est la sienne", f"+{BELOTE} if it is its own")),
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


def partner(seat: int) -> int:
    """The seat facing ``seat``: two seats away in the order of play."""
    return (seat + 2) % PLAYERS


class BeloteSheet(PriseSheet):
    """The prise belote's sheet with partnerships: the taker's partner scores with the taker, and the two
    defenders are the other partnership (each writes the defence's total, as at three)."""

    def taking_side(self, taker: int) -> tuple[int, ...]:
        return tuple(sorted((taker, partner(taker))))

    def teams(self) -> tuple[tuple[int, ...], ...]:
        return FACING

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        result = super().score_entry(entry)
        if entry["taker"] is not None:
            a, b = self.taking_side(entry["taker"])
            c, d = (s for s in range(self.n) if s not in (a, b))
            result.notes.insert(0, T("{a} et {b} contre {c} et {d} : chacun inscrit le score de son camp.",
                                     "{a} and {b} against {c} and {d}: each player writes their side's score.").format(
                a=seat_ref(a), b=seat_ref(b), c=seat_ref(c), d=seat_ref(d)))
        return result


# Quick bot: a taker with a partner takes with less than one alone (Belote à trois's 5.5): among quick bots,
# about 9 deals in 10 are taken and 4 in 5 of those made.
TAKE_AT = 4.5


class BeloteQuatreDeal(BeloteDeal):
    """One deal of the four-handed belote played on screen: the shared prise belote, 32 cards, 8 each; the
    taker and the seat facing him (:func:`partner`) against the other two. Void in the suit led, one trumps unless
    one's partner holds the trick, as the rulebook says; when trumps are led, one goes higher even over a partner.

    :meth:`entry` is the sheet's ``{"taker", "trump", "points", "belote", "capot"}`` (``{"taker": None}`` when
    everybody passed twice); :meth:`returns` its scores (the capot's value and the reserve of litiges included).
    """

    slug = INFO.slug
    take_at = TAKE_AT
    partnerships = True  # the taker and his partner (:func:`partner`) against the other two

    def quick_card(self, seat: int, legal: list[int]) -> int:
        """The shared quick bot's card, but void while the partner holds the trick with a plain card that is
        not an ace, before the last seat: no trump over the partner, the cheapest plain card instead, so that
        trumps are kept to cut and overcut the other side."""
        pk, trump = self.pack, self.trump
        if self.trick_cards and len(self.trick_cards) < self.n_players - 1 and len(legal) > 1:
            best = self.trick_cards[self._trick_winner()]
            holder = self.trick_seats[self._trick_winner()]
            void = not self.held[seat] & pk.suit_mask[self.led]
            plain = [c for c in legal if pk.suit[c] != trump]
            if (void and plain and self.side[holder] == self.side[seat] and pk.suit[best] != trump
                    and pk.card[best].rank.code != "A"):  # type: ignore[attr-defined]  # a belote pack: SuitCards
                return min(plain, key=lambda c: (self.points[c], self.strength[c]))
        return super().quick_card(seat, legal)


class Belote(PriseBelote):
    info = INFO
    sheet_class = BeloteSheet
    schema_title = "Belote round entry"
    deal_class = BeloteQuatreDeal
    options = (
        Option("target", T("Partie en combien de points", "Game to how many points"), "int", TARGET,
               minimum=1, maximum=100_000,
               help=T("Le premier camp qui l'atteint finit la partie ; le plus haut total gagne.",
                      "The first side to reach it ends the game; the highest total wins."),
               presets=tuple((p, T(f"{p} points", f"{p} points")) for p in TARGET_PRESETS)),
        *PriseBelote.options[1:],
        Option("capot", T("Valeur du capot", "Capot value"), "choice", CAPOT,
               choices=((CAPOT, T(f"{CAPOT} ({DEAL_TOTAL} + {CAPOT - DEAL_TOTAL})", f"{CAPOT} ({DEAL_TOTAL} + {CAPOT - DEAL_TOTAL})")),
                        (CAPOT_ROUND, T(f"{CAPOT_ROUND}", f"{CAPOT_ROUND}"))),
               help=T("Certaines tables comptent le capot en chiffre rond.", "Some tables write the capot as a round figure.")),
    )



GAME = Belote()
