"""Eleusis — the user's rule documents name it without giving its rules; played as Robert Abbott's New Eleusis
(1977, as published by Martin Gardner and summarised by David Matuszek, matuszek.org, and pagat.com) and, for the
short variant, John Golden's Eleusis Express (logicmazes.com).

A round is a deal. The dealer ("Dieu") writes the secret rule and does not play; each other player deals once in
turn (option ``rounds``, by default the number of players). The entry gives each player's cards left (``null`` at
the dealer), whether every player was expelled, and the prophet still in office at the end, if any: the cards laid
since he became prophet, on the mainline (right) and on sidelines (wrong), and the cards laid before his marker,
starter included. New Eleusis scoring: high count = the largest hand; each player scores high count − his cards,
+4 with none left; the prophet adds 1 a mainline card and 2 a sideline card; the dealer scores the best player's
score, or twice the cards before the prophet's marker when there is a prophet and that is smaller.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.kernel import schema
from companion.kernel.cards import deck, rank_name
from companion.kernel.entries import MAX_COUNT, EntryReader, is_int
from companion.kernel.errors import Problem
from companion.kernel.game import (
    CLOCKWISE,
    EntryField,
    Game,
    GameInfo,
    NextRound,
    Option,
    RoundResult,
    RuleTable,
    Sheet,
)
from companion.kernel.text import T, Text, count, seat_ref

MIN_PLAYERS, MAX_PLAYERS = 4, 8
HAND_SIZE = 14  # to every player except the dealer
EXPRESS_HAND_SIZE = 12
MAX_STRING = 4  # a play is one card or a string of 2 to 4 cards

WRONG_CARD_PENALTY = 2  # penalty cards per card of a wrong play
WRONG_NO_PLAY_PENALTY = 5
FALSE_PROPHET_PENALTY = 5
NO_PLAY_REDUCTION = 4  # a correct "no play" is answered with a new hand this much smaller

MARKER_EVERY = 10  # a marker on every tenth card laid out
SUDDEN_DEATH_AFTER = 40  # cards laid out, with no prophet in office
SUDDEN_DEATH_AFTER_PROPHET = 30  # cards laid out after the prophet's marker

EMPTY_HAND_BONUS = 4
PROPHET_MAINLINE_BONUS = 1  # per mainline card laid after the prophet's marker
PROPHET_SIDELINE_BONUS = 2  # per sideline card laid after the prophet's marker
DEALER_BEFORE_MARKER = 2  # with a prophet, the dealer scores at most this × the cards laid before his marker
MAX_ROUNDS = 50
MOST_PACKS = 3  # two packs, a third added if the stock runs low
MOST_CARDS = MOST_PACKS * 52
NEVER_DEALT_BONUS = 10  # a game stopped before everyone dealt: each player who never dealt adds this (New Eleusis)
RULE_SCORE = "marque"
ENTRY_KEYS = ("cards_left", "all_expelled", "prophet")  # what check_entry allows and the schema lists

# The usual convention when a secret rule talks about numbers (odd/even, higher/lower, sums).
CARD_NUMBERS = (
    (rank_name("A"), 1),
    (T("2 à 10", "2 to 10"), T("valeur faciale", "face value")),
    (rank_name("J"), 11),
    (rank_name("Q"), 12),
    (rank_name("K"), 13),
)

INFO = GameInfo(
    essentials=("scoring", "penalties"),
    slug="eleusis",
    names=T("Eleusis", "Eleusis"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=("2x52", "3x52"),
    family="deduction",
    direction=CLOCKWISE,
    source="Named without rules in the user's rule documents; played as Robert Abbott's New Eleusis (Gardner 1977; Matuszek's "
    "summary; Pagat) and John Golden's Eleusis Express.",
    aliases=("éleusis", "new eleusis", "nouvelle eleusis", "eleusis express"),
    summary=T(
        "Jeu de déduction : le donneur invente une règle secrète, les autres la découvrent en jouant.",
        "Deduction game: the dealer invents a secret rule, the others discover it by playing cards.",
    ),
    tables=(
        RuleTable(
            "card_numbers",
            T(
                "Nombre de chaque carte (pour les règles qui comptent)",
                "Number of each card (for rules that count)",
            ),
            (T("Carte", "Card"), T("Nombre", "Number")),
            rows=CARD_NUMBERS,
        ),
        RuleTable(
            "penalties",
            T("Cartes de pénalité", "Penalty cards"),
            (T("Faute", "Fault"), T("Cartes à prendre", "Cards drawn")),
            rows=(
                (T("Jeu refusé (par carte jouée)", "Wrong play (per card played)"), WRONG_CARD_PENALTY),
                (T("« Je ne peux pas jouer » à tort", "Wrong “no play”"), WRONG_NO_PLAY_PENALTY),
                (T("Prophète renversé", "Prophet overthrown"), FALSE_PROPHET_PENALTY),
                (
                    T("Erreur pendant la mort subite", "Error during sudden death"),
                    T("exclu de la manche", "out of the round"),
                ),
            ),
        ),
        RuleTable(
            "scoring",
            T("Marque en fin de manche", "End-of-round scoring"),
            (T("Qui", "Who"), T("Points", "Points")),
            rows=(
                (
                    T("Chaque joueur (prophète compris)", "Each player (prophet included)"),
                    T("plus grosse main − cartes en main", "largest hand − cards held"),
                ),
                (
                    T("Joueur sans carte", "Player with no cards"),
                    T(f"+{EMPTY_HAND_BONUS} de plus", f"{EMPTY_HAND_BONUS} more"),
                ),
                (
                    T(
                        "Prophète en place : carte de la ligne principale après son marqueur",
                        "Prophet in office: mainline card after his marker",
                    ),
                    T(f"+{PROPHET_MAINLINE_BONUS} chacune", f"+{PROPHET_MAINLINE_BONUS} each"),
                ),
                (
                    T(
                        "Prophète en place : carte refusée après son marqueur",
                        "Prophet in office: sideline card after his marker",
                    ),
                    T(f"+{PROPHET_SIDELINE_BONUS} chacune", f"+{PROPHET_SIDELINE_BONUS} each"),
                ),
                (
                    T("Donneur", "Dealer"),
                    T(
                        "le meilleur score des joueurs ; s'il y a un prophète, au plus 2 × les cartes posées avant son marqueur",
                        "the best player's score; with a prophet, at most 2 × the cards laid before his marker",
                    ),
                ),
            ),
        ),
    ),
    values=(
        ("pack_size", len(deck("52"))),
        ("hand_size", HAND_SIZE),
        ("empty_bonus", EMPTY_HAND_BONUS),
        ("mainline_bonus", PROPHET_MAINLINE_BONUS),
        ("sideline_bonus", PROPHET_SIDELINE_BONUS),
        ("dealer_factor", DEALER_BEFORE_MARKER),
        ("wrong_card", WRONG_CARD_PENALTY),
        ("wrong_no_play", WRONG_NO_PLAY_PENALTY),
        ("false_prophet", FALSE_PROPHET_PENALTY),
        ("no_play_reduction", NO_PLAY_REDUCTION),
        ("marker_every", MARKER_EVERY),
        ("sudden_death", SUDDEN_DEATH_AFTER),
        ("sudden_death_prophet", SUDDEN_DEATH_AFTER_PROPHET),
        ("max_string", MAX_STRING),
        ("express_hand", EXPRESS_HAND_SIZE),
        ("never_dealt", NEVER_DEALT_BONUS),
        ("most_packs", MOST_PACKS),
    ),
)


class EleusisSheet(Sheet):
    lowest_wins = False

    def natural_end(self) -> bool:
        rounds: int = self.options["rounds"]  # never None in a sheet: clean_options puts the player count for it
        return len(self.rounds) >= rounds

    def next_round(self) -> NextRound:
        return replace(super().next_round(), first=None)  # the starter card's number counts round the table

    def next_extra(self) -> dict[str, Any]:
        return {"round": self.number, "rounds": self.options["rounds"]}

    def entry_fields(self, number: int) -> list[EntryField]:
        return [EntryField("cards_left", T("Cartes en main", "Cards left"), "count", out=(self.dealer_for(number),)),
                EntryField("all_expelled", T("Tous exclus", "All expelled"), "bool", required=False),
                EntryField("prophet", T("Prophète", "Prophet"), "prophet", required=False)]

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=RULE_SCORE)
        if not r.ok:
            return r.problems
        r.only_keys(ENTRY_KEYS)
        dealer = self.dealer_for(self.number)
        expelled = r.boolean("all_expelled")
        left = None
        if not r.has("cards_left"):
            r.missing("cards_left")
        elif not isinstance(r.entry["cards_left"], list) or len(r.entry["cards_left"]) != self.n:
            r.add("cards_left", "wrong_length", T("Il faut un nombre par joueur ({n}), null pour le donneur.",
                                                  "One number per player is needed ({n}), null for the dealer.").format(n=self.n))
        else:
            left = list(r.entry["cards_left"])
            for seat, v in enumerate(left):
                if seat == dealer:
                    if v is not None:
                        r.add("cards_left", "dealer_plays", T("Le donneur (Dieu) ne joue pas : null pour lui.",
                                                              "The dealer (God) does not play: null for the dealer."), seat)
                elif v is None:
                    r.add("cards_left", "required", T("Cartes en main manquantes (0 s'il n'en reste aucune).",
                                                      "Cards left missing (0 if none)."), seat)
                    left = None
                elif not is_int(v) or not 0 <= v <= MAX_COUNT:
                    r.add("cards_left", "not_count", T("Nombre entier positif ou nul attendu.", "Expected a whole number, 0 or more."), seat)
                    left = None
            if left is not None and expelled is False and not any(v == 0 for s, v in enumerate(left) if s != dealer):
                r.add("cards_left", "nobody_out", T(
                    "La manche finit quand un joueur n'a plus de carte, ou quand tous sont exclus (à cocher).",
                    "The round ends when a player has no card left, or when everyone is expelled (tick it)."))
            if left is not None:
                out = [s for s, v in enumerate(left) if s != dealer and v == 0]
                for seat in out[1:]:  # the round stops at the first empty hand: a second one never empties
                    r.add("cards_left", "two_out", T(
                        "Un seul joueur finit la manche sans carte : elle s'arrête dès qu'une main est vide, et {w} n'en a "
                        "déjà plus.", "Only one player ends a round with no card: it stops as soon as a hand is empty, "
                        "and {w} has none left already.").format(w=seat_ref(out[0])), seat, rule="fin-de-manche")
        if r.has("prophet"):
            p = r.entry["prophet"]
            if not isinstance(p, dict):
                r.add("prophet", "not_object", T("Prophète : {\"seat\", \"mainline\", \"sideline\", \"before_marker\"} ou null.",
                                                 "Prophet: {\"seat\", \"mainline\", \"sideline\", \"before_marker\"} or null."))
            else:
                for key in p:
                    if key not in ("seat", "mainline", "sideline", "before_marker"):
                        r.add(f"prophet.{str(key)[:16]}", "unknown_field", T("Champ inconnu : {k}.", "Unknown field: {k}.").format(k=str(key)[:16]))
                prophet = r.seat("seat", value=p.get("seat"), field="prophet.seat") if p.get("seat") is not None else None
                if p.get("seat") is None:
                    r.missing("prophet.seat")
                elif prophet == dealer:
                    r.add("prophet.seat", "dealer_prophet", T("Le donneur ne peut pas être prophète.",
                                                              "The dealer cannot be the prophet."), prophet)
                elif prophet is not None and left is not None and left[prophet] == 0:
                    # He rose just after a play that left him cards (an empty hand ends the round), then plays no more.
                    r.add("prophet.seat", "prophet_out", T(
                        "Le prophète garde sa main et ne joue plus : il ne peut pas finir la manche sans carte.",
                        "The prophet keeps his hand and plays no more: he cannot end the round with no card."), prophet,
                        rule="prophete")
                for key, lo in (("mainline", 0), ("sideline", 0), ("before_marker", 1)):
                    if p.get(key) is None:
                        r.missing(f"prophet.{key}")
                    else:
                        r.integer(p[key], f"prophet.{key}", lo=lo)
        if left is not None:
            self._check_cards(r, left)
        return r.problems

    @staticmethod
    def _check_cards(r: EntryReader, left: list[Any]) -> None:
        """The hands and the cards laid out (those the prophet's counts give) come from the packs: three at most,
        the third added when the stock runs low."""
        held = sum(v for v in left if is_int(v) and v > 0)
        p = r.entry.get("prophet")
        laid = sum(p[k] for k in ("mainline", "sideline", "before_marker") if is_int(p.get(k)) and p[k] > 0) if isinstance(p, dict) else 0
        if held + laid > MOST_CARDS:
            r.add("cards_left", "over_the_packs", T(
                "{h} cartes en main{l} : même {k} jeux n'ont que {m} cartes.",
                "{h} cards in hand{l_en}: even {k} packs hold only {m} cards.").format(
                h=held, l=f" et {laid} posées" if laid else "", l_en=f" and {laid} laid" if laid else "", k=MOST_PACKS,
                m=MOST_CARDS))

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        p = entry.get("prophet")
        return {"cards_left": list(entry["cards_left"]), "all_expelled": bool(entry.get("all_expelled")),
                "prophet": None if p is None else {k: p[k] for k in ("seat", "mainline", "sideline", "before_marker")}}

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        left = entry["cards_left"]
        dealer = left.index(None)
        high = max(v for v in left if v is not None)
        scores = [0] * self.n
        notes: list[Text] = [T("Plus grosse main : {h} cartes.", "Largest hand: {h} cards.").format(h=high)]
        for seat, v in enumerate(left):
            if v is not None:
                scores[seat] = high - v + (EMPTY_HAND_BONUS if v == 0 else 0)
        prophet = entry["prophet"]
        if prophet:
            s, a, b = prophet["seat"], prophet["mainline"], prophet["sideline"]
            bonus = PROPHET_MAINLINE_BONUS * a + PROPHET_SIDELINE_BONUS * b
            scores[s] += bonus
            notes.append(T("{p}, prophète jusqu'au bout : {m} × {a} + {f} × {b} = {x} de plus.",
                           "{p}, prophet to the end: {m} × {a} + {f} × {b} = {x} more.").format(
                p=seat_ref(s), m=PROPHET_MAINLINE_BONUS, a=a, f=PROPHET_SIDELINE_BONUS, b=b, x=bonus))
        best = max(scores[s] for s in range(self.n) if s != dealer)
        never = self.never_dealt()
        scores[dealer] = best
        if prophet and DEALER_BEFORE_MARKER * prophet["before_marker"] < best:
            scores[dealer] = DEALER_BEFORE_MARKER * prophet["before_marker"]
            notes.append(T("{d}, donneur : {f} × {c} cartes avant le marqueur du prophète = {s}, moins que le meilleur "
                           "score ({b}).", "{d}, the dealer: {f} × {c} cards before the prophet's marker = {s}, less than "
                           "the best score ({b}).").format(d=seat_ref(dealer), f=DEALER_BEFORE_MARKER, c=prophet["before_marker"],
                                                           s=scores[dealer], b=best))
        else:
            notes.append(T("{d}, donneur : le meilleur score, {b}.", "{d}, the dealer: the best score, {b}.").format(d=seat_ref(dealer), b=best))
        for seat in never:
            scores[seat] += NEVER_DEALT_BONUS
            notes.append(T("{p} n'a jamais donné dans cette partie : {b} de plus.",
                           "{p} never dealt in this game: {b} more.").format(p=seat_ref(seat), b=NEVER_DEALT_BONUS))
        return RoundResult(0, entry, scores, notes=notes)

    def never_dealt(self) -> list[int]:
        """At the game's last round (option ``rounds``), the players who dealt none of its rounds: a game shorter
        than one round a player leaves them the bonus New Eleusis gives them. Empty at any other round."""
        rounds: int = self.options["rounds"]
        if self.number != rounds:
            return []
        dealt = {self.dealer_for(k) for k in range(1, rounds + 1)}
        return [s for s in range(self.n) if s not in dealt]

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        if not isinstance(entry, dict) or not isinstance(entry.get("cards_left"), list):
            return super().describe_entry(entry, number)
        parts = ", ".join(f"{seat_ref(s)} {v}" for s, v in enumerate(entry["cards_left"]) if v is not None)
        lines = [T("Cartes en main : {p}", "Cards left: {p}").format(p=parts)]
        if entry.get("all_expelled"):
            lines.append(T("Tous les joueurs exclus", "Every player expelled"))
        p = entry.get("prophet")
        if isinstance(p, dict) and isinstance(p.get("seat"), int):
            right, wrong = p.get("mainline"), p.get("sideline")
            a = count(right, "{n} bonne", "{n} bonnes", "{n} right", "{n} right") if is_int(right) else T(f"{right} bonnes", f"{right} right")
            b = count(wrong, "{n} refusée", "{n} refusées", "{n} wrong", "{n} wrong") if is_int(wrong) else T(f"{wrong} refusées", f"{wrong} wrong")
            lines.append(T("Prophète {p} : {a}, {b} depuis, {c} avant son marqueur",
                           "Prophet {p}: {a_en}, {b_en} since, {c} before the marker").format(
                p=seat_ref(p["seat"]), a=a.fr, a_en=a.en, b=b.fr, b_en=b.en, c=p.get("before_marker")))
        return lines

    def summarise(self, result: RoundResult) -> Text | None:
        """Who emptied the hand (or everyone expelled), and a prophet who stayed to the end: "⟨1⟩ n'a plus de cartes ·
        prophète ⟨2⟩"."""
        out = [seat_ref(s) for s, v in enumerate(result.entry["cards_left"]) if v == 0]
        if not out:
            line = T("tous exclus", "all expelled")
        elif len(out) == 1:
            line = T("{w} n'a plus de cartes", "{w} is out of cards").format(w=out[0])
        else:
            line = T("{w} et {l} n'ont plus de cartes", "{w} and {l} are out of cards").format(w=", ".join(out[:-1]), l=out[-1])
        prophet = result.entry["prophet"]
        if prophet:
            return T("{l} · prophète {p}", "{l_en} · prophet {p}").format(l=line.fr, l_en=line.en, p=seat_ref(prophet["seat"]))
        return line


class Eleusis(Game):
    info = INFO
    sheet_class = EleusisSheet
    options = (
        Option("rounds", T("Nombre de manches", "Number of rounds"), "int", None, nullable=True, minimum=1,
               maximum=MAX_ROUNDS, default_for=lambda n: n,
               help=T("Par défaut, le nombre de joueurs : chacun est Dieu une fois. Avec moins, chaque joueur qui n'a pas "
                      f"donné marque {NEVER_DEALT_BONUS} de plus à la dernière manche.",
                      "By default the number of players: each one is God once. With fewer, each player who did not deal "
                      f"scores {NEVER_DEALT_BONUS} more at the last round.")),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        count = schema.whole(0, None)
        prophet = schema.obj({
            "seat": schema.seat(n_players, "the prophet"),
            "mainline": schema.whole(0, None, "cards laid right since the prophet rose"),
            "sideline": schema.whole(0, None, "cards laid wrong since the prophet rose"),
            "before_marker": schema.whole(1, None, "cards laid before the prophet's marker, starter included"),
        }, ["seat", "mainline", "sideline", "before_marker"])
        return schema.entry("Eleusis round entry", {
            "cards_left": schema.per_seat(n_players, schema.nullable(count),
                                          "cards each player holds at the end, null for the dealer"),
            "all_expelled": schema.flag("every player was expelled"),
            "prophet": schema.nullable(prophet, "the prophet still standing at the end, if any"),
        }, ["cards_left"])


GAME = Eleusis()
