"""How long a Nain Jaune game lasts with the default pions, measured with realistic deals through the rules model.

Each deal is dealt from a shuffled 52-card pack (12 cards each at 4 players, 6 at 8); one player goes out; every other
player still holds a few of their own cards (2 up to two thirds of the hand), whose points are what they pay; a board
card is in the écart when nobody was dealt it, claimed by whoever played it (forgotten one time in ten), held by a
loser still holding it. The sheet then stakes, pays and ends the game exactly as at the table.
"""

import random
import statistics

from companion.games import registry
from companion.games.nain_jaune import rules as nj
from companion.kernel.cards import SuitCard, deck

GAME = registry.get("nain-jaune")
GAMES = 200


def realistic_deal(rng: random.Random, n: int) -> dict:
    cards = [c for c in deck(nj.DECK) if isinstance(c, SuitCard)]
    rng.shuffle(cards)
    size = nj.HAND_SIZE[n]
    hands = [cards[i * size:(i + 1) * size] for i in range(n)]
    winner = rng.randrange(n)
    left = {s: ([] if s == winner else rng.sample(hands[s], rng.randint(2, max(2, size * 2 // 3)))) for s in range(n)}
    stakes = {}
    for box in nj.BOARD:
        owner = next((s for s in range(n) if any(c.code == box.key for c in hands[s])), None)
        if owner is None:
            stakes[box.key] = None
        elif any(c.code == box.key for c in left[owner]):
            stakes[box.key] = {"held_by": owner}
        elif rng.random() < 0.1:
            stakes[box.key] = {"forgotten_by": owner}
        else:
            stakes[box.key] = {"claimed_by": owner}
    remaining = [None if s == winner else sum(nj.card_points(c.rank) for c in left[s]) for s in range(n)]
    return {"winner": winner, "stakes": stakes, "remaining": remaining}


def lengths(n: int, options: dict, seed: int = 11) -> list[int]:
    rng = random.Random(seed)
    out = []
    for _ in range(GAMES):
        sheet = GAME.new_sheet(n, options)
        while not sheet.finished and len(sheet.rounds) < 500:
            sheet.apply(realistic_deal(rng, n))  # a refused deal would raise: every simulated deal is legal
        out.append(len(sheet.rounds))
    return out


def test_the_old_default_of_fifty_pions_often_ended_after_the_first_deal():
    # 15 pions staked, then a loser's few cards (five cards of about 6 points: some 30) to pay: 50 goes in one deal.
    at_four = lengths(4, {"start_pions": 50})
    assert statistics.median(at_four) == 1


def test_a_short_game_at_the_default_lasts_several_deals_at_four_players():
    default = GAME.default_options()["start_pions"]
    at_four = lengths(4, {})
    assert statistics.median(at_four) >= 5
    assert sum(1 for d in at_four if d >= 3) >= 0.85 * GAMES  # almost never over in one or two deals
    assert statistics.median(lengths(8, {})) >= 3  # eight players pay more often, yet it lasts
    assert default == nj.START_PIONS


def test_the_long_preset_lasts_longer_than_the_short_one():
    (short, _), (long, _) = GAME.option("start_pions").presets
    assert (short, long) == (nj.START_PIONS, nj.LONG_GAME_PIONS)
    assert statistics.median(lengths(4, {"start_pions": long})) > statistics.median(lengths(4, {"start_pions": short}))
