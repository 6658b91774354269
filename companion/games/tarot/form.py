"""The round form ↔ its entry: the taker form of the tarots (:func:`companion.web.families.tarot.taker_parse`)."""

from companion.web.families.tarot import taker_flatten as flatten
from companion.web.families.tarot import taker_parse as parse

__all__ = ["flatten", "parse"]
