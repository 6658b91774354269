"""Le barbu classique score sheet: a whole 28-deal game worked out by hand, and the checks per contract."""

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.barbu_classique import rules as bc
from tests.groups.legal import barbu_classique as legal_entry

GAME = registry.get("barbu-classique")


def sheet(dealing=None):
    """A new table's sheet: seven deals in succession per dealer by default, ``dealing="rotate"`` for the rotation."""
    return GAME.new_sheet(4, {"dealing": dealing} if dealing else None)


def codes(s, entry):
    return {(p.field, p.code, p.seat) for p in s.check(entry)}


# One entry per contract, with its scores worked out by hand.
ENTRIES = {
    "plis": ({"contract": "plis", "tricks": [4, 3, 3, 3]}, [-8, -6, -6, -6]),  # −2 a trick
    # Seat 1 took all 13 hearts, the Ace among them: 12 × −2 + −6 = −30.
    "coeurs": ({"contract": "coeurs", "hearts": [0, 13, 0, 0], "ace_of_hearts": 1}, [0, -30, 0, 0]),
    "dames": ({"contract": "dames", "queens": [1, 1, 1, 1]}, [-6, -6, -6, -6]),  # −6 a queen
    "roi-de-coeur": ({"contract": "roi-de-coeur", "king_of_hearts": 2}, [0, 0, -20, 0]),
    "deux-derniers": ({"contract": "deux-derniers", "last_two": [3, 3]}, [0, 0, 0, -30]),  # −10 and −20
    "atout": ({"contract": "atout", "trump": "S", "tricks": [13, 0, 0, 0]}, [65, 0, 0, 0]),  # +5 a trick
    "reussite": ({"contract": "reussite", "order": [1, 2, 3, 0]}, [-5, 45, 20, 5]),  # +45, +20, +5, −5
}


def test_each_contract_hands_out_its_fixed_total_and_the_seven_cancel_out():
    # −26, −30, −24, −20, −30, +65, +65: 13 × −2; 12 × −2 − 6; 4 × −6; −20; −10 − 20; 13 × 5; 45 + 20 + 5 − 5.
    totals = [bc.contract_total(c.key) for c in bc.CONTRACTS]
    assert totals == [-26, -30, -24, -20, -30, 65, 65] and sum(totals) == 0


def test_a_whole_game_of_28_deals_seven_in_succession():
    s = sheet()
    # Seat 0 deals deals 1–7 and chooses plis, coeurs, … réussite in that order; then seat 1 deals 8–14 the same
    # way, seat 2 15–21, seat 3 22–28: every dealer plays each contract once.
    for dealer in range(4):
        for c in bc.CONTRACTS:
            entry, expected = ENTRIES[c.key]
            nxt = s.next_round()
            assert (nxt.dealer, nxt.first, nxt.extra["remaining"][0]) == (dealer, dealer, c.key)
            r = s.apply(entry)
            assert r.scores == expected and r.contract.key == c.key and r.dealer == dealer
        assert s.remaining(dealer) == []
    # Each contract four times, whoever deals: seat 0: 4 × (−8 − 6 + 65 − 5) = 184; seat 1: 4 × (−6 − 30 − 6 + 45)
    # = 12; seat 2: 4 × (−6 − 6 − 20 + 20) = −48; seat 3: 4 × (−6 − 6 − 30 + 5) = −148. They add up to 0.
    assert s.totals == [184, 12, -48, -148] and sum(s.totals) == 0
    assert s.finished and s.winners == [0] and len(s.rounds) == 28


def test_a_whole_game_of_28_deals_with_the_rotation():
    s = sheet("rotate")
    # The deal turns every deal; each dealer chooses plis first, then coeurs, … so deals 1–4 are all « plis »,
    # deals 5–8 « coeurs », and so on: every dealer plays each contract once.
    for c in bc.CONTRACTS:
        for _ in range(4):
            entry, expected = ENTRIES[c.key]
            assert s.next_round().extra["remaining"][0] == c.key
            r = s.apply(entry)
            assert r.scores == expected and r.contract.key == c.key
    # The same 28 entries as above: seat 0 184, seat 1 12, seat 2 −48, seat 3 −148.
    assert s.totals == [184, 12, -48, -148] and sum(s.totals) == 0
    assert s.finished and s.winners == [0]


def dealers(s, numbers):
    """Who deals, and who leads, in each of rounds ``numbers``, the rounds before entered one by one."""
    out = {}
    entries = [ENTRIES[c.key][0] for c in bc.CONTRACTS]
    while s.number <= max(numbers):
        nxt = s.next_round()
        if nxt.number in numbers:
            out[nxt.number] = (nxt.dealer, nxt.first, s.upcoming_dealer(nxt.number))
        s.apply(entries[len(s.played_by(nxt.dealer))])  # the dealer's next contract in the table's order
    return out


def test_who_deals_seven_deals_in_succession():
    # Deals 1–7 are seat 0's, deal 8 seat 1's first; deal 28 = 4 × 7 is the last of seat 3 (the fourth dealer).
    # The dealer leads.
    found = dealers(sheet(), [1, 2, 3, 4, 5, 6, 7, 8, 28])
    assert found == {1: (0, 0, 0), 2: (0, 0, 0), 3: (0, 0, 0), 4: (0, 0, 0), 5: (0, 0, 0), 6: (0, 0, 0),
                     7: (0, 0, 0), 8: (1, 1, 1), 28: (3, 3, 3)}


def test_who_deals_with_the_rotation():
    # Deal n is dealt by seat (n − 1) mod 4: 1 → 0, 2 → 1, 3 → 2, 4 → 3, 5 → 0, 6 → 1, 7 → 2, 8 → 3; 28: 27 mod 4 = 3.
    found = dealers(sheet("rotate"), [1, 2, 3, 4, 5, 6, 7, 8, 28])
    assert found == {1: (0, 0, 0), 2: (1, 1, 1), 3: (2, 2, 2), 4: (3, 3, 3), 5: (0, 0, 0), 6: (1, 1, 1),
                     7: (2, 2, 2), 8: (3, 3, 3), 28: (3, 3, 3)}


def test_seven_in_succession_is_the_default_and_old_stored_tables_keep_the_rotation():
    assert GAME.default_options()["dealing"] == "seven"
    assert GAME.clean_options({}, 4)["dealing"] == "seven"  # a new table
    # A table stored before the option existed holds only « doubles »: its rounds were entered under the rotation.
    assert GAME.clean_options({"doubles": False}, 4, stored=True)["dealing"] == "rotate"
    old = GAME.new_sheet(4, {"doubles": False}, stored=True)  # what the table layer builds for such a table
    old.apply(ENTRIES["dames"][0])
    assert old.next_round().dealer == 1  # deal 2, rotation: seat 1
    assert GAME.replay(4, {"doubles": False}, [ENTRIES["dames"][0]], stored=True).next_round().dealer == 1
    new = GAME.new_sheet(4, {"doubles": False})  # a sheet of no stored table: the other options by default
    new.apply(ENTRIES["dames"][0])
    assert new.next_round().dealer == 0  # deal 2, seven in succession: seat 0 again
    assert GAME.new_sheet(4).options["dealing"] == "seven"
    # A stored value is kept as it is.
    assert GAME.clean_options({"doubles": False, "dealing": "seven"}, 4, stored=True)["dealing"] == "seven"


def test_the_dealer_leads_and_the_deal_turns():
    s = sheet("rotate")
    nxt = s.next_round()
    assert (nxt.dealer, nxt.first, nxt.extra["remaining"]) == (0, 0, [c.key for c in bc.CONTRACTS])
    s.apply(ENTRIES["dames"][0])
    nxt = s.next_round()
    assert (nxt.dealer, nxt.first) == (1, 1) and len(nxt.extra["remaining"]) == 7


def test_seven_in_succession_the_dealer_s_remaining_contracts_shrink_deal_by_deal():
    s = sheet()
    s.apply(ENTRIES["dames"][0])
    nxt = s.next_round()
    # Deal 2: seat 0 deals again, with six contracts left (all but « dames »).
    assert (nxt.dealer, nxt.first) == (0, 0) and nxt.extra["remaining"] == [
        "plis", "coeurs", "roi-de-coeur", "deux-derniers", "atout", "reussite"]
    assert ("contract", "already_played", None) in codes(s, ENTRIES["dames"][0])


def test_a_contract_already_played_by_that_dealer_is_refused():
    s = sheet("rotate")
    s.apply(ENTRIES["dames"][0])
    for _ in range(3):
        s.apply(ENTRIES["plis"][0])
    # Deal 5: seat 0 deals again and has played « dames » already.
    assert ("contract", "already_played", None) in codes(s, ENTRIES["dames"][0])
    assert "dames" not in s.next_round().extra["remaining"]
    assert not s.check(ENTRIES["plis"][0])


def test_checks_per_contract():
    s = sheet()
    assert ("tricks", "trick_total", None) in codes(s, {"contract": "plis", "tricks": [3, 3, 3, 3]})
    assert ("hearts", "heart_total", None) in codes(s, {"contract": "coeurs", "hearts": [1, 1, 1, 1], "ace_of_hearts": 0})
    assert ("ace_of_hearts", "ace_without_heart", 0) in codes(s, {"contract": "coeurs", "hearts": [0, 13, 0, 0], "ace_of_hearts": 0})
    assert ("queens", "queen_total", None) in codes(s, {"contract": "dames", "queens": [1, 1, 1, 0]})
    assert ("king_of_hearts", "not_seat", None) in codes(s, {"contract": "roi-de-coeur", "king_of_hearts": 4})
    assert ("last_two", "not_pair", None) in codes(s, {"contract": "deux-derniers", "last_two": [1]})
    assert ("trump", "bad_trump", None) in codes(s, {"contract": "atout", "trump": "SA", "tricks": [13, 0, 0, 0]})
    assert ("order", "not_permutation", None) in codes(s, {"contract": "reussite", "order": [0, 0, 1, 2]})
    assert ("queens", "not_this_contract", None) in codes(s, {"contract": "plis", "tricks": [13, 0, 0, 0], "queens": [4, 0, 0, 0]})
    assert ("contract", "bad_contract", None) in codes(s, {"contract": "salade"})
    # Every problem at once.
    found = codes(s, {"contract": "atout", "tricks": [1, 1, 1, 1], "trump": "X", "hearts": [13, 0, 0, 0]})
    assert {("tricks", "trick_total", None), ("trump", "bad_trump", None), ("hearts", "not_this_contract", None)} <= found


def test_the_history_says_the_contract_in_words():
    s = sheet()
    s.apply(ENTRIES["reussite"][0])
    lines = s.describe_entry(s.rounds[0].entry, 1)
    assert lines[0].fr == "Contrat : Réussite (domino)"
    assert lines[1].fr == "Ordre de sortie : ⟨1⟩, ⟨2⟩, ⟨3⟩, ⟨0⟩"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_random_whole_game_sums_to_zero(seed):
    rng = random.Random(seed)
    s = sheet()
    while not s.finished:
        entry = legal_entry(s, rng)
        r = s.apply(entry)
        assert sum(r.scores) == bc.contract_total(entry["contract"])
    assert len(s.rounds) == 28 and sum(s.totals) == 0
    for dealer in range(4):
        assert sorted(s.played_by(dealer)) == sorted(c.key for c in bc.CONTRACTS)


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=4)
    | st.sampled_from([c.key for c in bc.CONTRACTS] + ["S", "X"]),
    lambda c: st.lists(c, max_size=5) | st.dictionaries(st.sampled_from(["contract", *bc.FIELDS, "x"]), c, max_size=5),
    max_leaves=14,
)


@settings(max_examples=300, deadline=None)
@given(entry=junk)
def test_junk_never_raises(entry):
    s = sheet()
    if not s.check(entry):
        s.apply(entry)
    assert all(line.fr and line.en for line in s.describe_entry(entry, 1))


# -- The sheet's words: plurals by count, nobody's gender ------------------------------------------------------

# Personal pronouns and gendered words for a player; the impersonal "il y a", "il faut", "il reste", "il en
# reste" name nobody.
GENDERED = re.compile(r"\bil\b(?! y a| faut| reste| en reste)|\b(?:ils|elle|elles|lui|ce joueur|cette joueuse|"
                      r"he|she|him|his|her|hers|himself|herself)\b", re.IGNORECASE)


def test_totals_entered_say_one_in_the_singular():
    s = sheet()
    # One trick, one heart, one queen entered where 13, 13 and 4 are due.
    said = {p.code: p.message for e in ({"contract": "plis", "tricks": [1, 0, 0, 0]},
                                        {"contract": "coeurs", "hearts": [1, 0, 0, 0], "ace_of_hearts": 0},
                                        {"contract": "dames", "queens": [1, 0, 0, 0]}) for p in s.check(e)}
    assert said["trick_total"].fr == "Il y a 13 plis en tout : 1 saisi."
    assert said["trick_total"].en == "There are 13 tricks in all: 1 entered."
    assert said["heart_total"].fr == "Il y a 13 cœurs en tout : 1 saisi."
    assert said["queen_total"].fr == "Il y a 4 dames en tout : 1 saisie."
    assert [p.message.fr for p in s.check({"contract": "dames", "queens": [2, 2, 1, 0]})] == [
        "Il y a 4 dames en tout : 5 saisies."]


def test_the_doubles_owed_say_what_is_left_without_a_pronoun():
    s = GAME.new_sheet(4, {"doubles": True})  # seven deals in succession: seat 0 declares deals 1–7
    # Seats 2 and 3 double the declarer in deals 1 and 2 and owe nothing more; seat 1 never does. Deal 6 (five
    # contracts done): seat 1 still owes 2, and only 7 − 6 = 1 contract is left after this one.
    keys = ["plis", "coeurs", "dames", "roi-de-coeur", "deux-derniers", "atout"]
    for i, key in enumerate(keys[:5]):
        doubles = [{"by": 2, "on": 0}, {"by": 3, "on": 0}] if i < 2 else []
        s.apply({**ENTRIES[key][0], **({"doubles": doubles} if doubles else {})})
    owed = [p for p in s.check(ENTRIES["atout"][0]) if p.code == "owed"]
    assert [(p.seat, p.message.fr) for p in owed] == [(1, "⟨1⟩ doit contrer le déclarant ⟨0⟩ au moins 2 fois sur les "
                                                          "7 contrats du déclarant : 0 fois jusqu'ici, et il en reste 1 "
                                                          "après celui-ci.")]
    assert owed[0].message.en == ("⟨1⟩ must double the declarer ⟨0⟩ at least 2 times over the declarer's 7 contracts: "
                                  "0 times so far, and 1 is left after this one.")


def test_no_message_or_note_assumes_a_gender_or_writes_a_plural_in_brackets():
    texts = []
    s = GAME.new_sheet(4, {"doubles": True})
    for entry in (
        {"contract": "plis", "tricks": [1, 0, 0, 0], "doubles": [{"by": 0, "on": 1}, {"by": 1, "on": 1}]},
        {"contract": "atout", "trump": "S", "tricks": [13, 0, 0, 0], "doubles": [{"by": 2, "on": 1}],
         "redoubles": [{"by": 3, "on": 2}]},
        {"contract": "dames", "queens": [4, 0, 0, 0], "doubles": [{"by": 1, "on": 2}, {"by": 2, "on": 1}]},
        {"contract": "coeurs", "hearts": [0, 13, 0, 0], "ace_of_hearts": 0},
    ):
        texts += [p.message for p in s.check(entry)]
    for key in ("plis", "coeurs", "dames", "roi-de-coeur", "deux-derniers"):
        texts += s.apply({**ENTRIES[key][0], "doubles": [{"by": 1, "on": 0}, {"by": 2, "on": 0}, {"by": 3, "on": 0}],
                          "redoubles": [{"by": 0, "on": 1}]}).notes
    texts += [p.message for p in s.check(ENTRIES["plis"][0])]  # already played
    assert len(texts) > 12
    for text in texts:
        for lang in text:
            assert not GENDERED.search(lang), lang
            assert "(s)" not in lang, lang


# -- An independent judge: real cards dealt into real tricks ---------------------------------------------------
# For each contract, the judge builds the 13 tricks of 4 cards from the 52 cards, each trick given to a seat, so
# that the entry's facts hold (counted again card by card), or says it cannot. Near-boundary entries — one count
# moved from a seat to another, a total one off, the A♥ at a seat with no heart, a seat out of range — are then
# accepted by the sheet exactly when the judge can deal them.

SUITS = "SHDC"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
PACK = [r + s for s in SUITS for r in RANKS]


def is_seat(s):
    return isinstance(s, int) and not isinstance(s, bool) and 0 <= s < 4


def counts_ok(value, most):
    return (isinstance(value, list) and len(value) == 4
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= most for v in value))


def piles_for(scoring, counts, special=None, special_seat=None):
    """Tricks for each seat holding exactly ``counts[s]`` of the ``scoring`` cards (``special`` among them at
    ``special_seat``), filled with the other cards: each seat gets the fewest tricks that hold its cards, the
    tricks left over go to seat 0. None when the cards do not go round."""
    scoring = [c for c in scoring if c != special]
    plain = [c for c in PACK if c not in scoring and c != special]
    piles = [[] for _ in range(4)]
    if special is not None:
        piles[special_seat].append(special)
    for s in range(4):
        need = counts[s] - len(piles[s])
        if need < 0 or need > len(scoring):
            return None
        piles[s] += [scoring.pop() for _ in range(need)]
    if scoring:
        return None  # scoring cards nobody took
    tricks = [-(-len(p) // 4) for p in piles]
    if sum(tricks) > 13:
        return None
    tricks[0] += 13 - sum(tricks)
    for s in range(4):
        while len(piles[s]) < 4 * tricks[s]:
            piles[s].append(plain.pop())
    assert not plain and sum(map(len, piles)) == 52
    return piles


def judge(entry):
    """Real tricks for ``entry`` (the seats' piles, or the 13 tricks in order), or None when no deal gives it."""
    key = entry["contract"]
    if key in ("plis", "atout"):
        tricks = entry.get("tricks")
        if not counts_ok(tricks, 13) or (key == "atout" and entry.get("trump") not in ("S", "H", "D", "C")):
            return None
        cards = list(PACK)
        piles = [[cards.pop() for _ in range(4 * t)] for t in tricks] if 4 * sum(tricks) <= 52 else None
        if piles is None or cards:
            return None
        assert [len(p) // 4 for p in piles] == tricks
        return piles
    if key == "coeurs":
        hearts, ace = entry.get("hearts"), entry.get("ace_of_hearts")
        if not counts_ok(hearts, 13) or not is_seat(ace):
            return None
        piles = piles_for([c for c in PACK if c.endswith("H")], hearts, "AH", ace)
        if piles is not None:
            assert [sum(c.endswith("H") for c in p) for p in piles] == hearts and "AH" in piles[ace]
        return piles
    if key == "dames":
        queens = entry.get("queens")
        if not counts_ok(queens, 4):
            return None
        piles = piles_for([c for c in PACK if c.startswith("Q")], queens)
        if piles is not None:
            assert [sum(c.startswith("Q") for c in p) for p in piles] == queens
        return piles
    if key == "roi-de-coeur":
        king = entry.get("king_of_hearts")
        return piles_for(["KH"], [int(s == king) for s in range(4)], "KH", king) if is_seat(king) else None
    if key == "deux-derniers":
        last_two = entry.get("last_two")
        if not (isinstance(last_two, list) and len(last_two) == 2 and all(map(is_seat, last_two))):
            return None
        takers = [0] * 11 + list(last_two)  # the 13 tricks in order, the last two to the seats entered
        return [(takers[i], PACK[4 * i:4 * i + 4]) for i in range(13)]
    order = entry.get("order")  # réussite: everyone goes out once
    return order if isinstance(order, list) and sorted(o for o in order if is_seat(o)) == [0, 1, 2, 3] \
        and len(order) == 4 else None


def near_boundary(rng):
    """A real deal's facts for a random contract, then now and then one fact pushed just over an edge."""
    key = rng.choice([c.key for c in bc.CONTRACTS])
    deck = list(PACK)
    rng.shuffle(deck)
    takers = [rng.randrange(4) for _ in range(13)]
    if rng.random() < 0.3:  # one seat takes nothing: zeros at the edge
        takers = [t if t != 3 else rng.randrange(3) for t in takers]
    taken = [[c for i, t in enumerate(takers) if t == s for c in deck[4 * i:4 * i + 4]] for s in range(4)]
    entry = {"contract": key}
    if key in ("plis", "atout"):
        entry["tricks"] = [takers.count(s) for s in range(4)]
        if key == "atout":
            entry["trump"] = rng.choice("SHDC")
    elif key == "coeurs":
        entry["hearts"] = [sum(c.endswith("H") for c in t) for t in taken]
        entry["ace_of_hearts"] = next(s for s in range(4) if "AH" in taken[s])
    elif key == "dames":
        entry["queens"] = [sum(c.startswith("Q") for c in t) for t in taken]
    elif key == "roi-de-coeur":
        entry["king_of_hearts"] = next(s for s in range(4) if "KH" in taken[s])
    elif key == "deux-derniers":
        entry["last_two"] = takers[-2:]
    else:
        entry["order"] = rng.sample(range(4), 4)
    nudge = rng.random()
    counted = [f for f in ("tricks", "hearts", "queens") if f in entry]
    if counted and nudge < 0.35:  # one moved from a seat to another, or one more or one fewer in all
        f = counted[0]
        a, b = rng.sample(range(4), 2)
        if rng.random() < 0.5:
            entry[f][a] -= 1
            entry[f][b] += 1
        else:
            entry[f][a] += rng.choice([-1, 1])
    elif nudge < 0.5:  # a seat fact moved, or out of range
        for f in ("ace_of_hearts", "king_of_hearts"):
            if f in entry:
                entry[f] = rng.choice([0, 1, 2, 3, 4, -1])
        if "last_two" in entry:
            entry["last_two"][rng.randrange(2)] = rng.choice([0, 1, 2, 3, 4, -1])
        if "order" in entry:
            entry["order"][rng.randrange(4)] = rng.randrange(5)
    return entry


def test_every_contract_accepts_exactly_what_real_cards_can_deal():
    rng = random.Random(2026)
    seen = set()
    for _ in range(3000):
        entry = near_boundary(rng)
        problems = sheet().check(entry)
        possible = judge(entry) is not None
        assert (problems == []) == possible, (entry, problems)
        seen.add((entry["contract"], possible))
        seen.update(p.code for p in problems)
    # Every contract met both ways, and the checks at the edge among the refusals.
    assert {(c.key, v) for c in bc.CONTRACTS for v in (True, False)} <= seen
    assert {"trick_total", "heart_total", "queen_total", "ace_without_heart", "not_seat", "not_permutation"} <= seen
