"""The state kept by table version (``ledger.cache``, new rounds applied to the current sheet) against the
reference, a replay of the whole record from the events, after random sequences of rounds, corrections,
deletions, ends and reopenings, in games whose sheets keep state of their own between rounds (Vicaire's race, the Nain
Jaune's board, Barbu's contracts)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.kernel import GameOver, InvalidEntry
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

# (what, which round, which entry, made by another app process: this one keeps the version before it)
ops = st.lists(st.tuples(st.sampled_from(["round", "round", "round", "correct", "delete", "finish", "reopen"]),
                         st.integers(0, 50), st.integers(0, 50), st.booleans()), min_size=1, max_size=25)


def picture(state: ledger.TableState) -> tuple:
    """Everything a reader is shown, in both languages, with every round's explanation."""
    notes = [[n.fr + "|" + n.en for n in r.result.notes] for r in state.rounds]
    return state_payload(state, "fr"), state_payload(state, "en"), notes, state.sheet.running_totals()


def run(table: Table, op: str, a: int, b: int, elsewhere: bool, pool: list[dict]) -> None:
    row = Table.objects.get(pk=table.pk)
    state = ledger.load(row)
    known = (ledger.cache.key(row), state.sheet, state.rounds)
    try:
        if op == "round":
            ledger.add_round(table.pk, pool[a % len(pool)])
        elif op == "correct" and state.rounds:
            ledger.correct_round(table.pk, state.rounds[a % len(state.rounds)].seq, pool[b % len(pool)])
        elif op == "delete" and state.rounds:
            ledger.delete_round(table.pk, state.rounds[a % len(state.rounds)].seq)
        elif op == "finish":
            ledger.finish(table.pk)
        elif op == "reopen":
            ledger.reopen(table.pk)
    except (InvalidEntry, GameOver, ledger.NotEndedByHand):
        pass
    if elsewhere:  # another process stored it: this one still holds the version before
        ledger.cache.discard(table.pk)
        ledger.cache.put(*known)


@pytest.mark.parametrize("slug", list(POOLS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=ops)
def test_the_kept_state_is_what_a_replay_of_the_record_gives(slug, sequence):
    players, pool = POOLS[slug]
    table = TableFactory(game=slug, players=players)
    for op, a, b, elsewhere in sequence:
        run(table, op, a, b, elsewhere, pool)
        row = Table.objects.get(pk=table.pk)
        kept = ledger.load(row)  # kept by this process, brought forward from an older version, or replayed
        reference = ledger.replay(row, list(row.events.all()))
        assert picture(kept) == picture(reference), (op, a, b, elsewhere)


def test_the_random_sequences_go_through_the_kept_and_the_brought_forward_paths():
    # Two rounds here, one "elsewhere": a hit, then an advance (no replay) are what the comparison above reads.
    players, pool = POOLS["vicaire"]
    table = TableFactory(game="vicaire", players=players)
    ledger.cache.clear()
    run(table, "round", 0, 0, False, pool)
    ledger.load(Table.objects.get(pk=table.pk))
    # run() replays version 0 (the cache was just emptied); add_round reads it back (hit 1) and keeps version 1,
    # which the load after it reads (hit 2).
    assert (ledger.cache.hits, ledger.cache.advances, ledger.cache.misses) == (2, 0, 1)
    run(table, "round", 1, 0, True, pool)
    ledger.load(Table.objects.get(pk=table.pk))
    assert (ledger.cache.advances, ledger.cache.misses) == (1, 1)


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


def test_a_round_stored_by_another_process_is_applied_to_the_kept_state_without_replay(monkeypatch):
    players, pool = POOLS["rami"]
    table = TableFactory(game="rami", players=players, rounds=[pool[0]] * 3)
    row = Table.objects.get(pk=table.pk)
    known = ledger.load(row)
    key = ledger.cache.key(row)
    ledger.add_round(table.pk, pool[2])  # "another process": this one forgets version 4 and keeps version 3
    ledger.add_round(table.pk, pool[0])
    ledger.finish(table.pk)
    ledger.cache.discard(table.pk)
    ledger.cache.put(key, known.sheet, known.rounds)

    def no_replay(*args, **kwargs):
        raise AssertionError("the record was replayed")

    monkeypatch.setattr(ledger, "replay", no_replay)
    state = ledger.load(Table.objects.get(pk=table.pk))
    # 0, 210, 300 after three deals won by Ana (Bea 70, Cid 100 each); Cid out: Ana 23, Bea 24 (23, 234, 300);
    # Ana out again: 23, 304, 400; then the end: Ana, lowest, wins.
    assert (state.sheet.totals, state.finished, state.winner_names()) == ([23, 304, 400], True, ["Ana"])
    assert known.sheet.totals == [0, 210, 300]  # the kept version was copied, not changed
    monkeypatch.undo()
    row = Table.objects.get(pk=table.pk)
    assert picture(state) == picture(ledger.replay(row, list(row.events.all())))


def test_a_correction_elsewhere_is_replayed():
    players, pool = POOLS["rami"]
    table = TableFactory(game="rami", players=players, rounds=[pool[0]] * 2)
    row = Table.objects.get(pk=table.pk)
    known = ledger.load(row)
    key = ledger.cache.key(row)
    ledger.correct_round(table.pk, 1, pool[2])
    ledger.cache.discard(table.pk)
    ledger.cache.put(key, known.sheet, known.rounds)
    misses = ledger.cache.misses
    state = ledger.load(Table.objects.get(pk=table.pk))
    assert ledger.cache.misses == misses + 1
    # Round 1 is now Cid's win (Ana 23, Bea 24), round 2 Ana's (Bea 70, Cid 100): 23, 94, 100.
    assert state.sheet.totals == [23, 94, 100]


def test_the_cache_keeps_at_most_its_size_dropping_the_least_recently_used():
    cache = ledger.StateCache(size=2)
    shape = ("rami", 3, "{}")
    cache.put(("a", 1, shape), "sheet a", [])
    cache.put(("b", 1, shape), "sheet b", [])
    assert cache.get(("a", 1, shape)) is not None  # a is now the most recent
    cache.put(("c", 1, shape), "sheet c", [])
    assert cache.get(("b", 1, shape)) is None and cache.get(("a", 1, shape)) is not None
    assert len(cache) == 2


def test_an_older_version_never_replaces_a_newer_one():
    cache = ledger.StateCache()
    shape = ("rami", 3, "{}")
    cache.put(("a", 5, shape), "v5", [])
    cache.put(("a", 4, shape), "v4", [])
    assert cache.get(("a", 5, shape)) == ("v5", []) and cache.get(("a", 4, shape)) is None
    assert cache.before(("a", 7, shape)) == (5, "v5", [])
    assert cache.before(("a", 7, ("rami", 4, "{}"))) is None  # another shape: never brought forward
