"""The cribbage hand counter: ``POST /api/games/cribbage/show`` and the phone page "Compter une main".

Both read four hand cards, the starter and whether it is the crib, and answer with the rules model's count
(:func:`companion.games.cribbage.rules.count_show`): fifteens, pairs, runs, flush, nobs. A request that cannot be
read (not JSON, not four cards, a joker, a card twice) is a 400 naming the field.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from companion.games.cribbage import rules as cribbage
from companion.kernel import Problem, T

from .api import read_json
from .gameforms.rami import cards_from_text
from .lay_checker import _safe_back


def _lang() -> str:
    return get_language() or "fr"


def read_request(body) -> tuple[dict | None, list[Problem]]:
    """``{"hand": [cards], "starter": card, "crib": bool}`` read, or every reason it cannot be."""
    if not isinstance(body, dict):
        return None, [Problem("", "not_object", T("Objet JSON attendu : {\"hand\": […], \"starter\": …, \"crib\": …}.",
                                                  "Expected a JSON object: {\"hand\": […], \"starter\": …, \"crib\": …}."))]
    problems: list[Problem] = []
    for key in body:
        if key not in ("hand", "starter", "crib"):
            problems.append(Problem(str(key)[:40], "unknown_field", T("Champ inconnu : {k}.", "Unknown field: {k}.").format(k=str(key)[:40])))
    crib = body.get("crib", False)
    if not isinstance(crib, bool):
        problems.append(Problem("crib", "not_bool", T("true ou false attendu.", "Expected true or false.")))
    hand = None
    if body.get("hand") is None:
        problems.append(Problem("hand", "required", T("Ce champ est obligatoire.", "This field is required.")))
    else:
        hand = cribbage.read_cards(body["hand"], "hand", None, problems)
    starter = None
    if body.get("starter") is None:
        problems.append(Problem("starter", "required", T("Ce champ est obligatoire.", "This field is required.")))
    else:
        starter = cribbage.parse_card(body["starter"])
        if starter is None:
            problems.append(Problem("starter", "bad_card", T("Carte de départ inconnue : une carte du jeu de 52, sans joker.",
                                                             "Unknown starter: a card of the 52-card pack, no joker.")))
    if hand is not None and starter is not None and len({*hand, starter}) < cribbage.KEPT + 1:
        problems.append(Problem("hand", "card_twice", T("Une carte deux fois : un seul jeu de 52 cartes.",
                                                        "A card twice: one 52-card pack.")))
    if problems:
        return None, problems
    return cribbage.count_show(hand, starter, crib=crib).as_dict(), []


@csrf_exempt
@require_http_methods(["POST"])
def api_show(request: HttpRequest) -> JsonResponse:
    body = read_json(request)
    if isinstance(body, JsonResponse):
        return body
    show, problems = read_request(body)
    if problems:
        lang = _lang()
        return JsonResponse({"errors": [p.as_dict(lang) for p in problems]}, status=400)
    return JsonResponse(show)


@require_http_methods(["GET", "POST"])
def page(request: HttpRequest) -> HttpResponse:
    lang = _lang()
    values = {"hand": "", "starter": "", "crib": False}
    show = None
    errors: dict[str, list[str]] = {}
    if request.method == "POST":
        values = {"hand": (request.POST.get("hand") or "")[:200], "starter": (request.POST.get("starter") or "")[:40],
                  "crib": request.POST.get("crib") in ("on", "true", "1")}
        starter = cards_from_text(values["starter"])
        body = {"hand": cards_from_text(values["hand"]), "starter": starter[0] if len(starter) == 1 else values["starter"] or None,
                "crib": values["crib"]}
        show, problems = read_request(body)
        for p in problems:
            errors.setdefault(p.field or "hand", []).append(p.message.get(lang))
    ctx = {"values": values, "show": show, "errors": errors, "back": _safe_back(request),
           "impossible": cribbage.IMPOSSIBLE_HANDS, "max_hand": cribbage.MAX_HAND}
    template = "tables/cribbage_show.html#counter" if request.htmx else "tables/cribbage_show.html"
    return render(request, template, ctx, status=400 if errors else 200)
