"""The rulebook: the list of games (with filters), one page per game, and the search.

Plain server-rendered pages, no JavaScript needed, cacheable for a few minutes by the browser and the
service worker (they vary only with the language, chosen by cookie or Accept-Language).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from companion.games import registry
from companion.kernel.cards import DECK_NAMES
from companion.kernel.errors import UnknownGame
from companion.kernel.game import FAMILIES, GameInfo
from companion.web import http

from . import book
from . import search as rulebook_search

CACHE_SECONDS = 300
MAX_SLUG = 80


def _cacheable(response: HttpResponse) -> HttpResponse:
    patch_cache_control(response, public=True, max_age=CACHE_SECONDS)
    patch_vary_headers(response, ("Accept-Language", "Cookie"))
    return response


def _deck_name(key: str, lang: str) -> str:
    names = DECK_NAMES.get(key)
    return names[lang] if names else key


def has_sheet(slug: str) -> bool:
    """Whether Atout keeps the score of this game (it has a :class:`Game` in the registry)."""
    return slug in registry.scored()


def has_digital_play(slug: str) -> bool:
    """Whether the game can be dealt and played on screen: its :meth:`Game.new_deal` gives a deal."""
    game = registry.scored().get(slug)
    if game is None:
        return False
    return game.new_deal(game.info.min_players, game.default_options()) is not None


def _game_row(info: GameInfo, lang: str) -> dict:
    return {
        "slug": info.slug, "name": info.names.get(lang), "summary": info.summary.get(lang),
        "min": info.min_players, "max": info.max_players,
        "decks": [_deck_name(d, lang) for d in info.decks],
        "family": FAMILIES[info.family].get(lang) if info.family in FAMILIES else info.family,
        "sheet": has_sheet(info.slug),
        "digital": has_digital_play(info.slug),
        # Where the game comes from: a classic that variants build on, or a variant and the classic it is played like.
        "classic": info.classic,
        "based_on": _based_on(info.based_on, lang),
    }


def _based_on(slug: str, lang: str) -> dict | None:
    if not slug or slug not in registry.catalog():
        return None
    return {"slug": slug, "name": registry.info(slug).names.get(lang)}


def _player_range() -> range:
    infos = registry.catalog().values()
    lo = min((i.min_players for i in infos), default=2)
    hi = max((i.max_players for i in infos), default=2)
    return range(lo, hi + 1)


def _filters(params, lang: str) -> tuple[dict, dict[str, str]]:
    """The filters asked for, and a message per field that could not be read."""
    chosen: dict = {"players": None, "deck": "", "family": ""}
    errors: dict[str, str] = {}
    players = params.get("players", "").strip()
    if players:
        allowed = _player_range()
        if players.isascii() and players.isdigit() and len(players) <= 2 and int(players) in allowed:
            chosen["players"] = int(players)
        else:
            errors["players"] = _("Nombre de joueurs : un nombre entre %(lo)s et %(hi)s.") % {
                "lo": allowed.start, "hi": allowed.stop - 1}
    deck = params.get("deck", "").strip()
    if deck:
        if deck in DECK_NAMES:
            chosen["deck"] = deck
        else:
            errors["deck"] = _("Jeu de cartes : choisir dans la liste.")
    family = params.get("family", "").strip()
    if family:
        if family in FAMILIES:
            chosen["family"] = family
        else:
            errors["family"] = _("Famille : choisir dans la liste.")
    return chosen, errors


def matches(info: GameInfo, players: int | None = None, deck: str = "", family: str = "") -> bool:
    """Whether a game fits the list's filters."""
    if players is not None and not info.takes(players):
        return False
    if deck and deck not in info.decks:
        return False
    return not (family and info.family != family)


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    lang = http.lang()
    chosen, errors = _filters(request.GET, lang)
    games = [_game_row(info, lang) for info in registry.catalog().values() if matches(info, **chosen)]
    ctx = {
        "games": games, "chosen": chosen, "errors": errors,
        "filtered": any(v for v in chosen.values()),
        "player_choices": list(_player_range()),
        "deck_choices": [(key, names[lang]) for key, names in DECK_NAMES.items()],
        "family_choices": [(key, label.get(lang)) for key, label in FAMILIES.items()],
        "max_query": rulebook_search.MAX_QUERY,
    }
    if errors:
        return render(request, "rulebook/index.html", ctx, status=400)
    return _cacheable(render(request, "rulebook/index.html", ctx))


def _suggested_games(query: str, lang: str) -> list[dict]:
    """The games a mistyped name probably meant ("barbou" → Le barbu), for the unknown-game page."""
    slugs: list[str] = []
    for sug in rulebook_search.search(query, lang, limit=1).suggestions:
        slugs.extend(s for s in sug.games if s not in slugs)
    return [{"name": registry.info(s).names.get(lang), "url": reverse("rulebook:game", args=[s])} for s in slugs]


def _unknown(request: HttpRequest, slug: str) -> HttpResponse:
    guess = slug.replace("-", " ")[: rulebook_search.MAX_QUERY]
    ctx = {"slug": slug[:MAX_SLUG], "guess": guess, "max_query": rulebook_search.MAX_QUERY,
           "maybe": _suggested_games(guess, http.lang()) if len(slug) <= MAX_SLUG else []}
    return render(request, "rulebook/unknown.html", ctx, status=404)


@require_safe
def game(request: HttpRequest, slug: str) -> HttpResponse:
    if len(slug) > MAX_SLUG:
        return _unknown(request, slug)
    try:
        canonical = registry.resolve(slug)
    except UnknownGame:
        return _unknown(request, slug)
    if canonical != slug:
        return redirect("rulebook:game", canonical)
    lang = http.lang()
    info = registry.info(canonical)
    entry = book.entry(canonical, lang)
    # The HTML comes from the project's own content files and model tables (cells escaped by the renderer).
    sections = [{"key": s.key, "anchor": s.anchor, "title": s.title, "menu": s.menu, "html": mark_safe(s.html)}
                for s in entry.sections]
    ctx = {
        "entry": entry, "info": info, "game": _game_row(info, lang), "sections": sections,
        "content_lang": entry.content_lang or lang,
        "scored": has_sheet(canonical),
        "max_query": rulebook_search.MAX_QUERY,
        # Opened from a table (``?back=``, its page's address): a way back to it, kept by the search box too.
        "back": http.safe_back(request), "search_game": canonical,
        # Model tables (cells escaped when serialised): the scoring numbers first, on one screen.
        "essentials": mark_safe(book.essentials_html(info, lang)), "essentials_title": book.ESSENTIALS.get(lang),
    }
    return _cacheable(render(request, "rulebook/game.html", ctx))


@require_safe
def guide(request: HttpRequest) -> HttpResponse:
    """The common page every game's page relies on: first dealer, direction of play, the rulebook's choices."""
    page = book.guide(http.lang())
    sheets = [_game_row(info, http.lang()) for slug, info in registry.catalog().items() if has_sheet(slug)]
    ctx = {"guide": page, "html": mark_safe(page.html),  # the project's own content file
           "sheets": sheets, "max_query": rulebook_search.MAX_QUERY}
    return _cacheable(render(request, "rulebook/guide.html", ctx))


@require_safe
def search(request: HttpRequest) -> HttpResponse:
    lang = http.lang()
    q = request.GET.get("q", "")
    q = " ".join(q.split())
    back = http.safe_back(request)
    ctx: dict = {"q": q, "found": None, "results": [], "suggestions": [], "message": "",
                 "max_query": rulebook_search.MAX_QUERY, "back": back}
    status = 200
    # The game the search was made from (its page, or a table's): its passages first.
    here = request.GET.get("jeu", "").strip()
    if here:
        try:
            ctx["search_game"] = here = registry.resolve(here[:MAX_SLUG])
        except UnknownGame:
            ctx["message"] = _("Jeu : « %(slug)s » n'est pas un jeu d'Atout.") % {"slug": here[:MAX_SLUG]}
            return render(request, "rulebook/search.html", ctx, status=400)
    keep = "?" + urlencode({"back": back}) if back else ""
    if not q:
        ctx["message"] = _("Tapez un mot ou deux : « rami sec », « excuse », « pioche »…")
    elif len(q) > rulebook_search.MAX_QUERY:
        ctx["q"] = q[: rulebook_search.MAX_QUERY]
        ctx["message"] = _("Recherche trop longue : %(n)s caractères au plus.") % {"n": rulebook_search.MAX_QUERY}
        status = 400
    else:
        found = rulebook_search.search(q, lang, game=here or None)
        ctx["found"] = found
        ctx["results"] = [{
            "url": (reverse("rulebook:guide") if r.doc.slug == book.GUIDE
                    else reverse("rulebook:game", args=[r.doc.slug]) + keep) + f"#{r.doc.anchor}",
            "game": r.doc.game, "section_title": r.doc.section_title, "title": r.doc.title,
            "snippet": r.snippet,
        } for r in found.results]
        ctx["suggestions"] = [{
            "query": sug.query, "url": reverse("rulebook:search") + "?" + urlencode(
                {"q": sug.query, **({"jeu": here} if here else {}), **({"back": back} if back else {})}),
            "games": [{"name": registry.info(slug).names.get(lang), "url": reverse("rulebook:game", args=[slug])}
                      for slug in sug.games],
        } for sug in found.suggestions]
        if not found.terms:
            ctx["message"] = _("Tapez un mot ou deux : « rami sec », « excuse », « pioche »…")
    response = render(request, "rulebook/search.html", ctx, status=status)
    return _cacheable(response) if status == 200 else response
