"""What the tests of the engines played on screen share: stacking the deck, playing a list of moves, reading why
a move is refused, and the strings an observation (or a view of the API) holds, for leak checks. Hands and piles
are card codes separated by spaces."""

import pytest

from companion.kernel import IllegalAction
from companion.kernel.deal import CHANCE


def by_schedule(state, piles):
    """``state`` with its chance actions replayed so that pile ``p`` gets the cards ``piles[p]``, in the order the
    engine's ``schedule`` deals the piles (-1 is usually the card turned up, the highest pile the rest)."""
    queues = {p: cards.split() for p, cards in piles.items()}
    return state.replay([queues[p].pop(0) for p in state.schedule])


def one_at_a_time(hands, first, n):
    """The chance actions that give seat ``s`` the cards ``hands[s]`` when cards go one at a time round the ``n``
    seats from seat ``first``, as many each as in the first seat's hand."""
    queues = {s: h.split() for s, h in hands.items()}
    size = len(queues[first])
    return [queues[(first + k) % n][k // n] for k in range(n * size)]


def refused(state, seat, action):
    """The reason code of the refusal of ``action`` by ``seat`` (the test fails if the move is allowed)."""
    with pytest.raises(IllegalAction) as error:
        state.apply(seat, action)
    return error.value.code


def play(state, moves):
    """Apply each ``(seat, action)`` of ``moves`` in turn."""
    for seat, action in moves:
        state.apply(seat, action)


def play_tricks(state, tricks):
    """Apply each trick of ``tricks`` (lists of ``(seat, card)``); ``state``."""
    for trick in tricks:
        play(state, trick)
    return state


def strings_in(data):
    """Every string in a JSON-like structure (keys included), at any depth."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(data, list | tuple):
        for v in data:
            yield from strings_in(v)


HAND = {3: 24, 4: 18, 5: 15}


CHIEN = {3: 6, 4: 6, 5: 3}


PACKET = {3: 4, 4: 3, 5: 3}


def spades(*ranks):
    return [f"{r}S" for r in ranks]


def run(suit, ranks):
    return [f"{r}{suit}" for r in ranks]


LOW = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]


ALL_RANKS = [*LOW, "J", "C", "Q", "K"]


def trumps(*numbers):
    return [f"T{n}" for n in numbers]


def deck_order(n, dealer, hands, chien):
    """The chance actions that deal ``hands`` (seat → its cards) and ``chien``, by the rule above."""
    assert len({c for h in hands.values() for c in h} | set(chien)) == 78 == sum(map(len, hands.values())) + len(chien)
    left = {s: list(h) for s, h in hands.items()}
    rest = list(chien)
    order = []
    for k in range(HAND[n] // PACKET[n] * n):
        seat = (dealer + 1 + k) % n
        order += [left[seat].pop(0) for _ in range(PACKET[n])]
        if k < CHIEN[n]:
            order.append(rest.pop(0))
    assert not rest and not any(left.values())
    return order


def dealt(game, n, dealer, hands, chien, options=None):
    state = game.new_deal(n, options, number=dealer + 1, dealer=dealer)
    for code in deck_order(n, dealer, hands, chien):
        state.apply(CHANCE, code)
    return state


# -- the FFT deal --------------------------------------------------------------------------------------------
# Dealer 0, so seat 1 speaks first. Seat 2 holds the 18 trumps 4 to 21; the chien holds A♠ 2♠ 3♠ 4♠ 5♠ and R♠.
FFT_HANDS = {
    2: trumps(*range(21, 3, -1)),
    3: ["T1", "T2", *spades(6, 7, 8, 9, 10, "J", "C", "Q"), *run("H", LOW[:8])],
    0: ["T3", *run("H", ["9", "10", "J", "C", "Q", "K"]), *run("D", [*LOW, "J"])],
    1: ["EX", *run("D", ["C", "Q", "K"]), *run("C", ALL_RANKS)],
}


FFT_CHIEN = [*spades("A", 2, 3, 4, 5), "KS"]
