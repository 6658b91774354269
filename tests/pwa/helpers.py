"""Helpers for the PWA browser tests: tables made directly in the database, Barbu rounds typed into the form."""

from __future__ import annotations

from companion.tables import ledger
from companion.tables.models import Event, Table

PLAYERS = ["Ana", "Bea", "Cid", "Dan"]
# One valid entry per Barbu manche at four players (plis, cœurs, dames, roi de cœur, salade), as the form takes
# them: counts per seat, and the seat that took the king of hearts.
MANCHE_FORMS = [
    {"tricks": [4, 3, 5, 1]},
    {"hearts": [2, 6, 0, 5]},
    {"queens": [1, 0, 2, 1]},
    {"king_of_hearts": 2},
    {"tricks": [3, 4, 2, 4], "hearts": [1, 5, 3, 4], "queens": [0, 2, 1, 1], "king_of_hearts": 3},
]


def new_table(players=PLAYERS, **options) -> tuple[Table, str]:
    return ledger.create_table("barbu", players, options)


def edit_path(table: Table, token: str) -> str:
    return f"/tables/{table.id}/edit/{token}/"


def view_path(table: Table) -> str:
    return f"/tables/{table.id}/"


def entry_for(number: int) -> dict:
    return MANCHE_FORMS[(number - 1) % len(MANCHE_FORMS)]


def fill_round(page, number: int, entry: dict | None = None) -> None:
    """Type the entry for round ``number`` into the edit page's form, checking it is that round's form."""
    entry = entry or entry_for(number)
    page.wait_for_function(f"document.querySelector('#entry')?.dataset.round === '{number}'")
    for key, value in entry.items():
        if isinstance(value, list):
            for seat, n in enumerate(value):
                page.fill(f'#entry input[name="{key}.{seat}"]', str(n))
        else:
            page.check(f'#entry input[name="{key}"][value="{value}"]')


def rounds(table: Table) -> list[dict]:
    """The entries the table holds now, in order."""
    return [r.result.entry for r in ledger.load(Table.objects.get(pk=table.pk)).rounds]


def round_events(table: Table) -> list[Event]:
    return list(Event.objects.filter(table=table, kind=Event.ROUND).order_by("seq"))
