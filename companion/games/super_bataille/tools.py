"""The Super-bataille trick calculator: ``POST /api/games/super-bataille/trick`` and the phone page "Calculer un pli".

Both ask the rules model (:func:`companion.games.super_bataille.rules.trick`). The API takes card codes, a ``null``
for a seat out of the game; the page asks only each player's rank, since suits never count in a war game, and
gives the cards suits itself (the first ♠, then ♥, ♦, ♣), so that a fifth card of one rank, or a third joker, is
refused as the pack would refuse it. A request that cannot be computed is a 400 naming the field and the seat.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from companion.games.super_bataille import rules as sb
from companion.kernel import InvalidEntry, Problem, T
from companion.web.http import lang as _lang
from companion.web.http import read_json
from companion.web.openapi import COMMON, LANG, body, ref, response

KEYS = ("turned", "batailles", "ace_cards")
SUITS = ("S", "H", "D", "C")
DEFAULT_PLAYERS = 3
MAX_BATAILLES = sb.DECK_SIZE // 2  # each bataille lays at least two face-up cards
# What the page offers for each card, weakest first: (rank code, label).
RANKS = [("2", "2"), ("3", "3"), ("4", "4"), ("5", "5"), ("6", "6"), ("7", "7"), ("8", "8"), ("9", "9"), ("10", "10"),
         ("J", T("V", "J")), ("Q", T("D", "Q")), ("K", T("R", "K")), ("A", T("As", "A")), ("JK", T("Joker", "Joker"))]



def _errors(problems: list[Problem], status: int = 400) -> JsonResponse:
    lang = _lang()
    return JsonResponse({"errors": [p.as_dict(lang) for p in problems]}, status=status)


def compute(body) -> tuple[sb.Trick | None, list[Problem]]:
    """The trick for a request body, or every reason it cannot be computed."""
    if not isinstance(body, dict):
        return None, [Problem("", "not_object", T("Objet JSON attendu : {\"turned\": […], \"batailles\": […]}.",
                                                  "Expected a JSON object: {\"turned\": […], \"batailles\": […]}."))]
    problems = [Problem(str(k)[:40], "unknown_field", T("Champ inconnu : {k}.", "Unknown field: {k}.").format(k=str(k)[:40]))
                for k in body if k not in KEYS]
    if "turned" not in body:
        problems.append(Problem("turned", "required", T("Ce champ est obligatoire.", "This field is required.")))
    batailles = body.get("batailles")
    if "batailles" in body and batailles is None:
        problems.append(Problem("batailles", "not_list", T("Liste de batailles attendue (vide s'il n'y en a pas).",
                                                           "Expected a list of batailles (empty if none).")))
    if isinstance(batailles, list) and len(batailles) > MAX_BATAILLES:
        problems.append(Problem("batailles", "too_many", T("{n} batailles : {k} au plus avec {d} cartes.",
                                                           "{n} batailles: {k} at most with {d} cards.").format(
            n=len(batailles), k=MAX_BATAILLES, d=sb.DECK_SIZE)))
    if problems:
        return None, problems
    try:
        return sb.trick(body["turned"], batailles, body.get("ace_cards", sb.ACE_CARDS)), []
    except InvalidEntry as e:
        return None, e.problems


@csrf_exempt
@require_http_methods(["POST"])
def api_trick(request: HttpRequest) -> JsonResponse:
    body = read_json(request)
    if isinstance(body, JsonResponse):
        return body
    result, problems = compute(body)
    if result is None:
        # The API has no names: a player is his index in "turned", counted from 0 as the request counts them.
        turned = body.get("turned") if isinstance(body, dict) else None
        seats = len(turned) if isinstance(turned, list) else 0
        word = T("joueur {i}", "player {i}").get(_lang())
        return _errors([p.named([word.format(i=i) for i in range(seats)]) for p in problems])
    return JsonResponse(result.as_dict())


# -- the phone page ------------------------------------------------------------------------------------------------

def _players(data) -> list[str]:
    """The names the page shows: ``p`` given by the table's link, else "Joueur 1" … for ``n`` players."""
    names = [n.strip()[:40] for n in data.getlist("p") if n.strip()][: sb.MAX_PLAYERS]
    if len(names) >= sb.MIN_PLAYERS:
        return names
    try:
        n = int(data.get("n") or DEFAULT_PLAYERS)
    except ValueError:
        n = DEFAULT_PLAYERS
    n = min(max(n, sb.MIN_PLAYERS), sb.MAX_PLAYERS)
    word = T("Joueur {i}", "Player {i}").get(_lang())
    return [word.format(i=i + 1) for i in range(n)]


class _Suits:
    """Gives each rank its suits in turn, so that the page's ranks become distinct codes."""

    def __init__(self):
        self.used: dict[str, int] = {}

    def code(self, rank: str) -> str:
        k = self.used.get(rank, 0)
        self.used[rank] = k + 1
        if rank == "JK":
            return "JK"
        return rank + SUITS[k] if k < len(SUITS) else rank + "S"  # the fifth one is a duplicate: refused


def _rank(raw) -> str | None:
    raw = (raw or "").strip()
    return raw if raw in {r for r, _ in RANKS} else None


@require_http_methods(["GET", "POST"])
def page(request: HttpRequest) -> HttpResponse:
    lang = _lang()
    data = request.POST if request.method == "POST" else request.GET
    names = _players(data)
    n = len(names)
    ace_cards = sb.ACE_HIGH_TRIBUTE if data.get("ace_cards") == str(sb.ACE_HIGH_TRIBUTE) else sb.ACE_CARDS
    turned_ranks = [_rank(data.get(f"turned.{s}")) for s in range(n)]
    bataille_ranks: list[list[str | None]] = []
    for k in range(MAX_BATAILLES):
        row = [_rank(data.get(f"bataille.{k}.{s}")) for s in range(n)]
        if not any(row):
            break
        bataille_ranks.append(row)
    result, general, by_seat = None, [], {}
    if request.method == "POST":
        suits = _Suits()
        turned = [suits.code(r) if r else None for r in turned_ranks]
        batailles = [[suits.code(r) if r else None for r in row] for row in bataille_ranks]
        result, problems = compute({"turned": turned, "batailles": batailles, "ace_cards": ace_cards})
        for p in (p.named(names) for p in problems):
            if p.code == "too_many_copies":
                p = Problem(p.field, p.code, T("Plus de cartes de cette hauteur que le jeu n'en a (4, 2 jokers).",
                                               "More cards of one rank than the pack holds (4, 2 jokers)."))
            if p.seat is not None and p.field == "turned":
                by_seat.setdefault(p.seat, []).append(p.message.get(lang))
            else:
                general.append(p.message.get(lang))
    rows = []
    for s, name in enumerate(names):
        rows.append({"seat": s, "name": name, "turned": turned_ranks[s] or "", "errors": by_seat.get(s, []),
                     "batailles": [row[s] or "" for row in bataille_ranks],
                     "adds": result.adds[s] if result else None,
                     "winner": result is not None and result.winner == s,
                     "tied": result is not None and s in result.tied})
    pending = result is not None and result.winner is None
    ctx = {"rows": rows, "names": names, "ranks": [(code, label.get(lang) if hasattr(label, "get") else label)
                                                   for code, label in RANKS],
           "result": result, "pending": pending, "general": general, "ace_cards": ace_cards,
           "ace_high": sb.ACE_HIGH_TRIBUTE, "bataille_count": len(bataille_ranks),
           "winner_name": names[result.winner] if result and result.winner is not None else None,
           "tied_names": [names[s] for s in result.tied] if result else [],
           "back": _safe_back(request)}
    status = 400 if request.method == "POST" and result is None else 200
    template = "games/super-bataille/calculator.html#calculator" if request.htmx else "games/super-bataille/calculator.html"
    return render(request, template, ctx, status=status)


def _safe_back(request: HttpRequest) -> str | None:
    back = request.GET.get("back") or request.POST.get("back") or ""
    return back if back.startswith("/") and not back.startswith("//") and len(back) < 300 else None


urlpatterns = [
    path("super-bataille/pli/", page, name="war-trick"),
    path("api/games/super-bataille/trick", api_trick, name="api-war-trick"),
]

# What the OpenAPI document says of these routes (companion.tables.openapi gathers every game folder's).
OPENAPI_SCHEMAS = {
    "WarTrickRequest": {
        "type": "object",
        "required": ["turned"],
        "additionalProperties": False,
        "properties": {
            "turned": {"type": "array", "minItems": 2, "maxItems": 8,
                       "items": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                       "description": "the card each seat turned up (\"JS\", \"4H\", \"JK\"), null for a seat out of "
                                      "the game"},
            "batailles": {"type": "array", "items": {"type": "array", "items": {"anyOf": [{"type": "string"},
                                                                                          {"type": "null"}]}},
                          "description": "each bataille's face-up cards, a code exactly at the tied seats"},
            "ace_cards": {"enum": [1, 14], "default": 1, "description": "cards a beaten Ace brings"},
        },
    },
    "WarTrick": {
        "type": "object",
        "required": ["winner", "tied", "adds", "won"],
        "properties": {
            "winner": {"anyOf": [{"type": "integer"}, {"type": "null"}],
                       "description": "the seat that takes the trick; null while a bataille is pending"},
            "tied": {"type": "array", "items": {"type": "integer"}, "description": "who plays the next bataille"},
            "adds": {"type": "array", "items": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                     "description": "cards each seat added from his pile (null for a seat out of the game)"},
            "won": {"type": "integer", "description": "cards the winner takes (pending: the cards on the table)"},
        },
    },
}
OPENAPI_PATHS = {
    "/api/games/super-bataille/trick": {"post": {
        "summary": "Super-bataille trick calculator", "operationId": "superBatailleTrick", "parameters": [LANG],
        "requestBody": body(ref("WarTrickRequest")),
        "responses": {"200": response(ref("WarTrick"), "who takes the trick and how many cards"), **COMMON}}},
}
