"""The round form ↔ its entry: the belote deal's fields (taker, trump, points, belote, capot, annonces), read as
every belote reads them (:mod:`companion.web.families.belote`)."""

from companion.web.families.belote import flatten, parse

__all__ = ["flatten", "parse"]
