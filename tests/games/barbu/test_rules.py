"""Barbu, as in the user's rule document « Le barbu ». Every expected number below is worked out by hand."""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.kernel import Card, GameOver, InvalidEntry, deck

BARBU = registry.get("barbu")


def play(n, entries, **options):
    sheet = BARBU.new_sheet(n, options)
    for e in entries:
        sheet.apply(e)
    return sheet


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestWholeGames:
    FOUR = [
        {"tricks": [4, 3, 5, 1]},  # 20 15 25 5
        {"hearts": [2, 6, 0, 5]},  # 10 30 0 25
        {"queens": [1, 0, 2, 1]},  # 20 0 40 20
        {"king_of_hearts": 2},  # 0 0 80 0
        # salade: Ana 15+5 = 20; Bea 20+25+40 = 85; Cid 10+15+20 = 45; Dan 20+20+20+80 = 140
        {"tricks": [3, 4, 2, 4], "hearts": [1, 5, 3, 4], "queens": [0, 2, 1, 1], "king_of_hearts": 3},
    ]

    def test_a_four_player_game_scores_as_worked_by_hand(self):
        sheet = play(4, self.FOUR)
        assert [r.scores for r in sheet.rounds] == [
            [20, 15, 25, 5], [10, 30, 0, 25], [20, 0, 40, 20], [0, 0, 80, 0], [20, 85, 45, 140],
        ]
        assert sheet.totals == [70, 130, 190, 190]
        assert sheet.finished
        assert sheet.winners == [0]

    def test_the_manches_come_in_the_seed_order(self):
        sheet = play(4, self.FOUR)
        assert [r.contract.key for r in sheet.rounds] == ["plis", "coeurs", "dames", "roi-de-coeur", "salade"]

    def test_who_led_a_manche_deals_the_next(self):
        sheet = BARBU.new_sheet(4)
        seen = []
        for entry in self.FOUR:
            nxt = sheet.next_round()
            seen.append((nxt.dealer, nxt.first))
            sheet.apply(entry)
        # First player listed deals first; the player on the dealer's left leads and deals next.
        assert seen == [(0, 1), (1, 2), (2, 3), (3, 0), (0, 1)]

    def test_a_five_player_game_scores_as_worked_by_hand(self):
        sheet = play(5, [
            {"tricks": [2, 2, 2, 2, 2]},
            {"tricks": [1, 1, 6, 1, 1], "hearts": [0, 0, 13, 0, 0]},
            {"queens": [1, 1, 1, 1, 0]},
            {"king_of_hearts": 4},
            # Ana 5+5 = 10; Bea 10+10+20 = 40; Cid 15+20+20 = 55; Dan 20+30+40+80 = 170; Eve 0
            {"tricks": [1, 2, 3, 4, 0], "hearts": [1, 2, 4, 6, 0], "queens": [0, 1, 1, 2, 0], "king_of_hearts": 3},
        ])
        assert sheet.totals == [40, 70, 150, 200, 90]
        assert sheet.winners == [0]
        assert sheet.rounds[1].entry == {"tricks": [1, 1, 6, 1, 1], "hearts": [0, 0, 13, 0, 0]}

    def test_equal_lowest_totals_share_the_win(self):
        sheet = play(4, [
            {"tricks": [4, 4, 4, 1]},  # 20 20 20 5
            {"hearts": [3, 3, 3, 4]},  # 15 15 15 20
            {"queens": [1, 1, 1, 1]},  # 20 20 20 20
            {"king_of_hearts": 3},  # Dan 80
            {"tricks": [3, 3, 3, 4], "hearts": [3, 3, 3, 4], "queens": [1, 1, 1, 1], "king_of_hearts": 3},
        ])
        # Ana, Bea, Cid: 20+15+20+0+(15+15+20) = 105 each; Dan: 5+20+20+80+(20+20+20+80) = 265
        assert sheet.totals == [105, 105, 105, 265]
        assert sheet.winners == [0, 1, 2]

    def test_a_finished_game_takes_no_more_rounds(self):
        sheet = play(4, self.FOUR)
        with pytest.raises(GameOver):
            sheet.apply({"tricks": [4, 3, 5, 1]})
        assert sheet.check({"tricks": [4, 3, 5, 1]})[0].code == "finished"

    def test_one_series_per_player_plays_twenty_manches_at_four(self):
        sheet = play(4, self.FOUR * 3, series=True)
        assert not sheet.finished
        assert sheet.next_round().contract.key == "plis"
        assert sheet.next_round().dealer == 3  # the 16th manche is the fourth player's series
        sheet = play(4, self.FOUR * 4, series=True)
        assert sheet.finished
        assert sheet.totals == [280, 520, 760, 760]


class TestLegality:
    def test_it_rejects_fourteen_tricks(self):
        problems = BARBU.new_sheet(4).check({"tricks": [4, 4, 4, 2]})
        assert codes(problems) == [("tricks", None, "trick_total")]
        assert "13" in problems[0].message.fr

    def test_it_wants_ten_tricks_at_five(self):
        assert codes(BARBU.new_sheet(5).check({"tricks": [3, 3, 3, 2, 2]})) == [("tricks", None, "trick_total")]
        assert BARBU.new_sheet(5).check({"tricks": [2, 2, 2, 2, 2]}) == []

    @pytest.mark.parametrize("bad", [-1, 1.5, "3", None, True])
    def test_it_names_the_seat_of_a_count_that_is_not_a_whole_number(self, bad):
        problems = BARBU.new_sheet(4).check({"tricks": [4, bad, 5, 4]})
        assert ("tricks", 1, "not_count") in codes(problems)

    def test_it_wants_one_count_per_player(self):
        assert codes(BARBU.new_sheet(4).check({"tricks": [13, 0, 0]})) == [("tricks", None, "wrong_length")]

    def test_it_rejects_twelve_hearts_and_five_queens(self):
        sheet = play(4, [{"tricks": [4, 3, 5, 1]}])
        assert codes(sheet.check({"hearts": [3, 3, 3, 3]})) == [("hearts", None, "heart_total")]
        sheet.apply({"hearts": [3, 3, 3, 4]})
        assert codes(sheet.check({"queens": [2, 1, 1, 1]})) == [("queens", None, "queen_total")]

    def test_exactly_one_seat_takes_the_king_of_hearts(self):
        sheet = play(4, TestWholeGames.FOUR[:3])
        assert codes(sheet.check({})) == [("king_of_hearts", None, "required")]
        assert codes(sheet.check({"king_of_hearts": 4})) == [("king_of_hearts", None, "not_seat")]
        assert codes(sheet.check({"king_of_hearts": [1, 2]})) == [("king_of_hearts", None, "not_seat")]

    def test_a_seat_with_no_trick_took_no_card(self):
        sheet = play(4, TestWholeGames.FOUR[:1])
        problems = sheet.check({"tricks": [0, 4, 5, 4], "hearts": [1, 4, 4, 4]})
        assert codes(problems) == [("hearts", 0, "cards_without_trick")]

    def test_a_trick_holds_only_as_many_cards_as_players(self):
        sheet = play(4, TestWholeGames.FOUR[:1])
        # one trick at four players is four cards: five hearts cannot be in it
        problems = sheet.check({"tricks": [1, 4, 4, 4], "hearts": [5, 0, 4, 4]})
        assert codes(problems) == [("tricks", 0, "too_many_cards")]

    def test_the_queen_of_hearts_counts_once_against_the_cards_taken(self):
        sheet = play(4, TestWholeGames.FOUR[:4])
        ok = {"tricks": [1, 4, 4, 4], "hearts": [4, 3, 3, 3], "queens": [1, 1, 1, 1], "king_of_hearts": 1}
        assert sheet.check(ok) == []  # 4 hearts + 1 queen fit in 4 cards only if that queen is the Q♥
        too_many = {"tricks": [1, 4, 4, 4], "hearts": [4, 3, 3, 3], "queens": [2, 0, 1, 1], "king_of_hearts": 1}
        assert codes(sheet.check(too_many)) == [("tricks", 0, "too_many_cards")]

    def test_the_king_of_hearts_taker_took_a_heart(self):
        sheet = play(4, TestWholeGames.FOUR[:4])
        entry = {"tricks": [3, 4, 2, 4], "hearts": [0, 6, 3, 4], "queens": [0, 2, 1, 1], "king_of_hearts": 0}
        assert codes(sheet.check(entry)) == [("king_of_hearts", 0, "king_without_heart")]

    def test_it_reports_every_problem_at_once(self):
        sheet = play(4, TestWholeGames.FOUR[:4])
        entry = {"tricks": [3, 4, 2, 5], "hearts": [1, 5, 3, 3], "queens": [0, 2, 1, 2], "king_of_hearts": 9, "x": 1}
        assert codes(sheet.check(entry)) == [
            ("hearts", None, "heart_total"),
            ("king_of_hearts", None, "not_seat"),
            ("queens", None, "queen_total"),
            ("tricks", None, "trick_total"),
            ("x", None, "unknown_field"),
        ]

    def test_a_field_from_another_manche_is_refused(self):
        assert codes(BARBU.new_sheet(4).check({"tricks": [4, 3, 5, 1], "queens": [1, 1, 1, 1]})) == [
            ("queens", None, "not_this_manche")
        ]

    @pytest.mark.parametrize("junk", [None, [], "plis", 3, [1, 2, 3, 4]])
    def test_an_entry_must_be_an_object(self, junk):
        assert codes(BARBU.new_sheet(4).check(junk)) == [("", None, "not_object")]

    def test_the_king_manche_may_stop_when_the_king_falls(self):
        sheet = play(4, TestWholeGames.FOUR[:3])
        assert sheet.check({"tricks": [1, 2, 2, 0], "king_of_hearts": 2}) == []
        assert codes(sheet.check({"tricks": [1, 2, 2, 0], "king_of_hearts": 3})) == [
            ("king_of_hearts", 3, "cards_without_trick")
        ]
        played_out = play(4, TestWholeGames.FOUR[:3], king_stops_play=False)
        assert codes(played_out.check({"tricks": [1, 2, 2, 0], "king_of_hearts": 2})) == [("tricks", None, "trick_total")]

    def test_an_invalid_entry_changes_nothing(self):
        sheet = play(4, TestWholeGames.FOUR[:1])
        with pytest.raises(InvalidEntry) as err:
            sheet.apply({"hearts": [1, 1, 1, 1]})
        assert err.value.problems[0].code == "heart_total"
        assert len(sheet.rounds) == 1
        assert sheet.totals == [20, 15, 25, 5]

    def test_problems_carry_both_languages_and_the_rule(self):
        (problem,) = BARBU.new_sheet(4).check({"tricks": [4, 4, 4, 2]})
        assert problem.message.fr != problem.message.en
        assert problem.rule == "plis"


class TestOptionsAndPlayers:
    def test_it_takes_four_or_five_players(self):
        assert [p.code for p in BARBU.check_players(["A", "B", "C"])] == ["player_count"]
        assert BARBU.check_players(["A", "B", "C", "D", "E"]) == []
        assert [p.code for p in BARBU.check_players(list("ABCDEF"))] == ["player_count"]

    def test_it_rejects_empty_and_duplicate_names(self):
        problems = BARBU.check_players(["Ana", " ", "ana", "Dan"])
        assert [(p.code, p.seat) for p in problems] == [("empty_name", 1), ("duplicate_name", 2)]

    def test_it_rejects_unknown_and_invalid_options(self):
        from companion.kernel import InvalidOptions

        with pytest.raises(InvalidOptions) as err:
            BARBU.clean_options({"series": "yes", "five_players_removed": "2H-2D", "colour": 1})
        assert sorted(p.field for p in err.value.problems) == [
            "options.colour", "options.five_players_removed", "options.series",
        ]

    def test_defaults_follow_the_rules_notes(self):
        assert BARBU.default_options() == {"king_stops_play": True, "five_players_removed": "2C-2D", "series": False}


# -- Property tests: random real deals, counted card by card, are legal by construction -------------------

HEARTS = [c for c in deck("52") if c.suit.value == "H"]
QUEENS = [c for c in deck("52") if c.rank.value == 13]
KING_OF_HEARTS = Card.parse("KH")
FIXED_TOTALS = {4: [65, 65, 80, 80, 290], 5: [50, 65, 80, 80, 275]}


def random_manche(n: int, manche: int, rng: random.Random, stop_at_king: bool) -> dict:
    """Deal real cards, hand each trick to a random seat, and count what each seat took."""
    cards = deck("52")
    if n == 5:
        cards = [c for c in cards if c.code not in ("2C", "2D")]
    rng.shuffle(cards)
    tricks, hearts, queens, king = [0] * n, [0] * n, [0] * n, None
    for i in range(0, len(cards), n):
        trick = cards[i:i + n]
        seat = rng.randrange(n)
        tricks[seat] += 1
        hearts[seat] += sum(1 for c in trick if c.code.endswith("H"))
        queens[seat] += sum(1 for c in trick if c.code.startswith("Q"))
        if KING_OF_HEARTS in trick:
            king = seat
            if manche == 4 and stop_at_king:
                break
    entry = {1: {"tricks": tricks}, 2: {"hearts": hearts}, 3: {"queens": queens}, 4: {"king_of_hearts": king},
             5: {"tricks": tricks, "hearts": hearts, "queens": queens, "king_of_hearts": king}}[manche]
    if manche in (2, 3, 4) and rng.random() < 0.5:
        entry = {**entry, "tricks": tricks}  # the optional cross-check
    return entry


@settings(max_examples=150, deadline=None)
@given(n=st.sampled_from([4, 5]), seed=st.integers(0, 2**32), stop=st.booleans())
def test_every_random_legal_game_hands_out_the_fixed_manche_totals(n, seed, stop):
    rng = random.Random(seed)
    sheet = BARBU.new_sheet(n, {"king_stops_play": stop})
    for manche in range(1, 6):
        entry = random_manche(n, manche, rng, stop)
        assert sheet.check(entry) == [], entry
        result = sheet.apply(entry)
        assert sum(result.scores) == FIXED_TOTALS[n][manche - 1]
    assert sheet.finished
    assert sum(sheet.totals) == sum(FIXED_TOTALS[n])
    assert sheet.winners and all(sheet.totals[w] == min(sheet.totals) for w in sheet.winners)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=False) | st.text(max_size=4),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(
        st.sampled_from(["tricks", "hearts", "queens", "king_of_hearts", "x"]), children, max_size=5),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(entry=json_values, manche=st.integers(1, 5), n=st.sampled_from([4, 5]))
def test_junk_entries_give_problems_never_exceptions(entry, manche, n):
    sheet = BARBU.new_sheet(n)
    for m in range(1, manche):
        sheet.apply(random_manche(n, m, random.Random(m), True))
    problems = sheet.check(entry)
    if problems:
        with pytest.raises(InvalidEntry):
            sheet.apply(entry)
    else:
        sheet.apply(entry)


def test_the_salade_explains_each_players_points():
    from companion.kernel.text import name_seats

    sheet = play(4, TestWholeGames.FOUR[:4])
    result = sheet.apply(TestWholeGames.FOUR[4])
    notes = [name_seats(n.fr, ["Ana", "Bea", "Cid", "Dan"]) for n in result.notes]
    assert "Dan : 4 plis × 5 + 4 cœurs × 5 + 1 dame × 20 + R♥ 80 = 140" in notes
    assert "Ana : 3 plis × 5 + 1 cœur × 5 = 20" in notes


# -- La salade: the Q♥ is a heart and a queen, and a seat took `players` cards a trick --------------------------

def salade_sheet(n, **options):
    """A sheet whose coming round is the salade (manche 5): the four manches before it, played by hand."""
    first = [{"tricks": [4, 3, 5, 1]}, {"hearts": [2, 6, 0, 5]}, {"queens": [1, 0, 2, 1]}, {"king_of_hearts": 2}]
    if n == 5:
        first = [{"tricks": [2, 2, 2, 2, 2]}, {"hearts": [3, 3, 3, 2, 2]}, {"queens": [1, 1, 1, 1, 0]}, {"king_of_hearts": 0}]
    sheet = play(n, first, **options)
    assert sheet.manche(sheet.number).key == "salade"
    return sheet


class TestSaladeCrossings:
    def test_every_heart_and_no_queen_in_one_seat_is_refused(self):
        # Ana's 4 tricks are 16 cards, room for 13 hearts; the others' 12 cards hold their 2, 1 and 1 queens.
        # But the Q♥ is one of Ana's 13 hearts and Ana counts no queen: no seat holds a heart and a queen.
        entry = {"tricks": [4, 3, 3, 3], "hearts": [13, 0, 0, 0], "queens": [0, 2, 1, 1], "king_of_hearts": 0}
        problems = salade_sheet(4).check(entry)
        assert codes(problems) == [("queens", None, "queen_of_hearts_nowhere")]
        assert "Dame de cœur" in problems[0].message.fr and "Queen of hearts" in problems[0].message.en

    def test_the_king_of_hearts_seat_needs_a_second_heart_to_hold_the_queen_of_hearts(self):
        # Ana took every queen but a single heart, the K♥: the Q♥ would be a second heart. Bea has hearts and no
        # queen, Cid and Dan neither: the Q♥ is nowhere.
        entry = {"tricks": [2, 4, 4, 3], "hearts": [1, 12, 0, 0], "queens": [4, 0, 0, 0], "king_of_hearts": 0}
        assert codes(salade_sheet(4).check(entry)) == [("queens", None, "queen_of_hearts_nowhere")]
        # With two hearts, Ana's are the K♥ and the Q♥: K♥ + Q♥ + 3 queens = 5 cards in Ana's 8.
        assert salade_sheet(4).check({**entry, "hearts": [2, 11, 0, 0]}) == []

    def test_two_seats_cannot_both_fit_only_with_the_queen_of_hearts(self):
        # Ana and Bea took 1 trick each, 4 cards: 3 hearts + 2 queens = 5 counts fit in 4 cards only if one card
        # is both, the Q♥, and there is one Q♥. Cid's 7 hearts (K♥ among them) fit in 20 cards; Dan took 24 plain.
        entry = {"tricks": [1, 1, 5, 6], "hearts": [3, 3, 7, 0], "queens": [2, 2, 0, 0], "king_of_hearts": 2}
        assert codes(salade_sheet(4).check(entry)) == [
            ("tricks", 0, "queen_of_hearts_twice"), ("tricks", 1, "queen_of_hearts_twice"),
        ]
        # Give Bea a second trick (8 cards, Dan one less): Bea's 5 counts fit without the Q♥, Ana takes it.
        assert salade_sheet(4).check({**entry, "tricks": [1, 2, 5, 5]}) == []

    def test_at_five_players_a_trick_is_five_cards(self):
        # Ana and Bea: 1 trick = 5 cards each, 4 hearts + 2 queens = 6 counts: both need the Q♥.
        entry = {"tricks": [1, 1, 2, 3, 3], "hearts": [4, 4, 5, 0, 0], "queens": [2, 2, 0, 0, 0], "king_of_hearts": 2}
        assert codes(salade_sheet(5).check(entry)) == [
            ("tricks", 0, "queen_of_hearts_twice"), ("tricks", 1, "queen_of_hearts_twice"),
        ]
        # Ana alone in that case is fine: Bea's 4 hearts and 2 queens go in 2 tricks = 10 cards.
        assert salade_sheet(5).check({**entry, "tricks": [1, 2, 2, 3, 2]}) == []
        # One trick holds 5 cards: Ana cannot have 5 hearts and 2 queens (6 cards even with the Q♥).
        too_many = {"tricks": [1, 2, 2, 3, 2], "hearts": [5, 3, 5, 0, 0], "queens": [2, 2, 0, 0, 0], "king_of_hearts": 2}
        assert codes(salade_sheet(5).check(too_many)) == [("tricks", 0, "too_many_cards")]

    def test_every_problem_is_reported_with_its_field_and_seat_in_both_languages(self):
        # Every total adds up (9 + 0 + 3 + 1 = 13 tricks, 7 + 6 = 13 hearts, 2 + 2 = 4 queens), yet Bea has no
        # trick but 2 queens, Cid took the K♥ with no heart, and Dan's 1 trick (4 cards) cannot hold 6 hearts.
        entry = {"tricks": [9, 0, 3, 1], "hearts": [7, 0, 0, 6], "queens": [2, 2, 0, 0], "king_of_hearts": 2}
        problems = salade_sheet(4).check(entry)
        assert codes(problems) == [
            ("king_of_hearts", 2, "king_without_heart"),
            ("queens", 1, "cards_without_trick"),
            ("tricks", 3, "too_many_cards"),
        ]
        assert all(p.message.fr and p.message.en and p.message.fr != p.message.en for p in problems)

    def test_a_salade_where_one_seat_takes_everything_is_accepted(self):
        # 13 tricks = 52 cards: every heart, every queen and the K♥; the Q♥ is both.
        entry = {"tricks": [0, 13, 0, 0], "hearts": [0, 13, 0, 0], "queens": [0, 4, 0, 0], "king_of_hearts": 1}
        assert salade_sheet(4).check(entry) == []
        assert salade_sheet(4).apply(entry).scores == [0, 65 + 65 + 80 + 80, 0, 0]


# An independent judge of the salade's counts: hand out real cards. Given the seat that took the Q♥ (tried in
# turn), each seat's share of the other hearts, other queens and plain cards is forced by its counts; the counts
# are possible exactly when one choice leaves every share ≥ 0. The piles built are then counted card by card.
def deal_cards_for(n, entry):
    cards = deck("52")
    if n == 5:
        cards = [c for c in cards if c.code not in ("2C", "2D")]
    queen_of_hearts = Card.parse("QH")
    other_hearts = [c for c in cards if c.code.endswith("H") and c not in (queen_of_hearts, KING_OF_HEARTS)]
    other_queens = [c for c in cards if c.code.startswith("Q") and c != queen_of_hearts]
    plain = [c for c in cards if not c.code.endswith("H") and not c.code.startswith("Q")]
    for holder in range(n):
        pools = [list(other_hearts), list(other_queens), list(plain)]
        piles = []
        for s in range(n):
            king, qh = int(entry["king_of_hearts"] == s), int(holder == s)
            shares = [entry["hearts"][s] - king - qh, entry["queens"][s] - qh,
                      n * entry["tricks"][s] - entry["hearts"][s] - entry["queens"][s] + qh]
            if min(shares) < 0 or any(len(p) < k for p, k in zip(pools, shares, strict=True)):
                break
            pile = [KING_OF_HEARTS] * king + [queen_of_hearts] * qh
            for pool, k in zip(pools, shares, strict=True):
                pile += [pool.pop() for _ in range(k)]
            piles.append(pile)
        else:
            if any(pools):
                continue
            for s, pile in enumerate(piles):  # count the piles, card by card
                assert len(pile) == n * entry["tricks"][s]
                assert sum(c.code.endswith("H") for c in pile) == entry["hearts"][s]
                assert sum(c.code.startswith("Q") for c in pile) == entry["queens"][s]
                assert (KING_OF_HEARTS in pile) == (entry["king_of_hearts"] == s)
            return piles
    return None


def random_split(total, n, rng, weights=None):
    parts = [0] * n
    for _ in range(total):
        parts[rng.choices(range(n), weights=weights)[0]] += 1
    return parts


def random_salade_counts(n, rng):
    """Salade counts near the edge of the possible, two ways: counts split at random between the seats (often
    no seat with both a heart and a queen), or the counts of real piles of cards, the scoring cards packed into
    the smallest piles, then one or two counts nudged from a seat to another (often one card too many)."""
    hand = {4: 13, 5: 10}[n]
    tricks = random_split(hand, n, rng)
    if rng.random() < 0.4:
        weights = [t + 0.2 for t in tricks]
        hearts_w, queens_w = list(weights), list(weights)
        if rng.random() < 0.5:  # queens where the hearts are not
            some = set(rng.sample(range(n), n // 2))
            hearts_w = [w if s in some else 0.05 for s, w in enumerate(weights)]
            queens_w = [w if s not in some else 0.05 for s, w in enumerate(weights)]
        entry = {"tricks": tricks, "hearts": random_split(13, n, rng, hearts_w), "queens": random_split(4, n, rng, queens_w)}
        entry["king_of_hearts"] = rng.choice([s for s in range(n) if entry["hearts"][s]] or [0])
        return entry
    cards = [c.code for c in deck("52") if n == 4 or c.code not in ("2C", "2D")]
    rng.shuffle(cards)
    if rng.random() < 0.6:
        cards.sort(key=lambda c: not (c.endswith("H") or c.startswith("Q")))
    piles, i = [None] * n, 0
    for s in sorted(range(n), key=lambda s: (tricks[s], rng.random())):
        piles[s], i = cards[i:i + n * tricks[s]], i + n * tricks[s]
    entry = {"tricks": tricks, "hearts": [sum(c.endswith("H") for c in p) for p in piles],
             "queens": [sum(c.startswith("Q") for c in p) for p in piles],
             "king_of_hearts": next(s for s, p in enumerate(piles) if "KH" in p)}
    for _ in range(rng.choice([0, 1, 1, 2])):
        key = rng.choice(["hearts", "queens", "tricks"])
        a, b = rng.sample(range(n), 2)
        if entry[key][a]:
            entry[key][a] -= 1
            entry[key][b] += 1
    return entry


def test_the_salade_accepts_exactly_the_counts_real_cards_can_make():
    rng = random.Random(2026)
    seen = set()
    for _ in range(3000):
        n = rng.choice([4, 5])
        entry = random_salade_counts(n, rng)
        problems = salade_sheet(n).check(entry)
        possible = deal_cards_for(n, entry) is not None
        assert (problems == []) == possible, (entry, problems)
        seen.update(p.code for p in problems)
        seen.add("accepted" if possible else "refused")
    # The sample reaches every kind of case, the Q♥'s two among them.
    assert {"accepted", "refused", "queen_of_hearts_nowhere", "queen_of_hearts_twice", "too_many_cards"} <= seen


# -- Une série par joueur: each player deals, and leads, each manche once --------------------------------------

def leader_takes_everything(sheet):
    """The coming manche's entry when the player who leads takes every trick and every card."""
    nxt = sheet.next_round()
    hand = {4: 13, 5: 10}[sheet.n]
    only = lambda k: [k if s == nxt.first else 0 for s in range(sheet.n)]  # noqa: E731
    full = {"tricks": only(hand), "hearts": only(13), "queens": only(4), "king_of_hearts": nxt.first}
    return {f: full[f] for f in sheet.manche(sheet.number).fields}


class TestSeries:
    @pytest.mark.parametrize("n", [4, 5])
    def test_each_player_deals_and_leads_each_manche_exactly_once(self, n):
        sheet = BARBU.new_sheet(n, {"series": True})
        dealt, led = [], []
        while not sheet.finished:
            nxt = sheet.next_round()
            dealt.append((nxt.dealer, nxt.contract.key))
            led.append((nxt.first, nxt.contract.key))
            sheet.apply(leader_takes_everything(sheet))
        every = {(s, m) for s in range(n) for m in ("plis", "coeurs", "dames", "roi-de-coeur", "salade")}
        assert len(dealt) == 5 * n
        assert sorted(dealt) == sorted(every) and sorted(led) == sorted(every)

    def test_at_five_players_each_series_starts_one_manche_further(self):
        sheet = BARBU.new_sheet(5, {"series": True})
        seen = []
        for _ in range(11):
            nxt = sheet.next_round()
            seen.append((nxt.dealer, nxt.contract.key))
            sheet.apply(leader_takes_everything(sheet))
        # The deal passes left every manche (seats 0 1 2 3 4 0 …); the manches keep their order, but the second
        # series begins with les cœurs so that seat 0 does not deal les plis again, the third with les dames.
        assert seen == [
            (0, "plis"), (1, "coeurs"), (2, "dames"), (3, "roi-de-coeur"), (4, "salade"),
            (0, "coeurs"), (1, "dames"), (2, "roi-de-coeur"), (3, "salade"), (4, "plis"),
            (0, "dames"),
        ]

    def test_at_four_players_the_series_keep_the_seed_order(self):
        sheet = BARBU.new_sheet(4, {"series": True})
        seen = []
        for _ in range(7):
            nxt = sheet.next_round()
            seen.append((nxt.dealer, nxt.contract.key))
            sheet.apply(leader_takes_everything(sheet))
        # Four dealers against five manches: the pairs only come round again after 20 manches.
        assert seen == [(0, "plis"), (1, "coeurs"), (2, "dames"), (3, "roi-de-coeur"), (0, "salade"),
                        (1, "plis"), (2, "coeurs")]

    @pytest.mark.parametrize(("n", "each"), [
        (4, 65 + 65 + 80 + 80 + 290),  # tricks 13 × 5, hearts 13 × 5, queens 4 × 20, K♥ 80, salade 290: 580
        (5, 50 + 65 + 80 + 80 + 275),  # tricks 10 × 5 at five, the rest the same, salade 275: 550
    ])
    def test_a_whole_series_where_the_leader_takes_everything_costs_everyone_the_same(self, n, each):
        # Whoever leads a manche takes all of it; as each player leads each manche once, everyone pays each
        # manche's total once.
        sheet = BARBU.new_sheet(n, {"series": True})
        while not sheet.finished:
            sheet.apply(leader_takes_everything(sheet))
        assert len(sheet.rounds) == 5 * n
        assert sheet.totals == [each] * n
        assert sheet.winners == list(range(n))

    def test_the_entry_schema_lists_the_manche_of_every_round(self):
        schedule = BARBU.entry_schema(5, {"series": True})["x-schedule"]
        assert len(schedule) == 25
        assert schedule[:6] == ["plis", "coeurs", "dames", "roi-de-coeur", "salade", "coeurs"]
        assert BARBU.entry_schema(4, {})["x-schedule"] == ["plis", "coeurs", "dames", "roi-de-coeur", "salade"]

    def test_without_the_series_option_the_game_is_the_five_manches_in_order(self):
        sheet = BARBU.new_sheet(5)
        keys = []
        while not sheet.finished:
            keys.append(sheet.next_round().contract.key)
            sheet.apply(leader_takes_everything(sheet))
        assert keys == ["plis", "coeurs", "dames", "roi-de-coeur", "salade"]


# -- The sheet's explanations name nobody's gender --------------------------------------------------------------

# Personal pronouns and gendered nouns for a player; the impersonal "il y a", "il faut" name nobody.
GENDERED = re.compile(r"\bil\b(?! y a| faut)|\b(?:ils|elle|elles|lui|celui|celle|ce joueur|cette joueuse|un joueur|"
                      r"une joueuse|he|she|him|his|her|hers|himself|herself)\b", re.IGNORECASE)


def test_no_barbu_message_or_note_assumes_a_gender():
    texts = []
    bad_salade = [
        {"tricks": [9, 0, 3, 1], "hearts": [7, 0, 0, 6], "queens": [2, 2, 0, 0], "king_of_hearts": 2},
        {"tricks": [0, 4, 5, 4], "hearts": [1, 4, 4, 4], "queens": [1, 1, 1, 1], "king_of_hearts": 0},
        {"tricks": [4, 3, 3, 3], "hearts": [13, 0, 0, 0], "queens": [0, 2, 1, 1], "king_of_hearts": 0},
        {"tricks": [1, 1, 5, 6], "hearts": [3, 3, 7, 0], "queens": [2, 2, 0, 0], "king_of_hearts": 2},
        {"tricks": [3, 4, 2, 5], "hearts": [1, 5, 3, 3], "queens": [0, 2, 1, 2], "king_of_hearts": 3},
    ]
    for entry in bad_salade:  # Barbu's own messages (the shared ones about wrong types are not Barbu's)
        texts += [p.message for p in salade_sheet(4).check(entry)]
    texts += [p.message for p in play(4, TestWholeGames.FOUR[:3]).check({"tricks": [1, 2, 2, 0], "king_of_hearts": 3})]
    texts += [p.message for p in BARBU.new_sheet(4).check({"tricks": [4, 3, 5, 1], "queens": [1, 1, 1, 1]})]
    sheet = BARBU.new_sheet(4)
    for entry in TestWholeGames.FOUR:
        texts += sheet.apply(entry).notes
    assert len(texts) > 15
    for text in texts:
        for lang in text:
            assert not GENDERED.search(lang), lang


def test_counts_in_the_messages_take_the_singular_for_one():
    # Manche 2 (les cœurs), tricks given as a cross-check: seat 0 took 1 trick, 4 cards, yet 5 hearts.
    sheet = play(4, TestWholeGames.FOUR[:1])
    said = {p.code: p.message for p in sheet.check({"tricks": [1, 4, 4, 4], "hearts": [5, 4, 4, 0]})}
    assert said["too_many_cards"].fr == "1 pli ne fait que 4 cartes : pas assez pour 5 cartes qui comptent."
    assert said["too_many_cards"].en == "1 trick holds only 4 cards: not enough for 5 scoring cards."
    # One heart entered of 13.
    assert [p.message.fr for p in sheet.check({"hearts": [1, 0, 0, 0]})] == ["Il y a 13 cœurs en tout : 1 saisi."]
    assert [p.message.en for p in sheet.check({"hearts": [1, 0, 0, 0]})] == ["There are 13 hearts in all: 1 entered."]
