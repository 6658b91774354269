"""Match games: a deal (or a game) has only a winner, and the table plays until someone has won enough of them.

One convention, written once for every such game (Huit américain and Pouilleux by default, Menteur, Bataille,
Super-bataille):

* option ``wins_needed`` (:func:`wins_needed_option`, default :data:`WINS_NEEDED`; ``None`` = no limit, the group
  ends the table by hand, as at Rami);
* a round scores :data:`WIN` for each of its winners (ties share: at Bataille a game stopped early can leave
  several seats level with the most cards) and 0 for every other seat (:func:`match_scores`);
* the table ends after the round in which a seat reaches ``wins_needed`` (:func:`match_over`); the most wins win,
  ties shared.

A game's sheet subclasses :class:`MatchSheet` and either says who won a round (:meth:`MatchSheet.round_winners`,
then the shared :meth:`MatchSheet.score_entry` scores it) or scores the round itself with
:meth:`MatchSheet.match_result`. A game whose options switch between a match and a points count (Huit
américain's ``scoring``) overrides :meth:`MatchSheet.is_match` and its own ``natural_end`` for the points mode.
"""

from __future__ import annotations

from typing import Any

from companion.kernel.game import Option, RoundResult, Sheet
from companion.kernel.text import T, Text, count, seat_ref

WINS_NEEDED = 3  # the default: the first to win three rounds wins the table
MAX_WINS_NEEDED = 100
WIN = 1  # what a round's winner scores; the others score 0
WIN_POINTS = WIN


def wins_needed_option(default: int | None = WINS_NEEDED, help: Text | None = None,
                       label: Text | None = None) -> Option:
    """The ``wins_needed`` option, the same for every match game."""
    return Option(
        "wins_needed", label or T("Manches à gagner", "Wins needed"), "int", default, nullable=True, minimum=1,
        maximum=MAX_WINS_NEEDED,
        help=help or T("La partie s'arrête quand un joueur a gagné ce nombre de manches. Vide : pas de limite, on "
                       "arrête quand on veut.",
                       "The table ends when a player has won this many rounds. Empty: no limit, stop whenever you "
                       "like."))


def match_scores(n_players: int, winner: int | list[int]) -> list[int]:
    """A round's scores: :data:`WIN` for its winner (or each of its winners), 0 for everyone else."""
    winners = [winner] if isinstance(winner, int) else winner
    return [WIN if seat in winners else 0 for seat in range(n_players)]


def match_over(totals: list[int], wins_needed: int | None) -> bool:
    """Has a seat won enough rounds? Never with ``wins_needed`` None (the group ends the table)."""
    return wins_needed is not None and any(t >= wins_needed for t in totals)


def win_note(winner: int, wins: int, wins_needed: int | None) -> Text:
    """``⟨2⟩ gagne la manche (2 sur 3).``, or ``(3 sur 3) : la partie est gagnée.``, or without a limit
    ``(2 manches gagnées)``."""
    who = seat_ref(winner)
    if wins_needed is None:
        return T("{w} gagne la manche ({k} gagnée{s}).", "{w} wins the round ({k} won).").format(
            w=who, k=wins, s="s" if wins > 1 else "")
    if wins >= wins_needed:
        return T("{w} gagne la manche ({k} sur {m}) : la partie est gagnée.",
                 "{w} wins the round ({k} of {m}): the table is won.").format(w=who, k=wins, m=wins_needed)
    return T("{w} gagne la manche ({k} sur {m}).", "{w} wins the round ({k} of {m}).").format(
        w=who, k=wins, m=wins_needed)


class MatchSheet(Sheet):
    """A sheet whose totals are rounds won, most wins first; ends at ``options["wins_needed"]``."""

    lowest_wins = False

    def is_match(self) -> bool:
        return True

    @property
    def wins_needed(self) -> int | None:
        return self.options.get("wins_needed")

    def natural_end(self) -> bool:
        return bool(self.rounds) and match_over(self.totals, self.wins_needed)

    def offline_points(self, number: int) -> dict[str, int] | None:
        """A phone adds up its waiting rounds as one win to the seat in ``winner`` (a match only)."""
        return {"winner": WIN} if self.is_match() else None

    def match_result(self, winner: int) -> tuple[list[int], Text]:
        """The round's scores and its note, for the round ``winner`` won."""
        scores = match_scores(self.n, winner)
        return scores, win_note(winner, self.totals[winner] + WIN, self.wins_needed)

    def wins(self) -> list[int]:
        """Rounds won by each seat so far (the totals, in a match)."""
        return list(self.totals)

    # -- the shared scoring, for a game that only says who won ---------------------------------------------------
    def round_winners(self, entry: dict[str, Any]) -> list[int]:
        """The seats that won this (checked, normalised) round; several when they share it."""
        raise NotImplementedError

    def round_notes(self, entry: dict[str, Any], winners: list[int]) -> list[Text]:
        """How the round was won, for the sheet; a subclass may say more."""
        who = ", ".join(seat_ref(s) for s in winners)
        if len(winners) > 1:
            return [T("{who} se partagent la partie : 1 chacun.", "{who} share the game: 1 each.").format(who=who)]
        return [T("{who} gagne la partie.", "{who} wins the game.").format(who=who)]

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        winners = self.round_winners(entry)
        scores = match_scores(self.n, winners)
        notes = self.round_notes(entry, winners)
        needed = self.wins_needed
        if needed is not None:
            done = [s for s in range(self.n) if self.totals[s] + scores[s] >= needed]
            if done:
                games = count(needed, "{n} partie gagnée", "{n} parties gagnées", "{n} game won", "{n} games won")
                notes.append(count(len(done), "{who} atteint {g} : la table s'arrête.",
                                   "{who} atteignent {g} : la table s'arrête.", "{who} reaches {g_en}: the table ends.",
                                   "{who} reach {g_en}: the table ends.", who=", ".join(seat_ref(s) for s in done),
                                   g=games.fr, g_en=games.en))
        return RoundResult(0, entry, scores, notes=notes)
