"""A group's history as CSV, and back.

Export (streamed, oldest table first, flat memory: :func:`companion.groups.history.iter_states`):

* history — one row per player per round of every table: the table export's columns
  (:data:`companion.tables.export.TABLE_COLUMNS`) then ``table_name``, ``group``, and what is needed to rebuild
  the tables exactly: ``created`` (ISO date-time), ``options`` (JSON) and ``ended`` (1 when the game was ended by
  hand) on the first row of each table, ``entry`` (the round's entry as JSON, as the API takes it) on the first
  row of each round. A table without any round has one row per player and no round number.
* summary — one row per table: game, date, number of rounds, finished, winners, then each seat's player and
  final total.

Import (:func:`parse_history` then :func:`store`): every round of every table is checked by its game's rules
model exactly as a typed round is (``Sheet.check`` / ``Sheet.apply``), and the scores the file shows, when
given, must be the ones the rules give. Every problem is reported with its line number; a file with any
problem is refused whole, and a good one is stored in one transaction. Reading stops at the first
:data:`MAX_PROBLEMS` problems, and a file holds at most :data:`MAX_TABLES` tables and :data:`MAX_ROWS` rows, so
that junk of any shape is refused in about the time it takes to read a good file.

Formula guard: the export puts ``'`` before a cell that starts with ``= + - @`` (a spreadsheet would run it),
and the import takes it off. A name that really starts with ``'`` then one of those characters gets a second
``'`` on export (``'=x`` → ``''=x``), as a spreadsheet shows it, so the import gives it back unchanged.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from companion.converters import ROUTE_WORDS
from companion.games import registry
from companion.kernel import InvalidOptions, UnknownGame
from companion.kernel.game import Game
from companion.kernel.names import surrogate_path
from companion.tables import ledger
from companion.tables.export import (
    FORMULA_STARTS,
    HISTORY,
    Column,
    header,
    keep_quote,
    local_time,
    table_name,
    yes_no,
)
from companion.tables.export import history_rows as export_rows
from companion.tables.export import number as number_cell
from companion.tables.models import Event, Table, hash_token, new_table_id
from companion.web import http

from .access import table_edit_token
from .history import iter_states, summarise
from .models import Group, GroupPlayer, name_key
from .services import clean_group_name, name_problem_message, typed_name

REQUIRED = ("table", "round", "seat", "player", "entry")  # and "game" or "game_code"
MAX_PROBLEMS = 200
MAX_SEATS = 20
MAX_TABLES = 5_000  # per file (shown on the import page)
MAX_ROWS = 100_000  # lines of a file, the header aside (shown on the import page)
SCORE = re.compile(r"-?[0-9]+(?:[.,][0-9]+)?")
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # what a table id may be (companion.converters.KeyConverter)
YEARS = (1900, 2100)  # dates of tables; beyond, a date is a typing mistake (and year 1 or 9999 overflows)
# The farthest a time's offset may be from UTC. Python reads up to ±23:59:59.999999; no time zone is beyond
# ±14:00, and PostgreSQL stores nothing beyond ±15:59:59: a file's offset over ±15:59 is a typing mistake.
MAX_OFFSET = dt.timedelta(hours=15, minutes=59)

SUMMARY = (
    Column("table", "table", "table"),
    Column("table_name", "nom de la table", "table name"),
    Column("group", "cercle", "circle"),
    Column("game", "jeu", "game"),
    Column("date", "date", "date"),
    Column("rounds", "donnes", "rounds"),
    Column("finished", "terminée", "finished"),
    Column("winners", "gagnants", "winners"),
)


# -- export -----------------------------------------------------------------------------------------------------
def history_header(lang: str | None = None) -> list[str]:
    return header(HISTORY, lang or http.lang())


def history_rows(group: Group, lang: str | None = None) -> Iterator[list]:
    lang = lang or http.lang()
    for state in iter_states(group):
        yield from export_rows(state, lang, group.name)


def summary_header(seats: int, lang: str | None = None) -> list[str]:
    lang = lang or http.lang()
    player, total = ("player", "total") if lang == "en" else ("joueur", "total")
    return header(SUMMARY, lang) + [c for s in range(1, seats + 1) for c in (f"{player} {s}", f"{total} {s}")]


def summary_seats(group: Group) -> int:
    games = Table.objects.filter(group=group).values_list("game", flat=True).distinct()
    sizes = [registry.get(g).info.max_players for g in games if g in registry.scored()]
    return max(sizes, default=1)


def summary_rows(group: Group, seats: int, lang: str | None = None) -> Iterator[list]:
    lang = lang or http.lang()
    for state in iter_states(group):
        s = summarise(state)
        table = state.table
        cells: list[Any] = [table.id, table_name(state, lang), group.name, state.game.names.get(lang), local_time(table),
                            s.rounds, yes_no(s.finished, lang), ", ".join(state.winner_names())]
        for seat in range(seats):
            cells += [state.players[seat], number_cell(s.totals[seat], lang)] if seat < len(state.players) else ["", ""]
        yield [keep_quote(v) for v in cells]


# -- import -----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class LineProblem:
    line: int | None  # 1-based line of the file; None for the file as a whole
    message: str


class ImportRefused(ValueError):
    def __init__(self, problems: list[LineProblem], more: bool = False):
        super().__init__(f"{len(problems)} problems")
        self.problems = problems
        self.more = more  # checking stopped at the cap: there may be more problems than listed


@dataclass
class _Round:
    number: int
    line: int
    seats: dict[int, tuple[int, int | None, int | None]] = field(default_factory=dict)  # seat → line, score, total
    entry: Any = None
    entry_line: int | None = None


@dataclass
class _Table:
    key: str
    line: int
    game: Game
    seats: dict[int, tuple[str, int]] = field(default_factory=dict)  # seat (0-based) → name, line
    options: Any = None
    options_line: int | None = None
    created: dt.datetime | None = None
    date: dt.date | None = None
    ended: bool = False
    rounds: dict[int, _Round] = field(default_factory=dict)
    bad: bool = False
    first_dealer: int = 0  # 0-based; the file says 1-based places
    first_dealer_line: int | None = None
    title: str = ""


@dataclass
class ReadyTable:
    """A table of the file, checked: what :func:`store` writes."""

    key: str  # its id in the file
    game: str
    players: list[str]
    options: dict
    created: dt.datetime
    entries: list[dict]
    ended: bool  # closed by hand: a "finish" event
    first_dealer: int = 0
    title: str = ""


@dataclass
class ParsedHistory:
    tables: list[ReadyTable]
    group_name: str  # the file's ``group`` column, if any


class _Problems:
    def __init__(self) -> None:
        self.items: list[LineProblem] = []
        self.more = False

    @property
    def full(self) -> bool:
        """Enough to refuse the file and to show: reading and checking stop here."""
        return len(self.items) >= MAX_PROBLEMS

    def add(self, line: int | None, message: str) -> None:
        if self.full:
            self.more = True
        else:
            self.items.append(LineProblem(line, message))

    def refuse(self) -> None:
        if self.items:
            raise ImportRefused(self.items, self.more)


def _unquote(text: str) -> str:
    """Undo the export's formula guard: ``'=x`` → ``=x``, ``''=x`` → ``'=x`` (see :func:`keep_quote`)."""
    return text[1:] if text.startswith("'") and text.lstrip("'").startswith(FORMULA_STARTS) else text


def _int(text: str, lo: int, hi: int) -> int | None:
    try:
        value = int(text)
    except ValueError:
        return None
    return value if lo <= value <= hi else None


def _number(text: str) -> int | float | None:
    """A score as either export writes it: ``40``, ``-12``, ``40,5`` or ``40.5``; None for anything else."""
    text = text.strip()
    if len(text) > 12 or not SCORE.fullmatch(text):
        return None
    value = float(text.replace(",", ".")) if ("," in text or "." in text) else int(text)
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _decode(data: bytes, problems: _Problems) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ImportRefused([LineProblem(data[: e.start].count(b"\n") + 1,
                                         _("Le fichier n'est pas du texte UTF-8 (enregistrez-le en « CSV UTF-8 »)."))]) from None
    if "\x00" in text:
        problems.add(text[: text.index("\x00")].count("\n") + 1, _("Le fichier contient des octets nuls : ce n'est pas un CSV."))
    if not text.strip():
        problems.add(None, _("Le fichier est vide."))
    problems.refuse()
    return text


def _game(raw: str) -> Game | None:
    try:
        return registry.get(raw)
    except UnknownGame:
        pass
    try:
        return registry.get(registry.resolve(raw))
    except UnknownGame:
        return None


def _why(error: csv.Error) -> str:
    if "field larger than field limit" in str(error):
        return _("une cellule de plus de %(n)s caractères") % {"n": count_text(csv.field_size_limit())}
    return str(error)


def _column(name: str) -> str:
    return _("(vide)") if not name else name if len(name) <= 30 else name[:29] + "…"


def _fold(label: str) -> str:
    return " ".join(label.replace("_", " ").split()).casefold()


# Every header a history file may carry for a column: its French and English labels, and its key (the header of
# files exported before the columns had names in the reader's language).
COLUMN_BY_LABEL = {_fold(label): c.key for c in HISTORY for label in (c.key, c.fr, c.en)}


def _label(key: str) -> str:
    return next(c.label(http.lang()) for c in HISTORY if c.key == key)


def parse_history(data: bytes) -> ParsedHistory:
    """The tables of a history CSV, every round checked. Raises :class:`ImportRefused` with every problem."""
    problems = _Problems()
    text = _decode(data, problems)
    first_line = text.split("\n", 1)[0]
    sep = ";" if ";" in first_line or "," not in first_line else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sep, strict=False)
    try:
        head = [h.strip().lstrip("\ufeff") for h in next(reader)]
    except csv.Error as e:
        raise ImportRefused([LineProblem(1, _("En-tête illisible : %(why)s.") % {"why": _why(e)})]) from None
    keys = [COLUMN_BY_LABEL.get(_fold(h), h) for h in head]
    unknown = list(dict.fromkeys(h for h, k in zip(head, keys, strict=True) if k not in COLUMN_BY_LABEL.values()))
    missing = [_label(c) for c in REQUIRED if c not in keys]
    if "game" not in keys and "game_code" not in keys:
        missing.insert(1, _label("game"))
    doubled = sorted(h for h, k in zip(head, keys, strict=True) if keys.count(k) > 1)
    if unknown:
        problems.add(1, _("Colonnes inconnues : %(cols)s.") % {"cols": ", ".join(_column(c) for c in unknown[:10])})
    if missing:
        problems.add(1, _("Colonnes manquantes : %(cols)s.") % {"cols": ", ".join(missing)})
    if doubled:
        problems.add(1, _("Colonnes en double : %(cols)s.") % {"cols": ", ".join(_column(c) for c in doubled[:10])})
    if problems.items:
        problems.add(1, _("Colonnes attendues : %(cols)s.") % {"cols": sep.join(history_header())})
    problems.refuse()
    header = keys
    index = {h: i for i, h in enumerate(header)}
    tables: dict[str, _Table] = {}
    group_name = ""
    previous = reader.line_num
    rows = 0
    while not problems.full:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as e:
            problems.add(reader.line_num, _("Ligne illisible : %(why)s.") % {"why": _why(e)})
            break
        line, previous = previous + 1, reader.line_num
        if not any(c.strip() for c in row):
            continue
        rows += 1
        if rows > MAX_ROWS:
            problems.add(line, _("Plus de %(n)s lignes : un fichier en contient %(n)s au plus.") % {"n": count_text(MAX_ROWS)})
            break
        if len(row) != len(header):
            problems.add(line, _("%(n)d cellules au lieu de %(m)d.") % {"n": len(row), "m": len(header)})
            continue

        def cell(name: str, row=row) -> str:
            return row[index[name]].strip() if name in index else ""

        if cell("table") not in tables and len(tables) >= MAX_TABLES:
            problems.add(line, _("Plus de %(n)s tables : un fichier en contient %(n)s au plus.") % {"n": count_text(MAX_TABLES)})
            break
        group_name = group_name or _unquote(cell("group"))
        _read_row(cell, line, tables, problems)
    if problems.full:
        problems.more = True
    problems.refuse()
    ready = []
    for order, table in enumerate(tables.values()):
        if problems.full:
            problems.more = True
            break
        checked = _check_table(table, order, problems)
        if checked is not None:
            ready.append(checked)
    if not tables:
        problems.add(None, _("Aucune table dans le fichier."))
    problems.refuse()
    return ParsedHistory(ready, group_name)


def count_text(n: int) -> str:
    """5 000 in French, 5,000 in English."""
    return number_format(n, force_grouping=True)


def _year_problem(name: str) -> str:
    return _("Colonne %(col)s : année entre %(lo)d et %(hi)d attendue.") % {"col": name, "lo": YEARS[0], "hi": YEARS[1]}


def _offset_problem(name: str, when: dt.datetime) -> str | None:
    offset = when.utcoffset()
    if offset is None or abs(offset) <= MAX_OFFSET:
        return None
    return _("Colonne %(col)s : décalage horaire entre -15:59 et +15:59 attendu (+01:00 à Paris en hiver).") % {"col": name}


def _read_row(cell, line: int, tables: dict[str, _Table], problems: _Problems) -> None:
    key = _unquote(cell("table"))
    if not key or len(key) > 64:
        problems.add(line, _("Colonne table : identifiant de table attendu."))
        return
    table = tables.get(key)
    game = _game(cell("game_code") or cell("game"))
    if table is None:
        if game is None:
            problems.add(line, _("Jeu inconnu ou sans feuille de marque : « %(game)s ».") % {"game": (cell("game_code") or cell("game"))[:40]})
            return
        table = tables[key] = _Table(key, line, game)
    elif game is None or game.slug != table.game.slug:
        problems.add(line, _("La table %(table)s change de jeu (%(game)s).") % {"table": key, "game": (cell("game_code") or cell("game"))[:40]})
        table.bad = True
        return
    seat = _int(cell("seat"), 1, MAX_SEATS)
    player = typed_name(_unquote(cell("player")))  # NFC: a decomposed "Zoé" joins the group's "Zoé"
    if seat is None:
        problems.add(line, _("Colonne seat : numéro de place attendu (1 à %(n)d).") % {"n": MAX_SEATS})
        table.bad = True
    if not player:
        problems.add(line, _("Colonne player : nom du joueur attendu."))
        table.bad = True
    elif (bad := name_problem_message(player, _("Colonne player"))) is not None:
        problems.add(line, bad)
        table.bad = True
        player = ""
    if seat is not None and player:
        known = table.seats.get(seat - 1)
        if known is None:
            table.seats[seat - 1] = (player, line)
        elif known[0] != player:
            problems.add(line, _("La place %(seat)d est à « %(a)s » ligne %(l)d, pas à « %(b)s ».") % {
                "seat": seat, "a": known[0], "l": known[1], "b": player})
            table.bad = True
    for name in ("options", "created", "date", "ended", "first_dealer", "title"):
        raw = cell(name)
        if not raw:
            continue
        if name == "first_dealer":
            if not (raw.isascii() and raw.isdigit() and len(raw) <= 2 and int(raw) >= 1):
                problems.add(line, _("Colonne first_dealer : une place (1, 2…) attendue."))
                table.bad = True
            elif table.first_dealer_line is None:
                table.first_dealer, table.first_dealer_line = int(raw) - 1, line
            continue
        if name == "title":
            table.title = table.title or raw
            continue
        if name == "options":
            try:
                value = json.loads(raw)
            except (ValueError, RecursionError):
                problems.add(line, _("Colonne options : JSON illisible."))
                table.bad = True
                continue
            if _surrogate_problem(value, "options", line, problems):
                table.bad = True
                continue
            if table.options_line is not None and value != table.options:
                problems.add(line, _("Options différentes de celles de la ligne %(l)d.") % {"l": table.options_line})
                table.bad = True
            elif table.options_line is None:
                table.options, table.options_line = value, line
        elif name == "created":
            try:
                when = dt.datetime.fromisoformat(raw)
            except ValueError:
                problems.add(line, _("Colonne created : date et heure ISO attendues (2025-03-01T20:30:00+01:00)."))
                continue
            if not YEARS[0] <= when.year <= YEARS[1]:
                problems.add(line, _year_problem(name))
                continue
            if (bad := _offset_problem(name, when)) is not None:
                problems.add(line, bad)
                continue
            if timezone.is_naive(when):
                when = timezone.make_aware(when)
            # In UTC: the instant the file gives, with an offset every database takes (PostgreSQL reads none with
            # a fraction of a second, which Python writes for an offset like +05:30:15.5).
            table.created = table.created or when.astimezone(dt.UTC)
        elif name == "date":
            try:
                when = dt.datetime.fromisoformat(raw) if len(raw) > 10 else None
                day = when.date() if when is not None else dt.date.fromisoformat(raw)
            except ValueError:
                problems.add(line, _("Colonne date : date attendue (AAAA-MM-JJ, ou AAAA-MM-JJ HH:MM)."))
                continue
            if when is not None and (bad := _offset_problem(name, when)) is not None:
                problems.add(line, bad)
                continue
            if not YEARS[0] <= day.year <= YEARS[1]:
                problems.add(line, _year_problem(name))
                continue
            table.date = table.date or day
        elif raw.lower() in ("1", "true", "oui", "yes"):
            table.ended = True
        elif raw.lower() not in ("0", "false", "non", "no"):
            problems.add(line, _("Colonne ended : 0 ou 1 attendu."))
    number_raw = cell("round")
    if not number_raw:
        if cell("entry"):
            problems.add(line, _("Une donne (entry) sans numéro de donne (round)."))
            table.bad = True
        return
    number = _int(number_raw, 1, 100_000)
    if number is None:
        problems.add(line, _("Colonne round : numéro de donne attendu."))
        table.bad = True
        return
    rnd = table.rounds.setdefault(number, _Round(number, line))
    score, total = cell("round_score"), cell("running_total")
    score_value = _number(score) if score else None
    total_value = _number(total) if total else None
    if (score and score_value is None) or (total and total_value is None):
        problems.add(line, _("Colonnes %(points)s et %(total)s : nombres attendus (40, -12 ou 40,5).") % {
            "points": _label("round_score"), "total": _label("running_total")})
        table.bad = True
    if seat is not None:
        if seat - 1 in rnd.seats:
            problems.add(line, _("La place %(seat)d apparaît deux fois dans la donne %(n)d.") % {"seat": seat, "n": number})
            table.bad = True
        rnd.seats[seat - 1] = (line, score_value, total_value)
    raw_entry = cell("entry")
    if raw_entry:
        try:
            entry = json.loads(raw_entry)
        except (ValueError, RecursionError):
            problems.add(line, _("Colonne entry : JSON illisible."))
            table.bad = True
            return
        if _surrogate_problem(entry, "entry", line, problems):
            table.bad = True
            return
        if rnd.entry_line is not None and entry != rnd.entry:
            problems.add(line, _("Deux saisies différentes pour la donne %(n)d (voir la ligne %(l)d).") % {
                "n": number, "l": rnd.entry_line})
            table.bad = True
        elif rnd.entry_line is None:
            rnd.entry, rnd.entry_line = entry, line


def _surrogate_problem(value, column: str, line: int, problems: _Problems) -> bool:
    """A ``\\ud800`` escape in a JSON cell decodes to a lone surrogate, which no database or page can hold."""
    where = surrogate_path(value)
    if where is None:
        return False
    problems.add(line, _("Colonne %(col)s : caractère invalide (moitié de caractère UTF-16 isolée) dans %(where)s.") % {"col": column, "where": where or column})
    return True


def _check_table(table: _Table, order: int, problems: _Problems) -> ReadyTable | None:
    if table.bad:
        return None
    lang = http.lang()
    game = table.game
    n = len(table.seats)
    if sorted(table.seats) != list(range(n)):
        problems.add(table.line, _("Table %(table)s : les places doivent aller de 1 à %(n)d sans trou.") % {"table": table.key, "n": n})
        return None
    names = [table.seats[s][0] for s in range(n)]
    found = game.check_players(names)
    try:
        options = game.clean_options(table.options, n, stored=True)  # a table the group had: restored as it was
    except InvalidOptions as e:
        found += e.problems
        options = {}
    for p in found:
        problems.add(table.options_line if p.field.startswith("options") else table.line,
                     _("Table %(table)s : %(message)s") % {"table": table.key, "message": p.message.get(lang)})
    if found:
        return None
    numbers = sorted(table.rounds)
    if numbers != list(range(1, len(numbers) + 1)):
        missing = next(i for i in range(1, len(numbers) + 2) if i not in table.rounds)
        problems.add(table.line, _("Table %(table)s : la donne %(n)d manque.") % {"table": table.key, "n": missing})
        return None
    if table.first_dealer >= n:
        problems.add(table.first_dealer_line or table.line, _("Table %(table)s : pas de place %(seat)d pour le premier donneur.") % {
            "table": table.key, "seat": table.first_dealer + 1})
        return None
    title, title_problem = ledger.clean_title(game, table.title)
    if title_problem is not None:
        problems.add(table.line, _("Table %(table)s : %(message)s") % {"table": table.key, "message": title_problem.message.get(lang)})
        return None
    sheet = game.new_sheet(n, options, names, first_dealer=table.first_dealer, stored=True)
    entries: list[dict] = []
    for number in numbers:
        rnd = table.rounds[number]
        absent = [s + 1 for s in range(n) if s not in rnd.seats]
        if absent:
            problems.add(rnd.line, _("Table %(table)s, donne %(n)d : pas de ligne pour la place %(seats)s.") % {
                "table": table.key, "n": number, "seats": ", ".join(map(str, absent))})
            return None
        if rnd.entry_line is None:
            problems.add(rnd.line, _("Table %(table)s, donne %(n)d : la colonne entry (la saisie de la donne) est vide.") % {
                "table": table.key, "n": number})
            return None
        try:
            found = sheet.check(rnd.entry)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            found = None  # a game that chokes on junk: refuse the entry rather than fail
        if found is None or found:
            for p in found or []:
                where = p.field + (f" ({names[p.seat]})" if p.seat is not None and 0 <= p.seat < n else "")
                problems.add(rnd.entry_line, _("Table %(table)s, donne %(n)d : %(where)s%(message)s") % {
                    "table": table.key, "n": number, "where": f"{where} : " if where else "", "message": p.message.get(lang)})
            if found is None:
                problems.add(rnd.entry_line, _("Table %(table)s, donne %(n)d : saisie illisible.") % {"table": table.key, "n": number})
            return None
        result = sheet.apply(rnd.entry)
        entries.append(result.entry)
        for seat, (line, score, total) in sorted(rnd.seats.items()):
            if score is not None and score != result.scores[seat]:
                problems.add(line, _("Table %(table)s, donne %(n)d, %(player)s : %(file)s points dans le fichier, les règles en donnent %(rules)s.") % {
                    "table": table.key, "n": number, "player": names[seat], "file": score, "rules": result.scores[seat]})
            if total is not None and total != sheet.totals[seat]:
                problems.add(line, _("Table %(table)s, donne %(n)d, %(player)s : total %(file)s dans le fichier, les règles donnent %(rules)s.") % {
                    "table": table.key, "n": number, "player": names[seat], "file": total, "rules": sheet.totals[seat]})
    # Kept even when the rounds end the game by themselves: a game ended by hand can reach its natural end
    # afterwards (a correction), and its export says "ended" — the copy must say so too.
    # An ended game without a round is one ended by hand before its first deal (a table nobody played): kept so.
    ended = table.ended
    if table.created is not None:
        created = table.created
    elif table.date is not None:
        # Only a date: noon that day, a second apart in the file's order so that the order stays.
        created = dt.datetime.combine(table.date, dt.time(12), tzinfo=timezone.get_current_timezone()) + dt.timedelta(seconds=order)
    else:
        created = timezone.now() + dt.timedelta(microseconds=order)
    return ReadyTable(table.key, game.slug, names, options, created, entries, ended, table.first_dealer, title)


@dataclass
class Stored:
    group: Group
    added: int  # tables written
    skipped: int  # tables of the file the group already had (same table id)


def _free_id(key: str, taken: set[str]) -> bool:
    """Whether a table may keep the id the file gives it: an id as Atout's links take (leading letter or digit,
    see :func:`new_table_id`), no word of the routes (``new``: /tables/new/… would shadow it), and not taken
    as far as is known. The database has the last word (:func:`_insert_tables`)."""
    return bool(TABLE_ID.fullmatch(key)) and key[0].isalnum() and key not in ROUTE_WORDS and key not in taken


def _new_id(table: Table, key: str, group: Group) -> None:
    table.id = new_table_id()
    table.imported_from = key[:64]
    table.edit_token_hash = hash_token(table_edit_token(group.id, table.id))


ID_ATTEMPTS = 5


def _insert_tables(tables: list[Table], keys: list[str], group: Group) -> None:
    """Insert the tables, the primary key deciding which of the file's ids are free: another import may be
    taking the same ids at this very moment (the same file into two new groups), unseen by the check before.
    A batch refused on a taken id is taken back (a savepoint) and tried again with a new id, and ``imported_from``
    set, for each table whose id turned out to be taken. On PostgreSQL the refused insert waits for the other
    transaction, so that the ids it took are visible afterwards; on SQLite writers take turns anyway."""
    for attempt in range(ID_ATTEMPTS):
        try:
            with transaction.atomic():
                Table.objects.bulk_create(tables, batch_size=500)
            return
        except IntegrityError:
            taken = set(Table.objects.filter(pk__in=[t.id for t in tables]).values_list("id", flat=True))
            if not taken or attempt == ID_ATTEMPTS - 1:
                raise
            for table, key in zip(tables, keys, strict=True):
                if table.id in taken:
                    _new_id(table, key, group)


def store(parsed: ParsedHistory, name: str = "", into: Group | None = None) -> Stored:
    """Write a parsed history, all of it or nothing: as a new group, or ``into`` an existing one.

    A table keeps the id it has in the file when that id is free, so that a file imported twice into the same
    group — or a group's export imported back into it — adds only the tables the group does not have yet: a
    table of the file is skipped when the group holds a table with that id, or one imported under that id."""
    if into is None:
        group_name, problems = clean_group_name(name or parsed.group_name or _("Cercle importé"))
        if problems:
            raise ImportRefused([LineProblem(None, m) for _f, m in problems])
    with transaction.atomic():
        if into is None:
            group = Group.objects.create(name=group_name)
            have: set[str] = set()
        else:
            group = Group.objects.select_for_update().get(pk=into.pk)
            have = {k for row in Table.objects.filter(group=group).values_list("id", "imported_from") for k in row if k}
        fresh = [t for t in parsed.tables if t.key not in have]
        known = set(GroupPlayer.objects.filter(group=group).values_list("key", flat=True))
        players: dict[str, str] = {}
        for t in fresh:
            for p in t.players:
                if name_key(p) not in known:
                    players.setdefault(name_key(p), p)
        # A name added by hand at this moment (add_player does not wait for the group's lock) is already there.
        GroupPlayer.objects.bulk_create([GroupPlayer(group=group, name=p, key=k) for k, p in players.items()],
                                        ignore_conflicts=True)
        keys = [t.key for t in fresh]
        taken = set(Table.objects.filter(pk__in=keys).values_list("id", flat=True))
        tables, kinds = [], []
        for t in fresh:
            kinds.append([(Event.ROUND, e) for e in t.entries] + ([(Event.FINISH, None)] if t.ended else []))
            table = Table(id=t.key, game=t.game, players=t.players, options=t.options, group=group,
                          first_dealer=t.first_dealer, title=t.title, edit_token_hash=hash_token(table_edit_token(group.id, t.key)), version=len(kinds[-1]))
            if not _free_id(t.key, taken):
                _new_id(table, t.key, group)
            taken.add(table.id)
            tables.append(table)
        _insert_tables(tables, keys, group)
        # created_at is set on insert (auto_now_add); the history's own dates go in afterwards.
        for table, t in zip(tables, fresh, strict=True):
            table.created_at = t.created
        Table.objects.bulk_update(tables, ["created_at"], batch_size=500)
        Event.objects.bulk_create([Event(table_id=table.id, seq=i + 1, kind=kind, data=data)
                                   for table, table_kinds in zip(tables, kinds, strict=True)
                                   for i, (kind, data) in enumerate(table_kinds)], batch_size=1000)
    return Stored(group, len(fresh), len(parsed.tables) - len(fresh))
