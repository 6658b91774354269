"""The Tarot taré's digital deal: the tarot family's deal with no bidding (each seat takes in turn) and its own
scoring; its quick bot plays the family's heuristics."""

from __future__ import annotations

import random
from typing import Any

from companion.families import tarot_bots
from companion.families.tarot_common import HALF, PETIT
from companion.families.tarot_deal import TarotDeal
from companion.families.trickplay import PLAY, bits
from companion.kernel.deal import Action, illegal
from companion.kernel.errors import IllegalAction
from companion.kernel.text import T, count
from companion.kernel.view import Fact, Note


class TarotTareDeal(TarotDeal):
    """A deal of the Tarot taré: no bidding and no poignée, each plays for himself; the card points a seat takes
    are its score (lower is better), the Excuse going with the trick it is played in, and the chien to the winner
    of the last trick (option ``chien`` = ``last_trick``) or to nobody (``aside``)."""

    slug = "tarot-tare"
    lowest_wins = True

    def _after_deal(self) -> None:
        self.chien = self.held[self.n_players]
        self.start_play((self.dealer + 1) % self.n_players)

    def poignee_sizes(self, seat: int) -> list[str]:
        return []

    def _why_no_poignee(self, seat: int) -> IllegalAction:
        return illegal("no_poignee", T("Pas de poignée au tarot taré.", "No poignée in the tarot taré."), seat)

    def _trick_winner(self) -> int:
        return self.winning_position()  # no chelem: the Excuse never wins

    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        self._observe_chien(obs)

    # -- what a seat sees: no bids, no poignée; the chien unseen until the last trick takes it -------------------
    def view_facts(self, seat: int | None, obs: dict[str, Any]) -> list[Fact]:
        if obs["chien"]:
            return [Fact("chien", T("Chien", "Chien"), cards=tuple(obs["chien"]))]
        if self.phase == PLAY:
            return [Fact("chien", T("Chien", "Chien"), count(obs["chien_size"], "{n} carte, cachée", "{n} cartes, cachées",
                                                             "{n} card, face down", "{n} cards, face down"))]
        return []

    def view_notes(self, seat: int | None, obs: dict[str, Any]) -> list[list[Note]]:
        return [[] for _ in range(self.n_players)]

    def seat_tally(self) -> tuple[list[int], list[int], int, int]:
        """Per seat, half points and tricks taken; the chien's half points; who took the Petit au bout (−1)."""
        n = self.n_players
        points = [0] * n
        for _leader, _seats, cards, winner in self.log:
            for c in cards:
                points[winner] += HALF[c]
        chien_half = sum(HALF[c] for c in bits(self.chien))
        last_winner = self.log[-1][3] if self.log else -1
        if self.options.get("chien", "last_trick") == "last_trick" and last_winner >= 0:
            points[last_winner] += chien_half
        petit = last_winner if self.log and PETIT in self.log[-1][2] else -1
        return points, list(self.won), chien_half, petit

    def _entry(self) -> dict[str, Any]:
        points, tricks, chien_half, petit = self.seat_tally()
        entry: dict[str, Any] = {"points": [p // 2 if p % 2 == 0 else p / 2 for p in points], "tricks": tricks}
        if self.options.get("chien") == "aside":
            entry["chien_points"] = chien_half // 2 if chien_half % 2 == 0 else chien_half / 2
        if self.options.get("petit_au_bout"):
            entry["petit_au_bout"] = petit if petit >= 0 else None
        return entry

    def returns(self) -> list[float]:
        """The sheet's scores for :meth:`entry` (lower is better)."""
        points, _tricks, _chien, petit = self.seat_tally()
        out = [p // 2 if p % 2 == 0 else p / 2 for p in points]
        if petit >= 0 and self.options.get("petit_au_bout"):
            out[petit] += 10
        return out

    def quick_action(self, rng: random.Random) -> Action:
        """The rule-based player: :func:`companion.families.tarot_bots.tare_action`."""
        return tarot_bots.tare_action(self, rng)
