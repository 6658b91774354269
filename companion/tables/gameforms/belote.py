"""The Belote round form ↔ its entry: the same fields as Belote à trois (taker, trump, points, belote, capot,
annonces), so the same converter and template."""

from __future__ import annotations

from .. import entryforms
from .belote_a_trois import flatten, parse

entryforms.register("belote", parse=parse, flatten=flatten)
