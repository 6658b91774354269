"""What the batailles share (Bataille and Super-bataille): the deal of the whole pack one card at a time, and the
match sheet that writes who won each game (the winner holds every card, or the game stopped and the most cards
wins it), on :mod:`companion.families.matches`."""

from __future__ import annotations

from typing import Any

from companion.families.matches import MatchSheet
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import Problem
from companion.kernel.game import EntryField, RoundResult
from companion.kernel.text import T, Text, count, seat_ref

RULE = "fin-de-partie"


def hands(deck_size: int, n_players: int, dealer: int) -> list[int]:
    """Cards dealt per seat when every card goes out one at a time from the seat after the dealer."""
    base, extra = divmod(deck_size, n_players)
    order = [(dealer + 1 + k) % n_players for k in range(n_players)]
    out = [base] * n_players
    for seat in order[:extra]:
        out[seat] += 1
    return out


class BatailleSheet(MatchSheet):
    @property
    def deck_size(self) -> int:
        size: int = self.options["deck"] + self.options["jokers"]
        return size

    def entry_fields(self, number: int) -> list[EntryField]:
        return [
            EntryField("winner", T("Gagnant", "Winner"), "seat", required=False,
                       help=T("A toutes les cartes", "Holds every card")),
            EntryField("cards_left", T("Cartes", "Cards"), "count", required=False, maximum=self.deck_size,
                       help=T("Si on arrête avant", "If stopped before")),
        ]

    def next_extra(self) -> dict[str, Any]:
        return {"hands": hands(self.deck_size, self.n, self.dealer_for(self.number))}

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=RULE)
        if not r.ok:
            return r.problems
        r.only_keys({"winner", "cards_left"})
        has_winner, has_counts = r.has("winner"), r.has("cards_left")
        if has_winner and has_counts:
            r.add("cards_left", "both", T(
                "Soit le gagnant (il a toutes les cartes), soit les cartes de chacun, pas les deux.",
                "Either the winner (who holds every card) or each player's cards, not both."))
        elif not has_winner and not has_counts:
            r.add("winner", "required", T(
                "Qui a gagné ? Ou, si la partie s'est arrêtée avant, combien de cartes a chacun.",
                "Who won? Or, if the game stopped before the end, how many cards each one holds."))
        if has_winner:
            r.seat("winner")
        if has_counts:
            counts = r.counts("cards_left", maximum=self.deck_size)
            if counts is not None and sum(counts) != self.deck_size:
                r.add("cards_left", "wrong_total", T(
                    "Les cartes de chacun font {t} ; il en faut {d}, tout le paquet.",
                    "The cards add up to {t}; the whole pack, {d}, is needed.").format(t=sum(counts), d=self.deck_size))
        return r.problems

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        if entry.get("winner") is not None:
            return {"winner": entry["winner"]}
        return {"cards_left": list(entry["cards_left"])}

    def round_winners(self, entry: dict[str, Any]) -> list[int]:
        if "winner" in entry:
            return [entry["winner"]]
        counts = entry["cards_left"]
        best = max(counts)
        return [s for s, c in enumerate(counts) if c == best]

    def round_notes(self, entry: dict[str, Any], winners: list[int]) -> list[Text]:
        if "winner" in entry:
            return [T("{p} a toutes les cartes : 1 partie gagnée.", "{p} holds every card: 1 game won.").format(
                p=seat_ref(entry["winner"]))]
        most = max(entry["cards_left"])
        who = ", ".join(seat_ref(s) for s in winners)
        if len(winners) > 1:
            return [T("Partie arrêtée : {who} ont le plus de cartes ({c}) et se la partagent, 1 chacun.",
                      "Game stopped: {who} hold the most cards ({c}) and share it, 1 each.").format(who=who, c=most)]
        return [T("Partie arrêtée : {who} a le plus de cartes ({c}) et la gagne.",
                  "Game stopped: {who} holds the most cards ({c}) and wins it.").format(who=who, c=most)]

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict):
            return []
        if is_int(entry.get("winner")) and 0 <= entry["winner"] < self.n:
            return [T("Gagnant : {p}, avec toutes les cartes", "Winner: {p}, with every card").format(
                p=seat_ref(entry["winner"]))]
        counts = entry.get("cards_left")
        if isinstance(counts, list) and len(counts) == self.n:
            parts = ", ".join(f"{seat_ref(s)} {c}" for s, c in enumerate(counts))
            return [T("Partie arrêtée, cartes de chacun : {p}", "Game stopped, each one's cards: {p}").format(p=parts)]
        return super().describe_entry(entry, number)

    def summarise(self, result: RoundResult) -> Text | None:
        """Who took every card ("⟨0⟩ ramasse tout"), or, the game stopped, who held the most: "partie arrêtée · ⟨1⟩ :
        30 cartes"."""
        entry = result.entry
        if "winner" in entry:
            return T("{p} ramasse tout", "{p} takes every card").format(p=seat_ref(entry["winner"]))
        most = max(entry["cards_left"])
        cards = count(most, "{n} carte", "{n} cartes", "{n} card", "{n} cards")
        best = [seat_ref(s) for s, c in enumerate(entry["cards_left"]) if c == most]
        if len(best) == 1:
            return T("partie arrêtée · {w} : {c}", "game stopped · {w}: {c_en}").format(w=best[0], c=cards.fr, c_en=cards.en)
        return T("partie arrêtée · {w} et {l} ex æquo, {c}", "game stopped · {w} and {l} tie, {c_en}").format(
            w=", ".join(best[:-1]), l=best[-1], c=cards.fr, c_en=cards.en)


def entry_schema_for(title: str, n_players: int, deck_size: int) -> dict[str, Any]:
    """The entry schema shared by Bataille and Super-bataille."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": title,
        "type": "object",
        "oneOf": [
            {"type": "object", "additionalProperties": False, "required": ["winner"],
             "properties": {"winner": {"type": "integer", "minimum": 0, "maximum": n_players - 1,
                                       "description": "the seat that holds every card"}}},
            {"type": "object", "additionalProperties": False, "required": ["cards_left"],
             "properties": {"cards_left": {
                 "type": "array", "minItems": n_players, "maxItems": n_players,
                 "items": {"type": "integer", "minimum": 0, "maximum": deck_size},
                 "description": f"cards each seat holds when the game was stopped; they add up to {deck_size}; "
                                "the most cards wins, ties share"}}},
        ],
    }
