"""Belote de comptoir score sheet: whole games and ceilings worked out by hand from the rules."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.belote_de_comptoir import rules as comptoir
from companion.kernel import InvalidEntry

GAME = registry.get("belote-de-comptoir")


def sheet(n=3, **options):
    return GAME.new_sheet(n, options)


def bid(cards, bidder, amount, points, trump="H"):
    return {"cards": cards, "bidder": bidder, "bid": amount, "trump": trump, "points": points}


def codes(s, entry):
    return {(p.field, p.code, p.seat) for p in s.check(entry)}


@pytest.mark.parametrize("n, expected", [(2, 5), (3, 5), (6, 5), (7, 4), (8, 4)])
def test_the_dealer_gives_at_most_five_cards_as_far_as_the_pack_allows(n, expected):
    # 32 // 6 = 5, 32 // 7 = 4, 32 // 8 = 4.
    assert comptoir.max_cards(n) == expected


def test_suit_trump_ceilings_at_three_players():
    # The pack's values with a suit trump, highest first: J 20, 9 14, then four aces at 11, four 10s at 10, four kings
    # at 4, four queens at 3, three plain jacks at 2.
    # 1 card × 3 players: 20 + 14 + 11 + 10 de der = 55 (no belote with one card).
    # 2 cards: 6 cards: 20 + 14 + 4 × 11 = 78, + 10 + 20 belote = 108.
    # 3 cards: 9 cards: 78 + 3 × 10 = 108, + 30 = 138. 4 cards: 12 cards: 108 + 10 + 2 × 4 = 126, + 30 = 156.
    # 5 cards: 15 cards: 126 + 2 × 4 + 3 = 137, + 30 = 167.
    s = sheet()
    assert s.next_round().extra == {"max_cards": 5, "max_bids": [55, 108, 138, 156, 167]}
    # 2 players, 1 card each: 20 + 14 + 10 = 44.
    assert sheet(2).next_round().extra["max_bids"][0] == 44


def test_no_trump_and_all_trump_ceilings():
    # Sans atout at 3 players with 1 card: three aces at 19 = 57, + 10 = 67 (no belote without a trump suit).
    # Tout atout, 1 card: three jacks at 14 = 42 + 10 = 52.
    s = sheet(sans_atout=True, tout_atout=True)
    assert not s.check(bid(1, 0, 67, 67, "SA"))
    assert ("bid", "over_ceiling", None) in codes(s, bid(1, 0, 68, 0, "SA"))
    assert not s.check(bid(1, 0, 52, 0, "TA"))
    assert ("points", "over_ceiling", None) in codes(s, bid(1, 0, 40, 53, "TA"))


def test_an_evening_to_five():
    s = sheet()
    # Deal 1 (Ana deals, Bea bids first): Ana bids 30 with 2 cards and makes 58: made, Ana 1.
    assert s.apply(bid(2, 0, 30, 58)).scores == [1, 0, 0]
    # Deal 2: Bea bids 60 and makes 59: failed, Ana and Cid 1 each.
    assert s.apply(bid(3, 1, 60, 59, "S")).scores == [1, 0, 1]
    # Deal 3: all passed: nothing; deal 4 is Ana's deal again.
    assert s.apply({"bidder": None}).scores == [0, 0, 0]
    assert (s.next_round().dealer, s.next_round().first) == (0, 1)
    # Deal 4: Cid bids exactly what he makes (enough: « atteindre »).
    assert s.apply(bid(1, 2, 25, 25, "C")).scores == [0, 0, 1]
    assert s.totals == [2, 0, 2] and s.leaders == [0, 2]


def test_a_failed_bid_can_bring_several_players_to_the_target_together():
    s = sheet(target=2)
    s.apply(bid(1, 0, 40, 10))  # Bea 1, Cid 1
    assert not s.finished
    s.apply(bid(1, 0, 40, 10))  # Bea 2, Cid 2: both reach 2
    assert s.finished and s.winners == [1, 2]


def test_sans_atout_and_tout_atout_only_with_their_options():
    s = sheet()
    assert ("trump", "trump_off", None) in codes(s, bid(2, 0, 30, 30, "SA"))
    assert ("trump", "trump_off", None) in codes(s, bid(2, 0, 30, 30, "TA"))
    assert ("trump", "bad_trump", None) in codes(s, bid(2, 0, 30, 30, "X"))
    assert not sheet(tout_atout=True).check(bid(2, 0, 30, 30, "TA"))


def test_every_problem_is_reported_at_once():
    s = sheet(7)
    found = codes(s, {"cards": 5, "bidder": 7, "bid": 0, "trump": "SA", "points": -1, "x": 1})
    assert found == {("cards", "cards_range", None), ("bidder", "not_seat", None), ("bid", "out_of_range", None),
                     ("trump", "trump_off", None), ("points", "out_of_range", None), ("x", "unknown_field", None)}


def test_the_message_says_it_is_a_ceiling():
    s = sheet()
    [problem] = s.check(bid(2, 0, 109, 50))
    assert "plus que ce que 6 cartes peuvent valoir" in problem.message.fr


@pytest.mark.parametrize("entry, code", [
    ({"bidder": None, "cards": 2}, "passed_deal"),
    ({"cards": 2, "bidder": 0, "trump": "H", "points": 3}, "required"),
    (bid(0, 0, 10, 10), "cards_range"),
    (bid(2, 0, 10.5, 10), "not_int"),
])
def test_impossible_entries_are_refused(entry, code):
    s = sheet()
    assert code in {c for _f, c, _s in codes(s, entry)}
    with pytest.raises(InvalidEntry):
        s.apply(entry)


@settings(max_examples=200, deadline=None)
@given(n=st.integers(2, 8), data=st.data())
def test_every_bid_up_to_the_ceiling_is_taken_and_one_more_is_refused(n, data):
    s = sheet(n, sans_atout=True, tout_atout=True, target=1_000)
    cards = data.draw(st.integers(1, comptoir.max_cards(n)))
    trump = data.draw(st.sampled_from(["S", "H", "D", "C", "SA", "TA"]))
    top = comptoir.max_bid(trump, cards, n)
    # The ceiling never exceeds a deal's 162 + 20 and grows with the cards dealt.
    assert top <= 182
    if cards > 1:
        assert top >= comptoir.max_bid(trump, cards - 1, n)
    amount = data.draw(st.integers(1, top))
    points = data.draw(st.integers(0, top))
    assert not s.check(bid(cards, 0, amount, points, trump))
    assert ("bid", "over_ceiling", None) in codes(s, bid(cards, 0, top + 1, points, trump))
    r = s.apply(bid(cards, 0, amount, points, trump))
    # One point changes hands: to the bidder, or to each of the others.
    assert sum(r.scores) == (1 if points >= amount else n - 1)


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.floats(allow_nan=False) | st.text(max_size=4)
    | st.sampled_from(["S", "H", "SA", "TA", "prendre", "vole", "none"]),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.sampled_from(["cards", "bidder", "bid", "trump", "points", "x"]), c, max_size=6),
    max_leaves=14,
)


@settings(max_examples=300, deadline=None)
@given(entry=junk, options=st.sampled_from([{}, {"annonces": True, "litige": "reserve"}, {"sans_atout": True, "tout_atout": True}]))
def test_junk_with_the_entry_s_own_keys_never_raises(entry, options):
    options = {k: v for k, v in options.items() if k in {o.key for o in GAME.options}}
    s = GAME.new_sheet(3, options)
    problems = s.check(entry)
    if not problems:
        s.apply(entry)  # what the check lets through scores without an error
    else:
        with pytest.raises(InvalidEntry):
            s.apply(entry)


@settings(max_examples=200, deadline=None)
@given(entry=junk)
def test_the_history_words_never_raise_on_junk(entry):
    lines = GAME.new_sheet(3, {}).describe_entry(entry, 1)
    assert all(line.fr and line.en for line in lines)
