"""The state kept by table version (``ledger.cache``, new rounds applied to the current sheet) against the
reference, a replay of the whole record from the events, after random sequences of rounds, corrections,
deletions and ends, in games whose sheets keep state of their own between rounds (Vicaire's race, the Nain
Jaune's board, Barbu's contracts)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import GameOver, InvalidEntry
from companion.tables import ledger
from companion.tables.models import Table
from companion.tables.presenters import state_payload
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db(transaction=True)  # real commits: the cache is filled on commit

NJ_NOTHING = {"10D": None, "JC": None, "QS": None, "KH": None, "7D": None}
# Entries each game accepts in some positions and refuses in others (Barbu's manches come in a fixed order):
# refusals are part of the sequences, and must leave the cache as right as the record.
POOLS = {
    "barbu": (["Ana", "Bea", "Cid", "Dan"], [
        {"tricks": [4, 3, 5, 1]}, {"tricks": [1, 5, 3, 4]}, {"hearts": [2, 6, 0, 5]}, {"queens": [1, 0, 2, 1]},
        {"king_of_hearts": 2}, {"hearts": [0, 13, 0, 0]}, {"queens": [4, 0, 0, 0]}]),
    "vicaire": (["Ana", "Bea", "Cid"], [{"tricks": [6, 3, 1]}, {"tricks": [5, 2, 3]}, {"tricks": [4, 5, 1]},
                                        {"tricks": [10, 0, 0]}, {"tricks": [0, 1, 9]}]),
    "rami": (["Ana", "Bea", "Cid"], [
        {"winner": 0, "hands": [None, {"cards": ["10H", "KS", "JK"]}, {"laid_nothing": True}]},
        {"winner": 1, "rami_sec": True, "hands": [{"laid_nothing": True}, None, {"laid_nothing": True}]},
        {"winner": 2, "hands": [{"points": 23}, {"cards": ["AS", "AD", "2C"]}, None]}]),
    "nain-jaune": (["Ana", "Bea", "Cid", "Dan"], [
        {"winner": 0, "grand_opera": False, "stakes": {"10D": {"claimed_by": 1}, "JC": {"forgotten_by": 2}, "QS": None,
                                                       "KH": {"held_by": 3}, "7D": {"claimed_by": 0}},
         "remaining": [0, 5, 12, 13]},
        {"winner": 2, "grand_opera": False, "stakes": NJ_NOTHING, "remaining": [3, 4, 0, 1]}]),
}

ops = st.lists(st.tuples(st.sampled_from(["round", "round", "round", "correct", "delete", "finish"]),
                         st.integers(0, 50), st.integers(0, 50)), min_size=1, max_size=25)


def picture(state: ledger.TableState) -> tuple:
    """Everything a reader is shown, in both languages, with every round's explanation."""
    notes = [[n.fr + "|" + n.en for n in r.result.notes] for r in state.rounds]
    return state_payload(state, "fr"), state_payload(state, "en"), notes, state.sheet.running_totals()


def run(table: Table, op: str, a: int, b: int, pool: list[dict]) -> None:
    state = ledger.load(Table.objects.get(pk=table.pk))
    try:
        if op == "round":
            ledger.add_round(table.pk, pool[a % len(pool)])
        elif op == "correct" and state.rounds:
            ledger.correct_round(table.pk, state.rounds[a % len(state.rounds)].seq, pool[b % len(pool)])
        elif op == "delete" and state.rounds:
            ledger.delete_round(table.pk, state.rounds[a % len(state.rounds)].seq)
        elif op == "finish":
            ledger.finish(table.pk)
    except (InvalidEntry, GameOver):
        pass


@pytest.mark.parametrize("slug", list(POOLS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=ops)
def test_the_kept_state_is_what_a_replay_of_the_record_gives(slug, sequence):
    players, pool = POOLS[slug]
    table = TableFactory(game=slug, players=players)
    hits_before = ledger.cache.hits
    for op, a, b in sequence:
        run(table, op, a, b, pool)
        row = Table.objects.get(pk=table.pk)
        kept = ledger.load(row)  # from the cache when this process made that version
        reference = ledger.replay(row, list(row.events.all()))
        assert picture(kept) == picture(reference), (op, a, b)
    # The comparison was with the kept state, not with a second replay: every load after a stored change hit.
    assert ledger.cache.hits > hits_before


def test_a_new_round_is_applied_to_the_kept_sheet_without_replaying_the_record(monkeypatch):
    players, pool = POOLS["rami"]
    table = TableFactory(game="rami", players=players, rounds=[pool[0]] * 3)
    ledger.load(Table.objects.get(pk=table.pk))  # this process now holds version 3

    def no_replay(*args, **kwargs):
        raise AssertionError("the record was replayed")

    monkeypatch.setattr(ledger, "replay", no_replay)
    state, sheet_round = ledger.add_round(table.pk, pool[2])
    # Three deals won by Ana: Bea 10♥ R♠ Joker = 10 + 10 + 50 = 70 each, Cid laid nothing 100 each: 0, 210, 300.
    # Then Cid goes out: Ana counted 23, Bea A♠ A♦ 2♣ = 11 + 11 + 2 = 24: totals 23, 234, 300.
    assert (sheet_round.number, sheet_round.result.scores, state.sheet.totals) == (4, [23, 24, 0], [23, 234, 300])
    assert ledger.load(Table.objects.get(pk=table.pk)).sheet.totals == [23, 234, 300]  # read back from the cache
    monkeypatch.undo()
    row = Table.objects.get(pk=table.pk)
    assert picture(ledger.load(row)) == picture(ledger.replay(row, list(row.events.all())))


def test_the_cache_keeps_at_most_its_size_dropping_the_least_recently_used():
    cache = ledger.StateCache(size=2)
    cache.put(("a", 1), None, [])
    cache.put(("b", 1), None, [])
    assert cache.get(("a", 1)) is not None  # a is now the most recent
    cache.put(("c", 1), None, [])
    assert cache.get(("b", 1)) is None and cache.get(("a", 1)) is not None and cache.get(("c", 1)) is not None
    assert len(cache) == 2
