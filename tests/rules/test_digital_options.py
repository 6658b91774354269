"""Every house rule a table of the trick games played on screen can choose is played there: the digital engine,
or the sheet its deals fill, reads it in a few whole games played by the quick bots. (An option only typed rounds
follow would have to say so on the new-table form.)"""

import random

import pytest

from companion.games import registry

GAMES = ("hombre", "chasse-coeur", "petasse", "rikiki", "vicaire")


class Reads(dict):
    """Options that remember which keys were read."""

    def __init__(self, options):
        super().__init__(options)
        self.read = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)


def play_games(game, n, options, games, rng):
    reads = Reads(game.clean_options(options, n))
    for _ in range(games):
        sheet = game.sheet_class(game, n, reads)
        deals = 0
        while not sheet.finished and deals < 40:
            nxt = sheet.next_round()
            arguments = game.deal_arguments(n, reads, nxt.number, **game.deal_context(sheet))
            state = game.deal_class(n, reads, nxt.number, nxt.dealer, **arguments).deal(rng.random())
            while not state.is_terminal:
                state.apply(state.current_player, state.quick_action(rng))
            sheet.apply(state.entry())
            deals += 1
    return reads.read


@pytest.mark.parametrize("slug", GAMES)
def test_every_option_is_read_in_digital_play(slug):
    game = registry.get(slug)
    n = game.info.min_players
    rng = random.Random(11)
    # Small targets so that the games end (and the options that end them are read) within the deals played.
    small = {"target": 30} if any(o.key == "target" for o in game.options) else {}
    read = play_games(game, n, small, 3, rng)
    assert {o.key for o in game.options} <= read, sorted({o.key for o in game.options} - read)
