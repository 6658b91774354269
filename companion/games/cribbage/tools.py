"""The cribbage hand counter: ``POST /api/games/cribbage/show`` and the phone page "Compter une main".

Both read four hand cards, the starter and whether it is the crib, and answer with the rules model's count
(:func:`companion.games.cribbage.rules.count_show`): fifteens, pairs, runs, flush, nobs. A request that cannot be
read (not JSON, not four cards, a joker, a card twice) is a 400 naming the field.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from companion.games.cribbage import rules as cribbage
from companion.kernel import Problem, T
from companion.web.families.cards import cards_from_text
from companion.web.http import lang as _lang
from companion.web.http import read_json
from companion.web.http import safe_back as _safe_back
from companion.web.openapi import COMMON, LANG, body, ref, response


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
    template = "games/cribbage/counter.html#counter" if request.htmx else "games/cribbage/counter.html"
    return render(request, template, ctx, status=400 if errors else 200)


urlpatterns = [
    path("cribbage/compter/", page, name="cribbage-show"),
    path("api/games/cribbage/show", api_show, name="api-cribbage-show"),
]

# What the OpenAPI document says of these routes (companion.tables.openapi gathers every game folder's).
OPENAPI_SCHEMAS = {
    "CribbageHand": {
        "type": "object",
        "required": ["hand", "starter"],
        "additionalProperties": False,
        "properties": {
            "hand": {"type": "array", "minItems": 4, "maxItems": 4, "items": {"type": "string"},
                     "description": "the hand's (or crib's) 4 card codes (\"5H\", \"JD\")"},
            "starter": {"type": "string", "description": "the starter card's code"},
            "crib": {"type": "boolean", "default": False, "description": "a crib scores a flush only with all five cards"},
        },
    },
    "CribbageShow": {
        "type": "object",
        "required": ["points", "fifteens", "pairs", "runs", "flush", "nobs"],
        "properties": {k: {"type": "integer", "minimum": 0} for k in ("points", "fifteens", "pairs", "runs", "flush", "nobs")},
    },
}
OPENAPI_PATHS = {
    "/api/games/cribbage/show": {"post": {
        "summary": "Cribbage hand counter", "operationId": "countCribbageShow", "parameters": [LANG],
        "requestBody": body(ref("CribbageHand")),
        "responses": {"200": response(ref("CribbageShow"), "the count"), **COMMON}}},
}
