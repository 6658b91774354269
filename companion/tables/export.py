"""CSV as French spreadsheets open it: UTF-8 with a BOM, ``;`` between cells, formula injection neutralised."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator

from django.utils import timezone

from .ledger import TableState

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TABLE_COLUMNS = ["table", "game", "date", "round", "contract", "seat", "player", "round_score", "running_total"]


def safe_cell(value) -> str:
    """A cell that a spreadsheet will not run as a formula: text starting with = + - @ gets a leading quote.

    Numbers are written as numbers (a negative score stays a number)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int | float):
        return str(value)
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS):
        return "'" + text
    return text


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_lines(header: list[str], rows: Iterable[Iterable], sep: str = ";") -> Iterator[str]:
    """Encoded lines one at a time, the BOM first: for StreamingHttpResponse as well as for a whole file."""
    writer = csv.writer(_Echo(), delimiter=sep, lineterminator="\r\n")
    yield BOM + writer.writerow(header)
    for row in rows:
        yield writer.writerow([safe_cell(v) for v in row])


def table_rows(state: TableState) -> Iterator[list]:
    table = state.table
    date = timezone.localtime(table.created_at).date().isoformat()
    for r, totals in zip(state.rounds, state.sheet.running_totals(), strict=True):
        contract = r.result.contract.key if r.result.contract else ""
        for seat, name in enumerate(state.players):
            yield [table.id, state.game.slug, date, r.number, contract, seat + 1, name, r.result.scores[seat], totals[seat]]
