"""Bid-and-tricks score sheets (Rikiki, Motton — the Oh Hell family), written once for both games.

Every deal, each player is dealt the same number of cards, a card is turned for trumps (when one is left), each
player bids the tricks they will take and only an exact bid scores. The entry is the same in both games::

    {"bids": [...], "tricks": [...], "cards": n, "turned": "7H"}

``cards`` (the cards each player was dealt) and ``turned`` (the card turned for trumps) are optional: a table
may type them as a check. :class:`BidSheet` checks the entry against the deal's schedule (every problem at once),
applies the hook house rule ("le donneur ne peut pas faire tomber juste") and writes the notes; a game gives its
schedule (:meth:`BidSheet.cards_for`) and its scores (:meth:`BidSheet.score_bid`).
"""

from __future__ import annotations

from typing import Any

from companion.kernel.cards import Card, deck
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import CardSyntaxError, Problem
from companion.kernel.game import EntryField, RoundResult, Sheet
from companion.kernel.text import T, Text, count, seat_ref

ENTRY_KEYS = ("bids", "tricks", "cards", "turned")
PACK = "52"
PACK_CODES = frozenset(c.code for c in deck(PACK))


def forbidden_bid(other_bids: list[int], cards: int) -> int | None:
    """With the hook, the one bid the dealer (bidding last) may not make: the one that would make the bids add
    up to the tricks of the deal; ``None`` when the others already bid more than that."""
    rest = cards - sum(other_bids)
    return rest if 0 <= rest <= cards else None


def every_card_dealt(cards: int, n_players: int) -> bool:
    """No card is left to turn for trumps: the deal is played without trumps."""
    return cards * n_players == len(PACK_CODES)


class BidSheet(Sheet):
    """A bid-and-tricks sheet: the highest total wins. Subclasses give :meth:`cards_for` and :meth:`score_bid`."""

    lowest_wins = False
    rule = "annonces"  # rulebook anchor of the bidding rules

    # -- what a game provides ---------------------------------------------------------------------------
    def cards_for(self, number: int) -> int | None:
        """Cards each player is dealt at round ``number``; ``None`` past the end of the schedule."""
        raise NotImplementedError

    def score_bid(self, bid: int, tricks: int, cards: int) -> tuple[int, str]:
        """A seat's score for one deal, with the sum that gives it (``"10 + 5 × 2 = 20"``: digits and signs,
        the same in both languages)."""
        raise NotImplementedError

    #: What the turned card's box says under its label (a game where the turned card means more says so).
    turned_help = T("Facultatif", "Optional")

    # -- shared -----------------------------------------------------------------------------------------
    @property
    def hook(self) -> bool:
        return bool(self.options.get("hook"))

    def entry_fields(self, number: int) -> list[EntryField]:
        cards = self.cards_for(number) or 0
        hint = T("", "")
        if self.hook:
            hint = T("Le donneur ne peut pas faire tomber juste.", "The dealer may not make the bids add up.")
        fields = [EntryField("bids", T("Annonce", "Bid"), "count", maximum=cards, help=hint),
                  EntryField("tricks", T("Plis", "Tricks"), "count", maximum=cards)]
        if not every_card_dealt(cards, self.n):
            # A card code typed or picked ("7♥" or "7H"): the game's form converter reads it.
            fields.append(EntryField("turned", T("Carte retournée", "Turned card"), "card", required=False,
                                     help=self.turned_help))
        return fields

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule=self.rule)
        if not r.ok:
            return r.problems
        cards = self.cards_for(self.number) or 0
        r.only_keys(set(ENTRY_KEYS))
        bids = r.counts("bids", maximum=cards)
        tricks = r.counts("tricks", maximum=cards)
        if r.has("cards"):
            given = r.entry["cards"]
            if not is_int(given) or given != cards:
                r.add("cards", "wrong_cards", count(cards, "Cette donne se joue à {n} carte chacun ({c} saisi).",
                                                    "Cette donne se joue à {n} cartes chacun ({c} saisi).",
                                                    "This deal is played with {n} card each ({c} entered).",
                                                    "This deal is played with {n} cards each ({c} entered).",
                                                    c=str(given)[:12]), rule="donnes")
        if r.has("turned"):
            self._check_turned(r, r.entry["turned"], cards)
        if tricks is not None and sum(tricks) != cards:
            entered = count(sum(tricks), "{n} saisi", "{n} saisis", "{n} entered", "{n} entered")
            r.add("tricks", "trick_total", count(cards, "Une donne de {n} carte chacun fait {n} pli : {t}.",
                                                 "Une donne de {n} cartes chacun fait {n} plis : {t}.",
                                                 "A deal of {n} card each has {n} trick: {t_en}.",
                                                 "A deal of {n} cards each has {n} tricks: {t_en}.",
                                                 t=entered.fr, t_en=entered.en))
        if self.hook and bids is not None and sum(bids) == cards:
            dealer = self.dealer_for(self.number)
            r.add("bids", "hook", T("Le donneur ne peut pas faire tomber juste : après les autres annonces, annoncer {b} "
                                    "est interdit au donneur (le total ferait {k}, le nombre de plis).",
                                    "The dealer may not make the bids add up: after the others' bids, {b} is the one bid "
                                    "not allowed (the total would be {k}, the number of tricks).").format(
                b=bids[dealer], k=cards), dealer, rule="donneur-contraint")
        return r.problems

    def _check_turned(self, r: EntryReader, value: Any, cards: int) -> None:
        if every_card_dealt(cards, self.n):
            r.add("turned", "nothing_turned", T("Toutes les cartes sont distribuées : aucune carte n'est retournée, "
                                                "la donne se joue sans atout.",
                                                "Every card is dealt: no card is turned, the deal has no trumps."),
                  rule="sans-atout")
            return
        try:
            code = Card.parse_code(value).code
        except CardSyntaxError:
            code = None
        if code not in PACK_CODES:
            r.add("turned", "bad_card", T("Carte retournée inconnue : un code du jeu de 52 cartes est attendu (7H, QS, 10D…).",
                                          "Unknown turned card: a 52-card pack code is expected (7H, QS, 10D…)."))

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"bids": list(entry["bids"]), "tricks": list(entry["tricks"]), "cards": self.cards_for(self.number)}
        if entry.get("turned") is not None:
            out["turned"] = Card.parse_code(entry["turned"]).code
        return out

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        cards = entry["cards"]
        scores, notes = [], []
        for seat, (bid, took) in enumerate(zip(entry["bids"], entry["tricks"], strict=True)):
            score, working = self.score_bid(bid, took, cards)
            scores.append(score)
            verdict = T("réussi", "made") if bid == took else T("chuté", "missed")
            took_words = count(took, "{n} pli", "{n} plis", "{n} trick", "{n} tricks")
            took_fr, took_en = took_words.fr, took_words.en
            notes.append(T("{p} : annonce {b}, {t}, {v} : {w}.", "{p}: bid {b}, {t_en}, {v_en}: {w}.").format(
                p=seat_ref(seat), b=bid, t=took_fr, t_en=took_en, v=verdict.fr, v_en=verdict.en, w=working))
        return RoundResult(0, entry, scores, notes=notes)

    def deal_extra(self, number: int) -> dict[str, Any]:
        """``next`` keys both games share: the hand size and whether the deal has no trump card."""
        cards = self.cards_for(number) or 0
        return {"hand": cards, "no_trump": every_card_dealt(cards, self.n)}

    def summarise(self, result: RoundResult) -> Text | None:
        """"5 cartes · justes : ⟨0⟩, ⟨2⟩": the cards dealt each, then who made their bid exactly — or, when fewer
        missed it, who missed ("chuté : ⟨1⟩"); "tous justes", "tous chutés"."""
        entry = result.entry
        cards = count(entry["cards"], "{n} carte", "{n} cartes", "{n} card", "{n} cards")
        made = [s for s, (b, t) in enumerate(zip(entry["bids"], entry["tricks"], strict=True)) if b == t]
        missed = [s for s in range(self.n) if s not in made]
        if not missed:
            how = T("tous justes", "all made it")
        elif not made:
            how = T("tous chutés", "all missed")
        elif len(made) <= len(missed):
            how = count(len(made), "juste : {w}", "justes : {w}", "made it: {w}", "made it: {w}",
                        w=", ".join(seat_ref(s) for s in made))
        else:
            how = count(len(missed), "chuté : {w}", "chutés : {w}", "missed: {w}", "missed: {w}",
                        w=", ".join(seat_ref(s) for s in missed))
        return T(f"{cards.fr} · {how.fr}", f"{cards.en} · {how.en}")


def bid_schema(title: str, n_players: int, top: int, schedule: list[int]) -> dict[str, Any]:
    """The entry schema of a bid-and-tricks game (Rikiki, Motton)."""
    counts = {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": top},
              "minItems": n_players, "maxItems": n_players}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": title,
        "type": "object",
        "additionalProperties": False,
        "required": ["bids", "tricks"],
        "properties": {
            "bids": {**counts, "description": "each seat's bid, in seat order, 0 to the cards dealt"},
            "tricks": {**counts, "description": "tricks taken by each seat; they add up to the cards dealt"},
            "cards": {"type": "integer", "minimum": 1, "maximum": top,
                      "description": "optional check: the cards each player was dealt (the schedule's number)"},
            "turned": {"type": "string", "pattern": "^(10|[2-9AJQK])[SHDC]$",
                       "description": "optional: the card turned for trumps; absent when every card is dealt"},
        },
        "x-schedule": schedule,
    }

