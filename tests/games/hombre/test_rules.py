"""L'hombre score sheet in chips: whole games worked out by hand from the rules."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.kernel import InvalidEntry

GAME = registry.get("hombre")


def sheet(**options):
    return GAME.new_sheet(3, options)


def play(contract, ombre, tricks, matadors=0):
    return {"contract": contract, "ombre": ombre, "tricks": tricks, "matadors": matadors}


def codes(s, entry):
    return {(p.field, p.code, p.seat) for p in s.check(entry)}


def test_everyone_starts_with_80_chips_and_the_pot_empty():
    s = sheet()
    assert s.totals == [80, 80, 80]
    assert s.next_round().extra == {"pot": 0, "stake": 3}


def test_an_evening_of_prendre_codille_remise_and_a_passed_deal():
    s = sheet()
    # Deal 1: everyone stakes 3 (pot 9). Bea is the ombre at prendre, 4 tricks against 3 and 2: won. She takes the
    # pot (9) and 3 + 1 matador = 4 from each: Bea −3 + 9 + 8 = +14, Ana and Cid −3 − 4 = −7.
    assert s.apply(play("prendre", 1, [3, 4, 2], matadors=1)).scores == [-7, 14, -7]
    assert s.totals == [73, 94, 73] and s.pot == 0
    # Deal 2: all passed: each stakes 3, the pot holds 9 and the next stake is 2.
    assert s.apply({"contract": None}).scores == [-3, -3, -3]
    assert s.next_round().extra == {"pot": 9, "stake": 2}
    # Deal 3: stake 2 each: pot 15. Ana at prendre, 4 / 4 / 1: nobody has more than each other: remise. Ana pays
    # into the pot as much as it holds (15): Ana −2 − 15 = −17, others −2; the pot holds 30.
    assert s.apply(play("prendre", 0, [4, 4, 1], matadors=2)).scores == [-17, -2, -2]
    assert s.pot == 30 and s.next_round().extra == {"pot": 30, "stake": 3}
    # Deal 4: stake 3: pot 39. Cid at prendre takes 2; Ana 5, Bea 2: codille for Ana, paid as a winning ombre with
    # her 2 matadors: pot 39 and 3 + 2 = 5 from Bea and from Cid. Ana −3 + 39 + 10 = +46; Bea and Cid −3 − 5 = −8.
    assert s.apply(play("prendre", 2, [5, 2, 2], matadors=2)).scores == [46, -8, -8]
    # Chips: Ana 73 − 3 − 17 + 46 = 99; Bea 94 − 3 − 2 − 8 = 81; Cid 73 − 3 − 2 − 8 = 60; the pot 0. 99 + 81 + 60 = 240.
    assert s.totals == [99, 81, 60] and s.pot == 0
    assert s.leaders == [0]


def test_sans_prendre_won_and_lost_with_an_odd_chip():
    s = sheet()
    # Deal 1: pot 9. Ana sans prendre with 5 tricks and 3 matadors: pot 9 + (4 + 3) from each: Ana −3 + 9 + 14 = +20,
    # others −3 − 7 = −10.
    assert s.apply(play("sans_prendre", 0, [5, 2, 2], matadors=3)).scores == [20, -10, -10]
    # Deal 2: all passed: pot 9. Deal 3: stake 2: pot 15. Bea sans prendre with 4 tricks: lost. She pays 4 to Ana and
    # to Cid, who share the pot: 15 // 2 = 7 each, 1 chip stays. Matadors are ignored for a loser.
    s.apply({"contract": None})
    assert s.apply(play("sans_prendre", 1, [3, 4, 2], matadors=2)).scores == [-2 + 4 + 7, -2 - 8, -2 + 4 + 7]
    assert s.pot == 1
    # Chips: Ana 80 + 20 − 3 + 9 = 106; Bea 80 − 10 − 3 − 10 = 57; Cid 80 − 10 − 3 + 9 = 76; 106 + 57 + 76 + 1 = 240.
    assert s.totals == [106, 57, 76]


def test_vole_won_and_lost():
    s = sheet()
    # Vole won by Cid with 1 matador: pot 9 + (40 + 1) from each: Cid −3 + 9 + 82 = +88, others −3 − 41 = −44.
    assert s.apply(play("vole", 2, [0, 0, 9], matadors=1)).scores == [-44, -44, 88]
    # Vole lost by Ana with 8 tricks: she pays 40 to each; the others share the 9-chip pot: 4 each, 1 stays.
    # Ana −3 − 80 = −83; others −3 + 40 + 4 = +41.
    assert s.apply(play("vole", 0, [8, 1, 0])).scores == [-83, 41, 41]
    # Ana 80 − 44 − 83 = −47 (debts are allowed): a player at 0 chips or fewer ends the game.
    assert s.totals == [-47, 77, 209] and s.pot == 1
    assert s.finished and s.winners == [2]


def test_prendre_with_both_opponents_level_above_the_ombre_is_a_remise():
    # Ombre 1, opponents 4 and 4: nobody has more tricks than each other player: no codille, remise.
    s = sheet()
    assert s.apply(play("prendre", 0, [1, 4, 4])).scores == [-3 - 9, -3, -3]
    assert s.pot == 18


def test_the_options_change_the_chips_and_the_stake():
    s = sheet(start_chips=30, stake=5, deals=2)
    assert s.totals == [30, 30, 30]
    # Pot 15; Ana prendre 6 / 2 / 1: pot + 3 from each: Ana −5 + 15 + 6 = +16, others −8.
    assert s.apply(play("prendre", 0, [6, 2, 1])).scores == [16, -8, -8]
    # A passed deal still stakes 5; the next one 2, whatever the option.
    s.apply({"contract": None})
    assert s.finished  # the option's 2 deals, passed ones included
    assert s.totals == [41, 17, 17] and s.pot == 15
    assert s.winners == [0]


def test_a_trick_total_of_one_is_said_in_the_singular():
    (problem,) = sheet().check({"contract": "prendre", "ombre": 0, "tricks": [1, 0, 0]})
    assert problem.message.fr == "Il y a 9 levées par donne : 1 saisie."


def test_every_problem_is_reported_at_once():
    s = sheet()
    found = codes(s, {"contract": "grand", "ombre": 3, "tricks": [5, 5, 5], "matadors": 4, "x": 1})
    assert found == {("contract", "bad_contract", None), ("ombre", "not_seat", None), ("tricks", "trick_total", None),
                     ("matadors", "out_of_range", None), ("x", "unknown_field", None)}


@pytest.mark.parametrize("entry, code", [
    ({"contract": None, "ombre": 0}, "passed_deal"),
    ({"ombre": 0, "tricks": [9, 0, 0]}, "required"),
    (play("prendre", 0, [9, 0, -1]), "not_count"),
    (play("prendre", 0, [10, 0, 0]), "too_many"),
    (play("prendre", 0, [4, 4]), "wrong_length"),
])
def test_impossible_entries_are_refused(entry, code):
    s = sheet()
    assert code in {c for _f, c, _s in codes(s, entry)}
    with pytest.raises(InvalidEntry):
        s.apply(entry)
    assert s.rounds == [] and s.pot == 0


@st.composite
def legal_deals(draw):
    if draw(st.booleans()) and draw(st.booleans()):
        return {"contract": None}
    cuts = sorted(draw(st.lists(st.integers(0, 9), min_size=2, max_size=2)))
    tricks = [cuts[0], cuts[1] - cuts[0], 9 - cuts[1]]
    return play(draw(st.sampled_from(["prendre", "sans_prendre", "vole"])), draw(st.integers(0, 2)), tricks,
                draw(st.integers(0, 3)))


@settings(max_examples=200, deadline=None)
@given(entries=st.lists(legal_deals(), min_size=1, max_size=12), start=st.integers(1, 200), stake=st.integers(0, 9))
def test_chips_are_conserved(entries, start, stake):
    s = sheet(start_chips=start, stake=stake)
    for e in entries:
        if s.finished:
            break
        r = s.apply(e)
        # Players' chips plus the pot are what they brought.
        assert sum(s.totals) + s.pot == 3 * start
        assert s.pot >= 0
        if r.extra["result"] in ("won", "codille"):
            assert s.pot == 0
        assert s.next_round().extra["stake"] == (2 if e["contract"] is None else stake)


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.floats(allow_nan=False) | st.text(max_size=4)
    | st.sampled_from(["S", "H", "SA", "TA", "prendre", "vole", "none"]),
    lambda c: st.lists(c, max_size=4) | st.dictionaries(st.sampled_from(["contract", "ombre", "tricks", "matadors", "x"]), c, max_size=6),
    max_leaves=14,
)


@settings(max_examples=300, deadline=None)
@given(entry=junk, options=st.fixed_dictionaries({}, optional={
    "start_chips": st.integers(1, 100_000), "stake": st.integers(0, 1_000), "deals": st.none() | st.integers(1, 1_000)}))
def test_junk_with_the_entry_s_own_keys_never_raises(entry, options):
    # Hombre's own options (chips at the start, the stake, a number of deals), any value they accept.
    assert set(options) <= {o.key for o in GAME.options}
    s = GAME.new_sheet(3, options)
    problems = s.check(entry)
    if not problems:
        s.apply(entry)  # what the check lets through scores without an error
    else:
        with pytest.raises(InvalidEntry):
            s.apply(entry)


@settings(max_examples=200, deadline=None)
@given(entry=junk)
def test_the_history_words_never_raise_on_junk(entry):
    lines = GAME.new_sheet(3, {}).describe_entry(entry, 1)
    assert all(line.fr and line.en for line in lines)
