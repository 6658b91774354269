"""The FFT tarot's digital deal: the tarot family's deal as it stands, with the family's quick bot."""

from __future__ import annotations

import random

from companion.families import tarot_bots
from companion.families.tarot_deal import TarotDeal
from companion.kernel.deal import Action


class TarotFftDeal(TarotDeal):
    slug = "tarot"

    def quick_action(self, rng: random.Random) -> Action:
        """The rule-based player: :func:`companion.families.tarot_bots.quick_action`."""
        return tarot_bots.quick_action(self, rng)
