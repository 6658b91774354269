"""Digital tables: Atout deals, each seat plays its own cards, bots hold the empty seats.

The service layer the JSON API (:mod:`companion.tables.api`) and the seat pages use; the rules come from the
game's :class:`~companion.kernel.deal.DealState` (``Game.new_deal``), the bots from :func:`companion.bots.search.choose`.

Storage (:mod:`companion.tables.models`):

* :class:`Seat` — one row a seat: a bot with its level, or a human's seat: with a link of its own (the hash of
  its token, and once a phone took it the hash of that phone's second secret, see "a seat's link" below) or
  played on the edit link's pass-and-play page (a table made "on one phone"). A human's seat can be handed to a
  bot that stands in for it until its human takes it back (:func:`hand_to_bot`, :func:`take_back`).
* :class:`Deal` — one row a deal Atout dealt: its index on the table, the sheet's round it is played for, and its
  seed. The seed never leaves the server: no answer, page, CSV export or observation holds it, and what a seat
  sees (its own hand, the cards played) does not give it away.
* :class:`Move` — one row a seat's action, keyed ``(table, deal, number)`` unique. The state of the deal is
  derived by dealing from the seed and replaying the moves, like the sheet is derived from the events; what a
  replay gives is kept per process by ``(table, version, move_count)`` (a restarted process replays).

A move is made against an action number (``after``, as ``view`` says: :func:`action_number`). It counts the whole
table's play, every move and every deal dealt after the first, so it never comes back: a phone that last saw an
earlier deal (or the deal a round typed by hand left) cannot hit the same number in a later one. The table row is
locked while a move is checked and stored, and the unique key settles the rest: of two phones sending a move
against the same number exactly one is stored, the other gets 409 and the current view. Every move, every new
deal and every seat changing hands (to a bot, back to its human) bumps ``Table.move_count``, which the live ETag carries (:func:`companion.tables.sync.live_etag`): pages
polling ``…/live/`` see each card. ``Table.version`` still counts events only (what versions name, If-Match on
corrections, the sheet cache, rely on it).

Bots move server-side, in the request whose move makes it their turn, each within its budget
(:data:`BOT_BUDGET`), until a human is to play or the game is over — or until the bots of that request have
thought :data:`BOTS_PER_REQUEST` seconds in all (at least one bot move a request): a human's request never waits
for a whole row of bots (the end of a deal, then the next deal's first bots). The next request on the table,
whoever makes it (every phone polls), moves the bots on from there (:func:`view`).

**End of a deal.** Its :meth:`~companion.kernel.deal.DealState.entry` is stored as the round through
:func:`companion.tables.ledger.add_round`, exactly as a typed round (same validation, scoring and event), and the
next deal is dealt at once (a new seed), so nobody waits on anybody; the deal's last trick stays in ``view``
under ``"last_trick"`` (with ``"deal"`` saying which one) until the next deal completes a trick, so every phone
can show it. When the sheet says the game is over, no deal follows. Should the record change by hand under a deal
(a round typed, corrected or deleted with the edit link), that deal is left unfinished and a new one is dealt for
the sheet's next round.
"""

from __future__ import annotations

import hmac
import random
import secrets
import time
from dataclasses import dataclass, replace
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from companion.bots.search import LEVELS, choose
from companion.games import registry
from companion.kernel import GameOver, InvalidEntry, InvalidOptions, Problem, T
from companion.kernel.deal import CHANCE, DealState
from companion.kernel.errors import IllegalAction
from companion.kernel.game import Game
from companion.web import http

from . import ledger
from .lru import VersionedLRU
from .models import Deal, Move, Seat, Table, hash_token, new_edit_token

#: Seconds a bot may think over one move.
BOT_BUDGET = 0.3
#: Seconds of bot moves one request waits for at most (then the next request moves the bots on).
BOTS_PER_REQUEST = 1.0
DEFAULT_LEVEL = "strong"


class PlayRefused(Exception):
    """A move refused: ``status`` 400 (illegal, with the rule it breaks), 403, 409 (stale ``after``, not that seat's
    turn, game over); ``errors`` as the API gives them (``field``, ``seat``, ``code``, ``message`` in the request's
    language); ``view`` the seat's current view, nothing having changed."""

    def __init__(self, status: int, errors: list[dict], view: dict | None):
        super().__init__(status, errors)
        self.status = status
        self.errors = errors
        self.view = view


# -- creation -----------------------------------------------------------------------------------------------------
def check_request(game_slug: Any, n_players: int, digital: Any, bots: Any) -> list[Problem]:
    """What is wrong with ``"digital"`` and ``"bots"`` of a new table (for the API and the new-table form)."""
    problems: list[Problem] = []
    if not isinstance(digital, bool):
        return [Problem("digital", "bad_digital", T("« digital » vaut true ou false.", '"digital" is true or false.'))]
    if not digital:
        if bots not in (None, []):
            problems.append(Problem("bots", "not_digital", T(
                "Des robots ne jouent que sur une table jouée sur Atout (« digital »: true).",
                'Bots play only at a table played on Atout ("digital": true).')))
        return problems
    try:
        game = registry.get(game_slug) if isinstance(game_slug, str) else None
    except ValueError:
        game = None
    if game is None:
        return problems  # the game's own problem is reported by create_table
    if not game.digital:
        problems.append(Problem("digital", "not_digital_game", T(
            "{g} ne se joue pas encore sur Atout.", "{g_en} cannot be played on Atout yet.").format(
            g=game.names.get("fr"), g_en=game.names.get("en"))))
        return problems
    if bots is None:
        bots = []
    if not isinstance(bots, list) or any(isinstance(b, bool) or not isinstance(b, int) for b in bots):
        problems.append(Problem("bots", "bad_bots", T(
            "« bots » est la liste des places tenues par un robot (0 pour la première).",
            '"bots" is the list of seats a bot holds (0 for the first).')))
    elif any(not 0 <= b < n_players for b in bots) or len(set(bots)) != len(bots):
        problems.append(Problem("bots", "bad_bots", T(
            "Places de robot invalides : chacune une fois, de 0 à {m}.",
            "Invalid bot seats: each once, from 0 to {m}.").format(m=n_players - 1)))
    elif n_players and len(bots) >= n_players:
        problems.append(Problem("bots", "all_bots", T(
            "Il faut au moins une place tenue par une personne.", "At least one seat must be held by a person.")))
    return problems


def enable(table: Table, bots: list[int], level: str = DEFAULT_LEVEL, pass_play: bool = False) -> dict[int, str]:
    """Make ``table`` (new, no round yet) a digital one: one :class:`Seat` a seat, the first deal dealt, bots moved
    until a human is to play. Returns the human seats' plain tokens ``{seat: token}`` (shown once, stored hashed);
    with ``pass_play`` ("one phone for all") the human seats are played on the edit link's pass-and-play page and
    get no link of their own: ``{}``. Raises :class:`InvalidEntry` (nothing changed) for bad ``bots``/``level`` or
    a game without digital play."""
    problems = check_request(table.game, len(table.players), True, list(bots))
    if level not in LEVELS:
        problems.append(Problem("level", "bad_level", T("Niveau de robot inconnu.", "Unknown bot level.")))
    if not problems:
        try:  # the game's digital play may take fewer player counts than its sheet
            registry.get(table.game).new_deal(len(table.players), table.options, 1)
        except InvalidOptions as e:
            problems += [Problem("digital", p.code, p.message) for p in e.problems]
        except ValueError:
            problems.append(Problem("digital", "not_digital_here", T(
                "Ce jeu ne se joue pas sur Atout avec ces joueurs ou ces options.",
                "This game cannot be played on Atout with these players or options.")))
    if problems:
        raise InvalidEntry(problems)
    tokens: dict[int, str] = {}
    with transaction.atomic():
        table = ledger.locked(table.pk)
        if table.digital or table.seats.exists():
            raise InvalidEntry([Problem("digital", "already_digital", T(
                "Cette table se joue déjà sur Atout.", "This table is already played on Atout."))])
        for seat in range(len(table.players)):
            if seat in bots:
                Seat.objects.create(table=table, seat=seat, is_bot=True, bot_level=level)
            elif pass_play:
                Seat.objects.create(table=table, seat=seat, pass_play=True)
            else:
                tokens[seat] = new_edit_token()
                Seat.objects.create(table=table, seat=seat, token_hash=hash_token(tokens[seat]))
        Table.objects.filter(pk=table.pk).update(digital=True)
        table.digital = True
        _settle(table, _derive(table))
    return tokens


def rematch(table_id: str, token: str, idempotency_key: str | None = None) -> tuple[ledger.Rematch, dict[int, str] | None]:
    """:func:`companion.tables.ledger.rematch`, and for a digital table a digital rematch: the bots stay with the
    players they sat beside (every player keeps their seat; the deal moves on), at the same level. Returns
    the rematch and, when this request made it, its human seats' tokens (shown once, stored hashed; None for a
    table not played on Atout, and for every request after the one that made the rematch: those get the same
    table, its seats' links cannot be shown again). The old table stays locked until the seats exist, so a request
    that waited on it never finds the new table without them."""
    with transaction.atomic():
        made = ledger.rematch(table_id, token, idempotency_key)
        old = Table.objects.get(pk=table_id)
        if not made.created or not old.digital:
            return made, None
        bots = dict(Seat.objects.filter(table=old, is_bot=True, stand_in=False).values_list("seat", "bot_level"))
        level = next(iter(bots.values()), DEFAULT_LEVEL)
        one_phone = Seat.objects.filter(table=old, pass_play=True).exists()
        tokens = enable(made.table, sorted(bots), level, pass_play=one_phone)  # every player kept in their seat
        made.table.refresh_from_db()
        return made, tokens


def seat_links(table: Table, tokens: dict[int, str]) -> list[dict]:
    """``[{"seat", "name", "token", "url"}]`` for the human seats of ``tokens`` (as :func:`enable` returns them),
    ``url`` being the seat's page (``tables:seat``, a path: the caller makes it absolute)."""
    return [{"seat": seat, "name": table.players[seat], "token": token,
             "url": reverse("tables:seat", args=[table.pk, token])}
            for seat, token in sorted(tokens.items())]


def seat_for_token(table: Table, token: str | None) -> int | None:
    """The human seat ``token`` opens, or None (every seat's hash compared, in constant time each)."""
    row = seat_row(table, token)
    return row.seat if row is not None else None


def seat_row(table: Table, token: str | None) -> Seat | None:
    """The :class:`Seat` whose own link ``token`` is (a bot standing in for it or not), or None."""
    if not token or not isinstance(token, str):
        return None
    wanted = hash_token(token)
    found = None
    for row in Seat.objects.filter(table=table).exclude(token_hash=""):
        if hmac.compare_digest(row.token_hash, wanted):
            found = row
    return found


# -- a seat's link and the phone it is bound to -------------------------------------------------------------------
# A seat's link opens its page; the first phone that takes the seat there ("C'est ma place", a POST: a link preview
# fetched by a messaging app takes nothing) gets a second secret in a cookie, whose hash the seat keeps
# (``Seat.bind_hash``). From then on the seat's page and moves want both the link and that cookie: whoever else holds
# the link (the table's creator saw it to hand it out) gets a 403 page. The edit link can give a seat a new link
# (a player changed phones): a new token, the binding cleared, the old link dead everywhere. The seat's own phone can
# renew its link (a new token, still bound to it). The session of no phone keeps a seat's token nor its secret.
SEAT_COOKIE_AGE = 30 * 24 * 3600  # seconds a phone keeps its seat (renewed each time it opens the seat's page)


def seat_cookie(token: str) -> str:
    """The name of the cookie holding a seat's phone secret, sent to that seat's path only. Named after the link
    (a few characters of its token's hash) so that a new link's cookie and the old link's removal are two cookies
    of one answer."""
    return f"atout_seat_{hash_token(token)[:12]}"


def holds(row: Seat, secret: str | None) -> bool:
    """Whether ``secret`` (a phone's cookie) is the one ``row`` is bound to."""
    return bool(row.bind_hash and secret) and hmac.compare_digest(row.bind_hash, hash_token(secret))


def claim(row: Seat) -> str | None:
    """Bind the seat to the phone asking: its new secret (for the cookie), or None when another phone took the seat
    first (or its link changed meanwhile). Of two phones claiming at once, exactly one gets it."""
    secret = new_edit_token()
    taken = Seat.objects.filter(pk=row.pk, token_hash=row.token_hash, bind_hash="").update(bind_hash=hash_token(secret))
    if not taken:
        return None
    row.bind_hash = hash_token(secret)
    return secret


def issue_link(table: Table, seat: int) -> str:
    """A new link for a human seat with a link of its own, from the edit link (the share page shows it to hand it
    out): a new token, no phone bound yet; the old link stops working. Raises LookupError for any other seat."""
    row = Seat.objects.filter(table=table, seat=seat, pass_play=False).exclude(token_hash="").first()
    if row is None:
        raise LookupError(seat)
    token = new_edit_token()
    Seat.objects.filter(pk=row.pk).update(token_hash=hash_token(token), bind_hash="")
    return token


def renew_link(row: Seat) -> str | None:
    """A new link for the seat, asked by the phone it is bound to: still bound to it, the old link dead. None when
    the link changed meanwhile (the edit link gave a new one)."""
    token = new_edit_token()
    done = Seat.objects.filter(pk=row.pk, token_hash=row.token_hash, bind_hash=row.bind_hash).update(
        token_hash=hash_token(token))
    return token if done else None


def seats_of(table: Table) -> list[Seat]:
    """The table's seats, in seat order."""
    return list(Seat.objects.filter(table=table).order_by("seat"))


# -- a human's seat handed to a bot, and taken back ---------------------------------------------------------------
#: Seconds the table must have waited for a seat to play before another phone (another seat's, or the edit link
#: for a seat with its own link) may hand that seat to a bot. The seat's own phone (and the edit link for a seat it
#: plays, pass-and-play) may hand it at any time. Its human takes it back at any time.
ABSENT_AFTER = 60
EDIT = "edit"  # who asks: the edit link (else a seat number: that seat's own phone, link and binding checked)


class SeatRefused(Exception):
    """A seat's hand-over refused: ``status`` 400, 403 or 409, ``problem`` saying why (field ``seat``)."""

    def __init__(self, status: int, problem: Problem):
        super().__init__(status, problem.code)
        self.status = status
        self.problem = problem

    @property
    def errors(self) -> list[dict]:
        return [self.problem.as_dict(http.lang())]


def _seat_problem(status: int, code: str, message: T, seat: int) -> SeatRefused:
    return SeatRefused(status, Problem("seat", code, message, seat=seat))


def waited(table: Table, seat: int, row: Seat) -> float:
    """Seconds the table has waited for ``seat`` to play: since the last move, the deal being dealt, or the seat
    changing hands, whichever came last."""
    times = [t for t in (Move.objects.filter(table=table).order_by("-id").values_list("created_at", flat=True).first(),
                         Deal.objects.filter(table=table).order_by("-index").values_list("created_at", flat=True).first(),
                         row.changed_at) if t is not None]
    return (timezone.now() - max(times)).total_seconds() if times else 0.0


def hand_to_bot(table: Table, seat: Any, by: int | str) -> None:
    """Hand the human ``seat`` to a bot (at the level of the table's bots, else :data:`DEFAULT_LEVEL`); the bots
    then play on. ``by`` is who asks: that seat's own phone, or the edit link for a seat played on pass-and-play, at
    any time; anyone else (another seat, the edit link for a seat with its own link) only while the table has waited
    :data:`ABSENT_AFTER` seconds for that seat to play. Nothing changes for a seat a bot already holds. Raises
    :class:`SeatRefused`."""
    with transaction.atomic():
        locked = ledger.locked(table.pk)
        row = _human_row(locked, seat)
        if row.is_bot:
            return
        if ledger.load(locked).finished:
            raise _seat_problem(409, "finished", T("La partie est terminée.", "The game is over."), row.seat)
        own = (by == row.seat and not row.pass_play) or (by == EDIT and row.pass_play)
        if not own:
            play = _derive(locked)
            name = locked.players[row.seat]
            turn = play.state.current_player if play.state is not None and not play.state.is_terminal else None
            if turn != row.seat:
                raise _seat_problem(409, "not_absent", T(
                    "{name} n'a pas la main : sa place ne peut être confiée à un robot que quand la table l'attend.",
                    "It is not {name}'s turn: their seat can be handed to a bot only while the table waits for them."
                ).format(name=name), row.seat)
            waited_for = waited(locked, row.seat, row)
            if waited_for < ABSENT_AFTER:
                raise _seat_problem(409, "not_absent", T(
                    "La table n'attend {name} que depuis {s} s : sa place pourra être confiée à un robot après {n} s "
                    "sans jouer.",
                    "The table has waited for {name} for {s} s only: their seat can be handed to a bot after {n} s "
                    "without a move.").format(name=name, s=int(waited_for), n=ABSENT_AFTER), row.seat)
        level = (Seat.objects.filter(table=locked, is_bot=True, stand_in=False).values_list("bot_level", flat=True)
                 .first() or DEFAULT_LEVEL)
        Seat.objects.filter(pk=row.pk).update(is_bot=True, stand_in=True, bot_level=level, changed_at=timezone.now())
        _bump(locked)  # who holds a seat is part of the play (its cache key) and of what every phone shows
        _settle(locked, _derive(locked))
        table.version, table.move_count = locked.version, locked.move_count


def take_back(table: Table, seat: Any, by: int | str) -> None:
    """The human of ``seat`` takes it back from the bot standing in: its own phone (a seat with its own link), or
    the edit link (a seat played on pass-and-play). Nothing changes for a seat no bot holds. Raises
    :class:`SeatRefused` (403 for anyone else)."""
    with transaction.atomic():
        locked = ledger.locked(table.pk)
        row = _human_row(locked, seat)
        if not row.is_bot:
            return
        if not ((by == row.seat and not row.pass_play) or (by == EDIT and row.pass_play)):
            name = locked.players[row.seat]
            message = (T("Seul le téléphone de {name} peut reprendre sa place.",
                         "Only {name}'s phone can take their seat back.") if not row.pass_play else
                       T("La place de {name} se reprend sur le lien de modification (le téléphone qu'on se passe).",
                         "{name}'s seat is taken back on the edit link (the phone passed around).")).format(name=name)
            raise _seat_problem(403, "not_your_seat", message, row.seat)
        Seat.objects.filter(pk=row.pk).update(is_bot=False, stand_in=False, bot_level="", changed_at=timezone.now())
        _bump(locked)
        table.version, table.move_count = locked.version, locked.move_count


def _human_row(table: Table, seat: Any) -> Seat:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.players):
        raise _seat_problem(400, "bad_seat", T("Place inconnue : de 0 à {m}.", "Unknown seat: from 0 to {m}.").format(
            m=len(table.players) - 1), None)
    row = Seat.objects.get(table=table, seat=seat)
    if not row.human:
        raise _seat_problem(400, "bot_seat", T("Cette place est tenue par un robot depuis le début de la partie.",
                                               "A bot has held this seat since the game began."), seat)
    return row


# -- the derived state --------------------------------------------------------------------------------------------
@dataclass
class PlayState:
    """A digital table as of ``(table.version, table.move_count)``; shared through the cache: never change it."""

    deal: Deal | None  # the latest deal (None before the first one)
    state: DealState | None  # that deal, as its moves left it
    moves: int  # moves made in that deal
    last_trick: dict | None  # the last complete trick, of this deal or of the one before
    bots: dict[int, str]  # seat -> level (the seats bots hold now, standing in for a human or not)
    stand_ins: frozenset = frozenset()  # human seats a bot holds until their human takes them back
    pass_seats: frozenset = frozenset()  # human seats played on the edit link's pass-and-play page


class PlayCache(VersionedLRU[PlayState]):
    """Per process: for each table, the :class:`PlayState` of its latest known ``(version, move_count)``."""

    @staticmethod
    def key(table: Table) -> tuple:
        return (table.version, table.move_count)

    def get(self, table: Table) -> PlayState | None:
        return self.at(table.pk, self.key(table))

    def put(self, table: Table, play: PlayState) -> None:
        self.keep(table.pk, self.key(table), play)


cache = PlayCache()


def _trick_of(observation: dict, deal: Deal) -> dict | None:
    tricks = observation.get("tricks") or []
    if not tricks:
        return None
    return {"deal": deal.round_number, **tricks[-1]}


def _new_state(table: Table, deal: Deal, actions: list[str] = ()) -> DealState:
    """The deal dealt from its seed, then ``actions`` (its stored moves) replayed. Chance actions that come later
    in a deal (a redeal when everybody passed…) are drawn from the seed too, never stored (:func:`_chance`)."""
    game = registry.get(table.game)
    dealer = ledger.blank_sheet(table, game).dealer_for(deal.round_number)  # the table's first dealer onwards
    state = _chance(game.new_deal(len(table.players), table.options, deal.round_number, dealer=dealer, seed=deal.seed, stored=True,
                                  **_context(table, game, deal.round_number)), deal)
    for action in actions:
        state.apply(state.current_player, action)
        _chance(state, deal)
    return state


def _context(table: Table, game, round_number: int) -> dict:
    """What the game's deal needs from the sheet as it stood before round ``round_number`` (Vicaire's race)."""
    if type(game).deal_context is Game.deal_context:
        return {}
    tstate = ledger.load(table)
    sheet = tstate.sheet
    if sheet.number != round_number:  # an earlier deal, replayed for its last trick
        entries = [r.result.entry for r in tstate.rounds[: round_number - 1]]
        sheet = ledger.sheet_after(table, entries, game)
    return game.deal_context(sheet)


def _chance(state: DealState, deal: Deal) -> DealState:
    """Play the chance actions due now, each drawn from the deal's seed and the point of the deal it comes at."""
    while state.current_player == CHANCE:
        rng = random.Random(f"{deal.seed}:{len(state.history)}")
        state.apply(CHANCE, rng.choice(state.legal_actions(CHANCE)))
    return state


def _derive(table: Table) -> PlayState:
    """The table's play at its row's version and move count: cached, or dealt from the seed and replayed."""
    hit = cache.get(table)
    if hit is not None:
        cache.hits += 1
        return hit
    cache.misses += 1
    rows = list(Seat.objects.filter(table=table).values_list("seat", "is_bot", "bot_level", "stand_in", "pass_play"))
    bots = {seat: level for seat, is_bot, level, _s, _p in rows if is_bot}
    roles = {"stand_ins": frozenset(seat for seat, _b, _l, stand_in, _p in rows if stand_in),
             "pass_seats": frozenset(seat for seat, _b, _l, _s, pass_play in rows if pass_play)}
    deals = list(Deal.objects.filter(table=table).order_by("-index")[:2])
    if not deals:
        return PlayState(None, None, 0, None, bots, **roles)
    deal = deals[0]
    actions = list(Move.objects.filter(table=table, deal=deal.index).order_by("number").values_list("action", flat=True))
    state = _new_state(table, deal, actions)
    last = _trick_of(state.observation(None), deal)
    if last is None and len(deals) > 1:
        previous = deals[1]
        before = list(Move.objects.filter(table=table, deal=previous.index).order_by("number")
                      .values_list("action", flat=True))
        last = _trick_of(_new_state(table, previous, before).observation(None), previous)
    play = PlayState(deal, state, len(actions), last, bots, **roles)
    _keep(table, play)
    return play


def _keep(table: Table, play: PlayState) -> None:
    key_table = Table(pk=table.pk, version=table.version, move_count=table.move_count)
    transaction.on_commit(lambda: cache.put(key_table, play))


def _deal_is_current(play: PlayState, sheet) -> bool:
    """The latest deal is the one being played: dealt for the sheet's next round, and not over."""
    return (play.deal is not None and play.deal.event_seq is None and play.deal.round_number == sheet.number
            and not play.state.is_terminal)


def _settle(table: Table, play: PlayState) -> PlayState:
    """Inside a transaction holding the table row: store a finished deal's round, deal the next one when the
    sheet wants one, and move the bots until a human is to play (or the game is over, or the bots of this request
    thought :data:`BOTS_PER_REQUEST` seconds). Returns the new play."""
    started = time.monotonic()
    bots_moved = 0
    while True:
        tstate = ledger.load(table)
        if play.deal is not None and play.deal.event_seq is None and play.state.is_terminal \
                and play.deal.round_number == tstate.sheet.number and not tstate.finished:
            tstate, sheet_round = ledger.add_round(table.pk, play.state.entry())
            table.version = tstate.table.version
            Deal.objects.filter(pk=play.deal.pk).update(event_seq=sheet_round.seq)
            play = replace(play, deal=_copy(play.deal, event_seq=sheet_round.seq))
            _keep(table, play)
            continue
        if tstate.finished:
            return play
        if not _deal_is_current(play, tstate.sheet):
            index = play.deal.index + 1 if play.deal is not None else 1
            deal = Deal.objects.create(table=table, index=index, round_number=tstate.sheet.number,
                                       seed=secrets.token_hex(32))
            _bump(table)  # a new deal is a new state: the cache key and the live ETag change
            state = _new_state(table, deal)
            play = replace(play, deal=deal, state=state, moves=0)
            _keep(table, play)
            continue
        seat = play.state.current_player
        if seat not in play.bots:
            return play
        if bots_moved and time.monotonic() - started >= BOTS_PER_REQUEST:
            return play  # the next request moves the bots on
        bots_moved += 1
        action = choose(play.state.clone(), random.Random(secrets.randbits(64)), play.bots[seat], BOT_BUDGET)
        state = play.state.clone()
        state.apply(seat, action)
        stored_as = state.history[-1]
        _chance(state, play.deal)
        play = _stored(table, play, seat, stored_as, state)


def _stored(table: Table, play: PlayState, seat: int, action: str, state: DealState) -> PlayState:
    """Store the move that took ``play`` to ``state``; bump the move count. Returns the new play."""
    Move.objects.create(table=table, deal=play.deal.index, number=play.moves + 1, seat=seat, action=action)
    _bump(table)
    last = _trick_of(state.observation(None), play.deal) or play.last_trick
    new = replace(play, state=state, moves=play.moves + 1, last_trick=last)
    _keep(table, new)
    return new


def _bump(table: Table) -> None:
    Table.objects.filter(pk=table.pk).update(move_count=F("move_count") + 1)
    table.move_count += 1


def _copy(deal: Deal, **changes) -> Deal:
    """A deal row changed without touching ``deal`` (which the cache may share)."""
    fields = {"pk": deal.pk, "table_id": deal.table_id, "index": deal.index, "round_number": deal.round_number,
              "seed": deal.seed, "event_seq": deal.event_seq, "created_at": deal.created_at}
    fields.update(changes)
    return Deal(**fields)


def _current(table: Table) -> PlayState:
    """The play as it stands, with the bots moved on if one is to play (a request before stopped them, see
    :data:`BOTS_PER_REQUEST`) and a deal dealt if the sheet wants one the table has not got yet (a round typed or
    removed by hand under the last deal); those writes take the table row."""
    play = _derive(table)
    sheet = ledger.load(table).sheet
    if sheet.finished or (_deal_is_current(play, sheet) and play.state.current_player not in play.bots):
        return play
    with transaction.atomic():
        locked = ledger.locked(table.pk)
        play = _settle(locked, _derive(locked))
        table.version, table.move_count = locked.version, locked.move_count
    return play


def move_on(table: Table) -> None:
    """Let the bots play on if one is to move (a request before stopped them after :data:`BOTS_PER_REQUEST`), and
    deal a deal the sheet wants: what every poller calls before it compares ETags, so a table never waits behind
    a 304. Nothing for a table not played on Atout; a cache hit and no write when nobody waits on a bot."""
    if table.digital:
        _current(table)


# -- reading and playing ------------------------------------------------------------------------------------------
def action_number(table: Table) -> int:
    """What a move is sent ``after``: the table's moves, the deals dealt after its first one and the seats that
    changed hands, so far (0 when the first deal is dealt and nothing is played). ``Table.move_count`` counts the
    moves, every deal (the first too) and every hand-over. Unlike the moves of one deal, it never repeats: a new deal
    moves it on even before anyone plays."""
    return max(table.move_count - 1, 0)


def view(table: Table, seat: int | None, move_bots: bool = True) -> dict:
    """What ``seat`` sees now (``None``: a spectator): the deal's observation for it, and ``legal`` (its legal
    actions now), ``action_number`` (:func:`action_number`: what a move is sent ``after``), ``deal`` (the round
    number of the deal), ``names``, ``bots`` (the seats bots hold), ``stand_ins`` (those of them a human's seat a
    bot holds for now), ``pass_play`` (the seats played on the edit link), ``last_trick``, ``waiting_for`` (the seat
    to play, or null),
    ``sheet`` (rounds' scores and totals so far) and ``finished`` (the game is over); and what the seat sees for
    people, the engine's :meth:`~companion.kernel.deal.DealState.view` in the request's language with the players
    named: ``facts``, ``notes`` (per seat), ``prompt``, ``aside`` and ``labels`` (each legal action in words)."""
    if not table.digital:
        raise LookupError("not a digital table")
    play = _current(table) if move_bots else _derive(table)  # not again right after :func:`move_on`
    return _view(table, play, seat)


def _view(table: Table, play: PlayState, seat: int | None) -> dict:
    tstate = ledger.load(table)
    sheet = tstate.sheet
    own = seat if seat is not None and 0 <= seat < len(table.players) else None
    state = play.state
    out: dict[str, Any] = dict(state.observation(own)) if state is not None else {}
    turn = state.current_player if state is not None and not state.is_terminal else None
    # A seat a bot holds has no move for its human to make (they take the seat back first).
    legal = state.legal_actions(own) if state is not None and own is not None and not sheet.finished \
        and own not in play.bots else []
    # What the seat sees, for people: the engine's typed view, in the request's language, the players named.
    seen = state.view(own).as_dict(http.lang(), list(table.players)) if state is not None else {
        "facts": [], "notes": [[] for _ in table.players], "prompt": None, "aside": None, "labels": {},
        "selection": None}
    seen["labels"] = {a: seen["labels"][a] for a in legal if a in seen["labels"]}
    if seen["selection"] is not None:  # a seat a bot holds has no card to toggle either
        seen["selection"]["toggles"] = {c: a for c, a in seen["selection"]["toggles"].items() if a in legal}
    out.update(seen)
    out.update({
        "legal": legal,
        "action_number": action_number(table),
        "deal": play.deal.round_number if play.deal is not None else None,
        "names": list(table.players),
        "bots": sorted(play.bots),
        "stand_ins": sorted(play.stand_ins),
        "pass_play": sorted(play.pass_seats),
        "last_trick": play.last_trick,
        "waiting_for": turn if turn is not None and turn >= 0 and not sheet.finished else None,
        "sheet": {"rounds": [{"number": r.result.number, "scores": r.result.scores} for r in tstate.rounds],
                  "totals": sheet.totals, "winners": [table.players[s] for s in sheet.winners] if sheet.finished else []},
        "finished": sheet.finished,
        "seat": own,
    })
    return out


def _refused(status: int, field: str, code: str, message, table: Table, seat: int | None) -> PlayRefused:
    problem = Problem(field, code, message, seat=seat)
    return PlayRefused(status, [problem.as_dict(http.lang())], view(table, seat))


def play(table: Table, seat: int, action: Any, after: Any) -> dict:
    """Play ``action`` for human ``seat`` against action number ``after``; returns the seat's new view (bots having
    moved after it). Raises :class:`PlayRefused`: 400 for an illegal action (the rule's reason), 409 when ``after``
    is stale, when it is not that seat's turn or when the game is over; nothing is stored then."""
    if not table.digital:
        raise LookupError("not a digital table")
    if isinstance(after, bool) or not isinstance(after, int) or after < 0:
        raise _refused(400, "after", "bad_after", T(
            "« after » est le numéro d'action de la vue (un entier à partir de 0).",
            '"after" is the view\'s action number (a whole number from 0).'), table, seat)
    # A deal the sheet wants and the table has not got yet (a round typed by hand under the last one) is dealt and
    # committed first: a refused move must not show a hand from a deal that is then rolled back.
    _current(table)
    try:
        with transaction.atomic():
            locked = ledger.locked(table.pk)
            current = _derive(locked)
            sheet = ledger.load(locked).sheet
            if sheet.finished:
                raise _game_over(locked, seat)
            # The whole table's number, not the deal's moves: a phone still on an earlier deal is stale here even
            # when that deal had as many moves as this one has.
            if not _deal_is_current(current, sheet) or after != action_number(locked):
                raise _stale(locked, seat, after, action_number(locked))
            state = current.state
            if seat in current.bots:
                raise _refused(409, "", "held_by_bot", T(
                    "Un robot tient votre place : reprenez-la pour jouer.",
                    "A bot holds your seat: take it back to play."), locked, seat)
            if state.current_player != seat:
                raise _refused(409, "", "not_your_turn", T("Ce n'est pas votre tour.", "It is not your turn."),
                               locked, seat)
            state = state.clone()
            try:
                state.apply(seat, action)
            except IllegalAction as e:
                raise _refused(400, "action", e.code, e.message, locked, seat) from None
            except GameOver:
                raise _game_over(locked, seat) from None
            stored_as = state.history[-1]  # the game's own spelling of the action
            _chance(state, current.deal)
            new = _stored(locked, current, seat, stored_as, state)
            new = _settle(locked, new)
            out = _view(locked, new, seat)
    except IntegrityError:
        # Another request stored a move against the same number first (the unique key): this one is stale.
        table.refresh_from_db()
        raise _stale(table, seat, after, None) from None
    table.version, table.move_count = locked.version, locked.move_count
    return out


def _stale(table: Table, seat: int, after: int, moves: int | None) -> PlayRefused:
    return _refused(409, "after", "stale", T(
        "La partie a avancé depuis l'action {a} : voici où elle en est. Rien n'a été joué.",
        "The game moved on since action {a}: here is where it stands. Nothing was played.").format(a=after),
        table, seat)


def _game_over(table: Table, seat: int) -> PlayRefused:
    return _refused(409, "", "finished", T("La partie est terminée.", "The game is over."), table, seat)
