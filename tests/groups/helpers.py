"""Groups and tables for the group tests, built with the factories of tests/factories.py (no HTTP)."""

from companion.tables.models import Table
from tests.factories import GroupFactory, GroupTableFactory
from tests.tables.helpers import BARBU_FOUR

# A whole Barbu game at four players; with the players in seat order A, B, C, D the totals are, by hand:
# A 20+10+20+0+20 = 70, B 15+30+0+0+85 = 130, C 25+0+40+80+45 = 190, D 5+25+20+0+140 = 190.
BARBU_GAME = BARBU_FOUR  # the hand-worked game of tests/tables/helpers.py


def make_group(name="Les amis du jeudi", players=("Ana", "Bea", "Cid", "Dan")):
    return GroupFactory(name=name, players=list(players))


def add_table(group, players, entries, game="barbu", options=None, ended=False, created=None) -> Table:
    return GroupTableFactory(group=group, players=list(players), rounds=entries, game=game, options=options or {},
                             ended=ended, created=created)


def bulk_history(group, tables: int, entries=BARBU_GAME, players=("Ana", "Bea", "Cid", "Dan")) -> list[Table]:
    """Many finished Barbu tables at once (bulk inserts), for query counts and volume."""
    from companion.tables.models import Event, new_table_id

    made = [Table(id=new_table_id(), game="barbu", players=list(players), options={"king_stops_play": True,
                  "five_players_removed": "2C-2D", "series": False}, edit_token_hash="x", group=group,
                  version=len(entries)) for _ in range(tables)]
    Table.objects.bulk_create(made)
    Event.objects.bulk_create([Event(table=t, seq=i + 1, kind=Event.ROUND, data=e) for t in made
                               for i, e in enumerate(entries)])
    return made
