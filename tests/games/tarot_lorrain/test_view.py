"""What a seat sees of a tarot lorrain deal, typed: the FFT's facts and, in the play, how many times the hands
went to the left (the FFT deal of tests/rules/engine_helpers)."""

from companion.games import registry
from companion.kernel.text import T, seat_ref
from companion.kernel.view import Fact
from tests.rules.engine_helpers import FFT_CHIEN, FFT_HANDS, dealt

LORRAIN = registry.get("tarot-lorrain")


def test_the_hands_passed_are_said_from_the_first_trick():
    state = dealt(LORRAIN, 4, 0, FFT_HANDS, FFT_CHIEN)
    for seat, bid in ((1, "pass"), (2, "take:garde_sans"), (3, "pass"), (0, "pass")):
        state.apply(seat, bid)
    state.apply(2, "pass")  # no chelem
    assert state.phase == "play"
    view = state.view(None)
    assert view.facts == (
        Fact("taker", T("Preneur", "Taker"), T(f"{seat_ref(2)} · Garde sans", f"{seat_ref(2)} · Garde sans")),
        Fact("hands_passed", T("Jeux passés à gauche", "Hands passed to the left"), T("0", "0")),
    )
    leader = state.current_player
    for _ in range(4):
        state.apply(state.current_player, state.legal_actions(state.current_player)[0])
    assert state.view(leader).facts[-1].text == T("1", "1")  # one trick: the hands went round once
