"""What the sheet's pages and the play pages of a table share: the score sheet's template data
(:func:`sheet_ctx`), and the hand-over of a seat to a
bot and back from a posted form (:func:`hand_over`, the seat pages' and the share screen's).

It imports none of the page modules (views, play_pages, share): they import it.
"""

from __future__ import annotations

import functools

from django.http import HttpRequest
from django.template import TemplateDoesNotExist
from django.template.loader import render_to_string, select_template
from django.urls import reverse
from django.utils.translation import gettext

from companion.bidi import name_seats_html
from companion.web import http

from . import digital, fragments, ledger
from .models import Table
from .names import short_names
from .presenters import next_payload


def columns(state: ledger.TableState) -> list[tuple[int, ...]]:
    """The sheet's columns, each the seats it stands for: one per team where the game is played in partnerships
    (:meth:`Sheet.teams`, whose partners' scores are equal), else one per seat."""
    teams = state.sheet.teams()
    return [tuple(t) for t in teams] if teams else [(seat,) for seat in range(len(state.players))]


def column_name(state: ledger.TableState, seats: tuple[int, ...]) -> str:
    """"Alice & Chloé" for a team, the player's name for a seat."""
    return " & ".join(state.players[s] for s in seats)


def sheet_rows(state: ledger.TableState, lang: str) -> list[dict]:
    """One dict per round of the sheet, for its rows and the explanation of its points (one cell per column)."""
    rows = []
    firsts = [c[0] for c in columns(state)]
    for r, running in zip(state.rounds, state.sheet.running_totals(), strict=True):
        rows.append({
            "seq": r.seq, "number": r.number, "corrected": r.corrected,
            "contract": r.result.contract.name.get(lang) if r.result.contract else "",
            "contract_key": r.result.contract.key if r.result.contract else "",
            "dealer": state.players[r.result.dealer] if r.result.dealer is not None else "",
            "cells": [(r.result.scores[s], running[s]) for s in firsts],
            "details": [d.get(lang) for i, d in enumerate(state.sheet.cell_details(r.result) or []) if i in firsts],
            "notes": [name_seats_html(n.get(lang), state.players) for n in r.result.notes],
            "summary": name_seats_html(r.result.summary.get(lang), state.players) if r.result.summary else "",
        })
    return rows


def sheet_ctx(request: HttpRequest, state: ledger.TableState, token: str | None, here: str | None = None,
              viewer: int | None = None) -> dict:
    """What the sheet's templates show. ``here``: the page's own address, where the rulebook's way back leads (the
    edit page with ``token``, else the read-only sheet; a play page says its own) — never the live check's.
    ``viewer``: the seat whose phone shows the page (a seat's own page), whose team's column is headed « Nous » and
    the other « Eux » at a game played in partnerships, the names kept as the heading's title."""
    lang = http.lang()
    sheet = state.sheet
    base = reverse("tables:edit", args=[state.table.id, token]) if token else None
    here = here or base or reverse("tables:sheet", args=[state.table.id])
    # The parts that grow with the table are rendered once per version (companion.tables.fragments); the rows
    # themselves are only worked out on a miss, or for a game's extra template that reads them.
    rows = functools.cache(lambda: sheet_rows(state, lang))
    players_list = [{"name": column_name(state, c)} for c in columns(state)]

    def rows_html(edit_base):
        return render_to_string("tables/_rows.html", {"rows": rows(), "edit_base": edit_base, "table": state.table,
                                                      "players": players_list})

    def explain_html(_edit_base):
        return render_to_string("tables/_explain.html", {"rows": rows()})

    def chart_html(_edit_base):
        return render_to_string("tables/_chart.html", {"state": state})

    has_notes = any(r.result.notes for r in state.rounds)
    leaders = set(sheet.leaders)
    winners = set(sheet.winners)
    shorts = short_names(state.players)
    players = [{"seat": c[0], "seats": c, "name": column_name(state, c), "short": " & ".join(shorts[s] for s in c),
                "total": sheet.totals[c[0]], "leader": bool(leaders & set(c)), "winner": bool(winners & set(c))}
               for c in columns(state)]
    if viewer is not None and state.sheet.teams():
        for p in players:
            p["short"] = gettext("Nous") if viewer in p["seats"] else gettext("Eux")
    nxt = state.next_round  # None once the table has ended
    try:
        extra_template = select_template([f"games/{state.game.slug}/extra.html"]).template.name
    except TemplateDoesNotExist:
        extra_template = None
    table = state.table
    return {
        "table": state.table, "state": state, "game": state.game, "game_name": state.table.game_name(lang),
        "players": players, "rows": rows, "has_rows": bool(state.rounds), "finished": state.finished,
        "has_notes": has_notes,
        # Callables: a template calls them when it shows them (the correction page does not).
        "rows_html": lambda: fragments.get("rows", table, lang, base, rows_html),
        "explain_html": (lambda: fragments.get("explain", table, lang, None, explain_html)) if has_notes else "",
        "chart_html": lambda: fragments.get("chart", table, lang, None, chart_html),
        "winner_names": state.winner_names(), "next": next_payload(state, nxt, lang),
        # The rule for the coming round: its contract's section, else how a deal is scored.
        "next_rule": http.rule_url(state.game.slug, nxt.contract.rule if nxt and nxt.contract and nxt.contract.rule
                                   else "section-scoring", here),
        "rules_url": http.rule_url(state.game.slug, back=here), "here": here,
        "token": token, "edit_base": base, "sheet": sheet, "lang": lang, "extra_template": extra_template,
        "view_url": request.build_absolute_uri(reverse("tables:sheet", args=[state.table.id])),
        "edit_url": request.build_absolute_uri(base) if base else None,
        "ended_by_hand": ledger.ended_by_hand(state), "last_round": state.rounds[-1] if state.rounds else None,
        # Whether "Revanche" opens a rematch made already (read only where the button shows).
        "rematch_made": bool(token and state.finished and ledger.rematch_of(table)),
        # "Rétablir la donne N" right after an undo (read only on the edit page).
        "restorable": (lambda: ledger.restorable(state)) if token else None,
    }


def hand_over(request: HttpRequest, table: Table, by) -> digital.SeatRefused | None:
    """A form's "bot" (hand that seat to a bot) or "back" (take that seat back), for ``by``: a seat's own phone or
    :data:`digital.EDIT`. None when done, else the refusal."""
    field = "bot" if "bot" in request.POST else "back"
    raw = (request.POST.get(field) or "").strip()
    seat_no = int(raw) if raw.isdigit() and len(raw) <= 3 else (by if isinstance(by, int) and not raw else -1)
    try:
        if field == "bot":
            digital.hand_to_bot(table, seat_no, by)
        else:
            digital.take_back(table, seat_no, by)
    except digital.SeatRefused as e:
        return e
    return None
