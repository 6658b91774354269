"""Stored data that a test needs but does not test itself: tables with rounds, circles with players and history.

Built with factory-boy, through the real services and ledger (so every round stored here went through the rules
model's validation, exactly as a typed one does). Tests of the API itself keep going through the API.

    table = TableFactory(game="barbu", players=["Ana", "Bea", "Cid", "Dan"], rounds=BARBU_FOUR)
    group = GroupFactory(name="Les amis", players=["Ana", "Bea"])
    table = GroupTableFactory(group=group, rounds=BARBU_FOUR, ended=True)

``DigitalTableFactory`` makes a table played on Atout (``bots`` seats held by bots; ``pass_play=True``: the human
seats played on the edit link's pass-and-play page, no link of their own) and plays ``moves`` moves on it (each
human seat's first legal action); it sets ``table.seat_tokens`` (``{seat: token}``) too.

``TableFactory`` and ``GroupTableFactory`` set ``table.edit_token`` (the clear token, shown once at creation) on
the instance they return, so a test can act as the phone that created it.
"""

from __future__ import annotations

import factory

from companion.groups import services
from companion.groups.models import Group, GroupPlayer
from companion.tables import digital, ledger
from companion.tables.models import Table

BARBU_PLAYERS = ["Ana", "Bea", "Cid", "Dan"]


def _finish_table(table: Table, rounds, ended: bool, created) -> Table:
    for entry in rounds or ():
        ledger.add_round(table.id, entry)
    if ended:
        ledger.finish(table.id)
    if created is not None:
        Table.objects.filter(pk=table.pk).update(created_at=created)
    token = table.edit_token
    table.refresh_from_db()
    table.edit_token = token
    return table


class _TableDefaults(factory.Factory):
    """What every table factory starts from: a Barbu table at four, default options."""

    class Meta:
        model = Table

    game = "barbu"
    players = factory.LazyFunction(lambda: list(BARBU_PLAYERS))
    options = factory.LazyFunction(dict)


class TableFactory(_TableDefaults):
    """A table created through :func:`ledger.create_table`, then ``rounds`` entered one by one. ``table_id`` gives
    it that id instead of a random one (set before anything refers to it)."""

    rounds = ()
    ended = False
    created = None
    table_id = None

    @classmethod
    def _create(cls, model_class, game, players, options, rounds, ended, created, table_id=None, **kwargs):
        table, token = ledger.create_table(game, list(players), options)
        if table_id is not None:
            Table.objects.filter(pk=table.pk).update(id=table_id)
            table = Table.objects.get(pk=table_id)
        table.edit_token = token
        return _finish_table(table, rounds, ended, created)

    _build = _create


class GroupFactory(factory.Factory):
    """A circle created through :func:`services.create_group` with its players. ``group_id`` gives it that id
    instead of a random one (its players are then added through :func:`services.add_player`)."""

    class Meta:
        model = Group

    name = factory.Sequence(lambda n: f"Cercle {n + 1}")
    players = factory.LazyFunction(lambda: list(BARBU_PLAYERS))
    group_id = None

    @classmethod
    def _create(cls, model_class, name, players, group_id=None, **kwargs):
        if group_id is None:
            return services.create_group(name, list(players))
        group = services.create_group(name, [])
        Group.objects.filter(pk=group.pk).update(id=group_id)
        group = Group.objects.get(pk=group_id)
        for player in players:
            services.add_player(group, player)
        return group

    _build = _create


class GroupPlayerFactory(factory.Factory):
    """A player added to a circle through :func:`services.add_player`."""

    class Meta:
        model = GroupPlayer

    group = factory.SubFactory(GroupFactory)
    name = factory.Sequence(lambda n: f"Joueur {n + 1}")

    @classmethod
    def _create(cls, model_class, group, name, **kwargs):
        return services.add_player(group, name)

    _build = _create


class GroupTableFactory(_TableDefaults):
    """A table played in a circle (:func:`services.create_group_table`), then ``rounds`` entered."""

    group = factory.SubFactory(GroupFactory)
    rounds = ()
    ended = False
    created = None

    @classmethod
    def _create(cls, model_class, group, game, players, options, rounds, ended, created, **kwargs):
        table, token = services.create_group_table(group, game, list(players), options)
        table.edit_token = token
        return _finish_table(table, rounds, ended, created)

    _build = _create


class DigitalTableFactory(_TableDefaults):
    """A digital table (:func:`digital.enable`), then ``moves`` human moves played through :func:`digital.play`.
    With ``pass_play`` ("one phone for all") its human seats are played on the edit link and have no token."""

    bots = factory.LazyFunction(lambda: [3])
    level = "quick"
    moves = 0
    pass_play = False

    @classmethod
    def _create(cls, model_class, game, players, options, bots, level, moves, pass_play=False, **kwargs):
        table, token = ledger.create_table(game, list(players), options)
        tokens = digital.enable(table, list(bots), level, pass_play=pass_play)
        table.refresh_from_db()
        for _ in range(moves):
            view = digital.view(table, None)
            seat = view["waiting_for"]
            if seat is None:
                break
            mine = digital.view(table, seat)
            digital.play(table, seat, mine["legal"][0], mine["action_number"])
        table.refresh_from_db()
        table.edit_token = token
        table.seat_tokens = tokens
        return table

    _build = _create
