"""From stored events to the sheet, and the only code that writes events.

Reading: :func:`load` replays a table's events through its game's rules model and returns a :class:`TableState`
(rounds, scores, totals, winners, what comes next). Writing: :func:`add_round`, :func:`correct_round`,
:func:`delete_round` and :func:`finish` lock the table row, check the change by replaying the whole record with
it, and append one event. A refused change stores nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import IntegrityError, transaction

from companion.rules import GameOver, InvalidEntry, Problem, T, registry
from companion.rules.base import Game, RoundResult, Sheet

from .models import Event, Table, hash_token, new_edit_token


@dataclass
class SheetRound:
    seq: int  # the seq of the round's first event: a stable id for links and corrections
    result: RoundResult
    corrected: bool = False

    @property
    def number(self) -> int:
        return self.result.number


@dataclass
class TableState:
    table: Table
    game: Game
    sheet: Sheet
    rounds: list[SheetRound] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @property
    def players(self) -> list[str]:
        return self.table.players

    @property
    def finished(self) -> bool:
        return self.sheet.finished

    def winner_names(self) -> list[str]:
        return [self.players[s] for s in self.sheet.winners]

    def round_by_seq(self, seq: int) -> SheetRound | None:
        return next((r for r in self.rounds if r.seq == seq), None)


def current_rounds(events: list[Event]) -> tuple[list[tuple[int, dict, bool]], bool]:
    """The rounds the record holds now, as ``(seq, entry, corrected)``, and whether the game was ended."""
    rounds: dict[int, tuple[dict, bool]] = {}
    closed = False
    for e in events:
        if e.kind == Event.ROUND:
            rounds[e.seq] = (e.data, False)
        elif e.kind == Event.CORRECTION and e.target in rounds:
            rounds[e.target] = (e.data, True)
        elif e.kind == Event.DELETION:
            rounds.pop(e.target, None)
        elif e.kind == Event.FINISH:
            closed = True
        elif e.kind == Event.REOPEN:
            closed = False
    return [(seq, data, corrected) for seq, (data, corrected) in rounds.items()], closed


def _replay(game: Game, table: Table, entries: list[dict], closed: bool = False) -> Sheet:
    return game.replay(len(table.players), table.options, entries, closed=closed)


def load(table: Table, events: list[Event] | None = None) -> TableState:
    game = registry.get(table.game)
    if events is None:
        events = list(table.events.all())
    rounds, closed = current_rounds(events)
    sheet = game.new_sheet(len(table.players), table.options)
    out: list[SheetRound] = []
    for seq, data, corrected in rounds:
        out.append(SheetRound(seq, sheet.apply(data), corrected))
    if closed:
        sheet.close()
    return TableState(table, game, sheet, out, events)


def round_payload(state: TableState, result: RoundResult) -> dict:
    return {
        "number": result.number,
        "scores": result.scores,
        "totals": state.sheet.totals,
        "finished": state.finished,
        "winners": state.winner_names(),
    }


def _append(table: Table, kind: str, *, data=None, target=None, idempotency_key=None) -> Event:
    last = table.events.order_by("-seq").values_list("seq", flat=True).first() or 0
    event = Event.objects.create(table=table, seq=last + 1, kind=kind, data=data, target=target,
                                 idempotency_key=idempotency_key)
    Table.objects.filter(pk=table.pk).update(version=table.version + 1)
    table.version += 1
    return event


def _locked(table_id: str) -> Table:
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
            table = _locked(table_id)
            if idempotency_key:
                previous = table.events.filter(idempotency_key=idempotency_key).first()
                if previous is not None:
                    raise Replayed(previous.response)
            state = load(table)
            if round_number is not None and round_number != state.sheet.number:
                raise RoundTaken(state, round_number)
            if state.finished:
                raise GameOver("finished")
            result = state.sheet.apply(entry)
            event = _append(table, Event.ROUND, data=result.entry, idempotency_key=idempotency_key)
            sheet_round = SheetRound(event.seq, result)
            state.rounds.append(sheet_round)
            event.response = round_payload(state, result)
            event.save(update_fields=["response"])
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
    sheet = state.game.new_sheet(len(state.table.players), state.table.options)
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
        table = _locked(table_id)
        state = load(table)
        check_version(state, seq, version)
        index = next((i for i, r in enumerate(state.rounds) if r.seq == seq), None)
        if index is None:
            raise LookupError(seq)
        entries = [r.result.entry for r in state.rounds]
        entries[index] = entry
        _check_replay(state, entries, index)
        # Store the entry as the game normalises it at that point of the game.
        sheet = state.game.replay(len(table.players), table.options, entries[:index])
        clean = sheet.apply(entry).entry
        _append(table, Event.CORRECTION, data=clean, target=seq)
        return load(table)


def delete_round(table_id: str, seq: int, version: int | None = None) -> TableState:
    with transaction.atomic():
        table = _locked(table_id)
        state = load(table)
        check_version(state, seq, version)
        index = next((i for i, r in enumerate(state.rounds) if r.seq == seq), None)
        if index is None:
            raise LookupError(seq)
        entries = [r.result.entry for i, r in enumerate(state.rounds) if i != index]
        _check_replay(state, entries, None, removed_index=index)
        _append(table, Event.DELETION, target=seq)
        return load(table)


def finish(table_id: str) -> TableState:
    with transaction.atomic():
        table = _locked(table_id)
        state = load(table)
        if state.finished:
            raise GameOver("finished")
        if not state.rounds:
            raise InvalidEntry([Problem("", "no_round", T("Aucune donne n'a encore été jouée.", "No round has been played yet."))])
        _append(table, Event.FINISH)
        return load(table)


def create_table(game_slug, players, options) -> tuple[Table, str]:
    """Create a table; returns it with its edit token (shown once, stored hashed).

    Raises InvalidEntry listing every problem with the game, the players and the options.
    """
    from companion.rules import InvalidOptions, UnknownGame

    problems: list[Problem] = []
    try:
        game = registry.get(game_slug)
    except UnknownGame:
        raise InvalidEntry([Problem("game", "unknown_game", T("Jeu inconnu : {g}.", "Unknown game: {g}.").format(
            g=str(game_slug)[:40]))]) from None
    problems += game.check_players(players)
    clean_options = {}
    try:
        clean_options = game.clean_options(options, len(players) if isinstance(players, list) else None)
    except InvalidOptions as e:
        problems += e.problems
    if problems:
        raise InvalidEntry(problems)
    token = new_edit_token()
    table = Table.objects.create(game=game.slug, players=[p.strip() for p in players], options=clean_options,
                                 edit_token_hash=hash_token(token))
    return table, token


def history(state: TableState) -> list[tuple[Event, int | None, list]]:
    """Every event with the round number it concerned at that moment and the notes explaining that entry,
    worked out by replaying the record as it stood then (a deleted or corrected entry keeps its own words)."""
    order: list[int] = []
    data: dict[int, dict] = {}
    out: list[tuple[Event, int | None, list]] = []

    def notes_for(index: int) -> list:
        sheet = state.game.new_sheet(len(state.table.players), state.table.options)
        try:
            for seq in order[:index]:
                sheet.apply(data[seq])
            return sheet.apply(data[order[index]]).notes
        except (InvalidEntry, GameOver):  # the record was valid when written; a changed rule may disagree now
            return []

    for e in state.events:
        if e.kind == Event.ROUND:
            order.append(e.seq)
            data[e.seq] = e.data
            out.append((e, len(order), notes_for(len(order) - 1)))
        elif e.kind == Event.CORRECTION and e.target in data:
            data[e.target] = e.data
            index = order.index(e.target)
            out.append((e, index + 1, notes_for(index)))
        elif e.kind == Event.DELETION and e.target in order:
            index = order.index(e.target)
            out.append((e, index + 1, notes_for(index)))
            order.remove(e.target)
        else:
            out.append((e, None, []))
    return out


# -- added for "nothing irreversible by one tap": reopen, rematch --------------------------------------------------
class NotEndedByHand(Exception):
    """Reopen asked for a table that was not ended by hand (still going, or ended by its own rules)."""

    def __init__(self, state: TableState):
        self.state = state


def ended_by_hand(state: TableState) -> bool:
    """The game was ended with "Terminer la partie maintenant" and its rules alone would let it go on."""
    _, closed = current_rounds(state.events)
    return closed and not state.sheet.natural_end()


def reopen(table_id: str) -> TableState:
    """Play on a game ended by hand (one ``reopen`` event, kept in the history). A game ended by its rules is
    taken back by deleting its last round instead: raises :class:`NotEndedByHand` then, storing nothing."""
    with transaction.atomic():
        table = _locked(table_id)
        state = load(table)
        if not ended_by_hand(state):
            raise NotEndedByHand(state)
        _append(table, Event.REOPEN)
        return load(table)


def rematch_players(state: TableState) -> list[str]:
    """The same players in the same order of play, the first dealer moved on by one.

    Seat 0 deals the first round (:meth:`Sheet.dealer_for`), so the list is turned until the seat that deals after it
    (:meth:`Sheet.next_seat`) sits first: seat order stays the order of play, and no new field is needed."""
    sheet = state.sheet
    first = sheet.next_seat(sheet.dealer_for(1))
    players = list(state.players)
    return players[first:] + players[:first]


def rematch(table_id: str) -> tuple[Table, str]:
    """A new table with the same game, options and circle, the first dealer moved on by one (:func:`rematch_players`).

    Returns the new table and its edit token. Raises ``InvalidEntry`` (nothing created) while the game is not
    over: a rematch follows an ended game."""
    table = Table.objects.get(pk=table_id)
    state = load(table)
    if not state.finished:
        raise InvalidEntry([Problem("", "not_finished", T(
            "La partie n'est pas terminée : la revanche se joue après.", "The game is not over: the rematch comes after."))])
    players = rematch_players(state)
    if table.group_id is not None:
        # groups builds on tables, not the reverse: imported only when needed
        from companion.groups import services

        return services.create_group_table(table.group, table.game, players, table.options)
    return create_table(table.game, players, table.options)
