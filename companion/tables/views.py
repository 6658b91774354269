"""Pages of a table: create, score sheet, enter / correct / delete a round, end, history, CSV.

Every form works as a plain POST (redirect after success, the page again with status 400 and the errors next
to their fields otherwise); with htmx the same views answer with the ``live`` partial of the page only.
"""

from __future__ import annotations

import json
import re
import secrets

from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string, select_template
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from companion.games import registry
from companion.kernel import GameOver, InvalidEntry, Problem, T
from companion.kernel.game import ANY_DIRECTION, COUNTERCLOCKWISE, FAMILIES, Game
from companion.kernel.text import finds_name, fold
from companion.web import entryforms, http

from . import fragments, ledger, play_pages, sync
from .access import edit_link_required
from .export import HISTORY, csv_lines, header, history_rows
from .forms import option_fields, options_from_post, problems_by_field
from .idempotency import IDEMPOTENCY_KEY, same_entry
from .models import Table
from .names import short_names
from .pages_common import sheet_ctx
from .presenters import history_items


def _rule_links(game: Game, problems: list[Problem], back: str | None = None) -> list[dict]:
    seen, out = set(), []
    for p in problems:
        if p.rule and p.rule not in seen:
            seen.add(p.rule)
            out.append({"anchor": p.rule, "url": http.rule_url(game.slug, p.rule, back)})
    return out


MAX_FILTER = 60  # characters of the home page's game filter


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The games to start a table of: the ones French tables play most first (:attr:`GameInfo.most_played`), then
    the others by family; ``?q=`` keeps those whose names the words typed find (:func:`finds_name`: accents and
    slips forgiven), as the page's script does while one types."""
    lang = http.lang()
    typed = " ".join(request.GET.get("q", "").split())
    if len(typed) > MAX_FILTER:
        return render(request, "tables/home.html", {
            "q": typed[:MAX_FILTER], "max_filter": MAX_FILTER, "popular": [], "families": [], "found": [],
            "filter_error": _("Jeu : %(n)s caractères au plus.") % {"n": MAX_FILTER}}, status=400)
    games = []
    for g in registry.scored().values():
        info = g.info
        names = (info.names.fr, info.names.en, *info.aliases, info.slug.replace("-", " "))
        games.append({"slug": g.slug, "name": g.names.get(lang), "summary": info.summary.get(lang),
                      "players": (info.min_players, info.max_players), "family": info.family,
                      "rank": info.most_played, "match": " | ".join(fold(n) for n in names),
                      "found": finds_name(typed, names)})
    popular = sorted((g for g in games if g["rank"]), key=lambda g: g["rank"])
    families = []
    for key, label in FAMILIES.items():
        members = sorted((g for g in games if not g["rank"] and g["family"] == key), key=lambda g: fold(g["name"]))
        if members:
            families.append({"key": key, "label": label.get(lang), "games": members})
    return render(request, "tables/home.html", {
        "q": typed, "max_filter": MAX_FILTER, "popular": popular, "families": families,
        "found": [g for g in popular + [m for f in families for m in f["games"]] if g["found"]] if typed else None})


def contract_sequence(game: Game, lang: str, longest: int = 12) -> list[dict]:
    """What a game with default options plays, round after round, when it follows a fixed order of contracts
    (Barbu's five manches), read from its rules model; empty for a game without one or with too long a list."""
    sheet = game.new_sheet(game.info.min_players)
    out: list[dict] = []
    for number in range(1, longest + 2):
        contract = sheet.contract_for(number)
        if contract is None or (out and contract.key == out[0]["key"]):
            break
        out.append({"key": contract.key, "name": contract.name.get(lang), "rule": contract.rule or "section-play"})
    return out if 1 < len(out) <= longest else []


def _teams(game: Game) -> str:
    """The partnerships of each player count played in teams, as JSON for the form's script (``{"4": [[0, 2], [1,
    3]]}``); empty when the game has none."""
    out = {str(n): [list(t) for t in teams] for n in game.info.counts
           if (teams := game.new_sheet(n).teams())}
    return json.dumps(out, separators=(",", ":")) if out else ""


def _turns_right(game: Game) -> bool | None:
    """Which way the game turns, for the names to be given in the order of play (seat i + 1 plays after seat i):
    True to the right (counter-clockwise: tarot, belote, l'hombre…), False to the left; None for the free sheet,
    which plays any game and so cannot say."""
    if game.info.direction == ANY_DIRECTION:
        return None
    return game.info.direction == COUNTERCLOCKWISE


@require_http_methods(["GET", "POST"])
def new_table(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        game = registry.get(slug)
    except ValueError:
        raise Http404("unknown game") from None
    lang = http.lang()
    ctx = {"game": game, "name": game.names.get(lang), "errors": {}, "seats": range(game.info.max_players),
           "names": [""] * game.info.max_players, "contracts": contract_sequence(game, lang),
           "summary": game.info.summary.get(lang), "turns_right": _turns_right(game),
           "titled": game.info.titled, "title": "", "max_title": ledger.MAX_TITLE, "teams": _teams(game)}
    if request.method == "POST":
        names = [request.POST.get(f"player.{i}", "") for i in range(game.info.max_players)]
        players = [n for n in names if n.strip()]
        digital_play = game.digital and request.POST.get("digital") in ("on", "true", "1")
        ctx["digital_form"] = play_pages.form_state(request.POST) if game.digital else None
        try:
            if digital_play:
                table, token = play_pages.create_digital(request, game, names, options_from_post(game, request.POST))
            else:
                table, token = ledger.create_table(game.slug, players, options_from_post(game, request.POST),
                                                   request.POST.get("title", "") if game.info.titled else "")
        except InvalidEntry as e:
            ctx.update(errors=problems_by_field(e.problems), names=names, options=option_fields(game, request.POST, lang),
                       title=request.POST.get("title", "")[:ledger.MAX_TITLE * 2])
            return render(request, "tables/new.html", ctx, status=400)
        if digital_play:  # the share screen lists every human seat's own link
            return redirect(reverse("tables:share", args=[table.id, token]) + "?created=1", permanent=False)
        return redirect(reverse("tables:edit", args=[table.id, token]) + "?created=1", permanent=False)
    ctx["digital_form"] = play_pages.form_state(None) if game.digital else None
    ctx["options"] = option_fields(game, None, lang)
    return render(request, "tables/new.html", ctx)


def _form_ctx(state: ledger.TableState, number: int, values: dict, problems: list[Problem],
              back: str | None = None) -> dict:
    lang = http.lang()
    fields = state.sheet.entry_fields(number)
    errors = problems_by_field(problems)
    columns = [f for f in fields if f.kind in ("count", "seat")]
    rows = []
    shorts = short_names(state.players, entryforms.NAME_FIT)
    out = {f.key: entryforms.out_seats(f, values) for f in columns}
    labels = {f.key: f.label.get(lang) for f in fields}
    for seat, name in enumerate(state.players):
        cells = []
        for f in columns:
            key = f"{f.key}.{seat}" if f.kind == "count" else f.key
            cells.append({"field": f, "label": f.label.get(lang), "name": key, "value": values.get(key, ""), "seat": seat,
                          "out": f.kind == "count" and seat in out[f.key],
                          "out_label": labels.get(f.out_follows, ""),
                          "checked": f.kind == "seat" and str(values.get(f.key, "")) == str(seat),
                          "optional": entryforms.is_optional(f), "errors": errors.get(f"{f.key}.{seat}", [])})
        rows.append({"seat": seat, "name": name, "short": shorts[seat], "cells": cells})
    header = [{"key": f.key, "label": f.label.get(lang), "help": f.help.get(lang), "required": f.required,
               "kind": f.kind, "max": f.maximum, "total": f.total, "optional": entryforms.is_optional(f),
               "sum": entryforms.column_sum(values, f.key, len(state.players)) if f.kind == "count" else None,
               "errors": errors.get(f.key, [])} for f in columns]
    others = [{"key": f.key, "label": f.label.get(lang), "help": f.help.get(lang), "kind": f.kind,
               "value": values.get(f.key), "errors": errors.get(f.key, [])} for f in fields if f not in columns]
    contract = state.sheet.contract_for(number)
    template = select_template([f"games/{state.game.slug}/entry.html", "tables/entry/grid.html"])
    deal_line = state.sheet.deal_line()
    return {"form_number": number, "form_contract": contract.name.get(lang) if contract else "",
            "form_deal_line": deal_line.get(lang) if deal_line else "",
            "form_header": header, "form_rows": rows, "form_others": others, "form_values": values,
            "form_errors": errors.get("", []), "form_all_errors": errors, "form_template": template.template.name,
            "form_rule_links": _rule_links(state.game, problems, back), **entryforms.grid_layout(columns, values, errors, lang)}


def render_sheet(request: HttpRequest, state: ledger.TableState, token: str | None, values: dict | None = None,
                 problems=(), status: int = 200, extra: dict | None = None) -> HttpResponse:
    """The score sheet of ``state``: the read-only page (``token`` None) or the edit page with its entry form
    (``values`` and ``problems`` refilled after a refused post), the htmx partial for an htmx request. Public:
    the live poll (:func:`companion.pwa.views.live`) answers a change with it."""
    ctx = sheet_ctx(request, state, token)
    if token and not state.finished:
        ctx.update(_form_ctx(state, state.sheet.number, values or {}, list(problems), ctx["here"]))
        ctx["form_key"] = secrets.token_urlsafe(16)
        ctx["upcoming_forms"] = sync.upcoming_forms(request, state, ctx, _form_ctx)
    ctx.update(extra or {})
    template = "tables/sheet.html#live" if request.htmx else "tables/sheet.html"
    return render(request, template, ctx, status=status)


@require_GET
def sheet(request: HttpRequest, table_id: str) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    return render_sheet(request, ledger.load(table), None)


@require_http_methods(["GET", "POST"])
@edit_link_required
def edit(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    if request.method == "GET":
        return render_sheet(request, ledger.load(table), token)
    state = ledger.load(table)
    try:
        # The round the phone entered (absent: no check) and its Idempotency-Key (header, else hidden field).
        round_number = _posted_version(request.POST, "round_number")
        key = _idempotency_key(request)
    except InvalidEntry as e:
        return render_sheet(request, state, token, problems=e.problems, status=400)
    entry = entryforms.parse(state.sheet, state.sheet.number, request.POST)
    stored = None
    try:
        stored, _ = ledger.add_round(table.pk, entry, idempotency_key=key, round_number=round_number)
    except ledger.Replayed:
        # The retried form is read as the round it was first stored as (the table may have moved on since).
        if key is not None and not same_entry(table, key, form=request.POST):
            # The key of a submission already stored, with another entry: store nothing, say so.
            return render_sheet(request, ledger.load(table), token, status=422, problems=[Problem(
                "", "key_reused", T("Ce formulaire a déjà été enregistré avec une autre saisie : rien de plus n'a été "
                                    "enregistré. Vérifiez la feuille, puis saisissez à nouveau si besoin.",
                                    "This form was already stored with a different entry: nothing more was stored. "
                                    "Check the sheet, then enter the round again if needed."))])
        # Otherwise already stored by an earlier try of the same submission: show the sheet as after it.
    except ledger.RoundTaken as e:
        return render_sheet(request, e.state, token, status=409,
                             extra={"conflict": sync.round_conflict(e.state, e, request.POST)})
    except GameOver:
        return render_sheet(request, ledger.load(table), token, problems=[], status=409)
    except InvalidEntry as e:
        values = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
        return render_sheet(request, ledger.load(table), token, values, e.problems, status=400)
    if request.htmx:
        # The state the round was stored into (already kept by its version), else the table as it is now.
        return render_sheet(request, stored or ledger.load(Table.objects.get(pk=table.pk)), token)
    return redirect(reverse("tables:edit", args=[table.id, token]) + "#sheet")


def _posted_version(data, name: str) -> int | None:
    """A whole number a form carries in a hidden field (``round_number``, ``version``); None when absent."""
    raw = data.get(name)
    if raw is None or raw.strip() == "":
        return None
    if not re.fullmatch(r"[0-9]{1,9}", raw.strip()):
        # Shown above the form (field ""): a hidden field has no place of its own on the page.
        raise InvalidEntry([Problem("", "not_int", T("{name} : nombre entier attendu.", "{name}: expected a whole number.").format(
            name=name))])
    return int(raw)


def _idempotency_key(request: HttpRequest) -> str | None:
    key = request.headers.get("Idempotency-Key") or request.POST.get("idempotency_key") or None
    if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
        raise InvalidEntry([Problem("", "bad_key", T("idempotency_key : clé invalide (1 à 80 caractères A-Z a-z 0-9 . _ : -).",
                                                    "idempotency_key: invalid key (1 to 80 characters A-Z a-z 0-9 . _ : -)."))])
    return key


@require_http_methods(["GET", "POST"])
@edit_link_required
def correct(request: HttpRequest, table: Table, token: str, seq: int) -> HttpResponse:
    state = ledger.load(table)
    sheet_round = state.round_by_seq(seq)
    if sheet_round is None:
        try:
            _gone_since(request, state, seq)
        except ledger.StaleVersion as e:
            return _stale(request, e, token)
        raise Http404("unknown round")
    game = state.game
    status, problems = 200, []
    values = entryforms.flatten(game, sheet_round.result.entry)
    if request.method == "POST":
        entry = entryforms.parse(state.sheet, sheet_round.number, request.POST)
        try:
            ledger.correct_round(table.pk, seq, entry, version=_posted_version(request.POST, "version"))
        except ledger.StaleVersion as e:
            return _stale(request, e, token)
        except InvalidEntry as e:
            problems, status = e.problems, 400
            values = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
        else:
            return redirect(reverse("tables:edit", args=[table.id, token]) + "#sheet")
    ctx = sheet_ctx(request, state, token)
    ctx.update(_form_ctx(state, sheet_round.number, values, problems, request.path))
    ctx["correcting"] = sheet_round
    return render(request, "tables/correct.html", ctx, status=status)


@require_http_methods(["GET", "POST"])
@edit_link_required
def delete(request: HttpRequest, table: Table, token: str, seq: int) -> HttpResponse:
    """POST deletes the round (kept in the history); GET is its confirmation page, for a phone without JavaScript
    (with it, the same form opens in a ``<dialog>`` on the correction page)."""
    state = ledger.load(table)
    sheet_round = state.round_by_seq(seq)
    if request.method == "GET":
        if sheet_round is None:
            raise Http404("unknown round")
        ctx = sheet_ctx(request, state, token)
        ctx.update(action="delete", confirm_round=sheet_round)
        return render(request, "tables/confirm.html", ctx)
    if sheet_round is None:
        try:
            _gone_since(request, state, seq)
        except ledger.StaleVersion as e:
            return _stale(request, e, token)
        raise Http404("unknown round")
    try:
        ledger.delete_round(table.pk, seq, version=_posted_version(request.POST, "version"))
    except ledger.StaleVersion as e:
        return _stale(request, e, token)
    except InvalidEntry as e:
        ctx = sheet_ctx(request, state, token)
        ctx.update(_form_ctx(state, sheet_round.number, entryforms.flatten(state.game, sheet_round.result.entry), e.problems,
                             reverse("tables:edit", args=[table.id, token])))
        ctx["correcting"] = sheet_round
        return render(request, "tables/correct.html", ctx, status=409)
    return redirect(reverse("tables:edit", args=[table.id, token]) + "#sheet")


def _gone_since(request: HttpRequest, state: ledger.TableState, seq: int) -> None:
    """A POST about a round deleted after the version the phone saw raises StaleVersion (409), not a bare 404."""
    if request.method == "POST":
        try:
            version = _posted_version(request.POST, "version")
        except InvalidEntry:
            return
        if version is not None and version <= state.table.version:
            ledger.check_version(state, seq, version)


def _stale(request: HttpRequest, e: ledger.StaleVersion, token: str) -> HttpResponse:
    """409: the round changed on another phone since this one loaded it; show it as it is now, apply nothing."""
    notice = sync.stale_notice(e, request.POST)
    if e.current is None:
        return render_sheet(request, e.state, token, status=409, extra={"stale": notice})
    ctx = sheet_ctx(request, e.state, token)
    ctx.update(_form_ctx(e.state, e.current.number, entryforms.flatten(e.state.game, e.current.result.entry), []))
    ctx.update(correcting=e.current, stale=notice)
    return render(request, "tables/correct.html", ctx, status=409)


@require_POST
@edit_link_required
def finish(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    try:
        ledger.finish(table.pk)
    except (GameOver, InvalidEntry) as e:
        problems = e.problems if isinstance(e, InvalidEntry) else []
        return render_sheet(request, ledger.load(table), token, problems=problems, status=409)
    return redirect(reverse("tables:edit", args=[table.id, token]) + "#sheet")


CONFIRMATIONS = ("finish", "undo")


@require_GET
@edit_link_required
def confirm(request: HttpRequest, table: Table, token: str, action: str) -> HttpResponse:
    """The confirmation of a change that ends something ("Terminer la partie", "Annuler la dernière donne") as a page
    of its own: what a phone without JavaScript gets; with it, the same form opens in a ``<dialog>`` on the sheet."""
    if action not in CONFIRMATIONS:
        raise Http404("unknown action")
    state = ledger.load(table)
    if (action == "undo" and not state.rounds) or (action == "finish" and state.finished):
        # Nothing to undo or to end (an old link, another phone was first): the sheet says where things stand.
        return redirect(reverse("tables:edit", args=[table.id, token]) + "#sheet")
    ctx = sheet_ctx(request, state, token)
    ctx["action"] = action
    return render(request, "tables/confirm.html", ctx)


@require_POST
@edit_link_required
def restore(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    """"Rétablir la donne N": the round just undone, back as it was (once, until anything else happens)."""
    try:
        ledger.restore_round(table.pk)
    except LookupError:
        problem = Problem("", "nothing_to_restore", T(
            "Plus rien à rétablir : la table a changé depuis l'annulation.",
            "Nothing to restore any more: the table changed since the round was undone."))
        return render_sheet(request, ledger.load(table), token, problems=[problem], status=409,
                            extra={"end_errors": [problem.message.get(http.lang())]})
    except InvalidEntry as e:  # the record is full, or a changed rule refuses the round now
        return render_sheet(request, ledger.load(table), token, problems=e.problems, status=409,
                            extra={"end_errors": [p.message.get(http.lang()) for p in e.problems]})
    return redirect(reverse("tables:edit", args=[table.id, token]) + "#sheet")


@require_POST
@edit_link_required
def reopen(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    try:
        ledger.reopen(table.pk)
    except ledger.NotEndedByHand as e:
        problem = Problem("", "not_ended_by_hand", T(
            "La partie s'est terminée selon ses règles : pour la reprendre, annulez sa dernière donne.",
            "The game ended by its own rules: to take it back, undo its last round."))
        return render_sheet(request, e.state, token, problems=[problem], status=409, extra={"end_errors": [problem.message.get(http.lang())]})
    except InvalidEntry as e:  # the record is full (ledger.MAX_EVENTS)
        return render_sheet(request, ledger.load(table), token, problems=e.problems, status=400,
                             extra={"end_errors": [p.message.get(http.lang()) for p in e.problems]})
    return redirect(reverse("tables:edit", args=[table.id, token]) + "#sheet")


@require_POST
@edit_link_required
def rematch(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    """One tap from an ended table: a new one with the same players, options and group, the next dealer first.

    Made once (:func:`ledger.rematch`): a second tap, or another phone holding the edit link, lands on the same
    new table's edit page (its edit token is worked out again from this one). A digital table's seat links are on
    the share screen of the phone that made it (its session), as for any new digital table."""
    from . import digital

    try:
        made, seat_tokens = digital.rematch(table.pk, token)
    except InvalidEntry as e:
        return render_sheet(request, ledger.load(table), token, status=409,
                             extra={"end_errors": [p.message.get(http.lang()) for p in e.problems]})
    new = made.table
    if made.token is None:  # its edit link cannot be worked out again (the group it was made in is gone)
        return redirect(reverse("tables:sheet", args=[new.id]))
    if new.digital:  # played on Atout again: the share screen gives each seat its new link
        return redirect(reverse("tables:share", args=[new.id, made.token]) + "?created=1")
    return redirect(reverse("tables:edit", args=[new.id, made.token]) + "?created=1")


@require_GET
def history(request: HttpRequest, table_id: str) -> HttpResponse:
    return _history(request, get_object_or_404(Table, pk=table_id), None)


@require_GET
@edit_link_required
def edit_history(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    """The history reached from the edit page: the same list, its way back keeps edit mode."""
    return _history(request, table, token)


def _history(request: HttpRequest, table: Table, token: str | None) -> HttpResponse:
    state = ledger.load(table)
    lang = http.lang()
    # Every event in words: rendered once per version (companion.tables.fragments), the record read on a miss only.
    events = fragments.get("history", table, lang, None, lambda _base: render_to_string(
        "tables/_history_list.html", {"events": history_items(state, lang)}))
    back = reverse("tables:edit", args=[table.id, token]) if token else reverse("tables:sheet", args=[table.id])
    return render(request, "tables/history.html", {"table": table, "state": state, "events_html": events,
                                                    "game_name": table.game_name(lang), "back": back,
                                                    "editing": bool(token)})


@require_GET
def export_csv(request: HttpRequest, table_id: str) -> HttpResponse:
    table = get_object_or_404(Table, pk=table_id)
    state = ledger.load(table)
    lang = http.lang()
    group_name = table.group.name if table.group_id else ""
    lines = csv_lines(header(HISTORY, lang), history_rows(state, lang, group_name))
    response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="atout-{table.game}-{table.id}.csv"'
    return response
