"""The words every sheet has by default (companion.kernel.game.Sheet): an entry described for the history, and why a
later round breaks when an earlier one is removed."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import registry
from companion.kernel.errors import Problem
from companion.kernel.game import Contract
from companion.kernel.text import T

BARBU = registry.get("barbu")
VICAIRE = registry.get("vicaire")


def test_the_default_description_reads_counts_seats_and_yes_no_from_the_fields():
    sheet = BARBU.new_sheet(4)
    lines = sheet.describe_entry({"tricks": [3, 4, 2, 4], "hearts": [1, 5, 3, 4], "king_of_hearts": 3}, 5)
    assert [line.fr for line in lines] == ["Plis : ⟨0⟩ 3, ⟨1⟩ 4, ⟨2⟩ 2, ⟨3⟩ 4", "Cœurs : ⟨0⟩ 1, ⟨1⟩ 5, ⟨2⟩ 3, ⟨3⟩ 4", "R♥ : ⟨3⟩"]
    assert lines[2].en == "K♥: ⟨3⟩"
    assert BARBU.new_sheet(4).describe_entry("junk", 1) == []


def test_a_later_round_that_would_change_contract_is_said_in_words():
    sheet = BARBU.new_sheet(4)
    sheet.apply({"tricks": [4, 3, 5, 1]})  # round 1 stays; round 2 (Les cœurs) was deleted
    dames = Contract("dames", T("Les dames", "Queens"))
    why = sheet.later_round_broken(2, 3, dames, [Problem("queens", "not_this_manche", T("x", "x"))])
    assert why.fr == ("les donnes suivantes changeraient de contrat : la donne n° 3, jouée en « Les dames », "
                      "deviendrait la donne n° 2, « Les cœurs »")
    assert "would become round 2, “Hearts”" in why.en


def test_without_contracts_the_first_problem_is_the_reason():
    sheet = VICAIRE.new_sheet(3)
    why = sheet.later_round_broken(4, 5, None, [Problem("tricks", "x", T("Trop de plis.", "Too many tricks."))])
    assert why == T("la donne n° 5 ne serait plus valable (Trop de plis.)", "round 5 would no longer be valid (Too many tricks.)")


junk = st.recursive(
    st.none() | st.booleans() | st.integers(-100, 100) | st.text(max_size=6),
    lambda c: st.lists(c, max_size=6) | st.dictionaries(st.sampled_from(["points", "tricks", "winner", "hands", "stakes",
                                                                         "remaining", "cards", "10D", "x"]), c, max_size=5),
    max_leaves=25,
)


@pytest.mark.parametrize("slug", list(registry.scored()))
@settings(max_examples=120, deadline=None)
@given(entry=junk, number=st.integers(1, 30))
def test_describing_any_stored_value_never_raises_and_gives_words(slug, entry, number):
    game = registry.get(slug)
    lines = game.new_sheet(game.info.min_players).describe_entry(entry, number)
    assert all(line.fr is not None and line.en is not None for line in lines)
