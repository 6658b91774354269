"""Several phones on one table: what a phone is shown when another one was quicker.

Two cases reach the user (the rules are in :mod:`companion.tables.ledger`):

* a round entered for a number the table already holds (:class:`~companion.tables.ledger.RoundTaken`): the
  phone sees the stored round and its own entry side by side and keeps one;
* a correction made against a version of the table after which that round changed
  (:class:`~companion.tables.ledger.StaleVersion`): the phone sees the round's current values, nothing applied.

It also renders the entry forms of the coming rounds, so that a phone that lost the network can go on entering
rounds (kept in its offline queue) with the right fields for each round, and says what each coming round is
(number, contract, dealer, points per field) so that the sheet's status line and totals follow the queue.

Phones ask every second or so whether a table changed: :func:`live_etag` is the answer's validator, shared by the JSON
API and the page poll (:mod:`companion.pwa.views`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from django.http import HttpRequest, QueryDict
from django.template.loader import render_to_string

from companion.bidi import name_seats_html
from companion.kernel import GameOver, InvalidEntry
from companion.kernel.game import Sheet
from companion.web import entryforms, http

from . import ledger
from .models import Table

# How many rounds ahead a phone can keep entering while offline.
UPCOMING_ROUNDS = 30
FORM_FIELDS_SKIPPED = ("csrfmiddlewaretoken", "round_number", "version", "idempotency_key")


def _sheet_before(state: ledger.TableState, number: int) -> Sheet:
    """The sheet as it stood before round ``number`` (the table's rounds up to it), to read or describe that round."""
    entries = [r.result.entry for r in state.rounds[: number - 1]]
    try:
        return ledger.sheet_after(state.table, entries, state.game)
    except (InvalidEntry, GameOver, ValueError, TypeError, KeyError, IndexError):
        return ledger.blank_sheet(state.table, state.game)


def _in_words(sheet: Sheet, entry: dict, number: int, names: list[str]) -> list:
    """The entry as the history says it (:meth:`Sheet.describe_entry`, seats by their names): a phone's entry may be
    junk, which the game's own wording may not read; the generic wording of every field says it then."""
    lang = http.lang()
    try:
        lines = sheet.describe_entry(entry, number)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        try:
            lines = Sheet.describe_entry(sheet, entry, number)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError):
            lines = []
    return [name_seats_html(line.get(lang), names) for line in lines]


def _covers(fields: list, key: str) -> bool:
    return any(key == f.key or key.startswith(f.key + ".") for f in fields)


def _grid(state: ledger.TableState, number: int, values: dict, entry: dict, sheet: Sheet) -> dict:
    """An entry as a small read-only grid: one row per player, one column per count a seat or seat field; and,
    when the form holds more than those (a contract, cards, hands, a choice per seat…), the whole entry in words
    below it, as the history says it, so that two entries that differ only there can be told apart."""
    lang = http.lang()
    all_fields = sheet.entry_fields(number)
    # A count typed once for the deal (the tarot's bouts: ``bouts``, not ``bouts.0``…) is no column of seats.
    fields = [f for f in all_fields if f.kind == "seat" or (f.kind == "count" and f.key not in values)]
    rows = []
    for seat, name in enumerate(state.players):
        cells = []
        for f in fields:
            if f.kind == "count":
                value = values.get(f"{f.key}.{seat}", "")
                cells.append("" if value is None else str(value))
            else:
                cells.append("✓" if str(values.get(f.key, "")) == str(seat) else "")
        rows.append({"name": name, "cells": cells})
    bools = [f for f in all_fields if f.kind == "bool"]
    flags = [f.label.get(lang) for f in bools if str(values.get(f.key, "")).lower() in ("on", "true", "1")]
    shown = fields + bools
    beyond = any(not _covers(shown, k) for k, v in values.items() if v is not None and str(v).strip() != "")
    lines = _in_words(sheet, entry, number, state.players) if beyond else []
    return {"header": [f.label.get(lang) for f in fields], "rows": rows, "flags": [] if lines else flags,
            "lines": lines}


def _stacked(*grids: dict | None) -> bool:
    """Whether two grids go one above the other on a phone, rather than side by side: side by side, half a 360 px
    screen holds the names, one column and the points; more columns, or the entry in words, need the whole width."""
    return any(g is not None and (len(g["header"]) > 1 or g["lines"]) for g in grids)


def _scores_if_valid(state: ledger.TableState, number: int, entry: dict) -> list[int] | None:
    """The scores ``entry`` would give as round ``number``, or None when it would not be accepted there."""
    entries = [r.result.entry for r in state.rounds[: number - 1]]
    try:
        sheet = ledger.sheet_after(state.table, entries, state.game)
        return sheet.apply(entry).scores
    except (InvalidEntry, GameOver, ValueError, TypeError, KeyError, IndexError):
        return None


def _with_scores(grid: dict, scores: list[int] | None) -> dict:
    if scores is not None:
        for row, score in zip(grid["rows"], scores, strict=True):
            row["score"] = score
    grid["has_scores"] = scores is not None
    return grid


def posted_values(data: QueryDict) -> list[tuple[str, str]]:
    """The entry fields of a posted form, to post them again elsewhere (a correction, another round)."""
    return [(k, v) for k in data for v in data.getlist(k) if k not in FORM_FIELDS_SKIPPED]


def round_conflict(state: ledger.TableState, e: ledger.RoundTaken, data: QueryDict) -> dict:
    """Context for ``pwa/conflict.html``: the stored round (if any) and the phone's entry, side by side."""
    values = {k: v for k, v in posted_values(data)}
    # Where the phone's entry would go: over the stored round, or (the phone being ahead) as the table's next one.
    number = e.number if e.stored is not None else e.expected
    sheet = _sheet_before(state, number)
    mine_entry = entryforms.parse(sheet, number, data)
    # Shown with the fields of the round the phone entered (``e.number``), not those of the table's next round:
    # the values were typed into that round's form.
    shown_as = _sheet_before(state, e.number)
    out = {
        "number": e.number,
        "expected": e.expected,
        "mine": _with_scores(_grid(state, e.number, values, mine_entry, shown_as),
                             _scores_if_valid(state, number, mine_entry)),
        "values": posted_values(data),
        "version": state.table.version,
    }
    if e.stored is not None:
        stored = e.stored.result.entry
        out["stored"] = _with_scores(_grid(state, e.number, entryforms.flatten(state.game, stored), stored, shown_as),
                                     e.stored.result.scores)
        out["stored_seq"] = e.stored.seq
    out["stacked"] = _stacked(out.get("stored"), out["mine"])
    return out


def stale_notice(e: ledger.StaleVersion, data: QueryDict) -> dict:
    """Context for ``pwa/stale.html``: what the phone tried, the round as it is now."""
    state = e.state
    current = e.current
    number = current.number if current is not None else None
    out = {"deleted": current is None, "number": number, "version": e.version}
    if current is not None:
        sheet = _sheet_before(state, number)
        entry = current.result.entry
        out["current"] = _with_scores(_grid(state, number, entryforms.flatten(state.game, entry), entry, sheet),
                                      current.result.scores)
        out["mine"] = _with_scores(_grid(state, number, dict(posted_values(data)), entryforms.parse(sheet, number, data),
                                         sheet), None)
        out["stacked"] = _stacked(out["current"], out["mine"])
    return out


def form_signature(sheet, number: int, reads_number: bool) -> tuple:
    """What makes round ``number``'s entry form what it is, besides the number itself (and its dealer, for a form
    that reads it: :func:`companion.web.entryforms.reads_round_number`)."""
    contract = sheet.contract_for(number)
    return (contract.key if contract else None,
            tuple((f.key, f.kind, f.required, f.maximum, f.out) for f in sheet.entry_fields(number)),
            sheet.dealer_for(number) if reads_number else None)


def upcoming_forms(request: HttpRequest, state: ledger.TableState, ctx: dict,
                   form_ctx: Callable[[ledger.TableState, int, dict, list], dict]) -> list[dict]:
    """The entry forms of the next rounds, one per distinct set of fields, for a phone entering offline.

    Each is ``{"rounds": "6 11 16", "html": …}``, rendered for its first round; the phone renumbers it.
    """
    sheet = state.sheet
    reads_number = entryforms.reads_round_number(state.game)
    first = sheet.number
    has_contracts = sheet.contract_for(first) is not None
    groups: dict[tuple, list[int]] = {}
    for number in range(first + 1, first + 1 + UPCOMING_ROUNDS):
        if has_contracts and sheet.contract_for(number) is None:
            break  # past the natural end of a game that is a list of contracts
        groups.setdefault(form_signature(sheet, number, reads_number), []).append(number)
    if list(groups) == [form_signature(sheet, first, reads_number)]:
        # Every coming round takes the form on screen: the phone renumbers that one (static/js/atout/pending.js ``alignForm``), so
        # the page does not carry copies of it (nor does each round's answer render them).
        return []
    out = []
    for numbers in groups.values():
        form = form_ctx(state, numbers[0], {}, [])
        html = render_to_string(form["form_template"], {**ctx, **form}, request)
        out.append({"rounds": " ".join(str(n) for n in numbers), "html": html})
    return out


def upcoming_rounds(state: ledger.TableState, back: str | None = None) -> list[dict]:
    """What the coming rounds are, from the table's next one on, for a phone entering rounds offline.

    Each is ``{"n", "contract", "rule", "dealer", "first", "points"}`` (names, not seats; ``points`` as
    :meth:`~companion.kernel.game.Sheet.offline_points`, or None). Dealers are
    :meth:`~companion.kernel.game.Sheet.upcoming_dealer`: the seat order, which no result changes, so the phone can
    name them before the rounds are stored; a banking game's banker (Pharaon's stays, Baccara's is known for the
    coming coup only, with a ``dealer_note`` saying why after it).
    """
    if state.finished:
        return []
    lang = http.lang()
    sheet = state.sheet
    first = sheet.number
    has_contracts = sheet.contract_for(first) is not None
    out = []
    for number in range(first, first + 1 + UPCOMING_ROUNDS):
        contract = sheet.contract_for(number)
        if has_contracts and contract is None:
            break
        dealer = sheet.upcoming_dealer(number)
        note = sheet.upcoming_dealer_note(number)
        out.append({
            "n": number,
            "contract": contract.name.get(lang) if contract else None,
            "rule": http.rule_url(state.game.slug, contract.rule if contract and contract.rule else "section-scoring", back),
            "dealer": state.players[dealer] if dealer is not None else None,  # a draw decides (L'Empereur)
            "first": (state.players[first_seat] if (first_seat := sheet.first_for(dealer)) is not None else "")
            if dealer is not None else None,
            "points": sheet.offline_points(number),
            **({"dealer_note": note.get(lang)} if note is not None else {}),
        })
    return out


def live_etag(table: Table) -> str:
    """``"v12-3f9a0c1d"``: the version (events) and a short hash of the names and, on a digital table, of its
    move count. A group renames a player in every table without an event (companion.groups.services.rename_player),
    a digital table moves on card by card, and phones must see both."""
    return tag_for(table.version, table.move_count, table.players)


def tag_for(version: int, move_count: int, players: list) -> str:
    """:func:`live_etag` from the three values it reads (the poll's fast answer has them from one row,
    :mod:`companion.tables.polls`)."""
    what = json.dumps(players, ensure_ascii=False)
    if move_count:
        # A digital table changes with every card played, which is no event (companion.tables.digital).
        what += f"\x1f{move_count}"
    names = hashlib.sha256(what.encode()).hexdigest()[:8]
    return f'"v{version}-{names}"'


def etag_matches(if_none_match: str | None, tag: str) -> bool:
    """Weak comparison (RFC 9110): W/ aside, the whole tag must match; a bare "v12" (no names) never does."""
    if not if_none_match:
        return False
    return if_none_match.strip() == "*" or tag in [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
