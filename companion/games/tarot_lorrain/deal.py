"""The Tarot lorrain's digital deal: the FFT's tarot deal of the tarot family, with the hands passed on after each
trick; its quick bot plays the family's heuristics with the lorrain's bidding."""

from __future__ import annotations

import random
from typing import Any

from companion.families import tarot_bots
from companion.families.tarot_common import EXCUSE, HALF, PETIT, TWENTY_ONE
from companion.families.tarot_deal import TarotDeal, excuse_half
from companion.families.trickplay import END, PLAY
from companion.kernel.deal import Action
from companion.kernel.text import T, Text
from companion.kernel.view import Fact


class TarotLorrainDeal(TarotDeal):
    """A deal of the Tarot lorrain: the FFT's, but every hand goes to the left after each trick (to the seat that
    plays before: seat ``s`` plays the hand dealt to seat ``s + t`` at trick ``t``), with the voids it showed;
    the 21 and the Petit stay with the camp of the seat that played them, the Excuse too (with its usual
    exchange, even at the last trick), and the Petit au bout counts for the camp that played it."""

    slug = "tarot-lorrain"

    def hand_dealt(self, seat: int) -> int:
        return (seat + len(self.log)) % self.n_players

    def holder(self, dealt: int) -> int:
        return (dealt - len(self.log)) % self.n_players

    def _on_trick(self, winner: int) -> None:
        self.top = 0  # the FFT's resets, written out: a trick's end is the playouts' hot path
        self.winning = -1
        self.win_rank = 0
        # every hand goes to the left, to the seat that plays before: seat s gets s + 1's
        held, n = self.held, self.n_players
        held[:n] = held[1:n] + held[:1]
        self.voids = self.voids[1:] + self.voids[:1]
        self.caps = self.caps[1:] + self.caps[:1]

    def _observe(self, obs: dict[str, Any], seat: int | None) -> None:
        super()._observe(obs, seat)
        obs["hands_passed"] = len(self.log)  # seat s plays the hand dealt to seat s + hands_passed

    def _public_facts(self, obs: dict[str, Any]) -> list[Fact]:
        """The FFT's facts, and in the play how many times the hands went round: a seat plays another hand each
        trick."""
        facts = super()._public_facts(obs)
        if self.phase == PLAY:
            n = str(obs["hands_passed"])
            facts.append(Fact("hands_passed", T("Jeux passés à gauche", "Hands passed to the left"), Text(n, n)))
        return facts

    def _known(self, seat: int) -> list[int]:
        """The FFT's, and every hand ``seat`` held before (what left it since was played for all to see)."""
        known = super()._known(seat)
        n = self.n_players
        if self.phase != END and 0 <= seat < n:  # at trick t the seat holds s + t's dealt hand, held s, s + 1 … before
            for k in range(1, min(len(self.log), n - 1) + 1):
                known[(seat - k) % n] = self.held[(seat - k) % n]
        return known

    def _tricks_tally(self) -> tuple[int, int]:
        """Each trick's cards to its winner's camp, but the bouts: the 21 and the Petit to the camp of the seat
        that played them, the Excuse too, with its exchange, whatever the trick."""
        att = 0
        att_bouts = 0
        taker, partner = self.taker, self.partner
        for _leader, seats, cards, winner in self.log:
            w_att = winner == taker or winner == partner
            for p, card in zip(seats, cards, strict=True):
                if card == EXCUSE:
                    camp = p == taker or p == partner
                    att += excuse_half(camp, w_att)
                    att_bouts += camp
                elif card == PETIT or card == TWENTY_ONE:
                    if p == taker or p == partner:
                        att += 9
                        att_bouts += 1
                elif w_att:
                    att += HALF[card]
        return att, att_bouts

    def _petit_owner(self, seats: tuple[int, ...], cards: tuple[int, ...], winner: int) -> int:
        """The seat that played the Petit."""
        return seats[cards.index(PETIT)]

    def quick_action(self, rng: random.Random) -> Action:
        """The rule-based player: :func:`companion.families.tarot_bots.lorrain_action`."""
        return tarot_bots.lorrain_action(self, rng)
