"""La belote de comptoir. Source: the user's rule document « La belote de comptoir »; card play completed from
classic French belote (contree.org, jeuxdecartesinedits « La belote »); no-trump and all-trump points from the
coinche tables (exoty.com « Compter les points à la coinche »). No published description of bar-counter belote is
known, so what the document leaves open is settled by Atout, as the rulebook's disputes say.

Each deal the dealer picks how many cards each player gets; one round of bids; the highest bidder names the trump
and must make at least his bid, counting card points, the dix de der and belote-rebelote. Made: he scores 1;
failed: every other player scores 1. A bid or a count above what so few cards can be worth is refused
(:func:`companion.families.belote.ceiling`: a ceiling, not the exact best a deal allows), and so is a count no
choice of the dealt cards makes (:func:`companion.families.belote.counted`: with one card each, 0 or the only
trick with its dix de der).
"""

from __future__ import annotations

from typing import Any

from companion.families import belote
from companion.families.belote import ALL_TRUMP, NO_TRUMP, SUIT_TRUMPS, TRUMP_NAMES
from companion.kernel import schema
from companion.kernel.entries import EntryReader, is_int
from companion.kernel.errors import Problem
from companion.kernel.game import (
    COUNTERCLOCKWISE,
    EntryField,
    Game,
    GameInfo,
    Option,
    RoundResult,
    RuleTable,
    Sheet,
)
from companion.kernel.text import T, Text, count, seat_ref

MIN_PLAYERS = 2
MAX_PLAYERS = 8
PACK = 32
MIN_CARDS = 1
MAX_CARDS = 5  # the dealer picks 1 to 5 cards each, as far as the pack allows
MIN_BID = 1
#: The keys of a played deal: what check_entry allows and the schema lists (a passed deal is the bidder alone).
ENTRY_KEYS = {"cards", "bidder", "bid", "trump", "points"}
# Card order and points, dix de der and belote-rebelote are classic belote's (companion.families.belote); the
# no-trump and all-trump contracts are an option.
WIN_POINTS = 1  # the bidder if he makes his bid; otherwise every other player
TARGETS = (5, 10)
DEFAULT_TARGET = 5


def max_cards(n_players: int) -> int:
    """The most cards each the dealer may give: five, as far as one 32-card pack allows."""
    return min(MAX_CARDS, PACK // n_players)


def possible_points(trump: str, cards: int, n_players: int) -> frozenset[int]:
    """Every count a bidder can make with ``cards`` cards each: card points of ``cards × n_players`` cards taken
    ``n_players`` at a time, the dix de der, belote-rebelote (:func:`companion.families.belote.counted`)."""
    return belote.counted(trump, cards, n_players)


def max_bid(trump: str, cards: int, n_players: int) -> int:
    """The ceiling of a bid (and of the points counted) under ``trump`` with ``cards`` cards each."""
    return belote.ceiling(trump, cards, n_players)


CARDS_PER_PLAYER = tuple((n, max_cards(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))

INFO = GameInfo(
    essentials=("card_order",),
    slug="belote-de-comptoir",
    names=T("La belote de comptoir", "Bar-counter belote"),
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    decks=("32",),
    based_on="belote",
    family="levees",
    direction=COUNTERCLOCKWISE,
    source="The user's rule document « La belote de comptoir »; card play from classic belote (contree.org, jeuxdecartesinedits); "
    "no-trump / all-trump points from the coinche tables (exoty.com).",
    aliases=("belote comptoir", "belote de comptoir", "comptoir"),
    summary=T(
        "Une belote éclair : 1 à 5 cartes chacun, on annonce combien de points on fera, et on tient parole… ou pas.",
        "Lightning belote: 1 to 5 cards each, bid how many points you will take, then make it… or not.",
    ),
    tables=(
        belote.card_order_table(),
        RuleTable(
            "cards_per_player",
            T("Cartes par joueur", "Cards per player"),
            (T("Joueurs", "Players"), T("Cartes chacun (au plus)", "Cards each (at most)")),
            rows=CARDS_PER_PLAYER,
        ),
        belote.no_trump_all_trump_table(),
        RuleTable(
            "ceilings",
            T("Enchère la plus haute possible (atout à la couleur)", "Highest possible bid (suit trump)"),
            (T("Joueurs", "Players"), *(count(k, "{n} carte", "{n} cartes", "{n} card", "{n} cards")
                                        for k in range(MIN_CARDS, MAX_CARDS + 1))),
            rows=tuple((n, *(max_bid("H", k, n) if k <= max_cards(n) else "—" for k in range(MIN_CARDS, MAX_CARDS + 1)))
                       for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        ),
    ),
    values=(
        ("pack", PACK),
        ("min_cards", MIN_CARDS),
        ("max_cards", MAX_CARDS),
        ("max_cards_7", max_cards(7)),
        ("last_trick", belote.LAST_TRICK),
        ("belote", belote.BELOTE),
        ("deal_total", belote.DEAL_TOTAL),
        ("win_points", WIN_POINTS),
        ("target", DEFAULT_TARGET),
        ("target_long", TARGETS[1]),
        ("min_bid", MIN_BID),
        ("no_trump_ace", belote.NO_TRUMP_POINTS["A"]),
        ("plain_ace", belote.PLAIN_POINTS["A"]),
        ("ceiling_3_1", max_bid("H", 1, 3)),
        ("ceiling_3_2", max_bid("H", 2, 3)),
        ("ceiling_2_1", max_bid("H", 1, 2)),
    ),
)


class BeloteDeComptoirSheet(Sheet):
    lowest_wins = False

    def natural_end(self) -> bool:
        return any(t >= self.options["target"] for t in self.totals)

    def trumps(self) -> tuple[str, ...]:
        """The contracts this table allows: the four suits, and sans atout and tout atout by option."""
        return SUIT_TRUMPS + ((NO_TRUMP,) if self.options["sans_atout"] else ()) + (
            (ALL_TRUMP,) if self.options["tout_atout"] else ())

    def next_extra(self) -> dict[str, Any]:
        top = max_cards(self.n)
        return {"max_cards": top, "max_bids": [max_bid("H", k, self.n) for k in range(MIN_CARDS, top + 1)]}

    def entry_fields(self, number: int) -> list[EntryField]:
        top = max_cards(self.n)
        return [
            EntryField("cards", T("Cartes chacun", "Cards each"), "number", maximum=top),
            EntryField("bidder", T("Preneur (plus forte enchère)", "Bidder (highest bid)"), "seat", required=False,
                       help=T("Personne : tout le monde a passé.", "Nobody: everyone passed.")),
            EntryField("bid", T("Enchère", "Bid"), "number"),
            EntryField("trump", T("Atout", "Trump"), "trump"),
            EntryField("points", T("Points faits", "Points made"), "number",
                       help=T("Cartes, dix de der et belote-rebelote.", "Cards, dix de der and belote-rebelote.")),
        ]

    def check_entry(self, entry: Any) -> list[Problem]:
        r = EntryReader(entry, self.n, rule="marque")
        if not r.ok:
            return r.problems
        if "bidder" in r.entry and r.entry["bidder"] is None:
            r.nothing_else("bidder", belote.PASSED_DEAL)
            return r.problems
        r.only_keys(ENTRY_KEYS)
        top = max_cards(self.n)
        cards = None
        if not r.has("cards"):
            r.missing("cards")
        else:
            value = r.entry["cards"]
            if not is_int(value):
                r.add("cards", "not_int", T("Nombre entier attendu.", "Expected a whole number."))
            elif not MIN_CARDS <= value <= top:
                r.add("cards", "cards_range", T(
                    "De {lo} à {hi} cartes chacun à {n} joueurs (un seul jeu de 32).",
                    "{lo} to {hi} cards each with {n} players (one 32-card pack).").format(lo=MIN_CARDS, hi=top, n=self.n),
                    rule="donne")
            else:
                cards = value
        r.seat("bidder")
        trump = r.entry.get("trump")
        allowed = self.trumps()
        if trump is None:
            r.missing("trump")
            trump = None
        elif trump not in allowed:
            if trump in (NO_TRUMP, ALL_TRUMP):
                r.add("trump", "trump_off", T("{t} n'est pas permis à cette table (voir les options).",
                                              "{t_en} is not allowed at this table (see the options).").format(
                    t=TRUMP_NAMES[trump].fr, t_en=TRUMP_NAMES[trump].en), rule="sans-atout-tout-atout")
            else:
                r.add("trump", "bad_trump", T("Atout : {a}.", "Trump: {a}.").format(a=", ".join(allowed)))
            trump = None
        ceiling = max_bid(trump, cards, self.n) if trump is not None and cards is not None else None
        for key, lo in (("bid", MIN_BID), ("points", 0)):
            if not r.has(key):
                r.missing(key)
                continue
            value = r.integer(r.entry[key], key, lo=lo, hi=10_000)
            if value is None or ceiling is None:
                continue
            assert trump is not None and cards is not None  # a ceiling is worked out only once both read
            if key == "points" and value <= ceiling and value not in possible_points(trump, cards, self.n):
                each, trick = (count(k, "{n} carte", "{n} cartes", "{n} card", "{n} cards") for k in (cards, self.n))
                said = count(value, "{n} point", "{n} points", "{n} point", "{n} points")
                r.add(key, "unreachable_points", T(
                    "{p}, c'est impossible à {k} chacun : chaque pli prend {m}, et aucun choix de cartes, "
                    "avec ou sans le dix de der{b}, ne fait {v}.",
                    "{p_en} cannot happen with {k_en} each: every trick takes {m_en}, and no choice of cards, "
                    "with or without the dix de der{b_en}, makes {v}.").format(
                    p=said.fr, p_en=said.en, v=value, k=each.fr, k_en=each.en, m=trick.fr, m_en=trick.en,
                    b=" et la belote" if trump in SUIT_TRUMPS and cards >= 2 else "",
                    b_en=" and belote" if trump in SUIT_TRUMPS and cards >= 2 else ""), rule="encheres")
            if value > ceiling:
                r.add(key, "over_ceiling", T(
                    "{v}, c'est plus que ce que {m} cartes peuvent valoir ({k} chacun à {n} joueurs) : {c} au plus, "
                    "dix de der{b} compris.",
                    "{v} is more than {m} cards can be worth ({k} each with {n} players): {c} at most, "
                    "dix de der{b_en} included.").format(
                    v=value, m=cards * self.n, k=cards, n=self.n, c=ceiling,
                    b=" et belote" if trump in SUIT_TRUMPS and cards >= 2 else "",
                    b_en=" and belote" if trump in SUIT_TRUMPS and cards >= 2 else ""), rule="encheres")
        return r.problems

    def normalise(self, entry: dict[str, Any]) -> dict[str, Any]:
        if entry.get("bidder") is None:
            return {"bidder": None}
        return {k: entry[k] for k in ("cards", "bidder", "bid", "trump", "points")}

    def describe_entry(self, entry: Any, number: int) -> list[Text]:
        """The history's words: cards dealt, who bid what at which trump, the points made."""
        if not isinstance(entry, dict) or "bidder" not in entry:
            return super().describe_entry(entry, number)
        if entry["bidder"] is None:
            return [T("Tout le monde a passé.", "Everyone passed.")]
        bidder, trump = entry.get("bidder"), entry.get("trump")
        if not (is_int(bidder) and 0 <= bidder < self.n) or trump not in TRUMP_NAMES \
                or not all(is_int(entry.get(k)) for k in ("cards", "bid", "points")):
            return super().describe_entry(entry, number)
        each = count(entry["cards"], "{n} carte", "{n} cartes", "{n} card", "{n} cards")
        return [T("{k} chacun ; {p} annonce {b} à {t} et fait {x}.",
                  "{k_en} each; {p} bids {b} in {t_en} and makes {x}.").format(
            k=each.fr, k_en=each.en, p=seat_ref(bidder), b=entry["bid"],
            t=TRUMP_NAMES[trump].fr, t_en=TRUMP_NAMES[trump].en, x=entry["points"])]

    def score_entry(self, entry: dict[str, Any]) -> RoundResult:
        if entry["bidder"] is None:
            return RoundResult(0, entry, [0] * self.n, notes=[T("Tout le monde a passé : personne ne marque.",
                                                                  "Everyone passed: nobody scores.")],
                               extra={"made": None})
        bidder, bid, points = entry["bidder"], entry["bid"], entry["points"]
        made = points >= bid
        if made:
            scores = [WIN_POINTS if s == bidder else 0 for s in range(self.n)]
            note = T("{p} annonce {b} à {t} et fait {x} : enchère tenue, {p} marque {w}.",
                     "{p} bids {b} in {t_en} and makes {x}: bid made, {p} scores {w}.")
        else:
            scores = [0 if s == bidder else WIN_POINTS for s in range(self.n)]
            note = T("{p} annonce {b} à {t} et fait {x} : chute, chacun des autres marque {w}.",
                     "{p} bids {b} in {t_en} and makes {x}: bid failed, everyone else scores {w}.")
        return RoundResult(0, entry, scores, notes=[note.format(
            p=seat_ref(bidder), b=bid, t=TRUMP_NAMES[entry["trump"]].fr, t_en=TRUMP_NAMES[entry["trump"]].en,
            x=points, w=WIN_POINTS)], extra={"made": made})

    def summarise(self, result: RoundResult) -> Text | None:
        """"⟨0⟩ · 60 à ♥ · 72 — tenue": the bidder, the bid and its trump, the points made, and whether the bid was
        made (tenue) or not (chute); "Donne passée" when everybody passed."""
        entry = result.entry
        if entry.get("bidder") is None:
            return T("Donne passée", "Passed deal")
        name = TRUMP_NAMES[entry["trump"]]
        trump = T(name.fr[-1], name.en[-1]) if entry["trump"] in SUIT_TRUMPS else T(name.fr.lower(), name.en.lower())
        how = T("tenue", "made") if entry["points"] >= entry["bid"] else T("chute", "failed")
        return T("{p} · {b} à {t} · {x} — {h}", "{p} · {b} in {t_en} · {x} — {h_en}").format(
            p=seat_ref(entry["bidder"]), b=entry["bid"], t=trump.fr, t_en=trump.en, x=entry["points"], h=how.fr,
            h_en=how.en)


class BeloteDeComptoir(Game):
    info = INFO
    sheet_class = BeloteDeComptoirSheet
    options = (
        Option("target", T("Partie en combien de points", "Game to how many points"), "int", DEFAULT_TARGET,
               minimum=1, maximum=1_000, help=T("Le premier qui l'atteint finit la partie ; les égalités se partagent.",
                                                "The first to reach it ends the game; ties are shared.")),
        Option("sans_atout", T("Sans atout permis", "No-trump contract allowed"), "bool", False),
        Option("tout_atout", T("Tout atout permis", "All-trump contract allowed"), "bool", False),
    )

    def entry_schema(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        sheet = self.new_sheet(n_players, options)
        assert isinstance(sheet, BeloteDeComptoirSheet)  # this game's sheet
        played = {
            "cards": schema.whole(MIN_CARDS, max_cards(n_players), "cards dealt to each player"),
            "bidder": schema.seat(n_players, "highest bidder"),
            "bid": schema.whole(MIN_BID, None, "at most the ceiling of what the cards can be worth"),
            "trump": schema.choice(list(sheet.trumps()), (
                f"the trump suit S, H, D or C; {NO_TRUMP} (no trumps) with the option sans_atout, {ALL_TRUMP} (all "
                "trumps) with the option tout_atout")),
            "points": schema.whole(0, None, "card points in the bidder's tricks + 10 de der + 20 for belote-rebelote"),
        }
        assert set(played) == ENTRY_KEYS  # the keys check_entry allows
        return schema.entry("Belote de comptoir round entry", one_of=[schema.obj(played, list(played)),
                                                                      belote.passed_schema("bidder")])


GAME = BeloteDeComptoir()
