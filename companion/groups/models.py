"""A group of friends ("cercle") and its players.

A group is reached only through its unguessable id, like a table. Its tables point to it
(:attr:`companion.tables.models.Table.group`); a table's players stay plain names in seat order, and a
:class:`GroupPlayer` is the one place a name is kept for the whole group: renaming it renames the seat in every
table of the group in the same transaction (:func:`companion.groups.services.rename_player`).
"""

import secrets

from django.db import models

from companion.converters import ROUTE_WORDS
from companion.kernel.names import name_key  # noqa: F401  (the group's key of a name, as the games compare them)


def new_group_id() -> str:
    """22 characters, 128 random bits; never a word of the routes (:data:`companion.converters.ROUTE_WORDS`)."""
    while True:
        candidate = secrets.token_urlsafe(16)
        if candidate not in ROUTE_WORDS:
            return candidate


class Group(models.Model):
    id = models.CharField(primary_key=True, max_length=32, default=new_group_id, editable=False)
    name = models.CharField(max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class GroupPlayer(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=40)
    # name_key(name): unique within the group. Text, not a bounded column: case folding can make a name longer
    # ("ﬃ" folds to "ffi"), up to three times its 40 characters.
    key = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["key"]
        constraints = [models.UniqueConstraint(fields=["group", "key"], name="group_player_unique")]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        self.key = name_key(self.name)
        super().save(*args, **kwargs)


class TableSummary(models.Model):
    """What the group page needs of one table, kept so that a page view replays only the tables that changed.

    A cache, never the record: it is derived by replaying the table's events
    (:func:`companion.groups.history.summarise`) and is good for the table's ``version`` it was made at
    (``Table.version`` counts the table's events, so any new round, correction, deletion or end changes it).
    :func:`companion.groups.history.load_summaries` fills it in bulk when missing or stale. Names are not in
    it: seats are numbers, and names are read from the table (a rename keeps the version).
    """

    FORMAT = 1  # bump when what is stored, or how it is computed, changes: every row is then made again

    table = models.OneToOneField("tables.Table", primary_key=True, on_delete=models.CASCADE, related_name="group_summary")
    version = models.PositiveIntegerField()
    format = models.PositiveSmallIntegerField(default=FORMAT)
    totals = models.JSONField()  # final (or current) total per seat
    ranks = models.JSONField()  # per seat, 1 = best, ties share the better rank
    winners = models.JSONField()  # seats, empty while the game goes on
    finished = models.BooleanField()
    lowest_wins = models.BooleanField()
    rounds = models.PositiveIntegerField()

    def __str__(self) -> str:
        return f"{self.table_id} v{self.version}"

    def is_fresh(self, table) -> bool:
        return self.version == table.version and self.format == self.FORMAT
