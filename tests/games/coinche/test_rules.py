"""La coinche (belote contrée) score sheet: whole games worked out by hand for each counting.

Seats 0 and 2 play against seats 1 and 3. Card points are written to the ten (a deal's 162 become 160).
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.families import belote
from companion.games import registry

GAME = registry.get("coinche")


def sheet(**options):
    return GAME.new_sheet(4, options)


def deal(bidder, contract, points, trump="S", coinche=0, belote=None, capot=False, **more):
    return {"bidder": bidder, "contract": contract, "trump": trump, "coinche": coinche, "points": points,
            "belote": belote, "capot": capot, **more}


def codes(s, entry):
    return {(p.field, p.code, p.seat) for p in s.check(entry)}


def test_rounding_to_the_ten():
    # Units 0–4 round down, 5–9 up; 162 is written 160.
    assert [belote.round_to_ten(p) for p in (84, 85, 112, 155, 162, 0)] == [80, 90, 110, 160, 160, 0]


def test_an_evening_contract_plus_points_with_coinche_surcoinche_and_capot():
    s = sheet()
    # Deal 1: seat 0 bids 100 in spades, seat 1 coinches (×2); seats 0 + 2 make 112 ≥ 100: made.
    # They write 100 × 2 + 110 (112 to the ten) = 310; the defence 160 − 110 = 50.
    assert s.apply(deal(0, 100, 112, coinche=1)).scores == [310, 50, 310, 50]
    # Deal 2: seat 1 bids 120 in hearts, makes 95: failed. The defence writes 160 + 120 = 280, the bidders 0.
    assert s.apply(deal(1, 120, 95, trump="H")).scores == [280, 0, 280, 0]
    # Deal 3: seat 2 bids capot in diamonds, surcoinched (×4), takes every trick with seat 0's belote:
    # 250 × 4 + 20 = 1020; the defence nothing.
    assert s.apply(deal(2, "capot", 162, trump="D", coinche=2, belote=0, capot=True)).scores == [1020, 0, 1020, 0]
    # Deal 4: seat 3 bids 80 in clubs, makes 60 card points with seat 1's belote: 60 + 20 = 80 ≥ 80, made.
    # Seats 1 + 3 write 80 + 60 + 20 = 160, seats 0 + 2 160 − 60 = 100.
    assert s.apply(deal(3, 80, 60, trump="C", belote=1)).scores == [100, 160, 100, 160]
    # Deal 5: seat 0 bids 90, coinched, makes 70: failed. The defence writes 160 + 90 × 2 = 340.
    assert s.apply(deal(0, 90, 70, coinche=1)).scores == [0, 340, 0, 340]
    # Totals: 0 + 2: 310 + 280 + 1020 + 100 = 1710; 1 + 3: 50 + 160 + 340 = 550.
    assert s.totals == [1710, 550, 1710, 550] and not s.finished
    # Deal 6: everyone passed.
    assert s.apply({"bidder": None}).scores == [0, 0, 0, 0]
    # Deal 7: seat 0 bids 160 in hearts, 155 card points with seat 2's belote: 175 ≥ 160, made:
    # 160 + 160 (155 to the ten) + 20 = 340; the defence 160 − 160 = 0. 1710 + 340 = 2050 ≥ 2000: the end.
    assert s.apply(deal(0, 160, 155, trump="H", belote=2)).scores == [340, 0, 340, 0]
    assert s.totals == [2050, 550, 2050, 550]
    assert s.finished and s.winners == [0, 2]


def test_an_evening_contract_only():
    s = sheet(counting="contrat_seul", target=1000)
    # Made 100 coinched with 112: the contract only, 100 × 2 = 200; the defence nothing.
    assert s.apply(deal(0, 100, 112, coinche=1)).scores == [200, 0, 200, 0]
    # Failed 120 with 95: as in the other counting, the defence writes 160 + 120 = 280.
    assert s.apply(deal(1, 120, 95)).scores == [280, 0, 280, 0]
    # Made 80 with 70 + the belote 20 = 90: the contract 80 + the belote 20 = 100.
    assert s.apply(deal(3, 80, 70, belote=1)).scores == [0, 100, 0, 100]
    # Surcoinched 110 made with 130: 110 × 4 = 440.
    assert s.apply(deal(2, 110, 130, coinche=2)).scores == [440, 0, 440, 0]
    assert s.totals == [920, 100, 920, 100]


def test_the_generale():
    s = sheet(generale=True)
    # Seat 1 bids a générale and takes every trick alone: 500; the defence nothing.
    assert s.apply(deal(1, "generale", 162, capot=True, generale=True)).scores == [0, 500, 0, 500]
    # Seat 1 bids a générale; the partner took a trick, so the side has a capot but no générale: failed,
    # the defence writes 160 + 500 = 660.
    assert s.apply(deal(1, "generale", 162, capot=True, generale=False)).scores == [660, 0, 660, 0]


def test_a_generale_with_a_capot_must_say_whether_the_bidder_took_every_trick_alone():
    s = sheet(generale=True)
    # Capot without the générale flag: the sheet cannot tell a générale made (500) from one failed (660 to the
    # defence) and would count it failed: refused, naming the missing flag.
    problems = s.check(deal(1, "generale", 162, capot=True))
    assert [(p.field, p.code) for p in problems] == [("generale", "generale_flag_missing")]
    assert "generale" in problems[0].message.en
    assert not s.check(deal(1, "generale", 162, capot=True, generale=False))
    assert not s.check(deal(1, "generale", 162, capot=True, generale=True))
    # Without a capot, no générale can have been made: the flag may be left out (failed, 160 + 500 = 660).
    assert s.apply(deal(1, "generale", 150)).scores == [660, 0, 660, 0]


def test_each_side_rounds_its_own_points_as_an_option():
    s = sheet(arrondi="chacun")
    # Seat 0 bids 80 and makes 85: 80 + 90 (85 to the ten) = 170; the defence's 77 rounds to 80 on its own
    # (by default it takes 160 − 90 = 70).
    assert s.apply(deal(0, 80, 85)).scores == [170, 80, 170, 80]
    assert sheet().apply(deal(0, 80, 85)).scores == [170, 70, 170, 70]
    # Seat 1 bids 100 and makes 112: 100 + 110 = 210; the defence's 50 is 50 either way.
    assert s.apply(deal(1, 100, 112)).scores == [50, 210, 50, 210]
    # Seat 2 bids 90 and makes 96: 90 + 100 = 190; the defence 66 → 70 (by default 160 − 100 = 60).
    assert s.apply(deal(2, 90, 96)).scores == [190, 70, 190, 70]
    # A failed contract is not rounded: seat 3 bids 120, makes 95: the defence 160 + 120 = 280.
    assert s.apply(deal(3, 120, 95)).scores == [280, 0, 280, 0]
    # Seats 0 + 2: 170 + 50 + 190 + 280 = 690; seats 1 + 3: 80 + 210 + 70 + 0 = 360.
    assert s.totals == [690, 360, 690, 360]


def test_a_failed_capot_bid_worth_a_flat_500_as_an_option():
    s = sheet(capot_chute="forfait")
    # Seat 1 bids capot and misses a trick (150): the defence writes 500, not 160 + 250 = 410.
    assert s.apply(deal(1, "capot", 150)).scores == [500, 0, 500, 0]
    # Seat 0 bids capot, coinched, 140 card points with the belote: 500 × 2 = 1000 to the defence; the bidders
    # keep their belote, 20.
    assert s.apply(deal(0, "capot", 140, coinche=1, belote=0)).scores == [20, 1000, 20, 1000]
    # A capot made is the same: 250.
    assert s.apply(deal(2, "capot", 162, capot=True)).scores == [250, 0, 250, 0]
    # Seats 0 + 2: 500 + 20 + 250 = 770; seats 1 + 3: 1000.
    assert s.totals == [770, 1000, 770, 1000]
    # The defaults: 160 + the capot's worth (250) to the defence, and 160 less the bidders' rounded points.
    defaults = GAME.default_options()
    assert (defaults["capot_chute"], defaults["arrondi"]) == ("plus_160", "complement")


def test_announcements_of_both_sides_or_beyond_one_hand_are_refused():
    s = sheet(annonces=True)
    # Only the side with the best announcement counts its own: seat 0's tierce and seat 3's cinquante cannot
    # both count.
    assert ("annonces", "announce_both_sides", 3) in codes(s, deal(0, 100, 85, annonces=[20, 0, 0, 50]))
    # 60 is three tierces: nine cards, more than a hand of eight.
    assert ("annonces", "announce_impossible", 2) in codes(s, deal(0, 100, 85, annonces=[0, 0, 60, 0]))
    assert not s.check(deal(0, 100, 85, annonces=[20, 0, 50, 0]))


def test_a_capot_bid_without_every_trick_fails():
    # Capot bid, 150 points: failed; 160 + 250 = 410 to the defence.
    assert sheet().apply(deal(0, "capot", 150)).scores == [0, 410, 0, 410]


def test_announcements_help_and_count():
    s = sheet(annonces=True)
    # Seat 0 bids 100, makes 85 + a cinquante of seat 2 (50) = 135: made; 100 + 90 + 50 = 240; defence 160 − 90 = 70.
    assert s.apply(deal(0, 100, 85, annonces=[0, 0, 50, 0])).scores == [240, 70, 240, 70]


def test_no_trumps_and_all_trumps_options():
    s = sheet(sans_atout=True, tout_atout=True)
    # At tout atout the Queen is worth 1, so 1 point can happen; at sans atout it cannot.
    assert not s.check(deal(0, 80, 161, trump="TA"))
    assert ("points", "impossible_points", None) in codes(s, deal(0, 80, 161, trump="SA"))
    assert ("belote", "belote_no_suit", 0) in codes(s, deal(0, 80, 100, trump="SA", belote=0))
    assert ("trump", "bad_trump", None) in codes(sheet(), deal(0, 80, 100, trump="SA"))


def test_every_problem_at_once_with_its_field():
    s = sheet()
    found = codes(s, {"bidder": 7, "contract": 85, "trump": "X", "coinche": 3, "points": 200})
    assert {("bidder", "not_seat", None), ("contract", "bad_contract", None), ("trump", "bad_trump", None),
            ("coinche", "bad_coinche", None), ("points", "out_of_range", None)} <= found
    assert ("contract", "bad_contract", None) in codes(s, deal(0, "generale", 162, capot=True))
    assert ("generale", "generale_off", None) in codes(s, deal(0, "capot", 162, capot=True, generale=True))
    assert ("generale", "generale_without_capot", None) in codes(sheet(generale=True), deal(0, "generale", 100, generale=True))
    assert ("capot", "capot_points", None) in codes(s, deal(0, 100, 150, capot=True))
    assert ("bidder", "passed_deal", None) not in codes(s, {"bidder": None})
    assert ("points", "passed_deal", None) in codes(s, {"bidder": None, "points": 3})


@st.composite
def legal_deals(draw):
    contract = draw(st.sampled_from(belote.COINCHE_CONTRACTS))
    points = draw(st.integers(0, 160).filter(lambda p: p not in (1, 161)))
    return deal(draw(st.integers(0, 3)), contract, points, trump=draw(st.sampled_from("SHDC")),
                coinche=draw(st.sampled_from([0, 1, 2])))


@settings(max_examples=200, deadline=None)
@given(entries=st.lists(legal_deals(), min_size=1, max_size=10))
def test_a_deal_s_card_points_add_up_to_162_written_160(entries):
    s = sheet(target=100_000)
    for e in entries:
        r = s.apply(e)
        b = e["bidder"]
        mult = (1, 2, 4)[e["coinche"]]
        assert r.scores[b] == r.scores[(b + 2) % 4] and r.scores[(b + 1) % 4] == r.scores[(b + 3) % 4]
        # Made: the bidders' card points to the ten and the defence's rest make 160 (the deal's 162 rounded), plus
        # the contract; failed: the defence writes the 160 and the contract. Either way 160 + contract × coinche.
        assert r.scores[b] + r.scores[(b + 1) % 4] == 160 + e["contract"] * mult
        assert r.extra["result"] == ("made" if e["points"] >= e["contract"] else "failed")


@settings(max_examples=200, deadline=None)
@given(entries=st.lists(legal_deals(), min_size=1, max_size=10))
def test_with_every_variant_on_a_deal_still_shares_160_and_the_contract(entries):
    s = sheet(target=100_000, bat_la_defense=True, belote_compte=False, capot_non_annonce="prime", capot=500)
    for e in entries:
        r = s.apply(e)
        b = e["bidder"]
        assert r.scores[b] + r.scores[(b + 1) % 4] == 160 + e["contract"] * (1, 2, 4)[e["coinche"]]
        # No belote here: made when the bidders reach the contract and beat the defence's 162 − p, so p ≥ 82.
        made = e["points"] >= e["contract"] and e["points"] > 162 - e["points"]
        assert r.extra["result"] == ("made" if made else "failed")


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 600) | st.floats(allow_nan=False) | st.text(max_size=4)
    | st.sampled_from(["S", "H", "SA", "TA", "capot", "generale", "none"]),
    lambda c: st.lists(c, max_size=5) | st.dictionaries(
        st.sampled_from(["bidder", "contract", "trump", "coinche", "points", "belote", "capot", "generale",
                         "annonces", "x"]), c, max_size=7),
    max_leaves=16,
)


@settings(max_examples=300, deadline=None)
@given(entry=junk, options=st.sampled_from([{}, {"generale": True, "annonces": True, "sans_atout": True,
                                                 "tout_atout": True, "counting": "contrat_seul"},
                                                {"bat_la_defense": True, "belote_compte": False,
                                                 "capot_non_annonce": "prime", "capot": 500, "generale": True}]))
def test_junk_never_raises(entry, options):
    s = sheet(**options)
    if not s.check(entry):
        s.apply(entry)
    assert all(line.fr and line.en for line in s.describe_entry(entry, 1))


def test_the_coinche_all_variant_gives_everything_to_the_winning_side():
    s = sheet(coinche_scope="tout")
    # Coinched 100 made with 112: (160 + 100) × 2 = 520 to the bidders, nothing to the defence.
    assert s.apply(deal(0, 100, 112, coinche=1)).scores == [520, 0, 520, 0]
    # Surcoinched 90 failed with 50, the bidders' belote kept: the defence (160 + 90) × 4 = 1000; the bidders 20.
    assert s.apply(deal(1, 90, 50, coinche=2, belote=3)).scores == [1000, 20, 1000, 20]
    # Not coinched: the ordinary counting, 80 + 100 (95 to the ten) and 160 − 100 = 60.
    assert s.apply(deal(2, 80, 95)).scores == [180, 60, 180, 60]


class TestTableVariantsFoundInTheReferences:
    """Variants of real tables (contree.net « Score », coinchons.fr tournament rules), each an option; the
    defaults keep the count above."""

    def test_the_defaults_are_reaching_the_contract_with_the_belote_no_bonus_for_an_unbid_capot_and_a_capot_bid_at_250(self):
        defaults = GAME.default_options()
        assert (defaults["bat_la_defense"], defaults["belote_compte"], defaults["capot_non_annonce"], defaults["capot"]) == (
            False, True, "points", 250)

    def test_an_evening_where_the_belote_does_not_help_to_make_the_contract(self):
        s = sheet(belote_compte=False, target=500)
        # Deal 1: seat 3 bids 80, 60 card points with seat 1's belote. Without it 60 < 80: failed. The defence
        # writes 160 + 80 = 240; the bidders keep their belote, 20.
        assert s.apply(deal(3, 80, 60, trump="C", belote=1)).scores == [240, 20, 240, 20]
        # Deal 2: seat 0 bids 90, 92 card points and seat 2's belote: 92 ≥ 90 alone, made:
        # 90 + 90 (92 to the ten) + 20 = 200; the defence 160 − 90 = 70.
        assert s.apply(deal(0, 90, 92, belote=2)).scores == [200, 70, 200, 70]
        # Seats 0 + 2: 240 + 200 = 440; seats 1 + 3: 20 + 70 = 90. Nobody at 500.
        assert s.totals == [440, 90, 440, 90] and not s.finished
        # The same first deal by default: 60 + 20 = 80 ≥ 80, made (see the evening above: 160 and 100).
        assert sheet().apply(deal(3, 80, 60, trump="C", belote=1)).scores == [100, 160, 100, 160]

    def test_an_evening_with_the_bonus_for_a_capot_not_bid(self):
        s = sheet(capot_non_annonce="prime", target=1000)
        # Deal 1: seat 0 bids 120 in spades and takes every trick: 120 + 250 = 370 instead of 120 + 160 = 280;
        # the defence nothing.
        assert s.apply(deal(0, 120, 162, capot=True)).scores == [370, 0, 370, 0]
        # Deal 2: seat 1 bids 100, coinched, every trick, seat 3's belote: 100 × 2 + 250 + 20 = 470.
        assert s.apply(deal(1, 100, 162, coinche=1, belote=3, capot=True)).scores == [0, 470, 0, 470]
        # Deal 3: no capot, nothing changes: 80 made with 95: 80 + 100 = 180, the defence 60.
        assert s.apply(deal(2, 80, 95)).scores == [180, 60, 180, 60]
        # Seats 0 + 2: 370 + 180 = 550; seats 1 + 3: 470 + 60 = 530.
        assert s.totals == [550, 530, 550, 530]
        # Without the option the first deal is 120 + 160 (162 to the ten) = 280, the defence 160 − 160 = 0.
        assert sheet().apply(deal(0, 120, 162, capot=True)).scores == [280, 0, 280, 0]

    def test_an_evening_with_a_capot_bid_worth_500(self):
        s = sheet(capot=500, target=2000)
        # Deal 1: seat 2 bids capot and takes every trick: 500; the defence nothing.
        assert s.apply(deal(2, "capot", 162, trump="D", capot=True)).scores == [500, 0, 500, 0]
        # Deal 2: seat 1 bids capot and misses a trick with 150: failed, the defence writes 160 + 500 = 660.
        assert s.apply(deal(1, "capot", 150)).scores == [660, 0, 660, 0]
        assert s.totals == [1160, 0, 1160, 0]

    def test_an_evening_where_the_bidders_must_also_beat_the_defence(self):
        s = sheet(bat_la_defense=True)
        # Deal 1: seat 0 bids 80 and counts 80 card points: 80 ≥ 80, but the defence has 162 − 80 = 82 > 80:
        # failed. The defence writes 160 + 80 = 240.
        assert s.apply(deal(0, 80, 80)).scores == [0, 240, 0, 240]
        # Deal 2: seat 1 bids 80 with 90 card points; seat 0 (the defence) has the belote: 72 + 20 = 92 > 90:
        # failed, the defence writes 160 + 80 + its belote 20 = 260.
        assert s.apply(deal(1, 80, 90, belote=0)).scores == [260, 0, 260, 0]
        # Deal 3: seat 2 bids 90 with 95 against 67: made, 90 + 100 (95 to the ten) = 190; the defence 60.
        assert s.apply(deal(2, 90, 95)).scores == [190, 60, 190, 60]
        # Seats 0 + 2: 0 + 260 + 190 = 450; seats 1 + 3: 240 + 0 + 60 = 300.
        assert s.totals == [450, 300, 450, 300]
        # By default the first deal is made: 80 + 80 = 160 for the bidders, 160 − 80 = 80 for the defence.
        assert sheet().apply(deal(0, 80, 80)).scores == [160, 80, 160, 80]


def test_an_entry_without_its_contract_is_described_field_by_field_not_as_contract_none():
    # A stored entry always has its contract; one without (junk) is told by the sheet's default, field by field,
    # not as a contract named "None".
    entry = {"bidder": 0, "trump": "S", "coinche": 0, "points": 100}
    lines = sheet().describe_entry(entry, 1)
    assert lines
    assert not any("None" in line.fr or "None" in line.en for line in lines)
