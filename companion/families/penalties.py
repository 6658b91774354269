"""Penalty-card trick games (Chasse-cœur, Pétasse — the Hearts family), the checks written once for both.

Each deal, every card is dealt and played; players count the penalty cards (hearts, queens) in the tricks they
took, and the lowest total wins. What a table types can be checked against real cards:

* the hearts taken add up to the hearts in the pack (:func:`read_hearts`);
* with the optional ``tricks``: they add up to the hand size, a seat with no trick took no card, and no seat took
  more penalty cards than ``players`` × its tricks (:func:`check_tricks`); without them, no more seats took
  penalty cards than there are tricks (:func:`check_takers`: Chasse-cœur at eight plays six tricks);
* one seat taking every point (or every trick) scores 0 and each other seat the deal's total (:func:`sweep`).

:class:`PenaltySheet` ends the game after the deal in which a total reaches the ``target`` option.
"""

from __future__ import annotations

from companion.kernel.entries import EntryReader
from companion.kernel.game import Sheet
from companion.kernel.text import T, count


def read_hearts(r: EntryReader, total: int) -> list[int] | None:
    """``hearts``: one whole number per seat, adding up to ``total`` (returned even when they do not, so that the
    other checks still run: every problem is reported at once)."""
    hearts = r.counts("hearts", maximum=total)
    if hearts is not None and sum(hearts) != total:
        r.add("hearts", "heart_total", count(sum(hearts), "Il y a {h} cœurs dans le jeu : {n} saisi.",
                                             "Il y a {h} cœurs dans le jeu : {n} saisis.",
                                             "There are {h} hearts in the pack: {n} entered.",
                                             "There are {h} hearts in the pack: {n} entered.", h=total))
    return hearts


def read_tricks(r: EntryReader, hand: int) -> list[int] | None:
    """The optional ``tricks``: one whole number per seat, adding up to ``hand`` (every card is played)."""
    tricks = r.counts("tricks", required=False, maximum=hand)
    if tricks is not None and sum(tricks) != hand:
        r.add("tricks", "trick_total", count(sum(tricks), "Il y a {h} plis dans la donne : {n} saisi.",
                                             "Il y a {h} plis dans la donne : {n} saisis.",
                                             "There are {h} tricks in the deal: {n} entered.",
                                             "There are {h} tricks in the deal: {n} entered.", h=hand))
    return tricks


def check_tricks(r: EntryReader, n_players: int, tricks: list[int], point_cards: list[int]) -> None:
    """Each seat's penalty cards fit in its tricks, ``n_players`` cards a trick."""
    for seat, (took, cards) in enumerate(zip(tricks, point_cards, strict=True)):
        if took == 0 and cards:
            r.add("tricks", "cards_without_trick", count(
                cards, "Sans pli, on ne ramasse aucune carte : {n} carte à points saisie.",
                "Sans pli, on ne ramasse aucune carte : {n} cartes à points saisies.",
                "With no trick, no card can be taken: {n} penalty card entered.",
                "With no trick, no card can be taken: {n} penalty cards entered."), seat)
        elif cards > n_players * took:
            held = count(took, "{n} pli ne fait que {k} cartes", "{n} plis ne font que {k} cartes",
                         "{n} trick holds only {k} cards", "{n} tricks hold only {k} cards", k=n_players * took)
            r.add("tricks", "too_many_cards", T("{h} : pas assez pour {c} cartes à points.",
                                                "{h_en}: not enough for {c} penalty cards.").format(
                h=held.fr, h_en=held.en, c=cards), seat)


def check_takers(r: EntryReader, hand: int, point_cards: list[int], field: str = "hearts") -> None:
    """Only ``hand`` tricks are played, so at most ``hand`` seats took any card: no more may have penalty cards."""
    takers = [seat for seat, cards in enumerate(point_cards) if cards]
    if len(takers) > hand:
        r.add(field, "more_takers_than_tricks", count(
            hand, "Il n'y a que {n} pli : {k} joueurs ne peuvent pas avoir tous ramassé des cartes à points.",
            "Il n'y a que {n} plis : {k} joueurs ne peuvent pas avoir tous ramassé des cartes à points.",
            "There is only {n} trick: {k} players cannot all have taken penalty cards.",
            "There are only {n} tricks: {k} players cannot all have taken penalty cards.", k=len(takers)))


def sweep(points: list[int], sweeper: int | None, total: int) -> list[int]:
    """The deal's scores: each seat's points, or, when ``sweeper`` took everything, 0 for it and ``total`` for
    each other seat."""
    if sweeper is None:
        return list(points)
    return [0 if seat == sweeper else total for seat in range(len(points))]


class PenaltySheet(Sheet):
    """Lowest total wins; the game ends after the deal in which a total reaches ``options["target"]``."""

    lowest_wins = True

    def natural_end(self) -> bool:
        return any(t >= self.options["target"] for t in self.totals)
