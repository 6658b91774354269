"""CSV as French spreadsheets open it: UTF-8 with a BOM, ``;`` between cells, formula injection neutralised.

One layout for a table's own export and a group's history (:mod:`companion.groups.csvio`), so that either file
imports into a group. Columns a person reads come first, in the request's language (French by default:
``table;jeu;date;donne;contrat;place;joueur;points;total…``), with game and contract names, the local date and
time (the server's ``TIME_ZONE``, Europe/Paris) to the minute and half points with a decimal comma in French.
The machine-readable columns come last — the game's code, the exact creation time, the options and each round's
entry as JSON — and are what an import rebuilds the tables from.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from django.utils import timezone

from companion.kernel.text import name_seats

from .ledger import TableState

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class Column:
    key: str  # what the code and the import call it (also the header of files exported before columns had names)
    fr: str
    en: str

    def label(self, lang: str) -> str:
        return self.en if lang == "en" else self.fr


HISTORY = (
    Column("table", "table", "table"),
    Column("game", "jeu", "game"),
    Column("date", "date", "date"),
    Column("round", "donne", "round"),
    Column("contract", "contrat", "contract"),
    Column("seat", "place", "seat"),
    Column("player", "joueur", "player"),
    Column("round_score", "points", "points"),
    Column("running_total", "total", "total"),
    Column("table_name", "nom de la table", "table name"),
    Column("group", "cercle", "circle"),
    Column("ended", "terminée à la main", "ended by hand"),
    # Machine-readable, last: what an import rebuilds the tables from.
    Column("game_code", "code du jeu", "game code"),
    Column("created", "créée", "created"),
    Column("options", "options", "options"),
    Column("first_dealer", "premier donneur", "first dealer"),  # the place that dealt round 1 (a rematch moves it on)
    Column("title", "nom du jeu", "game name"),  # the table's own name for its game (the free sheet's)
    Column("team", "équipe", "team"),  # the partnership of the row's player, where the game has teams
    Column("entry", "saisie", "entry"),
)
HISTORY_KEYS = [c.key for c in HISTORY]


def header(columns: Iterable[Column], lang: str) -> list[str]:
    return [c.label(lang) for c in columns]


class NumberText(str):
    """A number already written for the reader's spreadsheet (``-40,5``): a number, not text to guard."""


def safe_cell(value) -> str:
    """A cell that a spreadsheet will not run as a formula: text starting with = + - @ gets a leading quote.

    Numbers are written as numbers (a negative score stays a number)."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int | float | NumberText):
        return str(value)
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS):
        return "'" + text
    return text


def keep_quote(value):
    """The export's side of the formula guard for text that already starts with ``'`` then ``= + - @``: one
    more ``'``, which the import takes off again (``safe_cell`` adds the first one to ``=x`` alone)."""
    if isinstance(value, str) and value.startswith("'") and value.lstrip("'").startswith(FORMULA_STARTS):
        return "'" + value
    return value


def number(value, lang: str) -> NumberText:
    """A score as a spreadsheet of that language reads it: ``40`` (never ``40.0``), ``40,5`` in French."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value)
    return NumberText(text.replace(".", ",") if lang != "en" else text)


def as_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def local_time(table) -> str:
    """``2025-03-06 20:30``: the table's creation, local time, to the minute."""
    return timezone.localtime(table.created_at).strftime("%Y-%m-%d %H:%M")


def local_date(table) -> str:
    return timezone.localtime(table.created_at).date().isoformat()


def table_name(state: TableState, lang: str = "fr") -> str:
    return f"{state.table.game_name(lang)} {local_date(state.table)}"


def yes_no(value: bool, lang: str) -> str:
    return ("yes" if value else "no") if lang == "en" else ("oui" if value else "non")


class _Echo:
    def write(self, value: str) -> str:
        return value


def csv_lines(header: list[str], rows: Iterable[Iterable], sep: str = ";") -> Iterator[str]:
    """Encoded lines one at a time, the BOM first: for StreamingHttpResponse as well as for a whole file."""
    writer = csv.writer(_Echo(), delimiter=sep, lineterminator="\r\n")
    yield BOM + writer.writerow(header)
    for row in rows:
        yield writer.writerow([safe_cell(v) for v in row])


def history_rows(state: TableState, lang: str, group_name: str = "") -> Iterator[list]:
    """One row per player per round of one table (one row per player when it has no round yet), in the
    :data:`HISTORY` columns. Only the first row of the table carries its name, group, end, code, creation time
    and options; only the first row of a round carries its entry."""
    table, n = state.table, len(state.players)
    team_of = {s: " & ".join(state.players[x] for x in t) for t in state.sheet.teams() or () for s in t}
    game_name = state.game.names.get(lang)  # the game's own name: an import reads it when there is no code
    when = local_time(table)
    first = [table_name(state, lang), group_name, yes_no(state.sheet.closed, lang), table.game,
             table.created_at.isoformat(), as_json(table.options), table.first_dealer + 1, table.title]
    blank = [""] * len(first)
    if not state.rounds:
        for seat, name in enumerate(state.players):
            yield [keep_quote(v) for v in (table.id, game_name, when, "", "", seat + 1, name, "", "",
                                           *(first if seat == 0 else blank), team_of.get(seat, ""), "")]
        return
    i = 0
    for r, totals in zip(state.rounds, state.sheet.running_totals(), strict=True):
        # The deal in words when the game says it in one line (:meth:`Sheet.summarise`), else its contract's name.
        contract = (name_seats(r.result.summary.get(lang), state.players) if r.result.summary
                    else r.result.contract.name.get(lang) if r.result.contract else "")
        entry = as_json(r.result.entry)
        for seat, name in enumerate(state.players):
            yield [keep_quote(v) for v in (
                table.id, game_name, when, r.number, contract, seat + 1, name,
                number(r.result.scores[seat], lang), number(totals[seat], lang),
                *(first if i == 0 else blank), team_of.get(seat, ""), entry if seat == 0 else "")]
            i += 1
    assert i == n * len(state.rounds)
