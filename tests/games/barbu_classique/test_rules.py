"""Le barbu classique score sheet: a whole 28-deal game worked out by hand, and the checks per contract."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.barbu_classique import rules as bc
from tests.groups.legal import barbu_classique as legal_entry

GAME = registry.get("barbu-classique")


def sheet():
    return GAME.new_sheet(4)


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


def test_a_whole_game_of_28_deals():
    s = sheet()
    # The deal turns every deal; each dealer chooses plis first, then coeurs, … so deals 1–4 are all « plis »,
    # deals 5–8 « coeurs », and so on: every dealer plays each contract once.
    for c in bc.CONTRACTS:
        for _ in range(4):
            entry, expected = ENTRIES[c.key]
            assert s.next_round().extra["remaining"][0] == c.key
            r = s.apply(entry)
            assert r.scores == expected and r.contract.key == c.key
    # Each contract four times: seat 0: 4 × (−8 − 6 + 65 − 5) = 184; seat 1: 4 × (−6 − 30 − 6 + 45) = 12;
    # seat 2: 4 × (−6 − 6 − 20 + 20) = −48; seat 3: 4 × (−6 − 6 − 30 + 5) = −148. They add up to 0.
    assert s.totals == [184, 12, -48, -148] and sum(s.totals) == 0
    assert s.finished and s.winners == [0]


def test_the_dealer_leads_and_the_deal_turns():
    s = sheet()
    nxt = s.next_round()
    assert (nxt.dealer, nxt.first, nxt.extra["remaining"]) == (0, 0, [c.key for c in bc.CONTRACTS])
    s.apply(ENTRIES["dames"][0])
    nxt = s.next_round()
    assert (nxt.dealer, nxt.first) == (1, 1) and len(nxt.extra["remaining"]) == 7


def test_a_contract_already_played_by_that_dealer_is_refused():
    s = sheet()
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
