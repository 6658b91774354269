"""What a seat sees of a Barbu deal, typed: no trump and no call, the cards named as players write them."""

from companion.games import registry
from companion.kernel.cards import Card, display
from companion.kernel.text import Text

GAME = registry.get("barbu")


def test_a_barbu_deal_shows_its_cards_in_words_and_no_fact():
    state = GAME.new_deal(4, {}, 1, 0, seed="b1")
    seat = state.current_player
    view = state.view(seat)
    assert view.facts == () and view.prompt is None and view.notes == ((), (), (), ())
    assert set(view.labels) == set(state.legal_actions(seat))
    for code, label in view.labels.items():
        card = Card.parse_code(code)
        assert label == Text(display(card, "fr"), display(card, "en"))
    assert state.view(None).labels == {}  # a spectator has no move
