"""Match games: a round (one game) only has a winner (issue 13's convention, shared by Bataille, Super-bataille,
Menteur, Pouilleux and Huit américain in its "wins" scoring).

A round scores 1 for each of its winners (ties share: each tied seat scores 1) and 0 for the others; the totals
are games won. Option ``wins_needed`` (default :data:`WINS_NEEDED`; ``None`` = no limit, the group finishes as in
Rami): the table ends after the round in which a total reaches it. The highest total wins, ties shared.

A game's sheet subclasses :class:`MatchSheet`, puts :func:`wins_needed_option` in its options and says who won a
round in :meth:`MatchSheet.round_winners`; it keeps its own ``check_entry`` and ``normalise``.
"""

from __future__ import annotations

from .base import Option, RoundResult, Sheet
from .text import T, Text, seat_ref

WINS_NEEDED = 3
MAX_WINS_NEEDED = 100
WIN_POINTS = 1


def wins_needed_option() -> Option:
    return Option("wins_needed", T("Parties gagnantes", "Games to win"), "int", WINS_NEEDED, nullable=True,
                  minimum=1, maximum=MAX_WINS_NEEDED,
                  help=T("La table s'arrête quand un joueur a gagné autant de parties. Vide : on arrête quand on veut.",
                         "The table ends when a player has won this many games. Empty: stop whenever you like."))


class MatchSheet(Sheet):
    lowest_wins = False

    def round_winners(self, entry: dict) -> list[int]:
        """The seats that won this (checked, normalised) round; several when they share it."""
        raise NotImplementedError

    def round_notes(self, entry: dict, winners: list[int]) -> list[Text]:
        """How the round was won, for the sheet; a subclass may say more."""
        who = ", ".join(seat_ref(s) for s in winners)
        if len(winners) > 1:
            return [T("{who} se partagent la partie : 1 chacun.", "{who} share the game: 1 each.").format(who=who)]
        return [T("{who} gagne la partie.", "{who} wins the game.").format(who=who)]

    def score_entry(self, entry: dict) -> RoundResult:
        winners = self.round_winners(entry)
        scores = [WIN_POINTS if s in winners else 0 for s in range(self.n)]
        notes = self.round_notes(entry, winners)
        needed = self.options.get("wins_needed")
        if needed is not None:
            done = [s for s in range(self.n) if self.totals[s] + scores[s] >= needed]
            if done:
                notes.append(T("{who} atteint {k} parties gagnées : la table s'arrête.",
                               "{who} reaches {k} games won: the table ends.").format(
                    who=", ".join(seat_ref(s) for s in done), k=needed))
        return RoundResult(0, entry, scores, notes=notes)

    def natural_end(self) -> bool:
        needed = self.options.get("wins_needed")
        return needed is not None and any(t >= needed for t in self.totals)
