"""Belote à trois score sheet: whole games worked out by hand from the rules."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.belote_a_trois import rules as belote_a_trois
from companion.kernel import InvalidEntry

GAME = registry.get("belote-a-trois")


def sheet(**options):
    return GAME.new_sheet(3, options)


def deal(taker, points, trump="H", belote=None, capot=False, **more):
    return {"taker": taker, "trump": trump, "points": points, "belote": belote, "capot": capot, **more}


def codes(s, entry):
    return {(p.field, p.code, p.seat) for p in s.check(entry)}


def test_a_deal_is_still_162_without_the_7s_and_8s():
    # Trumps J 20 + 9 14 + A 11 + 10 10 + K 4 + Q 3 = 62; each other suit A 11 + 10 10 + K 4 + Q 3 + J 2 + 9 0 = 30.
    # 62 + 3 × 30 + 10 de der = 162.
    assert belote_a_trois.DEAL_TOTAL == 162
    assert list(belote_a_trois.TRUMP_POINTS) == ["J", "9", "A", "10", "K", "Q"]


def test_an_evening_made_dedans_passed_and_belote():
    s = sheet()
    # Deal 1: Ana takes, 95 against 162 − 95 = 67: made; Ana 95, Bea and Cid 67 each (the rule document's « chacun
    # inscrit »).
    assert s.apply(deal(0, 95)).scores == [95, 67, 67]
    # Deal 2: Bea takes with her belote: 74 + 20 = 94 against 88: made with fewer than 82 card points.
    assert s.apply(deal(1, 74, belote=1)).scores == [88, 94, 88]
    # Deal 3: Cid takes, 80 against 82: dedans; each defender writes 162, Cid 0.
    assert s.apply(deal(2, 80)).scores == [162, 162, 0]
    # Deal 4: all passed twice: nothing; deal 5 is dealt by Bea (deal 1 Ana, 2 Bea, 3 Cid, 4 Ana, 5 Bea).
    assert s.apply({"taker": None}).scores == [0, 0, 0]
    assert (s.next_round().dealer, s.next_round().first) == (1, 2)
    # Deal 5: Ana takes with 90 but Bea (a defender) has the belote: 90 against 72 + 20 = 92: dedans. Belote is
    # never lost, and it is the defence's: each defender 162 + 20 = 182, Ana 0.
    assert s.apply(deal(0, 90, belote=1)).scores == [0, 182, 182]
    # Deal 6: Bea takes, 70 with her belote = 90 against 92: dedans, but her belote stays hers: Bea 20, others 162.
    assert s.apply(deal(1, 70, belote=1)).scores == [162, 20, 162]
    # Totals: Ana 95 + 88 + 162 + 0 + 0 + 162 = 507; Bea 67 + 94 + 162 + 0 + 182 + 20 = 525;
    # Cid 67 + 88 + 0 + 0 + 182 + 162 = 499.
    assert s.totals == [507, 525, 499]
    assert not s.finished and s.leaders == [1]


def test_capot_by_the_taker_and_by_the_defence():
    s = sheet()
    # Taker capot with belote: 252 + 20 = 272; the defence keeps only its belote: none.
    assert s.apply(deal(0, 162, belote=0, capot=True)).scores == [272, 0, 0]
    # Taker capot, a defender's belote: 252 for the taker, 20 for each defender (the defence's belote).
    assert s.apply(deal(0, 162, belote=2, capot=True)).scores == [252, 20, 20]
    # 162 points without capot (the defence took a trick of three 9s, worth 0): 162 against 0, made at 162.
    assert s.apply(deal(1, 162)).scores == [0, 162, 0]
    # Defence capot: dedans at 252 each; the taker keeps his belote.
    assert s.apply(deal(2, 0, belote=2, capot=True)).scores == [252, 252, 20]


def test_a_litige_is_dedans_by_default():
    s = sheet()
    # 81 against 81: dedans, 162 to each defender.
    assert s.apply(deal(0, 81)).scores == [0, 162, 162]
    # 71 + 20 belote = 91 against 91: also a litige, dedans; the taker keeps 20.
    assert s.apply(deal(0, 71, belote=0)).scores == [20, 162, 162]
    assert s.next_round().extra == {"reserve": 0}


def test_a_litige_with_reserve_waits_for_the_next_deal_that_is_not_a_litige():
    s = sheet(litige="reserve")
    # Deal 1: 81 against 81: each defender 81, the taker nothing; 81 in reserve.
    assert s.apply(deal(0, 81)).scores == [0, 81, 81]
    assert s.next_round().extra == {"reserve": 81}
    # Deal 2: another litige, 71 + 20 (Bea's belote) = 91 against 91: defenders 91, Bea her belote 20; the reserve
    # grows by her 71 card points: 152.
    assert s.apply(deal(1, 71, belote=1)).scores == [91, 20, 91]
    assert s.next_round().extra == {"reserve": 152}
    # Deal 3: passed: the reserve waits.
    assert s.apply({"taker": None}).scores == [0, 0, 0]
    assert s.next_round().extra == {"reserve": 152}
    # Deal 4: Cid takes and makes 100 against 62: Cid 100 + 152 = 252, the defenders 62.
    assert s.apply(deal(2, 100)).scores == [62, 62, 252]
    assert s.next_round().extra == {"reserve": 0}
    # Deal 5: litige 81 again, then deal 6 dedans (60 against 102): each defender 162 + the 81 reserve = 243.
    s.apply(deal(0, 81))
    assert s.apply(deal(0, 60)).scores == [0, 243, 243]


def test_announcements_count_for_their_side_when_the_option_is_on():
    s = sheet(annonces=True)
    # Ana takes with 70; Bea's cinquante (50) is the best announcement, so only the defence counts its own:
    # defence 92 + 50 = 142 against 70: dedans. Each defender 162 + the announcements (50) = 212; Ana 0.
    assert s.apply(deal(0, 70, annonces=[0, 50, 0])).scores == [0, 212, 212]
    # Bea takes with 90 and a cent (100) and belote: 90 + 100 + 20 = 210 against 72 + 0: made.
    assert s.apply(deal(1, 90, belote=1, annonces=[0, 100, 0])).scores == [72, 210, 72]
    # Cid's capot with a tierce: 252 + 20 = 272; the defence keeps only its belote (none here).
    assert s.apply(deal(2, 162, capot=True, annonces=[0, 0, 20])).scores == [0, 0, 272]
    # Defence capot, both defenders announcing (partners: one side): each defender 252 + the announcements
    # (50 + 20) + the defence's belote 20 = 342.
    assert s.apply(deal(0, 0, capot=True, belote=1, annonces=[0, 50, 20])).scores == [0, 342, 342]


def test_announcements_of_both_sides_cannot_both_count():
    # Only the side with the best announcement counts its own: Ana's tierce and Bea's cinquante together are an
    # entry no deal gives (Bea's 50 beats the tierce, so Ana's 20 cannot count).
    s = sheet(annonces=True)
    assert ("annonces", "announce_both_sides", 1) in codes(s, deal(0, 70, annonces=[20, 50, 0]))
    # The two defenders are one side: both may count.
    assert not s.check(deal(0, 70, annonces=[0, 50, 20]))


def test_two_defenders_cannot_both_need_the_carre_of_valets():
    # 300 in one hand of 8 needs the carré of Valets (200 + a carré of 100, or + a cent): the other ways to 300
    # (150 + 100 + 50…) need more than 8 cards. There is one carré of Valets: both defenders at 300 is refused,
    # and at 350 too (carré of Valets + carré of 9s, each needed); 300 and 200 is taken (200: carrés of As and
    # 10s).
    s = sheet(annonces=True)
    found = codes(s, deal(0, 40, annonces=[0, 300, 300]))
    assert ("annonces", "announce_same_carre", 2) in found
    [problem] = [p for p in s.check(deal(0, 40, annonces=[0, 300, 300])) if p.code == "announce_same_carre"]
    assert "carré de Valets" in problem.message.fr
    assert ("annonces", "announce_same_carre", 2) in codes(s, deal(0, 40, annonces=[0, 350, 350]))
    assert not s.check(deal(0, 40, annonces=[0, 300, 200]))
    # 350 (Valets and 9s) and a cinquante: the other hand has only 10, Q, K, A of each suit, never four in a row.
    assert ("annonces", "announce_pair_impossible", 2) in codes(s, deal(0, 40, annonces=[0, 350, 50]))
    # ...but Q K A is a tierce.
    assert not s.check(deal(0, 40, annonces=[0, 350, 20]))


@pytest.mark.parametrize("points", [60, 90, 110, 130, 160, 400])
def test_an_announcement_total_no_hand_of_eight_cards_holds_is_refused(points):
    # The announcements: tierce 20, cinquante 50, cent 100 (five in a row or more), carrés of J 200, of 9 150, of
    # A 10 K Q 100; one hand of 8 cards of the 24 (9 to A). 60 would be three tierces (9 cards); 90 two tierces
    # and a cinquante (10); 110 and 130 a hundred + 10 or + 30 (nothing is worth 10); 160 a hundred + three
    # tierces (4 A + K Q of three suits: 10 cards) or 150 + 10; 400 two carrés of Valets. Every one refused.
    s = sheet(annonces=True)
    assert ("annonces", "announce_impossible", 0) in codes(s, deal(0, 100, annonces=[points, 0, 0]))


@pytest.mark.parametrize("points", [20, 40, 50, 70, 100, 120, 140, 150, 200, 250, 300, 350])
def test_an_announcement_total_one_hand_can_hold_is_taken(points):
    # 40: two tierces (6 cards); 70: tierce + cinquante (7); 120: a carré of As + A K Q of hearts (6 cards);
    # 140: 4 A + K Q of hearts + K Q of spades (8 cards: two tierces A K Q); 250: carré of Valets + a
    # cinquante through the J (J Q K A of hearts: 7 cards); 300: carré of Valets + carré of As; 350: carré of
    # Valets + carré of 9s (8 cards).
    s = sheet(annonces=True)
    assert not s.check(deal(0, 100, annonces=[points, 0, 0]))


def test_announcements_are_refused_without_the_option():
    assert ("annonces", "annonces_off", None) in codes(sheet(), deal(0, 90, annonces=[20, 0, 0]))


def test_the_game_ends_at_the_target_and_the_highest_wins():
    s = sheet(target=300)
    s.apply(deal(0, 162, capot=True))  # Ana 252
    assert not s.finished
    s.apply(deal(1, 100))  # Ana 62, Bea 100, Cid 62: Ana 314
    assert s.finished and s.winners == [0]


def test_every_problem_is_reported_at_once():
    s = sheet()
    found = codes(s, {"taker": 3, "trump": "SA", "points": 161, "belote": 7, "capot": "yes", "extra": 1})
    assert found == {("taker", "not_seat", None), ("trump", "bad_trump", None), ("points", "impossible_points", None),
                     ("belote", "not_seat", None), ("capot", "not_bool", None), ("extra", "unknown_field", None)}


@pytest.mark.parametrize("entry, code", [
    (deal(0, 1), "impossible_points"),
    (deal(0, 163), "out_of_range"),
    (deal(0, -2), "out_of_range"),
    (deal(0, 100, capot=True), "capot_points"),
    ({"taker": 0, "points": 90}, "required"),
    ({"taker": None, "points": 90}, "passed_deal"),
])
def test_impossible_entries_are_refused(entry, code):
    s = sheet()
    assert code in {c for _f, c, _s in codes(s, entry)}
    with pytest.raises(InvalidEntry):
        s.apply(entry)
    assert s.rounds == []


def test_announcements_are_multiples_of_ten():
    assert ("annonces", "announce_step", 1) in codes(sheet(annonces=True), deal(0, 90, annonces=[0, 25, 0]))


@st.composite
def legal_deals(draw):
    taker = draw(st.integers(0, 2))
    capot = draw(st.sampled_from([None, "taker", "defence"]))
    if capot == "taker":
        points = 162
    elif capot == "defence":
        points = 0
    else:
        points = draw(st.integers(0, 162).filter(lambda p: p not in (1, 161)))
    return deal(taker, points, trump=draw(st.sampled_from("SHDC")), belote=draw(st.none() | st.integers(0, 2)),
                capot=capot is not None, annonces=announced(draw, taker))


def announced(draw, taker):
    """Announcements that counted: all of one side (the taker's, or the two defenders')."""
    values = [draw(st.sampled_from([0, 20, 50, 100])) for _ in range(3)]
    if draw(st.booleans()):
        return [v if s == taker else 0 for s, v in enumerate(values)]
    return [0 if s == taker else v for s, v in enumerate(values)]


@settings(max_examples=200, deadline=None)
@given(entries=st.lists(legal_deals(), min_size=1, max_size=8), litige=st.sampled_from(["dedans", "reserve"]))
def test_taker_and_defence_card_points_add_up_to_162(entries, litige):
    s = sheet(annonces=True, litige=litige, target=100_000)
    for e in entries:
        reserve_before = s.reserve
        r = s.apply(e)
        taker = e["taker"]
        defender = (taker + 1) % 3
        # The two defenders always write the same; the taker's card points and the defence's make 162.
        assert r.scores[defender] == r.scores[(taker + 2) % 3]
        if e["capot"] or r.extra["result"] == "litige":
            continue
        belote_taker = 20 if e["belote"] == taker else 0
        belote_def = 20 if e["belote"] not in (None, taker) else 0
        own = e["annonces"][taker]
        other = sum(e["annonces"]) - own
        assert r.extra["taker_total"] - own - belote_taker + r.extra["defence_total"] - other - belote_def == 162
        if r.extra["result"] == "made":
            assert r.scores[taker] == r.extra["taker_total"] + reserve_before
        else:
            assert r.scores[defender] == 162 + sum(e["annonces"]) + belote_def + reserve_before


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.floats(allow_nan=False) | st.text(max_size=4)
    | st.sampled_from(["S", "H", "SA", "TA", "prendre", "vole", "none"]),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.sampled_from(["taker", "trump", "points", "belote", "capot", "annonces", "x"]), c, max_size=6),
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
