"""The pages of a digital table (issue 15): each seat's own page, pass-and-play on the edit link, the spectators.

Everything about the game comes from the service layer (:mod:`companion.tables.digital`): ``view`` says what a
seat may see, ``play`` makes a move or raises ``PlayRefused`` with the reason and the current state. These views
only lay it out:

* ``/tables/<id>/seat/<token>/`` — one seat's page: its hand sorted as the engine sorts it (by suit, colours
  alternating, strongest first), the legal cards as submit buttons of one POST form carrying ``after`` (the
  action number the phone saw), the others disabled; the trick on the table laid out by seat; the last trick in
  a ``<details>``; whose turn it is; the score sheet under it. Opened first, it asks "Je suis Ben : prendre ma
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

Each page is live the way a score sheet is (static/js/atout.js): its ``#live`` box names a ``…/live/`` address
that answers 304 while the table's version is the one on screen, else the page itself, once: one request per
change. A move made with JavaScript on (htmx) answers the ``live`` partial; without it, a redirect to the page
(or the page with the reason, 400/409, for a refused move).

A deal that ends keeps its last trick on screen for each human until they move on ("Donne suivante"): the phone
remembers, in its session, the last deal it saw to its end.
"""

from __future__ import annotations

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, ngettext, override
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from companion.games.chasse_coeur.rules import PASS_CARDS as CHASSE_PASS
from companion.games.chasse_coeur.rules import PASS_OFFSET as CHASSE_OFFSET
from companion.kernel import InvalidEntry
from companion.kernel.cards import Card, SuitCard, Trump, display
from companion.kernel.errors import CardSyntaxError
from companion.kernel.game import COUNTERCLOCKWISE

from . import digital, ledger, sync
from .models import Seat, Table
from .names import short_names
from .views import _bad_edit_link, _sheet_ctx

SEEN = "play-seen"  # session key: {"<table>:<seat or view>": last deal whose end this phone moved on from}


def _lang() -> str:
    return get_language() or "fr"


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


_SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# The engines' words (their module docstrings), said as players say them: (French, English).
_WORDS = {
    "pass": ("Passer", "Pass"), "bid": ("Annonce", "Bid"), "take": ("", ""), "trump": ("Atout", "Trumps"),
    "garde": ("garde", "garde"), "petite": ("petite", "petite"), "prise": ("prise", "prise"),
    "garde_sans": ("garde sans", "garde sans"), "garde_contre": ("garde contre", "garde contre"),
    "call": ("Appeler", "Call"), "chelem": ("Annoncer le chelem", "Announce a slam"),
    "poignee": ("Poignée", "Poignée"), "simple": ("simple", "single"), "double": ("double", "double"),
    "triple": ("triple", "triple"),
    # L'hombre: the three bids (also its contracts), the exchange closed.
    "prendre": ("prendre", "prendre"), "sans_prendre": ("sans prendre", "sans prendre"), "vole": ("vole", "vole"),
    "done": ("Piocher au talon", "Draw from the talon"),
    # Belote à trois.
    "belote": ("Belote !", "Belote!"), "announce": ("Annoncer", "Announce"),
}
# Whole moves said otherwise on a button than word by word (the phase can change what a word means).
_BUTTONS = {
    "take": ("Prendre", "Take"),  # belote, first round: the retourne's suit
    "belote": ("Annoncer « Belote »", "Say “Belote”"),
    "announce": ("Déclarer mes annonces", "Declare my announcements"),
    "done": ("Fini : piocher au talon", "Done: draw from the talon"),
}
_PHASE_BUTTONS = {
    ("chelem", "pass"): ("Pas de chelem", "No slam"),
}


def action_label(action: str, lang: str) -> str:
    """A move that is no card (``"pass"``, ``"bid:3"``, ``"take:garde"``, ``"trump:S"``) in words ("Passer",
    "Annonce 3", "Garde", "Atout ♠"): the words a
    game's engine uses are ASCII, the page says them in the player's language; a word it does not know is shown as
    the engine spells it."""
    en = lang.startswith("en")
    head, _sep, rest = str(action).partition(":")
    if head == "bid" and rest in _WORDS:  # l'hombre's "bid:sans_prendre" is said "Sans prendre"
        return action_label(rest, lang)
    parts = []
    for word in str(action).split(":"):
        if word in _SUIT_SYMBOL:
            parts.append(_SUIT_SYMBOL[word])
        elif word in _WORDS:
            parts.append(_WORDS[word][1 if en else 0])
        elif (card := _card_or_none(word)) is not None:  # a card named in a move: "call:KH"
            parts.append(card_payload(card.code, lang)["label"])
        else:
            parts.append(word.replace("-", " ").replace("_", " "))
    label = " ".join(p for p in parts if p)  # "take:garde" is said "Garde", as players bid
    return label[:1].upper() + label[1:]


def button_label(action: str, lang: str, phase: str = "") -> str:
    """The words on a move's button: as :func:`action_label` says it, but a whole move where players say it so
    ("Prendre", "Pas de chelem", "Montrer une poignée simple", "2 plis" for a bid of tricks)."""
    en = lang.startswith("en")
    if (phase, action) in _PHASE_BUTTONS:
        return _PHASE_BUTTONS[(phase, action)][1 if en else 0]
    if action in _BUTTONS:
        return _BUTTONS[action][1 if en else 0]
    head, _sep, rest = action.partition(":")
    if head == "bid" and rest.isdigit():  # Rikiki, Motton: a number of tricks
        n = int(rest)
        return ngettext("%(n)s pli", "%(n)s plis", _count(n)) % {"n": n}
    if head == "poignee" and rest in _WORDS:
        return _("Montrer une poignée %(size)s") % {"size": _WORDS[rest][1 if en else 0]}
    if head == "call" and (card := _card_or_none(rest)) is not None:  # the hint says "Appelez un roi": "Roi ♦"
        return f"{card.names(lang).split()[0]} {card_payload(card.code, lang)['symbol']}"
    return action_label(action, lang)


def _card_or_none(word: str):
    try:
        return Card.parse_code(word)
    except CardSyntaxError:
        return None


def _cards(codes, lang: str) -> list[dict]:
    return [card_payload(c, lang) for c in codes if isinstance(c, str)] if isinstance(codes, list) else []


def _seat_bids(view: dict, n: int, lang: str) -> list[str]:
    """Each seat's last bid, when the view lists bids (or a belote's or l'hombre's ``calls``) as ``[seat, action]``
    pairs, or one entry a seat."""
    bids = view.get("bids") if view.get("bids") is not None else view.get("calls")
    out = [""] * n
    if not isinstance(bids, list):
        return out
    if all(isinstance(b, list | tuple) and len(b) == 2 and isinstance(b[0], int) and 0 <= b[0] < n for b in bids):
        for seat, bid in bids:
            out[seat] = action_label(bid, lang)
    elif len(bids) == n:  # one entry a seat: a word, a number of tricks (Rikiki), or None before it speaks
        out = [action_label(b, lang) if isinstance(b, str)
               else action_label(f"bid:{b}", lang) if isinstance(b, int) and not isinstance(b, bool) else "" for b in bids]
    return out


def _poignees(view: dict, n: int, lang: str) -> list[str]:
    """Per seat, the poignée it showed ("Poignée simple"), from ``{"seat", "size"}`` items or ``[seat, size, …]``."""
    out = [""] * n
    for p in view.get("poignees") or []:
        seat, size = (p.get("seat"), p.get("size")) if isinstance(p, dict) else (p[0], p[1]) if isinstance(p, list | tuple) and len(p) >= 2 else (None, None)
        if isinstance(seat, int) and 0 <= seat < n and isinstance(size, str):
            out[seat] = action_label(f"poignee:{size}", lang)
    return out


def _places(n: int, viewer: int, turns_right: bool) -> list[str]:
    """Where each seat sits on screen, seen from ``viewer`` (at the bottom): the next to play on the viewer's
    left when the game turns to the left (clockwise), on the right otherwise; the others across the table."""
    around = {3: ["left", "right"], 4: ["left", "top", "right"], 5: ["left", "top-left", "top-right", "right"],
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
    # A trick just completed stays on the table until the next card is led: everybody sees what fell.
    shown_done = None
    if not trick["cards"] and tricks:
        shown_done = tricks[-1]
        on_table = {seat: code for seat, code in shown_done["cards"]}
    turn = view.get("waiting_for")
    places = _places(n, viewer if viewer is not None else 0, game.info.direction == COUNTERCLOCKWISE)
    taken = view.get("taken") or [None] * n
    sizes = view.get("hand_sizes") or [None] * n
    seats = [{"seat": s, "name": names[s], "short": shorts[s], "bot": s in bots, "stand_in": s in stand_ins,
              "me": s == viewer,
              "turn": s == turn, "place": places[s], "taken": taken[s], "left": sizes[s],
              "card": card_payload(on_table[s], lang) if s in on_table else None,
              "took": shown_done is not None and shown_done.get("taker") == s} for s in range(n)]
    last = None
    # "Dernier pli": the trick before the one on the table (before the one just completed, while it is shown).
    before = tricks[:-1] if shown_done is not None else tricks
    if before:
        last = _trick_rows(before[-1], names, lang)
    bids = _seat_bids(view, n, lang)
    shown_poignees = _poignees(view, n, lang)
    notes = _seat_notes(view, n, lang)
    for s in seats:
        s["bid"] = bids[s["seat"]]
        s["poignee"] = shown_poignees[s["seat"]]
        s["notes"] = notes[s["seat"]]
        # "0 pli · 13 cartes": French says 0 in the singular.
        counts = []
        if _int(s["taken"]):
            counts.append(ngettext("%(n)s pli", "%(n)s plis", _count(s["taken"])) % {"n": s["taken"]})
        if _int(s["left"]) and not s["me"]:
            counts.append(ngettext("%(n)s carte", "%(n)s cartes", _count(s["left"])) % {"n": s["left"]})
        s["counts"] = counts
    in_hand = set(view.get("hand") or [])
    phase = view.get("phase") if isinstance(view.get("phase"), str) else ""
    # Moves that are no card of the hand (a bid, a pass, a trump chosen): buttons of their own, in the engine's order.
    words = [{"code": a, "label": button_label(a, lang, phase)} for a in view.get("legal") or [] if a not in in_hand]
    trump = view.get("trump")
    # The card turned up for trumps (Rikiki, Motton; the belote's retourne), public.
    turned = view.get("turned") if isinstance(view.get("turned"), str) else view.get("retourne")
    contract = view.get("contract")
    hand = [card_payload(code, lang, code in legal) for code in view.get("hand") or []]
    # A passing phase (Chasse-cœur): the cards this seat has set aside so far, which way they go.
    passing = phase == "pass"
    set_aside = [card_payload(code, lang) for code in view.get("set_aside") or []] if passing else []
    direction = view.get("pass") if passing and view.get("pass") in ("left", "right", "across") else ""
    for i, c in enumerate(hand):
        c["new_suit"] = i > 0 and c["suit"] != hand[i - 1]["suit"]
    taker = view.get("taker") if isinstance(view.get("taker"), int) else view.get("ombre")
    taker = taker if isinstance(taker, int) and not isinstance(taker, bool) and 0 <= taker < n else None
    my_turn = viewer is not None and turn == viewer
    return {
        "seats": seats, "hand": hand, "words": words, "passing": passing, "set_aside": set_aside,
        "pass_direction": direction, "phase": phase,
        # Tarot: the taker, the chien once turned up, the taker's own écart, the king called, the poignées shown.
        "taker": names[taker] if taker is not None else "",
        "chien": _cards(view.get("chien"), lang), "ecart": _cards(view.get("ecart"), lang),
        "called": _called(view.get("called"), lang),
        "trump": _SUIT_SYMBOL.get(trump, "") if isinstance(trump, str) else "",
        "turned": card_payload(turned, lang) if isinstance(turned, str) and turned else None,
        "contract": action_label(contract, lang) if isinstance(contract, str) else "",
        "facts": _facts(view, names, lang, viewer),
        # A bid or a trump to choose: no card can be played, the hand reads as it is (not greyed).
        "cards_playable": any(c["playable"] for c in hand),
        "hint": _hint(view, lang, viewer) if my_turn else "",
        "turn": turn, "turn_name": names[turn] if turn is not None else "",
        "turn_bot": turn in bots, "my_turn": my_turn, "done_trick": shown_done is not None,
        "done_taker": names[shown_done["taker"]] if shown_done and shown_done.get("taker") is not None else "",
        "last_trick": last, "trick_number": len(tricks) + (1 if trick["cards"] else 0),
        "after": view.get("action_number"), "deal": view.get("deal"),
    }


def _count(n: int) -> int:
    """The count that picks a plural form: French says "0 pli", singular (the source strings are French, and
    gettext's rule without a French catalogue is the English one)."""
    return 1 if n == 0 and _lang().startswith("fr") else n


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ints(view: dict, key: str, n: int) -> list | None:
    values = view.get(key)
    return values if isinstance(values, list) and len(values) == n and all(_int(v) for v in values) else None


def _seat_notes(view: dict, n: int, lang: str) -> list[list[str]]:
    """Per seat, the public counts a game keeps besides its tricks: Vicaire's race (where the seat stands, the
    total it aims at), the points taken so far (Chasse-cœur), the hearts and the Q♠ taken (Pétasse), the cards
    put down in l'hombre's exchange."""
    out: list[list[str]] = [[] for _ in range(n)]
    race, targets = _ints(view, "race_now", n), _ints(view, "targets", n)
    if race and targets:
        for s in range(n):
            out[s].append(_("course %(now)s → %(target)s") % {"now": race[s], "target": targets[s]})
    if (points := _ints(view, "points", n)) and view.get("phase") != "pass":
        for s in range(n):
            out[s].append(ngettext("%(n)s point", "%(n)s points", _count(points[s])) % {"n": points[s]})
    if hearts := _ints(view, "hearts_taken", n):
        for s in range(n):
            if hearts[s]:
                out[s].append(f"{hearts[s]} ♥")
    queen = view.get("queen_of_spades")
    if _int(queen) and 0 <= queen < n:
        out[queen].append(card_payload("QS", lang)["label"])
    if (down := _ints(view, "discarded", n)) and view.get("phase") in ("exchange", "play"):
        for s in range(n):
            if down[s]:
                out[s].append(ngettext("%(n)s échangée", "%(n)s échangées", _count(down[s])) % {"n": down[s]})
    belote = view.get("belote")
    if _int(belote) and 0 <= belote < n:
        out[belote].append(_("Rebelote") if view.get("rebelote") else _("Belote"))
    return out


def _fact(label: str, text: str = "", cards: list | None = None) -> dict:
    return {"label": label, "text": text, "cards": cards or []}


def _facts(view: dict, names: list[str], lang: str, viewer: int | None) -> list[dict]:
    """The deal's public facts, each where a player looks for it, in the order they are settled: the contract and
    its taker, the trump, the card turned up, the king called, the talon, the chien once shown, the bids' total,
    announcements; then what only this seat knows of its own (the écart it made, the cards it passed)."""
    n = len(names)
    out: list[dict] = []
    taker = view.get("taker") if _int(view.get("taker")) else view.get("ombre")
    contract = view.get("contract")
    if _int(taker) and 0 <= taker < n:
        text = names[taker]
        if isinstance(contract, str) and contract:
            text = f"{names[taker]} · {action_label(contract, lang)}"
        out.append(_fact(_("Preneur"), text))
    elif isinstance(contract, str) and contract:
        out.append(_fact(_("Contrat"), action_label(contract, lang)))
    trump = view.get("trump")
    if view.get("no_trump"):
        out.append(_fact(_("Atout"), _("sans atout")))
    elif isinstance(trump, str) and trump in _SUIT_SYMBOL:
        out.append(_fact(_("Atout"), _SUIT_SYMBOL[trump]))
    turned = view.get("turned") if isinstance(view.get("turned"), str) else view.get("retourne")
    if isinstance(turned, str) and turned:
        out.append(_fact(_("Retournée"), cards=[card_payload(turned, lang)]))
    called = _called(view.get("called"), lang)
    if called:
        partner = view.get("partner")
        # Said in words, not drawn as a card: the king called is no card shown (its holder stays unknown).
        text = f"{called['label']} · {names[partner]}" if _int(partner) and 0 <= partner < n else called["label"]
        out.append(_fact(_("Roi appelé"), text))
    if view.get("chelem_announced"):
        out.append(_fact(_("Chelem"), _("annoncé")))
    bids = view.get("bids")
    cards = view.get("cards")
    if isinstance(bids, list) and len(bids) == n and _int(cards) and any(_int(b) for b in bids):
        made = sum(b for b in bids if _int(b))
        out.append(_fact(_("Annonces"), ngettext("%(bid)s pour %(n)s pli", "%(bid)s pour %(n)s plis", _count(cards))
                         % {"bid": made, "n": cards}))
    if _int(view.get("talon_size")) and view.get("phase") in ("bid", "trump", "exchange"):
        out.append(_fact(_("Talon"), ngettext("%(n)s carte", "%(n)s cartes", _count(view["talon_size"]))
                         % {"n": view["talon_size"]}))
    if _int(view.get("pot")) and view.get("pot"):
        out.append(_fact(_("Pot"), ngettext("%(n)s jeton", "%(n)s jetons", _count(view["pot"])) % {"n": view["pot"]}))
    chien = _cards(view.get("chien"), lang)
    if chien:
        out.append(_fact(_("Chien"), cards=chien))
    elif _int(view.get("chien_size")) and view.get("phase") == "play" and "bids" not in view:
        # Tarot taré: the chien stays unseen until the last trick takes it.
        out.append(_fact(_("Chien"), ngettext("%(n)s carte, cachée", "%(n)s cartes, cachées", _count(view["chien_size"]))
                         % {"n": view["chien_size"]}))
    shown = _cards(view.get("ecart_shown"), lang)
    if shown:
        out.append(_fact(_("Atouts écartés"), cards=shown))
    for item in view.get("poignees") or []:  # tarot: the trumps shown with a poignée are public
        if isinstance(item, dict) and _int(item.get("seat")) and 0 <= item["seat"] < n and item.get("cards"):
            out.append(_fact(_("Poignée de %(name)s") % {"name": names[item["seat"]]}, cards=_cards(item["cards"], lang)))
    petit = view.get("petit_sec")
    if _int(petit) and 0 <= petit < n:
        out.append(_fact(_("Petit sec"), _("%(name)s : donne annulée") % {"name": names[petit]}))
    if _int(view.get("hands_passed")) and view.get("phase") == "play":
        # Tarot lorrain: after each trick every hand goes to the left; a seat plays another hand each trick.
        out.append(_fact(_("Jeux passés à gauche"), str(view["hands_passed"])))
    for item in view.get("announcements") or []:
        if isinstance(item, dict) and _int(item.get("seat")) and 0 <= item["seat"] < n:
            out.append(_fact(_("Annonce de %(name)s") % {"name": names[item["seat"]]},
                             ngettext("%(n)s point", "%(n)s points", _count(item.get("points") or 0)) % {"n": item.get("points") or 0},
                             _cards(item.get("cards"), lang)))
    if viewer is not None:
        ecart = _cards(view.get("ecart"), lang)
        if ecart and view.get("phase") != "ecart":
            out.append(_fact(_("Votre écart"), cards=ecart))
        mine = _cards(view.get("my_discards"), lang)
        if mine:
            out.append(_fact(_("Vos cartes échangées"), cards=mine))
        passed = _cards(view.get("passed") if isinstance(view.get("passed"), list) else None, lang)
        if passed:
            out.append(_fact(_("Vous avez passé"), cards=passed))
    return out


def _hint(view: dict, lang: str, viewer: int | None) -> str:
    """What the seat to play is asked for now, in words, when it is not a card for the trick: the cards to pass
    or to put down (and how many are left to choose), a bid, a trump, a king to call."""
    phase = view.get("phase")
    if phase == "pass":
        left = max(CHASSE_PASS - len(view.get("set_aside") or []), 0)
        where = view.get("pass")
        names = view.get("names") or []
        if viewer is not None and where in CHASSE_OFFSET and names:
            to = names[(viewer + CHASSE_OFFSET[where]) % len(names)]
            goes = _("Elles iront à %(name)s.") % {"name": to}
            return f"{_where_hint(where, left)} {goes}"
        return _where_hint(where, left)
    return _other_hint(view, phase)


def _where_hint(where, left: int) -> str:
    """The hint of a passing phase ("Choisissez 3 cartes à passer à gauche."), with the cards still to choose."""
    if where == "left":
        return ngettext("Choisissez %(n)s carte à passer à gauche.", "Choisissez %(n)s cartes à passer à gauche.",
                        _count(left)) % {"n": left}
    if where == "right":
        return ngettext("Choisissez %(n)s carte à passer à droite.", "Choisissez %(n)s cartes à passer à droite.",
                        _count(left)) % {"n": left}
    if where == "across":
        return ngettext("Choisissez %(n)s carte à passer en face.", "Choisissez %(n)s cartes à passer en face.",
                        _count(left)) % {"n": left}
    return ngettext("Choisissez %(n)s carte à passer.", "Choisissez %(n)s cartes à passer.", _count(left)) % {"n": left}


def _other_hint(view: dict, phase) -> str:
    if phase == "ecart":
        size = view.get("chien_size") if _int(view.get("chien_size")) else 0
        left = max(size - len(view.get("ecart") or []), 0)
        return ngettext("Écartez %(n)s carte, une à une (ni roi ni bout).",
                        "Écartez %(n)s cartes, une à une (ni roi ni bout).", _count(left)) % {"n": left}
    if phase == "exchange":
        room = (view.get("talon_size") or 0) - (view.get("pending") or 0)
        if room > 0:
            return _("Touchez les cartes que vous échangez, une à une (encore %(n)s au plus), puis « Piocher au "
                     "talon ».") % {"n": room}
        return _("Vous avez posé autant de cartes que le talon en garde : piochez.")
    if phase == "call":
        return _("Appelez un roi : celui qui l'a joue avec vous.")
    if phase == "chelem":
        return _("Annoncez-vous le chelem ?")
    if phase == "trump":
        return _("Choisissez l'atout.")
    if phase == "bid":
        if "bid_round" in view:  # belote à trois
            if view.get("bid_round") == 1:
                turned = view.get("retourne")
                suit = _SUIT_SYMBOL.get(turned[-1], "") if isinstance(turned, str) and turned else ""
                return _("Prenez-vous à %(suit)s, la couleur de la retournée ?") % {"suit": suit}
            return _("Second tour : choisissez un autre atout, ou passez.")
        if _int(view.get("cards")):
            return ngettext("Combien de plis ferez-vous, avec %(n)s carte ?",
                            "Combien de plis ferez-vous, avec %(n)s cartes ?", _count(view["cards"])) % {"n": view["cards"]}
        return _("À vous de parler.")
    legal = view.get("legal") or []
    if any(a.startswith("poignee:") for a in legal):
        return _("Vous pouvez montrer une poignée avant de jouer votre première carte.")
    if "belote" in legal or "announce" in legal:
        return _("Vous pouvez annoncer avant de jouer la carte.")
    return ""


def _called(called, lang: str) -> dict | None:
    if isinstance(called, dict) and isinstance(called.get("rank"), str) and isinstance(called.get("suit"), str):
        card = _card_or_none(called["rank"] + called["suit"])
        return card_payload(card.code, lang) if card is not None else None
    return None


def _trick_rows(trick: dict, names: list[str], lang: str) -> dict:
    return {"cards": [{"name": names[s], "card": card_payload(code, lang)} for s, code in trick["cards"]],
            "taker": names[trick["taker"]] if trick.get("taker") is not None else ""}


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
    lang = _lang()
    state = ledger.load(table)
    game = state.game
    ctx = _sheet_ctx(request, state, None)
    play = present(view, game, lang, viewer)
    end = _deal_end(request, table, who, view, lang)
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
        **_seat_controls(request, view, mode, viewer),
        "sheet_url": reverse("tables:edit", args=[table.id, token]) if mode == "pass" else reverse("tables:sheet", args=[table.id]),
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
    lang = _lang()
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
    """304 when the phone shows the table as it is (the poll's question), None otherwise. The bots a request
    before left to play (digital.BOTS_PER_REQUEST) are moved on first: polls are what keeps them going."""
    digital.view(table, None)
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
    lang = _lang()
    return render(request, "tables/seat_claim.html", {
        "table": table, "name": table.players[row.seat], "here": reverse("tables:seat", args=[table.id, token]),
        "game_name": ledger.load(table).game.names.get(lang), "spectate_url": reverse("tables:spectate", args=[table.id]),
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
        refused_hand = _hand_over(request, table, by=row.seat)
        if refused_hand is not None:
            table.refresh_from_db()
            return _seat_page(request, table, row, token, message=refused_hand.problem.message.get(_lang()),
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


def _hand_over(request: HttpRequest, table: Table, by) -> digital.SeatRefused | None:
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


@require_GET
def seat_live(request: HttpRequest, table_id: str, token: str) -> HttpResponse:
    table, row, refused = _seat_access(request, table_id, token)
    if refused is not None:
        return refused
    if row is None:  # the claim page is no live page
        return _seat_refused(request, table, "bad")
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
    table = _digital_table(table_id)
    request.htmx = False
    return _etag_answer(request, table) or _live(_render(
        request, table, mode="view", view=digital.view(table, None), viewer=None, token=None, who="view"), table)


# -- pass-and-play on the edit link ----------------------------------------------------------------------------
def _edit_table(table_id: str, token: str) -> Table | None:
    table = _digital_table(table_id)
    return table if table.check_token(token) else None


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
def pass_play(request: HttpRequest, table_id: str, token: str) -> HttpResponse:
    table = _edit_table(table_id, token)
    if table is None:
        return _bad_edit_link(request, table_id)
    if request.method == "GET":
        return _live(_pass_page(request, table, token, *_shown(request.GET)), table)
    shown, after = _shown(request.POST)
    nxt = None
    if "next" in request.POST:
        _move_on(request, table, "pass")
    elif "bot" in request.POST or "back" in request.POST:
        refused = _hand_over(request, table, by=digital.EDIT)
        if refused is not None:
            table.refresh_from_db()
            return _live(_pass_page(request, table, token, None, None, message=refused.problem.message.get(_lang()),
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
    table = _edit_table(table_id, token)
    if table is None:
        return _bad_edit_link(request, table_id)
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


def share_seats(request: HttpRequest, table: Table, token: str, shown: dict[int, str]) -> list[dict]:
    """The share screen's seats, for whoever holds the edit link: each seat's name and who holds it (its own
    phone, not taken yet, this phone by pass-and-play, a bot, a bot standing in), and for the seats of ``shown``
    (``{seat: token}``, the links issued by this very answer) the link and its QR code."""
    from .share import qr_svg

    out = []
    for row in digital.seats_of(table):
        item = {"seat": row.seat, "name": table.players[row.seat], "bot": row.is_bot, "stand_in": row.stand_in,
                "own_link": row.own_link, "pass_play": row.pass_play and row.human, "bound": bool(row.bind_hash)}
        if row.seat in shown:
            url = request.build_absolute_uri(reverse("tables:seat", args=[table.id, shown[row.seat]]))
            item.update(url=url, qr=qr_svg(url, _("Lien de %(name)s") % {"name": item["name"]}))
        out.append(item)
    return out
