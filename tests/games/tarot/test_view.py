"""What a seat sees of a tarot deal, typed (companion.families.tarot_deal: TarotDeal.view and its hooks), on the
FFT deal of tests/rules/engine_helpers: dealer 0, seat 1 speaks first, seat 2 holds the trumps 4 to 21, the chien
A♠ 2♠ 3♠ 4♠ 5♠ R♠. Expected words worked out by hand from the rules (6 cards to the chien at 4 players)."""

from companion.games import registry
from companion.kernel.text import T, seat_ref
from companion.kernel.view import Fact, Note, Picking
from tests.rules.engine_helpers import FFT_CHIEN, FFT_HANDS, dealt, trumps

TAROT = registry.get("tarot")


def test_the_bidding_in_words():
    state = dealt(TAROT, 4, 0, FFT_HANDS, FFT_CHIEN)
    view = state.view(1)
    assert view.prompt == T("À vous de parler.", "Your bid.")
    assert view.labels["pass"] == T("Passer", "Pass") and view.labels["take:garde_sans"] == T("Garde sans", "Garde sans")
    assert view.facts == () and view.notes == ((), (), (), ())
    assert state.view(2).prompt is None  # not its turn: nothing asked
    state.apply(1, "pass")
    state.apply(2, "take:garde")
    # Seat 3 speaks: each seat's last bid is said on the table.
    assert state.view(None).notes == ((), (Note(T("Passer", "Pass"), call=True),), (Note(T("Garde", "Garde"), call=True),), ())


def test_a_garde_shows_the_chien_and_asks_the_taker_for_six_cards():
    state = dealt(TAROT, 4, 0, FFT_HANDS, FFT_CHIEN)
    for seat, bid in ((1, "pass"), (2, "take:garde"), (3, "pass"), (0, "pass")):
        state.apply(seat, bid)
    view = state.view(2)
    taker, chien = view.facts
    assert taker == Fact("taker", T("Preneur", "Taker"), T(f"{seat_ref(2)} · Garde", f"{seat_ref(2)} · Garde"))
    assert chien.key == "chien" and chien.label == T("Chien", "Chien") and sorted(chien.cards) == sorted(FFT_CHIEN)
    assert view.prompt == T(
        "Écart : 6 cartes à écarter (choisies : 0), ni roi ni bout ; touchez-en une pour la reprendre.",
        "Écart: 6 cards to discard (0 chosen), no king, no bout; tap one to put it back.")
    assert view.aside is None and view.selection.cards == ()  # nothing picked yet
    state.apply(2, "pick:5S")
    view = state.view(2)
    assert "(choisies : 1)" in view.prompt.fr
    assert view.selection.label == T("Écart choisi", "Écart chosen") and view.selection.cards == ("5S",)
    assert view.selection.toggles["5S"] == "unpick:5S"
    assert "confirm" not in view.labels  # 1 card of 6: nothing to confirm yet
    assert state.view(1).selection is None and state.view(1).prompt is None  # the écart is the taker's alone
    assert view.as_dict("en", ["Ana", "Ben", "Cid", "Dan"])["facts"][0] == {
        "key": "taker", "label": "Taker", "text": "Cid · Garde", "cards": []}


def test_the_chelem_question_in_words():
    state = dealt(TAROT, 4, 0, FFT_HANDS, FFT_CHIEN)
    for seat, bid in ((1, "pass"), (2, "take:garde_sans"), (3, "pass"), (0, "pass")):
        state.apply(seat, bid)
    # A garde sans: no chien shown, no écart; the taker is asked about the chelem at once.
    view = state.view(2)
    assert view.prompt == T("Annoncez-vous le chelem ?", "Do you announce a slam?")
    assert view.labels == {"pass": T("Pas de chelem", "No slam"), "chelem": T("Annoncer le chelem", "Announce a slam")}
    assert [f.key for f in view.facts] == ["taker"]
    # The bids said on the table stay bids: "Passer", not the chelem's "Pas de chelem".
    assert view.notes[1] == (Note(T("Passer", "Pass"), call=True),)


def test_choosing_the_trumps_of_a_poignee_in_words_to_that_seat_only():
    state = dealt(TAROT, 4, 0, FFT_HANDS, FFT_CHIEN)
    for seat, bid in ((1, "pass"), (2, "take:garde_sans"), (3, "pass"), (0, "pass")):
        state.apply(seat, bid)
    state.apply(2, "pass")  # no chelem: seat 1 leads
    state.apply(1, "KC")
    # Seat 2 holds the 18 trumps 4 … 21: a triple poignée (15) and the smaller ones.
    assert state.view(2).labels["poignee:simple"] == T("Montrer une poignée simple", "Show a single poignée")
    state.apply(2, "poignee:simple")
    view = state.view(2)
    # The strongest 10 come picked: 21 … 12.
    assert view.prompt == T(
        "Poignée simple : choisissez les 10 cartes à montrer (choisies : 10). Touchez un atout pour le prendre ou le "
        "reprendre ; l'Excuse seulement s'il vous manque un atout.",
        "Single poignée: choose the 10 cards to show (10 chosen). Tap a trump to take it or put it back; the Excuse "
        "only when you are a trump short.")
    picked = tuple(trumps(*range(21, 11, -1)))
    # 10 picked: each goes back when tapped again; none more may be picked before one goes back.
    assert view.selection == Picking(T("Atouts choisis", "Trumps chosen"), picked, {c: f"unpick:{c}" for c in picked})
    assert view.labels["confirm"] == T("Montrer ces atouts", "Show these trumps")
    assert view.labels["cancel"] == T("Ne pas montrer de poignée", "Show no poignée")
    assert view.labels["unpick:T21"] == T("Reprendre 21", "Put back 21")
    state.apply(2, "unpick:T21")
    view = state.view(2)
    assert view.selection.cards == picked[1:] and view.selection.toggles["T4"] == "pick:T4"
    assert view.labels["pick:T4"] == T("Choisir 4", "Pick 4") and "confirm" not in view.labels
    assert view.as_dict("fr", ["Ana", "Ben", "Cid", "Dan"])["selection"]["toggles"]["T21"] == "pick:T21"
    # Nobody else sees the choice, nor a poignée before it is confirmed.
    for seat in (None, 0, 1, 3):
        other = state.view(seat)
        assert other.selection is None and not [f for f in other.facts if f.key == "poignee"]
    assert state.view(None).as_dict("fr", ["Ana", "Ben", "Cid", "Dan"])["selection"] is None
