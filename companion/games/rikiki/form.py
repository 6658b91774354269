"""The round form ↔ its entry: the bids and tricks grid and the turned card, read as the bidding games read them
(:mod:`companion.web.families.bids`)."""

from companion.web.families.bids import flatten, parse

__all__ = ["flatten", "parse"]
