"""The Tarot taré round form ↔ its entry: each seat's points, read as the tarots read them
(:func:`companion.web.families.tarot.points_parse`)."""

from companion.web.families.tarot import points_flatten as flatten
from companion.web.families.tarot import points_parse as parse

__all__ = ["flatten", "parse"]
