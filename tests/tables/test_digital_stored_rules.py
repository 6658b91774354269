"""A digital table replays its stored moves under the rules they were played by: an option added since, whose
default is stricter, takes its ``stored_default`` for a table stored without it (Chasse-cœur's Q♣ on the first
trick, with queens at 13)."""

import pytest

from companion.tables import digital
from companion.tables.models import Move, Table
from tests.factories import DigitalTableFactory

pytestmark = pytest.mark.django_db

PLAYERS = ["Ana", "Bea", "Cid", "Dan"]


def _table_where_the_queen_of_clubs_can_follow():
    """A table whose deal puts the Q♣ and another club with the seat after the 2♣'s (the first seed that does)."""
    for _ in range(60):
        table = DigitalTableFactory(game="chasse-coeur", players=PLAYERS, options={"values": "dames_13"}, bots=[])
        first = digital.view(table, None)["waiting_for"]
        hand = digital.view(table, (first + 1) % 4)["hand"]
        if "QC" in hand and sum(c.endswith("C") for c in hand) >= 2:
            return table, first
        table.delete()
    raise AssertionError("no seed in 60 puts Q♣ and another club after the 2♣")


def test_a_table_stored_before_the_option_replays_a_queen_of_clubs_followed_on_the_first_trick():
    table, first = _table_where_the_queen_of_clubs_can_follow()
    after = (first + 1) % 4
    assert table.options["dame_de_trefle_fournie"] is False  # a new table: the rule document's reading
    digital.play(table, first, "2C", digital.view(table, first)["action_number"])
    mine = digital.view(table, after)
    assert "QC" not in mine["legal"]  # another club is held: the Q♣ may not fall on the first trick
    # The same table as it was stored before the option existed: no key. Its Q♣, followed then, was a legal
    # move, stored as such; the table replays it and the deal goes on.
    options = {k: v for k, v in table.options.items() if k != "dame_de_trefle_fournie"}
    Table.objects.filter(pk=table.pk).update(options=options, version=table.version + 1)
    table.refresh_from_db()
    assert "QC" in digital.view(table, after)["legal"]
    digital.play(table, after, "QC", digital.view(table, after)["action_number"])
    table.refresh_from_db()
    assert digital.view(table, None)["trick"]["cards"] == [[first, "2C"], [after, "QC"]]
    assert list(Move.objects.filter(table=table).values_list("seat", "action")) == [(first, "2C"), (after, "QC")]


def test_cards_passed_stored_one_at_a_time_still_replay_and_the_deal_goes_on():
    # Before the cards passed were a choice taken back before it counts, each card counted at once and was stored
    # as its bare code. A table holding such moves replays them: each seat's three first cards, passed left.
    table = DigitalTableFactory(game="chasse-coeur", players=PLAYERS, options={"passing": "left"}, bots=[])
    passed = {}
    for _ in range(4):
        seat = digital.view(table, None)["waiting_for"]
        passed[seat] = digital.view(table, seat)["hand"][:3]
        for code in passed[seat]:
            digital.play(table, seat, code, digital.view(table, seat)["action_number"])
            table.refresh_from_db()
    assert [a for _s, a in Move.objects.filter(table=table).values_list("seat", "action")][-12:] == [
        c for seat in sorted(passed, key=lambda s: (s - digital.view(table, None)["dealer"] - 1) % 4) for c in passed[seat]]
    # Read again from the stored moves (a new version: nothing cached answers), the passing is over.
    Table.objects.filter(pk=table.pk).update(version=table.version + 1)
    table.refresh_from_db()
    public = digital.view(table, None)
    assert public["phase"] == "play"
    for seat, cards in passed.items():
        mine = digital.view(table, seat)
        assert sorted(mine["passed_cards"]) == sorted(cards) and len(mine["hand"]) == 13
        assert not set(cards) & set(mine["hand"])
