"""Le pinacle: laid minus held, the 10 (or 30) for going out, half points and partnerships; worked out by hand."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.games.pinacle import rules as pinacle
from companion.kernel.cards import Card

GAME = registry.get("pinacle")
CHLOE_LAID = ["QH", "KH", "AH", "5S", "6S", "7S", "8S", "3C", "4C", "5C", "6C", "9D"]
DAVID = {"laid": {"cards": ["8H", "9H", "10H", "10D", "JD", "2D"]}, "held": {"cards": ["KS", "6H", "5H", "4S", "4D", "3D"]}}
EMILE = {"laid": {"cards": []}, "held": {"points": 10}}


def test_the_pack_is_worth_fifty():
    # 4 × (pinacle 2 + ace 1.5 + seven cards at 1 + four at 0.5) = 4 × 12.5 = 50
    assert pinacle.TOTAL_CARD_POINTS == 50


def test_a_deal_at_three_by_hand():
    sheet = GAME.new_sheet(3)
    result = sheet.apply({"winner": 0, "hands": [None, DAVID, EMILE]})
    # Chloé 10; David 1+1+1+1+1+2 = 7 laid − (1 + 5 × 0.5 = 3.5) held = 3.5; Émile 0 − 10 = −10
    assert result.scores == [10, 3.5, -10]
    assert [type(s) for s in result.scores] == [int, float, int]


def test_the_house_rule_counts_the_winners_laid_cards():
    sheet = GAME.new_sheet(3, {"winner_counts_laid": True})
    result = sheet.apply({"winner": 0, "hands": [{"laid": {"cards": CHLOE_LAID}}, DAVID, EMILE]})
    # Chloé 10 + (1 + 1 + 1.5) + (0.5 + 0.5 + 1 + 1) + 4 × 0.5 + 1 = 10 + 9.5 = 19.5
    assert result.scores == [19.5, 3.5, -10]
    # Without the option the winner's cards are not asked for.
    assert [p.code for p in GAME.new_sheet(3).check({"winner": 0, "hands": [{"laid": {"cards": CHLOE_LAID}}, DAVID, EMILE]})] == ["winner_hand"]


def test_partners_show_their_sides_sum_and_the_target_ends_the_game():
    sheet = GAME.new_sheet(4, {"target": 26})
    # Nine cards each from one pack, which has only sixteen cards at half a point: each hand below is possible
    # (a player who did not go out keeps a card in hand).
    sheet.apply({"winner": 0, "in_one_go": True, "hands": [
        None,
        {"laid": {"points": 5.5}, "held": {"points": 3}},  # 2.5
        {"laid": {"points": 1}, "held": {"points": 5.5}},  # −4.5
        {"laid": {"points": 5}, "held": {"points": 4}},  # 1
    ]})
    # sides: 30 − 4.5 = 25.5 for seats 0 and 2; 2.5 + 1 = 3.5 for seats 1 and 3
    assert sheet.totals == [25.5, 3.5, 25.5, 3.5] and not sheet.finished
    sheet.apply({"winner": None, "hands": [
        {"laid": {"points": 6.5}, "held": {"points": 1.5}},  # 5
        {"laid": {"points": 1.5}, "held": {"points": 6.5}},  # −5
        {"laid": {"points": 2}, "held": {"points": 6.5}},  # −4.5
        {"laid": {"points": 6.5}, "held": {"points": 2}},  # 4.5
    ]})
    # stock out, nobody gets the 10: sides 5 − 4.5 = 0.5 and −5 + 4.5 = −0.5; totals 26 and 3
    assert sheet.totals == [26, 3, 26, 3] and isinstance(sheet.totals[0], int)
    assert sheet.finished and sheet.winners == [0, 2]


def test_a_tie_at_the_target_is_shared():
    sheet = GAME.new_sheet(2, {"target": 10})
    sheet.apply({"winner": None, "hands": [{"laid": {"points": 12}, "held": {"points": 2}}, {"laid": {"points": 12}, "held": {"points": 2}}]})
    # 12 − 2 = 10 each; 36 cards worth 2 × 14 = 28, the least 36 cards of the pack are worth (16 × 0.5 + 20 × 1)
    assert sheet.finished and sheet.winners == [0, 1]


def codes(problems):
    return sorted(p.code for p in problems)


@pytest.mark.parametrize("entry, expected", [
    ({"winner": None, "in_one_go": True, "hands": [{"laid": {"points": 13}, "held": {"points": 1}}] * 2}, ["no_winner"]),
    ({"hands": [None, {"laid": {"points": 13}, "held": {"points": 1}}]}, ["missing_hand", "required"]),  # no winner: a hand each
    ({"winner": 0, "hands": [None, {"laid": {"cards": ["3S"]}, "held": {"cards": ["4S"]}}]}, ["card_count"]),  # 2 of 18
    ({"winner": 0, "hands": [None, {"laid": {"points": 0}, "held": {"points": 8.5}}]}, ["points_range"]),  # < 0.5 × 18 = 9
    # 18 cards: the pack's sixteen half-point cards (3 to 6) and two at one point at least, 16 × 0.5 + 2 × 1 = 10
    ({"winner": 0, "hands": [None, {"laid": {"points": 0}, "held": {"points": 9.5}}]}, ["points_range"]),
    ({"winner": 0, "hands": [None, {"laid": {"points": 24}, "held": {"points": 0.5}}]}, ["points_range"]),  # > best(18) = 24
    ({"winner": 0, "hands": [None, {"laid": {"points": 0.3}, "held": {"points": 9}}]}, ["not_points"]),
    ({"winner": 0, "hands": [None, {"laid": {"cards": ["JK"]}, "held": {"points": 9}}]}, ["no_joker"]),
    ({"winner": 0, "hands": [None, {"laid": {"points": 9}}]}, ["not_pair"]),
    ({"winner": 0, "hands": [None]}, ["wrong_length"]),
])
def test_what_cannot_be_is_refused(entry, expected):
    assert codes(GAME.new_sheet(2).check(entry)) == expected


def test_a_card_twice_and_more_than_fifty_points_over_the_whole_entry():
    eighteen = [r + s for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J") for s in "SH"]
    problems = GAME.new_sheet(2).check({"winner": None, "hands": [
        {"laid": {"cards": eighteen}, "held": {"cards": []}}, {"laid": {"cards": []}, "held": {"cards": eighteen}}]})
    assert {(p.code, p.seat) for p in problems} >= {("too_many_copies", 1)}
    # three players, stock out, each at the most twelve cards can be worth (18): 54 > 50
    most = {"laid": {"points": 17}, "held": {"points": 1}}  # 11 cards laid at their best (4 pinacles, 4 aces, 3 ones = 17)
    assert codes(GAME.new_sheet(3).check({"winner": None, "hands": [most] * 3})) == ["over_total"]


def test_the_winners_laid_cards_are_his_hand_or_one_more():
    sheet = GAME.new_sheet(4, {"winner_counts_laid": True})
    # nine cards each; the winner's 3♠ to 6♠ leave twelve half-point cards: 7.5 for nine cards takes three of them
    rest = [{"laid": {"points": 0}, "held": {"points": 7.5}}] * 3
    nine = ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    assert sheet.check({"winner": 0, "hands": [{"laid": {"cards": nine}}, *rest]}) == []
    assert sheet.check({"winner": 0, "hands": [{"laid": {"cards": [*nine, "QS"]}}, *rest]}) == []
    assert codes(sheet.check({"winner": 0, "hands": [{"laid": {"cards": nine[:8]}}, *rest]})) == ["card_count"]
    assert codes(sheet.check({"winner": 0, "hands": [None, *rest]})) == ["winner_laid"]


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.randoms(use_true_random=False))
def test_a_random_real_deal_keeps_the_fifty_points(n, rng):
    pack = [c.code for c in pinacle.PACK]
    rng.shuffle(pack)
    h = pinacle.HAND_SIZES[n]
    hands, dealt = [], 0
    for s in range(n):
        cards = pack[s * h:(s + 1) * h]
        k = rng.randint(0, h - 1)  # a player who did not go out keeps a card
        hands.append({"laid": {"cards": cards[:k]}, "held": {"cards": cards[k:]}})
        dealt += sum(pinacle.card_halves(pinacle.Card.parse_code(c)) for c in cards)
    rest = sum(pinacle.card_halves(pinacle.Card.parse_code(c)) for c in pack[n * h:])
    assert dealt + rest == 2 * 50  # in half points
    sheet = GAME.new_sheet(n)
    result = sheet.apply({"winner": None, "hands": hands})
    held = sum(pinacle.card_halves(pinacle.Card.parse_code(c)) for hand in hands for c in hand["held"]["cards"])
    own = sum(result.scores) / (2 if n == 4 else 1)  # partners both show their side's sum
    assert 2 * own + 2 * held == dealt  # laid − held + 2 × held = laid + held = the dealt cards


def test_only_the_player_who_went_out_holds_no_card():
    # At two, Chloé went out; David laid his 18 cards too and holds nothing: two winners of one deal.
    eighteen = [r + s for r in ("3", "4", "5", "6", "7", "8", "9", "10", "J") for s in "SH"]
    sheet = GAME.new_sheet(2)
    problems = sheet.check({"winner": 0, "hands": [None, {"laid": {"cards": eighteen}, "held": {"cards": []}}]})
    assert [(p.code, p.seat) for p in problems] == [("went_out", 1)]
    assert "un seul joueur termine" in problems[0].message.fr and "⟨0⟩" in problems[0].message.fr
    # The same in points: nothing in hand is 0 points (every card is worth half a point at least).
    assert codes(sheet.check({"winner": 0, "hands": [None, {"laid": {"points": 14}, "held": {"points": 0}}]})) == ["went_out"]
    # Stock run out: a player holding nothing went out, so the deal has a winner after all.
    problems = sheet.check({"winner": None, "hands": [{"laid": {"points": 14}, "held": {"points": 0}},
                                                      {"laid": {"points": 12}, "held": {"points": 2}}]})
    assert [(p.code, p.seat) for p in problems] == [("went_out", 0)]


def test_the_winners_laid_cards_message_shows_single_braces():
    problems = GAME.new_sheet(4, {"winner_counts_laid": True}).check(
        {"winner": 0, "hands": [None, *[{"laid": {"points": 0}, "held": {"points": 7.5}}] * 3]})
    assert [p.code for p in problems] == ["winner_laid"]
    assert '({"laid": …})' in problems[0].message.fr and "{{" not in problems[0].message.en


def test_two_hands_cannot_share_the_four_pinacles():
    # At two, 18 cards each: the dearest 18 are 4 pinacles (4 × 2), 4 aces (4 × 1.5) and ten at one point = 24.
    # One player may have them; two cannot: the second's best is then 18 one-point cards = 18.
    sheet = GAME.new_sheet(2)
    best = {"laid": {"points": 23}, "held": {"points": 1}}
    assert sheet.check({"winner": None, "hands": [best, {"laid": {"points": 17}, "held": {"points": 1}}]}) == []
    assert codes(sheet.check({"winner": None, "hands": [best, {"laid": {"points": 17.5}, "held": {"points": 1}}]})) == ["over_total"]
    # Listed cards leave the pack: with the 3♠ to 6♣ (all sixteen half-point cards) laid by seat 0, seat 1's 18
    # cards are worth at least 18 × 1 = 18.
    cheap = [r + s for r in ("3", "4", "5", "6") for s in "SHDC"]
    seat0 = {"laid": {"cards": cheap}, "held": {"cards": ["7S", "8S"]}}  # 8 + 2 = 10
    assert codes(sheet.check({"winner": None, "hands": [seat0, {"laid": {"points": 16}, "held": {"points": 1.5}}]})) == ["points_range"]
    assert sheet.check({"winner": None, "hands": [seat0, {"laid": {"points": 17}, "held": {"points": 1}}]}) == []


# An independent judge: deal real cards for the hands given in points. The pack is split by value; each part
# given in points takes a number of cards of each value (tried in turn), popped from those piles; a seat with
# both parts in points tries every number of cards in hand from one to all. The hands built are counted card by
# card at the end.
def deal_cards_for(n, entry):
    by_value = {}
    for card in pinacle.PACK:
        by_value.setdefault(pinacle.card_halves(card), []).append(card)
    hand = pinacle.HAND_SIZES[n]
    listed = [Card.parse_code(c) for item in entry["hands"] if item for part in item.values() if "cards" in part for c in part["cards"]]
    piles = {v: [c for c in cards if c not in listed] for v, cards in by_value.items()}
    if sum(len(p) for p in piles.values()) + len(listed) != 52:
        return None  # a card listed twice
    wants = []  # (seat, key, number of cards, halves); a pair of wants for a seat with both parts in points
    for seat, item in enumerate(entry["hands"]):
        if item is None:
            continue
        parts = {k: v for k, v in item.items()}
        shown = sum(len(v["cards"]) for v in parts.values() if "cards" in v)
        hidden = [k for k, v in parts.items() if "points" in v]
        if "held" in parts and ("cards" in parts["held"] and not parts["held"]["cards"] or parts["held"].get("points") == 0):
            return None  # nothing in hand: this player went out
        if len(hidden) == 1:
            sizes = [hand - shown] if "held" in parts else [hand - shown, hand + 1 - shown]
            wants.append([(seat, hidden[0], k, round(2 * parts[hidden[0]]["points"])) for k in sizes])
        elif len(hidden) == 2:
            wants.append([((seat, "held", j, round(2 * parts["held"]["points"])),
                           (seat, "laid", hand - j, round(2 * parts["laid"]["points"]))) for j in range(1, hand + 1)])
    built = {}

    def take(k, halves):
        """Every way to pick k cards worth halves from the piles (counts of each value)."""
        for a in range(len(piles[1]) + 1):
            for b in range(len(piles[2]) + 1):
                for c in range(len(piles[3]) + 1):
                    d = k - a - b - c
                    if 0 <= d <= len(piles[4]) and a + 2 * b + 3 * c + 4 * d == halves:
                        yield (a, b, c, d)

    def deal(i):
        if i == len(wants):
            return True
        for choice in wants[i]:
            steps = choice if isinstance(choice[0], tuple) else (choice,)
            if place(steps, 0, i):
                return True
        return False

    def place(steps, s, i):
        if s == len(steps):
            return deal(i + 1)
        seat, key, k, halves = steps[s]
        if k < 0:
            return False
        for counts in list(take(k, halves)):
            cards = [piles[v].pop() for v, m in zip((1, 2, 3, 4), counts, strict=True) for _ in range(m)]
            built[seat, key] = cards
            if place(steps, s + 1, i):
                return True
            for card in cards:
                piles[pinacle.card_halves(card)].append(card)
        return False

    if not deal(0):
        return None
    for (seat, key), cards in built.items():  # count the hands built, card by card
        assert sum(pinacle.card_halves(c) for c in cards) == round(2 * entry["hands"][seat][key]["points"])
    return built


def near_the_edge(n, rng):
    """A real deal at n players, each part shown as cards or as points, then some points nudged by half a point or
    a point (often past what the pack holds), or a hand emptied."""
    pack = [c.code for c in pinacle.PACK]
    rng.shuffle(pack)
    if rng.random() < 0.5:  # the dear cards (or the cheap ones) first: hands at the edge
        pack.sort(key=lambda c: pinacle.card_halves(Card.parse_code(c)) * rng.choice([1, -1]))
    h = pinacle.HAND_SIZES[n]
    hands = []
    for s in range(n):
        cards = pack[s * h:(s + 1) * h]
        k = rng.randint(h - 3, h - 1) if rng.random() < 0.5 else rng.randint(0, h - 1)
        item = {"laid": {"cards": cards[:k]}, "held": {"cards": cards[k:]}}
        for key in ("laid", "held"):
            if rng.random() < 0.7:
                item[key] = {"points": sum(pinacle.card_halves(Card.parse_code(c)) for c in item[key]["cards"]) / 2}
        hands.append(item)
    for _ in range(rng.choice([0, 1, 1, 2])):
        item = rng.choice(hands)
        key = rng.choice(["laid", "held"])
        if "points" in item[key]:
            item[key]["points"] = max(0, item[key]["points"] + rng.choice([-1, -0.5, 0.5, 1]))
    return {"winner": None, "hands": hands}


def test_the_sheet_accepts_exactly_the_hands_real_cards_can_make():
    rng = random.Random(2026)
    seen = set()
    for _ in range(400):
        n = rng.choice([2, 3, 4])
        entry = near_the_edge(n, rng)
        problems = GAME.new_sheet(n).check(entry)
        possible = deal_cards_for(n, entry) is not None
        assert (problems == []) == possible, (entry, problems)
        seen.update(p.code for p in problems)
        seen.add("accepted" if possible else "refused")
    assert {"accepted", "refused", "points_range", "over_total"} <= seen


def test_one_card_is_a_singular():
    problems = GAME.new_sheet(2).check({"winner": 0, "hands": [None, {"laid": {"cards": []}, "held": {"cards": ["3S"]}}]})
    assert [p.message.fr for p in problems] == ["1 carte en tout : ce joueur doit en avoir 18 (prendre une, jeter une)."]
    assert problems[0].message.en == "1 card in all: this player must have 18 (take one, throw one)."
