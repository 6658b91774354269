"""The Golf round form: each seat's layout (:mod:`companion.web.families.layouts`) and who knocked (``knocker``)."""

from __future__ import annotations

from django.http import QueryDict

from companion.kernel.game import Sheet
from companion.web.families import layouts
from companion.web.families.layouts import flatten

__all__ = ["flatten", "parse"]


def parse(sheet: Sheet, number: int, data: QueryDict) -> dict:
    return layouts.parse(sheet, data, "knocker")
