"""Le pouilleux, as in the user's rule document « Le pouilleux », with the "pouilleux mystérieux" variant; completed
from pagat.com (Old Maid) for the deal and the turn order.

A game names two players: the winner, who emptied the hand first (the rule document's « a gagné »), and the
pouilleux, left with the unpaired card (« a perdu »). Option ``scoring``: ``"wins"`` (default) is a match on the
winner (:mod:`companion.families.matches`); ``"poux"`` gives the loser one poux and ends the table when someone
reaches ``target`` poux, the fewest winning. Either way the sheet shows the other count beside, not scored. The 51
cards are dealt one by one from the seat after the dealer, so the first seats get one more (``next.hands``). In the
mystérieux a card is taken out unseen instead of the V♣; once turned over (``removed``), it names the pouilleux:
the same rank in the other suit of its colour.
"""

from __future__ import annotations

from typing import Any

from companion.families.matches import WIN, WINS_NEEDED, MatchSheet, wins_needed_option
from companion.kernel.cards import Card, SuitCard, deck, display
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import CardSyntaxError, Problem
from companion.kernel.game import CLOCKWISE, EntryField, Game, GameInfo, Option, RoundResult, RuleTable
from companion.kernel.text import T, Text, seat_ref

REMOVED_CARD = "JC"  # the valet de trèfle leaves the pack…
POUILLEUX = "JS"  # …so the valet de pique can never be paired
PAIR_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}  # a pair is two cards of one rank and one colour
PACK = 52
CARDS_IN_PLAY = PACK - 1  # one card is always out: the V♣, or an unseen one in the mystérieux
MIN_PLAYERS, MAX_PLAYERS = 3, 8
PLAYER_COUNTS = range(MIN_PLAYERS, MAX_PLAYERS + 1)
POUX = 1  # what the loser gets in the "poux" count
TARGET = 3  # poux that end the table
RULE = "marque"  # the rulebook anchor of the score


def hand_sizes(cards: int, players: int) -> tuple[int, int]:
    """Fewest and most cards a player receives when ``cards`` are dealt out to ``players``."""
    low, extra = divmod(cards, players)
    return low, low + (1 if extra else 0)


def dealt(n_players: int, dealer: int) -> list[int]:
    """Cards each seat is dealt, one by one from the seat after ``dealer``: those served first get one more."""
    low, extra = divmod(CARDS_IN_PLAY, n_players)
    return [low + (1 if (seat - dealer - 1) % n_players < extra else 0) for seat in range(n_players)]


def partner_of(code: str) -> str:
    """The card that pairs with ``code``: same rank, other suit of the same colour (``7H`` → ``7D``)."""
    return code[:-1] + PAIR_SUIT[code[-1]]


def _sizes(cards: int, players: int) -> str:
    low, high = hand_sizes(cards, players)
    return str(low) if low == high else f"{low}–{high}"


def _card(code: str) -> Text:
    c = Card.parse_code(code)
    return T(display(c, "fr"), display(c, "en"))


INFO = GameInfo(
    slug="pouilleux",
    names=T("Le pouilleux", "Pouilleux (Old Maid)"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=("52",),
    family="defausse",
    direction=CLOCKWISE,
    source="The user's rule document « Le pouilleux »; completed from pagat.com (Old Maid).",
    aliases=("vieux garçon", "pouilleux mystérieux", "old maid", "valet puant"),
    summary=T(
        "On se débarrasse de ses cartes par paires ; celui qui garde le valet de pique a perdu.",
        "Shed your cards in pairs; whoever is left holding the Jack of spades loses.",
    ),
    tables=(
        RuleTable(
            "pairs",
            T("Ce qui fait une paire", "What makes a pair"),
            (T("Carte", "Card"), T("Se marie avec", "Pairs with")),
            rows=(
                (T("♠ pique", "♠ spades"), T("la même hauteur à ♣ trèfle", "the same rank in ♣ clubs")),
                (T("♥ cœur", "♥ hearts"), T("la même hauteur à ♦ carreau", "the same rank in ♦ diamonds")),
                (
                    T("V♠ (le pouilleux)", "J♠ (the pouilleux)"),
                    T("rien : le V♣ a été retiré", "nothing: the J♣ was taken out"),
                ),
            ),
        ),
        RuleTable(
            "hand_sizes",
            T("Cartes par joueur", "Cards per player"),
            (T("Joueurs", "Players"), T("Cartes reçues (51 en tout)", "Cards dealt (51 in all)")),
            rows=tuple((n, _sizes(CARDS_IN_PLAY, n)) for n in PLAYER_COUNTS),
        ),
    ),
    values=(
        ("pack", PACK),
        ("cards_in_play", CARDS_IN_PLAY),
        ("wins_needed", WINS_NEEDED),
        ("win", WIN),
        ("poux", POUX),
        ("target", TARGET),
    ),
)


class PouilleuxSheet(MatchSheet):
    def __init__(self, game: Game, n_players: int, options: dict[str, Any]):
        super().__init__(game, n_players, options)
        self.lowest_wins = not self.is_match()  # poux: the fewest win

    def is_match(self) -> bool:
        scoring: str = self.options["scoring"]
        return scoring == "wins"

    def natural_end(self) -> bool:
        if self.is_match():
            return super().natural_end()
        return any(t >= self.options["target"] for t in self.totals)

    def offline_points(self, number: int) -> dict[str, int] | None:
        return super().offline_points(number) if self.is_match() else {"pouilleux": POUX}

    def next_extra(self) -> dict[str, Any]:
        return {"hands": dealt(self.n, self.dealer_for(self.number))}

    def deal_line(self) -> Text:
        # Said without names: which seats get the extra card turns with the dealer, the count does not.
        low, extra = divmod(CARDS_IN_PLAY, self.n)
        if not extra:
            return T("{c} cartes données une à une : {k} à chacun.", "{c} cards dealt one at a time: {k} each.").format(
                c=CARDS_IN_PLAY, k=low)
        rest = self.n - extra
        fr_first = "le premier servi" if extra == 1 else f"les {extra} premiers servis"
        en_first = "the first served" if extra == 1 else f"the first {extra} served"
        fr_rest = "le dernier" if rest == 1 else f"les {rest} autres"
        en_rest = "the last one" if rest == 1 else f"the other {rest}"
        return Text(f"{CARDS_IN_PLAY} cartes données une à une depuis la gauche du donneur : {low + 1} pour {fr_first}, "
                    f"{low} pour {fr_rest}.",
                    f"{CARDS_IN_PLAY} cards dealt one at a time from the dealer's left: {low + 1} for {en_first}, "
                    f"{low} for {en_rest}.")

    def entry_fields(self, number: int) -> list[EntryField]:
        fields = [
            EntryField("winner", T("Premier sans cartes", "First out"), "seat"),
            EntryField("pouilleux", T("Pouilleux", "Pouilleux"), "seat",
                       help=T("Qui garde la dernière carte", "Who keeps the last card")),
        ]
        if self.options["mysterieux"]:
            fields.append(EntryField("removed", T("Carte retirée", "Card taken out"), "card", required=False,
                                     help=T("Retournée à la fin ; facultatif", "Turned over at the end; optional")))
        return fields

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=RULE)
        if not r.ok:
            return r.problems
        r.only_keys({"winner", "pouilleux", "removed"})
        winner = r.seat("winner")
        loser = r.seat("pouilleux")
        if winner is not None and winner == loser:
            r.add("pouilleux", "same_seat", T(
                "Le pouilleux ne se marie pas : qui le garde ne peut pas avoir vidé sa main le premier.",
                "The pouilleux never pairs: whoever keeps it cannot have emptied the hand first."), loser)
        if r.has("removed"):
            raw = r.entry["removed"]
            if not self.options["mysterieux"]:
                r.add("removed", "not_mysterieux", T(
                    "Sans le pouilleux mystérieux, la carte retirée est toujours le V♣ : rien à saisir.",
                    "Without the mystérieux variant the card taken out is always the J♣: nothing to enter."),
                    rule="pouilleux-mysterieux")
            else:
                try:
                    card = Card.parse_code(raw)
                except CardSyntaxError:
                    card = None
                if not isinstance(card, SuitCard) or card not in deck(str(PACK)):
                    r.add("removed", "bad_card", T("Carte inconnue : {c}. Une carte du jeu de 52, sans joker.",
                                                   "Unknown card: {c}. A card of the 52-card pack, no joker.").format(
                        c=str(raw)[:12]), rule="pouilleux-mysterieux")
        return r.problems

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"winner": entry["winner"], "pouilleux": entry["pouilleux"]}
        if entry.get("removed") is not None:
            out["removed"] = Card.parse_code(entry["removed"]).code
        return out

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        winner, loser = entry["winner"], entry["pouilleux"]
        notes: list[Text] = []
        poux_before = sum(1 for r in self.rounds if r.entry["pouilleux"] == loser)
        wins_before = sum(1 for r in self.rounds if r.entry["winner"] == winner)
        if self.is_match():
            scores, note = self.match_result(winner)
            notes += [note, T("{p} garde le pouilleux ({k} poux en tout, non comptés).",
                              "{p} keeps the pouilleux ({k} poux in all, not scored).").format(
                p=seat_ref(loser), k=poux_before + POUX)]
        else:
            scores = [POUX if seat == loser else 0 for seat in range(self.n)]
            k = self.totals[loser] + POUX
            notes.append(T("{p} garde le pouilleux : {k} poux sur {t}.", "{p} keeps the pouilleux: {k} poux of {t}.").format(
                p=seat_ref(loser), k=k, t=self.options["target"]))
            notes.append(T("{w} vide sa main le premier ({k} fois, non compté).",
                           "{w} is first out ({k} time{s}, not scored).").format(
                w=seat_ref(winner), k=wins_before + 1, s="s" if wins_before else ""))
        if entry.get("removed"):
            notes.append(T("Carte retirée : {c} ; le pouilleux était le {p}.",
                           "Card taken out: {c_en}; the pouilleux was the {p_en}.").format(
                c=_card(entry["removed"]).fr, c_en=_card(entry["removed"]).en,
                p=_card(partner_of(entry["removed"])).fr, p_en=_card(partner_of(entry["removed"])).en))
        return RoundResult(0, entry, scores, notes=notes)

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or not is_int(entry.get("winner")) or not is_int(entry.get("pouilleux")):
            return super().describe_entry(entry, number)
        lines = [T("{w} vide sa main le premier ; {p} garde le pouilleux.",
                   "{w} is first out; {p} keeps the pouilleux.").format(
            w=seat_ref(entry["winner"]), p=seat_ref(entry["pouilleux"]))]
        removed = entry.get("removed")
        if isinstance(removed, str):
            try:
                shown = _card(removed)
            except CardSyntaxError:
                shown = T(removed, removed)
            lines.append(T("Carte retirée : {c}", "Card taken out: {c_en}").format(c=shown.fr, c_en=shown.en))
        return lines

    def summarise(self, result: RoundResult) -> Text | None:
        """Who went out first and who was left with the pouilleux: "⟨0⟩ sort · ⟨3⟩ garde le pouilleux"."""
        return T("{w} sort · {p} garde le pouilleux", "{w} goes out · {p} keeps the pouilleux").format(
            w=seat_ref(result.entry["winner"]), p=seat_ref(result.entry["pouilleux"]))


class Pouilleux(Game):
    info = INFO
    sheet_class = PouilleuxSheet
    options = (
        Option("mysterieux", T("Pouilleux mystérieux", "Pouilleux mystérieux"), "bool", False,
               help=T("Une carte retirée au hasard, sans la voir, au lieu du V♣.",
                      "A card taken out unseen instead of the J♣.")),
        Option("scoring", T("Ce que l'on compte", "What is counted"), "choice", "wins",
               choices=(("wins", T("les manches gagnées (premier sans cartes)", "rounds won (first out)")),
                        ("poux", T("les poux (un au pouilleux ; le moins en gagne)",
                                   "poux (one to the pouilleux; the fewest win)")))),
        wins_needed_option(),
        Option("target", T("Poux qui arrêtent la partie", "Poux that end the table"), "int", TARGET, minimum=1,
               maximum=100, help=T("Avec les poux : la partie s'arrête quand un joueur les atteint.",
                                   "Counting poux: the table ends when a player reaches them.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        opts = self.clean_options(options, n_players)
        seat = {"type": "integer", "minimum": 0, "maximum": n_players - 1}
        props: dict[str, Any] = {
            "winner": {**seat, "description": "who emptied the hand first"},
            "pouilleux": {**seat, "description": "who was left with the pouilleux; never the winner"},
            "removed": {"anyOf": [{"type": "string"}, {"type": "null"}],
                        "description": "mystérieux only: the card taken out, once turned over (\"7H\"); no joker"},
        }
        return {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "Pouilleux round entry",
            "type": "object",
            "additionalProperties": False,
            "required": ["winner", "pouilleux"],
            "properties": props,
            "x-mysterieux": opts["mysterieux"],
        }


GAME = Pouilleux()
