"""An undone round can be put back once, as it was, until anything else happens on the table."""

import pytest
from django.urls import reverse

from companion.tables import ledger
from companion.tables.models import Event, Table
from tests.factories import TableFactory

pytestmark = pytest.mark.django_db

# Barbu at four: round 1 is the tricks manche, round 2 the hearts.
TRICKS = {"tricks": [4, 3, 5, 1]}
HEARTS = {"hearts": [2, 6, 0, 5]}


def _state(table):
    return ledger.load(Table.objects.get(pk=table.pk))


def test_the_round_just_undone_comes_back_as_it_was_once(client):
    table = TableFactory(rounds=[TRICKS, HEARTS])
    before = _state(table).sheet.totals
    ledger.delete_round(table.pk, _state(table).rounds[-1].seq)
    assert len(_state(table).rounds) == 1
    assert ledger.restorable(_state(table)) == (2, 2)  # round 2, stored as event 2
    edit = reverse("tables:edit", args=[table.id, table.edit_token])
    page = client.get(edit).content.decode()
    assert "Rétablir la donne 2" in page
    r = client.post(reverse("tables:restore", args=[table.id, table.edit_token]))
    assert r.status_code == 302
    state = _state(table)
    assert [x.result.entry for x in state.rounds] == [TRICKS, HEARTS]
    assert state.sheet.totals == before
    assert ledger.restorable(state) is None  # once
    assert "Rétablir" not in client.get(edit).content.decode()
    history = client.get(reverse("tables:edit-history", args=[table.id, table.edit_token])).content.decode()
    assert "Donne 2 rétablie" in history
    assert list(Event.objects.filter(table_id=table.pk).values_list("kind", flat=True)) == [
        "round", "round", "deletion", "restore"]


def test_a_corrected_round_comes_back_with_its_correction():
    table = TableFactory(rounds=[TRICKS, HEARTS])
    seq = _state(table).rounds[-1].seq
    ledger.correct_round(table.pk, seq, {"hearts": [3, 5, 0, 5]})
    ledger.delete_round(table.pk, seq)
    ledger.restore_round(table.pk)
    last = _state(table).rounds[-1]
    assert last.result.entry == {"hearts": [3, 5, 0, 5]} and last.corrected


def test_the_offer_ends_with_the_next_entry():
    table = TableFactory(rounds=[TRICKS, HEARTS])
    ledger.delete_round(table.pk, _state(table).rounds[-1].seq)
    ledger.add_round(table.pk, HEARTS)
    assert ledger.restorable(_state(table)) is None
    with pytest.raises(LookupError):
        ledger.restore_round(table.pk)


def test_a_round_deleted_in_the_middle_is_not_put_back_at_the_end():
    table = TableFactory(game="libre", players=["Ana", "Bea"], rounds=[{"points": [1, 2]}, {"points": [3, 4]}])
    ledger.delete_round(table.pk, _state(table).rounds[0].seq)
    assert ledger.restorable(_state(table)) is None


def test_restoring_when_nothing_was_undone_says_so_with_a_409(client):
    table = TableFactory(rounds=[TRICKS])
    r = client.post(reverse("tables:restore", args=[table.id, table.edit_token]))
    assert r.status_code == 409
    assert "Plus rien à rétablir" in r.content.decode()
    assert Event.objects.filter(table_id=table.pk).count() == 1


def test_a_replay_and_the_cache_agree_after_a_restore():
    table = TableFactory(rounds=[TRICKS, HEARTS])
    ledger.delete_round(table.pk, _state(table).rounds[-1].seq)
    ledger.restore_round(table.pk)
    fresh = Table.objects.get(pk=table.pk)
    replayed = ledger.replay(fresh, list(fresh.events.all()))
    assert replayed.sheet.totals == _state(table).sheet.totals
    assert [r.result.entry for r in replayed.rounds] == [TRICKS, HEARTS]
