"""Le menteur, as in the user's rule document « Le menteur », completed from published French rules
(pickpocketcards.com « Menteur », fetedujeu.org, Wikipédia « Menteur (jeu) »).

There is nothing to count: a game has a winner, the player whose last card is laid and not successfully
challenged. The sheet is a match (:mod:`companion.families.matches`): a game scores 1 for its winner, and the table
ends when someone has won ``wins_needed`` games. What the others still held (``cards_left``) may be kept and shown,
never scored. The cards are dealt evenly; the remainder is set aside unseen (``next``: ``hand`` and ``aside``).
"""

from __future__ import annotations

from typing import Any

from companion.families.matches import WIN, WINS_NEEDED, MatchSheet, wins_needed_option
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import Problem
from companion.kernel.game import CLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable
from companion.kernel.text import T, Text, seat_ref

PACK_SIZES = (52, 32)
DEFAULT_PACK = 52
MIN_PLAYERS = 2
MAX_PLAYERS = 8
RULE = "fin"  # the rulebook anchor: how a game is won
# Every player gets the same number of cards; the remainder is set aside face down, unseen.
HAND_SIZES = tuple((n, 52 // n, 52 % n, 32 // n, 32 % n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))


def hand_size(pack: int, n_players: int) -> int:
    return pack // n_players


def aside(pack: int, n_players: int) -> int:
    return pack % n_players


INFO = GameInfo(
    slug="menteur",
    names=T("Le menteur", "Cheat (Le menteur)"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=("52", "32"),
    family="defausse",
    direction=CLOCKWISE,
    source="The user's rule document « Le menteur »; completed from pickpocketcards.com, fetedujeu.org and Wikipédia (Menteur).",
    aliases=("menteur", "le menteur", "cheat", "liar", "i doubt it", "bullshit"),
    summary=T(
        "Videz votre main en posant vos cartes face cachée… et en mentant sur leur couleur si besoin.",
        "Empty your hand by laying cards face down… and lying about their suit when you must.",
    ),
    tables=(
        RuleTable(
            "hand_sizes",
            T("Cartes par joueur", "Cards per player"),
            (
                T("Joueurs", "Players"),
                T("Chacun (52 cartes)", "Each (52 cards)"),
                T("De côté (52)", "Set aside (52)"),
                T("Chacun (32 cartes)", "Each (32 cards)"),
                T("De côté (32)", "Set aside (32)"),
            ),
            rows=HAND_SIZES,
        ),
    ),
    values=(
        ("pack", DEFAULT_PACK),
        ("short_pack", PACK_SIZES[1]),
        ("wins_needed", WINS_NEEDED),
        ("win", WIN),
        ("example_hand", hand_size(DEFAULT_PACK, 5)),  # 5 players, 52 cards: 10 each…
        ("example_aside", aside(DEFAULT_PACK, 5)),  # …and 2 aside
    ),
)


class MenteurSheet(MatchSheet):
    @property
    def pack(self) -> int:
        deck: int = self.options["deck"]  # an int option, checked by clean_options
        return deck

    @property
    def dealt(self) -> int:
        return hand_size(self.pack, self.n) * self.n

    def next_extra(self) -> dict[str, Any]:
        return {"hand": hand_size(self.pack, self.n), "aside": aside(self.pack, self.n)}

    def deal_line(self) -> Text:
        left = aside(self.pack, self.n)
        if not left:
            line = T("{p} cartes : {h} à chacun.", "{p} cards: {h} each.")
        elif left == 1:
            line = T("{p} cartes : {h} à chacun, 1 mise de côté sans être vue.", "{p} cards: {h} each, 1 set aside unseen.")
        else:
            line = T("{p} cartes : {h} à chacun, {a} mises de côté sans être vues.", "{p} cards: {h} each, {a} set aside unseen.")
        return line.format(p=self.pack, h=hand_size(self.pack, self.n), a=left)

    def entry_fields(self, number: int) -> list[EntryField]:
        return [
            EntryField("winner", T("Gagnant", "Winner"), "seat"),
            EntryField("cards_left", T("Cartes restées", "Cards left"), "count", required=False,
                       maximum=self.dealt - 1, help=T("Facultatif, non compté", "Optional, not scored")),
        ]

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=RULE)
        if not r.ok:
            return r.problems
        r.only_keys({"winner", "cards_left"})
        winner = r.seat("winner")
        left = r.counts("cards_left", required=False, maximum=self.dealt - 1)
        if left is not None:
            for seat, k in enumerate(left):
                if seat == winner and k != 0:
                    r.add("cards_left", "winner_holds", T(
                        "Le gagnant a posé sa dernière carte : il ne lui en reste aucune (0).",
                        "The winner laid the last card: 0 for the winner."), seat)
                elif winner is not None and seat != winner and k == 0:
                    r.add("cards_left", "loser_without_cards", T(
                        "Un seul joueur vide sa main : les autres gardent au moins une carte.",
                        "Only one player empties the hand: the others keep at least one card."), seat)
            if sum(left) > self.dealt - 1:
                r.add("cards_left", "too_many_left", T(
                    "{k} cartes en main en tout : il n'y en a que {d} de distribuées, et la dernière du gagnant est "
                    "sur le tas ({m} au plus).",
                    "{k} cards held in all: only {d} are dealt, and the winner's last card is on the pile ({m} at "
                    "most).").format(k=sum(left), d=self.dealt, m=self.dealt - 1))
        return r.problems

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"winner": entry["winner"]}
        if entry.get("cards_left") is not None:
            out["cards_left"] = list(entry["cards_left"])
        return out

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        scores, note = self.match_result(entry["winner"])
        notes = [note]
        left = entry.get("cards_left")
        if left is not None:
            notes += [_left_note(seat, k) for seat, k in enumerate(left) if seat != entry["winner"]]
        return RoundResult(0, entry, scores, notes=notes)

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or not is_int(entry.get("winner")):
            return super().describe_entry(entry, number)
        lines = [T("{w} vide sa main.", "{w} empties the hand.").format(w=seat_ref(entry["winner"]))]
        left = entry.get("cards_left")
        if isinstance(left, list):
            lines += [_left_note(seat, k) for seat, k in enumerate(left) if seat != entry["winner"] and is_int(k)]
        return lines

    def summarise(self, result: RoundResult) -> Text | None:
        """Who emptied the hand and, when the table gave the cards left, who kept the most: "⟨0⟩ vide sa main · ⟨2⟩
        garde 12 cartes"."""
        from companion.kernel.text import count

        winner = result.entry["winner"]
        line = T("{w} vide sa main", "{w} empties the hand").format(w=seat_ref(winner))
        left = result.entry.get("cards_left")
        if left is None:
            return line
        most = max(left)
        heaviest = [s for s, k in enumerate(left) if k == most]
        if len(heaviest) != 1:
            return line
        kept = count(most, "garde {n} carte", "garde {n} cartes", "keeps {n} card", "keeps {n} cards")
        return T("{l} · {p} {k}", "{l_en} · {p} {k_en}").format(l=line.fr, l_en=line.en, p=seat_ref(heaviest[0]),
                                                               k=kept.fr, k_en=kept.en)


def _left_note(seat: int, k: int) -> Text:
    return T("{p} finit avec {k} carte{s}.", "{p} finished with {k} card{s}.").format(
        p=seat_ref(seat), k=k, s="s" if k > 1 else "")


class Menteur(Game):
    info = INFO
    sheet_class = MenteurSheet
    options = (
        Option("deck", T("Paquet", "Pack"), "choice", DEFAULT_PACK,
               choices=((52, T("52 cartes", "52 cards")), (32, T("32 cartes", "32 cards"))),
               help=T("Partagé également ; le reste est mis de côté.", "Dealt evenly; the rest is set aside.")),
        wins_needed_option(),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = self.clean_options(options, n_players)
        dealt = hand_size(opts["deck"], n_players) * n_players
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "Menteur round entry",
            "type": "object",
            "additionalProperties": False,
            "required": ["winner"],
            "properties": {
                "winner": {"type": "integer", "minimum": 0, "maximum": n_players - 1,
                           "description": "the seat whose last card was laid and not successfully challenged"},
                "cards_left": {"anyOf": [
                    {"type": "array", "minItems": n_players, "maxItems": n_players,
                     "items": {"type": "integer", "minimum": 0, "maximum": dealt - 1}},
                    {"type": "null"}],
                    "description": f"optional, kept and shown, not scored: what each seat still held; 0 for the "
                                   f"winner, at least 1 for every other seat, {dealt - 1} at most in all"},
            },
        }


GAME = Menteur()
