"""From stored events to the sheet, and the only code that writes events.

Reading: :func:`load` replays a table's events through its game's rules model and returns a :class:`TableState`
(rounds, scores, totals, winners, what comes next). Writing: :func:`add_round`, :func:`correct_round`,
:func:`delete_round` and :func:`finish` lock the table row, check the change against the record, and append one
event. A refused change stores nothing.

What a replay derives is kept per process by table and version (:class:`StateCache`): every event bumps
``Table.version``, so a (table, version) pair names one record for good, and a reader at that version reuses the
sheet instead of replaying. A miss simply replays. A new round is applied to the current sheet (a copy of it)
instead of replaying the record; corrections and deletions replay, as the check they need is a replay anyway.
Replaying from the events stays the reference: ``tests/perf`` compares both after random histories.

A table's record holds at most :data:`MAX_EVENTS` events: Rami has no natural end, and every derived answer grows
with the record.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import hmac
import json
import os
from collections.abc import Callable
from dataclasses import dataclass

from django.db import IntegrityError, transaction

from companion.games import registry
from companion.kernel import GameOver, InvalidEntry, Problem, T, Text
from companion.kernel.game import NAME_PROBLEMS, Game, NextRound, RoundResult, Sheet
from companion.kernel.names import clean_name, name_problem

from .lru import VersionedLRU
from .models import Event, Table, hash_token, new_edit_token


@dataclass
class SheetRound:
    seq: int  # the seq of the round's first event: a stable id for links and corrections
    result: RoundResult
    corrected: bool = False

    @property
    def number(self) -> int:
        return self.result.number


class TableState:
    """A table with its sheet as of ``table.version``. ``events`` (the record up to that version) is read from
    the database only when asked for: most readers need the sheet alone, which may come from the cache.

    The sheet and rounds may be shared with other requests (:class:`StateCache`): read them, never change them.
    """

    def __init__(self, table: Table, game: Game, sheet: Sheet, rounds: list[SheetRound] | None = None,
                 events: list[Event] | None = None):
        self.table = table
        self.game = game
        self.sheet = sheet
        self.rounds = rounds if rounds is not None else []
        self._events = events

    @property
    def events(self) -> list[Event]:
        if self._events is None:
            self._events = _record(self.table)
        return self._events

    @property
    def players(self) -> list[str]:
        return self.table.players

    @property
    def finished(self) -> bool:
        return self.sheet.finished

    @property
    def next_round(self) -> NextRound | None:
        """What the coming round is (number, dealer, contract, the game's extras), or None once the table has
        ended: an ended table has no coming round, and its pages never ask its sheet for one (a finished sheet
        may have nothing left to look up: La petite école past its tenth échelon)."""
        return None if self.finished else self.sheet.next_round()

    def winner_names(self) -> list[str]:
        return [self.players[s] for s in self.sheet.winners]

    def round_by_seq(self, seq: int) -> SheetRound | None:
        return next((r for r in self.rounds if r.seq == seq), None)


# The most events a table's record holds; beyond, a change is refused with a clear 400 ("record_full"). A long
# evening of Rami is 30 to 60 deals; 2,000 events is years of a weekly table, and keeps every replay bounded.
MAX_EVENTS = 2000


class StateCache(VersionedLRU[tuple[tuple, Sheet, list[SheetRound]]]):
    """What replays derived, per process: for each table, its latest known version's ``(sheet, rounds)``.

    A reader whose row is at that version takes it as it is; a reader whose row is ahead reads only the events
    after it and, when they are new rounds (or the end), applies them to a copy (:func:`load`). Entries are
    never changed in place, and a version is stored once the transaction that made it has committed. Tables
    least recently used go beyond ``size``; an older version never replaces a newer one (:class:`VersionedLRU`).
    """

    def __init__(self, size: int = 256):
        super().__init__(size)
        self.advances = 0

    @staticmethod
    def key(table: Table) -> tuple:
        # (id, version, what the sheet is built from): the version names the record; the rest guards against a
        # table changed without an event (it never is).
        return (table.pk, table.version, (table.game, len(table.players), json.dumps(table.options, sort_keys=True)))

    def get(self, key: tuple) -> tuple[Sheet, list[SheetRound]] | None:
        """The entry at exactly that version."""
        pk, version, shape = key
        item = self.at(pk, version)
        if item is None or item[0] != shape:
            return None
        return item[1], item[2]

    def before(self, key: tuple) -> tuple[int, Sheet, list[SheetRound]] | None:
        """The latest entry older than that version, to bring forward."""
        pk, version, shape = key
        item = self.latest(pk)
        if item is None or item[0] >= version or item[1][0] != shape:
            return None
        return item[0], item[1][1], item[1][2]

    def put(self, key: tuple, sheet: Sheet, rounds: list[SheetRound]) -> None:
        pk, version, shape = key
        self.keep(pk, version, (shape, sheet, rounds))

    def clear(self) -> None:
        super().clear()
        self.advances = 0


# Tables whose state one app process keeps (a few hundred kB each for a long game).
cache = StateCache(int(os.environ.get("ATOUT_STATE_CACHE_TABLES", "256")))


def _record(table: Table) -> list[Event]:
    """The table's events up to its version (each event bumps the version: the record as of this row)."""
    return list(table.events.filter(seq__lte=table.version))


def _clone(sheet: Sheet) -> Sheet:
    """A sheet that can take a new round without changing ``sheet`` (which other requests may be reading).

    Everything is copied but the rounds' results, which no later round changes, and the game itself."""
    memo = {id(sheet.game): sheet.game}
    memo.update((id(r), r) for r in sheet.rounds)
    return copy.deepcopy(sheet, memo)


def current_rounds(events: list[Event]) -> tuple[list[tuple[int, dict, bool]], bool]:
    """The rounds the record holds now, as ``(seq, entry, corrected)``, and whether the game was ended."""
    rounds: dict[int, tuple[dict, bool]] = {}
    gone: dict[int, tuple[dict, bool]] = {}  # deleted rounds, as they were: a restore brings one back
    closed = False
    for e in events:
        if e.kind == Event.ROUND:
            rounds[e.seq] = (e.data, False)
        elif e.kind == Event.CORRECTION and e.target in rounds:
            rounds[e.target] = (e.data, True)
        elif e.kind == Event.DELETION:
            if e.target in rounds:
                gone[e.target] = rounds.pop(e.target)
        elif e.kind == Event.RESTORE and e.target in gone:
            rounds[e.target] = gone.pop(e.target)  # last again, where it was: only the last round is restored
        elif e.kind == Event.FINISH:
            closed = True
        elif e.kind == Event.REOPEN:
            closed = False
    return [(seq, data, corrected) for seq, (data, corrected) in rounds.items()], closed


def blank_sheet(table: Table, game: Game | None = None) -> Sheet:
    """The table's sheet before any round: its game, players (named in problems), options and first dealer."""
    game = game or registry.get(table.game)
    return game.new_sheet(len(table.players), table.options, table.players, first_dealer=table.first_dealer, stored=True)


def sheet_after(table: Table, entries: list, game: Game | None = None) -> Sheet:
    """The table's sheet with ``entries`` applied in order (raises InvalidEntry on the first bad one)."""
    sheet = blank_sheet(table, game)
    for entry in entries:
        sheet.apply(entry)
    return sheet


def replay(table: Table, events: list[Event]) -> TableState:
    """The table's state worked out from its events alone, through a fresh sheet: the reference."""
    game = registry.get(table.game)
    rounds, closed = current_rounds(events)
    sheet = blank_sheet(table, game)
    out: list[SheetRound] = []
    for seq, data, corrected in rounds:
        out.append(SheetRound(seq, sheet.apply(data), corrected))
    if closed:
        sheet.close()
    return TableState(table, game, sheet, out, events)


def load(table: Table, events: list[Event] | None = None) -> TableState:
    """The table's state at ``table.version``: from the cache when this process has that version; brought
    forward from an older cached version when only rounds (or the end) came since, reading those events alone;
    else by replaying ``events`` (read from the database when not given)."""
    game = registry.get(table.game)
    key = cache.key(table)
    hit = cache.get(key)
    if hit is not None:
        cache.hits += 1
        sheet, rounds = hit
        return TableState(table, game, sheet, list(rounds), events)
    if events is None:
        base = cache.before(key)
        if base is not None:
            state = _advance(table, game, *base)
            if state is not None:
                cache.advances += 1
                _keep(state, cache.key(table))
                return state
        events = list(table.events.all())
        # A row read before the latest event (a caller holding an old instance) is brought up to its record, so
        # that the version and the state always go together.
        table.version = max(table.version, events[-1].seq if events else 0)
    cache.misses += 1
    state = replay(table, events)
    if not events or events[-1].seq == table.version:
        _keep(state, cache.key(table))
    return state


def _advance(table: Table, game: Game, version: int, sheet: Sheet, rounds: list[SheetRound]) -> TableState | None:
    """The state at ``table.version`` from the one at ``version``, when the events between are rounds, the end or
    the rematch (which changes no sheet); None when one is a correction or a deletion (the caller replays)."""
    newer = list(table.events.filter(seq__gt=version))
    if not newer or any(e.kind not in (Event.ROUND, Event.FINISH, Event.REMATCH) for e in newer):
        return None
    sheet = _clone(sheet)
    rounds = list(rounds)
    try:
        for e in newer:
            if e.kind == Event.ROUND:
                rounds.append(SheetRound(e.seq, sheet.apply(e.data)))
            elif e.kind == Event.FINISH:
                sheet.close()
    except (InvalidEntry, GameOver):
        return None  # the replay will say what is wrong
    table.version = max(table.version, newer[-1].seq)
    return TableState(table, game, sheet, rounds)


def _keep(state: TableState, key: tuple) -> None:
    """Cache ``state`` under ``key`` once what it shows is committed (a rolled-back write must leave nothing)."""
    sheet, rounds = state.sheet, list(state.rounds)
    transaction.on_commit(lambda: cache.put(key, sheet, rounds))


def round_payload(state: TableState, result: RoundResult) -> dict:
    return {
        "number": result.number,
        "scores": result.scores,
        "totals": state.sheet.totals,
        "finished": state.finished,
        "winners": state.winner_names(),
    }


def record_full() -> InvalidEntry:
    return InvalidEntry([Problem("", "record_full", T(
        "Cette table a atteint la limite de {n} entrées (donnes, corrections, suppressions) : rien n'a été "
        "enregistré. Terminez la partie et ouvrez une nouvelle table.",
        "This table has reached its limit of {n_en} entries (rounds, corrections, deletions): nothing was stored. "
        "End the game and open a new table.").format(
        n=f"{MAX_EVENTS:,}".replace(",", "\u202f"), n_en=f"{MAX_EVENTS:,}"))])


def _check_room(table: Table) -> None:
    if table.version >= MAX_EVENTS:
        raise record_full()


def _append(table: Table, kind: str, *, data=None, target=None, idempotency_key=None, response=None) -> Event:
    last = table.events.order_by("-seq").values_list("seq", flat=True).first() or 0
    event = Event.objects.create(table=table, seq=last + 1, kind=kind, data=data, target=target,
                                 idempotency_key=idempotency_key, response=response)
    Table.objects.filter(pk=table.pk).update(version=table.version + 1)
    table.version += 1
    return event


def locked(table_id: str) -> Table:
    """The table's row, locked for the rest of the transaction: every write of a table (a round, a card played)
    takes it first, so that two phones writing to one table are taken one after the other."""
    return Table.objects.select_for_update().get(pk=table_id)


class Replayed(Exception):
    """The stored answer to a request already made with the same Idempotency-Key."""

    def __init__(self, response: dict):
        self.response = response


class RoundTaken(Exception):
    """The phone entered round ``number`` but the table is at round ``expected``: someone else was first.

    ``stored`` is the round the table holds under that number (None when the phone is ahead of the table).
    """

    def __init__(self, state: TableState, number: int):
        self.state = state
        self.number = number
        self.expected = state.sheet.number
        self.stored = state.rounds[number - 1] if 1 <= number <= len(state.rounds) else None


class StaleVersion(Exception):
    """A correction or deletion made against ``version`` of the table, while that round changed since.

    ``current`` is the round as it stands now (None when it was deleted meanwhile).
    """

    def __init__(self, state: TableState, seq: int, version: int):
        self.state = state
        self.seq = seq
        self.version = version
        self.current = state.round_by_seq(seq)


def seq_at(events: list[Event], number: int, version: int) -> int | None:
    """The seq of the round that had this number when the table was at ``version`` (its events up to it)."""
    rounds, _ = current_rounds([e for e in events if e.seq <= version])
    return rounds[number - 1][0] if 1 <= number <= len(rounds) else None


def check_version(state: TableState, seq: int, version: int | None) -> None:
    """Refuse a change made against an old version when that round was corrected or deleted since.

    Rounds added or changed elsewhere on the sheet do not make it stale: only this round's own history does.
    """
    if version is None:
        return
    if version > state.table.version:
        raise InvalidEntry([Problem("version", "bad_version", T(
            "Version de la table inconnue : {v}.", "Unknown table version: {v}.").format(v=version))])
    for e in state.events:
        if e.seq > version and e.kind in (Event.CORRECTION, Event.DELETION) and e.target == seq:
            raise StaleVersion(state, seq, version)


def add_round(table_id: str, entry, idempotency_key: str | None = None,
              round_number: int | None = None) -> tuple[TableState, SheetRound]:
    """Record one round. Raises InvalidEntry (nothing stored), GameOver, or Replayed for a repeated key.

    ``round_number`` is the round the phone entered; when given and the table is elsewhere (another phone
    stored that round first), :class:`RoundTaken` is raised and nothing is stored. The table row is locked, so
    of two phones sending the same round at once exactly one is stored.
    """
    try:
        with transaction.atomic():
            table = locked(table_id)
            if idempotency_key:
                previous = table.events.filter(idempotency_key=idempotency_key).first()
                if previous is not None:
                    raise Replayed(previous.response)
            state = load(table)
            if round_number is not None and round_number != state.sheet.number:
                raise RoundTaken(state, round_number)
            if state.finished:
                raise GameOver("finished")
            _check_room(table)
            # The new round applied to (a copy of) the current sheet: no replay of the record.
            sheet = _clone(state.sheet)
            sheet.names = list(table.players)  # a circle renames players without an event: name them as now
            result = sheet.apply(entry)
            # Its event number is known once it is stored; the answer a retry with the same key replays, stored
            # with the event, reads none.
            state = TableState(table, state.game, sheet, [*state.rounds, SheetRound(0, result)])
            event = _append(table, Event.ROUND, data=result.entry, idempotency_key=idempotency_key,
                            response=round_payload(state, result))
            state.rounds[-1] = sheet_round = SheetRound(event.seq, result)  # not shared yet: _keep comes next
            _keep(state, cache.key(table))
            return state, sheet_round
    except IntegrityError:
        # Two requests with the same key raced; the first one's answer stands.
        previous = Event.objects.filter(table_id=table_id, idempotency_key=idempotency_key).first()
        if idempotency_key and previous is not None:
            raise Replayed(previous.response) from None
        raise


def _check_replay(state: TableState, entries: list[dict], changed_index: int | None,
                  removed_index: int | None = None) -> None:
    """Replay ``entries``; report problems of the changed round as they are, later breakage as one problem.

    The game says in words why a later round breaks (:meth:`Sheet.later_round_broken`: its contract would change…);
    a deletion offers to correct the round instead."""
    sheet = blank_sheet(state.table, state.game)
    for i, entry in enumerate(entries):
        problems = sheet.check(entry)
        if problems:
            if changed_index is not None and i == changed_index:
                raise InvalidEntry(problems)
            original = i + 1 if removed_index is not None and i >= removed_index else i
            played_as = state.rounds[original].result.contract if original < len(state.rounds) else None
            why = sheet.later_round_broken(i + 1, original + 1, played_as, problems)
            if removed_index is not None:
                message = T("Impossible de supprimer la donne n° {d} : {why}. Corrigez-la plutôt.",
                            "This round cannot be deleted (round {d}): {why_en}. Correct it instead.")
            else:
                message = T("Impossible : {why}.", "Not possible: {why_en}.")
            d = removed_index + 1 if removed_index is not None else None
            raise InvalidEntry([Problem("", "breaks_later_round", message.format(d=d, why=why.fr, why_en=why.en))])
        sheet.apply(entry)


def correct_round(table_id: str, seq: int, entry, version: int | None = None) -> TableState:
    """Correct the round ``seq``. With ``version`` (the table version the phone saw), raises
    :class:`StaleVersion` when that round was corrected or deleted since; nothing is stored then."""
    with transaction.atomic():
        table = locked(table_id)
        state = load(table)
        check_version(state, seq, version)
        index = next((i for i, r in enumerate(state.rounds) if r.seq == seq), None)
        if index is None:
            raise LookupError(seq)
        _check_room(table)
        entries = [r.result.entry for r in state.rounds]
        entries[index] = entry
        _check_replay(state, entries, index)
        # Store the entry as the game normalises it at that point of the game.
        sheet = sheet_after(table, entries[:index], state.game)
        clean = sheet.apply(entry).entry
        _append(table, Event.CORRECTION, data=clean, target=seq)
        return load(table)


def delete_round(table_id: str, seq: int, version: int | None = None) -> TableState:
    with transaction.atomic():
        table = locked(table_id)
        state = load(table)
        check_version(state, seq, version)
        index = next((i for i, r in enumerate(state.rounds) if r.seq == seq), None)
        if index is None:
            raise LookupError(seq)
        _check_room(table)
        entries = [r.result.entry for i, r in enumerate(state.rounds) if i != index]
        if state.sheet.closed and not entries:
            # Deleting the last round of an ended game would end it without a round by a deletion: reopen first
            # (ending a game that has no round is "Terminer la partie", said so).
            raise InvalidEntry([Problem("", "ended_last_round", T(
                "La partie a été terminée : sa dernière donne ne peut pas être supprimée. Rouvrez d'abord la partie.",
                "The game was ended: its last round cannot be deleted. Reopen the game first."))])
        _check_replay(state, entries, None, removed_index=index)
        _append(table, Event.DELETION, target=seq)
        return load(table)


def restorable(state: TableState) -> tuple[int, int] | None:
    """``(number, seq)`` of the round the table's last event deleted, when it can be put back as it was: that
    deletion is the last thing that happened (nothing entered, corrected or ended since) and took the last round.
    Once restored, or once anything else happens, it stays deleted (the history keeps it). One indexed read."""
    last = state.table.events.order_by("-seq").only("kind", "target").first()
    if last is None or last.kind != Event.DELETION or state.finished:
        return None
    if any(r.seq > last.target for r in state.rounds):
        return None  # a round in the middle was deleted: putting it back at the end would change the deals
    return len(state.rounds) + 1, last.target


def restore_round(table_id: str) -> TableState:
    """Put back the round the table's last event deleted (:func:`restorable`); raises :class:`LookupError` when
    there is nothing to restore (anything that happened since the deletion, another phone included, ends the
    offer). Stores one ``restore`` event; the round is checked again against the rules first."""
    with transaction.atomic():
        table = locked(table_id)
        state = load(table)
        found = restorable(state)
        if found is None:
            raise LookupError("nothing to restore")
        _check_room(table)
        entry = next((e.data for e in table.events.filter(seq__gte=found[1], kind__in=(Event.ROUND, Event.CORRECTION))
                      .order_by("-seq") if e.seq == found[1] or e.target == found[1]), None)
        _clone(state.sheet).apply(entry)  # valid when deleted, with nothing since: a changed rule may disagree
        _append(table, Event.RESTORE, target=found[1])
        return load(table)


def finish(table_id: str) -> TableState:
    """End the game now (one ``finish`` event). A game without any round may be ended too (a digital table nobody
    played, a table opened by mistake): it ends without a winner. Raises GameOver when it is over already."""
    with transaction.atomic():
        table = locked(table_id)
        state = load(table)
        if state.finished:
            raise GameOver("finished")
        _append(table, Event.FINISH)
        return load(table)


def create_table(game_slug, players, options, title: str = "") -> tuple[Table, str]:
    """Create a table; returns it with its edit token (shown once, stored hashed). ``title``: the table's own name
    for the game, where the game takes one (:attr:`GameInfo.titled`, the free sheet).

    Raises InvalidEntry listing every problem with the game, the players, the options and the title.
    """
    from companion.kernel import InvalidOptions, UnknownGame

    problems: list[Problem] = []
    try:
        game = registry.get(game_slug)
    except UnknownGame:
        raise InvalidEntry([Problem("game", "unknown_game", T("Jeu inconnu : {g}.", "Unknown game: {g}.").format(
            g=str(game_slug)[:40]))]) from None
    problems += game.check_players(players)
    title, title_problem = clean_title(game, title)
    if title_problem is not None:
        problems.append(title_problem)
    clean_options = {}
    try:
        clean_options = game.clean_options(options, len(players) if isinstance(players, list) else None)
    except InvalidOptions as e:
        problems += e.problems
    if problems:
        raise InvalidEntry(problems)
    token = new_edit_token()
    table = Table.objects.create(game=game.slug, players=[clean_name(p) for p in players], options=clean_options,
                                 edit_token_hash=hash_token(token), title=title)
    return table, token


MAX_TITLE = 60


def clean_title(game: Game, title) -> tuple[str, Problem | None]:
    """The table's name for its game as stored (spaces tidied, NFC), or a problem naming the ``title`` field: not
    text, too long, a character no name may hold, or given for a game that takes none."""
    if title is None or title == "":
        return "", None
    if not isinstance(title, str):
        return "", Problem("title", "not_text", T("Nom du jeu : du texte attendu.", "Game name: expected text."))
    if not game.info.titled:
        return "", Problem("title", "no_title", T("Nom du jeu : {g} n'en prend pas.", "Game name: {g_en} takes none.").format(
            g=game.info.names.fr, g_en=game.info.names.en))
    clean = " ".join(clean_name(title).split())
    bad = name_problem(clean)
    if bad is not None:
        why = NAME_PROBLEMS[bad]
        return "", Problem("title", bad, T(f"Nom du jeu : {why.fr}", f"Game name: {why.en}"))
    if len(clean) > MAX_TITLE:
        return "", Problem("title", "long_title", T("Nom du jeu : {n} caractères au plus.", "Game name: {n} characters at most.").format(
            n=MAX_TITLE))
    return clean, None


def history(state: TableState) -> list[tuple[Event, int | None, list, Text | None]]:
    """Every event with the round number it concerned at that moment, the notes explaining that entry and its
    one-line summary (:meth:`Sheet.summarise`), worked out by replaying the record as it stood then (a deleted or
    corrected entry keeps its own words).

    One forward replay: a new round is applied to the running sheet, so a record of rounds costs one replay in
    all. A correction or a deletion needs the sheet as it stood before that round, replayed from the start (and
    the running sheet is replayed again before the next round); both are rare, and the record is capped."""
    order: list[int] = []
    data: dict[int, dict] = {}
    out: list[tuple[Event, int | None, list, Text | None]] = []
    running: Sheet | None = None  # the sheet after every round of ``order``; None once an edit made it stale
    broken = False  # the record no longer replays under today's rules: no notes from there on

    def fresh() -> Sheet:
        return blank_sheet(state.table, state.game)

    def result_at(index: int) -> tuple[list, Text | None]:
        sheet = fresh()
        try:
            for seq in order[:index]:
                sheet.apply(data[seq])
            result = sheet.apply(data[order[index]])
            return result.notes, result.summary
        except (InvalidEntry, GameOver):  # the record was valid when written; a changed rule may disagree now
            return [], None

    for e in state.events:
        if e.kind == Event.ROUND:
            notes: list = []
            summary: Text | None = None
            try:
                if running is None and not broken:
                    running = fresh()
                    for seq in order:
                        running.apply(data[seq])
                if not broken:
                    result = running.apply(e.data)
                    notes, summary = result.notes, result.summary
            except (InvalidEntry, GameOver):
                broken = True
            order.append(e.seq)
            data[e.seq] = e.data
            out.append((e, len(order), notes, summary))
        elif e.kind == Event.CORRECTION and e.target in data:
            data[e.target] = e.data
            index = order.index(e.target)
            out.append((e, index + 1, *result_at(index)))
            running, broken = None, False
        elif e.kind == Event.DELETION and e.target in order:
            index = order.index(e.target)
            out.append((e, index + 1, *result_at(index)))
            order.remove(e.target)
            running, broken = None, False
        elif e.kind == Event.RESTORE and e.target in data and e.target not in order:
            order.append(e.target)
            out.append((e, len(order), *result_at(len(order) - 1)))
            running, broken = None, False
        else:
            out.append((e, None, [], None))
    return out


# -- added for "nothing irreversible by one tap": reopen, rematch --------------------------------------------------
class NotEndedByHand(Exception):
    """Reopen asked for a table that was not ended by hand (still going, or ended by its own rules)."""

    def __init__(self, state: TableState):
        self.state = state


def ended_by_hand(state: TableState) -> bool:
    """The game was ended with "Terminer la partie maintenant" and its rules alone would let it go on.

    Read from the sheet (closed by the record's last finish not followed by a reopening, in a replay as in the
    kept state), not from the record: every page shows it, and reading 500 events for it made pages grow."""
    return state.sheet.closed and not state.sheet.natural_end()


def reopen(table_id: str) -> TableState:
    """Play on a game ended by hand (one ``reopen`` event, kept in the history). A game ended by its rules is
    taken back by deleting its last round instead: raises :class:`NotEndedByHand` then, storing nothing."""
    with transaction.atomic():
        table = locked(table_id)
        state = load(table)
        if not ended_by_hand(state):
            raise NotEndedByHand(state)
        _check_room(table)  # else "end, reopen, end…" would grow a full record without bound
        _append(table, Event.REOPEN)
        return load(table)


def rematch_first_dealer(state: TableState) -> int:
    """Who deals first in the rematch: the seat after the one that dealt first here (:meth:`Sheet.next_seat`),
    every player kept in their seat; the same seat where a draw picks every dealer (L'Empereur)."""
    sheet = state.sheet
    dealer = sheet.dealer_for(1)
    return state.table.first_dealer if dealer is None else sheet.next_seat(dealer)


class KeyReused(Exception):
    """A rematch asked with the Idempotency-Key of another request on that table (a round): nothing is made."""


@dataclass
class Rematch:
    """What a rematch request gets: the new table, its edit token for whoever holds the old table's edit link
    (None when it cannot be worked out again: the group it was made in is gone), whether this request made it
    (``created``), and whether it repeats the request that made it with the same Idempotency-Key (``replayed``)."""

    table: Table
    token: str | None
    created: bool
    replayed: bool = False


@dataclass(frozen=True)
class GroupTables:
    """How a table inside a group is made and what its edit token is, for the rematch of a group's table.

    Groups build on tables, never the reverse: :mod:`companion.groups` hands these in at start-up
    (:func:`register_group_tables`, from its app's ``ready``), and this module never imports it."""

    # (group id, table id) → the table's edit token
    edit_token: Callable[[str, str], str]
    # (group, game slug, players, options) → (the new table inside the group, its edit token); raises InvalidEntry
    create: Callable[..., tuple[Table, str]]


_group_tables: GroupTables | None = None


def register_group_tables(group_tables: GroupTables) -> None:
    """Say how a group's tables are made (called once by :mod:`companion.groups` at start-up)."""
    global _group_tables
    _group_tables = group_tables


def group_tables() -> GroupTables:
    if _group_tables is None:
        raise RuntimeError("A table inside a group needs companion.groups installed (it registers how).")
    return _group_tables


def rematch_token(old: Table, old_token: str, new_id: str) -> str:
    """The edit token of ``old``'s rematch, for whoever holds ``old``'s edit token.

    A group's table has the group's token (:attr:`GroupTables.edit_token`), as any of its tables. A lone
    table's rematch gets an HMAC of the new id keyed by the old table's edit token: the tokens stay stored hashed,
    and every holder of the old edit link (the phone that tapped "Revanche" twice, the twenty that tapped it at
    once) is given the same new edit link, while nobody without it can work it out."""
    if old.group_id is not None:
        return group_tables().edit_token(old.group_id, new_id)
    digest = hmac.new(old_token.encode(), f"rematch:{new_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()  # 24 characters, like new_edit_token()


def rematch_of(table: Table) -> str | None:
    """The id of the table's rematch, None while there is none (one indexed read of the record)."""
    data = table.events.filter(kind=Event.REMATCH).values_list("data", flat=True).first()
    return data["table"] if data else None


def rematch(table_id: str, token: str, idempotency_key: str | None = None) -> Rematch:
    """The rematch of an ended table: a new table with the same game, options and group, the first dealer moved
    on by one, every player in their seat (:func:`rematch_first_dealer`). ``token`` is the old table's edit token (the caller has checked it).

    Made once: the old table's row is locked, the new table's id is recorded in the old table's record (a
    ``rematch`` event, with the request's Idempotency-Key), and every later request — a double tap, twenty phones
    at once, a retry with or without the key — gets that same table (``created`` False). The record holds it
    rather than a column of the table: entries are the record, the history shows it, a backup carries it, and the
    Idempotency-Key of the request is kept the way a round's is (unique per table, its answer stored).

    Raises ``InvalidEntry`` (nothing created) while the game is not over, and :class:`KeyReused` when the key
    already named another request on this table."""
    with transaction.atomic():
        table = locked(table_id)
        if idempotency_key:
            previous = table.events.filter(idempotency_key=idempotency_key).first()
            if previous is not None and previous.kind != Event.REMATCH:
                raise KeyReused(idempotency_key)
        made = table.events.filter(kind=Event.REMATCH).first()
        if made is not None:
            new = Table.objects.get(pk=made.data["table"])
            new_token = rematch_token(table, token, new.pk)
            return Rematch(new, new_token if new.check_token(new_token) else None, created=False,
                           replayed=bool(idempotency_key) and made.idempotency_key == idempotency_key)
        state = load(table)
        if not state.finished:
            raise InvalidEntry([Problem("", "not_finished", T(
                "La partie n'est pas terminée : la revanche se joue après.",
                "The game is not over: the rematch comes after."))])
        players = list(state.players)  # in their seats: the deal moves on, not the players
        if table.group_id is not None:
            new, new_token = group_tables().create(table.group, table.game, players, table.options)
        else:
            new, _random = create_table(table.game, players, table.options)
            new_token = rematch_token(table, token, new.pk)
            new.edit_token_hash = hash_token(new_token)
            Table.objects.filter(pk=new.pk).update(edit_token_hash=new.edit_token_hash)
        new.first_dealer, new.title = rematch_first_dealer(state), table.title
        Table.objects.filter(pk=new.pk).update(first_dealer=new.first_dealer, title=new.title)
        # Not counted against MAX_EVENTS: a table has one rematch at most.
        _append(table, Event.REMATCH, data={"table": new.pk}, idempotency_key=idempotency_key,
                response={"id": new.pk})
        _keep(state, cache.key(table))  # the sheet is the same at the new version
        return Rematch(new, new_token, created=True)
