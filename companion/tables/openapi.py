"""The OpenAPI 3.1 document of the JSON API (``GET /api/openapi.json``).

Built from the code that validates, not written by hand: every game's round-entry schema is the game's own
:meth:`Game.entry_schema` for each player count it takes, merged over every set of house rules
(:meth:`Game.any_table_schema`), its options are :meth:`Option.json_schema`, and
the problem shape is :meth:`Problem.as_dict`'s. ``tests/tables/test_openapi.py`` validates real answers of every
endpoint against it, and the Schemathesis run in ``tests/fuzz/`` fuzzes a live server with it.
"""

from __future__ import annotations

import copy
from functools import lru_cache

from companion.converters import KeyConverter
from companion.games import registry
from companion.web import openapi as kit
from companion.web import parts

from .digital import ABSENT_AFTER

OPENAPI_VERSION = "3.1.0"

KEY = {"type": "string", "pattern": f"^{KeyConverter.regex}$"}


_ref = kit.ref
_json = kit.response
_errors = kit.errors
_body = kit.body


def _table_link(operation: str) -> dict:
    """A response link to ``operation`` on the table the response names (its ``id``)."""
    return {"operationId": operation, "parameters": {"table_id": "$response.body#/id"}}


def _clean_schema(schema: dict) -> dict:
    """A game's entry schema as an OpenAPI schema object: ``$schema`` belongs to a document root only."""
    out = copy.deepcopy(schema)
    out.pop("$schema", None)
    return out


def entry_schema_name(slug: str, n_players: int) -> str:
    return f"Entry.{slug}.{n_players}"


def _entry_schemas() -> dict[str, dict]:
    """Every scored game's round entry, once per player count, as a table of any house rules takes it
    (:meth:`Game.any_table_schema`: a field an option turns on is listed, and says which option)."""
    out: dict[str, dict] = {}
    for slug, game in sorted(registry.scored().items()):
        for n in game.info.counts:
            out[entry_schema_name(slug, n)] = _clean_schema(game.any_table_schema(n))
    return out


def _options_schemas() -> dict[str, dict]:
    out: dict[str, dict] = {}
    for slug, game in sorted(registry.scored().items()):
        out[f"Options.{slug}"] = {
            "type": "object",
            "additionalProperties": False,
            "properties": {o.key: o.json_schema() for o in game.options},
        }
    return out


NUMBER = {"type": "number"}
NULLABLE_INT = {"type": ["integer", "null"]}

BASE_SCHEMAS: dict[str, dict] = {
    "Problem": {
        "type": "object",
        "required": ["field", "seat", "code", "message"],
        "properties": {
            "field": {"type": "string", "description": "the entry key, header or option the problem is about"},
            "seat": {**NULLABLE_INT, "description": "the seat concerned, when there is one (seats are numbered "
                                                     "in the order of play, 0 for the table's first player)"},
            "code": {"type": "string", "description": "stable, machine readable"},
            "message": {"type": "string", "description": "in the request's language"},
        },
    },
    "Errors": {
        "type": "object",
        "required": ["errors"],
        "properties": {"errors": {"type": "array", "minItems": 1, "items": _ref("Problem")}},
    },
    "GameSummary": {
        "type": "object",
        "required": ["slug", "name", "min_players", "max_players"],
        "properties": {"slug": {"type": "string"}, "name": {"type": "string"},
                       "min_players": {"type": "integer"}, "max_players": {"type": "integer"}},
    },
    "Option": {
        "type": "object",
        "required": ["key", "label", "kind", "default", "help"],
        "properties": {
            "key": {"type": "string"}, "label": {"type": "string"},
            "kind": {"enum": ["bool", "int", "choice"]}, "default": {}, "help": {"type": "string"},
            "choices": {"type": "array", "items": {"type": "object", "required": ["value", "label"]}},
            "minimum": {"type": "integer"}, "maximum": {"type": "integer"}, "nullable": {"type": "boolean"},
        },
    },
    "Game": {
        "type": "object",
        "required": ["slug", "name", "names", "min_players", "max_players", "decks", "family", "direction",
                     "options", "entry_schema_players", "entry_schema"],
        "properties": {
            "slug": {"type": "string"}, "name": {"type": "string"},
            "names": {"type": "object", "required": ["fr", "en"]},
            "min_players": {"type": "integer"}, "max_players": {"type": "integer"},
            "player_counts": {"type": "array", "items": {"type": "integer"},
                              "description": "every player count the game takes (Cribbage: 2 or 4)"},
            "decks": {"type": "array", "items": {"type": "string"}},
            "family": {"type": "string"}, "direction": {"enum": ["clockwise", "counterclockwise", "any"],
                          "description": "which way play passes; any: a sheet for any game"},
            "options": {"type": "array", "items": _ref("Option")},
            "entry_schema_players": {"type": "integer"},
            "entry_schema": {"type": "object", "description": "a JSON Schema (2020-12) of one round entry, as a table "
                                                              "of any house rules takes it (arrays per seat in the "
                                                              "order of play)"},
        },
    },
    "TableCreate": {
        "type": "object",
        "required": ["game", "players"],
        "additionalProperties": False,
        "properties": {
            "game": {"type": "string", "description": "a game slug from GET /api/games"},
            "players": {"type": "array", "items": {"type": "string", "maxLength": 40},
                        "description": "names in seat order, which is the order of play: the deal and the lead "
                                       "pass to the next name (to the right at a game played to the right)"},
            "options": {"type": "object", "description": "the game's house rules (see Options.<slug>)"},
            "title": {"type": "string", "maxLength": 60,
                      "description": "the table's own name for the game played, for a game that takes one (the free "
                                     "sheet: \"Yam's du dimanche\")"},
            "digital": {"type": "boolean", "default": False,
                        "description": "played on Atout: it deals, each seat plays its own cards (games whose "
                                       "digital play exists)"},
            "bots": {"type": "array", "items": {"type": "integer", "minimum": 0}, "uniqueItems": True,
                     "description": "with digital: the seats a bot holds (not all of them)"},
            "bot_level": {"enum": ["quick", "strong"], "default": "strong",
                          "description": "with digital: how the bots play (quick: rule-based; strong: it searches)"},
            "pass_and_play": {"type": "boolean", "default": False,
                              "description": "with digital: one phone for all — the human seats are played on the "
                                             "edit link's pass-and-play page and get no token of their own (seats: "
                                             "[]); false: each human seat gets its own token and page"},
        },
    },
    "SeatLink": {
        "type": "object",
        "required": ["seat", "name", "token", "url"],
        "description": "A seat's token plays it through this API while no phone has taken the seat on its page "
                       "(url); once a phone has (the page binds the seat to that phone's cookie), the token alone "
                       "opens nothing: 403 seat_bound.",
        "properties": {"seat": {"type": "integer", "minimum": 0}, "name": {"type": "string"}, "token": KEY,
                       "url": {"type": "string", "description": "the seat's own page"}},
    },
    "TableCreated": {
        "type": "object",
        "required": ["id", "edit_token", "view_url", "edit_url"],
        "properties": {"id": KEY, "edit_token": KEY, "view_url": {"type": "string"}, "edit_url": {"type": "string"},
                       "digital": {"const": True},
                       "seats": {"type": "array", "items": _ref("SeatLink"),
                                 "description": "a digital table's human seats, each with its token (shown once)"}},
    },
    "RematchMade": {
        "type": "object",
        "description": "a rematch made by an earlier request: the same table as its first answer gave, with the edit "
                       "link (worked out again from the old table's edit token; absent only when the circle it was "
                       "made in is gone), without the seats' links of a digital table (their tokens are stored "
                       "hashed: only the first answer has them; the edit link's pass-and-play plays every seat)",
        "required": ["id", "view_url"],
        "properties": {"id": KEY, "edit_token": KEY, "view_url": {"type": "string"}, "edit_url": {"type": "string"},
                       "digital": {"const": True}},
    },
    "PlayView": {
        "type": "object",
        "description": "the deal as one seat (or a spectator) sees it: the cards (its own hand only, the trick, the "
                       "tricks), what the game's engine says of the deal in the request's language (facts, notes, "
                       "prompt, aside, labels, selection: what a page shows), the engine's own fields (what bots "
                       "read), and the table's",
        "additionalProperties": False,
        "required": ["legal", "action_number", "deal", "names", "bots", "last_trick", "waiting_for", "sheet",
                     "finished", "seat", "facts", "notes", "prompt", "aside", "labels", "selection"],
        "properties": {
            # -- the table's
            "legal": {"type": "array", "items": {"type": "string"}, "description": "the seat's legal actions now"},
            "action_number": {"type": "integer", "minimum": 0,
                              "description": "the table's moves and the deals dealt after its first one, so far (0 before "
                                             "any move of the first deal; it never repeats, from one deal to the "
                                             "next): what a move is sent after"},
            "deal": {**NULLABLE_INT, "description": "the round number the deal is played for"},
            "names": {"type": "array", "items": {"type": "string"}, "description": "the players, seat by seat"},
            "bots": {"type": "array", "items": {"type": "integer"}, "description": "the seats bots hold now"},
            "stand_ins": {"type": "array", "items": {"type": "integer"},
                          "description": "those of them a human's seat handed to a bot, until its human takes it back"},
            "pass_play": {"type": "array", "items": {"type": "integer"},
                          "description": "the human seats played on the edit link's pass-and-play page"},
            "last_trick": {"anyOf": [{"type": "null"}, {"type": "object", "required": ["deal", "cards"]}],
                           "description": "the last complete trick, of this deal or of the one before"},
            "waiting_for": {**NULLABLE_INT, "description": "the seat to play"},
            "sheet": {"type": "object", "required": ["rounds", "totals"], "description": "the score sheet so far",
                      "properties": {"rounds": {"type": "array"}, "totals": {"type": "array", "items": NUMBER}}},
            "finished": {"type": "boolean", "description": "the game is over"},
            "seat": {**NULLABLE_INT, "description": "the seat this view is for (null: the spectators')"},
            # -- what the engine says, for people (companion.kernel.view)
            "facts": {"type": "array", "description": "the deal's public facts in the order they were settled, then "
                                                      "what only this seat knows of its own",
                      "items": {"type": "object", "additionalProperties": False,
                                "required": ["key", "label", "text", "cards"], "properties": {
                                    "key": {"type": "string", "description": "what the fact is, named alike in every "
                                                                             "game (taker, contract, trump, turned, "
                                                                             "called, bids, chien…)"},
                                    "label": {"type": "string", "description": "its name, as a page writes it"},
                                    "text": {"type": ["string", "null"], "description": "its value in words"},
                                    "cards": {"type": "array", "items": {"type": "string"},
                                              "description": "the card codes it shows"}}}},
            "notes": {"type": "array", "description": "per seat, what is said of it at the table",
                      "items": {"type": "array", "items": {
                          "type": "object", "additionalProperties": False, "required": ["text", "call"],
                          "properties": {"text": {"type": "string", "description": "in words"},
                                         "call": {"type": "boolean",
                                                  "description": "true: its call (a bid, a poignée shown); false: "
                                                                 "a count the game keeps"}}}}},
            "prompt": {"type": ["string", "null"], "description": "what the seat is asked for now when it is its "
                                                                  "turn and not simply a card for the trick"},
            "aside": {"anyOf": [{"type": "null"}, {
                "type": "object", "additionalProperties": False, "required": ["label", "cards"],
                "properties": {"label": {"type": "string", "description": "what they are"},
                               "cards": {"type": "array", "items": {"type": "string"}, "description": "card codes"}}}],
                "description": "the cards the seat has set aside so far in a phase that takes several"},
            "labels": {"type": "object", "additionalProperties": {"type": "string"},
                       "description": "each legal action in words, as its button says it"},
            "selection": {"anyOf": [{"type": "null"}, {
                "type": "object", "additionalProperties": False, "required": ["label", "cards", "toggles"],
                "properties": {"label": {"type": "string", "description": "what the cards picked are"},
                               "cards": {"type": "array", "items": {"type": "string"},
                                         "description": "the card codes picked so far"},
                               "toggles": {"type": "object", "additionalProperties": {"type": "string"},
                                           "description": "card code → the legal action that picks it or puts it "
                                                          "back (a page makes that card of the hand the button)"}}}],
                "description": "a choice of several cards the seat is making and may still take back (a tarot "
                               "poignée's trumps), to that seat only: confirmed or cancelled by its actions"},
            # -- the engine's observation: every trick game's
            "game": {"type": "string", "description": "the game's slug"},
            "number": {"type": "integer", "description": "the deal's round number, as the engine was given it"},
            "players": {"type": "integer", "description": "how many seats"},
            "dealer": {**NULLABLE_INT, "description": "the seat that dealt"},
            "phase": {"type": "string", "description": "the engine's name for the stage of the deal (deal, bid, play, "
                                                       "end, or a game's own)"},
            "current_player": {"type": "integer", "description": "the engine's seat to move (-1 dealing, -4 over)"},
            "terminal": {"type": "boolean", "description": "the deal is over"},
            "hand": {"type": "array", "items": {"type": "string"}, "description": "the seat's own cards"},
            "hand_sizes": {"type": "array", "items": {"type": "integer"}, "description": "cards held, seat by seat"},
            "trump": {"type": ["string", "null"], "description": "the trump suit's letter"},
            "trick": {"type": "object", "description": "the trick on the table: leader, [seat, card] pairs"},
            "tricks": {"type": "array", "description": "the tricks played: leader, [seat, card] pairs, taker"},
            "taken": {"type": "array", "items": {"type": "integer"}, "description": "tricks taken, seat by seat"},
            # -- the engine's observation: the fields of some games (see each engine's docstring)
            "taker": {**NULLABLE_INT, "description": "the seat that took (tarot, belote, l'hombre's ombre)"},
            "contract": {"type": ["string", "null"], "description": "the contract taken (tarot, l'hombre)"},
            "bids": {"type": ["array", "null"], "description": "the bids so far: [seat, action] pairs, or one number "
                                                               "of tricks a seat (Rikiki, Motton)"},
            "turned": {"type": ["string", "null"], "description": "the card turned up (the belote's retourne, "
                                                                  "Rikiki's and Motton's trump card)"},
            "bid_round": {"type": "integer", "description": "the belote's round of the prise (1 or 2)"},
            "belote": {**NULLABLE_INT, "description": "the seat that said belote"},
            "rebelote": {"type": "boolean", "description": "rebelote said too"},
            "passed": {"type": "boolean", "description": "every seat passed: the deal is not played"},
            "announcements": {"type": "array", "description": "the belote's announcements shown: seat, points, cards"},
            "annonces": {"type": ["array", "null"], "description": "the belote's announcements' points, seat by seat"},
            "called": {"type": ["object", "null"], "description": "the tarot's king called: rank, suit"},
            "partner": {**NULLABLE_INT, "description": "the called king's holder, once known"},
            "chien": {"type": "array", "items": {"type": "string"}, "description": "the chien, once shown"},
            "chien_size": {"type": "integer", "description": "cards in the chien"},
            "ecart": {"type": "array", "items": {"type": "string"}, "description": "the taker's écart (to the taker)"},
            "ecart_shown": {"type": "array", "items": {"type": "string"}, "description": "trumps put in the écart"},
            "chelem_announced": {"type": "boolean", "description": "a chelem announced"},
            "poignees": {"type": "array", "description": "the poignées shown: seat, size, cards"},
            "picking": {"type": ["object", "null"], "description": "the cards this seat is choosing (a tarot poignée "
                                                                   "or écart, Chasse-cœur's cards passed: purpose, "
                                                                   "cards), to that seat only"},
            "petit_sec": {**NULLABLE_INT, "description": "the seat whose petit sec cancelled the deal"},
            "hands_passed": {"type": "integer", "description": "tarot lorrain: times the hands went to the left"},
            "cards": {"type": "integer", "description": "cards dealt to each seat (Rikiki, Motton)"},
            "hook": {"type": "boolean", "description": "Rikiki: the dealer may not make the bids add up"},
            "forbidden_bid": {**NULLABLE_INT, "description": "the bid the dealer may not make"},
            "bid_total": {"type": "integer", "description": "Rikiki: the bids' total"},
            "no_trump": {"type": "boolean", "description": "Motton: the deal has no trumps"},
            "race": {"type": "array", "items": {"type": "integer"}, "description": "Vicaire: race totals before the deal"},
            "race_now": {"type": "array", "items": {"type": "integer"}, "description": "Vicaire: with the tricks taken"},
            "targets": {"type": "array", "items": {"type": "integer"}, "description": "Vicaire: the totals aimed at"},
            "ecart_size": {"type": "integer", "description": "Vicaire: cards put aside"},
            "manche": {"type": "string", "description": "Barbu: the manche played"},
            "hearts_broken": {"type": "boolean", "description": "Barbu, and Chasse-cœur and Pétasse with "
                                                                    "hearts closed: a heart has been discarded"},
            "stopped": {"type": "boolean", "description": "Barbu: the deal stopped early"},
            "pass": {"type": ["string", "null"], "description": "Chasse-cœur: which way the cards are passed"},
            "passing": {"type": "array", "items": {"type": "integer"},
                        "description": "Chasse-cœur: cards set aside to pass (once chosen), seat by seat"},
            "points": {"type": "array", "items": {"type": "integer"}, "description": "Chasse-cœur: points taken"},
            "set_aside": {"type": "array", "items": {"type": "string"}, "description": "Chasse-cœur: the seat's cards "
                                                                                       "set aside to pass"},
            "passed_cards": {"type": "array", "items": {"type": "string"},
                             "description": "Chasse-cœur: the cards the seat passed"},
            "hearts_taken": {"type": "array", "items": {"type": "integer"}, "description": "Pétasse: hearts taken"},
            "queen_of_spades": {**NULLABLE_INT, "description": "Pétasse: the seat that took the Q♠"},
            "removed": {"type": "array", "items": {"type": "string"}, "description": "Pétasse: cards taken out"},
            "talon_size": {"type": "integer", "description": "L'hombre: cards in the talon"},
            "discarded": {"type": "array", "items": {"type": "integer"}, "description": "L'hombre: cards put down"},
            "my_discards": {"type": "array", "items": {"type": "string"}, "description": "L'hombre: the seat's own"},
            "exchanging": {**NULLABLE_INT, "description": "L'hombre: the seat exchanging"},
            "pending": {"type": "integer", "description": "L'hombre: cards put down by the seat exchanging"},
            "pot": {"type": "integer", "description": "L'hombre: chips in the pot"},
            "stake": {"type": "integer", "description": "L'hombre: the stake"},
        },
    },
    "SeatHolder": {
        "type": "object",
        "required": ["bot"],
        "additionalProperties": False,
        "properties": {"bot": {"type": "boolean", "description": "true: a bot holds the seat for its human (at the "
                                                                 "level of the table's bots, else strong); false: "
                                                                 "the human takes it back"}},
    },
    "PlayMove": {
        "type": "object",
        "required": ["action", "after"],
        "additionalProperties": False,
        "properties": {
            "action": {"type": "string", "description": "a card code (\"QS\", \"10H\") or the game's move word"},
            "after": {"type": "integer", "minimum": 0, "description": "the view's action_number"},
        },
    },
    "PlayRefused": {
        "description": "Errors, and when the move was refused by the game (illegal, stale, not your turn) the "
                       "seat's current view",
        "allOf": [_ref("Errors")],
        "properties": {"view": _ref("PlayView")},
    },
    "Round": {
        "type": "object",
        "required": ["number", "entry", "scores", "contract", "corrected"],
        "properties": {
            "number": {"type": "integer", "minimum": 1},
            "entry": {"type": "object"},
            "scores": {"type": "array", "items": NUMBER},
            "contract": {"type": ["string", "null"]},
            "corrected": {"type": "boolean"},
            "summary": {"type": "string", "description": "the deal in one line, players named, in the request's "
                                                         "language (games that say it: Sheet.summarise)"},
            "details": {"type": "object"},
        },
    },
    "Next": {
        "type": ["object", "null"],
        "required": ["number", "dealer", "first"],
        "properties": {
            "number": {"type": "integer", "minimum": 1},
            "dealer": NULLABLE_INT, "first": NULLABLE_INT,
            "contract": {"anyOf": [{"type": "null"}, {"type": "object", "required": ["key", "name"]}]},
        },
    },
    "TableState": {
        "type": "object",
        "required": ["id", "game", "players", "options", "version", "rounds", "totals", "finished", "winners", "next"],
        "properties": {
            "id": KEY, "game": {"type": "string"},
            "players": {"type": "array", "items": {"type": "string"}},
            "options": {"type": "object"},
            "title": {"type": "string", "description": "the table's own name for its game (empty: the game's name)"},
            "teams": {"type": "array", "items": {"type": "array", "items": {"type": "integer", "minimum": 0}},
                      "description": "the partnerships that score as one (Belote: [[0, 2], [1, 3]]); empty when "
                                     "everyone plays for themselves"},
            "first_dealer": {"type": "integer", "minimum": 0,
                             "description": "the seat that dealt round 1 (0 unless a rematch passed the deal on)"},
            "version": {"type": "integer", "minimum": 0},
            "rounds": {"type": "array", "items": _ref("Round")},
            "totals": {"type": "array", "items": NUMBER},
            "finished": {"type": "boolean"},
            "winners": {"type": "array", "items": {"type": "string"}},
            "next": _ref("Next"),
        },
    },
    "RoundStored": {
        "type": "object",
        "required": ["number", "scores", "totals", "finished", "winners"],
        "properties": {
            "number": {"type": "integer", "minimum": 1},
            "scores": {"type": "array", "items": NUMBER},
            "totals": {"type": "array", "items": NUMBER},
            "finished": {"type": "boolean"},
            "winners": {"type": "array", "items": {"type": "string"}},
        },
    },
    "Conflict": {
        "description": "Errors, and for a round entered twice or a stale change, what the table holds now",
        "allOf": [_ref("Errors")],
        "properties": {
            "stored": {"anyOf": [{"type": "null"}, _ref("Round")]},
            "current": {"anyOf": [{"type": "null"}, _ref("Round")]},
            "next_round": {"type": "integer"},
            "version": {"type": "integer"},
            "totals": {"type": "array", "items": NUMBER},
        },
    },
}

TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": KEY}
BEARER = [{"editToken": []}]
SEAT = [{"seatToken": []}]
LANG = kit.LANG

# No Authorization header at all: 401 naming the scheme; a token that is not the table's (or seat's): 403.
UNAUTHENTICATED = {**_errors("no Authorization header"),
                   "headers": {"WWW-Authenticate": {"description": "Bearer", "schema": {"type": "string"}}}}

COMMON = kit.COMMON


def _paths(entry_names: list[str]) -> dict:
    entry = {"anyOf": [_ref(n) for n in entry_names],
             "description": "the round entry of the table's game (Entry.<slug>.<players>); the table checks it"}
    table_404 = _errors("unknown table")
    play_404 = _errors("unknown table, or not played on Atout")
    return {
        "/api/games": {"get": {
            "summary": "Games with a score sheet", "operationId": "listGames", "parameters": [LANG],
            "responses": {"200": _json({"type": "array", "items": _ref("GameSummary")}, "the games")}}},
        "/api/games/{slug}": {"get": {
            "summary": "A game: options with defaults and its round-entry schema", "operationId": "getGame",
            "parameters": [{"name": "slug", "in": "path", "required": True, "schema": {"type": "string"}},
                           {"name": "players", "in": "query", "required": False,
                            "schema": {"type": "string", "pattern": "^[0-9]{1,2}$"}}, LANG],
            "responses": {"200": _json(_ref("Game"), "the game"), "400": _errors("player count out of range"),
                          "404": _errors("unknown game")}}},
        "/api/tables": {"post": {
            "summary": "Create a table", "operationId": "createTable", "parameters": [LANG],
            "requestBody": _body(_ref("TableCreate")),
            "responses": {"201": {**_json(_ref("TableCreated"), "the new table, with its edit token (shown once)"),
                                  "links": {"GetTable": _table_link("getTable"),
                                            "AddRound": _table_link("addRound"),
                                            "FinishTable": _table_link("finishTable"),
                                            "GetPlay": _table_link("getPlay")}},
                          **COMMON}}},
        "/api/tables/{table_id}": {"get": {
            "summary": "A table's state (ETag; If-None-Match answers 304)", "operationId": "getTable",
            "parameters": [TABLE_ID, LANG,
                           {"name": "If-None-Match", "in": "header", "required": False, "schema": {"type": "string"}}],
            "responses": {"200": _json(_ref("TableState"), "the table"), "304": {"description": "unchanged"},
                          "404": table_404}}},
        "/api/tables/{table_id}/rounds": {"post": {
            "summary": "Enter a round", "operationId": "addRound", "security": BEARER,
            "parameters": [TABLE_ID, LANG,
                           {"name": "Idempotency-Key", "in": "header", "required": False,
                            "schema": {"type": "string", "pattern": "^[A-Za-z0-9._:-]{1,80}$"}},
                           {"name": "X-Round-Number", "in": "header", "required": False,
                            "schema": {"type": "string", "pattern": "^[0-9]{1,9}$"}}],
            "requestBody": _body(entry),
            "responses": {"201": _json(_ref("RoundStored"), "stored (or replayed for a repeated Idempotency-Key)"),
                          "401": UNAUTHENTICATED, "403": _errors("wrong edit token"), "404": table_404,
                          "409": _json(_ref("Conflict"), "round already entered elsewhere, or the game is over"),
                          "422": _errors("Idempotency-Key reused with another body"), **COMMON}}},
        "/api/tables/{table_id}/rounds/{number}": {
            "parameters": [TABLE_ID, {"name": "number", "in": "path", "required": True,
                                      "schema": {"type": "integer", "minimum": 0}}, LANG,
                           {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"}}],
            "put": {"summary": "Correct a round (kept in the history)", "operationId": "correctRound", "security": BEARER,
                    "requestBody": _body(entry),
                    "responses": {"200": _json(_ref("TableState"), "the table after the correction"),
                                  "401": UNAUTHENTICATED, "403": _errors("wrong edit token"),
                                  "404": _errors("unknown table or round"),
                                  "409": _json(_ref("Conflict"), "stale, or later rounds would break"), **COMMON}},
            "delete": {"summary": "Delete a round (kept in the history)", "operationId": "deleteRound",
                       "security": BEARER,
                       "responses": {"200": _json(_ref("TableState"), "the table after the deletion"),
                                     "401": UNAUTHENTICATED, "403": _errors("wrong edit token"),
                                     "404": _errors("unknown table or round"),
                                     "409": _json(_ref("Conflict"), "stale, or later rounds would break"), **COMMON}}},
        "/api/tables/{table_id}/finish": {"post": {
            "summary": "End the game now", "operationId": "finishTable", "security": BEARER,
            "parameters": [TABLE_ID, LANG],
            "responses": {"200": _json(_ref("TableState"), "the ended table"),
                          "401": UNAUTHENTICATED, "403": _errors("wrong edit token"), "404": table_404,
                          "409": _errors("already over"), **COMMON}}},
        "/api/tables/{table_id}/reopen": {"post": {
            "summary": "Play on a game ended by hand (finish); a game ended by its own rules is taken back by "
                       "deleting its last round", "operationId": "reopenTable", "security": BEARER,
            "parameters": [TABLE_ID, LANG],
            "responses": {"200": _json(_ref("TableState"), "the table, open again (ETag: its version)"),
                          "401": UNAUTHENTICATED, "403": _errors("wrong edit token"), "404": table_404,
                          "409": _errors("the game is not over, or ended by its own rules"), **COMMON}}},
        "/api/tables/{table_id}/rematch": {"post": {
            "summary": "The rematch of an ended game: same players, options and circle, the next dealer first; made "
                       "once, every later request answers the same table", "operationId": "rematchTable",
            "security": BEARER,
            "parameters": [TABLE_ID, LANG,
                           {"name": "Idempotency-Key", "in": "header", "required": False,
                            "schema": {"type": "string", "pattern": "^[A-Za-z0-9._:-]{1,80}$"}}],
            "responses": {"201": {**_json(_ref("TableCreated"), "the new table, with its edit token (a digital "
                                                                "table's seats' links: shown once, here); also the "
                                                                "answer to a retry with the Idempotency-Key of the "
                                                                "request that made it (Idempotent-Replayed: true), "
                                                                "without the seats' links"),
                                  "links": {"GetTable": _table_link("getTable"),
                                            "AddRound": _table_link("addRound"),
                                            "GetPlay": _table_link("getPlay")}},
                          "200": _json(_ref("RematchMade"), "the rematch an earlier request made"),
                          "401": UNAUTHENTICATED, "403": _errors("wrong edit token"), "404": table_404,
                          "409": _errors("the game is not over"),
                          "422": _errors("Idempotency-Key already used for another request on this table"),
                          **COMMON}}},
        "/api/tables/{table_id}/play": {
            "parameters": [TABLE_ID, LANG],
            "get": {"summary": "A digital table's deal as a seat sees it (its seat token), or a spectator (no token)",
                    "operationId": "getPlay", "security": [{}, {"seatToken": []}],
                    "parameters": [{"name": "If-None-Match", "in": "header", "required": False,
                                    "schema": {"type": "string"}}],
                    "responses": {"200": _json(_ref("PlayView"), "the view (ETag: the table's live tag)"),
                                  "304": {"description": "unchanged since that ETag"},
                                  "403": _errors("wrong seat token (the edit token plays for no seat)"),
                                  "404": play_404, **COMMON}},
            "post": {"summary": "Play for a seat (its seat token)", "operationId": "play", "security": SEAT,
                     "requestBody": _body(_ref("PlayMove")),
                     "responses": {"200": _json(_ref("PlayView"), "the seat's view after the move (the bots play next, off the request)"),
                                   "400": _json(_ref("PlayRefused"), "illegal move (with the reason) or bad body"),
                                   "401": UNAUTHENTICATED,
                                   "403": _errors("wrong seat token (the edit token plays for no seat), "
                                                  "or a seat a phone took on its page (seat_bound)"),
                                   "404": play_404,
                                   "409": _json(_ref("PlayRefused"), "stale after, not this seat's turn, a bot holds "
                                                                     "the seat (held_by_bot), or the game is over"),
                                   "405": COMMON["405"], "413": COMMON["413"]}}},
        "/api/tables/{table_id}/seats/{seat}": {"post": {
            "summary": "Hand a human's seat to a bot, or take it back",
            "description": "With the seat's own token (or the edit token for a seat played on pass-and-play): at any "
                           "time. With another seat's token, or the edit token for a seat with its own token: only "
                           f"while the table has waited {ABSENT_AFTER} s or more for that seat to play (409 "
                           "not_absent otherwise). Taking a seat back is for its own token (the edit token for a "
                           "pass-and-play seat): 403 not_your_seat otherwise. Nothing changes for a seat already held "
                           "as asked.",
            "operationId": "setSeatHolder", "security": [{"seatToken": []}, {"editToken": []}],
            "parameters": [TABLE_ID, {"name": "seat", "in": "path", "required": True,
                                      "schema": {"type": "integer", "minimum": 0}}, LANG],
            "requestBody": _body(_ref("SeatHolder")),
            "responses": {"200": _json(_ref("PlayView"), "the caller's view after it (a seat's, or the spectators' "
                                                         "for the edit token)"),
                          "400": _errors("bad body, unknown seat, or a seat a bot has held from the start"),
                          "401": UNAUTHENTICATED,
                          "403": _errors("a wrong token, a seat a phone took on its page, or not this seat's to "
                                         "take back"),
                          "404": play_404,
                          "409": _errors("the seat is not absent yet, or the game is over"),
                          "405": COMMON["405"], "413": COMMON["413"]}}},
        "/api/openapi.json": {"get": {
            "summary": "This document", "operationId": "openapi",
            "responses": {"200": {"description": "the OpenAPI 3.1 document",
                                  "content": {"application/json": {"schema": {"type": "object"}}}}}}},
    }


@lru_cache(maxsize=1)
def document() -> dict:
    """The whole document; built once per process (it depends on the code only)."""
    entries = _entry_schemas()
    tools = parts.tools()
    schemas = {**BASE_SCHEMAS, **_options_schemas(), **entries,
               **{name: schema for t in tools for name, schema in t.OPENAPI_SCHEMAS.items()}}
    return {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": "Atout",
            "version": "1",
            "description": "Score sheets for French card games. Seats are numbered in the order of play: the "
                           "deal and the lead pass from seat i to seat i + 1 (at a game played to the right, seat "
                           "i + 1 is on seat i's right; a game's direction says which way it turns), and a table's "
                           "players are given in that order. An array per seat in an entry lists the seats in that "
                           "order, seat 0 first. An entry schema (Entry.<slug>.<players>) lists every field a table "
                           "of any house rules accepts; a field an option turns on says so, and a table whose "
                           "options leave it off refuses it. Every error is {\"errors\": [{\"field\", \"seat\", "
                           "\"code\", \"message\"}]}, in the request's language (Accept-Language: fr or en).",
        },
        "paths": {**_paths(list(entries)), **{path: item for t in tools for path, item in t.OPENAPI_PATHS.items()}},
        "components": {
            "schemas": schemas,
            "securitySchemes": {"editToken": {"type": "http", "scheme": "bearer",
                                              "description": "the table's edit token (from POST /api/tables)"},
                                "seatToken": {"type": "http", "scheme": "bearer",
                                              "description": "a digital table's seat token (POST /api/tables "
                                                             "answers them in seats)"}},
        },
    }
