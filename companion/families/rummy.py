"""What the rummies share (Rami and Gin-rami, « comme le rami sec »): the pack of two 52-card packs and four
jokers, thirteen cards each, and the two end-of-deal counts Gin-rami takes over from Rami."""

from __future__ import annotations

DECK = "2x52+4"
HAND_SIZE = 13
LAID_NOTHING = 100  # a loser who laid nothing, whatever the hand
RAMI_SEC = -50  # the whole hand laid at once
