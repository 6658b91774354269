"""The play pages of a digital table: each seat's own page, pass-and-play on the edit link, the
spectators' page.

Everything about the game comes from the service layer (:mod:`companion.tables.digital`): ``view`` says what a
seat may see, ``play`` makes a move or raises ``PlayRefused`` with the reason and the current state. These views
only lay it out: the cards (the hand, the trick, the tricks taken, the hand sizes) and what the engine's typed
view says in words (:mod:`companion.kernel.view`: the deal's facts, each seat's calls and counts, the prompt, the
moves' labels, the cards set aside). They name no game and read no game's own observation keys:

* ``/tables/<id>/seat/<token>/`` — one seat's page: its hand sorted as the engine sorts it (by suit, colours
  alternating, strongest first), the legal cards as submit buttons of one POST form carrying ``after`` (the
  action number the phone saw), the others disabled, in one row or two (:data:`HAND_ONE_ROW`); the trick on the
  table laid out by seat, each card's place in the trick given to the page script (static/js/atout/table.js
  plays the bots' cards back one by one); whose turn it is and the contract on one line above the hand; the last
  trick, the deal's longer facts and the score sheet in drawers (``<details>``). While a deal is in play the
  page is the phone's screen, no taller (static/css/play.css); at the end of a deal the sheet is under it. Opened first, it asks "Je suis Ben : prendre ma
  place" (a POST, so a link preview takes nothing) and binds the seat to that phone's cookie
  (:func:`digital.claim`); then it wants link and cookie, and another phone gets a 403 page. "Ma place" hands the
  seat to a bot or changes its link.
* ``/tables/<id>/edit/<token>/play/`` — pass-and-play, for the seats with no link of their own
  (``Seat.pass_play``): between two of their turns a screen "Passez le téléphone à Ben" hides the hand; a tap (a
  plain GET form: ``?seat=1&after=12``) shows that seat's hand while it is still its turn at that action number.
  A seat with its own link is never shown there (403).
* ``/tables/<id>/play/`` — the spectators' view: the public view, no hand.

The seat pages and pass-and-play hand the seat the table waits for to a bot (``bot``) and give a seat back
(``back``): POST forms, checked by :func:`digital.hand_to_bot` and :func:`digital.take_back`.

Each page is live the way a score sheet is (static/js/atout/live.js): its ``#live`` box names a ``…/live/`` address
that answers 304 while the table's version is the one on screen, else the page itself, once: one request per
change. A move made with JavaScript on (htmx) answers the ``live`` partial; without it, a redirect to the page
(or the page with the reason, 400/409, for a refused move).

A deal that ends keeps its last trick on screen for each human until they move on ("Donne suivante"): the phone
remembers, in its session, the last deal it saw to its end.
"""

from __future__ import annotations

from collections import Counter

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, override
from django.views.decorators.http import require_GET, require_http_methods

from companion.kernel import InvalidEntry
from companion.kernel.cards import Card, SuitCard, Trump, display
from companion.kernel.errors import CardSyntaxError
from companion.kernel.game import COUNTERCLOCKWISE
from companion.web import http

from . import access, digital, ledger, pages_common, polls, sync
from .models import Seat, Table
from .names import short_names

HAND_ONE_ROW = 8  # cards: more make two rows (at 360 px, eight cards 46 px wide overlap a little)
LINE_CARDS = 2  # a fact of up to this many cards shows on the line above the hand (the template says it too)
# More moves of one kind than this (the engine's words "kind:argument": a coinche's 40 bids) are one list to pick
# from and a button, not a wall of buttons that pushes the table off the screen; the other moves stay buttons.
MANY_MOVES = 9
SEEN = "play-seen"  # session key: {"<table>:<seat or view>": last deal whose end this phone moved on from}


# -- presenting a view ------------------------------------------------------------------------------------------
def card_payload(code: str, lang: str, playable: bool = False) -> dict:
    """A card as the page shows it: ``D♠`` in French (``Q♠`` in English), its name spoken out for screen readers
    ("Dame de pique"), its colour. Codes that are not plain suited cards (tarot trumps) show as the engine spells
    them."""
    try:
        card = Card.parse_code(code)
    except CardSyntaxError:
        return {"code": code, "label": code, "name": code, "red": False, "suit": "", "playable": playable}
    if isinstance(card, SuitCard):
        return {"code": code, "label": display(card, lang), "rank": display(card, lang)[:-1], "symbol": card.suit.symbol,
                "name": card.names(lang), "red": card.suit.is_red, "suit": card.suit.value, "playable": playable}
    en = lang.startswith("en")
    if isinstance(card, Trump):  # tarot: the number, "atout" under it; they sort as a suit of their own
        return {"code": code, "label": str(card.number), "rank": str(card.number), "symbol": "",
                "word": "trump" if en else "atout", "name": f"{'Trump' if en else 'Atout'} {card.number}",
                "red": False, "suit": "T", "playable": playable}
    text = str(card)  # the Excuse, a joker
    return {"code": code, "label": text, "rank": "★", "symbol": "", "word": text.lower(), "name": text, "red": False,
            "suit": "X", "playable": playable}


def _places(n: int, viewer: int, turns_right: bool) -> list[str]:
    """Where each seat sits on screen, seen from ``viewer`` (at the bottom): the next to play on the viewer's
    left when the game turns to the left (clockwise), on the right otherwise; the others across the table."""
    around = {2: ["top"], 3: ["left", "right"], 4: ["left", "top", "right"], 5: ["left", "top-left", "top-right", "right"],
              6: ["left", "top-left", "top", "top-right", "right"]}.get(n)
    if around is None:
        around = [f"p{i}" for i in range(1, n)]
    elif turns_right:
        mirror = {"left": "right", "right": "left", "top-left": "top-right", "top-right": "top-left", "top": "top"}
        around = [mirror[p] for p in around]
    out = [""] * n
    out[viewer] = "bottom"
    for i, place in enumerate(around, start=1):
        out[(viewer + i) % n] = place
    return out


def present(view: dict, game, lang: str, viewer: int | None) -> dict:
    """Template data for the table as ``view`` shows it to ``viewer`` (a seat, or ``None`` for the public), in
    ``lang`` (the words made here through gettext too)."""
    with override(lang):
        return _present(view, game, lang, viewer)


def _present(view: dict, game, lang: str, viewer: int | None) -> dict:
    names = view["names"]
    n = len(names)
    shorts = short_names(names)
    bots = set(view.get("bots") or [])
    stand_ins = set(view.get("stand_ins") or [])
    legal = set(view.get("legal") or [])
    trick = view.get("trick") or {"leader": None, "cards": []}
    tricks = view.get("tricks") or []
    on_table = {seat: code for seat, code in trick["cards"]}
    leader = trick.get("leader")
    # The order the cards on the table were played in (the page script plays a poll's new cards back one by one).
    order = {seat: i for i, (seat, _code) in enumerate(trick["cards"])}
    # A trick just completed stays on the table until the next card is led: everybody sees what fell.
    shown_done = None
    if not trick["cards"] and tricks:
        shown_done = tricks[-1]
        on_table = {seat: code for seat, code in shown_done["cards"]}
        order = {seat: i for i, (seat, _code) in enumerate(shown_done["cards"])}
        leader = shown_done["cards"][0][0] if shown_done["cards"] else None
    turn = view.get("waiting_for")
    places = _places(n, viewer if viewer is not None else 0, game.info.direction == COUNTERCLOCKWISE)
    taken = view.get("taken") or [None] * n
    sizes = view.get("hand_sizes") or [None] * n
    notes = view.get("notes") or [[] for _ in range(n)]
    seats = [{"seat": s, "name": names[s], "short": shorts[s], "bot": s in bots, "stand_in": s in stand_ins,
              "me": s == viewer,
              "turn": s == turn, "place": places[s], "taken": taken[s], "left": sizes[s],
              "card": card_payload(on_table[s], lang) if s in on_table else None, "order": order.get(s),
              "took": shown_done is not None and shown_done.get("taker") == s,
              # What the engine says of the seat: its calls (a bid, a poignée shown), then its counts.
              "calls": [note["text"] for note in notes[s] if note["call"]],
              "notes": [note["text"] for note in notes[s] if not note["call"]]} for s in range(n)]
    last = None
    # "Dernier pli": the trick before the one on the table (before the one just completed, while it is shown).
    before = tricks[:-1] if shown_done is not None else tricks
    if before:
        last = _trick_rows(before[-1], names, lang)
    for s in seats:
        # "0 pli · 13 cartes": French says 0 in the singular.
        counts = []
        if _int(s["taken"]):
            counts.append(ngettext("%(n)s pli", "%(n)s plis", _count(s["taken"])) % {"n": s["taken"]})
        if _int(s["left"]) and not s["me"]:
            counts.append(ngettext("%(n)s carte", "%(n)s cartes", _count(s["left"])) % {"n": s["left"]})
        s["counts"] = counts
    in_hand = set(view.get("hand") or [])
    labels = view.get("labels") or {}
    # A choice of several cards under way (a poignée's trumps): each card of the hand the engine lets the seat
    # pick or put back is the button of that move, the cards picked stand out.
    selection = view.get("selection")
    toggles = selection["toggles"] if selection else {}
    picked = set(selection["cards"]) if selection else set()
    # Moves that are no card of the hand (a bid, a pass, a trump chosen): buttons of their own, in the engine's
    # order and words.
    words = [{"code": a, "label": labels.get(a, a)} for a in view.get("legal") or []
             if a not in in_hand and a not in toggles.values()]
    kinds = Counter(w["code"].partition(":")[0] for w in words if ":" in w["code"])
    many = [kind for kind, n in kinds.items() if n > MANY_MOVES]
    pickers = [[w for w in words if w["code"].partition(":")[0] == kind] for kind in many]
    words = [w for w in words if w["code"].partition(":")[0] not in many]
    hand = [card_payload(code, lang, code in legal or code in toggles) for code in view.get("hand") or []]
    for i, c in enumerate(hand):
        c["new_suit"] = i > 0 and c["suit"] != hand[i - 1]["suit"]
        c["action"] = toggles.get(c["code"], c["code"])
        c["picked"] = c["code"] in picked if selection else None
        if c["code"] in toggles:
            c["name"] = labels.get(toggles[c["code"]], c["name"])  # "Choisir 21", "Reprendre 21"
    aside = view.get("aside")
    # The hand in one row up to HAND_ONE_ROW cards, else in two (the first half above), fanned to fit the phone.
    rows = [hand] if len(hand) <= HAND_ONE_ROW else [hand[:(len(hand) + 1) // 2], hand[(len(hand) + 1) // 2:]]
    my_turn = viewer is not None and turn == viewer
    return {
        "seats": seats, "hand": hand, "hand_rows": rows, "per_row": max((len(r) for r in rows), default=0),
        "leader": leader, "words": words, "pickers": pickers, "phase": view.get("phase") or "",
        # The cards set aside so far in a phase that takes several (to pass, to the écart), as the engine says.
        "aside": {"label": aside["label"], "cards": [card_payload(c, lang) for c in aside["cards"]]}
        if aside and aside["cards"] else None,
        # The cards picked so far in a choice under way, as the engine says (the hand shows them raised too).
        "selection": {"label": selection["label"], "cards": [card_payload(c, lang) for c in selection["cards"]]}
        if selection else None,
        "facts": [{"label": f["label"], "text": f["text"] or "", "cards": [card_payload(c, lang) for c in f["cards"]]}
                  for f in view.get("facts") or []],
        # Facts of more than two cards (a chien, an écart, a poignée) go in a drawer of their own, not on the line.
        "long_facts": any(len(f["cards"]) > LINE_CARDS for f in view.get("facts") or []),
        # A bid or a trump to choose: no card can be played, the hand reads as it is (not greyed).
        "cards_playable": any(c["playable"] for c in hand),
        "hint": (view.get("prompt") or "") if my_turn else "",
        "turn": turn, "turn_name": names[turn] if turn is not None else "",
        "turn_bot": turn in bots, "my_turn": my_turn, "done_trick": shown_done is not None,
        "done_taker": names[shown_done["taker"]] if shown_done and shown_done.get("taker") is not None else "",
        "last_trick": last, "trick_number": len(tricks) + (1 if trick["cards"] else 0),
        "after": view.get("action_number"), "deal": view.get("deal"),
    }


def _count(n: int) -> int:
    """The count that picks a plural form: French says "0 pli", singular (the source strings are French, and
    gettext's rule without a French catalogue is the English one)."""
    return 1 if n == 0 and http.lang().startswith("fr") else n


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _trick_rows(trick: dict, names: list[str], lang: str) -> dict:
    return {"cards": [{"name": names[s], "seat": s, "card": card_payload(code, lang)} for s, code in trick["cards"]],
            "taker": names[trick["taker"]] if trick.get("taker") is not None else "", "taker_seat": trick.get("taker")}


def _deal_end(request: HttpRequest, table: Table, who: str, view: dict, lang: str) -> dict | None:
    """The deal that ended and that this phone has not moved on from yet: its last trick, the manche's scores
    (the round stored for it) and the form to move on; None otherwise."""
    last = view.get("last_trick")
    if not last or last.get("deal") is None:
        return None
    # Over: a later deal is on the table (dealt at once), or the game ended with this one.
    over = last["deal"] < (view.get("deal") or 0) or (view.get("finished") and last["deal"] == view.get("deal"))
    if not over:
        return None
    seen = request.session.get(SEEN, {}).get(f"{table.pk}:{who}", 0)
    if seen >= last["deal"]:
        return None
    return {"deal": last["deal"], "trick": _trick_rows(last, view["names"], lang)}


def _explain_deal_end(end: dict, ctx: dict) -> None:
    """The ended deal in the words of its row of the sheet: the game's one-line summary (the contract made or
    failed and by how much, the bouts…), the row's notes (poignées, petit au bout, belote…) and each column's
    points of this deal (a team's at a game played in partnerships)."""
    row = next((r for r in ctx["rows"]() if r["number"] == end["deal"]), None)
    if row is None:  # the deal's round was undone by hand meanwhile: the last trick only
        return
    end["summary"], end["notes"] = row["summary"], row["notes"]
    end["scores"] = [{"name": p["name"], "points": score} for p, (score, _running) in zip(ctx["players"], row["cells"], strict=True)]


def _contract_name(state: ledger.TableState, number: int | None, lang: str) -> str:
    if number is None:
        return ""
    contract = state.sheet.contract_for(number)
    return contract.name.get(lang) if contract else ""


def _dealer_name(state: ledger.TableState, number: int) -> str:
    dealer = state.sheet.dealer_for(number)
    return state.players[dealer] if dealer is not None else ""


# -- rendering -------------------------------------------------------------------------------------------------
def _render(request: HttpRequest, table: Table, *, mode: str, view: dict, viewer: int | None, token: str | None,
            who: str, message: str = "", status: int = 200, handoff: int | None = None) -> HttpResponse:
    lang = http.lang()
    state = ledger.load(table)
    game = state.game
    if mode == "seat":
        page = reverse("tables:seat", args=[table.id, token])
    elif mode == "pass":
        page = reverse("tables:pass-play", args=[table.id, token])
    else:
        page = reverse("tables:spectate", args=[table.id])
    ctx = pages_common.sheet_ctx(request, state, None, here=page, viewer=viewer if mode == "seat" else None)
    play = present(view, game, lang, viewer)
    end = _deal_end(request, table, who, view, lang)
    if end is not None:
        _explain_deal_end(end, ctx)
    if mode == "seat":
        here = reverse("tables:seat", args=[table.id, token])
        poll = reverse("tables:seat-live", args=[table.id, token])
    elif mode == "pass":
        here = reverse("tables:pass-play", args=[table.id, token])
        poll = reverse("tables:pass-play-live", args=[table.id, token])
        if viewer is not None and handoff is None:
            poll += f"?seat={viewer}&after={view.get('action_number')}"
    else:
        here = reverse("tables:spectate", args=[table.id])
        poll = reverse("tables:spectate-live", args=[table.id])
    ctx.update({
        "mode": mode, "play": play, "viewer": viewer, "viewer_name": view["names"][viewer] if viewer is not None else "",
        "message": message, "here": here, "poll": poll, "deal_end": end, "who": who,
        # While the end of a deal is on screen, the deal line speaks of that deal, not of the next one dealt.
        "deal_number": end["deal"] if end else view.get("deal"),
        "contract_name": _contract_name(state, end["deal"] if end else view.get("deal"), lang),
        "dealer_name": _dealer_name(state, end["deal"]) if end else
        (view["names"][view["dealer"]] if view.get("dealer") is not None else ""),
        "handoff": handoff, "handoff_name": view["names"][handoff] if handoff is not None else "",
        # A deal being played: the page's live checks stay a second apart (static/js/atout/live.js).
        "deal_live": not view.get("finished") and view.get("waiting_for") is not None,
        **_seat_controls(request, view, mode, viewer),
        "sheet_url": reverse("tables:edit", args=[table.id, token]) if mode == "pass" else reverse("tables:sheet", args=[table.id]),
        "history_url": reverse("tables:edit-history", args=[table.id, token]) if mode == "pass"
        else reverse("tables:history", args=[table.id]),
    })
    template = "tables/play.html#live" if request.htmx else "tables/play.html"
    return render(request, template, ctx, status=status)


def _seat_controls(request: HttpRequest, view: dict, mode: str, viewer: int | None) -> dict:
    """What the page says and offers about who holds the seats: the seats a bot holds for their human
    ("tenue par un robot"), the seat the table waits for (to hand to a bot: a form), and on a seat's own page
    whether a bot holds it (to take it back) and its link's renewal; on pass-and-play, the seats it plays that a
    bot holds (to take back)."""
    names = view["names"]
    stand_ins = [s for s in view.get("stand_ins") or []]
    pass_seats = set(view.get("pass_play") or [])
    turn = None if view.get("finished") else _human_turn(view)
    waiting = None
    if turn is not None and turn != viewer and mode != "view":  # the spectators hand no seat over
        # On pass-and-play, a seat this phone plays is handed at any time; any other after ABSENT_AFTER seconds.
        anytime = mode == "pass" and turn in pass_seats
        waiting = {"seat": turn, "name": names[turn], "anytime": anytime}
    return {
        "stand_ins": [{"seat": s, "name": names[s], "mine": s == viewer,
                       "take_back": (mode == "pass" and s in pass_seats) or (mode == "seat" and s == viewer)}
                      for s in stand_ins],
        "me_stand_in": viewer is not None and viewer in stand_ins and mode == "seat",
        "waiting": waiting, "absent_after": digital.ABSENT_AFTER,
        "renewed": mode == "seat" and request.method == "GET" and request.GET.get("renewed") == "1",
    }


def _refused(e) -> str:
    errors = getattr(e, "errors", None) or []
    lang = http.lang()
    out = []
    for err in errors:
        msg = err.get("message") if isinstance(err, dict) else str(err)
        if isinstance(msg, dict):
            msg = msg.get(lang) or msg.get("fr")
        out.append(str(msg))
    return " ".join(out) or _("Ce coup n'a pas été joué.")


def _after(data) -> int | None:
    raw = (data.get("after") or "").strip()
    return int(raw) if raw.isdigit() and len(raw) <= 9 else None


def _etag_answer(request: HttpRequest, table: Table) -> HttpResponse | None:
    """304 when the phone shows the table as it is (the poll's question), None otherwise. The bots are woken
    first if their task was lost (polls.move_on, then digital.move_on): polls are what keeps them going."""
    polls.move_on(table)
    tag = sync.live_etag(table)
    if sync.etag_matches(request.headers.get("If-None-Match"), tag):
        return HttpResponseNotModified(headers={"ETag": tag, "Cache-Control": "no-store"})
    return None


def _live(response: HttpResponse, table: Table) -> HttpResponse:
    response["ETag"] = sync.live_etag(table)
    response["Cache-Control"] = "no-store"
    return response


def _digital_table(table_id: str) -> Table:
    table = get_object_or_404(Table, pk=table_id)
    if not table.digital:
        raise Http404("not a digital table")
    return table


# -- a seat's own page -----------------------------------------------------------------------------------------
def _seat_and_table(table_id: str, token: str) -> tuple[Table, Seat | None]:
    table = _digital_table(table_id)
    return table, digital.seat_row(table, token)


def _seat_refused(request: HttpRequest, table: Table, why: str, name: str = "") -> HttpResponse:
    """403: ``why`` "bad" (a wrong, cut or replaced link) or "taken" (the seat is bound to another phone), said
    plainly with the way to get a new link; the read-only table to go back to."""
    return render(request, "tables/seat_403.html", {"status": 403, "why": why, "name": name,
                                                     "table_url": reverse("tables:sheet", args=[table.id]),
                                                     "spectate_url": reverse("tables:spectate", args=[table.id])},
                  status=403)


def _phone_secret(request: HttpRequest, token: str) -> str | None:
    return request.COOKIES.get(digital.seat_cookie(token))


def _keep_phone(response: HttpResponse, request: HttpRequest, table: Table, token: str, secret: str) -> HttpResponse:
    """The phone's seat secret in its cookie: HttpOnly, SameSite=Lax, Secure over HTTPS, sent to the seat's own
    path only (its page, its poll, its forms), kept :data:`digital.SEAT_COOKIE_AGE` from the last visit."""
    response.set_cookie(digital.seat_cookie(token), secret, max_age=digital.SEAT_COOKIE_AGE,
                        path=reverse("tables:seat", args=[table.id, token]), secure=request.is_secure(),
                        httponly=True, samesite="Lax")
    return response


def _claim_page(request: HttpRequest, table: Table, row: Seat, token: str, status: int = 200) -> HttpResponse:
    """The seat's link opened on a phone that has not taken the seat (nobody has yet): who it is for, and the
    button that takes it on this phone. No card is shown before."""
    lang = http.lang()
    return render(request, "tables/seat_claim.html", {
        "table": table, "name": table.players[row.seat], "here": reverse("tables:seat", args=[table.id, token]),
        "game_name": table.game_name(lang), "spectate_url": reverse("tables:spectate", args=[table.id]),
    }, status=status)


def _seat_access(request: HttpRequest, table_id: str, token: str) -> tuple[Table, Seat | None, HttpResponse | None]:
    """The table and the seat this link opens on this phone, or the answer refusing it: 403 for a wrong link or
    a seat bound to another phone; the claim page for a seat no phone has taken yet (None as the seat)."""
    table, row = _seat_and_table(table_id, token)
    if row is None:
        return table, None, _seat_refused(request, table, "bad")
    if not row.bind_hash:
        return table, None, None
    if not digital.holds(row, _phone_secret(request, token)):
        return table, None, _seat_refused(request, table, "taken", table.players[row.seat])
    return table, row, None


def _seat_page(request: HttpRequest, table: Table, row: Seat, token: str, message: str = "", status: int = 200,
               view: dict | None = None) -> HttpResponse:
    return _live(_render(request, table, mode="seat", view=view if view is not None else digital.view(table, row.seat),
                         viewer=row.seat, token=token, who=str(row.seat), message=message, status=status), table)


@require_http_methods(["GET", "POST"])
def seat(request: HttpRequest, table_id: str, token: str) -> HttpResponse:
    table, row, refused = _seat_access(request, table_id, token)
    if refused is not None:
        return refused
    here = reverse("tables:seat", args=[table.id, token])
    if row is None:  # no phone holds the seat yet: this one may take it, with a tap (a POST)
        unbound = digital.seat_row(table, token)
        if request.method == "POST" and "claim" in request.POST:
            secret = digital.claim(unbound)
            if secret is None:  # another phone was quicker
                return _seat_refused(request, table, "taken", table.players[unbound.seat])
            return _keep_phone(redirect(here), request, table, token, secret)
        return _claim_page(request, table, unbound, token, status=200 if request.method == "GET" else 409)
    who = str(row.seat)
    if request.method == "GET":
        return _keep_phone(_seat_page(request, table, row, token), request, table, token, _phone_secret(request, token))
    if "renew" in request.POST:
        new_token = digital.renew_link(row)
        if new_token is None:
            return _seat_refused(request, table, "bad")
        response = redirect(reverse("tables:seat", args=[table.id, new_token]) + "?renewed=1")
        response.delete_cookie(digital.seat_cookie(token), path=here, samesite="Lax")
        return _keep_phone(response, request, table, new_token, _phone_secret(request, token))
    if "claim" in request.POST:
        pass  # this phone holds the seat already (a second tap): the page
    elif "next" in request.POST:
        _move_on(request, table, who)
    elif "bot" in request.POST or "back" in request.POST:
        refused_hand = pages_common.hand_over(request, table, by=row.seat)
        if refused_hand is not None:
            table.refresh_from_db()
            return _seat_page(request, table, row, token, message=refused_hand.problem.message.get(http.lang()),
                              status=refused_hand.status)
    else:
        try:
            digital.play(table, row.seat, request.POST.get("action", ""), _after(request.POST))
        except digital.PlayRefused as e:
            table.refresh_from_db()
            return _seat_page(request, table, row, token, message=_refused(e), status=e.status, view=e.view)
    table.refresh_from_db()
    if request.htmx:
        return _seat_page(request, table, row, token)
    return redirect(here)


@require_GET
def seat_live(request: HttpRequest, table_id: str, token: str) -> HttpResponse:
    fast = polls.not_modified(request, table_id, seat_token=token, seat_cookie=digital.seat_cookie(token),
                              digital_only=True)
    if fast is not None:
        return fast
    table, row, refused = _seat_access(request, table_id, token)
    if refused is not None:
        return refused
    if row is None:  # the claim page is no live page
        return _seat_refused(request, table, "bad")
    polls.remember_seat(table.pk, token, row.pk)  # link and binding checked: the next polls take the fast way
    request.htmx = False  # the whole page: the phone keeps it for offline use
    return _etag_answer(request, table) or _seat_page(request, table, row, token)


def _move_on(request: HttpRequest, table: Table, who: str) -> None:
    """This phone has seen the end of the deal: the next one shows (the number posted, not guessed)."""
    raw = request.POST.get("next", "")
    if raw.isdigit() and len(raw) <= 9:
        seen = dict(request.session.get(SEEN, {}))
        key = f"{table.pk}:{who}"
        seen[key] = max(seen.get(key, 0), int(raw))
        request.session[SEEN] = seen


# -- spectators ------------------------------------------------------------------------------------------------
@require_http_methods(["GET", "POST"])
def spectate(request: HttpRequest, table_id: str) -> HttpResponse:
    table = _digital_table(table_id)
    if request.method == "POST":  # only "Donne suivante": a spectator plays nothing
        _move_on(request, table, "view")
        if not request.htmx:
            return redirect(reverse("tables:spectate", args=[table.id]))
    return _live(_render(request, table, mode="view", view=digital.view(table, None), viewer=None, token=None,
                         who="view"), table)


@require_GET
def spectate_live(request: HttpRequest, table_id: str) -> HttpResponse:
    fast = polls.not_modified(request, table_id, digital_only=True)
    if fast is not None:
        return fast
    table = _digital_table(table_id)
    request.htmx = False
    return _etag_answer(request, table) or _live(_render(
        request, table, mode="view", view=digital.view(table, None), viewer=None, token=None, who="view"), table)


# -- pass-and-play on the edit link ----------------------------------------------------------------------------
def _human_turn(view: dict) -> int | None:
    turn = view.get("waiting_for")
    return turn if turn is not None and turn not in set(view.get("bots") or []) else None


def _pass_turn(view: dict) -> int | None:
    """The seat to play when this phone plays it: a human's seat played on pass-and-play (not one with its own
    link, nor one a bot holds)."""
    turn = _human_turn(view)
    return turn if turn is not None and turn in set(view.get("pass_play") or []) else None


def _own_link(view: dict, seat: int | None) -> bool:
    """``seat`` is a human's seat with its own link: its hand shows on its own phone only, never here."""
    if seat is None or not 0 <= seat < len(view["names"]):
        return False
    original_bots = set(view.get("bots") or []) - set(view.get("stand_ins") or [])
    return seat not in original_bots and seat not in set(view.get("pass_play") or [])


def _not_here(view: dict, seat: int) -> str:
    return _("La place de %(name)s a son propre lien : son jeu ne s'affiche que sur son téléphone, jamais ici.") % {
        "name": view["names"][seat]}


def _pass_page(request: HttpRequest, table: Table, token: str, shown: int | None, shown_after: int | None,
               message: str = "", status: int = 200, refused_view: dict | None = None) -> HttpResponse:
    """The hand of the seat to play when this phone was handed to it (``shown`` at ``shown_after``), else the
    screen that says whom to hand it to; the table alone when no seat of this phone is to play. A seat with its own
    link is never shown here (403 when asked for)."""
    public = refused_view if refused_view is not None and shown is None else digital.view(table, None)
    if _own_link(public, shown):
        return _render(request, table, mode="pass", view=public, viewer=None, token=token, who="pass",
                       message=_not_here(public, shown), status=403, handoff=_pass_turn(public))
    turn = _pass_turn(public)
    if turn is not None and shown == turn and shown_after == public.get("action_number"):
        view = refused_view if refused_view is not None else digital.view(table, turn)
        return _render(request, table, mode="pass", view=view, viewer=turn, token=token, who="pass", message=message,
                       status=status)
    return _render(request, table, mode="pass", view=public, viewer=None, token=token, who="pass", message=message,
                   status=status, handoff=turn)


def _shown(data) -> tuple[int | None, int | None]:
    raw = (data.get("seat") or "").strip()
    return (int(raw) if raw.isdigit() and len(raw) <= 3 else None), _after(data)


@require_http_methods(["GET", "POST"])
@access.edit_link_required
def pass_play(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    if not table.digital:
        raise Http404("not a digital table")
    if request.method == "GET":
        return _live(_pass_page(request, table, token, *_shown(request.GET)), table)
    shown, after = _shown(request.POST)
    nxt = None
    if "next" in request.POST:
        _move_on(request, table, "pass")
    elif "bot" in request.POST or "back" in request.POST:
        refused = pages_common.hand_over(request, table, by=digital.EDIT)
        if refused is not None:
            table.refresh_from_db()
            return _live(_pass_page(request, table, token, None, None, message=refused.problem.message.get(http.lang()),
                                    status=refused.status), table)
    else:
        public = digital.view(table, None)
        if _own_link(public, shown):
            return _live(_pass_page(request, table, token, shown, None), table)  # 403, said plainly
        turn = _pass_turn(public)
        if shown is None or shown != turn:
            # The hand on screen is not the one to play any more (another phone, a bot was quicker): say so.
            return _live(_pass_page(request, table, token, None, None, message=_("Ce n'est plus le tour de ce jeu : "
                                    "voici la table telle qu'elle est."), status=409), table)
        try:
            digital.play(table, shown, request.POST.get("action", ""), after)
        except digital.PlayRefused as e:
            table.refresh_from_db()
            view = e.view
            if e.status == 400:  # illegal: the same hand again, with the reason
                return _live(_pass_page(request, table, token, shown, view.get("action_number"), message=_refused(e),
                                        status=400, refused_view=view), table)
            return _live(_pass_page(request, table, token, None, None, message=_refused(e), status=e.status), table)
        table.refresh_from_db()
        # The same player again (the others are bots): no need to hand the phone over.
        after_move = digital.view(table, None)
        nxt = shown if _pass_turn(after_move) == shown else None
        after = after_move.get("action_number")
    table.refresh_from_db()
    if request.htmx:
        return _live(_pass_page(request, table, token, nxt, after), table)
    url = reverse("tables:pass-play", args=[table.id, token])
    if nxt is not None:
        url += f"?seat={nxt}&after={after}"
    return redirect(url)


@require_GET
def pass_play_live(request: HttpRequest, table_id: str, token: str) -> HttpResponse:
    fast = polls.not_modified(request, table_id, edit_token=token, digital_only=True)
    return fast if fast is not None else _pass_play_live(request, table_id, token)


@access.edit_link_required
def _pass_play_live(request: HttpRequest, table: Table, token: str) -> HttpResponse:
    if not table.digital:
        raise Http404("not a digital table")
    request.htmx = False
    return _etag_answer(request, table) or _live(_pass_page(request, table, token, *_shown(request.GET)), table)


# -- creating a digital table ----------------------------------------------------------------------------------
BOT_LEVELS = ("quick", "strong")
PHONES = ("each", "one")  # "Chacun son téléphone" (each human seat its own link), "Un seul téléphone pour tous"


def form_state(post) -> dict:
    """What the new-table form's digital part shows: the toggle, each seat's bot box, the bots' level, and whether
    each player plays on their own phone or all on one."""
    post = post or {}
    level = post.get("bot_level") if post.get("bot_level") in BOT_LEVELS else "strong"
    phones = post.get("phones") if post.get("phones") in PHONES else "each"
    return {"on": post.get("digital") in ("on", "true", "1"), "level": level, "phones": phones,
            "bots": [post.get(f"bot.{i}") in ("on", "true", "1") for i in range(12)]}


def create_digital(request: HttpRequest, game, names: list[str], options: dict) -> tuple[Table, str]:
    """A table played on Atout: created like any table, then its seats (bots where toggled), each human seat with
    a link of its own or all of them played on the edit link's pass-and-play page ("Un seul téléphone pour tous").
    No seat's token is kept anywhere: the share screen issues each seat's link when it is shown (hashed, as the
    edit token). Raises InvalidEntry as ledger.create_table does, and when no seat is left to a human."""
    players, bots = bot_seats(request.POST, names)
    problems = digital.check_request(game.slug, len(players), True, bots)
    if problems:  # said together with the players' own problems (too few, a name twice)
        raise InvalidEntry(problems + game.check_players(players))
    state = form_state(request.POST)
    with transaction.atomic():
        table, token = ledger.create_table(game.slug, players, options)
        digital.enable(table, bots, state["level"], pass_play=state["phones"] == "one")
    return table, token


def bot_seats(post, names: list[str]) -> tuple[list[str], list[int]]:
    """The players of the new-table form with a bot toggled on a seat: a bot seat left without a name is called
    "Robot 2" (its seat number); returns the names kept (empty seats dropped, as the plain form does) and the bots'
    seats among them."""
    players, bots = [], []
    for i, name in enumerate(names):
        is_bot = post.get(f"bot.{i}") in ("on", "true", "1")
        if is_bot and not name.strip():
            name = _("Robot %(n)s") % {"n": i + 1}
        if name.strip():
            if is_bot:
                bots.append(len(players))
            players.append(name)
    return players, bots
