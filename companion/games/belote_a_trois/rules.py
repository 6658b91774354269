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
(option ``annonces``) just before one's first card. The shared :meth:`~companion.families.belote_sheet.PriseBelote.deal_context` gives the deal the reserve of earlier litiges.
"""

from __future__ import annotations

from typing import Any

from companion.families import belote
from companion.families.belote import (
    ANNOUNCE_STEP,
    ANNOUNCEMENTS,
    BELOTE,
    BeloteDeal,
)
from companion.families.belote_sheet import TARGET, PriseBelote, PriseSheet
from companion.kernel.game import (
    COUNTERCLOCKWISE,
    GameInfo,
    Option,
    RuleTable,
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
        super().__init__(n_players, options, number, dealer, reserve)
        self.always_trump = bool(options.get(ALWAYS_TRUMP))  # « couper toujours »: no partners in the play


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


GAME = BeloteATrois()
