"""The Rami lay checker: ``POST /api/games/rami/melds`` and the phone page "Vérifier une pose".

Both read the same request — melds as lists of card codes in table order, whether it is an opening, and whether the
joker counts in an opening (``joker_counts``, the table option of that name; a table's sheet links to the page
with its own) — and
answer with the rules model's verdict (:func:`companion.games.rami.rules.check_lay`). A request that cannot be
read (not JSON, not a list of lists, a code that is no card of the rami pack) is a 400 naming the field; a lay that
breaks the rules is a 200 whose ``problems`` say why.
"""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from companion.families.melds import Lay, Meld
from companion.games.rami import rules as rami
from companion.kernel import Card, CardSyntaxError, Problem, T
from companion.kernel.cards import display
from companion.kernel.text import Text
from companion.web.families.cards import cards_from_text
from companion.web.http import lang as _lang
from companion.web.http import read_json, safe_back
from companion.web.openapi import COMMON, LANG, body, ref, response

MAX_MELDS = 36  # 108 cards make 36 melds of three
MAX_CARDS = rami.DECK_SIZE
FORM_MELDS = 5  # meld fields the page shows at first; one more appears after each check that fills them all
FORM_MAX_MELDS = 12



# How an unknown card is explained: the API takes codes only; the page reads cards as players write them.
API_CARD_HINT = T("codes : 10H, QS, AC, JK pour un joker", "codes: 10H, QS, AC, JK for a joker")
PAGE_CARD_HINT = T("par exemple 10♥, D♠, As♣, Joker ou « dame de pique »", "for example 10♥, Q♠, A♣, Joker or “queen of spades”")


def read_request(body, card_hint: Text = API_CARD_HINT) -> tuple[list[list[Card]], bool, list[Problem]]:
    """The melds and the opening flag of a request body, or every reason it cannot be read (``joker_counts`` is
    read by :func:`read_joker_counts`)."""
    problems: list[Problem] = []
    if not isinstance(body, dict):
        return [], False, [Problem("", "not_object", T("Objet JSON attendu : {\"melds\": [[…]], \"opening\": …}.",
                                                       "Expected a JSON object: {\"melds\": [[…]], \"opening\": …}."))]
    for key in body:
        if key not in ("melds", "opening", "joker_counts"):
            problems.append(Problem(str(key)[:40], "unknown_field", T("Champ inconnu : {k}.", "Unknown field: {k}.").format(k=str(key)[:40])))
    opening = body.get("opening", False)
    if not isinstance(opening, bool):
        problems.append(Problem("opening", "not_bool", T("true ou false attendu.", "Expected true or false.")))
        opening = False
    if not isinstance(body.get("joker_counts", False), bool):
        problems.append(Problem("joker_counts", "not_bool", T("true ou false attendu.", "Expected true or false.")))
    raw = body.get("melds")
    if raw is None:
        problems.append(Problem("melds", "required", T("Ce champ est obligatoire.", "This field is required.")))
        return [], opening, problems
    if not isinstance(raw, list):
        problems.append(Problem("melds", "not_list", T("Liste de combinaisons attendue.", "Expected a list of melds.")))
        return [], opening, problems
    if len(raw) > MAX_MELDS:
        problems.append(Problem("melds", "too_many", T("{n} combinaisons : {k} au plus.", "{n} melds: {k} at most.").format(n=len(raw), k=MAX_MELDS)))
        return [], opening, problems
    melds: list[list[Card]] = []
    total = 0
    for i, meld in enumerate(raw):
        if not isinstance(meld, list):
            problems.append(Problem(f"melds.{i}", "not_list", T("Une combinaison est une liste de cartes.", "A meld is a list of cards.")))
            continue
        total += len(meld)
        if total > MAX_CARDS:
            problems.append(Problem("melds", "too_many", T("Plus de {k} cartes : c'est plus que le jeu entier.",
                                                           "More than {k} cards: more than the whole pack.").format(k=MAX_CARDS)))
            return [], opening, problems
        cards: list[Card] = []
        for j, code in enumerate(meld):
            try:
                card = Card.parse_code(code)
            except CardSyntaxError:
                card = None
            if card is None or not rami.is_rami_card(card):
                shown = code if isinstance(code, str) else json.dumps(code)[:12]
                problems.append(Problem(f"melds.{i}.{j}", "bad_card", T("Carte inconnue : {c} ({h}).", "Unknown card: {c} ({h_en}).").format(
                    c=str(shown)[:40], h=card_hint.fr, h_en=card_hint.en)))
                continue
            cards.append(card)
        melds.append(cards)
    return melds, opening, problems


def read_joker_counts(body) -> bool:
    """Whether the joker counts as the card it stands for in an opening: the request's ``joker_counts``, else the
    table option's default."""
    value = body.get("joker_counts") if isinstance(body, dict) else None
    return value if isinstance(value, bool) else rami.GAME.option("joker_counts").default


def meld_payload(meld: Meld, lang: str, joker_counts: bool = False) -> dict:
    return {
        "cards": [c.code for c in meld.cards],
        "kind": meld.kind,
        "valid": meld.valid,
        "pure": meld.valid and meld.pure,
        "points": meld.points(rami.opening_points(joker_counts)) if meld.valid else 0,
        "description": meld.describe().get(lang),
        "jokers": [
            {
                "index": p.index,
                "stands_for": p.stands_for.code if p.stands_for else None,
                "rank": p.rank.code,
                "suits": [s.value for s in p.suits] if p.stands_for is None else [p.suit.value],
                "can_win_back": meld.won_back and p.stands_for is not None,
            }
            for p in meld.wilds
        ],
        "notes": [n.get(lang) for n in meld.wild_notes()],
        "problems": [p.as_dict(lang) for p in meld.problems],
    }


def lay_payload(lay: Lay, opening: bool, lang: str, joker_counts: bool = False) -> dict:
    return {
        "valid": lay.valid,
        "points": lay.points,
        "opening": opening,
        "joker_counts": joker_counts,
        "opening_minimum": rami.OPENING_MINIMUM,
        "problems": [p.as_dict(lang) for p in lay.problems],
        "melds": [meld_payload(m, lang, joker_counts) for m in lay.melds],
    }


def _bad_request(problems: list[Problem], status: int = 400) -> JsonResponse:
    lang = _lang()
    return JsonResponse({"errors": [p.as_dict(lang) for p in problems]}, status=status)


@csrf_exempt
@require_http_methods(["POST"])
def api_melds(request: HttpRequest) -> JsonResponse:
    body = read_json(request)
    if isinstance(body, JsonResponse):
        return body
    melds, opening, problems = read_request(body)
    if problems:
        return _bad_request(problems)
    joker_counts = read_joker_counts(body)
    return JsonResponse(lay_payload(rami.check_lay(melds, opening, joker_counts), opening, _lang(), joker_counts))


# -- the phone page ------------------------------------------------------------------------------------------

def _form_melds(data) -> list[str]:
    texts = [(data.get(f"meld.{i}") or "").strip()[:200] for i in range(FORM_MAX_MELDS)]
    while texts and not texts[-1]:
        texts.pop()
    return texts


@require_http_methods(["GET", "POST"])
def page(request: HttpRequest) -> HttpResponse:
    lang = _lang()
    texts: list[str] = []
    opening = True
    # The table's house rule comes with the sheet's link (?joker_counts=1), then with the form's checkbox.
    joker_counts = request.GET.get("joker_counts") in ("on", "true", "1")
    verdict = None
    errors: dict[int, list[str]] = {}
    general: list[str] = []
    if request.method == "POST":
        texts = _form_melds(request.POST)
        opening = request.POST.get("opening") in ("on", "true", "1")
        joker_counts = request.POST.get("joker_counts") in ("on", "true", "1")
        filled = [(i, t) for i, t in enumerate(texts) if t]
        body = {"melds": [cards_from_text(t) for _, t in filled], "opening": opening}
        melds, opening, problems = read_request(body, PAGE_CARD_HINT)
        for p in problems:
            parts = p.field.split(".")
            if len(parts) >= 2 and parts[0] == "melds" and parts[1].isascii() and parts[1].isdigit():
                errors.setdefault(filled[int(parts[1])][0], []).append(p.message.get(lang))
            else:
                general.append(p.message.get(lang))
        if filled and not problems:
            lay = rami.check_lay(melds, opening, joker_counts)
            verdict = _verdict(lay, [i for i, _ in filled], lang, joker_counts)
        elif not filled:
            general.append(T("Saisir au moins une combinaison.", "Enter at least one meld.").get(lang))
    shown = max(FORM_MELDS, min(FORM_MAX_MELDS, len(texts) + (1 if texts and all(texts) else 0)))
    texts += [""] * (shown - len(texts))
    by_field = verdict["by_field"] if verdict else {}
    rows = [{"index": i, "name": f"meld.{i}", "number": i + 1, "value": t, "errors": errors.get(i, []),
             "meld": by_field.get(i)} for i, t in enumerate(texts)]
    ctx = {"rows": rows, "opening": opening, "joker_counts": joker_counts, "verdict": verdict, "general": general,
           "opening_minimum": rami.OPENING_MINIMUM, "ranks": PICKER_RANKS,
           "suits": [(code, symbol, name.get(lang)) for code, symbol, name in PICKER_SUITS],
           "back": safe_back(request)}
    template = "games/rami/lay_checker.html#checker" if request.htmx else "games/rami/lay_checker.html"
    status = 400 if request.method == "POST" and (errors or general) else 200
    return render(request, template, ctx, status=status)


def _verdict(lay: Lay, fields: list[int], lang: str, joker_counts: bool = False) -> dict:
    """The lay's verdict for the page: each meld's, by form field, and what concerns the lay as a whole."""
    by_field = {}
    for meld, i in zip(lay.melds, fields, strict=True):
        data = meld_payload(meld, lang, joker_counts)
        data["shown"] = " ".join(display(c, lang) for c in meld.cards)
        by_field[i] = data
    general = []
    own = {id(p) for m in lay.melds for p in m.problems}
    for p in lay.problems:
        if id(p) in own:
            continue
        parts = p.field.split(".")
        if len(parts) == 2 and parts[1].isascii() and parts[1].isdigit():
            by_field[fields[int(parts[1])]]["problems"].append(p.as_dict(lang))
        else:
            general.append(p.message.get(lang))
    return {"valid": lay.valid, "points": lay.points, "by_field": by_field, "problems": general}



# The picker's buttons: API code and what the button shows (French first, as players say the cards).
PICKER_RANKS = [("A", "As"), *[(str(n), str(n)) for n in range(2, 11)], ("J", "V"), ("Q", "D"), ("K", "R")]
PICKER_SUITS = [("S", "♠", T("pique", "spades")), ("H", "♥", T("cœur", "hearts")),
                ("D", "♦", T("carreau", "diamonds")), ("C", "♣", T("trèfle", "clubs"))]


urlpatterns = [
    path("rami/pose/", page, name="rami-melds"),
    path("api/games/rami/melds", api_melds, name="api-rami-melds"),
]

# What the OpenAPI document says of these routes (companion.tables.openapi gathers every game folder's).
OPENAPI_SCHEMAS = {
    "Melds": {
        "type": "object",
        "required": ["melds"],
        "additionalProperties": False,
        "properties": {
            "melds": {"type": "array", "items": {"type": "array", "items": {"type": "string"}},
                      "description": "each meld a list of card codes (\"10H\", \"QS\", \"JK\")"},
            "opening": {"type": "boolean", "default": False},
            "joker_counts": {"type": "boolean", "default": False,
                             "description": "the house rule where a joker in an opening is worth the card it stands "
                                            "for (the table option joker_counts); without it a joker counts 0"},
        },
    },
    "Lay": {
        "type": "object",
        "required": ["valid", "points", "opening", "joker_counts", "opening_minimum", "problems", "melds"],
        "properties": {
            "valid": {"type": "boolean"}, "points": {"type": "integer"}, "opening": {"type": "boolean"},
            "joker_counts": {"type": "boolean"},
            "opening_minimum": {"type": "integer"},
            "problems": {"type": "array", "items": ref("Problem")},
            "melds": {"type": "array", "items": {"type": "object"}},
        },
    },
}
OPENAPI_PATHS = {
    "/api/games/rami/melds": {"post": {
        "summary": "Rami lay checker", "operationId": "checkMelds", "parameters": [LANG],
        "requestBody": body(ref("Melds")),
        "responses": {"200": response(ref("Lay"), "the verdict"), **COMMON}}},
}
