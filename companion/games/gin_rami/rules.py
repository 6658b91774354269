"""Le gin-rami, as the user's rule document « Le gin-rami » gives it: two players, Rami's pack of 108 cards and 13
cards each; a deal is won only by laying all 13 cards at once and throwing the 14th, and the last discard may always
be taken.

The rule document says "comme le rami sec": the winner scores Rami's rami sec (−50) and the loser, who laid
nothing, Rami's flat 100. When the stock runs out first, nobody scores. Lowest total wins; option ``deals``
(default: the table stops when it likes). Standard Gin Rummy (52 cards, knocking, deadwood) is another game, which
the rule document does not describe, and is not modelled here.
"""

from __future__ import annotations

from typing import Any

from companion.families.rummy import DECK, HAND_SIZE, LAID_NOTHING, RAMI_SEC
from companion.kernel import schema
from companion.kernel.cards import deck
from companion.kernel.entries import EntryReader
from companion.kernel.errors import Problem
from companion.kernel.game import CLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable, Sheet
from companion.kernel.text import T, Text, seat_ref

DECK_SIZE = len(deck(DECK))
WINNER = RAMI_SEC  # −50: the whole hand laid at once
LOSER = LAID_NOTHING  # 100: the loser has laid nothing, since nothing is laid before going out
STOCK_OUT = 0
ENTRY_KEYS = ("winner",)  # what check_entry allows and the schema lists

INFO = GameInfo(
    essentials=("deal_scores",),
    slug="gin-rami",
    names=T("Le gin-rami", "Gin-rami"),
    min_players=2,
    max_players=2,
    decks=(DECK,),
    family="rami",
    direction=CLOCKWISE,
    source="The user's rule document « Le gin-rami » (« comme le rami sec »); scoring from Atout's Rami (rami sec −50, laid nothing 100).",
    aliases=("gin rami", "gin-rami sec"),
    summary=T(
        "Rami sec à deux : on gagne en posant ses 13 cartes d'un coup ; la dernière défausse se prend toujours.",
        "Two-player rami sec: win by laying all 13 cards at once; the last discard may always be taken.",
    ),
    tables=(
        RuleTable(
            "deal_scores",
            T("Ce que chacun marque en fin de donne", "What each player scores at the end of a deal"),
            (T("Cas", "Case"), T("Points", "Points")),
            (
                (T("Le gagnant (toutes ses cartes posées d'un coup)", "The winner (every card laid at once)"), WINNER),
                (T("Le perdant (n'a rien posé)", "The loser (laid nothing)"), LOSER),
                (T("Talon épuisé sans gagnant : chacun", "Stock run out, no winner: each"), STOCK_OUT),
            ),
        ),
    ),
    values=(
        ("deck_size", DECK_SIZE),
        ("pack_size", 52),
        ("jokers", DECK_SIZE - 2 * 52),
        ("hand_size", HAND_SIZE),
        ("cards_on_turn", HAND_SIZE + 1),
        ("winner", WINNER),
        ("loser", LOSER),
    ),
)


class GinRamiSheet(Sheet):
    lowest_wins = True

    def natural_end(self) -> bool:
        deals = self.options["deals"]
        return deals is not None and len(self.rounds) >= deals

    def next_extra(self) -> dict[str, Any]:
        deals = self.options["deals"]
        return {"deals_left": deals - len(self.rounds)} if deals is not None else {}

    def entry_fields(self, number: int) -> list[EntryField]:
        return [EntryField("winner", T("Gagnant", "Winner"), "seat", required=False,
                           help=T("Personne : le talon s'est épuisé, la donne ne compte pas.",
                                  "Nobody: the stock ran out, the deal scores nothing."))]

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="section-scoring")
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        if "winner" not in r.entry:
            r.add("winner", "required", T("Qui a gagné la donne ? (null : le talon s'est épuisé.)",
                                          "Who won the deal? (null: the stock ran out.)"))
        elif r.entry["winner"] is not None:
            r.seat("winner")
        return r.problems

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        return {"winner": entry["winner"]}

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        winner = entry["winner"]
        if winner is None:
            return RoundResult(0, entry, [STOCK_OUT] * self.n,
                               notes=[T("Talon épuisé : personne ne marque.", "Stock run out: nobody scores.")])
        scores = [WINNER if s == winner else LOSER for s in range(self.n)]
        loser = 1 - winner
        return RoundResult(0, entry, scores, notes=[
            T("{w} pose ses {h} cartes d'un coup : −{p}.", "{w} lays all {h} cards at once: −{p}.").format(
                w=seat_ref(winner), h=HAND_SIZE, p=-WINNER),
            T("{l} n'a rien posé : {p}.", "{l} laid nothing: {p}.").format(l=seat_ref(loser), p=LOSER),
        ])

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or "winner" not in entry:
            return super().describe_entry(entry, number)
        winner = entry["winner"]
        if winner is None:
            return [T("Talon épuisé, sans gagnant.", "Stock run out, no winner.")]
        return [T("{w} gagne la donne.", "{w} wins the deal.").format(w=seat_ref(winner) if isinstance(winner, int) else "?")]

    def summarise(self, result: RoundResult) -> Text | None:
        """Who went out ("⟨0⟩ sort"), or the stock ran out with no winner."""
        winner = result.entry["winner"]
        if winner is None:
            return T("talon épuisé", "stock run out")
        return T("{w} sort", "{w} goes out").format(w=seat_ref(winner))


class GinRami(Game):
    info = INFO
    sheet_class = GinRamiSheet
    options = (
        Option("deals", T("Nombre de donnes", "Number of deals"), "int", None, minimum=1, maximum=100, nullable=True,
               help=T("Vide : la table arrête quand elle veut (« Terminer la partie »).",
                      "Empty: the table stops when it likes (“End the game”).")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        return schema.entry("Gin-rami round entry", {
            "winner": schema.nullable(schema.seat(n_players), (
                f"the seat that laid all {HAND_SIZE} cards at once ({WINNER}; the other scores {LOSER}), or null when "
                "the stock ran out (nothing scored)"))}, ENTRY_KEYS)


GAME = GinRami()
