"""Le tarot taré's score sheet (the user's rule document « Le tarot taré »): each seat scores the card points it took
(91 a deal), lowest total wins after 2 deals a player. Every expected number is worked out by hand."""

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.families import tarot
from companion.games import registry
from companion.kernel import GameOver, InvalidEntry, InvalidOptions, deck

TARE = registry.get("tarot-tare")


def codes(problems):
    return sorted((p.field, p.seat, p.code) for p in problems)


class TestAWholeGame:
    def test_six_deals_at_three_lowest_total_wins(self):
        sheet = TARE.new_sheet(3)
        assert sheet.options["deals"] == 6  # 2 deals × 3 players
        # at 3 players a seat's pile is 3 cards a trick (and the 6 of the chien): an odd number of tricks makes
        # a half point, an even one whole points
        deals = [[40, 30, 21], [0, 45, 46], [91, 0, 0], [30, 30, 31], [10.5, 60, 20.5], [20, 20, 51]]
        tricks = [[10, 8, 6], [0, 12, 12], [24, 0, 0], None, None, None]
        for points, t in zip(deals, tricks, strict=True):
            sheet.apply({"points": points, **({"tricks": t} if t else {})})
        # Ana 40 + 0 + 91 + 30 + 10.5 + 20 = 191.5; Bea 30 + 45 + 0 + 30 + 60 + 20 = 185;
        # Cid 21 + 46 + 0 + 31 + 20.5 + 51 = 169.5. 6 × 91 = 546 = 191.5 + 185 + 169.5.
        assert sheet.totals == [191.5, 185, 169.5]
        assert isinstance(sheet.totals[1], int)
        assert sheet.finished and sheet.winners == [2]
        with pytest.raises(GameOver):
            sheet.apply({"points": [91, 0, 0]})

    def test_half_points_are_kept_and_whole_totals_are_ints(self):
        sheet = TARE.new_sheet(3, {"deals": 2})
        sheet.apply({"points": [40.5, 30.5, 20.0]})
        assert sheet.rounds[0].entry == {"points": [40.5, 30.5, 20]}
        assert isinstance(sheet.rounds[0].entry["points"][2], int)
        sheet.apply({"points": [1.5, 59.5, 30]})  # 1.5: one trick of three low cards
        # 40.5 + 1.5 = 42, 30.5 + 59.5 = 90, 20 + 30 = 50: all whole, all ints
        assert sheet.totals == [42, 90, 50] and all(isinstance(t, int) for t in sheet.totals)
        assert sheet.running_totals() == [[40.5, 30.5, 20], [42, 90, 50]]
        assert all(isinstance(t, int) for t in sheet.running_totals()[1])

    def test_a_tie_is_shared(self):
        sheet = TARE.new_sheet(3, {"deals": 1})
        sheet.apply({"points": [45.5, 45.5, 0]})
        assert sheet.winners == [2]
        sheet = TARE.new_sheet(4, {"deals": 1})
        sheet.apply({"points": [20, 20, 30, 21]})
        assert sheet.winners == [0, 1]

    def test_the_default_number_of_deals_is_twice_the_players(self):
        assert [TARE.new_sheet(n).options["deals"] for n in (3, 4, 5)] == [6, 8, 10]
        assert TARE.new_sheet(5, {"deals": 3}).options["deals"] == 3
        assert TARE.new_sheet(4, {"deals": None}).options["deals"] == 8
        with pytest.raises(InvalidOptions):
            TARE.new_sheet(4, {"deals": 0})

    def test_next_gives_dealer_first_hand_chien_deal_and_deals(self):
        sheet = TARE.new_sheet(4)
        sheet.apply({"points": [20, 20, 30, 21]})
        nxt = sheet.next_round()
        assert (nxt.dealer, nxt.first) == (1, 2)
        assert nxt.extra == {"hand": 18, "chien": 6, "deal": 2, "deals": 8}
        assert TARE.new_sheet(5).next_round().extra == {"hand": 15, "chien": 3, "deal": 1, "deals": 10}


class TestTheChienAside:
    def test_the_chien_s_points_are_entered_and_counted_for_nobody(self):
        sheet = TARE.new_sheet(4, {"chien": "aside", "deals": 1})
        # a 6-card chien worth 3 points: 91 − 3 = 88 for the players: 20 + 20 + 20 + 28.
        assert sheet.apply({"points": [20, 20, 20, 28], "chien_points": 3}).scores == [20, 20, 20, 28]
        assert sheet.rounds[0].entry == {"points": [20, 20, 20, 28], "chien_points": 3}

    def test_the_chien_s_points_must_be_those_of_its_cards(self):
        sheet = TARE.new_sheet(4, {"chien": "aside"})
        # 6 cards: 0.5 each at least (3), 4.5 each at most (27)
        assert codes(sheet.check({"points": [20, 20, 20, 28], "chien_points": 2.5})) == [("chien_points", None, "out_of_range")]
        assert codes(sheet.check({"points": [10, 10, 10, 34], "chien_points": 27.5})) == [("chien_points", None, "out_of_range")]
        # 6 cards, each an odd number of half points: whole points (3.5 is 7 half points, no count of 6 cards)
        assert codes(sheet.check({"points": [20, 20, 20, 27.5], "chien_points": 3.5})) == [
            ("chien_points", None, "chien_parity"), ("points", 3, "points_for_tricks")]
        assert codes(sheet.check({"points": [10, 10, 10, 34], "chien_points": 27})) == []
        assert codes(sheet.check({"points": [20, 20, 20, 28]})) == [("chien_points", None, "required")]
        assert codes(sheet.check({"points": [20, 20, 20, 28], "chien_points": 4})) == [("points", None, "point_total")]
        # 5 players: a chien of 3 cards, 1.5 to 13.5 points
        five = TARE.new_sheet(5, {"chien": "aside"})
        assert codes(five.check({"points": [20, 20, 20, 20, 9.5], "chien_points": 1.5})) == []
        assert codes(five.check({"points": [20, 20, 20, 20, 10.5], "chien_points": 1})) == [("chien_points", None, "out_of_range")]

    def test_with_the_chien_to_the_last_trick_its_points_are_not_entered(self):
        assert codes(TARE.new_sheet(4).check({"points": [20, 20, 20, 28], "chien_points": 3})) == [
            ("chien_points", None, "chien_counts"), ("points", None, "point_total")]


class TestThePetitAuBoutOption:
    def test_ten_more_to_whoever_won_the_last_trick_with_the_petit(self):
        sheet = TARE.new_sheet(5, {"petit_au_bout": True, "deals": 1})
        # 15 + 10 = 25 for seat 1; the deal's 91 card points are unchanged.
        assert sheet.apply({"points": [20, 15, 20, 20, 16], "petit_au_bout": 1}).scores == [20, 25, 20, 20, 16]
        assert sheet.rounds[0].entry == {"points": [20, 15, 20, 20, 16], "petit_au_bout": 1}

    def test_no_petit_au_bout_is_fine_with_the_option(self):
        sheet = TARE.new_sheet(5, {"petit_au_bout": True})
        assert sheet.apply({"points": [20, 15, 20, 20, 16]}).entry == {"points": [20, 15, 20, 20, 16], "petit_au_bout": None}

    def test_the_petit_s_taker_took_the_petit_a_card_from_each_other_player_and_the_chien(self):
        sheet = TARE.new_sheet(5, {"petit_au_bout": True})
        # at 5: the Petit 4.5, four other cards of 0.5 at least (2) and the chien's 3 (1.5), the last trick's: 8
        assert codes(sheet.check({"points": [20, 7.5, 20, 20, 23.5], "petit_au_bout": 1})) == [("petit_au_bout", 1, "petit_points")]
        assert codes(sheet.check({"points": [20, 8, 20, 20, 23], "petit_au_bout": 1})) == []
        # with the chien set aside: the Petit and four cards, 6.5
        aside = TARE.new_sheet(5, {"petit_au_bout": True, "chien": "aside"})
        assert codes(aside.check({"points": [20, 6.5, 20, 20, 23], "chien_points": 1.5, "petit_au_bout": 1})) == []
        entry = {"points": [21.5, 6.5, 20, 20, 23], "tricks": [3, 0, 4, 4, 4], "petit_au_bout": 1}
        assert codes(sheet.check(entry)) == [("petit_au_bout", 1, "petit_points"), ("petit_au_bout", 1, "petit_without_trick"),
                                             ("points", 1, "points_for_tricks")]

    def test_without_the_option_the_petit_au_bout_is_refused(self):
        assert codes(TARE.new_sheet(4).check({"points": [20, 20, 30, 21], "petit_au_bout": 0})) == [
            ("petit_au_bout", None, "no_petit_au_bout")]


class TestWhatTheCardsAllow:
    """Each card is worth 0.5 to 4.5, an odd number of half points: a seat's pile of m cards holds points of m's
    parity, between its m cheapest and its m dearest cards."""

    def test_at_four_players_piles_of_four_card_tricks_and_the_six_card_chien_make_whole_points(self):
        assert codes(TARE.new_sheet(4).check({"points": [40.5, 20.5, 20, 10]})) == [
            ("points", 0, "points_for_tricks"), ("points", 1, "points_for_tricks")]

    def test_a_trick_is_worth_its_cards_at_least(self):
        # 3 players: a trick of 3 cards is 1.5 at least; 1 point is no count, with or without tricks entered
        assert codes(TARE.new_sheet(3).check({"points": [1, 45, 45]})) == [("points", 0, "points_for_tricks")]
        assert codes(TARE.new_sheet(3).check({"points": [1.5, 44.5, 45]})) == []

    def test_a_few_tricks_hold_only_so_many_points(self):
        sheet = TARE.new_sheet(4, {"chien": "aside"})
        # 2 tricks, 8 cards: the seven 4.5s (3 bouts, 4 kings) and a queen, 31.5 + 3.5 = 35 at most
        assert codes(sheet.check({"points": [36, 20, 20, 12], "tricks": [2, 6, 5, 5], "chien_points": 3})) == [
            ("points", 0, "points_for_tricks")]
        assert codes(sheet.check({"points": [35, 21, 20, 12], "tricks": [2, 6, 5, 5], "chien_points": 3})) == []

    def test_two_small_piles_cannot_both_hold_the_dearest_cards(self):
        sheet = TARE.new_sheet(4, {"chien": "aside"})
        # one trick each of four 4.5s is 18 each: eight 4.5s, the pack has seven
        assert codes(sheet.check({"points": [18, 18, 26, 26], "tricks": [1, 1, 8, 8], "chien_points": 3})) == [
            ("points", None, "cards_for_points")]
        # 18 and 17 (three 4.5s and a queen): seven 4.5s, and the rest share out
        assert codes(sheet.check({"points": [18, 17, 26, 27], "tricks": [1, 1, 8, 8], "chien_points": 3})) == []

    def test_the_problem_says_it_in_words(self):
        sheet = TARE.new_sheet(4, {"chien": "aside"})
        (problem,) = sheet.check({"points": [36, 20, 20, 12], "tricks": [2, 6, 5, 5], "chien_points": 3})
        assert problem.message.fr == "2 plis de 4 cartes valent au plus 35 points : 36 saisis."


class TestLegality:
    def test_the_points_add_up_to_91(self):
        assert codes(TARE.new_sheet(3).check({"points": [40, 30.5, 21]})) == [("points", None, "point_total")]

    def test_every_problem_at_once_with_its_seat(self):
        entry = {"points": [-1, "x", 30.25, 10], "tricks": [1, 2], "jokers": 1}
        assert codes(TARE.new_sheet(4).check(entry)) == [
            ("jokers", None, "unknown_field"), ("points", 0, "out_of_range"), ("points", 1, "not_half_points"),
            ("points", 2, "not_half_points"), ("tricks", None, "wrong_length")]

    def test_tricks_add_up_to_the_hand_and_hold_their_cards_points(self):
        sheet = TARE.new_sheet(4)  # 18 tricks of 4 cards: each at least 4 × 0.5 = 2 points (6 tricks: 12, 5: 10)
        assert codes(sheet.check({"points": [20, 20, 30, 21], "tricks": [4, 4, 5, 4]})) == [("tricks", None, "trick_total")]
        assert codes(sheet.check({"points": [0, 35, 35, 21], "tricks": [0, 6, 6, 6]})) == []
        assert codes(sheet.check({"points": [11, 35, 35, 10], "tricks": [6, 4, 3, 5]})) == [("points", 0, "points_for_tricks")]
        assert codes(sheet.check({"points": [1, 35, 35, 20], "tricks": [0, 6, 6, 6]})) == [("points", 0, "points_for_tricks")]

    def test_one_number_per_player(self):
        assert codes(TARE.new_sheet(4).check({"points": [91]})) == [("points", None, "wrong_length")]
        assert codes(TARE.new_sheet(4).check({})) == [("points", None, "required")]


# -- an independent judge: real cards in a pile a seat ----------------------------------------------------------
# A seat that took t tricks holds t × n cards, and the winner of the last trick the chien's too (or the chien is
# set aside, its own pile); the Excuse goes with its trick. The judge shares the 78 real cards out, value by value
# (4.5, 3.5, 2.5, 1.5, 0.5), so that each pile has its number of cards and its points, the Petit with the seat of
# the petit au bout; then counts the piles card by card.
HAND = {3: 24, 4: 18, 5: 15}
CHIEN = {3: 6, 4: 6, 5: 3}
CARDS = [c.code for c in deck("78")]
VALUE = {c.code: tarot.half_points(c) for c in deck("78")}
CLASSES = (9, 7, 5, 3, 1)


def share_out(needs, petit=None):
    """How many cards of each value each pile takes, for piles needing (cards, half points), pile ``petit`` a
    4.5 at least (the Petit); None if there is no way."""
    @functools.cache
    def walk(k, rest):
        v = CLASSES[k]
        available = sum(VALUE[c] == v for c in CARDS)
        if v == 1:  # the low cards: what is left, one half point each
            ok = all(c == h for c, h in rest) and sum(c for c, _ in rest) == available
            return (tuple(c for c, _ in rest),) if ok else None

        def spread(i, left, acc):
            if i == len(rest):
                if left:
                    return None
                nxt = tuple((c - t, h - t * v) for (c, h), t in zip(rest, acc, strict=True))
                tail = walk(k + 1, nxt)
                return None if tail is None else (acc, *tail)
            c, h = rest[i]
            least = 1 if v == 9 and i == petit else 0
            # each card left after these is worth a half point at least: h − t·v ≥ c − t
            for t in range(min(left, c, h // v, (h - c) // (v - 1)), least - 1, -1):
                found = spread(i + 1, left - t, (*acc, t))
                if found is not None:
                    return found
            return None
        return spread(0, available, ())
    return walk(0, tuple(needs))


def judge(n, options, entry):
    """Real piles for a taré entry with its tricks, or None."""
    hand, chien = HAND[n], CHIEN[n]
    halves = [round(2 * p) for p in entry["points"]]
    tricks, petit = entry["tricks"], entry.get("petit_au_bout")
    aside = options.get("chien") == "aside"
    if sum(tricks) != hand:
        return None
    owners = [None] if aside else [w for w in range(n) if tricks[w] and (petit is None or petit == w)]
    for w in owners:
        if petit is not None and not tricks[petit]:
            continue
        needs = [(n * tricks[s] + (chien if s == w else 0), halves[s]) for s in range(n)]
        if aside:
            needs.append((chien, round(2 * entry["chien_points"])))
        shares = share_out(needs, petit)
        if shares is None:
            continue
        piles = [[] for _ in needs]
        for v, per_pile in zip(CLASSES, shares, strict=True):
            codes = [c for c in CARDS if VALUE[c] == v]
            if v == 9 and petit is not None:  # the Petit to the seat of the petit au bout, if it holds a 4.5
                if not per_pile[petit]:
                    break
                codes.remove("T1")
                piles[petit].append("T1")
                per_pile = tuple(t - (i == petit) for i, t in enumerate(per_pile))
            for i, t in enumerate(per_pile):
                piles[i] += [codes.pop() for _ in range(t)]
        else:
            assert sorted(sum(piles, [])) == sorted(CARDS)  # every card once
            for (cards, half), pile in zip(needs, piles, strict=True):
                assert len(pile) == cards and sum(VALUE[c] for c in pile) == half
            return piles
    return None


def real_deal(n, options, rng):
    """A deal of real cards, the dear ones packed into the smallest piles (or cheap ones, or shuffled)."""
    hand, chien = HAND[n], CHIEN[n]
    tricks = [0] * n
    for _ in range(hand):
        tricks[rng.choices(range(n), weights=[1, 3, 6, 1, 1][:n])[0]] += 1
    rng.shuffle(tricks)
    aside = options["chien"] == "aside"
    w = rng.choice([s for s in range(n) if tricks[s]])
    sizes = [n * tricks[s] + (chien if s == w and not aside else 0) for s in range(n)] + ([chien] if aside else [])
    cards = list(CARDS)
    rng.shuffle(cards)
    mode = rng.random()
    if mode < 0.7:
        cards.sort(key=lambda c: -VALUE[c] if mode < 0.5 else VALUE[c])
    piles, i = [None] * len(sizes), 0
    for s in sorted(range(len(sizes)), key=lambda s: (sizes[s], rng.random())):
        piles[s], i = cards[i:i + sizes[s]], i + sizes[s]
    entry = {"points": [tarot.from_half(sum(VALUE[c] for c in piles[s])) for s in range(n)], "tricks": tricks}
    if aside:
        entry["chien_points"] = tarot.from_half(sum(VALUE[c] for c in piles[n]))
    if options["petit_au_bout"] and "T1" in piles[w]:
        entry["petit_au_bout"] = w
    return entry


def nudged(entry, n, rng):
    """The same entry with a half point or a point moved between two seats (or a seat and the chien)."""
    out = {k: list(v) if isinstance(v, list) else v for k, v in entry.items()}
    a, b = rng.sample(range(n), 2)
    step = rng.choice([0.5, 1, 1.5])
    out["points"][a] -= step
    if "chien_points" in out and rng.random() < 0.3:
        out["chien_points"] += step
    else:
        out["points"][b] += step
    return out


def test_the_sheet_accepts_exactly_the_deals_real_cards_can_make_when_the_tricks_are_entered():
    rng = random.Random(2026)
    seen = {True: 0, False: 0}
    for _ in range(300):
        n = rng.choice([3, 4, 5])
        options = {"chien": rng.choice(["last_trick", "aside"]), "petit_au_bout": rng.random() < 0.3}
        sheet = TARE.new_sheet(n, options)
        real = real_deal(n, options, rng)
        assert judge(n, options, real) is not None and sheet.check(real) == [], (n, options, real)
        entry = nudged(real, n, rng)
        if any(p < 0 for p in entry["points"]):
            continue
        accepted = sheet.check(entry) == []
        assert accepted == (judge(n, options, entry) is not None), (n, options, entry)
        seen[accepted] += 1
        # without the tricks, a real deal is still a possible one
        bare = {k: v for k, v in real.items() if k != "tricks"}
        assert sheet.check(bare) == []
    assert seen[True] > 20 and seen[False] > 20  # both sides of the edge were tried


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([3, 4, 5]), st.sampled_from(["last_trick", "aside"]), st.integers(0, 10**6))
def test_every_real_deal_hands_out_91_points(n, chien, seed):
    options = {"chien": chien, "petit_au_bout": False}
    entry = real_deal(n, options, random.Random(seed))
    scores = TARE.new_sheet(n, options).apply(entry).scores
    assert sum(scores) + entry.get("chien_points", 0) == 91


@settings(max_examples=200, deadline=None)
@given(points=st.lists(st.floats(allow_nan=True, allow_infinity=True) | st.integers(-10**6, 10**6) | st.none(), min_size=3, max_size=3))
def test_odd_point_values_are_refused_never_raised(points):
    sheet = TARE.new_sheet(3)
    if sheet.check({"points": points}):
        with pytest.raises(InvalidEntry):
            sheet.apply({"points": points})


def test_the_history_says_each_deal_in_words_with_decimal_commas():
    sheet = TARE.new_sheet(3, {"chien": "aside", "petit_au_bout": True})
    entry = {"points": [40.5, 30, 17.5], "tricks": [10, 8, 6], "chien_points": 3, "petit_au_bout": 1}
    assert [t.fr for t in sheet.describe_entry(entry, 1)] == [
        "Points : ⟨0⟩ 40,5, ⟨1⟩ 30, ⟨2⟩ 17,5", "Plis : ⟨0⟩ 10, ⟨1⟩ 8, ⟨2⟩ 6", "Chien mis de côté : 3 points.",
        "Petit au bout : ⟨1⟩."]
    assert sheet.describe_entry(entry, 1)[0].en == "Points: ⟨0⟩ 40.5, ⟨1⟩ 30, ⟨2⟩ 17.5"


def _compositions(total, parts):
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def _random_bare_entry(n, options, rng):
    """Points cut at random (whole at 4 players), the chien's if it is set aside, perhaps a Petit au bout: many
    impossible, some near the edge of what the pack's honours allow."""
    aside = options["chien"] == "aside"
    chien = rng.choice([x / 2 for x in range(3, 60, 2)]) if aside else 0
    total = 91 - chien
    cuts = sorted(rng.random() for _ in range(n - 1))
    points = [round((b - a) * total * 2) / 2 for a, b in zip([0, *cuts], [*cuts, 1], strict=True)]
    points[-1] = total - sum(points[:-1])
    entry = {"points": points}
    if aside:
        entry["chien_points"] = chien
    if options["petit_au_bout"]:
        entry["petit_au_bout"] = rng.randrange(n)
    return entry


def test_without_the_tricks_the_sheet_accepts_exactly_what_some_tricks_of_real_cards_make():
    # The independent judge deals real cards to the piles of every way the tricks could have fallen (all the
    # compositions of a hand, at 3 players): a bare entry is possible exactly when one of them is. Entries from
    # real deals nudged, and points cut at random; the pack's honours refuse some that each seat's own bounds take.
    rng = random.Random(2027)
    seen = {True: 0, False: 0}
    shared_out = 0
    for i in range(400):
        n = 3
        options = {"chien": rng.choice(["last_trick", "aside"]), "petit_au_bout": rng.random() < 0.4}
        sheet = TARE.new_sheet(n, options)
        if i % 4 == 0:
            entry = nudged(real_deal(n, options, rng), n, rng)
            entry.pop("tricks")
        else:
            entry = _random_bare_entry(n, options, rng)
        if any(p < 0 for p in entry["points"]):
            continue
        problems = sheet.check(entry)
        if {p.code for p in problems} - {"cards_for_points", "points_for_tricks", "petit_points"}:
            continue  # refused for a reason of its own (range, parity): not this check's
        possible = any(judge(n, options, {**entry, "tricks": list(t)}) is not None for t in _compositions(HAND[n], n))
        assert (problems == []) == possible, (options, entry, problems)
        seen[not problems] += 1
        shared_out += [p.code for p in problems] == ["cards_for_points"]
    assert seen[True] > 20 and seen[False] > 20 and shared_out >= 1, (seen, shared_out)
