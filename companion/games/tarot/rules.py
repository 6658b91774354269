"""Le tarot, as the Fédération française de tarot (FFT) plays it at 3, 4 and 5 players. Source: the FFT's
Règlement officiel, and pagat.com's description of French Tarot; the classic that the Tarot lorrain and the Tarot
taré of the user's rule documents are built on.

The score sheet is :class:`companion.families.tarot.TakerSheet`, the one the Tarot lorrain uses, with the lorrain
twist off: bouts and points are the taker's camp's tricks, counted the ordinary way. Two house rules are this
game's own, through the sheet's hooks: ``chelem_defence`` (the FFT's 200 to each defender when the defence takes
every trick, or nothing) and ``five_players_split`` (the FFT's 2/3 to the taker and 1/3 to the partner, or equal
shares). The module is ``tarot_fft`` so as not to be mistaken for the shared core; the game's slug is ``tarot``.
"""

from __future__ import annotations

from typing import Any

from companion.families import tarot
from companion.kernel.game import COUNTERCLOCKWISE, GameInfo, Option
from companion.kernel.text import T, decimal

from .deal import TarotFftDeal

PACKET = 3  # the FFT deals the cards three at a time (four at a time at 3 players)
PACKET_THREE = 4
EQUAL_SHARE = 1.5  # the taker's and the partner's share each, at 5 players, when the attack shares equally

# The shares at 5 players with a partner: (taker, partner); each of the three defenders pays 1 × the value.
SPLITS = {"fft": (2, 1), "egal": (EQUAL_SHARE, EQUAL_SHARE)}

INFO = GameInfo(
    slug="tarot",
    most_played=1,
    names=T("Le tarot", "French Tarot"),
    min_players=3,
    max_players=5,
    decks=("78",),
    family="levees",
    classic=True,
    direction=COUNTERCLOCKWISE,
    source="The FFT's Règlement officiel; pagat.com « French Tarot » (the classic the Tarot lorrain and Tarot taré build on).",
    aliases=("tarot", "tarot francais", "french tarot", "tarot fft", "jeu de tarot"),
    summary=T(
        "Le tarot de la FFT : un preneur, un contrat, contre la défense ; à 3, 4 ou 5 joueurs.",
        "FFT tarot: one taker bids a contract against the defence; for 3, 4 or 5 players.",
    ),
    tables=tarot.TAKER_TABLES,
    essentials=("contracts", "bouts_needed", "primes"),
    values=(
        *tarot.taker_values(PACKET),
        ("packet_three", PACKET_THREE),
        ("excuse_alone", decimal((tarot.BOUT_HALF_POINTS - tarot.EXCUSE_WITHOUT_EXCHANGE) / 2)),
        ("equal_share", decimal(EQUAL_SHARE)),
    ),
)


class TarotSheet(tarot.TakerSheet):
    """The FFT count (no bout changes camp but by the tricks), with the two house rules of this game."""

    def chelem_defence(self) -> int:
        return tarot.CHELEM_DEFENCE if self.options.get("chelem_defence", True) else 0

    def factors(self, taker: int, partner: int | None) -> list[float]:
        out = super().factors(taker, partner)
        if self.n == 5 and partner is not None and partner != taker:
            out[taker], out[partner] = SPLITS[self.options.get("five_players_split", "fft")]
        return out

    def next_extra(self) -> dict[str, Any]:
        """Besides the hand and the chien: what each contract multiplies, and the trumps each poignée shows at
        this table's player count."""
        return {**super().next_extra(), "multipliers": dict(tarot.MULTIPLIERS),
                "poignees": dict(zip(tarot.POIGNEE_SIZES, tarot.POIGNEE_TRUMPS[self.n], strict=True))}


class Tarot(tarot.TakerGame):
    info = INFO
    sheet_class = TarotSheet
    deal_class = TarotFftDeal

    options = (
        tarot.DEALS_OPTION,
        Option("chelem_defence", T("Chelem de la défense primé", "Bonus for a slam by the defence"), "bool", True,
               help=T("Quand la défense fait tous les plis, chaque défenseur reçoit 200 de plus (règle de la FFT). "
                      "Sans : la donne se marque comme une autre.",
                      "When the defence takes every trick, each defender gets 200 more (the FFT's rule). "
                      "Without: the deal is scored like any other.")),
        Option("five_players_split", T("Partage à 5 joueurs", "Split at 5 players"), "choice", "fft",
               choices=(("fft", T("FFT : preneur 2/3, partenaire 1/3", "FFT: taker 2/3, partner 1/3")),
                        ("egal", T("Égal : moitié chacun", "Equal: half each"))),
               help=T("Ce que gagnent ou perdent le preneur et son partenaire, quand trois défenseurs paient chacun la "
                      "marque ; sans effet à 3 ou 4 joueurs, ni quand le preneur joue seul.",
                      "What the taker and the partner win or lose when three defenders each pay the deal's value; "
                      "no effect at 3 or 4 players, nor when the taker plays alone.")),
    )


GAME = Tarot()
