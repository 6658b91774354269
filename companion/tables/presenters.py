"""Plain data for the API and the templates, from the rules model and a table's state."""

from __future__ import annotations

from companion.bidi import name_seats_html
from companion.kernel.game import Game, NextRound, Option
from companion.kernel.text import Text, name_seats

from . import ledger
from .ledger import TableState
from .models import Event


def text(value, lang: str):
    return value.get(lang) if isinstance(value, Text) else value


def option_payload(option: Option, lang: str, players: range | None = None) -> dict:
    out = {"key": option.key, "label": option.label.get(lang), "kind": option.kind, "default": option.default,
           "help": option.help.get(lang)}
    if option.default_for is not None and players is not None:
        # The default follows the player count ("help" says the rule): null here, the number for each count.
        out["default_by_players"] = {str(n): option.default_for(n) for n in players}
    if option.choices:
        out["choices"] = [{"value": v, "label": label.get(lang)} for v, label in option.choices]
    if option.minimum is not None:
        out["minimum"] = option.minimum
    if option.maximum is not None:
        out["maximum"] = option.maximum
    if option.nullable:
        out["nullable"] = True
    if option.presets:
        out["presets"] = [{"value": v, "label": label.get(lang)} for v, label in option.presets]
    return out


def game_payload(game: Game, lang: str, n_players: int) -> dict:
    info = game.info
    return {
        "slug": game.slug,
        "name": info.names.get(lang),
        "names": {"fr": info.names.fr, "en": info.names.en},
        "min_players": info.min_players,
        "max_players": info.max_players,
        "player_counts": list(info.counts),
        "decks": list(info.decks),
        "family": info.family,
        "direction": info.direction,
        "options": [option_payload(o, lang, info.counts) for o in game.options],
        "entry_schema_players": n_players,
        "entry_schema": game.any_table_schema(n_players),  # every field some table's house rules accept
    }


def next_payload(state: TableState, nxt: NextRound | None, lang: str) -> dict | None:
    """The coming round ``nxt`` (:attr:`TableState.next_round`) for the API and the pages; None once the table has
    ended."""
    if nxt is None:
        return None
    out = {
        "number": nxt.number,
        "dealer": nxt.dealer,
        # None where a draw picks the dealer of every round (L'Empereur).
        "dealer_name": state.players[nxt.dealer] if nxt.dealer is not None else None,
        "first": nxt.first,
        # None where a card decides who leads (the 2♣ at Chasse-cœur).
        "first_name": state.players[nxt.first] if nxt.first is not None else None,
        "contract": {"key": nxt.contract.key, "name": nxt.contract.name.get(lang)} if nxt.contract else None,
    }
    out.update({k: _plain(v, lang) for k, v in nxt.extra.items()})
    return out


def _plain(value, lang: str):
    if isinstance(value, Text):
        return value.get(lang)
    if isinstance(value, dict):
        return {k: _plain(v, lang) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v, lang) for v in value]
    return value


def state_payload(state: TableState, lang: str) -> dict:
    return {
        "id": state.table.id,
        "game": state.game.slug,
        "players": state.players,
        "options": state.table.options,
        "title": state.table.title,
        "first_dealer": state.table.first_dealer,
        "teams": [list(t) for t in state.sheet.teams() or ()],
        "version": state.table.version,
        "rounds": [
            {
                "number": r.number,
                "entry": r.result.entry,
                "scores": r.result.scores,
                "contract": r.result.contract.key if r.result.contract else None,
                "corrected": r.corrected,
                **({"summary": name_seats(r.result.summary.get(lang), state.players)} if r.result.summary else {}),
                **({"details": _plain(r.result.extra, lang)} if r.result.extra else {}),
            }
            for r in state.rounds
        ],
        "totals": state.sheet.totals,
        "finished": state.finished,
        "winners": state.winner_names(),
        "next": next_payload(state, state.next_round, lang),
    }


def history_items(state: TableState, lang: str) -> list[dict]:
    """Every event of the table, newest first, each said in words: what happened ("Donne 3 corrigée"), the entry as
    the game describes it (:meth:`Sheet.describe_entry`, never the stored JSON) and the notes of that version."""
    describer = ledger.blank_sheet(state.table, state.game)
    items = []
    for e, number, notes, summary in ledger.history(state):
        entry = []
        if e.kind in (Event.ROUND, Event.CORRECTION) and e.data is not None and number is not None:
            entry = [name_seats_html(line.get(lang), state.players) for line in describer.describe_entry(e.data, number)]
        items.append({"event": e, "kind": e.kind, "number": number, "entry": entry,
                      "summary": name_seats_html(summary.get(lang), state.players) if summary else "",
                      "notes": [name_seats_html(n.get(lang), state.players) for n in notes]})
    return items[::-1]
