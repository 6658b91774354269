"""What the tests of the engines played on screen share: stacking the deck, playing a list of moves, reading why
a move is refused, and the strings an observation (or a view of the API) holds, for leak checks. Hands and piles
are card codes separated by spaces."""

import pytest

from companion.kernel import IllegalAction


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
