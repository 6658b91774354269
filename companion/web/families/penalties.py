"""The penalty-card forms (Chasse-cœur, Pétasse): the generic grid, plus what each game adds in its own
``form.py``; here, the prefill of an entry whose values are lists (``hearts.<seat>``) or mappings
(``queens.QS``)."""

from __future__ import annotations


def flatten(entry: dict) -> dict:
    """Form values for an entry: a list value per seat (``hearts.0`` …), a mapping per key (``queens.QS`` …)."""
    values: dict = {}
    for key, value in entry.items():
        if isinstance(value, dict):
            values.update({f"{key}.{k}": v for k, v in value.items()})
        elif isinstance(value, list):
            values.update({f"{key}.{i}": v for i, v in enumerate(value)})
        else:
            values[key] = value
    return values
