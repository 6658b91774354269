"""The slow view of a trick (companion.families.tricks.Trick), as a trick-taking engine gives it."""

from companion.families.tricks import Trick
from companion.games import registry
from companion.kernel.cards import Card


def test_a_trick_lists_its_cards_in_the_order_played():
    trick = Trick(3, [(3, Card.parse_code("9D")), (0, Card.parse_code("QD"))])
    assert [c.code for c in trick.cards] == ["9D", "QD"]
    assert Trick(1).cards == []


def test_an_engine_shows_the_trick_on_the_table_and_the_tricks_taken_as_tricks():
    state = registry.get("barbu").new_deal(4, {}, 1, seed=0)
    leader = state.current_player
    first = state.legal_actions(leader)[0]
    state.apply(leader, first)
    assert (state.trick.leader, [c.code for c in state.trick.cards]) == (leader, [first])
    while len(state.log) < 1:
        state.apply(state.current_player, state.legal_actions(state.current_player)[0])
    (done,) = state.tricks
    assert done.leader == leader and len(done.plays) == 4 and done.plays[0] == (leader, Card.parse_code(first))
