"""What a seat sees of a Vicaire deal, typed: each seat's place in the race and the total it aims at."""

from companion.games import registry
from companion.kernel.text import T
from companion.kernel.view import Note

GAME = registry.get("vicaire")


def test_the_first_deal_says_each_race_from_zero_to_ten():
    state = GAME.new_deal(3, {}, 1, 0, seed="v1")
    # Nobody has a race total at the first deal: each stands on 0 (no trick yet) and aims at 10, the first
    # winning total.
    assert state.view(None).notes == ((Note(T("course 0 → 10", "race 0 → 10")),),) * 3
    assert [f.key for f in state.view(None).facts] == ["trump"]  # the trump, said as its suit
