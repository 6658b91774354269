"""The JSON API. Same validation as the forms: both go through :mod:`companion.tables.ledger`."""

from __future__ import annotations

import json
import re

from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified, JsonResponse
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods

from companion.games import registry
from companion.kernel import GameOver, InvalidEntry, Problem, T
from companion.web import http

from . import digital, ledger, openapi, polls, sync
from .idempotency import IDEMPOTENCY_KEY, same_entry
from .models import Table
from .presenters import game_payload, state_payload

# "v12", or the table's live ETag "v12-3f9a0c1d" (its names part does not matter to If-Match).
VERSION_TAG = re.compile(r'^\s*(?:W/)?"v(\d{1,9})(?:-[0-9a-f]{8})?"\s*$')


_errors = http.json_errors
_error = http.json_error
read_json = http.read_json


def _table_or_404(table_id: str):
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return None, _error("id", "not_found", T("Table inconnue.", "Unknown table."), 404)
    return table, None


def _authorised(request: HttpRequest, table: Table) -> bool:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return scheme.lower() == "bearer" and table.check_token(token.strip())


def _editable(request: HttpRequest, table_id: str):
    """The table an edit request names, or the answer refusing it (404 unknown table, 401 no Authorization
    header, 403 wrong token)."""
    tbl, err = _table_or_404(table_id)
    if err is None and "Authorization" not in request.headers:
        err = _unauthenticated(T("Jeton de modification absent : envoyez « Authorization: Bearer <jeton> ».",
                                 "Missing edit token: send “Authorization: Bearer <token>”."))
    elif err is None and not _authorised(request, tbl):
        err = _forbidden()
    return tbl, err


def _unauthenticated(message: T) -> JsonResponse:
    """401 with ``WWW-Authenticate: Bearer`` (RFC 9110 §11.6.1): the request carried no credentials at all."""
    response = _error("Authorization", "unauthenticated", message, 401)
    response["WWW-Authenticate"] = 'Bearer realm="atout"'
    return response


def _forbidden() -> JsonResponse:
    return _error("Authorization", "forbidden", T("Jeton de modification faux.", "Wrong edit token."), 403)


@require_GET
def openapi_document(request: HttpRequest) -> JsonResponse:
    """The OpenAPI 3.1 document of this API, generated from the validating code (:mod:`.openapi`)."""
    return JsonResponse(openapi.document())


@require_GET
def games(request: HttpRequest) -> JsonResponse:
    lang = http.lang()
    out = [
        {"slug": g.slug, "name": g.names.get(lang), "min_players": g.info.min_players, "max_players": g.info.max_players}
        for g in registry.scored().values()
    ]
    return JsonResponse(out, safe=False)


@require_GET
def game(request: HttpRequest, slug: str) -> JsonResponse:
    try:
        g = registry.get(slug)
    except ValueError:
        return _error("slug", "unknown_game", T("Jeu inconnu.", "Unknown game."), 404)
    players = request.GET.get("players")
    n = g.info.min_players
    if players is not None:
        if not re.fullmatch(r"[0-9]{1,2}", players) or not g.info.takes(int(players)):
            return _error("players", "player_count", T("Nombre de joueurs hors limites.", "Player count out of range."), 400)
        n = int(players)
    return JsonResponse(game_payload(g, http.lang(), n))


@csrf_exempt
@require_http_methods(["POST"])
def tables(request: HttpRequest) -> JsonResponse:
    body = read_json(request)
    if isinstance(body, JsonResponse):
        return body
    if not isinstance(body, dict):
        return _error("", "not_object", T("Objet JSON attendu.", "Expected a JSON object."), 400)
    unknown = [k for k in body if k not in ("game", "players", "options", "title", "digital", "bots", "bot_level", "pass_and_play")]
    problems = [Problem(k, "unknown_field", T("Champ inconnu : {k}.", "Unknown field: {k}.").format(k=k)) for k in unknown]
    if "game" not in body:
        problems.append(Problem("game", "required", T("Ce champ est obligatoire.", "This field is required.")))
    if "players" not in body:
        problems.append(Problem("players", "required", T("Ce champ est obligatoire.", "This field is required.")))
    if problems:
        return _errors(problems)
    is_digital = body.get("digital", False)
    players = body["players"]
    problems = digital.check_request(body["game"], len(players) if isinstance(players, list) else 0, is_digital,
                                     body.get("bots"))
    level = body.get("bot_level", digital.DEFAULT_LEVEL)
    if level not in digital.LEVELS:
        problems.append(Problem("bot_level", "bad_level", T("Niveau de robot inconnu : « quick » ou « strong ».",
                                                            "Unknown bot level: “quick” or “strong”.")))
    elif "bot_level" in body and not is_digital:
        problems.append(Problem("bot_level", "not_digital", T("Des robots ne jouent qu'à une table jouée sur Atout.",
                                                              "Bots only play at a table played on Atout.")))
    pass_and_play = body.get("pass_and_play", False)
    if not isinstance(pass_and_play, bool):
        problems.append(Problem("pass_and_play", "bad_pass_and_play", T("« pass_and_play » vaut true ou false.",
                                                                        '"pass_and_play" is true or false.')))
    elif pass_and_play and is_digital is not True:
        problems.append(Problem("pass_and_play", "not_digital", T(
            "On ne se passe le téléphone qu'à une table jouée sur Atout (« digital »: true).",
            'Pass-and-play is for a table played on Atout ("digital": true).')))
    try:
        # The table is created with its seats or not at all.
        with transaction.atomic():
            try:
                table, token = ledger.create_table(body["game"], players, body.get("options"), body.get("title", ""))
            except InvalidEntry as e:
                raise InvalidEntry(e.problems + problems) from None
            if problems:
                raise InvalidEntry(problems)
            tokens = digital.enable(table, body.get("bots") or [], level, pass_play=pass_and_play) if is_digital else None
    except InvalidEntry as e:
        return _errors(e.problems)
    return _created(request, table, token, tokens)


def _created(request: HttpRequest, table: Table, token: str | None, seat_tokens: dict[int, str] | None = None,
             status: int = 201, replayed: bool = False) -> JsonResponse:
    """A new table's links (``POST /api/tables`` and the rematch, 201; 200 for a rematch made by an earlier
    request); a digital table's human seats' links when they were just made (their tokens are stored hashed: only
    the answer that made them has them; none for a table played on one phone, whose seats are played on the edit
    link's pass-and-play page). Without ``token`` (a rematch whose edit link cannot be worked out again),
    the read-only link alone."""
    view_url = request.build_absolute_uri(reverse("tables:sheet", args=[table.id]))
    body = {"id": table.id, "view_url": view_url}
    if token is not None:
        body.update(edit_token=token, edit_url=request.build_absolute_uri(reverse("tables:edit", args=[table.id, token])))
    if table.digital or seat_tokens is not None:
        body["digital"] = True
    if seat_tokens is not None:
        body["seats"] = [{**link, "url": request.build_absolute_uri(link["url"])}
                         for link in digital.seat_links(table, seat_tokens)]
    # The tokens are shown once: no cache may keep them.
    headers = {"Cache-Control": "no-store"}
    if replayed:
        headers["Idempotent-Replayed"] = "true"
    return JsonResponse(body, status=status, headers=headers)


def _etag(version: int) -> str:
    return f'"v{version}"'


def _tag_versions(header: str) -> list[int | None]:
    """The versions named by an If-None-Match / If-Match header (``"v12", W/"v13"``); None for ``*`` or junk."""
    out: list[int | None] = []
    for part in header.split(","):
        m = VERSION_TAG.match(part)
        out.append(int(m.group(1)) if m else None)
    return out


@require_GET
def table(request: HttpRequest, table_id: str) -> HttpResponse:
    # Phones poll this every second or so: when nothing changed, one read of the row answers 304 (polls.not_modified).
    fast = polls.not_modified(request, table_id, cache_control="no-cache")
    if fast is not None:
        return fast
    tbl = Table.objects.filter(pk=table_id).first()
    if tbl is None:
        return _error("id", "not_found", T("Table inconnue.", "Unknown table."), 404)
    polls.move_on(tbl)  # a deal due is dealt and a lost bots' task enqueued again, before the tag below
    headers = {"ETag": sync.live_etag(tbl), "Cache-Control": "no-cache"}
    if sync.etag_matches(request.headers.get("If-None-Match"), headers["ETag"]):
        return HttpResponseNotModified(headers=headers)
    return JsonResponse(state_payload(ledger.load(tbl), http.lang()), headers=headers)


def _round_payload(state: ledger.TableState, sheet_round: ledger.SheetRound | None) -> dict | None:
    if sheet_round is None:
        return None
    r = sheet_round.result
    return {"number": r.number, "entry": r.entry, "scores": r.scores,
            "contract": r.contract.key if r.contract else None, "corrected": sheet_round.corrected}


def _round_taken(e: ledger.RoundTaken) -> JsonResponse:
    if e.stored is not None:
        message = T("La donne {n} a déjà été saisie par un autre téléphone ; la prochaine est la donne {next}. "
                    "Rien n'a été enregistré.",
                    "Round {n} was already entered from another phone; the next one is round {next}. "
                    "Nothing was stored.").format(n=e.number, next=e.expected)
    else:
        message = T("La table n'en est qu'à la donne {next} (donne {n} envoyée). Rien n'a été enregistré.",
                    "The table is only at round {next} (round {n} sent). Nothing was stored.").format(
            n=e.number, next=e.expected)
    response = _error("X-Round-Number", "round_taken", message, 409)
    body = json.loads(response.content)
    body.update({"stored": _round_payload(e.state, e.stored), "next_round": e.expected,
                 "version": e.state.table.version, "totals": e.state.sheet.totals})
    return JsonResponse(body, status=409, headers={"ETag": _etag(e.state.table.version)})


def _stale(e: ledger.StaleVersion) -> JsonResponse:
    if e.current is not None:
        message = T("La donne {n} a été modifiée par un autre téléphone depuis la version {v} : voici ses valeurs "
                    "actuelles. Rien n'a été modifié.",
                    "Round {n} was changed from another phone since version {v}: here are its current values. "
                    "Nothing was changed.").format(n=e.current.number, v=e.version)
    else:
        message = T("Cette donne a été supprimée par un autre téléphone depuis la version {v}. Rien n'a été modifié.",
                    "This round was deleted from another phone since version {v}. Nothing was changed.").format(v=e.version)
    response = _error("If-Match", "stale", message, 409)
    body = json.loads(response.content)
    body.update({"current": _round_payload(e.state, e.current), "version": e.state.table.version,
                 "totals": e.state.sheet.totals})
    return JsonResponse(body, status=409, headers={"ETag": _etag(e.state.table.version)})


@csrf_exempt
@require_http_methods(["POST"])
def rounds(request: HttpRequest, table_id: str) -> JsonResponse:
    tbl, err = _editable(request, table_id)
    if err:
        return err
    key = request.headers.get("Idempotency-Key")
    if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
        return _bad_key()
    round_number = request.headers.get("X-Round-Number")
    if round_number is not None:
        if not re.fullmatch(r"[0-9]{1,9}", round_number.strip()) or int(round_number) < 1:
            return _error("X-Round-Number", "bad_round_number", T("Numéro de donne invalide : nombre entier à partir de 1.",
                                                                  "Invalid round number: a whole number from 1."), 400)
        round_number = int(round_number)
    body = read_json(request)
    if isinstance(body, JsonResponse):
        return body
    try:
        state, sheet_round = ledger.add_round(tbl.pk, body, idempotency_key=key, round_number=round_number)
    except ledger.Replayed as r:
        if not same_entry(tbl, key, body):
            return key_reused()
        return JsonResponse(r.response, status=201, headers={"Idempotent-Replayed": "true"})
    except ledger.RoundTaken as e:
        return _round_taken(e)
    except GameOver:
        return _error("", "finished", T("La partie est terminée : plus aucune donne.", "The game is over: no more rounds."), 409)
    except InvalidEntry as e:
        return _errors(e.problems)
    return JsonResponse(ledger.round_payload(state, sheet_round.result), status=201)


def _bad_key() -> JsonResponse:
    return _error("Idempotency-Key", "bad_key", T("Clé d'idempotence invalide (1 à 80 caractères A-Z a-z 0-9 . _ : -).",
                                                   "Invalid Idempotency-Key (1 to 80 characters A-Z a-z 0-9 . _ : -)."), 400)


def key_reused() -> JsonResponse:
    return _error("Idempotency-Key", "key_reused", T(
        "Cette clé d'idempotence a déjà servi pour une autre saisie : rien n'a été enregistré. "
        "Envoyez une nouvelle saisie avec une nouvelle clé.",
        "This Idempotency-Key was already used for a different entry: nothing was stored. "
        "Send a new entry with a new key."), 422)


@csrf_exempt
@require_http_methods(["PUT", "DELETE"])
def round_detail(request: HttpRequest, table_id: str, number: int) -> JsonResponse:
    """Correct (PUT, the new entry as body) or delete (DELETE) the round with that number.

    With ``If-Match: "v<version>"`` the number is read as it was at that version, and the change is refused
    with 409 and the round's current values when that round was corrected or deleted since.
    """
    tbl, err = _editable(request, table_id)
    if err:
        return err
    state = ledger.load(tbl)
    version = None
    if_match = request.headers.get("If-Match")
    if if_match is not None and if_match.strip() != "*":
        versions = _tag_versions(if_match)
        if len(versions) != 1 or versions[0] is None or versions[0] > tbl.version:
            return _error("If-Match", "bad_version", T('If-Match attendu sous la forme "v<version>" d\'une version connue.',
                                                       'If-Match must be "v<version>" of a known version.'), 400)
        version = versions[0]
        seq = ledger.seq_at(state.events, number, version)
        if seq is None:
            return _error("number", "not_found", T("Donne inconnue à cette version.", "Unknown round at that version."), 404)
    else:
        if not 1 <= number <= len(state.rounds):
            return _error("number", "not_found", T("Donne inconnue.", "Unknown round."), 404)
        seq = state.rounds[number - 1].seq
    try:
        if request.method == "PUT":
            body = read_json(request)
            if isinstance(body, JsonResponse):
                return body
            state = ledger.correct_round(tbl.pk, seq, body, version=version)
        else:
            state = ledger.delete_round(tbl.pk, seq, version=version)
    except ledger.StaleVersion as e:
        return _stale(e)
    except LookupError:
        return _error("number", "not_found", T("Donne inconnue.", "Unknown round."), 404)
    except InvalidEntry as e:
        conflict = e.problems and e.problems[0].code in ("breaks_later_round", "ended_last_round")
        return _errors(e.problems, 409 if conflict else 400)
    return JsonResponse(state_payload(state, http.lang()), headers={"ETag": _etag(state.table.version)})


@csrf_exempt
@require_http_methods(["POST"])
def finish(request: HttpRequest, table_id: str) -> JsonResponse:
    tbl, err = _editable(request, table_id)
    if err:
        return err
    try:
        state = ledger.finish(tbl.pk)
    except GameOver:
        return _error("", "finished", T("La partie est déjà terminée.", "The game is already over."), 409)
    except InvalidEntry as e:
        return _errors(e.problems, 409)
    return JsonResponse(state_payload(state, http.lang()))


@csrf_exempt
@require_http_methods(["POST"])
def reopen(request: HttpRequest, table_id: str) -> JsonResponse:
    """Play on a game ended by hand; 409 when it was not (a game ended by its rules: delete its last round)."""
    tbl, err = _editable(request, table_id)
    if err:
        return err
    try:
        state = ledger.reopen(tbl.pk)
    except ledger.NotEndedByHand as e:
        if not e.state.finished:
            message = T("La partie n'est pas terminée : rien à reprendre.", "The game is not over: nothing to reopen.")
        else:
            message = T("La partie s'est terminée selon ses règles : pour la reprendre, supprimez sa dernière donne.",
                        "The game ended by its own rules: to take it back, delete its last round.")
        return _error("", "not_ended_by_hand", message, 409)
    except InvalidEntry as e:  # the record is full (ledger.MAX_EVENTS)
        return _errors(e.problems)
    return JsonResponse(state_payload(state, http.lang()), headers={"ETag": _etag(state.table.version)})


@csrf_exempt
@require_http_methods(["POST"])
def rematch(request: HttpRequest, table_id: str) -> JsonResponse:
    """A new table with the same players, options and group, the first dealer moved on by one: 201 and its links.

    Made once (:func:`ledger.rematch`): every later request gets the same table, 200 (201 with
    ``Idempotent-Replayed: true`` when it repeats the Idempotency-Key of the request that made it), without the
    seats' links of a digital table, which only the first answer holds."""
    tbl, err = _editable(request, table_id)
    if err:
        return err
    key = request.headers.get("Idempotency-Key")
    if key is not None and not IDEMPOTENCY_KEY.fullmatch(key):
        return _bad_key()
    try:
        made, seat_tokens = digital.rematch(tbl.pk, _bearer(request), idempotency_key=key)
    except ledger.KeyReused:
        return key_reused()
    except InvalidEntry as e:
        return _errors(e.problems, 409)
    status = 201 if made.created or made.replayed else 200
    return _created(request, made.table, made.token, seat_tokens, status=status, replayed=made.replayed)


# -- digital play (companion.tables.digital) ----------------------------------------------------------------------
def _bearer(request: HttpRequest) -> str | None:
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def _seat_forbidden() -> JsonResponse:
    return _error("Authorization", "forbidden", T("Jeton de place absent ou faux (le jeton de modification ne joue pour "
                                                  "aucune place).",
                                                  "Missing or wrong seat token (the edit token plays for no seat)."), 403)


def _seat_bound() -> JsonResponse:
    return _error("Authorization", "seat_bound", T(
        "Un téléphone a pris cette place sur sa page : elle ne s'ouvre plus que sur ce téléphone, pas par l'API.",
        "A phone took this seat on its page: it opens on that phone only, not through the API."), 403)


def _api_seat(tbl: Table, token: str):
    """The seat a bearer token opens through the API: its number, or the answer refusing it (403: a wrong token,
    or a seat a phone took on its page — the binding cookie is the second secret the API does not have)."""
    row = digital.seat_row(tbl, token)
    if row is None:
        return None, _seat_forbidden()
    if row.bind_hash:
        return None, _seat_bound()
    return row.seat, None


def _play_answer(body: dict, status: int = 200, secret: bool = False) -> JsonResponse:
    # A seat's view is its own hand: no cache keeps it.
    return JsonResponse(body, status=status, headers={"Cache-Control": "no-store" if secret else "no-cache"})


@csrf_exempt
@require_http_methods(["GET", "POST"])
def play(request: HttpRequest, table_id: str) -> JsonResponse:
    """A digital table's deal: GET the view of the seat whose token is the bearer (the spectators' without one);
    POST ``{"action", "after"}`` to play for that seat."""
    tbl, err = _table_or_404(table_id)
    if err:
        return err
    if not tbl.digital:
        return _error("id", "not_digital", T("Cette table ne se joue pas sur Atout.", "This table is not played on Atout."), 404)
    token = _bearer(request)
    seat = None
    if token is not None:
        seat, refused = _api_seat(tbl, token)
        if refused is not None:
            return refused
    if request.method == "GET":
        # Phones poll it: the live ETag (events, move count, names) names what every view shows; 304 when unchanged.
        polls.move_on(tbl)  # a lost bots' task enqueued again: a poll never leaves the table waiting on them
        if sync.etag_matches(request.headers.get("If-None-Match"), sync.live_etag(tbl)):
            response = HttpResponseNotModified()
        else:
            response = _play_answer(digital.view(tbl, seat, move_bots=False), secret=seat is not None)
        response["ETag"] = sync.live_etag(tbl)  # after the view: it may have dealt a deal
        response["Cache-Control"] = "no-store" if seat is not None else "no-cache"
        return response
    if token is None:
        return _unauthenticated(T("Jeton de place absent : envoyez « Authorization: Bearer <jeton de la place> ».",
                                  "Missing seat token: send “Authorization: Bearer <seat token>”."))
    if seat is None:
        return _seat_forbidden()
    body = read_json(request)
    if isinstance(body, JsonResponse):
        return body
    if not isinstance(body, dict):
        return _error("", "not_object", T("Objet JSON attendu.", "Expected a JSON object."), 400)
    problems = [Problem(k, "unknown_field", T("Champ inconnu : {k}.", "Unknown field: {k}.").format(k=k))
                for k in body if k not in ("action", "after")]
    for k in ("action", "after"):
        if k not in body:
            problems.append(Problem(k, "required", T("Ce champ est obligatoire.", "This field is required.")))
    if problems:
        return _errors(problems)
    try:
        out = digital.play(tbl, seat, body["action"], body["after"])
    except digital.PlayRefused as e:
        return _play_answer({"errors": e.errors, "view": e.view}, status=e.status, secret=True)
    return _play_answer(out, secret=True)


@csrf_exempt
@require_http_methods(["POST"])
def seat_holder(request: HttpRequest, table_id: str, seat: int) -> JsonResponse:
    """``{"bot": true}`` hands a human's seat to a bot, ``{"bot": false}`` takes it back (companion.tables.digital
    .hand_to_bot / take_back: who may, and when). The bearer is a seat token (that seat's own, or another seat's
    while the table waits for this one) or the edit token. 200 the caller's view (a seat's, or the spectators')."""
    tbl, err = _table_or_404(table_id)
    if err:
        return err
    if not tbl.digital:
        return _error("id", "not_digital", T("Cette table ne se joue pas sur Atout.", "This table is not played on Atout."), 404)
    token = _bearer(request)
    if token and tbl.check_token(token):
        by, viewer = digital.EDIT, None
    elif token:
        viewer, refused = _api_seat(tbl, token)
        if refused is not None:
            return refused
        by = viewer
    else:
        return _unauthenticated(T("Jeton absent : envoyez « Authorization: Bearer <jeton de la place ou de "
                                  "modification> ».", "Missing token: send “Authorization: Bearer <seat or edit "
                                  "token>”."))
    body = read_json(request)
    if isinstance(body, JsonResponse):
        return body
    if not isinstance(body, dict):
        return _error("", "not_object", T("Objet JSON attendu.", "Expected a JSON object."), 400)
    problems = [Problem(k, "unknown_field", T("Champ inconnu : {k}.", "Unknown field: {k}.").format(k=k))
                for k in body if k != "bot"]
    if "bot" not in body:
        problems.append(Problem("bot", "required", T("Ce champ est obligatoire.", "This field is required.")))
    elif not isinstance(body["bot"], bool):
        problems.append(Problem("bot", "bad_bot", T("« bot » vaut true ou false.", '"bot" is true or false.')))
    if problems:
        return _errors(problems)
    try:
        if body["bot"]:
            digital.hand_to_bot(tbl, seat, by)
        else:
            digital.take_back(tbl, seat, by)
    except digital.SeatRefused as e:
        return _errors([e.problem], e.status)
    tbl.refresh_from_db()
    return _play_answer(digital.view(tbl, viewer), secret=viewer is not None)
