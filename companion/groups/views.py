"""Pages of a group ("cercle"): create, look (tables, leaderboards), players, a new table, CSV out and in.

A group is reached only through its link (``/groups/<id>/``, 128 random bits): nothing lists groups. Every form
is a plain form (POST, redirect after success; the page again with status 400 and the errors otherwise).
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from companion.games import registry
from companion.kernel import InvalidEntry
from companion.kernel.text import fold
from companion.tables.export import csv_lines

# The table-creation form's option helpers: a group table takes the same house rules as any table.
from companion.tables.forms import option_fields, options_from_post, problems_by_field
from companion.tables.models import Table
from companion.tables.share import qr_svg
from companion.web import charts, http

from . import csvio, services, stats, timeline
from .access import table_edit_token
from .history import Filters, load_summaries
from .models import Group, GroupPlayer

PAGE_SIZE = 50
# An uploaded history larger than this is refused before it is read (413). 100 000 rows take about 11 MB;
# reading that many takes a few seconds and under 100 MB of memory.
IMPORT_MAX_BYTES = 16 * 1024 * 1024
SEPARATORS = {";": ";", ",": ","}


def _import_max() -> int:
    return getattr(settings, "GROUP_IMPORT_MAX_BYTES", IMPORT_MAX_BYTES)


def _group(group_id: str) -> Group:
    return get_object_or_404(Group, pk=group_id)


def _problems(problems: list[tuple[str, str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for field, message in problems:
        out.setdefault(field, []).append(message)
    return out


@require_http_methods(["GET", "POST"])
def new_group(request: HttpRequest) -> HttpResponse:
    ctx: dict = {"errors": {}, "name": "", "players": ""}
    if request.method == "POST":
        name = request.POST.get("name", "")
        typed = request.POST.get("players", "")
        try:
            group = services.create_group(name, typed.splitlines())
        except services.GroupError as e:
            ctx.update(errors=_problems(e.problems), name=name, players=typed)
            return render(request, "groups/new.html", ctx, status=400)
        return redirect(reverse("groups:group", args=[group.id]) + "?created=1")
    return render(request, "groups/new.html", ctx)


def _filters(request: HttpRequest) -> tuple[Filters, dict[str, str]]:
    """The page's filters; a value that cannot be read is left out and named in the returned errors."""
    errors: dict[str, str] = {}
    game = request.GET.get("game", "").strip()
    if game and game not in registry.scored():
        errors["game"] = _("Jeu inconnu : %(game)s.") % {"game": game[:40]}
        game = ""
    dates: dict[str, dt.date | None] = {}
    for key in ("since", "until"):
        raw = request.GET.get(key, "").strip()
        dates[key] = None
        if raw:
            try:
                dates[key] = dt.date.fromisoformat(raw)
            except ValueError:
                errors[key] = _("Date attendue au format AAAA-MM-JJ.")
                continue
            if not csvio.YEARS[0] <= dates[key].year <= csvio.YEARS[1]:
                errors[key] = _("Année attendue entre %(lo)d et %(hi)d.") % {"lo": csvio.YEARS[0], "hi": csvio.YEARS[1]}
                dates[key] = None
    player = " ".join(request.GET.get("player", "").split())[:40]
    return Filters(game=game, player=player, since=dates["since"], until=dates["until"]), errors


def _table_row(group: Group, summary, lang: str) -> dict:
    table = summary.table
    return {
        "id": table.id, "game": table.game_name(lang), "slug": table.game,
        "date": timezone.localtime(table.created_at),
        "seats": [{"name": n, "total": t} for n, t in zip(summary.players, summary.totals, strict=True)],
        "rounds": summary.rounds, "finished": summary.finished, "winners": summary.winner_names(),
        "view_url": reverse("tables:sheet", args=[table.id]),
        "edit_url": reverse("tables:edit", args=[table.id, table_edit_token(group.id, table.id)]),
    }


def _int_or_none(raw) -> int | None:
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


def _wins_chart(summaries, names) -> charts.Chart | None:
    wins = timeline.wins_by_month(summaries, names)
    if wins is None:
        return None
    return charts.build(wins.players, wins.running, 0, x_labels=[date_format(m, "N y") for m in wins.months])


def _menu_games(summaries, lang: str) -> list[dict]:
    """The "Nouvelle table" menu, in groups: the games of the circle's tables the page shows (``summaries``, newest
    first: no query of its own), the games French tables play most (:attr:`GameInfo.most_played`), the others by
    name. The first is what the menu shows chosen."""
    scored = registry.scored()
    played: list[str] = []
    for summary in summaries:
        slug = summary.table.game
        if slug in scored and slug not in played:
            played.append(slug)
    popular = sorted((g for g in scored.values() if g.info.most_played and g.slug not in played),
                     key=lambda g: g.info.most_played)
    others = sorted((g for g in scored.values() if not g.info.most_played and g.slug not in played),
                    key=lambda g: fold(g.names.get(lang)))
    groups = [(_("Joués dans ce cercle"), [scored[s] for s in played]), (_("Les plus joués"), popular),
              (_("Autres jeux"), others)]
    return [{"label": label, "games": [{"slug": g.slug, "name": g.names.get(lang)} for g in games]}
            for label, games in groups if games]


@require_GET
def group_page(request: HttpRequest, group_id: str) -> HttpResponse:
    group = _group(group_id)
    lang = http.lang()
    filters, filter_errors = _filters(request)
    names = {p.key: p.name for p in GroupPlayer.objects.filter(group=group)}
    summaries = load_summaries(group, filters)
    boards = stats.by_game(summaries, names)
    scored = registry.scored()
    page = Paginator(summaries, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    for key in ("page", "created", "imported", "skipped"):
        query.pop(key, None)
    share_url = request.build_absolute_uri(reverse("groups:group", args=[group.id]))
    ctx = {
        "group": group, "lang": lang,
        "share_url": share_url,
        "share_qr": qr_svg(share_url, _("Lien du cercle")),
        "players": sorted(names.values(), key=str.casefold),
        "games": [{"slug": g.slug, "name": g.names.get(lang)} for g in scored.values()],
        "menu_games": _menu_games(summaries, lang),
        "filters": filters, "filter_errors": filter_errors, "filtered": any((filters.game, filters.player, filters.since, filters.until)),
        "boards": [{"slug": slug, "name": scored[slug].names.get(lang) if slug in scored else slug,
                    "lowest_wins": rows[0].lowest_wins, "rows": rows}
                   for slug, rows in sorted(boards.items(), key=lambda kv: kv[0])],
        "overall": stats.overall(boards) if len(boards) > 1 else [],
        "page": page, "tables": [_table_row(group, s, lang) for s in page.object_list], "count": len(summaries),
        "query": query.urlencode(),
        "wins_chart": _wins_chart(summaries, names),
        "results": timeline.results_by_player(summaries, names, lang),
        "imported": _int_or_none(request.GET.get("imported")),
        "skipped": _int_or_none(request.GET.get("skipped")),
    }
    return render(request, "groups/group.html", ctx, status=400 if filter_errors else 200)


def _players_page(request, group: Group, errors=None, status=200, values=None, notice: str = "") -> HttpResponse:
    errors, values = errors or {}, values or {}
    seated = services.played(group)
    everyone = list(GroupPlayer.objects.filter(group=group))
    rows = [{"id": p.id, "name": p.name, "value": values.get(p.id, p.name), "errors": errors.get(p.id, []),
             "played": p.key in seated, "others": [o for o in everyone if o.pk != p.pk]}
            for p in everyone]
    ctx = {"group": group, "players": rows, "add_errors": errors.get("add", []), "add_value": values.get("add", ""),
           "notice": notice}
    return render(request, "groups/players.html", ctx, status=status)


def _player_gone(request, group: Group) -> HttpResponse:
    """A player who is not in the group, or no longer (another phone merged or deleted them a moment ago): the
    players page as it now is, saying so, with a 404."""
    return _players_page(request, group, status=404, notice=services.gone_message())


@require_http_methods(["GET", "POST"])
def players(request: HttpRequest, group_id: str) -> HttpResponse:
    group = _group(group_id)
    if request.method == "GET":
        return _players_page(request, group)
    name = request.POST.get("name", "")
    try:
        services.add_player(group, name)
    except services.GroupError as e:
        return _players_page(request, group, {"add": [m for _f, m in e.problems]}, 400, {"add": name})
    return redirect(reverse("groups:players", args=[group.id]))


@require_POST
def rename(request: HttpRequest, group_id: str, player_id: int) -> HttpResponse:
    group = _group(group_id)
    name = request.POST.get("name", "")
    try:
        services.rename_player(group, player_id, name)
    except services.PlayerGone:
        return _player_gone(request, group)
    except services.GroupError as e:
        return _players_page(request, group, {player_id: [m for _f, m in e.problems]}, 400, {player_id: name})
    return redirect(reverse("groups:players", args=[group.id]))


# Rename, merge and delete leave the player's existence to the service, which reads it under the group's lock:
# a check here, before its transaction, could be out of date by the time the service runs.
@require_POST
def merge(request: HttpRequest, group_id: str, player_id: int) -> HttpResponse:
    group = _group(group_id)
    into = _int_or_none(request.POST.get("into"))
    if into is None:
        if not GroupPlayer.objects.filter(group=group, pk=player_id).exists():
            return _player_gone(request, group)
        return _players_page(request, group, {player_id: [_("Choisissez le joueur avec qui fusionner.")]}, 400)
    try:
        services.merge_players(group, player_id, into)
    except services.PlayerGone:
        return _player_gone(request, group)
    except services.GroupError as e:
        return _players_page(request, group, {player_id: [m for _f, m in e.problems]}, 400)
    return redirect(reverse("groups:players", args=[group.id]))


@require_POST
def delete_player(request: HttpRequest, group_id: str, player_id: int) -> HttpResponse:
    group = _group(group_id)
    try:
        services.delete_player(group, player_id)
    except services.PlayerGone:
        return _player_gone(request, group)
    except services.GroupError as e:
        return _players_page(request, group, {player_id: [m for _f, m in e.problems]}, 409)
    return redirect(reverse("groups:players", args=[group.id]))


@require_http_methods(["GET", "POST"])
def new_table(request: HttpRequest, group_id: str) -> HttpResponse:
    group = _group(group_id)
    lang = http.lang()
    slug = (request.POST.get("game") if request.method == "POST" else None) or request.GET.get("game", "")
    scored = registry.scored()
    if slug not in scored:
        games = [{"slug": g.slug, "name": g.names.get(lang), "players": (g.info.min_players, g.info.max_players)}
                 for g in scored.values()]
        status = 400 if slug else 200
        return render(request, "groups/new_table.html", {"group": group, "games": games, "unknown": slug[:40]},
                      status=status)
    game = scored[slug]
    known = [p.name for p in GroupPlayer.objects.filter(group=group)]
    ctx = {"group": group, "game": game, "name": game.names.get(lang), "known": known, "errors": {},
           "seats": range(game.info.max_players)}
    if request.method == "POST":
        typed = [request.POST.get(f"player.{i}", "") for i in range(game.info.max_players)]
        try:
            table, token = services.create_group_table(group, game.slug, [n for n in typed if n.strip()],
                                                       options_from_post(game, request.POST))
        except InvalidEntry as e:
            ctx.update(errors=problems_by_field(e.problems), names=typed, options=option_fields(game, request.POST, lang))
            return render(request, "groups/new_table.html", ctx, status=400)
        return redirect(reverse("tables:edit", args=[table.id, token]) + "?created=1")
    # A starting point: the seats of the group's last table of this game, else of its last table, else its players.
    tables = Table.objects.filter(group=group).order_by("-created_at")
    last = (tables.filter(game=game.slug).values_list("players", flat=True).first()
            or tables.values_list("players", flat=True).first() or known)
    names = list(last)[: game.info.max_players]
    ctx.update(names=names + [""] * (game.info.max_players - len(names)), options=option_fields(game, None, lang))
    return render(request, "groups/new_table.html", ctx)


def _csv_response(lines, filename: str) -> StreamingHttpResponse:
    response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response


def _separator(request: HttpRequest) -> str:
    return SEPARATORS.get(request.GET.get("sep", ";"), ";")


def export_filename(group: Group, kind: str = "", sep: str = ";") -> str:
    """``atout-les-amis-du-jeudi-2025-03-06.csv``: the group's name and today's date; the comma variant ends in
    ``-virgules`` (``-commas`` in English) so that both can sit in one folder. Never the group's id: the file
    gets forwarded, and the id is the key to the whole group."""
    name = slugify(group.name)[:40].strip("-") or "cercle"
    comma = ("-commas" if http.lang().startswith("en") else "-virgules") if sep == "," else ""
    return f"atout-{name}{'-' + kind if kind else ''}-{timezone.localdate().isoformat()}{comma}.csv"


@require_GET
def export_history(request: HttpRequest, group_id: str) -> HttpResponse:
    group = _group(group_id)
    sep = _separator(request)
    lines = csv_lines(csvio.history_header(), csvio.history_rows(group), sep=sep)
    return _csv_response(lines, export_filename(group, sep=sep))


@require_GET
def export_summary(request: HttpRequest, group_id: str) -> HttpResponse:
    group = _group(group_id)
    seats = csvio.summary_seats(group)
    sep = _separator(request)
    lines = csv_lines(csvio.summary_header(seats), csvio.summary_rows(group, seats), sep=sep)
    return _csv_response(lines, export_filename(group, "tables", sep))


def _import_page(request, ctx: dict, status: int = 200) -> HttpResponse:
    ctx.setdefault("name", "")
    ctx["max_mb"] = _import_max() // (1024 * 1024)
    ctx.update(max_tables=csvio.count_text(csvio.MAX_TABLES), max_rows=csvio.count_text(csvio.MAX_ROWS),
               max_problems=csvio.MAX_PROBLEMS, years=csvio.YEARS)
    return render(request, "groups/import.html", ctx, status=status)


def _import(request: HttpRequest, into: Group | None) -> HttpResponse:
    """The import form (GET) and its upload (POST): a new group, or ``into`` an existing one."""
    base = {"into": into}
    if request.method == "GET":
        return _import_page(request, base)
    limit = _import_max()
    too_big = _("Fichier trop volumineux : %(mb)d Mo au plus.") % {"mb": limit // (1024 * 1024)}
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > limit + 64 * 1024:  # refused before the body is read
        return _import_page(request, {**base, "problems": [csvio.LineProblem(None, too_big)]}, 413)
    upload = request.FILES.get("file")
    name = request.POST.get("name", "")
    if upload is None:
        return _import_page(request, {**base, "name": name, "problems": [csvio.LineProblem(None, _("Choisissez un fichier CSV."))]}, 400)
    if upload.size > limit:
        return _import_page(request, {**base, "name": name, "problems": [csvio.LineProblem(None, too_big)]}, 413)
    try:
        parsed = csvio.parse_history(upload.read())
        stored = csvio.store(parsed, name, into=into)
    except csvio.ImportRefused as e:
        return _import_page(request, {**base, "name": name, "problems": e.problems, "more": e.more}, 400)
    return redirect(reverse("groups:group", args=[stored.group.id]) + f"?imported={stored.added}&skipped={stored.skipped}")


@require_http_methods(["GET", "POST"])
def import_history(request: HttpRequest) -> HttpResponse:
    return _import(request, None)


@require_http_methods(["GET", "POST"])
def import_into(request: HttpRequest, group_id: str) -> HttpResponse:
    return _import(request, _group(group_id))
