"""What a seat sees of a tarot taré deal, typed: no bids, the chien unseen until the last trick takes it (the FFT
deal of tests/rules/engine_helpers, 6 cards to the chien at 4 players)."""

from companion.games import registry
from companion.kernel.text import T
from companion.kernel.view import Fact
from tests.rules.engine_helpers import FFT_CHIEN, FFT_HANDS, dealt

TARE = registry.get("tarot-tare")


def test_the_chien_is_said_hidden_and_nothing_is_bid():
    state = dealt(TARE, 4, 0, FFT_HANDS, FFT_CHIEN)
    assert state.phase == "play" and state.current_player == 1  # no bidding: the seat after the dealer leads
    view = state.view(1)
    assert view.facts == (Fact("chien", T("Chien", "Chien"), T("6 cartes, cachées", "6 cards, face down")),)
    assert view.notes == ((), (), (), ()) and view.prompt is None
    assert "bids" not in state.observation(1)
