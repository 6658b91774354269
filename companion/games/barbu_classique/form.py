"""The Barbu classique round form ↔ its entry.

The form names the contract (``contract``), then holds one group of fields per contract, each prefixed by its
key so that no two contracts share a field: ``plis.tricks.<seat>``, ``coeurs.hearts.<seat>``,
``coeurs.ace_of_hearts``, ``dames.queens.<seat>``, ``roi-de-coeur.king_of_hearts``, ``deux-derniers.last_two.0``
and ``.1``, ``atout.trump``, ``atout.tricks.<seat>``, ``reussite.order.<place>``. Only the chosen contract's group
is read (a script shows only that group; without it, every group shows and the others are ignored).
"""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web import entryforms

from .rules import BY_KEY

PER_SEAT = ("tricks", "hearts", "queens")

# The doubles name the round's declarer (its dealer) and leave him out: the coming rounds get a form per dealer.
READS_ROUND_NUMBER = True
ONE_SEAT = ("ace_of_hearts", "king_of_hearts")


def _pairs(data: QueryDict, prefix: str, n: int) -> list[dict]:
    """Checked ``<prefix>.<by>.<on>`` boxes as ``[{"by", "on"}]``, in seat order."""
    return [{"by": b, "on": o} for b in range(n) for o in range(n)
            if b != o and data.get(f"{prefix}.{b}.{o}") in ("on", "true", "1")]


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    key = (data.get("contract") or "").strip()
    if not key:
        return {}
    entry: dict = {"contract": key}
    if sheet.options.get("doubles"):  # the side bets (option « contres »): checkboxes double.<by>.<on>
        for field, prefix in (("doubles", "double"), ("redoubles", "redouble")):
            pairs = _pairs(data, prefix, sheet.n)
            if pairs:
                entry[field] = pairs
    if key not in BY_KEY:
        return entry
    for f in BY_KEY[key].fields:
        name = f"{key}.{f}"
        if f in PER_SEAT:
            values = [entryforms.number(data.get(f"{name}.{i}")) for i in range(sheet.n)]
            if any(v is not None for v in values):
                entry[f] = values
        elif f in ONE_SEAT:
            value = entryforms.number(data.get(name))
            if value is not None:
                entry[f] = value
        elif f == "trump":
            value = (data.get(name) or "").strip()
            if value:
                entry[f] = value
        else:  # last_two (2 seats) and order (one seat per place)
            size = 2 if f == "last_two" else sheet.n
            values = [entryforms.number(data.get(f"{name}.{i}")) for i in range(size)]
            if any(v is not None for v in values):
                entry[f] = values
    return entry


def flatten(entry: dict) -> dict:
    key = entry.get("contract")
    values: dict = {"contract": key}
    for field, prefix in (("doubles", "double"), ("redoubles", "redouble")):
        for d in entry.get(field) or []:
            values[f"{prefix}.{d['by']}.{d['on']}"] = "on"
    for f, v in entry.items():
        if f in ("contract", "doubles", "redoubles"):
            continue
        if isinstance(v, list):
            for i, x in enumerate(v):
                values[f"{key}.{f}.{i}"] = x
        else:
            values[f"{key}.{f}"] = v
    return values
